"""A menu that works with the mouse alone, the keyboard alone or one gamepad alone.

Items are buttons (confirm runs them) or choices (left/right, or a click on
the value's box, cycles the value). A choice's label is a label: a click on it
only focuses the row. The focused item is highlighted; the mouse focuses what
it hovers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from tabletop.input.devices import menu_buttons
from tabletop.ui import gfx
from tabletop.ui.scene import Scene


@dataclass
class Item:
    label: str
    action: Callable[[], Any] | None = None
    choices: list[tuple[Any, str]] | None = None  # (value, label)
    index: int = 0
    on_change: Callable[[Any], Any] | None = None
    enabled: bool = True
    hint: str | Callable[[], str] = ""  # a callable for a hint that follows the device in use (input.hints)
    key: str = ""
    rect: Any = field(default=None, repr=False)
    back_rect: Any = field(default=None, repr=False)  # the ‹ half of a choice: a click there cycles backwards
    value_rect: Any = field(default=None, repr=False)  # a choice's ‹ value › box: a click there changes it

    @property
    def value(self):
        return self.choices[self.index][0] if self.choices else None

    def cycle(self, step: int) -> None:
        if not self.choices:
            return
        self.index = (self.index + step) % len(self.choices)
        if self.on_change:
            self.on_change(self.value)

    def hint_text(self) -> str:
        return self.hint() if callable(self.hint) else self.hint

    def text(self) -> str:
        if self.choices:
            return f"{self.label}:  ‹ {self.choices[self.index][1]} ›"
        return self.label


HINT_TOP = 44  # the focused row's hint stands this far above the window's foot (design pixels)
MORE_H = 10  # the room the ▼ of more rows takes below the last row (its row's own gap is the rest)


class Menu:
    def __init__(
        self,
        items: list[Item],
        x=440,
        y=170,
        w=400,
        row=46,
        px=22,
        on_back=None,
        sound=None,
        split=0.42,
        skip_disabled=True,
        widen=False,
    ):
        self.items = items
        self.skip_disabled = skip_disabled  # False: a greyed item takes the focus too (it says why it is grey)
        self.focus = next((i for i, it in enumerate(items) if it.enabled), 0)
        self.x, self.y, self.w, self.row, self.px = x, y, w, row, px
        # widen: a menu alone on its screen keeps its width in pixels in a window squeezed sideways (4:3),
        # around the same middle, so its rows hold as many words as at 16:9
        self.widen, self.home = widen, (x, w)
        self.on_back = on_back
        self.sound = sound
        self.scroll = 0
        self.split = split  # how much of a choice row its label takes (the value and its arrows the rest)
        self.hint_box: tuple | None = None  # design rect of the focused row's hint (None: the window's foot)
        self._label_px = 0  # the size of the choice rows' labels (label_px), found as the menu is drawn
        self._button_px = 0  # ... and of the button rows' texts (button_px)
        # rows down to the hint line at the window's foot, with room above it for the ▼ of more rows
        self.max_rows = max(1, int((gfx.DESIGN_H - HINT_TOP - MORE_H - y) // row))

    def show_focus(self) -> None:
        """Scroll so the focused item is on screen."""
        if self.focus < self.scroll:
            self.scroll = self.focus
        elif self.focus >= self.scroll + self.max_rows:
            self.scroll = self.focus - self.max_rows + 1

    def _move(self, step: int) -> None:
        n = len(self.items)
        for _ in range(n):
            self.focus = (self.focus + step) % n
            if self.items[self.focus].enabled or not self.skip_disabled:
                break
        self.show_focus()
        self._click()

    def _click(self):
        if self.sound:
            self.sound.play("click")

    def press(self, button: str) -> bool:
        if not self.items:
            return False
        item = self.items[self.focus]
        if button == "up":
            self._move(-1)
        elif button == "down":
            self._move(1)
        elif button in ("left", "right") and item.choices:
            item.cycle(-1 if button == "left" else 1)
            self._click()
        elif button == "confirm":
            if item.choices and not item.action:
                item.cycle(1)
                self._click()
            elif item.action and item.enabled:
                self._click()
                item.action()
        elif button == "back" and self.on_back:
            self.on_back()
        else:
            return False
        return True

    def handle(self, event, pad_changes, vp) -> bool:
        used = False
        for b in menu_buttons(event, pad_changes):
            used = self.press(b) or used
        if event is None:
            return used
        if event.type == pygame.MOUSEMOTION:
            i = self._hit(event.pos)
            if i is not None and (self.items[i].enabled or not self.skip_disabled):
                self.focus = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            i = self._hit(event.pos)
            if i is not None and self.items[i].enabled:
                self.focus = i
                item = self.items[i]
                if item.choices and item.value_rect is not None and not item.value_rect.collidepoint(event.pos):
                    pass  # the label: it names the choice, and a click on it changes nothing
                elif item.choices:
                    back = event.button == 3 or (item.back_rect is not None and item.back_rect.collidepoint(event.pos))
                    item.cycle(-1 if back else 1)
                    self._click()
                elif item.action:
                    self._click()
                    item.action()
                used = True
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.items) - self.max_rows, self.scroll - event.y))
            used = True
        return used

    def _hit(self, pos):
        for i, it in enumerate(self.items):
            if it.rect is not None and it.rect.collidepoint(pos):
                return i
        return None

    def draw_row(self, surf, vp, i: int, it: Item, r, focused: bool) -> None:
        """The text of row ``i`` on its panel ``r`` (a menu of richer rows overrides this)."""
        fg = gfx.WHITE if it.enabled else gfx.DIM
        if it.choices:
            self._draw_choice(surf, vp, it, r, fg, focused)
            return
        box = r.inflate(-vp.s(20), -2)
        px = self._button_px or vp.s(self.px)  # grown already (button_px)
        gfx.draw_fitted(
            surf, it.text(), box, px, fg, bold=focused, lines=1, min_px=min(px, gfx.body_px(vp)), grow=False
        )

    def label_px(self, vp) -> int:
        """The one size of every choice row's label: the largest at which each fits its half of the row
        (a long label must not stand in a smaller font than its neighbours)."""
        px = gfx.grown(vp.s(self.px - 2), vp.s(self.row - 8) - 2, True, 1)
        width = int(vp.across(self.w) * self.split) - 2 * vp.s(12)
        height = vp.s(self.row - 8) - 2
        for it in self.items:
            if it.choices:
                px = min(px, gfx.fit(it.label, width, height, px, gfx.body_px(vp), True, 1)[0])
        return px

    def button_px(self, vp) -> int:
        """The one size of every button row's text (the player's text size, as far as the row's height
        allows): the largest at which each fits its row, never under the least body size (a longer one
        is then cut, and shown whole under the menu when focused). Buttons of one menu in different
        sizes looked broken ("Rematch" large, "Watch the replay" small beside it)."""
        height = vp.s(self.row - 8) - 2
        px = gfx.grown(vp.s(self.px), height, True, 1)
        width = vp.across(self.w) - vp.s(20)
        for it in self.items:
            if not it.choices:
                px = min(px, gfx.fit(it.text(), width, height, px, gfx.body_px(vp), True, 1)[0])
        return px

    def draw(self, surf, vp) -> None:
        for it in self.items:
            it.rect = it.back_rect = it.value_rect = None
        if self.widen:
            x, w = self.home
            self.w = min(gfx.DESIGN_W - 80, w * vp.scale / vp.sx)
            self.x = x + (w - self.w) / 2
        self._label_px = self.label_px(vp)
        self._button_px = self.button_px(vp)
        visible = self.items[self.scroll : self.scroll + self.max_rows]
        for n, it in enumerate(visible):
            i = self.scroll + n
            r = vp.r(self.x, self.y + n * self.row, self.w, self.row - 8)
            it.rect = r
            focused = i == self.focus
            colour = gfx.ROW_FOCUS if focused else gfx.ROW
            gfx.panel(surf, r, colour, radius=vp.s(8), border=gfx.HILITE if focused else None, width=max(1, vp.s(2)))
            self.draw_row(surf, vp, i, it, r, focused)
        if self.scroll > 0:
            gfx.blit_text(surf, "▲", vp.s(16), vp.p(self.x + self.w / 2, self.y - 14), gfx.GREY, anchor="center")
        if self.scroll + self.max_rows < len(self.items):
            gfx.blit_text(
                surf,
                "▼",
                vp.s(16),
                vp.p(self.x + self.w / 2, self.y + self.max_rows * self.row),
                gfx.GREY,
                anchor="center",
            )
        current = self.items[self.focus] if self.items else None
        hint = current.hint_text() if current else ""
        if (
            current is not None
            and current.rect is not None
            and not current.choices
            and gfx.fit(
                current.text(), current.rect.w - vp.s(20), current.rect.h - 2, vp.s(self.px), vp.s(gfx.MIN_PX), True, 1
            )[2]
        ):
            hint = current.text()  # a row cut short: the focused row's whole text is shown below
        if hint:
            box = self.hint_box or (40, gfx.DESIGN_H - HINT_TOP, gfx.DESIGN_W - 80, 32)
            gfx.draw_fitted(surf, hint, vp.rect(box), vp.s(16), gfx.GREY)

    def _draw_choice(self, surf, vp, it, r, fg, focused) -> None:
        """Label on the left; on the right a box with ‹ value ›, a selector: a click on its ‹ half
        goes back, on its › half on. The label is plain text and a click on it changes nothing."""
        pad = vp.s(12)
        split = r.left + int(r.w * self.split)
        box = pygame.Rect(r.left + pad, r.top + 1, split - r.left - 2 * pad, r.h - 2)
        px = self._label_px or vp.s(self.px - 2)
        gfx.draw_fitted(surf, it.label, box, px, fg, bold=focused, align="left", lines=1, min_px=px, grow=False)
        value = it.choices[it.index][1]
        arrow = vp.s(self.px)
        vr = pygame.Rect(split, r.top, r.right - split, r.h).inflate(-vp.s(8), -vp.s(4))  # room for larger text
        gfx.panel(surf, vr, (22, 26, 36), radius=vp.s(6), border=gfx.HILITE if focused else (96, 106, 130), width=1)
        it.value_rect = vr
        room = gfx.font(arrow, True).size("‹")[0] + vp.s(6)  # an arrow and a little air beside the value
        box = vr.inflate(-2 * pad - 2 * room, -2)
        colour = gfx.HILITE if focused else fg
        px = gfx.grown(vp.s(self.px - 2), vp.s(self.row - 12) - 2, True, 1)  # one size for all (not rounding)
        gfx.draw_fitted(
            surf, value, box, px, colour, bold=focused, lines=1, min_px=min(px, gfx.body_px(vp)), grow=False
        )
        gfx.blit_text(surf, "‹", arrow, (vr.left + pad, vr.centery), fg, bold=True, anchor="midleft")
        gfx.blit_text(surf, "›", arrow, (vr.right - pad, vr.centery), fg, bold=True, anchor="midright")
        it.back_rect = pygame.Rect(vr.left, vr.top, vr.w // 2, vr.h)


def title(surf, vp, s: str, sub: str = "") -> None:
    """A screen's heading and the line under it (two where one is too long), made smaller where the window
    is too narrow for them."""
    gfx.draw_fitted(surf, s, vp.r(40, 40, gfx.DESIGN_W - 80, 60), vp.s(44), gfx.GOLD, bold=True, lines=1)
    if sub:
        gfx.draw_fitted(surf, sub, vp.r(40, 98, gfx.DESIGN_W - 80, 42), vp.s(18), gfx.GREY, lines=2)


def background(surf) -> None:
    surf.fill(gfx.FELT_DARK)


class MenuScene(Scene):
    """A scene that is one titled menu."""

    heading = ""
    sub = ""

    def __init__(self, app):
        super().__init__(app)
        self.menu = Menu([], sound=app.sounds, on_back=self.back)

    def back(self):
        self.app.pop(self)

    def handle(self, event, pad_changes):
        self.menu.handle(event, pad_changes, self.app.vp)

    def draw(self, surf, vp):
        background(surf)
        title(surf, vp, self.heading, self.sub)
        self.menu.draw(surf, vp)
