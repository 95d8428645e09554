"""The Square Ring's computer levels and player models, declared in one place.

Levels mix the searching boxer with the shallow one (which only looks at
its own cards as if the opponent stood still) and with careless random
cards; the player models are scripted people for the ladder.
"""

from functools import partial

from tabletop.core.skill import level_maker

from .bot import SquareRingBot

LEVELS = ("Beginner", "Club boxer", "Contender", "Champion")
# names older records and settings used
ALIASES = {"random": "Beginner", "easy": "Beginner", "strong": "Champion"}
MODELS = ("newcomer", "decent", "good")
ENGINES = {name: partial(SquareRingBot) for name in ("random", "easy", "strong")}
RECIPES = {
    # level: (main player, the player its slips come from, share of slips)
    "Beginner": ("easy", "random", 0.6),
    "Club boxer": ("easy", "random", 0.2),
    "Contender": ("strong", "easy", 0.45),
    "Champion": ("strong", "easy", 0.1),
    "newcomer": ("easy", "random", 0.35),
    "decent": ("strong", "easy", 0.75),
    "good": ("strong", "easy", 0.0),
}
make_bot = level_maker("Square Ring", ENGINES, RECIPES)
