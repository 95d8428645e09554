"""Scripted people for measuring the JAB levels (the ladder's grid); never offered as opponents.

A grid model is a plain person: it reacts ``reaction_ms`` after something new (a fresh top card
after its last placement, a punch it could block, a claim that opened), notices a block chance
with ``block`` attention and a claim (combo, counter-punch, knockout, clinch) with ``claim``
attention, works one hand at a time or both at once, and moves its hands at the top speed. It
punches a random target of the opponent's boxer and blocks the most valuable punch it noticed.
It never calls Ding!. Its name says it all: ``"m500-b95-c95-1h"`` reacts in 500 ms, notices 95%
of blocks and 95% of claims, one hand.

Two more: ``"punch-only"`` (one hand, a card every 1.0 to 1.5 s, never blocks or claims) and
``"random-fast"`` (both hands at the top speed, any legal place, a random claim now and then).
They play through the same hands, speed limit and buttons as the computer (``JabBot``).
"""

from __future__ import annotations

import re

from .bot import JabBot
from .rules import content as C
from .rules.actions import Claim
from .rules.hands import RECTS, SIDES, Grab, MoveTo, Press, Release, deck_name, inside, target_name
from .rules.queries import can_block, claim_refusal, counter_open, placement_refusal

REACTIONS = (300, 500, 800, 1200)
ATTENTIONS = (0, 50, 95)
HANDS = (1, 2)
PUNCH_ONLY = "punch-only"
RANDOM_FAST = "random-fast"
_NAME = re.compile(r"m(\d+)-b(\d+)-c(\d+)-([12])h")


def grid_name(reaction_ms: int, block: int, claim: int, hands: int) -> str:
    return f"m{reaction_ms}-b{block}-c{claim}-{hands}h"


def grid(quick: bool = False) -> list[str]:
    """Every grid model's name, plus the punch-only and the fast random player. ``quick``: the
    corners that decide the targets (fastest and slowest reactions, no or full attention)."""
    reactions, attentions = ((300, 500, 1200), (0, 95)) if quick else (REACTIONS, ATTENTIONS)
    names = [grid_name(r, b, c, h) for r in reactions for b in attentions for c in attentions for h in HANDS]
    return [*names, PUNCH_ONLY, RANDOM_FAST]


def parse(name: str) -> dict | None:
    """The model's settings from its name, or None when it names no model."""
    if name == PUNCH_ONLY:
        return {"reaction_ms": 1000, "block": 0.0, "claim": 0.0, "hands": 1, "card_ms": (1000, 1500)}
    if name == RANDOM_FAST:
        return {"reaction_ms": 0, "block": 1.0, "claim": 0.0, "hands": 2, "random": True}
    m = _NAME.fullmatch(name)
    if m is None:
        return None
    r, b, c, h = (int(x) for x in m.groups())
    if not (0 <= b <= 100 and 0 <= c <= 100):
        return None
    return {"reaction_ms": r, "block": b / 100, "claim": c / 100, "hands": h}


def is_model(name: str) -> bool:
    return parse(name) is not None


class GridModel(JabBot):
    """A scripted person (see the module docstring); ``intents`` as ``JabBot``."""

    def __init__(self, seat: int, name: str, seed: int = 0):
        cfg = parse(name)
        if cfg is None:
            raise ValueError(f"no JAB player model is called {name!r}")
        super().__init__(seat, "newcomer", seed)
        self.level = name
        self.reaction = cfg["reaction_ms"]
        self.attend_block, self.attend_claim = cfg["block"], cfg["claim"]
        self.two_hands = cfg["hands"] == 2
        self.card_ms = cfg.get("card_ms")
        self.is_random = cfg.get("random", False)
        self.ready_at = [0, 0]  # per hand: no take before this time
        self.last_take = -(10**9)
        self.aim: list = [None, None]  # per hand: target chosen when the card was taken

    def delay(self) -> int:
        """A moment's reaction: the typical one, up to a quarter slower."""
        return 0 if self.is_random else int(self.reaction * (1 + 0.25 * self.rng.random()))

    def notice(self, key, t, sure: bool = False, rate: float = 1.0) -> bool:
        got = self.seen.get(key)
        if got is None:
            got = self.seen[key] = (t + self.delay(), sure or self.rng.random() < rate)
        return got[1] and t >= got[0]

    def intents(self, view, hands, t: int) -> list:
        me = self.seat
        if view.round != self.round:
            self.round, self.seen = view.round, {}
            self.ready_at, self.aim, self.last_take = [0, 0], [None, None], -(10**9)
        off = self.off_play(view, t)
        if off is not None:
            return off
        if t < view.go_at:
            for h in (0, 1):
                self.ready_at[h] = view.go_at + self.delay()
            return [MoveTo(me, h, *RECTS[deck_name(me, h)][:2]) for h in (0, 1)]
        out: list = []
        if self._claim(view, t, out):
            return out
        busy = [view.held[me * 2 + h] is not None for h in (0, 1)]
        for h in (0, 1):
            if busy[h]:
                self._carry_card(view, hands, t, h, out)
            elif self.two_hands or not any(busy):
                if not self.two_hands and h != self._hand_to_use(view, t):
                    continue
                if self._take(view, hands, t, h, out):
                    busy[h] = True
        return out

    # -- claims ----------------------------------------------------------------
    def _claim(self, view, t, out) -> bool:
        me = self.seat
        if t < view.lockout[me]:
            return False
        if self.is_random:
            if self.rng.random() < 0.01:
                what = ("combo", "counter", "knockout", "clinch", "ding")[self.rng.randrange(5)]
                out.append(Press(Claim(me, what, t)))
                return True
            return False
        for what in ("knockout", "clinch", "counter", "combo"):
            if what == "counter":
                shut = not view.counter or not counter_open(view, C.COUNTERS[view.counter[-1]][1])
            else:
                shut = claim_refusal(view, me, what) is not None
            if shut:  # a chance that opens again is seen anew, a reaction later
                self.seen.pop(("open", what), None)
                continue
            key = (what, {"combo": len(view.combo), "counter": len(view.counter)}.get(what, view.health))
            if not (self.notice(key, t, rate=self.attend_claim) and self.notice(("open", what), t, True)):
                continue
            if what == "counter" and claim_refusal(view, me, "counter") is not None:
                for h in (0, 1):  # let go of what it holds first, then claim
                    if view.held[me * 2 + h] is not None:
                        out.append(Release(me, h))
                return bool(out)
            out.append(Press(Claim(me, what, t)))
            return True
        return False

    # -- cards -------------------------------------------------------------------
    def _blocks(self, view, t) -> list[tuple[float, int, int]]:
        """(worth, pile index, punch) of the opponent's punches on this boxer it has noticed."""
        me = self.seat
        out = []
        for i in range(3):
            pile = view.piles[me * 3 + i]
            if pile and C.owner(pile[-1]) != me:
                top = pile[-1]
                if self.notice(("block", i, top), t, rate=self.attend_block):
                    worth = 3 if C.ctype(top) == C.HAYMAKER else C.value(top)
                    out.append((worth, i, top))
        return sorted(out, reverse=True)

    def _hand_to_use(self, view, t) -> int:
        """One hand at a time: the deck whose top blocks something it noticed, else turn about."""
        me = self.seat
        tops = [view.decks[me * 2 + h][-1] if view.decks[me * 2 + h] else None for h in (0, 1)]
        for _, _, punch in self._blocks(view, t):
            for h, top in enumerate(tops):
                if top is not None and can_block(punch, top):
                    return h
        h = self.next_hand
        return h if tops[h] is not None else 1 - h

    def _take(self, view, hands, t, h, out) -> bool:
        me = self.seat
        deck = view.decks[me * 2 + h]
        if not deck:
            return False
        name = deck_name(me, h)
        if not inside(name, *hands.at(me, h)):
            out.append(MoveTo(me, h, *RECTS[name][:2]))
            return False
        if t < self.ready_at[h] or (self.card_ms and t < self.last_take + self.card_ms[0]):
            return False
        out.append(Grab(me, h))
        self.next_hand, self.last_take = 1 - h, t
        self.aim[h] = self._aim(view, t, h, deck[-1])
        return True

    def _aim(self, view, t, h, card) -> str:
        me, opp = self.seat, 1 - self.seat
        if self.is_random:
            ok = [n for n in (target_name(b, i) for b in (0, 1) for i in range(3))]
            ok = [n for n in ok if not n.startswith(f"p{me}.") or self._may_block(view, n, card)]
            return ok[self.rng.randrange(len(ok))]
        other = self.aim[1 - h]
        for _, i, punch in self._blocks(view, t):
            if can_block(punch, card) and other != target_name(me, i):
                return target_name(me, i)
        return target_name(opp, self.rng.randrange(3))

    def _may_block(self, view, name, card) -> bool:
        pile = view.piles[int(name[1]) * 3 + ("left", "head", "right").index(name[3:])]
        return bool(pile) and C.owner(pile[-1]) != self.seat and can_block(pile[-1], card)

    def _carry_card(self, view, hands, t, h, out) -> None:
        me = self.seat
        side = SIDES[h]
        aim = self.aim[h]
        if aim is None or placement_refusal(view, me, side, aim) is not None:
            aim = self.aim[h] = target_name(1 - me, self.rng.randrange(3))
        if inside(aim, *hands.at(me, h)) and placement_refusal(view, me, side, aim, t) is None:
            out.append(Release(me, h))
            self.aim[h] = None
            if self.card_ms:
                lo, hi = self.card_ms
                self.ready_at[h] = self.last_take + lo + int((hi - lo) * self.rng.random())
            else:
                self.ready_at[h] = t + self.delay()
        else:
            out.append(MoveTo(me, h, *RECTS[aim][:2]))


# -- the ladder ----------------------------------------------------------------------


def ladder_pairs(levels, quick: bool = False) -> list[tuple[str, str]]:
    """(level, opponent) pairs of JAB's ladder: every level against the whole grid, then each
    level against the one below. ``quick``: only the pairs the targets are judged on, on the
    grid's corners (reactions 300, 500 and 1,200 ms; attention none or full)."""
    low, top = levels[0], levels[-1]
    steps = [(upper, lower) for lower, upper in zip(levels, levels[1:], strict=False)]
    if not quick:
        return [(level, m) for level in levels for m in grid()] + steps
    names = grid(quick=True)
    champion = [m for m in names if _one_handed_from(m, 500)] + [grid_name(300, 95, 95, 2), RANDOM_FAST]
    beginner = [m for m in names if _claims_all(m)] + [PUNCH_ONLY, RANDOM_FAST]
    return [(top, m) for m in champion] + [(low, m) for m in beginner] + steps


def _one_handed_from(name: str, reaction_ms: int) -> bool:
    cfg = parse(name) if _NAME.fullmatch(name) else None
    return cfg is not None and cfg["hands"] == 1 and cfg["reaction_ms"] >= reaction_ms


def _claims_all(name: str) -> bool:
    """Claims what the practice aid lights up (claim attention 95%) and reacts in 1,200 ms or less."""
    cfg = parse(name) if _NAME.fullmatch(name) else None
    return cfg is not None and cfg["claim"] >= 0.95 and cfg["reaction_ms"] <= 1200


def ladder_targets(levels, rows: dict) -> list[dict]:
    """Issue 29's targets, each judged at its worst case among the pairs played: a dict with the
    target, the worst pair, which rate it reads ("win_rate" or "loss_rate"), the figure and ok.
    ``rows``: (level, opponent) -> the ladder's row for that pair."""
    low, top = levels[0], levels[-1]
    out = []

    def judge(what, pairs, rate, at_least):
        played = [p for p in pairs if p in rows]
        if not played:
            return
        worst = min(played, key=lambda p: rows[p][rate])
        figure = rows[worst][rate]
        out.append({"target": what, "worst": list(worst), "rate": rate, "figure": figure, "ok": figure >= at_least})

    models = {b for _, b in rows}
    judge(
        f"{top} beats every one-handed model reacting in 500 ms or slower >= 70%",
        [(top, m) for m in models if _one_handed_from(m, 500)],
        "win_rate",
        0.7,
    )
    judge(
        f"{top} loses to the two-handed 300 ms model with 95% attention >= 20%",
        [(top, grid_name(300, 95, 95, 2))],
        "loss_rate",
        0.2,
    )
    judge(
        f"{low} loses to every model reacting in 1,200 ms or less that claims what the practice aid lights up >= 50%",
        [(low, m) for m in models if _claims_all(m)],
        "loss_rate",
        0.5,
    )
    judge(f"{low} loses to a punch-only player (1.0-1.5 s a card) >= 30%", [(low, PUNCH_ONLY)], "loss_rate", 0.3)
    judge(
        "each level beats the one below >= 65%",
        [(upper, lower) for lower, upper in zip(levels, levels[1:], strict=False)],
        "win_rate",
        0.65,
    )
    return out
