"""The story of a finished Boxing: The Game match for its result screen (``Rules.report``), from its log."""

from __future__ import annotations

from tabletop.core.game import Report

from .content import CARDS


def report(state, events: list[dict]) -> Report:
    log = state.log
    names = ["{0}", "{1}"]
    rounds = [e for e in log if e.get("type") == "round"]
    match = next((e for e in reversed(log) if e.get("type") == "match"), None)
    reason = match["reason"] if match else ""
    w = match["winner"] if match else None
    last = rounds[-1]["round"] if rounds else 0
    tot = [sum(p.scores) for p in state.players]
    how = {
        "KO": f"by knockout in round {last}",
        "judges": f"with a third judge after round {last}",
        "double KO": "on the score sheet after knockdowns on both sides",
        "double judges": "on the score sheet after both won three judges",
    }.get(reason, f"on points, {tot[w]} to {tot[1 - w]}" if w is not None else "on points")
    if w is None:
        how = f"on points, {tot[0]} all"
    moments = []
    judges = [0, 0]
    sheet, leader = [0, 0], None
    need = state.options["judges_to_win"]
    for e in log:
        t = e.get("type")
        if t == "event" and any(e["knockdown"]):
            i = 0 if e["knockdown"][0] else 1
            moments.append(f"Round {e['round']}: {names[i]}'s {CARDS[e['cards'][i]].name} knocks {names[1 - i]} down.")
        elif t == "round":
            sheet = [sheet[i] + e["scores"][i] for i in (0, 1)]
            now = None if sheet[0] == sheet[1] else (0 if sheet[0] > sheet[1] else 1)
            if now is not None and now != leader and e["round"] > 1:
                a, b = sheet[now], sheet[1 - now]
                moments.append(f"Round {e['round']}: {names[now]} takes the lead on the score sheet, {a}-{b}.")
            leader = now if now is not None else leader
        elif t == "draft" and CARDS[e["card"]].judge:
            p = e["player"]
            judges[p] += 1
            name = CARDS[e["card"]].name
            moments.append(f"Round {_round_of(log, e)}: {names[p]} takes the {name} ({judges[p]} of {need} judges).")
    events_ = [e for e in log if e.get("type") == "event"]

    def per_seat(f) -> tuple[str, ...]:
        return tuple(str(f(s)) for s in (0, 1))

    numbers = (
        ("Rounds won", per_seat(lambda s: sum(1 for r in rounds if r["scores"][s] > r["scores"][1 - s]))),
        ("Score sheet", per_seat(lambda s: tot[s])),
        ("Knockdowns", per_seat(lambda s: sum(1 for e in events_ if e["knockdown"][s]))),
        ("Punches landed", per_seat(lambda s: sum(1 for e in events_ if e["landed"][s]))),
        ("Points scored", per_seat(lambda s: sum(e["points"][s] for e in events_))),
        ("Judges", per_seat(lambda s: len(state.players[s].judges))),
    )
    return Report(how, tuple(moments[-6:]), numbers)


def _round_of(log, entry) -> int:
    r = 0
    for e in log:
        if e.get("type") == "round":
            r = e["round"]
        if e is entry:
            break
    return r
