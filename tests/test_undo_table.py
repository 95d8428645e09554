"""Undo at the real tables (issue 18 point 4): the key, the button, the pause menu with a real
(SDL virtual) gamepad, the prompt the other person answers, and the reasons said when a move
cannot be taken back."""

import pygame
import pytest

from tabletop.core import record as rec
from tabletop.core import registry
from tabletop.core.undo import ONLINE_UNDO, Undo
from tabletop.session import Seat, Session
from tabletop.ui.pause import PauseScene
from tabletop.ui.replay import ReplayScene
from tabletop.ui.undo import UndoPrompt
from tests.test_undo import first_undoable
from tests.ui_helpers import VirtualPad, click, frames, key, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def session_for(gid, people=False, seed=3):
    registry.load_all()
    spec = registry.get(gid)
    second = Seat("Ben") if people else Seat("Computer", "computer", level=spec.bot_levels[0])
    return Session.new(spec, [Seat("Ann"), second], seed=seed, autosave=False)


def open_table(app, session):
    table = session.spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    return table


def ready_to_undo(app, gid, people=False):
    """A table where Ann's next move (returned) is one she may take back."""
    session = session_for(gid, people)
    before, move = first_undoable(session)
    session.submit(Undo(0))  # back to just before it: the table makes the move itself
    assert session.state is before
    return open_table(app, session), move


@pytest.mark.needs("undo", "computer")
def test_the_u_key_takes_back_a_move_against_the_computer(app, game):
    table, move = ready_to_undo(app, game.id)
    before = table.session.state
    assert table.submit(move)
    assert table.session.state is not before
    key(app, "u")
    assert table.session.state is before
    assert table.message == "Ann took back a move."
    assert table.session.record.actions[-1] == {"type": "undo", "player": 0}


def test_the_undo_button_takes_back_a_move_with_a_click(app):
    table, move = ready_to_undo(app, "punch")
    before = table.session.state
    table.submit(move)
    frames(app, 1)
    assert not [h for h in table.hots if "Undo" in str(h.payload)]  # never in a seat's focus
    click(app, table.undo_rect.center)
    assert table.session.state is before
    assert table.undo_rect is None  # nothing left to take back: no button offers it
    key(app, "u")  # the key says why
    assert table.message == "You can't take that back: there is nothing to take back."


def test_a_move_that_drew_a_card_is_not_taken_back_and_the_table_says_why(app):
    table = open_table(app, session_for("stabby-jack"))
    train = next(a for a in table.rules.legal_actions(table.session.state, 0) if getattr(a, "choice", "") == "train")
    table.submit(train)
    after = table.session.state
    n = len(table.session.record.actions)
    key(app, "u")
    assert table.session.state is after
    assert table.message == "You can't take that back: a card was drawn."
    assert len(table.session.record.actions) == n  # a refused undo is not recorded


def test_between_two_people_the_other_must_agree(app):
    table = open_table(app, session_for("stabby-jack", people=True))
    start = table.session.state
    rest = next(a for a in table.rules.legal_actions(start, 0) if getattr(a, "choice", "") == "rest")
    table.submit(rest)
    after = table.session.state
    key(app, "u")
    prompt = top(app)
    assert isinstance(prompt, UndoPrompt) and prompt.asked == 1
    key(app, "n")  # Ben says no
    assert top(app) is table and table.session.state is after
    assert table.message == "Ben said no: the move stands."
    key(app, "u")
    prompt = top(app)
    frames(app, 1)
    click(app, prompt.menu.items[0].rect.center)  # Ben clicks "Yes, take it back"
    assert top(app) is table and table.session.state is start


def test_two_people_with_a_gamepad_agree_on_the_prompt(app):
    table = open_table(app, session_for("stabby-jack", people=True))
    start = table.session.state
    table.submit(next(a for a in table.rules.legal_actions(start, 0) if getattr(a, "choice", "") == "rest"))
    pad = VirtualPad()
    try:
        frames(app, 3)
        pad.press(app, "start")  # the pause menu, by gamepad alone
        pause = top(app)
        assert isinstance(pause, PauseScene)
        labels = [it.label for it in pause.menu.items]
        for _ in range(labels.index("Take back my last move")):
            pad.press(app, "dpdown")
        pad.press(app, "a")
        assert isinstance(top(app), UndoPrompt)
        pad.press(app, "b")  # no
        assert top(app) is table and table.session.state is not start
        pad.press(app, "start")
        for _ in range(labels.index("Take back my last move")):
            pad.press(app, "dpdown")
        pad.press(app, "a")
        pad.press(app, "a")  # yes
        assert top(app) is table and table.session.state is start
    finally:
        pad.unplug()


def test_a_gamepad_alone_takes_back_a_move_against_the_computer(app):
    table, move = ready_to_undo(app, "square-ring")
    before = table.session.state
    table.submit(move)
    pad = VirtualPad()
    try:
        frames(app, 3)
        pad.press(app, "start")
        labels = [it.label for it in top(app).menu.items]
        for _ in range(labels.index("Take back my last move")):
            pad.press(app, "dpdown")
        pad.press(app, "a")
        assert top(app) is table and table.session.state is before
    finally:
        pad.unplug()


def test_jab_says_it_is_played_in_real_time(app):
    registry.load_all()
    spec = registry.get("jab")
    session = Session.new(spec, [Seat("Ann"), Seat("Computer", "computer", level=spec.bot_levels[0])], autosave=False)
    table = open_table(app, session)
    assert not table.undo_shown()
    assert table.undo_rect is None
    key(app, "escape")
    assert "Take back my last move" not in [it.label for it in top(app).menu.items]  # never offered in JAB


def test_the_replay_viewer_plays_a_record_with_an_undo(app):
    session = session_for("punch")
    first_undoable(session)
    session.submit(Undo(0))
    first_undoable(session)
    record = rec.parse(session.record.dumps())
    scene = ReplayScene(app, session.spec, record)
    app.push(scene)
    frames(app, 2)
    assert scene.table.undo_rect is None  # nobody takes back a move in a replay
    while scene.index < len(scene.actions):
        scene.step()
        assert not scene.error
    assert scene.session.state == session.state
    scene.seek(len(record.actions) - 1)  # a jump rebuilds the table through the undo
    scene.step()
    assert scene.session.state == session.state


def test_a_lesson_offers_no_undo(app):
    from tabletop.tutorial import open_tutorial

    open_tutorial(app, "stabby-jack")
    top(app).play(0)
    frames(app, 2)
    t = top(app)
    assert t.tutor is not None and not t.undo_shown() and t.undo_rect is None
    key(app, "escape")
    assert "Take back my last move" not in [it.label for it in top(app).menu.items]


def test_between_three_people_both_others_must_agree(app):
    registry.load_all()
    spec = registry.get("stabby-jack")
    session = Session.new(spec, [Seat("Ann"), Seat("Ben"), Seat("Cleo")], seed=3, autosave=False)
    table = open_table(app, session)
    start = session.state
    table.submit(next(a for a in table.rules.legal_actions(start, 0) if getattr(a, "choice", "") == "rest"))
    key(app, "u")
    assert top(app).asked == 1
    key(app, "y")  # Ben agrees
    assert isinstance(top(app), UndoPrompt) and top(app).asked == 2 and session.state is not start
    key(app, "y")  # and Cleo
    assert top(app) is table and session.state is start


def test_online_the_table_says_moves_are_not_taken_back(app):
    """A table on a server's game (its session is remote) shows no Undo button and its pause menu
    no take-back; the key says why."""
    table, move = ready_to_undo(app, "punch")
    table.session.remote = True
    table.submit(move)
    frames(app, 1)
    assert table.undo_rect is None
    after = table.session.state
    key(app, "u")
    assert table.message == ONLINE_UNDO and table.session.state is after
    key(app, "escape")
    assert "Take back my last move" not in [it.label for it in top(app).menu.items]  # never offered online
