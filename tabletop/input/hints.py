"""Hint words that follow the device a person plays with: one place says "click", "Enter" or "A".

The app remembers the last device anybody used (``App.last_device``: "mouse", "keys" or "pad"; None
before any). A table asks ``table.seat_device(seat)``: a seat with its own controls (two people at one
computer) uses those, the others the last device used. Every hint a player reads that names a control
goes through ``words`` or ``button``, so a gamepad player never reads "click" or "Esc" and a keyboard
player never reads "A". Pure: no pygame here.
"""

from __future__ import annotations

from tabletop.core import i18n
from tabletop.core.i18n import N_

_, ngettext = i18n.words(__name__)

MOUSE, KEYS, PAD = "mouse", "keys", "pad"

SCHEME_DEVICE = {"mouse": MOUSE, "gamepad": PAD, "keys-left": KEYS, "keys-right": KEYS, "keyboard": KEYS}

# the menu buttons every device has, by name
BUTTONS = {
    KEYS: {"confirm": "Enter", "back": "Esc", "pause": "Esc", "peek": "Tab", "history": "H", "undo": "U"},
    PAD: {"confirm": "A", "back": "B", "pause": "Start", "peek": "Y", "history": "X", "undo": N_("the pause menu")},
    MOUSE: {"confirm": N_("a click"), "back": "Esc", "pause": N_("the pause button"), "peek": "Tab", "history": "H"},
}


# what every keyboard presses where any keyboard acts for whoever chooses (input.bindings MENU_KEYS)
_SHARED_KEYS = {
    "move": N_("the arrows"),
    "confirm": "Enter",
    "back": "Backspace",
    "pause": "Esc",
    "peek": "Tab",
    "next": "Page Down",
    "prev": "Page Up",
    "history": "H",
}
_SHARED_MOVES = N_("Arrows")  # the same, at the head of a line of controls
_SHARED_GROUP = "Page Up/Down"
_PAD_WORDS = {"move": N_("the d-pad")}
_ARROWS = ("up", "left", "down", "right")


# the buttons named in words (translated); the others are what their key or button says ("Enter", "Start")
WORDED = {N_("the pause menu"), N_("a click"), N_("the pause button"), N_("the arrows"), N_("the d-pad")}


def said(name: str) -> str:
    """A button's name as a hint says it: a worded one in the player's language, a key's as it is printed."""
    return _(name) if name in WORDED else name


def names(bindings: dict, scheme: str | None, device: str | None) -> dict[str, str]:
    """The words a hint uses for one seat's controls: {move}, {confirm}, {back}, {pause}, {peek}, {next},
    {prev}, {history}; for a line of controls, {moves} ("W A S D", "Arrows", "D-pad") and {group} (next
    and previous group together, "E/R"). ``scheme``: the seat's own controls (None where every device
    acts for whoever chooses); ``device``: the device in use. Built from the bindings as the player set
    them, so a person on the left half of the keyboard reads "W A S D" and "Space", never the right half's
    keys. A control the seat lacks is "" (a line leaves it out)."""
    from tabletop.input import rebind

    if scheme == "mouse":  # a mouse player's keys: its peek alone ("`"), no keyboard half's
        found = rebind.inputs_for(bindings, scheme, "peek")
        return {k: "" for k in _SHARED_KEYS} | {"moves": "", "group": "", "peek": found[0] if found else ""}
    if scheme not in ("keys-left", "keys-right", "keyboard", "gamepad"):
        scheme = "gamepad" if device == PAD else None
    if scheme is None:
        return {what: said(name) for what, name in _SHARED_KEYS.items()} | {
            "moves": _(_SHARED_MOVES),
            "group": _SHARED_GROUP,
        }
    out = {}
    for what in ("confirm", "back", "pause", "peek", "next", "prev"):
        found = rebind.inputs_for(bindings, scheme, what)
        if scheme == "gamepad":  # the shoulders first: X opens a table's history
            found.sort(key=lambda name: "shoulder" not in name)
        out[what] = rebind.input_label(scheme, found[0]) if found else ""
    pair = (out["prev"], out["next"]) if scheme == "gamepad" else (out["next"], out["prev"])  # left one first
    out["group"] = "/".join(pair) if all(pair) else ""
    if scheme == "gamepad":
        out["move"] = _(_PAD_WORDS["move"])
        out["moves"] = _("D-pad")
        out["pause"] = out["pause"] or "Start"
        out["history"] = "X"
        return out
    arrows = [(rebind.inputs_for(bindings, scheme, d) or ["?"])[0] for d in _ARROWS]
    out["moves"] = (
        _(_SHARED_MOVES) if arrows == list(_ARROWS) else " ".join(rebind.input_label(scheme, a) for a in arrows)
    )
    out["move"] = _("the arrows") if arrows == list(_ARROWS) else out["moves"]
    out["pause"] = "Esc"  # Esc pauses from any keyboard
    out["history"] = "H" if scheme == "keyboard" else ""  # a keyboard half reaches the history's button
    return out


def fill(text: str, words: dict[str, str]) -> str:
    """``text`` with each {name} of ``words`` put in (other braces are left as they are)."""
    for k, v in words.items():
        text = text.replace("{" + k + "}", v)
    return text


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
    return said(table.get(name) or BUTTONS[KEYS][name])


def scheme_for(device: str | None) -> str:
    """The controls the Controls screen opens on for ``device``."""
    return "gamepad" if device == PAD else "keys-left"


def play_scheme(device: str | None) -> str:
    """The controls a first player who has not chosen any plays with: the device they use."""
    return {PAD: "gamepad", KEYS: "keys-left"}.get(device or MOUSE, "mouse")
