"""A window shrunk below the playable size shows "enlarge the window" and the
game waits; losing focus pauses (issue 10)."""

import os
import sys

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.ui_helpers import frames, make_app, top


def _computers_table(app, game_id="punch"):
    spec = registry.get(game_id)
    s = Session.new(spec, [Seat("Red", "computer", "easy"), Seat("Blue", "computer", "easy")], seed=9, autosave=False)
    table = spec.make_table(app, s)
    app.push(table)
    return table


def test_a_tiny_window_pauses_the_game_until_it_is_enlarged():
    app = make_app()
    table = _computers_table(app)
    frames(app, 200)
    moves = len(table.session.record.actions)
    assert moves > 0  # the computers play while the window is big enough
    app.resize((320, 200))
    frames(app, 300)
    assert len(table.session.record.actions) == moves
    app.resize((1280, 720))
    frames(app, 300)
    assert len(table.session.record.actions) > moves
    pygame.quit()


def test_losing_focus_pauses_a_game_in_progress():
    app = make_app()
    table = _computers_table(app, "stabby-jack")
    frames(app, 5)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
    frames(app, 2)
    assert type(top(app)).__name__ == "PauseScene"
    moves = len(table.session.record.actions)
    frames(app, 200)
    assert len(table.session.record.actions) == moves
    pygame.quit()


def _rss_mb() -> float:
    """The memory this process holds now (Linux, as on CI; elsewhere the peak, which also grows)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.skipif(sys.platform == "win32", reason="reads memory from /proc or resource, neither on Windows")
def test_dragging_the_window_through_many_sizes_keeps_memory_flat():
    """Each window size makes its own images (full-window backgrounds and veils among them); a window
    dragged through many sizes must not keep every size's set (the fuzzer's resizes once grew a process
    past 2 GB)."""
    app = make_app()
    spec = registry.get("boxing-the-game")
    s = Session.new(
        spec, [Seat("Red", "human", scheme="mouse"), Seat("Blue", "human", scheme="keys-right")], seed=9, autosave=False
    )
    app.settings.secrecy = "curtain"
    app.push(spec.make_table(app, s))
    for size in ((2400, 1400), (1280, 720)):
        app.screen = pygame.display.set_mode(size, app.flags)
        app.resize(size)
        frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))  # the pause veil too
    frames(app, 2)
    before = _rss_mb()
    for i in range(40):
        size = (2400 - 7 * i, 1400 - 5 * i)
        app.screen = pygame.display.set_mode(size, app.flags)
        app.resize(size)
        frames(app, 2)
    grown = _rss_mb() - before
    assert grown < 120, f"memory grew {grown:.0f} MB over 40 window sizes"
    pygame.quit()
