"""The Square Ring's computer levels and player models, declared in one place.

Every level is the searching boxer, with its level of skill: how many of the
opponent's likely orders it expects, how rough its judgement of a pair is,
how often it lays a careless pair, and whether it spends Reacts, Bursts and
footwork turns at random. Its errors grow with its boxer's health (and, at
Club boxer, with its hardest punch; see ``SquareRingBot._scale``), so that a
fragile boxer is not the one the mistakes sink and a heavy hitter is not the
one they spare. Champion's slight roughness is the same for every boxer: it
costs most where pairs differ least, so the light-punching Sol no longer
wins 60% of exact play. Every boxer wins 40-60% of its mirror bouts at every level
(``python -m tabletop.games.square_ring.balance``). The player models are
scripted people for the ladder; the newcomer is a model of its own (models.py).
"""

from collections.abc import Callable
from functools import partial

from tabletop.core.game import Bot
from tabletop.core.i18n import N_
from tabletop.core.skill import level_maker

from .bot import SquareRingBot
from .models import FAMILY, PlanBot

LEVELS = (N_("Beginner"), N_("Club boxer"), N_("Contender"), N_("Champion"))  # names and ids: translated where shown
# names older records and settings used
ALIASES = {"random": "Beginner", "easy": "Beginner", "strong": "Champion"}
MODELS = ("newcomer", "decent", "good")
ENGINES: dict[str, Callable[..., Bot]] = {name: partial(SquareRingBot) for name in ("random", "easy", "strong")}
ENGINES["newcomer"] = PlanBot
# each level is the search at its level of skill (a bot answers to its level's name); each beats the one
# below at least 65% on fresh seeds (issue 40; docs/ladder.md: Contender once expected two orders and drew
# level with Champion)
ENGINES.update(
    {
        "Beginner": partial(SquareRingBot, plans=1, noise=16.0, slip=1.0, power=0.5),
        "Club boxer": partial(SquareRingBot, plans=1, noise=16.0, slip=0.6, power=1.0, punch=1.0),
        "Contender": partial(SquareRingBot, plans=1, noise=16.0, slip=0.3),
        # a touch of rough judgement, the same for every boxer (issue 40: Sol won 60.2% of exact play)
        "Champion": partial(SquareRingBot, noise=1.5, power=0.0),
    }
)
RECIPES = {
    # player model: (main player, the player its slips come from, share of slips)
    "decent": ("strong", "easy", 0.75),
    "good": ("strong", "easy", 0.0),
}
make_bot = level_maker("Square Ring", ENGINES, RECIPES, FAMILY)
