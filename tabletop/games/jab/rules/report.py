"""The story of a finished JAB game for its result screen (``Rules.report``)."""

from __future__ import annotations

from tabletop.core.game import Report
from tabletop.core.i18n import words

_, ngettext = words(__name__)

# the moments worth retelling, most telling first
_BIG = ("knockout", "stagger", "clinch", "danger", "ding", "combo", "counter")


def report(state, events: list[dict]) -> Report:
    w = state.winner
    if w is None:
        how = ""
    elif "knockout" in (state.end_reason or "").lower():
        how = _("by knockout in round {n}").format(n=state.round)
    else:
        how = _("on a decision, {a} rounds to {b}").format(a=state.tokens[w], b=state.tokens[1 - w])
    chosen = sorted((e for e in events if e["kind"] in _BIG), key=lambda e: (_BIG.index(e["kind"]), e["n"]))[:5]
    moments = [
        _("Round {n}: {text}").format(n=e.get("round", "?"), text=e["text"])
        for e in sorted(chosen, key=lambda e: e["n"])
    ]

    def count(kind: str, seat: int) -> int:
        return sum(1 for e in events if e["kind"] == kind and e.get("player") == seat)

    numbers = (
        (_("Rounds won"), tuple(str(t) for t in state.tokens)),
        (_("Punches landed"), tuple(str(count("punch", p)) for p in (0, 1))),
        (_("Blocks"), tuple(str(count("block", p)) for p in (0, 1))),
        (_("Combos"), tuple(str(count("combo", p)) for p in (0, 1))),
        (_("Counter-punches"), tuple(str(count("counter", p)) for p in (0, 1))),
        (_("Staggers"), tuple(str(count("stagger", p)) for p in (0, 1))),
        (_("Health left"), tuple(str(h) for h in state.health)),
    )
    return Report(how, tuple(moments), numbers)
