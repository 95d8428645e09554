"""The Punch! table reuses its still picture (and the meters, tallies and face-down
hands inside it) while nothing in them changes: through real plays against the
computer, with reveals turning over, every frame it shows is the frame it would
draw from scratch."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.ui_helpers import frames, key, make_app


@pytest.fixture
def app():
    a = make_app()
    a.settings.animation_speed = 2.0
    yield a
    pygame.quit()


def shown(app):
    return pygame.image.tobytes(app.screen, "RGB")


def from_scratch(app, table):
    table.invalidate()
    table.__dict__.pop("_felt_parts", None)
    app.draw()
    return shown(app)


def test_every_frame_of_a_match_is_what_a_full_redraw_shows(app):
    spec = registry.get("punch")
    seats = [Seat("Red", "human", scheme="keyboard"), Seat("Blue", "computer", level=spec.bot_levels[-1])]
    session = Session.new(spec, seats, {"matches_to_win": 1}, seed=4, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    reveals, reused = 0, 0
    # (up from the hand would go to the match history, which the rest of this walk does not want)
    plan = ["return", "right", "return", "down", "return", "left", "return", "right", "return", "space"]
    for step in range(70):
        key(app, plan[step % len(plan)])
        for _ in range(3):
            frames(app, 7)
            kept = table.__dict__.get("still_frame")
            app.draw()
            reused += kept is not None and table.__dict__.get("still_frame") is kept
            assert shown(app) == from_scratch(app, table), f"stale picture after step {step}"
        reveals = sum(1 for e in session.state.log if e.get("type") == "reveal")
        if session.outcome() is not None:
            break
    assert reveals >= 4  # cards were played and turned over: the picture changed
    assert reused >= 20  # and in between the still picture was reused
