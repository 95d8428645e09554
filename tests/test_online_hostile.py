"""A hostile client changes nothing; drops pause and a token rejoins; no unseen card on the wire (issue 20)."""

import asyncio
import json
import logging

import msgspec
import websockets

from tabletop.core import codec
from tabletop.core import record as rec
from tabletop.games.punch.rules.state import HIDDEN
from tabletop.online import protocol as P
from tabletop.online.client import Client
from tests.online_helpers import bot_player, replays_to, start_server, url

SEATS = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": ""}]


async def room_of_two(game="punch", capture=None):
    server = await start_server()
    a, b = Client(url(server.port)), Client(url(server.port), capture=capture)
    await a.connect()
    await a.create(game, SEATS)
    await b.connect()
    await b.join(a.room, name="Bo")
    await a.wait(lambda: 0 in a.views and not a.status.get("paused", True))
    await b.wait(lambda: 1 in b.views)
    return server, a, b


async def raw(port):
    return await websockets.connect(url(port), max_size=None)


async def answer(ws, timeout=2.0):
    return json.loads(await asyncio.wait_for(ws.recv(), timeout))


def test_hostile_messages_are_refused_logged_once_and_change_nothing(caplog):
    caplog.set_level(logging.WARNING, logger="tabletop.online")

    async def main():
        server, a, b = await room_of_two()
        room = server.rooms[a.room]
        before = room.session.record.actions[:]
        state_before = room.session.state
        # not JSON, the wrong version, an unknown type, a missing field: refused, the connection goes on
        ws = await raw(server.port)
        for bad in ("{{{", '{"v": 9, "type": "join"}', P.dumps({"type": "steal"}), P.dumps({"type": "join"})):
            await ws.send(bad)
            msg = await answer(ws)
            assert msg["type"] == "error"
        for _ in range(20):
            await ws.send("not json")
            await answer(ws)
        # a wrong token and an unknown room
        await ws.send(P.dumps({"type": "join", "room": a.room, "token": "x" * 24}))
        assert "token" in (await answer(ws))["reason"]
        await ws.send(P.dumps({"type": "join", "room": "ZZZZZ"}))
        assert (await answer(ws))["type"] == "error"
        # the room is full: no seat for a third person
        await ws.send(P.dumps({"type": "join", "room": a.room}))
        assert "free seat" in (await answer(ws))["reason"]
        # an oversized message closes that connection only
        await ws.send("x" * (P.MAX_BYTES + 10))
        try:
            await asyncio.wait_for(ws.recv(), 2)
            closed = False
        except websockets.ConnectionClosed:
            closed = True
        assert closed
        # b acts for a's seat, names a's player, asks for a's view, sends a stale id
        view = b.views[1]
        rules = b.spec.rules
        some = (rules.legal_actions(room.session.state, 0) or rules.legal_actions(room.session.state, 1))[0]
        for_a = dict(_j(some), player=0)  # an action of a's seat (legal or not: it must not even be looked at)
        await b.send({"type": "act", "seat": 0, "id": 100, "action": for_a})
        await b.send({"type": "act", "seat": 1, "id": 101, "action": for_a})
        await b.send({"type": "view", "seat": 0})
        await b.wait(lambda: len(b.refused) >= 2 and any("own seat" in e for e in b.errors))
        assert all(r["id"] in (100, 101) for r in b.refused)
        assert room.session.record.actions == before and room.session.state is state_before
        assert 0 not in b.views and b.views[1] == view
        # a replayed id is dropped: the same action again with an old id does nothing
        while not b.spec.rules.legal_actions(room.session.state, 1):  # let seat 0 move until seat 1 may
            await a.act(0, b.spec.rules.legal_actions(room.session.state, 0)[0])
            await asyncio.sleep(0.05)
        before = room.session.record.actions[:]
        mine = b.spec.rules.legal_actions(room.session.state, 1)
        await b.send({"type": "act", "seat": 1, "id": 102, "action": _j(mine[0])})
        await b.wait(lambda: len(room.session.record.actions) == len(before) + 1)
        n = len(room.session.record.actions)
        await b.send({"type": "act", "seat": 1, "id": 102, "action": _j(mine[-1])})
        await b.send({"type": "act", "seat": 1, "id": 50, "action": _j(mine[-1])})
        await asyncio.sleep(0.2)
        assert len(room.session.record.actions) == n
        # a flood is cut by the rate limit, and the server still answers the others
        for i in range(400):
            await b.send({"type": "sync", "t0": i})
        await asyncio.sleep(0.2)
        assert any("too many" in r.message for r in caplog.records)
        await a.send({"type": "sync", "t0": 1})
        await a.wait(lambda: a.clock.samples)
        await a.close()
        await b.close()
        await server.close()

    asyncio.run(main())
    lines = [r.message for r in caplog.records]
    # each kind of refusal is logged once per connection, not once per message
    assert sum("a bad message" in m for m in lines) <= 2
    assert sum("too many" in m for m in lines) == 1


def _j(action):
    from tabletop.core.actions import to_json

    return to_json(action)


def test_a_dropped_player_pauses_the_game_and_rejoins_with_the_token():
    async def main():
        server, a, b = await room_of_two("stabby-jack")
        token = b.tokens[1]
        room = server.rooms[a.room]
        # play a few turns
        task_a = asyncio.create_task(bot_player(a, 0, seed=1))
        task_b = asyncio.create_task(bot_player(b, 1, seed=2))
        await a.wait(lambda: len(room.session.record.actions) >= 6)
        task_b.cancel()
        await b.close()
        await a.wait(lambda: a.status.get("paused"))
        assert a.status["waiting_for"] == ["Bo"]
        n = len(room.session.record.actions)
        await asyncio.sleep(0.3)
        assert len(room.session.record.actions) <= n + 1  # at most the move that was on its way
        n = len(room.session.record.actions)
        # somebody without the token cannot take the seat
        c = Client(url(server.port))
        await c.connect()
        await c.join(a.room)
        assert c.errors and not c.you
        # rejoin with the token: the same seat, the same game, exactly where it was
        b2 = Client(url(server.port))
        await b2.connect()
        await b2.join(a.room, token=token)
        assert b2.you == [1]
        await b2.wait(lambda: 1 in b2.views)
        assert b2.n[1] == n == len(room.session.record.actions)
        assert b2.views[1] == room.rules.view_for(room.session.state, 1)
        await a.wait(lambda: not a.status.get("paused"))
        await asyncio.gather(task_a, bot_player(b2, 1, seed=2))
        await b2.wait(lambda: b2.over is not None)
        final = replays_to(b2.over["record"], b2.spec)
        assert b2.spec.rules.outcome(final).winner == b2.over["winner"]
        for cl in (a, b2, c):
            await cl.close()
        await server.close()

    asyncio.run(main())


def _views_in(frames, rules):
    """(n, view) for every state message in the captured frames, and the index of the 'over' frame."""
    out, over_at, last = [], None, None
    for i, raw_frame in enumerate(frames):
        msg = json.loads(raw_frame)
        assert msg["v"] == P.VERSION
        if msg["type"] == "state":
            last = P.patch(last, msgspec.convert(msg["view"], P.ViewChange))
            out.append((msg["n"], codec.state_from_json(rules, last), i))
        if msg["type"] == "over":
            over_at = i
        assert "seed" not in raw_frame or msg["type"] == "over", "the seed went out before the end"
    return out, over_at


def _states_of(record_json, spec) -> list:
    """The true state after each number of actions of a record (index n: after n actions), replayed once."""
    r = rec.parse(json.dumps(record_json))
    states = [rec.start(r, spec)]
    rec.replay(r, spec, on_state=lambda _i, _action, state: states.append(state))
    return states


def test_every_byte_of_a_punch_game_holds_no_card_the_seat_may_not_see():
    async def main():
        frames = []
        server, a, b = await room_of_two("punch", capture=frames)
        await asyncio.gather(bot_player(a, 0, seed=4), bot_player(b, 1, seed=5))
        await b.wait(lambda: b.over is not None)
        spec = b.spec
        views, over_at = _views_in(frames, spec.rules)
        assert over_at == len(frames) - 1 or all(
            json.loads(f)["type"] in ("net", "ping", "sync", "refused") for f in frames[over_at + 1 :]
        )
        assert len(views) > 50
        states = _states_of(b.over["record"], spec)
        for n, view, _ in views:
            truth = states[n]
            # exactly the seat's view of the true state at that point: nothing more
            assert view == spec.rules.view_for(truth, 1)
            assert view.hands[0] is None and view.decks[0] is None and view.rng is None
            assert view.choice[0] in (None, HIDDEN)
            assert list(view.decks[1]) == sorted(view.decks[1])  # its own deck's order is not shown
        await a.close()
        await b.close()
        await server.close()

    asyncio.run(main())


def test_every_byte_of_a_stabby_jack_game_holds_no_card_of_the_draw_pile():
    async def main():
        frames = []
        server, a, b = await room_of_two("stabby-jack", capture=frames)
        await asyncio.gather(bot_player(a, 0, seed=6), bot_player(b, 1, seed=7))
        await b.wait(lambda: b.over is not None)
        spec = b.spec
        views, _ = _views_in(frames, spec.rules)
        assert len(views) > 10
        from collections import Counter

        states = _states_of(b.over["record"], spec)
        for n, view, i in views:
            truth = states[n]
            assert view == spec.rules.view_for(truth, 1)
            assert view.draw == () and view.rng is None
            # the frame's cards are exactly the face-up ones: none from the draw pile
            # every card in the frame (the whole frame: patch, events and all)
            cards = Counter((c["rank"], c["suit"]) for c in _cards_in(json.loads(frames[i])))
            shown = Counter()
            for p in truth.players:
                shown.update((c.rank, c.suit) for c in p.stats + p.xp)
            shown.update((c.rank, c.suit) for c in truth.discard + truth.turned)
            if truth.drawn is not None:
                shown[(truth.drawn.rank, truth.drawn.suit)] += 1
            for card, k in cards.items():
                assert k <= shown[card] + 0, f"card {card} appears more often than it is face up"
        await a.close()
        await b.close()
        await server.close()

    asyncio.run(main())


def _cards_in(value):
    if isinstance(value, dict):
        if value.get("$type") == "Card":
            yield value
        for v in value.values():
            yield from _cards_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from _cards_in(v)


def test_a_view_patch_rebuilds_exactly_the_view():
    old = {"$type": "S", "log": [1, 2], "hp": [5, 5], "phase": "a"}
    new = {"$type": "S", "log": [1, 2, 3], "hp": [5, 4], "phase": "a"}
    d = P.diff(old, new)
    assert d == {"set": {"hp": [5, 4]}, "append": {"log": [3]}}

    def sent(change: dict) -> P.ViewChange:  # as the joiner reads it off the wire
        return msgspec.convert(change, P.ViewChange)

    assert P.patch(old, sent(d)) == new and P.patch(None, sent(P.diff(None, new))) == new
    shrunk = {"$type": "S", "log": [9], "hp": [5, 4], "phase": "b"}
    assert P.patch(new, sent(P.diff(new, shrunk))) == shrunk


def test_hand_positions_pass_to_the_other_player_only_in_real_time_and_only_for_own_seats():
    async def main():
        server = await start_server()
        a, b = Client(url(server.port)), Client(url(server.port))
        await a.connect()
        await a.create("jab", SEATS)
        await b.connect()
        await b.join(a.room)
        await b.send({"type": "hands", "seat": 1, "pos": [[10, 20], [30.5, 40]]})
        await a.wait(lambda: 1 in a.hands)
        assert a.hands[1] == [[10.0, 20.0], [30.5, 40.0]] and 1 not in b.hands
        for bad in ({"seat": 0, "pos": [[1, 1]]}, {"seat": 1, "pos": [[1e9, 1]]}, {"seat": 1, "pos": "x"}):
            await b.send(dict(bad, type="hands"))
        await asyncio.sleep(0.2)
        assert 0 not in a.hands and a.hands[1] == [[10.0, 20.0], [30.5, 40.0]]
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())


def test_huge_numbers_and_forged_field_names_get_one_clean_line_each(caplog):
    caplog.set_level(logging.INFO, logger="tabletop.online")

    async def main():
        server, a, b = await room_of_two()
        ws = await raw(server.port)
        huge = "9" * 309
        await ws.send('{"v": 1, "type": "act", "seat": 1, "id": ' + huge + ', "action": {}}')
        assert (await answer(ws))["type"] == "error"
        await ws.send('{"v": 1, "type": "sync", "t0": ' + huge + "}")
        assert (await answer(ws))["type"] == "error"
        forged = "x\n2026-11-27 00:00:00 room ABCDEFGH: the host is banned"
        await ws.send(json.dumps({"v": 1, "type": "bye", forged: 1}))
        assert (await answer(ws))["type"] == "error"
        await ws.send(P.dumps({"type": "sync", "t0": 1}))  # the connection goes on
        assert (await answer(ws))["type"] == "sync"
        await ws.close()
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert all("\n" not in r.getMessage() for r in caplog.records)


def test_a_name_of_combining_marks_only_is_refused_at_the_door():
    async def main():
        server = await start_server()
        a = Client(url(server.port))
        await a.connect()
        await a.create("stabby-jack", SEATS)
        b = Client(url(server.port))
        await b.connect()
        await b.join(a.room, name="\u0301\u0302\u0303")
        assert b.errors and not b.you
        room = server.rooms[a.room]
        assert room.session.record.players[1]["name"] == "Player 2"
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())


def test_one_connection_holds_one_seat_and_a_token_in_use_moves_the_seat_and_closes_the_old_one():
    """Stabby Jack for three: one connection cannot take both free seats. The same seat's token on a new
    connection (a player coming back before the server noticed the drop) moves the seat there; the old
    connection is told why and closed (docs/online.md)."""

    async def main():
        server = await start_server()
        a = Client(url(server.port))
        await a.connect()
        await a.create("stabby-jack", SEATS + [{"kind": "remote", "name": ""}])
        b = Client(url(server.port))
        await b.connect()
        await b.join(a.room)
        assert b.you == [1]
        await b.join(a.room)  # a second seat for the same connection
        assert b.errors[-1] == "This connection already holds a seat here."
        room = server.rooms[a.room]
        assert room.free_remote_seat() == 2
        thief = Client(url(server.port))
        await thief.connect()
        await thief.join(a.room, token=b.tokens[1])
        assert thief.you == [1]
        await b.wait(lambda: b.closed)
        assert "taken by a new connection" in b.errors[-1]
        assert room.conns[1] is not None and room.conns[1].seats == {1}
        for c in (a, b, thief):
            await c.close()
        await server.close()

    asyncio.run(main())


def test_jab_actions_after_the_end_are_refused_and_not_kept():
    from tabletop.games.jab.rules.actions import Ready

    async def main():
        server, a, b = await room_of_two("jab")
        room = server.rooms[a.room]
        ended = room.session.state.clone()  # a hand-set end
        ended.phase, ended.winner = "over", 0
        room.session.state = ended
        for i in range(100):
            await b.send({"type": "act", "seat": 1, "id": i, "action": _j(Ready(1, 0)), "stamp": 0})
            await asyncio.sleep(0.03)  # within the rate limit
        await b.wait(lambda: len(b.refused) >= 100)
        assert {r["reason"] for r in b.refused} == {"The game is over."}
        assert room.held == [] and len(room.session.record.actions) == 0
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())


def test_guessing_room_codes_stops_at_the_join_limit():
    async def main():
        server, a, b = await room_of_two()
        assert len(a.room) == P.CODE_LEN and len(P.CODE_ALPHABET) ** P.CODE_LEN > 10**12
        g = Client(url(server.port), local_addr=("127.0.0.4", 0))
        await g.connect()
        for i in range(70):
            await g.send({"type": "join", "room": f"{i:08d}"})
            await g.wait(lambda i=i: len(g.errors) > i)
            await asyncio.sleep(0.03)
        assert g.errors[0] == "No room has that code." and "Too many tries" in g.errors[-1]
        await g.join(a.room)  # even the right code, now
        assert not g.you and "Too many tries" in g.errors[-1]
        for c in (a, b, g):
            await c.close()
        await server.close()

    asyncio.run(main())


def test_saving_the_host_s_game_never_waits_on_the_network_thread(monkeypatch):
    """The disk is stuck while the game is saved: the server still answers (the write is on the writer
    thread, in order), and once the disk comes back the kept game holds every move."""
    import threading

    from tabletop import paths, storage

    disk = threading.Event()
    real = storage.write_atomic

    def slow_disk(path, text, max_bytes=None):
        disk.wait(10)
        real(path, text, max_bytes)

    monkeypatch.setattr(storage, "write_atomic", slow_disk)

    async def main():
        server = await start_server(autosave=True)
        a = Client(url(server.port))
        await a.connect()
        await a.create("stabby-jack", [{"kind": "here", "name": "Ana"}, {"kind": "computer", "level": "easy"}])
        await a.wait(lambda: 0 in a.views)
        await a.send({"type": "sync", "t0": 1})
        await a.wait(lambda: a.clock.samples)  # answered while the disk is stuck
        room = server.rooms[a.room]
        disk.set()
        await a.close()
        await server.close()
        return room

    room = asyncio.run(main())
    path = room.keeping.mirror.save_path
    kept = json.loads(path.read_text())
    assert kept["actions"] == room.session.record.actions and path.parent == paths.games_dir()


def test_a_hostile_host_s_views_are_refused_by_the_joiner_with_one_clear_line():
    from tests import hostile_host as H

    async def main():
        said = {}
        for name, frames in H.variants().items():
            host = await H.serve([H.welcome()] + frames)
            c = Client(f"ws://127.0.0.1:{host.sockets[0].getsockname()[1]}")
            await c.connect()
            await c.send({"type": "join", "room": "ABCDEFGH"})
            await c.wait(lambda c=c: c.closed)
            said[name] = c.bad
            assert 1 not in c.views, name  # nothing a table could draw
            host.close()
            await host.wait_closed()
        return said

    said = asyncio.run(main())
    assert all(s.startswith("The host sent something this program cannot use") for s in said.values()), said
    assert all("\n" not in s and len(s) < 200 for s in said.values())


def test_a_token_or_host_key_in_any_script_is_just_wrong(caplog):
    caplog.set_level(logging.INFO, logger="tabletop.online")

    async def main():
        server, a, b = await room_of_two()
        ws = await raw(server.port)
        await ws.send(P.dumps({"type": "join", "room": a.room, "token": "ключ"}))
        assert "token" in (await answer(ws))["reason"]
        await ws.send(P.dumps({"type": "sync", "t0": 1}))
        assert (await answer(ws))["type"] == "sync"
        await ws.close()
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())
    assert not [r for r in caplog.records if r.exc_info]


def test_onlookers_come_at_different_moves_and_a_seat_that_asks_again_each_see_the_game_as_it_is():
    """A move's views are made once and sent to each as a patch on what it was sent last: an onlooker
    there from the start, one who comes mid-game, and a player whose program asks twice for its whole
    view mid-game each see exactly the game after every move (never a patch made for another)."""

    async def main():
        seat_frames, first, later = [], [], []
        server, a, b = await room_of_two("punch", capture=seat_frames)
        c1 = Client(url(server.port), capture=first)
        await c1.connect()
        await c1.join(a.room, watch=True)
        await c1.wait(lambda: P.WATCH in c1.views)
        play = asyncio.gather(bot_player(a, 0, seed=4), bot_player(b, 1, seed=5))
        await b.wait(lambda: b.n.get(1, 0) >= 10)
        c2 = Client(url(server.port), capture=later)
        await c2.connect()
        await c2.join(a.room, watch=True)
        for _ in range(2):
            await b.send({"type": "view", "seat": 1})
        await play
        for c in (b, c1, c2):
            await c.wait(lambda c=c: c.over is not None)
        spec = b.spec
        states = _states_of(b.over["record"], spec)
        for frames, seat in ((seat_frames, 1), (first, None), (later, None)):
            views, _ = _views_in(frames, spec.rules)
            assert views[-1][0] == len(states) - 1  # to the end
            for n, view, _ in views:
                assert view == spec.rules.view_for(states[n], seat)
        assert _views_in(later, spec.rules)[0][0][0] >= 10  # it came mid-game
        assert sum(json.loads(f)["type"] == "state" and "full" in json.loads(f)["view"] for f in seat_frames) >= 3
        for client in (a, b, c1, c2):
            await client.close()
        await server.close()

    asyncio.run(main())


def test_an_onlooker_is_sent_every_move_of_a_punch_game_and_no_card_anybody_holds_secret():
    """A third person watches a room: no seat, nothing to send but goodbye, and every byte they get
    holds only what a replay watched from no side shows (issue: nobody could watch)."""

    async def main():
        frames = []
        server, a, b = await room_of_two("punch")
        c = Client(url(server.port), capture=frames)
        await c.connect()
        await c.join(a.room, watch=True)
        assert c.watching and c.you == [] and not c.errors
        await c.wait(lambda: P.WATCH in c.views)
        await asyncio.gather(bot_player(a, 0, seed=4), bot_player(b, 1, seed=5))
        await c.wait(lambda: c.over is not None)
        spec = c.spec
        views, _ = _views_in(frames, spec.rules)
        assert len(views) > 50 and views[-1][0] == len(c.over["record"]["actions"])  # every move, to the end
        states = _states_of(c.over["record"], spec)
        for n, view, _ in views:
            truth = states[n]
            assert view == spec.rules.view_for(truth, None)  # exactly what no side may see
            assert view.hands == (None, None) and view.decks == (None, None) and view.rng is None
            assert all(ch in (None, HIDDEN) for ch in view.choice)
        # an onlooker plays nothing and sees no seat's view
        await c.send({"type": "view", "seat": 0})
        await c.wait(lambda: c.errors)
        assert 0 not in c.views
        for client in (a, b, c):
            await client.close()
        await server.close()

    asyncio.run(main())
