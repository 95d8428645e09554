"""Every file the program reads is checked once at the door (issue 14): each
failure the issue lists, written from its description. A bad file gives one
line naming it and the first problem, is set aside as NAME.bad where it is
ours, and the program goes on; nothing blocks, nothing is a traceback."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading

import pygame
import pytest
from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from tabletop import kept, paths, settings, storage, validate
from tabletop.core import playout, registry
from tabletop.replay import summary
from tests.game_helpers import games

HUGE = "9" * 5000  # past Python's 4,300-digit limit for int()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    (tmp_path / "data" / "games").mkdir(parents=True)
    (tmp_path / "config").mkdir()
    yield tmp_path
    pygame.quit()


def good_record(game="punch", seed=3, cut=6) -> dict:
    r = playout.play(registry.get(game), seed=seed).record
    r.actions = r.actions[:cut]
    return r.to_json()


def one_line(text: str) -> bool:
    return "\n" not in text.strip() and "Traceback" not in text and len(text) < 400


def kept_game(home, data, name="g.json"):
    path = home / "data" / "games" / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


# -- records and kept games ---------------------------------------------------------------------

BAD_RECORDS = {
    "huge integer seed": lambda d: json.dumps(d).replace('"seed": 3', f'"seed": {HUGE}'),
    "huge integer in an action": lambda d: json.dumps(d).replace('"player": 0', f'"player": {HUGE}', 1),
    "unknown computer level": lambda d: {**d, "players": [{"name": "A", "kind": "computer", "level": "godlike"}] * 2},
    "players missing": lambda d: {k: v for k, v in d.items() if k != "players"},
    "players empty": lambda d: {**d, "players": []},
    "name with NUL": lambda d: {**d, "players": [{"name": "A\x00B", "kind": "human"}] * 2},
    "name with a lone surrogate": lambda d: json.dumps({**d, "players": [{"name": "AB", "kind": "human"}] * 2}).replace(
        '"AB"', '"A\\ud800B"'
    ),
    "name of zero-width characters only": lambda d: {**d, "players": [{"name": "\u200b\u200c", "kind": "human"}] * 2},
    "name of a million characters": lambda d: {**d, "players": [{"name": "x" * 1_000_000, "kind": "human"}] * 2},
    "float option": lambda d: {**d, "options": {**d["options"], "matches_to_win": 3.0}},
    "bool for int option": lambda d: {**d, "options": {**d["options"], "matches_to_win": True}},
    "version true": lambda d: {**d, "version": True},
    "deep nesting": lambda d: json.dumps(d)[:-1] + ', "setup": ' + "[" * 100000 + "]" * 100000 + "}",
    "truncated": lambda d: json.dumps(d)[:-40],
    "float seed": lambda d: {**d, "seed": 3.0},
    "NaN": lambda d: json.dumps(d).replace('"seed": 3', '"seed": NaN'),
}


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_a_bad_record_exits_2_in_one_line_and_a_bad_kept_game_is_set_aside(home, case, capsys):
    data = BAD_RECORDS[case](good_record())
    path = home / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8", errors="surrogatepass")
    code, text = summary(str(path))
    assert code == 2 and one_line(text) and "record.json" in text, text
    assert HUGE[:60] not in text and "x" * 100 not in text  # a bad value is cut short
    kept_path = kept_game(home, path.read_text(encoding="utf-8", errors="surrogatepass"))
    messages: list[str] = []
    assert kept.unfinished(messages) == []
    assert len(messages) == 1 and one_line(messages[0]) and "g.json" in messages[0]
    assert "set aside as g.json.bad" in messages[0]
    assert not kept_path.exists() and (home / "data" / "games" / "g.json.bad").exists()


def test_summary_of_a_good_record_still_works_and_a_refused_action_exits_1(home):
    d = good_record()
    path = home / "r.json"
    path.write_text(json.dumps(d))
    assert summary(str(path))[0] == 0
    # the same commit twice more: the first copy may open the next play, the second is refused by the rules
    d["actions"] += [dict(d["actions"][-1]), dict(d["actions"][-1])]
    path.write_text(json.dumps(d))
    code, text = summary(str(path))
    assert code in (1, 2) and one_line(text)


def test_replay_summary_command_never_exits_1_for_a_file_that_is_not_a_record(home):
    path = home / "huge.json"
    path.write_text('{"format": "tabletop-record", "version": 1, "game": "punch", "seed": ' + HUGE + "}")
    p = subprocess.run(
        [sys.executable, "-m", "tabletop", "replay", str(path), "--summary"], capture_output=True, text=True, timeout=60
    )
    assert p.returncode == 2 and "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1


def test_an_unfinished_game_of_a_game_this_program_lacks_is_not_moved(home):
    d = good_record()
    d["game"] = "chess"
    path = kept_game(home, d)
    messages: list[str] = []
    entries = kept.unfinished(messages)
    assert path.exists() and len(entries) == 1 and entries[0].loaded is None and not messages


def test_no_kept_as_could_not_be_moved_in_a_read_only_folder(home, monkeypatch):
    path = kept_game(home, "{ not json")

    def refuse(src, dst):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "replace", refuse)  # a read-only or immutable folder refuses renames
    messages: list[str] = []
    assert kept.unfinished(messages) == []
    assert len(messages) == 1 and "left where it is (Read-only file system)" in messages[0]
    assert "could not be moved" not in messages[0] and path.exists()


# -- special files: never opened, never block --------------------------------------------------


def run_with_deadline(fn, seconds=10):
    out = {}

    def target():
        try:
            out["value"] = fn()
        except BaseException as e:  # noqa: BLE001 - reported below
            out["error"] = e

    t = threading.Thread(target=target, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "hung on a special file"
    if "error" in out:
        raise out["error"]
    return out.get("value")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_as_settings_record_or_kept_game_never_blocks(home):
    fifo = home / "config" / "settings.json"
    os.mkfifo(fifo)
    s = run_with_deadline(lambda: settings.load(fifo))
    assert s.window == [1280, 720] and "not a regular file" in s.messages[0]
    rec_fifo = home / "r.json"
    os.mkfifo(rec_fifo)
    code, text = run_with_deadline(lambda: summary(str(rec_fifo)))
    assert code == 2 and "not a regular file" in text
    os.mkfifo(home / "data" / "games" / "g.json")
    messages: list[str] = []
    assert run_with_deadline(lambda: kept.unfinished(messages)) == [] and len(messages) == 1


def test_settings_linked_to_dev_zero_is_refused_without_reading_it(home):
    link = home / "config" / "settings.json"
    link.symlink_to("/dev/zero")
    s = run_with_deadline(lambda: settings.load(link), seconds=5)
    assert s.sound is True and len(s.messages) == 1 and one_line(s.messages[0])


def test_reads_are_bounded_whatever_the_file_claims(home):
    big = home / "big.json"
    with open(big, "wb") as f:
        f.truncate(50_000_000)  # sparse: claims 50 MB
    with pytest.raises(validate.Invalid, match="too large"):
        validate.read_json(big, 1_000_000)


# -- settings -----------------------------------------------------------------------------------

BAD_SETTINGS = {
    "huge integer": '{"window": [' + HUGE + ", 720]}",
    "last_setup of the wrong shape": json.dumps({"last_setup": {"punch": ["human"]}}),
    "last_setup a list": json.dumps({"last_setup": [1, 2]}),
    "unknown seat": json.dumps({"last_setup": {"punch": {"seats": ["bogus", "human"]}}}),
    "float option": json.dumps({"last_setup": {"punch": {"options": {"matches_to_win": 3.0}}}}),
    "float players": json.dumps({"last_setup": {"stabby-jack": {"players": 3.0}}}),
    "gamepad bindings of the wrong type": json.dumps({"bindings": {"gamepad": {"a": [1, 2], "b": "confirm"}}}),
    "key bindings of the wrong type": json.dumps({"bindings": {"keys": {"keys-left": {"w": [None]}}}}),
    "float window": json.dumps({"window": [1280.0, 720]}),
    "version true": json.dumps({"version": True, "sound": False}),
    "a huge bad value": json.dumps({"secrecy": "x" * 1_000_000}),
}


@pytest.mark.parametrize("case", sorted(BAD_SETTINGS))
def test_bad_settings_give_one_line_and_the_game_starts_and_plays(home, case):
    path = home / "config" / "settings.json"
    path.write_text(BAD_SETTINGS[case])
    s = settings.load(path)
    assert len(s.messages) == 1 and one_line(s.messages[0]) and "settings.json" in s.messages[0], s.messages
    assert "x" * 50 not in s.messages[0]
    assert (home / "config" / "settings.json.bad").exists()  # the original is kept
    # the launcher, every game's setup and Start work with what was loaded; a pad press too
    from tabletop.ui.app import App
    from tabletop.ui.setup import Setup

    app = App(size=(1280, 720), settings=s)
    app.start()
    for spec in games():
        setup = Setup(app, spec)
        app.push(setup)
        app.step(16)
        setup.start()
        app.step(16)
        table = app.stack[-1]
        table.handle(pygame.event.Event(pygame.USEREVENT), [(0, "a", True), (0, "b", True)])
        app.step(16)
        app.reset_to(app.stack[0])


def test_a_remembered_computer_level_that_does_not_exist_starts_the_easiest(home):
    path = home / "config" / "settings.json"
    offered = {"offered": list(registry.load_all())}  # no tutorial offer in the way of Start
    path.write_text(
        json.dumps({"last_setup": {"punch": {"seats": ["human", "computer:godlike"]}}, "tutorial": offered})
    )
    s = settings.load(path)
    assert s.messages == []  # levels are renamed between versions: kept, and mapped by the setup screen
    from tabletop.ui.app import App
    from tabletop.ui.setup import Setup

    app = App(size=(1280, 720), settings=s)
    spec = registry.get("punch")
    setup = Setup(app, spec)
    app.push(setup)
    setup.start()
    app.step(16)
    assert app.stack[-1].session.seats[1].level == spec.bot_levels[0]


def test_a_settings_file_with_a_small_problem_is_left_alone_on_a_full_disk(home, monkeypatch):
    path = home / "config" / "settings.json"
    text = json.dumps({"sound": False, "volume": "loud"})
    path.write_text(text)

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.tempfile, "mkstemp", full)
    s = settings.load(path)
    assert s.sound is False and "No space left on device" in s.messages[0]
    assert path.read_text() == text and not (home / "config" / "settings.json.bad").exists()
    monkeypatch.undo()
    assert "volume" in settings.load(path).messages[0]  # the next start says it again: never silent


def test_an_uncreatable_settings_and_data_folder_falls_back_and_plays(monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", "/dev/null/tabletop")
    code = (
        "import os; os.environ['SDL_VIDEODRIVER']='dummy'; os.environ['SDL_AUDIODRIVER']='dummy';"
        "import sys; from tabletop.app import main; sys.exit(main(['punch', '--frames', '30']))"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    assert p.stderr.count("settings.json: could not be saved") == 1, p.stderr  # said once


def test_a_game_in_an_uncreatable_data_folder_plays_on_and_says_so_once(monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", "/dev/null/tabletop")
    from tabletop.session import Seat, Session
    from tests.ui_helpers import frames, make_app

    app = make_app()
    spec = registry.get("punch")
    s = Session.new(spec, [Seat("Red", "computer", "easy"), Seat("Blue", "computer", "easy")], seed=5)
    table = spec.make_table(app, s)
    app.push(table)
    assert "cannot be saved" in table.message
    said = []
    for _ in range(600):
        frames(app)
        if table.message_ms > 0 and table.message not in said:
            said.append(table.message)
    assert len(s.record.actions) > 3  # the computers played on
    assert sum("cannot be saved" in m for m in said) <= 1


# -- temporary files, the command line ----------------------------------------------------------


def test_stale_temporary_files_are_removed_at_start(home):
    stale = [home / "data" / "games" / ".g.json.abc.tmp", home / "config" / ".settings.json.x.tmp"]
    for p in stale:
        p.write_text("{")
    keep = home / "data" / "games" / "mine.tmp"
    keep.write_text("not ours")
    from tests.ui_helpers import make_app

    make_app()
    assert not any(p.exists() for p in stale) and keep.exists()


def test_self_test_into_dev_null_and_negative_games_are_one_line(tmp_path):
    for args in (["--self-test", "--record-dir", "/dev/null", "punch"], ["--self-test", "--games", "-1", "punch"]):
        p = subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, timeout=120)
        assert p.returncode == 2 and "Traceback" not in p.stderr and "passed" not in p.stdout, p


TRICKS = ["..", "../x.json", "a/../../b", "/etc/x", "C:\\x", ".hidden", "x\x00y", "x.json/"]


@examples(max_examples=300, deadline=None)
@given(name=st.text(max_size=40) | st.sampled_from(TRICKS))
def test_a_file_name_from_outside_is_a_plain_name_inside_its_folder_or_refused(tmp_path_factory, name):
    """Issue 38, finding 1: whatever text a peer or a file sends, a name built from it stays a file
    directly inside its folder, or is refused (never a folder climb, a drive, a hidden file)."""
    folder = tmp_path_factory.getbasetemp() / "saves"
    try:
        path = paths.file_in(folder, name)
    except ValueError:
        return
    assert path.parent == folder and path.name == name and not name.startswith(".")
    assert path.resolve().parent == folder.resolve()


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="macOS and Windows refuse a file name that is not text")
def test_a_file_whose_name_is_not_utf8_in_saves_is_named_on_screen_and_replays_opens(home):
    """A name the system cannot decode (bytes that are not UTF-8) is shown with "?" where they are; the
    window draws it in a toast and Replays stays open (it used to quit the program)."""
    from tabletop.ui.kept import ReplaysScene
    from tests.ui_helpers import frames, make_app

    saves = os.fsencode(paths.saves_dir())
    with open(saves + b"/finished-\xff\xfe.json", "w") as f:
        f.write("{ not json")
    app = make_app()
    app.start()
    frames(app, 2)
    app.push(ReplaysScene(app))
    frames(app, 3)
    assert type(app.stack[-1]) is ReplaysScene
    shown = [t[0] for t in app.toasts]
    assert any("finished-??.json" in t and "set aside" in t for t in shown), shown
