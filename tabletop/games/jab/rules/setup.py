"""Hand-written starting positions (the record's ``setup``) and the invariants.

Setup format (every key optional; what is left out is shuffled from the seed)::

    {"decks": {"p0": {"left": ["blue hook", ...], "right": [...]},
               "p1": {"left": [...], "right": [...]}},      # TOP card FIRST;
                     # no card twice; a player's cards not listed are shuffled
                     # (from the seed) and put underneath, alternately left and right
     "combo": ["cross-hook-haymaker", ...],   # combo card ids, top first, all of them
     "counter": ["green", ...],               # counter-punch card ids, top first, all of them
     "health": [5, 5], "tokens": [0, 0]}      # must add up to 10; tokens below 3

The position is the start of round 1, before both players are ready.
"""

from __future__ import annotations

from . import content as C
from .scoring import setup_round
from .state import State

_KEYS = {"decks", "combo", "counter", "health", "tokens"}


def _perm(values, ids, what: str) -> list[int]:
    if not isinstance(values, list):
        raise ValueError(f"setup.{what} must be a list of ids")
    out = []
    for v in values:
        if v not in ids:
            raise ValueError(f"setup.{what}: {v!r} is not one of {', '.join(ids)}")
        out.append(ids.index(v))
    if sorted(out) != list(range(len(ids))):
        raise ValueError(f"setup.{what} must list each of the {len(ids)} cards exactly once")
    return out


def apply_setup(s: State, setup: dict) -> None:
    if not isinstance(setup, dict):
        raise ValueError("setup must be an object")
    unknown = set(setup) - _KEYS
    if unknown:
        raise ValueError(f"setup: unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(_KEYS))})")
    setup_round(s)  # random parts from the seed
    decks = list(s.decks)
    assert s.rng is not None
    rng = s.rng.fork()
    if "decks" in setup:
        d = setup["decks"]
        if not isinstance(d, dict) or set(d) != {"p0", "p1"}:
            raise ValueError('setup.decks needs "p0" and "p1"')
        for p in (0, 1):
            pd = d[f"p{p}"]
            if not isinstance(pd, dict) or set(pd) != {"left", "right"}:
                raise ValueError(f'setup.decks.p{p} needs "left" and "right" lists')
            cards = []
            for side, key in enumerate(("left", "right")):
                if not isinstance(pd[key], list):
                    raise ValueError(f"setup.decks.p{p}.{key} must be a list of cards like 'blue hook'")
                row = [C.parse_card(p, x) for x in pd[key]]
                cards += row
                decks[p * 2 + side] = tuple(reversed(row))  # stored top last
            if len(set(cards)) != len(cards):
                raise ValueError(f"setup.decks.p{p} lists a card twice")
            rest = [c for c in range(p * 25, p * 25 + 25) if c not in cards]
            rng.shuffle(rest)
            under = [list(reversed(rest[0::2])), list(reversed(rest[1::2]))]
            for side in (0, 1):
                decks[p * 2 + side] = tuple(under[side]) + decks[p * 2 + side]
    combo = list(s.combo)
    if "combo" in setup:
        combo = list(reversed(_perm(setup["combo"], [c[0] for c in C.COMBOS], "combo")))
    counter = list(s.counter)
    if "counter" in setup:
        counter = list(reversed(_perm(setup["counter"], [k[0] for k in C.COUNTERS], "counter")))
    setup_round(s, decks=decks, combo=combo, counter=counter)
    health = setup.get("health", list(s.health))
    tokens = setup.get("tokens", list(s.tokens))
    for name, v in (("health", health), ("tokens", tokens)):
        if not (
            isinstance(v, list)
            and len(v) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v)
        ):
            raise ValueError(f"setup.{name} must be two whole numbers >= 0")
    if sum(health) + sum(tokens) != C.N["tokens"]:
        raise ValueError(f"setup: health and tokens must add up to {C.N['tokens']}")
    if max(tokens) >= C.N["round_wins_to_win"]:
        raise ValueError(f"setup.tokens: below {C.N['round_wins_to_win']} each, or the game is already won")
    s.health, s.tokens = tuple(health), tuple(tokens)


def invariants(s: State) -> list[str]:
    bad = []
    for p in (0, 1):
        cards = list(s.decks[p * 2]) + list(s.decks[p * 2 + 1])
        cards += [h[0] for h in s.held[p * 2 : p * 2 + 2] if h is not None]
        for b in range(6):
            cards += [c for c in s.piles[b] if C.owner(c) == p]
        if sorted(cards) != list(range(p * 25, p * 25 + 25)):
            bad.append(f"player {p + 1}'s 25 cards are not all there exactly once")
        if s.phase != "playing" and s.held[p * 2 : p * 2 + 2] != (None, None):
            bad.append(f"player {p + 1} holds a card outside play")
    combos = list(s.combo) + list(s.combo_won[0]) + list(s.combo_won[1])
    if sorted(combos) != list(range(len(C.COMBOS))):
        bad.append("combo cards were created or lost")
    counters = list(s.counter) + list(s.counter_won[0]) + list(s.counter_won[1]) + list(s.counter_aside)
    if sorted(counters) != list(range(len(C.COUNTERS))):
        bad.append("counter-punch cards were created or lost")
    if min(s.health) < 0 or min(s.tokens) < 0:
        bad.append("negative health or tokens")
    if sum(s.health) + sum(s.tokens) != C.N["tokens"]:
        bad.append(f"health plus round-win tokens is {sum(s.health) + sum(s.tokens)}, not {C.N['tokens']}")
    if max(s.tokens) > C.N["round_wins_to_win"]:
        bad.append("too many round-win tokens")
    if s.phase == "over" and s.winner not in (0, 1):
        bad.append("the game is over without a winner")
    if s.phase not in ("between", "playing", "clinch", "scoring", "over"):
        bad.append(f"unknown phase {s.phase!r}")
    for b in (0, 1):
        for i in range(3):
            pile = s.piles[b * 3 + i]
            for k, c in enumerate(pile):
                if C.owner(c) != b:
                    continue  # a punch: always legal
                under = pile[k - 1] if k else None
                if (
                    under is None
                    or C.owner(under) == b
                    or not (
                        C.ctype(under) == C.HAYMAKER or C.ctype(under) == C.ctype(c) or C.colour(under) == C.colour(c)
                    )
                ):
                    bad.append(f"an illegal block lies on player {b + 1}'s target {i}")
    for p in (0, 1):
        if s.ko_open[p] and s.health[1 - p] != 0 and s.phase == "playing":
            bad.append("a knockout is open against a player who has health")
    return bad
