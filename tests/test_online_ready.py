"""A real-time room back from a pause waits for everybody's ready (issue 27: real-time rooms resume
paused, with both players pressing ready): its round clock stands still until each person back has
said their hands are ready, then goes on from where it stood."""

import asyncio

from tabletop.games.jab.rules.actions import Ready, Return, Take
from tabletop.online.client import Client
from tests.online_helpers import FastClock, start_server, url

PEOPLE = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
QUICK = {"countdown_ms": 0, "hand_speed_ms": 250, "stall_ms": 20000}
FAST = 10
AWAY_MS = 120_000  # each of the test's two long waits, passed at once on the shared clock


async def fighting(clock):
    """A JAB room of Ana and Bo, each on a client of their own, fighting its first round."""
    server = await start_server(clock=clock)
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
    """Send a real-time action stamped now; the record's action once applied, or None if refused."""
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
