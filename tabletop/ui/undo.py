"""Taking back a move at the table: the button, and the prompt the other people confirm.

Against the computer a person takes back their own move at once; between
people at one computer every other person is asked in turn (mouse, keys or
gamepad: Yes / No, Y / N, A / B); where each person has their own controls, only the
person asked answers, with theirs. The rules decide what may be taken back
(tabletop/core/undo.py); the table says why when it may not.
"""

from __future__ import annotations

import pygame

from tabletop.core.i18n import N_, words
from tabletop.core.undo import ONLINE_UNDO
from tabletop.input import hints
from tabletop.input.devices import key_name, menu_buttons
from tabletop.ui import gfx
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Item, Menu

_, ngettext = words(__name__)

LABEL = N_("↶ Undo")
BUTTON = (1132, 8, 92, 32)  # design units: left of the pause button
ONLINE = ONLINE_UNDO


class UndoPrompt(Scene):
    """Asks each of ``others`` (seats) whether ``seat`` may take back their last move."""

    opaque = False

    def __init__(self, app, table, seat: int, others: list[int]):
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.others = list(others)
        self.menu = Menu(
            [Item(_("Yes, take it back"), action=self.yes), Item(_("No, play on"), action=self.no)],
            x=440,
            y=390,
            w=400,
            row=50,
            sound=app.sounds,
            on_back=self.no,
        )

    @property
    def asked(self) -> int:
        return self.others[0]

    def yes(self) -> None:
        self.others.pop(0)
        if not self.others:
            self.app.pop(self)
            self.table.undo_move(self.seat)

    def no(self) -> None:
        self.app.pop(self)
        names = self.table.session.names()
        self.table.say(_("{name} said no: the move stands.").format(name=names[self.asked]))

    def handle(self, event, pad_changes) -> None:
        if not self.table.shared_input:  # each person has their own controls: only the one asked answers
            self.handle_own(event, pad_changes)
            return
        if event is not None and event.type == pygame.KEYDOWN:
            key = key_name(event)
            if key == "y":
                self.yes()
                return
            if key in ("n", "escape"):
                self.no()
                return
        if "pause" in menu_buttons(None, pad_changes):
            self.no()
            return
        self.menu.handle(event, pad_changes, self.app.vp)

    def handle_own(self, event, pad_changes) -> None:
        """The asked seat's own keys, pad or mouse answer; the asker's controls do nothing here."""
        router = self.table.router
        presses = router.feed(event) + router.feed_pad(pad_changes)
        for p in presses:
            if p.seat != self.asked or not p.down or p.source == "mouse":
                continue
            if p.button in ("up", "down", "confirm"):
                self.menu.press(p.button)
            elif p.button in ("back", "pause"):
                self.no()
            if self.app.stack and self.app.stack[-1] is not self:
                return
        if router.schemes[self.asked] == "mouse" and event is not None and event.type != pygame.KEYDOWN:
            self.menu.handle(event, (), self.app.vp)

    def answer_line(self) -> str:
        """How the asked person says yes or no, with their own controls where they have them."""
        if self.table.shared_input:
            return hints.words(
                self.app.last_device, _("Click yes or no"), _("Y: yes    N or Esc: no"), _("A: yes    B: no")
            )
        t, seat = self.table, self.asked
        if t.router.schemes[seat] == "mouse":
            return _("Click yes or no")
        return _("{confirm} on a choice · {back}: no").format(
            confirm=t.control_name(seat, "confirm", ""), back=t.control_name(seat, "back", "")
        )

    def draw(self, surf, vp) -> None:
        gfx.shade(surf, 150)
        names = self.table.session.names()
        colour = gfx.PLAYER_COLOURS[self.asked % len(gfx.PLAYER_COLOURS)]
        r = vp.r(300, 190, 680, 320)
        gfx.panel(surf, r, gfx.PANEL, radius=vp.s(16), border=colour, width=vp.s(3), alpha=245)
        gfx.draw_fitted(
            surf,
            _("{name} wants to take back their last move.").format(name=names[self.seat]),
            vp.r(330, 215, 620, 70),
            vp.s(28),
            gfx.WHITE,
            bold=True,
        )
        ask = _("{name}, do you agree?").format(name=names[self.asked])
        gfx.draw_fitted(surf, ask, vp.r(330, 295, 620, 50), vp.s(30), colour, bold=True)
        gfx.draw_fitted(surf, self.answer_line(), vp.r(330, 345, 620, 30), vp.s(17), gfx.GREY, lines=1)
        self.menu.draw(surf, vp)
