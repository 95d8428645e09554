"""Play online: the menu of its ways in. Host a game (``online_host``), Host on a server, Join and Watch
(``online_forms``); then the waits (``online_waiting``), the table played on a server (``online_table``)
and, in Continue, a kept online game (``online_kept``). docs/online.md tells the whole story."""

from __future__ import annotations

from tabletop.core.i18n import words
from tabletop.ui.online_forms import JoinScene, ServerScene, WatchScene
from tabletop.ui.online_host import HostScene
from tabletop.ui.widgets import Item, Menu, MenuScene

_, ngettext = words(__name__)


class OnlineMenu(MenuScene):
    def on_enter(self):
        self.heading = _("Play online")
        self.sub = _("Play with a friend on another computer")
        self.menu = Menu(
            [
                Item(
                    _("Host a game"),
                    action=lambda: self.app.push(HostScene(self.app)),
                    hint=_("This computer holds the game"),
                ),
                Item(
                    _("Host on a server"),
                    action=lambda: self.app.push(ServerScene(self.app)),
                    hint=_("An always-on server holds the game: friends join from anywhere"),
                ),
                Item(
                    _("Join a game"),
                    action=lambda: self.app.push(JoinScene(self.app)),
                    hint=_("Paste the invite your friend sent"),
                ),
                Item(
                    _("Watch a game"),
                    action=lambda: self.app.push(WatchScene(self.app)),
                    hint=_("Follow a game with its invite, seeing what both players see of the table"),
                ),
                Item(_("Back"), action=self.back),
            ],
            x=440,
            y=200,
            w=400,
            sound=self.app.sounds,
            on_back=self.back,
        )
