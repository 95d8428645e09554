"""The Square Ring's tutorial played through with a gamepad alone (a real SDL
virtual controller: d-pad to move, A to choose), as a newcomer would."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.tutorial import lessons_for, open_tutorial, progress
from tests.tutorial_helpers import Newcomer, lesson_table, lit, steer
from tests.ui_helpers import VirtualPad, frames, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


# what a newcomer picks in each lesson: a card id in Red's hand, or a button's label ("*": a free
# choice the lesson leaves open, so it is not lit)
PICKS = {
    "steps": ["forward", "turn-right-90", "Lock in"],
    "areas": ["cross", "*jab", "Lock in"],
    "order": ["forward", "jab", "Lock in"],
    "same-square": ["forward", "turn-left-45", "Lock in"],
    "crossing": ["forward", "cross", "Lock in"],
    "pressure": ["left", "back", "Lock in"],
    "burst": ["forward", "jab", "cross", "Lock in ⚡"],
    "react": ["React ◉", "jab", "hook", "Lock in"],
    "stick": ["jab", "cross", "Lock in", "Step back"],
    "counter": ["counter-cross", "back", "Lock in"],
    "daze": ["uppercut", "*jab", "Lock in"],
    "cooldown": ["jab", "cross", "Lock in"],
}


def _wait_for(app, player, payload, limit=80):
    for _ in range(limit):
        t = lesson_table(app)
        if any(h.payload == payload for h in t.focusables(0)):
            return
        player.wait(100)
    raise AssertionError(f"{payload} never came: {[h.payload for h in lesson_table(app).hots]}")


def test_the_whole_tutorial_with_a_gamepad(app):
    spec = registry.get("square-ring")
    pad = VirtualPad()
    try:
        frames(app, 3)
        open_tutorial(app, "square-ring")
        frames(app, 2)
        menu = top(app)
        pad.press(app, "a")  # "Start: 1. ..."
        player = Newcomer(app)
        for lesson in lessons_for(spec):
            t = lesson_table(app)
            assert t.tutor.lesson.id == lesson.id
            frames(app, 2)
            assert lit(t), f"lesson {lesson.id} lights nothing up"
            player.read()
            for pick in PICKS[lesson.id]:
                player.wait(400)
                free = pick.startswith("*")
                pick = pick.lstrip("*")
                payload = pick if pick[0].isupper() else ("hand", 0, pick)
                _wait_for(app, player, payload)
                t = lesson_table(app)
                assert free or payload in lit(t), f"{lesson.id}: {payload} is not lit; lit: {lit(t)}"
                steer(t, 0, payload, lambda d: pad.press(app, "dp" + d))
                pad.press(app, "a")
            player.finish_lesson(lambda: pad.press(app, "a"))
        assert top(app) is menu
    finally:
        pad.unplug()
        frames(app, 2)
    assert progress.finished(app.settings, "square-ring") == {lesson.id for lesson in lessons_for(spec)}
    total = sum(ms for _, ms in player.times) / 1000
    print(f"\nThe Square Ring tutorial, scripted newcomer: {len(player.times)} lessons, {total:.0f} s")
    assert total < 300


def test_a_cooling_card_is_refused_with_the_rules_reason(app):
    from tabletop.games.square_ring.rules import Commit

    open_tutorial(app, "square-ring")
    top(app).play(11)  # cooldown
    frames(app, 2)
    t = lesson_table(app)
    result = t.submit(Commit(0, ("uppercut", "jab")))
    assert not result and t.tutor.coach_text == result.reason and "uppercut" in result.reason.lower()
    assert t.session.state.exchange == 2


def test_the_first_lessons_introduce_what_the_first_real_exchange_asks_for(app):
    """Playtest: after the first four lessons, a real game's first exchange asked for a React and
    offered a Burst, which those lessons never mentioned."""
    from tabletop.session import Seat, Session

    spec = registry.get("square-ring")
    seats = [Seat("Ana", "human"), Seat("Ben", "computer", level=spec.bot_levels[0])]
    session = Session.new(spec, seats, spec.rules.default_options(), autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 20, dt=50)
    asked = {"React": "React ◉" in [h.payload for h in table.hots], "Burst": session.state.bursts[0] > 0}
    first = " ".join(f"{lesson.title} {lesson.text}" for lesson in lessons_for(spec)[:4])
    for word, offered in asked.items():
        assert offered, f"the first exchange no longer offers a {word}: this test needs a look"
        assert word in first, f"the first real exchange offers a {word}; the first four lessons never say it"
