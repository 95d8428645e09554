"""The JAB table reuses its still picture while nothing in it changes: through a
real round (a person on the keyboard against the computer, cards taken, carried
and placed, claims, notes), every frame it shows is the frame it would draw
from scratch, so nothing a player should see is ever left stale."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.ui_helpers import frames, key, key_down, key_up, make_app


@pytest.fixture
def app():
    a = make_app()
    a.settings.assist = True
    yield a
    pygame.quit()


def shown(app):
    return pygame.image.tobytes(app.screen, "RGB")


def redrawn(app, table):
    table.invalidate()
    app.draw()
    return shown(app)


def test_every_frame_of_a_round_is_what_a_full_redraw_shows(app):
    spec = registry.get("jab")
    seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "computer", level="hard")]
    session = Session.new(spec, seats, {"countdown_ms": 0}, seed=5, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    table.ready(0)
    for _ in range(120):
        if session.state.phase == "playing":
            break
        frames(app)
    assert session.state.phase == "playing"
    changes, reused, last, piles = 0, 0, session.state, 0
    lt, rt = "left shift", "space"  # the two hands' take / let go keys (keys-left)
    plan = [lt, "w", "w", lt, "z", "t", rt, "h", rt, lt, "s", lt, "x"]
    for step in range(90):
        name = plan[step % len(plan)]
        if name in "wsth":  # a hold: the hand speeds up to the hand speed
            key_down(app, name)
            frames(app, 14)
            key_up(app, name)
        else:
            key(app, name)
        frames(app, 3)
        kept = table.__dict__.get("still_frame")
        app.draw()
        reused += kept is not None and table.__dict__.get("still_frame") is kept  # drawn from the kept picture
        assert shown(app) == redrawn(app, table), f"stale picture after step {step} ({name})"
        changes += session.state is not last
        last = session.state
        piles = max(piles, sum(len(p) for p in session.state.piles))
        if session.outcome() is not None or session.state.phase != "playing":
            break
    assert piles >= 4 and changes >= 10  # cards landed: the picture changed many times
    assert reused >= 10  # and in between the still picture was reused
