"""Punch!'s tutorial played through with the keyboard alone (arrow keys to move,
Enter to choose), as a newcomer would, to the end."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.tutorial import lessons_for, open_tutorial, progress
from tabletop.ui import gfx
from tests.tutorial_helpers import Newcomer, lesson_table, lit, steer
from tests.ui_helpers import frames, key, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def _button(table, starts):
    found = [h.payload for h in table.hots if h.kind == "button" and str(h.payload).startswith(starts)]
    assert found, f"no button {starts!r}: {[h.payload for h in table.hots]} {table.secrecy.shown} {table.state.phase}"
    return found[0]


# what a newcomer chooses in each lesson, in order (text: a button starting so)
CHOICES = {
    "punches": [("hand", 0, "p3")],
    "block": [("hand", 0, "block")],
    "dodge": [("hand", 0, "dodge")],
    "rest": [("hand", 0, "nothing")],
    "both-rest": [("hand", 0, "nothing")],
    "caught": [("hand", 0, "p2")],
    "wasted": [("hand", 0, "dodge")],
    "break": [("hand", 0, "block"), f"{gfx.PLAYER_NAMES[0]}: ready"],
    "secrecy": [f"Show {gfx.PLAYER_NAMES[0]}", ("hand", 0, "p1"), f"Show {gfx.PLAYER_NAMES[1]}", ("hand", 1, "block")],
}


def test_the_whole_tutorial_with_the_keyboard(app):
    spec = registry.get("punch")
    open_tutorial(app, "punch")
    frames(app, 2)
    menu = top(app)
    key(app, "return")  # "Start: 1. ..."
    player = Newcomer(app)
    for lesson in lessons_for(spec):
        t = lesson_table(app)
        assert t.tutor.lesson.id == lesson.id
        frames(app, 2)
        assert lit(t), f"lesson {lesson.id} lights nothing up"
        player.read()
        for what in CHOICES[lesson.id]:
            player.wait(600 if what[0] == "hand" else 2200)  # a button waits for the cards to turn
            t = lesson_table(app)
            if isinstance(what, str):
                what = _button(t, what)
            assert what in lit(t), f"{lesson.id}: {what} is not lit; lit: {lit(t)}"
            seat = t.acting_seat()
            steer(t, seat, what, lambda d: key(app, d))
            key(app, "return")
        player.finish_lesson(lambda: key(app, "return"))
    assert top(app) is menu
    assert progress.finished(app.settings, "punch") == {lesson.id for lesson in lessons_for(spec)}
    total = sum(ms for _, ms in player.times) / 1000
    print(f"\nPunch! tutorial, scripted newcomer: {len(player.times)} lessons, {total:.0f} s")
    assert total < 300


def test_playing_another_card_is_coached_and_blue_does_not_move(app):
    from tabletop.games.punch.rules.actions import Commit

    open_tutorial(app, "punch")
    top(app).play(0)  # punch against punch: play the 3
    frames(app, 2)
    t = lesson_table(app)
    result = t.submit(Commit(0, "p1"))
    assert not result and "Punch 3" in t.tutor.coach_text
    frames(app, 80)  # Blue waits for the lesson's move: nothing is revealed
    assert t.session.state.play == 1 and t.session.state.stamina == (10, 10)
    assert t.tutor.won_ms is None


def test_a_punch_in_the_nothing_happens_lesson_is_coached_not_played(app):
    """A punch into Blue's Block would also change nothing, but it is not the pairing the lesson shows."""
    from tabletop.games.punch.rules.actions import Commit

    spec = registry.get("punch")
    open_tutorial(app, "punch")
    top(app).play([lesson.id for lesson in lessons_for(spec)].index("wasted"))
    frames(app, 2)
    t = lesson_table(app)
    result = t.submit(Commit(0, "p1"))
    assert not result and "Dodge" in t.tutor.coach_text
    frames(app, 80)
    assert t.session.state.play == 2 and t.session.state.stamina == (8, 10)
    assert t.submit(Commit(0, "dodge"))
    for _ in range(300):
        if t.tutor.won_ms is not None:
            break
        frames(app, 1)
    assert t.tutor.won_ms is not None and t.session.state.stamina == (8, 10)
