"""Host a game: the game, its options and who sits where; the room is opened on this computer or made on
a server, and the waiting room shows the invite (``online_waiting``)."""

from __future__ import annotations

from functools import partial

from tabletop.core import registry
from tabletop.core.i18n import game_text, words
from tabletop.core.names import computer_name, told_apart
from tabletop.online import protocol as P
from tabletop.online.remote import NetThread, local_address
from tabletop.ui import gfx
from tabletop.ui.online_waiting import Busy, WaitingRoom, unanswered
from tabletop.ui.setup import MoreOptions, level_name
from tabletop.ui.widgets import Item, Menu, MenuScene

_, ngettext = words(__name__)

HERE, ELSEWHERE = "here", "remote"
# Time a turn-based move may take when hosting (seconds; 0: no clock), as the Host screen offers it
MOVE_CLOCKS = (0, 60, 180, 600)


def clock_words(seconds: int) -> str:
    """A move clock of the Host screen as a player reads it ("As long as it takes", "3 minutes")."""
    if not seconds:
        return _("As long as it takes")
    minutes = seconds // 60
    return ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)


class HostScene(MenuScene):
    def __init__(self, app, server: str = ""):
        super().__init__(app)
        self.server = server  # a ``tabletop serve`` to create the room on; "" hosts on this computer
        self.move_clock = 0  # seconds a turn-based move may take (0: as long as it takes)
        self.heading = _("Host a game")
        self.sub = _("Choose the game and who plays; a friend joins with the address and code shown next")
        if server:
            self.sub = _("The room is made on {server}; friends join with the invite shown next").format(
                server=server.split("://", 1)[1]
            )
        self.specs = [s for s in registry.load_all().values() if s.make_table is not None]
        self.spec = self.specs[0]
        self.reset_seats()
        self.build()

    def reset_seats(self):
        self.players = self.spec.min_players
        more = f"computer:{self.spec.bot_levels[0]}" if self.spec.bot_levels else ELSEWHERE  # no computer: people
        self.kinds = [HERE, ELSEWHERE] + [more] * (self.spec.max_players - 2)
        self.options = self.spec.rules.default_options()

    def build(self):
        spec = self.spec
        focus = self.menu.items[self.menu.focus].key if self.menu.items else ""
        games = [(s.id, game_text(s, s.name)) for s in self.specs]
        items = [
            Item(_("Host"), action=self.host, key="host", hint=_("Open the room and show its address and code")),
            Item(_("Game"), choices=games, index=self.specs.index(spec), on_change=self._game, key="game"),
        ]
        if spec.max_players > spec.min_players:
            ch = [(n, str(n)) for n in range(spec.min_players, spec.max_players + 1)]
            items.append(
                Item(_("Players"), choices=ch, index=self.players - spec.min_players, on_change=self._players, key="n")
            )
        kinds = [(HERE, _("Person here")), (ELSEWHERE, _("Person elsewhere"))] + [
            (f"computer:{lv}", _("Computer: {level}").format(level=level_name(lv, spec))) for lv in spec.bot_levels
        ]
        values = [k[0] for k in kinds]
        names = [s["name"] for s in self.seats()]
        for i in range(self.players):
            idx = values.index(self.kinds[i]) if self.kinds[i] in values else 0
            items.append(
                Item(
                    names[i],
                    choices=kinds,
                    index=idx,
                    key=f"seat{i}",
                    on_change=partial(self._kind, i),
                )
            )
        for opt in self.main_options():
            items.append(self.option_item(opt))
        if not spec.dynamics.clocked:  # a real-time game has its round clock
            clocks = [(seconds, clock_words(seconds)) for seconds in MOVE_CLOCKS]
            items.append(
                Item(
                    _("Time for a move"),
                    choices=clocks,
                    index=[c[0] for c in clocks].index(self.move_clock),
                    on_change=self._move_clock,
                    key="clock",
                    hint=_("When a person's time runs out, the computer makes a move for them"),
                )
            )
        if self.more_options():
            items.append(
                Item(
                    _("More options"),
                    action=lambda: self.app.push(MoreOptions(self.app, self)),
                    key="more",
                    hint=_("Variants, tournament and referee settings"),
                )
            )
        items.append(Item(_("Back"), action=self.back, key="back"))
        self.menu = Menu(items, y=150, w=560, x=360, sound=self.app.sounds, on_back=self.back)
        for i, it in enumerate(items):
            if it.key == focus:
                self.menu.focus = i

    # What the "More options" page asks of a setup (it is shared with the games' own setups).
    def main_options(self):
        return [o for o in self.spec.rules.options if o.main]

    def more_options(self):
        return [o for o in self.spec.rules.options if not o.main]

    def option_item(self, opt) -> Item:
        vals = [c[0] for c in opt.choices]
        return Item(
            game_text(self.spec, opt.label),
            choices=[(value, game_text(self.spec, label)) for value, label in opt.choices],
            index=vals.index(self.options[opt.key]) if self.options[opt.key] in vals else 0,
            hint=game_text(self.spec, opt.help),
            key=f"opt:{opt.key}",
            on_change=partial(self.options.__setitem__, opt.key),
        )

    def has_secrecy(self) -> bool:
        return False  # online, each person keeps their secrets on their own screen

    def _game(self, gid):
        self.spec = next(s for s in self.specs if s.id == gid)
        self.reset_seats()
        self.build()

    def _move_clock(self, seconds):
        self.move_clock = seconds

    def _players(self, n):
        self.players = n
        self.build()

    def _kind(self, i, v):
        self.kinds[i] = v
        self.build()  # the seat's name follows: the host's own, a friend's to come, a computer's

    def seats(self) -> list[dict]:
        """The room's seats: the host's own name on the first seat here (another person here is
        named as at a setup), "Player N" for a friend elsewhere until they join with their name,
        each computer as the computer at its level."""
        kinds = self.kinds[: self.players]
        computers = [i for i, k in enumerate(kinds) if k.startswith("computer:")]
        here = [i for i, k in enumerate(kinds) if k == HERE]
        out, names = [], []
        for i, k in enumerate(kinds):
            level = k.split(":", 1)[1] if k.startswith("computer:") else ""
            if level:
                number = computers.index(i) + 1 if len(computers) > 1 else None
                names.append(computer_name(level_name(level, self.spec), number))
            elif k == HERE:
                names.append(self.app.settings.own_name() if i == here[0] else gfx.PLAYER_NAMES[i])
            else:
                names.append(_("Player {n}").format(n=i + 1))
            out.append({"kind": "computer" if level else k, "level": level})
        return [dict(seat, name=name) for seat, name in zip(out, told_apart(names), strict=True)]

    def host(self):
        seats = self.seats()
        if not any(s["kind"] == HERE for s in seats):
            self.app.toast(_("At least one seat must be a person here: the host plays too."))
            return
        if not any(s["kind"] == ELSEWHERE for s in seats):
            self.app.toast(_("Choose at least one person elsewhere, or play from the games list at one computer."))
            return
        here = sum(s["kind"] == HERE for s in seats)
        if here > 1 and (self.spec.dynamics.clocked or self.spec.hidden_info):
            self.app.toast(_("Online, this game has one person at each computer: make the others 'elsewhere'."))
            return
        net = NetThread()
        server, spec, options = self.server, self.spec, dict(self.options)
        clock = None if spec.dynamics.clocked else self.move_clock

        async def make() -> str:
            if server:
                client = await net.open(server)
                address = server
            else:
                port = await net.open_host()
                client = await net.open(f"ws://127.0.0.1:{port}")
                address = f"{local_address()}:{port}"
            await client.create(spec.id, seats, options, move_clock=clock)
            return address

        def made(address: str) -> None:
            client = net.connected()
            if client.errors or not client.room:
                net.close()
                self.app.toast(client.errors[-1] if client.errors else _("The server did not make the room."))
                return
            print(f"tabletop: hosting {spec.name} at {address}, room code {client.room}", flush=True)
            self.app.push(WaitingRoom(self.app, net, address=address, on_server=bool(server)))

        def failed(e: BaseException) -> None:  # a port we cannot open, a firewall, a server gone: say so, stay
            if server:
                self.app.toast(unanswered(server, e), 8000)
            else:
                why = P.why(e) if isinstance(e, Exception) else e
                self.app.toast(_("Could not start the server here: {why}").format(why=why), 8000)

        if server:
            where = _("Making the room on {server}").format(server=server.split("://", 1)[1])
        else:
            where = _("Opening the room on this computer")
        self.app.push(Busy(self.app, net, make(), where, made, failed))
