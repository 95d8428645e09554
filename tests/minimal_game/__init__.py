"""Ten Count: the least a game may be (issue 36). Only the contract's required fields: no computer
players, no help page, no lessons, no events, no summary. The two seats take turns adding 1, 2
or 3 to a count; whoever says ten wins. ``tests/test_minimal_game.py`` loads it and shows it gets
exactly the features its spec declares; the README suite passes with it in ``TABLETOP_GAMES``."""

from tabletop.core.registry import TURNS, GameSpec, TileSpec, lazy, register

from .rules import RULES

SPEC = register(
    GameSpec(
        id="ten-count",
        name="Ten Count",
        blurb="Add one, two or three in turn: whoever says ten wins.",
        rules=RULES,
        min_players=2,
        max_players=2,
        dynamics=TURNS,
        hidden_info=False,
        make_table=lazy(__name__ + ".table", "make_table"),
        order=7,
        tile=TileSpec(picture="rest", colour=(60, 110, 160), length="about 1 min"),
        max_game_length=10,
    )
)
