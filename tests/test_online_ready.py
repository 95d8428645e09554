"""A real-time room back from a pause waits for everybody's ready (issue 27: real-time rooms resume
paused, with both players pressing ready): its round clock stands still until each person back has
said their hands are ready, then goes on from where it stood."""

import asyncio
import re
import time

import pygame
import pytest

from tabletop.games.jab.rules.actions import Ready, Return, Take
from tabletop.online import invite
from tabletop.online.client import Client
from tabletop.online.remote import NetThread, RemoteSession
from tabletop.ui.online_forms import JoinScene
from tests.online_helpers import FastClock, start_server, url
from tests.ui_helpers import VirtualPad, click, drawn, frames, key, quick_app, scene_name, top

PEOPLE = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
QUICK = {"countdown_ms": 0, "hand_speed_ms": 250, "stall_ms": 20000}
FAST = 10
AWAY_MS = 120_000  # each of the test's two long waits, passed at once on the shared clock


async def fighting(clock, ready_wait: float = 3600.0):
    """A JAB room of Ana and Bo, each on a client of their own, fighting its first round (a room that
    waits for a ready longer than the test's waits, unless told)."""
    server = await start_server(clock=clock, ready_wait=ready_wait)
    a = Client(url(server.port), capture=[], clock=clock)
    b = Client(url(server.port), clock=clock)
    await a.connect()
    await a.create("jab", PEOPLE, QUICK)
    await b.connect()
    await b.join(a.room)
    await b.wait(lambda: 1 in b.views and 0 in a.views)
    for c, seat in ((a, 0), (b, 1)):
        await c.act(seat, Ready(player=seat, t=0), stamp=c.clock.server_now())
    await a.wait(lambda: a.views[0].phase == "playing")
    return server, a, b


async def act(c: Client, action) -> dict | None:
    """Send a real-time action stamped now: {"t": the round-clock time it was played at}, None if refused."""
    refused, n = len(c.refused), c.n[0]
    await c.act(0, action, stamp=c.clock.server_now())
    await c.wait(lambda: len(c.refused) > refused or c.n[0] > n)
    return None if len(c.refused) > refused else {"t": c.views[0].now}


def test_a_jab_room_back_from_a_drop_waits_for_both_readies_with_its_round_clock_where_it_stood():
    async def main():
        clock = FastClock(FAST)
        server, a, b = await fighting(clock)
        took = await act(a, Take(player=0, hand="left", t=0))
        assert took is not None
        token = b.tokens[1]
        await b.close()  # Bo's connection drops mid-round
        await a.wait(lambda: a.status.get("waiting_for") == ["Bo"])
        told = a.status
        await a.ready()  # Ana presses ready while Bo is away: nothing anybody sees changes
        seen = len(a.capture)
        await a.send({"type": "view", "seat": 0})  # answered after the ready (one connection, in order)
        await a.wait(lambda: any('"type":"state"' in f for f in a.capture[seen:]))
        assert a.status is told and a.errors == [] and not any('"type":"status"' in f for f in a.capture[seen:])
        clock.jump(AWAY_MS)  # two minutes pass before Bo is back
        b = Client(url(server.port), clock=clock)
        await b.connect()
        await b.join(a.room, token=token)
        await a.wait(lambda: a.status.get("ready_for") == ["Ana", "Bo"])  # Ana's early ready did not count
        assert a.status["paused"] and a.status["waiting_for"] == []
        assert [s["ready"] for s in a.status["seats"]] == [False, False]
        await b.wait(b.ready_asked)
        assert a.ready_asked()
        clock.jump(AWAY_MS)  # two more while nobody has pressed ready
        n = a.n[0]
        assert await act(a, Return(player=0, hand="left", t=0)) is None  # the round clock stands still
        assert a.refused[-1]["reason"] == "The game is paused: waiting for Ana, Bo to press ready."
        await a.ready()
        await b.wait(lambda: b.status.get("ready_for") == ["Bo"])
        assert not a.ready_asked() and b.ready_asked() and b.status["paused"]  # one ready is not enough
        assert await act(a, Return(player=0, hand="left", t=0)) is None and a.n[0] == n
        epoch = a.epoch
        await b.ready()
        await a.wait(lambda: not a.status.get("paused") and a.epoch != epoch)
        assert a.status["ready_for"] == [] and not b.ready_asked()
        back = await act(a, Return(player=0, hand="left", t=0))  # the round goes on ...
        assert back is not None and a.n[0] == n + 1
        # ... from where it stood: not the four minutes of the waits on
        assert took["t"] <= back["t"] < took["t"] + AWAY_MS // 2
        assert a.round_clock() < took["t"] + AWAY_MS // 2  # the clients' clocks with it
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())


def test_a_player_back_who_never_presses_ready_gets_a_count_then_the_room_goes_on():
    """Bo comes back and never presses ready (issue 38, finding 3): both are shown the seconds left, which
    count down, and at the end the round clock runs again with or without him."""

    async def main():
        clock = FastClock(FAST)
        server, a, b = await fighting(clock, ready_wait=30.0)
        token = b.tokens[1]
        await b.close()
        await a.wait(lambda: a.status.get("waiting_for") == ["Bo"])
        b = Client(url(server.port), clock=clock)
        await b.connect()
        await b.join(a.room, token=token)
        await a.wait(lambda: a.status.get("ready_for") == ["Ana", "Bo"])
        first = a.status["ready_in"]
        assert 25 <= first <= 30
        await a.ready()
        await a.wait(lambda: (a.status.get("ready_in") or 99) < first - 5)  # it counts down, every second
        assert a.status["paused"] and a.status["ready_for"] == ["Bo"] and b.status["ready_in"] is not None
        await a.wait(lambda: not a.status.get("paused"), timeout=10)  # 30 s on the test's clock
        assert a.status["ready_for"] == [] and a.status["ready_in"] is None
        assert await act(a, Take(player=0, hand="left", t=0)) is not None, a.refused[-1:]  # the round goes on
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())


@pytest.fixture
def app(monkeypatch):
    from tabletop.online import remote

    monkeypatch.setattr(remote, "BIND", "127.0.0.1")  # tests stay on the loopback address
    a = quick_app()
    a.start()
    frames(a, 2)
    yield a
    for scene in list(a.stack):
        session = getattr(scene, "session", None)
        if isinstance(session, RemoteSession):
            session.net.close()
    pygame.quit()


def live(app, until, seconds: float = 15.0) -> None:
    """Frames as the window runs them (it waits between frames: the network thread runs then)."""
    end = time.monotonic() + seconds
    while not until() and time.monotonic() < end:
        frames(app)
        time.sleep(0.003)
    assert until()


async def comes_back(c: Client) -> Client:
    """A dropped client's seat taken again on a new connection (the old one closed for good)."""
    again = await c.rejoin()
    assert again is not None
    await c.close()
    return again


def test_the_jab_table_back_from_a_drop_asks_for_the_ready_key_and_pressing_it_plays_on(app):
    host = NetThread()
    try:
        port = host.host(0)
        host.connect(f"ws://127.0.0.1:{port}")
        host.run(host.client.create("jab", PEOPLE, QUICK))
        ana = host.client
        join = JoinScene(app, text=invite.make(f"127.0.0.1:{port}", ana.room))
        app.push(join)
        join.go()
        live(app, lambda: scene_name(top(app)) == "RemoteJabTable")
        table = top(app)
        session = table.session
        assert session.you == [1]
        key(app, "space")  # Bo is ready for the first round (the table's own Ready) ...
        host.run(ana.act(0, Ready(player=0, t=0), stamp=ana.clock.server_now()))  # ... and Ana
        live(app, lambda: session.state.phase == "playing")
        first = session.client
        session.net.run(first.ws.close())  # Bo's connection drops: the table joins again by itself
        live(app, lambda: session.client is not first and session.ready_asked())
        said = drawn(app)
        assert "Back in the game: press Space when your hands are ready (the round goes on in " in said
        clock = table.t
        frames(app, 20)
        assert table.t == clock  # the table waits too
        key(app, "space")  # Bo's ready key
        live(app, lambda: session.ready_for() == ["Ana"])
        assert re.search(r"Waiting for Ana to press ready \(the round goes on in \d+ s\)", drawn(app))
        host.run(ana.ready())
        live(app, lambda: not session.client.status.get("paused"))
        live(app, lambda: table.t > clock)  # and the round goes on at the table
        assert "press" not in drawn(app)

        # Ana drops and comes back: a click on the table's Ready button says Bo's hands are ready
        host.run(ana.ws.close())
        live(app, lambda: session.paused_for() == ["Ana"])
        ana = host.client = host.run(comes_back(ana))
        live(app, session.ready_asked)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, which=0))  # the mouse in use
        assert "Back in the game: click Ready when your hands are ready" in drawn(app)
        click(app, table.link.ready_rect.center)
        host.run(ana.wait(lambda: ana.status.get("ready_for") == ["Ana"]))
        host.run(ana.ready())
        live(app, lambda: not session.client.status.get("paused"))

        # and once more, with a gamepad: its Start (the pad's ready) says so
        pad = VirtualPad()
        try:
            frames(app, 3)  # SDL tells the program of the new gamepad
            host.run(ana.ws.close())
            live(app, lambda: session.paused_for() == ["Ana"])
            ana = host.client = host.run(comes_back(ana))
            live(app, session.ready_asked)
            pad.press(app, "dpup")
            assert "Back in the game: press Start when your hands are ready" in drawn(app)
            pad.press(app, "start")
            host.run(ana.wait(lambda: ana.status.get("ready_for") == ["Ana"]))
        finally:
            pad.unplug()
    finally:
        host.close()


def test_a_hosted_jab_game_resumed_from_continue_waits_for_both_readies(tmp_path):
    """The host's program closed mid-round and hosted the room again (Continue's Resume): both people
    back, the round clock runs only once both have pressed ready."""
    from tabletop.online.hosted import HostedRoom

    async def main():
        clock = FastClock(FAST)
        server, a, b = await fighting(clock)
        room = server.rooms[a.room]
        took = await act(a, Take(player=0, hand="left", t=0))
        record, tokens = room.session.record, (a.tokens[0], b.tokens[1])
        for c in (a, b):
            await c.close()
        await server.close()  # the host's program is gone
        again = await start_server(clock=clock)
        kept = HostedRoom(room.code, tokens, ("here", "remote"), again.port)
        _room, here = again.resume(room.spec, record, tmp_path / "jab.json", kept)
        a, b = Client(url(again.port), clock=clock), Client(url(again.port), clock=clock)
        for c, token in ((a, here), (b, tokens[1])):
            await c.connect()
            await c.join(kept.code, token=token)
        await a.wait(lambda: a.status.get("ready_for") == ["Ana", "Bo"])
        clock.jump(AWAY_MS)
        assert await act(a, Return(player=0, hand="left", t=0)) is None  # waiting for the readies
        for c in (a, b):
            await c.ready()
        await a.wait(lambda: not a.status.get("paused"))
        back = await act(a, Return(player=0, hand="left", t=0))
        # the round clock runs again from where the kept game left it
        assert back is not None and took["t"] <= back["t"] < took["t"] + AWAY_MS // 2
        for c in (a, b):
            await c.close()
        await again.close()

    asyncio.run(main())
