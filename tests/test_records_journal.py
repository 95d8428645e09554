"""A kept game is its file plus a journal of the moves since (issue 28): every reader accepts
what is on disk at any moment, a half-written last line is left out quietly, and a bad line
in the middle keeps the game up to the move before it in one line, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame
import pytest

from tabletop import kept, validate
from tabletop.core import registry
from tabletop.replay import summary
from tabletop.session import Seat, Session


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def played(moves: int, game: str = "punch") -> Session:
    """A kept game of two computers after ``moves`` moves (left at once: its journal unlocked)."""
    spec = registry.get(game)
    s = Session.new(spec, [Seat("Red", "computer", "easy"), Seat("Blue", "computer", "easy")], seed=7)
    while len(s.record.actions) < moves:
        seat = spec.rules.to_act(s.state)[0]
        s.submit(s.bots[seat].choose(s.view(seat)))
    s.close()
    return s


def one_line(text: str) -> bool:
    return "\n" not in text.strip() and "Traceback" not in text and len(text) < 400


def listed(messages):
    entries = kept.unfinished(messages)
    assert len(entries) == 1
    return entries[0]


def test_moves_go_to_the_journal_and_every_reader_sees_them(home):
    s = played(12)
    path = s.save_path
    assert len(json.loads(path.read_text())["actions"]) == 0  # the kept file was written once, whole
    assert len(validate.journal_path(path).read_text().splitlines()) == 12
    messages: list[str] = []
    assert listed(messages).moves == 12 and not messages  # the Continue list
    code, text = summary(str(path))  # tabletop replay --summary
    assert code == 0 and json.loads(text)["actions"] == 12
    assert len(validate.load_record(path).record.actions) == 12  # the replay viewer's door


def test_a_half_written_last_line_is_left_out_quietly_and_play_goes_on(home, capsys):
    s = played(10)
    path, journal = s.save_path, validate.journal_path(s.save_path)
    whole = journal.read_bytes()
    with open(journal, "ab") as f:
        f.write(whole.splitlines()[-1][:9])  # a program killed in the middle of writing move 11
    messages: list[str] = []
    entry = listed(messages)
    assert entry.moves == 10 and not messages
    code, text = summary(str(path))
    assert code == 0 and json.loads(text)["actions"] == 10
    assert capsys.readouterr().err == ""
    resumed = Session.from_record(entry.spec, entry.loaded.record, path=path, state=entry.loaded.state)
    seat = entry.spec.rules.to_act(resumed.state)[0]
    resumed.submit(resumed.bots[seat].choose(resumed.view(seat)))
    resumed.close()
    assert listed(messages).moves == 11 and not messages  # the torn piece was not glued to move 12


@pytest.mark.parametrize(
    "bad",
    [b"{not json", b'{"n": 5}', b'{"n": 99, "a": {"type": "commit"}}', b"[" * 5000, b'{"n": 5, "a": {"x": 1e999}}'],
    ids=["not json", "no action", "wrong move number", "deep", "huge number"],
)
def test_a_bad_line_in_the_middle_keeps_the_game_up_to_the_move_before_it(home, bad, capsys):
    s = played(10)
    path, journal = s.save_path, validate.journal_path(s.save_path)
    lines = journal.read_bytes().splitlines(keepends=True)
    journal.write_bytes(b"".join(lines[:5]) + bad + b"\n" + b"".join(lines[6:]))
    code, text = summary(str(path))
    err = capsys.readouterr().err
    assert code == 0 and json.loads(text)["actions"] == 5
    assert err.count("\n") == 1 and "line 6 of its journal" in err and "Traceback" not in err
    messages: list[str] = []
    entry = listed(messages)
    assert entry.moves == 5
    assert len(messages) == 1 and "line 6 of its journal" in messages[0] and "kept up to move 5" in messages[0]
    assert (journal.parent / (journal.name + ".bad")).read_bytes().count(b"\n") == 10  # nothing is lost
    messages.clear()
    assert listed(messages).moves == 5 and not messages  # said once: the game is one piece again


def test_a_move_in_the_journal_the_rules_refuse_keeps_the_moves_before_it(home):
    s = played(10)
    path, journal = s.save_path, validate.journal_path(s.save_path)
    lines = journal.read_text().splitlines(keepends=True)
    lines[7] = json.dumps({"n": 7, "a": json.loads(lines[6])["a"]}) + "\n"  # a seat commits twice
    journal.write_text("".join(lines))
    messages: list[str] = []
    entry = listed(messages)
    assert entry.moves == 7 and len(messages) == 1 and "move 8" in messages[0]
    resumed = Session.from_record(entry.spec, entry.loaded.record, path=path, state=entry.loaded.state)
    assert len(resumed.record.actions) == 7
    resumed.close()


def test_a_record_written_whole_after_its_journal_skips_the_lines_it_holds(home):
    """A program killed between writing the kept file whole and emptying its journal."""
    s = played(8)
    journal = validate.journal_path(s.save_path)
    lines = journal.read_text()
    entry = listed([])
    resumed = Session.from_record(entry.spec, entry.loaded.record, path=s.save_path, state=entry.loaded.state)
    resumed.close()
    journal.write_text(lines)  # the old lines are still there
    messages: list[str] = []
    assert listed(messages).moves == 8 and not messages


def test_a_game_kept_by_an_earlier_version_without_a_journal_resumes_and_goes_on(home):
    s = played(6)
    record = validate.load_record(s.save_path).record
    os.unlink(validate.journal_path(s.save_path))
    s.save_path.write_text(record.dumps())  # six moves in the file itself
    entry = listed([])
    resumed = Session.from_record(entry.spec, entry.loaded.record, path=s.save_path, state=entry.loaded.state)
    seat = entry.spec.rules.to_act(resumed.state)[0]
    resumed.submit(resumed.bots[seat].choose(resumed.view(seat)))
    resumed.close()
    assert listed([]).moves == 7


def test_replay_summary_command_reads_a_kept_game_with_its_journal(home):
    s = played(9)
    r = subprocess.run(
        [sys.executable, "-m", "tabletop", "replay", str(s.save_path), "--summary"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["actions"] == 9


def test_a_move_cut_short_by_a_full_disk_is_not_glued_to_the_next(home, monkeypatch):
    from tabletop import storage

    s = played(4)
    entry = listed([])
    s = Session.from_record(entry.spec, entry.loaded.record, path=s.save_path, state=entry.loaded.state)
    real_write = os.write

    def full(fd, data):  # the disk fills in the middle of a line
        real_write(fd, bytes(data[:7]))
        raise OSError(28, "No space left on device")

    spec = entry.spec
    monkeypatch.setattr(storage.os, "write", full)
    seat = spec.rules.to_act(s.state)[0]
    s.submit(s.bots[seat].choose(s.view(seat)))
    assert "cannot be saved" in s.take_notice()
    monkeypatch.setattr(storage.os, "write", real_write)  # space again
    for _ in range(2):
        seat = spec.rules.to_act(s.state)[0]
        s.submit(s.bots[seat].choose(s.view(seat)))
    assert s.take_notice() == "The game is being saved again."
    s.close()
    messages: list[str] = []
    assert listed(messages).moves == 7 and not messages


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
@pytest.mark.parametrize("kind", ["fifo", "huge", "folder"])
def test_a_journal_that_is_no_file_of_ours_is_one_line_and_never_blocks(home, kind):
    s = played(3)
    journal = validate.journal_path(s.save_path)
    journal.unlink()
    if kind == "fifo":
        os.mkfifo(journal)
    elif kind == "huge":
        with open(journal, "wb") as f:
            f.truncate(6_000_000_000)  # sparse: claims 6 GB
    else:
        journal.mkdir()
    messages: list[str] = []
    entry = listed(messages)
    assert entry.moves == 0 and len(messages) == 1 and "journal" in messages[0] and "\n" not in messages[0]
    code, text = summary(str(s.save_path))
    assert code == 0 and json.loads(text)["actions"] == 0
    if kind == "huge":  # more than this program ever writes: emptied, and the game goes on
        Session.from_record(entry.spec, entry.loaded.record, path=s.save_path, state=entry.loaded.state).close()
        assert journal.stat().st_size == 0
    else:
        with pytest.raises(OSError) as e:  # resuming says why, in one line (the Continue screen shows it)
            Session.from_record(entry.spec, entry.loaded.record, path=s.save_path, state=entry.loaded.state)
        assert one_line(str(e.value))
