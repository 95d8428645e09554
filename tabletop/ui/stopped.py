"""What the player sees after a screen stopped on an error (``App.recover``): the one-line message,
with OK and "Copy error details", which puts the whole story (the traceback, the version, the
system) on the clipboard for whoever helps. The same is in the log (``tabletop --logs``)."""

from __future__ import annotations

import pygame

from tabletop import validate
from tabletop.core.i18n import words
from tabletop.ui import gfx
from tabletop.ui.widgets import Item, Menu, MenuScene, background

_, ngettext = words(__name__)


class StoppedScene(MenuScene):
    def __init__(self, app, message: str, details: str):
        super().__init__(app)
        self.heading = _("Something went wrong")
        self.message = validate.shown(message)  # one line, for the player
        self.details = validate.shown(details)  # the whole story, for whoever fixes it
        items = [
            Item(_("OK"), action=self.back, key="ok"),
            Item(
                _("Copy error details"),
                action=self.copy,
                key="copy",
                hint=_("Puts the details on the clipboard: paste them into a message to whoever helps"),
            ),
        ]
        self.menu = Menu(items, x=440, y=330, w=400, sound=app.sounds, on_back=self.back)

    def copy(self) -> None:
        try:
            pygame.scrap.put_text(self.details)
        except pygame.error:
            self.app.toast(_("Could not copy: the details are in the log folder (tabletop --logs)."), 6000)
            return
        self.app.toast(_("Error details copied: paste them into a message (Ctrl+V)."), 4000)

    def draw(self, surf, vp) -> None:
        background(surf)
        gfx.blit_text(surf, self.heading, vp.s(40), vp.p(gfx.DESIGN_W / 2, 110), gfx.GOLD, bold=True, anchor="center")
        gfx.draw_fitted(surf, self.message, vp.r(140, 160, 1000, 140), vp.s(24), gfx.WHITE, lines=4)
        self.menu.draw(surf, vp)
