"""The seam between a game's table and the network: ``RemoteSession`` looks to a table like a
local ``Session``, but its state is the seat's view sent by the server and ``submit`` sends the
action there. The network runs on an asyncio loop in a background thread (``NetThread``); the
table's thread only reads what the thread has received. No pygame here.

Hosting: ``NetThread.host`` also starts a ``Server`` on that loop, so the host's computer is the
server and keeps the autosave of the game as a local game does.
"""

from __future__ import annotations

import asyncio
import dataclasses
import socket
import threading
from typing import Any, Protocol

from tabletop import paths, storage, validate
from tabletop.core import record as rec
from tabletop.core.actions import Action, seat_of
from tabletop.core.game import Outcome, Refused
from tabletop.core.realtime import RealtimeState
from tabletop.core.registry import GameSpec
from tabletop.core.undo import ONLINE_UNDO
from tabletop.session import GameSession, Seat, start_live

from . import kept_seats, portmap
from . import protocol as P
from .client import Client
from .server import DEFAULT_PORT, Server

SUBMIT_WAIT_S = 3.0
HANDS_EVERY_MS = 66  # real time: own hands are sent ~15 times a second
CLOCK_STEP_MS = 200  # real time: the clock here catches up with the server's by at most this a frame
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
        self._mapping: portmap.Mapping | None = None

    def run(self, coro, timeout: float = 10.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def host(self, port: int | None = None, resume: tuple | None = None) -> int:
        """Start a server here (on every address) and connect to it; returns the port. It serves this
        host's own room only: a client elsewhere can join it, never make rooms here. ``resume``:
        (spec, record, kept file, hosted room) of a hosted game kept when its program closed, hosted
        again on its old port when it is free; ``resume_token`` is then the seats here's token."""
        want = HOST_PORT if port is None else port

        async def start():
            self.server = Server(autosave=True, hosted=True)
            try:
                await self.server.start(BIND, want)
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

    def connect(self, url: str) -> Client:
        self.client = client = Client(url)
        if self.server is not None:
            client.host_key = self.server.host_key
        self.run(client.connect())
        return client

    def connected(self) -> Client:
        """The client of a game under way (a rejoin after a drop replaces it)."""
        if self.client is None:
            raise RuntimeError("no connection to a server yet")
        return self.client

    def rejoin(self) -> None:
        """After a drop: a new connection to the same room with this client's tokens (in the background)."""
        old = self.client
        assert old is not None  # a drop is of a connection made before

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


class RemoteGame(GameSession, Protocol):
    """What the online table (ui/online_table.py ``Online``) needs of a game played on a server."""

    net: NetThread
    you: list[int]
    game_no: int

    @property
    def client(self) -> Client: ...

    def paused_for(self) -> list[str]: ...

    def ready_for(self) -> list[str]: ...

    def ready_asked(self) -> bool: ...

    def send_ready(self) -> None: ...

    def keep_record(self) -> str: ...

    def follow_clock(self) -> None: ...

    def share_hands(self, dt_ms: float) -> None: ...


class RemoteSession:
    """What a game's table needs of a session (``tabletop.session.GameSession``), for a game played
    on a server. In real time it holds its real-time state as a local session does (``live``): the
    clock follows the server's, its own hands are sent and the others' follow what their computers
    sent (``follow_clock``, ``share_hands``)."""

    remote = True
    autosave = False
    save_error = ""
    resumed = False

    def __init__(self, net: NetThread):
        self.net = net
        c = net.connected()
        assert c.spec is not None, "a remote session is made once the server has said which game"
        self.spec: GameSpec = c.spec
        self.viewer: int = c.you[0] if c.you else P.WATCH  # whose view the table draws: an onlooker's has no seat
        self.game_no = c.game_no  # a rematch in the room starts the next game (and a new table)
        self.keep_note = ""
        if c.you:
            KNOWN_TOKENS[(c.url, c.room)] = c.tokens[c.you[0]]  # Join again later: the same seat
        if c.you and net.server is None:  # a game on another computer: kept here, so a closed window loses nothing
            names = [s["name"] for s in c.seats]
            self.keep_note = kept_seats.keep(c.url, c.room, c.tokens[c.you[0]], c.you[0], c.spec.id, names)
        first = c.views.get(self.viewer)
        self.options = dict(c.options)  # the room's options, as the server sent them
        self.you = list(c.you)
        self.bots: dict = {}  # the server plays the computers
        self.seats: list[Seat] = [
            Seat(
                name=s["name"], kind="human" if i in self.you else ("computer" if s["kind"] == "computer" else "remote")
            )
            for i, s in enumerate(c.seats)
        ]
        self.seen_n: int = -1
        self.live: RealtimeState | None = start_live(self.spec, first) if first is not None else None
        self.hands_ms: float = 0.0  # since own hands were last sent
        self.live_seen: Any = first  # the view the real-time state last followed

    def follow_clock(self) -> None:
        """Real time: the round clock here moves on to the server's (smoothly: a step at most a frame);
        a new round starts the real-time state again, as a local session's does."""
        rt = self.spec.realtime
        if self.live is not None and rt is not None:
            if rt.round_of(self.state) != rt.round_of(self.live_seen):
                self.live = rt.new_state(self.state)
            self.live_seen = self.state
            clock = self.live.clock
            self.live.clock = max(clock, min(self.client.round_clock(), clock + CLOCK_STEP_MS))

    def share_hands(self, dt_ms: float) -> None:
        """Real time: own hands moved at once here and are sent ~15 times a second; the others' hands
        follow what their computers sent, smoothed so they glide rather than jump."""
        live = self.live
        if live is None:
            return
        c = self.client
        self.hands_ms += dt_ms
        if self.hands_ms >= HANDS_EVERY_MS:
            self.hands_ms = 0.0
            for seat in self.you:
                mine = [list(live.hands.pos[seat * 2]), list(live.hands.pos[seat * 2 + 1])]
                msg = {"type": "hands", "seat": seat, "pos": mine}
                self.net.loop.call_soon_threadsafe(lambda m: asyncio.ensure_future(c.send(m)), msg)
        pos: list[Any] = list(live.hands.pos)
        k = min(1.0, dt_ms / 60.0)
        for seat, target in list(c.hands.items()):
            if seat in self.you:
                continue
            for h, (tx, ty) in enumerate(target):
                i = seat * 2 + h
                if i < len(pos):
                    x, y = pos[i]
                    pos[i] = (x + (tx - x) * k, y + (ty - y) * k)
        live.hands = dataclasses.replace(live.hands, pos=tuple(pos))

    @property
    def rules(self) -> Any:
        return self.spec.rules

    @property
    def record(self) -> rec.Record | None:
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
    def state(self) -> Any:
        return self.client.views[self.viewer]

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def view(self, viewer: int | None) -> Any:
        return self.state if viewer is None else self.client.views.get(viewer, self.state)

    def undo_seat(self) -> int | None:
        return None  # moves are not taken back online

    def undo_why(self, player: int) -> str:
        return ONLINE_UNDO

    def kept_here(self) -> bool:
        return self.net.server is not None  # hosted here: this computer's server keeps the game

    def take_notice(self) -> str:
        return ""  # nothing is saved here: the server keeps the game

    def close(self) -> None:
        pass  # no kept file here: the window's net thread is closed by the online screens

    def paused_for(self) -> list[str]:
        st = self.client.status
        return list(st.get("waiting_for", [])) if st.get("paused") else []

    def ready_for(self) -> list[str]:
        """Real time, after a pause: who is still to press ready before the clock runs again."""
        st = self.client.status
        return list(st.get("ready_for", [])) if st.get("paused") else []

    def ready_asked(self) -> bool:
        """Real time, after a pause: the room waits for this person to press ready."""
        return self.client.ready_asked()

    def send_ready(self) -> None:
        """This person's hands are ready again (the room resumes once everybody's are)."""
        c = self.client
        self.net.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(c.ready()))

    def fresh(self) -> bool:
        """True once when a newer view has come from the server."""
        n = self.client.n.get(self.viewer, -1)
        if n != self.seen_n:
            self.seen_n = n
            return True
        return False

    def submit(self, action: Action) -> Any:
        """Send the action. Turn-based games wait (a moment on a network) for the rules' answer and
        return the new view or the refusal; in real time the table goes on at once."""
        c = self.client
        seat = seat_of(action)
        if seat is None:  # a tick: the server keeps the clock
            return self.state
        if seat not in self.you:
            return Refused("That is not your seat.")
        if self.spec.dynamics.clocked:
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
