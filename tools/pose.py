"""Open one screen in a real window, posed for a screenshot (a developer's tool, not shipped).

    python tools/pose.py launcher
    python tools/pose.py settings
    python tools/pose.py table jab            # the game's busiest realistic table (as the benchmark poses it)
    python tools/pose.py result punch         # a finished game: you (seat 1) against the computer
    python tools/pose.py result jab --people  # a finished game between two people
    python tools/pose.py lesson square-ring 3 # lesson 3 of a game's tutorial, as it opens
    python tools/pose.py settings --text-size 150 --language de
    python tools/pose.py setup punch          # also: learn, lessons GAME (the list), help GAME, pause GAME

The settings are a clean profile's (nothing read from or written to the player's own file), with
--text-size and --language (else TABLETOP_LANGUAGE, else the system's) applied.
Use it with /work/shared/tools/shot, e.g.
    shot /tmp/x.png -s 1920x1080 -- python tools/pose.py result jab
tools/shots.py takes the whole matrix of screens, sizes, text sizes and languages.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument(
        "what",
        choices=["launcher", "settings", "table", "result", "lesson", "setup", "learn", "lessons", "help", "pause"],
    )
    p.add_argument("game", nargs="?")
    p.add_argument("lesson", nargs="?", type=int, default=1, help="lesson: its number (1 is the first)")
    p.add_argument("--people", action="store_true", help="two people rather than one against the computer")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--text-size", type=int, choices=[100, 125, 150], default=100)
    p.add_argument("--language", default="", help="en, es, de or qps (the pseudo-language)")
    args = p.parse_args()
    if args.what not in ("launcher", "settings", "learn") and not args.game:
        p.error(f"{args.what} needs a game")
    if args.language:
        os.environ["TABLETOP_LANGUAGE"] = args.language  # Settings.speak reads it (qps is never a setting)
    import pygame

    from tabletop import settings as settings_mod
    from tabletop.core import registry
    from tabletop.ui.app import App
    from tabletop.ui.launcher import Launcher

    games = registry.load_all()
    pygame.display.init()
    info = pygame.display.Info()
    settings = settings_mod.Settings()
    settings.text_size = args.text_size
    app = App(size=(info.current_w, info.current_h), settings=settings)
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
    elif args.what == "lesson":
        from tabletop.tutorial import lessons_for, open_tutorial
        from tabletop.tutorial.coach import start_lesson

        spec = games[args.game]
        n = len(lessons_for(spec))
        if not 1 <= args.lesson <= n:
            p.error(f"{args.game} has lessons 1 to {n}")
        open_tutorial(app, spec.id)
        app.push(start_lesson(app, spec, args.lesson - 1))
    elif args.what == "lessons":
        from tabletop.tutorial import open_tutorial

        open_tutorial(app, args.game)
    elif args.what == "setup":
        app.start(args.game)
    elif args.what == "learn":
        app.stack[-1].learn()
    elif args.what == "help":
        from tabletop.ui.help import HelpScene

        app.push(HelpScene(app, games[args.game]))
    elif args.what == "pause":
        from tabletop.ui.pause import PauseScene

        app.push(PauseScene(app, busy_table(games[args.game], app, seed=args.seed)))
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
