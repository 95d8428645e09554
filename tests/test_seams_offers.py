"""Menus and buttons offer only what can be done now (issue 30): in every game and mode (one person
against the computer, two people at one computer, online) the pause menu's "Take back my last move"
and the table's Undo button show exactly while the rules let a person here take a move back; and
the seams between people at one computer: only the person asked answers a take-back, showing one's
cards puts the focus on them (not on Hide), Esc closes Punch!'s match history."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tabletop.ui.pause import PauseScene
from tabletop.ui.undo import UndoPrompt
from tests.ui_helpers import frames, key, make_app, pass_beat, top

TAKE_BACK = "Take back my last move"
MODES = ("computer", "people", "online")


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def open_table(app, gid, mode, seed=3, **options):
    spec = registry.get(gid)
    if mode == "computer" and spec.has_computer:  # (a game without computer players: two people)
        second = Seat("Ben", "computer", level=spec.bot_levels[0])
    else:
        second = Seat("Ben", "human", scheme="keys-right")
    seats = [Seat("Ana", "human", scheme="keys-left"), second]
    session = Session.new(spec, seats, options, seed=seed, autosave=False)
    if mode == "online":
        session.remote = True  # a table on a server's game looks like this to the table
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    return table


def offers(app, table) -> tuple[bool, bool]:
    """(the pause menu offers a take-back, the table shows its Undo button) in the frame just drawn."""
    pause = PauseScene(app, table)
    return any(it.label == TAKE_BACK and it.enabled for it in pause.menu.items), table.undo_rect is not None


def can_take_back(table) -> bool:
    """What the rules say: a person here may take back a move now."""
    s = table.session
    if getattr(s, "remote", False) or not s.spec.dynamics.undo or s.outcome() is not None:
        return False
    seat = s.undo_seat()
    return seat is not None and seat in table.humans and s.undo_why(seat) == ""


@pytest.mark.parametrize("mode", MODES)
def test_take_back_is_offered_exactly_when_it_can_be_done(app, game, mode):
    """Several moves of every game in every mode: after each, the pause menu and the Undo button offer a
    take-back exactly when the rules allow one (never in JAB, online, or after a card was drawn or shown),
    and when offered, choosing it takes the move back."""
    table = open_table(app, game.id, mode, countdown_ms=0) if game.id == "jab" else open_table(app, game.id, mode)
    rules, session = table.rules, table.session
    seen = set()
    for step in range(12):
        frames(app, 1)
        menu, button = offers(app, table)
        assert menu == button == can_take_back(table), f"step {step}: menu {menu}, button {button}"
        seen.add(menu)
        if session.outcome() is not None:
            break
        waiting = [s for s in rules.to_act(session.state) if s in table.humans]
        if menu and step % 3 == 2:  # now and then take it back through the pause menu
            before = len(session.record.actions)
            key(app, "escape")
            pause = top(app)
            labels = [it.label for it in pause.menu.items]
            for _ in range(labels.index(TAKE_BACK)):
                key(app, "down")
            key(app, "return")
            while isinstance(top(app), UndoPrompt):  # the other person agrees with their own confirm
                key(app, "return" if top(app).asked == 1 else "space")
            assert session.record.actions[-1]["type"] == "undo" and len(session.record.actions) == before + 1
            continue
        if waiting:
            legal = rules.legal_actions(session.state, waiting[0])
            assert legal
            table.submit(legal[step % len(legal)] if game.id != "jab" else legal[0])
        else:
            for _ in range(200):  # the computer's turn
                frames(app, 1, dt=50)
                if any(s in table.humans for s in rules.to_act(session.state)) or session.outcome() is not None:
                    break
    if game.id == "jab" or mode == "online":
        assert seen == {False}


def test_against_the_computer_punch_never_offers_a_move_already_shown(app):
    """Punch! against the computer: once the computer has chosen, a chosen card is shown at once, so no
    take-back is offered after it (the Undo button used to sit there, only ever saying no)."""
    table = open_table(app, "punch", "computer", matches_to_win=1)
    for _ in range(400):
        frames(app, 1, dt=50)
        if 0 in table.rules.to_act(table.session.state) and not table.busy():
            break
    table.read_ms = 0
    for _ in range(200):  # the computer chooses first
        frames(app, 1, dt=50)
        if 1 not in table.rules.to_act(table.session.state):
            break
    legal = table.rules.legal_actions(table.session.state, 0)
    table.submit(legal[0])
    frames(app, 1)
    assert offers(app, table) == (False, False)


def test_only_the_person_asked_answers_a_take_back(app):
    """Punch! at one computer: "Ana wants to take back ... Ben, do you agree?" is not answered by Ana's own
    Space; Ben's Backspace says no, and Ben's Enter yes."""
    table = open_table(app, "punch", "people", matches_to_win=1)
    app.settings.secrecy = "curtain"
    for _ in range(40):
        frames(app, 1)
        if table.curtain_seat() is None:
            break
        key(app, "space")  # Ana's Space: "Show Ana's cards"
    legal = table.rules.legal_actions(table.session.state, 0)
    table.submit(legal[0])
    frames(app, 2)
    assert can_take_back(table)
    chosen = table.session.state
    key(app, "u")
    prompt = top(app)
    assert isinstance(prompt, UndoPrompt) and prompt.asked == 1
    key(app, "space")  # Ana's confirm
    key(app, "left shift")  # and Ana's back
    assert top(app) is prompt and table.session.state is chosen
    key(app, "return")  # Ben's confirm, on "Yes, take it back"
    assert top(app) is table and table.session.state is not chosen
    assert table.session.record.actions[-1] == {"type": "undo", "player": 0}


def test_showing_ones_cards_puts_the_focus_on_them_not_on_hide(app):
    """Punch! at one computer behind the curtain: after "Show Ana's cards" the focus is on Ana's hand, so
    Space, Space plays a card (it used to sit on Hide and hide the hand again)."""
    app.settings.secrecy = "curtain"
    table = open_table(app, "punch", "people", matches_to_win=1)
    for _ in range(3):
        for _ in range(60):
            frames(app, 1, dt=50)
            pass_beat(app, table)  # the last reveal is looked at, then a click goes on
            if not table.busy() and table.curtain_seat() == 0:
                break
        assert table.curtain_seat() == 0
        key(app, "space")  # Show Ana's cards
        assert table.secrecy.shown == 0
        on = table.focused(0)
        assert on is not None and on.kind == "card", on and on.payload
        key(app, "space")
        assert table.secrecy.shown is None or table.session.state.phase != "choose" or table.selection(0)
        assert table.session.state.choice[0] is not None  # a card is chosen, the hand not just hidden
        for _ in range(60):
            frames(app, 1, dt=50)
            if table.curtain_seat() == 1:
                break
        key(app, "return")  # Show Ben's cards
        key(app, "return")  # and Ben plays one
        frames(app, 2)


def test_esc_closes_punch_match_history_instead_of_pausing(app):
    table = open_table(app, "punch", "computer", matches_to_win=1)
    key(app, "h")
    assert table.history_open
    key(app, "escape")
    assert top(app) is table and not table.history_open
    key(app, "escape")
    assert isinstance(top(app), PauseScene)


@pytest.fixture
def loopback(monkeypatch):
    from tabletop.online import remote

    monkeypatch.setattr(remote, "BIND", "127.0.0.1")  # tests stay on the loopback address
    monkeypatch.setattr(remote, "HOST_PORT", 0)
    nets = []
    yield nets
    for net in nets:
        net.close()


def live_frames(app, n):
    import time

    for _ in range(n):
        frames(app, 1)
        time.sleep(0.003)  # the network thread runs while the window waits for its next frame


def test_online_through_a_real_server_offers_no_take_back(app, loopback, game):
    """A game hosted here through a real server on the loopback address (the online tables): no Undo
    button and no take-back in the pause menu, before and after a move; leaving says the game is kept
    (the host's server keeps it). A person who joined it is not told their computer keeps it."""
    from tabletop.online.remote import NetThread, RemoteSession
    from tabletop.ui.online_table import remote_table

    net = NetThread()
    loopback.append(net)
    port = net.host(0)
    net.connect(f"ws://127.0.0.1:{port}")
    seats = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
    net.run(net.client.create(game.id, seats, {"countdown_ms": 0} if game.id == "jab" else {}))
    other = NetThread()
    loopback.append(other)
    other.connect(f"ws://127.0.0.1:{port}")
    other.run(other.client.join(net.client.room, "Bo"))
    table = remote_table(app, RemoteSession(net))
    app.push(table)
    live_frames(app, 10)
    for step in range(2):
        labels = [it.label for it in PauseScene(app, table).menu.items]
        assert TAKE_BACK not in labels and table.undo_rect is None, f"step {step}: {labels}"
        assert "Leave to the menu (the game is kept)" in labels
        legal = (
            table.rules.legal_actions(table.session.state, 0) if 0 in table.rules.to_act(table.session.state) else []
        )
        if legal and game.id != "jab":
            table.submit(legal[0])
            live_frames(app, 10)
    joined = remote_table(app, RemoteSession(other))
    labels = [it.label for it in PauseScene(app, joined).menu.items]
    assert "Leave to the menu" in labels and TAKE_BACK not in labels
