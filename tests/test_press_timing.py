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
    a.settings.animation_speed = 4
    a.settings.computer_pace = "instant"
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


def _stabby_jack(app, pace="normal"):
    app.settings.computer_pace = pace
    spec = registry.get("stabby-jack")
    seats = [Seat("Ana", "human", scheme="keys-left"), Seat("Ben", "computer", level=spec.bot_levels[0])]
    table = spec.make_table(app, Session.new(spec, seats, {}, seed=3, autosave=False))
    app.push(table)
    return table


def test_a_press_while_the_computer_moves_is_refused_aloud_and_the_next_one_acts(app):
    """Auto-play never eats a press: Enter during the computer's turn in Stabby Jack did nothing and said
    nothing (no ring was up). It is refused where the player sees it, and once the computer's move is
    shown the ring is up and the next Enter acts on it."""
    table = _stabby_jack(app)
    for i in range(3000):  # Ana plays her turn with Enter, one press at a time
        frames(app, 1)
        if table.st.turn == 1:
            break
        if table.can_act() and i % 5 == 0:
            _post_keys(["return"])
    assert table.st.turn == 1 and table.bot_to_move()
    actions = len(table.session.record.actions)
    _post_keys(["return"])
    frames(app, 2)
    assert len(table.session.record.actions) == actions  # nothing of Ana's was played
    assert table.message_ms > 0 and "Ben is moving" in table.message
    for _ in range(3000):
        frames(app, 1)
        if table.st.turn == 0 and table.can_act():
            break
    frames(app, 2)
    ring = table.drawn_focus.get(0)
    assert ring is not None, "the ring is not up on Ana's turn"
    before = len(table.session.record.actions)
    _post_keys(["return"])
    frames(app, 3)
    assert ring[0] == "declare"  # the ring stayed on the choice it was on
    assert len(table.session.record.actions) == before + 1
    assert table.session.record.actions[-1]["choice"] == ring[1]  # what was drawn is what was played
