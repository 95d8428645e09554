"""Stabby Jack's careful newcomer: a scripted person, independent of the computer levels.

It plays from the stats it sees, counting no cards: it levels up while its row is short (fewer
than six stats) or when it has XP to spare beyond the 10 a win needs; rests when one more hit could
kill it; fights once its better attack (spades or diamonds) reaches 9, and otherwise trains. It
trains by replacing its lowest card (never one that would kill it), takes a level-up card only
when it beats its lowest, shields from Stabby Jack only when the stab would kill, and swaps with
an Ace for the biggest card it can take. The ladder judges each game's Beginner on it (``newcomer``).
"""

from __future__ import annotations

from tabletop.core.game import Bot
from tabletop.core.rng import Rng

from .rules import RULES, Declare, Decline, LevelUp, Replace, Shield, Swap, TakeHit
from .rules.content import CONTENT
from .rules.state import ACE, DECLARE, JACK, PLACE, TRAIN, hp, max_hp, suit_total, xp_value

FIGHT_AT = 9  # the attack it fights with
ROW = 6  # stats it levels up to


class NewcomerBot(Bot):
    def __init__(self, seat: int, level: str = "newcomer", seed: int = 0):
        super().__init__(seat=seat, level=level, seed=seed)
        self.rng = Rng(seed * 3571 + seat + 5)

    def choose(self, view):
        me = self.seat
        p = view.players[me]
        legal = RULES.legal_actions(view, me)
        if view.phase == DECLARE:
            ups = [a for a in legal if isinstance(a, LevelUp)]
            spare = xp_value(p.xp) - CONTENT.level_cost >= CONTENT.win_xp
            if ups and (len(p.stats) < ROW or spare):
                return ups[0]
            if p.damage and hp(p) <= 1:
                return Declare(me, "rest")
            attack = max(suit_total(p.stats, "S"), suit_total(p.stats, "D"))
            return Declare(me, "fight" if attack >= FIGHT_AT else "train")
        if view.phase in (TRAIN, PLACE):
            order = sorted(range(len(p.stats)), key=lambda i: (p.stats[i].rank, self.rng.random()))
            lowest = order[0]
            if view.phase == PLACE and view.drawn.rank <= p.stats[lowest].rank:
                return Decline(me)
            for i in order:
                row = p.stats[:i] + (view.drawn,) + p.stats[i + 1 :]
                if max_hp(row) - p.damage > 0:
                    return Replace(me, i)
            return Replace(me, lowest)
        if view.phase == JACK:
            shields = [a for a in legal if isinstance(a, Shield)]
            return shields[0] if shields and hp(p) <= CONTENT.jack_damage else TakeHit(me)
        if view.phase == ACE:

            def gain(a: Swap) -> float:
                return view.players[a.other].stats[a.other_stat].rank - p.stats[a.stat].rank + 0.01 * self.rng.random()

            return max(legal, key=gain)
        return legal[0]
