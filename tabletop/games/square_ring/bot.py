"""Computer boxers. They see only ``view_for(state, seat)``.

* ``random``: any legal action, uniformly.
* ``easy``: picks a good-looking pair of cards as if the opponent stood
  still, with some noise; never plans around the opponent.
* ``strong``: searches. It lists the opponent's plausible card orders, plays
  every ordered pair of its own cards against each of them with the real
  resolution code, and keeps the pair with the best mix of average and
  worst result. It also plans Bursts, Reacts, footwork turns and
  Stick-and-Move steps with the same evaluation. The computer levels are
  this search with fewer orders expected, a rough judgement and careless
  pairs, in proportion to the boxer's health (``_scale``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from tabletop.core.game import Bot
from tabletop.core.rng import Rng

from .rules import RULES, Commit, Declare, Footwork, Stick, board, hand, max_cards
from .rules.content import BOXERS, Card
from .rules.resolve import STEP_CARDS, resolve_action, resolve_moves

KO = 100.0
HP_REF = max(b.hp for b in BOXERS.values())
PUNCH_REF = 3  # the hardest punch most boxers have
REACH_WEIGHT = 0.25  # worth of being one move from a landing attack
PLANS_TOP = 6  # the opponent's best-looking orders the strong bot plays against
PLANS_RANDOM = 3  # plus a few other orders, so it is not blind to surprises
SHORTLIST_PLANS = 3  # a first pass against this many of them ...
SHORTLIST = 40  # ... keeps this many of its own pairs for the full test


def _angle_gap(facing: int, want: float) -> float:
    d = abs(facing - want) % 8
    return min(d, 8 - d)


def best_turn(sq: int, facing: int, target: int) -> int:
    """-1, 0 or 1: the footwork turn that points most nearly at ``target``."""
    want = board.direction_to(sq, target)
    return min((0, -1, 1), key=lambda t: (_angle_gap((facing + t) % 8, want), t != 0))


def threat(cards, sq: int, facing: int, target: int) -> int:
    """Best power among ``cards`` that would land on ``target`` right now."""
    best = 0
    for c in cards:
        if c.power > best and c.masks[sq * 8 + facing] >> target & 1:
            best = c.power
    return best


_REACH: dict = {}


def reach(boxer, sq: int, facing: int, target: int) -> int:
    """Best power that could land on a still ``target`` after one of the boxer's steps or turns."""
    key = (boxer.id, sq, facing, target)
    hit = _REACH.get(key)
    if hit is not None:
        return hit
    best = threat(boxer.attacks, sq, facing, target)
    for c in boxer.cards:
        if c.kind == "step":
            to = board.step_destination(sq, facing, c.step)
            if to >= 0 and to != target:
                best = max(best, threat(boxer.attacks, to, facing, target))
        elif c.kind == "turn":
            best = max(best, threat(boxer.attacks, sq, (facing + c.turn) % 8, target))
    _REACH[key] = best
    return best


class Sim:
    """Plays one exchange from a view, fast, for the search."""

    def __init__(self, view, me: int):
        self.me = me
        self.op = 1 - me
        self.boxers = [BOXERS[view.boxers[s]] for s in (0, 1)]
        self.attacks = [b.attacks for b in self.boxers]
        self.view = view
        self.memo: dict[tuple, tuple] = {}  # step's answers
        self.scores: dict[tuple, float] = {}

    def step(self, pos, facing, hp, c0, c1):
        """One action with automatic footwork turns, memoised: (pos, facing, hp, extra)."""
        key = (pos, facing, hp, id(c0), id(c1))
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        r = resolve_action(pos, facing, hp, (c0, c1))
        pos, facing, hp = r.pos, r.facing, r.hp
        if r.footwork[0] or r.footwork[1]:
            f = list(facing)
            for s in (0, 1):
                if r.footwork[s]:
                    f[s] = (f[s] + best_turn(pos[s], f[s], pos[1 - s])) % 8
            facing = (f[0], f[1])
        me, op = self.me, self.op
        extra = 0.0
        if r.dazed[op]:
            extra += 1.0
        if r.dazed[me]:
            extra -= 1.0
        if r.stick[me]:
            extra += 0.3
        if r.stick[op]:
            extra -= 0.3
        out = (pos, facing, hp, extra)
        self.memo[key] = out
        return out

    def run(self, pos, facing, hp, plays):
        """plays: pair of card tuples. Returns (pos, facing, hp, extra) after the exchange."""
        n = max(len(plays[0]), len(plays[1]))
        extra = 0.0
        for k in range(n):
            pos, facing, hp, e = self.step(
                pos, facing, hp, plays[0][k] if k < len(plays[0]) else None, plays[1][k] if k < len(plays[1]) else None
            )
            extra += e
            if hp[0] == 0 or hp[1] == 0:
                break
        return pos, facing, hp, extra

    def score(self, start_hp, pos, facing, hp, extra) -> float:
        key = (pos, facing, hp)
        base = self.scores.get(key)
        if base is None:
            base = self.scores[key] = self._score(start_hp, pos, facing, hp)
        return base + extra

    def _score(self, start_hp, pos, facing, hp) -> float:
        me, op = self.me, self.op
        if hp[op] == 0 and hp[me] == 0:
            return 0.0
        if hp[op] == 0:
            return KO
        if hp[me] == 0:
            return -KO
        dealt = start_hp[op] - hp[op]
        taken = start_hp[me] - hp[me]
        v = 2.0 * (dealt - taken)
        # Danger of a knockout soon weighs more as HP runs low.
        v += 6.0 / (hp[op] + 1) - 6.0 / (hp[me] + 1)
        mine = threat(self.attacks[me], pos[me], facing[me], pos[op])
        theirs = threat(self.attacks[op], pos[op], facing[op], pos[me])
        near = reach(self.boxers[me], pos[me], facing[me], pos[op])
        far = reach(self.boxers[op], pos[op], facing[op], pos[me])
        return v + 0.5 * (mine - theirs) + REACH_WEIGHT * (near - far)


def _pairs(cards):
    return list(itertools.permutations(cards, 2))


@dataclass
class SquareRingBot(Bot):
    # The search's level of skill (the computer levels in levels.py set these):
    plans: int = PLANS_TOP  # how many of the opponent's likeliest orders it expects
    noise: float = 0.0  # spread of the random error added to each pair's value ...
    slip: float = 0.0  # ... and chance of laying a careless pair instead, both times _scale
    power: float = 2.0  # how steeply those errors grow with its boxer's health ...
    punch: float = 0.0  # ... and with its hardest punch

    def __post_init__(self):
        self.rng = Rng(self.seed * 7919 + self.seat * 104729 + 17)

    # -- entry ---------------------------------------------------------
    def choose(self, view):
        legal = RULES.legal_actions(view, self.seat)
        if not legal:
            raise ValueError("the bot was asked to act with no legal action")
        if self.level == "random":
            return legal[self.rng.randrange(len(legal))]
        if view.phase == "declare":
            return Declare(self.seat, self._want_react(view))
        if view.phase in ("choose", "react"):
            return self._commit(view)
        if view.phase == "footwork":
            return Footwork(self.seat, self._footwork(view))
        if view.phase == "stick":
            return Stick(self.seat, self._stick(view))
        return legal[0]

    def _scale(self, view) -> float:
        """How much of its level's error this boxer makes: (its HP / the sturdiest boxer's HP) to the
        level's ``power``, times (its hardest punch / 3) to the level's ``punch``. A boxer with little
        HP cannot afford a weak level's errors (careless pairs lose most against big punches), so it
        makes fewer of them; a boxer whose punches hit hard makes up for careless pairs more easily,
        so it makes more. The boxers stay even."""
        boxer = BOXERS[view.boxers[self.seat]]
        top = max(c.power for c in boxer.attacks)
        return (boxer.hp / HP_REF) ** self.power * (top / PUNCH_REF) ** self.punch

    # -- small decisions -----------------------------------------------
    def _want_react(self, view) -> bool:
        me = self.seat
        left = (view.rounds - view.round) * view.exchanges + (view.exchanges - view.exchange) + 1
        ax, ay = board.xy(view.pos[0])
        bx, by = board.xy(view.pos[1])
        close = max(abs(ax - bx), abs(ay - by)) <= 2
        if self.level == "easy":
            return self.rng.random() < 0.25
        if not close:
            return False
        return self.rng.random() < min(1.0, 2.5 * view.reacts[me] / left)

    def _footwork(self, view) -> int:
        me = self.seat
        return best_turn(view.pos[me], view.facing[me], view.pos[1 - me])

    def _stick(self, view):
        me, op = self.seat, 1 - self.seat
        sim = Sim(view, me)
        options = [None] + [board.STEPS[s] for s in view.entitled[me]]
        best, best_v = None, None
        for name in options:
            cards: list[Card | None] = [None, None]
            if name is not None:
                cards[me] = STEP_CARDS[board.STEP_INDEX[name]]
            pos, facing, _m, _n = resolve_moves(view.pos, view.facing, view.hp, tuple(cards))
            mine = threat(sim.attacks[me], pos[me], facing[me], pos[op])
            theirs = threat(sim.attacks[op], pos[op], facing[op], pos[me])
            v = mine - 1.2 * theirs + (0.01 * self.rng.random() if self.level == "easy" else 0)
            if best_v is None or v > best_v:
                best, best_v = name, v
        return best

    # -- choosing cards ------------------------------------------------
    def _commit(self, view) -> Commit:
        me, op = self.seat, 1 - self.seat
        mine = hand(view, me)
        sim = Sim(view, me)
        if self.level == "easy":
            return self._easy_commit(view, sim, mine)
        theirs = hand(view, op)
        if view.phase == "react" and view.peek is not None:
            first = BOXERS[view.boxers[op]].by_id[view.peek]
            opp = [((first, c), 1.0) for c in theirs if c is not first]
        else:
            opp = self._plausible(view, sim, theirs)
        if view.dazed[op]:
            opp = opp + [((b, a), w) for (a, b), w in opp]
        reacted = view.reactor == op
        pairs = _pairs(mine)
        if len(opp) > SHORTLIST_PLANS and view.peek is None:
            # first pass against the likeliest orders only; the best pairs go on to the full test
            first = self._table(view, sim, pairs, opp[:SHORTLIST_PLANS])
            pairs.sort(key=lambda p: -sum(first[p]))
            keep = set(pairs[:SHORTLIST])
            if view.dazed[me]:
                keep |= {(b, a) for a, b in keep}
            pairs = [p for p in pairs if p in keep]
        table = self._table(view, sim, pairs, opp)
        weights = [w for _p, w in opp]
        total = sum(weights)
        rough = self.noise * self._scale(view)
        if self.slip and self.rng.random() < self.slip * self._scale(view):
            pairs = [pairs[self.rng.randrange(len(pairs))]]  # a careless pair of cards
        best, best_v = pairs[0], None
        for pair in pairs:
            vals = table[pair]
            mean = sum(v * w for v, w in zip(vals, weights, strict=True)) / total
            low = min(vals)
            if view.dazed[me]:
                other = table[(pair[1], pair[0])]
                mean = (mean + sum(v * w for v, w in zip(other, weights, strict=True)) / total) / 2
                low = min(low, min(other))
            v = (0.4 * mean + 0.6 * low) if reacted else (0.75 * mean + 0.25 * low)
            if self.noise:
                v += rough * self.rng.random()
            if best_v is None or v > best_v:
                best, best_v = pair, v
        cards = list(best)
        if max_cards(view, me) == 3 and self._want_burst(view):
            third = self._third(view, sim, cards, mine, opp)
            if third is not None:
                cards.append(third)
        return Commit(me, tuple(c.id for c in cards))

    def _table(self, view, sim, pairs, opp):
        """Score of each ordered pair of ours against each plausible order of theirs."""
        me = self.seat
        step, score, hp0, pos0, facing0 = sim.step, sim.score, view.hp, view.pos, view.facing
        table: dict[tuple[Card, Card], list[float]] = {pair: [] for pair in pairs}
        for (o1, o2), _w in opp:
            for c1, c2 in pairs:
                if me == 0:
                    pos, facing, hp, e1 = step(pos0, facing0, hp0, c1, o1)
                else:
                    pos, facing, hp, e1 = step(pos0, facing0, hp0, o1, c1)
                if hp[0] and hp[1]:
                    if me == 0:
                        pos, facing, hp, e2 = step(pos, facing, hp, c2, o2)
                    else:
                        pos, facing, hp, e2 = step(pos, facing, hp, o2, c2)
                    e1 += e2
                table[(c1, c2)].append(score(hp0, pos, facing, hp, e1))
        return table

    def _plausible(self, view, sim, theirs):
        """The opponent's likely orders: their best pairs against us standing still, plus a few others."""
        me, op = self.me_op()
        scored = []
        opp_sim = Sim(view, op)
        for pair in _pairs(theirs):
            plays = ((), pair) if me == 0 else (pair, ())
            res = opp_sim.run(view.pos, view.facing, view.hp, plays)
            scored.append((opp_sim.score(view.hp, *res), pair))
        scored.sort(key=lambda t: -t[0])
        top = [(p, 1.0) for _v, p in scored[: self.plans]]
        rest = [p for _v, p in scored[self.plans :]]
        for _ in range(min(PLANS_RANDOM, self.plans, len(rest))):
            top.append((rest.pop(self.rng.randrange(len(rest))), 0.5))
        return top

    def me_op(self):
        return self.seat, 1 - self.seat

    def _want_burst(self, view) -> bool:
        me = self.seat
        left = (view.rounds - view.round) * view.exchanges + (view.exchanges - view.exchange) + 1
        ax, ay = board.xy(view.pos[0])
        bx, by = board.xy(view.pos[1])
        close = max(abs(ax - bx), abs(ay - by)) <= 2
        if self.level == "easy":
            return self.rng.random() < 0.3
        return close and self.rng.random() < min(1.0, 3.0 * view.bursts[me] / left)

    def _third(self, view, sim, cards, mine, opp):
        """Best third card: the pair is played against the plausible orders, then the third alone."""
        me = self.seat
        best, best_v = None, None
        rest = [c for c in mine if c not in cards]
        for c in rest:
            total = 0.0
            for o, w in opp[:6]:
                order = (cards[0], cards[1], c)
                plays = (order, o) if me == 0 else (o, order)
                res = sim.run(view.pos, view.facing, view.hp, plays)
                total += sim.score(view.hp, *res) * w
            if best_v is None or total > best_v:
                best, best_v = c, total
        return best

    def _easy_commit(self, view, sim, mine) -> Commit:
        me = self.seat
        scored = []
        for pair in _pairs(mine):
            plays = (pair, ()) if me == 0 else ((), pair)
            res = sim.run(view.pos, view.facing, view.hp, plays)
            scored.append((sim.score(view.hp, *res) + 3.0 * self.rng.random(), pair))
        scored.sort(key=lambda t: -t[0])
        pair = scored[self.rng.randrange(min(4, len(scored)))][1]
        cards = list(pair)
        if max_cards(view, me) == 3 and self._want_burst(view):
            rest = [c for c in mine if c not in cards]
            cards.append(rest[self.rng.randrange(len(rest))])
        return Commit(me, tuple(c.id for c in cards))


def make_bot(seat: int, level: str = "strong", seed: int = 0) -> SquareRingBot:
    if level not in ("random", "easy", "strong"):
        raise ValueError(f"unknown level {level!r} (random, easy or strong)")
    return SquareRingBot(seat=seat, level=level, seed=seed)
