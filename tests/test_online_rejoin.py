"""A game played online survives the joiner's program being killed: started again on the same data
folder, Continue lists the online game and one press puts the player back in their seat, and the game
finishes with the result its record replays to (issue: a closed window loses an online game)."""

import os
import signal
import subprocess
import sys
import time

import pygame

from tabletop.online import invite, kept_seats
from tabletop.online.remote import NetThread
from tests.child_table import play_moves
from tests.online_helpers import bot_player, replays_to
from tests.ui_helpers import frames, key, quick_app, scene_name, top

CHILD = r"""
import sys, time
from tests.child_table import play_moves, until_table
from tests.ui_helpers import frames, quick_app
from tabletop.ui.online_forms import JoinScene
app = quick_app(); app.start(); frames(app, 2)
app.settings.name = "Bo"  # the joiner's own name goes with its join
join = JoinScene(app, text=sys.argv[1]); app.push(join); join.go()
print("PLAYED", play_moves(until_table(app), seat=1, n=3, seed=4), flush=True)
time.sleep(60)  # killed here, mid-game, as a crash or a closed window would end it
"""


def start_again():
    """The program started again on the same data folder, opened on Continue with the keyboard."""
    app = quick_app()
    app.start()
    frames(app, 2)
    launcher = top(app)
    for _ in range(len(launcher.menu.items)):
        if launcher.menu.items[launcher.menu.focus].label.startswith("Continue ("):
            break
        key(app, "tab")
    key(app, "return")
    return app


def live(app, seconds, until):
    end = time.monotonic() + seconds
    while not until() and time.monotonic() < end:
        frames(app)
        time.sleep(0.003)


def test_the_joiner_killed_mid_game_rejoins_from_continue_and_finishes_the_game(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    from tabletop.online import remote

    monkeypatch.setattr(remote, "BIND", "127.0.0.1")
    host = NetThread()
    child = None
    session = None
    try:
        port = host.host(0)
        host.connect(f"ws://127.0.0.1:{port}")
        seats = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
        host.run(host.client.create("punch", seats, {"matches_to_win": 1}))  # one match: quick, still whole
        code = host.client.room
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, invite.make(f"127.0.0.1:{port}", code)],
            cwd=root,
            env={**os.environ, "PYTHONPATH": root},
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        ana = host.client
        host.loop.call_soon_threadsafe(lambda: __import__("asyncio").ensure_future(bot_player(ana, 0, seed=2)))
        line = ""
        end = time.monotonic() + 60
        while "PLAYED" not in line and time.monotonic() < end:
            line = child.stdout.readline()
        assert line.split() == ["PLAYED", "3"], line
        child.send_signal(signal.SIGKILL)  # no goodbye, no clean close
        child.wait(10)
        host.run(ana.wait(lambda: ana.status.get("paused")))  # the host waits for Bo

        kept = kept_seats.kept([])
        assert [(k.code, k.seat, k.game) for k in kept] == [(code, 1, "punch")]
        # (the host's own kept game shares this data folder here, as both programs run on one machine)
        app = start_again()
        cont = top(app)
        assert type(cont).__name__ == "ContinueScene" and "Punch! online" in cont.menu.items[0].label
        assert "Ana vs Bo" in cont.menu.items[0].label and code in cont.menu.items[0].label
        key(app, "return")  # the online game, newest first
        key(app, "return")  # Join again
        live(app, 30, lambda: scene_name(top(app)).startswith("Remote"))
        table = top(app)
        assert scene_name(table) == "RemotePunchTable" and table.session.you == [1]
        session = table.session
        play_moves(table, seat=1, n=10_000, seed=5, seconds=90)  # to the end
        assert session.outcome() is not None
        live(app, 10, lambda: session.client.over is not None)
        record = session.client.over["record"]
        final = replays_to(record, session.spec)  # the same actions, played without a break
        assert session.spec.rules.outcome(final).winner == session.client.over["winner"]
        frames(app, 2)
        assert kept_seats.kept([]) == []  # finished: Continue offers it no more
        from tabletop import kept

        online = [e for e in kept.finished([]) if e.loaded and e.loaded.record.actions == record["actions"]]
        assert online and all(e.path.name.startswith("punch-") for e in online)  # in Replays here too
        table.watch_replay()
        assert scene_name(top(app)) == "ReplayScene"
        frames(app, 3)
    finally:
        if child is not None and child.poll() is None:
            child.kill()
        if session is not None:  # this program's own connection: no wake-ups left for the next test
            session.net.close()
        host.close()
        pygame.quit()


HOST_CHILD = r"""
import sys, time
from tabletop.online import remote
remote.BIND, remote.HOST_PORT = "127.0.0.1", int(sys.argv[1])
from tests.child_table import play_moves, until_table
from tests.ui_helpers import frames, quick_app, top
from tabletop.ui.online_host import HostScene
app = quick_app(); app.start(); frames(app, 2)
scene = HostScene(app); app.push(scene); scene._game("punch")
scene.options["matches_to_win"] = 1
scene.host()
while type(top(app)).__name__ == "Busy":  # the room is made on the network thread
    frames(app); time.sleep(0.005)
print("ROOM", top(app).net.client.room, flush=True)
played = play_moves(until_table(app), seat=0, n=3, seed=6)
time.sleep(0.5)  # the writer thread keeps the moves
print("PLAYED", played, flush=True)
time.sleep(60)  # killed here, mid-game
"""


def test_the_host_killed_mid_game_hosts_the_room_again_from_continue_and_the_friend_gets_back_in(tmp_path, monkeypatch):
    import asyncio
    import socket

    from tabletop.online import protocol as P
    from tabletop.online.client import Client

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    from tabletop.online import remote

    monkeypatch.setattr(remote, "BIND", "127.0.0.1")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    child = subprocess.Popen(
        [sys.executable, "-c", HOST_CHILD, str(port)],
        cwd=root,
        env={**os.environ, "PYTHONPATH": root},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    friend = NetThread()
    session = None
    try:
        line = ""
        end = time.monotonic() + 30
        while not line.startswith("ROOM") and time.monotonic() < end:
            line = child.stdout.readline()
        assert line.startswith("ROOM"), line
        code = line.split()[1]
        friend.client = Client(f"ws://127.0.0.1:{port}")
        friend.run(friend.client.connect())
        friend.run(friend.client.join(code, name="Bo"))
        assert friend.client.you == [1]
        token = friend.client.tokens[1]
        bo = friend.client
        play = asyncio.run_coroutine_threadsafe(bot_player(bo, 1, seed=3, timeout=60), friend.loop)
        end = time.monotonic() + 60
        while "PLAYED" not in line and time.monotonic() < end:
            line = child.stdout.readline()
        assert line.split() == ["PLAYED", "3"], line
        child.send_signal(signal.SIGKILL)  # the host's window gone: no goodbye
        child.wait(10)
        friend.run(bo.wait(lambda: bo.closed, timeout=15))
        play.cancel()

        app = start_again()  # the host starts the game again, on the same data folder
        cont = top(app)
        assert "Punch!" in cont.menu.items[0].label
        key(app, "return")  # the kept game
        key(app, "return")  # Resume: the room is hosted again (on the network thread)
        live(app, 10, lambda: scene_name(top(app)) != "Busy")
        room = top(app)
        assert type(room).__name__ == "WaitingRoom" and room.net.client.room == code
        assert room.invite.endswith(f":{port}/{code}")  # the same invite
        # the friend's program comes back with its token, as its table does every two seconds
        friend.client = Client(f"ws://127.0.0.1:{port}")
        friend.run(friend.client.connect())
        friend.run(friend.client.join(code, token=token))
        assert friend.client.you == [1]
        bo = friend.client
        play = asyncio.run_coroutine_threadsafe(bot_player(bo, 1, seed=3, timeout=60), friend.loop)
        live(app, 15, lambda: scene_name(top(app)).startswith("Remote"))
        table = top(app)
        session = table.session
        play_moves(table, seat=0, n=10_000, seed=6, seconds=60)  # to the end
        assert session.outcome() is not None
        live(app, 10, lambda: session.client.over is not None)
        record = session.client.over["record"]
        assert len(record["actions"]) > 6  # the moves before the kill are in it
        final = replays_to(record, session.spec)
        assert session.spec.rules.outcome(final).winner == session.client.over["winner"]
        assert len(code) == P.CODE_LEN
    finally:
        if child.poll() is None:
            child.kill()
        if session is not None:  # the host's program's room and connection: no wake-ups left for the next test
            session.net.close()
        friend.close()
        pygame.quit()
