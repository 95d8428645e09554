"""The seam between a game's table and the network: ``RemoteSession`` looks to a table like a
local ``Session``, but its state is the seat's view sent by the server and ``submit`` sends the
action there. The network runs on an asyncio loop in a background thread (``NetThread``); the
table's thread only reads what the thread has received. No pygame here.

Hosting: ``NetThread.host`` also starts a ``Server`` on that loop, so the host's computer is the
server and keeps the autosave of the game as a local game does.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import socket
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import Any, Protocol, TypeVar

from tabletop import kept, paths, storage, validate
from tabletop.core import record as rec
from tabletop.core.actions import Action, seat_of
from tabletop.core.game import Outcome, Refused
from tabletop.core.i18n import words
from tabletop.core.realtime import RealtimeState
from tabletop.core.registry import GameSpec
from tabletop.core.undo import ONLINE_UNDO
from tabletop.session import GameSession, Seat, start_live

from . import hosted, kept_seats, portmap
from . import protocol as P
from .client import Client
from .server import DEFAULT_PORT, Server

_, ngettext = words(__name__)
T = TypeVar("T")

SUBMIT_WAIT_S = 3.0
HANDS_EVERY_MS = 66  # real time: own hands are sent ~15 times a second while they move
HANDS_AGAIN_MS = 1000  # ...and again about this often while they stand still (one back from a drop sees them)
HANDS_NEAR = 0.005  # table units (80 design pixels each): the others' hands gliding this near are there
CLOCK_STEP_MS = 200  # real time: the clock here catches up with the server's by at most this a frame
BIND = "0.0.0.0"  # a hosted game listens on every address, so a friend on the network reaches it (tests: loopback)
HOST_PORT = DEFAULT_PORT
REJOIN_WAITS_S = (2.0, 4.0, 8.0, 15.0)  # after a drop: the waits after each round that failed (then 15 s each)
# room code -> this program's seat token there: by room, not by address, so a room hosted again on
# another port (or reached by another address) still takes this program back to its seat
KNOWN_TOKENS: dict[str, str] = {}


def local_address() -> str:
    """This computer's address on the local network (what a friend types), else 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


class NetThread:
    """An asyncio loop in a daemon thread, with one client (and, when hosting, the server). The
    window's thread never waits on it: ``start`` hands it a coroutine and returns a future to look
    at each frame; ``run`` (which waits) is for tests and tools only."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="tabletop-net", daemon=True)
        self.thread.start()
        self.client: Client | None = None
        self.server: Server | None = None
        self.error = ""
        self.reach: portmap.Reach | None = None  # hosting: can a friend elsewhere join? (None: still asking)
        self.resume_token = ""
        self._rejoining: Any = None  # the rejoin under way after a drop (a concurrent.futures.Future)
        self._rejoin_task: asyncio.Task | None = None  # the same, on the network's loop
        self._mapping: portmap.Mapping | None = None
        self._closing: Future | None = None

    def start(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        """Run ``coro`` on the network's loop; the window looks at the future each frame."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 10.0) -> T:
        """Wait for ``coro`` (tests and tools; never from the window's thread)."""
        return self.start(coro).result(timeout)

    async def open_host(self, port: int | None = None, resume: tuple | None = None) -> int:
        """Start a server here (on every address); returns the port. It serves this host's own room
        only: a client elsewhere can join it, never make rooms here. ``resume``: (spec, record, kept
        file, hosted room) of a hosted game kept when its program closed, hosted again on its old port
        when it is free; ``resume_token`` is then the seats here's token."""
        want = HOST_PORT if port is None else port
        self.server = Server(autosave=True, hosted=True)
        try:
            await self.server.start(BIND, want)
        except OSError:
            await self.server.start(BIND, 0)  # the usual port is taken: any free one
        if resume is not None:
            _room, self.resume_token = self.server.resume(*resume)
        port = self.server.port
        threading.Thread(target=self._map_port, args=(port,), name="tabletop-portmap", daemon=True).start()
        return port

    def host(self, port: int | None = None, resume: tuple | None = None) -> int:
        return self.run(self.open_host(port, resume))

    def _map_port(self, port: int) -> None:
        """Ask the router for a way in (it can take a second or two: off the window's thread)."""
        self.reach, self._mapping = portmap.open_port(port, BIND)

    async def open(self, url: str) -> Client:
        """Connect to ``url`` (this program's own server, when hosting, with its key)."""
        self.client = client = Client(url)
        if self.server is not None:
            client.host_key = self.server.host_key
        await client.connect()
        return client

    def connect(self, url: str) -> Client:
        return self.run(self.open(url))

    def connected(self) -> Client:
        """The client of a game under way (a rejoin after a drop replaces it)."""
        if self.client is None:
            raise RuntimeError("no connection to a server yet")
        return self.client

    def rejoin(self) -> None:
        """After a drop: a new connection to the same room with this client's tokens (in the background),
        one round at a time: after a round that failed, a longer wait each time (REJOIN_WAITS_S). While
        one is under way, asking again does nothing."""
        if self._rejoining is not None and not self._rejoining.done():
            return
        old = self.client
        assert old is not None  # a drop is of a connection made before

        async def go() -> None:
            self._rejoin_task = asyncio.current_task()
            for tried in range(10**9):
                c = await old.rejoin()  # an onlooker comes back as an onlooker; a fleet's other nodes are tried
                if c is not None:
                    if self._closing is None:
                        self.client = c
                    else:  # left meanwhile: nothing to come back to
                        await c.close()
                    return
                await asyncio.sleep(REJOIN_WAITS_S[min(tried, len(REJOIN_WAITS_S) - 1)])

        self._rejoining = self.start(go())

    def leave(self, gone: bool = False, finished: bool = False) -> Future:
        """Leave the room on purpose (docs/online.md, ``bye``), then close everything: a finished
        game's rematch is declined first; ``gone``: a game in play ends for everybody."""
        goodbye = [{"type": "rematch", "yes": False}] if finished else []
        return self.close(goodbye + [{"type": "bye", "gone": gone}])

    def close(self, goodbye: list[dict] | None = None) -> Future:
        """Send ``goodbye``, close the connection, stop a server hosted here once the others were
        told, give the router's way in back, and stop the loop. Returns at once (the future is done
        when all is closed); a second call returns the first's future."""
        if self._closing is not None:
            return self._closing
        self._closing = fut = self.start(self._stop(goodbye or []))
        return fut

    def wait_closed(self, timeout: float = 5.0) -> bool:
        """Wait until ``close`` has finished (a program that ends; tests)."""
        try:
            self.close().result(timeout)
        except Exception:
            pass
        self.thread.join(timeout)
        return not self.thread.is_alive()

    async def _stop(self, goodbye: list[dict]) -> None:
        task = self._rejoin_task
        if task is not None and not task.done():  # a rejoin under way closes the connection it was making
            task.cancel()
            await asyncio.wait([task], timeout=2)
        c, server = self.client, self.server
        try:
            if c is not None and not c.closed:
                try:
                    for msg in goodbye:
                        await asyncio.wait_for(c.send(msg), 1.0)
                except Exception:
                    pass  # the connection is gone: the others see a drop instead
            if c is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(c.close(), 2.0)
            if server is not None:
                if goodbye:
                    await self._told(server)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(server.close(), 3.0)
                await asyncio.to_thread(self._forget_left, server)
            if self._mapping is not None:
                mapping, self._mapping = self._mapping, None
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.to_thread(portmap.close_port, mapping), 3.0)
        finally:
            self.loop.call_soon(self.loop.stop)

    @staticmethod
    def _forget_left(server: Server) -> None:
        """A game hosted here that somebody left on purpose has ended: its kept file goes (Continue
        does not offer a game the others were told is over)."""
        for room in server.rooms.values():
            kept_file = room.keeping.kept_file if room.keeping is not None else None
            left = room.ended.get("say", {}).get("text") == P.LEFT[0]
            if left and kept_file is not None and room.session.outcome() is None:
                kept.delete(kept.Entry(kept_file, 0.0, room.spec.id))
                hosted.forget(kept_file)

    @staticmethod
    async def _told(server: Server) -> None:
        """A server hosted here: until what its rooms still have to tell the others went out (at most a second)."""
        end = asyncio.get_running_loop().time() + 1.0
        while asyncio.get_running_loop().time() < end:
            conns = [c for room in server.rooms.values() for c in (*room.connections(), *room.watchers)]
            if not any(c.out for c in conns):
                return
            await asyncio.sleep(0.01)


@dataclasses.dataclass
class Sending:
    """A turn-based move sent to the server, until it answers."""

    action: Action
    client: Client
    seat: int
    n: int  # the seat's view number when it was sent: a higher one means it was applied
    refused: int  # how many refusals had come before it
    at: float  # time.monotonic() when it was sent
    future: Future | None = None  # the message id, once it went out


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

    def count(self, key: str) -> int | None: ...

    def send_ready(self) -> None: ...

    def keep_record(self) -> str: ...

    def follow_clock(self, update: Callable[[], None]) -> None: ...

    def settled(self, timed: bool) -> bool: ...

    def answer(self) -> tuple[Action | None, str]: ...

    def waiting_s(self) -> float: ...

    handed_on: bool

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
            KNOWN_TOKENS[c.room] = c.tokens[c.you[0]]  # Join again later: the same seat
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
        self.hands_sent: dict = {}  # seat -> own hands where they were last sent
        self.live_seen: Any = first  # the view the real-time state last followed
        self.sending: Sending | None = None  # a turn-based move on its way to the server
        self.handed_on = False  # a rematch: the next game's table goes on with this connection

    def follow_clock(self, update: Callable[[], None]) -> None:
        """Real time: ``update`` (the table's) moves the round clock here on by the time that passed;
        then it keeps to the server's: it catches up by a step at most a frame, and waits for the
        server's rather than run ahead, never going back. A new round starts the real-time state
        again first, as a local session's does."""
        rt = self.spec.realtime
        if self.live is None or rt is None:
            update()
            return
        if rt.round_of(self.state) != rt.round_of(self.live_seen):
            self.live = rt.new_state(self.state)
        self.live_seen = self.state
        before = self.live.clock
        update()
        clock = self.live.clock
        self.live.clock = max(before, min(self.client.round_clock(), clock + CLOCK_STEP_MS))

    def settled(self, timed: bool) -> bool:
        """Real time: nothing here moves by itself: the clock keeps up with the server's (``timed``: the
        table shows it running), the others' hands are where their computers sent them, and one's own
        were sent where they are."""
        live = self.live
        if live is None:
            return True
        c = self.client
        if timed and c.round_clock() - live.clock > CLOCK_STEP_MS / 4:
            return False
        pos = live.hands.pos
        if any(
            pos[seat * 2 + h] != tuple(xy)
            for seat, target in list(c.hands.items())  # the network thread adds to it
            if seat not in self.you
            for h, xy in enumerate(target)
            if seat * 2 + h < len(pos)
        ):
            return False
        return self._own_hands() == self.hands_sent

    def _own_hands(self) -> dict:
        pos = self.live.hands.pos if self.live is not None else ()
        return {seat: [list(pos[seat * 2]), list(pos[seat * 2 + 1])] for seat in self.you if seat * 2 + 1 < len(pos)}

    def share_hands(self, dt_ms: float) -> None:
        """Real time: own hands moved at once here and are sent ~15 times a second; the others' hands
        follow what their computers sent, smoothed so they glide rather than jump."""
        live = self.live
        if live is None:
            return
        c = self.client
        self.hands_ms += dt_ms
        mine = self._own_hands()
        if self.hands_ms >= HANDS_EVERY_MS and (mine != self.hands_sent or self.hands_ms >= HANDS_AGAIN_MS):
            self.hands_ms, self.hands_sent = 0.0, mine
            for seat, at in mine.items():
                msg = {"type": "hands", "seat": seat, "pos": at}
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
                    near = abs(tx - x) + abs(ty - y) < HANDS_NEAR
                    pos[i] = (tx, ty) if near else (x + (tx - x) * k, y + (ty - y) * k)
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
        """A finished game played on another computer goes to Replays here too, in a file of its own
        (every game, rematches included: its name is the game's own digest, made here, never a name
        the host sent).
        A message if it could not be kept."""
        record = self.record
        if record is None or self.net.server is not None:  # none, or the host's program keeps it already
            return ""
        try:
            digest = hashlib.sha256(record.dumps().encode("utf-8")).hexdigest()[:16]  # one file a game
            path = paths.file_in(paths.saves_dir(), f"{self.spec.id}-online-{digest}.json")
            storage.write_json(path, record.to_json())
        except OSError as e:
            return _("The finished game could not be kept for Replays ({why}).").format(why=e.strerror or e)
        return ""

    @property
    def client(self) -> Client:
        return self.net.connected()

    @client.setter
    def client(self, value: Client) -> None:
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
        return _(ONLINE_UNDO)

    def kept_here(self) -> bool:
        return self.net.server is not None  # hosted here: this computer's server keeps the game

    def take_notice(self) -> str:
        return ""  # nothing is saved here: the server keeps the game

    def close(self) -> None:
        """The table is gone (the menu, the window closed): leave the room with a goodbye that ends
        nothing (the seat waits, as after a drop; Continue comes back to it) and close the
        connection; a server hosted here stops, its game kept. A table that hands the connection on
        to the next game of a rematch closes nothing (``handed_on``); a table left from its menus has
        said its own goodbye first (``NetThread.leave``)."""
        if not self.handed_on:
            self.net.close([{"type": "bye"}])

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

    def count(self, key: str) -> int | None:
        """A count the room sends in its status, in whole seconds (``ready_in``: until the room goes
        on without the readies; ``move_in``: until the computer moves for the person to move);
        None when there is none, or what came is not a count."""
        value = self.client.status.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 86_400:
            return value
        return None

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
        """Send the action and go on at once: the view here until the server's answer comes
        (``answer``, each frame); one turn-based move is on its way at a time."""
        c = self.client
        seat = seat_of(action)
        if seat is None:  # a tick: the server keeps the clock
            return self.state
        if seat not in self.you:
            return Refused(_("That is not your seat."))
        if self.spec.dynamics.clocked:
            self.net.loop.call_soon_threadsafe(
                lambda: asyncio.ensure_future(c.act(seat, action, stamp=c.clock.server_now()))
            )
            return self.state

        if self.sending is not None:
            return Refused(_("Your last move is still on its way to the server."))
        self.sending = Sending(action, c, seat, c.n.get(seat, -1), len(c.refused), time.monotonic())
        self.sending.future = self.net.start(c.act(seat, action))
        return self.state  # the answer comes later (``answer``): the window never waits for the network

    def answer(self) -> tuple[Action | None, str]:
        """What the server said to the move in flight, looked at each frame: (the move, "") once it
        was applied, (the move, the reason) once refused or after SUBMIT_WAIT_S without an answer,
        (None, "") while it is still on its way or when there is none."""
        sent = self.sending
        if sent is None:
            return None, ""
        c, fut = sent.client, sent.future
        failed = fut is not None and fut.done() and fut.exception() is not None
        msg_id = fut.result() if fut is not None and fut.done() and not failed else None
        if msg_id is not None:
            why = next((r["reason"] for r in c.refused[sent.refused :] if r["id"] == msg_id), None)
            if why is not None:
                return self._answered(why)
            if c.n.get(sent.seat, -1) > sent.n:
                return self._answered("")
        if c is not self.client or c.closed:
            return self._answered("")  # dropped: the table joins again and shows where the game is
        if failed or time.monotonic() - sent.at >= SUBMIT_WAIT_S:
            return self._answered(_("The server did not answer: check the connection."))
        return None, ""

    def _answered(self, why: str) -> tuple[Action | None, str]:
        sent, self.sending = self.sending, None
        self.fresh()
        return (sent.action if sent is not None else None), why

    def waiting_s(self) -> float:
        """How long the move in flight has been on its way (0 when none is)."""
        return 0.0 if self.sending is None else max(1e-6, time.monotonic() - self.sending.at)

    def save(self) -> None:
        """The server (the host's computer) keeps the game."""
