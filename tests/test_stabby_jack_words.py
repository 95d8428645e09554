"""Stabby Jack in the player's language (issue 37): every word of its data reaches the catalogue, its
log and result are kept language-free and said in the language of the moment, and its help pages in
Spanish and German have every section."""

import json
from pathlib import Path

import pytest

from tabletop.core import playout
from tabletop.games.stabby_jack import SPEC
from tabletop.games.stabby_jack.rules.content import CONTENT
from tabletop.games.stabby_jack.rules.text import render
from tests.catalogue_helpers import english_left, help_page, marked, speaking

ROOM = Path(SPEC.help_file).parent


def test_every_data_word_a_player_reads_is_in_the_catalogue():
    texts = marked(ROOM)
    data = json.loads((ROOM / "data" / "content.json").read_text(encoding="utf-8"))
    words = {s["name"] for s in data["suits"]} | {s["stat_label"] for s in data["suits"]}
    words |= set(data["rank_names"].values())
    assert words - texts == set()
    assert set(CONTENT.rank_names.values()) <= texts


def test_a_game_logged_in_one_language_reads_in_another():
    with speaking("es"):
        spanish = playout.play(SPEC, seed=4, levels=["easy", "random"]).state
    with speaking("de"):
        german = playout.play(SPEC, seed=4, levels=["easy", "random"]).state
        said = [render(t, ["Ana", "Ben"]) for t in spanish.log]
        reason = SPEC.rules.outcome(german).reason
        assert reason == render(german.result, ["{0}", "{1}"])
    assert spanish.log == german.log and spanish.result == german.result  # no language in the state
    assert any(" EP" in s for s in said) and not any(" XP" in s for s in said)


def test_every_word_of_every_log_line_and_the_result_goes_through_the_catalogue():
    state = playout.play(SPEC, seed=6, levels=["easy", "easy"]).state
    english = {"Ace", "Jack", "Queen", "King", "Joker", "of", "the", "draws", "beats", "physical", "magical"}
    with speaking("qps"):  # the pseudo-language accents every translated text: an English word left means a miss
        said = [render(t, ["Ana", "Ben"]) for t in (*state.log, state.result)]
    assert english_left(said, english) == []


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_help_in_each_language_has_every_section(code):
    text = help_page(ROOM, code)
    assert "10 PX" in text if code == "es" else "10 EP" in text  # the words of the table, not the English
