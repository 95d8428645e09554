"""python -m tabletop.bench --online --capacity (issue 39): one server process at 1,000 turn-based rooms.

Each turn-based room (the games that are not real time, in turn) has two scripted people, a client each, who
move at a person's pace (a few seconds' thought once it is their turn; a finished game is played again: both
say yes to a rematch). Beside them, 8 real-time rooms: a person against the computer, whose program moves
its hands and samples the clock as a player's does. The server is a process of its own; the people are
played by load processes, but those whose round trips are measured (``PROBES`` turn-based rooms and the
real-time rooms) by this process alone, so its own work is small and its figures are the server's. Reported:
p50 and p99 of an action's round trip (turn-based, real time), the server's processor time (% of one core)
and resident memory while all of them play, and the message bytes a probe's program is sent per action of
its room. The measured seconds are cut in slices of 2.5 s, and every other slice has 10 dead connections
among them (fresh ones each time: they make a room, ask for views and never read; from a process of their
own): the honest p99 of the slices with them over that of the slices without (goal: at most 1.2). Both kinds
of slice share the machine's ups and downs, which two runs one after the other do not. On a machine of two
processors or more the server runs on one and the people's processes on the others (a little below its
priority). Beside them, the server's own figures, which depend little on what else the machine runs:
processor ms per move, its collector's passes, its loop's stalls (its own work, or a wait for a processor),
its callbacks of 5 ms or more and its messages a second by type (``bench.Watch``).

``--seconds N`` (default 30) is how long it is measured; ``--rooms N`` (default 1,000) how many
turn-based rooms. It takes about N + 60 s (making the rooms included).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Any

import websockets

from tabletop.core import registry
from tabletop.core.registry import GameSpec

from .bench import (
    SOAK_REALTIME_ROOMS,
    Timed,
    first_game,
    middling,
    more_files,
    pct,
    realtime_person,
    start_server,
)
from .client import Client, local_ms
from .peers import never_read, open_dead

ROOMS = 1000
PROBES = 100  # turn-based rooms measured from this process (both people of each)
DEAD = 10
SLICE_S = 2.5  # the measured seconds alternate between slices without and with the dead connections
LOADS = 2  # processes playing the other rooms
THINK_S = (2.0, 6.0)  # a person's thought before a move, once it is their turn
GOAL_TURNS_P99_MS = 50.0
GOAL_REALTIME_P99_MS = 20.0
GOAL_DEAD_RATIO = 1.2


def turn_games() -> list[GameSpec]:
    """The games that are not real time, in the launcher's order (the rooms play them in turn)."""
    return [s for s in registry.load_all().values() if not s.dynamics.clocked and s.min_players <= 2]


def address(room: int) -> tuple[str, int]:
    """Both people of a room come from an address of their own (the server's limits are per address)."""
    return (f"127.{20 + room // 62500}.{room // 250 % 250}.{1 + room % 250}", 0)


class Person:
    """One person at a turn-based table: when one of their seats is to act, they think, then make a
    random legal move; a finished game they play again."""

    def __init__(self, client: Client, rnd: random.Random):
        self.client, self.rnd = client, rnd
        self.timed = Timed(client, 0, patience_ms=30_000)  # a slow answer is a figure, not a loss
        self.actions = 0  # moves made by this person (the bytes per action count both people's)

    async def play(self, end: float) -> None:
        try:
            await self.turns(end)
        except websockets.ConnectionClosed:
            pass  # the server closed this person's connection: the round trips so far stand

    async def turns(self, end: float) -> None:
        c = self.client
        await asyncio.sleep(self.rnd.uniform(*THINK_S))  # the rooms do not all move at the same moment
        while local_ms() < end and not c.closed:
            self.timed.seen()
            if c.over is not None:
                if not c.rematch_votes.get(c.you[0] if c.you else 0):
                    await c.rematch(True)
                await self.idle(1.0)
                continue
            spec = c.spec
            seat = next((s for s in c.you if s in c.views and spec and s in spec.rules.to_act(c.views[s])), None)
            if spec is None or seat is None:
                await self.idle(0.5)
                continue
            n = c.n.get(seat)
            await asyncio.sleep(self.rnd.uniform(*THINK_S))
            if c.closed or c.over is not None or c.n.get(seat) != n:
                continue
            legal = spec.rules.legal_actions(c.views[seat], seat)
            if legal:
                t0 = local_ms()
                self.timed.sent(await c.act(seat, self.rnd.choice(legal)), t0)
                self.actions += 1
                await self.idle(1.0)  # the answer comes before thinking again

    async def idle(self, seconds: float) -> None:
        c = self.client
        c.changed.clear()
        try:
            await asyncio.wait_for(c.changed.wait(), seconds)
        except TimeoutError:
            pass


async def make_room(port: int, game: GameSpec, room: int, capture: bool) -> list[Client]:
    url = f"ws://127.0.0.1:{port}"
    a = Client(url, capture=[] if capture else None, local_addr=address(room))
    b = Client(url, capture=[] if capture else None, local_addr=address(room))
    await a.connect()
    await a.create(game.id, [{"kind": "here", "name": "A"}, {"kind": "remote", "name": "B"}])
    await b.connect()
    await b.join(a.room, name="B")
    return [a, b]


async def make_rooms(port: int, rooms: range, capture: bool = False) -> list[Client]:
    games = turn_games()
    made: list[Client] = []
    for first in range(rooms.start, rooms.stop, 50):  # fifty at a time, as people come
        batch = range(first, min(first + 50, rooms.stop))
        for pair in await asyncio.gather(*(make_room(port, games[i % len(games)], i, capture) for i in batch)):
            made += pair
    return made


async def play_turns(port: int, rooms: range, start: float, seconds: float, capture: bool = False) -> list[Person]:
    """The people of turn-based ``rooms``, from ``start`` (time.time()) for ``seconds``; returns them."""
    clients = await make_rooms(port, rooms, capture)
    await asyncio.sleep(max(0.0, start - time.time()))
    end = local_ms() + seconds * 1000
    rnd = random.Random(rooms.start)
    people = [Person(c, random.Random(rnd.random())) for c in clients]
    for c in clients:
        if c.capture is not None:
            c.capture.clear()
    await asyncio.gather(*(p.play(end) for p in people))
    for c in clients:
        await c.close()
    return people


def _load(port: int, rooms: range, start: float, seconds: float, told: Any, cpus: tuple[int, ...]) -> None:
    """The people of ``rooms``; puts their moves and round trips (this process's own delays included)
    on the queue ``told``. On ``cpus`` (none: anywhere), a little below the server's priority."""
    more_files()
    if cpus:
        os.sched_setaffinity(0, cpus)
    os.nice(5)
    people = asyncio.run(play_turns(port, rooms, start, seconds))
    told.put((sum(p.actions for p in people), [t for p in people for t in p.timed.trips]))


def _dead(port: int, begin: float, slices: int, told: Any, cpus: tuple[int, ...]) -> None:
    """The dead connections, from a process of their own beside the people's (not the measuring one,
    whose round trips they would delay): in every other slice of SLICE_S from ``begin`` (time.time()),
    DEAD fresh ones, closed at its end. Puts how many were opened on ``told``."""
    more_files()
    if cpus:
        os.sched_setaffinity(0, cpus)
    os.nice(5)
    game = turn_games()[0].id

    async def run() -> int:
        opened = 0
        for k in range(1, slices, 2):
            await asyncio.sleep(max(0.0, begin + k * SLICE_S - time.time()))
            socks = await open_dead(port, [game] * DEAD, "remote", net=f"127.1.{k % 250}")  # fresh addresses
            opened += len(socks)
            await never_read(socks, local_ms() + (begin + (k + 1) * SLICE_S - time.time()) * 1000)
        return opened

    told.put(asyncio.run(run()))


async def realtime_rooms(port: int, end_in: float) -> list[Timed]:
    rt = first_game(registry.REALTIME)
    timers = []
    clients = []
    for i in range(SOAK_REALTIME_ROOMS):
        c = Client(f"ws://127.0.0.1:{port}", local_addr=(f"127.0.3.{10 + i}", 0))
        await c.connect()
        await c.create(
            rt.id, [{"kind": "here", "name": "A"}, {"kind": "computer", "level": middling(rt)}], {"countdown_ms": 0}
        )
        clients.append(c)
        timers.append(Timed(c, 0))
    end = local_ms() + end_in * 1000
    await asyncio.gather(*(realtime_person(c, tm, end) for c, tm in zip(clients, timers, strict=True)))
    for c in clients:
        await c.close()
    return timers


def cpu_seconds(pid: int) -> float:
    """A process's processor time so far (user and system), from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def waited_s(pid: int) -> float:
    """How long a process so far was ready to run but waited for a processor (/proc's schedstat):
    on a shared machine, the part of its round trips that is nobody's code."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return float("nan")


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def profile(pid: int, seconds: float) -> subprocess.Popen | None:
    """``TABLETOP_BENCH_PROFILE=FOLDER``: py-spy records the server over the measured window, as
    collapsed stacks (``FOLDER/server.txt``); ``top_frames`` sums them. None when not asked."""
    folder = os.environ.get("TABLETOP_BENCH_PROFILE")
    if not folder:
        return None
    spy = shutil.which("py-spy") or os.path.join(os.path.dirname(sys.executable), "py-spy")
    out = os.path.join(folder, "server.txt")
    args = [spy, "record", "-p", str(pid), "-d", str(int(seconds)), "-r", "50", "--format", "raw", "-o", out]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def top_frames(path: str, count: int = 25) -> list[tuple[float, str]]:
    """Where the server's time went: the share of samples each function is on the stack of (inclusive)."""
    total = 0
    inclusive: dict[str, int] = {}
    with open(path) as f:
        for line in f:
            stack, _, n = line.rstrip().rpartition(" ")
            samples = int(n)
            total += samples
            for frame in set(stack.split(";")):
                inclusive[frame] = inclusive.get(frame, 0) + samples
    ranked = sorted(inclusive.items(), key=lambda kv: -kv[1])[:count]
    return [(100 * n / max(1, total), frame) for frame, n in ranked]


def cores() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The processors the server runs on and those the people's processes run on: apart when this
    machine has two or more (the server's round trips are then not the people's waits), else anywhere."""
    try:
        mine = sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return (), ()
    if len(mine) < 2:
        return (), ()
    return (mine[0],), tuple(mine[1:])


def watched(path: str, begin: float, end: float) -> dict[str, list]:
    """What the server's ``bench.Watch`` saw begin between ``begin`` and ``end`` (time.time()), by
    kind ("pass", "stall", "long": without their times; "count")."""
    got: dict[str, list] = {"pass": [], "stall": [], "long": [], "count": []}
    try:
        with open(path) as f:
            for line in f:
                kind, at, *rest = json.loads(line)
                if begin <= at < end:
                    got[kind].append([at, *rest] if kind == "count" else rest)
    except (OSError, ValueError):
        pass
    return got


def messages(counts: list) -> str:
    """The messages a second the server sent and was sent, by type (the most first), from the first and
    the last of its counts (``bench.Watch``)."""
    (t0, first), (t1, last) = counts[0], counts[-1]
    told = []
    for way in ("sent", "got"):
        rates = {k: (n - first[way].get(k, 0)) / (t1 - t0) for k, n in last[way].items()}
        ranked = ", ".join(f"{k} {r:.0f}" for k, r in sorted(rates.items(), key=lambda kv: -kv[1]) if r >= 0.5)
        told.append(f"{way} {sum(rates.values()):.0f} a second ({ranked})")
    return "; ".join(told)


def run(rooms: int, seconds: float) -> dict[str, Any]:
    """One run on a fresh server: ``rooms`` turn-based rooms and the real-time ones, measured over
    ``seconds`` in slices of SLICE_S; in every other slice DEAD dead connections are among them (fresh
    ones each time, closed at its end), so both kinds of slice share the machine's ups and downs."""
    server_cpus, people_cpus = cores()
    folder = tempfile.mkdtemp(prefix="tabletop-capacity-")
    watch_log = os.path.join(folder, "watch.json")
    port, proc = start_server(sndbuf=32768, watch_log=watch_log, cpus=server_cpus)
    pid = proc.pid
    assert pid is not None  # started
    spawn = multiprocessing.get_context("spawn")
    probes = range(min(PROBES, rooms))
    rest = range(probes.stop, rooms)
    share = -(-len(rest) // LOADS) if len(rest) else 0
    lead = 15 + rooms * 0.03  # the rooms are made (about 30 ms a room on a quiet machine), then all play
    start = time.time() + lead
    loads = []
    told = spawn.Queue()
    for i in range(LOADS):
        part = range(rest.start + i * share, min(rest.stop, rest.start + (i + 1) * share))
        if len(part):
            args = (port, part, start, seconds + 4, told, people_cpus)
            loads.append(spawn.Process(target=_load, args=args, daemon=True))
    count = max(1, round(seconds / SLICE_S))
    begin = start + 2.0  # everybody plays
    dead_told = spawn.Queue()
    loads.append(spawn.Process(target=_dead, args=(port, begin, count, dead_told, people_cpus), daemon=True))
    for load in loads:
        load.start()
    figures: dict[str, Any] = {"cpus": (server_cpus, people_cpus)}
    slices: list[tuple[float, float, bool]] = []  # (from, to, dead connections among them), local ms

    async def measure() -> tuple[list[Person], list[Timed]]:
        async def window() -> None:
            await asyncio.sleep(max(0.0, begin - time.time()))
            c0, t0, w0, wall0 = cpu_seconds(pid), time.monotonic(), waited_s(pid), time.time()
            others = [load.pid for load in loads if load.pid is not None]
            o0, m0 = sum(cpu_seconds(p) for p in others), time.process_time()
            spy = profile(pid, seconds)
            local = local_ms() - time.time() * 1000  # this process's clock against time.time()
            for k in range(count):  # the dead connections' process keeps the same slices
                slices.append(
                    (local + (begin + k * SLICE_S) * 1000, local + (begin + (k + 1) * SLICE_S) * 1000, k % 2 == 1)
                )
            await asyncio.sleep(max(0.0, begin + count * SLICE_S - time.time()))
            if spy is not None:
                await asyncio.to_thread(spy.wait, 30)
            took = time.monotonic() - t0
            figures["window"] = (wall0, time.time())
            figures["cpu"] = (cpu_seconds(pid) - c0) / took * 100
            figures["waited"] = (waited_s(pid) - w0) / took * 100
            figures["load_cpu"] = (sum(cpu_seconds(p) for p in others) - o0) / took * 100
            figures["probe_cpu"] = (time.process_time() - m0) / took * 100
            figures["rss"] = rss_mb(pid)

        turns = play_turns(port, probes, start, seconds + 4, capture=True)

        async def later_realtime() -> list[Timed]:
            await asyncio.sleep(max(0.0, start - time.time()))
            return await realtime_rooms(port, seconds + 4)

        people, timers, _ = await asyncio.gather(turns, later_realtime(), window())
        return people, timers

    loaded: list[tuple[int, list[float]]] = []
    try:
        more_files()
        people, timers = asyncio.run(measure())
        for _ in loads[:-1]:  # the people's; the last is the dead connections'
            try:
                loaded.append(told.get(timeout=lead + 60))
            except queue.Empty:
                pass
        try:
            figures["dead_opened"] = dead_told.get(timeout=30)
        except queue.Empty:
            pass
    finally:
        for load in loads:
            load.join(5)
            load.terminate()
        time.sleep(1.5)  # the server writes what it watched every second
        proc.terminate()
        proc.join(5)
    if "window" in figures:
        figures.update(watched(watch_log, *figures["window"]))
    shutil.rmtree(folder, ignore_errors=True)

    def split(timed: list[Timed]) -> tuple[list[float], list[float]]:
        """The round trips of actions sent in slices without and with the dead connections."""
        clean: list[float] = []
        dirty: list[float] = []
        for tm in timed:
            for t0, trip in zip(tm.at, tm.trips, strict=True):
                for begin, end, dead in slices:
                    if begin <= t0 < end:
                        (dirty if dead else clean).append(trip)
        return clean, dirty

    moves = sum(p.actions for p in people) + sum(n for n, _ in loaded)
    figures["moves_per_s"] = moves / (seconds + 4)  # every person played for that long
    figures["load_turns"] = [t for _, trips in loaded for t in trips]
    figures["loads_told"] = len(loaded), len(loads) - 1
    figures["turns"] = split([p.timed for p in people])
    figures["realtime"] = split(timers)
    got = sum(len(f) for p in people for f in p.client.capture or [])
    figures["bytes_per_action"] = got / max(1, sum(p.actions for p in people))
    return figures


def main(args: list[str]) -> int:
    seconds = float(args[args.index("--seconds") + 1]) if "--seconds" in args else 30.0
    rooms = int(args[args.index("--rooms") + 1]) if "--rooms" in args else ROOMS
    print(
        f"online.capacity: {rooms} turn-based rooms, two people each, and {SOAK_REALTIME_ROOMS} real-time rooms; "
        f"{seconds:g} s measured in slices of {SLICE_S:g} s, every other one with {DEAD} dead connections; "
        f"load average before: {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    f = run(rooms, seconds)
    for what, goal in (("turns", GOAL_TURNS_P99_MS), ("realtime", GOAL_REALTIME_P99_MS)):
        clean, dirty = f[what]
        ratio = pct(dirty, 99) / max(pct(clean, 99), 0.001)
        print(
            f"online.capacity.{what}: actions p50 {pct(clean, 50):.1f} / p99 {pct(clean, 99):.1f} ms (goal {goal:g}; "
            f"{len(clean)}); with the dead connections p50 {pct(dirty, 50):.1f} / p99 {pct(dirty, 99):.1f} ms "
            f"({len(dirty)}): p99 {ratio:.2f}x (goal: at most {GOAL_DEAD_RATIO}; "
            f"{f.get('dead_opened', 0)} dead connections opened)",
            flush=True,
        )
    lt = f["load_turns"]
    print(
        f"online.capacity.server: {f.get('cpu', float('nan')):.0f}% of a core (and ready but waiting for one "
        f"{f.get('waited', float('nan')):.0f}% of the time), {f.get('rss', float('nan')):.0f} MB, "
        f"{f['moves_per_s']:.0f} moves a second in all rooms, {f['bytes_per_action']:.0f} bytes sent a player's "
        f"program per action of its room; the people's processes (and the dead connections') used "
        f"{f.get('load_cpu', float('nan')):.0f}% and this one {f.get('probe_cpu', float('nan')):.0f}% of a core; "
        f"the people's own round trips (their delays included) "
        f"p50 {pct(lt, 50):.1f} / p99 {pct(lt, 99):.1f} ms ({len(lt)}; {f['loads_told'][0]} of "
        f"{f['loads_told'][1]} processes told)",
        flush=True,
    )
    print(
        f"online.capacity.server: {f.get('cpu', float('nan')) * 10 / max(f['moves_per_s'], 0.001):.2f} ms of "
        f"processor a move (all its work over the moves of all rooms); on processors {list(f['cpus'][0]) or 'any'}, "
        f"the people's processes on {list(f['cpus'][1]) or 'any'}",
        flush=True,
    )
    if "window" in f:
        seconds_in = f["window"][1] - f["window"][0]
        passes = f["pass"]
        per_gen = "; ".join(
            f"generation {g} {sum(1 for p in passes if p[0] == g) / seconds_in:.1f} a second, the longest "
            f"{max((p[1] for p in passes if p[0] == g), default=0):.1f} ms ("
            f"{max((p[2] for p in passes if p[0] == g), default=0):.1f} ms of processor)"
            for g in range(3)
        )
        longest = max(passes, key=lambda p: p[2], default=(0, 0.0, 0.0, 0))
        print(
            f"online.capacity.collector: {per_gen}; in all {sum(p[2] for p in passes) / seconds_in / 10:.2f}% "
            f"of a core (the pass of the most processor time, of generation {longest[0]}, freed {longest[3]} objects)",
            flush=True,
        )
        stalls = f["stall"]
        own = [s for s in stalls if s[1] >= s[0] / 2]  # mostly the server's own work, not waiting
        print(
            f"online.capacity.stalls: the server's loop woke 10 ms or more late {len(stalls) / seconds_in:.1f} "
            f"times a second (the longest {max((s[0] for s in stalls), default=0):.0f} ms); in {len(own)} of "
            f"{len(stalls)} it was working at least half of that time (the longest of those "
            f"{max((s[0] for s in own), default=0):.0f} ms), in the others it waited for a processor",
            flush=True,
        )
    if "window" in f and len(f["count"]) >= 2:
        print(f"online.capacity.messages: {messages(f['count'])}", flush=True)
    for cpu, what in sorted(f.get("long", []), reverse=True)[:5]:
        print(f"online.capacity.long: {cpu:.0f} ms of processor: {what}", flush=True)
    print(f"online.capacity: load average after: {os.getloadavg()[0]:.2f}", flush=True)
    return 0
