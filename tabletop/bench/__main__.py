"""python -m tabletop.bench [--idle] [--idle-seconds S] [--online [--capacity]] [--fleet]: see
``tabletop/bench/__init__.py`` for the figures."""

from __future__ import annotations

import json
import os
import platform
import sys
import time

from .costs import cost_figures
from .frames import frame_figures
from .screens import idle_figures, live_figures


def parse(argv: list[str]):
    """The bench's flags, checked at the door (``--help`` lists them; a wrong one says so in one line)."""
    import argparse

    p = argparse.ArgumentParser(prog="python -m tabletop.bench", description="Measure frames, costs and CPU.")
    p.add_argument("--idle", action="store_true", help="only the CPU of idle and live screens (about 2 minutes)")
    p.add_argument("--idle-seconds", type=float, default=10.0, metavar="S", help="seconds a screen is measured")
    p.add_argument("--online", action="store_true", help="the online figures (a server on 127.0.0.1)")
    p.add_argument("--capacity", action="store_true", help="with --online: one server full of rooms")
    p.add_argument("--rooms", type=int, metavar="N", help="with --capacity: turn-based rooms (default 1,000)")
    p.add_argument("--seconds", type=float, metavar="S", help="with --capacity: seconds measured (default 30)")
    p.add_argument("--fleet", action="store_true", help="several server nodes on one Redis")
    return p.parse_args(argv)


def main(argv=None) -> int:
    from tabletop.core import registry

    args = sys.argv[1:] if argv is None else argv
    flags = parse(args)
    if flags.fleet:
        from tabletop.online.fleet_bench import main as fleet_main

        return fleet_main()
    if flags.online and flags.capacity:
        from tabletop.online.capacity import main as capacity_main

        return capacity_main(args)
    if flags.online:
        from tabletop.online.bench import main as online_main

        return online_main()
    idle_s = flags.idle_seconds

    os.environ.setdefault("TABLETOP_HOME", "/tmp/tabletop-bench")
    games = registry.load_all()
    out: dict = {
        "machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d"),
    }

    def line(name, value, unit):
        out[name] = round(value, 3) if isinstance(value, float) else value
        print(f"{name}: {value:.3f} {unit}" if isinstance(value, float) else f"{name}: {value} {unit}", flush=True)

    if flags.idle:
        idle_figures(line, idle_s)
        live_figures(line, idle_s)
        print(json.dumps(out, sort_keys=True))
        return 0
    frame_figures(line, games)
    cost_figures(line, games)
    idle_figures(line, idle_s)
    live_figures(line, idle_s)
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
