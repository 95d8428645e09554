"""The story of a finished JAB game for its result screen (``Rules.report``)."""

from __future__ import annotations

from tabletop.core.game import Report

# the moments worth retelling, most telling first
_BIG = ("knockout", "stagger", "clinch", "danger", "ding", "combo", "counter")


def report(state, events: list[dict]) -> Report:
    w = state.winner
    if w is None:
        how = ""
    elif "knockout" in (state.end_reason or "").lower():
        how = f"by knockout in round {state.round}"
    else:
        how = f"on a decision, {state.tokens[w]} rounds to {state.tokens[1 - w]}"
    chosen = sorted((e for e in events if e["kind"] in _BIG), key=lambda e: (_BIG.index(e["kind"]), e["n"]))[:5]
    moments = [f"Round {e.get('round', '?')}: {e['text']}" for e in sorted(chosen, key=lambda e: e["n"])]

    def count(kind: str, seat: int) -> int:
        return sum(1 for e in events if e["kind"] == kind and e.get("player") == seat)

    numbers = (
        ("Rounds won", tuple(str(t) for t in state.tokens)),
        ("Punches landed", tuple(str(count("punch", p)) for p in (0, 1))),
        ("Blocks", tuple(str(count("block", p)) for p in (0, 1))),
        ("Combos", tuple(str(count("combo", p)) for p in (0, 1))),
        ("Counter-punches", tuple(str(count("counter", p)) for p in (0, 1))),
        ("Staggers", tuple(str(count("stagger", p)) for p in (0, 1))),
        ("Health left", tuple(str(h) for h in state.health)),
    )
    return Report(how, tuple(moments), numbers)
