"""Resolving one revealed pair of cards (R-PUN-2, R-PUN-6), and the plain-words
sentences for every logged event (``explain``)."""

from __future__ import annotations

from functools import cache

from tabletop.core.words import plural

from .content import CONTENT

KINDS = CONTENT.kinds
NK = len(KINDS)
CODES = tuple(k.code for k in KINDS)
INDEX = {k.code: i for i, k in enumerate(KINDS)}
EFFECT = tuple(k.effect for k in KINDS)
POWER = tuple(k.power for k in KINDS)
TOTALS = tuple(k.count for k in KINDS)
S = CONTENT.settings
MAX_STAMINA = S["max_stamina"]


def effective_power(kind: int, stamina: int, no_mercy: bool) -> int:
    """What a revealed card punches with (0 for a non-punch)."""
    p = POWER[kind]
    if p and no_mercy and stamina < S["no_mercy_below"]:
        return min(p, stamina)
    return p


def outcome(k0: int, k1: int, p0: int, p1: int) -> tuple[str, int, int, int]:
    """Returns (result, change0, change1, actor) for one pair, before stamina limits.

    change is the raw stamina change of each seat; actor is the seat whose
    card did it (the bigger punch, the blocker, the dodger, the puncher who
    caught a rester, the rester), or -1. ``p0``/``p1`` are the effective powers.
    """
    e0, e1 = EFFECT[k0], EFFECT[k1]
    gain = S["rest_gain"]
    if e0 == "punch" and e1 == "punch":
        if p0 == p1:
            return "even", 0, 0, -1
        return ("trade", 0, p1 - p0, 0) if p0 > p1 else ("trade", p0 - p1, 0, 1)
    for me, other, em, eo, pm in ((0, 1, e0, e1, p0), (1, 0, e1, e0, p1)):
        ch = [0, 0]
        if em == "punch":
            if eo == "block":
                return "blocked", 0, 0, other
            if eo == "dodge":
                ch[me] = -pm
                return "dodged", ch[0], ch[1], other
            if eo == "nothing":
                ch[other] = -pm
                return "caught", ch[0], ch[1], me
    if e0 == "nothing" and e1 == "nothing":
        return "both_rest", gain, gain, -1
    if e0 == "nothing":
        return "rest", gain, 0, 0
    if e1 == "nothing":
        return "rest", 0, gain, 1
    return "quiet", 0, 0, -1


@cache
def _pair(k0: int, k1: int, s0: int, s1: int, no_mercy: bool):
    """Everything ``resolve`` works out for one pair (a small pure function, so cached)."""
    p0 = effective_power(k0, s0, no_mercy)
    p1 = effective_power(k1, s1, no_mercy)
    result, c0, c1, actor = outcome(k0, k1, p0, p1)
    new = (max(0, min(MAX_STAMINA, s0 + c0)), max(0, min(MAX_STAMINA, s1 + c1)))
    ko = 0 if new[0] == 0 else (1 if new[1] == 0 else None)
    return new, p0, p1, result, actor, c0, c1, ko


def resolve_pair(k0: int, k1: int, stamina: tuple[int, int], no_mercy: bool):
    """New stamina pair and the reveal event (JSON-able dict)."""
    new, p0, p1, result, actor, c0, c1, ko = _pair(k0, k1, stamina[0], stamina[1], no_mercy)
    event = {
        "type": "reveal",
        "cards": [CODES[k0], CODES[k1]],
        "power": [p0, p1],
        "weakened": [p0 < POWER[k0], p1 < POWER[k1]],
        "result": result,
        "actor": actor,
        "change": [new[0] - stamina[0], new[1] - stamina[1]],
        "wanted": [c0, c1],
        "stamina": list(new),
        "ko": ko,
    }
    return new, event


# -- sentences ------------------------------------------------------------


def card_name(code: str) -> str:
    return KINDS[INDEX[code]].name


def _punch(event, seat) -> str:
    code = event["cards"][seat]
    text = card_name(code)
    if event["weakened"][seat]:
        text += f" (worth only {event['power'][seat]}: no mercy for the weak)"
    return text


def _reveal(e, names) -> str:
    r, a = e["result"], e["actor"]
    n = names
    c = [card_name(x) for x in e["cards"]]
    st = e["stamina"]

    def loses(seat: int) -> str:
        return f"{n[seat]} loses {-e['wanted'][seat]} stamina ({st[seat]} left)."

    if r == "even":
        text = f"{n[0]}'s {_punch(e, 0)} and {n[1]}'s {_punch(e, 1)} cancel out: nothing happens."
    elif r == "trade":
        lo = 1 - a
        text = f"{n[a]}'s {_punch(e, a)} beats {n[lo]}'s {_punch(e, lo)}: " + loses(lo)
    elif r == "blocked":
        o = 1 - a
        text = f"{n[a]}'s Block stops {n[o]}'s {_punch(e, o)}: nothing happens."
    elif r == "dodged":
        o = 1 - a
        text = f"{n[a]}'s {c[a]} sends {n[o]}'s {_punch(e, o)} back: " + loses(o)
    elif r == "caught":
        o = 1 - a
        text = f"{n[a]}'s {_punch(e, a)} catches {n[o]} doing nothing: " + loses(o)
    elif r == "rest":
        o = 1 - a
        text = f"{n[a]} does nothing against {n[o]}'s {c[o]} and rests: "
        if e["change"][a] == 0:
            text += f"{n[a]} is already at full stamina ({st[a]})."
        else:
            text += f"{n[a]} gains {e['wanted'][a]} stamina ({st[a]} now)."
    elif r == "both_rest":
        text = f"{n[0]} and {n[1]} both play Do Nothing and rest: "
        full = [i for i in (0, 1) if e["change"][i] == 0]
        text += f"both gain {e['wanted'][0]} stamina ({n[0]} {st[0]}, {n[1]} {st[1]})"
        text += f"; {' and '.join(n[i] for i in full)} already at full stamina." if full else "."
    else:
        text = f"{n[0]}'s {c[0]} meets {n[1]}'s {c[1]}: nothing happens."
    if e["ko"] is not None:
        text += f" {n[e['ko']]} is knocked out!"
    return text


def explain(event: dict, names) -> str:
    """One plain sentence for a logged event; ``names`` are the seats' names."""
    t = event["type"]
    n = names
    if t == "reveal":
        return _reveal(event, names)
    if t == "deal":
        return f"Match {event['match']}, round {event['round']}: {n[0]} and {n[1]} are each dealt 10 cards."
    if t == "draft":
        return f"Match {event['match']}, round {event['round']}: {n[0]} and {n[1]} have picked their cards."
    if t == "redeal":
        k, name = event["count"], card_name(event["card"])
        return f"{n[event['seat']]} shows {plural(k, 'card')}, all {name}, and is dealt a fresh hand."
    if t == "keep":
        return f"{n[event['seat']]} keeps the hand."
    if t == "exchange":
        k = event["count"]
        if k == 0:
            return f"{n[event['seat']]} exchanges no cards."
        return f"{n[event['seat']]} puts {plural(k, 'card')} under the deck and draws {k} new."
    if t == "swap":
        return f"{n[event['seat']]} exchanges one card with the deck."
    if t == "program":
        return f"{n[0]} and {n[1]} have laid out their next cards face down."
    if t == "break":
        g = event["gain"]
        st = event["stamina"]
        return (
            f"Break after round {event['round']}: {n[0]} and {n[1]} each recover up to {g} stamina "
            f"({n[0]} {st[0]}, {n[1]} {st[1]})."
        )
    if t == "match_end":
        w = event["winner"]
        st = event["stamina"]
        if w is None:
            return f"{n[0]} and {n[1]} end match {event['match']} level at {st[0]} to {st[1]}: it is replayed."
        if event["by"] == "knockout":
            return f"{n[w]} wins match {event['match']} by knockout."
        return f"{n[w]} wins match {event['match']} on stamina, {st[w]} to {st[1 - w]}."
    if t == "game_end":
        w = event["winner"]
        return f"{n[w]} wins the game, {plural(event['wins'][w], 'match')} to {event['wins'][1 - w]}."
    return t
