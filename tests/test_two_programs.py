"""Two programs on one data folder (a player who starts the game twice, issue 24): a kept game
open in one is not played by the other, and a killed program's lock never blocks; settings
saved by one do not undo the other's changes; start-up cleanup never removes a running
program's temporary file. Each test runs real processes, every wait bounded."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading

import pytest

from tabletop import kept, paths, settings, storage
from tabletop.core import registry
from tabletop.session import GONE, IN_USE, Seat, Session

WAIT_S = 60


class Program:
    """A Python process running ``code``: lines to its input, lines from its output, bounded waits."""

    def __init__(self, code: str, home):
        env = dict(os.environ, TABLETOP_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        self.p = subprocess.Popen(
            [sys.executable, "-c", code], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def said(self) -> str:
        line = self.lines.get(timeout=WAIT_S)
        assert line is not None, f"the program ended (exit {self.p.wait(timeout=WAIT_S)})"
        return line

    def tell(self, text: str) -> None:
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def end(self, kill: bool = False) -> None:
        if kill:
            self.p.kill()
        else:
            self.p.stdin.close()
        self.p.wait(timeout=WAIT_S)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    return tmp_path


def a_kept_game() -> Session:
    spec = registry.get("punch")
    s = Session.new(spec, [Seat("Red", "computer", "easy"), Seat("Blue", "computer", "easy")], seed=3)
    for _ in range(4):
        seat = spec.rules.to_act(s.state)[0]
        s.submit(s.bots[seat].choose(s.view(seat)))
    s.close()
    return s


PLAYER = """
import sys
from tabletop import kept
from tabletop.session import Session
entry = kept.unfinished([])[0]
s = Session.from_record(entry.spec, entry.loaded.record, path=entry.path, state=entry.loaded.state)
print("playing", len(s.record.actions), flush=True)
for line in sys.stdin:  # one move each line
    seat = s.rules.to_act(s.state)[0]
    s.submit(s.bots[seat].choose(s.view(seat)))
    print("moved", len(s.record.actions), flush=True)
"""


def try_to_resume() -> str:
    entry = kept.unfinished([])[0]
    try:
        Session.from_record(entry.spec, entry.loaded.record, path=entry.path, state=entry.loaded.state).close()
    except storage.InUse as e:
        return str(e)
    return "resumed"


def test_a_kept_game_open_in_one_program_is_not_played_by_another_until_it_is_killed(home):
    a_kept_game()
    a = Program(PLAYER, home)
    try:
        assert a.said() == "playing 4"
        a.tell("move")
        assert a.said() == "moved 5"
        entries = kept.unfinished([])
        assert entries[0].in_use and entries[0].status() == "open in another tabletop window"
        assert entries[0].moves == 5  # the other program's move is listed all the same
        assert try_to_resume() == IN_USE
        assert "open in another tabletop window" in kept.delete(entries[0]) and entries[0].path.exists()
    finally:
        a.end(kill=True)  # killed: its lock goes with it
    b = Program(PLAYER, home)
    try:
        assert b.said() == "playing 5"  # not blocked by the dead program, and no move lost
        b.tell("move")
        assert b.said() == "moved 6"
    finally:
        b.end()
    assert not kept.unfinished([])[0].in_use  # a program that ends lets go of its game


def test_a_game_finished_by_another_program_since_it_was_listed_is_not_brought_back(home):
    s = a_kept_game()
    entry = kept.unfinished([])[0]
    os.unlink(s.save_path)  # the other program finished it: its kept file is gone
    with pytest.raises(storage.InUse) as e:
        Session.from_record(entry.spec, entry.loaded.record, path=entry.path, state=entry.loaded.state)
    assert str(e.value) == GONE and not s.save_path.exists()


SETTER = """
import json, sys
from tabletop import settings
s = settings.load()
print("loaded", flush=True)
sys.stdin.readline()
for key, value in json.loads(sys.stdin.readline()).items():
    setattr(s, key, value)
print("saved" if s.save() else "failed", flush=True)
"""


def test_settings_saved_by_two_programs_keep_both_programs_changes(home):
    settings.load().save()  # a settings file with every default
    a, b = Program(SETTER, home), Program(SETTER, home)
    try:
        assert a.said() == "loaded" and b.said() == "loaded"  # both read the same file
        a.tell("go")
        a.tell(json.dumps({"volume": 0.3, "last_setup": {"punch": {"players": 2}}}))
        assert a.said() == "saved"
        b.tell("go")
        b.tell(json.dumps({"sound": False, "last_setup": {"jab": {"players": 2}}}))
        assert b.said() == "saved"
    finally:
        a.end()
        b.end()
    now = settings.load()
    assert not now.messages
    assert now.volume == 0.3 and now.sound is False  # the second program did not undo the first
    assert now.last_setup == {"punch": {"players": 2}, "jab": {"players": 2}}


HOLDER = """
import sys
from tabletop import paths, storage
fd, tmp = storage.temp_file(paths.games_dir() / "g.json")  # a write in progress
print(tmp, flush=True)
sys.stdin.readline()
"""


def test_start_up_cleanup_removes_a_dead_programs_temporary_file_but_not_a_running_ones(home):
    dead = Program(HOLDER, home)
    left = dead.said()
    dead.end(kill=True)
    running = Program(HOLDER, home)
    try:
        mine = running.said()
        assert os.path.exists(left) and os.path.exists(mine)
        kept.clean_stale()  # what another program does when it starts
        assert not os.path.exists(left)  # a killed program's leftover goes
        assert os.path.exists(mine)  # the running program's write in progress stays
    finally:
        running.end()
    kept.clean_stale()
    assert not os.path.exists(mine)
    assert not [n for n in os.listdir(paths.games_dir()) if n.endswith(".tmp")]
