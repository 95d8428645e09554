"""The online server: it accepts connections, makes rooms (``room.py``: a game and the people in it),
finds them by code, keeps each address within its limits, frees rooms that are done or left, and writes
finished records; ``tabletop serve`` is ``main`` (docs/online.md). No pygame here.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import websockets
from websockets.asyncio.server import Server as WebSocketServer

from tabletop import paths, storage, validate
from tabletop.core import record as rec
from tabletop.core.i18n import N_, N_plural
from tabletop.core.registry import GameSpec, load_all
from tabletop.session import unique_path

from . import hosted
from . import protocol as P
from .conn import BURST, Conn, said
from .door import CONNS_PER_ADDRESS, Door, Limits, networks
from .keeper import Keeper
from .room import LAG_CAP_MS, NOT_KEPT, READY_WAIT_S, WATCHERS_PER_ADDRESS, Room

log = logging.getLogger("tabletop.online")
WEBSOCKETS_LOG = logging.getLogger("tabletop.online.websockets")  # its warnings only: not a line a connection
WEBSOCKETS_LOG.setLevel(logging.WARNING)

DEFAULT_PORT = 8765
TICK_S = 0.005
TURNS_TICK_S = 0.1  # a turn-based room's pings and move clock need nothing finer
PING_S = 0.5  # real time: each connection's round trip is measured twice a second
PING_TURNS_S = 2.0  # turn-based games only show it
# a connection's outgoing queue and how long one write may take before the connection is closed
SEND_QUEUE = 512
SEND_TIMEOUT_S = 5.0
# rooms' lifecycle and the limits per address (docs/online.md)
KEEP_EMPTY_S = 600.0  # a room with nobody connected waits this long for its people to come back
JOIN_WITHIN_S = 20.0  # a connection that has made or joined no room by then is closed (idle ones cost)
FINISHED_GRACE_S = 60.0  # a finished room stays this long (the result, a rematch), then it is freed
MAX_ROOMS = 4000  # no new room while this many are open (each holds a game and its people)
ROOMS_PER_ADDRESS = 8  # open rooms created from one address
CREATES_PER_MINUTE = 20
JOINS_PER_MINUTE = 60  # a dropped player's table tries again every two seconds
MIN_MOVE_CLOCK_S = 10.0  # the shortest time a move's clock gives
KEEP_RECORDS = 1000  # finished records `tabletop serve` keeps in its own folder
# what a room's maker is told, with a count filled in (the client says it in its player's language)
ROOMS = N_plural(
    "At most {n} open room from one address: finish or leave it first.",
    "At most {n} open rooms from one address: finish or leave one first.",
)
PLAYERS = N_plural("{game} is for {least} to {n} player.", "{game} is for {least} to {n} players.")
RECORD_NAME = re.compile(r"[a-z0-9-]+-\d{8}-\d{6}-[0-9a-f]{6}\.json")  # unique_path's names


def now_ms() -> float:
    return time.monotonic() * 1000.0


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


FREEZE_S = 1  # the objects alive this long are set aside from Python's cycle collector ...
COLLECT_S = 600  # ... and this often everything is collected once, set aside or not


class Collector:
    """Python's cycle collector, made to fit a server of a thousand rooms. Left alone, its full pass over
    every object of every room took 100-240 ms a few times a minute, and every action waiting then waited
    as long: that was most of the p99 of the capacity bench (188 ms; 66 ms with this). So every FREEZE_S
    what is alive is set aside (``gc.freeze``: refcounts still free it; only cycles among it wait), and a
    full pass runs once every COLLECT_S, which frees any cycle left among what was set aside."""

    def __init__(self) -> None:
        self.frozen_at = self.collected_at = 0.0

    def tend(self, t: float) -> None:
        """``t``: the server's clock in ms (the tick loop calls this once a second)."""
        if not self.collected_at:
            self.frozen_at = self.collected_at = t
        elif t - self.collected_at >= COLLECT_S * 1000:
            self.collected_at = self.frozen_at = t
            gc.unfreeze()
            gc.collect()
            gc.freeze()
        elif t - self.frozen_at >= FREEZE_S * 1000:
            self.frozen_at = t
            gc.freeze()


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
        join_within: float = JOIN_WITHIN_S,
        max_rooms: int = MAX_ROOMS,
        max_connections: int = 0,
        conns_per_address: int = CONNS_PER_ADDRESS,
        trust_proxy: list[str] | None = None,
        keep_records: int = KEEP_RECORDS,
        ready_wait: float = READY_WAIT_S,
        move_clock: float = 0.0,
        clock: Callable[[], float] = now_ms,
        fleet: Any = None,
    ) -> None:
        """``clock``: the time (ms) rooms and connections read: round clocks, stamps, round trips,
        rates and rooms' lifecycle (tests pass one that runs faster than the wall clock);
        ``autosave``: keep each room's game as a local game is kept (the host's own game);
        ``hosted``: a game hosted from the launcher: only a ``create`` with ``host_key`` makes a room,
        and only one; ``data``: a folder where finished records are written (``tabletop serve``);
        ``fleet``: a ``fleet.Fleet`` when this server is a node of a fleet on Redis; ``max_connections``
        (0: as many as it has file descriptors to spare), ``conns_per_address`` and ``trust_proxy`` (the
        proxies whose X-Forwarded-For names the real client) are the door's (``door.py``)."""
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
        self.join_within = join_within
        self.max_rooms = max_rooms
        self.keep_records = keep_records
        self.ready_wait = ready_wait  # seconds a real-time room waits for a ready once everybody is back
        self.move_clock = (
            move_clock  # seconds a turn-based move may take (0: no clock); a room's creator may set its own
        )
        self.clock = clock
        self.fleet = fleet
        self.door = Door(max_connections, conns_per_address, networks(trust_proxy or []))
        self.keeper = Keeper()
        self.ws_server: WebSocketServer | None = None
        self.port = 0
        self.collector = Collector()  # Python's cycle collector, paced for many rooms
        self._ticker: asyncio.Task | None = None

    async def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> Server:
        self.ws_server = await websockets.serve(
            self.handler,
            host,
            port,
            max_size=P.MAX_BYTES,
            max_queue=32,
            ping_interval=20,  # a room's connections are pinged twice a second by the room itself
            ping_timeout=20,
            close_timeout=self.send_timeout,
            create_connection=self.door.connection_class(),
            logger=WEBSOCKETS_LOG,
            process_request=self.door.process_request,
        )
        self.door.watch_accepts(asyncio.get_running_loop())
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
        for room in self.rooms.values():  # the kept games' journals are synced and unlocked: Continue opens them
            if room.keeping is not None:
                room.keeping.close()
        await asyncio.to_thread(self.keeper.close)

    async def _tick_loop(self) -> None:
        """Real-time rooms every TICK_S; every room (their pings and move clocks) every TURNS_TICK_S:
        a thousand turn-based rooms cost nothing between their pings."""
        last_sweep = last_turns = 0.0
        live: list[Room] = []
        while True:
            await asyncio.sleep(TICK_S)
            t = self.clock()
            sweep = t - last_sweep >= 1000
            if sweep or t - last_turns >= TURNS_TICK_S * 1000:
                last_turns = t
                rooms = list(self.rooms.values())
                live = [r for r in rooms if r.realtime]
            else:  # a room freed (or made again by a rematch) since is left out
                rooms = [r for r in live if self.rooms.get(r.code) is r]
            for room in rooms:
                try:
                    if sweep:
                        room.check_clocks()
                    if room.realtime:
                        room.safe_tick()
                    if t - room.pinged >= (PING_S if room.realtime else PING_TURNS_S) * 1000:
                        room.pinged = t
                        for c in room.connections():
                            c.ping()
                        room.broadcast_net()
                except Exception:  # one room's fault must not stop the others
                    log.exception("room %s: error while ticking", room.code)
            if sweep:
                last_sweep = t
                self.sweep()
                self.collector.tend(t)

    # -- rooms' lifecycle -------------------------------------------------------------------
    def sweep(self) -> None:
        """Free finished rooms after their grace and rooms nobody came back to; forget idle addresses."""
        t = self.clock()
        for room in list(self.rooms.values()):
            if room.finished_at is not None and t - room.finished_at >= self.finished_grace * 1000:
                self.free(room, "finished")
            elif room.empty_since is not None and t - room.empty_since >= self.keep_empty * 1000:
                self.free(room, "nobody came back")
        self.door.forget_idle()

    def free(self, room: Room, why: str) -> None:
        if self.rooms.get(room.code) is not room:
            return
        del self.rooms[room.code]
        if room.bot_task is not None:
            room.bot_task.cancel()
        room.held.clear()
        for c in room.connections() | set(room.watchers):
            room.detach(c)
        if room.keeping is not None:
            room.keeping.close()
        lim = self.door.addresses.get(room.owner)
        if lim is not None:
            lim.rooms.discard(room.code)
        if self.fleet is not None:
            self.fleet.freed(room.code)
        log.info("room %s: freed (%s)", room.code, why)

    def limits(self, address: str) -> Limits:
        return self.door.limits(address)

    def create(
        self,
        game: str,
        options: dict,
        seats: list[dict],
        seed: int | None = None,
        lag_cap: int | None = None,
        setup: Any = None,
    ) -> Room:
        """A new room; ``seed`` and ``setup`` (a hand-set position) are for tests, never taken from a client."""
        if game not in self.games:
            raise P.BadMessage(N_("This server does not have the game {game}."), game=said(game))
        spec = self.games[game]
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise P.BadMessage(*PLAYERS, game=spec.name, least=spec.min_players, n=spec.max_players)
        if len(self.rooms) >= self.max_rooms:  # a count that falls as rooms are freed (memory, in Python, does not)
            raise P.BadMessage(N_("The server is busy: try again later."))
        for s in seats:
            if s["kind"] == "computer" and not spec.has_computer:
                raise P.BadMessage(N_("{game} has no computer players."), game=spec.name)
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
        made.move_clock_ms = room.move_clock_ms
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

    def resume(self, spec: GameSpec, record: rec.Record, kept_file: Path, room: hosted.HostedRoom) -> tuple[Room, str]:
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
        room.owner = str(head.get("owner", ""))
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
    async def handler(self, ws: Any) -> None:  # a websockets ServerConnection (the door's own)
        conn = Conn(ws, self)
        lim = self.limits(conn.address)
        asyncio.get_running_loop().call_later(self.join_within, self.close_if_roomless, conn)
        try:
            async for raw in ws:
                began = time.thread_time()  # the processor's time, not the clock's (others' turns)
                if not conn.allow():  # over its rate: dropped, and closed after a burst of them
                    conn.dropped += 1
                    conn.refuse_log("flood", "too many messages: dropping some")
                    if conn.dropped > BURST:
                        conn.kill("too many messages")
                        return
                else:
                    try:
                        msg = P.parse(raw)
                    except P.BadMessage as e:
                        conn.refuse_log("parse", f"a bad message: {e}")
                        conn.send({"type": "error", "reason": str(e)})
                    else:
                        self.dispatch(conn, msg)
                if not lim.spend(len(raw), (time.thread_time() - began) * 1000.0):
                    self.door.quiet.warn(
                        f"over {conn.address}", f"{conn.address}: over its budget, a connection closed"
                    )
                    conn.kill("its address went over its budget")
                    return
        except websockets.ConnectionClosed:
            pass
        except Exception:
            log.exception("connection %d: error", conn.id)
        finally:
            conn.closed = True
            conn.ready.set()
            if conn.room is not None:
                conn.room.detach(conn)

    @staticmethod
    def close_if_roomless(conn: Conn) -> None:
        """A connection open for ``join_within`` seconds that never made or joined a room: closed."""
        if not conn.joined:
            conn.kill("it made or joined no room")

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
            conn.send({"type": "error", "reason": N_("Join a room first.")})
            return
        if kind == "act":
            room.act(conn, msg)
        elif kind == "view":
            if msg["seat"] not in conn.seats:
                conn.refuse_log("view", f"room {room.code}: asked for the view of seat {msg['seat']}")
                conn.send({"type": "error", "reason": N_("You may only see your own seat.")})
                return
            room.send_view(msg["seat"], whole=True)
        elif kind == "hands":  # where a real-time seat's hands are: public, passed on to the others
            pos = P.hand_positions(msg["pos"])
            if not room.realtime or msg["seat"] not in conn.seats or pos is None:
                conn.refuse_log("hands", f"room {room.code}: hand positions it may not send")
                return
            room.broadcast({"type": "hands", "seat": msg["seat"], "pos": pos}, but=conn)
        elif kind == "bye":
            if msg.get("gone") and conn.seats and room.session.outcome() is None:  # left on purpose
                who = ", ".join(room.session.seats[s].name for s in sorted(conn.seats))
                room.end(*P.LEFT, n=len(conn.seats), names=who)
            room.detach(conn)
        elif kind == "rematch":
            room.vote_rematch(conn, msg["yes"])
        elif kind == "ready":
            room.ready(conn)

    def create_for(self, conn: Conn, msg: dict) -> None:
        def refuse(told: dict) -> None:
            conn.refuse_log("create", f"a room could not be made: {told['reason']}")
            conn.send({"type": "error", **told})

        if self.hosted and (not same_secret(msg.get("key", ""), self.host_key) or self.rooms):
            refuse(P.told(N_("This game's host makes the room here; join it with its code.")))
            return
        if conn.room is not None:
            refuse(P.told(N_("This connection already has a room.")))
            return
        elsewhere = self.fleet.place() if self.fleet is not None and not msg.get("moved") else None
        if elsewhere is not None:  # a node of the fleet with fewer rooms makes it
            conn.send({"type": "moved", "url": elsewhere})
            return
        lim = self.limits(conn.address)
        if not self.hosted:
            fleetwide = self.fleet.rooms_of(conn.address) if self.fleet is not None else None
            if max(len(lim.rooms), fleetwide or 0) >= ROOMS_PER_ADDRESS:
                refuse(P.told(*ROOMS, n=ROOMS_PER_ADDRESS))
                return
            if not Limits.within(lim.creates, CREATES_PER_MINUTE):
                refuse(P.told(N_("Too many new rooms from this address: wait a minute.")))
                return
        try:
            seats = P.seat_specs(msg["seats"])
            if not any(s["kind"] == "here" for s in seats):
                raise P.BadMessage(N_("A room needs its creator at one of its seats."))
            room = self.create(msg["game"], msg.get("options") or {}, seats)
        except P.BadMessage as e:
            refuse(e.told)
            return
        room.owner = conn.address
        if self.fleet is not None and not self.fleet.opened(room, counted=bool(msg.get("moved"))):
            self.free(room, "not in the fleet's store")
            refuse(P.told(NOT_KEPT))
            return
        asked = self.move_clock if msg.get("move_clock") is None else msg["move_clock"]
        room.move_clock_ms = 1000 * max(MIN_MOVE_CLOCK_S, asked) if asked else 0.0
        lim.rooms.add(room.code)
        room.attach(conn, [i for i, s in enumerate(seats) if s["kind"] == "here"])

    def join(self, conn: Conn, msg: dict) -> None:
        if not Limits.within(self.limits(conn.address).joins, JOINS_PER_MINUTE):
            conn.refuse_log("joins", "too many join attempts")
            conn.send({"type": "error", "reason": N_("Too many tries to join from this address: wait a minute.")})
            return
        code = P.normal_code(msg["room"])
        room = self.rooms.get(code)
        if room is None and self.fleet is not None:  # on another node, or rebuilt here when its node is gone
            elsewhere = self.fleet.find(code)
            if elsewhere == "":  # its node's lease lapsed, but it may only be slow: not taken from it yet
                conn.send({"type": "error", "reason": N_("That room's server is not answering just now: try again.")})
                return
            if elsewhere is not None:
                conn.send({"type": "moved", "url": elsewhere})
                return
            room = self.rooms.get(code)
        if room is None:
            conn.refuse_log("join", "a join with an unknown room code")
            conn.send({"type": "error", "reason": N_("No room has that code.")})
            return
        if conn.room is not None and conn.room is not room:
            conn.send({"type": "error", "reason": N_("This connection is already in another room.")})
            return
        if msg.get("watch"):
            if conn.room is not None or len(room.watchers) >= P.MAX_WATCHERS:
                conn.send({"type": "error", "reason": N_("This room has as many onlookers as it takes.")})
                return
            if sum(w.address == conn.address for w in room.watchers) >= WATCHERS_PER_ADDRESS:
                conn.refuse_log("watch", f"room {room.code}: more onlookers from one address")
                conn.send(
                    {"type": "error", "reason": N_("This room has as many onlookers from your address as it takes.")}
                )
                return
            room.watch(conn)
            return
        token = msg["token"]
        if token:
            seats = [i for i, h in enumerate(room.hashes) if same_secret(h, P.token_hash(token))]
            for i in seats:
                room.tokens[i] = token  # a room rebuilt from its journal knows only the hashes
            if not seats:
                conn.refuse_log("token", f"room {room.code}: a wrong token")
                conn.send({"type": "error", "reason": N_("That token is not for a seat in this room.")})
                return
            if conn.seats - set(seats):
                conn.send({"type": "error", "reason": N_("This connection already holds a seat here.")})
                return
        else:
            if conn.seats:  # one connection, one remote seat: a second person needs their own
                conn.refuse_log("second", f"room {room.code}: a second seat for one connection")
                conn.send({"type": "error", "reason": N_("This connection already holds a seat here.")})
                return
            seat = room.free_remote_seat()
            if seat is None:
                conn.send({"type": "error", "reason": N_("This room has no free seat.")})
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
    trust_proxy: list[str] | None = None,
    **options: Any,
) -> None:
    """``fleet``: the arguments of ``fleet.Fleet`` when this server is a node of a fleet on Redis;
    ``options``: more of ``Server``'s."""
    node = None
    if fleet is not None:
        from .fleet import Fleet

        node = Fleet(**fleet)
        node.check()
    server = Server(
        autosave=False,
        lag_cap=lag_cap,
        data=data,
        keep_empty=keep_empty,
        fleet=node,
        bot_delay=bot_delay,
        trust_proxy=trust_proxy,
        **options,
    )
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
    p.add_argument(
        "--move-clock",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="turn-based games: the time a player has for each move; when it runs out the computer moves "
        "for them (default 0: no clock; at least 10; a room's creator may choose its own)",
    )
    p.add_argument(
        "--ready-wait",
        type=float,
        default=READY_WAIT_S,
        metavar="SECONDS",
        help=f"real time, everybody back after a pause: how long the room waits for each ready before it goes on "
        f"(default {READY_WAIT_S:.0f})",
    )
    p.add_argument(
        "--trust-proxy",
        default="",
        metavar="ADDRESSES",
        help="reverse proxies (addresses or networks, comma-separated) whose X-Forwarded-For names the real "
        "client: the limits per address then apply to each client, not to the proxy (default: none)",
    )
    p.add_argument(
        "--conns-per-address",
        type=int,
        default=CONNS_PER_ADDRESS,
        metavar="N",
        help=f"open connections one address may have (default {CONNS_PER_ADDRESS})",
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
    try:
        trusted = [str(net) for net in networks(args.trust_proxy.split(","))]
    except ValueError as e:
        print(f"tabletop serve: --trust-proxy: {validate.short_line(str(e))}")
        return 2
    if not (args.move_clock == 0 or MIN_MOVE_CLOCK_S <= args.move_clock <= 86_400):
        print(f"tabletop serve: --move-clock must be 0 (none) or {MIN_MOVE_CLOCK_S:.0f} to 86400 seconds")
        return 2
    if not 5 <= args.ready_wait <= 3600:
        print("tabletop serve: --ready-wait must be 5 to 3600 seconds")
        return 2
    if not 1 <= args.conns_per_address <= 100_000:
        print("tabletop serve: --conns-per-address must be 1 to 100000")
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
        asyncio.run(
            serve_forever(
                args.host,
                args.port,
                lag_cap,
                data,
                args.keep_empty,
                fleet,
                args.computer_pace,
                trust_proxy=trusted,
                conns_per_address=args.conns_per_address,
                move_clock=args.move_clock,
                ready_wait=args.ready_wait,
            )
        )
    except KeyboardInterrupt:
        return 0
    except ValueError as e:  # a --redis URL redis cannot read
        print(f"tabletop serve: {validate.short_line(str(e))}")
        return 2
    except OSError as e:
        print(f"tabletop serve: cannot listen on port {args.port}: {e.strerror}")
        return 2
    return 0
