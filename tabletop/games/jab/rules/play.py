"""The JAB reducer's handlers: one function per action type.

Each gets the state (already settled for time, see ``JabRules._settle``) and
the action, and returns a new state or ``Refused``. They never change the
state they are given: they change a ``clone()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.game import Refused
from tabletop.core.i18n import N_, words

from . import content as C
from .actions import CLAIMS, Choose, Claim, Cover, Place, Ready, Return, Split, Take
from .hands import SIDES, on_table, parse_target, travel_ms
from .queries import claim_refusal, counter_open, hand_index, hands_empty, placement_refusal
from .say import Say, card, colour, combo, points, side_word, target, tell, word
from .scoring import end_round, finish_round
from .state import State, add_event, set_item, who

_, ngettext = words(__name__)


def _damage(n: State, attacker: int, amount: int, t: int, why: tuple) -> int:
    """Move up to ``amount`` health from the victim to the attacker (R-JAB-10);
    hurting a victim already in danger opens a knockout (R-JAB-11)."""
    victim = 1 - attacker
    h = list(n.health)
    if h[victim] == 0:
        n.ko_open = set_item(n.ko_open, attacker, True)
        add_event(
            n,
            "knockout-open",
            attacker,
            t,
            Say(
                N_("{why} hits {victim} in danger: {striker} may claim the knockout!"),
                why=why,
                victim=who(victim),
                striker=who(attacker),  # no field is named like a seat field (rules.seat_fields): views carry them
            ),
        )
        return 0
    moved = min(amount, h[victim])
    h[victim] -= moved
    h[attacker] += moved
    n.health = tuple(h)
    n.ko_open = set_item(n.ko_open, victim, False)  # the attacker gained health
    if h[victim] == 0:
        add_event(n, "danger", victim, t, Say(N_("{who} has no health left and is in danger!"), who=who(victim)))
    return moved


def _return_held(n: State) -> None:
    decks, held = list(n.decks), list(n.held)
    for i, h in enumerate(held):
        if h is not None:
            decks[i] = decks[i] + (h[0],)
            held[i] = None
    n.decks, n.held = tuple(decks), tuple(held)


# -- handlers: each gets the (possibly settled) state, returns new state or Refused --


def _not_playing(s: State) -> Refused | None:
    if s.phase == "playing":
        return None
    return Refused(
        {
            "between": _("The round has not started yet: both players must be ready."),
            "clinch": _("Play is paused for the clinch: both players must be ready to go on."),
            "scoring": _("The round is over."),
        }.get(s.phase, _("The game is over."))
    )


def _ready(s: State, a: Ready):
    if s.phase not in ("between", "clinch"):
        return Refused(_("There is nothing to get ready for now."))
    if s.ready[a.player]:
        return Refused(_("You are already ready."))
    n = s.clone()
    n.now = a.t
    n.ready = set_item(n.ready, a.player, True)
    if not all(n.ready):
        return n
    n.ready = (False, False)
    cd = n.options["countdown_ms"]
    if n.phase == "clinch":
        n.phase = "playing"
        n.go_at = a.t + cd
        add_event(n, "resume", None, a.t, N_("{0} and {1} pound fists: the fight goes on."))
        return n
    n.round += 1
    n.phase = "playing"
    n.now, n.go_at = 0, cd
    n.last_place = (cd, cd)
    # the clock restarts at 0: a lock-out from a claim made between rounds keeps what is left of it
    n.lockout = tuple(max(0, lock - a.t) for lock in s.lockout)
    add_event(n, "round", None, 0, Say(N_("Round {round}: fight!"), round=n.round))
    return n


def _split(s: State, a: Split):
    if s.phase != "between":
        return Refused(_("You can only split your deck before a round starts."))
    if s.ready[a.player]:
        return Refused(_("You are already ready; split before pounding fists."))
    cards = s.decks[a.player * 2] + s.decks[a.player * 2 + 1]
    if not 0 <= a.left <= len(cards):
        return Refused(_("The left deck can hold 0 to {n} cards.").format(n=len(cards)))
    n = s.clone()
    n.now = a.t
    n.decks = set_item(set_item(n.decks, a.player * 2, cards[: a.left]), a.player * 2 + 1, cards[a.left :])
    return n


def _take(s: State, a: Take):
    bad = _not_playing(s)
    if bad is not None:
        return bad
    if a.t < s.go_at:
        return Refused(_("Wait for the count to finish."))
    h = hand_index(a.hand)
    if h is None:
        return Refused("A hand is 'left' or 'right'.")
    i = a.player * 2 + h
    if s.held[i] is not None:
        return Refused(_("Your {hand} already holds a card.").format(hand=side_word(f"{a.hand} hand")))
    if not s.decks[i]:
        return Refused(_("Your {deck} is empty.").format(deck=side_word(f"{a.hand} deck")))
    rel = s.released[i]
    if rel is not None and a.t - rel[1] < travel_ms(a.player, h, rel[0], s.options["hand_speed_ms"]):
        return Refused(_("Your hand cannot get back to the deck that fast."))
    n = s.clone()
    n.now = a.t
    deck = s.decks[i]
    n.decks = set_item(s.decks, i, deck[:-1])
    n.held = set_item(s.held, i, (deck[-1], a.t))
    return n


def _place(s: State, a: Place):
    bad = _not_playing(s)
    if bad is not None:
        return bad
    why = placement_refusal(s, a.player, a.hand, a.target, a.t)
    if why:
        return Refused(tell(why))
    p = a.player
    i = p * 2 + SIDES.index(a.hand)
    c = s.held[i][0]
    spot = parse_target(a.target)
    assert spot is not None, "placement_refusal checked the target"
    boxer, ti = spot
    j = boxer * 3 + ti
    pile = s.piles[j]
    n = s.clone()
    n.now = a.t
    n.held = set_item(s.held, i, None)
    n.piles = set_item(s.piles, j, pile + (c,))
    n.last_place = set_item(s.last_place, p, a.t)
    n.released = set_item(s.released, i, (a.target, a.t))
    where = target(boxer, ti)
    if boxer == p:
        add_event(
            n, "block", p, a.t, Say(N_("{who} blocks with a {card} on {where}."), who=who(p), card=card(c), where=where)
        )
    else:
        add_event(
            n, "punch", p, a.t, Say(N_("{who} throws a {card} at {where}."), who=who(p), card=card(c), where=where)
        )
        if pile:
            under = pile[-1]
            if C.owner(under) == p and C.ctype(under) == C.HAYMAKER and C.colour(under) == C.colour(c):
                moved = min(C.N["stagger_damage"], n.health[1 - p])  # what _damage will move
                fields = {"who": who(p), "card": card(c), "colour": colour(C.colour(c))}
                text = (
                    Say(
                        N_(
                            "Stagger! {who}'s {card} lands on their own {colour} Haymaker: "
                            "{victim} loses {n} health ({left} left)."
                        ),
                        victim=who(1 - p),
                        n=moved,
                        left=n.health[1 - p] - moved,
                        **fields,
                    )
                    if moved
                    else Say(N_("Stagger! {who}'s {card} lands on their own {colour} Haymaker."), **fields)
                )
                add_event(n, "stagger", p, a.t, text)
                _damage(n, p, C.N["stagger_damage"], a.t, word(N_("The stagger")))
    if n.cards_left(p) == 0:
        n.out_t = set_item(n.out_t, p, a.t)
        add_event(n, "out", p, a.t, Say(N_("{who} has played every card."), who=who(p)))
        if n.out_t[1 - p] is not None:
            end_round(n, a.t, N_("{0} and {1} are both out of cards."))
    return n


def _return(s: State, a: Return):
    bad = _not_playing(s)
    if bad is not None:
        return bad
    h = hand_index(a.hand)
    if h is None:
        return Refused("A hand is 'left' or 'right'.")
    i = a.player * 2 + h
    held = s.held[i]
    if held is None:
        return Refused(_("Your {hand} holds no card.").format(hand=side_word(f"{a.hand} hand")))
    if a.at is not None:
        if not on_table(*a.at):
            return Refused(_("A hand lets go of a card over the table."))
        if a.t - held[1] < travel_ms(a.player, h, a.at, s.options["hand_speed_ms"]):
            return Refused(_("Your hand cannot get there that fast."))
    n = s.clone()
    n.now = a.t
    n.decks = set_item(s.decks, i, s.decks[i] + (held[0],))
    n.held = set_item(s.held, i, None)
    # the hand is where it let go: it takes again once it has had time to come back (R-JAB-5)
    n.released = set_item(s.released, i, None if a.at is None else (a.at, a.t))
    return n


# Claims made while nothing can be claimed: wrong claims like any other (R-JAB-6), so mashing a claim
# through the count-down, a clinch pause or the break between rounds locks the claimer out.
_NO_CLAIM_NOW = {
    "between": N_("No claims before the round starts."),
    "clinch": N_("No claims while play is paused for the clinch."),
    "playing": N_("No claims before the count finishes."),
}


def _claim(s: State, a: Claim):
    if s.phase not in _NO_CLAIM_NOW:
        return _not_playing(s)
    p, t = a.player, a.t
    if a.what not in CLAIMS:
        return Refused(_("Claim combo, counter, knockout, clinch or ding."))
    if t < s.lockout[p]:
        wait = f"{(s.lockout[p] - t + 99) // 100 / 10:g}"
        return Refused(_("Too eager! No claims for another {seconds} s.").format(seconds=wait))
    if s.phase != "playing" or t < s.go_at:
        return _wrong_claim(s, p, t, _NO_CLAIM_NOW[s.phase])
    if a.what == "counter":
        cl = s.counter_last
        if (
            cl is not None
            and cl[0] != p
            and t - cl[1] < s.options["counter_window_ms"]
            and hands_empty(s, p)
            and counter_open(s, C.COUNTERS[cl[2]][1])
        ):
            return _counter_tie(s, p, t, cl)
    why = claim_refusal(s, p, a.what)
    if why:
        return _wrong_claim(s, p, t, why)
    n = s.clone()
    n.now = t
    q = 1 - p
    if a.what == "combo":
        card = s.combo[-1]
        n.combo = s.combo[:-1]
        n.combo_won = set_item(s.combo_won, p, s.combo_won[p] + (card,))
        pts = C.COMBOS[card][2]
        add_event(
            n,
            "combo",
            p,
            t,
            Say(
                N_("Combo! {who} takes the {combo} combo: {points} at the end of the round."),
                who=who(p),
                combo=combo(card),
                points=points(pts),
            ),
        )
    elif a.what == "counter":
        card = s.counter[-1]
        n.counter = s.counter[:-1]
        n.counter_won = set_item(s.counter_won, p, s.counter_won[p] + (card,))
        left = s.health[q]
        hurt = min(C.N["counter_damage"], left)
        change = (
            Say(N_("{who} loses {n} health ({left} left)"), who=who(q), n=hurt, left=left - hurt)
            if hurt
            else Say(N_("{who} has no health left to lose"), who=who(q))
        )
        add_event(
            n,
            "counter",
            p,
            t,
            Say(
                N_("Counter-punch! {who} takes the {colour} card, {points} at the end of the round: {change}."),
                who=who(p),
                colour=colour(C.COUNTERS[card][1]),
                points=points(C.COUNTERS[card][2]),
                change=change,
            ),
        )
        ko_before = s.ko_open[p]
        moved = _damage(n, p, C.N["counter_damage"], t, word(N_("The counter-punch")))
        n.counter_last = (p, t, card, moved, ko_before)
    elif a.what == "knockout":
        _return_held(n)
        n.phase, n.winner = "over", p
        n.end_reason = Say(N_("{who} wins by knockout!"), who=who(p))
        add_event(n, "knockout", p, t, Say(N_("KNOCKOUT! {reason}"), reason=n.end_reason))
    elif a.what == "clinch":
        gain = min(C.N["clinch_gain"], s.health[q])
        h = list(s.health)
        h[q] -= gain
        h[p] += gain
        n.health = tuple(h)
        n.clinch_by = p
        n.ko_open = set_item(s.ko_open, q, False)
        n.counter_last = None
        _return_held(n)
        n.phase, n.ready = "clinch", (False, False)
        add_event(
            n,
            "clinch",
            p,
            t,
            Say(N_("Clinch! {who} takes {n} health; play pauses until both are ready."), who=who(p), n=gain),
        )
    elif a.what == "ding":
        n.ding_by = p
        add_event(n, "ding", p, t, Say(N_("Ding! {who} ends the round."), who=who(p)))
        end_round(n, t, Say(N_("{who} called Ding!"), who=who(p)))
    return n


def _wrong_claim(s: State, p: int, t: int, why: str) -> State:
    """A claim that is not valid: nothing changes but the claimer's lock-out (R-JAB-6) and the log."""
    n = s.clone()
    n.now = t
    n.lockout = set_item(s.lockout, p, t + s.options["claim_lockout_ms"])
    add_event(n, "refused", p, t, why)
    return n


def _counter_tie(s: State, p: int, t: int, cl) -> State:
    """A second valid grab within the window: undo the first award, set the card aside."""
    first, _t1, card, moved, ko_before = cl
    n = s.clone()
    n.now = t
    won = list(s.counter_won[first])
    won.remove(card)
    n.counter_won = set_item(s.counter_won, first, tuple(won))
    n.counter_aside = s.counter_aside + (card,)
    back = min(moved, s.health[first])
    h = list(s.health)
    h[first] -= back
    h[p] += back
    n.health = tuple(h)
    # the victim got its health back (if any moved): no knockout chance against it then
    n.ko_open = set_item(s.ko_open, first, ko_before if moved == 0 else False)
    n.counter_last = None
    add_event(n, "counter-tie", None, t, N_("Both grabbed the counter-punch at once: it is set aside."))
    return n


def _cover(s: State, a: Cover):
    if s.phase != "scoring":
        return Refused(_("Targets are covered only when a round is scored by hand."))
    where = parse_target(a.target)
    if where is None or where[0] != a.player:
        return Refused(_("Cover one of your own boxer's targets."))
    if s.covers[a.player] is not None:
        return Refused(_("You have already covered a target."))
    n = s.clone()
    n.now = a.t
    n.covers = set_item(s.covers, a.player, where[1])
    add_event(n, "cover", a.player, a.t, Say(N_("{who} covers {where}."), who=who(a.player), where=target(*where)))
    return _maybe_finish(n, a.t)


def _choose(s: State, a: Choose):
    if s.phase != "scoring":
        return Refused(_("Targets are chosen only when a round is scored by hand."))
    q = 1 - a.player
    where = parse_target(a.target)
    if where is None or where[0] != q:
        return Refused(_("Choose one of your opponent's targets."))
    if s.covers[q] is None:
        return Refused(_("Wait until your opponent has covered a target."))
    if where[1] == s.covers[q]:
        return Refused(_("That target is covered: choose one of the other two."))
    if s.chooses[a.player] is not None:
        return Refused(_("You have already chosen."))
    n = s.clone()
    n.now = a.t
    n.chooses = set_item(s.chooses, a.player, where[1])
    add_event(n, "choose", a.player, a.t, Say(N_("{who} scores {where}."), who=who(a.player), where=target(*where)))
    return _maybe_finish(n, a.t)


def _maybe_finish(n: State, t: int) -> State:
    if None not in n.covers and None not in n.chooses:
        finish_round(n, t, n.covers, n.chooses)
    return n


HANDLERS: dict[type, Callable[[State, Any], State | Refused]] = {
    Ready: _ready,
    Split: _split,
    Take: _take,
    Place: _place,
    Return: _return,
    Claim: _claim,
    Cover: _cover,
    Choose: _choose,
}
