"""The pause menu over a table, and a "reconnect your gamepad" screen."""

from __future__ import annotations

from typing import Any, Protocol

from tabletop.core.i18n import words
from tabletop.input.devices import Router, menu_buttons
from tabletop.session import GameSession
from tabletop.ui import gfx
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Item, Menu

_, ngettext = words(__name__)


class PausedTable(Protocol):
    """What the pause screens need of the table under them (ui/table.py ``TableScene``)."""

    session: GameSession
    router: Router
    tutor: Any  # a lesson's coach, or None

    def undo_item(self, pause: Scene) -> Item | None: ...

    def leave(self) -> None: ...


class PauseScene(Scene):
    opaque = False

    def __init__(self, app, table: PausedTable, extra: list[Item] | None = None):
        super().__init__(app)
        self.table = table
        self.extra = extra
        items = [Item(_("Resume"), action=self.resume)]
        items += extra or []
        undo_item = table.undo_item(self)
        if undo_item is not None:
            items.append(undo_item)
        if table.session.spec.help_file:
            items.append(Item(_("How to play"), action=self.help))
        items.append(Item(_("Settings"), action=self.settings))
        if table.tutor is None:  # a lesson is not kept: its own items lead back to the lessons
            if table.session.kept_here():
                label, hint = (
                    _("Leave to the menu (the game is kept)"),
                    _("Your game is saved after every move: resume it from the menu"),
                )
            else:  # an online game joined from here: the host's computer keeps it, not this one
                label, hint = _("Leave to the menu"), _("You leave this online game here: the host's computer keeps it")
            items.append(Item(label, action=self.leave, hint=hint))
        items.append(Item(_("Quit tabletop"), action=app.quit))
        # a greyed item keeps its place and takes the focus: the same presses always reach the same item
        self.menu = Menu(items, y=220, w=520, x=380, sound=app.sounds, on_back=self.resume, skip_disabled=False)
        x, y, w, h = self.card()
        self.menu.hint_box = (x + 16, y + h - 46, w - 32, 40)

    def retranslate(self) -> None:
        """Settings > Language changed under this menu: its rows in the new language, the focus where it was."""
        focus = self.menu.focus
        PauseScene.__init__(self, self.app, self.table, self.extra)
        self.menu.focus = focus

    def resume(self):
        self.app.pop(self)

    def help(self):
        from tabletop.ui.help import HelpScene

        self.app.push(HelpScene(self.app, self.table.session.spec))

    def settings(self):
        self.app.open_settings()

    def leave(self):
        self.table.leave()  # online: the goodbye, asked first during a game (never straight to the menu)

    def handle(self, event, pad_changes):
        if "pause" in menu_buttons(None, pad_changes):
            self.resume()
            return
        self.menu.handle(event, pad_changes, self.app.vp)

    def draw(self, surf, vp):
        gfx.shade(surf, 170)
        gfx.panel(surf, vp.rect(self.card()), gfx.PANEL, radius=vp.s(14), border=(60, 70, 92))
        gfx.blit_text(surf, _("Paused"), vp.s(48), vp.p(640, 150), gfx.GOLD, bold=True, anchor="center")
        self.menu.draw(surf, vp)

    def card(self) -> tuple:
        """Design rect of the opaque card under "Paused" and the menu: the table's texts never show through."""
        m = self.menu
        rows = min(len(m.items), m.max_rows)
        return (m.x - 40, 100, m.w + 80, m.y - 100 + rows * m.row + 48)  # the focused row's hint in its foot


class ReconnectScene(Scene):
    """Shown while a seat that plays with a gamepad has none: the game waits."""

    opaque = False

    def __init__(self, app, table: PausedTable, seat: int):
        super().__init__(app)
        self.table = table
        self.seat = seat

    def on_pad(self, pe):
        if pe.kind == "added":
            self.table.router.on_pad_event(pe)
            if not self.table.router.missing_pads():
                self.app.pop(self)

    def handle(self, event, pad_changes):
        if "back" in menu_buttons(event, ()):
            self.app.push(PauseScene(self.app, self.table))

    def draw(self, surf, vp):
        gfx.shade(surf, 190)
        names = ", ".join(self.table.session.seats[s].name for s in self.table.router.missing_pads()) or "?"
        gfx.blit_text(
            surf,
            _("{names}: connect your gamepad").format(names=names),
            vp.s(40),
            vp.p(640, 300),
            gfx.GOLD,
            bold=True,
            anchor="center",
        )
        gfx.blit_text(
            surf,
            _("The game is paused and will go on when a gamepad is connected."),
            vp.s(20),
            vp.p(640, 370),
            gfx.WHITE,
            anchor="center",
        )
        gfx.blit_text(surf, _("Esc: pause menu"), vp.s(16), vp.p(640, 420), gfx.GREY, anchor="center")
