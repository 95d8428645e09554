"""Boxing: The Game in the player's language (issue 37, item 4): every name and text of the data files
(cards, boxers, traits) reaches the catalogue, and the log, the outcome and the report are said in the
chosen language while the state keeps only language-free codes."""

import json
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tabletop.core import i18n, playout
from tabletop.games.boxing_the_game import SPEC
from tabletop.games.boxing_the_game.rules import RULES
from tabletop.games.boxing_the_game.rules.explain import explain
from tabletop.games.boxing_the_game.table.cards import describe

ROOM = Path(SPEC.help_file).parent


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def test_every_text_of_the_data_files_is_in_the_catalogue():
    cards = json.loads((ROOM / "data" / "cards.json").read_text())
    chars = json.loads((ROOM / "data" / "characters.json").read_text())
    texts = {c["name"] for c in cards["starter"] + cards["main"]} | {c["text"] for c in cards["main"] if "text" in c}
    for ch in chars["characters"]:
        texts |= {ch["name"], ch["trait"]["name"], ch["trait"]["text"], ch["stance"]}
    with (ROOM / "locale" / "messages.pot").open("rb") as f:
        template = {m.id for m in read_po(f) if m.id}
    assert texts <= template


def test_the_log_and_the_result_speak_the_language(language):
    out = playout.play(SPEC, seed=21, levels=["strong", "random"])
    english = [explain(e, ("Ana", "Beto")) for e in out.state.log]
    reason = out.state.result.reason
    language("qps")
    pseudo = [explain(e, ("Ana", "Beto")) for e in out.state.log]
    assert all(p != en and "·" in p for p, en in zip(pseudo, english, strict=True))
    assert RULES.outcome(out.state).reason.endswith("·")
    assert out.state.result.reason == reason  # the state keeps its code
    report = RULES.report(out.state, [])
    assert report.how.endswith("·") and all(label.endswith("·") for label, _v in report.numbers)
    language("es")
    assert describe(2) == "Directo (golpe), velocidad 4."  # Red's starter Cross
    language("de")
    assert describe(2) == "Cross (Schlag), Tempo 4."
