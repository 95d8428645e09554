"""Boxing: The Game's careful newcomer: a scripted person, independent of the computer levels.

It plays to land punches: its three best punches by what they score (an Uppercut first, then a
Hook or Cross, then a Jab; a block or a feint only to fill the row), the best one in the last
slot where a landed punch counts three times, and one token of momentum on that slot when it has
three or more. It keeps its stance, takes the first character board it is dealt, and for a prize
takes a Judge when it can afford one (three of them win), otherwise the fastest punch, otherwise
the most momentum. It never thinks about what the opponent may play. The ladder judges Beginner
on it (``newcomer``).
"""

from __future__ import annotations

from tabletop.core.game import Bot

from .rules import PickCharacter, Plan, Stance, TakePrize
from .rules.content import CARDS
from .rules.flow import affordable_slots

WORTH = {"uppercut": 3.0, "hook": 2.0, "cross": 2.0, "jab": 1.0}


def _worth(card_id: int) -> float:
    card = CARDS[card_id]
    return WORTH.get(card.move or "", 0.0) + 0.01 * card.speed


class NewcomerBot(Bot):
    def choose(self, view):
        me = view.players[self.seat]
        if view.phase == "pick":
            return PickCharacter(self.seat, me.dealt[0])
        if view.phase == "plan":
            cards = tuple(sorted(me.hand, key=_worth)[-3:])
            bids = (0, 0, 1) if me.momentum >= 3 else (0, 0, 0)
            return Plan(self.seat, cards, bids)
        if view.phase == "reveal":
            return Stance(self.seat, False, False)
        slots = affordable_slots(view, self.seat)
        prizes = [CARDS[view.prizes[i]] for i in slots]

        def appeal(i: int) -> tuple:
            c = prizes[i]
            return (c.judge, c.is_punch and c.speed, c.momentum)

        return TakePrize(self.seat, slots[max(range(len(slots)), key=appeal)])
