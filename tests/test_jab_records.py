"""JAB records: the hand-written scenario replays to its knockout; bot games
replay exactly from their records; setup is checked."""

from pathlib import Path

import pytest
from jab_helpers import card

from tabletop.core import record
from tabletop.core.playout import play
from tabletop.core.registry import get
from tabletop.games.jab.rules import RULES

DATA = Path(__file__).parent / "data" / "jab-scenario.json"


def test_scenario_record_replays_to_a_knockout_R_JAB_8_9_11():
    rec = record.load(DATA)
    s = record.replay(rec, get("jab"))
    out = RULES.outcome(s)
    assert out.winner == 0 and "knockout" in out.reason
    assert s.health == (10, 0) and len(s.counter_won[0]) == 1
    assert s.piles[3] == (card(0, "blue haymaker"), card(0, "blue hook"))
    kinds = [e["kind"] for e in s.events]
    assert kinds.index("counter") < kinds.index("stagger") < kinds.index("knockout")


def test_bot_game_record_replays_to_the_same_state():
    out = play(get("jab"), seed=4, levels=["normal", "hard"])
    rec = record.parse(out.record.dumps())
    s = record.replay(rec, get("jab"))
    assert s == out.state


@pytest.mark.parametrize(
    "setup, words",
    [
        (
            {"decks": {"p0": {"left": ["blue hook", "blue hook"], "right": []}, "p1": {"left": [], "right": []}}},
            "twice",
        ),
        ({"decks": {"p0": {"left": ["blue punch"], "right": []}, "p1": {"left": [], "right": []}}}, "not a card"),
        ({"combo": ["jab-cross"]}, "exactly once"),
        ({"counter": ["pink", "red", "yellow", "blue", "purple"]}, "not one of"),
        ({"health": [5, 4]}, "add up"),
        ({"health": [2, 5], "tokens": [3, 0]}, "already won"),
        ({"hands": []}, "unknown key"),
    ],
)
def test_bad_setups_are_refused_with_a_reason(setup, words):
    with pytest.raises(ValueError, match=words):
        RULES.new_state(RULES.default_options(), 1, 2, setup)
