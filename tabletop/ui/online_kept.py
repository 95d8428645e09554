"""A kept online game in Continue: its row, its menu (join again with the seat's token, or forget it), and
a game hosted from this program hosted again with the same room code."""

from __future__ import annotations

from tabletop.core import registry
from tabletop.core.i18n import game_text, words
from tabletop.online import invite as invite_mod
from tabletop.online import kept_seats
from tabletop.online.remote import NetThread, local_address
from tabletop.ui.online_forms import JoinScene
from tabletop.ui.online_waiting import Busy, WaitingRoom
from tabletop.ui.widgets import Item, Menu, MenuScene

_, ngettext = words(__name__)


def host_again(app, entry, room) -> None:
    """Continue's Resume of a game hosted from this program: its room again, with the same code and
    the friends' tokens (on the same port when it is free), so their programs get back in."""
    net = NetThread()

    async def again() -> int:
        port = await net.open_host(room.port, resume=(entry.spec, entry.loaded.record, entry.path, room))
        client = await net.open(f"ws://127.0.0.1:{port}")
        await client.join(room.code, token=net.resume_token)
        return port

    def hosted(port: int) -> None:
        client = net.connected()
        if client.errors or not client.you:
            net.close()
            app.toast(client.errors[-1] if client.errors else _("The online game could not be hosted again."))
            return
        if port != room.port:
            app.toast(_("Port {port} is taken now: send your friend the new invite.").format(port=room.port), 6000)
        address = f"{local_address()}:{port}"
        print(f"tabletop: hosting {entry.spec.name} again at {address}, room code {room.code}", flush=True)
        app.push(WaitingRoom(app, net, address=address, resumed=True))

    def failed(e: BaseException) -> None:  # the port, the kept file: say so, never a crash
        app.toast(_("The online game could not be hosted again: {why}").format(why=str(e)[:100]), 6000)

    app.push(Busy(app, net, again(), _("Hosting the game again"), hosted, failed))


class OnlineEntry:
    """A kept online seat as a row of Continue (the same words as a kept game's row)."""

    def __init__(self, seat: kept_seats.KeptSeat):
        self.seat = seat
        spec = registry.load_all().get(seat.game)
        self.title = _("{game} online").format(game=game_text(spec, spec.name) if spec else seat.game)
        self.moves = None  # the server holds the record

    def players(self) -> str:
        return _(" vs ").join(self.seat.names)

    def when_text(self) -> str:
        from tabletop.kept import when_words

        return when_words(self.seat.when)

    def status(self) -> str:
        return _("at {where}, room {code}").format(where=self.seat.where, code=self.seat.code)

    def describe(self) -> str:
        return " · ".join(b for b in (self.title, self.players(), self.when_text(), self.status()) if b)


class OnlineSeatScene(MenuScene):
    """A kept online game: join it again (the same seat), forget it, or go back."""

    def __init__(self, app, entry: OnlineEntry, parent):
        super().__init__(app)
        self.entry, self.parent = entry, parent
        self.heading = entry.title
        self.sub = f"{entry.players()} · {entry.status()}"
        self.menu = Menu(
            [
                Item(_("Join again"), action=self.rejoin, hint=_("Back to your seat, where the game is")),
                Item(_("Forget it"), action=self.forget, hint=_("Leave this game for good: it is no longer listed")),
                Item(_("Back"), action=self.back),
            ],
            x=390,
            y=200,
            w=500,
            sound=app.sounds,
            on_back=self.back,
        )

    def rejoin(self):
        seat = self.entry.seat
        join = JoinScene(self.app, text=invite_mod.Invite(seat.url, seat.code).text, token=seat.token)
        self.app.replace(join)
        join.go()

    def forget(self):
        kept_seats.forget(self.entry.seat.code)
        self.app.pop(self)
        self.parent.build()
