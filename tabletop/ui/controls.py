"""The Controls screen (Settings > Controls): every binding, rebindable with the mouse, the keys or a
gamepad alone.

Choose the controls (a keyboard half, the whole keyboard, the mouse's keys, the
gamepad), then a control, then press the key or button it should be. A control
whose input clashes with another is drawn red and the clash is said below. Each
set of controls, or all of them, can go back to the defaults. The list comes from
the binding table (input.bindings, through input.rebind), so a new control shows
up by itself. Menus keep their fixed keys (arrows, Enter, Esc; d-pad, A, B), so
nobody can lock themselves out. Changes are saved in settings.json on leaving
and a game under this screen (opened from its pause menu) uses them at once.
"""

from __future__ import annotations

import functools

import pygame

from tabletop.core.i18n import N_, words
from tabletop.input import hints, rebind
from tabletop.input.bindings import PAD_NAMES, SCHEME_LABELS
from tabletop.input.devices import key_name
from tabletop.ui import gfx
from tabletop.ui.widgets import Item, Menu, MenuScene, background, title

_, ngettext = words(__name__)

HOLD_B_MS = 800  # a gamepad's B held this long cancels its rebinding (a short press binds B)
SCHEME_ORDER = ("keys-left", "keys-right", "keyboard", "gamepad", "mouse")
SHORT_LABELS = {**SCHEME_LABELS, "mouse": N_("Mouse (its keys)")}


class ControlsMenu(Menu):
    """A menu whose control rows show the inputs on the right, red when they clash."""

    def __init__(self, scene, items, **kw):
        super().__init__(items, **kw)
        self.scene = scene

    def draw_row(self, surf, vp, i, it, r, focused) -> None:
        action = it.key
        if not action.startswith("act:"):
            super().draw_row(surf, vp, i, it, r, focused)
            return
        action = action[4:]
        scheme = self.scene.scheme
        bad = bool(rebind.conflicts(self.scene.bindings, scheme, action))
        pad = vp.s(14)
        split = r.left + int(r.w * 0.55)
        fg = gfx.REFUSE if bad else gfx.WHITE
        left = pygame.Rect(r.left + pad, r.top + 1, split - r.left - pad, r.h - 2)
        gfx.draw_fitted(surf, it.label, left, vp.s(self.px - 3), fg, bold=focused, align="left", lines=1)
        names = rebind.inputs_for(self.scene.bindings, scheme, action)
        shown = " / ".join(rebind.input_label(scheme, n) for n in names) or "(none)"
        if bad:
            shown = "⚠ " + shown
        right = pygame.Rect(split, r.top + 1, r.right - split - pad, r.h - 2)
        colour = gfx.REFUSE if bad else (gfx.HILITE if focused else gfx.GOLD)
        gfx.draw_fitted(surf, shown, right, vp.s(self.px - 3), colour, bold=True, align="right", lines=1)


class ControlsScene(MenuScene):
    def __init__(self, app, scheme: str | None = None):
        super().__init__(app)
        self.heading = _("Controls")
        self.bindings = app.settings.bindings
        self.scheme = scheme or hints.scheme_for(app.last_device)  # a pad player sees the pad's controls first
        self.capturing: str | None = None  # the control waiting for its new key / button
        self.b_held: float | None = None  # ms the gamepad's B has been held while a button is awaited
        self.note = ""

    def on_enter(self):
        self.build()

    # -- the list ------------------------------------------------------------------------------
    def build(self, focus_key: str | None = None) -> None:
        schemes = [(s, _(SHORT_LABELS[s])) for s in SCHEME_ORDER]
        items = [
            Item(
                _("Controls for"),
                choices=schemes,
                index=SCHEME_ORDER.index(self.scheme),
                on_change=self.set_scheme,
                key="scheme",
                hint=lambda: hints.words(
                    self.app.last_device,
                    _("A click changes which controls are shown"),
                    _("Left / right change which controls are shown"),
                    _("Left / right on the d-pad change which controls are shown"),
                ),
            )
        ]
        for action in rebind.actions(self.bindings, self.scheme):
            why = rebind.conflicts(self.bindings, self.scheme, action)
            items.append(
                Item(
                    rebind.action_label(action),
                    action=functools.partial(self.capture, action),
                    key="act:" + action,
                    hint=_("Clash: {why}").format(why="; ".join(why))
                    if why
                    else _("Choose it, then press the new key or button"),
                )
            )
        items += [
            Item(_("Reset these controls to the defaults"), action=self.reset_one, key="reset"),
            Item(_("Reset every control to the defaults"), action=self.reset_all, key="reset-all"),
            Item(_("Back"), action=self.back, key="back"),
        ]
        old = self.menu
        self.menu = ControlsMenu(self, items, x=290, y=166, w=700, row=40, px=21, sound=self.app.sounds)
        self.menu.on_back = self.back
        want = focus_key if focus_key is not None else None
        if want is None and old.items and 0 <= old.focus < len(old.items):
            want = old.items[old.focus].key
        for i, it in enumerate(items):
            if it.key == want:
                self.menu.focus = i
                break
        self.menu.scroll = min(old.scroll, max(0, len(items) - self.menu.max_rows))
        self.menu.show_focus()

    def set_scheme(self, scheme) -> None:
        self.scheme = scheme
        self.note = ""
        self.build(focus_key="scheme")

    def clashes(self) -> int:
        return sum(
            1 for a in rebind.actions(self.bindings, self.scheme) if rebind.conflicts(self.bindings, self.scheme, a)
        )

    # -- binding ---------------------------------------------------------------------------------
    def capture(self, action: str) -> None:
        self.capturing = action
        self.note = ""

    def bind(self, name: str) -> None:
        action, self.capturing = self.capturing, None
        if action is None:
            return
        rebind.rebind(self.bindings, self.scheme, action, name)
        self.note = f"{rebind.action_label(action)}: {rebind.input_label(self.scheme, name)}"
        self.app.sounds.play("place")
        self.build(focus_key="act:" + action)

    def cancel(self) -> None:
        self.capturing = None
        self.b_held = None
        self.note = _("Nothing changed.")
        self.app.sounds.play("click")

    def reset_one(self) -> None:
        rebind.reset(self.bindings, self.scheme)
        self.note = _("{controls}: back to the defaults").format(controls=_(SHORT_LABELS[self.scheme]))
        self.app.sounds.play("click")
        self.build()

    def reset_all(self) -> None:
        rebind.reset(self.bindings)
        self.note = _("Every control is back to the defaults")
        self.app.sounds.play("click")
        self.build()

    def handle(self, event, pad_changes):
        if self.capturing is None:
            super().handle(event, pad_changes)
            return
        pad = self.scheme == "gamepad"
        if event is not None and event.type == pygame.KEYDOWN:
            name = key_name(event)
            if name == "escape":
                self.cancel()
            elif pad:
                self.note = _("Press a button on the gamepad (Esc cancels).")
            else:
                self.bind(name)
            return
        if event is not None and event.type == pygame.MOUSEBUTTONDOWN:
            self.cancel()
            return
        for _iid, name, down in pad_changes:
            if pad and name == "b":  # B binds when let go soon; held, it cancels (``update``)
                if down:
                    self.b_held = 0.0
                elif self.b_held is not None:
                    self.b_held = None
                    self.bind(name)
                return
            if not down:
                continue
            if pad and name == "back":  # Back cancels: the one button a pad player cannot bind here
                self.cancel()
                return
            if pad and name in PAD_NAMES:
                self.bind(name)
                return
            if not pad and name in ("b", "back"):
                self.cancel()
                return

    def next_frame(self) -> float | None:
        return 0 if self.b_held is not None else super().next_frame()

    def update(self, dt_ms: float) -> None:
        if self.b_held is not None:
            self.b_held += dt_ms
            if self.b_held >= HOLD_B_MS:
                self.cancel()

    def on_exit(self):
        self.app.settings.save()
        for scene in self.app.stack:  # a game under this screen: its keys follow the new bindings now
            scene.on_bindings_changed()

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surf, vp):
        background(surf)
        title(surf, vp, self.heading)
        n = self.clashes()
        line = (
            "⚠ "
            + ngettext(
                "{n} control clashes (red): choose it to change it",
                "{n} controls clash (red): choose one to change it",
                n,
            ).format(n=n)
            if n
            else _("No clashes")
        )
        gfx.draw_fitted(surf, line, vp.r(240, 96, 800, 24), vp.s(18), gfx.REFUSE if n else gfx.GREY, lines=1)
        fixed = hints.words(
            self.app.last_device,
            _("Menus always answer to a click, the arrows, Enter and Esc."),
            _("Menus always answer to the arrows, Enter and Esc."),
            _("Menus always answer to the d-pad, A and B. Sticks move the hands."),
            _("Menus always answer to the arrows, Enter and Esc, and the d-pad, A and B. Sticks move the hands."),
        )
        gfx.draw_fitted(surf, self.note or fixed, vp.r(240, 120, 800, 20), vp.s(15), gfx.GREY, lines=1)
        self.menu.draw(surf, vp)
        if self.capturing is not None:
            gfx.shade(surf, 150)
            r = vp.r(290, 250, 700, 200)
            gfx.panel(surf, r, gfx.PANEL, radius=vp.s(14), border=gfx.GOLD, width=max(1, vp.s(3)))
            what = rebind.action_label(self.capturing)
            ask = _("Press a gamepad button for") if self.scheme == "gamepad" else _("Press a key for")
            gfx.draw_fitted(surf, ask, vp.r(310, 270, 660, 40), vp.s(24), gfx.WHITE, lines=1)
            gfx.draw_fitted(surf, what, vp.r(310, 312, 660, 50), vp.s(30), gfx.GOLD, bold=True, lines=1)
            how = hints.words(
                self.app.last_device,
                _("a click or Esc cancels"),
                _("Esc cancels"),
                _("hold B or press Back to cancel") if self.scheme == "gamepad" else _("B cancels"),
            )
            gfx.draw_fitted(
                surf, f"({_(SHORT_LABELS[self.scheme])}) · {how}", vp.r(310, 380, 660, 40), vp.s(17), gfx.GREY
            )
