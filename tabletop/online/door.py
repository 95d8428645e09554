"""The server's door: who may open a connection and how much each address may spend (docs/online.md,
"Limits"). No pygame here.

Every address (the real client's when it comes through a trusted proxy, ``--trust-proxy``) has a cap
on its open connections and a budget of bytes and of the server's time, shared by all its
connections. An address that goes over a budget has the connection that did it closed, and no new
connection is taken from it until its budget has filled up again. The whole server takes at most
as many connections as it has file descriptors to spare; a connection over any cap is closed as soon
as it is accepted, and that is logged once a minute, not once a connection.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import deque
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

log = logging.getLogger("tabletop.online")

CONNS_PER_ADDRESS = 32  # open connections from one address (a household, a café behind one address)
BYTES_PER_S = 64 * 1024  # what one address may send, on average: an honest player sends ~2 KiB/s
BYTES_BURST = 256 * 1024
CPU_MS_PER_S = 200.0  # the server's processor time one address's messages may take: a fifth of a core
CPU_BURST_MS = 5000.0  # (a whole game between two computer players at full speed takes 1-2 s)
FD_RESERVE = 64  # file descriptors kept free for files, Redis and the listening socket
QUIET_S = 60.0  # a refusal of the same kind is logged at most this often


def fd_limit() -> int:
    """How many files this process may have open (its soft limit); a large number where unknown."""
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        return soft if soft != resource.RLIM_INFINITY else 1 << 20
    except (ImportError, OSError, ValueError):
        return 1 << 20


class Bucket:
    """A budget that fills at ``rate`` a second up to ``burst``; spending may take it below zero, and
    ``punish`` empties it to ``-burst``: the address waits a whole refill before it is let in again."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self.level = burst
        self.at = time.monotonic()

    def now(self) -> float:
        t = time.monotonic()
        self.level = min(self.burst, self.level + (t - self.at) * self.rate)
        self.at = t
        return self.level

    def spend(self, amount: float) -> bool:
        """Take ``amount``; False when the budget is now overdrawn."""
        self.level = self.now() - amount
        return self.level >= 0

    def punish(self) -> None:
        self.level = -self.burst


class Limits:
    """What one address has: its open connections, its budgets, its open rooms, its creates and join
    attempts in the last minute."""

    def __init__(self) -> None:
        self.conns = 0
        self.bytes = Bucket(BYTES_PER_S, BYTES_BURST)
        self.cpu = Bucket(CPU_MS_PER_S, CPU_BURST_MS)
        self.rooms: set[str] = set()
        self.creates: deque = deque()
        self.joins: deque = deque()

    @staticmethod
    def within(times: deque, per_minute: int) -> bool:
        t = time.monotonic()
        while times and t - times[0] > 60:
            times.popleft()
        if len(times) >= per_minute:
            return False
        times.append(t)
        return True

    def over(self) -> bool:
        """Overdrawn: its new connections are refused until its budgets fill up again."""
        return self.bytes.now() < 0 or self.cpu.now() < 0

    def spend(self, nbytes: int, cpu_ms: float) -> bool:
        """Charge one message; False (and the address waits a whole refill) when it went over."""
        ok = self.bytes.spend(nbytes) & self.cpu.spend(cpu_ms)
        if not ok:
            self.bytes.punish() if self.bytes.level < 0 else self.cpu.punish()
        return ok

    def idle(self) -> bool:
        t = time.monotonic()
        return (
            not self.conns
            and not self.rooms
            and not self.over()
            and all(not q or t - q[-1] > 60 for q in (self.creates, self.joins))
        )


class Quiet:
    """Log a line of each kind at most once every ``QUIET_S`` seconds, with how many were left out."""

    def __init__(self) -> None:
        self.last: dict[str, float] = {}
        self.left_out: dict[str, int] = {}

    def warn(self, kind: str, text: str) -> None:
        t = time.monotonic()
        if t - self.last.get(kind, -QUIET_S) < QUIET_S:
            self.left_out[kind] = self.left_out.get(kind, 0) + 1
            return
        self.last[kind] = t
        more = self.left_out.pop(kind, 0)
        log.warning("%s%s", text, f" ({more} more since the last such line)" if more else "")


def networks(items: list[str]) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """``--trust-proxy``'s addresses and networks (10.0.0.5, 10.0.0.0/8, ::1); raises ValueError."""
    return [ipaddress.ip_network(item.strip(), strict=False) for item in items if item.strip()]


def within(address: str, nets: list) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in nets)


def real_client(peer: str, forwarded: str | None, trusted: list) -> str:
    """The address a connection's limits key on: the peer's own, unless the peer is a trusted proxy;
    then the last address in X-Forwarded-For that is not a trusted proxy (a client can write anything
    at the start of that header, but not what the proxies after it appended)."""
    if not trusted or not within(peer, trusted) or not forwarded:
        return peer
    for hop in reversed(forwarded.split(",")):
        hop = hop.strip()
        try:
            hop = str(ipaddress.ip_address(hop))
        except ValueError:
            return peer  # a header we cannot read: the proxy itself is the client
        if not within(hop, trusted):
            return hop
    return peer


class Door:
    """Counts open connections per address and in all, and says who is let in."""

    def __init__(self, max_connections: int = 0, per_address: int = CONNS_PER_ADDRESS, trusted: list | None = None):
        limit = fd_limit() - FD_RESERVE
        self.max_connections = min(max_connections, limit) if max_connections else max(limit, 16)
        self.per_address = per_address
        self.trusted = trusted or []
        self.open = 0
        self.addresses: dict[str, Limits] = {}
        self.quiet = Quiet()

    def limits(self, address: str) -> Limits:
        return self.addresses.setdefault(address, Limits())

    def enter(self, address: str | None) -> bool:
        """A connection from ``address`` (None: a trusted proxy's, counted in all only) may stay open."""
        if self.open >= self.max_connections:
            self.quiet.warn("full", f"refusing connections: {self.open} open, the most this server takes")
            return False
        if address is not None:
            lim = self.limits(address)
            if lim.conns >= self.per_address:
                self.quiet.warn(f"conns {address}", f"{address}: refusing its connections over {self.per_address}")
                return False
            if lim.over():
                self.quiet.warn(f"over {address}", f"{address}: refusing its connections until its budget fills")
                return False
            lim.conns += 1
        self.open += 1
        return True

    def leave(self, address: str | None) -> None:
        self.open -= 1
        if address is not None:
            self.limits(address).conns -= 1

    def forget_idle(self) -> None:
        for address in [a for a, lim in self.addresses.items() if lim.idle()]:
            del self.addresses[address]

    def connection_class(self) -> type[ServerConnection]:
        """websockets' connection, counted from the moment the socket is accepted until it is closed."""
        door = self

        class Counted(ServerConnection):
            counted: str | None = None
            entered = False
            real_address = ""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                peer = transport.get_extra_info("peername")
                self.real_address = str(peer[0]) if peer else "?"
                proxy = within(self.real_address, door.trusted)
                self.counted = None if proxy else self.real_address
                self.entered = door.enter(self.counted)
                if not self.entered and isinstance(transport, asyncio.Transport):
                    transport.abort()

            def connection_lost(self, exc: Exception | None) -> None:
                if self.entered:
                    self.entered = False
                    door.leave(self.counted)
                super().connection_lost(exc)

        return Counted

    def process_request(self, connection: Any, request: Request) -> Response | None:  # a connection_class one
        """A trusted proxy's connection: its real client is now known, and counted as that address."""
        if not getattr(connection, "entered", False):
            return connection.respond(503, "Busy\n")
        if connection.counted is not None or not self.trusted:
            return None
        real = real_client(connection.real_address, request.headers.get("X-Forwarded-For"), self.trusted)
        if real == connection.real_address:
            return None
        lim = self.limits(real)
        if lim.conns >= self.per_address or lim.over():
            self.quiet.warn(f"conns {real}", f"{real}: refusing its connections (through a proxy)")
            return connection.respond(429, "Too many connections from your address\n")
        lim.conns += 1
        connection.counted = real
        connection.real_address = real
        return None

    def watch_accepts(self, loop: asyncio.AbstractEventLoop) -> None:
        """Out of file descriptors, the loop's accept fails (and says so each time it tries again): one
        line a minute instead. Anything else goes to the handler the loop had (a hosted game's program
        may have its own)."""
        before = loop.get_exception_handler()

        def handler(loop: asyncio.AbstractEventLoop, context: dict) -> None:
            exc = context.get("exception")
            if isinstance(exc, OSError) and "accept" in str(context.get("message", "")):
                self.quiet.warn("accept", f"cannot accept connections: {exc.strerror or exc} ({self.open} open)")
            elif before is not None:
                before(loop, context)
            else:
                loop.default_exception_handler(context)

        loop.set_exception_handler(handler)
