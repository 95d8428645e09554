"""Punch!: a two-boxer card game of secret simultaneous plays."""

from pathlib import Path

from tabletop.core.i18n import N_
from tabletop.core.registry import SIMULTANEOUS, GameSpec, LadderSpec, TileSpec, lazy, register

from .levels import ALIASES, LEVELS, MODELS, make_bot
from .models import FAMILY
from .rules import RULES

SPEC = register(
    GameSpec(
        id="punch",
        name=N_("Punch!"),
        rules=RULES,
        min_players=2,
        max_players=2,
        dynamics=SIMULTANEOUS,
        hidden_info=True,
        blurb=N_("Lay a card face down, reveal together: punch, block, dodge or rest."),
        make_bot=make_bot,
        bot_levels=LEVELS,
        level_aliases=ALIASES,
        player_models=MODELS,
        make_table=lazy(__name__ + ".table", "make_table"),
        help_file=str(Path(__file__).with_name("help.md")),
        order=2,
        max_game_length=5_000,
        tile=TileSpec(picture="glove:cross", colour=(190, 40, 40), length=N_("about 10 min")),
        ladder=LadderSpec(games=500, plans=FAMILY),
        tutorial=lazy(__name__ + ".tutorial", "lessons"),
    )
)
