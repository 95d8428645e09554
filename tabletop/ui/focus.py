"""Keyboard and gamepad focus on a table: where each seat's focus rests, how it moves, when it shows.

The same rules in every game:

- Every focusable thing (a hot card or button) belongs to a *group*: a hand, a
  row of slots, the prize row, the buttons. A table may name the group when it
  registers the thing; by default a card's group is its kind of payload (the
  first item of the payload tuple) and its seat, and a seat's buttons are one group.
- Left / right move within the group, along its row, and stop at its ends (a
  soft bump: the focus never jumps to some other part of the table).
- Up / down move within the group while it has something that way; past its
  edge they go to the nearest thing above / below: the next row.
- next / prev (Page Down / Page Up, the shoulder buttons, a keyboard half's
  next / prev keys) go to the next / previous group in reading order, onto the
  thing last focused there.
- The focus rests on a *thing* (its payload), not on a place in a list: when
  the table changes (a peek ends, a card is played), it stays on the same
  thing; if that thing is gone it goes to its nearest neighbour in the group;
  if the whole group is hidden (the peek key let go), no focus is shown until
  the group comes back or the player moves it; if the group is gone for good
  (a new phase), the focus starts where the table starts it, so a confirm
  is never spent on showing it. A prompt that comes marks its choice that
  changes nothing (``safe``: keep, stay): the focus starts there.
- Confirm acts only on a focus that is drawn: after the mouse, the first
  confirm only shows the focus. Otherwise the focus shows from a table's
  first frame (the mouse was not the last device used: input.hints).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.ui import gfx
from tabletop.ui.secrecy import Secrecy

_NONE = object()  # no focus key yet
LESSON_MARK = (90, 210, 255)  # a lesson's "here" marks: sky blue corners, never the focus ring's yellow frame


@dataclass
class Hot:
    """Something on the table a seat can point at, pick up or press."""

    rect: pygame.Rect
    payload: Any
    seat: int | None = None  # who may use it (None: whoever's choice it is)
    kind: str = "card"  # "card", "zone" or "button"
    image: pygame.Surface | None = None
    accepts: Callable[[Any], str | None] | None = None  # zones: refusal reason or None
    callback: Callable[[], Any] | None = None  # buttons
    group: Any = None  # where keys / pad move the focus within (see ui.focus); None: from the payload
    safe: bool = False  # a prompt's choice that changes nothing (keep, stay): where its focus starts


def group_of(hot: Hot) -> Any:
    """The group a hot thing belongs to (see the module's docstring)."""
    if hot.group:
        return hot.group
    p = hot.payload
    if hot.kind == "button":
        return ("button", hot.seat)
    if isinstance(p, tuple) and p and isinstance(p[0], str):
        return (hot.kind, p[0], hot.seat)
    return (hot.kind, hot.seat)


def _same_row(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.top < b.bottom and a.bottom > b.top


def _best(cur: pygame.Rect, cands, dx: int, dy: int):
    """The candidate nearest along (dx, dy), favouring ones straight ahead; None if none lies that way."""
    best, best_score = None, None
    cx, cy = cur.center
    for h in cands:
        vx, vy = h.rect.centerx - cx, h.rect.centery - cy
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        score = along + 2 * (abs(vx * dy) + abs(vy * dx))
        if best_score is None or score < best_score:
            best, best_score = h, score
    return best


def reading_order(h) -> tuple:
    return (h.rect.top, h.rect.left)


class FocusMixin:
    """The focus part of ``TableScene`` (it needs ``hots``, ``app`` and ``session``)."""

    hots: list
    app: Any
    session: Any
    secrecy: Secrecy | None = None  # a table of secret choices: who may see whose private things now
    shared_input: bool = False  # TableScene's: every device acts for the person whose choice it is

    def busy(self) -> bool:  # TableScene's: something is animating
        return False

    def acting_seat(self) -> int | None:  # TableScene's: the person the shared devices act for
        return None

    def init_focus(self) -> None:
        self.focus: dict[int, int | None] = {}  # seat -> index into that seat's focusables (None: no focus now)
        self.show_focus: dict[int, bool] = {}  # the ring is shown once a seat uses keys / pad
        self.want_focus: dict[int, Any] = {}  # seat -> payload the table wants focused after the next frame
        self.focus_key: dict[int, Any] = {}  # seat -> the payload the focus rests on
        self.focus_rect: dict[int, pygame.Rect] = {}  # seat -> where it was last drawn
        self.focus_group: dict[int, Any] = {}
        self.group_memory: dict[int, dict] = {}  # seat -> {group: payload last focused there}

    # -- hooks -------------------------------------------------------------------------------
    def first_focus(self, seat: int, items: list) -> int | None:
        """Where a seat's focus starts (index into ``items``), or None for no focus yet.
        By default: the first card in reading order, else the first button."""
        cards = [i for i, h in enumerate(items) if h.kind == "card"]
        pool = cards or list(range(len(items)))
        return min(pool, key=lambda i: reading_order(items[i])) if pool else None

    # -- queries -----------------------------------------------------------------------------
    def focusables(self, seat: int, hots: list | None = None) -> list:
        """What ``seat`` can move its focus over: among ``hots`` (the last frame's by default)."""
        return [
            h
            for h in (self.hots if hots is None else hots)
            if h.kind in ("card", "button") and (h.seat is None or h.seat == seat)
        ]

    def focused(self, seat: int):
        items = self.focusables(seat)
        i = self.focus.get(seat)
        if i is None or not items or not 0 <= i < len(items):
            return None
        return items[i]

    def focus_payload(self, seat: int, items: list, payload) -> bool:
        """Put ``seat``'s focus on the item showing ``payload``; False if none does."""
        for i, h in enumerate(items):
            if h.payload == payload:
                self._set_focus(seat, items, i)
                return True
        return False

    def _set_focus(self, seat: int, items: list, i: int | None) -> None:
        self.focus[seat] = i
        if i is None:
            return
        h = items[i]
        self.focus_key[seat] = h.payload
        self.focus_rect[seat] = pygame.Rect(h.rect)
        self.focus_group[seat] = group_of(h)
        self.group_memory.setdefault(seat, {})[group_of(h)] = h.payload

    # -- after each frame: the focus stays on its thing ---------------------------------------
    def settle_focus(self) -> bool:
        """Keep each seat's focus on its thing in the frame just drawn; True if a focus moved to another thing."""
        seats = set(range(len(self.session.seats))) | set(self.focus) | set(self.want_focus)
        moved = False
        for seat in sorted(seats):
            before = (self.focus.get(seat), self.focus_key.get(seat, _NONE))
            self._settle(seat, self.focusables(seat))
            after = (self.focus.get(seat), self.focus_key.get(seat, _NONE))
            moved = moved or (before[0] is None) != (after[0] is None) or before[1] != after[1]
        return moved

    def _settle(self, seat: int, items: list) -> None:
        want = self.want_focus.pop(seat, None)
        if want is not None and self.focus_payload(seat, items, want):
            return
        key = self.focus_key.get(seat, _NONE)
        if not items:
            self.focus[seat] = None
            return
        if key is not _NONE and self.focus_payload(seat, items, key):
            return
        safe = [i for i, h in enumerate(items) if h.safe]
        if safe:  # a prompt came: its focus starts on the choice that changes nothing
            self._set_focus(seat, items, safe[0])
            return
        if key is _NONE:
            self._set_focus(seat, items, self.first_focus(seat, items))
            return
        same = [i for i, h in enumerate(items) if group_of(h) == self.focus_group.get(seat)]
        if same:  # the thing is gone (a card played): its nearest neighbour in the group
            r = self.focus_rect[seat]
            near = min(
                same, key=lambda i: abs(items[i].rect.centerx - r.centerx) + abs(items[i].rect.centery - r.centery)
            )
            self._set_focus(seat, items, near)
        elif self.hidden_now(seat):  # the whole group is hidden for now (a peek let go): no focus until it is back
            self.focus[seat] = None
        else:  # the whole group is gone (a new phase): the focus starts where the table starts it
            self._set_focus(seat, items, self.first_focus(seat, items))

    def hidden_now(self, seat: int) -> bool:
        """Are the seat's own private things hidden now (a peek let go)? Then its focus waits for them."""
        secrecy = self.secrecy
        return secrecy is not None and secrecy.mode == "peek" and not secrecy.visible(seat)

    # -- moving --------------------------------------------------------------------------------
    def _move_focus(self, seat: int, direction: str) -> None:
        items = self.focusables(seat)
        if not items:
            return
        cur = self.focused(seat)
        dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
        if cur is None:
            # no focus shown: its things are hidden (a peek let go) or busy (cards turning): it waits for
            # them; otherwise it starts where the table starts it (never somewhere merely that way)
            i = None if self.busy() else self.first_focus(seat, items)
            if i is not None:
                self._set_focus(seat, items, i)
                self.app.sounds.play("click")
            return
        g = group_of(cur)
        group = [h for h in items if h is not cur and group_of(h) == g]
        if dy == 0:
            target = _best(cur.rect, [h for h in group if _same_row(h.rect, cur.rect)], dx, dy)
        else:
            target = _best(cur.rect, group, dx, dy) or _best(cur.rect, [h for h in items if group_of(h) != g], dx, dy)
        if target is None:  # the end of the row: the focus stays
            return
        self._set_focus(seat, items, items.index(target))
        self.app.sounds.play("click")

    def groups(self, seat: int) -> list:
        """The seat's groups in reading order (each by its first thing)."""
        items = self.focusables(seat)
        firsts: dict = {}
        for h in items:
            g = group_of(h)
            if g not in firsts or reading_order(h) < reading_order(firsts[g]):
                firsts[g] = h
        return sorted(firsts, key=lambda g: reading_order(firsts[g]))

    def cycle_group(self, seat: int, step: int) -> None:
        """next / prev: the next group in reading order, onto the thing last focused there."""
        items = self.focusables(seat)
        order = self.groups(seat)
        if not order:
            return
        cur = self.focused(seat)
        at = order.index(group_of(cur)) if cur is not None and group_of(cur) in order else -1 if step > 0 else 0
        g = order[(at + step) % len(order)]
        members = [i for i, h in enumerate(items) if group_of(h) == g]
        remembered = self.group_memory.get(seat, {}).get(g, _NONE)
        i = next((i for i in members if items[i].payload == remembered), None)
        if i is None:
            i = min(members, key=lambda i: reading_order(items[i]))
        self._set_focus(seat, items, i)
        self.app.sounds.play("click")

    def reseat_focus(self, seat: int) -> None:
        """Give a seat with no focus shown one: where it rested if that is back, else where the table starts it."""
        items = self.focusables(seat)
        if items and self.focused(seat) is None and not self.busy():
            key = self.focus_key.get(seat, _NONE)
            if key is _NONE or not self.focus_payload(seat, items, key):
                self._set_focus(seat, items, self.first_focus(seat, items))

    # -- drawing -----------------------------------------------------------------------------
    def draw_focus(self, surf, vp) -> None:
        shared = self.shared_input
        self.drawn_focus: dict[int, Any] = {}  # seat -> the payload its ring is drawn on this frame
        for seat in list(self.show_focus):
            if not self.show_focus.get(seat):
                continue
            if shared and seat != self.acting_seat():  # shared devices act for one person: one ring
                continue
            hot = self.focused(seat)
            if hot is None:
                continue
            self.drawn_focus[seat] = hot.payload
            colour = gfx.PLAYER_COLOURS[seat % len(gfx.PLAYER_COLOURS)]
            # two rings, so the focus shows on a card whose border is the player's own colour
            pygame.draw.rect(
                surf, gfx.HILITE, hot.rect.inflate(vp.s(16), vp.s(16)), width=max(1, vp.s(3)), border_radius=vp.s(10)
            )
            pygame.draw.rect(
                surf, colour, hot.rect.inflate(vp.s(8), vp.s(8)), width=max(2, vp.s(3)), border_radius=vp.s(8)
            )


def draw_lesson_mark(surf, vp, rect: pygame.Rect, pulse: float) -> None:
    """A lesson's "look here" mark on ``rect``: four sky-blue corner brackets that breathe with ``pulse``
    (0..1). Drawn unlike the focus ring (a whole frame in yellow and the player's colour), so a player
    never takes the lesson's mark for their own focus, nor the other way round."""
    r = rect.inflate(vp.s(14 + 6 * pulse), vp.s(14 + 6 * pulse))
    arm = max(vp.s(10), min(r.w, r.h) // 4)
    width = max(3, vp.s(5))
    for cx, cy, sx, sy in ((r.left, r.top, 1, 1), (r.right, r.top, -1, 1), (r.left, r.bottom, 1, -1)):
        _corner(surf, cx, cy, sx, sy, arm, width)
    _corner(surf, r.right, r.bottom, -1, -1, arm, width)


def _corner(surf, x: int, y: int, sx: int, sy: int, arm: int, width: int) -> None:
    x -= width // 2 if sx < 0 else 0
    y -= width // 2 if sy < 0 else 0
    pygame.draw.line(surf, LESSON_MARK, (x, y), (x + sx * arm, y), width)
    pygame.draw.line(surf, LESSON_MARK, (x, y), (x, y + sy * arm), width)
