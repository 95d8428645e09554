"""What every Boxing: The Game bot shares (its own seeded generator, random bids), and the "random"
player: any legal choice."""

from __future__ import annotations

from tabletop.core.game import Bot
from tabletop.core.rng import Rng

from ..rules import RULES, PickCharacter, Plan, TakePrize
from ..rules.flow import affordable_slots


def random_bids(rng: Rng, momentum: int) -> tuple[int, int, int]:
    bids = [0, 0, 0]
    for _ in range(rng.randrange(momentum + 1)):
        bids[rng.randrange(3)] += 1
    return bids[0], bids[1], bids[2]


class SeededBot(Bot):
    """A bot with its own generator, made from its seed on first use."""

    @property
    def rng(self) -> Rng:
        if "rng" not in self.memory:
            self.memory["rng"] = Rng(self.seed)
        return self.memory["rng"]


class RandomBot(SeededBot):
    def choose(self, view):
        me = view.players[self.seat]
        if view.phase == "pick":
            return PickCharacter(self.seat, self.rng.choice(me.dealt))
        if view.phase == "plan":
            hand = list(me.hand)
            self.rng.shuffle(hand)
            return Plan(self.seat, tuple(hand[:3]), random_bids(self.rng, me.momentum))
        if view.phase == "reveal":
            return self.rng.choice(RULES.legal_actions(view, self.seat))
        return TakePrize(self.seat, self.rng.choice(affordable_slots(view, self.seat)))
