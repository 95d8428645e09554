"""Every game's lessons, checked without a window: each starts from a position the
rules accept (the records' setup), its goal does not hold before the player
moves, and its words are short (one or two sentences) and free of rule ids."""

import re

import pytest

from tabletop.core import registry
from tabletop.core.actions import action_table, from_json
from tabletop.core.game import Refused
from tabletop.tutorial import has_tutorial, lessons_for

GAMES = [spec for spec in registry.load_all().values() if has_tutorial(spec)]
LESSONS = [(spec, lesson) for spec in GAMES for lesson in lessons_for(spec)]


def test_every_game_has_a_tutorial():
    assert {spec.id for spec in GAMES} == set(registry.load_all())


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


@pytest.mark.parametrize("spec", GAMES, ids=[s.id for s in GAMES])
def test_lesson_words_are_short_and_for_players(spec):
    ids = [lesson.id for lesson in lessons_for(spec)]
    assert len(ids) == len(set(ids))
    for lesson in lessons_for(spec):
        for text in (lesson.text, lesson.coach, lesson.done, lesson.title):
            assert not re.search(r"R-[A-Z]+-\d", text), text
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", lesson.text.strip()) if s]
        assert len(sentences) <= 3, f"{lesson.id}: {len(sentences)} sentences"
        assert len(lesson.text) <= 260, f"{lesson.id}: {len(lesson.text)} characters"
