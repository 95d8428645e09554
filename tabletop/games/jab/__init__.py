"""JAB: Realtime Boxing (game id "jab").

Pure: ``rules/`` (the reducer in ``rules/__init__.py``; content from
``data/content.json``, state, actions, queries, play, scoring, setup, hands:
the table geometry and the hand model) and ``bot.py`` (the computer player,
headless play and a fast random driver). The pygame table (``table/``) is
imported only when the app opens the game.
"""

from pathlib import Path

from tabletop.core.i18n import N_
from tabletop.core.registry import REALTIME, Button, GameSpec, LadderSpec, TileSpec, lazy, register

from .bot import ALIASES, LEVELS, MODELS, random_game_count
from .models import FAMILY, ladder_pairs, ladder_targets
from .moment import late_round
from .players import JAB_REALTIME, headless_play, make_bot
from .rules import RULES
from .rules.content import COLOURS


def _ladder_pairs(quick: bool = False) -> list[tuple[str, str]]:
    return ladder_pairs(LEVELS, quick)


def _ladder_targets(rows: dict) -> list[dict]:
    return ladder_targets(LEVELS, rows)


# the claims: one button each, in every control scheme (the hands, jump and ready are the engine's):
# (claim, label, left half of the keyboard, right half, with the mouse, gamepad, and the left half's key
# in the layout before issue 18, which a settings file may still hold); the texts the engine shows are
# marked N_ here and said in the player's language by the engine (through this game's catalogue)
CLAIM_KEYS = (
    ("combo", N_("Real time: claim a combo"), "z", "m", "1", "a", "z"),
    ("counter", N_("Real time: claim a counter"), "x", ",", "2", "b", "x"),
    ("tile", N_("Real time: claim knockout / clinch"), "v", ".", "3", "x", "c"),
    ("ding", N_("Real time: claim Ding!"), "b", "/", "4", "y", "v"),
)
CLAIMS = tuple(
    Button(
        f"claim_{claim}",
        label,
        {"keys-left": (left,), "keys-right": (right,), "keyboard": (left, right), "mouse": (mouse,), "gamepad": (pad,)},
        was={"keys-left": (old,), "keys-right": (right,), "keyboard": (old, right), "gamepad": (pad,)},
    )
    for claim, label, left, right, mouse, pad, old in CLAIM_KEYS
)

SPEC = register(
    GameSpec(
        id="jab",
        name=N_("JAB: Realtime Boxing"),
        rules=RULES,
        min_players=2,
        max_players=2,
        dynamics=REALTIME,
        hidden_info=False,
        blurb=N_("Real-time card boxing: punch, block, combo and counter with both hands at once."),
        make_bot=make_bot,
        bot_levels=LEVELS,
        level_aliases=ALIASES,
        player_models=MODELS,
        make_table=lazy(__name__ + ".table", "make_table"),
        help_file=str(Path(__file__).with_name("help.md")),
        headless_play=headless_play,
        order=1,
        max_game_length=10_000,
        tile=TileSpec(picture="glove:hook", colour=(42, 98, 204), length=N_("about 10 min")),
        # the ladder plays JAB's levels against a grid of scripted people (models.py)
        ladder=LadderSpec(games=50, pairs=_ladder_pairs, targets=_ladder_targets, plans=FAMILY),
        tutorial=lazy(__name__ + ".tutorial", "lessons"),
        reserved_names=dict.fromkeys(COLOURS, N_("a card colour")),  # "Blue's blue Jab" would not say who did what
        random_game=random_game_count,
        realtime=JAB_REALTIME,
        buttons=CLAIMS,
        bench_moment=late_round,
    )
)
