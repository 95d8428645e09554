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
from tests.game_helpers import KEPT, kept_game
from tests.online_helpers import start_server, url
from tests.test_undo import first_undoable, vs_computer, write
from tests.test_words import MANY_ONE, ONE_MANY
from tests.ui_helpers import frames, make_app, top

# every registered game, and the games kept in tests/ (the sixth; the least a game may be)
GAMES = [*registry.load_all(), *(p for p, gid in KEPT.items() if gid not in registry.load_all())]
ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+")
DEVELOPER = re.compile(r"python -m|--[a-z]+-[a-z]+|\bpytest\b|tabletop\.[a-z_]+")  # a player's page has none


@pytest.fixture(params=GAMES)
def spec(request):
    if request.param in KEPT:
        with kept_game(request.param) as s:
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


def test_the_spec_keeps_the_contract(spec):
    """What ``register`` checks holds (a game registered before a check was added would show here),
    and what only the whole set of games can say: a place of its own on the launcher."""
    assert registry.contract_problem(spec) == ""
    others = [s.order for gid, s in registry.load_all().items() if gid != spec.id]
    assert spec.order not in others
    if spec.tutorial is not None:  # declared lessons are there
        assert len(spec.tutorial()) >= 1
    if spec.has_computer:
        assert spec.ladder.games >= 1 and all(spec.level_name(a) is not None for a in spec.level_aliases)


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
    beside_help = [Path(spec.help_file).with_name("records.md")] if spec.help_file else []
    for doc in (ROOT / "docs" / "records.md", *beside_help):
        if not doc.is_file():
            continue
        for block in re.findall(r"```json\n(.*?)```", doc.read_text(encoding="utf-8"), re.S):
            data = json.loads(block) if block.lstrip().startswith('{"format"') else None
            if isinstance(data, dict) and data.get("game") == spec.id:
                out.append(data)
    return out


def test_its_help_and_record_examples(spec, tmp_path):
    """The help page, when the game has one, is a real page for players; every record example the
    game writes out loads at the door to the state its replay gives, and so does a seeded game's."""
    from tabletop.ui.help import read_help

    if spec.help_file:
        text = read_help(spec)
        assert len(text) > 1000 and not RULE_ID.search(text)  # rulings are cited in tests only
        assert not DEVELOPER.search(text), f"{spec.id}: the help page gives developers' commands"
    found = [*examples(spec), json.loads(playout.play(spec, seed=2, check=False).record.dumps())]
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
    """A game that tells its result (``Rules.report``) says how it was won, its key moments and its
    numbers; one that does not shows just the outcome, from the player's side."""
    from tabletop.bench import finished_session
    from tabletop.core.game import Rules
    from tabletop.ui import result

    session = finished_session(spec, 3, 1)
    report = result.build(session)
    head = result.headline(session, report)
    if type(spec.rules).report is Rules.report:
        people = all(seat.kind == "human" for seat in session.seats)  # a game without computer players
        said = tuple(f"{seat.name} wins" for seat in session.seats) if people else ("You win", "You lose")
        assert head.startswith((*said, "A draw"))
        return
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
            bot = playout.computer(spec, seat, spec.bot_levels[0] if spec.bot_levels else "random", 1)
            await client.act(seat, bot.choose(client.views[seat]))
            await client.wait(lambda: client.n[seat] > n)
            assert not client.refused and not client.errors
        finally:
            await a.close()
            await b.close()
            await server.close()

    asyncio.run(main())


def test_every_pair_of_levels_finishes_within_its_length(spec):
    """``max_game_length`` is true: each level against each (random players for a game without
    computer players) finishes within it; ``playout`` stops a longer game as broken, never hangs."""
    levels = spec.bot_levels or ("random",)
    for a in levels:
        for b in levels:
            seats = [a, b] + [b] * (spec.min_players - 2)
            result = playout.play(spec, seed=1, levels=seats, check=False)
            assert result.finished and result.actions <= spec.max_game_length, (a, b)


def test_a_seat_that_does_not_act_has_no_legal_actions(spec):
    for _action, _before, state in early_states(spec):
        waiting = set(spec.rules.to_act(state))
        idle = [seat for seat in range(spec.min_players) if seat not in waiting]
        assert not [s for s in idle if spec.rules.legal_actions(state, s)], f"{spec.id}: {idle} may move unasked"


def test_undo_declared_is_undo_done(spec):
    """The rules declare per move what may be taken back (``undo_barrier``); the engine takes back
    exactly those moves, the mover's own until another moves, and never in real time."""
    session = vs_computer(spec.id)
    rules, taken, kept = session.rules, 0, 0
    for _ in range(60):
        waiting = list(rules.to_act(session.state))
        if not waiting or session.outcome() is not None:
            break
        seat = waiting[0]
        before = session.state
        bot = session.bots.get(seat)
        move = bot.choose(session.view(seat)) if bot else rules.legal_actions(before, seat)[0]
        assert session.submit(move)
        if seat != 0:
            continue
        declared = rules.undo_barrier(before, move, session.state)
        can = spec.dynamics != registry.REALTIME and not declared and session.outcome() is None
        assert (session.undo_why(0) == "") == can, f"{spec.id}: {move} declared {declared!r}"
        if can:
            assert session.submit(Undo(0)) is before and session.submit(move)
            taken += 1
        kept += not can
    assert taken + kept >= 1


def test_a_hosts_views_are_checked_by_the_seat_fields_the_game_declares(spec):
    """Every view a seat is sent passes the joiner's check (the seat-valued fields the rules declare name
    seats, nested ones too); the same view with one of them, at whatever depth, naming no seat is refused."""
    from tabletop.online import protocol as P

    rules, n = spec.rules, spec.min_players
    fresh = rules.new_state(rules.check_options({}), 0, n)
    reference = codec.state_to_json(rules, rules.view_for(fresh, 0))
    broken = 0
    for _action, _before, state in early_states(spec):
        shown = codec.state_to_json(rules, rules.view_for(state, 0))
        P.check_view(shown, reference, n, rules.phases or None, rules.seat_fields)
        spot = seat_spot(shown, rules.seat_fields)
        if spot is not None:
            spot[0][spot[1]] = n  # one past the last seat
            with pytest.raises(P.BadMessage, match="is not a seat"):
                P.check_view(shown, reference, n, rules.phases or None, rules.seat_fields)
            broken += 1
    assert broken or not rules.seat_fields or spec.dynamics.clocked  # a declared field was seen and checked


def seat_spot(value, fields, deepest=True):
    """(the dict, its key) of a seat-valued field holding a seat, the deepest found, or None."""
    found = None
    if isinstance(value, dict):
        for key, item in value.items():
            if key in fields and isinstance(item, int):
                found = found or (value, key)
            deeper = seat_spot(item, fields)
            found = deeper or found
    elif isinstance(value, list):
        for item in value:
            found = seat_spot(item, fields) or found
    return found
