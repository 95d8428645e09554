"""The story of a finished Stabby Jack game for its result screen (``Rules.report``), from its log sentences."""

from __future__ import annotations

from tabletop.core.game import Report

from .state import totals

_BIG = (" dies,", "stabs", "in Stabby Jack's way", "levels up")  # the moments worth retelling, most telling first


def report(state, events: list[dict]) -> Report:
    n = len(state.players)
    texts = [e["text"] for e in events]
    rounds = max(1, (state.turns + n - 1) // n)
    w = state.winner
    if w is None:
        how = f"after {rounds} rounds"
    elif "tiebreak" in (state.result or ""):
        how = f"on the tiebreak after {rounds} rounds"
    else:
        how = f"with {totals(state.players[w])['xp']} XP after {rounds} rounds"
    first: dict[str, int] = {}  # each kind of moment once, with how often it happened
    times: dict[str, int] = {}
    for i, t in enumerate(texts):
        k = next((k for k, b in enumerate(_BIG) if b in t), None)
        if k is not None:
            first.setdefault(t, i)
            times[t] = times.get(t, 0) + 1
    rank = {t: next(k for k, b in enumerate(_BIG) if b in t) for t in first}
    chosen = sorted(first, key=lambda t: (rank[t], -first[t]))[:6]
    moments = [
        t if times[t] == 1 else f"{t.rstrip('.')} ({times[t]} times)." for t in sorted(chosen, key=lambda t: first[t])
    ]

    def starts(seat: int, words: str) -> str:
        return str(sum(1 for t in texts if t.startswith(f"{{{seat}}} {words}")))

    def mentions(seat: int, words: str) -> str:
        return str(sum(1 for t in texts if words in t and f"{{{seat}}}" in t))

    seats = range(n)
    numbers = (
        ("XP", tuple(str(totals(p)["xp"]) for p in state.players)),
        ("HP left", tuple(str(totals(p)["hp"]) for p in state.players)),
        ("Fights won", tuple(starts(s, "beats the") for s in seats)),
        ("Fights lost", tuple(starts(s, "loses to the") for s in seats)),
        ("Level-ups", tuple(starts(s, "levels up") for s in seats)),
        ("Stabbed by Jack", tuple(mentions(s, "stabs") for s in seats)),
        ("Deaths", tuple(str(p.deaths) for p in state.players)),
    )
    return Report(how, tuple(moments), numbers)
