"""Every game's lessons, checked without a window: each starts from a position the
rules accept (the records' setup), its goal does not hold before the player
moves, and its words are short (one or two sentences) and free of rule ids."""

import re

import pytest

from tabletop.core import registry
from tabletop.core.actions import action_table, from_json
from tabletop.core.game import Refused
from tabletop.tutorial import lessons_for
from tests.game_helpers import games, shipped

LESSONS = [(spec, lesson) for spec in games("lessons") for lesson in lessons_for(spec)]


def test_every_game_of_the_program_has_a_tutorial():
    """Lessons are optional in the contract (a game without them offers no Learn to play); the
    program's own games all have them."""
    assert {spec.id for spec in games("lessons")} >= {gid for gid, spec in registry.load_all().items() if shipped(spec)}


@pytest.mark.parametrize("spec,lesson", LESSONS, ids=[f"{s.id}:{lesson.id}" for s, lesson in LESSONS])
def test_a_lesson_starts_from_a_legal_position_not_yet_won(spec, lesson):
    rules = spec.rules
    state = rules.new_state(rules.check_options(lesson.options), lesson.seed, len(lesson.seats), lesson.setup)
    table = action_table(rules.actions)
    for raw in lesson.prelude:
        state = rules.apply(state, from_json(table, raw))
        assert not isinstance(state, Refused), f"{raw}: {state.reason}"
    assert rules.invariants(state) == []
    assert not lesson.goal(state)
    assert rules.outcome(state) is None


@pytest.mark.needs("lessons")
def test_lesson_words_are_short_and_for_players(game):
    ids = [lesson.id for lesson in lessons_for(game)]
    assert len(ids) == len(set(ids))
    for lesson in lessons_for(game):
        for text in (lesson.text, lesson.coach, lesson.done, lesson.title):
            assert not re.search(r"R-[A-Z]+-\d", text), text
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", lesson.text.strip()) if s]
        assert len(sentences) <= 3, f"{lesson.id}: {len(sentences)} sentences"
        assert len(lesson.text) <= 260, f"{lesson.id}: {len(lesson.text)} characters"


@pytest.mark.needs("lessons")
def test_every_lesson_opens_from_the_list_and_can_be_left_and_replayed(game):
    """Any lesson, finished or not, starts from the lesson list on the game's table; leaving it
    keeps what was finished and comes back to the list."""
    import pygame

    from tabletop.tutorial import open_tutorial, progress
    from tests.ui_helpers import frames, make_app, top

    app = make_app()
    app.start()
    try:
        open_tutorial(app, game.id)
        frames(app, 1)
        menu = top(app)
        lessons = lessons_for(game)
        n = len(lessons)
        assert menu.note.startswith(f"0 of {n} lesson{'s' if n > 1 else ''} finished.")  # never "0 of 1 lessons"
        progress.mark_finished(app.settings, game.id, lessons[0].id)
        for i, lesson in enumerate(lessons):
            menu.play(i)
            frames(app, 2)
            table = top(app)
            assert table.tutor is not None and table.tutor.lesson.id == lesson.id
            table.tutor.leave()
            frames(app, 1)
            assert top(app) is menu
        assert progress.finished(app.settings, game.id) == {lessons[0].id}
        if n > 1:
            assert menu.menu.items[0].label == f"Continue: 2. {lessons[1].title}"
        else:  # its one lesson finished: a real game comes next
            assert menu.menu.items[0].label == f"Play a game of {game.name}"
        assert menu.menu.items[1].label.startswith("✓ 1.")
    finally:
        pygame.quit()


def test_finished_lessons_are_remembered_after_a_restart(tmp_path):
    from tabletop import settings as settings_mod
    from tabletop.tutorial import progress

    path = tmp_path / "settings.json"
    first = settings_mod.load(path)
    progress.mark_finished(first, "punch", "block")
    progress.mark_finished(first, "punch", "punches")
    progress.mark_offered(first, "punch")
    again = settings_mod.load(path)
    assert progress.finished(again, "punch") == {"block", "punches"}
    assert progress.was_offered(again, "punch") and not progress.was_offered(again, "jab")


@pytest.mark.needs("lessons")
def test_the_lesson_banner_hides_the_table_text_under_it(game):
    """Playtest: the lesson's words sat on a nearly opaque panel, and the table's own texts under it
    (Boxing: The Game's score sheet and log, The Square Ring's hints) showed through as grey ghosts
    between the lesson's lines. Drawn over a black and over a white table, the banner is the same."""
    import pygame

    from tabletop.tutorial.coach import BANNER, start_lesson
    from tests.ui_helpers import frames, make_app

    app = make_app()
    try:
        table = start_lesson(app, game, 0)
        app.push(table)
        frames(app, 3)
        inside = app.vp.r(*(table.tutor_banner or BANNER)).inflate(-app.vp.s(30), -app.vp.s(30))
        seen = []
        for ground in ((0, 0, 0), (255, 255, 255)):
            surf = pygame.Surface(app.screen.get_size())
            surf.fill(ground)
            table.tutor._banner(surf, app.vp)
            seen.append(pygame.image.tobytes(surf.subsurface(inside), "RGB"))
        assert seen[0] == seen[1]
    finally:
        pygame.quit()


@pytest.mark.needs("lessons")
def test_a_game_after_the_lessons_is_not_called_a_first_game(game):
    """Playtest: a game started after every lesson was done still said "Your first game of ...
    Learn to play (13 short lessons)". Whoever played the lessons gets the game at once."""
    import pygame

    from tabletop.tutorial import progress
    from tabletop.ui.setup import Setup
    from tests.ui_helpers import frames, make_app, top

    app = make_app(tutorials_offered=False)
    app.start()
    try:
        for lesson in lessons_for(game):
            progress.mark_finished(app.settings, game.id, lesson.id)
        setup = Setup(app, game)
        app.push(setup)
        frames(app, 1)
        setup.start()
        frames(app, 2)
        assert getattr(top(app), "session", None) is not None, f"{type(top(app)).__name__} is shown, not the table"
    finally:
        pygame.quit()
