"""Scripted people for measuring the JAB levels (the ladder's grid); never offered as opponents.

A grid model is a plain person: it reacts ``reaction_ms`` after something new (a fresh top card
after its last placement, a punch it could block, a claim that opened), notices a block chance
with ``block`` attention and a claim (combo, counter-punch, knockout, clinch) with ``claim``
attention, works one hand at a time or both at once, and moves its hands at the top speed. It
punches a random target of the opponent's boxer and blocks the most valuable punch it noticed.
It never calls Ding!, and like the computer no hand of it acts within 250 ms of its last action.
Its name says it all: ``"m500-b95-c95-1h"`` reacts in 500 ms, notices 95%
of blocks and 95% of claims, one hand.

Two more: ``"punch-only"`` (one hand, a card every 1.0 to 1.5 s, never blocks or claims) and
``"random-fast"`` (both hands at the top speed, any legal place, a random claim now and then).
They play through the same hands, speed limit and buttons as the computer (``JabBot``).

Beyond the grid, a model is a *plan* (``Plan``): a strategy, not only a speed. Targeting (a random
target, spread by what each pile already scores, the weakest pile, and whether it finishes a combo
one punch short and staggers its own Haymakers), blocking (never, Haymakers only, or by value with a
threshold), which claims it makes and with what attention, one hand or two, and its reaction. The
grid models are the plans with random targeting; ``"steady"`` is the steady one-handed player of
issue 40; ``tabletop.ladder --exploit jab LEVEL`` searches the plans for the best one against a level.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .bot import NEVER, JabBot
from .rules import content as C
from .rules.actions import Claim
from .rules.hands import RECTS, SIDES, Grab, MoveTo, Press, Release, deck_name, inside, target_name
from .rules.queries import can_block, claim_refusal, counter_open, placement_refusal
from .rules.scoring import pile_score

REACTIONS = (300, 500, 800, 1200)
ATTENTIONS = (0, 50, 95)
HANDS = (1, 2)
PUNCH_ONLY = "punch-only"
RANDOM_FAST = "random-fast"
STEADY = "steady"
_NAME = re.compile(r"m(\d+)-b(\d+)-c(\d+)-([12])h")

TARGETING = ("random", "spread", "weakest")
BLOCKING = ("never", "haymakers", "value")
CLAIM_KINDS = ("combo", "counter", "knockout", "clinch")
_PLAN = re.compile(
    r"plan-r(\d+)-([12])h-(random|spread|weakest)(\+combo)?(\+stagger)?"
    r"-b(never|haymakers|value[12])at(\d+)-c((?:combo|counter|knockout|clinch|\.)+)at(\d+)"
)


@dataclass(frozen=True)
class Plan:
    """A person's strategy at the JAB table (see the module docstring)."""

    reaction_ms: int = 500
    hands: int = 1
    target: str = "random"  # one of TARGETING
    combos: bool = False  # places the one punch type the current combo still misses
    stagger: bool = False  # puts a punch on its own Haymaker of the same colour
    block: str = "value"  # one of BLOCKING
    threshold: int = 2  # "value": blocks punches worth this or more, smaller ones only with a card worth less
    block_attention: float = 0.95
    claims: tuple[str, ...] = CLAIM_KINDS  # the kinds of claim it makes at all
    claim_attention: float = 0.95

    def name(self) -> str:
        how = self.target + ("+combo" if self.combos else "") + ("+stagger" if self.stagger else "")
        block = f"value{self.threshold}" if self.block == "value" else self.block
        kinds = ".".join(self.claims) or "."
        return (
            f"plan-r{self.reaction_ms}-{self.hands}h-{how}-b{block}at{round(100 * self.block_attention)}"
            f"-c{kinds}at{round(100 * self.claim_attention)}"
        )

    def words(self) -> str:
        """The plan as a person would describe it."""
        aim = {
            "random": "punches a random target",
            "spread": "spreads its punches by what each pile already scores",
            "weakest": "punches the pile that scores least",
        }[self.target]
        extras = [w for w, on in (("finishes a combo one punch short", self.combos), ("staggers", self.stagger)) if on]
        if self.block == "never":
            block = "never blocks"
        elif self.block == "haymakers":
            block = f"blocks only Haymakers (notices {round(100 * self.block_attention)}%)"
        else:
            small = "1-point punches only with a card worth 0-1" if self.threshold == 2 else "every punch"
            block = f"blocks Haymakers and 2-point punches, {small} (notices {round(100 * self.block_attention)}%)"
        claims = (
            f"claims {', '.join(self.claims)} (notices {round(100 * self.claim_attention)}%)"
            if self.claims
            else "makes no claims"
        )
        hands = "one hand at a time" if self.hands == 1 else "both hands at once"
        parts = [f"reacts in {self.reaction_ms} ms, {hands}", aim, *extras, block, claims]
        return "; ".join(parts)


STEADY_PLAN = Plan(500, 1, "spread", True, True, "value", 2, 1.0, CLAIM_KINDS, 0.9)
# the careful newcomer (the ladder's "newcomer"): slow, one hand, punches the pile that scores least,
# blocks only Haymakers, and claims combos and counter-punches when it notices them
NEWCOMER = "newcomer"
NEWCOMER_PLAN = Plan(1000, 1, "weakest", False, False, "haymakers", 2, 0.8, ("combo", "counter"), 0.5)


def plan_of(name: str) -> Plan | None:
    """The plan a model name stands for (grid names are plans with random targeting), or None."""
    if name == STEADY:
        return STEADY_PLAN
    if name == NEWCOMER:
        return NEWCOMER_PLAN
    m = _NAME.fullmatch(name)
    if m is not None:
        r, b, c, h = (int(x) for x in m.groups())
        if b > 100 or c > 100:
            return None
        return Plan(r, h, "random", block="value", threshold=0, block_attention=b / 100, claim_attention=c / 100)
    m = _PLAN.fullmatch(name)
    if m is None:
        return None
    ms, hands, target, combo, stagger, block, ba, kinds, ca = m.groups()
    threshold = int(block[-1]) if block.startswith("value") else 2
    claims = tuple(k for k in CLAIM_KINDS if k in kinds.split("."))
    if int(ba) > 100 or int(ca) > 100:
        return None
    return Plan(int(ms), int(hands), target, bool(combo), bool(stagger), block.rstrip("12"), threshold,
                int(ba) / 100, claims, int(ca) / 100)  # fmt: skip


class JabFamily:
    """JAB's plans as the ladder's exploit search sees them (``core.skill.Family``'s questions), drawn
    at a person's pace: one hand at 400 ms or slower, two hands at 300 ms or slower."""

    known = (STEADY_PLAN, NEWCOMER_PLAN)
    pace = "at a person's pace (one hand at 400 ms or slower, two at 300 ms or slower, 250 ms between a hand's actions)"

    def name(self, plan: Plan) -> str:
        return plan.name()

    def parse(self, name: str) -> Plan | None:
        return plan_of(name)

    def random(self, rng) -> Plan:
        return random_plan(rng)

    def nearby(self, rng, plan: Plan) -> Plan:
        return nearby_plan(rng, plan)


def random_plan(rng, min_one_hand_ms: int = 400, min_two_hands_ms: int = 300) -> Plan:
    """A plan drawn from the whole family at a person's pace (the exploit search's draw)."""
    hands = 1 + int(rng.random() < 0.5)
    floor = min_one_hand_ms if hands == 1 else min_two_hands_ms
    kinds = tuple(k for k in CLAIM_KINDS if rng.random() < 0.75)
    block = BLOCKING[rng.randrange(3)]
    return Plan(
        reaction_ms=floor + 50 * rng.randrange(7),
        hands=hands,
        target=TARGETING[rng.randrange(3)],
        combos=rng.random() < 0.5,
        stagger=rng.random() < 0.5,
        block=block,
        threshold=1 + rng.randrange(2) if block == "value" else 2,
        block_attention=(0.5, 0.8, 0.95, 1.0)[rng.randrange(4)],
        claims=kinds,
        claim_attention=(0.5, 0.8, 0.95, 1.0)[rng.randrange(4)],
    )


def nearby_plan(rng, plan: Plan, min_one_hand_ms: int = 400, min_two_hands_ms: int = 300) -> Plan:
    """The plan with one choice changed (a step of the search's local refinement)."""
    other = random_plan(rng, min_one_hand_ms, min_two_hands_ms)
    field = ("reaction_ms", "target", "combos", "stagger", "block", "threshold", "block_attention", "claims",
             "claim_attention", "hands")[rng.randrange(10)]  # fmt: skip
    if field == "hands":
        return replace(plan, hands=other.hands, reaction_ms=other.reaction_ms)
    new = replace(plan, **{field: getattr(other, field)})
    if new.block != "value":
        new = replace(new, threshold=2)
    floor = min_one_hand_ms if new.hands == 1 else min_two_hands_ms
    return replace(new, reaction_ms=max(floor, new.reaction_ms))


def grid_name(reaction_ms: int, block: int, claim: int, hands: int) -> str:
    return f"m{reaction_ms}-b{block}-c{claim}-{hands}h"


def grid(quick: bool = False) -> list[str]:
    """Every grid model's name, plus the punch-only and the fast random player. ``quick``: the
    corners that decide the targets (fastest and slowest reactions, no or full attention)."""
    reactions, attentions = ((300, 500, 1200), (0, 95)) if quick else (REACTIONS, ATTENTIONS)
    names = [grid_name(r, b, c, h) for r in reactions for b in attentions for c in attentions for h in HANDS]
    return [*names, PUNCH_ONLY, RANDOM_FAST, STEADY, NEWCOMER]


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
    return parse(name) is not None or plan_of(name) is not None


class GridModel(JabBot):
    """A scripted person (see the module docstring); ``intents`` as ``JabBot``."""

    def __init__(self, seat: int, name: str, seed: int = 0):
        cfg = parse(name)
        plan = plan_of(name)
        if cfg is None and plan is not None:
            cfg = {"reaction_ms": plan.reaction_ms, "block": plan.block_attention, "claim": plan.claim_attention}
            cfg["hands"] = plan.hands
        if cfg is None:
            raise ValueError(f"no JAB player model is called {name!r}")
        super().__init__(seat, "newcomer", seed)
        self.plan = plan or Plan(threshold=0)  # the punch-only and random players: attention alone decides
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
            self.last_act = [NEVER, NEVER]
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
            if what not in self.plan.claims:
                continue
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
                    if view.held[me * 2 + h] is not None and self.hand_free(h, t):
                        out.append(Release(me, h))
                        self.last_act[h] = t
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
                worth = 3 if C.ctype(top) == C.HAYMAKER else C.value(top)
                if self.plan.block == "never" or (self.plan.block == "haymakers" and worth < 3):
                    continue
                if self.notice(("block", i, top), t, rate=self.attend_block):
                    out.append((worth, i, top))
        return sorted(out, reverse=True)

    def _worth_blocking(self, worth: float, card) -> bool:
        """By value: a punch worth the threshold or more, a smaller one only with a card worth less."""
        p = self.plan
        if p.block != "value":
            return True
        return worth >= p.threshold or C.value(card) < p.threshold

    def _hand_to_use(self, view, t) -> int:
        """One hand at a time: the deck whose top blocks something it noticed, else turn about."""
        me = self.seat
        tops = [view.decks[me * 2 + h][-1] if view.decks[me * 2 + h] else None for h in (0, 1)]
        for worth, _, punch in self._blocks(view, t):
            for h, top in enumerate(tops):
                if top is not None and can_block(punch, top) and self._worth_blocking(worth, top):
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
        if t < self.ready_at[h] or not self.hand_free(h, t) or (self.card_ms and t < self.last_take + self.card_ms[0]):
            return False
        out.append(Grab(me, h))
        self.next_hand, self.last_take, self.last_act[h] = 1 - h, t, t
        self.aim[h] = self._aim(view, t, h, deck[-1])
        return True

    def _aim(self, view, t, h, card) -> str:
        me, opp = self.seat, 1 - self.seat
        if self.is_random:
            ok = [n for n in (target_name(b, i) for b in (0, 1) for i in range(3))]
            ok = [n for n in ok if not n.startswith(f"p{me}.") or self._may_block(view, n, card)]
            return ok[self.rng.randrange(len(ok))]
        other = self.aim[1 - h]
        for worth, i, punch in self._blocks(view, t):
            if can_block(punch, card) and other != target_name(me, i) and self._worth_blocking(worth, card):
                return target_name(me, i)
        return target_name(opp, self._punch_at(view, card, other))

    def _punch_at(self, view, card, other) -> int:
        """Which of the opponent's targets this card punches, by the plan's targeting."""
        me, opp = self.seat, 1 - self.seat
        p = self.plan
        free = [i for i in range(3) if other != target_name(opp, i)]
        tops = [view.piles[opp * 3 + i][-1] if view.piles[opp * 3 + i] else None for i in range(3)]
        if p.stagger:
            for i in free:
                top = tops[i]
                if top is not None and C.owner(top) == me and C.ctype(top) == C.HAYMAKER:
                    if C.colour(top) == C.colour(card):
                        return i
        if p.combos and view.combo:
            types = C.COMBOS[view.combo[-1]][1]
            shown = {C.ctype(c) for c in tops if c is not None}
            missing = [ty for ty in types if ty not in shown]
            if len(missing) == 1 and C.ctype(card) == missing[0]:
                spare = [i for i in free if _spare(tops, i, types)]
                if spare:
                    return spare[0]
        if p.target == "random" or not free:
            return self.rng.randrange(3)
        scores = [pile_score(view.piles[opp * 3 + i], me)[0] for i in range(3)]
        if p.target == "weakest":
            return min(free, key=lambda i: (scores[i], self.rng.random()))

        # spread: where it raises what is scored after the best pile is covered, then the lower pile
        def after(i):
            new = list(scores)
            new[i] = pile_score(view.piles[opp * 3 + i] + (card,), me)[0]
            return sum(new) - max(new)

        return max(free, key=lambda i: (after(i), -scores[i], self.rng.random()))

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
            if not self.hand_free(h, t):
                return  # a person's hand needs a moment between two actions
            out.append(Release(me, h))
            self.aim[h] = None
            self.last_act[h] = t
            if self.card_ms:
                lo, hi = self.card_ms
                self.ready_at[h] = self.last_take + lo + int((hi - lo) * self.rng.random())
            else:
                self.ready_at[h] = t + self.delay()
        else:
            out.append(MoveTo(me, h, *RECTS[aim][:2]))


FAMILY = JabFamily()


def _spare(tops, i, types) -> bool:
    """True when covering target ``i`` loses nothing of the combo: it is empty, its top is a type the
    combo does not ask for, or that type also shows on another target."""
    top = tops[i]
    if top is None:
        return True
    ty = C.ctype(top)
    if ty not in types:
        return True
    return any(j != i and tops[j] is not None and C.ctype(tops[j]) == ty for j in range(3))


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
    champion = [m for m in names if _one_handed_from(m, 500)] + [grid_name(300, 95, 95, 2), RANDOM_FAST, STEADY]
    beginner = [m for m in names if _claims_all(m)] + [PUNCH_ONLY, RANDOM_FAST, NEWCOMER]
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
    judge(f"{top} beats the steady one-handed player (a held-out model) >= 70%", [(top, STEADY)], "win_rate", 0.7)
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
    judge(f"{low} loses to the careful newcomer (a held-out model) >= 50%", [(low, NEWCOMER)], "loss_rate", 0.5)
    judge(
        "each level beats the one below >= 65%",
        [(upper, lower) for lower, upper in zip(levels, levels[1:], strict=False)],
        "win_rate",
        0.65,
    )
    return out
