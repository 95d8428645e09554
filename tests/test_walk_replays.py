"""Walkthrough: every game's seeded computer-vs-computer record (JAB's with both hands and claims)
watched in the replay viewer of the real App, on the game clock: played to the end, back to the
start, a few steps forward and back, and played to the end again. Never a refusal or an error on the
screen, and the final table is the state ``tabletop replay --summary`` reports for the same file."""

from __future__ import annotations

import json

import pygame

from tabletop import replay
from tabletop.core import playout
from tabletop.core.actions import action_table
from tabletop.core.game import name_seats
from tabletop.ui.replay import SPEEDS, ReplayScene
from tests.ui_helpers import frames, key, make_app, top

SEEDS = (1, 2, 3)  # the shortest of these games is watched
DT = 100  # ms a frame


def _record(spec, tmp_path):
    p = min((playout.play(spec, seed=seed, check=False) for seed in SEEDS), key=lambda p: len(p.record.actions))
    p.record.players = [dict(pl, name=n) for pl, n in zip(p.record.players, ("Ana", "Ben", "Cy", "Di"), strict=False)]
    kinds = {a["type"] for a in p.record.actions}
    hands = {a["hand"] for a in p.record.actions if "hand" in a}
    assert not spec.dynamics.clocked or hands == {"left", "right"}, f"one hand only: {hands}"  # real time: both hands
    assert "claim" not in action_table(spec.rules.actions) or "claim" in kinds, "no claim in the record"
    path = tmp_path / f"{spec.id}.json"
    path.write_text(p.record.dumps())
    return p, path


def _no_error(scene) -> None:
    table = scene.table
    assert not scene.error, scene.error
    message = table.message if table.message_ms > 0 else ""
    assert not message, f"move {scene.index}: the table says {message!r}"
    for seat, (note, ms) in getattr(table, "notes", {}).items():
        assert not (ms > 0 and "time cannot" in note), f"move {scene.index}: seat {seat} is told {note!r}"


def _play_to_end(app, scene, limit=4000) -> None:
    if not scene.playing:
        key(app, "space")
    n = len(scene.actions)
    for _ in range(limit):
        frames(app, 1, dt=DT)
        _no_error(scene)
        if scene.index >= n:
            frames(app, 10, dt=DT)  # the last move is shown
            _no_error(scene)
            return
    raise AssertionError(f"the replay stopped at move {scene.index} of {n}")


def _summary_of(spec, scene, names) -> dict:
    state = scene.session.state
    out = spec.rules.outcome(state)
    data = dict(spec.rules.summary(state))
    data.update({"finished": out is not None, "winner": None if out is None else out.winner})
    return json.loads(json.dumps(name_seats(data, names), sort_keys=True))


def _see_the_result(app, scene) -> None:
    """At the end the result panel shows, its buttons under the story and the numbers."""
    table = scene.table
    for _ in range(100):
        if scene._result_showing():
            break
        if getattr(table, "final_score", False):  # JAB shows the last round's score first: any press goes on
            table.see_result()
        frames(app, 1, dt=DT)
    assert scene._result_showing(), "no result panel at the end"
    frames(app, 2)
    rows = [it.rect for it in table.result_menu.items]
    assert [it.label for it in table.result_menu.items][0] == "Watch again"
    assert table.result_bottom and all(r.top >= table.result_bottom for r in rows), (table.result_bottom, rows)


def test_a_recorded_game_watched_to_the_end_back_and_again(game, tmp_path):
    p, path = _record(game, tmp_path)
    code, text = replay.summary(str(path))
    assert code == 0, text
    expected = json.loads(text)
    names = replay.player_names(p.record)
    app = make_app()
    app.start()
    try:
        app.settings.animation_speed = 4.0
        scene = ReplayScene.open(app, str(path))
        app.push(scene)
        frames(app, 2)
        scene.speed_i = len(SPEEDS) - 1
        _play_to_end(app, scene)
        got = _summary_of(game, scene, names)
        assert got == {k: expected[k] for k in got}
        _see_the_result(app, scene)
        key(app, "home")
        assert scene.index == 0
        steps = min(9, len(scene.actions))  # nine steps on, or to the end of a shorter game
        for _ in range(steps):
            key(app, "right")
            frames(app, 3, dt=DT)
            _no_error(scene)
        key(app, "left")
        key(app, "left")
        frames(app, 3, dt=DT)
        _no_error(scene)
        assert scene.index == steps - 2
        key(app, "5")  # on from the middle
        assert scene.index == round(len(scene.actions) / 2)
        _play_to_end(app, scene)
        assert _summary_of(game, scene, names) == got
        assert top(app) is scene
    finally:
        pygame.quit()
