"""What a lesson is: a hand-set position, one or two sentences saying what to
do, what to point at, and how success shows in the game state. Pure data and
small functions over the game's state: no pygame here.

A game declares its lessons in its own folder (``tutorial.py`` with a
``lessons()`` function) and links them from its ``GameSpec`` as
``tutorial=...``; the engine never names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Lesson:
    id: str  # kept in the settings when finished; never change it once shipped
    title: str  # a few words, shown in the lesson list
    text: str  # one or two sentences: what to do now
    goal: Callable[[Any], bool]  # the lesson is won when this holds for the game state
    setup: dict | None = None  # the records' hand-set starting position (docs/records.md)
    options: dict = field(default_factory=dict)
    seats: tuple[str, ...] = ("human", "computer")  # the player's seat and the scripted opponent's
    seed: int = 1
    prelude: tuple[dict, ...] = ()  # actions (record JSON) played before the lesson starts
    # which things on the table to light up: (payload, state) -> bool
    touch: Callable[[Any, Any], bool] | None = None
    # a move on the way to the goal: (action, state before, state after) -> bool; any other
    # legal move that does not reach the goal is coached and not played
    step: Callable[[Any, Any, Any], bool] | None = None
    coach: str = ""  # said when the player does something else (default: the text again)
    # the opponent's move when the rules wait for it: (state, seat) -> action, or None to wait
    opponent: Callable[[Any, int], Any] | None = None
    # real-time games: the opponent's move at a moment: (state, seat, t_ms) -> action or None
    opponent_at: Callable[[Any, int, int], Any] | None = None
    # one learner plays every seat with any device, behind the curtain (a lesson of secret choices for two)
    one_screen: bool = False
    done: str = ""  # one line said when the goal is reached
    hint_ms: int = 0  # a lesson may show a second hint after this long (0: never)
    hint: str = ""

    def player(self) -> int:
        return self.seats.index("human")


def touching(*wanted) -> Callable[[Any, Any], bool]:
    """Light up the things whose payload is one of ``wanted`` (a button's payload is its label:
    a text in ``wanted`` matches a label starting with it)."""

    def match(payload, _state) -> bool:
        for w in wanted:
            if payload == w:
                return True
            if isinstance(w, str) and isinstance(payload, str) and payload.startswith(w):
                return True
        return False

    return match


def lessons_for(spec) -> list[Lesson]:
    """The lessons of ``spec``'s tutorial (none when the game has none)."""
    return list(spec.tutorial()) if spec.tutorial is not None else []


def has_tutorial(spec) -> bool:
    return spec.tutorial is not None
