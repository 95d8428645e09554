"""The "strong" computer player.

Planning: it samples likely opponent hands from the cards the opponent may
still hold (their deck and hand, which are public as a set) and a plausible
plan for each, then scores every ordering of its own cards with a range of
bids against all samples, event by event with the real resolution table, and
keeps the plan with the best average: round won or lost, knockdowns, momentum.
Prizes: a valuation of each card for its own situation (and what it denies).
"""

from __future__ import annotations

from itertools import permutations

from ..rules import PickCharacter, Plan, Stance, TakePrize
from ..rules.content import CARDS, CHARACTERS
from ..rules.flow import affordable_slots, judge_cost
from ..rules.resolve import clash, speed, total
from .base import SeededBot, random_bids

SAMPLES = 12
ROUND_WIN = 1.0
KNOCKDOWN = 4.0
MOMENTUM = 0.3
POINT = 0.02
SPEED = 0.05  # one point of speed on one action, in round-win units
STARTER_SPEED = {"jab": 5, "cross": 4, "hook": 3, "uppercut": 2, "block": 4, "feint": 4}


def bid_options(m: int):
    """A spread of bid patterns (all of them when momentum is small)."""
    if m <= 3:
        return [(a, b, c) for a in range(m + 1) for b in range(m + 1 - a) for c in range(m + 1 - a - b)]
    out = {(0, 0, 0), (1, 1, 1)}
    for t in range(1, m + 1):
        out |= {(t, 0, 0), (0, t, 0), (0, 0, t)}
    for a in (1, 2):
        for b in (1, 2):
            out |= {(a, b, 0), (a, 0, b), (0, a, b)}
    if m >= 6:
        out.add((2, 2, 2))
    return sorted(out)


def _outcome(event, c, s, d, t, my_mods, op_mods, same):
    """(my points - theirs, knockdown: 1 mine / -1 theirs / 2 both / 0, momentum I gain)."""
    mine, theirs = CARDS[c], CARDS[d]
    cl = clash(mine.move, s, theirs.move, t, same)
    pd, mom = 0, cl.momentum[0]
    if cl.landed[0]:
        if mine.is_punch:
            pd += (1 if mine.move == "jab" else 2) + total(mine.effects, "bonus_points", mine.move, event, same)
            pd += total(my_mods, "bonus_points", mine.move, event, same)
        mom += total(mine.effects, "momentum_on_land", mine.move, event, same)
        mom += total(my_mods, "momentum_on_land", mine.move, event, same)
    if cl.landed[1] and theirs.is_punch:
        pd -= (1 if theirs.move == "jab" else 2) + total(theirs.effects, "bonus_points", theirs.move, event, same)
        pd -= total(op_mods, "bonus_points", theirs.move, event, same)
    k0, k1 = cl.knockdown
    kd = 2 if k0 and k1 else 1 if k0 else -1 if k1 else 0
    return pd * event, kd, mom


class StrongBot(SeededBot):
    def choose(self, view):
        me = view.players[self.seat]
        if view.phase == "pick":
            return PickCharacter(self.seat, self._pick_character(me.dealt))
        if view.phase == "plan":
            return self._plan(view)
        if view.phase == "reveal":
            return self._stance(view)
        return self._prize(view)

    # -- character ------------------------------------------------------
    def _pick_character(self, dealt):
        # boards are balanced; prefer simple speed traits, then the first dealt
        return sorted(dealt, key=lambda c: (-len(CHARACTERS[c].effects), c))[0]

    # -- planning -------------------------------------------------------
    def _plan(self, view):
        seat, rng = self.seat, self.rng
        me, opp = view.players[seat], view.players[1 - seat]
        same = me.stance == opp.stance
        my_mods, op_mods = me.mods, opp.mods
        judge_diff = len(me.judges) - len(opp.judges)
        room = view.options["max_momentum"] - me.momentum
        pool = list(opp.unseen)
        h = len(opp.hand)
        options = bid_options(me.momentum)
        max_bid = max(max(b) for b in options)
        hand = me.hand
        # my_out[k][c][b] against (opponent card d, speed t): see _outcome
        my_speed = {(k, c): speed(c, k + 1, 0, 0, my_mods, same) for k in range(3) for c in hand}
        cache: dict[tuple, list] = {}
        tables = []
        for _ in range(SAMPLES):
            rng.shuffle(pool)
            cards = pool[:h]
            rng.shuffle(cards)
            bids = (0, 0, 0) if rng.random() < 0.4 else random_bids(rng, opp.momentum)
            per_event = []
            for k in range(min(3, len(cards))):
                d = cards[k]
                t = speed(d, k + 1, bids[k], 0, op_mods, same)
                per_card = {}
                for c in hand:
                    key = (k, c, d, t)
                    row = cache.get(key)
                    if row is None:
                        row = [
                            _outcome(k + 1, c, my_speed[(k, c)] + b, d, t, my_mods, op_mods, same)
                            for b in range(max_bid + 1)
                        ]
                        cache[key] = row
                    per_card[c] = row
                per_event.append(per_card)
            while len(per_event) < 3:
                per_event.append({c: [(0, 0, 0)] * (max_bid + 1) for c in hand})
            tables.append(per_event)
        n = len(tables)
        best, best_val = None, None
        for order in permutations(hand, 3):
            c0, c1, c2 = order
            rows = [(t[0][c0], t[1][c1], t[2][c2]) for t in tables]
            for bids in options:
                b0, b1, b2 = bids
                val = 0.0
                for r0, r1, r2 in rows:
                    pd, kd, mom = r0[b0]
                    if kd == 0:
                        pd1, kd, mom1 = r1[b1]
                        pd += pd1
                        mom += mom1
                        if kd == 0:
                            pd2, kd, mom2 = r2[b2]
                            pd += pd2
                            mom += mom2
                    if kd:
                        v = KNOCKDOWN * kd if kd != 2 else 0.0
                    else:
                        tot = pd + judge_diff
                        v = (ROUND_WIN if tot > 0 else -ROUND_WIN if tot < 0 else 0.0) + POINT * pd
                    spent_room = room + b0 + b1 + b2
                    val += v + MOMENTUM * (mom if mom < spent_room else spent_room)
                val = val / n - MOMENTUM * (b0 + b1 + b2)
                if best_val is None or val > best_val:
                    best, best_val = (order, bids), val
        assert best is not None  # the first order and bids tried set it
        return Plan(seat, best[0], best[1])

    # -- stance ---------------------------------------------------------
    def _stance(self, view):
        seat = self.seat
        me, opp = view.players[seat], view.players[1 - seat]
        want = 0  # >0: stances the same, <0: different
        for k in range(view.event, 3):
            c = CARDS[me.slots[k]]
            for effects in (c.effects, me.mods):
                want += total(effects, "speed", c.move, k + 1, True) - total(effects, "speed", c.move, k + 1, False)
        same_now = me.stance == opp.stance
        if want == 0 or (want > 0) == same_now:
            return Stance(seat, False, False)
        return Stance(seat, True, False)

    # -- prizes ---------------------------------------------------------
    def _prize(self, view):
        seat = self.seat
        slots = affordable_slots(view, seat)
        vals = [(self.prize_value(view, seat, view.prizes[i]) + 0.05 * self.rng.random(), i) for i in slots]
        return TakePrize(seat, max(vals)[1])

    def prize_value(self, view, seat, card_id):
        """What drafting this card is worth to ``seat`` now, in round-win units."""
        me, opp = view.players[seat], view.players[1 - seat]
        card = CARDS[card_id]
        rounds_left = view.options["rounds"] - view.round
        need = view.options["judges_to_win"]
        if card.judge:
            if len(me.judges) + 1 >= need:
                return 100.0
            v = 0.3 + 0.08 * rounds_left + 0.5 * len(me.judges)
            if len(opp.judges) + 1 >= need and judge_cost(opp, card_id) <= opp.momentum:
                v += 5.0  # deny the opponent's winning judge
            return v - MOMENTUM * judge_cost(me, card_id)
        cap = view.options["max_momentum"]
        # momentum matters more to a boxer who has little of it
        v = MOMENTUM * min(card.momentum, cap - me.momentum) * (cap - me.momentum) / cap
        mine = [c for c in me.unseen + me.hand + me.discard if CARDS[c].is_action]
        plays = 3 / (len(mine) + 1)  # how often a given card is played per round
        if card.is_action:
            same = [c for c in mine if CARDS[c].move == card.move]
            base = sum(self._quality(me, c) for c in same) / len(same) if same else 0
            return v + SPEED * plays * rounds_left * (self._quality(me, card_id) - base + 1)
        # upgrade: what it adds over the one of the same type it would replace
        old = [u for u in me.upgrades if CARDS[u].upgrade == card.upgrade]
        v += self._upgrade_value(mine, card_id, rounds_left)
        if old:
            v -= self._upgrade_value(mine, old[0], rounds_left)
        return v

    @staticmethod
    def _quality(me, card_id):
        """A card's speed with this boxer's bonuses, plus its effect (in speed points)."""
        c = CARDS[card_id]
        q = c.speed + total(me.mods, "speed", c.move, 2, True)
        for e in c.effects:
            q += 1.0 if e.kind == "speed" else 1.5
        return q

    @staticmethod
    def _upgrade_value(mine, card_id, rounds_left):
        v = 0.0
        for e in CARDS[card_id].effects:
            if e.kind == "speed":
                share = 1.0 if e.moves is None else sum(1 for c in mine if CARDS[c].move in e.moves) / len(mine)
                per_round = 3 * share if e.event is None else 1
                v += SPEED * e.amount * per_round * rounds_left
            elif e.kind == "cleanup_momentum":
                v += MOMENTUM * 0.35 * e.amount * rounds_left  # often wasted at the cap
            elif e.kind == "judge_discount":
                v += 0.4 * e.amount
        return v
