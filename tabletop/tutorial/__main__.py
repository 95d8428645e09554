"""Open a game's lessons straight away (for developers and screenshots):

python -m tabletop.tutorial GAME [LESSON-NUMBER] [--window 1280x720]
"""

from __future__ import annotations

import argparse
import sys


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tabletop.tutorial")
    p.add_argument("game", help="a game id (a wrong one lists them)")
    p.add_argument("lesson", nargs="?", type=int, default=0, help="open this lesson (1 is the first)")
    p.add_argument("--window", default="1280x720")
    args = p.parse_args(argv)
    from tabletop.core import registry
    from tabletop.ui.app import App

    from . import lessons_for, open_tutorial
    from .coach import start_lesson

    try:
        spec = registry.get(args.game)
    except KeyError:
        print(f"no game {args.game!r}. Known games: {', '.join(registry.load_all())}", file=sys.stderr)
        return 2
    if not lessons_for(spec):  # a game may have none (GameSpec.tutorial)
        print(f"{spec.name} has no lessons", file=sys.stderr)
        return 2
    w, h = (int(v) for v in args.window.lower().split("x"))
    app = App(size=(w, h))
    app.start()
    open_tutorial(app, spec.id)
    n = len(lessons_for(spec))
    if args.lesson:
        if not 1 <= args.lesson <= n:
            print(f"{spec.name} has lessons 1 to {n}", file=sys.stderr)
            return 2
        app.push(start_lesson(app, spec, args.lesson - 1))
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
