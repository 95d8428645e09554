"""Sentences for the match log: ``explain(event, names)``, in the player's language.

``event`` is one entry of ``state.log``; ``names`` are the two seat names
supplied by the table (e.g. ("Red", "Blue")).
"""

from __future__ import annotations

from tabletop.core.i18n import N_, words

from .content import CARDS, CHARACTERS
from .texts import said

_, ngettext = words(__name__)


def _card(c: int) -> str:
    return said(CARDS[c].name)


def _event(e, names) -> str:
    n = names
    c0, c1 = e["cards"]
    s0, s1 = e["speeds"]
    head = _("Event {event}: {a}'s {card} ({x}) vs {b}'s {other} ({y}).").format(
        event=e["event"], a=n[0], card=_card(c0), x=s0, b=n[1], other=_card(c1), y=s1
    )
    code = e["code"]
    landed = e["landed"]
    w = 0 if landed[0] else 1
    fields = {"w": n[w], "l": n[1 - w]}
    if code == "faster":
        body = _("{w}'s {card} is faster and lands on {l}.").format(card=_card(e["cards"][w]), **fields)
    elif code == "tie_same":
        body = _("Equal speed and matching stances: both punches land.")
    elif code == "tie_differs":
        body = _("Equal speed and different stances: neither punch lands.")
    elif code == "jab_beats_power":
        body = _("{w}'s Jab lands first on {l} (only a faster Cross beats a Jab).").format(**fields)
    elif code == "cross_beats_jab":
        body = _("{w}'s Cross is faster than {l}'s Jab and lands.").format(**fields)
    elif code == "punch_beats_feint":
        body = _("{w}'s {card} lands through {l}'s Feint.").format(card=_card(e["cards"][w]), **fields)
        if e["speeds"][1 - w] - e["speeds"][w] >= 6:
            body += " " + _("The Feint was {n} faster.").format(n=e["speeds"][1 - w] - e["speeds"][w])
        if e["can_force"]:
            body += " " + _("It is 6 or more faster, so {w} may also switch {l}'s stance.").format(**fields)
    elif code == "block_stops_punch":
        body = _("{w}'s Block stops {l}'s {card}.").format(card=_card(e["cards"][1 - w]), **fields)
        gap = e["speeds"][w] - e["speeds"][1 - w]
        if gap >= 6:
            body += " " + _("The Block is {n} faster.").format(n=gap)
        elif -gap >= 6:
            body += " " + _("The punch was {n} faster.").format(n=-gap)
        elif -gap > 0 and CARDS[e["cards"][1 - w]].move == "hook":
            body += " " + _("The Hook was faster.")
    elif code == "feint_beats_block":
        body = _("{w}'s Feint fools {l}'s Block.").format(**fields)
        if e["speeds"][w] - e["speeds"][1 - w] >= 6:
            body += " " + _("The Feint is {n} faster.").format(n=e["speeds"][w] - e["speeds"][1 - w])
    elif code in ("same_block", "same_feint"):
        blocks = code == "same_block"
        if s0 == s1:
            body = (
                _("Two Blocks at equal speed: nothing happens.")
                if blocks
                else _("Two Feints at equal speed: nothing happens.")
            )
        else:
            f = 0 if s0 > s1 else 1
            body = (
                _("Two Blocks: {name} is {n} faster.") if blocks else _("Two Feints: {name} is {n} faster.")
            ).format(name=n[f], n=abs(s0 - s1))
    else:
        body = ""
    extra = []
    for i in (0, 1):
        if e["knockdown"][i]:
            extra.append(
                _("KNOCKDOWN! {a}'s {card} drops {b}: the round ends.").format(
                    a=n[i], card=_card(c0 if i == 0 else c1), b=n[1 - i]
                )
            )
    for i in (0, 1):
        if e["points"][i]:
            k = e["points"][i]
            extra.append(ngettext("{name} scores {n} point.", "{name} scores {n} points.", k).format(name=n[i], n=k))
    for i in (0, 1):
        if e["momentum"][i]:
            extra.append(_("{name} gains {n} momentum.").format(name=n[i], n=e["momentum"][i]))
    for i in (0, 1):
        if e["carry"][i]:
            extra.append(_("{name}'s next action is {n} faster.").format(name=n[i], n=e["carry"][i]))
    if e["chooser"] is not None and not any(e["knockdown"]):
        extra.append(_("{name} may switch stance.").format(name=n[e["chooser"]]))
    return " ".join([head] + ([body] if body else []) + extra) + ("" if body or extra else " ")


# how a match was won, by the rules' reason
_WON = {
    "KO": N_("{name} wins by knockout!"),
    "judges": N_("{name} wins with three judges!"),
    "points": N_("{name} wins on points, {x}-{y}!"),
    "double KO": N_("{name} wins on the score sheet after knockdowns on both sides ({x}-{y})!"),
    "double judges": N_("{name} wins on the score sheet after both completed their judges ({x}-{y})!"),
}


def explain(event: dict, names) -> str:
    t = event.get("type")
    n = list(names)
    if t == "event":
        return _event(event, n)
    if t == "character":
        ch = CHARACTERS[event["character"]]
        return _("{name} fights as {boxer} ({stance}; {trait}: {text}) with {n} momentum.").format(
            name=n[event["player"]],
            boxer=said(ch.name),
            stance=said(event["stance"]),
            trait=said(ch.trait_name),
            text=said(ch.trait_text),
            n=event["momentum"],
        )
    if t == "round_start":
        return _("Round {n}: ding ding ding!").format(n=event["round"])
    if t == "planned":
        b = event["bids"]
        return _("{a} and {b} have planned. Momentum on events 1/2/3: {a} {x}, {b} {y}.").format(
            a=n[0], b=n[1], x="/".join(map(str, b[0])), y="/".join(map(str, b[1]))
        )
    if t == "stance":
        p = event["player"]
        parts = []
        if event["switch"]:
            parts.append(_("{name} switches to {stance}").format(name=n[p], stance=said(event["stances"][p])))
        if event["force"]:
            parts.append(
                _("{name} forces {other} to {stance}").format(
                    name=n[p], other=n[1 - p], stance=said(event["stances"][1 - p])
                )
            )
        return ("; ".join(parts) + ".") if parts else _("{name} keeps the stances as they are.").format(name=n[p])
    if t == "round":
        sc, pts = event["scores"], event["points"]
        if any(event["knockdown"]):
            if all(event["knockdown"]):
                why = _("double knockdown")
            else:
                why = _("knockdown by {name}").format(name=n[0] if event["knockdown"][0] else n[1])
        else:
            why = _("{a} {x}, {b} {y} on points").format(a=n[0], x=pts[0], b=n[1], y=pts[1])
        judges = event["judges"]
        jtxt = " " + _("(judges add {x} and {y})").format(x=judges[0], y=judges[1]) if any(judges) else ""
        if sc[0] == sc[1]:
            head = _("Round {n} is even, {x}-{y}").format(n=event["round"], x=sc[0], y=sc[1])
        else:
            rw = 0 if sc[0] > sc[1] else 1
            head = _("Round {n} goes to {name}, {x}-{y}").format(n=event["round"], name=n[rw], x=sc[rw], y=sc[1 - rw])
        return f"{head}: {why}{jtxt}."
    if t == "draft":
        p, c = event["player"], event["card"]
        s = (_("{name} is dealt {card}") if event["how"] == "random" else _("{name} drafts {card}")).format(
            name=n[p], card=_card(c)
        )
        if event["paid"]:
            s += _(", paying {n} momentum").format(n=event["paid"])
        if event["gained"]:
            s += _(", gaining {n} momentum").format(n=event["gained"])
        if event["replaced"] is not None:
            s += _("; it replaces {card}, which is exiled").format(card=_card(event["replaced"]))
        return s + "."
    if t == "secret_picks":
        return _("Even round: {a} and {b} both point at a prize at once.").format(a=n[0], b=n[1])
    if t == "exile":
        if event["why"] == "same":
            return _("{a} and {b} leave {card}: it is exiled (both pointed at it).").format(
                a=n[0], b=n[1], card=_card(event["card"])
            )
        return _("{a} and {b} leave {card}: it is exiled.").format(a=n[0], b=n[1], card=_card(event["card"]))
    if t == "pass":
        return _("{name} cannot afford any prize and takes nothing.").format(name=n[event["player"]])
    if t == "reshuffle":
        return _("{name} shuffles their discard pile into a new deck.").format(name=n[event["player"]])
    if t == "bonus_momentum":
        return _("{name} gains {n} momentum at cleanup.").format(name=n[event["player"]], n=event["amount"])
    if t == "match":
        w = event["winner"]
        r = event["reason"]
        tot = event["totals"]
        if w is None:
            return _("{a} and {b} draw the match, {x}-{y}.").format(a=n[0], b=n[1], x=tot[0], y=tot[1])
        if r in _WON:
            return _(_WON[r]).format(name=n[w], x=tot[w], y=tot[1 - w])
        return f"{n[w]} wins {r}!"
    return str(event)
