"""Presses that come close together, or while the computer moves (issue 34): every press acts on what
was drawn when it went down, or is refused where the player sees it; none is eaten.

Boxing: The Game, round 2: three quick presses placed two cards. Presses that arrive in one frame (a
slow frame, or the loop asleep while they queued) were each handled against the table drawn before the
first: the second and third confirmed the card the first had already placed, and did nothing."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.ui_helpers import frames, make_app


@pytest.fixture
def app():
    a = make_app()
    a.settings["animation_speed"] = 4
    a.settings["computer_pace"] = "instant"
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def _post_keys(names: list[str]) -> None:
    """Key presses queued together, as they are when a frame is slow: all reach the next frame."""
    for name in names:
        code = pygame.key.key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))


def _boxing_round_two(app):
    spec = registry.get("boxing-the-game")
    seats = [Seat("Ana", "human", scheme="keys-left"), Seat("Ben", "computer", level=spec.bot_levels[0])]
    table = spec.make_table(app, Session.new(spec, seats, {}, seed=3, autosave=False))
    app.push(table)
    me = spec.make_bot(seat=0, level=spec.bot_levels[0], seed=1)
    for _ in range(3000):
        frames(app, 1)
        st = table.session.state
        if table.busy() or not table.can_act(0):
            continue
        if st.round >= 2 and st.phase == "plan":
            return table
        table.submit(me.choose(table.session.view(0)))
    raise AssertionError("round 2's plan never came")


def test_boxing_round_two_three_quick_presses_place_three_cards(app):
    table = _boxing_round_two(app)
    frames(app, 2)
    assert table.focused(0) is not None and table.focused(0).payload[0] == "hand" and table.drawn_focus.get(0)
    _post_keys(["return", "return", "return"])
    frames(app, 6)
    placed = [c for c in table.plan(0)["slots"] if c is not None]
    assert len(placed) == 3, f"three presses placed {len(placed)} cards"
