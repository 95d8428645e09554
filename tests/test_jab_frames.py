"""The JAB table reuses its still picture while nothing in it changes, and while a round is fought
the window is shown only where something changed: through a real round (a person on the keyboard
against the computer, cards taken, carried and placed, claims, notes), every frame it draws, and
what the window shows of it, is the frame it would draw from scratch, so nothing a player should
see is ever left stale (an old clock digit, a card's trail)."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.ui_helpers import Window, frames, key, key_down, key_up, make_app, scratch_frame


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


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_every_frame_of_a_round_is_what_a_full_redraw_shows(size, monkeypatch):
    app = make_app(size)
    app.settings.assist = True
    window = Window().install(monkeypatch)
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
    changes, by_parts, last, piles = 0, 0, session.state, 0
    w, h = app.screen.get_size()
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
        app.draw()
        by_parts += app.regions.shown_px < w * h  # shown only where something changed
        drawn, seen = shown(app), window.pixels()
        whole = redrawn(app, table)
        assert drawn == whole, f"stale picture after step {step} ({name})"
        assert seen == whole, f"the window shows a stale part after step {step} ({name})"
        changes += session.state is not last
        last = session.state
        piles = max(piles, sum(len(p) for p in session.state.piles))
        if session.outcome() is not None or session.state.phase != "playing":
            break
    assert piles >= 4 and changes >= 10  # cards landed: the picture changed many times
    assert by_parts >= 10  # and in between only what changed was shown


def test_two_people_playing_at_one_keyboard_never_leave_a_stale_part_on_the_window(monkeypatch):
    """The benchmark's two scripted people (each takes, jumps a card onto the other boxer, lets go and
    jumps back, about once a second): what the window shows stays what a full redraw draws."""
    from tabletop.bench.screens import jab_fight, people_events
    from tabletop.ui.app import FRAME_MS

    app = make_app()
    window = Window().install(monkeypatch)
    table = jab_fight(app)
    start = len(table.session.record.actions)
    last = 0.0
    for frame in range(1, 361):
        now = frame * FRAME_MS
        for event in people_events(now, last):
            pygame.event.post(event)
        last = now
        app.step(FRAME_MS)
        assert window.pixels() == scratch_frame(app), f"the window shows a stale part at frame {frame}"
    played = [a["type"] for a in table.session.record.actions[start:]]
    assert played.count("place") >= 4  # cards were played: piles, meters and the log changed


def test_a_lock_out_bar_shrinks_as_a_moving_part_and_leaves_nothing_stale(monkeypatch):
    """A person's lock-out bar (after a claim) is drawn over the kept picture each frame: as it runs
    down, the window shows exactly what a full redraw shows, and the band under it is not drawn again."""
    from tabletop.bench import busy_table

    app = make_app()
    app.settings.assist = True
    window = Window().install(monkeypatch)
    table = busy_table(registry.get("jab"), app)
    frames(app, 2)
    st = table.session.state
    seat = next(s for s in (0, 1) if table.session.seats[s].kind == "human")
    locked = st.lockout[seat] - table.t
    assert locked > 0, "the busiest table shows a lock-out running down"
    bars = []
    for _ in range(200):  # bounded: a lock-out lasts a few seconds
        table.update(50)
        app.draw()
        drawn, seen = shown(app), window.pixels()
        lock = [part[4][2] for part in app.regions.parts if part[4][0] == "lock"]
        bars.append(lock[0] if lock else 0)
        whole = redrawn(app, table)
        assert drawn == whole and seen == whole, bars
        if not lock:
            break
    assert len(set(bars)) >= 4 and bars == sorted(bars, reverse=True) and bars[-1] == 0, bars  # shrank, then went
