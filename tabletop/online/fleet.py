"""`tabletop serve --redis URL`: several servers (nodes) as one service, with rooms that outlive
their node (docs/online.md, "A fleet of servers").

Redis holds what routes the rooms and what restores them:

* ``tabletop:node:ID``: a node's address for clients, kept alive by its heartbeat (it expires
  after ``ttl``); ``tabletop:nodes`` the nodes' ids; ``tabletop:load`` each node's open rooms.
* ``tabletop:beat:ID``: how many times the node has beaten (never expires: a node that beats again
  after a lapse is seen to be alive, however long Redis itself was stalled).
* ``tabletop:room:CODE``: the id of the node that holds the room; ``tabletop:rooms:ID`` a node's codes;
  ``tabletop:fence:CODE`` the room's fencing token, raised by every claim: a node writes to the
  journal only with the token it holds and only while its own lease is alive.
* ``tabletop:owner:ADDRESS``: the codes of the open rooms an address created, fleet-wide.
* ``tabletop:journal:CODE``: the room's journal, a stream of entries (JSON in field ``e``): first
  the game (its options, seed, players, seat kinds and the seats' tokens hashed), then each
  accepted action (``{"k": "a", "a": ...}``) and each free seat taken (``{"k": "seat", ...}``).

An action is written to the journal before anybody hears of it, by a script that writes only
while this node still holds the room (its id and the room's fencing token) and its own lease is alive.
When a node's lease lapses and its beat count stands still for ``SUSPECT_ROUNDS`` of another node's
heartbeats in which Redis answered, that node claims its rooms (one script per room: exactly one node
wins each, with a new token) and rebuilds each by replaying its journal; the players' programs connect
again with their tokens. A stall of Redis itself lapses every lease at once, but every live node beats
again as soon as Redis answers, so no room moves. The ``redis`` package is imported only here,
and this module only by ``tabletop serve --redis``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from tabletop import validate
from tabletop.core import record as rec


class Node(Protocol):
    """What the fleet needs of the server it is part of (``server.Server``; named here, not imported,
    so the server's module is the only one that knows both)."""

    port: int
    rooms: dict[str, Any]  # code -> the server's Room

    def free(self, room: Any, why: str) -> None: ...

    def rebuild(self, code: str, entries: list[dict]) -> Any: ...


log = logging.getLogger("tabletop.online")

PREFIX = "tabletop:"
HEARTBEAT_S = 1.0
FLUSH_S = 0.1  # real time: the clock's ticks are written at least this often (and before any action)
TIMEOUT_S = 0.25  # one Redis call; after a failure, writes are refused at once for RETRY_S
RETRY_S = 0.5
SUSPECT_ROUNDS = 3  # heartbeats (with Redis answering) a lapsed node's beat count must stand still

# Append entries to a room's journal while this node holds the room. KEYS: the room's owner, its
# journal, this node's rooms, this node's lease, the room's fence; ARGV: this node, the room's code, the
# entries the journal already has (an uncertain tail beyond them, from a write whose answer was lost, is
# removed), this node's fencing token for the room, then new entries. Returns {1, length}; {-1, 0} when
# another node holds the room (or a newer token); {-2, length} when the journal is shorter than it should
# be (Redis lost data): the node writes the missing entries again; {-3, 0} when this node's lease lapsed.
APPEND = """
if redis.call('EXISTS', KEYS[4]) == 0 then return {-3, 0} end
local owner = redis.call('GET', KEYS[1])
local fence = redis.call('GET', KEYS[5])
if not owner then
  if fence and tonumber(fence) > tonumber(ARGV[4]) then return {-1, 0} end
  redis.call('SET', KEYS[1], ARGV[1])
  redis.call('SET', KEYS[5], ARGV[4])
  redis.call('SADD', KEYS[3], ARGV[2])
elseif owner ~= ARGV[1] or (fence and fence ~= ARGV[4]) then
  return {-1, 0}
end
local have = redis.call('XLEN', KEYS[2])
local extra = have - tonumber(ARGV[3])
if extra < 0 then return {-2, have} end
if extra > 0 then
  for _, e in ipairs(redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', extra)) do
    redis.call('XDEL', KEYS[2], e[1])
  end
end
for i = 5, #ARGV do redis.call('XADD', KEYS[2], '*', 'e', ARGV[i]) end
return {1, redis.call('XLEN', KEYS[2])}
"""

# Claim a room of a node that is gone. KEYS: the room's owner, the dead node's rooms, this node's
# rooms, the load, the room's fence, this node's lease; ARGV: the dead node, this node, the code.
# Returns the room's new fencing token when this node now holds it, else 0 (a node whose own lease
# lapsed claims nothing).
CLAIM = """
if redis.call('EXISTS', KEYS[6]) == 0 then return 0 end
redis.call('SREM', KEYS[2], ARGV[3])
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[3], ARGV[3])
redis.call('HINCRBY', KEYS[4], ARGV[2], 1)
return redis.call('INCR', KEYS[5])
"""


def key(*parts: str) -> str:
    return PREFIX + ":".join(parts)


@dataclass
class Book:
    """A room's journal as this node knows it: every entry (JSON), and how many Redis has."""

    entries: list[str] = field(default_factory=list)
    confirmed: int = 0
    token: int = 0  # the room's fencing token this node holds it with
    owner: str = ""  # the address that created the room (its rooms fleet-wide)


class Fleet:
    def __init__(self, redis_url: str, node_url: str = "", heartbeat: float = HEARTBEAT_S):
        """``node_url``: how clients reach this node ("": ws://HOST:PORT of where it listens)."""
        import redis  # only a fleet needs it (pip install tabletop[server])
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        self.errors = (redis.RedisError, OSError)
        self.db = redis.Redis.from_url(
            redis_url,
            decode_responses=True,
            socket_timeout=TIMEOUT_S,
            socket_connect_timeout=TIMEOUT_S,
            retry=Retry(NoBackoff(), 0),
        )
        self.id = secrets.token_hex(6)
        self.url = node_url
        self.heartbeat = heartbeat
        self.ttl_ms = int(heartbeat * 3000)
        self.append = self.db.register_script(APPEND)
        self.claim = self.db.register_script(CLAIM)
        self.books: dict[str, Book] = {}
        self.nodes: list[str] = []  # the fleet's addresses, as of the last heartbeat
        self.suspects: dict[str, tuple[int, int]] = {}  # a lapsed node: (its beat count, rounds it stood still)
        self.down_until = 0.0  # after a failed call: Redis is not asked again before this (monotonic s)
        self.away = False  # Redis did not answer the last call
        self.server: Node | None = None
        self.task: asyncio.Task | None = None

    # -- Redis calls: one failure is logged once, and writes are refused at once for a moment -------
    def up(self) -> bool:
        return time.monotonic() >= self.down_until

    def failed(self, e: Exception) -> None:
        if not self.away:  # one line when it goes, one when it is back
            log.warning("fleet: Redis cannot be reached (%s): moves are refused until it is back", e)
        self.away = True
        self.down_until = time.monotonic() + RETRY_S

    def call(self, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:  # redis-py returns Any at heart
        """``fn(*args)`` on Redis; None when Redis cannot be reached."""
        if not self.up():
            return None
        try:
            got = fn(*args, **kw)
        except self.errors as e:
            self.failed(e)
            return None
        if self.away:
            self.away = False
            log.info("fleet: Redis answers again")
        return got

    def check(self) -> None:
        """At start: a Redis that refuses this node (no or a wrong password, an ACL user without the
        right) raises ValueError with one line; one that cannot be reached yet is tried again later."""
        import redis

        try:
            self.db.ping()
        except redis.AuthenticationError as e:
            raise ValueError(f"Redis refused this node's password (redis://:PASSWORD@HOST:PORT/DB): {e}") from None
        except redis.ResponseError as e:
            if "NOAUTH" in str(e) or "WRONGPASS" in str(e) or "NOPERM" in str(e):
                why = f"Redis refused this node's password or user (redis://USER:PASSWORD@HOST): {e}"
                raise ValueError(why) from None
            raise
        except self.errors:
            pass

    # -- the node's life ---------------------------------------------------------------------------
    def start(self, server: Node, host: str) -> None:
        self.server = server
        if not self.url:
            name = socket.getfqdn() if host in ("", "0.0.0.0", "::") else host
            self.url = f"ws://{name}:{server.port}"
        self.nodes = [self.url]
        self.beat()
        self.task = asyncio.get_running_loop().create_task(self._run())
        log.info("fleet: node %s at %s", self.id, self.url)

    async def _run(self) -> None:
        last = 0.0
        while True:
            await asyncio.sleep(FLUSH_S)
            try:
                for code in list(self.books):
                    if len(self.books[code].entries) > self.books[code].confirmed:
                        self.flush(code)
                if time.monotonic() - last >= self.heartbeat:
                    last = time.monotonic()
                    self.beat()
                    self.take_over()
            except Exception:  # the loop must go on whatever one round meets
                log.exception("fleet: error in the heartbeat")

    def stop(self) -> None:
        """The server closes: what is not yet written is, and the node leaves (the others take its
        rooms over at once, and its players come back to them there)."""
        if self.task is not None:
            self.task.cancel()
        for code in list(self.books):
            self.flush(code)
        self.call(self.db.delete, key("node", self.id))

    def beat(self) -> None:
        """Say this node is alive, with its load and its rooms; learn the fleet's addresses."""
        rooms: dict = self.server.rooms if self.server is not None else {}

        def go() -> dict[str, str]:
            pipe = self.db.pipeline()
            pipe.set(key("node", self.id), self.url, px=self.ttl_ms)
            pipe.incr(key("beat", self.id))
            pipe.sadd(key("nodes"), self.id)
            pipe.hset(key("load"), self.id, len(rooms))
            for code in rooms:  # after Redis lost its data: the rooms are this node's again
                pipe.set(key("room", code), self.id, nx=True)
            if rooms:
                pipe.sadd(key("rooms", self.id), *rooms)
            pipe.execute()
            return self.alive()  # node id -> address

        alive = self.call(go)
        if alive is not None:
            self.nodes = [self.url] + sorted(u for i, u in alive.items() if i != self.id)

    def alive(self) -> dict[str, str]:
        ids = sorted(str(i) for i in self.db.smembers(key("nodes")))
        urls = self.db.mget([key("node", i) for i in ids]) if ids else []
        return {i: str(u) for i, u in zip(ids, urls, strict=True) if u}

    # -- rooms -------------------------------------------------------------------------------------
    def place(self) -> str | None:
        """Where a new room goes: None for here, or the address of a node with fewer rooms (by more
        than one). The room is counted there at once, so creates that come together spread (each
        heartbeat sets a node's count to its rooms again); a create sent on is made where it lands."""

        def go() -> tuple[dict[str, str], dict[str, int]]:
            alive = self.alive()
            load = self.db.hgetall(key("load"))
            return alive, {i: int(load.get(i, 0)) for i in alive}

        got = self.call(go)
        if got is None:
            return None
        alive, load = got
        if not load:
            return None
        least = min(load, key=lambda i: (load[i], i))
        if least != self.id and load.get(self.id, 0) > load[least] + 1:
            self.call(self.db.hincrby, key("load"), least, 1)
            return alive[least]
        return None

    def opened(self, room: Any, counted: bool = False) -> bool:  # a room.Room
        """A new room: this node holds it (with a new fencing token) and its journal starts with the
        game. False: Redis cannot be reached (the room is not made). ``counted``: a create another
        node sent here, whose ``place`` counted it here already (counted twice, this node looked
        fuller than it was until its next heartbeat, and the rooms spread unevenly)."""
        s = room.session
        header = {
            "k": "game",
            "game": room.spec.id,
            "seed": s.seed,
            "options": s.options,
            "players": s.record.players,
            "kinds": room.kinds,
            "hashes": room.hashes,
            "lag_cap": room.lag_cap,
            "setup": s.setup,
            "owner": room.owner,
        }

        def go() -> list[Any]:
            pipe = self.db.pipeline()
            pipe.delete(key("journal", room.code))
            pipe.set(key("room", room.code), self.id)
            pipe.incr(key("fence", room.code))
            pipe.sadd(key("rooms", self.id), room.code)
            if not counted:
                pipe.hincrby(key("load"), self.id, 1)
            if room.owner:
                pipe.sadd(key("owner", room.owner), room.code)
            return pipe.execute()

        done = self.call(go)
        if done is None:
            return False
        self.books[room.code] = Book(token=int(done[2]), owner=room.owner)
        return self.write(room.code, header)

    def rooms_of(self, address: str) -> int | None:
        """How many open rooms ``address`` created on the whole fleet (None: Redis cannot be reached)."""
        got = self.call(self.db.scard, key("owner", address))
        return None if got is None else int(got)

    def write(self, code: str, entry: dict, now: bool = True) -> bool:
        """Add an entry to a room's journal: ``now``, written before this returns (False: it could not
        be, and it is not kept); otherwise with the next write (at most FLUSH_S later)."""
        book = self.books.get(code)
        if book is None:
            return False
        book.entries.append(json.dumps(entry, separators=(",", ":")))
        if not now:
            return True
        if self.flush(code):
            return True
        book.entries.pop()
        return False

    def flush(self, code: str) -> bool:
        book = self.books[code]
        for _ in range(3):
            new = book.entries[book.confirmed :]
            got = self.call(
                self.append,
                keys=[
                    key("room", code),
                    key("journal", code),
                    key("rooms", self.id),
                    key("node", self.id),
                    key("fence", code),
                ],
                args=[self.id, code, book.confirmed, book.token, *new],
            )
            if got is None:
                return False
            status, length = int(got[0]), int(got[1])
            if status == 1:
                book.confirmed = length
                return True
            if status == -1:
                self.lost(code)
                return False
            if status == -3:  # this node's lease lapsed (Redis stalled): beat, then the token decides
                self.beat()
                continue
            book.confirmed = length  # Redis lost the journal's end: write it again from what it has
        return False

    def lost(self, code: str) -> None:
        """Another node holds this room now (this one was taken for gone): let it go here; its people
        connect again and are sent to that node."""
        self.books.pop(code, None)
        server = self.server
        room = server.rooms.get(code) if server is not None else None
        if server is not None and room is not None:
            log.warning("room %s: another node holds it now", code)
            conns = room.connections() | set(room.watchers)
            server.free(room, "held by another node")
            for c in conns:
                c.kill("its room is on another node")

    def freed(self, code: str) -> None:
        book = self.books.pop(code, None)
        if book is None:
            return

        def go() -> list[Any]:
            pipe = self.db.pipeline()
            pipe.delete(key("room", code), key("journal", code))
            pipe.expire(key("fence", code), 86_400)  # kept a day: a node with an older token stays fenced out
            pipe.srem(key("rooms", self.id), code)
            pipe.hincrby(key("load"), self.id, -1)
            if book.owner:
                pipe.srem(key("owner", book.owner), code)
            return pipe.execute()

        self.call(go)

    def find(self, code: str) -> str | None:
        """A code not held here: the address of the node that holds it; None when there is none (no
        such room, or the room was rebuilt here from its journal because its node is gone); "" when
        its node's lease lapsed but it may still be alive (the player tries again in a moment)."""
        owner = self.call(self.db.get, key("room", code))
        if owner is None:
            return None
        if owner != self.id:
            url = self.call(self.db.get, key("node", owner))
            if url:
                return url
            if not self.gone(owner):
                return ""
            token = self.call(self.claim, keys=self.claim_keys(owner, code), args=[owner, self.id, code])
            if not token:
                url = self.call(lambda: self.db.get(key("node", str(self.db.get(key("room", code))))))
                return str(url) if url else ""
            self.rebuild(code, int(token))
            return None
        if code not in self.books:  # claimed here, not yet rebuilt
            token = self.call(self.db.get, key("fence", code))
            self.rebuild(code, int(token or 0))
        return None

    def gone(self, node: str) -> bool:
        """A node whose lease lapsed is taken for gone only once its beat count stood still for
        SUSPECT_ROUNDS of this node's heartbeats (``take_over`` counts them)."""
        seen = self.suspects.get(node)
        return seen is not None and seen[1] >= SUSPECT_ROUNDS

    def claim_keys(self, dead: str, code: str) -> list[str]:
        return [
            key("room", code),
            key("rooms", dead),
            key("rooms", self.id),
            key("load"),
            key("fence", code),
            key("node", self.id),
        ]

    def take_over(self) -> None:
        """Claim and rebuild the rooms of every node that is gone: its lease lapsed and its beat count
        stood still for SUSPECT_ROUNDS of these rounds (only rounds in which Redis answered count)."""
        ids = self.call(lambda: sorted(self.db.smembers(key("nodes"))))
        if not ids:
            return
        alive = self.call(self.alive)
        if alive is None:
            return
        lapsed = [i for i in ids if i not in alive and i != self.id]
        beats = self.call(lambda: self.db.mget([key("beat", i) for i in lapsed])) if lapsed else []
        if beats is None:
            return
        counts = {i: int(b or 0) for i, b in zip(lapsed, beats, strict=True)}
        was = self.suspects
        self.suspects = {i: (n, was[i][1] + 1 if was.get(i, (-1, 0))[0] == n else 1) for i, n in counts.items()}
        for dead in (i for i in lapsed if self.gone(i)):
            codes = self.call(self.db.smembers, key("rooms", dead)) or set()
            for code in sorted(codes):
                token = self.call(self.claim, keys=self.claim_keys(dead, code), args=[dead, self.id, code])
                if token:
                    self.rebuild(code, int(token))
            if codes:
                log.info("fleet: node %s is gone; its rooms are taken over", dead)
            self.call(self.forget, dead)

    def forget(self, dead: str) -> None:
        """A gone node whose rooms are all taken over is no more of the fleet."""
        if self.db.scard(key("rooms", dead)):
            return
        pipe = self.db.pipeline()
        pipe.srem(key("nodes"), dead)
        pipe.hdel(key("load"), dead)
        pipe.delete(key("rooms", dead), key("beat", dead))
        pipe.execute()

    def rebuild(self, code: str, token: int) -> None:
        """This node holds ``code`` now, with fencing token ``token``: the room as its journal has it
        (the game replayed)."""
        if self.server is None or code in self.server.rooms:
            return
        t0 = time.monotonic()
        raw = self.call(self.db.xrange, key("journal", code))
        if not raw:
            log.error("room %s: no journal to rebuild it from", code)
            self.call(self.db.delete, key("room", code))
            self.call(self.db.srem, key("rooms", self.id), code)
            return
        texts = [fields["e"] for _, fields in raw]
        try:
            room = self.server.rebuild(code, [validate.parse_json(t.encode()) for t in texts])
        except (validate.Invalid, rec.BadRecord, KeyError, TypeError, ValueError) as e:
            log.error("room %s: its journal cannot be replayed: %s", code, validate.short_line(str(e)))
            return
        self.books[code] = Book(entries=texts, confirmed=len(texts), token=token, owner=room.owner)
        log.info(
            "room %s: rebuilt from its journal (%d actions, %.0f ms)",
            code,
            len(room.session.record.actions),
            (time.monotonic() - t0) * 1000,
        )
