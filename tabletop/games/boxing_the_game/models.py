"""Boxing: The Game's player models that are plans (strategies from the game's main decisions),
independent of the computer levels, and the careful newcomer among them.

A plan never thinks about what the opponent may play. It picks three cards (``order``: its best
punches by what they score, an Uppercut first, then a Hook or Cross, then a Jab, a block or feint
only to fill the row; or its fastest cards; or any three), puts the best of them in the last slot
(where a landed punch counts three times) or the first (``best``), bids ``bid`` tokens on that
slot when it has three or more, keeps its stance, takes the first character board it is dealt and
for a prize takes (``prize``) a Judge when it can afford one (three of them win), else the fastest
punch, else the most momentum; or the fastest punch first; or the most momentum.

The careful newcomer (the ladder's ``newcomer``; Beginner is judged on it) plays its best punches,
the best last with one token on it, and takes a Judge when it can.
``python -m tabletop.ladder --exploit boxing-the-game LEVEL`` searches the family (``FAMILY``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.skill import Family, PlanPlayer

from .rules import PickCharacter, Stance, TakePrize
from .rules import Plan as PlanAction
from .rules.content import CARDS
from .rules.flow import affordable_slots

WORTH = {"uppercut": 3.0, "hook": 2.0, "cross": 2.0, "jab": 1.0}


@dataclass(frozen=True)
class Plan:
    order: str = "punches"  # punches | fastest | any
    best: str = "last"  # last | first
    bid: int = 1
    prize: str = "judge"  # judge | punch | momentum

    def words(self) -> str:
        order = {"punches": "its best punches", "fastest": "its fastest cards", "any": "any three cards"}[self.order]
        prize = {
            "judge": "a Judge when it can afford one, else the fastest punch",
            "punch": "the fastest punch",
            "momentum": "the most momentum",
        }[self.prize]
        return f"plays {order}, the best {self.best} with {self.bid} token(s) on it; takes {prize}"


class PlanBot(PlanPlayer):
    PLAN = Plan
    SEED = (4049, 7)
    plan: Plan

    def _worth(self, card_id: int) -> float:
        card = CARDS[card_id]
        if self.plan.order == "fastest":
            return card.speed + 0.1 * self.rng.random()
        if self.plan.order == "any":
            return self.rng.random()
        return WORTH.get(card.move or "", 0.0) + 0.01 * card.speed

    def choose(self, view):
        me = view.players[self.seat]
        p = self.plan
        if view.phase == "pick":
            return PickCharacter(self.seat, me.dealt[0])
        if view.phase == "plan":
            cards = sorted(me.hand, key=self._worth)[-3:]  # best last
            slot = 2 if p.best == "last" else 0
            if p.best == "first":
                cards.reverse()
            bids = [0, 0, 0]
            if me.momentum >= 3:
                bids[slot] = min(p.bid, me.momentum)
            return PlanAction(self.seat, tuple(cards), (bids[0], bids[1], bids[2]))
        if view.phase == "reveal":
            return Stance(self.seat, False, False)
        slots = affordable_slots(view, self.seat)
        prizes = [CARDS[view.prizes[i]] for i in slots]

        def appeal(i: int) -> tuple:
            c = prizes[i]
            punch = c.speed if c.is_punch else 0
            if p.prize == "judge":
                return (c.judge, punch, c.momentum)
            if p.prize == "punch":
                return (punch, c.momentum)
            return (c.momentum, punch)

        return TakePrize(self.seat, slots[max(range(len(slots)), key=appeal)])


CHOICES = {
    "order": ("punches", "fastest", "any"),
    "best": ("last", "first"),
    "bid": (0, 1, 2, 3),
    "prize": ("judge", "punch", "momentum"),
}


FAMILY = Family(Plan, CHOICES, PlanBot)
