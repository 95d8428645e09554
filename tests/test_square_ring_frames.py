"""The Square Ring table reuses its picture: while nothing changes it shows the
last frame again, and while the reveal plays it keeps one picture per step and
redraws only the ring (and a card turning over). Through a real bout driven by
keys against the computer, every frame it shows is the frame it would draw from
scratch, so nothing a player should see is ever left stale."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.ui_helpers import frames, key, make_app


@pytest.fixture
def app():
    a = make_app()
    a.settings.animation_speed = 3.0
    yield a
    pygame.quit()


def shown(app):
    return pygame.image.tobytes(app.screen, "RGB")


def redrawn(app, table):
    table.invalidate()
    app.draw()
    return shown(app)


def checked_frame(app, table, what):
    """One frame (time moves on), drawn as the table does it, equals the same frame drawn from scratch.
    Returns whether the kept picture was used."""
    kept = table.kept_frame
    frames(app, 1, dt=16)
    reused = kept is not None and table.kept_frame is kept
    assert shown(app) == redrawn(app, table), f"stale picture: {what}"
    return reused


def focus_on(app, table, payload):
    """Arrow keys (spatial focus) until the focus rests on ``payload``."""
    for _ in range(40):
        cur = table.focused(0)
        if cur.payload == payload:
            return
        target = next(h for h in table.hots if h.payload == payload)
        dx, dy = target.rect.centerx - cur.rect.centerx, target.rect.centery - cur.rect.centery
        key(app, ("right" if dx > 0 else "left") if abs(dx) > target.rect.w // 2 else ("down" if dy > 0 else "up"))
    raise AssertionError(f"could not reach {payload}")


def test_every_frame_of_a_bout_is_what_a_full_redraw_shows(app):
    spec = registry.get("square-ring")
    seats = [Seat("Red", "human", scheme="keys-right"), Seat("Blue", "computer", level="easy")]
    session = Session.new(spec, seats, {"rounds": 1, "exchanges": 4}, seed=4, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    reveal_reused = still_reused = reveal_frames = exchanges = 0
    kinds = set()
    for turn in range(40):
        if session.outcome() is not None and not table.busy():
            break
        while table.busy() or not table.needs(0):  # the reveal, the computer: every frame checked
            if session.outcome() is not None and not table.busy():
                break
            step = table.anim.current() if table.anim is not None else None
            if step is not None:
                kinds.add(step.kind)
            reused = checked_frame(app, table, f"turn {turn}, step {step and step.kind}")
            if step is not None:
                reveal_frames += 1
                reveal_reused += reused
        if session.outcome() is not None:
            break
        st = session.state
        if st.phase in ("footwork", "stick"):
            key(app, "return")  # the first button: turn left / a step / stay
            continue
        # a person walks the focus over the hand and the slots, lays two cards, and locks in
        for name in ("right", "right", "down", "left", "up"):
            key(app, name)
            still_reused += checked_frame(app, table, f"turn {turn}, focus moved ({name})")
            still_reused += checked_frame(app, table, f"turn {turn}, still")
        own = table.boxer(0)
        ids = [c.id for c in own.cards if c.id not in st.cooldown[0]]
        ids.sort(key=lambda c: own.by_id[c].kind == "step")  # attacks first, so that blows land
        for cid in (ids[turn % len(ids)], ids[(turn + 2) % len(ids)]):
            focus_on(app, table, ("hand", 0, cid))
            key(app, "return")
            checked_frame(app, table, f"turn {turn}, {cid} laid")
        focus_on(app, table, "Lock in")
        key(app, "return")
        exchanges += 1
    assert exchanges >= 3
    assert {"flip", "strike"} <= kinds, kinds  # cards turned over and attacks flashed
    assert reveal_frames >= 60 and reveal_reused >= reveal_frames // 2  # the reveal reused its step picture
    assert still_reused >= 5  # and a still table its whole picture
