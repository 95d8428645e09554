"""The "easy" computer player: sensible but shallow.

It plays a random three of its cards, bids one token on a punch when it has
momentum to spare, keeps its stance and takes the prize with the biggest
printed momentum it can afford.
"""

from __future__ import annotations

from ..rules import PickCharacter, Plan, Stance, TakePrize
from ..rules.content import CARDS
from ..rules.flow import affordable_slots
from .base import SeededBot


class EasyBot(SeededBot):
    def choose(self, view):
        me = view.players[self.seat]
        rng = self.rng
        if view.phase == "pick":
            return PickCharacter(self.seat, rng.choice(me.dealt))
        if view.phase == "plan":
            hand = list(me.hand)
            rng.shuffle(hand)
            cards = tuple(hand[:3])
            bids = [0, 0, 0]
            if me.momentum >= 3:
                punches = [k for k, c in enumerate(cards) if CARDS[c].is_punch]
                if punches:
                    bids[rng.choice(punches)] = 1
            return Plan(self.seat, cards, tuple(bids))
        if view.phase == "reveal":
            return Stance(self.seat, False, False)
        slots = affordable_slots(view, self.seat)
        best = max(abs(CARDS[view.prizes[i]].momentum) for i in slots)
        return TakePrize(self.seat, rng.choice([i for i in slots if abs(CARDS[view.prizes[i]].momentum) == best]))
