"""Walk every screen and print each text cut short with "…" (a developer's tool, not shipped).

    python tools/cuts.py                      # every screen, English, Spanish, German and the pseudo-language
    python tools/cuts.py --language de jab    # one language, one game's screens

The screens: the launcher, Settings and the learn menu; for each game its busiest table, setup, help page,
lessons list, every lesson as it opens, the pause menu, a replay (two computers, "Computer 1" and
"Computer 2") and its finished table against the computer and between two people. Each at 800x600 with
150% text, 1280x720 at 100% and 1920x1080 at 150%, drawn whole with every picture made anew; a text counts
when the fitting rule cut it and it was drawn (tests.ui_helpers.cut_words: on the screen or a card's face;
a wording that ends with "…" of itself, or the pseudo-language's added dots, are no cut). It prints one
line per screen that cuts something and nothing else; a few minutes for the whole walk.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = ((800, 600, 150), (1280, 720, 100), (1920, 1080, 150))


def screens(app, games: dict, only: str | None) -> Iterator[tuple[str, Callable[[], object]]]:
    """(name, what opens it over the launcher) for every screen of the walk."""
    from tabletop.bench import busy_table, finished_session
    from tabletop.core import playout
    from tabletop.tutorial import lessons_for, open_tutorial
    from tabletop.tutorial.coach import start_lesson
    from tabletop.ui.help import HelpScene
    from tabletop.ui.pause import PauseScene
    from tabletop.ui.replay import ReplayScene

    if not only:
        yield "launcher", lambda: None
        yield "settings", lambda: app.open_settings()
        yield "learn", lambda: app.stack[-1].learn()
    for g, spec in games.items():
        if only and g != only:
            continue
        yield f"table {g}", lambda spec=spec: busy_table(spec, app)
        yield f"setup {g}", lambda g=g: app.start(g)
        yield f"help {g}", lambda spec=spec: app.push(HelpScene(app, spec))
        yield f"lessons {g}", lambda g=g: open_tutorial(app, g)
        for i in range(len(lessons_for(spec)) if spec.tutorial is not None else 0):
            yield (
                f"lesson {g} {i + 1}",
                lambda spec=spec, i=i: (
                    open_tutorial(app, spec.id),
                    app.push(start_lesson(app, spec, i)),
                ),
            )
        yield f"pause {g}", lambda spec=spec: app.push(PauseScene(app, busy_table(spec, app)))
        yield f"replay {g}", lambda spec=spec: app.push(ReplayScene(app, spec, playout.play(spec, seed=3).record))
        for people in (1, 2):
            yield (
                f"result {g} {people}",
                lambda spec=spec, people=people: app.push(spec.make_table(app, finished_session(spec, 3, people))),
            )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="?", help="only this game's screens")
    p.add_argument("--language", action="append", help="en, es, de or qps (again for more); all four if none")
    args = p.parse_args()
    import pygame

    from tabletop.core import registry
    from tabletop.ui.launcher import Launcher
    from tests.ui_helpers import cut_words, make_app

    games = registry.load_all()
    if args.game and args.game not in games:
        p.error(f"no game {args.game!r}: one of {', '.join(games)}")
    found = 0
    for language in args.language or ["en", "es", "de", "qps"]:
        os.environ["TABLETOP_LANGUAGE"] = language  # (the pseudo-language is no setting)
        for w, h, text_size in SIZES:
            names = [name for name, _open in screens(None, games, args.game)]
            for name in names:
                app = make_app(size=(w, h), text_size=text_size)
                try:
                    app.push(Launcher(app))
                    dict(screens(app, games, args.game))[name]()
                    cut = cut_words(app, 2)
                finally:
                    pygame.quit()
                if cut:
                    found += 1
                    print(f"{language} {w}x{h} {text_size}% {name}: {cut}", flush=True)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
