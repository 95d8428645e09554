"""A real redis-server and `tabletop serve --redis` nodes on loopback, in processes of their own."""

import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.online_helpers import free_port

REDIS = shutil.which("redis-server") or ""
NO_REDIS = "redis-server is not installed (Debian: apt-get install redis-server; .ci/run installs it)"


def wait_port(port: int, seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port}")


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
        self.folder.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)]
            + ["--appendonly", "yes", "--save", "", "--daemonize", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL,
        )
        wait_port(self.port)
        return self

    def stop(self, sig=signal.SIGTERM) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(10)

    def client(self):
        import redis

        return redis.Redis(port=self.port, decode_responses=True)


class Node:
    """`tabletop serve --redis` on a free loopback port, with a short heartbeat and quick computers."""

    def __init__(self, redis: Redis, folder: Path, heartbeat: float = 0.3):
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        folder.parent.mkdir(parents=True, exist_ok=True)
        args = ["--host", "127.0.0.1", "--port", str(self.port), "--redis", redis.url, "--data", str(folder)]
        args += ["--heartbeat", str(heartbeat), "--computer-pace", "0.02"]
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tabletop", "serve", *args],
            stdout=subprocess.DEVNULL,
            stderr=open(folder.with_suffix(".log"), "w"),  # noqa: SIM115 (closed with the process)
        )

    def wait(self) -> "Node":
        wait_port(self.port)
        return self

    def stop(self, sig=signal.SIGTERM) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def nodes(redis: Redis, folder: Path, n: int, heartbeat: float = 0.3) -> list[Node]:
    """``n`` nodes started together, once each takes connections."""
    made = [Node(redis, folder / f"node{i}", heartbeat) for i in range(n)]
    for node in made:
        node.wait()
    return made
