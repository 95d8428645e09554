"""Play online from the launcher (issue 20): Host shows an address and a code, Join takes them, and the
game's own table plays through the server (the remote session is the seam)."""

import asyncio
import time

import pygame
import pytest

from tabletop.online import protocol as P
from tabletop.online.remote import NetThread, url_of
from tests.online_helpers import bot_player
from tests.ui_helpers import frames, key, make_app, top


@pytest.fixture
def app(monkeypatch):
    from tabletop.online import remote

    monkeypatch.setattr(remote, "BIND", "127.0.0.1")  # tests stay on the loopback address
    monkeypatch.setattr(remote, "HOST_PORT", 0)
    a = make_app()
    a.start()
    frames(a, 2)
    yield a
    for scene in list(a.stack):
        net = getattr(scene, "net", None) or getattr(getattr(scene, "session", None), "net", None)
        if net is not None:
            net.close()
    pygame.quit()


def live_frame(app):
    """One frame as the real window runs it: draw, then wait for the next frame. The window's clock
    waits between frames, and that is when the network thread runs; a busy loop of frames would
    starve it of Python's interpreter lock and the game would crawl."""
    frames(app)
    time.sleep(0.002)


def open_online(app):
    menu = top(app).menu
    for _ in range(len(menu.items)):  # Tab walks the launcher's tiles and buttons in reading order
        if menu.items[menu.focus].label == "Play online":
            break
        key(app, "tab")
    key(app, "return")
    assert type(top(app)).__name__ == "OnlineMenu"


def host(app, game_id):
    open_online(app)
    key(app, "return")  # Host a game
    scene = top(app)
    assert type(scene).__name__ == "HostScene"
    scene._game(game_id)
    scene.host()
    room = top(app)
    assert type(room).__name__ == "WaitingRoom"
    return room


def test_host_shows_address_and_code_and_a_friend_joins_and_plays_to_the_end(app):
    room = host(app, "stabby-jack")
    code = room.net.client.room
    assert len(code) == P.CODE_LEN and room.address.endswith(f":{room.net.server.port}")
    frames(app, 3)
    assert type(top(app)).__name__ == "WaitingRoom"  # nobody else yet
    friend = NetThread()
    try:
        friend.connect(url_of(f"127.0.0.1:{room.net.server.port}"))
        friend.run(friend.client.join(code.lower()))  # the code is forgiving about case
        assert friend.client.you == [1]
        play = asyncio.run_coroutine_threadsafe(bot_player(friend.client, 1, seed=3), friend.loop)
        end = time.monotonic() + 60
        while type(top(app)).__name__ == "WaitingRoom" and time.monotonic() < end:
            live_frame(app)
        table = top(app)
        assert type(table).__name__.startswith("Remote")
        session = table.session
        spec = session.spec
        bot = spec.make_bot(seat=0, level=spec.bot_levels[-1], seed=9)
        seen_other = False
        while session.outcome() is None and time.monotonic() < end:
            view = session.state
            if 0 in spec.rules.to_act(view) and not table.busy():
                before = session.client.n[0]
                result = table.submit(bot.choose(view))  # what a click on the table does
                assert result, getattr(result, "reason", "")
                assert session.client.n[0] > before
            live_frame(app)
            other = session.seats[1].name
            seen_other = seen_other or any(e["text"].startswith(other) for e in session.client.events)
        assert session.outcome() is not None and seen_other
        play.result(10)
        record = session.client.over["record"]
        assert record["players"][0]["name"] == session.seats[0].name and record["game"] == "stabby-jack"
        from tabletop import paths

        end = time.monotonic() + 5  # the host's computer writes it on its writer thread, off the network
        while not list(paths.saves_dir().glob("stabby-jack-*.json")) and time.monotonic() < end:
            time.sleep(0.02)
        kept = list(paths.saves_dir().glob("stabby-jack-*.json"))
        assert kept, "the host's computer keeps the finished game like a local one"
        frames(app, 5)  # the result panel draws
    finally:
        friend.close()


def joined(app, join):
    """Press Join and let frames pass until the attempt ends (the window keeps drawing meanwhile)."""
    join.join()
    end = time.monotonic() + 15
    while join.pending is not None and time.monotonic() < end:
        live_frame(app)
    assert join.pending is None


def test_join_says_clearly_when_nobody_answers_or_the_code_is_wrong(app):
    open_online(app)
    key(app, "down")
    key(app, "return")
    join = top(app)
    assert type(join).__name__ == "JoinScene"
    join.fields["address"] = "127.0.0.1:9"  # nothing listens there
    join.fields["code"] = "ABCDEFGH"
    joined(app, join)
    assert "No game answers" in join.error
    frames(app, 2)
    server = NetThread()
    try:
        port = server.host(0)
        join.fields["address"] = f"127.0.0.1:{port}"
        join.fields["code"] = "ab-cd"
        join.join()
        assert f"{P.CODE_LEN} letters" in join.error and join.pending is None
        join.fields["code"] = "ABCDEFGH"
        joined(app, join)
        assert join.error == "No room has that code."
        frames(app, 2)
        assert type(top(app)).__name__ == "JoinScene"
    finally:
        server.close()


def test_the_join_boxes_take_typing(app):
    open_online(app)
    key(app, "down")
    key(app, "return")
    join = top(app)
    for ch in "10.0.0.7":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app)
    key(app, "tab")
    for ch in "k7qp2":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app)
    key(app, "backspace")
    assert join.fields == {"address": "10.0.0.7", "code": "k7qp"}
    assert url_of("10.0.0.7") == "ws://10.0.0.7:8765" and url_of("wss://play.example.org") == "wss://play.example.org"


def test_join_from_the_launcher_seats_the_player_at_the_hosts_table(app):
    host_net = NetThread()
    try:
        port = host_net.host(0)
        host_net.connect(f"ws://127.0.0.1:{port}")
        seats = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
        host_net.run(host_net.client.create("punch", seats))
        open_online(app)
        key(app, "down")
        key(app, "return")
        join = top(app)
        join.fields["address"] = f"127.0.0.1:{port}"
        join.fields["code"] = host_net.client.room.lower()
        joined(app, join)
        assert join.error == ""
        end = time.monotonic() + 10
        while not type(top(app)).__name__.startswith("Remote") and time.monotonic() < end:
            live_frame(app)
        table = top(app)
        assert type(table).__name__ == "RemotePunchTable"
        assert table.session.you == [1] and table.humans == [1]
        assert table.session.state.hands[0] is None  # the host's hand is not on this computer
        frames(app, 5)
        # the connection drops: the host's game pauses, this table joins again with its token
        first = table.session.client
        table.session.net.run(first.ws.close())
        host = host_net.client
        host_net.run(host.wait(lambda: host.status.get("paused")))
        end = time.monotonic() + 15
        while table.session.client is first and time.monotonic() < end:
            live_frame(app)
            time.sleep(0.01)
        assert table.session.client is not first and table.session.client.you == [1]
        host_net.run(host.wait(lambda: not host.status.get("paused")))
        frames(app, 3)
        assert type(top(app)).__name__ == "RemotePunchTable"
    finally:
        host_net.close()


def test_host_asks_for_somebody_elsewhere_and_one_person_here_when_cards_are_secret(app):
    open_online(app)
    key(app, "return")
    scene = top(app)
    scene._game("punch")
    scene.kinds[1] = "here"
    scene.host()
    assert top(app) is scene and "elsewhere" in app.toasts[-1][0]


def test_a_hostile_host_s_view_sends_the_joiner_back_to_the_launcher_with_one_line(app):
    """The table is drawing a good view when the host sends one with an unknown phase: the joiner's
    program does not crash; it says so and goes back to the launcher."""
    from tests import hostile_host as H

    ready = [H.welcome(), H.STATUS, H.state(H.good_view())]
    bad = [H.state(dict(H.good_view(), phase="boom"), n=1)]
    net = NetThread()
    host = net.run(H.serve(ready, then=bad, gap=1.0))
    try:
        open_online(app)
        key(app, "down")
        key(app, "return")
        join = top(app)
        join.fields["address"] = f"127.0.0.1:{host.sockets[0].getsockname()[1]}"
        join.fields["code"] = "ABCDEFGH"
        joined(app, join)
        end = time.monotonic() + 10
        seen = set()
        while type(top(app)).__name__ != "Launcher" and time.monotonic() < end:
            seen.add(type(top(app)).__name__)
            live_frame(app)
        assert any(n.startswith("Remote") for n in seen), seen  # the table drew the good view first
        assert type(top(app)).__name__ == "Launcher"
        assert any("cannot use" in t[0] and "phase" in t[0] for t in app.toasts)
    finally:
        host.close()
        net.run(host.wait_closed(), timeout=15)
        net.close()
