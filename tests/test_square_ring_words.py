"""The Square Ring in the player's language (issue 37): every word of its data reaches the catalogue,
its log is kept language-free and said in the language of the moment, and its help pages in Spanish
and German show the boxers as they are played."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tabletop.core import i18n, playout
from tabletop.games.square_ring import SPEC
from tabletop.games.square_ring.describe import all_boxers_markdown
from tabletop.games.square_ring.rules import BOXER_CHOICES
from tabletop.games.square_ring.rules.content import BOXERS, RING
from tabletop.games.square_ring.rules.text import sentence

ROOM = Path(SPEC.help_file).parent


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def test_every_data_word_a_player_reads_is_in_the_catalogue():
    with (ROOM / "locale" / "messages.pot").open("rb") as f:
        marked = {m.id for m in read_po(f) if isinstance(m.id, str)}
    words = {label for _value, label in BOXER_CHOICES}
    for b in BOXERS.values():
        words |= {b.name, b.style, b.blurb} | {c.name for c in b.cards}
    words |= {c.name for c in RING["turn_cards"]}
    assert words - marked == set()


def test_a_bout_logged_in_one_language_reads_in_another(language):
    language("es")
    spanish = playout.play(SPEC, seed=5, levels=["easy", "random"]).state
    language("de")
    german = playout.play(SPEC, seed=5, levels=["easy", "random"]).state
    assert spanish.log == german.log  # the log holds no language
    said = [sentence(e) for e in spanish.log]
    assert said == [sentence(e) for e in german.log]
    assert any("Schlagwechsel" in s for s in said) and not any("exchange" in s for s in said)


def test_every_word_of_every_log_line_goes_through_the_catalogue(language):
    state = playout.play(SPEC, seed=2, levels=["easy", "easy"]).state
    language("qps")  # the pseudo-language accents every translated text: an English word left means a miss
    english = {b.name for b in BOXERS.values()} | {"Red", "Blue", "forward", "back", "north", "south", "HP"}
    for e in state.log:
        left = set(re.findall(r"[A-Za-z]+", sentence(e))) & english
        assert not left, f"{sentence(e)!r} keeps English {left}"


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_help_in_each_language_has_every_section_and_the_boxers_as_played(language, code):
    text = (ROOM / f"help.{code}.md").read_text(encoding="utf-8")
    english = (ROOM / "help.md").read_text(encoding="utf-8")
    assert text.count("\n## ") == english.count("\n## ")
    language(code)
    assert all_boxers_markdown() in text, f"help.{code}.md boxers are out of date: paste describe.all_boxers_markdown()"
    assert not re.search(r"R-[A-Z]+-\d", text)  # no ruling ids in what a player reads
