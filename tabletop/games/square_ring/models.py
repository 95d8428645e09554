"""The Square Ring's careful newcomer: a scripted person, independent of the computer levels.

It chases and punches: each exchange it lays the pair that lands the most power on the opponent
if the opponent stood still (a step or turn toward them, then its biggest punch that reaches;
or two punches), and never thinks about being hit. It turns toward the opponent with its
footwork, steps after a Stick-and-Move to where its punches reach, and spends no Burst or React.
The ladder judges Beginner on it (``newcomer``).
"""

from __future__ import annotations

import itertools

from tabletop.core.game import Bot
from tabletop.core.rng import Rng

from .bot import best_turn, threat
from .rules import RULES, Commit, Declare, Footwork, Stick, board, hand
from .rules.content import BOXERS
from .rules.resolve import STEP_CARDS, resolve_moves


class NewcomerBot(Bot):
    def __init__(self, seat: int, level: str = "newcomer", seed: int = 0):
        super().__init__(seat=seat, level=level, seed=seed)
        self.rng = Rng(seed * 2741 + seat + 3)

    def choose(self, view):
        me = self.seat
        if view.phase == "declare":
            return Declare(me, False)
        if view.phase in ("choose", "react"):
            return Commit(me, self._pair(view))
        if view.phase == "footwork":
            return Footwork(me, best_turn(view.pos[me], view.facing[me], view.pos[1 - me]))
        if view.phase == "stick":
            return Stick(me, self._stick(view))
        return RULES.legal_actions(view, me)[0]

    def _after(self, view, card):
        """Where it stands and faces after ``card`` if the opponent stood still."""
        me = self.seat
        if card.kind == "attack":
            return view.pos[me], view.facing[me]
        cards = [None, None]
        cards[me] = card
        pos, facing, _m, _n = resolve_moves(view.pos, view.facing, view.hp, tuple(cards))
        return pos[me], facing[me]

    def _pair(self, view) -> tuple[str, ...]:
        me, op = self.seat, 1 - self.seat
        target = view.pos[op]
        cards = hand(view, me)
        best, best_v = None, -1.0
        for a, b in itertools.permutations(cards, 2):
            sq, facing = self._after(view, a)
            v = (a.power if a.kind == "attack" and threat([a], sq, facing, target) else 0) + (
                threat([b], sq, facing, target) if b.kind == "attack" else 0
            )
            if v == 0 and a.kind != "attack":  # nothing lands: at least close in
                v = 0.5 - 0.1 * _gap(sq, target) - 0.05 * abs(best_turn(sq, facing, target))
            v += 0.01 * self.rng.random()
            if v > best_v:
                best, best_v = (a, b), v
        assert best is not None
        return tuple(c.id for c in best)

    def _stick(self, view):
        me, op = self.seat, 1 - self.seat
        attacks = BOXERS[view.boxers[me]].attacks
        best, best_v = None, threat(attacks, view.pos[me], view.facing[me], view.pos[op])
        for name in (board.STEPS[s] for s in view.entitled[me]):
            cards: list = [None, None]
            cards[me] = STEP_CARDS[board.STEP_INDEX[name]]
            pos, facing, _m, _n = resolve_moves(view.pos, view.facing, view.hp, tuple(cards))
            v = threat(attacks, pos[me], facing[me], pos[op])
            if v > best_v:
                best, best_v = name, v
        return best


def _gap(a: int, b: int) -> int:
    ax, ay = board.xy(a)
    bx, by = board.xy(b)
    return max(abs(ax - bx), abs(ay - by))
