"""JAB: Realtime Boxing (game id "jab").

Pure: ``rules/`` (the reducer in ``rules/__init__.py``; content from
``data/content.json``, state, actions, queries, play, scoring, setup, hands:
the table geometry and the hand model) and ``bot.py`` (the computer player,
headless play and a fast random driver). The pygame table (``table/``) is
imported only when the app opens the game.
"""

from pathlib import Path

from tabletop.core.registry import REALTIME, Button, GameSpec, LadderSpec, TileSpec, lazy, register

from .bot import ALIASES, LEVELS, MODELS, random_game_count
from .models import ladder_pairs, ladder_targets
from .moment import late_round
from .players import JAB_REALTIME, headless_play, make_bot
from .rules import RULES
from .rules.content import COLOURS


def _ladder_pairs(quick: bool = False) -> list[tuple[str, str]]:
    return ladder_pairs(LEVELS, quick)


def _ladder_targets(rows: dict) -> list[dict]:
    return ladder_targets(LEVELS, rows)


# the claims: one button each, in every control scheme (the hands, jump and ready are the engine's)
CLAIMS = (
    Button(
        "claim_combo",
        "Real time: claim a combo",
        {"keys-left": ("z",), "keys-right": ("m",), "keyboard": ("z", "m"), "mouse": ("1",), "gamepad": ("a",)},
    ),
    Button(
        "claim_counter",
        "Real time: claim a counter",
        {"keys-left": ("x",), "keys-right": (",",), "keyboard": ("x", ","), "mouse": ("2",), "gamepad": ("b",)},
    ),
    Button(
        "claim_tile",
        "Real time: claim knockout / clinch",
        {"keys-left": ("v",), "keys-right": (".",), "keyboard": ("v", "."), "mouse": ("3",), "gamepad": ("x",)},
    ),
    Button(
        "claim_ding",
        "Real time: claim Ding!",
        {"keys-left": ("b",), "keys-right": ("/",), "keyboard": ("b", "/"), "mouse": ("4",), "gamepad": ("y",)},
    ),
)

SPEC = register(
    GameSpec(
        id="jab",
        name="JAB: Realtime Boxing",
        rules=RULES,
        min_players=2,
        max_players=2,
        dynamics=REALTIME,
        hidden_info=False,
        blurb="Real-time card boxing: punch, block, combo and counter with both hands at once.",
        make_bot=make_bot,
        bot_levels=LEVELS,
        level_aliases=ALIASES,
        player_models=MODELS,
        make_table=lazy(__name__ + ".table", "make_table"),
        help_file=str(Path(__file__).with_name("help.md")),
        headless_play=headless_play,
        order=1,
        max_game_length=10_000,
        tile=TileSpec(picture="glove:hook", colour=(42, 98, 204), length="about 10 min"),
        # the ladder plays JAB's levels against a grid of scripted people (models.py)
        ladder=LadderSpec(games=50, pairs=_ladder_pairs, targets=_ladder_targets),
        tutorial=lazy(__name__ + ".tutorial", "lessons"),
        reserved_names=dict.fromkeys(COLOURS, "a card colour"),  # "Blue's blue Jab" would not say who did what
        random_game=random_game_count,
        realtime=JAB_REALTIME,
        buttons=CLAIMS,
        bench_moment=late_round,
    )
)
