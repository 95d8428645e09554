"""Stabby Jack's player models that are plans (strategies from the game's main decisions),
independent of the computer levels, and the careful newcomer among them.

A plan plays from the stats it sees, counting no cards: it levels up while its row is shorter than
``row`` stats or when it has XP to spare beyond the 10 a win needs; rests when its HP is down to
``rest_at``; fights once its better attack (spades or diamonds) reaches ``fight_at``, and otherwise
trains. It trains by replacing its lowest card (never one that would kill it), takes a level-up
card only when it beats its lowest, shields from Stabby Jack (``shield``: only when the stab would
kill, always, never) and swaps with an Ace for the biggest card it can take.

The careful newcomer (the ladder's ``newcomer``; the Beginner is judged on it) fights from 9,
levels up to six stats, rests at 1 HP and shields only from a lethal stab.
``python -m tabletop.ladder --exploit stabby-jack LEVEL`` searches the family (``FAMILY``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.skill import Family, PlanPlayer

from .rules import RULES, Declare, Decline, LevelUp, Replace, Shield, Swap, TakeHit
from .rules.content import CONTENT
from .rules.state import ACE, DECLARE, JACK, PLACE, TRAIN, hp, max_hp, suit_total, xp_value


@dataclass(frozen=True)
class Plan:
    fight_at: int = 9  # the attack it fights with
    row: int = 6  # stats it levels up to
    rest_at: int = 1  # rests when hurt and its HP is this or less
    shield: str = "lethal"  # lethal | always | never

    def words(self) -> str:
        shield = {"lethal": "only from a lethal stab", "always": "always", "never": "never"}[self.shield]
        return (
            f"fights once its attack reaches {self.fight_at}, else trains; levels up to {self.row} stats; "
            f"rests at {self.rest_at} HP; shields from Stabby Jack {shield}"
        )


class PlanBot(PlanPlayer):
    PLAN = Plan
    SEED = (3571, 5)
    plan: Plan

    def choose(self, view):
        me = self.seat
        p = view.players[me]
        legal = RULES.legal_actions(view, me)
        if view.phase == DECLARE:
            ups = [a for a in legal if isinstance(a, LevelUp)]
            spare = xp_value(p.xp) - CONTENT.level_cost >= CONTENT.win_xp
            if ups and (len(p.stats) < self.plan.row or spare):
                return ups[0]
            if p.damage and hp(p) <= self.plan.rest_at:
                return Declare(me, "rest")
            attack = max(suit_total(p.stats, "S"), suit_total(p.stats, "D"))
            return Declare(me, "fight" if attack >= self.plan.fight_at else "train")
        if view.phase in (TRAIN, PLACE):
            order = sorted(range(len(p.stats)), key=lambda i: (p.stats[i].rank, self.rng.random()))
            lowest = order[0]
            if view.phase == PLACE and view.drawn.rank <= p.stats[lowest].rank:
                return Decline(me)
            for i in order:
                row = p.stats[:i] + (view.drawn,) + p.stats[i + 1 :]
                if max_hp(row) - p.damage > 0:
                    return Replace(me, i)
            return Replace(me, lowest)
        if view.phase == JACK:
            shields = [a for a in legal if isinstance(a, Shield)]
            lethal = hp(p) <= CONTENT.jack_damage
            want = self.plan.shield == "always" or (self.plan.shield == "lethal" and lethal)
            return shields[0] if shields and want else TakeHit(me)
        if view.phase == ACE:

            def gain(a: Swap) -> float:
                return view.players[a.other].stats[a.other_stat].rank - p.stats[a.stat].rank + 0.01 * self.rng.random()

            return max(legal, key=gain)
        return legal[0]


CHOICES = {
    "fight_at": (5, 7, 9, 11, 13, 15),
    "row": (4, 5, 6, 7, 8),
    "rest_at": (1, 2, 3),
    "shield": ("lethal", "always", "never"),
}


FAMILY = Family(Plan, CHOICES, PlanBot)
