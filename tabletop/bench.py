"""python -m tabletop.bench: the figures that say whether the table feels instant.

Prints one line per figure (``name: value unit``), then all of them as one
JSON object on the last line. Runs headless with SDL's dummy drivers.

1. Frame time (p50, p99 over 600+ frames) of each game's table at 1280x720,
   in a busy position, beside a floor: a bare pygame loop that fills the
   same screen and blits as many same-size surfaces as the table did.
2. Rules throughput: complete random-legal games per second, per game.
3. Start-up to the launcher's first frame (median of 5), and the peak
   memory of a process with a JAB game in progress.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FRAMES = 600


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def busy_session(spec, seed=3):
    """A session some way into a computer-vs-computer game, where the table is full."""
    from tabletop.session import Seat, Session

    n = spec.max_players if spec.max_players <= 6 else 2
    seats = [Seat(f"P{i + 1}", "computer", level=spec.bot_levels[-1]) for i in range(n)]
    session = Session.new(spec, seats, seed=seed, autosave=False)
    bench_state = spec.extra.get("bench_state")
    if bench_state is not None:
        session.state = bench_state(seed)
        return session
    rules = spec.rules
    steps = 0
    while rules.outcome(session.state) is None and steps < 60:
        for seat in list(rules.to_act(session.state)):
            if rules.outcome(session.state) is not None or seat not in rules.to_act(session.state):
                continue
            session.submit(session.bots[seat].choose(session.view(seat)))
            steps += 1
    return session


def frame_times(spec) -> dict:
    import pygame

    from tabletop import settings as settings_mod
    from tabletop.ui import cards, gfx
    from tabletop.ui.app import App

    app = App(size=(1280, 720), settings=settings_mod.Settings())
    app.settings["assist"] = True
    session = busy_session(spec)
    table = spec.make_table(app, session)
    app.push(table)
    for _ in range(30):        # warm the caches
        app.draw()
    counts = {"n": 0, "px": 0}
    orig = cards.draw

    def counting(surf, face, rect, **kw):
        counts["n"] += 1
        counts["px"] += rect.w * rect.h
        return orig(surf, face, rect, **kw)

    cards.draw = counting
    try:
        app.draw()
    finally:
        cards.draw = orig
    n = max(1, counts["n"])
    side = max(8, int((counts["px"] / n) ** 0.5))
    ours = []
    for _ in range(FRAMES):
        t0 = time.perf_counter()
        table.update(1.0)       # the table's own per-frame work, with time nearly frozen
        app.draw()
        ours.append((time.perf_counter() - t0) * 1000)
    # the floor: fill the same screen and blit the same number of same-size surfaces
    screen = pygame.display.get_surface()
    sprite = pygame.Surface((side, int(side * 1.4))).convert()
    sprite.fill(gfx.PAPER)
    floor = []
    for _ in range(FRAMES):
        t0 = time.perf_counter()
        screen.fill(gfx.FELT)
        for i in range(n):
            screen.blit(sprite, ((i * 37) % 1200, (i * 53) % 640))
        pygame.display.flip()
        floor.append((time.perf_counter() - t0) * 1000)
    pygame.quit()
    p50, p99 = pct(ours, 50), pct(ours, 99)
    f50, f99 = max(pct(floor, 50), 1e-6), max(pct(floor, 99), 1e-6)
    return {"p50": p50, "p99": p99, "floor_p50": f50, "floor_p99": f99,
            "ratio_p50": p50 / f50, "ratio_p99": p99 / f99, "cards": counts["n"]}


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
        r = subprocess.run([sys.executable, "-c", "import tabletop.app as a, sys; sys.exit(a.main(['--frames', '1']))"],
                           capture_output=True, text=True, env=dict(os.environ, TABLETOP_HOME=os.environ.get("TABLETOP_HOME", "/tmp/tabletop-bench")))
        runs.append(time.perf_counter() - t0)
        if r.returncode != 0:
            raise RuntimeError(r.stderr[-500:])
    return statistics.median(runs)


MEMORY = r"""
import resource, sys
from tabletop.core import registry
from tabletop import settings
from tabletop.bench import busy_session
from tabletop.ui.app import App
app = App(size=(1280, 720), settings=settings.Settings())
spec = registry.get("jab")
app.push(spec.make_table(app, busy_session(spec)))
for _ in range(300):
    app.step(16)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def memory_mb() -> float:
    r = subprocess.run([sys.executable, "-c", MEMORY], capture_output=True, text=True,
                       env=dict(os.environ, TABLETOP_HOME="/tmp/tabletop-bench"))
    if r.returncode != 0:
        raise RuntimeError(r.stderr[-500:])
    return float(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    from tabletop.core import registry

    os.environ.setdefault("TABLETOP_HOME", "/tmp/tabletop-bench")
    games = registry.load_all()
    out: dict = {"machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}",
                 "date": time.strftime("%Y-%m-%d")}

    def line(name, value, unit):
        out[name] = round(value, 3) if isinstance(value, float) else value
        print(f"{name}: {value:.3f} {unit}" if isinstance(value, float) else f"{name}: {value} {unit}", flush=True)

    for gid, spec in games.items():
        if spec.make_table is None:
            continue
        try:
            ft = frame_times(spec)
        except Exception as e:   # a game without a table yet is reported, not fatal
            print(f"frame.{gid}: unavailable ({type(e).__name__}: {e})", flush=True)
            continue
        line(f"frame.{gid}.p50", ft["p50"], "ms")
        line(f"frame.{gid}.p99", ft["p99"], "ms")
        line(f"frame.{gid}.floor_p50", ft["floor_p50"], "ms")
        line(f"frame.{gid}.floor_p99", ft["floor_p99"], "ms")
        line(f"frame.{gid}.ratio_p50", ft["ratio_p50"], "x")
        line(f"frame.{gid}.ratio_p99", ft["ratio_p99"], "x")
    for gid, spec in games.items():
        try:
            line(f"rules.{gid}", throughput(spec), "games/s")
        except Exception as e:
            print(f"rules.{gid}: unavailable ({type(e).__name__}: {e})", flush=True)
    line("startup", startup(), "s")
    try:
        line("memory.jab", memory_mb(), "MB")
    except Exception as e:
        print(f"memory.jab: unavailable ({type(e).__name__}: {e})", flush=True)
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
