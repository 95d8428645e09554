"""A program killed while it saves leaves no temporary file behind after the
next start, and the kept game is whole (issue 14: 4 of 20 kills left
.NAME.*.tmp files); with the journal of moves (issue 28) a kill loses at most
the move being written."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from tabletop import kept, paths, validate

WRITER = """
import os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
from tabletop.core import registry
from tabletop.session import Seat, Session
spec = registry.get("punch")
seed = 1
print("ready", flush=True)
while True:
    s = Session.new(spec, [Seat("Red", "computer", "easy"), Seat("Blue", "computer", "easy")], seed=seed)
    seed += 1
    while s.outcome() is None:
        seat = spec.rules.to_act(s.state)[0]
        s.submit(s.bots[seat].choose(s.view(seat)))
        if s.outcome() is None:  # kept: this many moves are on disk now
            sys.stdout.write(f"{s.save_path.name} {s.seed} {len(s.record.actions)}\\n")
            sys.stdout.flush()
"""


def test_kills_during_saves_leave_no_temporary_files_and_lose_at_most_the_last_move(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    env = dict(os.environ, TABLETOP_HOME=str(tmp_path))
    rng = random.Random(14)
    last: list[tuple[str, int, int]] = []
    for _ in range(8):
        p = subprocess.Popen([sys.executable, "-c", WRITER], env=env, stdout=subprocess.PIPE, text=True)
        assert p.stdout.readline() == "ready\n"  # imported (the child ends its output if it fails)
        time.sleep(0.1 + 0.5 * rng.random())  # a game's saves come many a second: any moment is in one
        p.send_signal(signal.SIGKILL)
        out, _ = p.communicate(timeout=10)
        said = [line.split() for line in out.splitlines() if line.count(" ") == 2]
        assert said, "the writer made no move"
        last.append((said[-1][0], int(said[-1][1]), int(said[-1][2])))
    kept.clean_stale()  # what the program does at start (App.__init__)
    folder = paths.games_dir()
    assert not [n for n in os.listdir(folder) if n.endswith(".tmp")]
    messages: list[str] = []
    games = kept.unfinished(messages)
    assert games and not messages  # every kept file is whole and every journal line before the last is good
    records = {e.loaded.record.seed: e for e in kept.finished([])}
    for name, seed, moves in last:  # every move the writer had made when it was killed is kept
        path = folder / name
        if path.exists():
            assert len(validate.load_record(path).record.actions) >= moves
        else:  # its next move ended the game: the whole record went to the finished games
            assert len(records[seed].loaded.record.actions) > moves
