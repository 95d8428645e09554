"""Scenes on a stack: the top scene gets the input; scenes below an overlay
are still drawn (a pause menu over the table).

A scene says when it needs frames (``next_frame``): while something moves, every
frame; otherwise the window is drawn again only after an event (a key, the
mouse, a resize) or when a scene's wait runs out, and the program sleeps."""

from __future__ import annotations

import pygame

WAKE = pygame.event.custom_type()  # posted by another thread (the network's): the loop wakes to draw


def wake() -> None:
    """Wake the window's sleeping loop from another thread (a message from the network came)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:  # the window has closed
        pass


BLINK_MS = 500  # a text box's cursor shows and hides this often


def cursor_on() -> bool:
    """Whether a text box's blinking cursor shows now."""
    return (pygame.time.get_ticks() // BLINK_MS) % 2 == 0


def till_blink() -> float:
    """Ms until a blinking cursor next shows or hides (a text box's ``next_frame``)."""
    return BLINK_MS - pygame.time.get_ticks() % BLINK_MS


GUARD_MS = 300  # a result, a round's summary or "Well done" ignores presses this long after it shows


class PressOwners:
    """A press belongs to its screen: each key, mouse button and gamepad button is owned by the screen
    that was on top when it went down. Its release reaches only that screen, so a press that closes
    one screen never acts on the next; a screen that appears (``appeared``) takes only presses that
    start on it, and none at all for its guard (a result: the habitual press that ended the game
    must not choose on it). The window's loop sorts every event through ``sort``."""

    def __init__(self) -> None:
        self.owner: dict[tuple, object] = {}  # a held input -> the screen it went down on (None: on none)
        self.now = 0.0  # ms of the window's clock
        self.guard: tuple[object, float] | None = None  # (screen, clock when its presses start counting)

    def tick(self, ms: float) -> None:
        self.now += ms

    def appeared(self, scene, guard_ms: float = 0.0) -> None:
        """``scene`` shows now (or shows something new: a result on a table): inputs held now were
        pressed for what was there before and stay with it; presses in the next ``guard_ms`` are let go."""
        for k, owner in self.owner.items():
            if owner is scene:
                self.owner[k] = None
        self.guard = (scene, self.now + guard_ms) if guard_ms > 0 else None

    def fresh(self, scene) -> bool:
        """Whether a press going down now on ``scene`` counts (not within its guard)."""
        return self.guard is None or self.guard[0] is not scene or self.now >= self.guard[1]

    def _sort(self, scene, key: tuple, down: bool) -> bool:
        if down:
            self.owner[key] = scene if self.fresh(scene) else None
            return self.owner[key] is scene
        return self.owner.pop(key, None) is scene

    def sort(self, scene, event, pad_changes) -> tuple[bool, list]:
        """(whether ``event`` reaches ``scene``, the pad changes that do): presses and releases that
        belong to it; every other event (the mouse moving, a window event) reaches it as it is."""
        t = event.type
        mine = True
        if t in (pygame.KEYDOWN, pygame.KEYUP):
            mine = self._sort(scene, ("key", event.key), t == pygame.KEYDOWN)
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            mine = self._sort(scene, ("mouse", event.button), t == pygame.MOUSEBUTTONDOWN)
        kept = [(iid, name, down) for iid, name, down in pad_changes if self._sort(scene, ("pad", iid, name), down)]
        if pad_changes and not kept and t not in (pygame.KEYDOWN, pygame.KEYUP):
            mine = False  # a gamepad's event whose every change belongs elsewhere
        return mine, kept


class Scene:
    opaque = True  # draws the whole window; scenes below are not drawn
    pauses_below = True  # while on top, scenes below get no update (time stops)
    guard_ms = 0.0  # presses this long after the scene appears are let go (a result's: GUARD_MS)

    def __init__(self, app):
        self.app = app

    # input -----------------------------------------------------------------
    def handle(self, event, pad_changes) -> None:
        """One pygame event (and the gamepad button changes it caused)."""

    def on_pad(self, pad_event) -> None:
        """A gamepad was plugged in or pulled out (sent to every scene)."""

    def on_focus_lost(self) -> None:
        """The window lost focus or was minimised."""

    # time and drawing --------------------------------------------------------
    def next_frame(self) -> float | None:
        """How soon this scene must be updated and drawn again, in ms: 0 while something moves
        (every frame); a wait until the next thing due when only time changes it (a blinking
        cursor, a round clock's next digit); or None when nothing changes until an event. The time
        a wait took is given to ``update``, even when an event ends it sooner (all but a frame of it
        before the event is handled: the app's ``catch_up``). Time spent waiting with None is not:
        a scene that counts time (in ``update``) says a wait or 0 while it does."""
        return None

    def update(self, dt_ms: float) -> None:
        pass

    def draw(self, surf, vp) -> None:
        pass

    # what the window's loop calls: the scene's own methods (a table's go through its link: ui/table.py)
    def frame_wait(self) -> float | None:
        return self.next_frame()

    def frame_update(self, dt_ms: float) -> None:
        self.update(dt_ms)

    def frame_draw(self, surf, vp) -> None:
        self.draw(surf, vp)

    def frame_handle(self, event, pad_changes) -> None:
        self.handle(event, pad_changes)

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass

    def on_covered(self) -> None:
        """Another screen comes over this one: presses it kept for later go (they were for it alone)."""

    def on_bindings_changed(self) -> None:
        """The player changed the controls (Settings > Controls): a scene that reads keys itself follows them."""
