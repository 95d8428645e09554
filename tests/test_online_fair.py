"""No player can freeze a game or pester the others (issue 38: findings 3, 4 and 8's server part).
Loopback only, every loop bounded."""

import asyncio
import json

from tabletop.online.client import Client
from tabletop.online.peers import Laggard
from tests.online_helpers import FastClock, bot_player, start_server, url

PEOPLE = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]


async def finished_punch(server):
    a, b = Client(url(server.port)), Client(url(server.port))
    await a.connect()
    await a.create("punch", PEOPLE, options={"matches_to_win": 1})
    await b.connect()
    await b.join(a.room)
    await a.wait(lambda: 0 in a.views)
    await b.wait(lambda: 1 in b.views)
    await asyncio.gather(bot_player(a, 0, seed=4), bot_player(b, 1, seed=5))
    await b.wait(lambda: b.over is not None)
    return a, b


def test_rematch_answers_flipped_forty_times_a_second_reach_the_other_player_at_most_twice():
    async def main():
        server = await start_server()
        a, b = await finished_punch(server)
        frames: list = []
        b.capture = frames
        for i in range(40):
            await a.send({"type": "rematch", "yes": i % 2 == 0})
            await asyncio.sleep(0.025)
        await asyncio.sleep(0.3)
        told = [f for f in frames if json.loads(f)["type"] == "rematch"]
        assert 1 <= len(told) <= 2, len(told)
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())


def test_one_address_takes_at_most_four_of_a_room_s_sixteen_onlooker_places():
    async def main():
        server = await start_server()
        a = Client(url(server.port))
        await a.connect()
        await a.create("punch", PEOPLE)
        lookers = [Client(url(server.port), local_addr=("127.0.0.71", 0)) for _ in range(6)]
        for c in lookers:
            await c.connect()
            await c.join(a.room, watch=True)
        assert [c.watching and not c.errors for c in lookers] == [True] * 4 + [False] * 2
        assert "from your address" in lookers[-1].errors[-1]
        other = Client(url(server.port), local_addr=("127.0.0.72", 0))
        await other.connect()
        await other.join(a.room, watch=True)
        assert other.watching and not other.errors
        for c in [a, other, *lookers]:
            await c.close()
        await server.close()

    asyncio.run(main())


def clocked(game: str, seats: list, move_clock: float, options: dict) -> dict:
    return {"type": "create", "game": game, "options": options, "seats": seats, "move_clock": move_clock}


def test_a_player_who_does_not_move_in_time_has_the_computer_move_for_them_and_so_does_one_away():
    """A short Square Ring with a 10 s move clock on a clock forty times as fast: Bo never moves, so the computer
    moves for him when his time runs out, and he is told; Bo then drops and stays away: after one move's
    time the game goes on, the computer moving for him, to the end (finding 3)."""

    async def main():
        clock = FastClock(40)
        server = await start_server(clock=clock)
        a, b = Client(url(server.port), clock=clock), Client(url(server.port), clock=clock)
        await a.connect()
        await a.ask(clocked("square-ring", PEOPLE, 10, {"rounds": 1, "exchanges": 4}))
        await b.connect()
        await b.join(a.room)
        await a.wait(lambda: 0 in a.views and not a.status.get("paused", True))
        assert a.status["move_in"] is not None and 0 < a.status["move_in"] <= 10
        room = server.rooms[a.room]
        ana = asyncio.get_running_loop().create_task(bot_player(a, 0, seed=1, timeout=60))
        await b.wait(lambda: any("ran out" in e for e in b.errors), timeout=15)
        moved = len(room.session.record.actions)
        await b.close()  # and now he is gone
        await a.wait(lambda: a.status.get("waiting_for") == ["Bo"])
        await a.wait(lambda: a.over is not None, timeout=60)
        assert len(room.session.record.actions) > moved
        await ana
        await a.close()
        await server.close()

    asyncio.run(main())


def test_a_client_that_delays_its_pongs_and_dates_its_actions_early_gains_at_most_10_ms_and_is_marked_casual():
    """Finding 4: it seems 145 ms away and dates its action a second early, acting at the same moment as an
    honest player: the server credits it at most 10 ms sooner, and the match is marked casual."""
    from tabletop.games.jab.rules.actions import Ready

    async def main():
        server = await start_server()
        laggard, honest = Laggard(url(server.port)), Client(url(server.port))
        await laggard.connect()
        await laggard.create("jab", PEOPLE, {"countdown_ms": 0})
        await honest.connect()
        await honest.join(laggard.room)
        await honest.wait(lambda: 1 in honest.views and 0 in laggard.views)
        room = server.rooms[laggard.room]
        await honest.wait(lambda: all(c.rtts for c in room.connections()) and room.conns[0].rtt > 140)
        await asyncio.gather(
            laggard.act(0, Ready(0, 0), stamp=laggard.clock.server_now() - 1000),
            honest.act(1, Ready(1, 0), stamp=honest.clock.server_now()),
        )
        await honest.wait(lambda: len(room.session.record.actions) >= 2)
        readies = {a["player"]: a["t"] for a in room.session.record.actions if a["type"] == "ready"}
        assert readies[1] - readies[0] <= 10, readies
        await honest.wait(lambda: honest.net.get("casual") is True)
        for c in (laggard, honest):
            await c.close()
        await server.close()

    asyncio.run(main())


class Mute(Client):
    """Answers no ping, as a program whose network vanished without a word."""

    def on_ping(self, msg, t3):
        pass


def test_a_player_whose_program_answers_no_ping_is_taken_for_gone_and_the_other_is_told(monkeypatch):
    from tabletop.online import conn

    monkeypatch.setattr(conn, "PONG_TIMEOUT_S", 1.0)

    async def main():
        server = await start_server()
        a, b = Client(url(server.port)), Mute(url(server.port))
        await a.connect()
        await a.create("punch", PEOPLE)
        await b.connect()
        await b.join(a.room, name="Bo")
        await a.wait(lambda: a.status.get("paused") is False)
        await a.wait(lambda: a.status.get("waiting_for") == ["Bo"], timeout=8)
        for c in (a, b):
            await c.close()
        await server.close()

    asyncio.run(main())
