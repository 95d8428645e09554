"""The "easy" computer player: sensible but shallow.

Simple greed: it plays the three cards that score most when they land
(punches before blocks and feints, the faster of equals, now and then a
hunch), the best of them last where a landed punch counts most, bids one
token on that one when it has momentum to spare, keeps its stance and takes
the prize with the biggest printed momentum it can afford. It does not think
about what the opponent may play.
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
            cards = tuple(sorted(me.hand, key=lambda c: _greed(c) + 0.3 * rng.random())[-3:])
            bids = [0, 0, 0]
            if me.momentum >= 3 and CARDS[cards[2]].is_punch:
                bids[2] = 1
            return Plan(self.seat, cards, tuple(bids))
        if view.phase == "reveal":
            return Stance(self.seat, False, False)
        slots = affordable_slots(view, self.seat)
        best = max(abs(CARDS[view.prizes[i]].momentum) for i in slots)
        return TakePrize(self.seat, rng.choice([i for i in slots if abs(CARDS[view.prizes[i]].momentum) == best]))


def _greed(card_id: int) -> float:
    """How much a card looks worth to a player who only thinks of landing it: a punch's points
    (a Jab 1, the others 2), blocks and feints a little, a faster card a little more."""
    card = CARDS[card_id]
    points = (1 if card.move == "jab" else 2) if card.is_punch else 0.6
    return points + 0.05 * card.speed
