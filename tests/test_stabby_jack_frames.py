"""The Stabby Jack table reuses its picture, and each player's row inside it, while
nothing in them changes: through real turns (a person on the keyboard and three
computers), every frame it shows is the frame it would draw from scratch."""

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
    table.__dict__.pop("_row_pictures", None)
    app.draw()
    return shown(app)


def test_every_frame_of_several_rounds_is_what_a_full_redraw_shows(app):
    spec = registry.get("stabby-jack")
    seats = [Seat("Red", "human")] + [Seat(n, "computer", level="easy") for n in ("Blue", "Gold", "Green")]
    session = Session.new(spec, seats, {}, seed=7, autosave=False)
    app.settings.computer_pace = "fast"  # the computers' turns come sooner: more turns in fewer frames
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    reused, changes, last = 0, 0, session.state
    plan = ["return", "right", "return", "down", "return", "left", "return"]
    for step in range(30):  # 17 changes of the game when last measured
        key(app, plan[step % len(plan)])
        for _ in range(9):
            frames(app, 3)
            kept = table.layer_key
            app.draw()
            reused += kept is not None and table.layer_key is kept  # drawn from the kept picture
            assert shown(app) == from_scratch(app, table), f"stale picture after step {step}"
            changes += session.state is not last
            last = session.state
        if session.outcome() is not None:
            break
    assert changes >= 10  # turns were played: the picture changed
    assert reused >= 20  # and in between it was reused
