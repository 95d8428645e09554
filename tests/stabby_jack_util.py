"""Helpers for the Stabby Jack tests: hand-set positions and short-hand actions."""

from tabletop.core.game import Refused
from tabletop.games.stabby_jack.rules import RULES
from tabletop.games.stabby_jack.rules.content import parse_card
from tabletop.games.stabby_jack.rules.state import totals


def position(stats, xp=None, damage=None, draw=(), discard=(), first=0, seed=7, **options):
    """A hand-set game; ``draw`` lists the next cards, top first."""
    setup = {"stats": [list(r) for r in stats], "draw": list(draw), "discard": list(discard), "first": first}
    if xp is not None:
        setup["xp"] = [list(r) for r in xp]
    if damage is not None:
        setup["damage"] = list(damage)
    return RULES.new_state(options, seed, len(stats), setup)


def play(state, *actions):
    for a in actions:
        result = RULES.apply(state, a)
        assert not isinstance(result, Refused), f"{a} refused: {result.reason}"
        assert RULES.invariants(result) == []
        state = result
    return state


def codes(cards):
    return [c.code() for c in cards]


def cards(*texts):
    return tuple(parse_card(t) for t in texts)


def stat(state, seat, key):
    return totals(state.players[seat])[key]
