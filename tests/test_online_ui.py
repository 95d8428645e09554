"""Play online from the launcher (issue 20): Host shows an address and a code, Join takes them, and the
game's own table plays through the server (the remote session is the seam)."""

import asyncio
import time

import pygame
import pytest

from tabletop.online import invite
from tabletop.online import protocol as P
from tabletop.online.invite import server_url
from tabletop.online.remote import NetThread
from tabletop.ui import gfx
from tests import hostile_host
from tests.online_helpers import bot_player
from tests.ui_helpers import frames, key, quick_app, scene_name, top


@pytest.fixture
def app(monkeypatch):
    from tabletop.online import remote

    monkeypatch.setattr(remote, "BIND", "127.0.0.1")  # tests stay on the loopback address
    monkeypatch.setattr(remote, "HOST_PORT", 0)
    a = quick_app()  # the quickest animations and instant computer turns: whole games in fewer frames
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


def live(app, seconds, until):
    end = time.monotonic() + seconds
    while not until() and time.monotonic() < end:
        live_frame(app)
    return until()


def open_online(app):
    menu = top(app).menu
    for _ in range(len(menu.items)):  # Tab walks the launcher's tiles and buttons in reading order
        if menu.items[menu.focus].label == "Play online":
            break
        key(app, "tab")
    key(app, "return")
    assert scene_name(top(app)) == "OnlineMenu"


def host(app, game_id, options=None):
    open_online(app)
    key(app, "return")  # Host a game
    scene = top(app)
    assert type(scene).__name__ == "HostScene"
    scene._game(game_id)
    scene.options.update(options or {})
    scene.host()
    end = time.monotonic() + 10
    while scene_name(top(app)) == "Busy" and time.monotonic() < end:  # the room is made on the network thread
        live_frame(app)
    room = top(app)
    assert type(room).__name__ == "WaitingRoom"
    return room


def test_host_shows_address_and_code_and_a_friend_joins_and_plays_to_the_end(app):
    room = host(app, "stabby-jack")
    code = room.net.client.room
    assert room.address.endswith(f":{room.net.server.port}")
    assert room.invite == f"tabletop://{room.address}/{code}"  # one line with the address and the code
    room.menu.items[0].action()  # Copy invite
    assert pygame.scrap.get_text() == room.invite
    frames(app, 3)
    assert scene_name(top(app)) == "WaitingRoom"  # nobody else yet
    friend = NetThread()
    try:
        friend.connect(server_url(f"127.0.0.1:{room.net.server.port}"))
        friend.run(friend.client.join(code.lower()))  # the code is forgiving about case
        assert friend.client.you == [1]
        play = asyncio.run_coroutine_threadsafe(bot_player(friend.client, 1, seed=3), friend.loop)
        end = time.monotonic() + 60
        while scene_name(top(app)) == "WaitingRoom" and time.monotonic() < end:
            live_frame(app)
        table = top(app)
        assert scene_name(table).startswith("Remote")
        session = table.session
        spec = session.spec
        bot = spec.make_bot(seat=0, level=spec.bot_levels[-1], seed=9)
        seen_other = False
        while session.outcome() is None and time.monotonic() < end:
            view = session.state
            if 0 in spec.rules.to_act(view) and not table.busy() and not session.waiting_s():
                before = session.client.n[0]
                result = table.submit(bot.choose(view))  # what a click on the table does
                assert result, getattr(result, "reason", "")
                while session.waiting_s() and time.monotonic() < end:  # the server's answer, frames going on
                    live_frame(app)
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
    join.go()
    end = time.monotonic() + 15
    while join.pending is not None and time.monotonic() < end:
        live_frame(app)
    assert join.pending is None


def open_online_item(app, label: str):
    open_online(app)
    menu = top(app).menu
    for _ in range(len(menu.items)):
        if menu.items[menu.focus].label == label:
            break
        key(app, "down")
    key(app, "return")


def open_join(app):
    open_online_item(app, "Join a game")
    join = top(app)
    assert type(join).__name__ == "JoinScene"
    return join


def type_keys(app, text: str):
    """Type as a keyboard does: each key's KEYDOWN (which a menu would read as a move: W, S, A, D,
    Space...) and the letter it types (TEXTINPUT)."""
    for ch in text:
        code = pygame.key.key_code(ch.lower()) if ch.strip() else pygame.K_SPACE
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=ch, scancode=0))
        frames(app)


def test_join_says_clearly_when_nobody_answers_or_the_code_is_wrong(app):
    join = open_join(app)
    join.text = f"tabletop://127.0.0.1:9/{'A' * P.CODE_LEN}"  # nothing listens there
    joined(app, join)
    assert "Nothing answers at 127.0.0.1:9" in join.error
    frames(app, 2)
    server = NetThread()
    try:
        port = server.host(0)
        join.text = f"tabletop://127.0.0.1:{port}/ab-cd"
        join.go()
        assert f"{P.CODE_LEN} letters" in join.error and join.pending is None
        join.text = f"127.0.0.1:{port} {'A' * P.CODE_LEN}"  # an address and a code work too
        joined(app, join)
        assert "The server answered, but it has no room" in join.error
        frames(app, 2)
        assert scene_name(top(app)) == "JoinScene"
    finally:
        server.close()


def test_every_letter_and_digit_types_into_the_invite_box_and_only_tab_enter_esc_and_arrows_act(app):
    join = open_join(app)
    join.text = ""
    every = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 :/.-"
    type_keys(app, every)
    assert join.text == every and join.order[join.focus] == "box" and top(app) is join
    for _ in range(len(every) + 3):  # Backspace deletes, and on an empty box does nothing else
        key(app, "backspace")
    assert join.text == "" and top(app) is join and join.order[join.focus] == "box"
    type_keys(app, "10.0.0.7:8765/k7qp2")
    key(app, "tab")
    assert join.order[join.focus] == "go"
    type_keys(app, "ws")  # off the box, letters type nothing and move nothing
    assert join.text == "10.0.0.7:8765/k7qp2" and join.order[join.focus] == "go"
    key(app, "up")
    assert join.order[join.focus] == "box"
    key(app, "escape")
    assert scene_name(top(app)) == "OnlineMenu"


def test_enter_in_the_box_joins_and_ctrl_v_pastes_the_invite(app):
    join = open_join(app)
    join.text = ""
    pygame.scrap.put_text(f"  tabletop://127.0.0.1:9/{'K' * P.CODE_LEN}\n")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    frames(app)
    assert join.text == f"tabletop://127.0.0.1:9/{'K' * P.CODE_LEN}"
    key(app, "return")  # Enter in the box joins: nothing answers at port 9
    end = time.monotonic() + 15
    while (join.pending is not None or not join.error) and time.monotonic() < end:
        live_frame(app)
    assert "Nothing answers at 127.0.0.1:9" in join.error


def test_a_gamepad_alone_types_the_invite_with_the_letter_picker(app):
    from tools.virtualpad import VirtualPad

    pad = VirtualPad()
    try:
        frames(app, 3)
        join = open_join(app)
        join.text = ""
        pad.press(app, "a")  # A on the box: the letter picker
        picker = top(app)
        assert type(picker).__name__ == "TextPicker"
        picker.text = ""
        wanted = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:/.-"
        for ch in wanted:
            row = next(r for r, keys in enumerate(picker.rows) if any(k[1] == ch for k in keys))
            i = next(i for i, k in enumerate(picker.rows[row]) if k[1] == ch)
            picker.at = (row, i)
            pad.press(app, "a")
            picker.upper = True
        pad.press(app, "start")  # Start keeps what was typed
        assert top(app) is join and join.text == wanted and join.order[join.focus] == "go"
        assert "letter picker" in draw_texts(app)
    finally:
        pad.unplug()


def draw_texts(app) -> str:
    """Every string the screen drew in one frame, joined (the hint line names the device in use)."""
    from tabletop.ui import gfx

    seen: list[str] = []
    gfx.SEEN = seen  # the drawing helpers tell it every text they draw
    try:
        frames(app)
    finally:
        gfx.SEEN = None
    return " | ".join(seen)


def test_join_from_the_launcher_seats_the_player_at_the_hosts_table(app):
    host_net = NetThread()
    try:
        port = host_net.host(0)
        host_net.connect(f"ws://127.0.0.1:{port}")
        seats = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
        host_net.run(host_net.client.create("punch", seats))
        join = open_join(app)
        join.text = invite.make(f"127.0.0.1:{port}", host_net.client.room.lower())
        joined(app, join)
        assert join.error == ""
        assert app.settings.last_invite == join.text  # the next Join starts from it
        end = time.monotonic() + 10
        while not scene_name(top(app)).startswith("Remote") and time.monotonic() < end:
            live_frame(app)
        table = top(app)
        assert scene_name(table) == "RemotePunchTable"
        assert table.session.you == [1] and table.humans == [1]
        assert table.session.state.hands[0] is None  # the host's hand is not on this computer
        end = time.monotonic() + 10
        while not table.net_note(0) and time.monotonic() < end:  # the first pings
            live_frame(app)
        # what follows each name on the table: the person elsewhere is no computer, and has a ping
        assert "computer" not in table.name_note(0) and table.name_note(0).endswith(" ms")
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
        assert scene_name(top(app)) == "RemotePunchTable"
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


ZOE = "Zoë \U0001f94a"  # composed, as a name box keeps it: a letter with a mark, a space, an emoji


def test_online_the_hosts_and_the_joiners_names_are_sent_and_two_anas_are_told_apart(app):
    """On loopback: the host's own name (marks and emoji) goes with the create, the joiner's with its join,
    and everybody sees both; the joiner called like the host is told apart."""
    from tabletop.ui.online_forms import JoinScene
    from tabletop.ui.online_host import HostScene

    app.settings.name = ZOE  # this program hosts, then joins its own room: two people with one name
    host_scene = HostScene(app)
    host_scene._game("punch")
    seats = host_scene.seats()
    assert seats[0]["name"] == ZOE and seats[1]["kind"] == "remote"
    host_net = NetThread()
    try:
        port = host_net.host(0)
        host_net.connect(f"ws://127.0.0.1:{port}")
        host_net.run(host_net.client.create("punch", seats))
        join = JoinScene(app, invite.make(f"127.0.0.1:{port}", host_net.client.room))
        app.push(join)
        join.go()
        end = time.monotonic() + 10
        while scene_name(top(app)) == "JoinScene" and time.monotonic() < end:
            frames(app)
            time.sleep(0.01)
        assert join.error == ""
        joiner = top(app).net.client
        host = host_net.client
        want = [ZOE, f"{ZOE} (2)"]
        host_net.run(host.wait(lambda: [s["name"] for s in host.seats] == want, timeout=5))
        assert [s["name"] for s in host.seats] == want  # the host sees the joiner's name
        end = time.monotonic() + 5
        while [s["name"] for s in joiner.seats] != want and time.monotonic() < end:
            time.sleep(0.01)
        assert [s["name"] for s in joiner.seats] == want  # and the joiner sees both
    finally:
        host_net.close()


def test_a_room_made_on_tabletop_serve_from_the_launcher_and_a_friend_joins_with_its_invite(app):
    import subprocess

    from tests.online_helpers import free_port, start_serve

    port = free_port()
    serve = start_serve(port, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    friend = NetThread()
    try:
        open_online_item(app, "Host on a server")
        form = top(app)
        assert type(form).__name__ == "ServerScene"
        form.text = ""
        type_keys(app, f"127.0.0.1:{port}")
        key(app, "return")
        end = time.monotonic() + 15
        while scene_name(top(app)) == "ServerScene" and time.monotonic() < end:
            live_frame(app)
        setup = top(app)
        assert type(setup).__name__ == "HostScene" and setup.server == f"ws://127.0.0.1:{port}"
        assert app.settings.last_server == f"127.0.0.1:{port}"
        setup._game("punch")
        setup.host()
        end = time.monotonic() + 10
        while scene_name(top(app)) == "Busy" and time.monotonic() < end:
            live_frame(app)
        room = top(app)
        assert type(room).__name__ == "WaitingRoom" and room.net.server is None  # nothing hosted here
        inv = invite.parse(room.invite, P.CODE_LEN)
        assert inv.url == f"ws://127.0.0.1:{port}" and inv.code == room.net.client.room
        friend.connect(inv.url)
        friend.run(friend.client.join(inv.code))
        assert friend.client.you == [1]
        end = time.monotonic() + 15
        while scene_name(top(app)) == "WaitingRoom" and time.monotonic() < end:
            live_frame(app)
        assert scene_name(top(app)) == "RemotePunchTable"
    finally:
        friend.close()
        serve.terminate()
        serve.wait(10)


def test_a_turn_based_table_online_sleeps_until_the_network_brings_the_friends_move(app):
    """The window's loop sleeps while the table waits (idle costs nothing); a message from the
    network thread wakes it, and the friend's move is drawn without anybody touching anything."""
    room = host(app, "punch")
    friend = NetThread()
    try:
        friend.connect(server_url(f"127.0.0.1:{room.net.server.port}"))
        friend.run(friend.client.join(room.net.client.room))
        end = time.monotonic() + 30
        while not scene_name(top(app)).startswith("Remote") and time.monotonic() < end:
            app.loop(seconds=0.2)  # the real loop: it sleeps, and the network wakes it
        table = top(app)
        assert scene_name(table) == "RemotePunchTable"
        app.loop(seconds=0.5)
        rules = table.session.spec.rules
        spec = friend.client.spec
        host_bot = spec.make_bot(seat=0, level=spec.bot_levels[-1], seed=3)
        while 1 not in rules.to_act(table.session.state) and time.monotonic() < end:
            # some deals ask the host alone first (here: through the host's own connection)
            room.net.run(room.net.client.act(0, host_bot.choose(room.net.client.views[0])))
            app.loop(seconds=0.3)
        assert 1 in rules.to_act(table.session.state) and table.next_frame() is None  # nothing moves here
        bot = spec.make_bot(seat=1, level=spec.bot_levels[-1], seed=4)
        before = table.session.state
        friend.run(friend.client.act(1, bot.choose(friend.client.views[1])))
        drawn = app.frame
        while table.session.state is before and time.monotonic() < end:
            app.loop(seconds=0.2)
        assert table.session.state is not before  # the friend's move came while the loop slept
        app.loop(seconds=0.3)  # (the move may have come just as the loop above ended)
        assert app.frame > drawn  # ... and woke it to draw
    finally:
        friend.close()


def nested_wrong_type() -> dict:
    """A good view whose first player's first card has a rank that is text (two levels down)."""
    view = hostile_host.good_view()
    view["players"][0]["stats"][0]["rank"] = "ten"
    return view


@pytest.mark.parametrize(
    "bad_view, said",
    [
        (lambda: dict(hostile_host.good_view(), phase="boom"), "phase"),
        (nested_wrong_type, "Card.rank cannot be ten"),
    ],
    ids=["unknown phase", "nested field of the wrong type"],
)
def test_a_hostile_host_s_view_sends_the_joiner_back_to_the_launcher_with_one_line(app, bad_view, said):
    """The table is drawing a good view when the host sends one with an unknown phase, or with a card
    two levels down whose rank is text: the joiner's program does not crash; it says so in one line
    and goes back to the launcher."""
    from tests import hostile_host as H

    ready = [H.welcome(), H.STATUS, H.state(H.good_view())]
    bad = [H.state(bad_view(), n=1)]
    net = NetThread()
    host = net.run(H.serve(ready, then=bad, gap=1.0))
    try:
        join = open_join(app)
        join.text = f"127.0.0.1:{host.sockets[0].getsockname()[1]} ABCDEFGH"
        joined(app, join)
        end = time.monotonic() + 10
        seen = set()
        while scene_name(top(app)) != "Launcher" and time.monotonic() < end:
            seen.add(scene_name(top(app)))
            live_frame(app)
        assert any(n.startswith("Remote") for n in seen), seen  # the table drew the good view first
        assert scene_name(top(app)) == "Launcher"
        told = [t[0] for t in app.toasts if "cannot use" in t[0]]
        assert len(told) == 1 and said in told[0] and "\n" not in told[0], app.toasts
    finally:
        host.close()
        net.run(host.wait_closed(), timeout=15)
        net.close()


def test_a_third_person_watches_a_punch_game_from_the_launcher_and_sees_no_secret(app):
    """Watch a game: the invite of a game two others play; the game's own table, with no seat and
    no card face down shown, follows every move to the end."""
    server = NetThread()
    a, b = NetThread(), NetThread()
    try:
        port = server.host(0)
        server.connect(f"ws://127.0.0.1:{port}")
        seats = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
        server.run(server.client.create("punch", seats, {"matches_to_win": 1}))
        code = server.client.room
        b.connect(f"ws://127.0.0.1:{port}")
        b.run(b.client.join(code))
        open_online_item(app, "Watch a game")
        watch = top(app)
        assert type(watch).__name__ == "WatchScene"
        watch.text = invite.make(f"127.0.0.1:{port}", code)
        joined(app, watch)
        assert watch.error == ""
        end = time.monotonic() + 15
        while not scene_name(top(app)).startswith("Remote") and time.monotonic() < end:
            live_frame(app)
        table = top(app)
        assert scene_name(table) == "RemotePunchTable" and table.humans == [] and table.session.you == []
        ana, bo = server.client, b.client
        plays = [
            asyncio.run_coroutine_threadsafe(bot_player(ana, 0, seed=1, timeout=60), server.loop),
            asyncio.run_coroutine_threadsafe(bot_player(bo, 1, seed=2, timeout=60), b.loop),
        ]
        session = table.session
        assert [table.names[i] + table.name_note(i).split(" ·")[0] for i in (0, 1)] == ["Ana", "Bo"]
        end = time.monotonic() + 60
        while session.outcome() is None and time.monotonic() < end:
            view = session.state
            assert view.hands == (None, None) and view.rng is None  # nobody's cards, ever
            live_frame(app)
        assert session.outcome() is not None
        for p in plays:
            p.result(10)
        frames(app, 5)  # the result panel draws for an onlooker too
        assert scene_name(top(app)) == "RemotePunchTable"
    finally:
        for net in (a, b, server):
            net.close()


def _finish_punch(app, table, friend, seed=1):
    """Both seats play a one-match Punch! game to its end: this program's seat at its table, the
    friend's through its own client."""
    session = table.session
    me = session.you[0]
    bot = session.spec.make_bot(seat=me, level=session.spec.bot_levels[-1], seed=seed)
    play = asyncio.run_coroutine_threadsafe(bot_player(friend.client, 1 - me, seed=seed + 1, timeout=60), friend.loop)
    end = time.monotonic() + 60
    while session.outcome() is None and time.monotonic() < end:
        idle = not table.busy() and not session.paused_for() and not session.waiting_s()
        if me in session.spec.rules.to_act(session.state) and idle:
            table.submit(bot.choose(session.state))
        live_frame(app)
    play.result(10)
    end = time.monotonic() + 10
    while session.client.over is None and time.monotonic() < end:
        live_frame(app)


def test_rematch_online_when_both_say_yes_starts_again_with_seats_swapped_and_a_no_is_told(app):
    room = host(app, "punch", {"matches_to_win": 1})
    code = room.net.client.room
    friend = NetThread()
    try:
        friend.connect(server_url(f"127.0.0.1:{room.net.server.port}"))
        friend.run(friend.client.join(code))
        end = time.monotonic() + 15
        while not scene_name(top(app)).startswith("Remote") and time.monotonic() < end:
            live_frame(app)
        table = top(app)
        assert table.session.you == [0]
        _finish_punch(app, table, friend)
        assert table.session.outcome() is not None
        table.play_again()  # Rematch on the result panel
        friend_name = table.session.seats[1].name
        assert live(
            app, 5, lambda: table.link.vote_lines() == [("You: yes", gfx.GREEN), (f"{friend_name}: not yet", gfx.GREY)]
        )
        fc = friend.client
        friend.run(fc.wait(lambda: fc.rematch_votes.get(0) is True))
        friend.run(fc.rematch(True))
        end = time.monotonic() + 15
        while top(app) is table and time.monotonic() < end:
            live_frame(app)
        again = top(app)
        assert scene_name(again) == "RemotePunchTable" and again.session.you == [1]  # seats swapped
        assert again.session.outcome() is None and again.session.client.room == code
        friend.run(fc.wait(lambda: fc.you == [0] and 0 in fc.views))
        assert [s.name for s in again.session.seats] == [fc.seats[0]["name"], app.settings.own_name()]
        assert again.link.vote_lines() == [(f"{friend_name}: not yet", gfx.GREY), ("You: not yet", gfx.GREY)]
        # the second game ends; the friend says no: this side is told, and stays on its result
        _finish_punch(app, again, friend, seed=5)
        friend.run(fc.rematch(False))
        end = time.monotonic() + 10
        while (f"{friend_name}: no", gfx.REFUSE) not in again.link.vote_lines() and time.monotonic() < end:
            live_frame(app)
        assert again.link.vote_lines() == [(f"{friend_name}: no", gfx.REFUSE), ("You: not yet", gfx.GREY)]
        assert top(app) is again
    finally:
        friend.close()


@pytest.mark.parametrize(
    "language, told",
    [
        ("en", "Ana left the game. The game ends here: it is not kept."),
        ("es", "Ana se fue de la partida. La partida termina aquí: no se guarda."),
    ],
)
def test_a_player_who_leaves_on_purpose_ends_the_game_and_the_other_is_told(app, language, told):
    """Closing the window keeps an online game; leaving it on purpose ends it, and the other player is
    told who left (they no longer wait for somebody who is not coming back), in their own language:
    the host's server sends the sentence's template and the name, and the joiner's program says it."""
    from tabletop.core import i18n
    from tabletop.online import kept_seats

    host_net = NetThread()
    try:
        port = host_net.host(0)
        host_net.connect(f"ws://127.0.0.1:{port}")
        seats = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
        host_net.run(host_net.client.create("punch", seats))
        join = open_join(app)
        join.text = invite.make(f"127.0.0.1:{port}", host_net.client.room)
        joined(app, join)
        end = time.monotonic() + 10
        while not scene_name(top(app)).startswith("Remote") and time.monotonic() < end:
            live_frame(app)
        assert [k.code for k in kept_seats.kept([])] == [host_net.client.room]
        i18n.set_language(language)  # (the menus were walked in English)
        host_net.run(host_net.client.bye(gone=True))  # Ana leaves the game from her pause menu
        end = time.monotonic() + 10
        while scene_name(top(app)) != "Launcher" and time.monotonic() < end:
            live_frame(app)
        assert scene_name(top(app)) == "Launcher"
        assert told in [t[0] for t in app.toasts]
        assert kept_seats.kept([]) == []  # nothing to come back to
    finally:
        host_net.close()


def finished_game_frames(room: str) -> list:
    """What a host sends a joiner for a whole Stabby Jack game: the welcome (to ``room``), the
    finished table and the result with its record (a real game, played by the computer)."""
    from tabletop.core import codec, playout, registry

    spec = registry.get("stabby-jack")
    game = playout.play(spec, seed=3, players=2, levels=[spec.bot_levels[0]] * 2)
    out = spec.rules.outcome(game.state)
    view = codec.state_to_json(spec.rules, spec.rules.view_for(game.state, 1))
    over = {"type": "over", "winner": out.winner, "reason": out.reason, "record": game.record.to_json()}
    H = hostile_host
    return [dict(H.welcome(), room=room, options=game.record.options), H.STATUS, H.state(view), over]


def files_under(folder) -> set:
    return {p for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize(
    "room",
    ["/../../../../escaped", "../../../../escaped", "ABCD/../../../../../escaped", "..\\..\\escaped", "ABCDEFG\x00"],
)
def test_a_host_s_room_code_never_names_a_file_outside_the_data_folder(app, room):
    """Issue 38, finding 1: the host's room code once named the joiner's Replays file, so a fake host
    wrote (or overwrote) any .json file the player could write. A room code that is not one is refused
    at the door with one line; nothing is written anywhere."""
    import os
    from pathlib import Path

    home = Path(os.environ["TABLETOP_HOME"])
    around = home.parent  # the folders beside and above the player's own
    before = files_under(around)
    net = NetThread()
    host = net.run(hostile_host.serve(finished_game_frames(room)))
    try:
        join = open_join(app)
        join.text = f"127.0.0.1:{host.sockets[0].getsockname()[1]} ABCDEFGH"
        joined(app, join)
        end = time.monotonic() + 10
        while scene_name(top(app)) not in ("Launcher", "JoinScene") and time.monotonic() < end:
            live_frame(app)
        frames(app, 3)
        new = files_under(around) - before
        assert not [p for p in new if home / "data" not in p.parents], new  # nothing outside the data folder
        assert not [p for p in new if p.suffix == ".json"], new  # and no record, seat or game anywhere
        said = [t[0] for t in app.toasts] + [top(app).error if scene_name(top(app)) == "JoinScene" else ""]
        assert [s for s in said if "cannot use" in s], said  # one line says why
        assert not scene_name(top(app)).startswith("Remote")  # no table for a game that cannot be kept
    finally:
        host.close()
        net.run(host.wait_closed(), timeout=15)
        net.close()


def test_a_finished_game_from_an_honest_host_is_kept_in_replays_once_under_a_name_made_here(app):
    """The control for the test above: the same game from a host with a real room code reaches
    Replays, in the saves folder, named by this program (never by the code the host sent)."""
    from tabletop import kept

    net = NetThread()
    host = net.run(hostile_host.serve(finished_game_frames("ABCDEFGH")))
    try:
        join = open_join(app)
        join.text = f"127.0.0.1:{host.sockets[0].getsockname()[1]} ABCDEFGH"
        joined(app, join)
        end = time.monotonic() + 10
        while not kept.finished([]) and time.monotonic() < end:
            live_frame(app)
        done = kept.finished([])
        assert len(done) == 1 and done[0].path.name.startswith("stabby-jack-")
        assert "ABCDEFGH" not in done[0].path.name
    finally:
        host.close()
        net.run(host.wait_closed(), timeout=15)
        net.close()


def test_a_host_gives_a_move_clock_and_the_table_counts_it_down(app):
    """Issue 38, item 3: hosting a turn-based game offers a time for each move; the room counts it in
    its status and the table shows the seconds left for the move it waits for."""
    open_online(app)
    key(app, "return")  # Host a game
    scene = top(app)
    scene._game("punch")
    clock = next(i for i, it in enumerate(scene.menu.items) if it.key == "clock")
    assert scene.menu.items[clock].value == 0  # by default a move takes as long as it takes
    scene.menu.focus = clock
    key(app, "right")  # 1 minute
    assert scene.move_clock == 60
    scene.host()
    end = time.monotonic() + 10
    while scene_name(top(app)) == "Busy" and time.monotonic() < end:
        live_frame(app)
    room = top(app)
    friend = NetThread()
    try:
        friend.connect(server_url(f"127.0.0.1:{room.net.server.port}"))
        friend.run(friend.client.join(room.net.client.room))
        end = time.monotonic() + 10
        while not scene_name(top(app)).startswith("Remote") and time.monotonic() < end:
            live_frame(app)
        table = top(app)
        end = time.monotonic() + 10
        while table.session.count("move_in") is None and time.monotonic() < end:
            live_frame(app)
        assert 50 <= table.session.count("move_in") <= 60
        seen: list[str] = []
        gfx.SEEN = seen
        try:
            frames(app)
        finally:
            gfx.SEEN = None
        assert any(t.startswith("Time for this move: ") for t in seen), seen
    finally:
        friend.close()
