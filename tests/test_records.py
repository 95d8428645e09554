"""Records: every game replays to the same result; the replay command's
answers and exit codes; a killed game resumes where it was (issue 6)."""

import json
import os
import subprocess
import sys
import time

import pytest

from tabletop import validate
from tabletop.core import playout, registry
from tabletop.core import record as rec
from tabletop.core.game import name_seats
from tabletop.replay import player_names, summary
from tests.game_helpers import declares


def test_a_self_test_game_replays_to_the_same_summary(game, tmp_path):
    result = playout.play(game, seed=5)
    path = tmp_path / "game.json"
    path.write_text(result.record.dumps())
    code, text = summary(str(path))
    assert code == 0, text
    data = json.loads(text)
    out = game.rules.outcome(result.state)
    assert data["game"] == game.id and data["finished"] is True and data["winner"] == out.winner
    # the rules' summary, with the players' names for the seats its sentences name
    expected = name_seats(json.loads(json.dumps(game.rules.summary(result.state))), player_names(result.record))
    assert {k: data[k] for k in expected} == expected
    assert expected or not declares(game, "summary")  # a game that declares a summary says something in it


def test_replay_summary_command_prints_one_json_object(tmp_path):
    spec = registry.get("punch")
    path = tmp_path / "punch.json"
    path.write_text(playout.play(spec, seed=2).record.dumps())
    r = subprocess.run(
        [sys.executable, "-m", "tabletop", "replay", str(path), "--summary"], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["game"] == "punch"


def test_a_refused_action_names_its_index_and_reason_and_exits_1(tmp_path):
    spec = registry.get("punch")
    data = playout.play(spec, seed=3).record.to_json()
    data["actions"].insert(4, dict(data["actions"][4]))  # a seat commits twice in one play
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, text = summary(str(path))
    assert code == 1 and "action 5" in text and "refused" in text


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{",
        "null",
        "[]",
        '{"format":"tabletop-record","version":1,"game":"nosuchgame","seed":1}',
        '{"format":"tabletop-record","version":1,"game":"punch","seed":1,"actions":[{"type":"launch_missiles"}]}',
        '{"format":"tabletop-record","version":1,"game":"punch","seed":1,"options":{"x":1e999}}',
        '{"format":"tabletop-record","version":1,"game":"punch","seed":1,"players":"me"}',
        '{"format":"tabletop-record","version":1,"game":"punch","seed":1,"actions":[' + "[" * 5000 + "]" * 5000 + "]}",
        "__import__('os').system('echo pwned')",
    ],
)
def test_malformed_files_exit_2_with_one_line(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, text = summary(str(path))
    assert code == 2, text
    assert "\n" not in text and "Traceback" not in text


def test_ten_megabytes_of_junk_is_refused_quickly(tmp_path):
    path = tmp_path / "junk.json"
    path.write_bytes(os.urandom(10_000_000))
    code, text = summary(str(path))
    assert code == 2 and "too large" in text


def test_missing_file_exits_2(tmp_path):
    code, text = summary(str(tmp_path / "nope.json"))
    assert code == 2 and "cannot be read" in text


RUNNER = r"""
import sys
from tabletop.core import registry
from tabletop.session import Seat, Session
from tabletop.ui.app import App
from tabletop import settings
prefs = settings.Settings()
prefs.computer_pace, prefs.animation_speed = "fast", 4  # the same moves, sooner
app = App(settings=prefs)
spec = registry.get("punch")
s = Session.new(spec, [Seat("Red", "computer", "easy"), Seat("Blue", "computer", "easy")], seed=77)
app.push(spec.make_table(app, s))
app.run()
"""


def test_a_killed_game_resumes_where_it_was(tmp_path):
    env = dict(os.environ, TABLETOP_HOME=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-c", RUNNER], env=env)
    kept = tmp_path / "data" / "games"
    autosave = kept / "none.json"
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            files = sorted(kept.glob("*.json")) if kept.is_dir() else []
            if files:
                autosave = files[0]
                try:  # the kept file and the journal of moves beside it
                    if len(validate.load_record(autosave).record.actions) >= 6:
                        break
                except validate.Invalid:
                    pass  # an atomic write is never half a file, but be patient anyway
            time.sleep(0.1)
        proc.kill()  # SIGKILL; TerminateProcess on Windows
    finally:
        proc.wait(timeout=10)
    saved = validate.load_record(autosave).record
    assert len(saved.actions) >= 6
    # the launcher offers it, and resuming puts the table exactly where it was
    os.environ["TABLETOP_HOME"] = str(tmp_path)
    from tests.ui_helpers import click, frames, make_app, top

    app = make_app()
    app.start()
    frames(app, 2)
    item = top(app).menu.items[0]
    assert item.label == "Continue (1)"
    click(app, item.rect.center)
    row = top(app).menu.items[0]
    assert row.label.startswith("Punch!")
    click(app, row.rect.center)
    click(app, top(app).menu.items[0].rect.center)  # Resume
    table = top(app)
    assert table.session.record.actions[: len(saved.actions)] == saved.actions
    expected = rec.replay(saved, registry.get("punch"))
    assert registry.get("punch").rules.summary(table.session.state) == registry.get("punch").rules.summary(expected)


def test_replay_on_the_table_pauses_steps_and_changes_speed():
    from tabletop.ui.replay import ReplayScene
    from tests.ui_helpers import frames, key, quick_app

    spec = registry.get("stabby-jack")
    result = playout.play(spec, seed=6)
    app = quick_app()  # the quickest animations: the same replay in fewer frames
    scene = ReplayScene(app, spec, result.record)
    app.push(scene)
    key(app, "space")  # pause
    assert not scene.playing
    at = scene.index
    key(app, "right")
    key(app, "right")
    assert scene.index == at + 2  # two single steps
    speed = scene.speed_i
    key(app, "up")
    assert scene.speed_i == speed + 1
    key(app, "space")  # play on, fast, to the end
    from tabletop.ui import replay

    scene.speed_i = len(replay.SPEEDS) - 1
    for _ in range(20000):
        if scene.index >= len(result.record.actions):
            break
        frames(app)
    assert scene.index == len(result.record.actions) and not scene.error
    assert spec.rules.summary(scene.session.state) == spec.rules.summary(result.state)
