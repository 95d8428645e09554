"""The join box cannot mangle an invite (issue 35, item 5): a pasted invite replaces what the box held,
select-all, cut, copy and paste work as in any text box, the pad's letters can clear it, and a server
that does not answer is told apart from a room that does not exist."""

import time

import pygame
import pytest

from tabletop.online import invite
from tabletop.online.remote import NetThread
from tests.online_helpers import host_a_room
from tests.test_online_leave import SilentServer
from tests.ui_helpers import frames, quick_app, top


@pytest.fixture
def app():
    a = quick_app()
    a.start()
    frames(a, 2)
    yield a
    pygame.quit()


def ctrl(app, name: str):
    code = pygame.key.key_code(name)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    frames(app)


def press(app, name: str):
    code = pygame.key.key_code(name)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    frames(app)


def typed(app, text: str):
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app)


def open_join(app, last: str):
    from tabletop.ui.online_forms import JoinScene

    app.settings.last_invite = last
    join = JoinScene(app)
    app.push(join)
    frames(app)
    return join


def wait_join(app, join):
    end = time.monotonic() + 15
    while join.pending is not None and time.monotonic() < end:
        frames(app)
        time.sleep(0.003)


def test_a_pasted_invite_over_the_last_one_joins_the_right_room(app):
    host = host_a_room()
    try:
        port, code = host.server.port, host.client.room
        join = open_join(app, "tabletop://127.0.0.1:9/ABCDEFGH")  # last time's invite, to another room
        join.focus = 0
        pygame.scrap.put_text(invite.make(f"127.0.0.1:{port}", code))
        ctrl(app, "v")  # pasted without selecting first: it still replaces the old invite
        assert join.text == f"tabletop://127.0.0.1:{port}/{code}"
        press(app, "return")
        wait_join(app, join)
        assert type(top(app)).__name__ in ("WaitingRoom", "RemotePunchTable")
        assert top(app).net.client.room == code
        top(app).net.wait_closed()
    finally:
        host.wait_closed()


def test_select_all_cut_copy_and_paste_work_as_in_any_text_box(app):
    join = open_join(app, "")
    typed(app, "tabletop://10.0.0.2:8765/")
    ctrl(app, "a")
    ctrl(app, "c")
    assert pygame.scrap.get_text() == "tabletop://10.0.0.2:8765/" and join.text == "tabletop://10.0.0.2:8765/"
    typed(app, "x")  # a letter over a selection replaces it
    assert join.text == "x"
    ctrl(app, "a")
    press(app, "backspace")  # a selection is cleared in one press, not 35
    assert join.text == ""
    typed(app, "10.0.0.2:87")
    ctrl(app, "x")
    assert join.text == "" and pygame.scrap.get_text() == "10.0.0.2:87"
    ctrl(app, "v")  # part of an address pasted: added where the caret is
    typed(app, "65 ")
    ctrl(app, "v")
    assert join.text == "10.0.0.2:8765 10.0.0.2:87"
    press(app, "return")
    assert join.error.startswith("The room code has 8 letters")  # the wrong part is named


def test_the_pad_letter_picker_can_clear_the_box(app):
    from tabletop.ui.online_forms import TextPicker

    join = open_join(app, "tabletop://127.0.0.1:9/ABCDEFGH")
    picker = TextPicker(app, join)
    app.push(picker)
    row = len(picker.rows) - 1
    picker.press_key(row, [k[1] for k in picker.rows[row]].index("clear"))
    picker.press_key(0, 0)  # "A"
    picker.finish(True)
    assert join.text == "A"


def test_a_server_that_does_not_answer_is_told_apart_from_a_room_that_does_not_exist(app, monkeypatch):
    from tabletop.online import client

    real = client.Client.wait

    async def quick_wait(self, ready, timeout=10.0):  # the server's silence is not waited out for 10 s here
        return await real(self, ready, timeout=min(timeout, 1.0))

    monkeypatch.setattr(client.Client, "wait", quick_wait)
    silent = SilentServer()
    host = NetThread()
    try:
        join = open_join(app, f"tabletop://127.0.0.1:{silent.port}/ABCDEFGH")
        join.go()
        wait_join(app, join)
        assert "does not answer" in join.error, join.error
        port = host.host(0)
        join.text = f"tabletop://127.0.0.1:{port}/ABCDEFGH"
        join.go()
        wait_join(app, join)
        assert "answered, but it has no room ABCDEFGH" in join.error, join.error
    finally:
        silent.close()
        host.wait_closed()


def test_the_online_forms_speak_to_a_pad_player_from_their_first_frame():
    """Issue 34: Join, Watch and Host on a server opened with keyboard hints (Ctrl+V, Esc) for a player
    who came there with a gamepad, and changed only after the first pad press on them. The hint
    follows the device in use from the first frame, and back to the keys once a key is pressed."""
    from tabletop.ui.online_forms import JoinScene, ServerScene, WatchScene
    from tests.ui_helpers import VirtualPad, drawn, key

    app = quick_app()
    app.start()
    pad = VirtualPad()
    try:
        frames(app, 3)  # SDL tells the program of the new gamepad
        pad.press(app, "dpdown")  # the pad moves on the launcher: it is the device in use
        for form in (JoinScene, WatchScene, ServerScene):
            app.push(form(app))
            said = drawn(app)
            assert "A on the box" in said and "Ctrl+V" not in said, (form.__name__, said)
            app.pop(app.stack[-1])
        app.push(JoinScene(app))
        key(app, "down")  # a key: the keyboard is in use now
        assert "Ctrl+V" in drawn(app)
    finally:
        pad.unplug()
        pygame.quit()
