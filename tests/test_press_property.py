"""What you see is what you press (issue 34), over every registered game and every kind of device
(each keyboard half, the mouse, a gamepad): random presses are fed through the real App, and after
every frame

- the focus ring drawn is on what the next confirm acts on;
- no press reaches a screen that appeared after it went down (its release stays with its own screen);
- the hints drawn name only the controls of the device the person plays with;
- two people at one computer (``test_each_seat_is_told_its_own_controls``): every hint a table builds
  for a seat names that seat's controls only, and no line drawn names two seats' controls, unless it
  speaks to each by name ("Ana: W A S D, Space · Ben: Arrows, Enter").
"""

from __future__ import annotations

import random
import re

import pygame
import pytest

from tabletop.session import Seat, Session
from tabletop.ui import gfx
from tests.game_helpers import opponent
from tests.ui_helpers import VirtualPad, make_app

FRAMES = 200
DEVICES = ("keys-left", "keys-right", "mouse", "gamepad")
# names a hint may only use with its own device
PAD_WORDS = re.compile(r"\b(d-pad|LB|RB|[ABXY] to\b|[ABXY] on|press [ABXY]\b|[ABXY]: )")
KEY_WORDS = re.compile(r"\b(Enter|Esc|Backspace|Ctrl\+V|Page (Up|Down)|the arrows|arrow keys)\b")
CLICK_WORDS = re.compile(r"\b(click|Click)\b")
# each scheme's own controls, as hints name them (Esc pauses from any keyboard: nobody's own)
OWN_WORDS = {
    "keys-left": re.compile(r"W ?A ?S ?D|\bSpace\b|Left Shift|LShift|\bE/R\b|\bTab\b|TFGH|LCtrl|Left Ctrl"),
    "keys-right": re.compile(
        r"[←↑→↓]|\b[Aa]rrows\b|\bEnter\b|Backspace|Bksp|\bO/P\b|Right Ctrl|RCtrl|Right Shift|RShift|OKL;|Quote"
    ),
    "gamepad": re.compile(PAD_WORDS.pattern + r"|\b[Dd]-pad\b|\bLB\b|\bRB\b|Sticks"),
    "mouse": re.compile(CLICK_WORDS.pattern + r"|\bMouse:"),
}
PARTNER = {"keys-left": "keys-right", "keys-right": "keys-left", "mouse": "keys-right", "gamepad": "keys-left"}


def _keys(bindings: dict, scheme: str) -> list[str]:
    wanted = {"up", "down", "left", "right", "confirm", "back", "next", "prev"}
    return [k for k, b in bindings["keys"][scheme].items() if wanted & set(b)]


class Feeder:
    """Random presses of one device; each press notes the screen showing when it went down."""

    def __init__(self, app, device: str, rng: random.Random, pad):
        self.app, self.device, self.rng, self.pad = app, device, rng, pad
        self.keys = _keys(app.settings.bindings, device) if device.startswith("keys") else []
        self.held: dict = {}  # what is down -> the screen on top when it went down

    def top(self):
        return self.app.stack[-1] if self.app.stack else None

    def feed(self) -> None:
        rng = self.rng
        if self.held and rng.random() < 0.6:  # let go of something held
            what = rng.choice(list(self.held))
            self.release(what)
            return
        if rng.random() < 0.3:
            return  # a frame with no press
        if self.device.startswith("keys"):
            name = rng.choice(self.keys)
            self.held[("key", name)] = self.top()
            code = pygame.key.key_code(name)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        elif self.device == "mouse":
            if any(kind == "mouse" for kind, _ in self.held):  # one button: it goes up before it goes down again
                return
            hots = [h for h in getattr(self.top(), "hots", []) if h.kind in ("card", "button")]
            items = [it for it in getattr(getattr(self.top(), "result_menu", None), "items", []) or [] if it.rect]
            rects = [h.rect for h in hots] + [it.rect for it in items]
            w, h = self.app.screen.get_size()
            pos = rng.choice(rects).center if rects and rng.random() < 0.8 else (rng.randrange(w), rng.randrange(h))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            self.held[("mouse", pos)] = self.top()
        else:
            name = rng.choice(["dpup", "dpdown", "dpleft", "dpright", "a", "a", "b", "leftshoulder", "rightshoulder"])
            if ("pad", name) not in self.held:
                self.pad.button(name, True)
                self.held[("pad", name)] = self.top()

    def release(self, what) -> None:
        self.held.pop(what)
        kind, name = what
        if kind == "key":
            code = pygame.key.key_code(name)
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        elif kind == "mouse":
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=name, button=1))
        else:
            self.pad.button(name, False)


@pytest.fixture(scope="module")
def pad():
    pygame.init()
    p = VirtualPad()
    yield p
    p.unplug()


def _texts(monkeypatch) -> list[str]:
    seen: list[str] = []
    real_fit, real_blit = gfx.draw_fitted, gfx.blit_text

    def fitted(surf, text, *a, **k):
        seen.append(text)
        return real_fit(surf, text, *a, **k)

    def blit(surf, text, *a, **k):
        seen.append(text)
        return real_blit(surf, text, *a, **k)

    monkeypatch.setattr(gfx, "draw_fitted", fitted)
    monkeypatch.setattr(gfx, "blit_text", blit)
    return seen


def _table(spec, app, seats):
    opts = {"countdown_ms": 0} if spec.id == "jab" else {}
    table = spec.make_table(app, Session.new(spec, seats, opts, seed=7, autosave=False))
    app.push(table)
    app.step(16)
    return table


def _app():
    app = make_app()
    app.settings.animation_speed = 4
    app.settings.computer_pace = "instant"
    app.start()
    app.step(16)
    return app


def _drive(app, table, device, pad, monkeypatch, seed, check_texts) -> None:
    """FRAMES frames of random presses of ``device``; after each, the press and focus checks, and
    ``check_texts(frame, texts)`` on what the frame drew."""
    rng = random.Random(seed)
    feeder = Feeder(app, device, rng, pad)
    delivered: list = []  # (screen, event type, what) of every press or release a screen was given
    real_dispatch = app.presses.sort

    def sort(scene, event, changes):
        mine, kept = real_dispatch(scene, event, changes)
        if mine and event.type in (pygame.KEYDOWN, pygame.KEYUP):
            delivered.append((scene, event.type == pygame.KEYDOWN, ("key", pygame.key.name(event.key))))
        if mine and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            delivered.append((scene, event.type == pygame.MOUSEBUTTONDOWN, ("mouse", event.pos)))
        for _iid, name, down in kept:
            delivered.append((scene, down, ("pad", name)))
        return mine, kept

    monkeypatch.setattr(app.presses, "sort", sort)
    texts = _texts(monkeypatch)
    went_down: dict = {}
    try:
        for frame in range(FRAMES):
            before = dict(feeder.held)
            feeder.feed()
            went_down.update({w: s for w, s in feeder.held.items() if w not in before})
            delivered.clear()
            texts.clear()
            app.step(16)
            if not app.stack:
                break
            # a press or release reaches only the screen that showed when it went down
            for scene, _down, what in delivered:
                owner = went_down.get(what)
                assert owner is None or owner is scene, (
                    f"frame {frame}: {what} went down on {type(owner).__name__} but reached {type(scene).__name__}"
                )
            top = app.stack[-1]
            # the ring drawn is what a confirm acts on
            if hasattr(top, "drawn_focus"):
                for seat, payload in top.drawn_focus.items():
                    hot = top.focused(seat)
                    assert hot is not None and hot.payload == payload, (
                        f"frame {frame}: ring on {payload}, confirm would act on {hot and hot.payload}"
                    )
            check_texts(frame, texts)
            if top is not table and rng.random() < 0.2:  # now and then back to the game from a menu over it
                while app.stack and app.stack[-1] is not table and table in app.stack:
                    app.pop()
    finally:
        for what in list(feeder.held):
            feeder.release(what)
        app.step(16)
        pygame.event.clear()


@pytest.mark.parametrize("device", DEVICES)
def test_what_you_see_is_what_you_press(game, device, pad, monkeypatch):
    app = _app()
    seats = [Seat("Ana", "human", scheme=device), opponent(game)]
    table = _table(game, app, seats)

    def check_texts(frame, texts):
        # hints name the device in use only (before any device is used, a hint may name them all)
        if app.last_device is None:
            return
        for text in texts:
            if device == "gamepad":
                assert not KEY_WORDS.search(text) and not CLICK_WORDS.search(text), f"{text!r} for a pad"
            else:
                assert not PAD_WORDS.search(text), f"{text!r} for the {device}"

    _drive(app, table, device, pad, monkeypatch, f"{game.id}/{device}", check_texts)


def _foreign(text: str, scheme: str) -> list[str]:
    """The controls of other schemes than ``scheme`` that ``text`` names."""
    return [m.group(0) for other, words in OWN_WORDS.items() if other != scheme for m in words.finditer(text)]


@pytest.mark.parametrize("device", DEVICES)
def test_each_seat_is_told_its_own_controls(game, device, pad, monkeypatch):
    """Two people at one computer: Ana plays with ``device``, Ben with another half of the keyboard (or
    the left half, beside a mouse or a pad); random presses of Ana's device. The two halves' keys are
    swapped in the Controls screen, so a hint that names a half's default keys, not its keys as bound,
    tells a player the other's keys."""
    from tabletop.ui.secret_table import SecretTable
    from tabletop.ui.table import TableScene

    app = _app()
    keys = app.settings.bindings["keys"]
    keys["keys-left"], keys["keys-right"] = keys["keys-right"], keys["keys-left"]
    family = {"keys-left": "keys-right", "keys-right": "keys-left"}  # whose default keys each half has now
    seats = [Seat("Ana", "human", scheme=device), Seat("Ben", "human", scheme=PARTNER[device])]
    table = _table(game, app, seats)
    told: list[tuple[int, str]] = []  # (seat, hint) of every hint the table built for a seat this frame
    for cls, name in [(TableScene, n) for n in ("device_words", "control_line", "seat_button", "peek_name")] + [
        (SecretTable, "key_hints")
    ]:
        real = getattr(cls, name, None)
        if real is None:
            continue

        def spy(self, seat, *a, _real=real, **k):
            out = _real(self, seat, *a, **k)
            told.append((seat, out))
            return out

        monkeypatch.setattr(cls, name, spy)
    names = {s.name: family.get(s.scheme, s.scheme) for s in seats}
    own = table.router.schemes  # each seat's own controls (None: any device acts for whoever chooses)

    def check_texts(frame, texts):
        for seat, hint in told:
            scheme = own[seat] if seat is not None and seat < len(own) else None
            if scheme is not None:
                scheme = family.get(scheme, scheme)
                assert not _foreign(hint, scheme), f"frame {frame}: {hint!r} told to {seats[seat].name} ({scheme})"
        told.clear()
        for text in texts:  # a line speaks to one seat, or to each by name
            parts = re.split(r"\b(" + "|".join(names) + r")\b:?", text)
            spoken = [(None, parts[0])] + [(parts[i], parts[i + 1]) for i in range(1, len(parts) - 1, 2)]
            for name, part in spoken:
                named = {sc for sc, words in OWN_WORDS.items() if words.search(part) and sc in names.values()}
                if name is not None and all(own):
                    assert not _foreign(part, names[name]), f"frame {frame}: {text!r}: {name} is told another's keys"
                assert len(named) <= 1, f"frame {frame}: {text!r} names two seats' controls ({sorted(named)})"

    _drive(app, table, device, pad, monkeypatch, f"couch/{game.id}/{device}", check_texts)
