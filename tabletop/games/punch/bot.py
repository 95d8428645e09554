"""Computer boxers. They see only their view (no hidden cards, no deck order).

- "random": any legal move, uniformly (for tests; not offered in the launcher).
- "easy": plays at random, but never rests when already at full stamina if it
  has anything else, and keeps every hand.
- "strong": counts cards. The opponent's 30 cards are known, so what they can
  still hold is the 30 minus what they have shown this match. It scores each
  card by the expected result against the kinds the opponent may hold, minus
  what the same card would be worth later, and plays the best; the last
  plays of a match are searched exactly.
- "reader": the strong boxer that also reads its opponent: from each hand the
  opponent may hold it works out what a careful counter would play, learns from
  the reveals how often this opponent plays that way and counts on it that
  often (against an opponent it cannot read it plays as the strong boxer).
"""

from __future__ import annotations

from math import comb

from tabletop.core.game import Bot
from tabletop.core.rng import Rng

from .rules import RULES
from .rules.actions import Commit, Draft, Exchange, KeepHand, Program, Ready, Redeal, Swap
from .rules.resolve import CODES, MAX_STAMINA, NK, TOTALS, S, effective_power, outcome
from .rules.state import PPR, exchange_limit, may_swap

KO_WEIGHT = 12.0


def _rng(bot) -> Rng:
    r = bot.memory.get("rng")
    if r is None:
        r = bot.memory["rng"] = Rng(bot.seed * 7919 + bot.seat + 1)
    return r


class RandomBot(Bot):
    def choose(self, view):
        return _rng(self).choice(RULES.legal_actions(view, self.seat))


class EasyBot(Bot):
    def choose(self, view):
        rng = _rng(self)
        me = self.seat
        if view.phase == "redeal":
            return KeepHand(me)
        legal = [a for a in RULES.legal_actions(view, me) if not isinstance(a, Swap)]
        if view.phase == "exchange":
            return Exchange(me, ())
        if view.phase == "choose" and view.stamina[me] >= MAX_STAMINA:
            calm = [a for a in legal if a.card != "nothing"]
            legal = calm or legal
        return rng.choice(legal)


class TimidBot(EasyBot):
    """A first game's caution: it rests whenever it is hurt, saves its big punches (a punch it
    plays is its smallest) and otherwise plays at random, so a boxer who punches hard catches it."""

    def choose(self, view):
        me = self.seat
        if view.phase != "choose":
            return super().choose(view)
        hand = view.hands[me]
        rng = _rng(self)
        if hand[3] and view.stamina[me] < MAX_STAMINA and rng.random() < 0.6:
            return Commit(me, "nothing")
        a = super().choose(view)
        if isinstance(a, Commit) and a.card in ("p2", "p3"):
            return Commit(me, next(CODES[k] for k in range(3) if hand[k]))
        return a


# -- the strong boxer ---------------------------------------------------------


def _pair(k, j, s_me, s_op, no_mercy):
    """Both staminas after I show kind k and the opponent kind j."""
    pk = effective_power(k, s_me, no_mercy)
    pj = effective_power(j, s_op, no_mercy)
    _, c_me, c_op, _ = outcome(k, j, pk, pj)
    return max(0, min(MAX_STAMINA, s_me + c_me)), max(0, min(MAX_STAMINA, s_op + c_op))


def _pair_value(k, j, st, me, no_mercy, last):
    """My stamina lead change (with knockouts weighted) when I show k and they show j."""
    s_me, s_op = st[me], st[1 - me]
    n_me, n_op = _pair(k, j, s_me, s_op, no_mercy)
    v = (n_me - s_me) - (n_op - s_op)
    if n_op == 0:
        v += KO_WEIGHT
    if n_me == 0:
        v -= KO_WEIGHT
    if last:  # end of the match: what counts is who is ahead
        lead = n_me - n_op
        v += 4.0 * ((lead > 0) - (lead < 0))
    return v


def opponent_pool(view, me):
    """Counts of the opponent's cards not shown this match (hand, deck, face-down card)."""
    op = 1 - me
    return tuple(TOTALS[k] - view.played[op][k] for k in range(NK))


def opponent_odds(view, me):
    """Chance of each kind being the opponent's next card, taking each kind they
    may hold as equally likely (weighted by the chance that they hold it)."""
    op = 1 - me
    pool = opponent_pool(view, me)
    n = view.hand_sizes[op] + (1 if view.choice[op] is not None else 0)
    total = sum(pool)
    w = []
    for k in range(NK):
        if pool[k] == 0:
            w.append(0.0)
        elif n >= total:
            w.append(1.0)
        else:
            w.append(1.0 - comb(total - pool[k], n) / comb(total, n))
    s = sum(w) or 1.0
    return [x / s for x in w], pool


def card_scores(view, me, hand, odds=None):
    """Score of each kind in my hand: expected value now minus its value later
    (``odds``: the chance of each kind being the opponent's next card, if known better)."""
    no_mercy = view.options["no_mercy"]
    guess, pool = opponent_odds(view, me)
    odds = odds or guess
    total = sum(pool) or 1
    later = [c / total for c in pool]
    st = view.stamina
    last = view.round == S["rounds"] and view.play == PPR
    rest_of_round = PPR - view.play
    scores = {}
    for k in range(NK):
        if not hand[k]:
            continue
        now = sum(odds[j] * _pair_value(k, j, st, me, no_mercy, last) for j in range(NK) if odds[j])
        fut = 0.0
        if rest_of_round:
            mid = (6, 6)
            fut = sum(later[j] * _pair_value(k, j, mid, 0, False, False) for j in range(NK) if later[j])
        scores[k] = now - fut
    return scores


EXACT_CARDS = 6  # search the last plays exactly once hands are this small


def endgame(mine, theirs, s_me, s_op, no_mercy, memo):
    """Chance of winning the match (a tie, replayed, counts half) when the
    round's last cards are known on both sides: best card of mine, against an
    opponent taking each kind they hold as equally likely. Returns (value, kind)."""
    key = (mine, theirs, s_me, s_op)
    hit = memo.get(key)
    if hit is not None:
        return hit
    if not any(mine):
        res = (1.0 if s_me > s_op else (0.5 if s_me == s_op else 0.0), None)
        memo[key] = res
        return res
    op_kinds = [j for j in range(NK) if theirs[j]]
    best: tuple[float, int | None] = (-1.0, None)
    for k in range(NK):
        if not mine[k]:
            continue
        m2 = mine[:k] + (mine[k] - 1,) + mine[k + 1 :]
        total = 0.0
        for j in op_kinds:
            n_me, n_op = _pair(k, j, s_me, s_op, no_mercy)
            if n_op == 0:
                total += 1.0
            elif n_me == 0:
                pass
            else:
                t2 = theirs[:j] + (theirs[j] - 1,) + theirs[j + 1 :]
                total += endgame(m2, t2, n_me, n_op, no_mercy, memo)[0]
        v = total / len(op_kinds)
        if v > best[0] + 1e-12:
            best = (v, k)
    memo[key] = best
    return best


class StrongBot(Bot):
    def choose(self, view):
        me = self.seat
        ph = view.phase
        if ph in ("break", "match_over"):
            return Ready(me)
        hand = view.hands[me]
        if ph == "redeal":
            return Redeal(me) if self._hand_worth(view, hand) < self._deck_worth(view) else KeepHand(me)
        if ph == "exchange":
            return Exchange(me, self._worst(view, hand, exchange_limit(view, me)))
        if ph == "draft":
            return Draft(me, self._draft(view))
        if may_swap(view, me) and view.play == 1:
            worst = self._worst(view, hand, 1)
            if worst:
                return Swap(me, worst[0])
        if ph == "program":
            return Program(me, self._program(view, hand))
        if view.round == S["rounds"] and view.deck_sizes[1 - me] == 0 and sum(hand) <= EXACT_CARDS:
            theirs = opponent_pool(view, me)
            memo = self.memory.setdefault("endgame", {})
            if len(memo) > 200_000:
                memo.clear()
            _, k = endgame(hand, theirs, view.stamina[me], view.stamina[1 - me], view.options["no_mercy"], memo)
            return Commit(me, CODES[k])
        return Commit(me, CODES[self._best(card_scores(view, me, hand))])

    def _best(self, scores):
        """The best-scoring kind; near-equal scores are split at random."""
        rng = _rng(self)
        return max(scores, key=lambda k: scores[k] + 0.01 * rng.random())

    # -- helpers --------------------------------------------------------------
    def _unit_worth(self, view):
        """Average worth of each kind against the opponent's unseen cards."""
        pool = opponent_pool(view, self.seat)
        total = sum(pool) or 1
        return [sum(pool[j] / total * _pair_value(k, j, (6, 6), 0, False, False) for j in range(NK)) for k in range(NK)]

    def _hand_worth(self, view, hand):
        w = self._unit_worth(view)
        return sum(hand[k] * w[k] for k in range(NK)) / max(1, sum(hand))

    def _deck_worth(self, view):
        w = self._unit_worth(view)
        me = self.seat
        rest = [view.hands[me][k] + view.decks[me].count(k) for k in range(NK)]
        return sum(rest[k] * w[k] for k in range(NK)) / max(1, sum(rest))

    def _worst(self, view, hand, most):
        """Up to ``most`` cards clearly worse than an average card from the deck."""
        w = self._unit_worth(view)
        deck = view.decks[self.seat]
        avg = sum(w[k] for k in deck) / max(1, len(deck))
        out: list[str] = []
        for k in sorted(range(NK), key=lambda k: w[k]):
            for _ in range(hand[k]):
                if len(out) < most and w[k] < avg - 0.25:
                    out.append(CODES[k])
        return tuple(out)

    def _draft(self, view):
        """A balanced pick, favouring the kinds worth most against the opponent."""
        w = self._unit_worth(view)
        left = [view.decks[self.seat].count(k) for k in range(NK)]
        rounds_left = S["rounds"] - view.round + 1
        pick = [0] * NK
        rng = _rng(self)
        while sum(pick) < PPR:
            # take the kind whose fair share for this round is least filled
            k = min(
                (k for k in range(NK) if pick[k] < left[k]),
                key=lambda k: pick[k] - left[k] / rounds_left - 0.1 * w[k] - 0.5 * rng.random(),
            )
            pick[k] += 1
        return tuple(CODES[k] for k in range(NK) for _ in range(pick[k]))

    def _program(self, view, hand):
        left = list(hand)
        row = []
        for _ in range(S["robo_box_program"]):
            k = self._best(card_scores(view, self.seat, left))
            left[k] -= 1
            row.append(CODES[k])
        return tuple(row)


def strong_pick(view, seat, hand, memo) -> int:
    """The kind the strong boxer in ``seat`` plays from ``hand`` (its tie-breaking coin aside)."""
    if view.round == S["rounds"] and view.deck_sizes[seat] == 0 and sum(hand) <= EXACT_CARDS:
        theirs = opponent_pool(view, seat)
        st = view.stamina
        k = endgame(hand, theirs, st[seat], st[1 - seat], view.options["no_mercy"], memo)[1]
        if k is not None:
            return k
    scores = card_scores(view, seat, hand)
    return max(scores, key=lambda k: scores[k])


SHARES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)  # how often the opponent may play as the card-counter would


class ReaderBot(StrongBot):
    """The strong boxer that also reads its opponent. It works out what a careful card-counter
    would play from each hand the opponent may hold (their exact hand once their deck is empty),
    learns from each reveal how often this opponent plays that way, and counts on it that often;
    against an opponent it cannot read it plays as the strong boxer."""

    SAMPLES = 12

    def choose(self, view):
        me = self.seat
        self._learn(view)
        if view.phase != "choose" or (may_swap(view, me) and view.play == 1):
            return super().choose(view)
        hand = view.hands[me]
        guess, pool = opponent_odds(view, me)
        read = self._predict(view, pool)
        share = self._share()
        odds = [share * read[k] + (1 - share) * guess[k] for k in range(NK)]
        by_count = [c / (sum(pool) or 1) for c in pool]
        self.memory["expect"] = (tuple(view.played[1 - me]), read, by_count)
        return Commit(me, CODES[self._best(card_scores(view, me, hand, odds))])

    def _share(self) -> float:
        belief = self.memory.get("belief") or [1.0] * len(SHARES)
        return sum(b * x for b, x in zip(belief, SHARES, strict=True)) / sum(belief)

    def _learn(self, view) -> None:
        """After a reveal: how likely was the card they showed under each share of careful play?"""
        got = self.memory.pop("expect", None)
        if got is None:
            return
        before, read, by_count = got
        now = view.played[1 - self.seat]
        shown = [now[k] - before[k] for k in range(NK)]
        if sum(shown) != 1 or min(shown) < 0:
            return  # a new match, or nothing revealed yet
        j = shown.index(1)
        belief = self.memory.get("belief") or [1.0] * len(SHARES)
        belief = [b * (x * read[j] + (1 - x) * by_count[j] + 1e-3) for b, x in zip(belief, SHARES, strict=True)]
        top = max(belief)
        self.memory["belief"] = [b / top for b in belief]

    def _predict(self, view, pool):
        """Chance of each kind being what a careful card-counter in the opponent's seat plays now."""
        op = 1 - self.seat
        n = view.hand_sizes[op] + (1 if view.choice[op] is not None else 0)
        total = sum(pool)
        memo = self.memory.setdefault("their_endgame", {})
        if len(memo) > 200_000:
            memo.clear()
        counts = [0.0] * NK
        if n >= total:
            hands, weight = [pool], 1.0
        else:
            rng = _rng(self)
            cards = [k for k in range(NK) for _ in range(pool[k])]
            hands = []
            for _ in range(self.SAMPLES):
                rng.shuffle(cards)
                hands.append(tuple(cards[:n].count(k) for k in range(NK)))
            weight = 1.0 / self.SAMPLES
        for h in hands:
            counts[strong_pick(view, op, tuple(h), memo)] += weight
        return counts


LEVELS = {"random": RandomBot, "easy": EasyBot, "timid": TimidBot, "strong": StrongBot, "reader": ReaderBot}


def make_bot(seat, level="strong", seed=0):
    if level not in LEVELS:
        raise ValueError(f"unknown Punch! computer level {level!r}")
    return LEVELS[level](seat=seat, level=level, seed=seed)
