"""How a person's devices work the JAB hands at the table: keys and gamepads (with the steering
of steer.py: acceleration, the magnet, jumps), the mouse (which hand the pointer drives, presses
queued where they were made), and the intents they give ``hands.advance`` each frame.
``HandDevices`` is part of ``JabTable``; nothing here draws."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.core.i18n import words
from tabletop.input.devices import menu_buttons
from tabletop.ui.table import DRAG_THRESHOLD, TableScene

from ..rules.hands import RECTS, SIDES, inside
from ..rules.say import side_word
from . import steer
from .layout import UNIT, screen_point

_, ngettext = words(__name__)

STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}

if TYPE_CHECKING:  # for the type checker a table; at run time a mixin of ``JabTable(HandDevices, TableScene)``
    _Table = TableScene
else:
    _Table = object


class HandDevices(_Table):
    """The JAB table's input: events in, hand moves and presses out (mixed into ``JabTable``)."""

    # what the devices use of ``JabTable`` (set in its ``__init__``)
    flip: bool
    t: int
    hands: Any
    final_score: bool
    mouse_seat: int | None
    mq: list[list]
    m_active: int
    m_pin: int | None
    m_point: tuple[float, float] | None
    m_follow: list[bool]
    m_down: dict
    held_ms: list[float]
    jump_to: list
    jump_waiting: set
    stick_jumps: set
    stick_rest: set
    pull_to: list
    last_dir: list
    taps: dict
    note: Callable[..., None]
    see_result: Callable[[], None]
    ready: Callable[[int], None]
    split: Callable[[int, int], None]
    claim: Callable[[int, str], None]
    take_or_release: Callable[[int, int], None]
    release: Callable[[int, int], None]
    _cover_or_choose: Callable[[int, int], None]

    def handle_play(self, event, pad_changes) -> None:
        """Every person's own devices, in real time (``TableScene.handle`` has had Esc, the lesson's
        coach and the result panel first)."""
        presses = self.router.feed(event) + self.router.feed_pad(pad_changes)
        if self.final_score:
            if (
                any(p.down and p.button in ("ready", "confirm") for p in presses)
                or "confirm" in menu_buttons(event, pad_changes)
                or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
            ):
                self.see_result()
            return
        done = set()
        ph = self.session.state.phase
        # in a pause, a pad's A readies (it is also Combo): that press is never a claim as well
        paused = ph in ("between", "clinch")
        readying = {p.seat for p in presses if paused and p.down and p.button in ("ready", "confirm")}
        for p in presses:
            if p.source == "mouse" or p.seat is None:
                continue
            if not p.down:
                if p.button == "jump" and p.seat in self.jump_waiting:  # Jump tapped alone: the way it went last
                    self.jump_waiting.discard(p.seat)
                    self.jump(p.seat)
                continue
            b = p.button
            if b[:2] in ("l_", "r_") and b[2:] in STEPS:
                tx, ty = self.taps.get((p.seat, b[:2]), (0, 0))
                self.taps[(p.seat, b[:2])] = (tx + STEPS[b[2:]][0], ty + STEPS[b[2:]][1])
                if p.seat in self.jump_waiting and self.router.held(p.seat, "jump"):
                    self.jump_waiting.discard(p.seat)  # Jump held first, then a direction: that way
                    self.jump(p.seat)
            ph = self.session.state.phase
            if b in ("ready", "confirm"):
                if ph in ("between", "clinch") and (p.seat, "ready") not in done:
                    done.add((p.seat, "ready"))
                    self.ready(p.seat)
            elif b == "pause":
                if ph not in ("between", "clinch"):
                    self.pause()
                    return
            elif b in ("left", "right") and ph == "between":
                self.split(p.seat, -1 if b == "left" else 1)
            elif b in ("l_take", "r_take"):
                if (p.seat, b) not in done:
                    done.add((p.seat, b))
                    self.take_or_release(p.seat, steer.rules_side(p.seat, 0 if b == "l_take" else 1, self.flip))
            elif b == "jump":
                if (p.seat, b) not in done:
                    done.add((p.seat, b))
                    steered = any(self._steering(p.seat, h) != (0.0, 0.0) for h in (0, 1))
                    if steered or p.source != "key":
                        self.jump(p.seat)
                    else:  # a key held before the direction: the direction pressed next decides
                        self.jump_waiting.add(p.seat)
            elif b.startswith("claim_") and p.seat not in readying:
                if (p.seat, "claim") not in done:
                    done.add((p.seat, "claim"))
                    self.claim(p.seat, b[6:])
        self._mouse(event, self.mouse_seat)

    def _units(self, pos):
        x, y = self.app.vp.to_design(pos)
        return steer.clamp_point(*screen_point(x / UNIT, y / UNIT, self.flip))

    def jump(self, seat: int) -> None:
        """Each hand of ``seat`` that is being steered goes straight to the next deck or target that way
        (with none steered: the hand steered last, the way it went)."""
        st = self.session.state
        if st.phase not in ("playing", "scoring"):
            return
        dirs = {h: self._steering(seat, h) for h in (0, 1)}
        dirs = {h: d for h, d in dirs.items() if d != (0.0, 0.0)}
        if not dirs:
            last = [(h, self.last_dir[seat * 2 + h]) for h in (0, 1) if self.last_dir[seat * 2 + h] is not None]
            if last:
                h, (d, _t) = max(last, key=lambda hd: hd[1][1])
                dirs = {h: d}
        if not dirs:
            self.note(seat, _("Steer a hand, then press Jump: it goes straight to the next deck or target that way."))
            return
        for h, (dx, dy) in dirs.items():
            x, y = self.hands.at(seat, h)
            stop = steer.jump_stop(seat, h, x, y, dx, dy)
            if stop is not None:
                self.jump_to[seat * 2 + h] = steer.clamp_point(*RECTS[stop][:2])
                if self._stick(seat, h) != (0.0, 0.0):
                    self.stick_jumps.add(seat * 2 + h)

    def _stick(self, seat: int, h: int) -> tuple[float, float]:
        """The stick that steers hand ``h`` of ``seat`` (after its dead zone), turned to the table."""
        side = steer.sits_side(seat, h, self.flip)
        return self.turn(*self.router.pad_stick(seat, SIDES[side]))

    def _mouse(self, event, seat) -> None:
        t = event.type
        if (
            t == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.pause_rect is not None
            and self.pause_rect.collidepoint(event.pos)
        ):
            self.pause()
            return
        if seat is not None and t == pygame.MOUSEWHEEL and event.y:  # a touchpad has no middle button
            self.choose_pointer_hand(seat, steer.rules_side(seat, 0 if event.y > 0 else 1, self.flip))
            return
        if seat is None or t not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        pos = event.pos
        self.m_point = self._units(pos)
        if t == pygame.MOUSEMOTION:
            self.m_follow[self.m_active] = True
            return
        if t == pygame.MOUSEBUTTONDOWN and event.button == 2:
            self.choose_pointer_hand(seat)
            return
        if event.button not in (1, 3):
            return
        h = steer.rules_side(seat, 0 if event.button == 1 else 1, self.flip)
        st = self.session.state
        if t == pygame.MOUSEBUTTONDOWN:
            hot = self.hot_at(pos, ("button",), seat)
            if hot is not None:
                if hot.callback is not None:
                    hot.callback()
                return
            if self.m_pin is None:
                self.m_active = h
            self.m_follow[h] = True
            if st.phase == "scoring":
                self.mq[h].append(("grab", self.m_point))
                return
            if st.phase != "playing":
                return
            holding = st.held[seat * 2 + h] is not None or any(k == "grab" for k, _ in self.mq[h])
            if holding:
                self.m_down[event.button] = {"mode": "release", "start": pos}
            else:
                self.mq[h].append(("grab", self.m_point))
                self.m_down[event.button] = {"mode": "take", "start": pos}
        else:
            d = self.m_down.pop(event.button, None)
            if d is None:
                return
            moved = abs(pos[0] - d["start"][0]) + abs(pos[1] - d["start"][1]) > DRAG_THRESHOLD
            if d["mode"] == "release" or moved:
                self.mq[h].append(("release", self.m_point))

    def choose_pointer_hand(self, seat: int, hand=-1) -> None:
        """The middle button: the pointer drives the left hand, then the right, then (again) the hand
        whose button was pressed last. The wheel: up the left hand, down the right (``hand``)."""
        order = [None, steer.rules_side(seat, 0, self.flip), steer.rules_side(seat, 1, self.flip)]
        if hand != -1 and hand == self.m_pin:
            return
        self.m_pin = order[(order.index(self.m_pin) + 1) % 3] if hand == -1 else hand
        if self.m_pin is None:
            self.note(seat, _("The pointer drives the hand whose button you pressed last."))
        else:
            self.m_active = self.m_pin
            self.m_follow[self.m_pin] = True
            hand = side_word(f"{SIDES[self.m_pin]} hand")
            self.note(seat, _("The pointer drives your {hand} (middle button or wheel: change).").format(hand=hand))
        self.app.sounds.play("click")

    def _steering(self, seat: int, h: int) -> tuple[float, float]:
        """The direction the rules' hand ``h`` of ``seat`` is steered now: its stick (after the dead zone and
        curve: a length up to 1) or else its keys / d-pad (a unit vector); the hand on the person's left as
        they sit is the left stick and the "l_" keys."""
        side = steer.sits_side(seat, h, self.flip)
        dx, dy = self.router.pad_stick(seat, SIDES[side])
        if not (dx or dy):
            dx, dy = self.router.key_dir(seat, "l_" if side == 0 else "r_")
        return self.turn(dx, dy)

    def turn(self, dx: float, dy: float) -> tuple[float, float]:
        """A direction on the screen as a direction on the table (turned round for player 2 at the bottom)."""
        return (-dx, -dy) if self.flip else (dx, dy)

    def _human_intents(self, seat: int, dt: float) -> list:
        from ..rules.hands import MoveBy, MoveTo

        out: list[MoveBy | MoveTo] = []
        for h in (0, 1):
            i = seat * 2 + h
            x, y = self.hands.at(seat, h)
            if seat == self.mouse_seat and self.mq[h]:
                out.append(MoveTo(seat, h, *self.mq[h][0][1]))
                continue
            stick = self._stick(seat, h)
            if self.jump_to[i] is not None:
                jx, jy = self.jump_to[i]
                if i in self.stick_jumps and stick == (0.0, 0.0):  # the stick let go: the hand stops there
                    self.jump_to[i] = None
                    self.stick_jumps.discard(i)
                    continue
                if math.hypot(jx - x, jy - y) > 1e-6:
                    out.append(MoveTo(seat, h, jx, jy))
                    continue
                self.jump_to[i] = None
                if i in self.stick_jumps:  # landed with the stick still pushed: it steers again once let go
                    self.stick_jumps.discard(i)
                    self.stick_rest.add(i)
            if stick == (0.0, 0.0):
                self.stick_rest.discard(i)
            elif i in self.stick_rest:
                stick = (0.0, 0.0)
            side = steer.sits_side(seat, h, self.flip)
            sx, sy = stick
            if self.router.held(seat, ("l_" if side == 0 else "r_") + "fine"):  # precise: the stick moves it slowly
                sx, sy = sx * steer.FINE_PACE, sy * steer.FINE_PACE
            kx, ky = self.router.key_dir(seat, "l_" if side == 0 else "r_")
            if not (kx or ky) and (seat, "l_" if side == 0 else "r_") in self.taps:  # pressed and let go at once
                tx, ty = self.taps[(seat, "l_" if side == 0 else "r_")]
                n = math.hypot(tx, ty)
                kx, ky = (tx / n, ty / n) if n else (0.0, 0.0)
            kx, ky = self.turn(kx, ky)
            if sx or sy or kx or ky:
                self.pull_to[i] = None
            if sx or sy:  # a stick is already shaped: its length is the pace
                self.held_ms[i] = 0.0
                out.append(MoveBy(seat, h, sx, sy))
                self.last_dir[i] = ((sx, sy), self.t)
            elif kx or ky:  # keys and d-pad accelerate
                # a press counts from this frame's start at most one frame back (a slow frame is no longer hold)
                held = self.held_ms[i] if self.held_ms[i] > 0 else min(dt, steer.FIRST_FRAME_MS) - dt
                pace = steer.key_pace(held, dt)
                self.held_ms[i] = held + dt
                out.append(MoveBy(seat, h, kx * pace, ky * pace))
                self.last_dir[i] = ((kx, ky), self.t)
            else:
                self.held_ms[i] = 0.0
                if seat == self.mouse_seat and h == self.m_active and self.m_follow[h] and self.m_point is not None:
                    self.pull_to[i] = None
                    out.append(MoveTo(seat, h, *steer.off_wrong_decks(seat, h, *self.m_point)))
                    continue
                out += self._at_rest(seat, h, x, y)
                continue
            if seat == self.mouse_seat:
                self.m_follow[h] = False
        return out

    def _at_rest(self, seat: int, h: int, x: float, y: float) -> list:
        """A hand nobody steers: off a deck it may not take from; else, left close to (not on) one of
        its stops, drawn to that stop's centre. A hand resting on a stop stays where it is, so taps
        place it precisely."""
        from ..rules.hands import MoveTo

        i = seat * 2 + h
        ox, oy = steer.off_wrong_decks(seat, h, x, y)
        if (ox, oy) != (x, y):
            self.pull_to[i] = None
            return [MoveTo(seat, h, ox, oy, steer.MAGNET_PACE)]
        if self.pull_to[i] is None:
            stop = steer.magnet_stop(seat, h, x, y)
            if stop is None or inside(stop, x, y):
                return []
            self.pull_to[i] = steer.clamp_point(*RECTS[stop][:2])
        cx, cy = self.pull_to[i]
        if math.hypot(cx - x, cy - y) <= 1e-6:
            self.pull_to[i] = None
            return []
        return [MoveTo(seat, h, cx, cy, steer.MAGNET_PACE)]

    def _mouse_arrivals(self) -> None:
        seat = self.mouse_seat
        if seat is None:
            return
        for h in (0, 1):
            while self.mq[h]:
                kind, (px, py) = self.mq[h][0]
                x, y = self.hands.at(seat, h)
                if math.hypot(px - x, py - y) > 1e-3:
                    break
                self.mq[h].pop(0)
                st = self.session.state
                if st.phase == "scoring":
                    self._cover_or_choose(seat, h)
                elif kind == "grab" and st.held[seat * 2 + h] is None:
                    self.take_or_release(seat, h)
                elif kind == "release" and st.held[seat * 2 + h] is not None:
                    self.release(seat, h)
