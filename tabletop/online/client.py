"""An online client on asyncio: joins a room, keeps its seats' views, a clock synchronised
with the server's, and sends actions. No pygame: the launcher's remote table runs one in a
thread (``online/remote.py``), tests and the benchmark use it directly.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
import urllib.parse
from collections import deque
from collections.abc import Callable
from typing import Any

import msgspec
import websockets
from websockets.asyncio.client import ClientConnection

from tabletop import validate
from tabletop.core import codec
from tabletop.core.actions import Action, to_json
from tabletop.core.i18n import words
from tabletop.core.registry import GameSpec, load_all

from . import protocol as P

_, ngettext = words(__name__)

# What to call (on the network thread) after each message and when a connection closes: the
# window's loop sleeps while nothing moves, and this wakes it (set by tabletop.ui.online_table).
WAKE: list = []

MAX_HOPS = 3  # a fleet's node may send a create or a join on to another node this many times
SYNC_SAMPLES = 16
SYNC_KEEP = 4  # the samples with the lowest round trips are the honest ones
TURNS_SYNC_S = 60.0  # after the first samples, a turn-based table's clock sample goes once a minute


def say(reason: str, sent: P.Say | None) -> str:
    """A reason the server sent (``error``, ``refused``, ``closed``) in the player's language, on one line:
    its template (``say``) said with this program's catalogue and filled in with its values (a
    translation whose fields do not fit falls back to the English template, which the door checked
    fits), else the reason as the catalogue has it."""
    shown = _(reason)
    if sent is not None:
        n = sent.args.get("n")
        ours = ngettext(sent.text, sent.plural, n) if sent.plural and isinstance(n, int) else _(sent.text)
        shown = P.fill(ours, sent.args) or P.fill(sent.text, sent.args) or shown
    return validate.short_line("".join(c if c.isprintable() else " " for c in shown), 300)


def local_ms() -> float:
    return time.monotonic() * 1000.0


def host_of(url: str) -> str:
    """The host a ws:// or wss:// address names, lower case ("" when it names none)."""
    try:
        return (urllib.parse.urlsplit(url).hostname or "").rstrip(".")
    except ValueError:
        return ""


def vouched(home: str, url: str) -> bool:
    """Whether the server the player joined at host ``home`` vouches for a fleet node's address
    (``moved``, ``nodes``): the same host on any port, or a name under it (``a.play.example.org``
    for ``play.example.org``), never an address of another host (docs/online.md: peers choose no
    addresses)."""
    host = host_of(url)
    if not host or not home:
        return False
    if host == home:
        return True
    try:
        ipaddress.ip_address(home)
        return False  # an address by number has no names under it
    except ValueError:
        return host.endswith("." + home)


class Clock:
    """Offset of the server's clock from ours, from four-timestamp samples (t0 sent, t1
    server received, t2 server sent, t3 received); the lowest round trips are kept."""

    def __init__(self, skew_ms: float = 0.0, source: Callable[[], float] = local_ms) -> None:
        self.samples: deque = deque(maxlen=SYNC_SAMPLES)
        self.skew = skew_ms
        self.source = source  # this machine's time (ms): tests share a faster one with their server

    def add(self, t0: float, t1: float, t2: float, t3: float) -> None:
        rtt = (t3 - t0) - (t2 - t1)
        offset = ((t1 - t0) + (t2 - t3)) / 2
        self.samples.append((rtt, offset))

    @property
    def offset(self) -> float:
        if not self.samples:
            return 0.0
        best = sorted(self.samples)[:SYNC_KEEP]
        return sum(o for _, o in best) / len(best)

    @property
    def rtt(self) -> float:
        return min(r for r, _ in self.samples) if self.samples else 0.0

    @property
    def jitter(self) -> float:
        if len(self.samples) < 2:
            return 0.0
        r = sorted(s[0] for s in self.samples)
        return r[int(len(r) * 0.9) - 1] - r[0]

    def local(self) -> float:
        return self.source() + self.skew

    def server_now(self) -> float:
        return self.local() + self.offset


class Client:
    def __init__(
        self,
        url: str,
        capture: list | None = None,
        skew_ms: float = 0.0,
        local_addr: tuple[str, int] | None = None,
        clock: Callable[[], float] = local_ms,
        home: str = "",
    ) -> None:
        self.url = url
        self.home = home or host_of(url)  # the host the player joined: the only one whose nodes are followed
        self.local_addr = local_addr  # tests: the source address to connect from
        self.deflate = True  # tests: False sends and receives every byte as it is
        self.host_key = ""  # a game hosted here: the key that lets this client make its room
        self.skew = skew_ms  # tests: this client's clock runs this far from the server's
        self.ws: ClientConnection | None = None  # set by ``connect``
        self.capture = capture  # every frame received, as text (tests look for leaks in it)
        self.games = load_all()
        self.spec: GameSpec | None = None  # the room's game, from the server's welcome
        self.room = ""
        self.tokens: dict[int, str] = {}
        self.seats: list[dict] = []
        self.you: list[int] = []
        self.views: dict[int, Any] = {}  # each seat's view: the game's own state type
        self.view_json: dict[int, dict] = {}
        self.n: dict[int, int] = {}
        self.events: list[dict] = []
        self.status: dict = {}
        self.net: dict = {}
        self.over: dict | None = None
        self.errors: list[str] = []
        self.refused: list[dict] = []
        self.epoch = 0.0
        self.hands: dict[int, list] = {}  # real time: the other seats' hand positions, as last sent
        self.clock = Clock(skew_ms, clock)
        self.sync_trips: deque = deque(maxlen=1000)  # every clock sample's round trip (the benchmark reads them)
        self.next_id = 0
        self.changed = asyncio.Event()
        self.done_at: dict[int, float] = {}  # action id -> local time its "done" came back (the latest 256)
        self._reader: asyncio.Task | None = None
        self._syncer: asyncio.Task | None = None
        self.closed = False
        self.options: dict = {}
        self._reference: dict = {}
        self.closed_reason = ""  # why the server closed the room or this connection ("closed")
        self.left = False  # it closed the room because a player left the game on purpose
        self.realtime = False  # the room's game is played in real time (its welcome says): stamps need the clock
        self.watching = False  # an onlooker: no seat, the view nobody's secrets are in (seat P.WATCH)
        self.rematch_votes: dict[int, bool] = {}  # after the end: each person's answer to a rematch
        self.game_no = 0  # counts the games played in this room (a rematch starts the next)
        self.bad = ""  # why the host's messages could not be used (the connection is then closed)
        self.moved = ""  # a fleet's node sent us on to this address (``moved``)
        self.nodes: list[str] = []  # a fleet's nodes, where to come back when this one is gone

    # -- connecting -------------------------------------------------------------------------
    async def connect(self) -> None:
        extra: dict[str, Any] = {"local_addr": self.local_addr} if self.local_addr else {}
        if not self.deflate:
            extra["compression"] = None
        self.ws = ws = await websockets.connect(self.url, max_size=8 * 1024 * 1024, open_timeout=5, **extra)
        self._reader = asyncio.get_running_loop().create_task(self._read(ws))
        self._syncer = asyncio.get_running_loop().create_task(self._sync_loop())

    async def close(self) -> None:
        for task in (self._syncer, self._reader):
            if task is not None:
                task.cancel()
        if self.ws is not None:
            await self.ws.close()
        self.closed = True

    def abort(self) -> None:
        """Drop the connection at once (no closing handshake to wait for)."""
        for task in (self._syncer, self._reader):
            if task is not None:
                task.cancel()
        if self.ws is not None:
            self.ws.transport.abort()
        self.closed = True

    async def send(self, msg: dict) -> None:
        if self.ws is None:
            raise websockets.InvalidState("not connected")
        await self.ws.send(P.dumps(msg))

    async def ask(self, msg: dict) -> None:
        """Send a create or a join and wait for the room (or an error), going on to the node a fleet
        sends us to (``moved``), at most MAX_HOPS times."""
        for _hop in range(MAX_HOPS + 1):
            self.moved = ""
            await self.send(msg)
            await self.wait(lambda: self.room or self.errors or self.moved)
            if not self.moved:
                return
            await self.close()
            self.url, self.closed, self.clock = self.moved, False, Clock(self.skew)
            await self.connect()
            if msg["type"] == "create":  # the node it was sent on to makes it (no create goes back and forth)
                msg = dict(msg, moved=True)
        self.errors.append(_("The servers kept sending this program on to another: try again later."))

    async def create(
        self, game: str, seats: list[dict], options: dict | None = None, move_clock: float | None = None
    ) -> None:
        """Make a room; ``move_clock``: seconds a turn-based move may take (0: none; None: the server's)."""
        msg: dict[str, Any] = {"type": "create", "game": game, "options": options or {}, "seats": seats}
        if move_clock is not None:
            msg["move_clock"] = move_clock
        if self.host_key:
            msg["key"] = self.host_key
        await self.ask(msg)

    async def bye(self, gone: bool = False) -> None:
        """Leave the room; ``gone``: on purpose, so the game ends and the others are told."""
        await self.send({"type": "bye", "gone": gone})

    async def rematch(self, yes: bool) -> None:
        await self.send({"type": "rematch", "yes": yes})

    async def ready(self) -> None:
        """Real time, after a pause: this person's hands are ready (the room says who it waits for)."""
        await self.send({"type": "ready"})

    def ready_asked(self) -> bool:
        """Real time, after a pause: the room waits for one of this client's seats to press ready."""
        return bool(self.status.get("paused")) and any(
            0 <= s < len(self.seats) and self.seats[s].get("ready") is False for s in self.you
        )

    async def join(self, room: str, name: str = "", token: str | None = None, watch: bool = False) -> None:
        msg: dict[str, str | bool] = {"type": "join", "room": room}
        if watch:
            msg["watch"] = True
        if name:
            msg["name"] = name
        if token is not None:
            msg["token"] = token
        self.room = ""
        await self.ask(msg)

    async def wait(self, ready: Callable[[], object], timeout: float = 10.0) -> None:
        """Wait until ``ready()`` is true (or the connection closes); raises TimeoutError."""
        end = asyncio.get_running_loop().time() + timeout
        while not ready():
            if self.closed:
                return
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError("no answer from the server")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    # -- playing ----------------------------------------------------------------------------
    async def act(self, seat: int, action: Action, stamp: float | None = None) -> int:
        self.next_id += 1
        msg = {"type": "act", "seat": seat, "id": self.next_id, "action": to_json(action)}
        if stamp is not None:
            msg["stamp"] = stamp
        await self.send(msg)
        return self.next_id

    def round_clock(self) -> int:
        """Real time: now on the round clock, in synchronised time."""
        return int(self.clock.server_now() - self.epoch)

    # -- reading ----------------------------------------------------------------------------
    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                t3 = self.clock.local()
                if self.capture is not None:
                    self.capture.append(raw)
                try:
                    self.handle(P.parse_from_server(raw), t3)
                except Exception as e:  # whatever a host sends, this program says why and stops listening
                    self.bad = _("The host sent something this program cannot use ({why}).").format(why=P.why(e))
                    self.errors.append(self.bad)
                    self.closed = True
                    self.changed.set()
                    ws.transport.abort()  # nothing more is read from this host, nor waited for
                    return
                self.changed.set()
                for wake in WAKE:
                    wake()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed = True
            self.changed.set()
            for wake in WAKE:
                wake()

    def handle(self, msg: P.Sent | None, t3: float) -> None:
        """A server's message, already of its type (``protocol.parse_from_server``), to its handler;
        a type this program does not know (None) is ignored."""
        if msg is not None:
            getattr(self, HANDLERS[type(msg)])(msg, t3)

    def on_welcome(self, msg: P.Welcome, t3: float) -> None:
        if self.room and self.views:  # a rematch in the same room: a new game, in another seat
            # (the last game's views stay until the new seat's first view replaces the table)
            self.hands, self.events, self.over, self.rematch_votes, self.tokens = {}, [], None, {}, {}
            self.game_no += 1
        if msg.game not in self.games:
            raise P.BadMessage(f"a game {validate.short(msg.game)} this program does not have")
        self.room = msg.room
        self.spec = self.games[msg.game]
        self.options = dict(msg.options)
        self._reference = {}
        self.seats = msgspec.to_builtins(msg.seats)
        self.you = list(msg.you)
        self.watching = msg.watch
        self.realtime = msg.realtime
        self.tokens.update({int(k): v for k, v in msg.tokens.items()})
        self.learn_nodes(msg.nodes)

    def on_moved(self, msg: P.Moved, t3: float) -> None:
        if not P.node_url(msg.url):
            raise P.BadMessage("a move to an address that is not ws:// or wss://")
        if not vouched(self.home, msg.url):
            raise P.BadMessage("a move to another host's address")
        self.moved = msg.url

    def on_state(self, msg: P.State, t3: float) -> None:
        seat = msg.seat
        if seat not in self.you and not (self.watching and seat == P.WATCH):
            raise P.BadMessage(f"a view for seat {seat}, which is not ours")
        if self.spec is None:
            raise P.BadMessage("a view before the welcome")
        shown = P.patch(self.view_json.get(seat), msg.view)
        P.check_view(shown, *self.reference(self.spec, seat))
        view = codec.state_from_json(self.spec.rules, shown)  # each field of its class's declared type
        self.view_json[seat] = shown
        self.views[seat] = view
        self.n[seat] = msg.n
        self.events += msgspec.to_builtins(msg.events)
        if msg.epoch is not None:
            self.epoch = msg.epoch

    def on_sync(self, msg: P.SyncSent, t3: float) -> None:
        self.clock.add(msg.t0, msg.t1, msg.t2, t3)
        self.sync_trips.append(t3 - msg.t0)

    def on_ping(self, msg: P.Ping, t3: float) -> None:
        asyncio.get_running_loop().create_task(self._pong(msg.s))

    def on_status(self, msg: P.Status, t3: float) -> None:
        self.status = msgspec.to_builtins(msg)
        self.seats = self.status["seats"]

    def on_hands(self, msg: P.HandsSent, t3: float) -> None:
        self.hands[msg.seat] = [list(p) for p in msg.pos]

    def on_net(self, msg: P.Net, t3: float) -> None:
        self.net = msgspec.to_builtins(msg)
        self.learn_nodes(msg.nodes)

    def on_over(self, msg: P.Over, t3: float) -> None:
        self.over = msgspec.to_builtins(msg)

    def on_votes(self, msg: P.Votes, t3: float) -> None:
        self.rematch_votes = {int(k): v for k, v in msg.votes.items()}

    def on_done(self, msg: P.Done, t3: float) -> None:
        self.done_at[msg.id] = local_ms()  # when the server applied our action (round-trip figures)
        if len(self.done_at) > 256:
            del self.done_at[next(iter(self.done_at))]

    def on_refused(self, msg: P.RefusedSent, t3: float) -> None:
        self.refused.append({**msgspec.to_builtins(msg), "reason": say(msg.reason, msg.say)})

    def on_error(self, msg: P.ErrorSent, t3: float) -> None:
        self.errors.append(say(msg.reason, msg.say))  # in this program's words (``say``)

    def on_closed(self, msg: P.Closed, t3: float) -> None:
        """The server ended the room or moved our seat to a newer connection."""
        self.closed_reason = say(msg.reason, msg.say)
        self.left = msg.say is not None and msg.say.text == P.LEFT[0]
        self.errors.append(self.closed_reason)

    def learn_nodes(self, nodes: list[str] | None) -> None:
        """A fleet's node addresses (in ``welcome`` and ``net``): where to come back when a node is gone.
        Only those on the host the player joined are kept (``vouched``): a host names no other's."""
        if nodes is not None:
            self.nodes = [u for u in nodes[: P.MAX_NODES] if P.node_url(u) and vouched(self.home, u)]

    def reference(self, spec: GameSpec, seat: int) -> tuple:
        """What a view of this game looks like here: a new game's view for ``seat`` (its JSON), the number
        of seats, the game's phases (``Rules.phases``, when it names them) and its seat-valued fields."""
        if seat not in self._reference:
            rules = spec.rules
            state = rules.new_state(rules.check_options(self.options), 0, len(self.seats), None)
            phases = rules.phases or None
            viewer = None if seat == P.WATCH else seat
            view = codec.state_to_json(rules, rules.view_for(state, viewer))
            self._reference[seat] = (view, len(self.seats), phases, rules.seat_fields)
        return self._reference[seat]

    def has_view(self) -> bool:
        """Its seat's view has come (an onlooker's: the view of no seat)."""
        return (self.you[0] if self.you else P.WATCH) in self.views

    async def rejoin(self) -> Client | None:
        """After a drop: a new connection to this client's room with its tokens (or as an onlooker),
        tried at its server and then at every node of its fleet; None when none takes it back. One
        round: its caller runs one at a time (``remote.NetThread.rejoin``)."""
        for url in dict.fromkeys([self.url, *self.nodes]):
            c = Client(url, home=self.home)
            try:
                await c.connect()
                if self.watching:
                    await c.join(self.room, watch=True)
                else:
                    await c.join(self.room, token=self.tokens[self.you[0]])
                if c.you or c.watching:
                    await c.wait(c.has_view)  # a table draws it at once
            except (OSError, TimeoutError, websockets.WebSocketException):
                await c.close()
                continue
            except asyncio.CancelledError:  # the player left meanwhile: no connection is left behind
                c.abort()
                raise
            if c.has_view():
                c.tokens.update(self.tokens)
                c.nodes = c.nodes or self.nodes
                return c
            await c.close()
        return None

    async def _pong(self, s: int) -> None:
        try:
            await self.send({"type": "pong", "s": s})
        except websockets.ConnectionClosed:
            pass

    async def _sync_loop(self) -> None:
        """Clock samples: SYNC_SAMPLES at first, then one a second in real time; a turn-based table reads no
        clock, so one a minute (one a second from each person was what a server of turn-based rooms was sent most)."""
        last = 0.0
        try:
            for i in range(10_000_000):
                if i < SYNC_SAMPLES or self.realtime or local_ms() - last >= TURNS_SYNC_S * 1000:
                    last = local_ms()
                    await self.send({"type": "sync", "t0": self.clock.local()})
                await asyncio.sleep(0.05 if i < SYNC_SAMPLES else 1.0)
        except websockets.ConnectionClosed:
            pass


# each message type to the method of Client that takes it (``Client.handle``; a test's client may override one)
HANDLERS: dict[type[P.Sent], str] = {
    P.Welcome: "on_welcome",
    P.Moved: "on_moved",
    P.State: "on_state",
    P.SyncSent: "on_sync",
    P.Ping: "on_ping",
    P.Status: "on_status",
    P.HandsSent: "on_hands",
    P.Net: "on_net",
    P.Over: "on_over",
    P.Votes: "on_votes",
    P.Done: "on_done",
    P.RefusedSent: "on_refused",
    P.ErrorSent: "on_error",
    P.Closed: "on_closed",
}
