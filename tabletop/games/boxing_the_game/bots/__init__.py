"""Computer players for Boxing: The Game. They see only ``view_for(state, seat)``.

- "random": any legal choice (base.py, with the seeded base every bot shares).
- "easy": plays its fastest cards with small bids, takes the biggest prize (easy.py).
- "strong": searches over its plans against sampled opponent hands (strong.py).
"""

from __future__ import annotations

from tabletop.core.game import Bot

from .base import RandomBot
from .easy import EasyBot
from .strong import StrongBot


def make_bot(seat: int, level: str = "strong", seed: int = 0) -> Bot:
    if level == "random":
        return RandomBot(seat, level, seed)
    if level == "easy":
        return EasyBot(seat, level, seed)
    if level == "strong":
        return StrongBot(seat, level, seed)
    raise ValueError(f"unknown computer level {level!r} (random, easy, strong)")
