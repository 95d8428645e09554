"""Idle costs nothing: with nobody touching anything and nothing moving, the program's loop draws
no frame; an event (a key, an expose, a resize) draws the window again once; the games package is
looked through once per run; a table that fails does not close the window."""

import subprocess
import sys
import time

import pygame
import pytest

from tabletop.bench.screens import IDLE_SCENES, idle_app
from tabletop.core import registry
from tabletop.session import Seat, Session
from tabletop.ui.launcher import Launcher
from tabletop.ui.stopped import StoppedScene
from tests.ui_helpers import key, make_app, scratch_frame


@pytest.fixture
def flips(monkeypatch):
    """How many frames reach the screen (every frame ends with display.flip)."""
    count = [0]
    real = pygame.display.flip

    def counting():
        count[0] += 1
        real()

    monkeypatch.setattr(pygame.display, "flip", counting)
    return count


@pytest.mark.parametrize("name", sorted(IDLE_SCENES))
def test_a_screen_with_nothing_moving_draws_no_frame_for_a_second(name, flips):
    # the launcher, a setup screen, a table waiting for a person, the pause screen, a help page,
    # JAB between rounds: each once its first frames and any computer's move are done
    app = idle_app(name)
    before = [type(s).__name__ for s in app.stack]
    drawn = flips[0]
    app.loop(seconds=1.0)
    assert flips[0] == drawn
    assert [type(s).__name__ for s in app.stack] == before
    app.close()


def test_the_idle_table_is_the_persons_turn_and_jab_waits_between_rounds():
    """The screens above are what they say: nobody but the person is to act."""
    for name, phase in (("table_waiting", None), ("jab_between_rounds", "between")):
        app = idle_app(name)
        table = app.stack[-1]
        state = table.session.state
        assert table.rules.to_act(state) == (0,), name  # seat 0 is the person; the computer has moved
        assert phase is None or state.phase == phase
        app.close()


@pytest.mark.parametrize(
    "event",
    [
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.VIDEOEXPOSE),
        pygame.event.Event(pygame.WINDOWEXPOSED),
        pygame.event.Event(pygame.WINDOWFOCUSGAINED),
    ],
    ids=["key", "videoexpose", "windowexposed", "focus"],
)
def test_an_event_draws_the_window_once_then_the_loop_sleeps_again(event, flips):
    app = idle_app("launcher")
    focus = app.stack[-1].menu.focus
    drawn = flips[0]
    pygame.event.post(event)
    app.loop(seconds=0.5)
    assert flips[0] == drawn + 1
    if event.type == pygame.KEYDOWN:
        assert app.stack[-1].menu.focus != focus  # the arrow moved the focus, and it was drawn
    app.close()


def test_a_toast_is_taken_away_on_time_without_frames_between(flips):
    app = idle_app("launcher")
    app.toast("Hello", ms=300)
    app.step(16)  # the frame that shows it
    shown = flips[0]
    app.loop(seconds=1.0)
    assert app.toasts == []
    assert flips[0] == shown + 1  # one frame: the one without it


def test_a_table_asks_for_frames_while_a_computer_is_to_move_and_while_cards_turn():
    app = make_app()
    spec = registry.get("punch")
    seats = [Seat("Computer", "computer", level=spec.bot_levels[0]), Seat("You", "human")]
    table = spec.make_table(app, Session.new(spec, seats, seed=5, autosave=False))
    app.push(table)
    app.step(16)
    assert 0 in table.rules.to_act(table.session.state)  # the computer is to move first
    frames = 0
    while app.next_frame() == 0 and frames < 600:  # the computer waits THINK_MS and moves; then all is still
        app.step(1000 / 60)
        frames += 1
    assert table.rules.to_act(table.session.state) == (1,)  # it moved: now only the person is waited for
    assert 0 < frames < 600 and app.next_frame() is None


def test_a_blinking_cursor_wakes_the_loop_at_its_blink():
    from tabletop.ui.name_entry import NameEntry
    from tabletop.ui.scene import BLINK_MS

    app = make_app()
    app.start()
    app.push(NameEntry(app, "Your name", "Ann", lambda name: None))
    app.step(16)
    assert 0 < app.next_frame() <= BLINK_MS


SCANS = r"""
import pkgutil, sys
import tabletop.games
real = pkgutil.iter_modules
scans = []
def counting(path=None, prefix=""):
    if path is not None and list(path) == list(tabletop.games.__path__):
        scans.append(1)
    return real(path, prefix)
pkgutil.iter_modules = counting
import pygame
from tabletop import settings
from tabletop.ui.app import App
from tabletop.ui.learn import LearnScene
from tabletop.ui.online import HostScene
app = App(size=(1280, 720), settings=settings.Settings())
app.start()
for i in range(60):
    if i % 10 == 0:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.step(16)
app.push(LearnScene(app))
app.step(16)
app.push(HostScene(app))
app.step(16)
app.close()
print(len(scans))
"""


def test_the_games_package_is_looked_through_once_per_run(tmp_path):
    import os

    env = dict(os.environ, TABLETOP_HOME=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", SCANS], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split()[-1] == "1"


def test_a_broken_game_added_later_is_found_on_a_rescan_named_and_skipped(tmp_path):
    import tabletop.games as pkg

    folder = tmp_path / "broken_game_for_test"
    folder.mkdir()
    (folder / "__init__.py").write_text("raise ValueError('a typo in its content file')\n", encoding="utf-8")
    games = registry.load_all()
    pkg.__path__.append(str(tmp_path))
    try:
        assert "broken_game_for_test" not in registry.LOAD_ERRORS and registry.load_all() == games  # no scan
        assert registry.load_all(rescan=True) == games  # the other games all load
        assert "a typo in its content file" in registry.LOAD_ERRORS["broken_game_for_test"]
        app = make_app()
        app.start()
        assert any("broken_game_for_test" in text for text, *_ in app.toasts)  # the launcher names it
    finally:
        pkg.__path__.remove(str(tmp_path))
        registry.LOAD_ERRORS.pop("broken_game_for_test", None)
        sys.modules.pop("tabletop.games.broken_game_for_test", None)


def test_a_table_that_fails_goes_back_to_the_launcher_with_one_line_and_the_game_is_kept(capsys):
    app = make_app()
    app.start()
    spec = registry.get("punch")
    session = Session.new(spec, [Seat("Ann", "human"), Seat("Bob", "human")], seed=9)
    table = spec.make_table(app, session)
    app.push(table)
    app.loop(frames=3)

    def broken(surf, vp):
        raise RuntimeError("a bug in drawing")

    table.draw_table = broken
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.loop(seconds=0.5)  # no exception gets out: the window stays open
    assert app.running
    assert [type(s) for s in app.stack] == [Launcher, StoppedScene]
    text = app.stack[-1].message  # the one line, with OK and Copy error details
    assert "Punch" in text and "kept" in text and "Continue" in text and "a bug in drawing" in text
    assert "\n" not in text
    assert session.save_path.exists()
    assert "a bug in drawing" in capsys.readouterr().err  # the whole story, for whoever fixes it
    key(app, "down")
    key(app, "return")  # Copy error details
    copied = pygame.scrap.get_text()
    assert "Traceback" in copied and "a bug in drawing" in copied and "in broken" in copied
    assert "tabletop " in copied.splitlines()[0]  # the version and the system, first
    assert any("copied" in t[0] for t in app.toasts)
    key(app, "up")
    key(app, "return")  # OK: back to the launcher
    assert [type(s) for s in app.stack] == [Launcher]
    assert app.stack[-1].menu.items[0].label.startswith("Continue")
    app.close()


def test_a_toast_raised_after_the_window_idled_is_drawn_for_its_whole_time():
    """The first frame after a long idle counts the idle time: a message raised in that frame (here a
    key that opens Replays, which names a file it set aside) is still drawn, and for its own time."""
    from tabletop import paths
    from tabletop.ui.kept import ReplaysScene

    (paths.saves_dir() / "punch-broken.json").write_text("{ not json", encoding="utf-8")
    app = make_app()
    app.start()
    app.step(16)
    app.toasts.clear()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, what="open replays"))
    real = app.dispatch

    def dispatch(event):
        if event.type == pygame.USEREVENT and getattr(event, "what", "") == "open replays":
            app.push(ReplaysScene(app))  # what choosing Replays does
        else:
            real(event)

    app.dispatch = dispatch
    app.step(16, 6500)  # as the loop calls it when an event wakes it after 6.5 s of sleep
    assert [t[0] for t in app.toasts if "punch-broken.json" in t[0]], "the message was dropped before being drawn"
    app.step(16, 5000)
    assert any("punch-broken.json" in t[0] for t in app.toasts), "a 6 s message is still up after 5 s"
    app.step(16, 1100)
    assert not any("punch-broken.json" in t[0] for t in app.toasts)


def test_a_message_screen_that_fails_too_gives_way_to_a_one_line_toast():
    """If the screen that says a screen stopped fails as well, the line is a toast: no loop of errors."""
    app = make_app()
    app.start()
    app.push(StoppedScene(app, "first", "details"))

    def broken(surf, vp):
        raise RuntimeError("the message screen broke")

    app.stack[-1].draw = broken
    app.loop(seconds=0.3)
    assert app.running and [type(s) for s in app.stack] == [Launcher]
    assert any("the message screen broke" in t[0] for t in app.toasts)
    app.close()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_a_jab_round_nobody_touches_shows_less_than_a_tenth_of_the_window_per_frame(size, monkeypatch):
    """The round's clock runs and the hands wait: each frame shows only what changed (the clock's
    digits once a second), and the window never keeps an old digit."""
    from tabletop.bench.screens import jab_fight
    from tabletop.ui.app import FRAME_MS
    from tests.ui_helpers import Window

    app = make_app(size)
    window = Window().install(monkeypatch)
    table = jab_fight(app)
    assert table.session.state.phase == "playing"
    app.step(FRAME_MS)  # the first frame of the fight is shown whole
    start, window.shown_px = table.t, 0
    for frame in range(240):
        app.step(FRAME_MS)
        assert window.pixels() == scratch_frame(app), f"a stale part at frame {frame}"
    assert table.t - start >= 3900  # the clock showed four new seconds
    w, h = app.screen.get_size()
    assert window.shown_px / 240 < w * h / 10
    app.close()


@pytest.mark.parametrize("lesson", ["lesson_first_game", "lesson_jab"])
def test_a_lesson_waiting_for_the_player_shows_only_its_marks_and_words(lesson, monkeypatch):
    """The first lesson of the first game once the computer has moved, and JAB's first lesson with its
    round's clock running: only the lesson's breathing marks (and the clock) are shown again, never the
    whole window, and nothing is left stale."""
    from tabletop.bench.screens import LIVE_SCENES
    from tabletop.ui.app import FRAME_MS
    from tests.ui_helpers import Window

    app = make_app()
    app.start()
    window = Window().install(monkeypatch)
    LIVE_SCENES[lesson][0](app)
    table = app.stack[-1]
    for _ in range(300):  # the computer's move, at the lesson's pace
        app.step(FRAME_MS)
        if table.rules.to_act(table.session.state) == (0,):  # (a real-time lesson: its clock runs on)
            break
    for _ in range(30):
        app.step(FRAME_MS)
    window.shown_px = 0
    for _ in range(120):
        app.step(FRAME_MS)
    w, h = app.screen.get_size()
    assert 0 < window.shown_px / 120 < w * h / 10  # the marks breathe, the rest stays
    for frame in range(90):
        app.step(FRAME_MS)
        assert window.pixels() == scratch_frame(app), f"a stale part at frame {frame}"
    app.close()


def test_an_online_jab_round_nobody_touches_shows_less_than_a_tenth_of_the_window_per_frame(monkeypatch):
    """Online, hosted here and joined by a friend from another connection: the round is fought and the
    window shows only what changes (the clock), the people's notes as parts, nothing left stale; left
    alone, the loop sleeps between what is due."""
    from tabletop.bench.screens import NETS, online_jab
    from tabletop.online import remote
    from tabletop.ui.app import FRAME_MS
    from tests.ui_helpers import Window

    monkeypatch.setattr(remote, "BIND", "127.0.0.1")  # the loopback address only
    app = make_app()
    app.start()
    window = Window().install(monkeypatch)
    try:
        table = online_jab(app)
        app.step(FRAME_MS)
        window.shown_px, frames = 0, 0
        start = table.t
        while table.t - start < 2500 and frames < 600:  # the server's clock, as the network brings it
            app.step(FRAME_MS)
            frames += 1
            if frames % 5 == 0:
                assert window.pixels() == scratch_frame(app), f"a stale part at frame {frames}"
            time.sleep(0.005)  # the network thread runs while the window waits
        assert table.t - start >= 2500 and table.session.state.phase == "playing"
        w, h = app.screen.get_size()
        assert window.shown_px / frames < w * h / 10
        # the loop wakes for the clock's next digit and for what the network brings (pings, the others'
        # moves), not 60 times a second; the round's clock here stays with the server's
        client = table.session.client
        apart: list[int] = []  # the round clock here less the server's, at each frame drawn
        real_draw = app.draw

        def draw():
            real_draw()
            apart.append(table.t - client.round_clock())

        app.draw = draw
        start = table.t
        app.loop(seconds=2.0)
        assert table.t - start >= 1000 and table.session.state.phase == "playing"
        assert 2 <= len(apart) <= 40  # 120 at 60 a second
        assert max(abs(ms) for ms in apart) <= 50, apart
    finally:
        app.close()
        while NETS:
            NETS.pop().close()


@pytest.fixture
def fake_time(monkeypatch):
    """The loop's clock without the waiting: ``time.sleep`` moves ``time.monotonic`` on at once, and an
    event due (``at``) is posted when the clock reaches it, as a person's press would come."""

    class Fake:
        now = 1000.0
        due: list = []  # (moment, event)

        def at(self, seconds: float, event) -> None:
            self.due.append((self.now + seconds, event))

        def sleep(self, seconds: float) -> None:
            self.now += max(0.0, seconds)
            for moment, event in [d for d in self.due if d[0] <= self.now]:
                self.due.remove((moment, event))
                pygame.event.post(event)

    class Clock:  # a frame at 60 a second takes its time on the same clock
        def tick(self, fps: float = 0) -> int:
            ms = round(1000 / fps) if fps else 0
            fake.now += ms / 1000
            return ms

    fake = Fake()
    monkeypatch.setattr(time, "monotonic", lambda: fake.now)
    monkeypatch.setattr(time, "sleep", fake.sleep)
    monkeypatch.setattr(pygame.time, "Clock", Clock)
    return fake


def _quiet(app, table) -> None:
    """Frames until nothing moves in the round ("Fight!" is shouted first)."""
    from tabletop.ui.app import FRAME_MS

    for _ in range(600):
        if app.next_frame() != 0:
            return
        app.step(FRAME_MS)
    raise AssertionError("the round never went quiet")


def test_a_jab_round_nobody_touches_draws_a_frame_only_when_its_clock_shows_a_new_second(fake_time, monkeypatch):
    """The loop sleeps until the next thing due instead of drawing 60 frames a second: in a round
    nobody touches, that is the clock's next digit. Each digit is shown on time, the round's clock
    keeps all the time slept, and the window never keeps an old digit."""
    from tabletop.bench.screens import jab_fight
    from tests.ui_helpers import Window

    app = make_app()
    window = Window().install(monkeypatch)
    table = jab_fight(app)
    _quiet(app, table)
    go_at = table.session.state.go_at
    shown: list[int] = []
    real_draw = app.draw

    def draw():
        real_draw()
        shown.append(table.t - go_at)
        assert len(shown) <= 11, "a frame a second, not 60"
        assert window.pixels() == scratch_frame(app), f"a stale part at {table.t - go_at} ms"
        assert abs(table.t - start - (time.monotonic() - now) * 1000) <= len(shown)  # the clock kept the time slept

    app.draw = draw
    start, now = table.t, time.monotonic()
    app.loop(seconds=10)
    assert table.session.state.phase == "playing"
    assert len(shown) >= 9
    assert all(ms % 1000 < 20 for ms in shown), shown  # each one as a new second starts
    app.close()


def test_a_press_while_a_quiet_jab_round_sleeps_moves_the_hand_in_the_next_frame(fake_time):
    """A press ends the sleep: the next frame, within POLL_MS of it, moves the hand; the round's clock
    was given the time slept before the press, so the press acts at its own moment."""
    from tabletop.bench.screens import jab_fight
    from tabletop.ui.app import POLL_MS

    app = make_app()
    table = jab_fight(app)
    _quiet(app, table)
    wait = app.next_frame()
    assert wait is not None and wait > 400
    pos, t, frame, now = table.hands.pos, table.t, app.frame, fake_time.now
    fake_time.at(0.4, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="", scancode=0))
    assert app.frame_or_sleep(False, None)
    slept = (fake_time.now - now) * 1000
    assert 400 <= slept <= 400 + POLL_MS
    assert app.frame == frame + 1 and table.hands.pos != pos  # Red's left hand moved at once
    assert abs(table.t - t - slept) <= 2
    assert app.next_frame() == 0  # and the frames go on while it moves
    app.close()


@pytest.mark.parametrize("lesson", ["lesson_first_game", "lesson_jab"])
def test_a_lesson_waiting_for_the_player_draws_a_frame_only_when_its_marks_or_words_change(lesson, fake_time):
    """The lesson's marks breathe in steps: the loop sleeps from one step to the next (and JAB's round
    clock to its next digit), far fewer frames than 60 a second, and every frame shows something new."""
    from tabletop.bench.screens import LIVE_SCENES
    from tabletop.ui.app import FRAME_MS

    app = make_app()
    app.start()
    LIVE_SCENES[lesson][0](app)
    table = app.stack[-1]
    for _ in range(600):  # the computer's move and any first animations, at 60 frames a second
        if table.rules.to_act(table.session.state) == (0,) and app.next_frame() != 0:
            break
        app.step(FRAME_MS)
    shown: list[int] = []
    real_end = app.regions.end

    def end():
        rects = real_end()
        shown.append(app.regions.shown_px)
        return rects

    app.regions.end = end
    app.loop(seconds=5)
    assert 10 <= len(shown) <= 5 * 13  # about 11 breath steps a second; 300 frames at 60 a second
    w, h = app.screen.get_size()
    assert sum(shown) / len(shown) < w * h / 10
    assert sum(1 for px in shown if px == 0) <= len(shown) // 10  # a frame is drawn when something changed
    app.close()
