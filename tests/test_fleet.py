"""`tabletop serve --redis`: several nodes as one service on a real redis-server (loopback), where a room
outlives its node (issue: past one machine, a fleet on Redis). The nodes are processes of their own, so
a node killed with SIGKILL is really gone."""

import asyncio
import json
import signal

import pytest
import websockets

from tabletop.online.client import Client
from tests.fleet_helpers import NO_REDIS, REDIS, Outage, Redis, nodes
from tests.online_helpers import bot_player, jab_bot_player, replays_to, run_bounded

pytestmark = pytest.mark.skipif(not REDIS, reason=NO_REDIS)

VS_COMPUTER = [{"kind": "here", "name": "Ana"}, {"kind": "computer", "level": ""}]
QUICK = {  # games of few actions
    "punch": {"matches_to_win": 1},
    "stabby-jack": {},
    "square-ring": {"rounds": 1, "exchanges": 4},
    "boxing-the-game": {"rounds": 3},
    "jab": {"countdown_ms": 0, "hand_speed_ms": 250, "stall_ms": 5000},
}


@pytest.fixture
def fleet(tmp_path):
    redis = Redis(tmp_path / "redis").start()
    made: list = []
    yield redis, made
    for node in made:
        node.stop(signal.SIGKILL)
    redis.stop()


def owners(redis) -> dict[str, str]:
    """Each node's address -> the codes of the rooms it holds, as Redis has them."""
    db = redis.client()
    return {db.get(f"tabletop:node:{i}"): db.smembers(f"tabletop:rooms:{i}") for i in db.smembers("tabletop:nodes")}


def test_300_rooms_made_through_one_node_are_spread_over_the_three(fleet):
    redis, made = fleet
    made += nodes(redis, redis.folder.parent, 3)

    async def main():
        codes = []
        for i in range(300):  # one address may have 8 open rooms on a node: 40 addresses
            c = Client(made[0].url, local_addr=(f"127.0.0.{2 + i % 40}", 0))
            await c.connect()
            await c.create("punch", VS_COMPUTER, QUICK["punch"])
            assert c.room, c.errors
            codes.append(c.room)
            await c.close()
        return codes

    codes = run_bounded(main())
    held = owners(redis)
    assert sorted(held) == sorted(n.url for n in made)
    assert sorted(code for rooms in held.values() for code in rooms) == sorted(codes)
    assert all(90 <= len(rooms) <= 110 for rooms in held.values()), {u: len(r) for u, r in held.items()}


def test_a_player_who_reaches_the_wrong_node_is_sent_on_to_the_room(fleet):
    redis, made = fleet
    made += nodes(redis, redis.folder.parent, 3)

    async def main():
        a = Client(made[0].url)
        await a.connect()
        await a.create("punch", [{"kind": "here", "name": "Ana"}, {"kind": "remote"}], QUICK["punch"])
        wrong = next(n.url for n in made if n.url != a.url)
        b = Client(wrong)
        await b.connect()
        await b.join(a.room.lower(), name="Bo")  # typed as a person may type it
        assert b.room == a.room and b.you == [1] and b.url == a.url
        await b.wait(lambda: 1 in b.views)
        await a.wait(lambda: a.seats[1]["name"] == "Bo" and a.seats[1]["here"])
        for c in (a, b):
            await c.close()

    run_bounded(main())


async def play(c: Client, seat: int = 0, until=lambda: False):
    """Play ``seat`` with the game's bot until the game ends, the connection does or ``until()``
    (a turn-based bot checks it before each move; JAB's real-time one is cancelled)."""
    try:
        if c.spec.id == "jab":
            await c.wait(lambda: seat in c.views)
            await jab_bot_player(c, seat, level="hard", seed=3, timeout=180)  # a loaded machine slows it
        else:
            await bot_player(c, seat, timeout=180, until=until)
    except websockets.ConnectionClosed:
        pass


async def play_some(c: Client, actions: int):
    """Play until the game has this many actions (the computer's moves among them), then stop."""
    enough = lambda: c.n.get(0, 0) >= actions  # noqa: E731
    game = asyncio.ensure_future(play(c, until=enough))
    await c.wait(lambda: enough() or c.over is not None, timeout=30)
    for _ in range(100):  # Python 3.11's wait_for can swallow a cancel that comes as it returns
        game.cancel()
        await asyncio.sleep(0.01)
        if game.done():
            break


async def come_back(c: Client) -> Client:
    """What a player's table does after a drop: try the seat again (its server, then the fleet's other
    nodes) until it is back."""
    for _ in range(60):
        again = await c.rejoin()
        if again is not None:
            return again
        await asyncio.sleep(0.2)
    raise TimeoutError(f"{c.spec.id}: room {c.room} never came back")


async def finish(c: Client) -> Client:
    """Play to the end, coming back after any drop (a node taken for gone on a loaded machine lets its
    rooms go to the node that claimed them, and their players come back there)."""
    for _ in range(5):
        await play(c)
        if c.over is not None:
            break
        c = await come_back(c)
    return c


def test_a_node_killed_mid_game_its_20_rooms_are_rebuilt_elsewhere_and_go_on_the_turn_based_to_their_end(fleet):
    """Every room comes back on another node with every action its players were shown; each turn-based game
    is played to its end there and its record replays to the same winner. The JAB room (real time: a whole
    game takes 10-90 s here) is played on until twenty more actions are taken there, its clock running again;
    how a rebuilt JAB room starts again is the next tests' subject."""
    redis, made = fleet
    first = nodes(redis, redis.folder.parent, 1)[0]
    made.append(first)

    async def main():
        clients = []
        turn_based = [g for g in QUICK if g != "jab"]
        for i in range(20):  # JAB (real time) and the others, all on the first node (the only one yet)
            game = "jab" if i == 0 else turn_based[i % 4]
            c = Client(first.url, local_addr=(f"127.0.0.{2 + i // 4}", 0))
            await c.connect()
            # JAB against the easiest computer: a whole game in 10-45 s here, not 20-90 s
            seats = [VS_COMPUTER[0], {"kind": "computer", "level": "easy" if game == "jab" else ""}]
            await c.create(game, seats, QUICK[game])
            assert c.room, c.errors
            clients.append(c)
        others = asyncio.ensure_future(asyncio.to_thread(nodes, redis, redis.folder.parent / "more", 2))
        await asyncio.gather(*(play_some(c, 3) for c in clients))  # then they wait: no game ends before the kill
        made.extend(await others)
        await clients[0].wait(lambda: all(len(c.nodes) == 3 for c in clients), timeout=20)
        await asyncio.sleep(0.3)  # the last moves are answered
        told = {c.room: c.n[0] for c in clients}  # actions every player was shown as done
        first.stop(signal.SIGKILL)
        await clients[0].wait(lambda: all(c.closed for c in clients), timeout=10)
        ended = [(c.spec.id, c.over.get("reason"), c.n.get(0)) for c in clients if c.over is not None]
        assert not ended  # every game was on when its node died
        back = [await come_back(c) for c in clients]
        assert all(c.room == old.room and c.url != first.url for c, old in zip(back, clients, strict=True))
        jab = next(c for c in back if c.spec.id == "jab")
        back.remove(jab)
        on = asyncio.ensure_future(play(jab))
        await jab.wait(lambda: jab.n.get(0, 0) >= told[jab.room] + 20 or jab.over is not None, timeout=30)
        on.cancel()
        await jab.close()
        back = await asyncio.gather(*(finish(c) for c in back))
        for c in back:
            assert c.over is not None, (c.spec.id, c.errors)
            final = replays_to(c.over["record"], c.spec)  # the same actions, one game start to end
            assert c.spec.rules.outcome(final).winner == c.over["winner"]
            assert len(c.over["record"]["actions"]) >= told[c.room]
            await c.close()
        assert {c.spec.id for c in back} == set(QUICK) - {"jab"}

    run_bounded(main())


def test_redis_restarted_mid_game_the_node_goes_on_and_no_accepted_action_is_lost(fleet):
    redis, made = fleet
    made += nodes(redis, redis.folder.parent, 1)

    async def main():
        c = Client(made[0].url)
        await c.connect()
        await c.create("stabby-jack", [dict(s) for s in VS_COMPUTER])
        rules = c.spec.rules
        await play_some(c, 4)
        await c.wait(lambda: 0 in rules.to_act(c.views[0]))  # the computer has moved: our turn
        n = c.n[0]
        redis.stop()  # append-only: what Redis said it wrote, it has again when it starts
        bot = c.spec.make_bot(seat=0, level=c.spec.bot_levels[-1], seed=0)
        await c.act(0, bot.choose(c.views[0]))
        await c.wait(lambda: c.refused)
        assert c.refused[0]["reason"] == "The server cannot keep moves just now: try again in a moment."
        await asyncio.sleep(0.3)
        assert c.n[0] == n  # not played: nobody was told of it
        redis.start()
        await asyncio.sleep(0.6)  # the node tries Redis again twice a second
        await play(c)
        assert c.over is not None, c.errors
        journal = [e for _, e in redis.client().xrange(f"tabletop:journal:{c.room}")]
        kept = [json.loads(e["e"]) for e in journal]
        assert kept[0]["k"] == "game"
        assert [e["a"] for e in kept if e["k"] == "a"] == c.over["record"]["actions"]  # no accepted action lost
        final = replays_to(c.over["record"], c.spec)
        assert rules.outcome(final).winner == c.over["winner"]
        await c.close()

    run_bounded(main())


def test_a_jab_room_rebuilt_after_its_node_died_waits_for_both_players_ready_before_its_clock_runs(fleet):
    from tabletop.games.jab.rules.actions import Ready, Return, Take

    redis, made = fleet
    made += nodes(redis, redis.folder.parent, 2)
    between_ms = 2000  # Ana presses ready this long before Bo

    async def act(c: Client, action) -> int | None:
        """A real-time action stamped now: the round-clock time it was played at, None if refused."""
        refused, n = len(c.refused), c.n.get(0, 0)
        await c.act(0, action, stamp=c.clock.server_now())
        await c.wait(lambda: len(c.refused) > refused or c.n.get(0, 0) > n)
        return None if len(c.refused) > refused else c.views[0].now

    async def main():
        a = Client(made[0].url)
        await a.connect()
        people = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
        await a.create("jab", people, dict(QUICK["jab"], stall_ms=20000))
        b = Client(a.url)
        await b.connect()
        await b.join(a.room, name="Bo")
        await b.wait(lambda: 1 in b.views and 0 in a.views)
        await a.wait(lambda: len(a.nodes) == 2)
        for c, seat in ((a, 0), (b, 1)):
            await c.act(seat, Ready(player=seat, t=0), stamp=c.clock.server_now())
        await a.wait(lambda: a.views[0].phase == "playing")
        took = await act(a, Take(player=0, hand="left", t=0))
        assert took is not None
        first = a.url
        next(n for n in made if n.url == first).stop(signal.SIGKILL)  # the room's node dies mid-round
        await a.wait(lambda: a.closed and b.closed)
        a, b = await come_back(a), await come_back(b)
        assert a.url == b.url != first
        await a.wait(lambda: a.status.get("ready_for") == ["Ana", "Bo"] and a.status["paused"])
        assert await act(a, Return(player=0, hand="left", t=0)) is None  # the rebuilt room waits
        await a.ready()
        await b.wait(lambda: b.status.get("ready_for") == ["Bo"])
        await asyncio.sleep(between_ms / 1000)
        assert await act(a, Return(player=0, hand="left", t=0)) is None  # Ana's ready alone is not enough
        await b.ready()
        await a.wait(lambda: not a.status.get("paused"))
        back = await act(a, Return(player=0, hand="left", t=0))
        assert back is not None  # the round goes on, its clock from where the journal left it
        assert took <= back < took + between_ms
        for c in (a, b):
            await c.close()

    run_bounded(main())


def held_by(redis) -> dict[str, str]:
    """Each room's code -> the id of the node that holds it, as Redis has it."""
    db = redis.client()
    return {k.split(":")[-1]: db.get(k) for k in db.keys("tabletop:room:*")}


def test_redis_out_of_reach_longer_than_every_lease_moves_no_room_and_drops_no_player(fleet):
    """Redis cannot be reached for 5 s (every connection to it cut: a stall as the nodes see it, their
    calls failing), five times the nodes' leases (issue 38, finding 13): afterwards every lease has
    lapsed at once, but every live node beats again at once too, so no node takes another's room and
    every player stays connected. (Stopping Redis itself with SIGSTOP moved no room even before: the
    beats the nodes sent meanwhile were queued and renewed the leases when it woke.)"""
    redis, made = fleet
    outage = Outage(redis)
    made += nodes(outage, redis.folder.parent, 2)  # the nodes reach Redis through the cut-off (its url)

    async def main():
        clients = []
        for i in range(6):
            c = Client(made[0].url, local_addr=(f"127.0.0.{2 + i}", 0))
            await c.connect()
            await c.create("stabby-jack", [dict(s) for s in VS_COMPUTER])
            assert c.room, c.errors
            clients.append(c)
        before = held_by(redis)
        assert len(set(before.values())) == 2  # the rooms are on both nodes
        outage.begin()
        try:
            await asyncio.sleep(5.0)
        finally:
            outage.end()
        await asyncio.sleep(3.0)  # ten heartbeats with Redis answering
        assert held_by(redis) == before
        assert not [c.room for c in clients if c.closed]
        for c in clients:
            await c.close()

    run_bounded(main())


def test_a_frozen_node_whose_room_was_taken_over_writes_nothing_when_it_wakes(fleet):
    """A node stops (SIGSTOP) long enough to be taken for gone: the other node claims its room with a
    new fencing token. A move the player sent meanwhile reaches the old node when it wakes: it is not
    written to the journal, and that node lets the room go."""
    redis, made = fleet
    made += nodes(redis, redis.folder.parent, 2)

    async def main():
        c = Client(made[0].url)
        await c.connect()
        await c.create("stabby-jack", [dict(s) for s in VS_COMPUTER])
        assert c.room, c.errors
        rules = c.spec.rules
        await c.wait(lambda: 0 in c.views and 0 in rules.to_act(c.views[0]))  # our turn: nothing moves
        first = next(n for n in made if n.url == c.url)
        holder = held_by(redis)[c.room]
        db = redis.client()
        journal = db.xlen(f"tabletop:journal:{c.room}")
        first.proc.send_signal(signal.SIGSTOP)
        try:
            for _ in range(100):  # the other node claims the room
                await asyncio.sleep(0.1)
                if held_by(redis).get(c.room) not in (None, holder):
                    break
            assert held_by(redis)[c.room] != holder
            bot = c.spec.make_bot(seat=0, level=c.spec.bot_levels[-1], seed=0)
            await c.act(0, bot.choose(c.views[0]))  # waits in the frozen node's socket
        finally:
            first.proc.send_signal(signal.SIGCONT)
        await c.wait(lambda: c.closed or c.refused, timeout=10)
        await asyncio.sleep(0.5)
        assert db.xlen(f"tabletop:journal:{c.room}") == journal  # nothing written by the old node
        await c.close()

    run_bounded(main())


def test_rooms_made_on_other_nodes_count_toward_one_address_s_eight(fleet):
    """`create` with "moved": true on each node in turn (finding 13): one address holds at most 8 open
    rooms on the whole fleet, not 8 per node."""
    redis, made = fleet
    made += nodes(redis, redis.folder.parent, 3)

    async def main():
        clients, errors = [], []
        for i in range(12):
            c = Client(made[i % 3].url, local_addr=("127.0.0.9", 0))
            await c.connect()
            await c.send({"type": "create", "game": "punch", "options": {}, "seats": VS_COMPUTER, "moved": True})
            await c.wait(lambda c=c: c.room or c.errors)
            (clients if c.room else errors).append(c)
        assert len(clients) == 8 and all("At most 8 open rooms" in c.errors[-1] for c in errors)
        for c in clients + errors:
            await c.close()

    run_bounded(main())


def test_a_fleet_on_a_redis_with_a_password_works_with_it_and_says_so_without_it(tmp_path):
    """Redis AUTH: the password in the URL (redis://:PASSWORD@HOST:PORT/DB); a node given none says in
    one line why it cannot start."""
    import subprocess
    import sys

    redis = Redis(tmp_path / "redis", password="s3cret-word").start()
    made = []
    try:
        made += nodes(redis, tmp_path, 1)

        async def main():
            c = Client(made[0].url)
            await c.connect()
            await c.create("punch", VS_COMPUTER, QUICK["punch"])
            assert c.room, c.errors
            await c.close()

        run_bounded(main())
        bare = f"redis://127.0.0.1:{redis.port}/0"
        out = subprocess.run(
            [sys.executable, "-m", "tabletop", "serve", "--port", "0", "--host", "127.0.0.1", "--redis", bare],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert out.returncode == 2 and "password" in out.stdout.lower(), out
        assert "Traceback" not in out.stdout + out.stderr
    finally:
        for node in made:
            node.stop(signal.SIGKILL)
        redis.stop()
