"""Rules throughput, start-up, the cost of keeping a move and memory (``python -m tabletop.bench``,
figure 2)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

from . import ordinary_game


def throughput(spec, seconds=3.0) -> float:
    from tabletop.core import playout

    players = 4 if spec.max_players >= 4 else None
    t0 = time.perf_counter()
    games = 0
    while time.perf_counter() - t0 < seconds:
        playout.random_game(spec, games + 1, players=players)
        games += 1
    return games / (time.perf_counter() - t0)


def startup() -> float:
    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        r = subprocess.run(
            [sys.executable, "-c", "import tabletop.app as a, sys; sys.exit(a.main(['--frames', '1']))"],
            capture_output=True,
            text=True,
            env=dict(os.environ, TABLETOP_HOME=os.environ.get("TABLETOP_HOME", "/tmp/tabletop-bench")),
        )
        runs.append(time.perf_counter() - t0)
        if r.returncode != 0:
            raise RuntimeError(r.stderr[-500:])
    return statistics.median(runs)


def save_costs(saves: int = 200) -> dict:
    """Milliseconds: the median of ``saves`` single-move saves at 100 and 10,000 moves, and one whole write."""
    from tabletop.session import Seat, Session

    spec = ordinary_game()
    out = {}
    for moves in (100, 10_000):
        s = Session.new(spec, [Seat("Red"), Seat("Blue")], seed=1)
        action = {"type": "play", "player": 0, "card": "dodge"}  # the rules never see it: only the file does
        s.record.actions.extend(dict(action) for _ in range(moves))
        t0 = time.perf_counter()
        s.save(whole=True)
        out[f"save.whole.{moves}"] = (time.perf_counter() - t0) * 1000
        times = []
        for _ in range(saves):
            s.record.actions.append(dict(action))
            t0 = time.perf_counter()
            s.save()
            times.append((time.perf_counter() - t0) * 1000)
        if s.save_error:
            raise RuntimeError(s.save_error)
        out[f"save.{moves}"] = statistics.median(times)
        s.close()
    out["save.ratio"] = out["save.10000"] / out["save.100"]
    return out


MEMORY = r"""
import resource, sys
from tabletop.core import registry
from tabletop import settings
from tabletop.bench import busy_session
from tabletop.ui.app import App
app = App(size=(1280, 720), settings=settings.Settings())
spec = registry.get(sys.argv[1])
app.push(spec.make_table(app, busy_session(spec)))
for _ in range(300):
    app.step(16)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def memory_mb(game_id: str) -> float:
    """The peak memory (MB) of the app showing ``game_id``'s busiest table for 300 frames."""
    r = subprocess.run(
        [sys.executable, "-c", MEMORY, game_id],
        capture_output=True,
        text=True,
        env=dict(os.environ, TABLETOP_HOME="/tmp/tabletop-bench"),
    )
    if r.returncode != 0:
        raise RuntimeError(r.stderr[-500:])
    return float(r.stdout.strip().splitlines()[-1])


def cost_figures(line, games: dict) -> None:
    for gid, spec in games.items():
        try:
            line(f"rules.{gid}", throughput(spec), "games/s")
        except Exception as e:
            print(f"rules.{gid}: unavailable ({type(e).__name__}: {e})", flush=True)
    line("startup", startup(), "s")
    try:
        for name, value in save_costs().items():
            line(name, value, "x" if name.endswith("ratio") else "ms")
    except Exception as e:
        print(f"save: unavailable ({type(e).__name__}: {e})", flush=True)
    first = next(iter(games))  # the launcher's first game: a person's likely first table
    try:
        line(f"memory.{first}", memory_mb(first), "MB")
    except Exception as e:
        print(f"memory.{first}: unavailable ({type(e).__name__}: {e})", flush=True)
