"""Scenes on a stack: the top scene gets the input; scenes below an overlay
are still drawn (a pause menu over the table)."""

from __future__ import annotations


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
    def update(self, dt_ms: float) -> None:
        pass

    def draw(self, surf, vp) -> None:
        pass

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass
