"""Boxing: The Game's computer levels and player models, declared in one place.

Levels mix the planning player (strong.py) with the greedy, shallow one
(easy.py); the player models are scripted people for the ladder
(``python -m tabletop.ladder --game boxing-the-game``).
"""

from tabletop.core.i18n import N_
from tabletop.core.skill import level_maker

from .bots import make_bot as _engine
from .models import FAMILY, PlanBot

LEVELS = (N_("Beginner"), N_("Club boxer"), N_("Contender"))  # N_: the engine shows them translated
# names older records and settings used
ALIASES = {"random": "Beginner", "easy": "Beginner", "strong": "Contender"}
MODELS = ("newcomer", "decent", "good")


def _engine_named(name):
    return lambda seat, level, seed: _engine(seat, name, seed)


ENGINES = {name: _engine_named(name) for name in ("random", "easy", "strong")}
ENGINES["newcomer"] = PlanBot
RECIPES = {
    # level: (main player, the player its slips come from, share of slips)
    "Beginner": ("easy", "random", 0.6),  # greedy and shallow, and six plays in ten at random
    "Club boxer": ("strong", "easy", 0.45),
    "Contender": ("strong", "easy", 0.0),
    "decent": ("strong", "easy", 0.65),
    "good": ("strong", "easy", 0.0),
}
make_bot = level_maker("Boxing: The Game", ENGINES, RECIPES, FAMILY)
