"""Play online: Host (a game, its options, who sits where), Join and Watch (an invite), a server of
your own, and the waiting room. The game's table played on a server is ``online_table`` (docs/online.md)."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import Future
from functools import partial

import pygame

from tabletop.core import registry
from tabletop.core.i18n import N_, game_text, words
from tabletop.core.names import computer_name, told_apart
from tabletop.input import hints
from tabletop.input.devices import menu_buttons
from tabletop.online import invite as invite_mod
from tabletop.online import kept_seats
from tabletop.online import protocol as P
from tabletop.online.remote import KNOWN_TOKENS, NetThread, RemoteSession, local_address
from tabletop.ui import gfx
from tabletop.ui.name_entry import INVITE_ROWS, NameEntry
from tabletop.ui.online_table import LeaveQuestion, remote_table
from tabletop.ui.scene import Scene, cursor_on, till_blink
from tabletop.ui.setup import MoreOptions, level_name
from tabletop.ui.widgets import Item, Menu, MenuScene, background, title

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


def unanswered(url: str, e: BaseException) -> str:
    """Why a server was not reached, told apart: nothing listens there, or something listens and
    never answers."""
    where = url.split("://", 1)[-1]
    if isinstance(e, TimeoutError):
        return _("The server at {where} does not answer: it may be busy or stopped. Try again later.").format(
            where=where
        )
    if isinstance(e, OSError):
        return _("Nothing answers at {where}: check the address, and that the host is waiting.").format(where=where)
    return _("Could not reach {where}: {why}").format(where=where, why=P.why(e) if isinstance(e, Exception) else e)


class Busy(Scene):
    """Waiting for the network, over the screen that asked: what it waits for, for how long, and
    Cancel (the window keeps drawing meanwhile: nothing waits on its thread)."""

    opaque = False

    def __init__(self, app, net: NetThread, coro, what: str, done, failed):
        super().__init__(app)
        self.net = net
        self.future = net.start(coro)
        self.what = what
        self.done, self.failed = done, failed
        self.since = time.monotonic()
        self.menu = Menu(
            [Item(_("Cancel"), action=self.cancel)], x=490, y=400, w=300, sound=app.sounds, on_back=self.cancel
        )

    def cancel(self) -> None:
        self.app.pop(self)  # on_exit stops the waiting

    def on_exit(self) -> None:
        """Cancelled, or the window closed while waiting: nothing is left open."""
        if not self.future.done():
            self.future.cancel()
            self.net.close()

    def next_frame(self) -> float | None:
        return 0  # the seconds count, and the answer is looked for every frame

    def update(self, dt_ms):
        if not self.future.done():
            return
        self.app.pop(self)  # (done: its on_exit closes nothing)
        try:
            result = self.future.result()
        except BaseException as e:  # noqa: BLE001 -- whatever the network raised is said in one line
            self.net.close()
            self.failed(e)
            return
        self.done(result)

    def handle(self, event, pad_changes):
        self.menu.handle(event, pad_changes, self.app.vp)

    def draw(self, surf, vp):
        gfx.shade(surf, 170)
        gfx.panel(surf, vp.r(290, 230, 700, 250), gfx.PANEL, radius=vp.s(14), border=(60, 70, 92))
        secs = int(time.monotonic() - self.since)
        line = _("{what}... {secs} s").format(what=self.what, secs=secs)
        gfx.draw_fitted(surf, line, vp.r(320, 250, 640, 60), vp.s(28), gfx.GOLD, bold=True, lines=2)
        note = _("Waiting for the answer. Cancel stops waiting.")
        gfx.draw_fitted(surf, note, vp.r(320, 320, 640, 50), vp.s(19), gfx.WHITE, lines=2)
        self.menu.draw(surf, vp)


class OneBoxForm(Scene):
    """A form of one text box, then a button that acts on it and Back (Join, Host on a server).

    While the box has the focus every key that types, types: letters, digits and the keys a
    menu uses elsewhere (W, S, Space) go into the box. Backspace only deletes; Ctrl+A selects
    all (what is typed or pasted next replaces it, Backspace clears it), Ctrl+C copies, Ctrl+X
    cuts, Ctrl+V (or Shift+Insert) pastes: a whole invite pasted replaces what the box held.
    Enter acts, Tab and the arrows move to the buttons, Esc leaves. A gamepad's A on the box
    opens the letter picker (its Clear empties the box), B leaves. Text the box starts with (the
    last invite) is selected: a paste or a letter replaces it."""

    order = ("box", "go", "back")
    heading = sub = label = placeholder = go_label = key_hint = ""

    @property
    def pad_used(self) -> bool:
        """The hints name the gamepad when it is the device in use, from the screen's first frame (a
        pad player who came here with the pad is never told of Ctrl+V and Esc)."""
        return self.app.last_device == hints.PAD

    def __init__(self, app, text: str = ""):
        super().__init__(app)
        self.text = text
        self.selected = bool(text)  # the whole text is selected: typing or pasting replaces it
        self.focus = 0
        self.error = ""
        self.rects: dict[str, pygame.Rect] = {}
        self.pending: tuple[NetThread, str, Future] | None = None  # (net thread, what, future) while connecting
        self.pending_since = 0.0

    def on_enter(self):
        pygame.key.start_text_input()

    def on_exit(self):
        pygame.key.stop_text_input()
        if self.pending is not None:  # gone while connecting (the window closed): nothing is left open
            self.pending[0].close()
            self.pending = None

    def back(self):
        if self.pending is not None:  # Esc while connecting: stop waiting, stay here
            self.pending[0].close()
            self.pending = None
            self.error = _("Stopped: nothing was joined.")
            return
        self.app.pop(self)

    def go(self) -> None:
        raise NotImplementedError

    def type(self, letters: str) -> None:
        kept = "" if self.selected else self.text
        self.selected = False
        self.text = (kept + letters.replace("\n", " ").replace("\r", " "))[: invite_mod.MAX_LEN]
        self.error = ""

    def paste(self) -> None:
        try:
            pasted = pygame.scrap.get_text() or ""
        except pygame.error:
            pasted = ""
        pasted = pasted.strip()
        if not pasted:
            self.error = _("Nothing to paste: copy it first.")
            return
        if "://" in pasted or self.whole(pasted):
            self.selected = True  # a whole invite (or address) replaces the box, never adds to it
        self.type(pasted)

    def whole(self, text: str) -> bool:
        """Is ``text`` a whole entry for this box (a pasted invite replaces what the box held)?"""
        try:
            invite_mod.parse(text, P.CODE_LEN)
        except invite_mod.BadInvite:
            return False
        return True

    def copy(self, cut: bool) -> None:
        """Ctrl+C / Ctrl+X: the box's text to the clipboard (cut: and the box emptied)."""
        if not self.text:
            return
        try:
            pygame.scrap.put_text(self.text)
        except pygame.error:
            self.error = _("Could not copy: this computer's clipboard did not answer.")
            return
        if cut:
            self.text, self.selected = "", False

    def handle(self, event, pad_changes):
        in_box = self.order[self.focus] == "box"
        if event is not None and event.type == pygame.TEXTINPUT:
            if in_box:
                self.type(event.text)
            return
        if event is not None and event.type == pygame.KEYDOWN:
            self._key(event, in_box)
            return
        if event is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for k, r in self.rects.items():
                if r.collidepoint(event.pos):
                    self.focus = self.order.index(k)
                    if k == "box":
                        self.selected = False  # a click in the box puts the caret at its end
                    if k != "box":
                        self._confirm(k)
            return
        for b in menu_buttons(None, pad_changes):  # a gamepad
            if b in ("up", "left", "prev"):
                self.focus = (self.focus - 1) % len(self.order)
            elif b in ("down", "right", "next"):
                self.focus = (self.focus + 1) % len(self.order)
            elif b == "confirm":
                if in_box:
                    self.app.push(TextPicker(self.app, self))
                    return
                self._confirm(self.order[self.focus])
            elif b == "back":
                self.back()
                return

    def _key(self, event, in_box: bool) -> None:
        k, mod = event.key, event.mod
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._confirm("go" if in_box else self.order[self.focus])
        elif k == pygame.K_ESCAPE:
            self.back()
        elif k == pygame.K_TAB:
            self.focus = (self.focus + (-1 if mod & pygame.KMOD_SHIFT else 1)) % len(self.order)
        elif k in (pygame.K_UP, pygame.K_LEFT) and not (in_box and k == pygame.K_LEFT):
            self.focus = (self.focus - 1) % len(self.order)
        elif k in (pygame.K_DOWN, pygame.K_RIGHT) and not (in_box and k == pygame.K_RIGHT):
            self.focus = (self.focus + 1) % len(self.order)
        elif in_box and k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.text = "" if self.selected else self.text[:-1] if k == pygame.K_BACKSPACE else self.text
            self.selected = False
        elif in_box and (
            (k == pygame.K_v and mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
            or (k == pygame.K_INSERT and mod & pygame.KMOD_SHIFT)
        ):
            self.paste()
        elif in_box and mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and k in (pygame.K_a, pygame.K_c, pygame.K_x):
            if k == pygame.K_a:
                self.selected = bool(self.text)
            else:
                self.copy(cut=k == pygame.K_x)
        elif in_box and k in (pygame.K_HOME, pygame.K_END):
            self.selected = False

    def _confirm(self, key):
        if key in ("box", "go"):
            if self.pending is None:
                self.go()
        elif key == "back":
            self.back()

    def connect(self, url: str, then) -> None:
        """Connect to ``url`` on a network thread and run ``then(client)`` there; ``connected`` follows."""
        net = NetThread()

        async def run():
            from tabletop.online.client import Client

            net.client = Client(url)
            await net.client.connect()
            await then(net.client)

        self.error = _("Connecting to {where}...").format(where=url.split("://", 1)[1])
        self.pending = (net, url, asyncio.run_coroutine_threadsafe(run(), net.loop))
        self.pending_since = time.monotonic()

    def connected(self, net: NetThread) -> None:
        """The connection is made and the server answered without an error."""

    def next_frame(self) -> float | None:
        if self.pending is not None:
            return 0  # connecting, on the network thread
        return till_blink() if self.order[self.focus] == "box" else None

    def update(self, dt_ms):
        """The connection is made on the network thread; the window stays alive meanwhile."""
        if self.pending is None or not self.pending[2].done():
            return
        net, url, fut = self.pending
        self.pending = None
        try:
            fut.result()
        except Exception as e:
            net.close()
            self.error = unanswered(url, e)
            return
        errors = net.connected().errors
        if errors:
            self.error = self.refused_words(errors[-1])
            net.close()
            return
        self.error = ""
        self.connected(net)

    def refused_words(self, reason: str) -> str:
        """What the server said no with, as the player reads it."""
        return reason

    def draw(self, surf, vp):
        background(surf)
        title(surf, vp, _(self.heading), _(self.sub))
        self.rects = {}
        focused = self.order[self.focus]
        gfx.blit_text(surf, _(self.label), vp.s(20), vp.p(250, 200), gfx.GREY)
        r = vp.r(250, 230, 780, 60)
        box_border = gfx.HILITE if focused == "box" else (80, 90, 110)
        gfx.panel(surf, r, (34, 40, 54), radius=vp.s(8), border=box_border, width=max(1, vp.s(2)))
        caret = "|" if focused == "box" and cursor_on() and not self.selected else ""
        shown = self.text + caret if self.text or caret else _(self.placeholder)
        colour = gfx.WHITE if self.text else (110, 118, 136)
        inner = r.inflate(-vp.s(32), -4)
        if self.selected and self.text:  # all of it selected: the next key or paste replaces it
            w = min(inner.w, gfx.font(vp.s(26)).size(self.text)[0] + vp.s(6))
            pygame.draw.rect(surf, (52, 86, 150), (inner.x - vp.s(3), r.y + vp.s(12), w, r.h - vp.s(24)))
        gfx.draw_fitted(surf, shown, inner, vp.s(26), colour, align="left", lines=1)
        self.rects["box"] = r
        for k, x, label in (("go", 250, _(self.go_label)), ("back", 760, _("Back"))):
            on = focused == k
            b = vp.r(x, 330, 270, 54)
            gfx.panel(
                surf,
                b,
                (60, 70, 92) if on else (34, 40, 54),
                radius=vp.s(8),
                border=gfx.HILITE if on else None,
                width=max(1, vp.s(2)),
            )
            gfx.blit_text(surf, label, vp.s(24), b.center, gfx.WHITE, bold=on, anchor="center")
            self.rects[k] = b
        if self.error:
            colour = gfx.GREY if self.pending is not None else gfx.REFUSE
            shown = self.error
            if self.pending is not None:
                back = "B" if self.pad_used else "Esc"
                secs = int(time.monotonic() - self.pending_since)
                shown += " " + _("{secs} s. {back} stops waiting.").format(secs=secs, back=back)
            gfx.draw_fitted(surf, shown, vp.r(250, 410, 780, 60), vp.s(20), colour, valign="top", lines=2)
        hint = _("A on the box opens the letter picker; B goes back.") if self.pad_used else _(self.key_hint)
        gfx.draw_fitted(surf, hint, vp.r(140, 630, 1000, 60), vp.s(18), gfx.GREY, min_px=vp.s(17), lines=2)


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


class JoinScene(OneBoxForm):
    """The invite the host sent (``tabletop://HOST:PORT/CODE``), then Join. The last invite that
    joined is remembered."""

    heading, sub, label = N_("Join a game"), N_("Paste the invite your friend sent"), N_("Invite")
    placeholder, go_label = N_("tabletop://address:port/CODE"), N_("Join")
    key_hint = N_(
        "Ctrl+V pastes the invite (it replaces what the box held), Ctrl+A selects all, Enter joins, "
        "Esc goes back. An address and code also work: host:port CODE."
    )

    def refused_words(self, reason: str) -> str:
        if reason == _("No room has that code."):  # the server answered: the address is right, the code is not
            code = self.invite.code if self.invite is not None else ""
            return _("The server answered, but it has no room {code}: check the code, or ask for a new invite.").format(
                code=code
            )
        return reason

    def __init__(self, app, text: str | None = None, token: str | None = None):
        super().__init__(app, str(app.settings.last_invite) if text is None else text)
        self.invite: invite_mod.Invite | None = None
        self.token = token  # a kept seat's token (Continue): the same seat again

    watch = False  # join as an onlooker (WatchScene)

    def go(self):
        try:
            inv = invite_mod.parse(self.text, P.CODE_LEN)
        except invite_mod.BadInvite as e:
            self.error = str(e)
            return
        self.invite = inv
        if self.watch:
            self.connect(inv.url, lambda c: c.join(inv.code, watch=True))
            return
        token = self.token or KNOWN_TOKENS.get(inv.code) or kept_seats.token_for(inv.code)
        self.connect(inv.url, lambda c: c.join(inv.code, name=self.app.settings.own_name(), token=token))

    def connected(self, net):
        if not (net.client.watching if self.watch else net.client.you):
            self.error = _("The game did not let you watch.") if self.watch else _("The host did not answer.")
            net.close()
            return
        assert self.invite is not None  # go() read it before connecting
        self.app.settings.last_invite = self.invite.text
        self.app.settings.save()
        self.app.push(WaitingRoom(self.app, net))


class WatchScene(JoinScene):
    """Watch a game: the invite a player sent; no seat is taken and no secret is shown."""

    heading, sub, go_label = N_("Watch a game"), N_("Paste the invite of a game you would like to watch"), N_("Watch")
    key_hint = N_("Ctrl+V pastes the invite, Enter starts watching, Esc goes back.")
    watch = True


class ServerScene(OneBoxForm):
    """Host on a server: the address of an always-on ``tabletop serve``; the game is set up next."""

    heading, sub, label = (
        N_("Host on a server"),
        N_("A server that is always on: anyone with the invite joins"),
        N_("Server"),
    )
    placeholder, go_label = "wss://play.example.org", N_("Next")
    key_hint = N_("Type or paste the server's address (Ctrl+V), Enter goes on, Esc goes back.")

    def __init__(self, app):
        super().__init__(app, str(app.settings.last_server))

    def go(self):
        if not self.text.strip():
            self.error = _("Type the server's address, as whoever runs it gave it to you.")
            return
        try:
            url = invite_mod.server_url(self.text)
            invite_mod.parse(f"{url}/{'A' * P.CODE_LEN}", P.CODE_LEN)  # the address part of an invite
        except invite_mod.BadInvite as e:
            self.error = str(e)
            return

        async def nothing(_client):
            return None

        self.connect(url, nothing)

    def connected(self, net):
        url = net.client.url
        net.close()  # the setup comes next; Host connects again with the room's seats
        self.app.settings.last_server = self.text.strip()
        self.app.settings.save()
        self.app.replace(HostScene(self.app, server=url))


# the picker's keys for an invite: what an invite needs, and a Clear key that empties the box
PICKER_ROWS = INVITE_ROWS[:-1] + (
    (("Aa", "shift", 2), (N_("Space"), " ", 2), (N_("Clear"), "clear", 2), ("⌫", "delete", 2), (N_("Done"), "done", 2)),
)


class TextPicker(NameEntry):
    """The letter picker over the join form, for a player with a gamepad alone: it types an invite
    (the text the box held is kept, and Clear empties it)."""

    rows = PICKER_ROWS
    max_len = invite_mod.MAX_LEN
    a_name = False

    def press_key(self, row: int, i: int) -> None:
        if self.rows[row][i][1] == "clear":
            self.app.sounds.play("click")
            self.text, self.upper = "", True
            return
        super().press_key(row, i)

    def __init__(self, app, form: OneBoxForm):
        super().__init__(app, _("Type the invite"), form.text, self._done)
        self.form = form
        self.upper = True

    def _done(self, text: str) -> None:
        self.form.text, self.form.selected = text, False
        self.form.focus = self.form.order.index("go")


class WaitingRoom(Scene):
    """Who is here; the host also sees the address and the room code to tell the others."""

    def __init__(self, app, net: NetThread, address: str = "", on_server: bool = False, resumed: bool = False):
        super().__init__(app)
        self.net = net
        self.address = address
        self.on_server = on_server
        self.resumed = resumed  # a kept game hosted again: leaving keeps it (Continue hosts it again)
        self.since = time.monotonic()
        self.started = False
        room = net.client.room if net.client is not None else ""
        self.invite = invite_mod.make(address, room) if address else ""
        items = [Item(_("Leave"), action=self.leave)]
        if self.invite:
            items.insert(0, Item(_("Copy invite"), action=self.copy, hint=_("Then paste it to your friend (Ctrl+V)")))
        self.menu = Menu(items, x=490, y=540, w=300, sound=app.sounds, on_back=self.leave)

    def reach_words(self) -> str:
        """Who can join with the invite, in plain words; a router that opened the way in gives the
        invite its public address."""
        if self.on_server:
            return _("Anyone who can reach this server joins with it.")
        reach = self.net.reach
        if reach is None:
            return _("Asking your router whether a friend elsewhere can reach this computer...")
        return reach.note

    def copy(self):
        try:
            pygame.scrap.put_text(self.invite)
        except pygame.error:
            self.app.toast(_("Could not copy: write the invite down for your friend."))
            return
        self.app.toast(_("Invite copied: paste it to your friend in a message (Ctrl+V)."))

    def leave(self):
        """Leave with the goodbye: a room whose game has not begun ends (whoever joined is told who
        left); for a game under way it is asked first (leave it for good, or come back later). The
        connection closes and a server hosted here stops."""
        c = self.net.client
        if c is None or self.unbegun() or not c.you:
            self.goodbye(gone=self.unbegun())
            self.app.pop(self)
            return
        others = [s["name"] for i, s in enumerate(c.seats) if i not in c.you and s.get("kind") != "computer"]
        hosting = self.net.server is not None
        self.app.push(LeaveQuestion(self.app, others, hosting, self.goodbye, quitting=False, stay=_("Keep waiting")))

    def goodbye(self, gone: bool) -> None:
        c = self.net.client
        if c is not None and gone:
            kept_seats.forget(c.room)
        self.net.leave(gone=gone)

    def before_quit(self) -> bool:
        """Closing the window from here: asked first for a game under way (as at its table)."""
        c = self.net.client
        if self.started or c is None or self.unbegun() or not c.you:
            return False
        others = [s["name"] for i, s in enumerate(c.seats) if i not in c.you and s.get("kind") != "computer"]
        self.app.push(LeaveQuestion(self.app, others, self.net.server is not None, self.goodbye, quitting=True))
        return True

    def unbegun(self) -> bool:
        """No move made yet in this room: leaving ends it (a game under way waits for its people)."""
        c = self.net.client  # (no view yet: not known, so taken as under way)
        return not self.resumed and c is not None and bool(c.n) and not any(n > 0 for n in c.n.values())

    def on_exit(self):
        if not self.started:  # the window closed here: the same goodbye
            self.net.leave(gone=self.unbegun())

    def handle(self, event, pad_changes):
        self.menu.handle(event, pad_changes, self.app.vp)

    def next_frame(self) -> float | None:
        """Who joins comes from the network thread, which wakes the loop (client.WAKE); while the
        router is asked whether a friend can reach this computer, frames (its answer wakes nothing)."""
        if self.invite and not self.on_server and self.net.reach is None:
            return 0
        return 1000 - (time.monotonic() - self.since) * 1000 % 1000  # the seconds waited count

    def update(self, dt_ms):
        c = self.net.connected()
        reach = self.net.reach
        if self.invite and reach is not None and reach.public and self.address != reach.public:
            self.address = reach.public  # the router opened the way in: the invite works from anywhere
            self.invite = invite_mod.make(reach.public, c.room)
        if c.closed:
            self.app.toast(c.bad or c.closed_reason or _("The connection to the host was lost."), 6000)
            self.goodbye(gone=False)  # nothing to say to a closed connection: everything is closed
            self.app.pop(self)
            return
        mine = c.you[0] if c.you else P.WATCH
        # everybody is here (a real-time game back from a pause waits at its table for their readies);
        # an onlooker watches a game that waits too
        ready = c.watching or (bool(c.status) and not c.status.get("waiting_for"))
        if not self.started and mine in c.views and ready:
            self.started = True
            self.app.replace(remote_table(self.app, RemoteSession(self.net)))

    def draw(self, surf, vp):
        background(surf)
        c = self.net.connected()
        name = game_text(c.spec, c.spec.name) if c.spec else ""
        secs = int(time.monotonic() - self.since)
        title(surf, vp, name, _("Waiting for everybody to join · {time}").format(time=f"{secs // 60}:{secs % 60:02d}"))
        if self.invite:
            gfx.blit_text(surf, _("Send your friend this invite:"), vp.s(22), vp.p(640, 160), gfx.GREY, anchor="center")
            gfx.draw_fitted(surf, self.invite, vp.r(140, 185, 1000, 56), vp.s(36), gfx.GOLD, bold=True, lines=1)
            reach = self.reach_words()
            gfx.draw_fitted(surf, reach, vp.r(190, 250, 900, 60), vp.s(18), gfx.GREY, min_px=vp.s(17), lines=2)
        y = 330
        for i, s in enumerate(c.seats):
            where = {"here": _("here"), "remote": _("elsewhere"), "computer": _("computer")}.get(s["kind"], s["kind"])
            ok = s["kind"] == "computer" or s.get("here")
            line = _("{name} ({where}): {state}").format(
                name=s["name"], where=where, state=_("ready") if ok else _("waiting...")
            )
            if i in c.you:
                line += "  " + _("(you)")
            gfx.blit_text(surf, line, vp.s(22), vp.p(640, y), gfx.GREEN if ok else gfx.GREY, anchor="center")
            y += 34
        self.menu.draw(surf, vp)


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
