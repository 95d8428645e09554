"""The story of a finished Punch! game for its result screen (``Rules.report``), from its log."""

from __future__ import annotations

from tabletop.core.game import Report
from tabletop.core.i18n import words

from .resolve import explain

_, ngettext = words(__name__)


def report(state, events: list[dict]) -> Report:
    log = state.log
    names = ["{0}", "{1}"]
    ends = [e for e in log if e["type"] == "match_end"]
    w = 0 if state.wins[0] > state.wins[1] else 1
    how = ngettext("{n} match to {m}", "{n} matches to {m}", state.wins[w]).format(n=state.wins[w], m=state.wins[1 - w])
    if ends and ends[-1]["winner"] is not None and ends[-1]["by"] == "knockout":
        how += _(", the last by knockout in round {n}").format(n=ends[-1]["round"])
    moments = [explain(e, names) for e in ends][-5:]
    reveals = [e for e in log if e["type"] == "reveal"]

    def per_seat(test) -> tuple[str, ...]:
        return tuple(str(sum(1 for e in reveals if test(e, s))) for s in (0, 1))

    taken = tuple(str(sum(max(0, -e["change"][1 - s]) for e in reveals)) for s in (0, 1))
    kos = tuple(str(sum(1 for e in ends if e["by"] == "knockout" and e["winner"] == s)) for s in (0, 1))
    numbers = (
        (_("Matches won"), tuple(str(x) for x in state.wins)),
        (_("Knockouts"), kos),
        (_("Stamina taken"), taken),
        (_("Punches blocked"), per_seat(lambda e, s: e["result"] == "blocked" and e["actor"] == s)),
        (_("Punches sent back"), per_seat(lambda e, s: e["result"] == "dodged" and e["actor"] == s)),
    )
    return Report(how, tuple(moments), numbers)
