"""Stabby Jack special cards (R-SJ-6): Jack and the Monarch shield, the four Monarchs, Ace, Joker."""

from stabby_jack_util import codes, play, position, stat

from tabletop.core.game import Refused
from tabletop.games.stabby_jack.rules import RULES, Declare, Decline, Replace, Shield, Swap, TakeHit
from tabletop.games.stabby_jack.rules.state import ACE, DECLARE, JACK, PLACE
from tabletop.games.stabby_jack.rules.text import describe_draw, events

P0 = ["5S", "6D", "4H", "3C"]
P1 = ["8S", "7D", "9H", "2C"]


def test_jack_stabs_for_two_without_a_monarch():
    s = position([P0, P1], xp=[["2S"], []], draw=["JH"])
    s = play(s, Declare(0, "fight"))
    assert s.players[0].damage == 2 and s.turn == 1
    assert codes(s.players[0].xp) == ["2S"] and s.discard[-1].code() == "JH"


def test_jack_while_training_also_stabs():
    s = position([P0, P1], draw=["JC"])
    s = play(s, Declare(0, "train"))
    assert s.players[0].damage == 2 and codes(s.players[0].stats) == P0


def test_monarch_shield_stops_all_of_the_jack():
    s = position([P0, P1], xp=[["2S", "QS"], []], draw=["JD"])
    s = play(s, Declare(0, "fight"))
    assert s.phase == JACK and s.turn == 0
    assert "shield" in describe_draw(s, 0)
    assert isinstance(RULES.apply(s, Shield(0, 0)), Refused)  # the 2 of spades is no Monarch
    s = play(s, Shield(0, 1))
    assert s.players[0].damage == 0 and codes(s.players[0].xp) == ["2S"]
    assert {"QS", "JD"} <= set(codes(s.discard))
    assert s.turn == 1


def test_taking_the_jack_keeps_the_monarch():
    s = position([P0, P1], xp=[["KD"], []], draw=["JD"])
    s = play(s, Declare(0, "fight"), TakeHit(0))
    assert s.players[0].damage == 2 and codes(s.players[0].xp) == ["KD"]


def test_jack_can_kill():
    s = position([P0, P1], damage=[2, 0], draw=["JS"])
    s = play(s, Declare(0, "rest"), Declare(1, "rest"))
    s = play(s, Declare(0, "fight"))  # 3 HP after resting, then 2 damage: alive
    assert s.players[0].deaths == 0 and stat(s, 0, "hp") == 1
    s2 = position([P0, P1], damage=[2, 0], draw=["JS"])
    s2 = play(s2, Declare(0, "fight"))
    assert s2.players[0].deaths == 1


def test_heart_monarch_heals_two():
    s = position([P0, P1], damage=[3, 0], draw=["QH"])
    s = play(s, Declare(0, "fight"))
    assert s.players[0].damage == 1


def test_club_monarch_levels_up_with_a_card_up_to_luck():
    s = position([P0, P1], draw=["KC", "3H"])  # luck 3: a 3 is enough (ties go to the thief)
    s = play(s, Declare(0, "fight"))
    assert codes(s.players[0].stats) == P0 + ["3H"] and s.turn == 1


def test_club_monarch_discards_a_card_above_luck():
    s = position([P0, P1], draw=["QC", "4D"])
    s = play(s, Declare(0, "train"))
    assert codes(s.players[0].stats) == P0 and s.discard[-1].code() == "4D"


def test_club_monarch_draws_a_special_and_resolves_it_instead():
    s = position([P0, P1], draw=["QC", "JS"])
    s = play(s, Declare(0, "fight"))
    assert s.players[0].damage == 2 and s.turn == 1


def test_club_monarch_level_up_at_eight_stats_offers_a_choice_R_SJ_7():
    eight = ["5S", "6D", "4H", "3C", "5C", "4C", "2H", "3H"]
    s = position([eight, P1], draw=["KC", "10C"])  # luck 12 >= 10
    s = play(s, Declare(0, "fight"))
    assert s.phase == PLACE and s.drawn.code() == "10C"
    s = play(s, Replace(0, 3))
    assert stat(s, 0, "luck") == 19 and s.turn == 1 and s.phase == DECLARE
    s2 = position([eight, P1], draw=["KC", "10C"])
    s2 = play(s2, Declare(0, "fight"), Decline(0))
    assert codes(s2.players[0].stats) == eight and s2.turn == 1


def test_diamond_monarch_is_beaten_by_magic_over_13_for_two_xp_R_SJ_5():
    s = position([["10D", "4D", "4H", "3C"], P1], draw=["QD"])
    s = play(s, Declare(0, "fight"))
    assert codes(s.players[0].xp) == ["QD"] and stat(s, 0, "xp") == 2


def test_monarch_tie_is_lost_even_with_luck_R_SJ_5():
    s = position([["10D", "3D", "4H", "10C", "9C"], P1], draw=["KD"])  # magic 13, luck 19
    s = play(s, Declare(0, "fight"))
    assert s.players[0].xp == () and s.players[0].damage == 2
    assert "monarchs win ties" in events(s)[-1]


def test_spade_monarch_is_fought_with_attack_and_deals_two_R_SJ_5():
    s = position([P0, P1], draw=["KS"])  # attack 5
    s = play(s, Declare(0, "train"))  # a Monarch drawn in training is still fought
    assert s.players[0].damage == 2
    s2 = position([["10S", "5S", "4H", "3C"], P1], draw=["KS"])  # attack 15
    s2 = play(s2, Declare(0, "fight"))
    assert codes(s2.players[0].xp) == ["KS"]


def test_ace_swaps_cards_of_the_same_suit_or_value():
    s = position([P0, P1], draw=["AS"])
    s = play(s, Declare(0, "fight"))
    assert s.phase == ACE
    pairs = {(a.stat, a.other_stat) for a in RULES.legal_actions(s, 0)}
    # 5S-8S (suit), 6D-7D (suit), 4H-9H (suit), 3C-2C (suit); no equal values here
    assert pairs == {(0, 0), (1, 1), (2, 2), (3, 3)}
    assert isinstance(RULES.apply(s, Swap(0, 0, 1, 1)), Refused)  # 5S and 7D differ in both
    assert isinstance(RULES.apply(s, Swap(0, 0, 0, 0)), Refused)  # not with yourself
    s = play(s, Swap(0, 2, 1, 2))
    assert codes(s.players[0].stats)[2] == "9H" and codes(s.players[1].stats)[2] == "4H"
    assert s.turn == 1 and s.discard[-1].code() == "AS"


def test_ace_swap_by_equal_value():
    s = position([["5S", "6D", "4H"], ["5C", "10H"]], draw=["AD"])
    s = play(s, Declare(0, "fight"))
    s = play(s, Swap(0, 0, 1, 0))
    assert codes(s.players[0].stats)[0] == "5C" and codes(s.players[1].stats)[0] == "5S"


def test_ace_swap_can_kill_the_other_player_R_SJ_3():
    s = position([P0, P1], damage=[0, 6], draw=["AC"])  # seat 1: 9 HP max, 3 left
    s = play(s, Declare(0, "fight"), Swap(0, 2, 1, 2))  # their 9 of hearts for our 4
    assert s.players[1].deaths == 1 and s.players[1].damage == 0
    assert stat(s, 0, "max_hp") == 9


def test_ace_with_no_possible_pair_passes_the_turn():
    s = position([["5S", "6S"], ["7D", "8H", "9C"]], draw=["AH"])
    s = play(s, Declare(0, "fight"))
    assert s.turn == 1 and s.phase == DECLARE
    assert codes(s.players[0].stats) == ["5S", "6S"]


def test_joker_levels_up_with_a_numbered_card():
    s = position([P0, P1], draw=["JOKER", "10H"], jokers=True)
    s = play(s, Declare(0, "train"))
    assert codes(s.players[0].stats) == P0 + ["10H"] and s.turn == 1


def test_joker_drawing_a_special_resolves_it_instead():
    s = position([P0, P1], draw=["JOKER", "QH"], damage=[2, 0], jokers=True)
    s = play(s, Declare(0, "fight"))
    assert s.players[0].damage == 0 and codes(s.players[0].stats) == P0
