"""The Square Ring: a 5x5 ring, secret ordered cards, simultaneous reveals."""

from pathlib import Path

from tabletop.core.i18n import N_
from tabletop.core.registry import SIMULTANEOUS, GameSpec, LadderSpec, TileSpec, lazy, register

from .describe import option_details
from .levels import ALIASES, LEVELS, MODELS, make_bot
from .models import FAMILY
from .rules import RULES

SPEC = register(
    GameSpec(
        id="square-ring",
        name=N_("The Square Ring"),
        rules=RULES,
        min_players=2,
        max_players=2,
        dynamics=SIMULTANEOUS,
        hidden_info=True,
        blurb=N_("Step, turn and punch on a 5x5 ring: pick your cards in secret, reveal them together."),
        make_bot=make_bot,
        bot_levels=LEVELS,
        level_aliases=ALIASES,
        player_models=MODELS,
        make_table=lazy(__name__ + ".table", "make_table"),
        help_file=str(Path(__file__).resolve().parent / "help.md"),
        order=4,
        max_game_length=1_000,
        tile=TileSpec(picture="portrait:2", colour=(30, 142, 66), length=N_("about 15 min")),
        ladder=LadderSpec(games=80, plans=FAMILY),
        tutorial=lazy(__name__ + ".tutorial", "lessons"),
        option_details=option_details,
    )
)
