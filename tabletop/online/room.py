"""A room of the online server: one game (its ``Session``) and the seats of the people in it
(docs/online.md). ``server.py`` makes rooms, finds them and frees them; everything that happens inside one
is here. A connection (its queue, budget and round trips) is ``conn.py``'s; the writer thread a room's
files are kept on is ``keeper.py``'s. No pygame here.

Real time: clients keep a clock synchronised with the server's and stamp each action. The room accepts a
stamp within ``[arrival - the room's lowest round trip - STAMP_SLACK_MS, arrival]`` (the same window for
every player, at most ``lag_cap`` ms: seeming slower buys nothing), round
trips measured only from the server's own send and receive times of its pings (a pong carries the ping's
random nonce, nothing else). Every action waits until the slower player's one-way latency has passed,
then the held actions are applied in stamp order with the stamp as the action's time. Two stamps within
the rules' 50 ms window are then simultaneous exactly as on one screen.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import heapq
import itertools
import logging
from pathlib import Path
from typing import Any, Protocol

from tabletop import validate
from tabletop.core import codec
from tabletop.core.actions import BadAction, action_table, from_json, seat_of
from tabletop.core.game import Refused
from tabletop.core.i18n import N_
from tabletop.core.names import told_apart
from tabletop.core.realtime import Driver
from tabletop.core.registry import GameSpec
from tabletop.core.undo import ONLINE_UNDO, UNDO_KIND
from tabletop.session import Seat, Session

from . import hosted
from . import protocol as P
from .conn import Conn, said
from .keeper import Keeper, KeptGame

log = logging.getLogger("tabletop.online")

LAG_CAP_MS = 150
MARGIN_MS = 10  # added to the slower player's one-way latency before held actions are applied
STAMP_SLACK_MS = 5  # a stamp may be this much earlier than arrival minus the lowest round trip
SIMULTANEOUS_MS = 50  # the rules' window: jitter, or round trips apart, above it make a match "casual"
BOT_FAILED = N_("The computer player stopped working, so this game cannot go on.")
READY_WAIT_S = 30.0  # real time, everybody back: how long the room waits for a ready before it goes on
VOTE_GAP_MS = 1000  # a person's rematch answer changes at most once a second (no flicker for the others)
WATCHERS_PER_ADDRESS = 4  # of a room's onlookers
NOT_KEPT = N_("The server cannot keep moves just now: try again in a moment.")  # a fleet without its Redis


class Room:
    def __init__(
        self,
        server: Host,
        code: str,
        spec: GameSpec,
        seats: list[dict],
        options: dict,
        seed: int | None = None,
        lag_cap: int = LAG_CAP_MS,
        setup: Any = None,
        resume: tuple | None = None,
    ) -> None:
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
        # the game on the loop is never written from here: the Keeper's thread writes (``keeping``)
        kept_file: Path | None = None  # the host's kept game (its room's file lies beside it)
        if resume is None:
            self.session = Session.new(spec, people, options, seed=seed, setup=setup, autosave=False)
            self.tokens = [P.new_token() for _ in seats]
        else:
            record, kept_file, tokens = resume
            self.session = Session.from_record(spec, copy.deepcopy(record), autosave=False)
            self.tokens = list(tokens)
        self.hashes = [P.token_hash(t) for t in self.tokens]  # a token is checked against its hash
        self.table = action_table(self.rules.actions)
        self.conns: list[Conn | None] = [None] * len(seats)
        self.watchers: dict[Conn, dict | None] = {}  # onlookers, with the last view each was sent
        self.votes: dict[int, bool] = {}  # after the end: each person's answer to a rematch
        self.voted_at: dict[int, float] = {}  # server ms each seat's answer last changed
        # a seat once taken comes back only with its token
        self.claimed = [s["kind"] == "here" or resume is not None for s in seats]
        self.sent_events = [-1] * len(seats)  # per seat: the last event number sent
        self.sent_view: list[dict | None] = [None] * len(seats)  # per seat: the last view sent (JSON)
        self.realtime = spec.dynamics.clocked
        self.lag_cap = lag_cap
        self.casual = False
        self.net_sent: dict | None = None
        self.pinged = 0.0  # server ms of the last round of pings
        self.owner = ""  # the address that created it (its limits)
        self.empty_since: float | None = self.server.clock()  # nobody connected since (ms), None while somebody is
        self.finished_at: float | None = None
        self.ended: dict = {}  # why the room was closed before its game ended (``P.told``'s fields)
        # real time: server ms at round-clock 0; pause bookkeeping; held actions in stamp order
        self.epoch = self.server.clock()
        self.paused_at: float | None = self.server.clock()
        # real time, after a pause: the people's seats still to press ready once everybody is back (a
        # room rebuilt from its journal or hosted again was paused too)
        self.to_ready: set[int] = set()
        self.ready_by: float | None = None  # server ms the room goes on without the readies still missing
        # turn-based: the per-move clock (0: none); when the current move began; when each seat went away
        self.move_clock_ms = 0.0
        self.move_from = self.server.clock()
        self.away_since: dict[int, float] = {}
        self.held: list = []
        self.seq = itertools.count()
        self.settled = 0.0
        self.bot_task: asyncio.Task | None = None
        self.not_kept = False  # the last action could not be written to the fleet's journal
        # a game hosted from the launcher is kept as a local game is, off the loop
        self.keeping = KeptGame(server.keeper, kept_file) if server.autosave else None
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
        if self.keeping is not None:  # a hosted room lies beside its kept game: Continue hosts it again
            again = (
                hosted.HostedRoom(code, tuple(self.tokens), tuple(self.kinds), server.port) if server.hosted else None
            )
            self.keeping.start(spec, self.session, again)

    # -- saving (off the loop: ``keeper.py``) ------------------------------------------------
    def kept(self, action_json: dict, state: Any) -> None:
        """An applied action, to be saved (as ``Session.submit`` records it)."""
        if self.keeping is not None:

            def change(m: Any, a: dict = action_json, st: Any = state) -> None:
                m.record.actions.append(a)
                m.state = st

            self.keeping.keep(change)
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

    def waited_for(self) -> list[int]:
        """The seats away that the game still waits for: with a move clock, a person away longer than
        one move's time is waited for no more (the computer plays their moves until they are back)."""
        if not self.move_clock_ms or self.realtime:
            return self.missing()
        t = self.server.clock()
        return [s for s in self.missing() if t - self.away_since.get(s, t) < self.move_clock_ms]

    def connections(self) -> set[Conn]:
        return {c for c in self.conns if c is not None}

    def unready(self) -> list[int]:
        """The seats the room waits to press ready, once every person is back (none while somebody is away)."""
        return [] if self.missing() else sorted(self.to_ready)

    @property
    def paused(self) -> bool:
        return bool(self.waited_for() or self.unready()) and self.session.outcome() is None

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
        if not self.to_ready:
            self.ready_by = None
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
        """The joiner's own name on its seat, told apart from the others' ("Ana (2)")."""
        others = [s.name for i, s in enumerate(self.session.seats) if i != seat]
        name = told_apart([*others, name])[-1]
        self.session.seats[seat].name = name
        self.session.record.players[seat]["name"] = name
        if self.keeping is not None:

            def change(m: Any) -> None:
                m.seats[seat].name = name
                m.record.players[seat]["name"] = name
                m.save(whole=True)  # a journal keeps moves only: the players' names are in the whole record

            self.keeping.keep(change)

    def attach(self, conn: Conn, seats: list[int]) -> None:
        was_paused = self.paused
        for s in seats:
            old = self.conns[s]
            if old is not None and old is not conn:  # the token came back on a new connection: the seat moves
                old.seats.discard(s)
                old.room = None if not old.seats else old.room
                old.tell_and_close(
                    {"type": "closed", "reason": N_("Your seat was taken by a new connection with its token.")}
                )
            self.conns[s] = conn
            self.away_since.pop(s, None)
            self.claimed[s] = True
            conn.seats.add(s)
            self.sent_events[s] = -1
            self.sent_view[s] = None
        conn.room = self
        conn.joined = True
        self.empty_since = None
        self.net_sent = None  # the newcomer gets the latency figures at the next round of pings
        conn.send(self.welcome(conn, seats))
        if not self.on_change(was_paused):
            for s in sorted(seats):
                self.send_view(s)
        if self.ended:
            conn.send({"type": "closed", **self.ended})
        self.kick_bots()

    def vote_rematch(self, conn: Conn, yes: bool) -> None:
        """A person's answer to a rematch, told to everybody; once every person says yes the room
        plays again, seats swapped (``Server.rematch``)."""
        if self.session.outcome() is None or self.ended or not conn.seats:
            conn.send({"type": "error", "reason": N_("A rematch is for the players, once the game is over.")})
            return
        if all(self.votes.get(s) == yes for s in conn.seats):
            return  # the same answer again: no news
        t = self.server.clock()
        if any(t - self.voted_at.get(s, -VOTE_GAP_MS) < VOTE_GAP_MS for s in conn.seats):
            conn.refuse_log("vote", f"room {self.code}: rematch answers changed too often")
            conn.send({"type": "error", "reason": N_("Wait a moment before changing your answer.")})
            return
        for s in conn.seats:
            self.votes[s] = yes
            self.voted_at[s] = t
        self.broadcast({"type": "rematch", "votes": {str(s): v for s, v in sorted(self.votes.items())}})
        if all(self.votes.get(s) for s in self.people_seats()):
            self.server.rematch(self)

    def watch(self, conn: Conn) -> None:
        """An onlooker: no seat and no token; sent what nobody's secrets are in, as a replay watched
        from no side shows it."""
        self.watchers[conn] = None
        conn.room = self
        conn.joined = True
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
        self.broadcast_status()  # the players see who watches; the onlooker who plays
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
        watched = self.watchers.pop(conn, False) is not False
        gone = [s for s in conn.seats if self.conns[s] is conn]
        for s in gone:
            self.conns[s] = None
            self.away_since[s] = self.server.clock()
        conn.seats.clear()
        if conn.room is self:
            conn.room = None
        if gone:
            self.ask_ready()
        if gone and self.paused and self.paused_at is None:
            self.paused_at = self.server.clock()
        if not self.connections() and self.empty_since is None:
            self.empty_since = self.server.clock()
        if gone or watched:
            self.broadcast_status()

    def on_change(self, was_paused: bool) -> bool:
        """Who is here or ready changed: everybody is told; a pause that ends resumes the game, and
        everybody gets their view (a real-time clock's epoch moved with the pause). True if it resumed."""
        resumed = was_paused and not self.paused
        if resumed:
            self.resume()
        if self.unready() and self.ready_by is None:  # everybody is back: the count to go on starts
            self.ready_by = self.server.clock() + self.server.ready_wait * 1000
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
        self.move_from = self.server.clock()

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
            "move_clock": self.move_clock_ms / 1000,  # seconds a move may take; 0: no clock
        }
        if self.server.fleet is not None:  # where to come back when this node is gone
            msg["nodes"] = self.server.fleet.nodes
        return msg

    def journal(self, entry: dict, now: bool = True) -> bool:
        """A fleet's node: add to the room's journal in Redis (``now``: before anybody is told;
        False when it cannot be written). Without a fleet there is nothing to write."""
        fleet = self.server.fleet
        return fleet is None or fleet.write(self.code, entry, now)

    def end(self, reason: str, plural: str = "", **args: str | int) -> None:
        """The room cannot go on: tell everybody why (``P.told``); it is freed after the finished-room grace."""
        if self.ended:
            return
        self.ended = P.told(reason, plural, **args)
        self.held.clear()
        self.finished_at = self.server.clock()
        for c in self.connections():
            c.send({"type": "closed", **self.ended})

    # -- sending ---------------------------------------------------------------------------
    def send_view(self, seat: int, whole: bool = False) -> None:
        """The seat's view to its connection: what changed since the last one sent, or (``whole``: its
        program asked again) the whole view and every event it holds."""
        conn = self.conns[seat]
        if conn is None:
            return
        if whole:
            self.sent_events[seat] = -1
            self.sent_view[seat] = None
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
            "ready_in": self.seconds_to(self.ready_by if self.unready() else None),
            "move_in": self.seconds_to(self.move_from + self.move_clock_ms if self.move_clock_ms else None),
            "watchers": len(self.watchers),
        }

    def seconds_to(self, when: float | None) -> int | None:
        """Whole seconds (rounded up) until server time ``when``; None for no count."""
        if when is None or self.session.outcome() is not None or self.ended:
            return None
        return max(0, -int((self.server.clock() - when) // 1000))

    def broadcast_status(self) -> None:
        self.broadcast({"type": "status", **self.status()})

    def broadcast_net(self) -> None:
        pings, jitters = [], []
        for c in self.conns:
            pings.append(None if c is None or not c.rtts else round(c.rtt))
            jitters.append(None if c is None or not c.rtts else round(c.jitter))
        known = [p for p in pings if p is not None]
        spread = max(known) - min(known) if known else 0
        if spread > SIMULTANEOUS_MS or any(j is not None and j > SIMULTANEOUS_MS for j in jitters):
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
            conn.send({"type": "refused", "id": msg["id"], "reason": N_("That is not your seat.")})
            return
        if msg["id"] <= conn.last_id:
            conn.refuse_log("stale", f"room {self.code}: a stale or replayed action id {msg['id']}")
            return  # dropped: it was already seen (or is older than one that was)
        conn.last_id = msg["id"]
        if self.session.outcome() is not None or self.ended:  # nothing is kept after the end
            conn.refuse_log("over", f"room {self.code}: an action after the game's end")
            conn.send({"type": "refused", "id": msg["id"], "reason": N_("The game is over.")})
            return
        if msg["action"].get("type") == UNDO_KIND:  # online, a move once sent stands (docs/online.md)
            conn.send({"type": "refused", "id": msg["id"], "reason": ONLINE_UNDO})
            return
        try:
            action = from_json(self.table, msg["action"])
        except (BadAction, ValueError, TypeError, OverflowError) as e:
            conn.refuse_log("bad", f"room {self.code}: a malformed action: {said(str(e))}")
            why = validate.short_line(str(e), 150)
            conn.send({"type": "refused", "id": msg["id"], **P.told(N_("Not an action: {why}"), why=why)})
            return
        if seat_of(action) != seat:
            conn.refuse_log("player", f"room {self.code}: an action naming another player")
            conn.send({"type": "refused", "id": msg["id"], "reason": N_("An action must be for your own seat.")})
            return
        if self.paused:
            names = ", ".join(self.session.seats[s].name for s in self.missing() or self.unready())
            paused = N_("The game is paused: waiting for {names}.")
            if not self.missing():
                paused = N_("The game is paused: waiting for {names} to press ready.")
            conn.send({"type": "refused", "id": msg["id"], **P.told(paused, names=names)})
            return
        if self.realtime:
            self.hold(conn, msg, action)
            return
        self.apply(conn, msg["id"], action)

    def apply(self, conn: Conn | None, msg_id: int | None, action: Any) -> bool:
        round_before = self.rt.round_of(self.session.state) if self.rt is not None else None
        before = self.session.state
        n = len(self.session.record.actions)
        try:
            result = self.session.submit(action)
        except Exception as e:  # a value the rules' checks let through: refused, and the room goes on
            log.error("room %s: the rules failed on an action: %s", self.code, said(f"{type(e).__name__}: {e}"))
            result = Refused(N_("That action cannot be used."))
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
        self.move_from = self.server.clock()
        self.broadcast_views()
        if self.move_clock_ms:  # the next move's count
            self.broadcast_status()
        self.kick_bots()
        return True

    # -- the counts that keep a game going (docs/online.md, "Nobody can hold a game up") ----
    def check_clocks(self) -> None:
        """Once a second: a ready that does not come, a move that does not come, a person away longer
        than a move's time: the count goes on, then the room goes on."""
        if self.ended or (not self.to_ready and (not self.move_clock_ms or self.realtime)):
            return  # no count runs (most rooms: a thousand of them are asked every second)
        if self.session.outcome() is not None:
            return
        t = self.server.clock()
        if self.unready() and self.ready_by is not None:
            if t < self.ready_by:
                self.broadcast_status()  # the count, once a second
                return
            names = ", ".join(self.session.seats[s].name for s in self.unready())
            log.info("room %s: went on without %s's ready", self.code, names)
            self.to_ready.clear()
            self.ready_by = None
            self.on_change(was_paused=True)
            return
        if not self.move_clock_ms or self.realtime:
            return
        if self.paused_at is not None and not self.paused:  # the person away is waited for no more
            self.on_change(was_paused=True)
            self.kick_bots()
            return
        if self.paused or t - self.move_from < self.move_clock_ms:
            return
        for seat in self.rules.to_act(self.session.state):
            if self.kinds[seat] == "computer" or self.session.outcome() is not None:
                continue
            self.stand_in(seat)

    def stand_in(self, seat: int) -> None:
        """The seat's move clock ran out: the game's computer player (its first level) moves for it."""
        level = self.spec.bot_levels[0]
        make_bot = self.spec.make_bot
        try:
            if make_bot is None:  # a game with no computer player: nobody can move for the seat
                raise RuntimeError(f"{self.spec.id} has no computer player")
            bot = make_bot(seat=seat, level=level, seed=self.session.seed + len(self.session.record.actions))
            action = bot.choose(self.rules.view_for(self.session.state, seat))
        except Exception as e:
            self.bot_failed(seat, f"{type(e).__name__}: {e}")
            return
        log.info("room %s: seat %d's time for a move ran out: the computer moved for it", self.code, seat)
        conn = self.conns[seat]
        if conn is not None:
            conn.send({"type": "error", "reason": N_("Your time for this move ran out: the computer moved for you.")})
        if not self.apply(None, 0, action):
            self.move_from = self.server.clock()  # not kept (a fleet without its Redis): the next count

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

    def shared_rtt(self) -> float:
        """The lag every player of the room is forgiven: the lowest round trip among them. A player can
        make their own round trip look longer (answer pings late), never shorter, so seeming slower
        buys nothing; a player truly slower than the others is marked casual instead (``broadcast_net``)."""
        return min((c.rtt for c in self.connections() if c.rtts), default=0.0)

    def hold(self, conn: Conn, msg: dict, action: Any) -> None:
        arrival = self.server.clock()
        stamp = arrival if msg["stamp"] is None else msg["stamp"]
        forgiven = min(self.shared_rtt() + STAMP_SLACK_MS, self.lag_cap)
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
            self.end(N_("The server could not go on with this game."))

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


class Host(Protocol):
    """What a room and its connections need of the server that holds them (``server.Server``; named
    here, not imported, so that the server's module is the only one that knows both)."""

    autosave: bool
    bot_delay: float
    ready_wait: float
    hosted: bool
    port: int
    records: Path | None
    send_queue: int
    send_timeout: float
    fleet: Any  # a fleet.Fleet when the server is a node of a fleet, else None
    keeper: Keeper
    rooms: dict[str, Room]

    def clock(self) -> float: ...

    def rematch(self, room: Room) -> Room: ...

    def write_record(self, game_id: str, data: dict) -> None: ...
