"""One client connection of the online server (docs/online.md, "Rooms and limits"): the seats it holds,
its rate budget, the round trips measured from the server's own pings, and its sending: a message goes out
at once when the socket can take it without waiting, else into the connection's own queue, written by its
own task, so nothing one connection does holds up another: a connection whose queue is full or whose write
takes longer than the server's ``send_timeout`` is closed. No pygame here.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
import time
from collections import deque
from typing import Any, Protocol

import websockets
from websockets.protocol import State

from tabletop import validate

from . import protocol as P

log = logging.getLogger("tabletop.online")

RATE = 40.0  # messages a second a connection may send on average
BURST = 80.0
RTT_SAMPLES = 16
PONG_TIMEOUT_S = 15.0  # a connection in a room that answers no ping this long is closed
PINGS_OPEN = 8  # pings awaiting their pong, per connection (older nonces are forgotten)


def said(value: object) -> str:
    """What a client sent, for a log line: escaped and cut short (no forged lines in the log)."""
    return validate.short(value)


class Line(Protocol):
    """What a connection needs of the server that holds it (``server.Server``)."""

    send_queue: int
    send_timeout: float

    def clock(self) -> float: ...


class Conn:
    """One client connection: the seats it holds, its rate budget, its measured round trips and
    its own outgoing queue and writer (a slow or vanished peer is closed, never waited for)."""

    ids = itertools.count(1)

    def __init__(self, ws: Any, server: Line) -> None:  # ws: a websockets ServerConnection
        self.ws = ws
        self.server = server
        self.id = next(Conn.ids)
        address = getattr(ws, "remote_address", None)  # the real client's, behind a trusted proxy (``door.py``)
        self.address = getattr(ws, "real_address", "") or (str(address[0]) if address else "?")
        self.room: Any = None  # the Room it is in (online/room.py, which imports this module), None before
        self.joined = False  # it was in a room once (a connection that never is, is closed: ``Server``)
        self.seats: set[int] = set()
        self.last_id = -1
        self.budget = BURST
        self.budget_at = self.server.clock()
        self.logged: set[str] = set()
        self.rtts: deque = deque(maxlen=RTT_SAMPLES)
        self.pings: dict[int, float] = {}  # nonce -> server time it was written
        self.answered = time.monotonic()  # when it last answered a ping (the wall clock's seconds)
        self.dropped = 0
        self.out: deque = deque()
        self.writing = False  # the writer is writing a message of ``out`` (it may wait for the peer)
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
        if time.monotonic() - self.answered > PONG_TIMEOUT_S:  # gone without a word (no FIN): closed
            self.kill(f"it answered no ping for {PONG_TIMEOUT_S:.0f} s")
            return
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
        self.answered = time.monotonic()

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
    # (a message written at once is one the socket takes whole: nobody waits for it either)
    def send(self, msg: dict | str, nonce: int | None = None) -> None:
        if self.closed:
            return
        text = msg if isinstance(msg, str) else P.dumps(msg)
        if not self.out and not self.writing and self.write_now(text, nonce):
            return
        if len(self.out) >= self.server.send_queue:
            self.kill("it does not read what it is sent")
            return
        self.out.append((text, nonce))
        self.ready.set()

    def write_now(self, text: str, nonce: int | None) -> bool:
        """Write ``text`` here and now when that cannot wait for the peer (``unhurried``): what a
        connection that reads is sent never wakes its writer (most of a busy server's messages are
        small: pings, and the views of a move). False when it must go through the queue."""
        protocol = getattr(self.ws, "protocol", None)
        if protocol is None or protocol.state is not State.OPEN or not self.unhurried(text):
            return False
        if nonce is not None and nonce in self.pings:
            self.pings[nonce] = self.server.clock()
        protocol.send_text(text.encode())  # framed (and compressed) as the connection's send does
        self.ws.send_data()
        return True

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
                self.writing = True
                try:
                    async with asyncio.timeout(self.server.send_timeout):  # no task a message, as wait_for makes
                        await self.ws.send(text)
                except TimeoutError:
                    self.kill("a write did not finish in time")
                    return
                finally:
                    self.writing = False
        except websockets.ConnectionClosed:
            self.closed = True
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("connection %d: error while sending", self.id)
            self.kill("an error while sending")

    def unhurried(self, text: str) -> bool:
        """Whether writing ``text`` is sure to finish at once: websockets waits only while the socket's
        outgoing buffer is over its limit, and this message, framed and compressed or not, cannot take it
        over its lower one (a connection that reads what it is sent has an empty buffer)."""
        transport = getattr(self.ws, "transport", None)
        if transport is None:
            return False
        low, _high = transport.get_write_buffer_limits()
        return transport.get_write_buffer_size() + 4 * len(text) + 64 <= low

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

        async def later() -> None:
            end = self.server.clock() + self.server.send_timeout * 1000
            while self.out and not self.closed and self.server.clock() < end:
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.05)
            self.kill("its seat moved to a new connection")

        asyncio.get_running_loop().create_task(later())
