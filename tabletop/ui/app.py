"""The window and its loop: events -> the top scene -> draw, at 60 frames a second while
something moves; otherwise the loop sleeps until an event or a scene's wait runs out (the next thing
due: a clock's digit, a lesson's mark, a message), and the scenes that waited are given the time slept."""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
import traceback

import pygame

from tabletop import __version__, validate
from tabletop import settings as settings_mod
from tabletop.core import i18n
from tabletop.core.i18n import words
from tabletop.input import hints
from tabletop.input.devices import Pads
from tabletop.paths import asset_path
from tabletop.ui import gfx
from tabletop.ui.regions import Regions
from tabletop.ui.scene import WAKE, PressOwners
from tabletop.ui.sound import Sounds

_, ngettext = words(__name__)

log = logging.getLogger("tabletop")

FPS = 60
FRAME_MS = 1000 / FPS
_NOTHING = pygame.event.Event(pygame.USEREVENT, nothing=True)  # an event a screen ignores (its pad changes alone count)
POLL_MS = 10  # while idle, how often the event queue is looked at (SDL's own wait looks every 1 ms)


def fit_desktop(w: int, h: int) -> tuple[int, int]:
    """The remembered window size, made smaller where the screen is (a title bar and a task bar need room)."""
    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return w, h
    if w <= dw and h <= dh:
        return w, h
    return max(640, min(w, dw - 40)), max(480, min(h, dh - 80))


class App:
    last_game = ""  # the id of the game played last (the launcher puts the focus on its tile)

    def __init__(self, size=None, settings=None):
        pygame.init()
        if pygame.display.get_driver() == "x11":
            # X11's own framebuffer (shared memory) shows just the rects a frame changed. SDL's other way
            # there, a texture drawn whole by OpenGL, costs a whole frame of CPU however little changed:
            # 3.5 ms a frame on a software OpenGL, most of a live JAB round. (Windows draws this way
            # already; macOS and Wayland have no framebuffer of their own: SDL must keep its texture.)
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        gfx.reset_caches()
        from tabletop import kept

        kept.clean_stale()  # temporary files a killed program left behind
        self.settings = settings or settings_mod.load()
        self.settings.speak()  # before the first frame, and before the settings' own messages are told
        self.toasts: list[list] = []  # [text, ms left, drawn yet]: a toast's time runs from when it is first drawn
        self._told = 0  # settings messages told so far
        self.tell_settings_messages()
        w, h = size or fit_desktop(*self.settings.window)
        self.flags = pygame.RESIZABLE
        pygame.display.set_caption(f"tabletop {__version__}")
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
        except (pygame.error, FileNotFoundError):
            pass
        try:
            if self.settings.fullscreen:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode((w, h), self.flags)
        except pygame.error:
            self.screen = pygame.display.set_mode((1280, 720), self.flags)
        self.vp = gfx.Viewport(self.screen.get_size())
        self.sounds = Sounds(enabled=self.settings.sound, volume=self.settings.volume)
        if self.sounds.notice:
            self.toast(self.sounds.notice)
        self.last_device: str | None = None  # "mouse", "keys" or "pad": what hints name (input.hints)
        self.pads = Pads()
        self.pads.open_all()
        self.stack: list = []
        self.regions = Regions()  # what each frame changed on the window: only that is drawn and shown
        self.apply_look()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame = 0
        self.events = 0  # events dispatched so far (a picture kept until the next one: ui/table.py)
        self.redraw = True  # something outside the scenes changed (a scene pushed, a toast): draw again
        self.last_frame_at = 0.0  # time.monotonic() of the last frame drawn
        self.timed: list = []  # (scene, ms) of each scene that asked for a frame after a wait (``next_frame``)
        self.presses = PressOwners()  # which screen each held key, button or pad button went down on
        pygame.key.set_repeat(0)

    # -- scenes -----------------------------------------------------------------
    def push(self, scene) -> None:
        if self.stack:
            self.stack[-1].on_covered()
        self.stack.append(scene)
        self.redraw = True
        self.regions.invalidate()
        self.presses.appeared(scene, scene.guard_ms)
        scene.on_enter()

    def pop(self, scene=None) -> None:
        if not self.stack:
            return
        self.redraw = True
        self.regions.invalidate()
        if scene is not None and self.stack[-1] is not scene:
            if scene in self.stack:
                self.stack.remove(scene)
                scene.on_exit()
            return
        self.stack.pop().on_exit()
        if not self.stack:
            self.running = False
        else:
            self.presses.appeared(self.stack[-1])  # back on top: only presses that start now reach it

    def replace(self, scene) -> None:
        if self.stack:
            self.stack.pop().on_exit()
        self.push(scene)

    def reset_to(self, scene) -> None:
        while self.stack:
            self.stack.pop().on_exit()
        self.push(scene)

    # -- the screens every scene may lead to (scenes below the launcher name none of them) ------------
    def home(self) -> None:
        """Back to the launcher, leaving every screen on the way."""
        from tabletop.ui.launcher import Launcher

        self.reset_to(Launcher(self))

    def open_settings(self) -> None:
        from tabletop.ui.launcher import SettingsScene

        self.push(SettingsScene(self))

    def watch(self, spec, record) -> None:
        """The replay viewer on a finished game's record, over the current screen."""
        from tabletop.ui.replay import ReplayScene

        self.push(ReplayScene(self, spec, record))

    def start(self, game_id: str | None = None, replay_file: str | None = None) -> None:
        from tabletop.core import registry
        from tabletop.ui.launcher import Launcher
        from tabletop.ui.setup import Setup

        self.push(Launcher(self))
        if game_id:
            self.push(Setup(self, registry.get(game_id)))
        if replay_file:
            from tabletop.ui.replay import ReplayScene

            try:
                self.push(ReplayScene.open(self, replay_file))
            except Exception as e:  # a boundary: the launcher opens with one line instead
                self.toast(_("{file} cannot be watched: {why}").format(file=replay_file, why=str(e)[:120]))

    def setup_in_place_of(self, scene, spec) -> None:
        """Leave ``scene`` for ``spec``'s setup with Start chosen: the setup under it when it is that
        game's, else a new one in its place (the lessons' "Play a game")."""
        from tabletop.ui.setup import Setup

        below = self.stack[-2] if len(self.stack) > 1 and self.stack[-1] is scene else None
        if isinstance(below, Setup) and below.spec.id == spec.id:
            self.pop(scene)
            setup = below
        else:
            setup = Setup(self, spec)
            self.replace(setup)
        setup.menu.focus = next(i for i, it in enumerate(setup.menu.items) if it.key == "start")
        setup.menu.show_focus()

    def apply_look(self) -> None:
        """The settings that change how everything is drawn: text size and colour vision."""
        gfx.set_text_size(self.settings.text_size)
        gfx.set_palette(self.settings.colour_vision)
        for scene in self.stack:  # a table under Settings drops the picture it kept
            getattr(scene, "invalidate", lambda: None)()
        self.redraw = True
        self.regions.invalidate()

    def set_language(self, code: str) -> None:
        """Settings > Language: every screen speaks ``code`` at once (no restart)."""
        self.settings.language = code
        i18n.set_language(code)
        for scene in self.stack:  # screens that keep their words (menus) make them anew
            getattr(scene, "retranslate", lambda: None)()
        gfx.forget_images()  # card faces and other kept pictures carry words
        self.apply_look()

    def set_window(self, size: tuple[int, int] | None) -> None:
        """Settings > Window size: the window at ``size`` (None: full screen)."""
        if (size is None) != self.settings.fullscreen:
            if size is not None:
                self.settings.window = list(size)
            self.toggle_fullscreen()
            return
        if size is None:
            return
        try:
            self.screen = pygame.display.set_mode(size, self.flags)
        except pygame.error as e:
            self.toast(_("Could not change the window's size: {why}").format(why=e))
            return
        self.resize(self.screen.get_size())

    def toggle_fullscreen(self) -> None:
        full = not self.settings.fullscreen
        try:
            if full:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(tuple(self.settings.window), self.flags)
        except pygame.error as e:
            self.toast(_("Could not switch full screen: {why}").format(why=e))
            return
        self.settings.fullscreen = full
        self.resize(self.screen.get_size())

    def tell_settings_messages(self) -> None:
        """Say each new settings message once (a file that could not be read or saved)."""
        messages = self.settings.messages
        for m in messages[self._told :]:
            self.toast(m, 6000)
            print(f"tabletop: {m}", file=sys.stderr)
            log.warning("settings: %s", m)
        self._told = len(messages)

    def toast(self, text: str, ms: float = 4000) -> None:
        self.toasts.append([validate.shown(text), ms, False])
        self.redraw = True

    def quit(self) -> None:
        self.running = False

    # -- loop --------------------------------------------------------------------
    def resize(self, size) -> None:
        self.redraw = True
        self.regions.invalidate()
        if tuple(size) != self.vp.size:
            gfx.forget_images()
        self.vp.resize(size)
        w, h = size
        if w >= 100 and h >= 100 and not self.settings.fullscreen:
            try:
                self.settings.window = [min(10000, w), min(10000, h)]
            except ValueError:
                pass

    def step(self, dt_ms: float, elapsed_ms: float | None = None) -> None:
        """One frame: the events, the scenes' time (``dt_ms``), the toasts' time (``elapsed_ms``,
        the real time since the last frame; ``dt_ms`` if not given) and the drawing."""
        self.redraw = False
        for event in pygame.event.get():
            self.dispatch(event)
        self.presses.tick(dt_ms if elapsed_ms is None else elapsed_ms)
        if not self.stack:
            self.running = False
            return
        if not self.vp.too_small:
            for scene in self.updating_scenes():
                scene.frame_update(dt_ms)
        if len(self.settings.messages) > self._told:
            self.tell_settings_messages()
        for t in self.toasts:
            if t[2]:  # one raised in this frame, after the window idled, is drawn before its time runs
                t[1] -= dt_ms if elapsed_ms is None else elapsed_ms
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self.draw()

    def next_frame(self) -> float | None:
        """How soon the window must be drawn again, in ms (0: now; None: after the next event)."""
        self.timed = []
        if self.redraw or not self.stack or len(self.settings.messages) > self._told:
            return 0
        waits = [t[1] for t in self.toasts]
        if not self.vp.too_small:
            for scene in self.updating_scenes():
                wait = scene.frame_wait()
                if wait is not None:
                    waits.append(wait)
                    self.timed.append((scene, wait))
        return max(0.0, min(waits)) if waits else None

    def dispatch(self, event) -> None:
        self.events += 1
        if event.type == pygame.QUIT:
            # a screen may ask first (an online game in play: leave it, or come back later)
            asker = next((s for s in reversed(self.stack) if hasattr(s, "before_quit")), None)
            if asker is None or not asker.before_quit():
                self.running = False
            return
        if event.type == WAKE:
            return  # it woke the loop: this frame draws what changed
        if event.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
            self.regions.invalidate()  # the system lost what the window showed: it is shown whole again
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            self.resize(self.screen.get_size())
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            for scene in list(self.stack):
                scene.on_focus_lost()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        changes, pad_events = self.pads.handle(event)
        kind = {pygame.KEYDOWN: "key", pygame.MOUSEBUTTONDOWN: "mouse", pygame.MOUSEWHEEL: "mouse"}.get(event.type)
        device = hints.device_of(kind, any(down for _iid, _name, down in changes))
        if device is not None:
            self.last_device = device
        for pe in pad_events:
            if pe.kind == "added" and self.last_device is not None:
                self.last_device = hints.PAD  # a gamepad plugged in: hints name it before its first press
            for scene in list(self.stack):
                scene.on_pad(pe)
        if self.stack and not self.vp.too_small:
            top = self.stack[-1]
            mine, changes = self.presses.sort(top, event, changes)
            if mine or changes:
                top.frame_handle(event if mine else _NOTHING, changes)

    def updating_scenes(self):
        out = []
        for scene in reversed(self.stack):
            out.append(scene)
            if scene.pauses_below:
                break
        return out

    def draw(self) -> None:
        """Draw the frame and show what it changed (``regions``): the whole window, or only the
        rects its scenes say changed."""
        surf = self.screen
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        drawn = self.stack[start:]
        regions = self.regions
        toasts = tuple(t[0] for t in self.toasts[-3:])  # a toast that comes or goes: the frame is drawn whole
        regions.begin(surf.get_size(), (tuple(id(s) for s in drawn), self.vp.too_small, toasts))
        if self.vp.too_small:
            self.draw_too_small(surf)
            regions.whole_frame()
        else:
            if not self.stack or not self.stack[start].opaque:
                surf.fill(gfx.FELT_DARK)
                regions.whole_frame()
            for scene in drawn:
                regions.scene_start(scene)
                scene.frame_draw(surf, self.vp)
                regions.scene_end()
            self.draw_toasts(surf)
            tip = gfx.show_whole(surf, pygame.mouse.get_pos())
            if tip is not None:
                regions.part(tip[0], ("tip", tip[1]))
        self.present(regions.end())

    def present(self, rects: list | None) -> None:
        """Show the window whole (None) or only ``rects`` of it."""
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def draw_too_small(self, surf) -> None:
        surf.fill(gfx.PANEL)
        w, h = surf.get_size()
        px = max(8, min(w // 18, h // 4, 22))
        lines = [
            _("Enlarge the window"),
            _("(at least {w}x{h}); the game is paused").format(w=gfx.MIN_W, h=gfx.MIN_H),
        ]
        for i, line in enumerate(lines):
            gfx.blit_text(
                surf,
                line,
                px if i == 0 else max(7, px * 2 // 3),
                (w // 2, h // 2 + (i - 0.5) * px * 1.4),
                gfx.GOLD if i == 0 else gfx.WHITE,
                bold=i == 0,
                anchor="center",
            )

    def draw_toasts(self, surf) -> None:
        y = 10
        for toast in self.toasts[-3:]:
            text = toast[0]
            toast[2] = True
            px = round(self.vp.s(16) * gfx.TEXT_SCALE[0])  # the player's text size: lines wrap to the width
            for line in gfx.wrap(text, px, min(self.vp.s(1000), surf.get_width() - 40)):
                img = gfx.text(line, px, gfx.WHITE)
                r = img.get_rect(midtop=(surf.get_width() // 2, y))
                back = r.inflate(self.vp.s(20), self.vp.s(8))
                gfx.panel(surf, back, (40, 40, 40), radius=6)
                self.regions.part(back, ("toast", line))
                gfx.blit_text(surf, line, px, r.topleft, gfx.WHITE)
                y += r.h + self.vp.s(10)

    def run(self, frames: int = 0) -> int:
        """The program's loop until the window closes (``frames``: stop after that many frames, or
        sooner once nothing moves: tests and benchmarks)."""
        try:
            self.loop(frames=frames)
        finally:
            self.close()
        return 0

    def loop(self, frames: int = 0, seconds: float = 0.0) -> None:
        """Frames at up to FPS while a scene needs them; between them, sleep until an event or the
        next wait runs out. Stops when the window closes, after ``frames`` frames (or sooner once
        nothing moves), or after ``seconds``. The program's boundary: a scene that fails (a bug)
        does not close the window; the game is kept and the launcher says so in one line."""
        end = time.monotonic() + seconds if seconds else None
        first = self.frame
        while self.running:
            try:
                if not self.frame_or_sleep(bool(frames), end):
                    break
            except Exception as e:
                if not self.recover(e):
                    raise
            if (frames and self.frame - first >= frames) or (end is not None and time.monotonic() >= end):
                break

    def frame_or_sleep(self, stop_when_idle: bool, end: float | None) -> bool:
        """One frame, now if a scene needs it, else after sleeping until an event or the next wait;
        False when the loop should stop instead (idle with ``stop_when_idle``, or ``end`` reached)."""
        wait = self.next_frame()
        if wait == 0:
            dt = self.clock.tick(FPS)
            self.step(min(dt, 100), dt)
        else:
            if stop_when_idle:
                return False
            timed = self.timed
            woke = self.sleep(wait, end)
            if woke is None:
                return False
            self.clock.tick()  # the next frame's time counts from here
            # after an event, a frame's worth: an animation the event starts begins at its start
            frame = min(woke, 100) if wait is not None and woke >= wait else min(woke, FRAME_MS)
            self.catch_up(timed, woke, frame)
            self.step(frame, woke)
        self.last_frame_at = time.monotonic()
        self.frame += 1
        return True

    def catch_up(self, timed: list, woke: float, frame: float) -> None:
        """A scene that asked for its next frame after a wait (``timed``: (scene, wait)) counts the time
        the loop slept (a round's clock runs on: JAB's digits, a lesson's breathing marks): it is given all
        of it, up to its wait and a frame more. All but the coming frame's share goes before the events
        that woke the loop are handled, so what they start still begins at its start."""
        if self.vp.too_small:
            return
        for scene, wait in timed:
            ahead = min(woke, wait + 100) - frame
            if ahead > 0 and scene in self.stack:
                scene.frame_update(ahead)

    def recover(self, error: Exception) -> bool:
        """Back to the launcher after ``error`` in a scene, keeping any game in play; False when
        there is nothing to go back from (the launcher itself failed)."""
        from tabletop.ui.launcher import Launcher
        from tabletop.ui.stopped import StoppedScene

        if not any(not isinstance(s, Launcher) for s in self.stack):
            return False
        again = any(isinstance(s, StoppedScene) for s in self.stack)  # the message itself failed: a toast
        details = "".join(traceback.format_exception(error))
        print(details, file=sys.stderr, end="")  # for whoever fixes it; the log keeps it too
        log.error("a screen stopped on an error:\n%s", details.rstrip())
        kept = ""
        from tabletop.ui.table import TableScene

        for scene in self.stack:
            session = scene.session if isinstance(scene, TableScene) else None
            if session is not None and session.autosave and session.outcome() is None:
                try:
                    session.save()
                    kept = i18n.game_text(session.spec, session.spec.name)
                except Exception:  # the boundary must not fail: the record kept at the last move stays
                    pass
        try:
            self.reset_to(Launcher(self))
        except Exception:
            return False
        what = (
            _("{game} stopped on an error; the game is kept: Continue takes it up again.").format(game=kept)
            if kept
            else _("That screen stopped on an error and was closed.")
        )
        line = f"{what} ({type(error).__name__}: {str(error)[:100]})"
        about = f"tabletop {__version__}, Python {sys.version.split()[0]}, {sys.platform}\n"
        if not again:
            try:
                self.push(StoppedScene(self, line, about + details))
                return True
            except Exception:  # the boundary must not fail: the line alone, as a toast
                pass
        self.toast(line, 8000)
        return True

    def sleep(self, wait: float | None, end: float | None) -> float | None:
        """Sleep until an event is queued or ``wait`` ms have passed (None: no limit); the ms slept,
        or None at ``end``. Frames stay at most FPS a second apart however fast events come."""
        start = time.monotonic()
        while True:
            now = time.monotonic()
            if pygame.event.peek():
                early = self.last_frame_at + FRAME_MS / 1000 - now
                if early > 0:
                    time.sleep(early)
                return (time.monotonic() - start) * 1000
            if end is not None and now >= end:
                return None
            nap = POLL_MS / 1000
            if wait is not None:
                left = start + wait / 1000 - now
                if left <= 0:
                    return (now - start) * 1000
                nap = min(nap, left)
            if end is not None:
                nap = min(nap, end - now)
            time.sleep(nap)

    def close(self) -> None:
        while self.stack:
            self.stack.pop().on_exit()  # an online table says its goodbye and closes its connection
        self.settings.save()
        end = time.monotonic() + 3  # ...on its network thread: a moment for it to be sent
        for thread in threading.enumerate():
            if thread.name == "tabletop-net":
                thread.join(max(0.0, end - time.monotonic()))
        for m in self.settings.messages[self._told :]:
            print(f"tabletop: {m}", file=sys.stderr)
            log.warning("settings: %s", m)
        pygame.quit()
