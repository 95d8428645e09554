"""Sentences for the log: what each action did, in words a player reads.

A log entry keeps its sentence language-free, as the English text (the catalogue's key) and the
words that fill it (``args``): numbers, squares, words of the catalogue (a boxer's or a card's name,
a step, a facing) and whole sentences of the same kind (a boxer named by corner, why a step failed).
``sentence`` says it in the player's language when it is shown, so a bout logged in one language
reads in another, and a record never holds a player's language."""

from __future__ import annotations

from typing import Any

from tabletop.core.i18n import N_, words

from . import board
from .resolve import BLOCKED, CROSSING, OFF_RING, PRESSURE, SAME_LOST, SAME_TIE

_, ngettext = words(__name__)

Said = dict[str, Any]  # {"text": English sentence with {fields}, "args": {field: value}}
Sentence = tuple[str, Said, dict[str, Any]]  # (kind, said, extra) of one log line


def said(text: str, **args: Any) -> Said:
    """A sentence to be said later: ``text`` (marked with ``N_`` where it is written) and its fields."""
    return {"text": text, "args": args}


def sentence(entry: Said) -> str:
    """A log entry (or any ``said``) in the player's language."""
    return _(entry["text"]).format(**{k: word(v) for k, v in entry.get("args", {}).items()})


def word(value: Any) -> str:
    """One field of a ``said`` in the player's language (a list is said as a list)."""
    if isinstance(value, dict):
        return sentence(value)
    if isinstance(value, list):
        return ", ".join(word(v) for v in value)
    if isinstance(value, str):
        return _(value) if value else value
    return str(value)


def _card_text(card) -> Any:
    return card.name if card is not None else said(N_("nothing (no third card)"))


def _why(reason: str, names, s: int) -> Said:
    other = names[1 - s]
    return {
        OFF_RING: said(N_("it would leave the ring")),
        PRESSURE: said(N_("{other}'s pressure pins them"), other=other),
        CROSSING: said(N_("the boxers would cross through each other")),
        SAME_LOST: said(N_("{other} has more HP and takes the square"), other=other),
        SAME_TIE: said(N_("both went for the same square with equal HP")),
        BLOCKED: said(N_("{other} is standing there"), other=other),
    }[reason]


def action_sentences(names, cards, before, r):
    """(kind, said, extra) for one resolved action; ``before`` = (pos, facing, hp)."""
    pos0, facing0, hp0 = before
    out: list[Sentence] = [
        (
            "reveal",
            said(
                N_("{a} plays {card_a}; {b} plays {card_b}."),
                a=names[0],
                card_a=_card_text(cards[0]),
                b=names[1],
                card_b=_card_text(cards[1]),
            ),
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
                        said(
                            N_("{name} steps {step} to {square}."),
                            name=names[s],
                            step=board.STEPS[c.step],
                            square=board.name(r.pos[s]),
                        ),
                        {"seat": s, "from": board.name(pos0[s]), "to": board.name(r.pos[s])},
                    )
                )
            else:
                out.append(
                    (
                        "null",
                        said(
                            N_("{name}'s {card} does not happen: {why}."),
                            name=names[s],
                            card=c.name,
                            why=_why(r.nulled[s], names, s),
                        ),
                        {"seat": s, "reason": r.nulled[s]},
                    )
                )
        elif c.kind == "turn":
            out.append(
                (
                    "turn",
                    said(N_("{name} turns to face {facing}."), name=names[s], facing=board.FACING_NAMES[r.facing[s]]),
                    {"seat": s, "facing": board.FACINGS[r.facing[s]]},
                )
            )
    for s in (0, 1):
        c = cards[s]
        if c is None or c.kind != "attack":
            continue
        o = 1 - s
        if not r.landed[s]:
            out.append(
                (
                    "miss",
                    said(N_("{name}'s {card} misses {other}."), name=names[s], card=c.name, other=names[o]),
                    {"seat": s},
                )
            )
        elif r.protected[o]:
            out.append(
                (
                    "counter",
                    said(
                        N_("{name}'s {card} lands but {other}'s counter takes the sting out: no damage."),
                        name=names[s],
                        card=c.name,
                        other=names[o],
                    ),
                    {"seat": s},
                )
            )
        else:
            out.append(
                (
                    "hit",
                    said(
                        N_("{name}'s {card} lands on {other}: {other} loses {damage} HP ({left} left)."),
                        name=names[s],
                        card=c.name,
                        other=names[o],
                        damage=r.damage[o],
                        left=r.hp[o],
                    ),
                    {"seat": s, "damage": r.damage[o]},
                )
            )
            if r.dazed[o]:
                out.append(("daze", said(N_("{name} is dazed for the next exchange."), name=names[o]), {"seat": o}))
        if r.stick[s]:
            steps = [board.STEPS[x] for x in r.stick[s]]
            out.append(
                (
                    "earn-stick",
                    said(
                        N_("{name} earns a Stick-and-Move step ({steps}) after the exchange."),
                        name=names[s],
                        steps=steps,
                    ),
                    {"seat": s},
                )
            )
    for s in (0, 1):
        if r.footwork[s]:
            out.append(
                (
                    "earn-footwork",
                    said(N_("{name} made a favoured step and may turn 45 degrees."), name=names[s]),
                    {"seat": s},
                )
            )
    down = [s for s in (0, 1) if r.hp[s] == 0]
    for s in down:
        out.append(("ko", said(N_("{name} is knocked out!"), name=names[s]), {"seat": s}))
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
                    said(
                        N_("{name} sticks and moves: steps {step} to {square}."),
                        name=names[s],
                        step=p,
                        square=board.name(after[s]),
                    ),
                    {"seat": s, "from": board.name(before[s]), "to": board.name(after[s])},
                )
            )
        else:
            out.append(
                (
                    "null",
                    said(
                        N_("{name}'s Stick-and-Move step {step} does not happen: {why}."),
                        name=names[s],
                        step=p,
                        why=_why(nulled[s], names, s),
                    ),
                    {"seat": s, "reason": nulled[s]},
                )
            )
    return out
