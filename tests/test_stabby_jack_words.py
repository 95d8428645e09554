"""Stabby Jack in the player's language (issue 37): every word of its data reaches the catalogue, its
log and result are kept language-free and said in the language of the moment, and its help pages in
Spanish and German have every section."""

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tabletop.core import i18n, playout
from tabletop.games.stabby_jack import SPEC
from tabletop.games.stabby_jack.rules.content import CONTENT
from tabletop.games.stabby_jack.rules.text import render

ROOM = Path(SPEC.help_file).parent


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def test_every_data_word_a_player_reads_is_in_the_catalogue():
    with (ROOM / "locale" / "messages.pot").open("rb") as f:
        marked = {m.id for m in read_po(f) if isinstance(m.id, str)}
    data = json.loads((ROOM / "data" / "content.json").read_text(encoding="utf-8"))
    words = {s["name"] for s in data["suits"]} | {s["stat_label"] for s in data["suits"]}
    words |= set(data["rank_names"].values())
    assert words - marked == set()
    assert set(CONTENT.rank_names.values()) <= marked


def test_a_game_logged_in_one_language_reads_in_another(language):
    language("es")
    spanish = playout.play(SPEC, seed=4, levels=["easy", "random"]).state
    language("de")
    german = playout.play(SPEC, seed=4, levels=["easy", "random"]).state
    assert spanish.log == german.log and spanish.result == german.result  # no language in the state
    said = [render(t, ["Ana", "Ben"]) for t in spanish.log]
    assert any(" EP" in s for s in said) and not any(" XP" in s for s in said)
    assert SPEC.rules.outcome(german).reason == render(german.result, ["{0}", "{1}"])


def test_every_word_of_every_log_line_and_the_result_goes_through_the_catalogue(language):
    state = playout.play(SPEC, seed=6, levels=["easy", "easy"]).state
    language("qps")  # the pseudo-language accents every translated text: an English word left means a miss
    english = {"Ace", "Jack", "Queen", "King", "Joker", "of", "the", "draws", "beats", "physical", "magical"}
    for t in (*state.log, state.result):
        left = set(re.findall(r"[A-Za-z]+", render(t, ["Ana", "Ben"]))) & english
        assert not left, f"{render(t)!r} keeps English {left}"


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_help_in_each_language_has_every_section(code):
    text = (ROOM / f"help.{code}.md").read_text(encoding="utf-8")
    english = (ROOM / "help.md").read_text(encoding="utf-8")
    assert text.count("\n## ") == english.count("\n## ")
    assert english.count("|---") == text.count("|---")  # the levels' table too
    assert not re.search(r"R-[A-Z]+-\d", text)  # no ruling ids in what a player reads
