"""The online server: rooms of games it owns, one WebSocket per player (docs/online.md).

The server holds each game's state and record (a ``Session``), runs the
computer seats, and applies every action through the rules. A connection
holds the seats it has tokens for and is sent only those seats' views (the
JSON of ``rules.view_for``) and the events in them; the full record only
once the game is over. No pygame here.

Nothing one connection does can hold up another: every message to a
connection goes into that connection's own bounded queue, written by its own
task; a connection whose queue is full or whose write takes longer than
``send_timeout`` is closed. No loop shared by rooms ever awaits a send, and
files are written on a writer thread (``Keeper``), never on the network loop.

Real time: clients keep a clock synchronised with the server's and
stamp each action. The server accepts a stamp within
``[arrival - lowest round trip - STAMP_SLACK_MS, arrival]`` (at most ``lag_cap``
ms), round trips measured only from the server's own send and receive times
of its pings (a pong carries the ping's random nonce, nothing else). Every
action waits until the slower player's one-way latency has passed, then the
held actions are applied in stamp order with the stamp as the action's time.
Two stamps within the rules' 50 ms window are then simultaneous exactly as
on one screen.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import heapq
import itertools
import json
import logging
import os
import queue
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import websockets
from websockets.asyncio.server import Server as WebSocketServer

from tabletop import paths, storage, validate
from tabletop.core import codec
from tabletop.core import record as rec
from tabletop.core.actions import BadAction, action_table, from_json, seat_of
from tabletop.core.game import Refused
from tabletop.core.realtime import Driver
from tabletop.core.registry import REALTIME, load_all
from tabletop.core.undo import ONLINE_UNDO, UNDO_KIND
from tabletop.session import Seat, Session, unique_path

from . import hosted
from . import protocol as P

log = logging.getLogger("tabletop.online")

DEFAULT_PORT = 8765
LAG_CAP_MS = 150
MARGIN_MS = 10  # added to the slower player's one-way latency before held actions are applied
STAMP_SLACK_MS = 5  # a stamp may be this much earlier than arrival minus the lowest round trip
SIMULTANEOUS_MS = 50  # the rules' window: jitter above it makes a match "casual"
RATE = 40.0  # messages a second a connection may send on average
BURST = 80.0
TICK_S = 0.005
PING_S = 0.5  # real time: each connection's round trip is measured twice a second
PING_TURNS_S = 2.0  # turn-based games only show it
RTT_SAMPLES = 16
PINGS_OPEN = 8  # pings awaiting their pong, per connection (older nonces are forgotten)
# a connection's outgoing queue and how long one write may take before the connection is closed
SEND_QUEUE = 512
SEND_TIMEOUT_S = 5.0
# rooms' lifecycle and the limits per address (docs/online.md)
KEEP_EMPTY_S = 600.0  # a room with nobody connected waits this long for its people to come back
FINISHED_GRACE_S = 60.0  # a finished room stays this long (the result, a rematch), then it is freed
MAX_MEMORY_MB = 1024  # no new room while the server's memory is above this
ROOMS_PER_ADDRESS = 8  # open rooms created from one address
CREATES_PER_MINUTE = 20
JOINS_PER_MINUTE = 60  # a dropped player's table tries again every two seconds
KEEP_RECORDS = 1000  # finished records `tabletop serve` keeps in its own folder
RECORD_NAME = re.compile(r"[a-z0-9-]+-\d{8}-\d{6}-[0-9a-f]{6}\.json")  # unique_path's names
BOT_FAILED = "The computer player stopped working, so this game cannot go on."
NOT_KEPT = "The server cannot keep moves just now: try again in a moment."  # a fleet without its Redis


def now_ms() -> float:
    return time.monotonic() * 1000.0


def said(value) -> str:
    """What a client sent, for a log line: escaped and cut short (no forged lines in the log)."""
    return validate.short(value)


def same_secret(a: str, b: str) -> bool:
    """Two tokens compared in constant time (any text a client sends, even not ASCII)."""
    return secrets.compare_digest(a.encode("utf-8", "surrogatepass"), b.encode("utf-8", "surrogatepass"))


def memory_mb() -> float:
    """This process's resident memory (MB); 0 where it cannot be read."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # the peak: the best there is here
        return peak / (2**20 if os.uname().sysname == "Darwin" else 2**10)
    except (ImportError, OSError, AttributeError):
        return 0.0


class Conn:
    """One client connection: the seats it holds, its rate budget, its measured round trips and
    its own outgoing queue and writer (a slow or vanished peer is closed, never waited for)."""

    ids = itertools.count(1)

    def __init__(self, ws, server: Server):
        self.ws = ws
        self.server = server
        self.id = next(Conn.ids)
        address = getattr(ws, "remote_address", None)
        self.address = str(address[0]) if address else "?"
        self.room: Room | None = None
        self.seats: set[int] = set()
        self.last_id = -1
        self.budget = BURST
        self.budget_at = self.server.clock()
        self.logged: set[str] = set()
        self.rtts: deque = deque(maxlen=RTT_SAMPLES)
        self.pings: dict[int, float] = {}  # nonce -> server time it was written
        self.dropped = 0
        self.out: deque = deque()
        self.ready = asyncio.Event()
        self.closed = False
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def allow(self) -> bool:
        """Token bucket: RATE messages a second, BURST at once."""
        t = self.server.clock()
        self.budget = min(BURST, self.budget + (t - self.budget_at) * RATE / 1000.0)
        self.budget_at = t
        if self.budget < 1.0:
            return False
        self.budget -= 1.0
        return True

    def refuse_log(self, kind: str, text: str) -> None:
        """Log a refusal once per connection and kind (a flood writes one line, not thousands)."""
        if kind not in self.logged:
            self.logged.add(kind)
            log.warning("connection %d (%s): %s", self.id, self.address, text)

    # -- round trips, from the server's own clock -------------------------------------------
    def ping(self) -> None:
        nonce = secrets.randbits(P.NONCE_BITS)
        self.pings[nonce] = -1.0  # the writer notes the time it actually goes out
        while len(self.pings) > PINGS_OPEN:
            del self.pings[next(iter(self.pings))]
        self.send({"type": "ping", "s": nonce}, nonce=nonce)

    def pong(self, nonce: int) -> None:
        sent = self.pings.pop(nonce, None)
        if sent is None or sent < 0:
            self.refuse_log("pong", "a pong for no ping of ours")
            return
        self.rtts.append(self.server.clock() - sent)

    @property
    def rtt(self) -> float:
        """The lowest recent round trip (ms): a peer can delay its pongs but never hurry them."""
        return min(self.rtts) if self.rtts else 0.0

    @property
    def jitter(self) -> float:
        """How far the middle round trip lies above the lowest: late pongs among fewer than half
        of the pings do not move it."""
        if len(self.rtts) < 2:
            return 0.0
        s = sorted(self.rtts)
        return s[(len(s) - 1) // 2] - s[0]

    # -- sending: never awaited by anybody but this connection's writer --------------------
    def send(self, msg: dict | str, nonce: int | None = None) -> None:
        if self.closed:
            return
        if len(self.out) >= self.server.send_queue:
            self.kill("it does not read what it is sent")
            return
        self.out.append((msg if isinstance(msg, str) else P.dumps(msg), nonce))
        self.ready.set()

    async def _write(self) -> None:
        try:
            while not self.closed:
                if not self.out:
                    self.ready.clear()
                    await self.ready.wait()
                    continue
                text, nonce = self.out.popleft()
                if nonce is not None and nonce in self.pings:
                    self.pings[nonce] = self.server.clock()
                try:
                    await asyncio.wait_for(self.ws.send(text), self.server.send_timeout)
                except TimeoutError:
                    self.kill("a write did not finish in time")
                    return
        except websockets.ConnectionClosed:
            self.closed = True
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("connection %d: error while sending", self.id)
            self.kill("an error while sending")

    def kill(self, why: str) -> None:
        """Close this connection at once (no closing handshake to wait for)."""
        if self.closed:
            return
        self.closed = True
        self.out.clear()
        self.ready.set()
        log.info("connection %d (%s): closed: %s", self.id, self.address, why)
        transport = getattr(self.ws, "transport", None)
        if transport is not None:
            transport.abort()

    def tell_and_close(self, msg: dict) -> None:
        """Send one last message, then close once it is written (or at once if it cannot be)."""
        self.send(msg)

        async def later():
            end = self.server.clock() + self.server.send_timeout * 1000
            while self.out and not self.closed and self.server.clock() < end:
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.05)
            self.kill("its seat moved to a new connection")

        asyncio.get_running_loop().create_task(later())


class Keeper:
    """Writes files on one thread of its own, in the order asked, so the network loop never waits for
    a disk. Each job is a function; a failing job is logged and the next one runs."""

    def __init__(self):
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.thread: threading.Thread | None = None

    def put(self, job) -> None:
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="tabletop-keeper", daemon=True)
            self.thread.start()
        self.jobs.put(job)

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            try:
                job()
            except Exception:
                log.exception("while writing a room's game")

    def close(self, timeout: float = 5.0) -> None:
        """Finish the writes asked for (at most ``timeout`` seconds) and stop the thread."""
        if self.thread is not None:
            self.jobs.put(None)
            self.thread.join(timeout)
            self.thread = None


class Room:
    def __init__(
        self,
        server,
        code: str,
        spec,
        seats: list[dict],
        options: dict,
        seed=None,
        lag_cap=LAG_CAP_MS,
        setup=None,
        resume: tuple | None = None,
    ):
        """``resume``: (record, kept file, tokens) of a hosted game kept when its program closed
        (``Server.resume``): the same game, kept in the same file, with the same seats' tokens."""
        self.server = server
        self.code = code
        self.spec = spec
        self.rules = spec.rules
        self.kinds = [s["kind"] for s in seats]
        people = [
            Seat(name=s["name"], kind="computer" if s["kind"] == "computer" else "human", level=s["level"])
            for s in seats
        ]
        # the game on the loop is never written from here: the Keeper's thread writes (``keep``)
        self.kept_file: Path | None = None  # the host's kept game (its room's file lies beside it)
        if resume is None:
            self.session = Session.new(spec, people, options, seed=seed, setup=setup, autosave=False)
            self.tokens = [P.new_token() for _ in seats]
        else:
            record, self.kept_file, tokens = resume
            self.session = Session.from_record(spec, copy.deepcopy(record), autosave=False)
            self.tokens = list(tokens)
        self.hashes = [P.token_hash(t) for t in self.tokens]  # a token is checked against its hash
        self.table = action_table(self.rules.actions)
        self.conns: list[Conn | None] = [None] * len(seats)
        self.watchers: dict[Conn, dict | None] = {}  # onlookers, with the last view each was sent
        self.votes: dict[int, bool] = {}  # after the end: each person's answer to a rematch
        # a seat once taken comes back only with its token
        self.claimed = [s["kind"] == "here" or resume is not None for s in seats]
        self.sent_events = [-1] * len(seats)  # per seat: the last event number sent
        self.sent_view: list[dict | None] = [None] * len(seats)  # per seat: the last view sent (JSON)
        self.realtime = spec.dynamics == REALTIME
        self.lag_cap = lag_cap
        self.casual = False
        self.net_sent: dict | None = None
        self.pinged = 0.0  # server ms of the last round of pings
        self.owner = ""  # the address that created it (its limits)
        self.empty_since: float | None = self.server.clock()  # nobody connected since (ms), None while somebody is
        self.finished_at: float | None = None
        self.ended = ""  # why the room was closed before its game ended
        # real time: server ms at round-clock 0; pause bookkeeping; held actions in stamp order
        self.epoch = self.server.clock()
        self.paused_at: float | None = self.server.clock()
        # real time, after a pause: the people's seats still to press ready once everybody is back (a
        # room rebuilt from its journal or hosted again was paused too)
        self.to_ready: set[int] = set()
        self.held: list = []
        self.seq = itertools.count()
        self.settled = 0.0
        self.bot_task: asyncio.Task | None = None
        self.not_kept = False  # the last action could not be written to the fleet's journal
        # saving, off the loop: changes wait here for the Keeper's thread, which owns ``mirror``
        self.unsaved: deque = deque()
        self.save_asked = False
        self.mirror: Session | None = None
        # real-time computer seats: the game's driver moves their hands here, on the server's clock
        self.rt = spec.realtime if self.realtime else None
        self.drivers: dict[int, Driver] = {}
        if self.rt is not None:
            cross = self.rt.hand_speed_ms(self.session.options)
            for i, seat in enumerate(self.session.seats):
                if seat.kind == "computer":
                    level = seat.level or spec.bot_levels[-1]
                    self.drivers[i] = self.rt.make_driver(i, level, self.session.seed * 7919 + i, cross)
        self.driven_at = self.server.clock()
        if resume is not None and self.rt is not None:  # the round clock goes on from where the record left it
            self.epoch -= self.rt.clock_of(self.state)
            self.ask_ready()
        if server.autosave:
            self.keep(self._start_mirror)

    # -- saving (on the Keeper's thread) ----------------------------------------------------
    def keep(self, change) -> None:
        """Ask the writer thread to apply ``change(mirror)`` and save; changes keep their order, and
        changes that pile up while a save is written are saved together."""
        self.unsaved.append(change)
        if not self.save_asked:
            self.save_asked = True
            self.server.keeper.put(self._save)

    def _start_mirror(self, _mirror) -> None:
        s = self.session
        if self.kept_file is not None:  # the kept game goes on in its own file
            self.mirror = Session.from_record(self.spec, copy.deepcopy(s.record), path=self.kept_file)
        else:
            seats = [dataclasses.replace(seat) for seat in s.seats]
            self.mirror = Session.new(self.spec, seats, s.options, seed=s.seed, setup=s.setup, autosave=True)
            self.kept_file = self.mirror.save_path
        if self.server.hosted and self.kept_file is not None:  # so Continue can host this room again
            room = hosted.HostedRoom(self.code, tuple(self.tokens), tuple(self.kinds), self.server.port)
            hosted.keep(self.kept_file, room)

    def _save(self) -> None:
        self.save_asked = False
        changes = []
        while self.unsaved:
            changes.append(self.unsaved.popleft())
        for change in changes:
            change(self.mirror)
        if self.mirror is not None and changes:
            self.mirror.save()
            if self.mirror.outcome() is not None and self.kept_file is not None:
                hosted.forget(self.kept_file)  # finished: nothing to host again

    def kept(self, action_json: dict, state) -> None:
        """An applied action, to be saved (as ``Session.submit`` records it)."""
        if self.server.autosave:

            def change(m, a=action_json, st=state):
                m.record.actions.append(a)
                m.state = st

            self.keep(change)
        if self.server.records is not None and self.session.outcome() is not None:
            data = self.session.record.to_json()  # nothing changes it any more: written as JSON off the loop
            self.server.keeper.put(lambda: self.server.write_record(self.spec.id, data))

    # -- seats and connections --------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The game's state now (each game has its own kind of state)."""
        return self.session.state

    def names(self) -> list[str]:
        return self.session.names()

    def people_seats(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k != "computer"]

    def missing(self) -> list[int]:
        return [i for i in self.people_seats() if self.conns[i] is None]

    def connections(self) -> set[Conn]:
        return {c for c in self.conns if c is not None}

    def unready(self) -> list[int]:
        """The seats the room waits to press ready, once every person is back (none while somebody is away)."""
        return [] if self.missing() else sorted(self.to_ready)

    @property
    def paused(self) -> bool:
        return bool(self.missing() or self.to_ready) and self.session.outcome() is None

    def ask_ready(self) -> None:
        """A real-time game paused mid-play: its clock runs again only once every person, back, says ready."""
        if self.realtime and self.session.outcome() is None and not self.ended:
            self.to_ready = set(self.people_seats())

    def ready(self, conn: Conn) -> None:
        """A person's hands are ready: their seats are; the last of them resumes the clock. A ready the
        room does not wait for (nobody paused, somebody still away, pressed already) changes nothing."""
        mine = conn.seats & set(self.unready())
        if not mine:
            return
        self.to_ready -= mine
        self.on_change(was_paused=True)

    def free_remote_seat(self) -> int | None:
        return next((i for i, k in enumerate(self.kinds) if k == "remote" and not self.claimed[i]), None)

    def seat_info(self) -> list[dict]:
        unready = self.unready()
        return [
            {"name": s.name, "kind": self.kinds[i], "here": self.conns[i] is not None, "ready": i not in unready}
            for i, s in enumerate(self.session.seats)
        ]

    def rename(self, seat: int, name: str) -> None:
        self.session.seats[seat].name = name
        self.session.record.players[seat]["name"] = name
        if self.server.autosave:

            def change(m):
                m.seats[seat].name = name
                m.record.players[seat]["name"] = name
                m.save(whole=True)  # a journal keeps moves only: the players' names are in the whole record

            self.keep(change)

    def attach(self, conn: Conn, seats: list[int]) -> None:
        was_paused = self.paused
        for s in seats:
            old = self.conns[s]
            if old is not None and old is not conn:  # the token came back on a new connection: the seat moves
                old.seats.discard(s)
                old.room = None if not old.seats else old.room
                old.tell_and_close(
                    {"type": "closed", "reason": "Your seat was taken by a new connection with its token."}
                )
            self.conns[s] = conn
            self.claimed[s] = True
            conn.seats.add(s)
            self.sent_events[s] = -1
            self.sent_view[s] = None
        conn.room = self
        self.empty_since = None
        self.net_sent = None  # the newcomer gets the latency figures at the next round of pings
        conn.send(self.welcome(conn, seats))
        if not self.on_change(was_paused):
            for s in sorted(seats):
                self.send_view(s)
        if self.ended:
            conn.send({"type": "closed", "reason": self.ended})
        self.kick_bots()

    def vote_rematch(self, conn: Conn, yes: bool) -> None:
        """A person's answer to a rematch, told to everybody; once every person says yes the room
        plays again, seats swapped (``Server.rematch``)."""
        if self.session.outcome() is None or self.ended or not conn.seats:
            conn.send({"type": "error", "reason": "A rematch is for the players, once the game is over."})
            return
        for s in conn.seats:
            self.votes[s] = yes
        self.broadcast({"type": "rematch", "votes": {str(s): v for s, v in sorted(self.votes.items())}})
        if all(self.votes.get(s) for s in self.people_seats()):
            self.server.rematch(self)

    def watch(self, conn: Conn) -> None:
        """An onlooker: no seat and no token; sent what nobody's secrets are in, as a replay watched
        from no side shows it."""
        self.watchers[conn] = None
        conn.room = self
        conn.send(
            {
                "type": "welcome",
                "room": self.code,
                "game": self.spec.id,
                "options": self.session.options,
                "seats": self.seat_info(),
                "you": [],
                "tokens": {},
                "lag_cap": self.lag_cap,
                "realtime": self.realtime,
                "watch": True,
            }
        )
        conn.send({"type": "status", **self.status()})
        self.send_watch_view(conn)

    def send_watch_view(self, conn: Conn) -> None:
        view = self.rules.view_for(self.session.state, None)
        shown = codec.state_to_json(self.rules, view)
        msg = {
            "type": "state",
            "seat": P.WATCH,
            "n": len(self.session.record.actions),
            "view": P.diff(self.watchers.get(conn), shown),
            "events": [],
        }
        self.watchers[conn] = shown
        if self.realtime:
            msg["epoch"] = self.epoch
        conn.send(msg)

    def detach(self, conn: Conn) -> None:
        self.watchers.pop(conn, None)
        gone = [s for s in conn.seats if self.conns[s] is conn]
        for s in gone:
            self.conns[s] = None
        conn.seats.clear()
        if conn.room is self:
            conn.room = None
        if gone:
            self.ask_ready()
        if gone and self.paused and self.paused_at is None:
            self.paused_at = self.server.clock()
        if not self.connections() and self.empty_since is None:
            self.empty_since = self.server.clock()
        if gone:
            self.broadcast_status()

    def on_change(self, was_paused: bool) -> bool:
        """Who is here or ready changed: everybody is told; a pause that ends resumes the game, and
        everybody gets their view (a real-time clock's epoch moved with the pause). True if it resumed."""
        resumed = was_paused and not self.paused
        if resumed:
            self.resume()
        self.broadcast_status()
        if resumed:
            self.broadcast_views()
        return resumed

    def resume(self) -> None:
        if self.paused_at is not None:
            t = self.server.clock()
            self.epoch += t - self.paused_at  # a paused real-time clock does not run
            self.paused_at = None
            self.settled = max(self.settled, t - self.hold_ms())
            self.driven_at = t  # the computers' hands did not move meanwhile either

    def welcome(self, conn: Conn, seats: list[int]) -> dict:
        msg = {
            "type": "welcome",
            "room": self.code,
            "game": self.spec.id,
            "options": self.session.options,
            "seats": self.seat_info(),
            "you": sorted(conn.seats),
            "tokens": {str(s): self.tokens[s] for s in seats},
            "lag_cap": self.lag_cap,
            "realtime": self.realtime,
        }
        if self.server.fleet is not None:  # where to come back when this node is gone
            msg["nodes"] = self.server.fleet.nodes
        return msg

    def journal(self, entry: dict, now: bool = True) -> bool:
        """A fleet's node: add to the room's journal in Redis (``now``: before anybody is told;
        False when it cannot be written). Without a fleet there is nothing to write."""
        fleet = self.server.fleet
        return fleet is None or fleet.write(self.code, entry, now)

    def end(self, reason: str) -> None:
        """The room cannot go on: tell everybody why; it is freed after the finished-room grace."""
        if self.ended:
            return
        self.ended = reason
        self.held.clear()
        self.finished_at = self.server.clock()
        for c in self.connections():
            c.send({"type": "closed", "reason": reason})

    # -- sending ---------------------------------------------------------------------------
    def send_view(self, seat: int) -> None:
        conn = self.conns[seat]
        if conn is None:
            return
        view = self.rules.view_for(self.session.state, seat)
        events = [e for e in self.rules.events(view, self.names()) if e["n"] > self.sent_events[seat]]
        if events:
            self.sent_events[seat] = events[-1]["n"]
        shown = codec.state_to_json(self.rules, view)
        msg = {
            "type": "state",
            "seat": seat,
            "n": len(self.session.record.actions),
            "view": P.diff(self.sent_view[seat], shown),
            "events": events,
        }
        self.sent_view[seat] = shown
        if self.realtime:
            msg["epoch"] = self.epoch  # server ms at the round clock's 0
        conn.send(msg)

    def broadcast(self, msg: dict, but: Conn | None = None) -> None:
        text = P.dumps(msg)
        for c in self.connections() | set(self.watchers):
            if c is not but:
                c.send(text)

    def broadcast_views(self) -> None:
        for s in range(len(self.conns)):
            self.send_view(s)
        for c in list(self.watchers):
            self.send_watch_view(c)
        out = self.session.outcome()
        if out is not None:
            if self.finished_at is None:
                self.finished_at = self.server.clock()
                self.held.clear()
            self.broadcast(
                {
                    "type": "over",
                    "winner": out.winner,
                    "reason": out.reason,
                    "record": self.session.record.to_json(),  # the whole record, only now
                }
            )

    def status(self) -> dict:
        return {
            "seats": self.seat_info(),
            "paused": self.paused,
            "waiting_for": [self.session.seats[s].name for s in self.missing()],
            "ready_for": [self.session.seats[s].name for s in self.unready()],
        }

    def broadcast_status(self) -> None:
        self.broadcast({"type": "status", **self.status()})

    def broadcast_net(self) -> None:
        pings, jitters = [], []
        for c in self.conns:
            pings.append(None if c is None or not c.rtts else round(c.rtt))
            jitters.append(None if c is None or not c.rtts else round(c.jitter))
        if any(j is not None and j > SIMULTANEOUS_MS for j in jitters):
            self.casual = True  # once a match has been unfair to time, it stays marked
        msg = {"type": "net", "ping": pings, "jitter": jitters, "casual": self.casual}
        if self.server.fleet is not None:  # the fleet's nodes as they are now: where to come back
            msg["nodes"] = self.server.fleet.nodes
        if msg != self.net_sent:  # only news: a room of steady connections sends nothing
            self.net_sent = msg
            self.broadcast(msg)

    # -- actions ---------------------------------------------------------------------------
    def act(self, conn: Conn, msg: dict) -> None:
        seat = msg["seat"]
        if seat not in conn.seats:
            conn.refuse_log("seat", f"room {self.code}: an action for seat {seat}, which it does not hold")
            conn.send({"type": "refused", "id": msg["id"], "reason": "That is not your seat."})
            return
        if msg["id"] <= conn.last_id:
            conn.refuse_log("stale", f"room {self.code}: a stale or replayed action id {msg['id']}")
            return  # dropped: it was already seen (or is older than one that was)
        conn.last_id = msg["id"]
        if self.session.outcome() is not None or self.ended:  # nothing is kept after the end
            conn.refuse_log("over", f"room {self.code}: an action after the game's end")
            conn.send({"type": "refused", "id": msg["id"], "reason": "The game is over."})
            return
        if msg["action"].get("type") == UNDO_KIND:  # online, a move once sent stands (docs/online.md)
            conn.send({"type": "refused", "id": msg["id"], "reason": ONLINE_UNDO})
            return
        try:
            action = from_json(self.table, msg["action"])
        except (BadAction, ValueError, TypeError, OverflowError) as e:
            conn.refuse_log("bad", f"room {self.code}: a malformed action: {said(str(e))}")
            conn.send({"type": "refused", "id": msg["id"], "reason": f"Not an action: {validate.short_line(str(e))}"})
            return
        if seat_of(action) != seat:
            conn.refuse_log("player", f"room {self.code}: an action naming another player")
            conn.send({"type": "refused", "id": msg["id"], "reason": "An action must be for your own seat."})
            return
        if self.paused:
            names = ", ".join(self.session.seats[s].name for s in self.missing() or self.unready())
            why = "" if self.missing() else " to press ready"
            conn.send({"type": "refused", "id": msg["id"], "reason": f"The game is paused: waiting for {names}{why}."})
            return
        if self.realtime:
            self.hold(conn, msg, action)
            return
        self.apply(conn, msg["id"], action)

    def apply(self, conn: Conn | None, msg_id, action) -> bool:
        round_before = self.rt.round_of(self.session.state) if self.rt is not None else None
        before = self.session.state
        n = len(self.session.record.actions)
        try:
            result = self.session.submit(action)
        except Exception as e:  # a value the rules' checks let through: refused, and the room goes on
            log.error("room %s: the rules failed on an action: %s", self.code, said(f"{type(e).__name__}: {e}"))
            result = Refused("That action cannot be used.")
        if isinstance(result, Refused):
            if conn is not None:
                conn.send({"type": "refused", "id": msg_id, "reason": result.reason})
            return False
        if len(self.session.record.actions) > n:
            if not self.journal({"k": "a", "a": self.session.record.actions[-1]}):  # not kept: not done
                self.session.state = before
                del self.session.record.actions[n:]
                self.not_kept = True
                if conn is not None:
                    conn.send({"type": "refused", "id": msg_id, "reason": NOT_KEPT})
                return False
            self.kept(self.session.record.actions[-1], self.session.state)
        if self.rt is not None and self.rt.round_of(self.session.state) != round_before:
            self.epoch += action.t  # the round clock restarts at 0 with the round
        if conn is not None:
            conn.send({"type": "done", "id": msg_id, "n": len(self.session.record.actions)})
        self.broadcast_views()
        self.kick_bots()
        return True

    def bot_failed(self, seat: int, why: str) -> None:
        log.error("room %s: the computer of seat %d failed: %s", self.code, seat, why)
        self.end(BOT_FAILED)

    # -- computer seats (turn-based and simultaneous games) ---------------------------------
    def kick_bots(self) -> None:
        if self.realtime or not self.session.bots or self.ended or (self.bot_task and not self.bot_task.done()):
            return
        self.bot_task = asyncio.get_running_loop().create_task(self.run_bots())

    async def run_bots(self) -> None:
        while self.session.outcome() is None and not self.paused and not self.ended:
            waiting = [s for s in self.rules.to_act(self.session.state) if s in self.session.bots]
            if not waiting:
                return
            await asyncio.sleep(self.server.bot_delay)
            if self.paused or self.session.outcome() is not None or self.ended:
                return
            seat = waiting[0]
            if seat not in self.rules.to_act(self.session.state):
                continue
            try:
                action = self.session.bots[seat].choose(self.rules.view_for(self.session.state, seat))
            except Exception as e:
                self.bot_failed(seat, f"{type(e).__name__}: {e}")
                return
            self.not_kept = False
            if not self.apply(None, 0, action):
                if self.not_kept:  # the fleet's store is out of reach: the computer tries again
                    await asyncio.sleep(0.25)
                    continue
                self.bot_failed(seat, "an illegal move")
                return

    # -- real time --------------------------------------------------------------------------
    def hold_ms(self) -> float:
        """How long an action waits before it is applied: the slower player's one-way latency."""
        worst = max((c.rtt / 2 + c.jitter for c in self.connections()), default=0.0)
        return min(worst + MARGIN_MS, self.lag_cap)

    def hold(self, conn: Conn, msg: dict, action) -> None:
        arrival = self.server.clock()
        stamp = msg.get("stamp", arrival)
        forgiven = min(conn.rtt + STAMP_SLACK_MS, self.lag_cap)
        accepted = min(max(stamp, arrival - forgiven), arrival)
        if accepted != stamp:
            conn.refuse_log("stamp", f"room {self.code}: a stamp outside the accepted window was clamped")
        heapq.heappush(self.held, (accepted, next(self.seq), conn, msg["id"], action))
        self.wake_after_hold(accepted, at_once=True)

    def wake_after_hold(self, stamp: float, at_once: bool = False) -> None:
        """Apply held actions the moment the hold of ``stamp`` is over, not at the loop's next tick
        (``at_once``: even when that moment has passed already)."""
        wait_s = (stamp + self.hold_ms() - self.server.clock()) / 1000.0
        if wait_s > 0 or at_once:
            asyncio.get_running_loop().call_later(max(0.0, wait_s), self.wake)

    def wake(self) -> None:
        if not self.held or self.server.rooms.get(self.code) is not self:
            return
        self.safe_tick()
        if self.held:  # the hold grew meanwhile (a player's latency rose): wake again when it is over
            self.wake_after_hold(self.held[0][0])

    def safe_tick(self) -> None:
        try:
            self.tick()
        except Exception:  # one room's fault must not stop the others
            log.exception("room %s: error while ticking", self.code)
            self.end("The server could not go on with this game.")

    def drive_computers(self) -> None:
        """Real-time computer seats act on the server's clock with no latency, through the same queue."""
        t_now = self.server.clock()
        dt = int(t_now - self.driven_at)
        self.driven_at = t_now
        n = len(self.session.record.actions)
        live = self.session.live  # the room's real-time state: its clock here, the computers' hands
        assert self.rt is not None and live is not None  # only real-time rooms have drivers
        live.clock = max(int(t_now - self.epoch), self.rt.clock_of(self.session.state))
        for seat, driver in self.drivers.items():
            view = self.rules.view_for(self.session.state, seat)
            try:
                actions = list(driver.drive(view, live, dt, n))
            except Exception as e:
                self.bot_failed(seat, f"{type(e).__name__}: {e}")
                return
            for action in actions:
                heapq.heappush(self.held, (t_now, next(self.seq), None, 0, action))

    def tick(self) -> None:
        """Apply held actions whose time has come, in stamp order, then move the round clock on."""
        if self.session.outcome() is not None or self.paused or self.ended or self.rt is None:
            return
        self.drive_computers()
        self.settled = max(self.settled, self.server.clock() - self.hold_ms())
        while self.held and self.held[0][0] <= self.settled and not self.ended:
            stamp, _, conn, msg_id, action = heapq.heappop(self.held)
            state = self.session.state
            t = max(int(round(stamp - self.epoch)), self.rt.clock_of(state))
            timed = dataclasses.replace(action, t=t)
            self.apply(conn, msg_id, timed)
            if self.session.outcome() is not None:
                return
        t = int(self.settled - self.epoch)
        if t > self.rt.clock_of(self.session.state) and not self.ended:
            before = self.session.state
            self.session.submit(self.rt.tick_action(t))
            if self.session.state is not before and len(self.session.record.actions) > 0:
                self.journal({"k": "a", "a": self.session.record.actions[-1]}, now=False)  # with the next
                self.kept(self.session.record.actions[-1], self.session.state)
            if self.session.state is not before and self.rt.stage_of(self.session.state) != self.rt.stage_of(before):
                self.broadcast_views()


class Limits:
    """What one address did lately: its open rooms, its creates and join attempts in the last minute."""

    def __init__(self):
        self.rooms: set[str] = set()
        self.creates: deque = deque()
        self.joins: deque = deque()

    @staticmethod
    def within(times: deque, per_minute: int) -> bool:
        t = now_ms()
        while times and t - times[0] > 60_000:
            times.popleft()
        if len(times) >= per_minute:
            return False
        times.append(t)
        return True

    def idle(self) -> bool:
        t = now_ms()
        return not self.rooms and all(not q or t - q[-1] > 60_000 for q in (self.creates, self.joins))


class Server:
    def __init__(
        self,
        autosave: bool = False,
        bot_delay: float = 0.6,
        lag_cap: int = LAG_CAP_MS,
        hosted: bool = False,
        data: Path | None = None,
        keep_empty: float = KEEP_EMPTY_S,
        finished_grace: float = FINISHED_GRACE_S,
        send_timeout: float = SEND_TIMEOUT_S,
        send_queue: int = SEND_QUEUE,
        max_memory_mb: float = MAX_MEMORY_MB,
        keep_records: int = KEEP_RECORDS,
        clock: Callable[[], float] = now_ms,
        fleet=None,
    ):
        """``clock``: the time (ms) rooms and connections read: round clocks, stamps, round trips,
        rates and rooms' lifecycle (tests pass one that runs faster than the wall clock);
        ``autosave``: keep each room's game as a local game is kept (the host's own game);
        ``hosted``: a game hosted from the launcher: only a ``create`` with ``host_key`` makes a room,
        and only one; ``data``: a folder where finished records are written (``tabletop serve``);
        ``fleet``: a ``fleet.Fleet`` when this server is a node of a fleet on Redis."""
        self.rooms: dict[str, Room] = {}
        self.games = load_all()
        self.autosave = autosave
        self.bot_delay = bot_delay
        self.lag_cap = lag_cap
        self.hosted = hosted
        self.host_key = secrets.token_urlsafe(24)
        self.records = None if data is None else Path(data) / "records"
        self.keep_empty = keep_empty
        self.finished_grace = finished_grace
        self.send_timeout = send_timeout
        self.send_queue = send_queue
        self.max_memory_mb = max_memory_mb
        self.keep_records = keep_records
        self.clock = clock
        self.fleet = fleet
        self.addresses: dict[str, Limits] = {}
        self.keeper = Keeper()
        self.ws_server: WebSocketServer | None = None
        self.port = 0
        self._ticker: asyncio.Task | None = None

    async def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT):
        self.ws_server = await websockets.serve(
            self.handler,
            host,
            port,
            max_size=P.MAX_BYTES,
            max_queue=32,
            ping_interval=5,
            ping_timeout=15,
            close_timeout=self.send_timeout,
        )
        self.port = next(iter(self.ws_server.sockets)).getsockname()[1]
        self._ticker = asyncio.get_running_loop().create_task(self._tick_loop())
        if self.fleet is not None:
            self.fleet.start(self, host)
        return self

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        if self.fleet is not None:
            self.fleet.stop()
        if self.ws_server is not None:
            self.ws_server.close()
            await self.ws_server.wait_closed()
        if self.autosave:  # the kept games' journals are synced and unlocked: Continue can open them
            for room in self.rooms.values():
                room.keep(lambda m: m.close() if m is not None else None)
        await asyncio.to_thread(self.keeper.close)

    async def _tick_loop(self) -> None:
        last_sweep = 0.0
        while True:
            await asyncio.sleep(TICK_S)
            t = self.clock()
            for room in list(self.rooms.values()):
                try:
                    if room.realtime:
                        room.safe_tick()
                    if t - room.pinged >= (PING_S if room.realtime else PING_TURNS_S) * 1000:
                        room.pinged = t
                        for c in room.connections():
                            c.ping()
                        room.broadcast_net()
                except Exception:  # one room's fault must not stop the others
                    log.exception("room %s: error while ticking", room.code)
            if t - last_sweep >= 1000:
                last_sweep = t
                self.sweep()

    # -- rooms' lifecycle -------------------------------------------------------------------
    def sweep(self) -> None:
        """Free finished rooms after their grace and rooms nobody came back to; forget idle addresses."""
        t = self.clock()
        for room in list(self.rooms.values()):
            if room.finished_at is not None and t - room.finished_at >= self.finished_grace * 1000:
                self.free(room, "finished")
            elif room.empty_since is not None and t - room.empty_since >= self.keep_empty * 1000:
                self.free(room, "nobody came back")
        for address in [a for a, lim in self.addresses.items() if lim.idle()]:
            del self.addresses[address]

    def free(self, room: Room, why: str) -> None:
        if self.rooms.get(room.code) is not room:
            return
        del self.rooms[room.code]
        if room.bot_task is not None:
            room.bot_task.cancel()
        room.held.clear()
        for c in room.connections() | set(room.watchers):
            room.detach(c)
        if self.autosave:  # after the writes asked for: the kept game's journal is synced and unlocked
            room.keep(lambda m: m.close() if m is not None else None)
        lim = self.addresses.get(room.owner)
        if lim is not None:
            lim.rooms.discard(room.code)
        if self.fleet is not None:
            self.fleet.freed(room.code)
        log.info("room %s: freed (%s)", room.code, why)

    def limits(self, address: str) -> Limits:
        return self.addresses.setdefault(address, Limits())

    def create(self, game: str, options: dict, seats: list[dict], seed=None, lag_cap=None, setup=None) -> Room:
        """A new room; ``seed`` and ``setup`` (a hand-set position) are for tests, never taken from a client."""
        if game not in self.games:
            raise P.BadMessage(f"unknown game {said(game)}")
        spec = self.games[game]
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise P.BadMessage(f"{spec.name} is for {spec.min_players} to {spec.max_players} players")
        if self.max_memory_mb and memory_mb() > self.max_memory_mb:
            raise P.BadMessage("The server is busy: try again later.")
        for s in seats:
            if s["kind"] == "computer":
                level = spec.level_aliases.get(s["level"], s["level"])
                s["level"] = level if level in spec.bot_levels else spec.bot_levels[-1]
        try:
            options = validate.check_options(spec.rules, options)
        except validate.Invalid as e:
            raise P.BadMessage(str(e)) from None
        code = P.new_code()
        while code in self.rooms:
            code = P.new_code()
        cap = self.lag_cap if lag_cap is None else lag_cap
        room = Room(self, code, spec, seats, options, seed=seed, lag_cap=cap, setup=setup)
        self.rooms[code] = room
        log.info("room %s: %s for %d seats", code, spec.id, len(seats))
        return room

    def rematch(self, room: Room) -> Room:
        """Every person said yes: a new game in the same room (the same code), seats swapped (each
        seat's person, token and connection move one seat on), with everybody attached again."""
        n = len(room.kinds)
        order = [(i + 1) % n for i in range(n)]  # new seat i is old seat order[i]
        old = room.session.seats
        seats = [{"kind": room.kinds[j], "name": old[j].name, "level": old[j].level} for j in order]
        conns = {c: sorted(order.index(s) for s in c.seats) for c in room.connections()}
        watchers = list(room.watchers)
        self.free(room, "rematch")
        made = Room(self, room.code, room.spec, seats, room.session.options, lag_cap=room.lag_cap)
        made.tokens = [room.tokens[j] for j in order]
        made.hashes = [room.hashes[j] for j in order]
        made.claimed = [True] * n
        made.owner = room.owner
        self.rooms[room.code] = made
        if self.fleet is not None and not self.fleet.opened(made):
            log.warning("room %s: the rematch is not in the fleet's journal yet", room.code)
        self.limits(room.owner).rooms.add(room.code)
        log.info("room %s: a rematch, seats swapped", room.code)
        for c, seats_now in conns.items():
            made.attach(c, seats_now)
        for c in watchers:
            made.watch(c)
        return made

    def resume(self, spec, record, kept_file: Path, room: hosted.HostedRoom) -> tuple[Room, str]:
        """Host again a game this program hosted (its kept game and the room kept beside it): the
        same code and the friends' tokens, so their programs get back in by themselves. Returns the
        room and the token of the seats here (new: only this program has it)."""
        here = P.new_token()
        tokens = [here if k == "here" else t for k, t in zip(room.kinds, room.tokens, strict=True)]
        seats = [
            {"kind": k, "name": p["name"], "level": p.get("level", "")}
            for k, p in zip(room.kinds, record.players, strict=True)
        ]
        made = Room(
            self, room.code, spec, seats, record.options, lag_cap=self.lag_cap, resume=(record, kept_file, tokens)
        )
        self.rooms[room.code] = made
        log.info("room %s: %s hosted again from its kept game", room.code, spec.id)
        return made, here

    def rebuild(self, code: str, entries: list[dict]) -> Room:
        """A fleet's room whose node is gone, from its journal (``fleet.py``): the game replayed, the
        seats' token hashes, and paused until its people are back (a real-time clock where it stood, until
        each of them has pressed ready)."""
        head = entries[0]
        spec = self.games[head["game"]]
        record = rec.Record(
            game=spec.id, seed=head["seed"], options=head["options"], players=head["players"], setup=head["setup"]
        )
        taken = set()
        for e in entries[1:]:
            if e["k"] == "a":
                record.actions.append(e["a"])
            elif e["k"] == "seat":
                record.players[e["seat"]]["name"] = e["name"]
                taken.add(e["seat"])
        kinds = head["kinds"]
        seats = [
            {"kind": k, "name": p["name"], "level": p.get("level", "")}
            for k, p in zip(kinds, record.players, strict=True)
        ]
        tokens = [""] * len(kinds)  # only their hashes are kept: a token sent again is the seat's
        room = Room(self, code, spec, seats, record.options, lag_cap=head["lag_cap"], resume=(record, None, tokens))
        room.hashes = list(head["hashes"])
        room.claimed = [k != "remote" or i in taken for i, k in enumerate(kinds)]
        if room.session.outcome() is not None:
            room.finished_at = self.clock()
        self.rooms[code] = room
        return room

    # -- `tabletop serve`'s own records -----------------------------------------------------
    def write_record(self, game_id: str, data: dict) -> None:
        """On the Keeper's thread: a finished room's record, in the server's own folder; then prune."""
        folder = self.records
        if folder is None:  # a server with no folder of its own keeps no records
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
            text = json.dumps(data, separators=(",", ":"))
            storage.write_atomic(unique_path(folder, game_id), text, max_bytes=rec.MAX_BYTES)
        except OSError as e:
            log.error("a finished game's record could not be written: %s", e)
            return
        prune_records(folder, self.keep_records, self.games)

    # -- connections ------------------------------------------------------------------------
    async def handler(self, ws) -> None:
        conn = Conn(ws, self)
        try:
            async for raw in ws:
                if not conn.allow():
                    conn.dropped += 1
                    conn.refuse_log("flood", "too many messages: dropping some")
                    if conn.dropped > 10 * BURST:
                        conn.kill("too many messages")
                        return
                    continue
                try:
                    msg = P.parse(raw)
                except P.BadMessage as e:
                    conn.refuse_log("parse", f"a bad message: {e}")
                    conn.send({"type": "error", "reason": str(e)})
                    continue
                self.dispatch(conn, msg)
        except websockets.ConnectionClosed:
            pass
        except Exception:
            log.exception("connection %d: error", conn.id)
        finally:
            conn.closed = True
            conn.ready.set()
            if conn.room is not None:
                conn.room.detach(conn)

    def dispatch(self, conn: Conn, msg: dict) -> None:
        kind = msg["type"]
        if kind == "sync":  # the client's clock sample: its t0, our receive and send times
            t1 = self.clock()
            conn.send({"type": "sync", "t0": msg["t0"], "t1": t1, "t2": self.clock()})
            return
        if kind == "pong":
            conn.pong(msg["s"])
            return
        if kind == "create":
            self.create_for(conn, msg)
            return
        if kind == "join":
            self.join(conn, msg)
            return
        room = conn.room
        if room is None:
            conn.refuse_log("noroom", "a message before joining a room")
            conn.send({"type": "error", "reason": "Join a room first."})
            return
        if kind == "act":
            room.act(conn, msg)
        elif kind == "view":
            if msg["seat"] not in conn.seats:
                conn.refuse_log("view", f"room {room.code}: asked for the view of seat {msg['seat']}")
                conn.send({"type": "error", "reason": "You may only see your own seat."})
                return
            room.sent_events[msg["seat"]] = -1
            room.sent_view[msg["seat"]] = None
            room.send_view(msg["seat"])
        elif kind == "hands":  # where a real-time seat's hands are: public, passed on to the others
            pos = P.hand_positions(msg["pos"])
            if not room.realtime or msg["seat"] not in conn.seats or pos is None:
                conn.refuse_log("hands", f"room {room.code}: hand positions it may not send")
                return
            room.broadcast({"type": "hands", "seat": msg["seat"], "pos": pos}, but=conn)
        elif kind == "bye":
            if msg.get("gone") and conn.seats and room.session.outcome() is None:  # left on purpose
                who = " and ".join(room.session.seats[s].name for s in sorted(conn.seats))
                room.end(f"{who} left the game.")
            room.detach(conn)
        elif kind == "rematch":
            room.vote_rematch(conn, msg["yes"])
        elif kind == "ready":
            room.ready(conn)

    def create_for(self, conn: Conn, msg: dict) -> None:
        def refuse(reason: str) -> None:
            conn.refuse_log("create", f"a room could not be made: {reason}")
            conn.send({"type": "error", "reason": reason})

        if self.hosted and (not same_secret(msg.get("key", ""), self.host_key) or self.rooms):
            refuse("This game's host makes the room here; join it with its code.")
            return
        if conn.room is not None:
            refuse("This connection already has a room.")
            return
        elsewhere = self.fleet.place() if self.fleet is not None and not msg.get("moved") else None
        if elsewhere is not None:  # a node of the fleet with fewer rooms makes it
            conn.send({"type": "moved", "url": elsewhere})
            return
        lim = self.limits(conn.address)
        if not self.hosted:
            if len(lim.rooms) >= ROOMS_PER_ADDRESS:
                refuse(f"At most {ROOMS_PER_ADDRESS} open rooms from one address: finish or leave one first.")
                return
            if not Limits.within(lim.creates, CREATES_PER_MINUTE):
                refuse("Too many new rooms from this address: wait a minute.")
                return
        try:
            seats = P.seat_specs(msg["seats"])
            if not any(s["kind"] == "here" for s in seats):
                raise P.BadMessage("A room needs its creator at one of its seats.")
            room = self.create(msg["game"], msg.get("options") or {}, seats)
        except P.BadMessage as e:
            refuse(str(e))
            return
        if self.fleet is not None and not self.fleet.opened(room):
            self.free(room, "not in the fleet's store")
            refuse(NOT_KEPT)
            return
        room.owner = conn.address
        lim.rooms.add(room.code)
        room.attach(conn, [i for i, s in enumerate(seats) if s["kind"] == "here"])

    def join(self, conn: Conn, msg: dict) -> None:
        if not Limits.within(self.limits(conn.address).joins, JOINS_PER_MINUTE):
            conn.refuse_log("joins", "too many join attempts")
            conn.send({"type": "error", "reason": "Too many tries to join from this address: wait a minute."})
            return
        code = P.normal_code(msg["room"])
        room = self.rooms.get(code)
        if room is None and self.fleet is not None:  # on another node, or rebuilt here when its node is gone
            elsewhere = self.fleet.find(code)
            if elsewhere is not None:
                conn.send({"type": "moved", "url": elsewhere})
                return
            room = self.rooms.get(code)
        if room is None:
            conn.refuse_log("join", "a join with an unknown room code")
            conn.send({"type": "error", "reason": "No room has that code."})
            return
        if conn.room is not None and conn.room is not room:
            conn.send({"type": "error", "reason": "This connection is already in another room."})
            return
        if msg.get("watch"):
            if conn.room is not None or len(room.watchers) >= P.MAX_WATCHERS:
                conn.send({"type": "error", "reason": "This room has as many onlookers as it takes."})
                return
            room.watch(conn)
            return
        token = msg.get("token")
        if token is not None:
            seats = [i for i, h in enumerate(room.hashes) if same_secret(h, P.token_hash(token))]
            for i in seats:
                room.tokens[i] = token  # a room rebuilt from its journal knows only the hashes
            if not seats:
                conn.refuse_log("token", f"room {room.code}: a wrong token")
                conn.send({"type": "error", "reason": "That token is not for a seat in this room."})
                return
            if conn.seats - set(seats):
                conn.send({"type": "error", "reason": "This connection already holds a seat here."})
                return
        else:
            if conn.seats:  # one connection, one remote seat: a second person needs their own
                conn.refuse_log("second", f"room {room.code}: a second seat for one connection")
                conn.send({"type": "error", "reason": "This connection already holds a seat here."})
                return
            seat = room.free_remote_seat()
            if seat is None:
                conn.send({"type": "error", "reason": "This room has no free seat."})
                return
            if msg.get("name"):
                room.rename(seat, msg["name"])
            room.journal({"k": "seat", "seat": seat, "name": room.session.seats[seat].name}, now=False)
            seats = [seat]
        room.attach(conn, seats)


def prune_records(folder: Path, keep: int, games: dict) -> None:
    """Remove the oldest records beyond the newest ``keep``: only files named as this program names
    them and that read as records; anything else in the folder is left alone."""
    try:
        files = [p for p in folder.iterdir() if RECORD_NAME.fullmatch(p.name) and p.is_file() and not p.is_symlink()]
        files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in files[keep:]:
        try:
            validate.check_record(validate.read_json(old, rec.MAX_BYTES), games)
            old.unlink()
        except (OSError, validate.Invalid):
            continue


async def serve_forever(
    host: str,
    port: int,
    lag_cap: int = LAG_CAP_MS,
    data: Path | None = None,
    keep_empty: float = KEEP_EMPTY_S,
    fleet: dict | None = None,
    bot_delay: float = 0.6,
) -> None:
    """``fleet``: the arguments of ``fleet.Fleet`` when this server is a node of a fleet on Redis."""
    node = None
    if fleet is not None:
        from .fleet import Fleet

        node = Fleet(**fleet)
    server = Server(autosave=False, lag_cap=lag_cap, data=data, keep_empty=keep_empty, fleet=node, bot_delay=bot_delay)
    await server.start(host, port)
    log.info(
        "tabletop server on %s:%d (WebSocket; put TLS in front for the internet, see docs/online.md); records in %s",
        host,
        server.port,
        server.records,
    )
    try:
        await asyncio.Future()
    finally:
        await server.close()


def main(argv: list[str]) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="tabletop serve", description="Run the online server without a window.")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any free one)")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every address)")
    p.add_argument(
        "--lag-cap", type=int, default=LAG_CAP_MS, help="most lag forgiven in a real-time game, ms (default 150)"
    )
    p.add_argument(
        "--keep-empty",
        type=float,
        default=KEEP_EMPTY_S,
        metavar="SECONDS",
        help=f"how long a room nobody is connected to waits for its players (default {KEEP_EMPTY_S:.0f})",
    )
    p.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="the server's own folder for finished games' records (default: 'server' in the data folder)",
    )
    p.add_argument(
        "--computer-pace",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="how long a computer player waits before each move in turn-based games (default 0.6)",
    )
    group = p.add_argument_group("a fleet of servers on Redis (docs/online.md; pip install tabletop[server])")
    group.add_argument(
        "--redis", metavar="URL", help="join the fleet whose rooms are kept in this Redis (redis://HOST:PORT/DB)"
    )
    group.add_argument(
        "--node-url",
        default="",
        metavar="URL",
        help="how players reach this node (default: ws://HOST:PORT of --host and --port)",
    )
    group.add_argument(
        "--heartbeat",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="how often this node says it is alive; it is taken for gone after three missed (default 1)",
    )
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        print("tabletop serve: --port must be 0 to 65535")
        return 2
    if not 0 <= args.keep_empty <= 7 * 24 * 3600:
        print("tabletop serve: --keep-empty must be 0 to 604800 seconds")
        return 2
    if not 0 <= args.computer_pace <= 10:
        print("tabletop serve: --computer-pace must be 0 to 10 seconds")
        return 2
    fleet = None
    if args.redis:
        if not 0.05 <= args.heartbeat <= 60:
            print("tabletop serve: --heartbeat must be 0.05 to 60 seconds")
            return 2
        if args.node_url and not P.node_url(args.node_url):
            print("tabletop serve: --node-url must be ws://HOST:PORT or wss://HOST:PORT/PATH")
            return 2
        try:
            import redis  # noqa: F401
        except ImportError:
            print("tabletop serve: --redis needs the redis package: pip install tabletop[server]")
            return 2
        fleet = {"redis_url": args.redis, "node_url": args.node_url, "heartbeat": args.heartbeat}
    data = args.data if args.data is not None else paths.data_dir() / "server"
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    lag_cap = max(0, min(args.lag_cap, 1000))
    try:
        asyncio.run(serve_forever(args.host, args.port, lag_cap, data, args.keep_empty, fleet, args.computer_pace))
    except KeyboardInterrupt:
        return 0
    except ValueError as e:  # a --redis URL redis cannot read
        print(f"tabletop serve: {validate.short_line(str(e))}")
        return 2
    except OSError as e:
        print(f"tabletop serve: cannot listen on port {args.port}: {e.strerror}")
        return 2
    return 0
