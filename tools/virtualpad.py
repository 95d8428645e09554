"""A real SDL virtual game controller (through ctypes), for tests and the fuzzer.

SDL sees a device plugged in; button and axis changes arrive as real events
after the next event pump. Not part of the program: it lives with the tools.
"""

from __future__ import annotations

import ctypes


def frames(app, n):
    for _ in range(n):
        app.step(16)


class VirtualPad:
    """A real SDL virtual game controller: SDL sees a device plugged in, and
    button and axis changes arrive as real events after the next pump."""

    BUTTONS = {
        "a": 0,
        "b": 1,
        "x": 2,
        "y": 3,
        "back": 4,
        "guide": 5,
        "start": 6,
        "leftstick": 7,
        "rightstick": 8,
        "leftshoulder": 9,
        "rightshoulder": 10,
        "dpup": 11,
        "dpdown": 12,
        "dpleft": 13,
        "dpright": 14,
    }
    AXES = {"leftx": 0, "lefty": 1, "rightx": 2, "righty": 3, "lefttrigger": 4, "righttrigger": 5}

    def __init__(self):
        self.sdl = _libsdl()
        self.sdl.SDL_JoystickAttachVirtual.restype = ctypes.c_int
        self.sdl.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
        self.sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
        self.sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        self.sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
        self.sdl.SDL_JoystickGetDeviceInstanceID.restype = ctypes.c_int32
        # SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1, 6 axes, 15 buttons, 0 hats
        self.index = self.sdl.SDL_JoystickAttachVirtual(1, 6, 15, 0)
        assert self.index >= 0, "SDL could not attach a virtual joystick"
        self.instance_id = self.sdl.SDL_JoystickGetDeviceInstanceID(self.index)
        self.handle = self.sdl.SDL_JoystickOpen(self.index)

    def button(self, name: str, down: bool):
        self.sdl.SDL_JoystickSetVirtualButton(ctypes.c_void_p(self.handle), self.BUTTONS[name], 1 if down else 0)

    def axis(self, name: str, value: float):
        v = int(max(-32768, min(32767, value * 32767)))
        self.sdl.SDL_JoystickSetVirtualAxis(ctypes.c_void_p(self.handle), self.AXES[name], v)

    def press(self, app, name: str, n_frames=2):
        self.button(name, True)
        frames(app, n_frames)
        self.button(name, False)
        frames(app, n_frames)

    def unplug(self):
        if self.handle is None:
            return
        self.sdl.SDL_JoystickClose(ctypes.c_void_p(self.handle))
        self.sdl.SDL_JoystickDetachVirtual(self.index)
        self.handle = None


def _libsdl():
    """The SDL library pygame-ce loaded (opening it again gives that same loaded copy)."""
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                path = line.split()[-1] if line.strip() else ""
                name = path.rsplit("/", 1)[-1]
                if name.startswith("libSDL2-2") or name.startswith("libSDL2.") or name.startswith("libSDL2-2.0"):
                    return ctypes.CDLL(path)
    except FileNotFoundError:  # Windows and macOS: the library sits inside the pygame package
        from pathlib import Path

        import pygame

        base = Path(pygame.__file__).parent
        for path in [*base.glob("SDL2.dll"), *base.glob(".dylibs/libSDL2-2.0*.dylib")]:
            return ctypes.CDLL(str(path))
    raise RuntimeError("libSDL2 is not loaded in this process")
