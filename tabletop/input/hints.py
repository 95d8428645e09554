"""Hint words that follow the device a person plays with: one place says "click", "Enter" or "A".

The app remembers the last device anybody used (``App.last_device``: "mouse", "keys" or "pad"; None
before any). A table asks ``table.seat_device(seat)``: a seat with its own controls (two people at one
computer) uses those, the others the last device used. Every hint a player reads that names a control
goes through ``words`` or ``button``, so a gamepad player never reads "click" or "Esc" and a keyboard
player never reads "A". Pure: no pygame here.
"""

from __future__ import annotations

MOUSE, KEYS, PAD = "mouse", "keys", "pad"

SCHEME_DEVICE = {"mouse": MOUSE, "gamepad": PAD, "keys-left": KEYS, "keys-right": KEYS, "keyboard": KEYS}

# the menu buttons every device has, by name
BUTTONS = {
    KEYS: {"confirm": "Enter", "back": "Esc", "pause": "Esc", "peek": "Tab", "history": "H", "undo": "U"},
    PAD: {"confirm": "A", "back": "B", "pause": "Start", "peek": "Y", "history": "X", "undo": "the pause menu"},
    MOUSE: {"confirm": "a click", "back": "Esc", "pause": "the pause button", "peek": "Tab", "history": "H"},
}


def device_of(event_type: str | None, pad_down: bool) -> str | None:
    """The device an input came from: ``event_type`` is "key", "mouse" or None; ``pad_down`` a pad button pressed."""
    if pad_down:
        return PAD
    return {"key": KEYS, "mouse": MOUSE}.get(event_type or "")


def words(device: str | None, mouse: str, keys: str, pad: str, unknown: str = "") -> str:
    """The hint for ``device``; before any device was used, ``unknown`` (one naming them all) or the mouse's."""
    if device is None and unknown:
        return unknown
    return {KEYS: keys, PAD: pad}.get(device or MOUSE, mouse)


def button(device: str | None, name: str) -> str:
    """A menu button's name on ``device`` ("Enter", "A", ...); keys' names for the mouse's missing ones."""
    table = BUTTONS.get(device or KEYS, BUTTONS[KEYS])
    return table.get(name) or BUTTONS[KEYS][name]


def scheme_for(device: str | None) -> str:
    """The controls the Controls screen opens on for ``device``."""
    return "gamepad" if device == PAD else "keys-left"


def play_scheme(device: str | None) -> str:
    """The controls a first player who has not chosen any plays with: the device they use."""
    return {PAD: "gamepad", KEYS: "keys-left"}.get(device or MOUSE, "mouse")
