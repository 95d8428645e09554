"""The generated corpus (issue 14): mutated records, kept games (autosaves) and
settings files, each loaded through the real entry points (the function
behind ``replay --summary``, the replay window, Resume from Continue, a
game's Setup and Start with the settings loaded), with zero tracebacks and
zero hangs (every case has a few seconds).

The normal run tries TABLETOP_CORPUS cases (default 240); the full run:

    TABLETOP_CORPUS=10000 nice -n 10 /work/venv/bin/python -m pytest tests/test_corpus.py -q -s
"""

from __future__ import annotations

import os
import shutil
import signal
import time
import traceback
from collections import Counter

import pygame
import pytest

from tests import corpus

SIZE = int(os.environ.get("TABLETOP_CORPUS", "240"))
SEED = int(os.environ.get("TABLETOP_CORPUS_SEED", "14"))
LIMIT_S = 20  # a case that takes longer than this is a hang


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="the hang watchdog needs setitimer")
def test_mutated_files_through_the_real_entry_points(tmp_path, monkeypatch):
    from tabletop import kept, settings
    from tabletop.core import registry
    from tabletop.replay import summary
    from tabletop.ui.app import App
    from tabletop.ui.kept import KeptGameScene
    from tabletop.ui.replay import ReplayScene
    from tabletop.ui.scene import Scene
    from tabletop.ui.setup import Setup

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    games = list(registry.load_all().values())
    app = App(size=(1280, 720), settings=settings.Settings())
    base = Scene(app)
    home = tmp_path / "home"
    outcomes: Counter = Counter()
    failures: list[str] = []
    old = signal.signal(signal.SIGALRM, _alarm)
    t0 = time.perf_counter()
    try:
        for i, (kind, how, write) in enumerate(corpus.cases(SEED, SIZE)):
            shutil.rmtree(home, ignore_errors=True)
            (home / "data" / "games").mkdir(parents=True)
            (home / "config").mkdir()
            app.settings = settings.Settings()
            app.reset_to(base)
            signal.setitimer(signal.ITIMER_REAL, LIMIT_S)
            try:
                if kind == "record":
                    path = home / "r.json"
                    write(path)
                    code, text = summary(str(path))
                    assert code in (0, 1, 2) and "\n" not in text.strip() or code == 0, text
                    outcomes[f"record exit {code}"] += 1
                    if code == 0:
                        scene = ReplayScene.open(app, str(path))
                        app.push(scene)
                        for b in ("end", "left", "prev", "start", "right", "next", "side"):
                            scene.press(b)
                            app.step(16)
                elif kind == "autosave":
                    write(home / "data" / "games" / "g.json")
                    messages: list[str] = []
                    entries = kept.unfinished(messages)
                    assert all("\n" not in m for m in messages)
                    outcomes[f"autosave {'resumed' if entries and entries[0].loaded else 'refused'}"] += 1
                    for entry in entries:
                        if entry.loaded is None:
                            continue
                        KeptGameScene(app, entry, base).resume()
                        for _ in range(3):
                            app.step(16)
                else:
                    write(home / "config" / "settings.json")
                    s = settings.load(home / "config" / "settings.json")
                    assert len(s.messages) <= 1 and all("\n" not in m for m in s.messages), s.messages
                    outcomes[f"settings {'clean' if not s.messages else 'reported'}"] += 1
                    s.path = None  # no saving between cases
                    app.settings = s
                    setup = Setup(app, games[i % len(games)])
                    app.push(setup)
                    app.step(16)
                    setup.start()
                    app.step(16)
                    if type(app.stack[-1]).__name__ == "Offer":  # a game's first start offers its lessons
                        app.stack[-1].play_now()  # the settings' game is what this case is about
                        app.step(16)
                    outcomes[f"start reached {type(app.stack[-1]).__name__}"] += 1
                    app.stack[-1].handle(pygame.event.Event(pygame.USEREVENT), [(0, "a", True), (0, "x", True)])
                    app.step(16)
            except Hang:
                failures.append(f"case {i} ({kind}, {how}): took more than {LIMIT_S} s")
            except Exception:
                failures.append(f"case {i} ({kind}, {how}):\n{traceback.format_exc()}")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, old)
        pygame.quit()
    secs = time.perf_counter() - t0
    seen = dict(sorted(outcomes.items()))
    print(f"\ncorpus: {SIZE} cases (seed {SEED}) in {secs:.1f} s: {seen}; {len(failures)} failed")
    assert not failures, "\n".join(failures[:5])
