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

    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "Redis":
        self.proc = redis_server(self.folder, self.port)
        return self

    def stop(self, sig=signal.SIGTERM) -> None:
        if self.proc is not None:
            stop(self.proc, sig)

    def client(self):
        import redis

        return redis.Redis(port=self.port, decode_responses=True)


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
