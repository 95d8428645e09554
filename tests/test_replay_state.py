"""tabletop replay FILE --state [--seat N] [--at K] and the --summary event log (issue 19, point 4)."""

import json
import subprocess
import sys

from tabletop import replay
from tabletop.core import codec, playout, registry
from tabletop.core import record as rec
from tests.game_helpers import declares


def recorded(tmp_path, game_id, seed=5):
    spec = registry.get(game_id)
    p = playout.play(spec, seed=seed, check=False)
    p.record.players = [dict(pl, name=n) for pl, n in zip(p.record.players, ("Ana", "Bo"), strict=True)]
    path = tmp_path / f"{game_id}.json"
    path.write_text(p.record.dumps())
    return spec, p, path


def test_summary_has_the_event_log_piles_and_flags(tmp_path, game):
    spec, p, path = recorded(tmp_path, game.id)
    code, out = replay.summary(str(path))
    assert code == 0, out
    data = json.loads(out)
    assert data["finished"] and data["winner"] == p.winner
    events = data["events"]
    assert all(set(e) == {"kind", "text"} and e["text"] for e in events)
    if not declares(spec, "events"):  # a game that tells no events: its summary says so, empty
        assert events == []
        return
    assert events  # a game that tells events told some
    assert any("Ana" in e["text"] or "Bo" in e["text"] for e in events) or spec.id == "square-ring"  # boxers' names
    # the whole log, not only what the state keeps at the end: at least one event per 10 actions
    assert len(events) >= min(20, data["actions"] // 10)


def test_state_at_k_and_a_seats_view(tmp_path, game):
    spec, p, path = recorded(tmp_path, game.id)
    k = len(p.record.actions) // 2
    code, out = replay.state_json(str(path), at=k)
    assert code == 0, out
    r = rec.load(path)
    expected = rec.replay(rec.Record(r.game, r.seed, r.options, r.players, r.setup, r.actions[:k]), spec)
    assert codec.state_from_json(spec.rules, json.loads(out)) == expected
    code, out = replay.state_json(str(path), seat=1, at=k)
    assert code == 0
    assert codec.state_from_json(spec.rules, json.loads(out)) == spec.rules.view_for(expected, 1)
    assert json.loads(out).get("rng") is None


def test_state_refuses_bad_seat_and_at(tmp_path):
    _, p, path = recorded(tmp_path, "punch")
    assert replay.state_json(str(path), seat=7)[0] == 2
    code, msg = replay.state_json(str(path), at=len(p.record.actions) + 1)
    assert code == 2 and "actions" in msg
    r = subprocess.run(
        [sys.executable, "-m", "tabletop", "replay", str(path), "--seat", "1"], capture_output=True, text=True
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr and "--state" in r.stderr


def test_state_on_the_command_line(tmp_path):
    spec, p, path = recorded(tmp_path, "stabby-jack")
    r = subprocess.run(
        [sys.executable, "-m", "tabletop", "replay", str(path), "--state", "--seat", "0", "--at", "3"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    view = json.loads(r.stdout)
    assert view["draw"] == [] and view["hidden_draw"] > 0 and view["rng"] is None
