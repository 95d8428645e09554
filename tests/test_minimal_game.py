"""The least a game may be (issue 36): Ten Count in tests/minimal_game declares only the contract's
required fields: no computer players, no help page, no lessons. It gets exactly the features its
spec declares: no computer seat anywhere, no How to play, no Learn to play, and every screen it
does have works, with no crash and no silent hang. ``register`` refuses a game that breaks the
contract with one line naming what is missing."""

from __future__ import annotations

import asyncio
import dataclasses
import json

import pygame
import pytest

from tabletop import selftest, validate
from tabletop.core import playout, registry
from tabletop.core.registry import ContractError, GameSpec
from tabletop.online.client import Client
from tabletop.session import Seat, Session
from tests.game_helpers import kept_game
from tests.online_helpers import start_server, url
from tests.test_kept_games import choose
from tests.ui_helpers import click, frames, key, make_app, top

PACKAGE = "tests.minimal_game"


@pytest.fixture
def spec():
    with kept_game(PACKAGE) as s:
        yield s
    pygame.quit()


def labels(app) -> list[str]:
    return [it.label for it in top(app).menu.items]


def test_setup_offers_people_only_and_no_help_or_lessons_then_two_people_play_it_out(spec):
    app = make_app()
    app.start()
    frames(app, 2)
    choose(app, spec.name)
    setup = top(app)
    assert type(setup).__name__ == "Setup" and setup.spec is spec
    assert not any(label.startswith(("How to play", "Learn to play")) for label in labels(app))
    seats = [it for it in setup.menu.items if it.key.startswith("seat")]
    assert len(seats) == 2 and all([c[0] for c in it.choices] == ["human"] for it in seats)
    for i in range(len(setup.menu.items)):  # the panel beside the menu never names a button that is not there
        setup.menu.focus = i
        text = setup.details()
        assert "How to play" not in text and "Learn to play" not in text and "the computer" not in text.lower(), text
    choose(app, "Start")
    table = top(app)
    assert table.spec is spec and [s.kind for s in table.session.seats] == ["human", "human"]
    for _ in range(12):  # at most ten moves: the person whose turn it is clicks +1
        if table.session.outcome() is not None:
            break
        hot = next(h for h in table.hots if h.payload == ("add", 1))
        click(app, hot.rect.center)
    assert table.session.state.count == 10 and table.session.outcome().winner == 1
    for _ in range(100):
        frames(app, 1, dt=50)
        if table.showing_result():
            break
    assert table.showing_result()
    frames(app, 20)  # the result lets presses go for a moment (ui.scene GUARD_MS)
    for _ in range(3):  # back from the result shows the table; back from the table pauses
        key(app, "escape")
        if hasattr(top(app), "menu"):
            break
    pause = [it.label for it in top(app).menu.items]
    assert "Resume" in pause and "How to play" not in pause
    app.close()


def test_no_lessons_and_no_help_page_are_offered_anywhere(spec):
    from tabletop.tutorial import open_tutorial
    from tabletop.ui.learn import LearnScene

    app = make_app(tutorials_offered=False)  # a first start offers lessons only of a game that has them
    app.start()
    frames(app, 2)
    choose(app, spec.name)
    choose(app, "Start")
    assert top(app).spec is spec and top(app).session is not None  # straight to the table: no offer
    learn = LearnScene(app)
    assert not [it for it in learn.menu.items if spec.id in it.key]
    open_tutorial(app, spec.id)
    assert app.toasts and app.toasts[-1][0] == "Ten Count has no lessons yet."
    app.close()


def test_headless_play_self_test_records_and_server_know_it_has_no_computer(spec, capsys, tmp_path):
    assert selftest.run([spec.id]) == 0
    out = capsys.readouterr().out
    assert "ten-count: no help page" in out and "1 of 1 games passed" in out
    for seed in range(1, 20):  # random players (it has no computer players) finish within its length
        assert playout.play(spec, seed=seed).actions <= spec.max_game_length
    with pytest.raises(ValueError, match="Ten Count has no computer players"):
        Session.new(spec, [Seat("Ana", "human"), Seat("Computer", "computer", level="random")], seed=1, autosave=False)
    record = json.loads(playout.play(spec, seed=1).record.dumps())
    record["players"][1] = {"name": "Computer", "kind": "computer", "level": "easy"}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(validate.Invalid, match="player 2: Ten Count has no computer players"):
        validate.load_record(path)

    async def main():
        server = await start_server()
        a = Client(url(server.port))
        try:
            await a.connect()
            await a.create(spec.id, [{"kind": "here", "name": "Ana"}, {"kind": "computer", "level": "easy"}])
            assert not a.room and a.errors == ["Ten Count has no computer players."]
        finally:
            await a.close()
            await server.close()

    asyncio.run(main())


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"id": "Ten Count"}, "id 'Ten Count' must be lower case words joined by '-'"),
        ({"blurb": ""}, "blurb must be a sentence players read"),
        ({"max_players": 9}, "players must be 1 <= min_players <= max_players <= 6"),
        ({"make_bot": print}, "make_bot and bot_levels go together"),
        ({"bot_levels": ("Beginner",)}, "make_bot and bot_levels go together"),
        ({"make_bot": print, "bot_levels": ("Easy",)}, 'bot_levels start with "Beginner"'),
        ({"make_bot": print, "bot_levels": ("Beginner",)}, "player_models must have newcomer, decent and good"),
        ({"help_file": "no/such/help.md"}, "help_file 'no/such/help.md' is not a file"),
        ({"max_game_length": 0}, "max_game_length must be the most actions a game takes"),
        ({"hidden_info": True}, "a game with hidden things declares view_for"),
        ({"dynamics": "realtime"}, "dynamics must be TURNS, SIMULTANEOUS or REALTIME"),
        ({"dynamics": registry.REALTIME}, "a real-time game needs realtime"),
    ],
)
def test_register_refuses_a_game_that_breaks_the_contract_in_one_line(spec, change, said):
    broken = dataclasses.replace(spec, **change)
    with pytest.raises(ContractError) as e:
        registry.register(broken)
    assert said in str(e.value) and "\n" not in str(e.value)
    assert registry.get(spec.id) is spec  # the broken one never replaced the game


def test_a_required_field_left_out_is_named():
    fields = {f.name: None for f in dataclasses.fields(GameSpec) if f.default is dataclasses.MISSING}
    fields.pop("max_game_length")
    fields.pop("default_factory", None)
    with pytest.raises(TypeError, match="max_game_length"):
        GameSpec(**fields)
