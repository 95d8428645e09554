"""The seam between a game's table and the network: ``RemoteSession`` looks to a table like a
local ``Session``, but its state is the seat's view sent by the server and ``submit`` sends the
action there. The network runs on an asyncio loop in a background thread (``NetThread``); the
table's thread only reads what the thread has received. No pygame here.

Hosting: ``NetThread.host`` also starts a ``Server`` on that loop, so the host's computer is the
server and keeps the autosave of the game as a local game does.
"""

from __future__ import annotations

import asyncio
import socket
import threading

from tabletop import paths, storage, validate
from tabletop.core.game import Refused
from tabletop.core.registry import REALTIME
from tabletop.session import Seat

from . import kept_seats, portmap
from . import protocol as P
from .client import Client
from .server import DEFAULT_PORT, Server

SUBMIT_WAIT_S = 3.0
BIND = "0.0.0.0"  # a hosted game listens on every address, so a friend on the network reaches it (tests: loopback)
HOST_PORT = DEFAULT_PORT
KNOWN_TOKENS: dict[tuple[str, str], str] = {}  # (server URL, room) -> this program's seat token there


def local_address() -> str:
    """This computer's address on the local network (what a friend types), else 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


class NetThread:
    """An asyncio loop in a daemon thread, with one client (and, when hosting, the server)."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="tabletop-net", daemon=True)
        self.thread.start()
        self.client: Client | None = None
        self.server: Server | None = None
        self.error = ""
        self.reach: portmap.Reach | None = None  # hosting: can a friend elsewhere join? (None: still asking)
        self.resume_token = ""
        self._mapping = None

    def run(self, coro, timeout: float = 10.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def host(self, port: int | None = None, resume: tuple | None = None) -> int:
        """Start a server here (on every address) and connect to it; returns the port. It serves this
        host's own room only: a client elsewhere can join it, never make rooms here. ``resume``:
        (spec, record, kept file, hosted room) of a hosted game kept when its program closed, hosted
        again on its old port when it is free; ``resume_token`` is then the seats here's token."""
        port = HOST_PORT if port is None else port

        async def start():
            self.server = Server(autosave=True, hosted=True)
            try:
                await self.server.start(BIND, port)
            except OSError:
                await self.server.start(BIND, 0)  # the usual port is taken: any free one
            if resume is not None:
                _room, self.resume_token = self.server.resume(*resume)
            return self.server.port

        port = self.run(start())
        threading.Thread(target=self._map_port, args=(port,), name="tabletop-portmap", daemon=True).start()
        return port

    def _map_port(self, port: int) -> None:
        """Ask the router for a way in (it can take a second or two: off the window's thread)."""
        self.reach, self._mapping = portmap.open_port(port, BIND)

    def connect(self, url: str) -> None:
        self.client = Client(url)
        if self.server is not None:
            self.client.host_key = self.server.host_key
        self.run(self.client.connect())

    def connected(self) -> Client:
        """The client of a game under way (a rejoin after a drop replaces it)."""
        if self.client is None:
            raise RuntimeError("no connection to a server yet")
        return self.client

    def rejoin(self) -> None:
        """After a drop: a new connection to the same room with this client's tokens (in the background)."""
        old = self.client

        async def go():
            c = await old.rejoin()  # an onlooker comes back as an onlooker; a fleet's other nodes are tried
            if c is not None:
                self.client = c

        asyncio.run_coroutine_threadsafe(go(), self.loop)

    def close(self) -> None:
        async def stop():
            if self.client is not None:
                await self.client.close()
            if self.server is not None:
                await self.server.close()

        try:
            self.run(stop(), timeout=3)
        except Exception:
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        portmap.close_port(self._mapping)
        self._mapping = None


class RemoteSession:
    """What a game's table needs of a session, for a game played on a server."""

    remote = True
    autosave = False
    save_error = ""
    resumed = False

    def __init__(self, net: NetThread):
        self.net = net
        c = net.connected()
        self.viewer = c.you[0] if c.you else P.WATCH  # whose view the table draws: an onlooker's has no seat
        self.game_no = c.game_no  # a rematch in the room starts the next game (and a new table)
        self.keep_note = ""
        if c.you:
            KNOWN_TOKENS[(c.url, c.room)] = c.tokens[c.you[0]]  # Join again later: the same seat
        if c.you and net.server is None:  # a game on another computer: kept here, so a closed window loses nothing
            names = [s["name"] for s in c.seats]
            self.keep_note = kept_seats.keep(c.url, c.room, c.tokens[c.you[0]], c.you[0], c.spec.id, names)
        self.spec = c.spec
        first = c.views.get(self.viewer)
        self.options = first.options if first is not None and hasattr(first, "options") else {}
        self.you = list(c.you)
        self.bots: dict = {}  # the server plays the computers
        self.seats = [
            Seat(
                name=s["name"], kind="human" if i in self.you else ("computer" if s["kind"] == "computer" else "remote")
            )
            for i, s in enumerate(c.seats)
        ]
        self.seen_n = -1

    @property
    def rules(self):
        return self.spec.rules

    @property
    def record(self):
        """The finished game's record, as the server sent it with the result, checked at the door
        (None before the end, or when it is not a record of this game)."""
        over = self.client.over
        if over is None:
            return None
        try:
            return validate.check_record(over.get("record"), {self.spec.id: self.spec})
        except validate.Invalid:
            return None

    def keep_record(self) -> str:
        """A finished game played on another computer goes to Replays here too (a message if not)."""
        record = self.record
        if record is None or self.net.server is not None:  # none, or the host's program keeps it already
            return ""
        try:
            storage.write_json(paths.saves_dir() / f"{self.spec.id}-online-{self.client.room}.json", record.to_json())
        except OSError as e:
            return f"The finished game could not be kept for Replays ({e.strerror or e})."
        return ""

    @property
    def client(self) -> Client:
        return self.net.connected()

    @client.setter
    def client(self, value) -> None:
        pass  # always the net thread's current client

    @property
    def state(self):
        return self.client.views[self.viewer]

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def outcome(self):
        return self.rules.outcome(self.state)

    def view(self, viewer):
        return self.client.views.get(viewer, self.state)

    def paused_for(self) -> list[str]:
        st = self.client.status
        return list(st.get("waiting_for", [])) if st.get("paused") else []

    def fresh(self) -> bool:
        """True once when a newer view has come from the server."""
        n = self.client.n.get(self.viewer, -1)
        if n != self.seen_n:
            self.seen_n = n
            return True
        return False

    def submit(self, action):
        """Send the action. Turn-based games wait (a moment on a network) for the rules' answer and
        return the new view or the refusal; in real time the table goes on at once."""
        c = self.client
        seat = getattr(action, "player", None)
        if seat is None:  # a tick: the server keeps the clock
            return self.state
        if seat not in self.you:
            return Refused("That is not your seat.")
        if self.spec.dynamics == REALTIME:
            self.net.loop.call_soon_threadsafe(
                lambda: asyncio.ensure_future(c.act(seat, action, stamp=c.clock.server_now()))
            )
            return self.state

        async def go():
            before = len(c.refused)
            n = c.n.get(seat, -1)
            msg_id = await c.act(seat, action)
            await c.wait(
                lambda: any(r["id"] == msg_id for r in c.refused[before:]) or c.n.get(seat, -1) > n or c.closed,
                timeout=SUBMIT_WAIT_S,
            )
            for r in c.refused[before:]:
                if r["id"] == msg_id:
                    return Refused(r["reason"])
            return None

        try:
            refused = self.net.run(go(), timeout=SUBMIT_WAIT_S + 1)
        except Exception:
            return Refused("The server did not answer: check the connection.")
        if refused is not None:
            return refused
        self.fresh()
        return self.state

    def save(self) -> None:
        """The server (the host's computer) keeps the game."""
