"""Loopback servers, clients that play with the games' own bots, and a delay proxy (asyncio)."""

import asyncio
import random
import time
from collections.abc import Callable

from tabletop.core import playout
from tabletop.core import record as rec
from tabletop.online.client import Client
from tabletop.online.server import Server


class FastClock:
    """Time in ms that runs ``rate`` times as fast as the wall clock, for a test's server and clients
    to share in one process: a real-time game's seconds pass in a fraction of a second, and every
    figure the server and clients compare (stamps, round trips, the round clock) is on it."""

    def __init__(self, rate: float):
        self.rate = rate
        self.start = time.monotonic() * 1000.0
        self.ahead = 0.0

    def __call__(self) -> float:
        return self.start + (time.monotonic() * 1000.0 - self.start) * self.rate + self.ahead

    def jump(self, ms: float) -> None:
        """This much time passes at once (a long pause, without waiting for it)."""
        self.ahead += ms


async def start_server(**kw):
    server = Server(bot_delay=kw.pop("bot_delay", 0.0), **kw)
    await server.start("127.0.0.1", 0)
    return server


def url(port: int) -> str:
    return f"ws://127.0.0.1:{port}"


async def bot_player(
    client: Client,
    seat: int,
    level: str | None = None,
    seed: int = 0,
    timeout: float = 120.0,
    until: Callable[[], bool] = lambda: False,
):
    """Play ``seat`` to the end (or until ``until()``) with the game's bot (a random player for a game
    without one), choosing from the views the server sends."""
    spec = client.spec
    assert spec is not None, "the client is in no room"
    bot = playout.computer(spec, seat, level or (spec.bot_levels[-1] if spec.bot_levels else "random"), seed)
    rules = spec.rules
    acted_at = None
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while client.over is None and not client.closed and not until():
        if loop.time() > end:
            raise TimeoutError(f"seat {seat}: the game did not end")
        client.changed.clear()  # before looking: a view that comes while we act still wakes us
        view = client.views.get(seat)
        n = client.n.get(seat)
        if view is not None and n != acted_at and seat in rules.to_act(view) and not client.status.get("paused"):
            acted_at = n
            await client.act(seat, bot.choose(view))
        try:
            await asyncio.wait_for(client.changed.wait(), 0.5)
        except TimeoutError:
            acted_at = None  # nothing came back: look again


def replays_to(record_json: dict, spec):
    r = rec.parse(__import__("json").dumps(record_json))
    return rec.replay(r, spec)


class DelayProxy:
    """A TCP proxy on loopback that delays every chunk by ``ms`` one way (+- ``jitter``), keeping order."""

    def __init__(self, target_port: int, ms: float, jitter: float = 0.0, seed: int = 1):
        self.target_port = target_port
        self.ms = ms
        self.jitter = jitter
        self.rnd = random.Random(seed)
        self.server = None
        self.port = 0

    async def start(self):
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def close(self):
        self.server.close()

    async def _handle(self, reader, writer):
        up_r, up_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        await asyncio.gather(self._pipe(reader, up_w), self._pipe(up_r, writer), return_exceptions=True)

    async def _pipe(self, reader, writer):
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()
        last = 0.0

        async def deliver():
            while True:
                due, data = await queue.get()
                if data is None:
                    writer.close()
                    return
                wait = due - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                writer.write(data)
                await writer.drain()

        task = loop.create_task(deliver())
        try:
            while True:
                data = await reader.read(65536)
                d = (self.ms + self.rnd.uniform(-self.jitter, self.jitter)) / 1000.0
                due = max(loop.time() + max(0.0, d), last)  # a stream keeps its order
                last = due
                await queue.put((due, data or None))
                if not data:
                    break
            await task
        except (ConnectionError, asyncio.CancelledError):
            task.cancel()


async def jab_bot_player(
    client,
    seat: int,
    level: str = "hard",
    seed: int = 0,
    timeout: float = 240.0,
    frame_s: float = 0.016,
    ready: bool = True,
):
    """Play a JAB seat in real time: the game's own driver (the server's, for its computer seats)
    moves the bot's hands here at once, as the table does, every ``frame_s`` seconds of the wall
    clock, and the actions are sent stamped with the synchronised clock. ``ready``: back from a
    pause, it presses ready when the room asks, as a person at the table does."""
    from tabletop.games.jab.players import RealtimeDriver

    driver = RealtimeDriver(seat, level, seed, client.views[seat].options["hand_speed_ms"])
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    last = client.clock.local()
    asked = None  # the status whose ask for ready was answered
    while client.over is None and not client.closed:
        if loop.time() > end:
            raise TimeoutError(f"seat {seat}: the JAB game did not end")
        await asyncio.sleep(frame_s)
        if ready and client.ready_asked() and client.status is not asked:
            asked = client.status
            await client.ready()
        now = client.clock.local()
        dt = int(now - last)  # on the client's clock, which may run faster than the wall's
        last = now
        view = client.views.get(seat)
        if view is None or client.status.get("paused"):
            continue
        for a in driver.frame(view, max(client.round_clock(), view.now), dt, client.n.get(seat)):
            await client.act(seat, a, stamp=client.clock.server_now())


def raw_socket_client(port: int, rcvbuf: int = 4096, source: str = "127.0.0.1"):
    """A WebSocket client on a plain blocking socket with a small receive buffer (the benchmark's)."""
    from tabletop.online.peers import raw_client

    return raw_client(port, source, rcvbuf)


def send_frame(sock, text: str) -> None:
    from tabletop.online.peers import frame

    sock.sendall(frame(text))


class SilentProxy:
    """A TCP proxy on loopback that passes bytes both ways until ``silence()``: then it reads nothing more
    from the server and closes nothing, as a peer whose Wi-Fi is gone (no FIN ever comes). What the client
    sends still goes up (the test stops sending once it has said its last)."""

    def __init__(self, target_port: int):
        self.target_port = target_port
        self.silent = asyncio.Event()
        self.server = None
        self.port = 0
        self.socks: list = []

    async def start(self):
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    def silence(self) -> None:
        self.silent.set()
        for w in self.socks[1::2]:  # the sockets to the server
            w.transport.pause_reading()

    async def close(self):
        self.server.close()
        for w in self.socks:
            w.transport.abort()

    async def _handle(self, reader, writer):
        import socket

        up = socket.socket()
        up.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # its buffers fill at once when silent
        up.setblocking(False)
        await asyncio.get_running_loop().sock_connect(up, ("127.0.0.1", self.target_port))
        up_r, up_w = await asyncio.open_connection(sock=up, limit=1024)
        self.socks += [writer, up_w]
        try:
            await asyncio.gather(self._pipe(reader, up_w), self._pipe(up_r, writer, True), return_exceptions=True)
        except asyncio.CancelledError:
            pass

    async def _pipe(self, reader, writer, down=False):
        while True:
            data = await reader.read(65536)
            if down and self.silent.is_set():
                await asyncio.Event().wait()  # silent: read nothing more, close nothing
            if not data:
                break
            writer.write(data)
        writer.close()


def run_bounded(coro, cleanup_s: float = 5.0):
    """``asyncio.run``, but the tasks left at the end get ``cleanup_s`` seconds to stop, not forever
    (a server that stalls on a dead peer must fail its test, not hang it)."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(coro)
    finally:
        tasks = asyncio.all_tasks(loop)
        for t in tasks:
            t.cancel()
        if tasks:
            loop.run_until_complete(asyncio.wait(tasks, timeout=cleanup_s))
        loop.close()


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_serve(port: int, **popen):
    """``tabletop serve`` in a process of its own on loopback, once it takes connections."""
    import socket
    import subprocess
    import sys
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "serve", "--host", "127.0.0.1", "--port", str(port)], **popen
    )
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    return proc


def host_a_room(game: str = "punch", options: dict | None = None):
    """A game hosted from a program's network thread on loopback (its server and its client, Ana
    here, Bo elsewhere); the room's code is ``net.client.room``. Close it with ``net.wait_closed()``."""
    from tabletop.online.remote import NetThread

    net = NetThread()
    port = net.host(0)
    net.connect(f"ws://127.0.0.1:{port}")
    seats = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
    net.run(net.client.create(game, seats, options or {}))
    return net
