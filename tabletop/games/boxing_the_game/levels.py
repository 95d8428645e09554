"""Boxing: The Game's computer levels and player models, declared in one place.

Levels mix the planning player (strong.py) with the shallow one (easy.py)
and with careless random plans; the player models are scripted people for
the ladder (``python -m tabletop.ladder --game boxing-the-game``).
"""

from tabletop.core.game import Bot
from tabletop.core.skill import blend, level_maker

from .bots import make_bot as _engine

LEVELS = ("Beginner", "Club boxer", "Contender")
# names older records and settings used
ALIASES = {"random": "Beginner", "easy": "Beginner", "strong": "Contender"}
MODELS = ("newcomer", "decent", "good")


def _engine_named(name):
    return lambda seat, level, seed: _engine(seat, name, seed)


class PlansFrom(Bot):
    """Plans as ``planner`` does; every other choice (boxer, stance, prize) as ``habits`` does."""

    def __init__(self, seat: int, level: str, seed: int, planner: Bot, habits: Bot):
        super().__init__(seat=seat, level=level, seed=seed)
        self.planner, self.habits = planner, habits

    def choose(self, view):
        return (self.planner if view.phase == "plan" else self.habits).choose(view)


def _beginner(seat, level, seed):
    """Thinks one plan in five through; picks, stances and prizes by the shallow habits (taking the
    biggest prize it can afford is what beats careless play most, without making it a planner)."""
    planner = blend(seat, level, seed * 2 + 1, _engine, "strong", "easy", 0.8)
    return PlansFrom(seat, level, seed, planner, _engine(seat, "easy", seed * 2 + 2))


ENGINES = {name: _engine_named(name) for name in ("random", "easy", "strong")}
ENGINES["Beginner"] = _beginner
RECIPES = {
    # level: (main player, the player its slips come from, share of slips)
    "Club boxer": ("strong", "easy", 0.35),
    "Contender": ("strong", "easy", 0.0),
    # newcomer: the shallow habits (fast cards, small bids, the biggest prize), thinking a plan through now and then
    "newcomer": ("strong", "easy", 0.7),
    "decent": ("strong", "easy", 0.65),
    "good": ("strong", "easy", 0.0),
}
make_bot = level_maker("Boxing: The Game", ENGINES, RECIPES)
