"""JAB in the player's language (issue 37, item 4): the card words of data/content.json reach the
catalogue, the log says every rules sentence in the chosen language, and a game's state (what a record
replays and a host sends) holds no language at all."""

import ast
import json
from pathlib import Path

import pytest

from tabletop.core import codec
from tabletop.games.jab.bot import random_game_count
from tabletop.games.jab.rules import RULES
from tabletop.games.jab.rules import content as C
from tabletop.games.jab.rules.say import card_label
from tests.catalogue_helpers import help_page, marked, speaking

ROOM = Path(C.__file__).resolve().parent.parent


def test_every_word_of_the_content_file_is_in_the_catalogue():
    data = json.loads((ROOM / "data" / "content.json").read_text())
    words = [t["name"] for t in data["types"]] + [c["name"].lower() for c in data["colours"]]
    assert set(words) <= marked(ROOM)


def test_a_card_is_named_in_the_players_language():
    hook = C.make_card(0, C.TYPES.index("hook"), C.COLOURS.index("blue"))
    assert card_label(hook) == "blue Hook"
    with speaking("es"):
        assert card_label(hook) == "Gancho azul"
    with speaking("de"):
        assert card_label(hook) == "Blau-Haken"


def test_the_log_speaks_the_language_and_the_state_none():
    final, _n = random_game_count(5)
    english = [e["text"] for e in RULES.events(final, ["Ana", "Beto"])]
    with speaking("qps"):
        pseudo = RULES.events(final, ["Ana", "Beto"])
        # every sentence went through the catalogue: the pseudo-language marks each one
        assert all(e["text"].endswith("·") and e["text"] != en for e, en in zip(pseudo, english, strict=True))
        assert RULES.outcome(final).reason.endswith("·")
        # a state read back from JSON (a kept game, an online view) still says its end in the language
        back = codec.state_from_json(RULES, json.loads(json.dumps(codec.state_to_json(RULES, final))))
        assert RULES.outcome(back).reason == RULES.outcome(final).reason
    # the same game played in another language holds the very same state, sentences and all
    with speaking("de"):
        again, _n = random_game_count(5)
    assert again.events == final.events and again.end_reason == final.end_reason


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_help_in_each_language_has_every_section_and_table(code):
    text = help_page(ROOM, code)
    assert "## " in text and "|---" in text


def test_no_sentence_field_is_named_like_a_seat_field():
    """A joiner checks every value named like a seat field at any depth of a host's view (online):
    a sentence's fields ("{0}", a card, a target) must never be taken for a seat."""
    fields = set()
    for path in (ROOM / "rules").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Say":
                fields |= {k.arg for k in node.keywords if k.arg}
    assert {"who", "card", "where"} <= fields and not fields & set(RULES.seat_fields)
