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


def main(argv=None) -> int:
    from tabletop.core import registry

    args = sys.argv[1:] if argv is None else argv
    if "--fleet" in args:
        from tabletop.online.fleet_bench import main as fleet_main

        return fleet_main()
    if "--online" in args and "--capacity" in args:
        from tabletop.online.capacity import main as capacity_main

        return capacity_main(args)
    if "--online" in args:
        from tabletop.online.bench import main as online_main

        return online_main()
    idle_s = float(args[args.index("--idle-seconds") + 1]) if "--idle-seconds" in args else 10.0

    os.environ.setdefault("TABLETOP_HOME", "/tmp/tabletop-bench")
    games = registry.load_all()
    out: dict = {
        "machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d"),
    }

    def line(name, value, unit):
        out[name] = round(value, 3) if isinstance(value, float) else value
        print(f"{name}: {value:.3f} {unit}" if isinstance(value, float) else f"{name}: {value} {unit}", flush=True)

    if "--idle" in args:
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
