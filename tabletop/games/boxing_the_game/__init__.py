"""Boxing: The Game: a simultaneous card battler (rules, content and computer players)."""

from pathlib import Path

from tabletop.core.i18n import N_
from tabletop.core.registry import SIMULTANEOUS, GameSpec, LadderSpec, TileSpec, lazy, register

from .levels import ALIASES, LEVELS, MODELS, make_bot
from .models import FAMILY
from .rules import RULES

SPEC = register(
    GameSpec(
        id="boxing-the-game",
        name=N_("Boxing: The Game"),
        rules=RULES,
        min_players=2,
        max_players=2,
        dynamics=SIMULTANEOUS,
        hidden_info=True,
        blurb=N_("Plan three secret actions, bid momentum, and out-think your opponent over 12 rounds."),
        make_bot=make_bot,
        bot_levels=LEVELS,
        level_aliases=ALIASES,
        player_models=MODELS,
        make_table=lazy(__name__ + ".table", "make_table"),
        help_file=str(Path(__file__).resolve().parent / "help.md"),
        order=5,
        max_game_length=1_000,
        tile=TileSpec(picture="portrait:4", colour=(132, 62, 184), length=N_("20 to 30 min")),
        ladder=LadderSpec(games=400, plans=FAMILY),
        tutorial=lazy(__name__ + ".tutorial", "lessons"),
    )
)
