"""Glove Duel's computer players: a guesser and a reader, and blends of them for the levels."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.game import Bot
from tabletop.core.rng import Rng

from .rules import BEATS, THROWS, Throw

LEVELS = ("Beginner", "Reader")
MODELS = ("newcomer", "decent", "good")
ALIASES = {"easy": "Beginner", "strong": "Reader"}
# level or model -> the share of throws the reader makes (the rest are guesses); never all of them:
# two readers who always read would mirror each other for ever
READS = {"Beginner": 0.0, "random": 0.0, "Reader": 0.8, "newcomer": 0.2, "decent": 0.5, "good": 0.9}


@dataclass
class DuelBot(Bot):
    reads: float = 0.0

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed * 7919 + self.seat)

    def choose(self, view) -> Throw:
        guess = THROWS[self.rng.next_u64() % len(THROWS)]
        if self.rng.next_u64() % 1000 >= self.reads * 1000:
            return Throw(self.seat, guess)
        theirs = [e.throws[1 - self.seat] for e in view.log]
        if not theirs:
            return Throw(self.seat, guess)
        likely = max(THROWS, key=lambda t: (theirs.count(t), t == theirs[-1]))
        return Throw(self.seat, next(t for t in THROWS if BEATS[t] == likely))


def make_bot(seat: int, level: str = "Reader", seed: int = 0) -> DuelBot:
    level = ALIASES.get(level, level)
    if level not in READS:
        raise ValueError(f"Glove Duel has no computer level {level!r}")
    return DuelBot(seat=seat, level=level, seed=seed, reads=READS[level])
