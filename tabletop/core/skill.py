"""Pieces shared by the games' computer levels and player models.

A level is usually a sound player that slips now and then: ``Blend`` asks
its ``main`` player for each choice, except that with probability ``slip``
it takes the ``other`` player's choice instead (a careless or hasty move).
Both players see the same view; the coin is the blend's own seeded Rng, so
a game with the same seeds plays the same way again.
"""

from __future__ import annotations

from collections.abc import Callable
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


def level_maker(game: str, engines: dict, recipes: dict) -> MakeBot:
    """A game's ``make_bot(seat, level, seed)``.

    ``engines`` maps an engine name ("random", "easy", "strong", ...) to a
    callable taking (seat=, level=, seed=) and giving a Bot; ``recipes`` maps each level and player
    model name to (main engine, other engine, slip) as for ``blend``."""

    def make_engine(seat: int, name: str, seed: int) -> Bot:
        return engines[name](seat=seat, level=name, seed=seed)

    def make_bot(seat: int, level: str = "strong", seed: int = 0) -> Bot:
        if level in engines:
            return make_engine(seat, level, seed)
        if level in recipes:
            main, other, slip = recipes[level]
            return blend(seat, level, seed, make_engine, main, other, slip)
        known = ", ".join(list(recipes) + list(engines))
        raise ValueError(f"unknown {game} computer level {level!r} (known: {known})")

    return make_bot
