"""Kept games (issue 14): every unfinished game is kept until it is finished or
deleted; starting another game never replaces one; Continue lists them and
resumes exactly; Replays lists finished games newest first."""

from __future__ import annotations

import json
import os
import time

import pygame
import pytest

from tabletop.core import playout, registry
from tabletop.core import record as rec
from tabletop.ui.tiles import TileMenu
from tests.ui_helpers import frames, key, make_app, top


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def choose(app, prefix: str) -> None:
    """Move the focus with the keys (Down, or Tab across the launcher's grid) to the item starting
    with ``prefix`` and press Enter."""
    menu = top(app).menu
    step = "tab" if isinstance(menu, TileMenu) else "down"
    for _ in range(len(menu.items) + 1):
        if menu.items[menu.focus].label.startswith(prefix):
            key(app, "return")
            return
        key(app, step)
    raise AssertionError(f"no item {prefix!r} in {[it.label for it in menu.items]}")


def cycle_to(app, prefix: str, value_label: str) -> None:
    """Focus the choice ``prefix`` and press right until it shows ``value_label``."""
    menu = top(app).menu
    for _ in range(len(menu.items) + 1):
        if menu.items[menu.focus].label.startswith(prefix):
            break
        key(app, "down")
    item = menu.items[menu.focus]
    for _ in range(len(item.choices) + 1):
        if item.choices[item.index][1].startswith(value_label):
            return
        key(app, "right")
    raise AssertionError(f"{prefix} has no {value_label}")


def leave_to_menu(app) -> None:
    key(app, "escape")
    choose(app, "Leave to the menu")


def kept_files(home):
    return sorted((home / "data" / "games").glob("*.json"))


def test_start_a_leave_start_b_both_kept_and_a_resumes_exactly(home):
    app = make_app()
    app.settings.animation_speed = 4.0
    app.settings.tutorial = {"offered": list(registry.load_all())}  # no tutorial offer in the way
    app.start()
    frames(app, 2)
    # A: Punch!, the computer against the computer, a few moves, then leave
    choose(app, "Punch!")
    cycle_to(app, top(app).menu.items[0].label, "Computer")  # the first seat: a computer too
    choose(app, "Start")
    table_a = top(app)
    for _ in range(3000):
        frames(app)
        if len(table_a.session.record.actions) >= 5:
            break
    leave_to_menu(app)
    a_actions = list(table_a.session.record.actions)
    assert len(a_actions) >= 5
    assert len(kept_files(home)) == 1
    # B: Stabby Jack, then leave at once
    choose(app, "Stabby Jack")
    choose(app, "Start")
    assert top(app).spec.id == "stabby-jack"
    leave_to_menu(app)
    files = kept_files(home)
    assert len(files) == 2  # B did not replace A
    games = sorted(json.loads(f.read_text())["game"] for f in files)
    assert games == ["punch", "stabby-jack"]
    # Continue lists both, with details; A resumes exactly
    choose(app, "Continue (2)")
    labels = [it.label for it in top(app).menu.items]
    assert any(lbl.startswith("Punch!") and f"{len(a_actions)} moves" in lbl for lbl in labels), labels
    assert any(lbl.startswith("Stabby Jack") for lbl in labels), labels
    assert any(lbl.startswith("Punch!") and lbl.count("(computer, ") == 2 for lbl in labels), labels
    choose(app, "Punch!")
    choose(app, "Resume")
    table = top(app)
    assert table.spec.id == "punch"
    assert table.session.record.actions[: len(a_actions)] == a_actions
    spec = registry.get("punch")
    expected = rec.replay(
        rec.Record(
            "punch", table_a.session.seed, table_a.session.options, table_a.session.record.players, None, a_actions
        ),
        spec,
    )
    assert spec.rules.summary(table.session.state)["stamina"] == spec.rules.summary(expected)["stamina"]
    # the resumed game goes on in its own file: still two kept games
    for _ in range(300):
        frames(app)
    assert len(kept_files(home)) == 2


def test_delete_asks_once_and_removes_only_that_game(home):
    spec = registry.get("punch")
    from tabletop.session import Seat, Session

    seats = [Seat("Red", "computer", "easy"), Seat("Blue", "computer", "easy")]
    a = Session.new(spec, seats, seed=1)
    b = Session.new(spec, seats, seed=2)
    app = make_app()
    app.start()
    frames(app, 2)
    choose(app, "Continue (2)")
    choose(app, "Punch!")
    choose(app, "Delete")
    assert top(app).heading == "Delete this game for good?"
    assert a.save_path.exists() and b.save_path.exists()  # nothing gone before the answer
    choose(app, "No, keep it")
    assert a.save_path.exists() and b.save_path.exists()
    choose(app, "Delete")
    choose(app, "Yes, delete it")
    assert a.save_path.exists() != b.save_path.exists()
    assert len(top(app).entries) == 1


def test_an_autosave_of_an_unknown_game_is_listed_and_never_touched(home):
    folder = home / "data" / "games"
    folder.mkdir(parents=True)
    alien = folder / "chess-1.json"
    text = json.dumps(
        {"format": "tabletop-record", "version": 1, "game": "chess", "seed": 1, "players": [], "actions": []}
    )
    alien.write_text(text)
    app = make_app()
    app.start()
    frames(app, 2)
    choose(app, "Continue (1)")
    assert any("Unknown game 'chess'" in it.label for it in top(app).menu.items)
    key(app, "escape")
    key(app, "escape")
    from tabletop.session import Seat, Session

    spec = registry.get("punch")
    s = Session.new(spec, [Seat("Red"), Seat("Blue", "computer", "easy")], seed=3)
    assert s.save_path != alien and alien.read_text() == text


def test_the_old_single_autosave_becomes_a_kept_game(home):
    spec = registry.get("punch")
    record = playout.play(spec, seed=4).record
    record.actions = record.actions[:6]
    (home / "data").mkdir(parents=True)
    (home / "data" / "autosave.json").write_text(record.dumps())
    from tabletop import kept

    messages = []
    entries = kept.unfinished(messages)
    assert not (home / "data" / "autosave.json").exists()
    assert len(entries) == 1 and entries[0].loaded.record.actions == record.actions and not messages


def test_finished_games_are_listed_newest_first_and_capped(home, monkeypatch):
    from tabletop import kept, session

    monkeypatch.setattr(session, "KEEP_FINISHED", 3)
    spec = registry.get("punch")
    for seed in range(5):
        r = playout.play(spec, seed=seed)
        s = session.Session.from_record(spec, r.record)
        path = s.finish()
        t = time.time() - 100 + seed
        os.utime(path, (t, t))
    files = sorted((home / "data" / "saves").glob("*.json"))
    assert len(files) == 3  # the two oldest went first
    entries = kept.finished([])
    assert [e.when for e in entries] == sorted((e.when for e in entries), reverse=True)
    assert [e.loaded.record.seed for e in entries] == [4, 3, 2]
    assert all("won" in e.status() or "draw" in e.status().lower() for e in entries)


def test_a_game_too_long_to_load_is_never_written(home, monkeypatch):
    from tabletop.core import record as record_mod
    from tabletop.session import Seat, Session

    spec = registry.get("punch")
    s = Session.new(spec, [Seat("Red"), Seat("Blue")], seed=5)
    before = s.save_path.read_text()
    monkeypatch.setattr(record_mod, "MAX_BYTES", len(before) + 10)
    action = spec.rules.legal_actions(s.state, spec.rules.to_act(s.state)[0])[0]
    s.submit(action)
    assert s.save_path.read_text() == before  # the bigger record was not written
    assert "too long to be saved" in s.take_notice()
    assert s.take_notice() == ""  # said once


def test_starting_a_game_with_the_data_folder_unwritable_plays_on_and_says_so_once(home, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", "/dev/null/tabletop")  # a folder that cannot be created
    from tabletop.session import Seat, Session

    spec = registry.get("punch")
    s = Session.new(spec, [Seat("Red", "computer", "easy"), Seat("Blue", "computer", "easy")], seed=5)
    assert "cannot be saved" in s.take_notice()
    for _ in range(4):
        st = s.state
        seat = spec.rules.to_act(st)[0]
        s.submit(spec.rules.legal_actions(st, seat)[0])
    assert s.take_notice() == "" and len(s.record.actions) == 4


def test_a_kept_online_jab_game_resumed_here_gives_each_person_controls_of_their_own(home):
    """The host's computer keeps an online game; its record names two people but no controls
    (each played on their own computer). Resumed here, the two must not share the same keys."""
    from tabletop.session import Seat, Session

    spec = registry.get("jab")
    Session.new(spec, [Seat("Ana", "human"), Seat("Ben", "human")], seed=4)  # as the server writes it
    app = make_app()
    app.start()
    frames(app, 2)
    choose(app, "Continue (1)")
    key(app, "return")  # the only kept game
    choose(app, "Resume")
    table = top(app)
    schemes = [s.scheme for s in table.session.seats]
    assert None not in schemes and schemes[0] != schemes[1], schemes


def unwritable(folder) -> None:
    """Make ``folder`` refuse every new file, also to root (tests run as root, who ignores permission
    bits): immutable (chattr +i) as root, read-only otherwise; ``writable`` undoes it."""
    import subprocess

    if os.geteuid() == 0:
        done = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, text=True)
        # a file system without the flag, or no right to set it: this test cannot run here, and says so
        assert done.returncode == 0, f"root here cannot make a folder read-only: {done.stderr.strip()}"
    else:
        folder.chmod(0o555)
    try:
        (folder / "probe").write_text("x")
    except OSError:
        return
    (folder / "probe").unlink()
    raise AssertionError(f"{folder} could still be written: this test cannot make a folder read-only here")


def writable(folder) -> None:
    import subprocess

    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
    folder.chmod(0o755)


@pytest.mark.skipif(os.name != "posix", reason="a folder's write permission is a POSIX thing (Windows has ACLs)")
def test_a_read_only_data_folder_that_holds_a_kept_game_lists_resumes_and_plays_on_saying_so_once(home):
    """Issue 38, finding 7: a data folder that cannot be written (its online/ and saves/ not made yet)
    with a kept game in it. Continue, Replays and Resume never crash; the game plays on, and that it
    cannot be saved is said once; an online seat that cannot be kept says so in one line."""
    from tabletop.online import kept_seats
    from tabletop.session import Seat, Session
    from tabletop.ui.kept import ContinueScene, KeptGameScene, ReplaysScene

    spec = registry.get("punch")
    s = Session.new(spec, [Seat("Red", "human"), Seat("Blue", "human")], seed=5)
    s.close()
    data, games = home / "data", home / "data" / "games"
    for journal in games.glob("*.journal"):
        journal.unlink()  # empty: resuming must make it again, and cannot
    for f in (data / "saves", data / "online"):
        if f.exists():
            f.rmdir()
    try:
        for f in (games, data):
            unwritable(f)
        app = make_app()
        app.start()
        frames(app, 2)
        app.push(ReplaysScene(app))
        frames(app, 2)
        app.pop()
        continue_scene = ContinueScene(app)
        app.push(continue_scene)
        frames(app, 2)
        assert len(continue_scene.entries) == 1
        app.push(KeptGameScene(app, continue_scene.entries[0], continue_scene))
        top(app).resume()
        frames(app, 2)
        table = top(app)
        assert table.spec.id == "punch", [t[0] for t in app.toasts]
        said = []
        for _ in range(4):
            state = table.session.state
            seat = spec.rules.to_act(state)[0]
            table.submit(spec.rules.legal_actions(state, seat)[0])
            said.append(table.message)
            table.message = ""
            frames(app)
        assert len(table.session.record.actions) == 4
        assert [m for m in said if m] == [said[0]] and "cannot be saved" in said[0] and "play goes on" in said[0]
        note = kept_seats.keep("ws://127.0.0.1:9", "ABCDEFGH", "t" * 24, 1, "punch", ["A", "B"])
        assert note.startswith("This online game could not be kept") and kept_seats.kept([]) == []
    finally:
        for f in (data, games):
            writable(f)
