"""Sentences for the log: what each action did, in words a player reads."""

from __future__ import annotations

from typing import Any

from . import board
from .resolve import BLOCKED, CROSSING, OFF_RING, PRESSURE, SAME_LOST, SAME_TIE

Sentence = tuple[str, str, dict[str, Any]]  # (kind, text, extra) of one log line


def _card_text(card) -> str:
    return card.name if card is not None else "nothing (no third card)"


def _why(reason: str, names, s: int) -> str:
    other = names[1 - s]
    return {
        OFF_RING: "it would leave the ring",
        PRESSURE: f"{other}'s pressure pins them",
        CROSSING: "the boxers would cross through each other",
        SAME_LOST: f"{other} has more HP and takes the square",
        SAME_TIE: "both went for the same square with equal HP",
        BLOCKED: f"{other} is standing there",
    }[reason]


def action_sentences(names, cards, before, r):
    """(kind, text, extra) for one resolved action; ``before`` = (pos, facing, hp)."""
    pos0, facing0, hp0 = before
    out: list[Sentence] = [
        (
            "reveal",
            f"{names[0]} plays {_card_text(cards[0])}; {names[1]} plays {_card_text(cards[1])}.",
            {"cards": [c.id if c else None for c in cards]},
        )
    ]
    for s in (0, 1):
        c = cards[s]
        if c is None:
            continue
        if c.kind == "step":
            if r.moved[s]:
                out.append(
                    (
                        "move",
                        f"{names[s]} steps {board.STEPS[c.step]} to {board.name(r.pos[s])}.",
                        {"seat": s, "from": board.name(pos0[s]), "to": board.name(r.pos[s])},
                    )
                )
            else:
                out.append(
                    (
                        "null",
                        f"{names[s]}'s {c.name} does not happen: {_why(r.nulled[s], names, s)}.",
                        {"seat": s, "reason": r.nulled[s]},
                    )
                )
        elif c.kind == "turn":
            out.append(
                (
                    "turn",
                    f"{names[s]} turns to face {board.FACING_NAMES[r.facing[s]]}.",
                    {"seat": s, "facing": board.FACINGS[r.facing[s]]},
                )
            )
    for s in (0, 1):
        c = cards[s]
        if c is None or c.kind != "attack":
            continue
        o = 1 - s
        if not r.landed[s]:
            out.append(("miss", f"{names[s]}'s {c.name} misses {names[o]}.", {"seat": s}))
        elif r.protected[o]:
            out.append(
                (
                    "counter",
                    f"{names[s]}'s {c.name} lands but {names[o]}'s counter takes the sting out: no damage.",
                    {"seat": s},
                )
            )
        else:
            out.append(
                (
                    "hit",
                    f"{names[s]}'s {c.name} lands on {names[o]}: {names[o]} loses {r.damage[o]} HP ({r.hp[o]} left).",
                    {"seat": s, "damage": r.damage[o]},
                )
            )
            if r.dazed[o]:
                out.append(("daze", f"{names[o]} is dazed for the next exchange.", {"seat": o}))
        if r.stick[s]:
            steps = ", ".join(board.STEPS[x] for x in r.stick[s])
            out.append(
                ("earn-stick", f"{names[s]} earns a Stick-and-Move step ({steps}) after the exchange.", {"seat": s})
            )
    for s in (0, 1):
        if r.footwork[s]:
            out.append(("earn-footwork", f"{names[s]} made a favoured step and may turn 45 degrees.", {"seat": s}))
    down = [s for s in (0, 1) if r.hp[s] == 0]
    for s in down:
        out.append(("ko", f"{names[s]} is knocked out!", {"seat": s}))
    return out


def stick_sentences(names, picks, before, after, nulled):
    out: list[Sentence] = []
    for s in (0, 1):
        p = picks[s]
        if not p:
            continue
        if after[s] != before[s]:
            out.append(
                (
                    "stick",
                    f"{names[s]} sticks and moves: steps {p} to {board.name(after[s])}.",
                    {"seat": s, "from": board.name(before[s]), "to": board.name(after[s])},
                )
            )
        else:
            out.append(
                (
                    "null",
                    f"{names[s]}'s Stick-and-Move step {p} does not happen: {_why(nulled[s], names, s)}.",
                    {"seat": s, "reason": nulled[s]},
                )
            )
    return out
