"""Open one screen in a real window, posed for a screenshot (a developer's tool, not shipped).

    python tools/pose.py launcher
    python tools/pose.py settings
    python tools/pose.py table jab            # the game's busiest realistic table (as the benchmark poses it)
    python tools/pose.py result punch         # a finished game: you (seat 1) against the computer
    python tools/pose.py result jab --people  # a finished game between two people

Use it with /work/shared/tools/shot, e.g.
    shot /tmp/x.png -s 1920x1080 -- python tools/pose.py result jab
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=["launcher", "settings", "table", "result"])
    p.add_argument("game", nargs="?")
    p.add_argument("--people", action="store_true", help="two people rather than one against the computer")
    p.add_argument("--seed", type=int, default=3)
    args = p.parse_args()
    import pygame

    from tabletop import settings as settings_mod
    from tabletop.core import registry
    from tabletop.ui.app import App
    from tabletop.ui.launcher import Launcher

    games = registry.load_all()
    pygame.display.init()
    info = pygame.display.Info()
    app = App(size=(info.current_w, info.current_h), settings=settings_mod.Settings())
    app.push(Launcher(app))
    from tabletop.bench import busy_table, finished_session  # after the window: it picks the dummy driver by default

    if args.what == "settings":
        app.open_settings()
    elif args.what == "table":
        busy_table(games[args.game], app, seed=args.seed)
    elif args.what == "result":
        spec = games[args.game]
        session = finished_session(spec, args.seed, 2 if args.people else 1)
        app.push(spec.make_table(app, session))
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
