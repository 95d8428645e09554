"""JAB's tutorial played through with the mouse alone (left button: left hand,
right button: right hand; hands travel at the rules' speed), to the end."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.games.jab.table.layout import place_rect
from tabletop.tutorial import lessons_for, open_tutorial, progress
from tests.tutorial_helpers import Newcomer, lesson_table, lit
from tests.ui_helpers import click, frames, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def _post(kind, pos, button=None):
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=button))


def _until(app, test, limit=120):
    for _ in range(limit):
        if test():
            return
        frames(app, 1)
    raise AssertionError("the table did not get there")


def carry(app, hand, target):
    """Press the hand's button over its deck, move to ``target`` and let go there."""
    t = lesson_table(app)
    button, i = (1, 0) if hand == "left" else (3, 1)
    deck = place_rect(app.vp, f"p0.deck.{hand}").center
    _post(pygame.MOUSEMOTION, deck)
    _post(pygame.MOUSEBUTTONDOWN, deck, button)
    _until(app, lambda: t.session.state.held[i] is not None)
    end = place_rect(app.vp, target).center if target else (640, 380)
    for k in range(1, 7):
        _post(pygame.MOUSEMOTION, (deck[0] + (end[0] - deck[0]) * k // 6, deck[1] + (end[1] - deck[1]) * k // 6))
        frames(app, 2)
    _post(pygame.MOUSEBUTTONUP, end, button)
    _until(app, lambda: t.session.state.held[i] is None or t.tutor.coach_ms > 0)


def press(app, label):
    t = lesson_table(app)
    found = [h for h in t.hots if isinstance(h.payload, str) and h.payload.split(" (")[0] == label]  # "Ready (Space)"
    assert found, f"no {label!r} to click: {[h.payload for h in t.hots]}"
    click(app, found[0].rect.center)


# what a newcomer does in each lesson: ("carry", hand, target or None for the empty table) / ("press", label)
MOVES = {
    "take": [("take", "left")],
    "punch": [("carry", "left", "p1.head")],
    "release": [("carry", "right", None)],
    "block-type": [("carry", "left", "p0.left")],
    "block-colour": [("carry", "right", "p0.head")],
    "block-haymaker": [("carry", "right", "p0.right")],
    "combo": [("carry", "left", "p1.left"), ("carry", "right", "p1.head"), ("press", "Combo")],
    "counter": [("carry", "left", "p1.head"), ("press", "Counter")],
    "stagger": [("carry", "left", "p1.head"), ("carry", "left", "p1.head")],
    "clinch": [("press", "Clinch")],
    "knockout": [("carry", "left", "p1.head"), ("press", "Knockout!")],
    "ding": [("carry", "right", "p1.right"), ("press", "Ding!")],
    "scoring": [("press", "Ready")],
}


def test_the_whole_tutorial_with_the_mouse(app):
    spec = registry.get("jab")
    open_tutorial(app, "jab")
    frames(app, 2)
    menu = top(app)
    click(app, menu.menu.items[0].rect.center)
    player = Newcomer(app)
    for lesson in lessons_for(spec):
        t = lesson_table(app)
        assert t.tutor.lesson.id == lesson.id
        frames(app, 2)
        assert lit(t) or t.lesson_spots(app.vp), f"lesson {lesson.id} lights nothing up"
        player.read()
        for move in MOVES[lesson.id]:
            player.wait(500)
            if move[0] == "take":
                deck = place_rect(app.vp, f"p0.deck.{move[1]}").center
                _post(pygame.MOUSEMOTION, deck)
                _post(pygame.MOUSEBUTTONDOWN, deck, 1)
                frames(app, 40)
                _post(pygame.MOUSEBUTTONUP, deck, 1)
                frames(app, 2)
            elif move[0] == "carry":
                carry(app, move[1], move[2])
            else:
                press(app, move[1])
        player.finish_lesson(lambda: click(app, (640, 330)))
    assert top(app) is menu
    assert progress.finished(app.settings, "jab") == {lesson.id for lesson in lessons_for(spec)}
    total = sum(ms for _, ms in player.times) / 1000
    print(f"\nJAB tutorial, scripted newcomer: {len(player.times)} lessons, {total:.0f} s")
    assert total < 300


def test_a_punch_in_a_block_lesson_is_coached_and_the_card_stays_in_hand(app):
    open_tutorial(app, "jab")
    top(app).play(3)  # block by type
    frames(app, 2)
    t = lesson_table(app)
    carry(app, "left", "p1.head")  # a punch: legal, but not the lesson's block
    st = t.session.state
    assert not st.piles[3 + 1] and t.tutor.won_ms is None and not t.tutor.reached
    assert "yellow Hook" in t.tutor.coach_text
    assert st.held[0] is not None  # still in the hand: carry it to the right place now


def test_the_opponent_stays_still_in_a_lesson(app):
    open_tutorial(app, "jab")
    top(app).play(1)  # punch
    frames(app, 2)
    t = lesson_table(app)
    before = t.session.state
    frames(app, 300, dt=50)  # 15 seconds
    st = t.session.state
    assert st.decks[2:] == before.decks[2:] and st.held[2:] == (None, None) and st.phase == "playing"


@pytest.mark.parametrize("lesson_id", ["block-haymaker", "counter"])
def test_the_hint_line_tells_the_lessons_move_with_the_lessons_card(app, lesson_id):
    """Playtest: in 'Block a Haymaker' the lesson said "purple Jab (right deck)" while the hint line
    under the boxer said "yellow Uppercut (left deck)"; in 'Counter-Punch' the lesson said to put the
    green Jab on Blue while the hint said to block with it. In a lesson the line points only at what
    the lesson lights up."""
    from tests.test_walk_lessons import hint_conflict

    ids = [lesson.id for lesson in lessons_for(registry.get("jab"))]
    open_tutorial(app, "jab")
    top(app).play(ids.index(lesson_id))
    frames(app, 10, dt=50)
    t = lesson_table(app)
    line = t.help_line(0)
    assert line and not hint_conflict(t.tutor.named(t.tutor.lesson.text), line), line
    # the glow on the table agrees: a block spot only where the lesson blocks, with the lesson's deck
    blocks = [o for o in t.chances(t.session.state, 0) if o["kind"] == "block"]
    assert [o["with"] for o in blocks] == ([["right deck"]] if lesson_id == "block-haymaker" else [])
