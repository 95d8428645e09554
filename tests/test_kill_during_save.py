"""A program killed while it saves leaves no temporary file behind after the
next start, and the kept game is whole (issue 14: 4 of 20 kills left
.NAME.*.tmp files)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from tabletop import kept, paths

WRITER = """
import os
os.environ["SDL_VIDEODRIVER"] = "dummy"
from tabletop.core import registry
from tabletop.session import Seat, Session
spec = registry.get("jab")
while True:
    s = Session.new(spec, [Seat("Red", "computer", "easy"), Seat("Blue", "computer", "easy")], seed=1)
    for _ in range(200):
        s.save()
"""


def test_kills_during_saves_leave_no_temporary_files_after_the_next_start(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    env = dict(os.environ, TABLETOP_HOME=str(tmp_path))
    rng = random.Random(14)
    for _ in range(8):
        p = subprocess.Popen([sys.executable, "-c", WRITER], env=env)
        time.sleep(1.0 + rng.random())
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=10)
    kept.clean_stale()  # what the program does at start (App.__init__)
    folder = paths.games_dir()
    assert not [n for n in os.listdir(folder) if n.endswith(".tmp")]
    messages: list[str] = []
    games = kept.unfinished(messages)
    assert games and not messages  # every kept file is whole: an atomic write is never half a file
