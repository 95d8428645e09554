"""Punch! rules: a deterministic reducer over small immutable-by-convention states.

Hands and played piles are count tuples indexed like the kinds in cards.json;
decks are tuples of kind indices, top card first. Every ``apply`` works on a
shallow copy and replaces whole fields, so earlier states never change.
The state itself and the count-tuple helpers are in state.py.
"""

from __future__ import annotations

from functools import lru_cache

from tabletop.core.game import Option, Outcome, Refused, Rules
from tabletop.core.i18n import N_, words
from tabletop.core.rng import Rng

from .actions import ALL, Commit, Draft, Exchange, KeepHand, Program, Ready, Redeal, Swap
from .resolve import CODES, INDEX, MAX_STAMINA, NK, TOTALS, S, explain, resolve_pair
from .state import (
    HIDDEN,
    PHASES,
    PPR,
    ZERO,
    PunchState,
    bumped,
    codes_of,
    count_kinds,
    counts_minus,
    counts_plus,
    exchange_limit,
    fits,
    may_swap,
    qualifies_for_redeal,
    sequences,
    sub_multisets,
    with_seat,
)

_, ngettext = words(__name__)

# Actions are immutable values: legal_actions hands out these shared ones.
_COMMITS = tuple(tuple(Commit(p, code) for code in CODES) for p in (0, 1))


@lru_cache(maxsize=4096)
def _commits(player, hand) -> tuple:
    """The Commit of every kind in ``hand`` (a count tuple), in kind order.
    (Hands repeat a lot from game to game; bounded, so it cannot grow without end.)"""
    return tuple(_COMMITS[player][k] for k in range(NK) if hand[k])


_SWAPS = tuple(tuple(Swap(p, code) for code in CODES) for p in (0, 1))
_READY = tuple(Ready(p) for p in (0, 1))
_TO_ACT = {(a, b): tuple(i for i, w in enumerate((a, b)) if w) for a in (False, True) for b in (False, True)}

_HANDLERS = {a: "_do_" + a.kind for a in ALL}  # action class -> method name


class PunchRules(Rules):
    id = "punch"
    phases = PHASES
    actions = ALL
    state_types = (PunchState,)
    # the fields holding a seat number or None, at any depth (a joiner checks a host's views by them)
    seat_fields = ("viewer", "seat", "winner")
    options = (
        Option(
            "mode",
            N_("Rules"),
            (
                ("standard", N_("Standard: hands dealt at random")),
                ("advanced", N_("Advanced: pick your cards each round")),
            ),
            "standard",
            N_("Advanced: each round you choose your 10 cards from what is left of your deck."),
        ),
        Option(
            "no_mercy",
            N_("No mercy for the weak"),
            ((False, N_("Off")), (True, N_("On"))),
            False,
            N_("Below 3 stamina, a boxer's punches hit no harder than their stamina."),
        ),
        Option(
            "exchange",
            N_("Exchange cards"),
            ((False, N_("Off")), (True, N_("On"))),
            False,
            N_("Swap up to 3 cards before a round, and 1 card once in rounds 1 and 2."),
        ),
        Option(
            "robo_box",
            N_("Robo-Box"),
            ((False, N_("Off")), (True, N_("On"))),
            False,
            N_("Lay out 5 cards in order at a time; they are revealed one by one."),
        ),
        Option(
            "matches_to_win",
            N_("Match wins needed"),
            ((1, "1"), (2, "2"), (3, "3"), (5, "5")),
            3,
            N_("The game goes to the first boxer with this many match wins."),
            main=True,
        ),
    )

    # -- setup ----------------------------------------------------------
    def new_state(self, options, seed, players, setup=None):
        options = self.check_options(options)
        if players != 2:
            raise ValueError("Punch! is for exactly 2 players")
        decks = None
        if setup is not None:
            decks = self._check_setup(setup)
        s = PunchState(options=options, rng=Rng(seed))
        self._start_match(s, decks)
        return s

    def _check_setup(self, setup) -> tuple:
        if not isinstance(setup, dict) or set(setup) - {"decks"}:
            raise ValueError('setup may only contain "decks"')
        decks = setup.get("decks")
        if not isinstance(decks, list) or len(decks) != 2:
            raise ValueError('setup "decks" must be a list of two decks (Red first, then Blue)')
        out = []
        for seat, deck in enumerate(decks):
            if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
                raise ValueError(f"setup deck {seat + 1} must be a list of card codes")
            bad = [c for c in deck if c not in INDEX]
            if bad:
                raise ValueError(f"setup deck {seat + 1}: unknown card {bad[0]!r} (known: {', '.join(CODES)})")
            kinds = tuple(INDEX[c] for c in deck)
            if count_kinds(kinds) != TOTALS:
                raise ValueError(
                    f"setup deck {seat + 1} must hold exactly the {sum(TOTALS)} cards "
                    f"of a deck ({', '.join(f'{t} {c}' for t, c in zip(TOTALS, CODES, strict=True))})"
                )
            out.append(kinds)
        return tuple(out)

    # -- flow (these mutate a fresh clone) -------------------------------
    def _start_match(self, s, decks=None):
        if decks is None:
            rng = s.rng.copy()
            decks = []
            for _ in range(2):
                d = [k for k in range(NK) for _ in range(TOTALS[k])]
                rng.shuffle(d)
                decks.append(tuple(d))
            s.rng = rng
        s.decks = tuple(decks)
        s.stamina = (S["start_stamina"],) * 2
        s.hands = (ZERO, ZERO)
        s.played = (ZERO, ZERO)
        s.round = 1
        s.round_stamina = ()
        self._start_round(s)

    def _start_round(self, s):
        s.play = 1
        s.swapped = (False, False)
        s.choice = (None, None)
        if s.options["mode"] == "advanced":
            if len(s.decks[0]) > PPR:
                s.phase = "draft"
                s.waiting = (True, True)
                return
            s.hands = tuple(count_kinds(d) for d in s.decks)
            s.decks = ((), ())
            s.log = s.log + ({"type": "draft", "match": s.match, "round": s.round},)
            self._after_hand(s)
            return
        s.hands = tuple(count_kinds(d[:PPR]) for d in s.decks)
        s.decks = tuple(d[PPR:] for d in s.decks)
        s.log = s.log + ({"type": "deal", "match": s.match, "round": s.round},)
        if s.round <= S["redeal_rounds"]:
            want = tuple(qualifies_for_redeal(h) is not None for h in s.hands)
            if any(want):
                s.phase = "redeal"
                s.waiting = want
                return
        self._after_hand(s)

    def _after_hand(self, s):
        if s.options["exchange"] and any(s.decks):
            s.phase = "exchange"
            s.waiting = tuple(bool(d) for d in s.decks)
            return
        self._begin_plays(s)

    def _begin_plays(self, s):
        s.phase = "program" if s.options["robo_box"] else "choose"
        s.waiting = (True, True)
        s.choice = (None, None)

    def _reveal(self, s, k0, k1):
        stamina, event = resolve_pair(k0, k1, s.stamina, s.options["no_mercy"])
        event["match"], event["round"], event["play"] = s.match, s.round, s.play
        s.stamina = stamina
        s.played = (bumped(s.played[0], k0, 1), bumped(s.played[1], k1, 1))
        s.log = s.log + (event,)
        s.play += 1
        return event["ko"]

    def _end_round(self, s):
        s.round_stamina = s.round_stamina + (s.stamina,)
        if s.round < S["rounds"]:
            gain = S["break_gains"][s.round - 1]
            s.stamina = tuple(min(MAX_STAMINA, x + gain) for x in s.stamina)
            s.log = s.log + (
                {"type": "break", "match": s.match, "round": s.round, "gain": gain, "stamina": list(s.stamina)},
            )
            s.phase = "break"
            s.waiting = (True, True)
            return
        a, b = s.stamina
        self._end_match(s, 0 if a > b else (1 if b > a else None), "points")

    def _end_match(self, s, winner, by):
        if by == "knockout":
            s.round_stamina = s.round_stamina + (s.stamina,)
        if winner is not None:
            s.wins = with_seat(s.wins, winner, s.wins[winner] + 1)
        entry = {
            "match": s.match,
            "winner": winner,
            "by": by if winner is not None else "tie",
            "round": s.round,
            "play": s.play - 1,
            "stamina": list(s.stamina),
            "rounds": [list(x) for x in s.round_stamina],
        }
        s.history = s.history + (entry,)
        s.log = s.log + (dict(entry, type="match_end"),)
        s.choice = (None, None)
        if winner is not None and s.wins[winner] >= s.options["matches_to_win"]:
            s.phase = "game_over"
            s.waiting = (False, False)
            s.log = s.log + ({"type": "game_end", "winner": winner, "wins": list(s.wins)},)
        else:
            s.phase = "match_over"
            s.waiting = (True, True)

    # -- protocol ---------------------------------------------------------
    def to_act(self, state):
        return _TO_ACT[state.waiting]

    def outcome(self, state):
        if state.phase != "game_over":
            return None
        w = 0 if state.wins[0] > state.wins[1] else 1
        return Outcome(
            winner=w,
            reason=_("first to {n} match wins ({a} to {b})").format(
                n=state.options["matches_to_win"], a=state.wins[w], b=state.wins[1 - w]
            ),
        )

    def legal_actions(self, state, player):
        if player not in (0, 1) or not state.waiting[player]:
            return []
        ph = state.phase
        hand = state.hands[player]
        if ph == "choose" and not state.options["exchange"]:  # the common case, first
            return list(_commits(player, hand))
        if ph in ("break", "match_over"):
            return [_READY[player]]
        if ph == "redeal":
            return [Redeal(player), KeepHand(player)]
        if ph == "draft":
            return [Draft(player, codes_of(c)) for c in sub_multisets(count_kinds(state.decks[player]), PPR)]
        if ph == "exchange":
            top = exchange_limit(state, player)
            return [Exchange(player, codes_of(c)) for n in range(top + 1) for c in sub_multisets(hand, n)]
        out = []
        if ph == "choose":
            out = list(_commits(player, hand))
        elif ph == "program":
            out = [Program(player, seq) for seq in sequences(hand, S["robo_box_program"])]
        if may_swap(state, player):
            swaps = _SWAPS[player]
            out += [swaps[k] for k in range(NK) if hand[k]]
        return out

    def apply(self, state, action):
        handler = _HANDLERS.get(type(action))
        if handler is None:
            return Refused(_("Punch! has no such move."))
        p = action.player
        if p not in (0, 1):
            return Refused(_("There is no such boxer."))
        if state.phase == "game_over":
            return Refused(_("The game is over."))
        if not state.waiting[p]:
            return Refused(_("It is not your move now: wait for the other boxer."))
        return getattr(self, handler)(state, p, action)

    def _kinds(self, codes):
        bad = [c for c in codes if c not in INDEX]
        if bad:
            return Refused(_("{card} is not a Punch! card.").format(card=repr(bad[0])))
        return tuple(INDEX[c] for c in codes)

    def _need_phase(self, state, phase, what):
        if state.phase != phase:
            return Refused(_(what))
        return None

    def _do_ready(self, state, p, a):
        if state.phase not in ("break", "match_over"):
            return Refused("There is nothing to be ready for now.")
        s = state.clone()
        s.waiting = with_seat(s.waiting, p, False)
        if not any(s.waiting):
            if s.phase == "break":
                s.round += 1
                self._start_round(s)
            else:
                s.match += 1
                self._start_match(s)
        return s

    def _do_redeal(self, state, p, a):
        r = self._need_phase(state, "redeal", "redeal")
        if r is not None:
            return r
        k = qualifies_for_redeal(state.hands[p])
        assert k is not None  # only a seat whose hand qualifies waits in the redeal phase
        s = state.clone()
        s.log = s.log + ({"type": "redeal", "seat": p, "card": CODES[k], "count": state.hands[p][k]},)
        deck = list(state.decks[p]) + [i for i in range(NK) for _ in range(state.hands[p][i])]
        rng = s.rng.copy()
        rng.shuffle(deck)
        s.rng = rng
        s.hands = with_seat(s.hands, p, count_kinds(deck[:PPR]))
        s.decks = with_seat(s.decks, p, tuple(deck[PPR:]))
        if qualifies_for_redeal(s.hands[p]) is None:
            self._decided(s, p)
        return s

    def _do_keep_hand(self, state, p, a):
        r = self._need_phase(state, "redeal", N_("You cannot keep or redeal a hand now."))
        if r is not None:
            return r
        s = state.clone()
        s.log = s.log + ({"type": "keep", "seat": p},)
        self._decided(s, p)
        return s

    def _decided(self, s, p):
        s.waiting = with_seat(s.waiting, p, False)
        if not any(s.waiting):
            if s.phase == "redeal":
                self._after_hand(s)
            else:
                self._begin_plays(s)

    def _do_draft(self, state, p, a):
        r = self._need_phase(state, "draft", N_("You cannot pick cards now."))
        if r is not None:
            return r
        kinds = self._kinds(a.cards)
        if isinstance(kinds, Refused):
            return kinds
        if len(kinds) != PPR:
            return Refused(_("Pick exactly {n} cards for the round.").format(n=PPR))
        if not fits(count_kinds(kinds), count_kinds(state.decks[p])):
            return Refused(_("You do not have those cards left to pick."))
        s = state.clone()
        s.choice = with_seat(s.choice, p, tuple(sorted(kinds)))
        s.waiting = with_seat(s.waiting, p, False)
        if not any(s.waiting):
            rng = s.rng.copy()
            hands, decks = [], []
            for seat in (0, 1):
                hand = count_kinds(s.choice[seat])
                rest = [k for k in range(NK) for _k in range(count_kinds(s.decks[seat])[k] - hand[k])]
                rng.shuffle(rest)
                hands.append(hand)
                decks.append(tuple(rest))
            s.rng = rng
            s.hands, s.decks, s.choice = tuple(hands), tuple(decks), (None, None)
            s.log = s.log + ({"type": "draft", "match": s.match, "round": s.round},)
            self._after_hand(s)
        return s

    def _do_exchange(self, state, p, a):
        r = self._need_phase(state, "exchange", N_("You cannot exchange cards before the round now."))
        if r is not None:
            return r
        kinds = self._kinds(a.cards)
        if isinstance(kinds, Refused):
            return kinds
        if len(kinds) > S["exchange_max"]:
            return Refused(_("You may exchange at most {n} cards.").format(n=S["exchange_max"]))
        if len(kinds) > len(state.decks[p]):
            return Refused(_("Your deck does not have that many cards to draw."))
        if not fits(count_kinds(kinds), state.hands[p]):
            return Refused(_("Those cards are not all in your hand."))
        s = state.clone()
        self._put_under_and_draw(s, p, kinds)
        s.log = s.log + ({"type": "exchange", "seat": p, "count": len(kinds)},)
        self._decided(s, p)
        return s

    def _put_under_and_draw(self, s, p, kinds):
        n = len(kinds)
        deck = s.decks[p] + kinds
        s.hands = with_seat(
            s.hands, p, counts_plus(counts_minus(s.hands[p], count_kinds(kinds)), count_kinds(deck[:n]))
        )
        s.decks = with_seat(s.decks, p, deck[n:])

    def _do_swap(self, state, p, a):
        if state.phase not in ("choose", "program") or not state.options["exchange"]:
            return Refused(_("You cannot exchange a card now."))
        if state.round > S["swap_rounds"]:
            return Refused(_("A single card can be exchanged only in rounds 1 to {n}.").format(n=S["swap_rounds"]))
        if state.swapped[p]:
            return Refused(_("You have already exchanged a card this round."))
        if not state.decks[p]:
            return Refused(_("Your deck is empty: there is nothing to exchange with."))
        kinds = self._kinds((a.card,))
        if isinstance(kinds, Refused):
            return kinds
        if not state.hands[p][kinds[0]]:
            return Refused(_("That card is not in your hand."))
        s = state.clone()
        self._put_under_and_draw(s, p, kinds)
        s.swapped = with_seat(s.swapped, p, True)
        s.log = s.log + ({"type": "swap", "seat": p, "match": s.match, "round": s.round, "play": s.play},)
        return s

    def _do_commit(self, state, p, a):
        if state.phase != "choose":
            return Refused(_("You cannot play a single card now."))
        k = INDEX.get(a.card)
        if k is None:
            return Refused(_("{card} is not a Punch! card.").format(card=repr(a.card)))
        if not state.hands[p][k]:
            return Refused(_("That card is not in your hand."))
        s = state.clone()
        hand = list(state.hands[p])
        hand[k] -= 1
        if p == 0:
            s.hands, s.choice, s.waiting = (
                (tuple(hand), state.hands[1]),
                (k, state.choice[1]),
                (False, state.waiting[1]),
            )
        else:
            s.hands, s.choice, s.waiting = (
                (state.hands[0], tuple(hand)),
                (state.choice[0], k),
                (state.waiting[0], False),
            )
        if s.waiting[1 - p]:
            return s
        k0, k1 = s.choice
        s.choice = (None, None)
        ko = self._reveal(s, k0, k1)
        self._after_plays(s, ko)
        return s

    def _after_plays(self, s, ko):
        if ko is not None:
            self._end_match(s, 1 - ko, "knockout")
        elif s.play > PPR:
            self._end_round(s)
        else:
            s.waiting = (True, True)

    def _do_program(self, state, p, a):
        r = self._need_phase(state, "program", N_("You cannot lay out a Robo-Box row now."))
        if r is not None:
            return r
        kinds = self._kinds(a.cards)
        if isinstance(kinds, Refused):
            return kinds
        n = S["robo_box_program"]
        if len(kinds) != n:
            return Refused(_("Lay out exactly {n} cards.").format(n=n))
        if not fits(count_kinds(kinds), state.hands[p]):
            return Refused(_("Those cards are not all in your hand."))
        s = state.clone()
        s.hands = with_seat(s.hands, p, counts_minus(s.hands[p], count_kinds(kinds)))
        s.choice = with_seat(s.choice, p, kinds)
        s.waiting = with_seat(s.waiting, p, False)
        if any(s.waiting):
            return s
        rows = s.choice
        s.choice = (None, None)
        s.log = s.log + ({"type": "program", "match": s.match, "round": s.round, "play": s.play},)
        ko = None
        for i in range(n):
            ko = self._reveal(s, rows[0][i], rows[1][i])
            if ko is not None:  # the cards not yet shown go back to the hands
                s.hands = tuple(counts_plus(s.hands[seat], count_kinds(rows[seat][i + 1 :])) for seat in (0, 1))
                break
        self._after_plays(s, ko)
        return s

    def undo_barrier(self, before, action, after):
        """A choice may be taken back until the cards are shown, shuffled, dealt or drawn."""
        if after.rng != before.rng:
            return _("the cards were shuffled")
        if after.played != before.played or after.history != before.history:
            return _("the cards were revealed")
        if (after.match, after.round) != (before.match, before.round):
            return _("new cards were dealt")
        if after.decks != before.decks:
            return _("a card was drawn")
        return ""

    # -- looking ------------------------------------------------------------
    def view_for(self, state, viewer):
        v = state.clone()
        v.viewer = viewer
        v.rng = None
        v.sizes = (state.hand_sizes, state.deck_sizes)
        v.hands = tuple(h if i == viewer else None for i, h in enumerate(state.hands))
        v.decks = tuple(tuple(sorted(d)) if i == viewer else None for i, d in enumerate(state.decks))
        v.choice = tuple(c if (i == viewer or c is None) else HIDDEN for i, c in enumerate(state.choice))
        return v

    def invariants(self, state):
        out = []
        for seat in (0, 1):
            c = state.choice[seat]
            held = count_kinds(c if isinstance(c, tuple) else (() if c is None else (c,)))
            if state.phase == "draft":
                held = ZERO  # a draft choice is a copy of cards still in the pool
            total = counts_plus(
                counts_plus(counts_plus(state.hands[seat], count_kinds(state.decks[seat])), state.played[seat]), held
            )
            if total != TOTALS:
                out.append(f"seat {seat} has cards {total} instead of {TOTALS}")
            if min(state.hands[seat]) < 0:
                out.append(f"seat {seat} holds a negative number of cards")
            if not 0 <= state.stamina[seat] <= MAX_STAMINA:
                out.append(f"seat {seat} stamina {state.stamina[seat]} is out of 0..{MAX_STAMINA}")
            if not 0 <= state.wins[seat] <= state.options["matches_to_win"]:
                out.append(f"seat {seat} has {state.wins[seat]} match wins")
            if state.phase == "choose":
                left = sum(state.hands[seat]) + (c is not None)
                if left != PPR - state.play + 1:
                    out.append(f"seat {seat} has {left} cards at play {state.play}")
        if state.phase not in PHASES:
            out.append(f"unknown phase {state.phase!r}")
        if state.phase not in ("match_over", "game_over") and 0 in state.stamina:
            out.append("a knocked-out boxer is still fighting")
        if not 1 <= state.round <= S["rounds"] or not 1 <= state.play <= PPR + 1:
            out.append(f"round {state.round} play {state.play} is out of range")
        if (state.phase == "game_over") != (max(state.wins) >= state.options["matches_to_win"]):
            out.append("the game-over phase does not match the match wins")
        return out

    def round_of(self, state) -> tuple:
        return (state.match, state.round)  # a match and a round begins when it changes

    def summary(self, state):
        return {
            "phase": state.phase,
            "match": state.match,
            "round": state.round,
            "play": state.play,
            "stamina": list(state.stamina),
            "wins": list(state.wins),
            "to_act": list(self.to_act(state)),
            "matches": len(state.history),
            "hands": [list(codes_of(h)) for h in state.hands],
            "decks": [[CODES[k] for k in d] for d in state.decks],
            "played": [list(codes_of(p)) for p in state.played],
            "flags": {
                "waiting": list(state.waiting),
                "committed": list(state.committed),
                "swapped": list(state.swapped),
            },
        }

    def events(self, state, names) -> list[dict]:
        return [{"n": i, "kind": e["type"], "text": explain(e, names)} for i, e in enumerate(state.log)]

    def report(self, state, events: list[dict]):
        from .report import report

        return report(state, events)


RULES = PunchRules()
