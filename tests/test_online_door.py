"""The server's door against one hostile address (issue 38, findings 9-12): a message that breaks the
schema is refused before anything walks it; an address has a cap on its open connections and a budget
of bytes and time, and goes over it only once; behind a trusted proxy the limits key on the real
client; the server takes no more connections than it has files for, refuses the rest quietly, and
takes new ones as soon as the old ones leave. Loopback only, every loop bounded."""

import asyncio
import json
import os
import resource
import subprocess
import sys
import time
import tracemalloc

import pytest
import websockets

from tabletop.online import protocol as P
from tabletop.online.client import Client
from tabletop.online.door import BYTES_BURST, real_client
from tests.online_helpers import start_server, url

PEOPLE = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
HEAVY = '{"v":1,"type":"act","seat":0,"id":1,"action":{"a":[' + ",".join(["[]"] * 5400) + "]}}"


def test_a_message_that_breaks_the_schema_is_refused_before_any_value_of_it_is_built():
    """16 KiB of empty lists where an action's field takes a number or a short list of them: refused with
    one line, having built next to nothing (a tree of 5,400 lists would take hundreds of KiB)."""
    assert len(HEAVY) <= P.MAX_BYTES
    tracemalloc.start()
    try:
        for _ in range(3):
            with pytest.raises(P.BadMessage) as refused:
                P.parse(HEAVY)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "action" in str(refused.value) and "\n" not in str(refused.value)
    assert peak < 32 * 1024, peak


async def _connect(port: int, source: str, **kw):
    return await websockets.connect(url(port), local_addr=(source, 0), open_timeout=3, **kw)


async def _tries(port: int, source: str, n: int) -> tuple[list, int]:
    """Open ``n`` connections from ``source``: the open ones and how many were refused."""
    opened, refused = [], 0
    for _ in range(n):
        try:
            opened.append(await _connect(port, source))
        except (OSError, websockets.InvalidHandshake, websockets.ConnectionClosed, TimeoutError):
            refused += 1
    return opened, refused


@pytest.mark.parametrize("hosted", [False, True])
def test_one_address_has_at_most_its_share_of_connections_and_gets_them_back_when_they_close(hosted):
    """The same holds on a server a game hosted from the launcher runs."""

    async def main():
        server = await start_server(conns_per_address=6, hosted=hosted)
        opened, refused = await _tries(server.port, "127.0.0.21", 10)
        assert len(opened) == 6 and refused == 4
        other, _ = await _tries(server.port, "127.0.0.22", 1)
        assert len(other) == 1  # another address is not held back
        for ws in opened:
            await ws.close()
        end = time.monotonic() + 5
        while server.door.open > 1 and time.monotonic() < end:
            await asyncio.sleep(0.02)
        again, refused = await _tries(server.port, "127.0.0.21", 6)
        assert len(again) == 6 and refused == 0
        for ws in again + other:
            await ws.close()
        await server.close()

    asyncio.run(main())


def test_an_address_that_sends_heavy_messages_is_closed_once_over_its_budget_and_let_in_only_later():
    """Heavy messages within the message rate, on 4 connections of one address: after its byte budget the
    connections are closed and a new one from it is refused; an honest player elsewhere goes on."""

    async def main():
        server = await start_server()
        honest = Client(url(server.port), local_addr=("127.0.0.31", 0))
        await honest.connect()
        await honest.create("punch", PEOPLE)
        heavy = [await _connect(server.port, "127.0.0.32") for _ in range(4)]
        closed = 0
        for _ in range(2 * BYTES_BURST // len(HEAVY) + 8):  # twice the budget, spread over the four
            for ws in heavy:
                try:
                    await ws.send(HEAVY)
                except websockets.ConnectionClosed:
                    pass
            await asyncio.sleep(0.03)
            closed = sum(ws.state is websockets.protocol.State.CLOSED for ws in heavy)
            if closed == len(heavy):
                break
        await asyncio.sleep(0.2)
        assert sum(ws.state is websockets.protocol.State.CLOSED for ws in heavy) >= 1
        _again, refused = await _tries(server.port, "127.0.0.32", 1)
        assert refused == 1  # the address waits a whole refill
        n = len(honest.sync_trips)
        await honest.send({"type": "sync", "t0": honest.clock.local()})
        await honest.wait(lambda: len(honest.sync_trips) > n)  # the honest player is answered
        for ws in heavy:
            await ws.close()
        await honest.close()
        await server.close()

    asyncio.run(main())


def test_behind_a_trusted_proxy_the_limits_key_on_the_real_client_and_an_untrusted_header_is_ignored():
    """Nine people behind one trusted proxy each make a room (one address would be held to eight); the
    same header from a peer that is not a trusted proxy changes nothing."""

    async def create(port, source, forwarded):
        ws = await _connect(port, source, additional_headers={"X-Forwarded-For": forwarded})
        await ws.send(P.dumps({"type": "create", "game": "punch", "seats": PEOPLE}))
        end = time.monotonic() + 5
        while time.monotonic() < end:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
            if msg["type"] in ("welcome", "error"):
                return ws, msg
        raise TimeoutError("no answer to a create")

    async def main():
        server = await start_server(trust_proxy=["127.0.0.41"])
        made = [await create(server.port, "127.0.0.41", f"203.0.113.{i + 1}, 127.0.0.41") for i in range(9)]
        assert [m["type"] for _, m in made] == ["welcome"] * 9
        assert {r.owner for r in server.rooms.values()} == {f"203.0.113.{i + 1}" for i in range(9)}
        forged = [await create(server.port, "127.0.0.42", f"198.51.100.{i + 1}") for i in range(9)]
        assert [m["type"] for _, m in forged] == ["welcome"] * 8 + ["error"]
        assert "At most 8 open rooms" in forged[-1][1]["reason"]
        for ws, _ in made + forged:
            await ws.close()
        await server.close()

    asyncio.run(main())


def test_the_real_client_is_the_last_address_a_trusted_proxy_did_not_write():
    trusted = [__import__("ipaddress").ip_network("10.0.0.0/8")]
    assert real_client("10.0.0.5", "1.2.3.4, 5.6.7.8, 10.0.0.9", trusted) == "5.6.7.8"
    assert real_client("10.0.0.5", None, trusted) == "10.0.0.5"
    assert real_client("10.0.0.5", "junk", trusted) == "10.0.0.5"
    assert real_client("192.0.2.1", "5.6.7.8", trusted) == "192.0.2.1"


def test_a_server_full_of_idle_connections_refuses_new_ones_and_takes_them_again_once_they_close():
    async def main():
        server = await start_server(max_connections=20, conns_per_address=4)
        idle = []
        for i in range(6):
            opened, _ = await _tries(server.port, f"127.0.1.{i + 1}", 4)
            idle += opened
        assert len(idle) == 20
        late = Client(url(server.port), local_addr=("127.0.0.51", 0))
        with pytest.raises((OSError, websockets.InvalidHandshake, websockets.ConnectionClosed, TimeoutError)):
            await late.connect()
            await late.create("punch", PEOPLE)
            assert not late.room
            raise websockets.ConnectionClosed(None, None)
        for ws in idle:
            await ws.close()
        end = time.monotonic() + 5
        while server.door.open and time.monotonic() < end:
            await asyncio.sleep(0.02)
        now = Client(url(server.port), local_addr=("127.0.0.51", 0))
        await now.connect()
        await now.create("punch", PEOPLE)
        assert now.room and not now.errors
        await now.close()
        await server.close()

    asyncio.run(main())


SERVE_LOW_FILES = """
import resource, sys
resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[2]), resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
from tabletop.online.server import main
sys.exit(main(["--host", "127.0.0.1", "--port", sys.argv[1], "--data", sys.argv[3]]))
"""


SERVE_NO_FILES = """
import asyncio, logging, os, sys
logging.basicConfig(level=logging.INFO, format="%(message)s")
from tabletop.online.server import Server

async def main():
    server = await Server().start("127.0.0.1", int(sys.argv[1]))
    hog = []
    try:
        while True:
            hog.append(os.open(os.devnull, os.O_RDONLY))  # every file this process may open
    except OSError:
        pass
    print("full", flush=True)
    await asyncio.sleep(float(sys.argv[2]))
    for fd in hog:
        os.close(fd)
    print("free", flush=True)
    await asyncio.sleep(30)

asyncio.run(main())
"""


def _server_process(script: str, *args: str) -> subprocess.Popen:
    """A server in a process of its own (its own file limit), its log on its stdout."""
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    return subprocess.Popen(
        [sys.executable, "-c", script, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env
    )


async def _crowd_then_play(port: int, sources: list[str], hold_s: float) -> None:
    """Connections from ``sources`` that say nothing for ``hold_s`` seconds and close; then a player
    makes a room."""

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    crowd = [(await asyncio.open_connection("127.0.0.1", port, local_addr=(ip, 0)))[1] for ip in sources]
    await asyncio.sleep(hold_s)
    for w in crowd:
        w.transport.abort()
    await asyncio.sleep(0.5)
    c = Client(url(port), local_addr=("127.0.0.62", 0))
    await c.connect()
    await c.create("punch", PEOPLE)
    assert c.room and not c.errors
    await c.close()


def _log_of(proc: subprocess.Popen) -> list[str]:
    proc.terminate()
    out, _ = proc.communicate(timeout=10)
    lines = out.decode("utf-8", "replace").splitlines()
    assert not any("Traceback" in line for line in lines), lines[:20]
    return lines


def test_out_of_files_the_server_refuses_quietly_logs_once_and_serves_again(tmp_path):
    """A server that may open 160 files, and 400 idle connections from 100 addresses: the log stays a few
    lines, and once they close a new player makes a room."""
    from tabletop.online.bench import free_port

    port = free_port()
    proc = _server_process(SERVE_LOW_FILES, str(port), "160", str(tmp_path))
    try:

        async def main():
            end = time.monotonic() + 20
            while time.monotonic() < end:
                try:
                    (await _connect(port, "127.0.0.61")).transport.abort()
                    break
                except OSError:
                    await asyncio.sleep(0.1)
            await _crowd_then_play(port, [f"127.0.2.{1 + i // 4}" for i in range(400)], 1.5)

        asyncio.run(asyncio.wait_for(main(), 40))
    finally:
        lines = _log_of(proc)
    assert len(lines) < 12, lines[:20]


def test_with_no_file_descriptor_left_the_server_logs_it_once_and_takes_connections_again_when_it_can():
    """Every file descriptor taken (by anything): accepting fails each time the loop tries, which is said
    in one line, not one a try (before, the log filled the pipe and the server stopped); once files are
    free again a player gets in."""
    from tabletop.online.bench import free_port

    port = free_port()
    proc = _server_process(SERVE_NO_FILES, str(port), "4")
    try:
        assert proc.stdout is not None
        for _ in range(20):
            if proc.stdout.readline().strip() == b"full":
                break
        # taken by the kernel, never accepted while the server has no file
        asyncio.run(asyncio.wait_for(_crowd_then_play(port, [f"127.0.3.{i + 1}" for i in range(20)], 5), 30))
    finally:
        lines = _log_of(proc)
    assert sum("cannot accept" in line for line in lines) == 1, lines[:20]


def test_a_connection_that_joins_no_room_in_time_is_closed_and_one_that_does_stays():
    async def main():
        server = await start_server(join_within=0.5)
        idle = await _connect(server.port, "127.0.0.81")
        player = Client(url(server.port), local_addr=("127.0.0.82", 0))
        await player.connect()
        await player.create("punch", PEOPLE)
        await asyncio.sleep(1.0)
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(idle.recv(), 2)
        assert player.room and not player.closed
        n = len(player.sync_trips)
        await player.send({"type": "sync", "t0": player.clock.local()})
        await player.wait(lambda: len(player.sync_trips) > n)
        await player.close()
        await server.close()

    asyncio.run(main())
