"""pygame events -> virtual buttons, per seat; gamepad hot-plug.

``Pads`` keeps every connected gamepad by SDL instance id (never by index):
devices SDL knows are opened with the game-controller API (standard A/B/X/Y
layout); others through the plain joystick API with a default mapping.

``Router`` knows which seat plays with which scheme (see bindings.py) and
turns events into ``Press(seat, button, down)``. It also answers
``held(seat, button)``, ``key_dir(seat, prefix)`` and ``pad_stick(seat, side)``
(after the dead zone and response curve) for continuous input (a real-time game's hands).
Menus use ``menu_buttons(event)``: any keyboard, any gamepad.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
from pygame._sdl2 import controller as _controller  # in every pygame-ce this program takes (2.5 on)

from tabletop.input.bindings import JOYSTICK_AXES, JOYSTICK_BUTTONS, MENU_KEYS, MENU_PAD

CONTROLLER_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_GUIDE: "guide",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "leftstick",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rightstick",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "leftshoulder",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rightshoulder",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "dpup",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "dpdown",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "dpleft",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "dpright",
}
CONTROLLER_AXES = {
    pygame.CONTROLLER_AXIS_LEFTX: "leftx",
    pygame.CONTROLLER_AXIS_LEFTY: "lefty",
    pygame.CONTROLLER_AXIS_RIGHTX: "rightx",
    pygame.CONTROLLER_AXIS_RIGHTY: "righty",
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: "lefttrigger",
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "righttrigger",
}
DEADZONE = 0.2  # a stick pushed less than this (of its full throw) is at rest
STICK_FULL = 0.95  # ... and this far or more is full speed
STICK_CURVE = 2.0  # between the two, speed grows as the push to this power: fine control near the centre
STICK_PRESS = 0.6  # a stick pushed this far counts as a d-pad press in menus
STICK_RELEASE = 0.4
TRIGGER_PRESS = 0.5


def _norm(value: float) -> float:
    """Axis values come as -32768..32767 (controller) or -1..1 (joystick)."""
    if abs(value) > 1.5:
        value = value / 32767.0
    return max(-1.0, min(1.0, float(value)))


@dataclass
class Pad:
    instance_id: int
    name: str
    kind: str  # "controller" or "joystick"
    device: object
    axes: dict = field(default_factory=dict)
    pressed: set = field(default_factory=set)


@dataclass(frozen=True)
class Press:
    seat: int
    button: str
    down: bool
    source: str = ""  # "key", "mouse", "pad:<id>"


@dataclass(frozen=True)
class PadEvent:
    kind: str  # "added" or "removed"
    instance_id: int
    name: str = ""


class Pads:
    def __init__(self) -> None:
        self.pads: dict[int, Pad] = {}
        self.order: list[int] = []  # instance ids in the order they arrived
        try:
            _controller.init()
        except pygame.error:
            pass
        if not pygame.joystick.get_init():
            pygame.joystick.init()

    def open_all(self) -> None:
        for i in range(pygame.joystick.get_count()):
            self._open(i)

    def _open(self, index: int) -> Pad | None:
        try:
            dev: object
            if _controller.is_controller(index):
                ctl = _controller.Controller(index)
                iid, name, kind, dev = ctl.as_joystick().get_instance_id(), ctl.name, "controller", ctl
            else:
                js = pygame.joystick.Joystick(index)
                iid, name, kind, dev = js.get_instance_id(), js.get_name(), "joystick", js
        except pygame.error:
            return None
        if iid in self.pads:
            return self.pads[iid]
        pad = Pad(iid, name or "Gamepad", kind, dev)
        self.pads[iid] = pad
        self.order.append(iid)
        return pad

    def handle(self, event) -> tuple[list[tuple[int, str, bool]], list[PadEvent]]:
        """(button changes as (instance_id, name, down), hot-plug events) for one pygame event."""
        t = event.type
        if t in (pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED):
            before = set(self.pads)
            pad = self._open(event.device_index)
            if pad is not None and pad.instance_id not in before:
                return [], [PadEvent("added", pad.instance_id, pad.name)]
            return [], []
        if t in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            pad = self.pads.pop(event.instance_id, None)
            if pad is None:
                return [], []
            self.order.remove(pad.instance_id)
            releases = [(pad.instance_id, b, False) for b in sorted(pad.pressed)]
            return releases, [PadEvent("removed", pad.instance_id, pad.name)]
        pad = self.pads.get(getattr(event, "instance_id", -1))  # a pygame event of no pad has none
        if pad is None:
            return [], []
        if pad.kind == "controller":
            if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
                name = CONTROLLER_BUTTONS.get(event.button)
                return (self._set(pad, name, t == pygame.CONTROLLERBUTTONDOWN) if name else []), []
            if t == pygame.CONTROLLERAXISMOTION:
                name = CONTROLLER_AXES.get(event.axis)
                return (self._axis(pad, name, _norm(event.value)) if name else []), []
            return [], []
        if t in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            name = JOYSTICK_BUTTONS.get(event.button)
            return (self._set(pad, name, t == pygame.JOYBUTTONDOWN) if name else []), []
        if t == pygame.JOYAXISMOTION:
            name = JOYSTICK_AXES.get(event.axis)
            return (self._axis(pad, name, _norm(event.value)) if name else []), []
        if t == pygame.JOYHATMOTION:
            x, y = event.value
            out = []
            for name, on in (("dpleft", x < 0), ("dpright", x > 0), ("dpup", y > 0), ("dpdown", y < 0)):
                out += self._set(pad, name, on)
            return out, []
        return [], []

    def _set(self, pad: Pad, name: str, down: bool):
        if down == (name in pad.pressed):
            return []
        (pad.pressed.add if down else pad.pressed.discard)(name)
        return [(pad.instance_id, name, down)]

    def _axis(self, pad: Pad, name: str, value: float):
        pad.axes[name] = value
        out = []
        if name in ("lefttrigger", "righttrigger"):
            out += self._set(pad, name, value > TRIGGER_PRESS)
        else:  # sticks double as a d-pad for menus, with hysteresis
            neg, pos = {
                "leftx": ("sleft", "sright"),
                "lefty": ("sup", "sdown"),
                "rightx": ("rsleft", "rsright"),
                "righty": ("rsup", "rsdown"),
            }[name]
            for b, v in ((neg, -value), (pos, value)):
                if v > STICK_PRESS:
                    out += self._set(pad, b, True)
                elif v < STICK_RELEASE:
                    out += self._set(pad, b, False)
        return out

    def stick(self, iid: int, side: str) -> tuple[float, float]:
        pad = self.pads.get(iid)
        if pad is None:
            return (0.0, 0.0)
        return stick_response(pad.axes.get(f"{side}x", 0.0), pad.axes.get(f"{side}y", 0.0))


def stick_response(x: float, y: float) -> tuple[float, float]:
    """A stick's raw push -> a steering vector of length 0..1 in the same direction: nothing
    inside the dead zone, full length from ``STICK_FULL`` out, and in between the push
    past the dead zone (scaled to 0..1) to the power ``STICK_CURVE`` (no jump at the edge)."""
    mag = (x * x + y * y) ** 0.5
    if mag <= DEADZONE:
        return (0.0, 0.0)
    t = min(1.0, (mag - DEADZONE) / (STICK_FULL - DEADZONE))
    k = t**STICK_CURVE / mag
    return (x * k, y * k)


STICK_AS_DPAD = {"sup": "dpup", "sdown": "dpdown", "sleft": "dpleft", "sright": "dpright"}


def key_name(event) -> str:
    return pygame.key.name(event.key).lower()


class Router:
    """Maps events to virtual buttons for the seats of one game."""

    def __init__(self, settings, pads: Pads, schemes: list[str | None]):
        self.settings = settings
        self.pads = pads
        self.schemes = list(schemes)  # per seat: a scheme id or None (computer)
        self.pad_of: dict[int, int] = {}  # seat -> pad instance id
        self.keymap: dict[str, list[tuple[int, str]]] = {}
        self.held_buttons: set[tuple[int, str]] = set()
        self.map_keys()
        self.assign_pads()

    def map_keys(self) -> None:
        """Each key -> the (seat, virtual button)s it presses, from the settings (again after the Controls screen)."""
        self.keymap = {}
        keys = self.settings.bindings["keys"]
        for seat, scheme in enumerate(self.schemes):
            for key, buttons in keys.get(scheme or "", {}).items():
                for b in buttons:
                    self.keymap.setdefault(key, []).append((seat, b))

    # -- gamepads ---------------------------------------------------------
    def pad_seats(self) -> list[int]:
        return [s for s, sc in enumerate(self.schemes) if sc == "gamepad"]

    def missing_pads(self) -> list[int]:
        """Seats that play with a gamepad but have none connected now."""
        return [s for s in self.pad_seats() if s not in self.pad_of]

    def assign_pads(self) -> None:
        taken = set(self.pad_of.values())
        free = [iid for iid in self.pads.order if iid not in taken]
        for seat in self.missing_pads():
            if not free:
                break
            self.pad_of[seat] = free.pop(0)

    def seat_of_pad(self, iid: int) -> int | None:
        for seat, p in self.pad_of.items():
            if p == iid:
                return seat
        return None

    def on_pad_event(self, pe: PadEvent) -> int | None:
        """Hot-plug: returns the seat affected (lost or regained its pad)."""
        if pe.kind == "removed":
            seat = self.seat_of_pad(pe.instance_id)
            if seat is not None:
                del self.pad_of[seat]
                self.held_buttons = {hb for hb in self.held_buttons if hb[0] != seat}
            return seat
        before = set(self.pad_of)
        self.assign_pads()
        new = set(self.pad_of) - before
        return min(new) if new else None

    # -- events -----------------------------------------------------------
    def feed(self, event) -> list[Press]:
        out: list[Press] = []
        t = event.type
        if t in (pygame.KEYDOWN, pygame.KEYUP):
            down = t == pygame.KEYDOWN
            for seat, b in self.keymap.get(key_name(event), []):
                out.append(self._press(seat, b, down, "key"))
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for seat, sc in enumerate(self.schemes):
                if sc == "mouse" and event.button in (1, 3):
                    b = "l_take" if event.button == 1 else "r_take"
                    down = t == pygame.MOUSEBUTTONDOWN
                    out.append(self._press(seat, b, down, "mouse"))
                    if event.button == 1:
                        out.append(self._press(seat, "confirm", down, "mouse"))
        return out

    def feed_pad(self, changes) -> list[Press]:
        out: list[Press] = []
        pad_map = self.settings.bindings["gamepad"]
        for iid, name, down in changes:
            seat = self.seat_of_pad(iid)
            if seat is None:
                continue
            name = STICK_AS_DPAD.get(name, name)
            for b in pad_map.get(name, []):
                out.append(self._press(seat, b, down, f"pad:{iid}"))
        return out

    def _press(self, seat, button, down, source) -> Press:
        (self.held_buttons.add if down else self.held_buttons.discard)((seat, button))
        return Press(seat, button, down, source)

    def held(self, seat: int, button: str) -> bool:
        return (seat, button) in self.held_buttons

    def pad_stick(self, seat: int, side: str) -> tuple[float, float]:
        """The seat's gamepad stick ("left" or "right") after its dead zone and response curve."""
        iid = self.pad_of.get(seat)
        return (0.0, 0.0) if iid is None else self.pads.stick(iid, side)

    def key_dir(self, seat: int, prefix: str) -> tuple[float, float]:
        """The direction held on a hand's keys or d-pad (``prefix`` "l_" or "r_"): a unit
        vector, (0, 0) when none (or only opposite ones) are held."""
        x = self.held(seat, prefix + "right") - self.held(seat, prefix + "left")
        y = self.held(seat, prefix + "down") - self.held(seat, prefix + "up")
        mag = (x * x + y * y) ** 0.5
        return (x / mag, y / mag) if mag else (0.0, 0.0)

    def release_all(self) -> None:
        self.held_buttons.clear()


def menu_buttons(event, pads_changes=()) -> list[str]:
    """Menu buttons from any keyboard or gamepad (mouse is handled by widgets)."""
    out = []
    if event is not None and event.type == pygame.KEYDOWN:
        b = MENU_KEYS.get(key_name(event))
        if b:
            out.append(b)
    for _iid, name, down in pads_changes:
        if down:
            b = MENU_PAD.get(STICK_AS_DPAD.get(name, name))
            if b:
                out.append(b)
    return out
