"""Boxing: The Game table reuses its picture: while cards turn over it shows the
kept frame and draws only the two turning slots again. Through a round with a
plain event and a knockdown, every frame shown is the frame a full redraw
gives, so nothing a player should see is ever left stale."""

import pygame
import pytest

from tests.test_boxing_the_game_table import knockdown_setup, lock_plan
from tests.ui_helpers import frames, make_app


@pytest.fixture
def app():
    a = make_app()
    a.settings.animation_speed = 1.0
    yield a
    pygame.quit()


def shown(app):
    return pygame.image.tobytes(app.screen, "RGB")


def checked_frame(app, table, what):
    """One frame (time moves on) equals the same frame drawn from scratch; whether the kept picture was used."""
    kept = table.still_frame
    frames(app, 1, dt=16)
    reused = kept is not None and table.still_frame is kept
    now = shown(app)
    table.invalidate()
    app.draw()
    assert now == shown(app), f"stale picture: {what}"
    return reused


def test_every_frame_of_a_reveal_with_a_knockdown_is_what_a_full_redraw_shows(app):
    table, red, blue = knockdown_setup(app)
    # event 1: Jab against Block (cards turn, nothing else moves); event 2: Uppercut drops Blue
    lock_plan(app, table, 0, red, ["Jab", "Uppercut", "Block"])
    lock_plan(app, table, 1, blue, ["Block", "Hook", "Block"])
    turning = turning_reused = knockdown_frames = 0
    for i in range(900):
        if not table.busy():
            break
        a = table.anim
        is_turning = table.turning()
        knockdown = a is not None and a["flipped"] and any(a["e"]["knockdown"])
        reused = checked_frame(app, table, f"frame {i}, event {a and a['e'].get('event')}")
        if is_turning and table.turning():
            turning += 1
            turning_reused += reused
            knockdown_frames += knockdown
    assert not table.busy()
    assert table.shown_knockdowns(0) == 1  # the round did reach its knockdown
    plain = turning - knockdown_frames  # all but each event's first frame and its half-way turn reuse
    assert turning >= 30 and knockdown_frames >= 5 and turning_reused >= plain - 4, (
        turning,
        knockdown_frames,
        turning_reused,
    )
