"""Punch! in the player's language (issue 37, item 4): the card names of data/cards.json reach the
catalogue, and the log, the report and the result are said in the chosen language from a state that
holds no language."""

import json
from pathlib import Path

import pytest

from tabletop.games.punch.bot import make_bot
from tabletop.games.punch.rules import RULES
from tabletop.games.punch.rules.resolve import card_name
from tests.catalogue_helpers import help_page, marked, speaking

ROOM = Path(__file__).resolve().parent.parent / "tabletop" / "games" / "punch"


def _game(seed: int = 3):
    """A whole game between two computers, with match wins needed 1."""
    state = RULES.new_state(dict(RULES.default_options(), matches_to_win=1), seed, 2)
    bots = [make_bot(p, "strong", seed + p) for p in (0, 1)]
    for _n in range(2000):
        if RULES.outcome(state) is not None:
            return state
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, bots[seat].choose(RULES.view_for(state, seat)))
    raise AssertionError("the game did not end")


def test_every_card_name_of_the_data_file_is_in_the_catalogue():
    data = json.loads((ROOM / "data" / "cards.json").read_text())
    assert {k["name"] for k in data["kinds"]} <= marked(ROOM)


def test_the_log_and_the_result_speak_the_language():
    final = _game()
    english = [e["text"] for e in RULES.events(final, ["Ana", "Beto"])]
    with speaking("qps"):
        pseudo = RULES.events(final, ["Ana", "Beto"])
        assert all(e["text"] != en and "·" in e["text"] for e, en in zip(pseudo, english, strict=True))
        assert RULES.outcome(final).reason.endswith("·")
        report = RULES.report(final, pseudo)
        assert report.how.endswith("·") and all(label.endswith("·") for label, _v in report.numbers)
    with speaking("es"):
        assert card_name("dodge") == "Esquivar y devolver"
    with speaking("de"):
        assert RULES.events(final, ["Ana", "Beto"])[-1]["text"].startswith(("Ana gewinnt", "Beto gewinnt"))


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_help_in_each_language_has_every_section_and_table(code):
    text = help_page(ROOM, code)
    assert "## " in text and "|---" in text
