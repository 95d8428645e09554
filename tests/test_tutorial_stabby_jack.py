"""Stabby Jack's tutorial played through with the mouse alone, as a newcomer
would: open it, read each lesson, click what it says, reach the end. A wrong
move is coached and does not advance; progress is kept and resumed."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.games.stabby_jack.rules.state import DECLARE
from tabletop.tutorial import lessons_for, open_tutorial, progress
from tests.tutorial_helpers import Newcomer, lesson_table, lit, mouse_go_on, spot
from tests.ui_helpers import click, frames, key, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


# what a newcomer clicks in each lesson, in order (XP cards: the first five of the row)
CLICKS = {
    "declare": [("declare", "fight")],
    "train": [("declare", "train"), ("stat", 0, 0)],
    "fight-tie": [("declare", "fight")],
    "rest": [("declare", "rest")],
    "level-up": ["Level up"] + [("xp", 0, i) for i in range(5)] + ["Spend"],
    "jack": [("declare", "fight"), ("xp", 0, 0)],
    "monarchs": [("declare", "fight")],
    "heart-monarch": [("declare", "fight")],
    "club-monarch": [("declare", "fight")],
    "ace": [("declare", "fight"), ("stat", 0, 0), ("stat", 1, 0)],
    "joker": [("declare", "fight")],
    "win": [("declare", "fight")],
}


def _button(table, starts):
    return next(h.payload for h in table.hots if h.kind == "button" and str(h.payload).startswith(starts))


def test_the_whole_tutorial_with_the_mouse(app):
    spec = registry.get("stabby-jack")
    open_tutorial(app, "stabby-jack")
    frames(app, 2)
    menu = top(app)
    assert menu.menu.items[0].label.startswith("Start: 1.")
    click(app, menu.menu.items[0].rect.center)
    player = Newcomer(app)
    for lesson in lessons_for(spec):
        t = lesson_table(app)
        assert t.tutor.lesson.id == lesson.id
        frames(app, 2)
        assert lit(t), f"lesson {lesson.id} lights nothing up"
        player.read()
        for what in CLICKS[lesson.id]:
            t = lesson_table(app)
            if isinstance(what, str):
                what = _button(t, what)
            assert what in lit(t) or what[0] == "xp", f"{lesson.id}: {what} is not lit; lit: {lit(t)}"
            player.click(what)
        player.finish_lesson(mouse_go_on(app))
    assert top(app) is menu
    assert progress.finished(app.settings, "stabby-jack") == {lesson.id for lesson in lessons_for(spec)}
    assert "every lesson" in menu.note
    total = sum(ms for _, ms in player.times) / 1000
    print(f"\nStabby Jack tutorial, scripted newcomer: {len(player.times)} lessons, {total:.0f} s")
    assert total < 300  # the five minutes


def test_a_wrong_move_is_coached_and_does_not_advance(app):
    open_tutorial(app, "stabby-jack")
    top(app).play(2)  # "fight, and ties": the lesson wants Fight
    frames(app, 2)
    t = lesson_table(app)
    before = t.session.state
    click(app, spot(t, ("declare", "rest")))  # legal, but not this lesson's move
    assert t.session.state is before and t.session.state.phase == DECLARE
    assert t.tutor.coach_text == "Declare Fight and let your luck break the tie."
    assert t.tutor.won_ms is None and top(app) is t
    click(app, spot(t, ("declare", "fight")))  # the right move wins it
    frames(app, 30)
    assert t.tutor.won_ms is not None


def test_a_rule_refusal_is_coached_with_the_rules_reason(app):
    from tabletop.games.stabby_jack.rules import Replace

    open_tutorial(app, "stabby-jack")
    top(app).play(1)  # train
    frames(app, 2)
    t = lesson_table(app)
    result = t.submit(Replace(0, 0))  # replacing before anything was drawn
    assert not result and t.tutor.coach_text == result.reason and result.reason
    assert t.tutor.won_ms is None


def test_leave_and_resume_and_replay(app):
    open_tutorial(app, "stabby-jack")
    menu = top(app)
    menu.play(0)
    frames(app, 2)
    t = lesson_table(app)
    click(app, spot(t, ("declare", "fight")))
    frames(app, 30)
    assert progress.finished(app.settings, "stabby-jack") == {"declare"}
    frames(app, 20)  # "Well done" lets presses go for a moment (ui.scene GUARD_MS)
    click(app, (640, 300))  # on to lesson 2
    frames(app, 2)
    assert lesson_table(app).tutor.lesson.id == "train"
    key(app, "escape")  # pause: the lesson's own items are there
    pause = top(app)
    labels = [it.label for it in pause.menu.items]
    assert "Back to the lesson list" in labels and "Start this lesson again" in labels
    assert not any("game is kept" in label for label in labels)  # a lesson is not saved as a game
    pause.menu.items[labels.index("Back to the lesson list")].action()
    frames(app, 2)
    assert top(app) is menu
    assert menu.menu.items[0].label == "Continue: 2. Train"
    assert menu.menu.items[1].label.startswith("✓ 1.")
    menu.play(0)  # a finished lesson can be played again
    frames(app, 2)
    assert lesson_table(app).tutor.lesson.id == "declare"


def test_first_start_offers_the_tutorial_once():
    from tabletop.ui.setup import Setup

    app = make_app(tutorials_offered=False)
    app.start()
    frames(app, 1)
    spec = registry.get("stabby-jack")
    setup = Setup(app, spec)
    app.push(setup)
    frames(app, 2)
    setup.start()
    frames(app, 2)
    offer = top(app)
    assert type(offer).__name__ == "Offer"
    assert progress.was_offered(app.settings, "stabby-jack")
    offer.menu.items[1].action()  # play now
    frames(app, 2)
    assert type(top(app)).__name__ == "StabbyJackTable" and top(app).tutor is None
    app.pop()
    setup.start()  # the second time: straight to the game
    frames(app, 2)
    assert type(top(app)).__name__ == "StabbyJackTable"
    pygame.quit()


def test_the_offer_leads_to_the_lessons_and_back_to_the_game():
    from tabletop.ui.setup import Setup

    app = make_app(tutorials_offered=False)
    app.start()
    frames(app, 1)
    app.push(Setup(app, registry.get("punch")))
    frames(app, 2)
    top(app).start()
    frames(app, 2)
    key(app, "return")  # "Learn to play (7 short lessons)"
    lessons = top(app)
    assert type(lessons).__name__ == "LessonList" and lessons.spec.id == "punch"
    labels = [it.label for it in lessons.menu.items]
    assert labels[0] == "Start: 1. Punch against punch" and "Play the game now" in labels
    lessons.menu.items[labels.index("Play the game now")].action()
    frames(app, 2)
    assert type(top(app)).__name__ == "PunchTable" and top(app).tutor is None
    pygame.quit()
