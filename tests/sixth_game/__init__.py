"""Glove Duel: a tiny sixth game kept outside the program's folder (hook, jab, uppercut; first to
three points). It proves that a game is a folder: the tests register it at run time with
``registry.add_package("tests.sixth_game")`` and play it through every screen, and no engine
file names it."""

from pathlib import Path

from tabletop.core.registry import TURNS, GameSpec, LadderSpec, TileSpec, lazy, register

from .bot import ALIASES, LEVELS, MODELS, make_bot
from .rules import RULES

SPEC = register(
    GameSpec(
        id="glove-duel",
        name="Glove Duel",
        rules=RULES,
        min_players=2,
        max_players=2,
        dynamics=TURNS,
        hidden_info=True,
        blurb="Hook beats jab, jab beats uppercut, uppercut beats hook: first to three points wins.",
        make_bot=make_bot,
        bot_levels=LEVELS,
        level_aliases=ALIASES,
        player_models=MODELS,
        make_table=lazy(__name__ + ".table", "make_table"),
        help_file=str(Path(__file__).with_name("help.md")),
        order=6,
        max_game_length=500,
        tile=TileSpec(picture=lazy(__name__ + ".table", "draw_tile"), colour=(200, 120, 30), length="about 2 min"),
        ladder=LadderSpec(games=20),
        tutorial=lazy(__name__ + ".tutorial", "lessons"),
    )
)
