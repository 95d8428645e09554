"""Real-time JAB over the network (issue 20): a whole game between two clients, and claims ordered
by synchronised time through a delay proxy exactly as on one screen."""

import asyncio

import pytest

from tabletop.games.jab.rules.actions import Claim, Place, Ready, Take
from tabletop.games.jab.rules.hands import SIDES, min_travel_ms
from tabletop.online import protocol as P
from tabletop.online.client import SYNC_SAMPLES, Client
from tests.jab_helpers import decks
from tests.online_helpers import DelayProxy, FastClock, jab_bot_player, replays_to, start_server, url

PEOPLE = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]


# whole games run on a clock this many times as fast as the wall's, shared by the server and its clients
FAST = 10


def test_a_whole_jab_game_between_two_remote_clients():
    async def main():
        clock = FastClock(FAST)
        server = await start_server(clock=clock)
        a = Client(url(server.port), skew_ms=4000, clock=clock)
        b = Client(url(server.port), skew_ms=-2500, clock=clock)
        await a.connect()
        await a.create("jab", PEOPLE, {"countdown_ms": 1000, "hand_speed_ms": 250})
        await b.connect()
        await b.join(a.room)
        await b.wait(lambda: 1 in b.views and 0 in a.views)
        await asyncio.sleep(0.5)  # a few clock samples
        frame = 0.016 / FAST
        await asyncio.gather(jab_bot_player(a, 0, seed=1, frame_s=frame), jab_bot_player(b, 1, seed=2, frame_s=frame))
        await a.wait(lambda: a.over is not None)
        await b.wait(lambda: b.over is not None)
        final = replays_to(a.over["record"], a.spec)
        assert a.spec.rules.outcome(final).winner == a.over["winner"]
        assert final.round >= 1 and final.history
        assert abs(a.clock.offset - -4000) < 20 and abs(b.clock.offset - 2500) < 20
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())


SETUP = {
    "counter": ["green", "red", "yellow", "blue", "purple"],
    "decks": decks(p0_left=["green jab"], p1_left=["green cross"]),
}


async def _until(client, target):
    """Sleep until this client's synchronised clock reads ``target`` (server ms)."""
    while True:
        left = target - client.clock.server_now()
        if left <= 0:
            return
        await asyncio.sleep(min(left, 5) / 1000)


async def _measured(room, clients):
    """Until every client's clock has all its samples and the server two round trips of each
    connection (the lowest, and a jitter), or 10 s."""
    for _ in range(1000):
        conns = room.connections()
        if (
            all(len(c.clock.samples) == SYNC_SAMPLES for c in clients)
            and conns
            and all(len(c.rtts) >= 2 for c in conns)
        ):
            return
        await asyncio.sleep(0.01)


async def _counter_position(lat, jitter=4.0, lag_cap=150):
    """A room with a green counter-punch open to both, played there through delay proxies."""
    server = await start_server(lag_cap=lag_cap)
    room = server.create("jab", {"countdown_ms": 0}, P.seat_specs(PEOPLE), seed=3, setup=SETUP)
    clients = []
    for seat, ms in enumerate(lat):
        proxy = await DelayProxy(server.port, ms, jitter, seed=seat + 1).start()
        c = Client(url(proxy.port), skew_ms=(3000, -7000)[seat])
        await c.connect()
        await c.join(room.code, token=room.tokens[seat])
        clients.append(c)
    await _measured(room, clients)
    a, b = clients
    await a.act(0, Ready(0, 0), stamp=a.clock.server_now())
    await b.act(1, Ready(1, 0), stamp=b.clock.server_now())
    await a.wait(lambda: a.views[0].phase == "playing" and b.views.get(1) and b.views[1].phase == "playing")
    # p1 punches green on p0's left body, then p0 answers with green on p1's head
    for c, seat, target in ((b, 1, "p0.left"), (a, 0, "p1.head")):
        n = len(room.session.record.actions)
        t0 = c.clock.server_now()
        await c.act(seat, Take(seat, "left", 0), stamp=t0)
        # (150 ms to spare: on a loaded machine the Take's stamp may be moved up to the lag cap later)
        await _until(c, t0 + min_travel_ms(seat, SIDES.index("left"), target, 350) + 150)
        await c.act(seat, Place(seat, "left", target, 0), stamp=c.clock.server_now())
        await c.wait(lambda n=n, c=c: len(room.session.record.actions) >= n + 2 or c.refused)
        assert not c.refused, c.refused
    st = room.session.state
    assert st.counter_won == ((), ()) and st.held == (None,) * 4 and not st.counter_aside
    return server, room, a, b


async def _claims(lat, gap, first, forge=0.0, lag_cap=150):
    server, room, a, b = await _counter_position(lat, lag_cap=lag_cap)
    base = max(a.clock.server_now(), b.clock.server_now()) + 400
    when = {first: base, 1 - first: base + gap}
    clients = (a, b)

    async def claim(seat):
        c = clients[seat]
        await _until(c, when[seat])
        await c.act(seat, Claim(seat, "counter", 0), stamp=when[seat] + (forge if seat == 1 - first else 0))

    n = len(room.session.record.actions)
    await asyncio.gather(claim(0), claim(1))
    await a.wait(lambda: len(room.session.record.actions) >= n + 2, timeout=5)
    st = room.session.state
    for c in (a, b):
        await c.close()
    await server.close()
    return st


@pytest.mark.parametrize("slow", [5, 15])
@pytest.mark.parametrize("first", [0, 1])
def test_claims_30_ms_apart_are_simultaneous_at_every_latency(slow, first):
    """Two counter-punch claims 30 ms apart in synchronised time: inside the 50 ms window,
    so the card is set aside, as on one screen, whoever is further away (seat 0 is the slower one;
    round trips up to 50 ms apart, beyond which the match is casual)."""
    st = asyncio.run(_claims((slow, 5), 30, first))
    assert st.counter_won == ((), ()) and len(st.counter_aside) == 1


@pytest.mark.parametrize("slow", [5, 15])
@pytest.mark.parametrize("first", [0, 1])
def test_claims_80_ms_apart_go_to_the_first_at_every_latency(slow, first):
    """80 ms apart: the earlier claim wins, as on one screen, even when the earlier claimer's
    message arrives later (seat 0 is the slow one)."""
    st = asyncio.run(_claims((slow, 5), 80, first))
    assert len(st.counter_won[first]) == 1 and st.counter_won[1 - first] == ()
    assert not st.counter_aside


def test_a_200_ms_player_is_not_favoured_over_a_20_ms_one():
    """Seat 0 is 200 ms away (beyond the 150 ms lag cap), seat 1 20 ms. Seat 1 claims 80 ms
    first: seat 1 wins, also when seat 0's client lies and stamps its claim 300 ms early."""
    st = asyncio.run(_claims((200, 20), 80, first=1))
    assert len(st.counter_won[1]) == 1 and st.counter_won[0] == ()
    st = asyncio.run(_claims((200, 20), 80, first=1, forge=-300))
    assert len(st.counter_won[1]) == 1 and st.counter_won[0] == ()


def test_players_whose_round_trips_lie_more_than_50_ms_apart_play_a_casual_match():
    """Seat 0 is 100 ms away, seat 1 5 ms: each is forgiven only the faster one's round trip (seeming
    slower buys nothing, issue 38), so timing this far apart cannot be judged: both are told casual."""

    async def main():
        server, room, a, b = await _counter_position((100, 5))
        await a.wait(lambda: a.net.get("casual") is True and b.net.get("casual") is True)
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())


def test_a_whole_jab_game_against_a_computer_seat_on_the_server():
    async def main():
        clock = FastClock(FAST)
        server = await start_server(clock=clock)
        a = Client(url(server.port), skew_ms=1500, clock=clock)
        await a.connect()
        seats = [{"kind": "here", "name": "Ana"}, {"kind": "computer", "level": "normal"}]
        await a.create("jab", seats, {"countdown_ms": 1000, "hand_speed_ms": 250})
        await a.wait(lambda: 0 in a.views)
        await asyncio.sleep(0.3)
        await jab_bot_player(a, 0, level="hard", seed=5, frame_s=0.016 / FAST)
        await a.wait(lambda: a.over is not None)
        final = replays_to(a.over["record"], a.spec)
        assert a.spec.rules.outcome(final).winner == a.over["winner"]
        assert any(act.get("player") == 1 for act in a.over["record"]["actions"])  # the computer played
        await a.close()
        await server.close()

    asyncio.run(main())
