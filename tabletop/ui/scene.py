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


class Scene:
    opaque = True  # draws the whole window; scenes below are not drawn
    pauses_below = True  # while on top, scenes below get no update (time stops)

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
        """How soon this scene must be updated and drawn again, in ms: 0 while something moves or
        counts down (every frame), a wait for something drawn from the clock (a blinking cursor),
        or None when nothing changes until an event. Time spent waiting for an event is not
        given to ``update``: a scene that counts time (in ``update``) says 0 while it does."""
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

    def on_bindings_changed(self) -> None:
        """The player changed the controls (Settings > Controls): a scene that reads keys itself follows them."""
