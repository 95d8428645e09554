"""Helpers for the JAB tests: hand-set decks, starting a round, playing a card."""

from tabletop.core.game import Refused
from tabletop.games.jab.rules import RULES
from tabletop.games.jab.rules import content as C
from tabletop.games.jab.rules.actions import Claim, Place, Ready, Take
from tabletop.games.jab.rules.hands import SIDES, min_travel_ms, parse_target, travel_ms

ALL = [f"{col} {ty}" for ty in C.TYPES for col in C.COLOURS]


def decks(p0_left=(), p0_right=(), p1_left=(), p1_right=()):
    """A setup "decks" entry: the given cards on top (first = top); every other
    card of that player goes underneath, alternately left and right."""
    out = {}
    for p, (left, right) in enumerate(((p0_left, p0_right), (p1_left, p1_right))):
        left, right = list(left), list(right)
        rest = [c for c in ALL if c not in left and c not in right]
        for i, c in enumerate(rest):
            (left if i % 2 == 0 else right).append(c)
        out[f"p{p}"] = {"left": left, "right": right}
    return out


def card(p, text):
    return C.parse_card(p, text)


def ok(state, action):
    res = RULES.apply(state, action)
    assert not isinstance(res, Refused), f"{action} refused: {res.reason}"
    return res


def start(setup=None, options=None, seed=7):
    """Round 1 under way at t=0 with no count-down (unless options say otherwise)."""
    opts = {"countdown_ms": 0}
    opts.update(options or {})
    s = RULES.new_state(RULES.check_options(opts), seed, 2, setup)
    s = ok(s, Ready(0, 0))
    return ok(s, Ready(1, 0))


def play(state, player, hand, target, t=None):
    """Take the top card of ``hand``'s deck and place it on ``target`` as
    soon as a hand could get there. Returns the new state."""
    h = SIDES.index(hand)
    if t is None:
        t0 = max(state.now, state.go_at)
        rel = state.released[player * 2 + h]  # the hand first travels back from where it let go
        if rel is not None:
            t0 = max(t0, rel[1] + travel_ms(player, h, rel[0], state.options["hand_speed_ms"]))
    else:
        t0 = t
    s = ok(state, Take(player, hand, t0))
    travel = min_travel_ms(player, h, target, s.options["hand_speed_ms"])
    return ok(s, Place(player, hand, target, t0 + travel))


def claim(state, player, what, t=None):
    return RULES.apply(state, Claim(player, what, state.now if t is None else t))


def top(state, target):
    b, i = parse_target(target)
    pile = state.piles[b * 3 + i]
    return pile[-1] if pile else None
