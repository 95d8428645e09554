"""Whole games through the real server on loopback (issue 20): two remote clients, or one and a computer.

Each client's seat is played by the game's own bot from the views the server sends; at the
end the record the server hands out replays to the same result, and replayed here gives each
seat exactly the view it was last sent."""

import asyncio

import pytest

from tabletop.core import codec
from tabletop.online.client import Client
from tests.online_helpers import bot_player, replays_to, start_server, url


async def two_clients(game, seats, options=None):
    server = await start_server()
    a, b = Client(url(server.port)), Client(url(server.port))
    await a.connect()
    await a.create(game, seats, options)
    await b.connect()
    if any(s["kind"] == "remote" for s in seats):
        await b.join(a.room, name="Bo")
    return server, a, b


def check_end(a, b, seats_of):
    spec = a.spec
    assert a.over is not None and b.over is not None
    assert a.over["record"] == b.over["record"]
    final = replays_to(a.over["record"], spec)
    out = spec.rules.outcome(final)
    assert out is not None and out.winner == a.over["winner"]
    for client, seats in seats_of:
        for s in seats:
            assert codec.state_to_json(spec.rules, client.views[s]) == codec.state_to_json(
                spec.rules, spec.rules.view_for(final, s)
            )


@pytest.mark.needs("untimed")
def test_a_whole_game_between_two_remote_clients(game):
    async def main():
        seats = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": ""}]
        server, a, b = await two_clients(game.id, seats)
        assert a.you == [0] and b.you == [1]
        await asyncio.gather(bot_player(a, 0, seed=1), bot_player(b, 1, seed=2))
        await a.wait(lambda: a.over is not None)
        await b.wait(lambda: b.over is not None)
        check_end(a, b, [(a, [0]), (b, [1])])
        assert a.over["record"]["players"][1]["name"] == "Bo"
        await a.close()
        await b.close()
        await server.close()

    asyncio.run(main())


def test_a_whole_game_against_a_computer_seat():
    async def main():
        seats = [{"kind": "here", "name": "Ana"}, {"kind": "computer", "level": "easy"}]
        server, a, b = await two_clients("punch", seats, {"matches_to_win": 1})  # one match: quick, still whole
        await bot_player(a, 0, seed=3)
        check_end(a, a, [(a, [0])])
        assert a.over["record"]["players"][1]["kind"] == "computer"
        await a.close()
        await b.close()
        await server.close()

    asyncio.run(main())


def test_stabby_jack_with_four_seats_two_remote_and_two_computers():
    async def main():
        seats = [
            {"kind": "here", "name": "Ana"},
            {"kind": "computer"},
            {"kind": "remote"},
            {"kind": "computer", "level": "easy"},
        ]
        server, a, b = await two_clients("stabby-jack", seats)
        assert b.you == [2]
        await asyncio.gather(bot_player(a, 0, seed=1), bot_player(b, 2, seed=2))
        await b.wait(lambda: b.over is not None)
        check_end(a, b, [(a, [0]), (b, [2])])
        await a.close()
        await b.close()
        await server.close()

    asyncio.run(main())
