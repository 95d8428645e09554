"""Drive the real program headless: an App on SDL's dummy driver, synthetic
events, and a real SDL virtual game controller (through ctypes)."""

from __future__ import annotations

import ctypes

import pygame

from tabletop import settings as settings_mod


def make_app(size=(1280, 720)):
    from tabletop.ui.app import App

    return App(size=size, settings=settings_mod.Settings())


def frames(app, n=1, dt=16):
    for _ in range(n):
        app.step(dt)


def key(app, name: str, n_frames=1):
    code = pygame.key.key_code(name)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    frames(app, n_frames)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    frames(app, n_frames)


def key_down(app, name: str):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0, unicode="", scancode=0))
    frames(app)


def key_up(app, name: str):
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.key.key_code(name), mod=0, unicode="", scancode=0))
    frames(app)


def click(app, pos, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app)


def drag(app, start, end, steps=6, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
    frames(app)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
    frames(app)


def top(app):
    return app.stack[-1]


class VirtualPad:
    """A real SDL virtual game controller: SDL sees a device plugged in, and
    button and axis changes arrive as real events after the next pump."""

    BUTTONS = {"a": 0, "b": 1, "x": 2, "y": 3, "back": 4, "guide": 5, "start": 6, "leftstick": 7,
               "rightstick": 8, "leftshoulder": 9, "rightshoulder": 10, "dpup": 11, "dpdown": 12,
               "dpleft": 13, "dpright": 14}
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
        self.sdl.SDL_JoystickClose(ctypes.c_void_p(self.handle))
        self.sdl.SDL_JoystickDetachVirtual(self.index)


def _libsdl():
    with open("/proc/self/maps") as f:
        for line in f:
            path = line.split()[-1] if line.strip() else ""
            name = path.rsplit("/", 1)[-1]
            if name.startswith("libSDL2-2") or name.startswith("libSDL2.") or name.startswith("libSDL2-2.0"):
                return ctypes.CDLL(path)
    raise RuntimeError("libSDL2 is not loaded in this process")
