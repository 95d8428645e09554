"""Punch!'s player models that are plans (strategies from the game's main decisions), independent
of the computer levels, and the careful newcomer among them.

A plan counts no cards. It leads with a punch (its strongest, its weakest or any); while the other
boxer may still throw a Punch 3 (``wary_when="threes-left"``; or ``"always"``) it expects one
``wary`` of the time and dodges (or blocks, ``defend``) instead; it rests with a Do Nothing when its
stamina is below ``rest_below`` (and, with no punch in hand, whenever hurt). It keeps every hand,
exchanges nothing, drafts an even spread and programs its cards in the order it would play them.

The careful newcomer (the ladder's ``newcomer``) plays its strongest punch and dodges a quarter of
the time while Punch 3s may come. ``python -m tabletop.ladder --exploit punch LEVEL`` searches the
family (``FAMILY``) for the plan that beats a level most.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.skill import Family, PlanPlayer

from .rules.actions import Commit, Draft, Exchange, KeepHand, Program, Ready
from .rules.resolve import CODES, MAX_STAMINA, NK, TOTALS, S
from .rules.state import PPR

P1, P2, P3, NOTHING, BLOCK, DODGE = range(NK)


@dataclass(frozen=True)
class Plan:
    lead: str = "strongest"  # strongest | weakest | any
    wary: float = 0.25  # how often it expects a Punch 3 ...
    wary_when: str = "threes-left"  # ... while one may still come, or always
    defend: str = "dodge"  # what it expects a big punch with: dodge | block
    rest_below: int = 0  # rests when its stamina is below this

    def words(self) -> str:
        lead = {"strongest": "its strongest punch", "weakest": "its weakest punch", "any": "any punch"}[self.lead]
        when = "while Punch 3s may still come" if self.wary_when == "threes-left" else "at any time"
        wary = f"{self.defend}s {round(100 * self.wary)}% of the time {when}" if self.wary else "never defends first"
        rest = f"rests below {self.rest_below} stamina" if self.rest_below else "rests only with no punch in hand"
        return f"plays {lead}; {wary}; {rest}"


class PlanBot(PlanPlayer):
    PLAN = Plan
    SEED = (6007, 11)
    plan: Plan

    def choose(self, view):
        me = self.seat
        ph = view.phase
        if ph in ("break", "match_over"):
            return Ready(me)
        if ph == "redeal":
            return KeepHand(me)
        if ph == "exchange":
            return Exchange(me, ())
        if ph == "draft":
            left = [view.decks[me].count(k) for k in range(NK)]
            pick = [0] * NK
            while sum(pick) < PPR:
                k = max((k for k in range(NK) if pick[k] < left[k]), key=lambda k: left[k] - pick[k])
                pick[k] += 1
            return Draft(me, tuple(CODES[k] for k in range(NK) for _ in range(pick[k])))
        hand = list(view.hands[me])
        if ph == "program":
            row = []
            for _ in range(S["robo_box_program"]):
                k = self._pick(view, hand)
                hand[k] -= 1
                row.append(CODES[k])
            return Program(me, tuple(row))
        return Commit(me, CODES[self._pick(view, hand)])

    def _pick(self, view, hand) -> int:
        me, op = self.seat, 1 - self.seat
        p = self.plan
        threes_left = p.wary_when == "always" or view.played[op][P3] < TOTALS[P3]
        if threes_left and p.wary and self.rng.random() < p.wary:
            for k in (DODGE, BLOCK) if p.defend == "dodge" else (BLOCK, DODGE):
                if hand[k]:
                    return k
        if hand[NOTHING] and view.stamina[me] < p.rest_below:
            return NOTHING
        punches = [k for k in (P3, P2, P1) if hand[k]]
        if punches:
            if p.lead == "strongest":
                return punches[0]
            if p.lead == "weakest":
                return punches[-1]
            return punches[self.rng.randrange(len(punches))]
        order = (NOTHING, DODGE, BLOCK) if view.stamina[me] < MAX_STAMINA else (DODGE, BLOCK, NOTHING)
        return next(k for k in order if hand[k])


CHOICES = {
    "lead": ("strongest", "weakest", "any"),
    "wary": (0.0, 0.1, 0.25, 0.4, 0.6),
    "wary_when": ("threes-left", "always"),
    "defend": ("dodge", "block"),
    "rest_below": (0, 4, 7, 10),
}


FAMILY = Family(Plan, CHOICES, PlanBot)
