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

from .bot import SeededBot, random_bids
from .content import CARDS, CHARACTERS
from .flow import affordable_slots, judge_cost
from .resolve import mod_total, resolve_event, total
from .rules import PickCharacter, Plan, Stance, TakePrize

SAMPLES = 12
ROUND_WIN = 1.0
KNOCKDOWN = 4.0
MOMENTUM = 0.3
POINT = 0.02
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
        mods = [None, None]
        mods[seat], mods[1 - seat] = me.mods, opp.mods
        mods = tuple(mods)
        judge_diff = len(me.judges) - len(opp.judges)
        cap = view.options["max_momentum"]
        pool = list(opp.unseen)
        h = len(opp.hand)
        samples = []
        for _ in range(SAMPLES):
            rng.shuffle(pool)
            hand = pool[:h]
            rng.shuffle(hand)
            bids = (0, 0, 0) if rng.random() < 0.4 else random_bids(rng, opp.momentum)
            samples.append((tuple(hand[:3]), bids))
        options = bid_options(me.momentum)
        max_bid = max(max(b) for b in options)
        # table[j][k][card][bid] = (point diff, kd for me, kd against me, momentum diff)
        cache = {}
        tables = []
        for cards, bids in samples:
            per_event = []
            for k in range(3):
                row = {}
                if k >= len(cards):
                    per_event.append(None)
                    continue
                for c in me.hand:
                    for b in range(max_bid + 1):
                        key = (k, c, b, cards[k], bids[k])
                        out = cache.get(key)
                        if out is None:
                            pair = [0, 0]
                            pair[seat], pair[1 - seat] = c, cards[k]
                            bb = [0, 0]
                            bb[seat], bb[1 - seat] = b, bids[k]
                            r = resolve_event(k + 1, tuple(pair), tuple(bb), (0, 0), mods, same)
                            o = 1 - seat
                            out = (r.points[seat] - r.points[o], r.clash.knockdown[seat], r.clash.knockdown[o],
                                   r.momentum[seat])
                            cache[key] = out
                        row[(c, b)] = out
                per_event.append(row)
            tables.append(per_event)
        best, best_val = None, None
        for order in permutations(me.hand, 3):
            for bids in options:
                spent = sum(bids)
                val = 0.0
                for per_event in tables:
                    d = 0
                    gain = 0
                    kd = 0
                    for k in range(3):
                        row = per_event[k]
                        if row is None:
                            continue
                        pd, kme, kop, mom = row[(order[k], bids[k])]
                        gain += mom
                        if kme or kop:
                            kd = (1 if kme else 0) - (1 if kop else 0)
                            break
                        d += pd
                    if kd:
                        v = KNOCKDOWN * kd
                    elif kme and kop:
                        v = 0.0
                    else:
                        tot = d + judge_diff
                        v = ROUND_WIN * ((tot > 0) - (tot < 0)) + POINT * d
                    left = me.momentum - spent
                    v += MOMENTUM * min(gain, cap - left)
                    val += v
                val = val / len(tables) - MOMENTUM * spent + rng.random() * 1e-6
                if best_val is None or val > best_val:
                    best, best_val = (order, bids), val
        return Plan(seat, best[0], best[1])

    # -- stance ---------------------------------------------------------
    def _stance(self, view):
        seat = self.seat
        me, opp = view.players[seat], view.players[1 - seat]
        want = 0          # >0: stances the same, <0: different
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
        me, opp = view.players[seat], view.players[1 - seat]
        card = CARDS[card_id]
        rounds_left = view.options["rounds"] - view.round
        need = view.options["judges_to_win"]
        if card.judge:
            if len(me.judges) + 1 >= need:
                return 100.0
            v = 0.6 + 0.1 * rounds_left + 0.6 * len(me.judges)
            if len(opp.judges) + 1 >= need and judge_cost(opp, card_id) <= opp.momentum:
                v += 5.0                      # deny the opponent's winning judge
            return v - MOMENTUM * judge_cost(me, card_id)
        v = MOMENTUM * min(card.momentum, view.options["max_momentum"] - me.momentum)
        if card.is_action:
            v += 0.12 * (card.speed - STARTER_SPEED[card.move]) + 0.15 * len(card.effects)
            return v * min(1.0, rounds_left / 4)
        # upgrade: compare with the one of the same type it would replace
        old = [u for u in me.upgrades if CARDS[u].upgrade == card.upgrade]
        v += self._upgrade_value(me, card_id, rounds_left)
        if old:
            v -= self._upgrade_value(me, old[0], rounds_left)
        return v

    def _upgrade_value(self, me, card_id, rounds_left):
        v = 0.0
        for e in CARDS[card_id].effects:
            if e.kind == "speed":
                share = 1.0 if e.moves is None else sum(
                    1 for c in me.unseen + me.hand + me.discard if CARDS[c].move in e.moves) / 8
                v += 0.25 * e.amount * share * (1 if e.event is None else 0.5)
            elif e.kind == "cleanup_momentum":
                v += MOMENTUM * e.amount * 0.5
            elif e.kind == "judge_discount":
                v += 0.3 * e.amount
        return v * min(1.0, rounds_left / 3)
