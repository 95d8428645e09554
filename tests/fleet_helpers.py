"""A real redis-server and `tabletop serve --redis` nodes on loopback, in processes of their own (the
benchmark's own ways of starting them)."""

import shutil
import signal
import subprocess
from pathlib import Path

from tabletop.online.fleet_bench import fleet_node, redis_server, wait_port
from tests.online_helpers import free_port

REDIS = shutil.which("redis-server") or ""
NO_REDIS = "redis-server is not installed (Debian: apt-get install redis-server; .ci/run installs it)"


def stop(proc: subprocess.Popen, sig=signal.SIGTERM) -> None:
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


class Redis:
    """redis-server on a free loopback port, its data in ``folder``, append-only on."""

    def __init__(self, folder: Path, password: str = ""):
        self.folder = folder
        self.port = free_port()
        self.password = password
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://{f':{self.password}@' if self.password else ''}127.0.0.1:{self.port}/0"

    def start(self) -> "Redis":
        self.proc = redis_server(self.folder, self.port, ("--requirepass", self.password) if self.password else ())
        return self

    def stop(self, sig=signal.SIGTERM) -> None:
        if self.proc is not None:
            stop(self.proc, sig)

    def client(self):
        import redis

        return redis.Redis(port=self.port, password=self.password or None, decode_responses=True)


class Node:
    """`tabletop serve --redis` on a free loopback port, with a short heartbeat and quick computers; its
    log beside its folder."""

    def __init__(self, redis: Redis, folder: Path, heartbeat: float = 0.3):
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        folder.parent.mkdir(parents=True, exist_ok=True)
        with open(folder.with_suffix(".log"), "w") as log:
            self.proc = fleet_node(redis.url, self.port, folder, heartbeat, 0.02, log)

    def stop(self, sig=signal.SIGTERM) -> None:
        stop(self.proc, sig)


def nodes(redis: Redis, folder: Path, n: int, heartbeat: float = 0.3) -> list[Node]:
    """``n`` nodes started together, once each takes connections."""
    made = [Node(redis, folder / f"node{i}", heartbeat) for i in range(n)]
    for node in made:
        wait_port(node.port)
    return made


class Outage:
    """A TCP proxy to Redis on loopback, in a thread of its own, that can cut every connection and refuse
    new ones for a while (Redis out of reach: the nodes' calls fail, nothing they send arrives)."""

    def __init__(self, redis: Redis):
        import asyncio
        import threading

        self.target = redis.port
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.cut = False
        self.writers: set = set()
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.ready.wait(5)

    def _run(self) -> None:
        import asyncio

        async def pipe(reader, writer):
            try:
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                writer.close()

        async def handle(reader, writer):
            if self.cut:
                writer.transport.abort()
                return
            try:
                up_r, up_w = await asyncio.open_connection("127.0.0.1", self.target)
            except OSError:
                writer.transport.abort()
                return
            self.writers |= {writer, up_w}
            await asyncio.gather(pipe(reader, up_w), pipe(up_r, writer), return_exceptions=True)
            self.writers -= {writer, up_w}

        async def main():
            self.server = await asyncio.start_server(handle, "127.0.0.1", self.port)
            self.ready.set()
            await asyncio.Event().wait()

        self.loop.run_until_complete(main())

    def begin(self) -> None:
        def go():
            self.cut = True
            for w in list(self.writers):
                w.transport.abort()

        self.loop.call_soon_threadsafe(go)

    def end(self) -> None:
        self.loop.call_soon_threadsafe(lambda: setattr(self, "cut", False))
