"""Stabby Jack winning (R-SJ-8) and the referee's round limit."""

from stabby_jack_util import play, position

from tabletop.games.stabby_jack.rules import RULES, Declare, Replace
from tabletop.games.stabby_jack.rules.state import OVER

HERO = ["10S", "9S", "8C", "7C", "3H"]  # attack 19, luck 15, 3 HP
NINE_XP = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D"]
RIVAL = ["2S", "4C", "5H"]  # 5 HP, luck 4


def test_all_three_conditions_win_after_the_turn():
    s = position([HERO, RIVAL], xp=[NINE_XP, []], draw=["4S"])
    assert RULES.outcome(s) is None
    s = play(s, Declare(0, "fight"))  # the 4 of spades makes 10 XP
    out = RULES.outcome(s)
    assert out is not None and out.winner == 0 and s.phase == OVER
    assert RULES.to_act(s) == () and RULES.legal_actions(s, 0) == []


def test_missing_xp_is_no_win():
    s = position([HERO, RIVAL], xp=[NINE_XP[:-1], []], draw=["4S"])
    s = play(s, Declare(0, "fight"))
    assert RULES.outcome(s) is None and s.turn == 1


def test_attack_must_be_greater_than_every_other_hp():
    tough = ["2S", "4C", "10H", "9H"]  # 19 HP: attack 19 is not greater
    s = position([HERO, tough], xp=[NINE_XP, []], draw=["4S"])
    s = play(s, Declare(0, "fight"))
    assert RULES.outcome(s) is None


def test_current_hp_counts_so_damage_opens_the_way():
    tough = ["2S", "4C", "10H", "9H"]
    s = position([HERO, tough], xp=[NINE_XP, []], damage=[0, 1], draw=["4S"])  # 18 HP now
    s = play(s, Declare(0, "fight"))
    assert RULES.outcome(s).winner == 0


def test_magic_can_be_the_attack_that_wins():
    mage = ["10D", "9D", "8C", "7C", "3H"]
    bag = ["2H", "4H", "6H", "7H", "8H", "9H", "10H", "3S", "4S"]
    s = position([mage, RIVAL], xp=[bag, []], draw=["4D"])
    s = play(s, Declare(0, "fight"))
    assert RULES.outcome(s).winner == 0


def test_luck_must_be_strictly_the_most():
    lucky = ["2S", "10C", "5C", "5H"]  # luck 15 = ours
    s = position([HERO, lucky], xp=[NINE_XP, []], draw=["4S"])
    s = play(s, Declare(0, "fight"))
    assert RULES.outcome(s) is None


def test_every_player_is_checked_after_every_turn():
    # Seat 1 is strong and seasoned but seat 0 is luckier; seat 0 trains its clubs away.
    winner = ["10S", "9S", "6C", "5H"]  # attack 19, luck 6
    s = position([["2S", "10C", "4H"], winner], xp=[[], NINE_XP + ["KS"]], draw=["2H"])
    s = play(s, Declare(0, "train"), Replace(0, 1))  # 10 of clubs out: seat 0's luck drops to 0
    out = RULES.outcome(s)
    assert out is not None and out.winner == 1


def test_round_limit_ends_on_the_tiebreak():
    # Seat 1 meets two conditions (attack, luck), seat 0 none.
    s = position([["2S", "9H", "2C"], ["10S", "3H", "5C"]], round_limit=50)
    for _ in range(50):
        assert RULES.outcome(s) is None
        s = play(s, Declare(0, "rest"), Declare(1, "rest"))
    out = RULES.outcome(s)
    assert out.winner == 1 and "limit" in out.reason


def test_round_limit_tiebreak_can_be_a_draw():
    twin = ["2S", "9H", "4C"]
    s = position([twin, twin, ["3D", "2H", "2C"]], round_limit=50)  # 3 players: two decks
    while RULES.outcome(s) is None:
        s = play(s, Declare(s.turn, "rest"))
    assert s.turns == 150 and RULES.outcome(s).winner is None
