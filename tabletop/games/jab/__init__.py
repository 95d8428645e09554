"""JAB: Realtime Boxing (game id "jab").

Pure: ``rules/`` (the reducer in ``rules/__init__.py``; content from
``data/content.json``, state, actions, queries, play, scoring, setup, hands:
the table geometry and the hand model) and ``bot.py`` (the computer player,
headless play and a fast random driver). The pygame table (``table/``) is
imported only when the app opens the game.
"""

from pathlib import Path

from tabletop.core.registry import REALTIME, GameSpec, register

from .bot import ALIASES, LEVELS, MODELS, random_game_count
from .models import ladder_pairs, ladder_targets
from .players import JAB_REALTIME, headless_play, make_bot
from .rules import RULES


def _lessons():
    from .tutorial import lessons

    return lessons()


def _table(*a, **k):
    from .table import make_table

    return make_table(*a, **k)


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
        make_table=_table,
        help_file=str(Path(__file__).with_name("help.md")),
        headless_play=headless_play,
        extra={
            "order": 1,
            "tutorial": _lessons,
            "random_game": random_game_count,
            "realtime": JAB_REALTIME,  # the round clock, the tick and the hands (core/realtime.py)
            # the ladder plays JAB's levels against a grid of scripted people (models.py)
            "ladder_pairs": lambda quick=False: ladder_pairs(LEVELS, quick),
            "ladder_targets": lambda rows: ladder_targets(LEVELS, rows),
        },
    )
)
