"""The whole R-PUN-2 resolution table, the stamina cap, knockouts and R-PUN-6."""

import pytest

from tabletop.games.punch.rules import RULES
from tabletop.games.punch.rules.actions import Commit
from tabletop.games.punch.rules.resolve import explain

CODES = ["p1", "p2", "p3", "nothing", "block", "dodge"]

# Stamina change of (Red, Blue) when Red shows the row card and Blue the column
# card, both at stamina 5. Written out by hand from R-PUN-2.
TABLE = """
         p1      p2      p3      nothing block   dodge
p1       0,0     -1,0    -2,0    0,-1    0,0     -1,0
p2       0,-1    0,0     -1,0    0,-2    0,0     -2,0
p3       0,-2    0,-1    0,0     0,-3    0,0     -3,0
nothing  -1,0    -2,0    -3,0    1,1     1,0     1,0
block    0,0     0,0     0,0     0,1     0,0     0,0
dodge    0,-1    0,-2    0,-3    0,1     0,0     0,0
"""


def _table():
    lines = [ln.split() for ln in TABLE.strip().splitlines()]
    cols = lines[0]
    out = {}
    for row in lines[1:]:
        for col, cell in zip(cols, row[1:], strict=True):
            a, b = cell.split(",")
            out[(row[0], col)] = (int(a), int(b))
    return out


EXPECTED = _table()


def deck_with(hand):
    """A full deck (top first) whose first cards are ``hand``."""
    rest = [c for c in CODES for _ in range(5)]
    for c in hand:
        rest.remove(c)
    return list(hand) + rest


def fresh(red_hand=(), blue_hand=(), stamina=None, **options):
    """A state at play 1 of match 1 with the given first cards on top of each deck."""
    from tabletop.games.punch.rules.actions import KeepHand

    s = RULES.new_state(RULES.check_options(options), 1, 2, {"decks": [deck_with(red_hand), deck_with(blue_hand)]})
    while s.phase == "redeal":
        s = RULES.apply(s, KeepHand(RULES.to_act(s)[0]))
    if stamina is not None:
        s.stamina = stamina
    return s


def play_pair(s, red, blue):
    s = RULES.apply(s, Commit(0, red))
    assert s, s
    s2 = RULES.apply(s, Commit(1, blue))
    assert s2, s2
    return s2


def test_table_has_all_36_pairs():
    assert len(EXPECTED) == 36


@pytest.mark.parametrize("red,blue", sorted(EXPECTED))
def test_resolution_table_R_PUN_2(red, blue):
    s = fresh([red], [blue], stamina=(5, 5))
    after = play_pair(s, red, blue)
    d = EXPECTED[(red, blue)]
    assert after.stamina == (5 + d[0], 5 + d[1])
    event = after.log[-1]
    assert event["type"] == "reveal" and event["cards"] == [red, blue]
    assert event["change"] == list(d)
    assert after.play == 2 and after.phase == "choose"


@pytest.mark.parametrize("red,blue", sorted(EXPECTED))
def test_every_pair_has_a_sentence_naming_the_boxers(red, blue):
    after = play_pair(fresh([red], [blue], stamina=(5, 5)), red, blue)
    text = explain(after.log[-1], ["Red", "Blue"])
    assert "Red" in text and "Blue" in text and text.endswith(".")


def test_dodge_sentence():
    after = play_pair(fresh(["dodge"], ["p3"], stamina=(5, 5)), "dodge", "p3")
    assert (
        explain(after.log[-1], ["Red", "Blue"])
        == "Red's Dodge and Punch Back sends Blue's Punch 3 back: Blue loses 3 stamina (2 left)."
    )


@pytest.mark.parametrize(
    "red,blue,text",
    [
        ("p1", "p3", "Blue's Punch 3 beats Red's Punch 1: Red loses 2 stamina (3 left)."),
        ("p3", "p2", "Red's Punch 3 beats Blue's Punch 2: Blue loses 1 stamina (4 left)."),
        ("block", "p2", "Red's Block stops Blue's Punch 2: nothing happens."),
        ("p2", "nothing", "Red's Punch 2 catches Blue doing nothing: Blue loses 2 stamina (3 left)."),
        (
            "nothing",
            "dodge",
            "Red does nothing against Blue's Dodge and Punch Back and rests: Red gains 1 stamina (6 now).",
        ),
    ],
)
def test_sentences_name_the_right_boxer(red, blue, text):
    after = play_pair(fresh([red], [blue], stamina=(5, 5)), red, blue)
    assert explain(after.log[-1], ["Red", "Blue"]) == text


def test_stamina_is_capped_at_10_R_PUN_2():
    after = play_pair(fresh(["nothing"], ["nothing"], stamina=(10, 9)), "nothing", "nothing")
    assert after.stamina == (10, 10)
    assert "full stamina" in explain(after.log[-1], ["Red", "Blue"])


@pytest.mark.parametrize(
    "red,blue,st", [("p3", "nothing", (5, 3)), ("dodge", "p2", (5, 2)), ("p3", "p1", (5, 2)), ("p1", "nothing", (9, 1))]
)
def test_reaching_zero_is_a_knockout_at_once_R_PUN_2(red, blue, st):
    after = play_pair(fresh([red], [blue], stamina=st), red, blue)
    assert after.stamina[1] == 0
    assert after.phase == "match_over"
    assert after.wins == (1, 0)
    assert after.history[-1]["by"] == "knockout" and after.history[-1]["winner"] == 0
    assert after.log[-2]["ko"] == 1
    assert "knocked out" in explain(after.log[-2], ["Red", "Blue"])


def test_damage_never_goes_below_zero():
    after = play_pair(fresh(["p3"], ["nothing"], stamina=(5, 1)), "p3", "nothing")
    assert after.stamina == (5, 0)


# -- R-PUN-6 No mercy for the weak ------------------------------------------------


@pytest.mark.parametrize(
    "red,blue,st,expected",
    [
        ("p3", "dodge", (2, 8), (0, 8)),  # a Dodge sends back only the weakened 2
        ("p3", "dodge", (1, 8), (0, 8)),
        ("p3", "nothing", (2, 8), (2, 6)),  # hits for 2, not 3
        ("p3", "p1", (1, 8), (1, 8)),  # counts as 1: cancels a 1
        ("p3", "p2", (1, 8), (0, 8)),  # counts as 1: loses to a 2 by 1
        ("p3", "nothing", (3, 8), (3, 5)),  # at 3 there is no weakening
    ],
)
def test_no_mercy_weakens_punches_below_3_R_PUN_6(red, blue, st, expected):
    after = play_pair(fresh([red], [blue], stamina=st, no_mercy=True), red, blue)
    assert after.stamina == expected


def test_without_no_mercy_a_weak_boxer_punches_full():
    after = play_pair(fresh(["p3"], ["nothing"], stamina=(1, 8)), "p3", "nothing")
    assert after.stamina == (1, 5)


def test_no_mercy_sentence_says_the_punch_was_weakened():
    after = play_pair(fresh(["p3"], ["nothing"], stamina=(2, 8), no_mercy=True), "p3", "nothing")
    assert "no mercy" in explain(after.log[-1], ["Red", "Blue"])
