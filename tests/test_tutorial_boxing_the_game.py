"""Boxing: The Game's tutorial played through with the mouse, as a newcomer
would: lay cards in the slots, bid with +, lock in, choose a stance, pick a prize."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.games.boxing_the_game.tutorial import RED
from tabletop.tutorial import lessons_for, open_tutorial, progress
from tests.tutorial_helpers import Newcomer, lesson_table, mouse_go_on, spot
from tests.ui_helpers import click, frames, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


# ("card", name): click it in the hand (it goes to the next free slot); ("bid", slot): click that
# slot's +; ("button", what it is); ("prize", slot)
MOVES = {
    "plan": [("card", "Jab"), ("card", "Cross"), ("card", "Hook"), ("button", ("lock", 0))],
    "speed": [("card", "Hook"), ("bid", 0), ("bid", 0), ("card", "Jab"), ("card", "Block"), ("button", ("lock", 0))],
    "tie": [("card", "Jab"), ("card", "Block"), ("card", "Block2"), ("button", ("lock", 0))],
    "other-stance": [("card", "Jab"), ("card", "Block"), ("card", "Block2"), ("button", ("lock", 0))],
    "jab": [("card", "Jab"), ("card", "Block"), ("card", "Block2"), ("button", ("lock", 0))],
    "cross-jab": [
        ("card", "Cross"),
        ("bid", 0),
        ("bid", 0),
        ("card", "Jab"),
        ("card", "Block"),
        ("button", ("lock", 0)),
    ],
    "block": [("card", "Block"), ("card", "Jab"), ("card", "Hook"), ("button", ("lock", 0))],
    "fast-block": [("card", "Block"), *[("bid", 0)] * 4, ("card", "Jab"), ("card", "Hook"), ("button", ("lock", 0))],
    "fast-hook": [
        ("card", "Hook"),
        ("bid", 0),
        ("bid", 0),
        ("card", "Jab"),
        ("card", "Block"),
        ("button", ("lock", 0)),
    ],
    "feint": [("card", "Feint"), ("card", "Block"), ("card", "Jab"), ("button", ("lock", 0))],
    "fast-feint": [("card", "Feint"), *[("bid", 0)] * 6, ("card", "Jab"), ("card", "Cross"), ("button", ("lock", 0))],
    "stance": [
        ("card", "Jab"),
        ("card", "Block"),
        ("card", "Block2"),
        ("button", ("lock", 0)),
        ("button", ("stance", 0, True, False)),
    ],
    "force": [
        ("card", "Jab"),
        *[("bid", 0)] * 5,
        ("card", "Cross"),
        ("card", "Block"),
        ("button", ("lock", 0)),
        ("button", ("stance", 0, False, True)),
    ],
    "feint-carry": [("card", "Feint"), *[("bid", 0)] * 4, ("card", "Jab"), ("card", "Block"), ("button", ("lock", 0))],
    "carry": [("card", "Block"), ("bid", 0), ("bid", 0), ("card", "Hook"), ("card", "Jab"), ("button", ("lock", 0))],
    "feints": [("card", "Feint"), ("bid", 0), ("bid", 0), ("card", "Hook"), ("card", "Jab"), ("button", ("lock", 0))],
    "scoring": [("card", "Block"), ("card", "Block2"), ("card", "Hook"), ("button", ("lock", 0))],
    "prizes": [("prize", 0)],
    "knockdown": [
        ("card", "Uppercut"),
        ("bid", 0),
        ("bid", 0),
        ("card", "Jab"),
        ("card", "Block"),
        ("button", ("lock", 0)),
    ],
}


def _find(app, player, test, what, limit=100):
    for _ in range(limit):
        found = [h for h in lesson_table(app).hots if test(h)]
        if found:
            return found
        player.wait(100)
    raise AssertionError(f"{what} never came: {[h.payload for h in lesson_table(app).hots]}")


def test_the_whole_tutorial_with_the_mouse(app):
    spec = registry.get("boxing-the-game")
    open_tutorial(app, "boxing-the-game")
    frames(app, 2)
    menu = top(app)
    click(app, menu.menu.items[0].rect.center)
    player = Newcomer(app)
    for lesson in lessons_for(spec):
        t = lesson_table(app)
        assert t.tutor.lesson.id == lesson.id
        frames(app, 2)
        player.read()
        for kind, what in MOVES[lesson.id]:
            player.wait(400)
            if kind == "card":
                payload = ("hand", 0, RED[what])
                _find(app, player, lambda h, p=payload: h.payload == p, payload)
                click(app, spot(lesson_table(app), payload))
            elif kind in ("bid", "button"):
                payload = ("bid+", 0, what) if kind == "bid" else what
                b = _find(app, player, lambda h, p=payload: h.payload == p, payload)
                click(app, b[0].rect.center)
            else:
                payload = ("prize", what)
                _find(app, player, lambda h, p=payload: h.payload == p, payload)
                click(app, spot(lesson_table(app), payload))
        player.finish_lesson(mouse_go_on(app))
    assert top(app) is menu
    assert progress.finished(app.settings, "boxing-the-game") == {lesson.id for lesson in lessons_for(spec)}
    total = sum(ms for _, ms in player.times) / 1000
    print(f"\nBoxing: The Game tutorial, scripted newcomer: {len(player.times)} lessons, {total:.0f} s")
    assert total < 300


def test_a_plan_without_the_bid_is_coached_and_not_played(app):
    from tabletop.games.boxing_the_game.rules import Plan

    open_tutorial(app, "boxing-the-game")
    top(app).play(1)  # speed and bids
    frames(app, 2)
    t = lesson_table(app)
    result = t.submit(Plan(0, (RED["Hook"], RED["Jab"], RED["Block"]), (0, 0, 0)))
    assert not result and "2 momentum" in t.tutor.coach_text
    frames(app, 60)
    assert t.session.state.phase == "plan" and t.session.state.players[0].choice is None


def _lesson(app, lesson_id):
    spec = registry.get("boxing-the-game")
    open_tutorial(app, "boxing-the-game")
    top(app).play([lesson.id for lesson in lessons_for(spec)].index(lesson_id))
    frames(app, 2)
    return lesson_table(app)


def test_a_tie_lesson_refuses_a_plan_that_would_not_tie(app):
    from tabletop.games.boxing_the_game.rules import Plan

    t = _lesson(app, "tie")
    result = t.submit(Plan(0, (RED["Jab"], RED["Block"], RED["Block2"]), (1, 0, 0)))
    assert not result and "without a bid" in t.tutor.coach_text
    assert t.session.state.phase == "plan"


def test_praise_comes_once_the_lessons_event_is_shown_not_before(app):
    from tabletop.games.boxing_the_game.rules import Plan

    t = _lesson(app, "block")
    assert t.submit(Plan(0, (RED["Block"], RED["Jab"], RED["Hook"]), (0, 0, 0)))
    for _ in range(400):  # Blue plans too
        if t.tutor.reached:
            break
        frames(app, 1)
    assert t.tutor.reached and t.tutor.won_ms is None  # the cards of event 1 are still turning over
    for _ in range(400):
        if t.tutor.won_ms is not None:
            break
        frames(app, 1)
    assert t.tutor.won_ms is not None
    assert t.busy()  # events 2 and 3 were not waited for
