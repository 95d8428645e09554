"""Peers choose no addresses (issue 38, finding 5): a host's ``nodes`` and ``moved`` are followed only
on the host the player joined, and after a drop one rejoin round runs at a time, each failed round
followed by a longer wait. Every address here is 127.0.0.1; "localhost" names another host (it is
not the text the player joined), so a connection to it is one the program must never make."""

from __future__ import annotations

import asyncio
import time

import pytest

from tabletop.online import client as client_mod
from tabletop.online import protocol as P
from tabletop.online import remote
from tabletop.online.client import Client, vouched
from tabletop.online.remote import NetThread, RemoteSession
from tests import hostile_host as H
from tests.hostile_host import Listener
from tests.ui_helpers import frames, make_app


async def silent(ws, _n) -> None:
    """Takes the join and answers nothing (a stalled node): a rejoin round waits on it."""
    await H.drain(ws, 30)


@pytest.fixture
def hosts():
    """An asyncio loop of its own for the fake hosts (the program's network has its own thread)."""
    net = NetThread()
    yield net
    net.close()


def joined_table(host: Listener):
    """The program, joined to ``host``'s room, on its game's table (the app and its network)."""
    from tabletop.ui.online_table import remote_table

    app = make_app()
    app.start()
    net = NetThread()
    try:
        net.connect(host.url())
        net.run(net.client.join("ABCDEFGH"))
        app.push(remote_table(app, RemoteSession(net)))
    except BaseException:
        net.close()
        raise
    return app, net


def test_vouched_addresses_are_the_joined_host_and_names_under_it():
    assert vouched("play.example.org", "wss://play.example.org:9000")
    assert vouched("play.example.org", "wss://a.play.example.org")
    assert vouched("127.0.0.1", "ws://127.0.0.1:1234")
    for other in (
        "ws://localhost:8765",
        "ws://127.0.0.2:8765",
        "wss://example.org",
        "wss://evilplay.example.org",
        "wss://play.example.org.evil.net",
        "ws://1.127.0.0.1:8765",
        "ws://[::1]:8765",
        "ws://:8765",
    ):
        home = "127.0.0.1" if "127" in other or "::1" in other or "//:" in other else "play.example.org"
        assert not vouched(home, other), other


def test_a_hostile_host_s_nodes_are_never_connected_to_and_one_rejoin_round_runs_at_a_time(hosts, monkeypatch):
    """A host welcomes the player naming nodes (one on another host, one on its own host that stalls)
    and drops the connection. Over 2.5 s of the window's frames, the node on another host gets no
    connection, and the rejoin rounds never overlap (before: a new round every 2 s, each stuck)."""
    monkeypatch.setattr(remote, "BIND", "127.0.0.1")
    elsewhere = hosts.run(Listener().start())  # named as "localhost": not the host joined
    stalled = hosts.run(Listener(silent).start())  # the joined host, another port: followed

    async def host_act(ws, n):
        if n > 0:
            return  # a rejoin: closed at once
        await H.join_of(ws)
        nodes = [elsewhere.url("localhost"), stalled.url(), "ws://localhost:1"]
        for f in (dict(H.welcome(), nodes=nodes), H.state(H.good_view()), H.STATUS):
            await ws.send(P.dumps(f))
        await asyncio.sleep(0.3)

    host = hosts.run(Listener(host_act).start())
    app, net = joined_table(host)
    try:
        assert net.client.you == [1] and net.client.has_view()
        end = time.monotonic() + 2.5
        while time.monotonic() < end:
            frames(app, 1, dt=50)  # the table's clock runs fast: it asks for a rejoin 25 times a second
            time.sleep(0.01)
        assert elsewhere.opened == []
        assert stalled.most == 1 and len(host.opened) == 2  # the first join and one round, still waiting
        assert net.client.nodes == [stalled.url()]  # the others are not on the joined host
    finally:
        net.close()
        for listener in (host, elsewhere, stalled):
            hosts.run(listener.stop())


def test_failed_rejoin_rounds_wait_longer_each_time(hosts, monkeypatch):
    """Every address refuses at once: asked for a rejoin at every frame, the program tries a round,
    then waits longer and longer between rounds (the waits shortened here: 0.2, 0.4, 0.8 s)."""
    monkeypatch.setattr(remote, "REJOIN_WAITS_S", (0.2, 0.4, 0.8), raising=False)
    host = hosts.run(Listener().start())
    net = NetThread()
    try:
        c = Client(host.url())
        c.room, c.you, c.tokens, c.closed = "ABCDEFGH", [1], {1: "t"}, True  # a seat whose connection dropped
        net.client = c
        end = time.monotonic() + 2.2
        while time.monotonic() < end:
            net.rejoin()
            time.sleep(0.02)
        times = host.opened
        gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
        assert 3 <= len(times) <= 5, gaps  # rounds at about 0, 0.2, 0.6 and 1.4 s
        assert gaps[1] > gaps[0] * 1.5 and gaps[2] > gaps[1] * 1.5, gaps
    finally:
        net.close()
        hosts.run(host.stop())


def test_a_move_to_another_host_is_refused_and_not_followed(hosts):
    elsewhere = hosts.run(Listener().start())

    async def host_act(ws, _n):
        await H.join_of(ws)
        await ws.send(P.dumps({"type": "moved", "url": elsewhere.url("localhost")}))
        await H.drain(ws, 1)

    host = hosts.run(Listener(host_act).start())

    async def main():
        c = Client(host.url())
        await c.connect()
        await c.join("ABCDEFGH", token="t" * 24)
        await c.close()
        return c

    try:
        c = asyncio.run(main())
        assert elsewhere.opened == [] and "another host" in c.bad
    finally:
        for listener in (host, elsewhere):
            hosts.run(listener.stop())
    assert client_mod.MAX_HOPS >= 1


def test_rematch_answers_flipped_40_times_a_second_give_one_message_not_one_a_flip(hosts, monkeypatch):
    """Issue 38, finding 8: the other person's rematch answer flips 40 times a second for 1.5 s, then
    stays "no". The player is told once, what the answer came to (before: a message at every flip,
    flickering over the result)."""
    monkeypatch.setattr(remote, "BIND", "127.0.0.1")

    async def host_act(ws, _n):
        await H.join_of(ws)
        for f in (H.welcome(), H.state(H.good_view()), H.STATUS):
            await ws.send(P.dumps(f))
        for i in range(60):
            await ws.send(P.dumps({"type": "rematch", "votes": {"0": i % 2 == 0}}))
            await asyncio.sleep(0.025)
        await ws.send(P.dumps({"type": "rematch", "votes": {"0": False}}))
        await H.drain(ws)

    host = hosts.run(Listener(host_act).start())
    app, net = joined_table(host)
    try:
        from tabletop.ui.app import App

        end = time.monotonic() + 6
        while time.monotonic() < end and not any("declined" in t[0] for t in app.toasts):
            App.frame_or_sleep(app, False, time.monotonic() + 0.05)  # as the window's loop: frames when asked
        for _ in range(10):  # a moment more: nothing else is said
            App.frame_or_sleep(app, False, time.monotonic() + 0.05)
        said = [t[0] for t in app.toasts if "rematch" in t[0]]
        assert said == ["Host declined the rematch."], said
    finally:
        net.close()
        hosts.run(host.stop())
