"""The story of a finished bout of The Square Ring for its result screen (``Rules.report``), from its log.
The log names the boxers, as the table does."""

from __future__ import annotations

from tabletop.core.game import Report

from .content import BOXERS


def report(state, events: list[dict]) -> Report:
    log = state.log
    w = state.result.winner if state.result else None
    ko = any(e["kind"] == "ko" for e in log)
    if ko:
        how = f"by knockout in round {state.round}"
    elif w is not None:
        how = f"on rounds, {state.round_wins[w]} to {state.round_wins[1 - w]}"
    else:
        how = f"on rounds, {state.round_wins[0]} all"
    moments = []
    for e in log:
        if e["kind"] == "round":
            a, b = e["damage"]
            if e["winner"] is None:
                moments.append(f"Round {e['round']} is a draw, {a} to {b} damage.")
            else:
                w_ = e["winner"]
                moments.append(f"Round {e['round']} goes to {{{w_}}}, {max(a, b)} to {min(a, b)} damage.")
        elif e["kind"] == "ko":
            s = e["seat"]
            moments.append(f"{{{s}}}'s {BOXERS[state.boxers[s]].name} is knocked out in round {e['round']}.")
    moments = moments[-6:]

    def per_seat(kind: str, value=lambda e: 1) -> tuple[str, ...]:
        return tuple(str(sum(value(e) for e in log if e["kind"] == kind and e.get("seat") == s)) for s in (0, 1))

    numbers = (
        ("Rounds won", tuple(str(x) for x in state.round_wins)),
        ("Damage dealt", per_seat("hit", lambda e: e.get("damage", 0))),
        ("Punches landed", per_seat("hit")),
        ("Punches missed", per_seat("miss")),
        (
            "Opponent dazed",
            tuple(str(sum(1 for e in log if e["kind"] == "daze" and e.get("seat") == 1 - s)) for s in (0, 1)),
        ),
        ("HP left", tuple(str(h) for h in state.hp)),
    )
    return Report(how, tuple(moments), numbers)
