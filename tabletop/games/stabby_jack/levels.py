"""Stabby Jack's computer levels and player models, declared in one place.

Every level plays towards the three win conditions: Beginner with the strong
plan but rough, timid fights and careless stats; Adventurer with the strong
plan and a share of the simple habits (rest when low, fight or train on a
whim); Hero with the strong plan alone. The player models are scripted people
for the ladder (``python -m tabletop.ladder``).
"""

from tabletop.core.i18n import N_
from tabletop.core.skill import level_maker

from .bot import LEVELS as ENGINE_LEVELS
from .models import FAMILY, PlanBot

ENGINES = {**ENGINE_LEVELS, "newcomer": PlanBot}

LEVELS = (N_("Beginner"), N_("Adventurer"), N_("Hero"))  # names and ids: translated where shown
# names older records and settings used
ALIASES = {"easy": "Beginner", "random": "Beginner", "strong": "Hero"}
MODELS = ("newcomer", "decent", "good")
RECIPES = {
    # level: (main player, the player its slips come from, share of slips)
    "Beginner": ("beginner", "random", 0.0),  # its slips are built in (bot.BeginnerBot)
    "Adventurer": ("strong", "easy", 0.6),
    "Hero": ("strong", "easy", 0.0),  # the strong plan without slips (habits stall games towards the round limit)
    "decent": ("strong", "easy", 0.7),
    "good": ("strong", "random", 0.0),
}
make_bot = level_maker("Stabby Jack", ENGINES, RECIPES, FAMILY)
