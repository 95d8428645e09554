"""The Punch! state, the count-tuple helpers it is built from, and the read-only questions asked of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.core.rng import Rng

from .resolve import CODES, NK, S

HIDDEN = "hidden"  # another seat's committed choice, as a viewer sees it
PHASES = ("redeal", "draft", "exchange", "choose", "program", "break", "match_over", "game_over")
PPR = S["plays_per_round"]
ZERO = (0,) * NK


def count_kinds(kinds) -> tuple:
    c = [0] * NK
    for k in kinds:
        c[k] += 1
    return tuple(c)


def counts_minus(a, b):
    return tuple(x - y for x, y in zip(a, b, strict=True))


def counts_plus(a, b):
    return tuple(x + y for x, y in zip(a, b, strict=True))


def codes_of(counts) -> tuple:
    """Count tuple -> codes, in kind order."""
    return tuple(CODES[k] for k in range(NK) for _ in range(counts[k]))


def with_seat(pair, seat, value):
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def bumped(counts, k, by):
    """``counts`` with kind ``k`` changed by ``by``."""
    c = list(counts)
    c[k] += by
    return tuple(c)


def fits(need, have) -> bool:
    return all(n <= h for n, h in zip(need, have, strict=True))


def sub_multisets(have, size):
    """Every count tuple of ``size`` cards within ``have``, in a stable order."""
    out = []

    def rec(i, left, acc):
        if i == NK:
            if left == 0:
                out.append(tuple(acc))
            return
        for n in range(min(have[i], left), -1, -1):
            acc.append(n)
            rec(i + 1, left - n, acc)
            acc.pop()

    rec(0, size, [])
    return out


def sequences(have, size):
    """Every ordered row of ``size`` card codes drawn from ``have``."""
    out = []

    def rec(left, acc):
        if len(acc) == size:
            out.append(tuple(acc))
            return
        for k in range(NK):
            if left[k]:
                acc.append(CODES[k])
                rec(counts_minus(left, count_kinds((k,))), acc)
                acc.pop()

    rec(have, [])
    return out


@dataclass
class PunchState:
    options: dict
    rng: Rng | None
    phase: str = "choose"
    match: int = 1
    round: int = 1
    play: int = 1  # number of the next play in the round, 1..10
    stamina: tuple = (10, 10)
    wins: tuple = (0, 0)
    hands: tuple = (ZERO, ZERO)  # count tuples; None for a hand the viewer may not see
    decks: tuple = ((), ())  # kind indices, top first; a viewer's own deck is sorted
    played: tuple = (ZERO, ZERO)  # revealed cards of this match (public)
    waiting: tuple = (False, False)
    choice: tuple = (None, None)  # committed card/draft/program, or HIDDEN in a view
    swapped: tuple = (False, False)
    log: tuple = ()  # events, see resolve.explain
    history: tuple = ()  # finished matches
    round_stamina: tuple = ()  # stamina at the end of each finished round of this match
    viewer: int | None = -1  # -1: the full state; else whose view this is
    sizes: tuple | None = field(default=None)  # (hand sizes, deck sizes) in a view

    def clone(self) -> PunchState:
        """A shallow copy: every field holds an immutable value (the Rng is
        replaced, never advanced in place), so sharing them is safe."""
        s = object.__new__(PunchState)
        s.__dict__ = self.__dict__.copy()
        return s

    @property
    def hand_sizes(self) -> tuple:
        return self.sizes[0] if self.sizes else tuple(sum(h) for h in self.hands)

    @property
    def deck_sizes(self) -> tuple:
        return self.sizes[1] if self.sizes else tuple(len(d) for d in self.decks)

    @property
    def committed(self) -> tuple:
        return tuple(c is not None for c in self.choice)

    def hand_cards(self, seat: int) -> tuple | None:
        """The seat's hand as card codes in kind order (only if visible)."""
        h = self.hands[seat]
        return None if h is None else codes_of(h)


def qualifies_for_redeal(hand) -> int | None:
    """Index of a kind held R-PUN-3 times or more, else None."""
    for k in range(NK):
        if hand[k] >= S["redeal_same_kind"]:
            return k
    return None


def may_swap(state, seat) -> bool:
    """Whether ``seat`` may exchange a single card now (exchange option, rounds 1..swap_rounds,
    once a round, while it still has to choose and its deck is not empty). Works on views too."""
    return (
        state.options["exchange"]
        and state.phase in ("choose", "program")
        and state.waiting[seat]
        and not state.swapped[seat]
        and state.round <= S["swap_rounds"]
        and state.deck_sizes[seat] > 0
    )


def exchange_limit(state, seat) -> int:
    """How many cards ``seat`` may exchange before a round: at most exchange_max, and no more
    than its deck holds. Works on views too."""
    return min(S["exchange_max"], state.deck_sizes[seat])
