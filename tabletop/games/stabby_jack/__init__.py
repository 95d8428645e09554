"""Stabby Jack: a quick card RPG for 2 to 6 players (pure rules; the table is imported lazily)."""

from pathlib import Path

from tabletop.core.i18n import N_
from tabletop.core.registry import TURNS, GameSpec, LadderSpec, TileSpec, lazy, register

from .levels import ALIASES, LEVELS, MODELS, make_bot
from .models import FAMILY
from .rules import RULES, ended_by_limit

SPEC = register(
    GameSpec(
        id="stabby-jack",
        name=N_("Stabby Jack"),
        rules=RULES,
        min_players=2,
        max_players=6,
        dynamics=TURNS,
        hidden_info=True,
        blurb=N_("Train, fight monsters and dodge Stabby Jack: the first hero strong, lucky and seasoned enough wins."),
        make_bot=make_bot,
        bot_levels=LEVELS,
        level_aliases=ALIASES,
        player_models=MODELS,
        make_table=lazy(__name__ + ".table", "make_table"),
        help_file=str(Path(__file__).with_name("help.md")),
        order=3,
        max_game_length=5_000,
        tile=TileSpec(picture="court:J", colour=(24, 24, 28), length=N_("15 to 30 min")),
        ladder=LadderSpec(games=600, plans=FAMILY),
        tutorial=lazy(__name__ + ".tutorial", "lessons"),
        ended_by_limit=ended_by_limit,
    )
)
