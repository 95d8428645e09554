"""The Square Ring in the player's language (issue 37): every word of its data reaches the catalogue,
its log is kept language-free and said in the language of the moment, and its help pages in Spanish
and German show the boxers as they are played."""

from pathlib import Path

import pytest

from tabletop.core import playout
from tabletop.games.square_ring import SPEC
from tabletop.games.square_ring.describe import all_boxers_markdown
from tabletop.games.square_ring.rules import BOXER_CHOICES
from tabletop.games.square_ring.rules.content import BOXERS, RING
from tabletop.games.square_ring.rules.text import sentence
from tests.catalogue_helpers import english_left, help_page, marked, speaking

ROOM = Path(SPEC.help_file).parent


def test_every_data_word_a_player_reads_is_in_the_catalogue():
    texts = marked(ROOM)
    words = {label for _value, label in BOXER_CHOICES}
    for b in BOXERS.values():
        words |= {b.name, b.style, b.blurb} | {c.name for c in b.cards}
    words |= {c.name for c in RING["turn_cards"]}
    assert words - texts == set()


def test_a_bout_logged_in_one_language_reads_in_another():
    with speaking("es"):
        spanish = playout.play(SPEC, seed=5, levels=["easy", "random"]).state
    with speaking("de"):
        german = playout.play(SPEC, seed=5, levels=["easy", "random"]).state
        said = [sentence(e) for e in spanish.log]
        assert said == [sentence(e) for e in german.log]
    assert spanish.log == german.log  # the log holds no language
    assert any("Schlagwechsel" in s for s in said) and not any("exchange" in s for s in said)


def test_every_word_of_every_log_line_goes_through_the_catalogue():
    state = playout.play(SPEC, seed=2, levels=["easy", "easy"]).state
    english = {b.name for b in BOXERS.values()} | {"Red", "Blue", "forward", "back", "north", "south", "HP"}
    with speaking("qps"):  # the pseudo-language accents every translated text: an English word left means a miss
        said = [sentence(e) for e in state.log]
    assert english_left(said, english) == []


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_help_in_each_language_has_every_section_and_the_boxers_as_played(code):
    text = help_page(ROOM, code)
    with speaking(code):
        boxers = all_boxers_markdown()
    assert boxers in text, f"help.{code}.md boxers are out of date: paste describe.all_boxers_markdown()"
