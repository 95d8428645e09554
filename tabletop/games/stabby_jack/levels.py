"""Stabby Jack's computer levels and player models, declared in one place.

Beginner plays the card-counting plan (bot.py) but rough, with timid fights and careless stats;
Adventurer plays that plan with a share of the simple habits (rest when low, fight or train on a
whim); Hero looks one card ahead over a learned chance to win (hero.py). The player models are
scripted people for the ladder (``python -m tabletop.ladder``): the careful newcomer (models.py),
and the card-counting plan with many habits (decent) or none (good).
"""

from tabletop.core.i18n import N_
from tabletop.core.skill import level_maker

from .bot import LEVELS as ENGINE_LEVELS
from .hero import HeroBot
from .models import FAMILY, PlanBot

ENGINES = {**ENGINE_LEVELS, "hero": HeroBot, "newcomer": PlanBot}

LEVELS = (N_("Beginner"), N_("Adventurer"), N_("Hero"))  # names and ids: translated where shown
# names older records and settings used
ALIASES = {"easy": "Beginner", "random": "Beginner", "strong": "Hero"}
MODELS = ("newcomer", "decent", "good")
RECIPES = {
    # level: (main player, the player its slips come from, share of slips)
    "Beginner": ("beginner", "random", 0.0),  # its slips are built in (bot.BeginnerBot)
    "Adventurer": ("strong", "easy", 0.6),
    "Hero": ("hero", "easy", 0.0),  # the lookahead (hero.py), without slips
    "decent": ("strong", "easy", 0.7),
    "good": ("strong", "random", 0.0),
}
make_bot = level_maker("Stabby Jack", ENGINES, RECIPES, FAMILY)
