"""Pieces shared by the games' computer levels and player models.

A level is usually a sound player that slips now and then: ``Blend`` asks
its ``main`` player for each choice, except that with probability ``slip``
it takes the ``other`` player's choice instead (a careless or hasty move).
Both players see the same view; the coin is the blend's own seeded Rng, so
a game with the same seeds plays the same way again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.game import Bot
from tabletop.core.rng import Rng

MakeBot = Callable[..., Bot]  # (seat, level, seed) -> Bot

# The names of the scripted people every game provides (see each game's help).
PLAYER_MODELS = ("newcomer", "decent", "good")


class Blend(Bot):
    def __init__(self, seat: int, level: str, seed: int, main: Bot, other: Bot, slip: float):
        super().__init__(seat=seat, level=level, seed=seed)
        self.main, self.other, self.slip = main, other, slip
        self.coin = Rng(seed * 104729 + 7)

    def choose(self, view: Any) -> Action:
        if self.slip > 0 and self.coin.random() < self.slip:
            return self.other.choose(view)
        return self.main.choose(view)


def blend(seat: int, level: str, seed: int, make: MakeBot, main: str, other: str, slip: float) -> Bot:
    """A Blend of two of a game's players, each made by ``make(seat, name, seed)``."""
    if slip <= 0:
        return make(seat, main, seed)
    return Blend(seat, level, seed, make(seat, main, seed * 2 + 1), make(seat, other, seed * 2 + 2), slip)


def level_maker(game: str, engines: dict, recipes: dict, family: Family | None = None) -> MakeBot:
    """A game's ``make_bot(seat, level, seed)``.

    ``engines`` maps an engine name ("random", "easy", "strong", ...) to a
    callable taking (seat=, level=, seed=) and giving a Bot; ``recipes`` maps each level and player
    model name to (main engine, other engine, slip) as for ``blend``; ``family``: the game's player
    models that are plans, made from their names."""

    def make_engine(seat: int, name: str, seed: int) -> Bot:
        return engines[name](seat=seat, level=name, seed=seed)

    def make_bot(seat: int, level: str = "strong", seed: int = 0) -> Bot:
        if level in engines:
            return make_engine(seat, level, seed)
        if level in recipes:
            main, other, slip = recipes[level]
            return blend(seat, level, seed, make_engine, main, other, slip)
        if family is not None:
            plan = family.parse(level)
            if plan is not None:
                return family.make(seat, plan, seed)
        known = ", ".join(list(recipes) + list(engines))
        raise ValueError(f"unknown {game} computer level {level!r} (known: {known})")

    return make_bot


class PlanPlayer(Bot):
    """A player model that follows a plan of its game's ``Family`` (by default the plan's defaults: the
    game's careful newcomer), with its own seeded Rng (``seed * SEED[0] + seat + SEED[1]``)."""

    PLAN: type = object
    SEED = (7919, 1)

    def __init__(self, seat: int, level: str = "newcomer", seed: int = 0, plan: Any = None) -> None:
        super().__init__(seat=seat, level=level, seed=seed)
        self.plan = plan if plan is not None else self.PLAN()
        self.rng = Rng(seed * self.SEED[0] + seat + self.SEED[1])


class Family:
    """A family of player models that are plans (strategies), for the ladder's exploit search.

    ``plan`` is a frozen dataclass whose every field takes one of ``choices[field]``; a plan's name,
    ``"plan:field=value,..."``, is what ``make_bot`` receives as the level. ``player`` is the game's
    ``PlanPlayer`` that follows a plan."""

    PREFIX = "plan:"

    def __init__(self, plan: type, choices: dict[str, tuple], player: type[PlanPlayer]) -> None:
        self.plan, self.choices, self.player = plan, choices, player
        self.known: tuple = (plan(),)  # plans the search always tries: the plan's defaults (the newcomer)
        self.pace = "with no pace limit, seeing only its seat's view"

    def make(self, seat: int, plan: Any, seed: int) -> Bot:
        return self.player(seat, self.name(plan), seed, plan)

    def name(self, plan: Any) -> str:
        return self.PREFIX + ",".join(f"{k}={getattr(plan, k)}" for k in self.choices)

    def parse(self, name: str) -> Any:
        """The plan a name stands for, or None."""
        if not name.startswith(self.PREFIX):
            return None
        got = {}
        for part in name[len(self.PREFIX) :].split(","):
            key, _, text = part.partition("=")
            ok = {str(v): v for v in self.choices.get(key, ())}
            if text not in ok:
                return None
            got[key] = ok[text]
        return self.plan(**got) if set(got) == set(self.choices) else None

    def random(self, rng: Rng) -> Any:
        return self.plan(**{k: v[rng.randrange(len(v))] for k, v in self.choices.items()})

    def nearby(self, rng: Rng, plan: Any) -> Any:
        """The plan with one choice changed."""
        keys = list(self.choices)
        key = keys[rng.randrange(len(keys))]
        values = self.choices[key]
        return replace(plan, **{key: values[rng.randrange(len(values))]})
