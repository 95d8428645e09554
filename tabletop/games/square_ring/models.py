"""The Square Ring's player models that are plans (strategies from the game's main decisions),
independent of the computer levels, and the careful newcomer among them.

A plan chases and punches: each exchange it lays the pair that lands the most power on the
opponent if the opponent stood still (a step or turn, then its biggest punch that reaches; or two
punches), closing in when nothing lands (``close_in``). ``dodge`` of the time it first steps out of
where the opponent's punches reach now, then punches. It turns toward the opponent with its
footwork and steps after a Stick-and-Move to where its punches reach. ``react`` and ``burst``:
never, or when the boxers stand within two squares (a Burst adds its biggest remaining punch).

The careful newcomer (the ladder's ``newcomer``; Beginner is judged on it) chases and punches,
closes in, never dodges first and spends no Burst or React.
``python -m tabletop.ladder --exploit square-ring LEVEL`` searches the family (``FAMILY``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from tabletop.core.skill import Family, PlanPlayer

from .bot import best_turn, threat
from .rules import RULES, Commit, Declare, Footwork, Stick, board, hand, max_cards
from .rules.content import BOXERS
from .rules.resolve import STEP_CARDS, resolve_moves


@dataclass(frozen=True)
class Plan:
    close_in: bool = True
    dodge: float = 0.0
    react: str = "never"  # never | close
    burst: str = "never"  # never | close

    def words(self) -> str:
        parts = ["lays the pair that lands most if the opponent stood still"]
        parts.append("closes in when nothing lands" if self.close_in else "stays put when nothing lands")
        if self.dodge:
            parts.append(f"{round(100 * self.dodge)}% of the time steps out of reach first")
        for what, when in (("Reacts", self.react), ("Bursts", self.burst)):
            parts.append(f"spends {what} when close" if when == "close" else f"never spends {what}")
        return "; ".join(parts)


class PlanBot(PlanPlayer):
    PLAN = Plan
    SEED = (2741, 3)
    plan: Plan

    def choose(self, view):
        me = self.seat
        if view.phase == "declare":
            return Declare(me, self.plan.react == "close" and view.reacts[me] > 0 and self._close(view))
        if view.phase in ("choose", "react"):
            return Commit(me, self._cards(view))
        if view.phase == "footwork":
            return Footwork(me, best_turn(view.pos[me], view.facing[me], view.pos[1 - me]))
        if view.phase == "stick":
            return Stick(me, self._stick(view))
        return RULES.legal_actions(view, me)[0]

    def _close(self, view) -> bool:
        return _gap(view.pos[0], view.pos[1]) <= 2

    def _after(self, view, card):
        """Where it stands and faces after ``card`` if the opponent stood still."""
        me = self.seat
        if card.kind == "attack":
            return view.pos[me], view.facing[me]
        cards = [None, None]
        cards[me] = card
        pos, facing, _m, _n = resolve_moves(view.pos, view.facing, view.hp, tuple(cards))
        return pos[me], facing[me]

    def _cards(self, view) -> tuple[str, ...]:
        me = self.seat
        cards = hand(view, me)
        dodging = self.plan.dodge and self.rng.random() < self.plan.dodge
        best = (dodging and self._pair(view, cards, True)) or self._pair(view, cards, False)
        assert best  # every hand holds two cards
        chosen = list(best)
        if self.plan.burst == "close" and max_cards(view, me) == 3 and self._close(view):
            rest = [c for c in cards if c not in chosen and c.kind == "attack"]
            if rest:
                chosen.append(max(rest, key=lambda c: c.power))
        return tuple(c.id for c in chosen)

    def _pair(self, view, cards, dodging: bool):
        """The ordered pair that lands most if the opponent stood still (``dodging``: only pairs whose
        first card steps out of where the opponent's punches reach now), or None."""
        op = 1 - self.seat
        target = view.pos[op]
        theirs = BOXERS[view.boxers[op]].attacks
        best, best_v = None, -1.0
        for a, b in itertools.permutations(cards, 2):
            sq, facing = self._after(view, a)
            if dodging and (a.kind == "attack" or threat(theirs, view.pos[op], view.facing[op], sq)):
                continue
            v = (a.power if a.kind == "attack" and threat([a], sq, facing, target) else 0) + (
                threat([b], sq, facing, target) if b.kind == "attack" else 0
            )
            if v == 0 and a.kind != "attack" and self.plan.close_in:  # nothing lands: at least close in
                v = 0.5 - 0.1 * _gap(sq, target) - 0.05 * abs(best_turn(sq, facing, target))
            v += 0.01 * self.rng.random()
            if v > best_v:
                best, best_v = (a, b), v
        return best

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


CHOICES = {
    "close_in": (True, False),
    "dodge": (0.0, 0.25, 0.5, 0.75),
    "react": ("never", "close"),
    "burst": ("never", "close"),
}


FAMILY = Family(Plan, CHOICES, PlanBot)
