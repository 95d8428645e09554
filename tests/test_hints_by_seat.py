"""Hints by seat and device (issue 34): every hint names the controls of the seat it speaks to, from
that seat's own bindings and the device in use; two people at one keyboard never read each other's keys."""

from __future__ import annotations

import re

import pygame
import pytest

from tabletop.core import registry
from tabletop.input import hints, rebind
from tabletop.session import Seat, Session
from tests.ui_helpers import KeyboardHalf, VirtualPad, frames, make_app, top

ARROWS_OR_ENTER = re.compile(r"\b(arrows?|Enter)\b")


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def test_each_seats_names_come_from_its_own_bindings():
    settings = make_app().settings
    b = settings.bindings
    left, right = hints.names(b, "keys-left", hints.KEYS), hints.names(b, "keys-right", hints.KEYS)
    assert (left["move"], left["confirm"]) == ("W A S D", "Space")
    assert (right["move"], right["confirm"]) == ("the arrows", "Enter")
    pad = hints.names(b, None, hints.PAD)
    assert (pad["move"], pad["confirm"], pad["back"]) == ("the d-pad", "A", "B")
    rebind.rebind(b, "keys-left", "confirm", "q")  # the player's own choice is what the hint names
    assert hints.names(b, "keys-left", hints.KEYS)["confirm"] == "Q"
    pygame.quit()


def _couch_punch(app):
    """Punch! between two people on the two halves of one keyboard, behind curtains."""
    app.settings.secrecy = "curtain"
    spec = registry.get("punch")
    seats = [Seat("Ana", "human", scheme="keys-left"), Seat("Ben", "human", scheme="keys-right")]
    table = spec.make_table(app, Session.new(spec, seats, {"matches_to_win": 1}, seed=3, autosave=False))
    app.push(table)
    frames(app, 2)
    return table


def test_couch_punch_tells_each_keyboard_half_its_own_keys(app):
    from tabletop.games.punch.table.draw import status_text

    table = _couch_punch(app)
    seen = 0
    for seat, scheme in ((0, "keys-left"), (1, "keys-right")):
        half = KeyboardHalf(app, scheme)
        for _ in range(4):
            if table.secrecy.shown == seat or table.curtain_seat() != seat:
                break
            half.confirm()  # "Show ...'s cards"
        frames(app, 30)
        text = status_text(table, seat)
        if "Choose your card" not in text:
            continue
        seen += 1
        if scheme == "keys-left":
            assert "W A S D" in text and "Space" in text and not ARROWS_OR_ENTER.search(text), text
        else:
            assert "arrows" in text and "Enter" in text and "W A S D" not in text, text
        half.move("right")
        half.confirm()
        frames(app, 60)
    assert seen >= 1


def test_a_jab_lesson_with_a_gamepad_names_the_pads_controls_before_its_first_press(app):
    from tabletop.tutorial import open_tutorial

    open_tutorial(app, "jab")
    top(app).play(0)
    frames(app, 2)
    table = top(app)
    assert table.shown_scheme[0] == "keys-left"  # no device used yet: the keyboard's left half, never both halves
    pad = VirtualPad()  # plugged in: the hints name it at once, before its first press
    frames(app, 2)
    assert table.shown_scheme[0] == "gamepad"
    assert table.control_words(0)["confirm"] == "A"
    pad.unplug()


def test_couch_punch_shows_a_reveal_until_a_press_and_at_least_two_seconds(app):
    from tabletop.ui.secret_table import BEAT_MS

    table = _couch_punch(app)
    spec = table.spec
    bots = [spec.make_bot(seat=s, level=spec.bot_levels[0], seed=s) for s in (0, 1)]
    for _ in range(12):  # to the first reveal of cards played
        st = table.session.state
        if table.revealing():
            break
        for s in spec.rules.to_act(st):
            table.submit(bots[s].choose(table.session.view(s)))
        frames(app, 2)
    assert table.revealing()
    for _ in range(400):
        frames(app, 1)
        if not table.revealing():
            break
    assert table.beat is not None and table.curtain_seat() is None
    start = table.beat
    half = KeyboardHalf(app, "keys-left")
    for _ in range(int((BEAT_MS - start) // 100) - 1):  # presses in the first two seconds do nothing
        half.confirm()
        frames(app, 4)
        assert table.curtain_seat() is None, f"the curtain came after {table.beat:.0f} ms"
    frames(app, 20)
    assert table.curtain_seat() is None  # two seconds passed: still shown until a press
    half.confirm()
    frames(app, 1)
    assert table.beat is None and table.curtain_seat() is not None
