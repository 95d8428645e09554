"""Computer players for Stabby Jack. They see only ``view_for(state, seat)``.

- "random": a uniformly random legal action (for tests).
- "easy": simple habits: rest at 1 HP, fight or train at a whim, replace the weakest card.
- "beginner": the strong plan with a beginner's non-stalling mistakes (the Beginner level).
- "strong": counts the unseen cards to judge fights, trains toward the win
  conditions, saves XP once strong and lucky enough, shields against Stabby
  Jack when the stab would kill, and swaps with an Ace to hurt the leader.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tabletop.core.game import Bot
from tabletop.core.rng import Rng

from .rules import RULES, Declare, Decline, LevelUp, Replace, Shield, Swap, TakeHit
from .rules.content import CONTENT, full_deck
from .rules.state import ACE, DECLARE, JACK, PLACE, TRAIN, Player, hp, max_hp, suit_total, xp_value


def _sums(stats):
    t = {"S": 0, "H": 0, "D": 0, "C": 0}
    for c in stats:
        t[c.suit] += c.rank
    return t


def worth(stats, damage: int, others: list[Player]) -> float:
    """How good a stats row is, with an eye on the win conditions (R-SJ-8)."""
    t = _sums(stats)
    top = t["H"] or 1
    if top - damage <= 0:
        return -1000.0
    power = max(t["S"], t["D"])
    life = min(top, HP_ENOUGH) + 0.2 * max(top - HP_ENOUGH, 0)
    score = power + 0.5 * min(t["S"], t["D"]) + 0.6 * life + 0.8 * t["C"]
    if others:
        # the win conditions (R-SJ-8): a bonus for each one met, and a pull towards a missing one
        need_power = max(hp(q) for q in others) + 1 - power
        need_luck = max(suit_total(q.stats, "C") for q in others) + 1 - t["C"]
        score += 8 if need_power <= 0 else -0.5 * need_power
        score += 8 if need_luck <= 0 else -0.7 * need_luck
    return score


HP_ENOUGH = 12  # hearts beyond this mostly just make a hero hard to out-fight


def fight_chance(view, seat: int) -> float:
    """Chance to win a fight against the next card, counting the unseen cards."""
    seen = Counter(view.discard)
    for p in view.players:
        seen.update(p.stats)
        seen.update(p.xp)
    unseen = Counter(full_deck(len(view.players), view.options["jokers"]))
    unseen.subtract(seen)
    t = _sums(view.players[seat].stats)
    good = total = 0
    for card, k in unseen.items():
        if k <= 0:
            continue
        if card.numbered:
            power = t["S"] if card.black else t["D"]
            win = power > card.rank or (power == card.rank and t["C"] >= card.rank)
        elif card.monarch and card.suit in "SD":
            win = t[card.suit] > CONTENT.monarch_strength
        else:
            continue  # other specials happen whatever we declare
        total += k
        good += k * win
    return good / total if total else 0.0


@dataclass
class RandomBot(Bot):
    def choose(self, view):
        rng = self.memory.setdefault("rng", Rng(self.seed))
        return rng.choice(RULES.legal_actions(view, self.seat))


@dataclass
class EasyBot(Bot):
    """Simple habits that still aim at the win: grow to six stats, then keep XP for the win;
    rest when low; fight or train on a whim (fight more once XP is all that is missing);
    train by swapping the card whose loss hurts least, judged roughly."""

    def choose(self, view):
        rng = self.memory.setdefault("rng", Rng(self.seed))
        legal = RULES.legal_actions(view, self.seat)
        p = view.players[self.seat]
        others = [q for k, q in enumerate(view.players) if k != self.seat]
        if view.phase == DECLARE:
            ups = [a for a in legal if isinstance(a, LevelUp)]
            if ups and (len(p.stats) < 6 or xp_value(p.xp) - CONTENT.level_cost >= CONTENT.win_xp):
                return ups[0]
            if hp(p) <= 1 and p.damage:
                return Declare(self.seat, "rest")
            t = _sums(p.stats)
            ready = all(max(t["S"], t["D"]) > hp(q) for q in others) and all(
                t["C"] > suit_total(q.stats, "C") for q in others
            )
            # fights more once its attack looks good (and once XP is all that is missing)
            keen = 0.9 if ready else 0.7 if max(t["S"], t["D"]) >= 10 else 0.35
            return Declare(self.seat, "fight" if rng.random() < keen else "train")
        if view.phase in (TRAIN, PLACE):
            rows = [p.stats[:i] + (view.drawn,) + p.stats[i + 1 :] for i in range(len(p.stats))]
            scores = [worth(r, p.damage, others) + 2 * rng.random() for r in rows]
            best = max(range(len(rows)), key=lambda i: scores[i])
            if view.phase == PLACE and scores[best] <= worth(p.stats, p.damage, others):
                return Decline(self.seat)
            return Replace(self.seat, best)
        if view.phase == JACK:
            return legal[0]  # always shields
        return rng.choice(legal)


@dataclass
class StrongBot(Bot):
    def choose(self, view):
        seat = self.seat
        p = view.players[seat]
        others = [q for k, q in enumerate(view.players) if k != seat]
        legal = RULES.legal_actions(view, seat)
        if view.phase == DECLARE:
            return self._declare(view, p, others, legal)
        if view.phase in (TRAIN, PLACE):
            best, best_score = None, worth(p.stats, p.damage, others) if view.phase == PLACE else None
            for i in range(len(p.stats)):
                row = p.stats[:i] + (view.drawn,) + p.stats[i + 1 :]
                score = worth(row, p.damage, others)
                if best_score is None or score > best_score:
                    best, best_score = i, score
            return Decline(seat) if best is None else Replace(seat, best)
        if view.phase == JACK:
            if hp(p) <= CONTENT.jack_damage:
                return next(a for a in legal if isinstance(a, Shield))
            return TakeHit(seat)
        if view.phase == ACE:
            return max(legal, key=lambda a: self._swap_score(view, a))
        return legal[0]

    def _declare(self, view, p, others, legal):
        seat = self.seat
        t = _sums(p.stats)
        power = max(t["S"], t["D"])
        strong = all(power > hp(q) for q in others)
        lucky = all(t["C"] > suit_total(q.stats, "C") for q in others)
        ups = [a for a in legal if isinstance(a, LevelUp)]
        spare = xp_value(p.xp) - CONTENT.level_cost >= CONTENT.win_xp  # still enough XP to win after
        # grow to six stats; past that, XP is saved for the win (spending it whenever the luck lead
        # changed hands kept both heroes of a two-player game from ever holding 10 XP)
        if ups and (spare or len(p.stats) < 6):
            return ups[0]  # monsters are spent first; monarchs are kept as shields
        life = hp(p)
        shield = any(c.monarch for c in p.xp)
        if p.damage and (life == 1 or (life <= CONTENT.jack_damage and not shield)):
            return Declare(seat, "rest")
        chance = fight_chance(view, seat)
        if strong and lucky:  # only XP is missing: every won fight is a step to the win
            return Declare(seat, "fight" if chance >= 0.25 or xp_value(p.xp) < CONTENT.win_xp else "train")
        if chance >= 0.5 or (chance >= 0.35 and len(p.stats) >= 6):
            return Declare(seat, "fight")
        return Declare(seat, "train")

    def _swap_score(self, view, a: Swap) -> float:
        me, them = view.players[self.seat], view.players[a.other]
        mine, theirs = me.stats[a.stat], them.stats[a.other_stat]
        new_me = me.stats[: a.stat] + (theirs,) + me.stats[a.stat + 1 :]
        new_them = them.stats[: a.other_stat] + (mine,) + them.stats[a.other_stat + 1 :]
        rest = [q for k, q in enumerate(view.players) if k not in (self.seat, a.other)]
        after_them = them._replace(stats=new_them)
        gain = worth(new_me, me.damage, rest + [after_them]) - worth(me.stats, me.damage, rest + [them])
        loss = worth(new_them, 0, []) - worth(them.stats, 0, [])
        score = gain - 0.25 * loss
        if max_hp(new_them) - them.damage <= 0:
            # a kill pays when it strips a rival of real XP; otherwise it only hands them fresh stats
            score += xp_value(them.xp) if xp_value(them.xp) >= CONTENT.level_cost else -3
        return score


@dataclass
class BeginnerBot(StrongBot):
    """The strong plan (grow to six stats, then save XP for the win; fight hard once only XP is
    missing) with a beginner's mistakes that do not stall the game: it judges fights by a rough,
    timid feel for its odds rather than by counting cards, picks stats carelessly and blind to its
    rivals, and swaps with an Ace at random (but never into a kill, which would wipe someone's XP)."""

    def __post_init__(self):
        self.level = "Beginner"  # the one level made of this engine alone, so it answers to that name

    def choose(self, view):
        rng = self.memory.setdefault("rng", Rng(self.seed))
        seat = self.seat
        p = view.players[seat]
        others = [q for k, q in enumerate(view.players) if k != seat]
        legal = RULES.legal_actions(view, seat)
        if view.phase == DECLARE:
            choice = self._declare(view, p, others, legal)
            if isinstance(choice, Declare) and choice.choice != "rest":
                # a rough feel for its odds instead of counting the cards
                felt = fight_chance(view, seat) + BEGINNER_FEEL * (2 * rng.random() - 1)
                t = _sums(p.stats)
                ready = all(max(t["S"], t["D"]) > hp(q) for q in others) and all(
                    t["C"] > suit_total(q.stats, "C") for q in others
                )
                return Declare(seat, "fight" if felt >= (BEGINNER_READY if ready else BEGINNER_BAR) else "train")
            return choice
        if view.phase in (TRAIN, PLACE):
            rows = [p.stats[:i] + (view.drawn,) + p.stats[i + 1 :] for i in range(len(p.stats))]
            # careless, and blind to what the win conditions ask of its row against the others
            scores = [worth(r, p.damage, []) + BEGINNER_NOISE * rng.random() for r in rows]
            best = max(range(len(rows)), key=lambda i: scores[i])
            if view.phase == PLACE and scores[best] <= worth(p.stats, p.damage, []):
                return Decline(seat)
            return Replace(seat, best)
        if view.phase == ACE:
            # a careless swap, but never one that kills (a kill wipes a rival's XP and drags the game on)
            safe = [a for a in legal if not _kills(view, a)]
            return rng.choice(safe or legal)
        return super().choose(view)


def _kills(view, a: Swap) -> bool:
    me, them = view.players[a.player], view.players[a.other]
    mine, theirs = me.stats[a.stat], them.stats[a.other_stat]
    new_me = me.stats[: a.stat] + (theirs,) + me.stats[a.stat + 1 :]
    new_them = them.stats[: a.other_stat] + (mine,) + them.stats[a.other_stat + 1 :]
    return max_hp(new_them) - them.damage <= 0 or max_hp(new_me) - me.damage <= 0


BEGINNER_FEEL = 0.5  # how far its feel for a fight's odds strays from the truth
BEGINNER_BAR = 0.7  # the felt odds it fights at (timid: fewer fights, fewer wins, but few deaths)
BEGINNER_READY = 0.55  # ... once only XP is missing
BEGINNER_NOISE = 8.0  # how carelessly it weighs a new stat card


LEVELS = {"random": RandomBot, "easy": EasyBot, "strong": StrongBot, "beginner": BeginnerBot}


def make_bot(seat: int, level: str = "strong", seed: int = 0) -> Bot:
    if level not in LEVELS:
        raise ValueError(f"unknown Stabby Jack bot level {level!r} (known: {', '.join(LEVELS)})")
    return LEVELS[level](seat=seat, level=level, seed=seed)
