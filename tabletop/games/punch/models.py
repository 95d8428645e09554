"""Punch!'s careful newcomer: a scripted person, independent of the computer levels.

It knows the cards but counts nothing. It plays its strongest punch; while the
other boxer may still throw a Punch 3 (fewer than all of them shown this match)
it expects one a quarter of the time and dodges (or blocks) instead. With no
punch in hand it rests when hurt, otherwise dodges or blocks. It keeps every
hand, exchanges nothing, drafts an even spread and programs its cards in the
same order it would play them. The ladder judges Beginner on it (``newcomer``).
"""

from __future__ import annotations

from tabletop.core.game import Bot
from tabletop.core.rng import Rng

from .rules.actions import Commit, Draft, Exchange, KeepHand, Program, Ready
from .rules.resolve import CODES, MAX_STAMINA, NK, TOTALS, S
from .rules.state import PPR

P1, P2, P3, NOTHING, BLOCK, DODGE = range(NK)
WARY = 0.25  # how often it expects the other boxer's Punch 3 while one may still come


class NewcomerBot(Bot):
    def __init__(self, seat: int, level: str = "newcomer", seed: int = 0):
        super().__init__(seat=seat, level=level, seed=seed)
        self.rng = Rng(seed * 6007 + seat + 11)

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
        threes_left = view.played[op][P3] < TOTALS[P3]
        if threes_left and self.rng.random() < WARY:
            for k in (DODGE, BLOCK):
                if hand[k]:
                    return k
        for k in (P3, P2, P1):
            if hand[k]:
                return k
        order = (NOTHING, DODGE, BLOCK) if view.stamina[me] < MAX_STAMINA else (DODGE, BLOCK, NOTHING)
        return next(k for k in order if hand[k])
