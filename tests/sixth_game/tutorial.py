"""Glove Duel's lesson: what beats what, tried once against a computer that always jabs."""

from __future__ import annotations

from tabletop.tutorial import Lesson

from .rules import Throw

YOU, OTHER = 0, 1


def lessons() -> list[Lesson]:
    return [
        Lesson(
            id="hook-beats-jab",
            title="The hook beats the jab",
            text="The hook beats the jab, the jab beats the uppercut, the uppercut beats the hook. "
            "Your opponent is about to jab: throw a hook.",
            goal=lambda s: s.points[YOU] == 1,
            step=lambda action, before, after: isinstance(action, Throw) and action.hand == "hook",
            touch=lambda payload, state: payload == ("throw", "hook"),
            opponent=lambda state, seat: Throw(seat, "jab"),
            coach="Throw the hook: click it, or move to it and press Enter.",
            done="Hook over jab: one point to you.",
        )
    ]
