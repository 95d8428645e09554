"""python -m tabletop.bench --fleet (issue 27): redis-server and three `tabletop serve --redis` nodes on
loopback (``main``): rooms per node, action round trips at 8 real-time rooms a node and at 50, 200 and 500
turn-based rooms, and the time from a node's SIGKILL to its rooms being back on the others. The clients
and timers are the online bench's (``bench.py``).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import shutil
import socket
import subprocess
import sys
import time
from typing import Any

from tabletop.core import registry

from .bench import Timed, first_game, free_port, middling, pct, realtime_person, source_address
from .client import Client, local_ms

FLEET_NODES = 3
FLEET_TURN_ROOMS = (50, 200, 500)
FLEET_REALTIME_ROOMS_PER_NODE = 8


def wait_port(port: int, seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port}")


def redis_server(folder: str | os.PathLike, port: int, extra: tuple[str, ...] = ()) -> subprocess.Popen:
    """redis-server on loopback, its data in ``folder``, append-only on (once it takes connections);
    ``extra``: more of its options (a password: ("--requirepass", "...")."""
    os.makedirs(folder, exist_ok=True)
    args = ["--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder), "--appendonly", "yes", *extra]
    proc = subprocess.Popen(
        [shutil.which("redis-server") or "redis-server", *args, "--save", "", "--loglevel", "warning"],
        stdout=subprocess.DEVNULL,
    )
    wait_port(port)
    return proc


def fleet_node(
    redis_url: str, port: int, folder: str | os.PathLike, heartbeat: float, pace: float, log: Any = None
) -> subprocess.Popen:
    """`tabletop serve --redis` on loopback, in a process of its own (SIGKILL is real)."""
    args = ["--host", "127.0.0.1", "--port", str(port), "--redis", redis_url, "--data", str(folder)]
    args += ["--heartbeat", str(heartbeat), "--computer-pace", str(pace)]
    return subprocess.Popen(
        [sys.executable, "-m", "tabletop", "serve", *args], stdout=subprocess.DEVNULL, stderr=log or subprocess.DEVNULL
    )


async def _fleet_turn_rooms(url: str, clients: list, rooms: int) -> None:
    """Turn-based rooms made through one node (the fleet puts each on its least-loaded node) up to ``rooms``."""
    spec = first_game(registry.TURNS)
    seats = [{"kind": "here", "name": "A"}, {"kind": "computer", "level": spec.bot_levels[0]}]

    async def one() -> None:
        c = Client(url, local_addr=source_address())
        await c.connect()
        await c.create(spec.id, seats)
        clients.append((c, Timed(c, 0)))

    while len(clients) < rooms:
        await asyncio.gather(*(one() for _ in range(min(25, rooms - len(clients)))))


FLEET_PROBES = 50  # turn-based rooms whose round trips are measured; the others are load from another process


async def _fleet_play_turns(clients: list, seconds: float, stop: Any = None) -> list[float]:
    """Every room's person makes a move every three seconds (as people play), for ``seconds`` or until
    ``stop()``; their round trips."""
    import random

    rules = first_game(registry.TURNS).rules
    rnd = random.Random(1)
    end = local_ms() + seconds * 1000

    async def play(c: Client, tm: Timed) -> None:
        await asyncio.sleep(3 * rnd.random())
        while local_ms() < end and not c.closed and not (stop and stop()):
            tm.seen()
            v = c.views.get(0)
            if c.over is None and v is not None and 0 in rules.to_act(v):
                legal = rules.legal_actions(v, 0)
                if legal:
                    t0 = local_ms()
                    tm.sent(await c.act(0, rnd.choice(legal)), t0)
            await asyncio.sleep(3.0)
        tm.seen()

    for _, tm in clients:
        tm.trips.clear()
    await asyncio.gather(*(play(c, tm) for c, tm in clients))
    return [t for _, tm in clients for t in tm.trips]


def _fleet_load(url: str, asks: Any, said: Any) -> None:
    """The turn-based rooms beyond the measured ones, in a process of their own: grows to each count
    asked (``asks``; None stops), says so (``said``), and plays every room meanwhile."""

    async def run() -> None:
        clients: list = []
        while True:
            rooms = await asyncio.to_thread(asks.get)
            if rooms is None:
                break
            await _fleet_turn_rooms(url, clients, rooms)
            said.put(len(clients))
            await _fleet_play_turns(clients, 3600, stop=lambda: not asks.empty())
        for c, _ in clients:
            await c.close()

    asyncio.run(run())


async def _fleet_realtime(urls: list[str], rooms: int, seconds: float) -> tuple[list[float], list[Client]]:
    """Real-time rooms against the computer, asked of each node in turn (so each makes as many); each person's
    actions' round trips."""
    rt = first_game(registry.REALTIME)
    clients = []
    for i in range(rooms):
        c = Client(urls[i % len(urls)], local_addr=source_address())
        await c.connect()
        await c.create(
            rt.id, [{"kind": "here", "name": "A"}, {"kind": "computer", "level": middling(rt)}], {"countdown_ms": 0}
        )
        clients.append(c)
    await asyncio.sleep(1.0)
    end = local_ms() + seconds * 1000
    timers = [Timed(c, 0) for c in clients]
    await asyncio.gather(*(realtime_person(c, tm, end) for c, tm in zip(clients, timers, strict=True)))
    return [t for tm in timers for t in tm.trips], clients


def main(argv: list[str] | None = None) -> int:
    """Rooms per node, action round trips at 50, 200 and 500 turn-based rooms and at 8 real-time rooms a node,
    and the time from a node's SIGKILL to its rooms being back on the others."""
    import shutil
    import signal
    import tempfile

    if shutil.which("redis-server") is None:
        print("fleet: unavailable (redis-server is not installed)")
        return 0
    import redis

    seconds = float(os.environ.get("TABLETOP_BENCH_SECONDS", "9"))
    heartbeat = float(os.environ.get("TABLETOP_BENCH_HEARTBEAT", "1.0"))
    folder = tempfile.mkdtemp(prefix="tabletop-fleet-")
    rport = free_port()
    rproc = redis_server(os.path.join(folder, "redis"), rport)
    url = f"redis://127.0.0.1:{rport}/0"
    db = redis.Redis(port=rport, decode_responses=True)
    ports = [free_port() for _ in range(FLEET_NODES)]
    procs = [fleet_node(url, p, os.path.join(folder, f"node{i}"), heartbeat, 0.6) for i, p in enumerate(ports)]
    out: dict = {}

    def line(key: str, value: Any, text: str = "") -> None:
        out[key] = value
        print(f"{key}: {value}{text}", flush=True)

    def per_node() -> list[int]:
        ids = {str(db.get("tabletop:node:" + i)): i for i in map(str, db.smembers("tabletop:nodes"))}
        urls = [f"ws://127.0.0.1:{p}" for p in ports]
        return [int(db.scard("tabletop:rooms:" + ids[u])) for u in urls if u in ids]

    try:
        for p in ports:
            wait_port(p)
        front = f"ws://127.0.0.1:{ports[0]}"

        rt_id = first_game(registry.REALTIME).id

        async def realtime() -> None:  # first, on an empty fleet: the real-time rooms spread evenly, 8 a node
            urls = [f"ws://127.0.0.1:{p}" for p in ports]
            trips, clients = await _fleet_realtime(urls, FLEET_REALTIME_ROOMS_PER_NODE * FLEET_NODES, seconds)
            line(f"fleet.{rt_id}.per_node", per_node())
            p99 = round(pct(trips, 99), 2)
            line(f"fleet.{rt_id}.rooms{FLEET_REALTIME_ROOMS_PER_NODE}_per_node.action_round_trip_p99_ms", p99)
            for c in clients:  # their rooms wait, paused, for the rest of the run
                await c.close()

        asyncio.run(realtime())
        spawn = multiprocessing.get_context("spawn")
        asks, said = spawn.Queue(), spawn.Queue()
        load = spawn.Process(target=_fleet_load, args=(front, asks, said), daemon=True)
        load.start()

        async def turns_and_kill() -> None:
            clients: list = []
            await _fleet_turn_rooms(front, clients, FLEET_PROBES)
            for rooms in FLEET_TURN_ROOMS:
                asks.put(rooms - FLEET_PROBES)
                await asyncio.to_thread(said.get, True, 300)
                trips = await _fleet_play_turns(clients, seconds)
                line(f"fleet.turn.rooms{rooms}.per_node", per_node())
                p99 = round(pct(trips, 99), 2)
                line(f"fleet.turn.rooms{rooms}.action_round_trip_p99_ms", p99, f" ({len(trips)} actions measured)")
            asks.put(None)  # the load's players leave (their rooms wait for them) before the kill
            await asyncio.to_thread(load.join, 30)
            victim = f"ws://127.0.0.1:{ports[1]}"  # not the node the rooms were asked of
            dead_id = next(i for i in map(str, db.smembers("tabletop:nodes")) if db.get(f"tabletop:node:{i}") == victim)
            held = db.scard(f"tabletop:rooms:{dead_id}")
            mine = [c for c, _ in clients if c.url == victim]
            t0 = time.monotonic()
            procs[1].send_signal(signal.SIGKILL)
            while dead_id in db.smembers("tabletop:nodes") and time.monotonic() - t0 < 60:
                await asyncio.sleep(0.02)
            line("fleet.kill.rooms_on_the_node", held)
            back = round(time.monotonic() - t0, 2)
            line("fleet.kill.seconds_to_rooms_back", back, f" (heartbeat {heartbeat:g} s, gone after 3 missed)")
            rejoined = 0
            for c in mine:
                again = await c.rejoin()
                rejoined += again is not None
                if again is not None:
                    await again.close()
            line("fleet.kill.players_back_in_their_rooms", f"{rejoined} of {len(mine)}")
            line("fleet.kill.seconds_to_those_players_back", round(time.monotonic() - t0, 2))
            for c, _ in clients:
                await c.close()

        asyncio.run(turns_and_kill())
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
                proc.wait(10)
        rproc.terminate()
        rproc.wait(10)
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps(out, sort_keys=True))
    return 0
