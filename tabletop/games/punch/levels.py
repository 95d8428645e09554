"""Punch!'s computer levels and player models, declared in one place.

Levels (easiest first) are the card-counting player with a share of careless
plays, and at the top the reader (it also works out what a careful counter
would play and learns how often this opponent does) now and then; the player
models are scripted people for the ladder (``python -m tabletop.ladder --game punch``).
"""

from tabletop.core.i18n import N_
from tabletop.core.skill import level_maker

from .bot import LEVELS as ENGINE_LEVELS
from .models import FAMILY, PlanBot

ENGINES = {**ENGINE_LEVELS, "newcomer": PlanBot}

LEVELS = (N_("Beginner"), N_("Sparring partner"), N_("Contender"))  # N_: the engine shows them translated
# names older records and settings used
ALIASES = {"easy": "Beginner", "random": "Beginner", "normal": "Sparring partner", "strong": "Contender"}
MODELS = ("newcomer", "decent", "good")
RECIPES = {
    # level: (main player, the player its slips come from, share of slips)
    "Beginner": ("strong", "timid", 0.85),
    "Sparring partner": ("strong", "reader", 0.05),
    "Contender": ("strong", "reader", 0.16),
    "decent": ("strong", "random", 0.6),
    "good": ("strong", "random", 0.0),
}
make_bot = level_maker("Punch!", ENGINES, RECIPES, FAMILY)
