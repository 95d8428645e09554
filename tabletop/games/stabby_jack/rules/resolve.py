"""Stabby Jack mechanics on a working clone of the state: drawing, combat,
special cards, levelling up, death and rebirth, end of turn and the win check.

Every function here changes the clone ``s`` in place (by replacing fields)
and writes one sentence per event into ``s.log``, kept language-free (said.py). Seat names are
written as "{0}", "{1}", ... and filled in by ``text.render``.
"""

from __future__ import annotations

from tabletop.core.i18n import N_

from .content import ACE, CONTENT, JACK, QUEEN, Card
from .said import Phrase, phrase
from .state import ACE as ACE_PHASE
from .state import DECLARE, OVER, PLACE, TRAIN, State, hp, suit_total, xp_value
from .state import JACK as JACK_PHASE

END = "end"  # pseudo-phase: the turn is over, call end_turn


_WHO = tuple(f"{{{seat}}}" for seat in range(6))


def who(seat: int) -> str:
    return _WHO[seat]


def _stab(card: Card, seat: int) -> Phrase:
    return phrase(N_("Stabby Jack ({card}) stabs {who}"), card=card.label(), who=who(seat))


# -- the piles -------------------------------------------------------------


def numbered_left(s: State) -> int:
    """Numbered cards in the draw and discard piles (works on views too)."""
    held = 0
    for p in s.players:  # stats rows hold only numbered cards; XP rows numbered cards and Monarchs
        held += len(p.stats)
        for c in p.xp:
            if c.rank < QUEEN:
                held += 1
    if s.drawn is not None and s.drawn.numbered:
        held += 1
    return s.decks * 36 - held


_FEWEST_XP_CARDS = -(-CONTENT.level_cost // max(CONTENT.monarch_xp, CONTENT.monster_xp))


def can_level_up(s: State, seat: int) -> bool:
    """R-SJ-4: XP worth the level cost and a numbered card left to draw (works on views too).
    The phase and turn are the caller's to check."""
    xp = s.players[seat].xp
    return len(xp) >= _FEWEST_XP_CARDS and xp_value(xp) >= CONTENT.level_cost and numbered_left(s) > 0


def draw_one(s: State) -> Card | None:
    """The top card of the draw pile; R-SJ-1: the discard pile is shuffled in when it runs out."""
    if not s.draw:
        if not s.discard:
            return None
        cards = list(s.discard)
        assert s.rng is not None, "a view never draws"
        s.rng.shuffle(cards)
        s.draw = tuple(cards)
        s.discard = ()
        s.say(N_("The discard pile is shuffled to make a new draw pile."))
    card = s.draw[-1]
    s.draw = s.draw[:-1]
    return card


def draw_numbered(s: State) -> Card | None:
    """Draw until a numbered card comes, putting specials on the discard pile.
    None when no numbered card is left in either pile."""
    while numbered_left(s) > 0:
        card = draw_one(s)
        assert card is not None, "a numbered card is left"
        if card.numbered:
            return card
        s.discard = s.discard + (card,)
    return None


def turn_up(s: State, card: Card) -> None:
    """Note a card the current action drew to play (``State.turned``)."""
    s.turned = s.turned + (card,)


def throw(s: State, *cards: Card) -> None:
    s.discard = s.discard + cards


# -- damage, healing, death ----------------------------------------------


def _say_with_cause(s: State, cause: Phrase | None, what: Phrase) -> None:
    if cause:
        s.say(N_("{cause}: {what}"), cause=cause, what=what)
    else:
        s.say(what[0], **what[1])


def hurt(s: State, seat: int, amount: int, cause: Phrase | None = None) -> None:
    """``cause`` (a phrase without its full stop) is said in the same line: who did it, then what it changed."""
    p = s.set_player(seat, damage=s.players[seat].damage + amount)
    what = phrase(N_("{who} takes {amount} damage ({left} HP left)."), who=who(seat), amount=amount, left=max(hp(p), 0))
    _say_with_cause(s, cause, what)
    check_death(s, seat)


def heal(s: State, seat: int, amount: int, cause: Phrase | None = None) -> None:
    p = s.players[seat]
    healed = min(amount, p.damage)
    p = s.set_player(seat, damage=p.damage - healed)
    if healed:
        what = phrase(N_("{who} heals {healed} HP ({hp} HP now)."), who=who(seat), healed=healed, hp=hp(p))
    else:
        what = phrase(N_("{who} is already at full health ({hp} HP)."), who=who(seat), hp=hp(p))
    _say_with_cause(s, cause, what)


def check_death(s: State, seat: int) -> None:
    """R-SJ-3: at 0 HP or below the player dies and is reborn (R-SJ-7)."""
    p = s.players[seat]
    if hp(p) > 0:
        return
    throw(s, *p.stats, *p.xp)
    s.set_player(seat, stats=(), xp=(), damage=0, deaths=p.deaths + 1)
    new = []
    for _ in range(len(p.stats)):
        card = draw_numbered(s)
        if card is None:
            break
        new.append(card)
        s.set_player(seat, stats=tuple(new))
    k = len(new)
    s.say(N_("{who} dies, loses all stats and XP, and is reborn. New stat cards: {n}."), who=who(seat), n=k)


# -- levelling up ------------------------------------------------------------


def level_up(s: State, seat: int, card: Card, after: str) -> None:
    """R-SJ-7: add the card to the stats row, or offer a replace/decline choice at the maximum."""
    p = s.players[seat]
    if len(p.stats) < CONTENT.max_stats:
        s.set_player(seat, stats=p.stats + (card,))
        s.say(N_("{who} levels up: the {card} joins the stats row."), who=who(seat), card=card.phrase())
        s.phase = after
        check_death(s, seat)  # cannot kill (a card only adds), kept for symmetry
        return
    s.drawn = card
    s.after = after
    s.phase = PLACE


def place(s: State, seat: int, index: int | None) -> None:
    """Finish a PLACE choice: replace stat ``index`` with the drawn card, or decline (None)."""
    card = s.take_drawn()
    p = s.players[seat]
    if index is None:
        throw(s, card)
        s.say(
            N_("{who} already has {n} stats and lets the {card} go."),
            who=who(seat),
            n=CONTENT.max_stats,
            card=card.phrase(),
        )
    else:
        old = p.stats[index]
        s.set_player(seat, stats=p.stats[:index] + (card,) + p.stats[index + 1 :])
        throw(s, old)
        s.say(
            N_("{who} levels up: the {card} replaces the {old}."), who=who(seat), card=card.phrase(), old=old.phrase()
        )
        check_death(s, seat)
    s.phase = s.after


def train(s: State, seat: int, index: int) -> None:
    """Finish a TRAIN choice: the drawn card replaces stat ``index`` (may injure or kill)."""
    card = s.take_drawn()
    p = s.players[seat]
    old = p.stats[index]
    s.set_player(seat, stats=p.stats[:index] + (card,) + p.stats[index + 1 :])
    throw(s, old)
    s.say(N_("{who} trains: the {card} replaces the {old}."), who=who(seat), card=card.phrase(), old=old.phrase())
    check_death(s, seat)
    s.phase = END


# -- combat ------------------------------------------------------------------


def fight(s: State, seat: int, card: Card) -> None:
    """R-SJ-5: a monster (numbered card) or a Diamond/Spade Monarch."""
    p = s.players[seat]
    suit = "S" if card.black else "D"
    power = suit_total(p.stats, suit)
    kind = N_("physical") if suit == "S" else N_("magical")
    luck = suit_total(p.stats, "C")
    how: Phrase
    if card.monarch:
        value, won = CONTENT.monarch_strength, power > CONTENT.monarch_strength
        how = (
            phrase(N_("{power} against {value}; monarchs win ties"), power=power, value=value)
            if power == value
            else phrase(N_("{power} against {value}"), power=power, value=value)
        )
        xp, dmg = CONTENT.monarch_xp, CONTENT.monarch_damage
    else:
        value = card.rank
        if power != value:
            won = power > value
            how = phrase(N_("{power} against {value}"), power=power, value=value)
        else:
            won = luck >= value
            how = (
                phrase(N_("a tie at {value}, luck {luck} is enough"), value=value, luck=luck)
                if won
                else phrase(N_("a tie at {value}, luck {luck} is not enough"), value=value, luck=luck)
            )
        xp, dmg = CONTENT.monster_xp, CONTENT.monster_damage
    if won:
        s.set_player(seat, xp=p.xp + (card,))
        s.say(
            N_("{who} beats the {card} ({kind}, {how}) and keeps it as {xp} XP."),
            who=who(seat),
            card=card.phrase(),
            kind=kind,
            how=how,
            xp=xp,
        )
    else:
        throw(s, card)
        lost = phrase(
            N_("{who} loses to the {card} ({kind}, {how})"), who=who(seat), card=card.phrase(), kind=kind, how=how
        )
        hurt(s, seat, dmg, lost)
    s.phase = END


# -- special cards -----------------------------------------------------------


def ace_pairs(s: State, seat: int) -> list[tuple[int, int, int]]:
    """Every (my stat, other seat, their stat) of the same suit or the same value."""
    out = []
    mine = tuple(enumerate(s.players[seat].stats))
    for other, q in enumerate(s.players):
        if other == seat:
            continue
        for j, (rank, suit) in enumerate(q.stats):
            for i, (r, su) in mine:
                if su == suit or r == rank:
                    out.append((i, other, j))
    out.sort()
    return out


def swap(s: State, seat: int, i: int, other: int, j: int) -> None:
    a = s.players[seat].stats[i]
    b = s.players[other].stats[j]
    ps, po = s.players[seat], s.players[other]
    s.set_player(seat, stats=ps.stats[:i] + (b,) + ps.stats[i + 1 :])
    s.set_player(other, stats=po.stats[:j] + (a,) + po.stats[j + 1 :])
    throw(s, s.take_drawn())
    s.say(
        N_("{who} swaps their {card} for {other}'s {theirs}."),
        who=who(seat),
        card=a.phrase(),
        other=who(other),
        theirs=b.phrase(),
    )
    check_death(s, seat)
    check_death(s, other)
    s.phase = END


def resolve_special(s: State, seat: int, card: Card) -> None:
    """R-SJ-6. Sets a choice phase, or END when the card is fully resolved."""
    p = s.players[seat]
    if card.rank == JACK:
        if any(c.monarch for c in p.xp):
            s.drawn = card
            s.phase = JACK_PHASE
            s.say(
                N_("{who} meets Stabby Jack ({card}) and may give up a Monarch as a shield."),
                who=who(seat),
                card=card.label(),
            )
            return
        throw(s, card)
        hurt(s, seat, CONTENT.jack_damage, _stab(card, seat))
        s.phase = END
    elif card.rank == ACE:
        if ace_pairs(s, seat):
            s.drawn = card
            s.phase = ACE_PHASE
            s.say(
                N_("{who} must swap a stat card with another player's card of the same suit or value."), who=who(seat)
            )
            return
        throw(s, card)
        s.say(
            N_("No stat card of {who} matches another player's in suit or value; the Ace does nothing."), who=who(seat)
        )
        s.phase = END
    elif card.monarch and card.suit == "H":
        throw(s, card)
        heal(
            s, seat, CONTENT.heart_monarch_heal, phrase(N_("The {card} heals {who}"), card=card.phrase(), who=who(seat))
        )
        s.phase = END
    elif card.monarch and card.suit == "C":
        throw(s, card)
        luck = suit_total(p.stats, "C")
        s.say(
            N_("{who} tries to steal from the {card} with luck {luck}."), who=who(seat), card=card.phrase(), luck=luck
        )
        steal(s, seat, lambda c: c.rank <= luck, luck)
    elif card.monarch:
        fight(s, seat, card)
    else:  # Joker
        throw(s, card)
        s.say(N_("{who} draws a Joker: a free level-up."), who=who(seat))
        steal(s, seat, lambda c: True, 0)


def steal(s: State, seat: int, ok, luck: int) -> None:
    """Club Monarch and Joker: draw one card; a special is resolved instead (``luck``: the Monarch's limit)."""
    card = draw_one(s)
    if card is None:
        s.say(N_("{who} finds no card left to draw."), who=who(seat))
        s.phase = END
        return
    turn_up(s, card)
    if card.special:
        s.say(N_("{who} draws the {card} instead."), who=who(seat), card=card.phrase())
        resolve_special(s, seat, card)
    elif ok(card):
        level_up(s, seat, card, END)
    else:
        throw(s, card)
        s.say(
            N_("{who} draws the {card}, more than luck {luck}: it is discarded."),
            who=who(seat),
            card=card.phrase(),
            luck=luck,
        )
        s.phase = END


def jack_choice(s: State, seat: int, xp_index: int | None) -> None:
    card = s.take_drawn()
    throw(s, card)
    if xp_index is None:
        hurt(s, seat, CONTENT.jack_damage, _stab(card, seat))
    else:
        p = s.players[seat]
        shield = p.xp[xp_index]
        s.set_player(seat, xp=p.xp[:xp_index] + p.xp[xp_index + 1 :])
        throw(s, shield)
        s.say(
            N_("{who} throws the {card} in Stabby Jack's way and takes no damage."), who=who(seat), card=shield.phrase()
        )
    s.phase = END


# -- the declared action -----------------------------------------------------


def declare(s: State, seat: int, choice: str) -> None:
    s.declared = choice
    if choice == "rest":
        heal(s, seat, CONTENT.rest_heal, phrase(N_("{who} rests in bed"), who=who(seat)))
        s.phase = END
        return
    card = draw_one(s)
    if card is None:
        if choice == "train":
            s.say(N_("{who} trains, but there is no card left to draw."), who=who(seat))
        else:
            s.say(N_("{who} goes on an adventure, but there is no card left to draw."), who=who(seat))
        s.phase = END
        return
    turn_up(s, card)
    if choice == "train":
        s.say(N_("{who} trains and draws the {card}."), who=who(seat), card=card.phrase())
    else:
        s.say(N_("{who} goes on an adventure and draws the {card}."), who=who(seat), card=card.phrase())
    if card.special:
        resolve_special(s, seat, card)
    elif choice == "fight":
        fight(s, seat, card)
    elif not s.players[seat].stats:
        level_up(s, seat, card, END)  # nothing to replace: the card is simply added
    else:
        s.drawn = card
        s.phase = TRAIN


def spend_xp(s: State, seat: int, indices: tuple[int, ...]) -> None:
    """R-SJ-4: spend XP cards worth at least the level cost, then a secured level-up."""
    p = s.players[seat]
    spent = tuple(p.xp[i] for i in indices)
    keep = tuple(c for i, c in enumerate(p.xp) if i not in set(indices))
    s.set_player(seat, xp=keep)
    throw(s, *spent)
    s.say(N_("{who} spends {xp} XP to level up."), who=who(seat), xp=xp_value(spent))
    card = draw_numbered(s)
    if card is None:  # guarded by the rules: never happens
        s.phase = DECLARE
        return
    turn_up(s, card)
    level_up(s, seat, card, DECLARE)


# -- end of turn and winning -------------------------------------------------


def standing(p) -> tuple[int, int, int, int]:
    """(XP held, best attack, luck, current HP) of one player."""
    t = {"S": 0, "H": 0, "D": 0, "C": 0}
    for c in p.stats:
        t[c.suit] += c.rank
    return xp_value(p.xp), max(t["S"], t["D"]), t["C"], (t["H"] or 1) - p.damage


def conditions(s: State, seat: int, table=None) -> tuple[bool, bool, bool]:
    """R-SJ-8: (enough XP, attack beats every other player's HP, strictly most luck)."""
    table = table or [standing(p) for p in s.players]
    xp, power, luck, _ = table[seat]
    others = [row for k, row in enumerate(table) if k != seat]
    return (xp >= CONTENT.win_xp, all(power > row[3] for row in others), all(luck > row[2] for row in others))


def end_turn(s: State) -> None:
    n = len(s.players)
    s.turns += 1
    s.drawn = None
    s.declared = None
    table = None
    most = max(CONTENT.monarch_xp, CONTENT.monster_xp)
    for k in range(n):  # R-SJ-8: the active player first, then in turn order
        seat = (s.turn + k) % n
        xp = s.players[seat].xp
        if len(xp) * most < CONTENT.win_xp or xp_value(xp) < CONTENT.win_xp:
            continue
        table = table or [standing(p) for p in s.players]
        if all(conditions(s, seat, table)):
            s.winner = seat
            s.say(N_("{who} holds enough XP, out-fights every other player and has the most luck."), who=who(seat))
            s.result = s.log[-1]
            s.phase = OVER
            return
    limit = s.options.get("round_limit", 0)
    if limit and s.turns >= limit * n:
        tiebreak(s)
        return
    s.turn = (s.turn + 1) % n
    s.phase = DECLARE


def tiebreak(s: State) -> None:
    """Referee decision: at the round limit, most win conditions met, then most XP, then most luck."""

    def score(seat):
        p = s.players[seat]
        return (sum(conditions(s, seat)), xp_value(p.xp), suit_total(p.stats, "C"))

    scores = [score(k) for k in range(len(s.players))]
    best = max(scores)
    s.phase = OVER
    if scores.count(best) == 1:
        s.winner = scores.index(best)
        s.say(
            N_("The round limit is reached; {who} wins on the tiebreak ({met} of 3 conditions, {xp} XP, luck {luck})."),
            who=who(s.winner),
            met=best[0],
            xp=best[1],
            luck=best[2],
        )
    else:
        s.winner = None
        s.say(N_("The round limit is reached and the tiebreak is level: a draw."))
    s.result = s.log[-1]
