"""A game is a folder (issue 25): Glove Duel lives in tests/sixth_game/, no engine file names it,
and registered at run time it is played through every screen a shipped game has: its launcher
tile, setup, a game against its computer, Continue, the replay viewer, ``replay --summary`` and
``--state``, the ladder, two online clients and an onlooker, its lesson and its help."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tabletop import ladder
from tabletop.core import codec, registry
from tabletop.online import protocol as P
from tabletop.online.client import Client
from tabletop.ui import tiles
from tests.game_helpers import kept_game
from tests.online_helpers import bot_player, replays_to, start_server, url
from tests.test_kept_games import choose, kept_files, leave_to_menu
from tests.ui_helpers import click, frames, make_app, top

PACKAGE = "tests.sixth_game"
FOLDER = Path(__file__).resolve().parent / "sixth_game"
ROOT = Path(__file__).resolve().parent.parent


def sixth_game():
    """Glove Duel registered for the time of a test, as a game kept outside the program's folder is."""
    return kept_game(PACKAGE)


@pytest.fixture
def spec():
    with sixth_game() as s:
        yield s


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def games_counted() -> str:
    return str(len(registry.load_all()))


def throw(app, table, hand: str) -> None:
    """Click the throw ``hand`` on the table (it is there only on the person's turn)."""
    hot = next(h for h in table.hots if h.payload == ("throw", hand))
    click(app, hot.rect.center)


def until_my_turn(app, table, limit=400) -> None:
    """Frames until the person (seat 0) must throw or the bout is over."""
    for _ in range(limit):
        if table.session.outcome() is not None or (0 in table.rules.to_act(table.session.state) and table.hots):
            return
        frames(app, 1, dt=50)
    raise AssertionError("the computer never answered")


def test_no_program_file_names_the_sixth_game():
    """Everything the game needs is in its folder: the program's files and its import contracts
    never mention it (docs/engine.md points at it as the example of a game kept elsewhere)."""
    named = []
    for path in [*(ROOT / "tabletop").rglob("*"), ROOT / "pyproject.toml"]:
        if path.is_file() and path.suffix in (".py", ".md", ".json", ".toml"):
            text = path.read_text(encoding="utf-8")
            if "glove-duel" in text or "sixth_game" in text or "Glove Duel" in text:
                named.append(str(path.relative_to(ROOT)))
    assert not named


def test_the_tile_setup_a_game_against_its_computer_continue_and_its_replay(spec, home):
    app = make_app()
    app.settings.animation_speed = 4.0
    app.settings.tutorial = {"offered": list(registry.load_all())}  # no offer of lessons in the way
    app.start()
    frames(app, 2)
    assert top(app).sub.startswith(f"{games_counted()} fight-themed")  # the launcher counts it
    tile = next(it for it in top(app).menu.items if it.label == spec.name)
    assert tiles.meta(spec) == "2 players · about 2 min"
    click(app, tile.rect.center)
    assert type(top(app)).__name__ == "Setup" and top(app).spec is spec
    choose(app, "Start")
    table = top(app)
    assert table.spec is spec and [s.kind for s in table.session.seats] == ["human", "computer"]
    until_my_turn(app, table)
    throw(app, table, "hook")
    until_my_turn(app, table)
    # the hook, the computer's answer, then its face-down opening of the next exchange (they take turns)
    assert [(a["player"], a.get("hand") if a["player"] == 0 else "?") for a in table.session.record.actions] == [
        (0, "hook"),
        (1, "?"),
        (1, "?"),
    ]
    played = list(table.session.record.actions)
    leave_to_menu(app)
    assert len(kept_files(home)) == 1
    choose(app, "Continue (1)")
    choose(app, spec.name)
    choose(app, "Resume")
    table = top(app)
    assert table.spec is spec and table.session.record.actions == played
    for _ in range(40):  # play on to the end: first to three points
        until_my_turn(app, table)
        if table.session.outcome() is not None:
            break
        throw(app, table, "jab")
    for _ in range(200):
        frames(app, 1, dt=50)
        if table.showing_result():
            break
    frames(app, 20)  # the result lets presses go for a moment (ui.scene GUARD_MS)
    assert table.showing_result() and table.result_menu is not None
    watch = next(it for it in table.result_menu.items if "replay" in it.label)
    click(app, watch.rect.center)
    scene = top(app)
    assert type(scene).__name__ == "ReplayScene" and scene.table.spec is spec
    for _ in range(20):
        frames(app, 1, dt=50)
    app.close()


def recorded(tmp_path, spec) -> Path:
    from tabletop.core import playout

    p = playout.play(spec, seed=5, options={"target": 2})
    path = tmp_path / "bout.json"
    path.write_text(p.record.dumps())
    return path


def test_replay_summary_and_state_on_the_command_line(spec, tmp_path):
    """Run as a player would, in a program of its own: the game comes in through TABLETOP_GAMES."""
    path = recorded(tmp_path, spec)
    env = dict(os.environ, TABLETOP_GAMES=PACKAGE, PYTHONPATH=str(ROOT), TABLETOP_HOME=str(tmp_path))

    def run(*args):
        command = [sys.executable, "-m", "tabletop", "replay", str(path), *args]
        r = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    summary = run("--summary")
    assert summary["game"] == spec.id and summary["finished"] and max(summary["points"]) == 2
    assert summary["events"] and all(" meets " in e["text"] for e in summary["events"])
    first = json.loads(path.read_text())["actions"][0]
    assert first["player"] == 0  # seat 0 throws first, face down
    assert run("--state", "--seat", "1", "--at", "1")["pending"] == ["?", None]  # not shown to the other seat
    assert run("--state", "--seat", "0", "--at", "1")["pending"] == [first["hand"], None]


def test_the_ladder_plays_its_levels_against_random_the_models_and_each_other(spec, capsys):
    assert ladder.main(["--game", spec.id, "--games", "4", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    report = json.loads(out[out.index("\n{") + 1 :])
    pairs = {(r["level"], r["opponent"]) for r in report["pairs"]}
    assert pairs == set(ladder.pairs(spec)) and ("Reader", "Beginner") in pairs
    assert all(r["games"] == 4 for r in report["pairs"])
    assert any(c["target"] == "Reader beats Beginner >= 65%" for c in report["targets"])


def test_two_online_clients_and_an_onlooker_play_a_whole_bout(spec):
    async def main():
        server = await start_server()
        a, b, c = Client(url(server.port)), Client(url(server.port)), Client(url(server.port))
        try:
            await a.connect()
            await a.create(spec.id, [{"kind": "here", "name": "Ana"}, {"kind": "remote"}], {"target": 2})
            await b.connect()
            await b.join(a.room, name="Bo")
            await c.connect()
            await c.join(a.room, watch=True)
            await c.wait(lambda: P.WATCH in c.views)
            await asyncio.gather(bot_player(a, 0, seed=1, timeout=30), bot_player(b, 1, seed=2, timeout=30))
            for client in (a, b, c):
                await client.wait(lambda client=client: client.over is not None)
            assert a.over["record"] == b.over["record"] == c.over["record"]
            final = replays_to(a.over["record"], spec)
            assert max(final.points) == 2 and a.over["winner"] == spec.rules.outcome(final).winner
            rules = spec.rules
            assert codec.state_to_json(rules, c.views[P.WATCH]) == codec.state_to_json(
                rules, rules.view_for(final, None)
            )
            assert codec.state_to_json(rules, b.views[1]) == codec.state_to_json(rules, rules.view_for(final, 1))
        finally:
            for client in (a, b, c):
                await client.close()
            await server.close()

    asyncio.run(main())


def test_the_onlooker_never_sees_a_face_down_throw(spec):
    async def main():
        server = await start_server()
        a, b, c = Client(url(server.port)), Client(url(server.port)), Client(url(server.port))
        try:
            await a.connect()
            await a.create(spec.id, [{"kind": "here", "name": "Ana"}, {"kind": "remote"}])
            await b.connect()
            await b.join(a.room, name="Bo")
            await c.connect()
            await c.join(a.room, watch=True)
            await a.wait(lambda: 0 in a.views)
            await a.act(0, spec.rules.legal_actions(a.views[0], 0)[2])  # the uppercut, face down
            await c.wait(lambda: c.views.get(P.WATCH) is not None and c.views[P.WATCH].pending[0] is not None)
            await b.wait(lambda: b.views.get(1) is not None and b.views[1].pending[0] is not None)
            assert c.views[P.WATCH].pending == ("?", None) and b.views[1].pending == ("?", None)
            assert "uppercut" not in json.dumps(c.view_json[P.WATCH]) + json.dumps(b.view_json[1])
        finally:
            for client in (a, b, c):
                await client.close()
            await server.close()

    asyncio.run(main())


def test_its_lesson_is_played_from_the_list_and_its_help_opens(spec, home):
    from tabletop.tutorial import open_tutorial, progress
    from tabletop.ui.help import HelpScene, read_help

    app = make_app()
    app.start()
    open_tutorial(app, spec.id)
    frames(app, 1)
    top(app).play(0)
    frames(app, 2)
    table = top(app)
    assert table.tutor is not None and table.tutor.lesson.id == "hook-beats-jab"
    throw(app, table, "jab")  # not what the lesson asks: coached, not played
    assert table.session.record.actions == []
    throw(app, table, "hook")
    for _ in range(100):
        frames(app, 1, dt=50)
        if progress.finished(app.settings, spec.id):
            break
    assert progress.finished(app.settings, spec.id) == {"hook-beats-jab"}
    app.push(HelpScene(app, spec))
    frames(app, 2)
    assert type(top(app)).__name__ == "HelpScene" and "Uppercut" in read_help(spec)
    app.close()
