"""Sentences for the match log: ``explain(event, names)``.

``event`` is one entry of ``state.log``; ``names`` are the two seat names
supplied by the table (e.g. ("Red", "Blue")).
"""

from __future__ import annotations

from tabletop.core.words import plural

from .content import CARDS, CHARACTERS


def _card(c: int) -> str:
    return CARDS[c].name


def _event(e, names) -> str:
    n = names
    c0, c1 = e["cards"]
    s0, s1 = e["speeds"]
    head = f"Event {e['event']}: {n[0]}'s {_card(c0)} ({s0}) vs {n[1]}'s {_card(c1)} ({s1}). "
    code = e["code"]
    landed = e["landed"]
    if code == "faster":
        w = 0 if landed[0] else 1
        body = f"{n[w]}'s {_card(e['cards'][w])} is faster and lands on {n[1 - w]}."
    elif code == "tie_same":
        body = "Equal speed and matching stances: both punches land."
    elif code == "tie_differs":
        body = "Equal speed and different stances: neither punch lands."
    elif code == "jab_beats_power":
        w = 0 if landed[0] else 1
        body = f"{n[w]}'s Jab lands first on {n[1 - w]} (only a faster Cross beats a Jab)."
    elif code == "cross_beats_jab":
        w = 0 if landed[0] else 1
        body = f"{n[w]}'s Cross is faster than {n[1 - w]}'s Jab and lands."
    elif code == "punch_beats_feint":
        w = 0 if landed[0] else 1
        body = f"{n[w]}'s {_card(e['cards'][w])} lands through {n[1 - w]}'s Feint."
        if e["speeds"][1 - w] - e["speeds"][w] >= 6:
            body += f" The Feint was {e['speeds'][1 - w] - e['speeds'][w]} faster."
        if e["can_force"]:
            body += f" It is 6 or more faster, so {n[w]} may also switch {n[1 - w]}'s stance."
    elif code == "block_stops_punch":
        w = 0 if landed[0] else 1
        body = f"{n[w]}'s Block stops {n[1 - w]}'s {_card(e['cards'][1 - w])}."
        gap = e["speeds"][w] - e["speeds"][1 - w]
        if gap >= 6:
            body += f" The Block is {gap} faster."
        elif -gap >= 6:
            body += f" The punch was {-gap} faster."
        elif -gap > 0 and CARDS[e["cards"][1 - w]].move == "hook":
            body += " The Hook was faster."
    elif code == "feint_beats_block":
        w = 0 if landed[0] else 1
        body = f"{n[w]}'s Feint fools {n[1 - w]}'s Block."
        if e["speeds"][w] - e["speeds"][1 - w] >= 6:
            body += f" The Feint is {e['speeds'][w] - e['speeds'][1 - w]} faster."
    elif code in ("same_block", "same_feint"):
        what = "Blocks" if code == "same_block" else "Feints"
        if s0 == s1:
            body = f"Two {what} at equal speed: nothing happens."
        else:
            w = 0 if s0 > s1 else 1
            body = f"Two {what}: {n[w]} is {abs(s0 - s1)} faster."
    else:
        body = ""
    extra = []
    for i in (0, 1):
        if e["knockdown"][i]:
            extra.append(f"KNOCKDOWN! {n[i]}'s {_card(c0 if i == 0 else c1)} drops {n[1 - i]}: the round ends.")
    for i in (0, 1):
        if e["points"][i]:
            extra.append(f"{n[i]} scores {plural(e['points'][i], 'point')}.")
    for i in (0, 1):
        if e["momentum"][i]:
            extra.append(f"{n[i]} gains {e['momentum'][i]} momentum.")
    for i in (0, 1):
        if e["carry"][i]:
            extra.append(f"{n[i]}'s next action is {e['carry'][i]} faster.")
    if e["chooser"] is not None and not any(e["knockdown"]):
        extra.append(f"{n[e['chooser']]} may switch stance.")
    return head + body + ("" if not extra else " " + " ".join(extra))


def explain(event: dict, names) -> str:
    t = event.get("type")
    n = list(names)
    if t == "event":
        return _event(event, n)
    if t == "character":
        ch = CHARACTERS[event["character"]]
        return (
            f"{n[event['player']]} fights as {ch.name} ({event['stance']}; {ch.trait_name}: {ch.trait_text}) "
            f"with {event['momentum']} momentum."
        )
    if t == "round_start":
        return f"Round {event['round']}: ding ding ding!"
    if t == "planned":
        b = event["bids"]
        return (
            f"{n[0]} and {n[1]} have planned. Momentum on events 1/2/3: "
            f"{n[0]} {'/'.join(map(str, b[0]))}, {n[1]} {'/'.join(map(str, b[1]))}."
        )
    if t == "stance":
        p = event["player"]
        parts = []
        if event["switch"]:
            parts.append(f"{n[p]} switches to {event['stances'][p]}")
        if event["force"]:
            parts.append(f"{n[p]} forces {n[1 - p]} to {event['stances'][1 - p]}")
        return ("; ".join(parts) + ".") if parts else f"{n[p]} keeps the stances as they are."
    if t == "round":
        sc, pts = event["scores"], event["points"]
        if any(event["knockdown"]):
            if all(event["knockdown"]):
                why = "double knockdown"
            else:
                why = f"knockdown by {n[0] if event['knockdown'][0] else n[1]}"
        else:
            why = f"{n[0]} {pts[0]}, {n[1]} {pts[1]} on points"
        judges = event["judges"]
        jtxt = f" (judges add {judges[0]} and {judges[1]})" if any(judges) else ""
        if sc[0] == sc[1]:
            head = f"Round {event['round']} is even, {sc[0]}-{sc[1]}"
        else:
            rw = 0 if sc[0] > sc[1] else 1
            head = f"Round {event['round']} goes to {n[rw]}, {sc[rw]}-{sc[1 - rw]}"
        return f"{head}: {why}{jtxt}."
    if t == "draft":
        p, c = event["player"], event["card"]
        how = "is dealt" if event["how"] == "random" else "drafts"
        s = f"{n[p]} {how} {_card(c)}"
        if event["paid"]:
            s += f", paying {event['paid']} momentum"
        if event["gained"]:
            s += f", gaining {event['gained']} momentum"
        if event["replaced"] is not None:
            s += f"; it replaces {_card(event['replaced'])}, which is exiled"
        return s + "."
    if t == "secret_picks":
        return f"Even round: {n[0]} and {n[1]} both point at a prize at once."
    if t == "exile":
        why = " (both pointed at it)" if event["why"] == "same" else ""
        return f"{n[0]} and {n[1]} leave {_card(event['card'])}: it is exiled{why}."
    if t == "pass":
        return f"{n[event['player']]} cannot afford any prize and takes nothing."
    if t == "reshuffle":
        return f"{n[event['player']]} shuffles their discard pile into a new deck."
    if t == "bonus_momentum":
        return f"{n[event['player']]} gains {event['amount']} momentum at cleanup."
    if t == "match":
        w = event["winner"]
        r = event["reason"]
        tot = event["totals"]
        if w is None:
            return f"{n[0]} and {n[1]} draw the match, {tot[0]}-{tot[1]}."
        what = {
            "KO": "by knockout",
            "judges": "with three judges",
            "points": f"on points, {tot[w]}-{tot[1 - w]}",
            "double KO": f"on the score sheet after knockdowns on both sides ({tot[w]}-{tot[1 - w]})",
            "double judges": f"on the score sheet after both completed their judges ({tot[w]}-{tot[1 - w]})",
        }
        return f"{n[w]} wins {what.get(r, r)}!"
    return str(event)
