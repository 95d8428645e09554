"""Typing a player's own name: a small box over the setup screen.

Letters typed go in (SDL text input, so any keyboard layout and accents work); Backspace
takes one back; Enter (or a gamepad's A) keeps the name; Esc (or B) leaves it as it was.
An empty name keeps the old one. Names are at most ``MAX`` characters and never a card colour
of any game, so a log line never reads "Blue's blue Jab" (a clear one-line reason says why)."""

from __future__ import annotations

import pygame

from tabletop.input.devices import menu_buttons
from tabletop.ui import gfx
from tabletop.ui.scene import Scene

MAX = 14
CARD_COLOURS = {"red", "yellow", "blue", "green", "purple"}  # JAB's card colours


def refusal(name: str) -> str:
    """Why ``name`` cannot be a player's name, or "" when it can."""
    if name.strip().lower() in CARD_COLOURS:
        return f"{name.strip()} is a card colour: a log line would not say who did what. Choose another name."
    return ""


class NameEntry(Scene):
    opaque = False

    def __init__(self, app, title: str, current: str, on_done):
        super().__init__(app)
        self.title = title
        self.old = current
        self.text = current
        self.on_done = on_done
        self.error = ""

    def on_enter(self):
        pygame.key.start_text_input()

    def on_exit(self):
        pygame.key.stop_text_input()

    def finish(self, keep: bool):
        name = " ".join(self.text.split())
        if keep and name:
            why = refusal(name)
            if why:
                self.error = why
                self.app.sounds.play("refuse")
                return
            self.on_done(name)
        self.app.pop(self)

    def handle(self, event, pad_changes):
        if event is not None and event.type == pygame.TEXTINPUT:
            self.text = (self.text + event.text)[:MAX]
            self.error = ""
            return
        if event is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.finish(True)
                return
            if event.key == pygame.K_ESCAPE:
                self.finish(False)
                return
            return  # other keys type letters (TEXTINPUT), they do not move a menu
        for b in menu_buttons(event, pad_changes):
            if b == "confirm":
                self.finish(True)
            elif b == "back":
                self.finish(False)

    def draw(self, surf, vp):
        gfx.shade(surf, 170)
        r = vp.r(340, 230, 600, 240)
        gfx.panel(surf, r, gfx.PANEL, radius=vp.s(14), border=gfx.GOLD, width=max(1, vp.s(2)))
        gfx.draw_fitted(surf, self.title, vp.r(370, 250, 540, 40), vp.s(26), gfx.GOLD, bold=True, lines=1)
        field = vp.r(390, 305, 500, 52)
        gfx.panel(surf, field, (250, 246, 232), radius=vp.s(8), border=gfx.HILITE, width=max(1, vp.s(2)))
        shown = self.text + ("|" if (pygame.time.get_ticks() // 500) % 2 == 0 else " ")
        gfx.draw_fitted(surf, shown, field.inflate(-vp.s(24), -4), vp.s(26), gfx.INK, align="left", lines=1)
        note = self.error or "Type a name, then Enter. Esc keeps the old one."
        gfx.draw_fitted(
            surf, note, vp.r(370, 372, 540, 80), vp.s(17), gfx.REFUSE if self.error else gfx.GREY, min_px=vp.s(12)
        )
