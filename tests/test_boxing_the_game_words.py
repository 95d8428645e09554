"""Boxing: The Game in the player's language (issue 37, item 4): every name and text of the data files
(cards, boxers, traits) reaches the catalogue, and the log, the outcome and the report are said in the
chosen language while the state keeps only language-free codes."""

import json
from pathlib import Path

import pytest

from tabletop.core import playout
from tabletop.games.boxing_the_game import SPEC
from tabletop.games.boxing_the_game.rules import RULES
from tabletop.games.boxing_the_game.rules.explain import explain
from tabletop.games.boxing_the_game.table.cards import describe
from tests.catalogue_helpers import help_page, marked, speaking

ROOM = Path(SPEC.help_file).parent


def test_every_text_of_the_data_files_is_in_the_catalogue():
    cards = json.loads((ROOM / "data" / "cards.json").read_text())
    chars = json.loads((ROOM / "data" / "characters.json").read_text())
    texts = {c["name"] for c in cards["starter"] + cards["main"]} | {c["text"] for c in cards["main"] if "text" in c}
    for ch in chars["characters"]:
        texts |= {ch["name"], ch["trait"]["name"], ch["trait"]["text"], ch["stance"]}
    assert texts <= marked(ROOM)


def test_the_log_and_the_result_speak_the_language():
    out = playout.play(SPEC, seed=21, levels=["strong", "random"])
    english = [explain(e, ("Ana", "Beto")) for e in out.state.log]
    reason = out.state.result.reason
    with speaking("qps"):
        pseudo = [explain(e, ("Ana", "Beto")) for e in out.state.log]
        assert all(p != en and "·" in p for p, en in zip(pseudo, english, strict=True))
        assert RULES.outcome(out.state).reason.endswith("·")
        assert out.state.result.reason == reason  # the state keeps its code
        report = RULES.report(out.state, [])
        assert report.how.endswith("·") and all(label.endswith("·") for label, _v in report.numbers)
    with speaking("es"):
        assert describe(2) == "Directo (golpe), velocidad 4."  # Red's starter Cross
    with speaking("de"):
        assert describe(2) == "Cross (Schlag), Tempo 4."


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_help_in_each_language_has_every_section_and_table(code):
    text = help_page(ROOM, code)
    assert "## " in text and "|---" in text
