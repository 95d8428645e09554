"""Resolving one revealed pair of cards (R-PUN-2, R-PUN-6), and the plain-words
sentences for every logged event (``explain``)."""

from __future__ import annotations

from functools import cache

from tabletop.core.i18n import N_, words

from .content import CONTENT

_, ngettext = words(__name__)

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

# the card names of data/cards.json, for the catalogue (said with _ where shown; tests/test_punch_words.py
# checks that none is missing)
CARD_WORDS = {
    "Punch 1": N_("Punch 1"),
    "Punch 2": N_("Punch 2"),
    "Punch 3": N_("Punch 3"),
    "Do Nothing": N_("Do Nothing"),
    "Block": N_("Block"),
    "Dodge and Punch Back": N_("Dodge and Punch Back"),
}


def card_name(code: str) -> str:
    """A card's name in the player's language."""
    return _(KINDS[INDEX[code]].name)


def _punch(event, seat) -> str:
    code = event["cards"][seat]
    text = card_name(code)
    if event["weakened"][seat]:
        text += " " + _("(worth only {n}: no mercy for the weak)").format(n=event["power"][seat])
    return text


def _reveal(e, names) -> str:
    r, a = e["result"], e["actor"]
    n = names
    c = [card_name(x) for x in e["cards"]]
    st = e["stamina"]

    def loses(seat: int) -> str:
        return _("{name} loses {n} stamina ({left} left).").format(name=n[seat], n=-e["wanted"][seat], left=st[seat])

    if r == "even":
        text = _("{a}'s {card} and {b}'s {other} cancel out: nothing happens.").format(
            a=n[0], card=_punch(e, 0), b=n[1], other=_punch(e, 1)
        )
    elif r == "trade":
        lo = 1 - a
        text = _("{a}'s {card} beats {b}'s {other}:").format(a=n[a], card=_punch(e, a), b=n[lo], other=_punch(e, lo))
        text += " " + loses(lo)
    elif r == "blocked":
        o = 1 - a
        text = _("{a}'s Block stops {b}'s {other}: nothing happens.").format(a=n[a], b=n[o], other=_punch(e, o))
    elif r == "dodged":
        o = 1 - a
        text = _("{a}'s {card} sends {b}'s {other} back:").format(a=n[a], card=c[a], b=n[o], other=_punch(e, o))
        text += " " + loses(o)
    elif r == "caught":
        o = 1 - a
        text = _("{a}'s {card} catches {b} doing nothing:").format(a=n[a], card=_punch(e, a), b=n[o])
        text += " " + loses(o)
    elif r == "rest":
        o = 1 - a
        text = _("{a} does nothing against {b}'s {card} and rests:").format(a=n[a], b=n[o], card=c[o])
        if e["change"][a] == 0:
            text += " " + _("{name} is already at full stamina ({n}).").format(name=n[a], n=st[a])
        else:
            text += " " + _("{name} gains {n} stamina ({now} now).").format(name=n[a], n=e["wanted"][a], now=st[a])
    elif r == "both_rest":
        full = [i for i in (0, 1) if e["change"][i] == 0]
        fields = {"a": n[0], "b": n[1], "n": e["wanted"][0], "x": st[0], "y": st[1]}
        if not full:
            text = _("{a} and {b} both play Do Nothing and rest: both gain {n} stamina ({a} {x}, {b} {y}).")
        elif len(full) == 1:
            fields["full"] = n[full[0]]
            text = _(
                "{a} and {b} both play Do Nothing and rest: both gain {n} stamina ({a} {x}, {b} {y}); "
                "{full} already at full stamina."
            )
        else:
            text = _(
                "{a} and {b} both play Do Nothing and rest: both gain {n} stamina ({a} {x}, {b} {y}); "
                "{a} and {b} already at full stamina."
            )
        text = text.format(**fields)
    else:
        text = _("{a}'s {card} meets {b}'s {other}: nothing happens.").format(a=n[0], card=c[0], b=n[1], other=c[1])
    if e["ko"] is not None:
        text += " " + _("{name} is knocked out!").format(name=n[e["ko"]])
    return text


def explain(event: dict, names) -> str:
    """One plain sentence for a logged event in the player's language; ``names`` are the seats' names."""
    t = event["type"]
    n = names
    if t == "reveal":
        return _reveal(event, names)
    if t == "deal":
        return _("Match {match}, round {round}: {a} and {b} are each dealt 10 cards.").format(
            match=event["match"], round=event["round"], a=n[0], b=n[1]
        )
    if t == "draft":
        return _("Match {match}, round {round}: {a} and {b} have picked their cards.").format(
            match=event["match"], round=event["round"], a=n[0], b=n[1]
        )
    if t == "redeal":
        k, name = event["count"], card_name(event["card"])
        return ngettext(
            "{name} shows {n} card, all {card}, and is dealt a fresh hand.",
            "{name} shows {n} cards, all {card}, and is dealt a fresh hand.",
            k,
        ).format(name=n[event["seat"]], n=k, card=name)
    if t == "keep":
        return _("{name} keeps the hand.").format(name=n[event["seat"]])
    if t == "exchange":
        k = event["count"]
        if k == 0:
            return _("{name} exchanges no cards.").format(name=n[event["seat"]])
        return ngettext(
            "{name} puts {n} card under the deck and draws {n} new.",
            "{name} puts {n} cards under the deck and draws {n} new.",
            k,
        ).format(name=n[event["seat"]], n=k)
    if t == "swap":
        return _("{name} exchanges one card with the deck.").format(name=n[event["seat"]])
    if t == "program":
        return _("{a} and {b} have laid out their next cards face down.").format(a=n[0], b=n[1])
    if t == "break":
        g = event["gain"]
        st = event["stamina"]
        return _("Break after round {round}: {a} and {b} each recover up to {n} stamina ({a} {x}, {b} {y}).").format(
            round=event["round"], a=n[0], b=n[1], n=g, x=st[0], y=st[1]
        )
    if t == "match_end":
        w = event["winner"]
        st = event["stamina"]
        if w is None:
            return _("{a} and {b} end match {match} level at {x} to {y}: it is replayed.").format(
                a=n[0], b=n[1], match=event["match"], x=st[0], y=st[1]
            )
        if event["by"] == "knockout":
            return _("{name} wins match {match} by knockout.").format(name=n[w], match=event["match"])
        return _("{name} wins match {match} on stamina, {x} to {y}.").format(
            name=n[w], match=event["match"], x=st[w], y=st[1 - w]
        )
    if t == "game_end":
        w = event["winner"]
        wins = event["wins"]
        return ngettext(
            "{name} wins the game, {n} match to {m}.", "{name} wins the game, {n} matches to {m}.", wins[w]
        ).format(name=n[w], n=wins[w], m=wins[1 - w])
    return t
