"""The online server: rooms of games it owns, one WebSocket per player (docs/online.md).

The server holds each game's state and record (a ``Session``), runs the
computer seats, and applies every action through the rules. A connection
holds the seats it has tokens for and is sent only those seats' views (the
JSON of ``rules.view_for``) and the events in them; the full record only
once the game is over. No pygame here.

Real time (JAB): clients keep a clock synchronised with the server's and
stamp each action. The server accepts a stamp within
``[arrival - round trip - margin, arrival]`` (the forgiven lag capped at
``lag_cap`` ms), holds every action until the slower player's one-way
latency has passed, then applies the held actions in stamp order with the
stamp as the action's time. Two stamps within the rules' 50 ms window are
then simultaneous exactly as on one screen.
"""

from __future__ import annotations

import asyncio
import dataclasses
import heapq
import itertools
import logging
import time
from collections import deque

import websockets

from tabletop.core import codec
from tabletop.core.actions import BadAction, action_table, from_json
from tabletop.core.game import Refused
from tabletop.core.registry import REALTIME, load_all
from tabletop.core.undo import ONLINE_UNDO, UNDO_KIND
from tabletop.session import Seat, Session

from . import protocol as P

log = logging.getLogger("tabletop.online")

DEFAULT_PORT = 8765
LAG_CAP_MS = 150
MARGIN_MS = 10
SIMULTANEOUS_MS = 50  # the rules' window: jitter above it makes a match "casual"
RATE = 40.0  # messages a second a connection may send on average
BURST = 80.0
MAX_ROOMS = 200
TICK_S = 0.005
PING_S = 0.5
RTT_SAMPLES = 16


def now_ms() -> float:
    return time.monotonic() * 1000.0


class Conn:
    """One client connection: the seats it holds, its rate budget and its measured latency."""

    ids = itertools.count(1)

    def __init__(self, ws):
        self.ws = ws
        self.id = next(Conn.ids)
        self.room: Room | None = None
        self.seats: set[int] = set()
        self.last_id = -1
        self.budget = BURST
        self.budget_at = now_ms()
        self.logged: set[str] = set()
        self.rtts: deque = deque(maxlen=RTT_SAMPLES)
        self.dropped = 0

    def allow(self) -> bool:
        """Token bucket: RATE messages a second, BURST at once."""
        t = now_ms()
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
            log.warning("connection %d: %s", self.id, text)

    @property
    def rtt(self) -> float:
        """Round trip (ms): the low end of recent samples, so a spike does not count."""
        if not self.rtts:
            return 0.0
        s = sorted(self.rtts)
        return s[len(s) // 4]

    @property
    def jitter(self) -> float:
        if len(self.rtts) < 2:
            return 0.0
        s = sorted(self.rtts)
        return s[int(len(s) * 0.9) - 1 if len(s) > 1 else 0] - s[0]

    async def send(self, msg: dict) -> None:
        try:
            await self.ws.send(P.dumps(msg))
        except websockets.ConnectionClosed:
            pass


class Room:
    def __init__(
        self, server, code: str, spec, seats: list[dict], options: dict, seed=None, lag_cap=LAG_CAP_MS, setup=None
    ):
        self.server = server
        self.code = code
        self.spec = spec
        self.rules = spec.rules
        self.kinds = [s["kind"] for s in seats]
        people = [
            Seat(name=s["name"], kind="computer" if s["kind"] == "computer" else "human", level=s["level"])
            for s in seats
        ]
        self.session = Session.new(spec, people, options, seed=seed, setup=setup, autosave=server.autosave)
        self.table = action_table(self.rules.actions)
        self.tokens = [P.new_token() for _ in seats]
        self.conns: list[Conn | None] = [None] * len(seats)
        self.claimed = [s["kind"] == "here" for s in seats]  # a seat once taken comes back only with its token
        self.sent_events = [-1] * len(seats)  # per seat: the last event number sent
        self.sent_view: list[dict | None] = [None] * len(seats)  # per seat: the last view sent (JSON)
        self.realtime = spec.dynamics == REALTIME
        self.lag_cap = lag_cap
        self.casual = False
        # real time: server ms at round-clock 0; pause bookkeeping; held actions in stamp order
        self.epoch = now_ms()
        self.paused_at: float | None = now_ms()
        self.held: list = []
        self.seq = itertools.count()
        self.settled = 0.0
        self.bot_task: asyncio.Task | None = None
        # real-time computer seats: the game's driver moves their hands here, on the server's clock
        make_driver = spec.extra.get("realtime_driver") if self.realtime else None
        self.drivers = {}
        if make_driver is not None:
            cross = self.session.options.get("hand_speed_ms", 350)
            for i, seat in enumerate(self.session.seats):
                if seat.kind == "computer":
                    level = seat.level or spec.bot_levels[-1]
                    self.drivers[i] = make_driver(i, level, self.session.seed * 7919 + i, cross)
        self.driven_at = now_ms()

    # -- seats and connections --------------------------------------------------------------
    def names(self) -> list[str]:
        return self.session.names()

    def people_seats(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k != "computer"]

    def missing(self) -> list[int]:
        return [i for i in self.people_seats() if self.conns[i] is None]

    @property
    def paused(self) -> bool:
        return bool(self.missing()) and self.session.outcome() is None

    def free_remote_seat(self) -> int | None:
        return next((i for i, k in enumerate(self.kinds) if k == "remote" and not self.claimed[i]), None)

    def seat_info(self) -> list[dict]:
        return [
            {"name": s.name, "kind": self.kinds[i], "here": self.conns[i] is not None}
            for i, s in enumerate(self.session.seats)
        ]

    async def attach(self, conn: Conn, seats: list[int]) -> None:
        was_paused = self.paused
        for s in seats:
            old = self.conns[s]
            if old is not None and old is not conn:  # a rejoin replaces a stale connection
                old.seats.discard(s)
            self.conns[s] = conn
            self.claimed[s] = True
            conn.seats.add(s)
            self.sent_events[s] = -1
            self.sent_view[s] = None
        conn.room = self
        resumed = was_paused and not self.paused
        if resumed:
            self.resume()
        await conn.send(self.welcome(conn, seats))
        await self.broadcast_status()
        if resumed:  # everybody: a real-time clock's epoch moved with the pause
            await self.broadcast_views()
        else:
            for s in sorted(seats):
                await self.send_view(s)
        self.kick_bots()

    async def detach(self, conn: Conn) -> None:
        gone = [s for s in conn.seats if self.conns[s] is conn]
        for s in gone:
            self.conns[s] = None
        conn.seats.clear()
        if gone and self.paused and self.paused_at is None:
            self.paused_at = now_ms()
        if gone:
            await self.broadcast_status()

    def resume(self) -> None:
        if self.paused_at is not None:
            self.epoch += now_ms() - self.paused_at  # a paused real-time clock does not run
            self.paused_at = None
            self.settled = max(self.settled, now_ms() - self.hold_ms())

    def welcome(self, conn: Conn, seats: list[int]) -> dict:
        return {
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

    # -- sending ---------------------------------------------------------------------------
    async def send_view(self, seat: int) -> None:
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
        await conn.send(msg)

    async def broadcast_views(self) -> None:
        for s in range(len(self.conns)):
            await self.send_view(s)
        out = self.session.outcome()
        if out is not None:
            over = {
                "type": "over",
                "winner": out.winner,
                "reason": out.reason,
                "record": self.session.record.to_json(),  # the whole record, only now
            }
            for c in {c for c in self.conns if c is not None}:
                await c.send(over)

    async def broadcast_status(self) -> None:
        missing = self.missing()
        msg = {
            "type": "status",
            "seats": self.seat_info(),
            "paused": self.paused,
            "waiting_for": [self.session.seats[s].name for s in missing],
        }
        for c in {c for c in self.conns if c is not None}:
            await c.send(msg)

    async def broadcast_net(self) -> None:
        pings, jitters = [], []
        for c in self.conns:
            pings.append(None if c is None or not c.rtts else round(c.rtt))
            jitters.append(None if c is None or not c.rtts else round(c.jitter))
        if any(j is not None and j > SIMULTANEOUS_MS for j in jitters):
            self.casual = True  # once a match has been unfair to time, it stays marked
        msg = {"type": "net", "ping": pings, "jitter": jitters, "casual": self.casual}
        for c in {c for c in self.conns if c is not None}:
            await c.send(msg)

    # -- actions ---------------------------------------------------------------------------
    async def act(self, conn: Conn, msg: dict) -> None:
        seat = msg["seat"]
        if seat not in conn.seats:
            conn.refuse_log("seat", f"room {self.code}: an action for seat {seat}, which it does not hold")
            await conn.send({"type": "refused", "id": msg["id"], "reason": "That is not your seat."})
            return
        if msg["id"] <= conn.last_id:
            conn.refuse_log("stale", f"room {self.code}: a stale or replayed action id {msg['id']}")
            return  # dropped: it was already seen (or is older than one that was)
        conn.last_id = msg["id"]
        if msg["action"].get("type") == UNDO_KIND:  # online, a move once sent stands (docs/online.md)
            await conn.send({"type": "refused", "id": msg["id"], "reason": ONLINE_UNDO})
            return
        try:
            action = from_json(self.table, msg["action"])
        except BadAction as e:
            conn.refuse_log("bad", f"room {self.code}: a malformed action: {e}")
            await conn.send({"type": "refused", "id": msg["id"], "reason": f"Not an action: {e}"})
            return
        if getattr(action, "player", None) != seat:
            conn.refuse_log("player", f"room {self.code}: an action naming another player")
            await conn.send({"type": "refused", "id": msg["id"], "reason": "An action must be for your own seat."})
            return
        if self.paused:
            names = ", ".join(self.session.seats[s].name for s in self.missing())
            await conn.send({"type": "refused", "id": msg["id"], "reason": f"The game is paused: waiting for {names}."})
            return
        if self.realtime:
            self.hold(conn, msg, action)
            return
        await self.apply(conn, msg["id"], action)

    async def apply(self, conn: Conn | None, msg_id, action) -> bool:
        round_before = getattr(self.session.state, "round", None)
        result = self.session.submit(action)
        if isinstance(result, Refused):
            if conn is not None:
                await conn.send({"type": "refused", "id": msg_id, "reason": result.reason})
            return False
        if self.realtime and self.session.state.round != round_before:
            self.epoch += action.t  # the round clock restarts at 0 with the round
        if conn is not None:
            await conn.send({"type": "done", "id": msg_id, "n": len(self.session.record.actions)})
        await self.broadcast_views()
        self.kick_bots()
        return True

    # -- computer seats (turn-based and simultaneous games) ---------------------------------
    def kick_bots(self) -> None:
        if self.realtime or not self.session.bots or (self.bot_task and not self.bot_task.done()):
            return
        self.bot_task = asyncio.get_running_loop().create_task(self.run_bots())

    async def run_bots(self) -> None:
        while self.session.outcome() is None and not self.paused:
            waiting = [s for s in self.rules.to_act(self.session.state) if s in self.session.bots]
            if not waiting:
                return
            await asyncio.sleep(self.server.bot_delay)
            if self.paused or self.session.outcome() is not None:
                return
            seat = waiting[0]
            if seat not in self.rules.to_act(self.session.state):
                continue
            action = self.session.bots[seat].choose(self.rules.view_for(self.session.state, seat))
            result = self.session.submit(action)
            if isinstance(result, Refused):
                log.error("room %s: the computer of seat %d made an illegal move: %s", self.code, seat, result.reason)
                return
            await self.broadcast_views()

    # -- real time --------------------------------------------------------------------------
    def hold_ms(self) -> float:
        """How long an action waits before it is applied: the slower player's one-way latency."""
        worst = max((c.rtt / 2 + c.jitter for c in self.conns if c is not None), default=0.0)
        return min(worst + MARGIN_MS, self.lag_cap)

    def hold(self, conn: Conn, msg: dict, action) -> None:
        arrival = now_ms()
        stamp = msg.get("stamp", arrival)
        forgiven = min(conn.rtt + conn.jitter + MARGIN_MS, self.lag_cap)
        accepted = min(max(stamp, arrival - forgiven), arrival)
        if accepted != stamp:
            conn.refuse_log("stamp", f"room {self.code}: a stamp outside the accepted window was clamped")
        heapq.heappush(self.held, (accepted, next(self.seq), conn, msg["id"], action))
        self.wake_after_hold(accepted, at_once=True)

    def wake_after_hold(self, stamp: float, at_once: bool = False) -> None:
        """Apply held actions the moment the hold of ``stamp`` is over, not at the loop's next tick
        (``at_once``: even when that moment has passed already)."""
        wait_s = (stamp + self.hold_ms() - now_ms()) / 1000.0
        if wait_s > 0 or at_once:
            asyncio.get_running_loop().call_later(max(0.0, wait_s), self.wake)

    def wake(self) -> None:
        if self.held and self.server.rooms.get(self.code) is self:
            asyncio.ensure_future(self.safe_tick())

    async def safe_tick(self) -> None:
        try:
            await self.tick()
        except Exception:  # as in the server's loop: one room's fault must not stop the others
            log.exception("room %s: error while ticking", self.code)
            return
        if self.held:  # the hold grew meanwhile (a player's latency rose): wake again when it is over
            self.wake_after_hold(self.held[0][0])

    def drive_computers(self) -> None:
        """Real-time computer seats act on the server's clock with no latency, through the same queue."""
        t_now = now_ms()
        dt = int(t_now - self.driven_at)
        self.driven_at = t_now
        n = len(self.session.record.actions)
        for seat, driver in self.drivers.items():
            view = self.rules.view_for(self.session.state, seat)
            t = max(int(t_now - self.epoch), view.now)
            for action in driver.frame(view, t, dt, n):
                heapq.heappush(self.held, (t_now, next(self.seq), None, 0, action))

    async def tick(self) -> None:
        """Apply held actions whose time has come, in stamp order, then move the round clock on."""
        if self.session.outcome() is not None or self.paused:
            return
        self.drive_computers()
        self.settled = max(self.settled, now_ms() - self.hold_ms())
        while self.held and self.held[0][0] <= self.settled:
            stamp, _, conn, msg_id, action = heapq.heappop(self.held)
            state = self.session.state
            t = max(int(round(stamp - self.epoch)), state.now)
            timed = dataclasses.replace(action, t=t)
            await self.apply(conn, msg_id, timed)
            if self.session.outcome() is not None:
                return
        t = int(self.settled - self.epoch)
        if t > self.session.state.now:
            tick = next(a for a in self.rules.actions if a.kind == "tick")
            before = self.session.state
            self.session.submit(tick(t))
            if self.session.state is not before and self.session.state.phase != before.phase:
                await self.broadcast_views()


class Server:
    def __init__(self, autosave: bool = False, bot_delay: float = 0.6, lag_cap: int = LAG_CAP_MS):
        self.rooms: dict[str, Room] = {}
        self.games = load_all()
        self.autosave = autosave
        self.bot_delay = bot_delay
        self.lag_cap = lag_cap
        self.ws_server = None
        self.port = 0
        self._ticker: asyncio.Task | None = None

    async def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT):
        self.ws_server = await websockets.serve(
            self.handler, host, port, max_size=P.MAX_BYTES, max_queue=32, ping_interval=5, ping_timeout=15
        )
        self.port = self.ws_server.sockets[0].getsockname()[1]
        self._ticker = asyncio.get_running_loop().create_task(self._tick_loop())
        return self

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        if self.ws_server is not None:
            self.ws_server.close()
            await self.ws_server.wait_closed()

    async def _tick_loop(self) -> None:
        last_ping = 0.0
        while True:
            await asyncio.sleep(TICK_S)
            t = now_ms()
            ping = t - last_ping >= PING_S * 1000
            if ping:
                last_ping = t
            for room in list(self.rooms.values()):
                try:
                    if room.realtime:
                        await room.tick()
                    if ping:
                        for c in {c for c in room.conns if c is not None}:
                            await c.send({"type": "ping", "s": now_ms()})
                        await room.broadcast_net()
                except Exception:  # one room's fault must not stop the others
                    log.exception("room %s: error while ticking", room.code)

    def create(self, game: str, options: dict, seats: list[dict], seed=None, lag_cap=None, setup=None) -> Room:
        """A new room; ``seed`` and ``setup`` (a hand-set position) are for tests, never taken from a client."""
        if game not in self.games:
            raise P.BadMessage(f"unknown game {game[:40]!r}")
        spec = self.games[game]
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise P.BadMessage(f"{spec.name} is for {spec.min_players} to {spec.max_players} players")
        if len(self.rooms) >= MAX_ROOMS:
            raise P.BadMessage("the server is full")
        for s in seats:
            if s["kind"] == "computer":
                level = spec.level_aliases.get(s["level"], s["level"])
                s["level"] = level if level in spec.bot_levels else spec.bot_levels[-1]
        try:
            options = spec.rules.check_options(options)
        except ValueError as e:
            raise P.BadMessage(str(e)) from None
        code = P.new_code()
        while code in self.rooms:
            code = P.new_code()
        cap = self.lag_cap if lag_cap is None else lag_cap
        room = Room(self, code, spec, seats, options, seed=seed, lag_cap=cap, setup=setup)
        self.rooms[code] = room
        log.info("room %s: %s for %d seats", code, spec.id, len(seats))
        return room

    async def handler(self, ws) -> None:
        conn = Conn(ws)
        try:
            async for raw in ws:
                if not conn.allow():
                    conn.dropped += 1
                    conn.refuse_log("flood", "too many messages: dropping some")
                    if conn.dropped > 10 * BURST:
                        await ws.close(1008, "too many messages")
                        return
                    continue
                try:
                    msg = P.parse(raw)
                except P.BadMessage as e:
                    conn.refuse_log("parse", f"a bad message: {e}")
                    await conn.send({"type": "error", "reason": str(e)})
                    continue
                await self.dispatch(conn, msg)
        except websockets.ConnectionClosed:
            pass
        except Exception:
            log.exception("connection %d: error", conn.id)
        finally:
            if conn.room is not None:
                await conn.room.detach(conn)

    async def dispatch(self, conn: Conn, msg: dict) -> None:
        kind = msg["type"]
        if kind == "sync":  # the client's clock sample: its t0, our receive and send times
            t1 = now_ms()
            await conn.send({"type": "sync", "t0": msg["t0"], "t1": t1, "t2": now_ms()})
            return
        if kind == "pong":
            rtt = now_ms() - msg["s"]
            if 0 <= rtt < 10_000:
                conn.rtts.append(rtt)
            return
        if kind == "create":
            if conn.room is not None:
                await conn.send({"type": "error", "reason": "This connection already has a room."})
                return
            try:
                seats = P.seat_specs(msg["seats"])
                room = self.create(msg["game"], msg.get("options") or {}, seats)
            except P.BadMessage as e:
                conn.refuse_log("create", f"a room could not be made: {e}")
                await conn.send({"type": "error", "reason": str(e)})
                return
            await room.attach(conn, [i for i, s in enumerate(seats) if s["kind"] == "here"])
            return
        if kind == "join":
            await self.join(conn, msg)
            return
        room = conn.room
        if room is None:
            conn.refuse_log("noroom", "a message before joining a room")
            await conn.send({"type": "error", "reason": "Join a room first."})
            return
        if kind == "act":
            await room.act(conn, msg)
        elif kind == "view":
            if msg["seat"] not in conn.seats:
                conn.refuse_log("view", f"room {room.code}: asked for the view of seat {msg['seat']}")
                await conn.send({"type": "error", "reason": "You may only see your own seat."})
                return
            room.sent_events[msg["seat"]] = -1
            room.sent_view[msg["seat"]] = None
            await room.send_view(msg["seat"])
        elif kind == "hands":  # where a real-time seat's hands are: public, passed on to the others
            pos = P.hand_positions(msg["pos"])
            if not room.realtime or msg["seat"] not in conn.seats or pos is None:
                conn.refuse_log("hands", f"room {room.code}: hand positions it may not send")
                return
            out = {"type": "hands", "seat": msg["seat"], "pos": pos}
            for c in {c for c in room.conns if c is not None and c is not conn}:
                await c.send(out)
        elif kind == "bye":
            await room.detach(conn)
            conn.room = None

    async def join(self, conn: Conn, msg: dict) -> None:
        room = self.rooms.get(P.normal_code(msg["room"]))
        if room is None:
            conn.refuse_log("join", "a join with an unknown room code")
            await conn.send({"type": "error", "reason": "No room has that code."})
            return
        if conn.room is not None and conn.room is not room:
            await conn.send({"type": "error", "reason": "This connection is already in another room."})
            return
        token = msg.get("token")
        if token is not None:
            seats = [i for i, t in enumerate(room.tokens) if t == token]
            if not seats:
                conn.refuse_log("token", f"room {room.code}: a wrong token")
                await conn.send({"type": "error", "reason": "That token is not for a seat in this room."})
                return
        else:
            seat = room.free_remote_seat()
            if seat is None:
                await conn.send({"type": "error", "reason": "This room has no free seat."})
                return
            name = P.clean_name(msg.get("name", ""))
            if name:
                room.session.seats[seat].name = name
                room.session.record.players[seat]["name"] = name
            seats = [seat]
        await room.attach(conn, seats)


async def serve_forever(host: str, port: int, lag_cap: int = LAG_CAP_MS) -> None:
    server = Server(autosave=False, lag_cap=lag_cap)
    await server.start(host, port)
    log.info("tabletop server on %s:%d (WebSocket; put TLS in front for the internet, see docs/online.md)", host, port)
    await asyncio.Future()


def main(argv: list[str]) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="tabletop serve", description="Run the online server without a window.")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every address)")
    p.add_argument("--lag-cap", type=int, default=LAG_CAP_MS, help="most lag forgiven in JAB, ms (default 150)")
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        print("tabletop serve: --port must be 0 to 65535")
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        asyncio.run(serve_forever(args.host, args.port, max(0, min(args.lag_cap, 1000))))
    except KeyboardInterrupt:
        return 0
    except OSError as e:
        print(f"tabletop serve: cannot listen on port {args.port}: {e.strerror}")
        return 2
    return 0
