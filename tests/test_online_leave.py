"""Leave leaves (issue 35, item 2) and no network wait on the window's thread (issue 38, item 2): every
way out of an online table says the documented goodbye, the others are told within two seconds, a
server hosted here stops, and a Resume puts both people back in the same room; a silent server never
freezes the window. Two programs: this test's window, and a friend's program in a process of its own."""

import os
import socket
import subprocess
import sys
import threading
import time

import pygame
import pytest

from tabletop import kept
from tabletop.online import invite
from tabletop.online.remote import NetThread
from tests.ui_helpers import frames, key, quick_app, scene_name, top

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FRIEND = r"""
import sys, time
from tests.child_table import until_table
from tests.ui_helpers import frames, key, quick_app, top
from tabletop.ui.online_forms import JoinScene
app = quick_app(); app.start(); frames(app, 2)
join = JoinScene(app, text=sys.argv[1]); app.push(join); join.go()
table = until_table(app)
print("TABLE", flush=True)
if sys.argv[2] == "leave":  # the pause menu's Leave, then "Leave the game" (as a person presses them)
    time.sleep(0.5)
    key(app, "escape")
    for label in ("Leave to the menu", "Leave the game"):
        menu = top(app).menu
        while not menu.items[menu.focus].label.startswith(label):
            key(app, "down")
        key(app, "return")
    print("LEFT", time.monotonic(), type(top(app)).__name__, flush=True)
end = time.monotonic() + 60
while time.monotonic() < end:  # the program stays open (its table joins again after a drop by itself)
    frames(app)
    time.sleep(0.01)
"""


@pytest.fixture
def app(monkeypatch):
    from tabletop.online import remote

    monkeypatch.setattr(remote, "BIND", "127.0.0.1")  # tests stay on the loopback address
    monkeypatch.setattr(remote, "HOST_PORT", remote.HOST_PORT)  # a test hosts on a port of its choosing
    a = quick_app()
    a.start()
    frames(a, 2)
    yield a
    for scene in list(a.stack):
        net = getattr(scene, "net", None) or getattr(getattr(scene, "session", None), "net", None)
        if net is not None:
            net.wait_closed()
    pygame.quit()


def live(app, seconds, until):
    end = time.monotonic() + seconds
    while not until() and time.monotonic() < end:
        frames(app)
        time.sleep(0.003)
    return until()


def host_punch(app, port: int):
    """Host a one-match Punch! game from the launcher's screens, on ``port``."""
    from tabletop.online import remote
    from tabletop.ui.online_host import HostScene

    remote.HOST_PORT = port  # (the fixture puts it back)
    scene = HostScene(app)
    app.push(scene)
    scene._game("punch")
    scene.options["matches_to_win"] = 1
    scene.host()
    assert live(app, 10, lambda: scene_name(top(app)) == "WaitingRoom")
    return top(app)


def friend(tmp_path, invite_text: str, mode: str):
    """The friend's program, on its own data folder."""
    home = tmp_path / "friend"
    home.mkdir(exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-c", FRIEND, invite_text, mode],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": ROOT, "TABLETOP_HOME": str(home)},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def read_line(proc, start: str, seconds: float = 40) -> str:
    line, end = "", time.monotonic() + seconds
    while not line.startswith(start) and time.monotonic() < end:
        line = proc.stdout.readline()
    return line


def listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


def choose(app, label: str) -> None:
    menu = top(app).menu
    for _ in range(len(menu.items)):
        if menu.items[menu.focus].label.startswith(label):
            break
        key(app, "down")
    assert menu.items[menu.focus].label.startswith(label)
    key(app, "return")


def test_the_joiner_leaves_from_the_pause_menu_and_the_hosts_table_says_so_within_two_seconds(app, tmp_path):
    from tests.online_helpers import free_port

    port = free_port()
    room = host_punch(app, port)
    child = friend(tmp_path, room.invite.replace(room.address, f"127.0.0.1:{port}"), "leave")
    try:
        assert live(app, 40, lambda: scene_name(top(app)) == "RemotePunchTable")
        table = top(app)
        name = table.session.seats[1].name
        line = ""
        while not line.startswith("LEFT") and child.poll() is None:  # the host's window keeps drawing
            frames(app)
            line = read_line(child, "LEFT", 0.5) if child.stdout else ""
        assert line.startswith("LEFT") and line.split()[2] == "Launcher", line
        left_at = float(line.split()[1])
        assert live(app, 5, lambda: any(f"{name} left the game" in t[0] for t in app.toasts))
        told_in = time.monotonic() - left_at
        assert told_in < 2.0, f"told after {told_in:.2f} s"
        assert any("The game ends here" in t[0] for t in app.toasts)  # and what happens next
        assert scene_name(top(app)) == "Launcher"
        assert live(app, 5, lambda: not listening(port))  # the room is done: the server hosted here stopped
        assert live(app, 5, lambda: kept.unfinished([]) == [])  # and Continue does not offer the ended game
    finally:
        child.kill()
        child.wait(10)


def test_the_host_leaves_from_the_pause_menu_the_friend_is_told_and_no_listening_socket_remains(app):
    from tests.online_helpers import free_port

    port = free_port()
    room = host_punch(app, port)
    bo = NetThread()
    try:
        bo.connect(f"ws://127.0.0.1:{port}")
        bo.run(bo.client.join(room.net.client.room))
        assert live(app, 15, lambda: scene_name(top(app)) == "RemotePunchTable")
        table = top(app)
        net = table.session.net
        key(app, "escape")
        choose(app, "Leave to the menu")
        assert scene_name(top(app)) == "LeaveQuestion"  # asked first, during a game
        choose(app, "Leave the game")
        left_at = time.monotonic()
        assert scene_name(top(app)) == "Launcher"
        c = bo.client
        bo.run(c.wait(lambda: bool(c.closed_reason), timeout=5))
        assert time.monotonic() - left_at < 2.0
        assert c.closed_reason == f"{table.session.seats[0].name} left the game."
        assert net.wait_closed(5)
        assert not listening(port)
        assert kept.unfinished([]) == []  # the game that ended is not offered by Continue
    finally:
        bo.wait_closed()


def test_a_host_who_comes_back_later_resumes_the_same_room_on_the_same_port_and_the_friend_is_back(
    app, tmp_path, monkeypatch
):
    from tests.online_helpers import free_port
    from tests.test_online_rejoin import start_again

    port = free_port()
    room = host_punch(app, port)
    code = room.net.client.room
    child = friend(tmp_path, invite.make(f"127.0.0.1:{port}", code), "stay")
    try:
        assert read_line(child, "TABLE").startswith("TABLE")
        assert live(app, 15, lambda: scene_name(top(app)) == "RemotePunchTable")
        table = top(app)
        net = table.session.net
        key(app, "escape")
        choose(app, "Leave to the menu")
        choose(app, "Come back later")
        assert scene_name(top(app)) == "Launcher"
        assert net.wait_closed(5) and not listening(port)  # the old room does not linger on its port
        pygame.quit()

        again = start_again()  # the host's program started again
        try:
            cont = top(again)
            assert "Punch! online (hosted here)" in cont.menu.items[0].label  # marked as online
            key(again, "return")  # the kept game
            key(again, "return")  # Resume
            assert live(again, 10, lambda: scene_name(top(again)) == "WaitingRoom")
            waiting = top(again)
            assert waiting.net.client.room == code and waiting.net.server.port == port
            # the friend's program, which kept trying its seat, is back by itself: the game goes on
            assert live(again, 35, lambda: scene_name(top(again)) == "RemotePunchTable")  # (its rounds wait 2, 4, 8 s)
            assert top(again).session.client.room == code
        finally:
            for scene in list(again.stack):
                net = getattr(scene, "net", None) or getattr(getattr(scene, "session", None), "net", None)
                if net is not None:
                    net.wait_closed()
    finally:
        child.kill()
        child.wait(10)


class SilentServer:
    """A loopback socket that accepts every connection and never answers a byte."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.conns: list[socket.socket] = []
        self.running = True
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        end = time.monotonic() + 60
        while self.running and time.monotonic() < end:
            try:
                conn, _ = self.sock.accept()
                self.conns.append(conn)
            except OSError:
                pass

    def close(self):
        self.running = False
        self.thread.join(2)
        for c in self.conns:
            c.close()
        self.sock.close()


def test_host_on_a_silent_server_keeps_the_window_drawing_and_cancel_returns(app):
    from tabletop.ui.online_host import HostScene

    silent = SilentServer()
    try:
        scene = HostScene(app, server=f"ws://127.0.0.1:{silent.port}")
        app.push(scene)
        frames(app, 2)
        scene.host()
        busy = top(app)
        assert scene_name(busy) == "Busy" and "Making the room on 127.0.0.1" in busy.what
        first = app.frame
        app.loop(seconds=1.0)  # the window's own loop, at its own pace, while the server says nothing
        assert app.frame - first >= 10, f"{app.frame - first} frames in a second"  # (a wait here: 0 or 1)
        assert top(app) is busy and silent.conns  # still waiting, and the connection was made
        key(app, "escape")  # Cancel
        assert top(app) is scene
        assert busy.net.wait_closed(5)
    finally:
        silent.close()


def finish_a_punch_game(app, host: NetThread, code: str, game: int, rematch: bool = True) -> None:
    """This window's seat and the host's client (its bot) play the room's ``game``-th game to its end;
    the first ends with both saying yes to a rematch (``rematch``)."""
    import asyncio

    from tabletop import paths
    from tests.online_helpers import bot_player

    assert live(app, 20, lambda: scene_name(top(app)) == "RemotePunchTable" and top(app).session.game_no == game)
    table = top(app)
    s = table.session
    me = s.you[0]
    ana = host.client
    play = asyncio.run_coroutine_threadsafe(bot_player(ana, 1 - me, seed=game, timeout=60), host.loop)
    bot = s.spec.make_bot(seat=me, level=s.spec.bot_levels[-1], seed=game + 5)

    def turn():
        idle = not table.busy() and not s.paused_for() and not s.waiting_s()
        if s.outcome() is None and idle and me in s.rules.to_act(s.state):
            table.submit(bot.choose(s.state))
        return s.client.over is not None

    assert live(app, 60, turn)
    play.result(10)
    assert live(app, 5, lambda: len(list(paths.saves_dir().glob("punch-online-*.json"))) == game + 1)
    if game == 0 and rematch:
        table.play_again()  # Rematch; Ana says yes too
        host.run(ana.wait(lambda: ana.rematch_votes.get(me) is True))
        host.run(ana.rematch(True))
        host.run(ana.wait(lambda: ana.game_no == 1 and bool(ana.views)))


def test_a_rematch_leaves_two_records_in_the_joiners_replays(app):
    """Each online game, rematches included, is its own record (a rematch overwrote the game before)."""
    from tabletop import paths
    from tabletop.ui.online_forms import JoinScene
    from tests.online_helpers import host_a_room

    host = host_a_room("punch", {"matches_to_win": 1})
    try:
        port, code = host.server.port, host.client.room
        join = JoinScene(app, text=invite.make(f"127.0.0.1:{port}", code))
        app.push(join)
        join.go()
        finish_a_punch_game(app, host, code, 0)
        finish_a_punch_game(app, host, code, 1)
        records = sorted(paths.saves_dir().glob("punch-online-*.json"))
        assert len(records) == 2 and records[0].read_text() != records[1].read_text()
    finally:
        host.wait_closed()


def test_a_player_who_leaves_the_result_is_shown_as_left_on_the_others_panel(app):
    from tabletop.ui import gfx
    from tabletop.ui.online_forms import JoinScene
    from tests.online_helpers import host_a_room

    host = host_a_room("punch", {"matches_to_win": 1})
    try:
        join = JoinScene(app, text=invite.make(f"127.0.0.1:{host.server.port}", host.client.room))
        app.push(join)
        join.go()
        finish_a_punch_game(app, host, host.client.room, 0, rematch=False)
        table = top(app)
        assert live(app, 5, table.showing_result)
        assert table.link.vote_lines() == [("Ana: not yet", gfx.GREY), ("You: not yet", gfx.GREY)]
        host.run(host.client.rematch(False))
        host.run(host.client.bye())  # Ana goes back to her menu
        assert live(app, 2, lambda: table.link.vote_lines()[0] == ("Ana: left", gfx.REFUSE))
        assert top(app) is table  # the result stays until a press here
    finally:
        host.wait_closed()


def test_leaving_the_waiting_room_of_a_game_under_way_asks_first(app):
    """Esc from a waiting screen of a game under way (a friend's room joined again) asks first; Come
    back later keeps the seat for Continue."""
    from tabletop.online import kept_seats
    from tabletop.ui.online_forms import JoinScene
    from tests.online_helpers import host_a_room

    host = host_a_room("punch")
    try:
        code = host.client.room
        join = JoinScene(app, text=invite.make(f"127.0.0.1:{host.server.port}", code))
        app.push(join)
        join.go()
        assert live(app, 15, lambda: scene_name(top(app)) == "RemotePunchTable")
        table = top(app)
        s = table.session
        if 1 in s.rules.to_act(s.state):  # a move, whoever is first: the game is under way
            table.submit(s.spec.make_bot(seat=1, level="easy", seed=1).choose(s.state))
        else:
            ana = host.client
            host.run(ana.act(0, s.spec.make_bot(seat=0, level="easy", seed=1).choose(ana.views[0])))
        assert live(app, 10, lambda: not s.waiting_s() and max(s.client.n.values()) > 0)
        host.run(host.client.bye())  # Ana steps away; Bo leaves the table for now and joins again
        table.link.step_away()
        app.home()
        join = JoinScene(app, text=invite.make(f"127.0.0.1:{host.server.port}", code))
        app.push(join)
        join.go()
        assert live(app, 15, lambda: scene_name(top(app)) == "WaitingRoom")  # Ana is away: it waits
        key(app, "escape")
        assert scene_name(top(app)) == "LeaveQuestion"
        choose(app, "Come back later")
        assert scene_name(top(app)) == "Launcher"
        assert [k.code for k in kept_seats.kept([])] == [code]  # Continue brings Bo back
    finally:
        host.wait_closed()


def test_a_turn_based_move_to_a_silent_server_never_freezes_the_window(app):
    """Issue 38, item 2: a move waited up to 3 s for the server on the window's thread."""
    import asyncio

    from tabletop.ui.online_forms import JoinScene
    from tests.online_helpers import bot_player, host_a_room

    host = host_a_room("punch")
    try:
        join = JoinScene(app, text=invite.make(f"127.0.0.1:{host.server.port}", host.client.room))
        app.push(join)
        join.go()
        assert live(app, 15, lambda: scene_name(top(app)) == "RemotePunchTable")
        table = top(app)
        s = table.session
        asyncio.run_coroutine_threadsafe(bot_player(host.client, 0, seed=1, timeout=30), host.loop)
        assert live(app, 10, lambda: 1 in s.rules.to_act(s.state) and not table.busy())
        before = s.client.n[1]
        host.loop.call_soon_threadsafe(time.sleep, 1.5)  # the server says nothing for 1.5 s
        time.sleep(0.05)
        start = time.monotonic()
        table.submit(s.spec.make_bot(seat=1, level="easy", seed=1).choose(s.state))
        assert time.monotonic() - start < 0.2  # sent, not waited for
        first = app.frame
        app.loop(seconds=1.0)  # the window's own loop goes on at its pace meanwhile
        assert app.frame - first >= 10, f"{app.frame - first} frames in a second"  # (a wait here: 0 or 1)
        assert s.waiting_s() > 0  # still on its way
        assert live(app, 5, lambda: not s.waiting_s())
        assert s.client.n[1] > before, table.message  # the server's answer came, and the table took it
    finally:
        host.wait_closed()


def test_closing_the_window_during_a_game_asks_first_and_a_second_close_closes(app):
    """Closing the window is a way out too: asked first during a game; closing it again while the
    question is up closes the program as "Come back later" does (the seat waits, nothing is left open)."""
    from tests.online_helpers import free_port

    port = free_port()
    room = host_punch(app, port)
    bo = NetThread()
    try:
        bo.connect(f"ws://127.0.0.1:{port}")
        bo.run(bo.client.join(room.net.client.room))
        assert live(app, 15, lambda: scene_name(top(app)) == "RemotePunchTable")
        net = top(app).session.net
        name = top(app).session.seats[0].name
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app)
        assert app.running and scene_name(top(app)) == "LeaveQuestion"
        assert top(app).heading == "Close tabletop during the game?"
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app)
        assert not app.running
        app.close()  # as the program ends: the goodbye goes out, the server hosted here stops
        assert net.wait_closed(1) and not listening(port)
        assert kept.unfinished([])  # the game is kept for Resume
        c = bo.client  # the friend was told the host steps away (the game waits), before the connection closed
        bo.run(c.wait(lambda: c.closed, timeout=5))
        assert c.status.get("paused") and c.status.get("waiting_for") == [name]
    finally:
        bo.wait_closed()


def test_a_seat_is_kept_by_its_room_so_another_address_for_it_takes_the_player_back(app):
    """The token was looked up by (address, code): the same room reached at another address (a host
    that came back on a new port, a new invite) said "no free seat"."""
    from tabletop.online import remote
    from tabletop.ui.online_forms import JoinScene
    from tests.online_helpers import host_a_room

    host = host_a_room("punch")
    try:
        port, code = host.server.port, host.client.room
        join = JoinScene(app, text=invite.make(f"127.0.0.1:{port}", code))
        app.push(join)
        join.go()
        assert live(app, 15, lambda: scene_name(top(app)) == "RemotePunchTable")
        top(app).link.step_away()  # Come back later
        app.home()
        remote.KNOWN_TOKENS.clear()  # as after a restart: only the kept seat (by its room) knows the token
        join = JoinScene(app, text=f"tabletop://localhost:{port}/{code}")  # the room at another address
        app.push(join)
        join.go()
        assert live(app, 15, lambda: scene_name(top(app)) == "RemotePunchTable"), join.error
        assert top(app).session.you == [1]
    finally:
        host.wait_closed()
