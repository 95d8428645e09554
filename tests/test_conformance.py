"""One conformance test over every registered game (issue 25), the sixth game in tests/sixth_game
too: its spec and launcher tile, its help and record examples, rules whose ``apply`` never changes
the state it is given, views that keep the seeded random source (and so every hidden card) to the
rules, undo, a result told in words, and a room on the server."""

from __future__ import annotations

import asyncio
import copy
import json
import re
from pathlib import Path

import pygame
import pytest

from tabletop import replay as replay_cli
from tabletop import validate
from tabletop.core import codec, playout, registry
from tabletop.core import record as rec
from tabletop.core.undo import Undo
from tabletop.online.client import Client
from tests.online_helpers import start_server, url
from tests.test_sixth_game import sixth_game
from tests.test_undo import first_undoable, vs_computer, write
from tests.test_words import MANY_ONE, ONE_MANY
from tests.ui_helpers import frames, make_app, top

SIXTH = "the sixth game (tests/sixth_game)"
GAMES = [*registry.load_all(), SIXTH]
ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+")


@pytest.fixture(params=GAMES)
def spec(request):
    if request.param == SIXTH:
        with sixth_game() as s:
            yield s
    else:
        yield registry.get(request.param)


class Enough(Exception):
    """Stops a playout once it has given the states a check needs."""


def early_states(spec, n: int = 40, seed: int = 3) -> list:
    """(action, state before, state after) of the first ``n`` moves of a seeded computer game."""
    rules = spec.rules
    seen: list = []
    last = [rules.new_state(rules.check_options({}), seed, spec.min_players)]

    def keep(action, state):
        seen.append((action, last[0], state))
        last[0] = state
        if len(seen) >= n:
            raise Enough

    try:
        playout.play(spec, seed=seed, check=False, on_action=keep)
    except Enough:
        pass
    return seen


def test_the_spec_says_what_the_engine_needs(spec):
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", spec.id) and spec.rules.id == spec.id
    assert spec.name and spec.blurb and 1 <= spec.min_players <= spec.max_players <= 6
    assert spec.make_bot is not None and spec.make_table is not None and spec.tutorial is not None
    assert spec.bot_levels and all(spec.level_name(a) is not None for a in spec.level_aliases)
    assert spec.ladder.games >= 1 and spec.tile.length
    others = [s.order for gid, s in registry.load_all().items() if gid != spec.id]
    assert spec.order not in others  # a place of its own on the launcher
    assert len(spec.tutorial()) >= 1


def test_its_tile_is_on_the_launcher_with_its_own_picture(spec):
    from tabletop.ui.tiles import meta, tile_image

    app = make_app()
    try:
        app.start()
        frames(app, 2)
        assert spec.name in [it.label for it in top(app).menu.items]
        assert meta(spec).endswith(spec.tile.length)
        image = tile_image(spec.tile.picture, spec.tile.colour, 380, 180, False)
        card = pygame.Rect(16, 16, int(180 * 0.66) - 8, 180 - 32).inflate(-20, -30)
        colours = {
            image.get_at((x, y))[:3] for x in range(card.left, card.right, 3) for y in range(card.top, card.bottom, 3)
        }
        assert spec.tile.colour in colours and len(colours) > 3  # the card's colour and a picture on it
    finally:
        pygame.quit()


def examples(spec) -> list[dict]:
    """The game's records written out in docs/records.md and in its folder's records.md."""
    out = []
    for doc in (ROOT / "docs" / "records.md", Path(spec.help_file).with_name("records.md")):
        if not doc.is_file():
            continue
        for block in re.findall(r"```json\n(.*?)```", doc.read_text(encoding="utf-8"), re.S):
            data = json.loads(block) if block.lstrip().startswith('{"format"') else None
            if isinstance(data, dict) and data.get("game") == spec.id:
                out.append(data)
    return out


def test_its_help_and_record_examples(spec, tmp_path):
    from tabletop.ui.help import read_help

    text = read_help(spec)
    assert len(text) > 1000 and not RULE_ID.search(text)  # rulings are cited in tests only
    found = examples(spec)
    assert len(found) >= 2 and any(r.get("setup") for r in found), f"{spec.id}: an example and a hand-set one"
    for i, data in enumerate(found):
        path = tmp_path / f"{i}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        assert validate.load_record(path).state == rec.replay(rec.parse(json.dumps(data)), spec)


def test_apply_never_changes_the_state_it_is_given(spec):
    rules = spec.rules
    moves = early_states(spec)
    assert len(moves) >= 6
    for action, before, after in moves:
        kept, shown = copy.deepcopy(before), codec.state_to_json(rules, before)
        again = rules.apply(before, action)
        assert before == kept and codec.state_to_json(rules, before) == shown, f"{spec.id}: {action} changed its input"
        assert again == after  # and the same move gives the same state: deterministic


def rng_in(value) -> bool:
    if isinstance(value, dict):
        return value.get("$type") == "Rng" or any(rng_in(v) for v in value.values())
    if isinstance(value, list):
        return any(rng_in(v) for v in value)
    return False


def test_views_never_carry_the_random_source_and_hide_what_is_hidden(spec):
    rules = spec.rules
    hides = False
    for _action, _before, state in early_states(spec):
        whole = codec.state_to_json(rules, state)
        views = [codec.state_to_json(rules, rules.view_for(state, seat)) for seat in (*range(spec.min_players), None)]
        assert not any(rng_in(v) for v in views), f"{spec.id}: a view holds the seeded random source"
        hides = hides or any(v != whole for v in views)
    assert hides or not spec.hidden_info  # a game with hidden things shows some seat less than the whole


def test_undo_against_the_computer_restores_the_state_and_the_record_replays_it(spec, tmp_path):
    if spec.dynamics == registry.REALTIME:
        session = vs_computer(spec.id)
        assert session.undo_why(0)  # real time: never (the reason is said)
        return
    session = vs_computer(spec.id)
    before, move = first_undoable(session)
    n = len(session.record.actions)
    assert session.submit(Undo(0)) is before
    assert session.state is before and session.rules.legal_actions(before, 0)
    # the record keeps the move and the undo: it is never edited
    assert session.record.actions[n - 1]["type"] == move.kind
    assert session.record.actions[n] == {"type": "undo", "player": 0}
    replayed = rec.replay(rec.parse(session.record.dumps()), session.spec)
    assert replayed == session.state
    # the same record read through the door, and by `tabletop replay --state`
    path = write(tmp_path, session.record.to_json())
    assert validate.load_record(path).state == session.state
    code, text = replay_cli.state_json(str(path))
    code_b, text_b = replay_cli.state_json(str(path), at=n - 1)
    assert code == code_b == 0 and json.loads(text) == json.loads(text_b)  # back to before the move
    assert session.submit(move)  # and play goes on from there


def test_the_result_says_how_and_tells_the_story(spec):
    from tabletop.bench import finished_session
    from tabletop.ui import result

    session = finished_session(spec, 3, 1)
    report = result.build(session)
    head = result.headline(session, report)
    assert report.how and report.how in head  # not just "You win!": how it was won
    assert head.startswith(("You win", "You lose: ", "A draw"))
    assert report.numbers and all(len(values) == len(session.seats) for _label, values in report.numbers)
    assert report.moments  # a few key moments, in sentences naming the seats
    assert all(not ONE_MANY.search(m) and not MANY_ONE.search(m) for m in report.moments)
    people = finished_session(spec, 3, 2)
    winner = people.outcome().winner
    if winner is not None:
        assert result.headline(people, result.build(people)).startswith(f"{people.seats[winner].name} wins ")


def test_a_room_on_the_server_sends_each_seat_its_view_and_takes_a_move(spec):
    async def main():
        server = await start_server()
        a, b = Client(url(server.port)), Client(url(server.port))
        try:
            await a.connect()
            await a.create(spec.id, [{"kind": "here", "name": "Ana"}] + [{"kind": "remote"}] * (spec.min_players - 1))
            await b.connect()
            await b.join(a.room, name="Bo")
            await a.wait(lambda: 0 in a.views)
            await b.wait(lambda: 1 in b.views)
            assert a.spec is spec and b.you == [1]
            if spec.dynamics == registry.REALTIME:
                return  # real time moves on the server's clock; its own tests play it
            rules = spec.rules
            seat = next(iter(rules.to_act(a.views[0])), None)
            client = a if seat == 0 else b
            if seat is None or seat not in (0, 1):
                return
            n = client.n[seat]
            bot = spec.make_bot(seat=seat, level=spec.bot_levels[0], seed=1)
            await client.act(seat, bot.choose(client.views[seat]))
            await client.wait(lambda: client.n[seat] > n)
            assert not client.refused and not client.errors
        finally:
            await a.close()
            await b.close()
            await server.close()

    asyncio.run(main())
