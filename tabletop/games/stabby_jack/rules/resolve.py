"""Stabby Jack mechanics on a working clone of the state: drawing, combat,
special cards, levelling up, death and rebirth, end of turn and the win check.

Every function here changes the clone ``s`` in place (by replacing fields)
and writes one sentence per event into ``s.log``. Seat names are written as
"{0}", "{1}", ... and filled in by ``text.render``.
"""

from __future__ import annotations

from tabletop.core.words import plural

from .content import ACE, CONTENT, JACK, QUEEN, Card
from .state import ACE as ACE_PHASE
from .state import DECLARE, OVER, PLACE, TRAIN, State, hp, suit_total, xp_value
from .state import JACK as JACK_PHASE

END = "end"  # pseudo-phase: the turn is over, call end_turn


_WHO = tuple(f"{{{seat}}}" for seat in range(6))


def who(seat: int) -> str:
    return _WHO[seat]


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
        s.say("The discard pile is shuffled to make a new draw pile.")
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


def hurt(s: State, seat: int, amount: int, cause: str = "") -> None:
    """``cause`` (a sentence without its full stop) is said in the same line: who did it, then what it changed."""
    p = s.set_player(seat, damage=s.players[seat].damage + amount)
    said = f"{who(seat)} takes {amount} damage ({max(hp(p), 0)} HP left)."
    s.say(f"{cause}: {said}" if cause else said)
    check_death(s, seat)


def heal(s: State, seat: int, amount: int, cause: str = "") -> None:
    p = s.players[seat]
    healed = min(amount, p.damage)
    p = s.set_player(seat, damage=p.damage - healed)
    if healed:
        said = f"{who(seat)} heals {healed} HP ({hp(p)} HP now)."
    else:
        said = f"{who(seat)} is already at full health ({hp(p)} HP)."
    s.say(f"{cause}: {said}" if cause else said)


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
    s.say(f"{who(seat)} dies, loses all stats and XP, and is reborn with {plural(k, 'new stat card')}.")


# -- levelling up ------------------------------------------------------------


def level_up(s: State, seat: int, card: Card, after: str) -> None:
    """R-SJ-7: add the card to the stats row, or offer a replace/decline choice at the maximum."""
    p = s.players[seat]
    if len(p.stats) < CONTENT.max_stats:
        s.set_player(seat, stats=p.stats + (card,))
        s.say(f"{who(seat)} levels up: the {card.name()} joins the stats row.")
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
        s.say(f"{who(seat)} already has {CONTENT.max_stats} stats and lets the {card.name()} go.")
    else:
        old = p.stats[index]
        s.set_player(seat, stats=p.stats[:index] + (card,) + p.stats[index + 1 :])
        throw(s, old)
        s.say(f"{who(seat)} levels up: the {card.name()} replaces the {old.name()}.")
        check_death(s, seat)
    s.phase = s.after


def train(s: State, seat: int, index: int) -> None:
    """Finish a TRAIN choice: the drawn card replaces stat ``index`` (may injure or kill)."""
    card = s.take_drawn()
    p = s.players[seat]
    old = p.stats[index]
    s.set_player(seat, stats=p.stats[:index] + (card,) + p.stats[index + 1 :])
    throw(s, old)
    s.say(f"{who(seat)} trains: the {card.name()} replaces the {old.name()}.")
    check_death(s, seat)
    s.phase = END


# -- combat ------------------------------------------------------------------


def fight(s: State, seat: int, card: Card) -> None:
    """R-SJ-5: a monster (numbered card) or a Diamond/Spade Monarch."""
    p = s.players[seat]
    suit = "S" if card.black else "D"
    power = suit_total(p.stats, suit)
    kind = "physical" if suit == "S" else "magical"
    luck = suit_total(p.stats, "C")
    if card.monarch:
        value, won = CONTENT.monarch_strength, power > CONTENT.monarch_strength
        how = f"{power} against {value}; monarchs win ties" if power == value else f"{power} against {value}"
        xp, dmg = CONTENT.monarch_xp, CONTENT.monarch_damage
    else:
        value = card.rank
        if power != value:
            won = power > value
            how = f"{power} against {value}"
        else:
            won = luck >= value
            how = f"a tie at {value}, luck {luck} {'is enough' if won else 'is not enough'}"
        xp, dmg = CONTENT.monster_xp, CONTENT.monster_damage
    if won:
        s.set_player(seat, xp=p.xp + (card,))
        s.say(f"{who(seat)} beats the {card.name()} ({kind}, {how}) and keeps it as {xp} XP.")
    else:
        throw(s, card)
        hurt(s, seat, dmg, f"{who(seat)} loses to the {card.name()} ({kind}, {how})")
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
    s.say(f"{who(seat)} swaps their {a.name()} for {who(other)}'s {b.name()}.")
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
            s.say(f"{who(seat)} meets Stabby Jack ({card.label()}) and may give up a Monarch as a shield.")
            return
        throw(s, card)
        hurt(s, seat, CONTENT.jack_damage, f"Stabby Jack ({card.label()}) stabs {who(seat)}")
        s.phase = END
    elif card.rank == ACE:
        if ace_pairs(s, seat):
            s.drawn = card
            s.phase = ACE_PHASE
            s.say(f"{who(seat)} must swap a stat card with another player's card of the same suit or value.")
            return
        throw(s, card)
        s.say(f"No stat card of {who(seat)} matches another player's in suit or value; the Ace does nothing.")
        s.phase = END
    elif card.monarch and card.suit == "H":
        throw(s, card)
        heal(s, seat, CONTENT.heart_monarch_heal, f"The {card.name()} heals {who(seat)}")
        s.phase = END
    elif card.monarch and card.suit == "C":
        throw(s, card)
        luck = suit_total(p.stats, "C")
        s.say(f"{who(seat)} tries to steal from the {card.name()} with luck {luck}.")
        steal(s, seat, lambda c: c.rank <= luck, f"more than luck {luck}")
    elif card.monarch:
        fight(s, seat, card)
    else:  # Joker
        throw(s, card)
        s.say(f"{who(seat)} draws a Joker: a free level-up.")
        steal(s, seat, lambda c: True, "")


def steal(s: State, seat: int, ok, why_not: str) -> None:
    """Club Monarch and Joker: draw one card; a special is resolved instead."""
    card = draw_one(s)
    if card is None:
        s.say(f"{who(seat)} finds no card left to draw.")
        s.phase = END
        return
    turn_up(s, card)
    if card.special:
        s.say(f"{who(seat)} draws the {card.name()} instead.")
        resolve_special(s, seat, card)
    elif ok(card):
        level_up(s, seat, card, END)
    else:
        throw(s, card)
        s.say(f"{who(seat)} draws the {card.name()}, {why_not}: it is discarded.")
        s.phase = END


def jack_choice(s: State, seat: int, xp_index: int | None) -> None:
    card = s.take_drawn()
    throw(s, card)
    if xp_index is None:
        hurt(s, seat, CONTENT.jack_damage, f"Stabby Jack ({card.label()}) stabs {who(seat)}")
    else:
        p = s.players[seat]
        shield = p.xp[xp_index]
        s.set_player(seat, xp=p.xp[:xp_index] + p.xp[xp_index + 1 :])
        throw(s, shield)
        s.say(f"{who(seat)} throws the {shield.name()} in Stabby Jack's way and takes no damage.")
    s.phase = END


# -- the declared action -----------------------------------------------------


def declare(s: State, seat: int, choice: str) -> None:
    s.declared = choice
    if choice == "rest":
        heal(s, seat, CONTENT.rest_heal, f"{who(seat)} rests in bed")
        s.phase = END
        return
    card = draw_one(s)
    verb = "trains" if choice == "train" else "goes on an adventure"
    if card is None:
        s.say(f"{who(seat)} {verb}, but there is no card left to draw.")
        s.phase = END
        return
    turn_up(s, card)
    s.say(f"{who(seat)} {verb} and draws the {card.name()}.")
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
    s.say(f"{who(seat)} spends {xp_value(spent)} XP to level up.")
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
            s.result = f"{who(seat)} holds enough XP, out-fights every other player and has the most luck."
            s.say(s.result)
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
        s.result = (
            f"The round limit is reached; {who(s.winner)} wins on the tiebreak "
            f"({best[0]} of 3 conditions, {best[1]} XP, luck {best[2]})."
        )
    else:
        s.winner = None
        s.result = "The round limit is reached and the tiebreak is level: a draw."
    s.say(s.result)
