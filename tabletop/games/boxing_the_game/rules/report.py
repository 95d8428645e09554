"""The story of a finished Boxing: The Game match for its result screen (``Rules.report``), from its log."""

from __future__ import annotations

from tabletop.core.game import Report
from tabletop.core.i18n import words

from .content import CARDS
from .texts import said

_, ngettext = words(__name__)


def report(state, events: list[dict]) -> Report:
    log = state.log
    names = ["{0}", "{1}"]
    rounds = [e for e in log if e.get("type") == "round"]
    match = next((e for e in reversed(log) if e.get("type") == "match"), None)
    reason = match["reason"] if match else ""
    w = match["winner"] if match else None
    last = rounds[-1]["round"] if rounds else 0
    tot = [sum(p.scores) for p in state.players]
    if w is None:
        how = _("on points, {n} all").format(n=tot[0])
    elif reason == "KO":
        how = _("by knockout in round {n}").format(n=last)
    elif reason == "judges":
        how = _("with a third judge after round {n}").format(n=last)
    elif reason == "double KO":
        how = _("on the score sheet after knockdowns on both sides")
    elif reason == "double judges":
        how = _("on the score sheet after both won three judges")
    else:
        how = _("on points, {x} to {y}").format(x=tot[w], y=tot[1 - w])
    moments = []
    judges = [0, 0]
    sheet, leader = [0, 0], None
    need = state.options["judges_to_win"]
    for e in log:
        t = e.get("type")
        if t == "event" and any(e["knockdown"]):
            i = 0 if e["knockdown"][0] else 1
            moments.append(
                _("Round {n}: {a}'s {card} knocks {b} down.").format(
                    n=e["round"], a=names[i], card=said(CARDS[e["cards"][i]].name), b=names[1 - i]
                )
            )
        elif t == "round":
            sheet = [sheet[i] + e["scores"][i] for i in (0, 1)]
            now = None if sheet[0] == sheet[1] else (0 if sheet[0] > sheet[1] else 1)
            if now is not None and now != leader and e["round"] > 1:
                a, b = sheet[now], sheet[1 - now]
                moments.append(
                    _("Round {n}: {name} takes the lead on the score sheet, {x}-{y}.").format(
                        n=e["round"], name=names[now], x=a, y=b
                    )
                )
            leader = now if now is not None else leader
        elif t == "draft" and CARDS[e["card"]].judge:
            p = e["player"]
            judges[p] += 1
            name = said(CARDS[e["card"]].name)
            moments.append(
                _("Round {n}: {name} takes the {card} ({k} of {of} judges).").format(
                    n=_round_of(log, e), name=names[p], card=name, k=judges[p], of=need
                )
            )
    events_ = [e for e in log if e.get("type") == "event"]

    def per_seat(f) -> tuple[str, ...]:
        return tuple(str(f(s)) for s in (0, 1))

    numbers = (
        (_("Rounds won"), per_seat(lambda s: sum(1 for r in rounds if r["scores"][s] > r["scores"][1 - s]))),
        (_("Score sheet"), per_seat(lambda s: tot[s])),
        (_("Knockdowns"), per_seat(lambda s: sum(1 for e in events_ if e["knockdown"][s]))),
        (_("Punches landed"), per_seat(lambda s: sum(1 for e in events_ if e["landed"][s]))),
        (_("Points scored"), per_seat(lambda s: sum(e["points"][s] for e in events_))),
        (_("Judges"), per_seat(lambda s: len(state.players[s].judges))),
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
