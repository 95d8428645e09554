"""Hero: Stabby Jack's top level, a one-card lookahead over a learned chance to win.

Every choice is judged by what it leaves: the chance to win from the position after it, read
off a logistic model of both players' rows (``chance``). A declaration is judged by the card it
will draw, averaged over the cards its seat has not seen (the discard pile, the stats and XP
rows are face up; only the draw pile's order is hidden), each resolved as the rules would:
a monster fought or trained with (the best stat card to give up for it), Stabby Jack with or
without a shield, an Ace's best swap, a Monarch's fight or healing. A level-up is judged over the
numbered cards it may draw. A position where a player holds all three win conditions is won or
lost outright (R-SJ-8); a death is a fresh row of the same size with no XP (R-SJ-7).

The model's weights were fitted (logistic regression) on positions from games of the tuning
half only (seeds below 1,000,000): the older card-counting plan, the careful newcomer, the
decent model and this lookahead itself against each of them. Against several players a position
is worth the mean of its chances in a duel with each of them. (Reading the others as one player
with the highest of each of their figures made a table of six Heroes kill themselves for fresh
rows: a third of such games ran to the round limit.)

The weights come from ``python -m tools.fit_hero`` (a developer's tool, not shipped): it plays
those games again on the same seeds, reads every position through this module's own terms
(``own_terms``, ``cross_terms``) and fits them by Newton's method in pure Python; ``--games`` and
``--rows`` make a quicker, smaller fit, ``--write`` puts the weights below.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

from tabletop.core.game import Bot

from .rules import RULES, Declare, Decline, LevelUp, Replace, Shield, Swap, TakeHit, resolve
from .rules.content import ACE as ACE_RANK
from .rules.content import CONTENT, QUEEN, full_deck
from .rules.content import JACK as JACK_RANK
from .rules.state import ACE, DECLARE, JACK, PLACE, TRAIN

# A player's figures, as the model reads them: (XP, HP, max HP, spades, diamonds, clubs, stats, monarchs in XP)
XP, HP, TOP, SPADES, DIAMONDS, CLUBS, STATS, SHIELDS = range(8)


def figures(stats, damage: int, xp: int, shields: int) -> tuple:
    s = h = d = c = 0
    for rank, suit in stats:
        if suit == "S":
            s += rank
        elif suit == "H":
            h += rank
        elif suit == "D":
            d += rank
        else:
            c += rank
    top = h or 1  # R-SJ-3
    return (xp, top - damage, top, s, d, c, len(stats), shields)


def player_figures(p) -> tuple:
    xp = shields = 0
    for rank, _suit in p.xp:
        if rank >= QUEEN:
            xp += CONTENT.monarch_xp
            shields += 1
        else:
            xp += CONTENT.monster_xp
    return figures(p.stats, p.damage, xp, shields)


def _reborn(stats: int) -> tuple:
    """What a death leaves, roughly: as many fresh stat cards, an even share of each suit, no XP."""
    t = round(1.5 * stats)  # a numbered card is worth 6 on average, a quarter of them to each suit
    return (0, t, t, t, t, t, stats, 0)


def _alive(f: tuple) -> tuple:
    return f if f[HP] > 0 else _reborn(f[STATS])


def holds_all(f: tuple, others) -> bool:
    """R-SJ-8 on figures: enough XP, an attack above every other HP, strictly the most luck."""
    return (
        f[XP] >= CONTENT.win_xp
        and all(max(f[SPADES], f[DIAMONDS]) > o[HP] for o in others)
        and all(f[CLUBS] > o[CLUBS] for o in others)
    )


def _beats(attack: int, luck: int) -> float:
    """The share of numbered ranks (2..10) an attack beats, a tie won with luck (R-SJ-5)."""
    return sum(attack > r or (attack == r and luck >= r) for r in range(2, 11)) / 9


_BEATS = {(a, c): _beats(a, c) for a in range(12) for c in range(12)}


def own_terms(m: tuple) -> tuple[float, ...]:
    """One player's own terms of the model, in ``OWN_WEIGHTS``' order (the first is its XP term, x)."""
    xp, hp, top, s, d, c = m[XP], m[HP], m[TOP], m[SPADES], m[DIAMONDS], m[CLUBS]
    attack = max(s, d)
    x = min(xp, 12) / 10
    black, red = _BEATS[min(s, 11), min(c, 11)], _BEATS[min(d, 11), min(c, 11)]
    fights = (black + red) / 2
    low2 = float(hp <= 2)
    return (
        x,
        float(xp >= CONTENT.win_xp),
        min(hp, 15) / 10,
        float(hp <= 1),
        low2,
        float(hp <= 3),
        fights,
        black * red,
        min(attack, 20) / 10,
        min(c, 20) / 10,
        m[STATS] / 8,
        min(m[SHIELDS], 3),
        x * low2,
        x * fights,
        min(top, 20) / 10,
        float(min(s, d) > 10),
        min(attack - 13, 3) / 3 if attack > 13 else 0.0,
    )


@lru_cache(maxsize=1 << 14)
def _own(m: tuple) -> tuple[float, float]:
    """The weighted sum of one player's own terms of the model, and its XP term (x)."""
    terms = own_terms(m)
    return sum(w * t for w, t in zip(OWN_WEIGHTS, terms, strict=True)), terms[0]


def cross_terms(m: tuple, o: tuple, x: float) -> tuple[float, ...]:
    """One player's terms of the win conditions against the other, in ``CROSS_WEIGHTS``' order."""
    attack = max(m[SPADES], m[DIAMONDS])
    strong = float(attack > o[HP])
    lucky = float(m[CLUBS] > o[CLUBS])
    return (
        strong,
        max(-10, min(10, attack - o[HP])) / 10,
        lucky,
        max(-10, min(10, m[CLUBS] - o[CLUBS])) / 10,
        strong * lucky,
        x * strong * lucky,
        x * (strong + lucky),
    )


def _score(m: tuple, o: tuple) -> float:
    """One player's side of the model, against the other: its own terms and the win conditions'."""
    own, x = _own(m)
    t0, t1, t2, t3, t4, t5, t6 = cross_terms(m, o, x)
    w0, w1, w2, w3, w4, w5, w6 = CROSS_WEIGHTS
    return own + (w0 * t0 + w1 * t1 + w2 * t2 + w3 * t3 + w4 * t4 + w5 * t5 + w6 * t6)  # as sum(), in its order


@lru_cache(maxsize=1 << 16)
def chance(me: tuple, other: tuple, to_move: bool) -> float:
    """The model's chance that ``me`` wins, from both players' figures: each term counts for
    ``me`` and the same against the other, so the two chances add up to one."""
    z = (TEMPO / 2 if to_move else -TEMPO / 2) + _score(me, other) - _score(other, me)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


class HeroBot(Bot):
    """Stabby Jack's Hero (see the module's docstring)."""

    def choose(self, view):
        me = self.seat
        p = view.players[me]
        legal = RULES.legal_actions(view, me)
        opps = [player_figures(q) for k, q in enumerate(view.players) if k != me]
        mine = player_figures(p)
        if view.phase == DECLARE:
            unseen = _unseen(view)
            up = self._level_up(p, mine, opps, legal, unseen)
            return up or Declare(me, self._declare(view, p, mine, opps, unseen))
        if view.phase == TRAIN:
            return Replace(me, self._best_replace(p.stats, view.drawn, p.damage, mine, opps, False)[1])
        if view.phase == PLACE:
            to_move = view.after == DECLARE  # a level-up paid with XP: the turn goes on
            value, i = self._best_replace(p.stats, view.drawn, p.damage, mine, opps, to_move)
            return Replace(me, i) if value > self.value(mine, opps, to_move) else Decline(me)
        if view.phase == JACK:
            shields = [a for a in legal if isinstance(a, Shield)]
            hit = self.value(_hurt(mine, CONTENT.jack_damage), opps, False)
            if shields and self.value(_shielded(mine), opps, False) > hit:
                return shields[0]
            return TakeHit(me)
        if view.phase == ACE:
            return max(legal, key=lambda a: self._swap_value(view, a, opps))
        return legal[0]

    def value(self, me: tuple, opps: list[tuple], to_move: bool) -> float:
        """My chance to win after a choice (deaths and a finished game resolved first)."""
        me = _alive(me)
        opps = [_alive(o) for o in opps]
        if holds_all(me, opps):
            return 1.0
        if not to_move:  # my turn ends: every player's win conditions are checked
            for k, o in enumerate(opps):
                if holds_all(o, [me, *opps[:k], *opps[k + 1 :]]):
                    return 0.0
        # against several players: the mean of its chances in a duel with each of them
        return sum(chance(me, other, to_move) for other in opps) / len(opps)

    def _level_up(self, p, mine, opps, legal, unseen) -> LevelUp | None:
        """The level-up whose drawn card leaves the best chance on average, if better than none."""
        best, choice = self.value(mine, opps, True), None
        numbered = [(c, k) for c, k in unseen.items() if c.numbered]
        total = sum(k for _c, k in numbered)
        if not total:
            return None
        for a in legal:
            if not isinstance(a, LevelUp):
                continue
            spent = [p.xp[i] for i in a.xp]
            shields = sum(c.monarch for c in spent)
            xp = mine[XP] - sum(CONTENT.monarch_xp if c.monarch else CONTENT.monster_xp for c in spent)
            after = (xp,) + mine[1:SHIELDS] + (mine[SHIELDS] - shields,)
            v = sum(k * self._gain(p.stats, c, p.damage, after, opps) for c, k in numbered) / total
            if v > best:
                best, choice = v, a
        return choice

    def _gain(self, stats, card, damage, mine, opps) -> float:
        """The chance after a level-up card joins the row (at the most stats: replaces one, or is let go)."""
        if len(stats) < CONTENT.max_stats:
            return self.value(figures(stats + (card,), damage, mine[XP], mine[SHIELDS]), opps, True)
        return max(self._best_replace(stats, card, damage, mine, opps, True)[0], self.value(mine, opps, True))

    def _best_replace(self, stats, card, damage, mine, opps, to_move) -> tuple[float, int]:
        best: tuple[float, int] | None = None
        tried = set()
        for i, old in enumerate(stats):
            if old in tried:
                continue
            tried.add(old)
            row = stats[:i] + (card,) + stats[i + 1 :]
            v = self.value(figures(row, damage, mine[XP], mine[SHIELDS]), opps, to_move)
            if best is None or v > best[0]:
                best = (v, i)
        assert best is not None, "a stats row is never empty when a card is to be placed"
        return best

    def _swap_value(self, view, a: Swap, opps: list[tuple]) -> float:
        """The chance after an Ace's swap (``opps``: the other players' figures before it, in seat order)."""
        me, them = view.players[self.seat], view.players[a.other]
        mine, theirs = me.stats[a.stat], them.stats[a.other_stat]
        new_me = me._replace(stats=me.stats[: a.stat] + (theirs,) + me.stats[a.stat + 1 :])
        new_them = them._replace(stats=them.stats[: a.other_stat] + (mine,) + them.stats[a.other_stat + 1 :])
        k = a.other - (a.other > self.seat)
        after = [*opps[:k], player_figures(new_them), *opps[k + 1 :]]
        return self.value(player_figures(new_me), after, False)

    def _declare(self, view, p, mine, opps, unseen) -> str:
        """Train, fight or rest: the best average chance over the next card."""
        total = sum(unseen.values())
        if not total:
            return "rest" if p.damage else "train"
        value = self.value
        xp, s, d, luck = mine[XP], mine[SPADES], mine[DIAMONDS], mine[CLUBS]
        fight = train = either = 0.0  # either: the cards that play the same whatever was declared
        ace = None
        for card, k in unseen.items():
            rank, suit = card
            if card.numbered:
                attack = s if card.black else d
                if attack > rank or (attack == rank and luck >= rank):  # R-SJ-5
                    fight += k * value((xp + CONTENT.monster_xp,) + mine[1:], opps, False)
                else:
                    fight += k * value(_hurt(mine, CONTENT.monster_damage), opps, False)
                train += k * self._best_replace(p.stats, card, p.damage, mine, opps, False)[0]
                continue
            if rank == JACK_RANK:
                v = value(_hurt(mine, CONTENT.jack_damage), opps, False)
                if mine[SHIELDS]:
                    v = max(v, value(_shielded(mine), opps, False))
            elif rank == ACE_RANK:  # the best swap there is (the same for every Ace)
                if ace is None:
                    pairs = resolve.ace_pairs(view, self.seat)
                    swaps = (self._swap_value(view, Swap(self.seat, i, o, j), opps) for i, o, j in pairs)
                    ace = max(swaps, default=value(mine, opps, False))
                v = ace
            elif card.monarch and suit == "H":
                v = value(_healed(mine, CONTENT.heart_monarch_heal), opps, False)
            elif card.monarch and suit in "SD":
                if (s if suit == "S" else d) > CONTENT.monarch_strength:
                    v = value((xp + CONTENT.monarch_xp,) + mine[1:SHIELDS] + (mine[SHIELDS] + 1,), opps, False)
                else:
                    v = value(_hurt(mine, CONTENT.monarch_damage), opps, False)
            else:  # a Club Monarch's steal or a Joker: read as no change
                v = value(mine, opps, False)
            either += k * v
        choices = {"fight": (fight + either) / total, "train": (train + either) / total}
        if p.damage:
            choices["rest"] = value(_healed(mine, CONTENT.rest_heal), opps, False)
        return max(choices, key=lambda c: choices[c])


def _hurt(f: tuple, amount: int) -> tuple:
    return (f[XP], f[HP] - amount) + f[TOP:]


def _healed(f: tuple, amount: int) -> tuple:
    return (f[XP], min(f[TOP], f[HP] + amount)) + f[TOP:]


def _shielded(f: tuple) -> tuple:
    return (f[XP] - CONTENT.monarch_xp,) + f[HP:SHIELDS] + (f[SHIELDS] - 1,)


def _unseen(view) -> Counter:
    """The cards this seat has not seen: the draw pile's contents (the discard pile once it is empty)."""
    if view.hidden_draw == 0:
        return Counter(view.discard)  # it is shuffled into the next draw pile
    unseen = Counter(full_deck(len(view.players), view.options["jokers"]))
    unseen.subtract(view.discard)
    for q in view.players:
        unseen.subtract(q.stats)
        unseen.subtract(q.xp)
    if view.drawn is not None:
        unseen[view.drawn] -= 1
    return +unseen


# The model's weights and the worth of being the next to move. Fitted (logistic regression, each
# term as mine minus theirs) on 1,129,910 positions at the start of a turn, from 2-player games on
# tuning seeds 0-799: the older card-counting plan against the careful newcomer, itself and the
# decent model; this lookahead (on a first fit) against the same three and itself.
# ``python -m tools.fit_hero`` fits them again (``--write`` rewrites the numbers below).
TEMPO = 0.078
OWN_WEIGHTS = (  # one for each of ``_own``'s terms, in its order
    0.681,  # XP
    0.038,  # 10 XP or more
    0.434,  # HP
    -0.14,  # 1 HP
    -0.193,  # 2 HP or less
    0.089,  # 3 HP or less
    0.623,  # the share of monsters it beats
    0.507,  # ... black ones times red ones
    -0.077,  # attack
    0.327,  # luck
    2.058,  # stats, of 8
    -0.111,  # monarchs in XP
    -0.072,  # XP, when at 2 HP or less
    0.199,  # XP times the share of monsters beaten
    -0.382,  # max HP
    -0.118,  # spades and diamonds both over 10
    0.218,  # attack over a Monarch's 13
)
CROSS_WEIGHTS = (  # one for each of ``_score``'s terms of the win conditions, in its order
    -0.079,  # attack above the other's HP
    0.07,  # ... by how much
    0.031,  # more luck
    -0.053,  # ... by how much
    -0.054,  # both conditions
    0.156,  # XP, with both
    0.584,  # XP, for each condition held
)
