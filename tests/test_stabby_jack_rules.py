"""Stabby Jack: setup, the turn (declare, train, fight, rest), combat, level-ups, death."""

from collections import Counter

import pytest
from stabby_jack_util import cards, codes, play, position, stat

from tabletop.core.actions import action_table, from_json, to_json
from tabletop.core.game import Refused
from tabletop.games.stabby_jack.rules import RULES, Declare, Decline, LevelUp, Replace
from tabletop.games.stabby_jack.rules.content import full_deck
from tabletop.games.stabby_jack.rules.state import DECLARE, PLACE, TRAIN
from tabletop.games.stabby_jack.rules.text import events

P0 = ["5S", "6D", "4H", "3C"]
P1 = ["8S", "7D", "9H", "2C"]


@pytest.mark.parametrize("players,decks", [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_deck_count_per_players_R_SJ_1(players, decks):
    s = RULES.new_state({}, 3, players)
    assert s.decks == decks
    everything = list(s.draw) + list(s.discard) + [c for p in s.players for c in p.stats]
    assert len(everything) == 52 * decks
    assert Counter(everything) == Counter(full_deck(players, False))


def test_jokers_are_off_by_default_and_optional_R_SJ_1():
    plain = RULES.new_state({}, 1, 2)
    with_jokers = RULES.new_state({"jokers": True}, 1, 2)

    def count(s):
        return sum(1 for c in list(s.draw) + list(s.discard) if c.code() == "JOKER")

    assert count(plain) == 0 and count(with_jokers) == 2


def test_deal_gives_four_numbered_stats_and_discards_specials_R_SJ_2():
    for seed in range(20):
        s = RULES.new_state({}, seed, 3)
        for p in s.players:
            assert len(p.stats) == 4 and all(c.numbered for c in p.stats)
        assert all(c.special for c in s.discard)
        assert s.phase == DECLARE and s.turn == 0


def test_only_the_active_player_acts_and_must_declare_first_R_SJ_4():
    s = position([P0, P1], draw=["7S"])
    assert isinstance(RULES.apply(s, Declare(1, "fight")), Refused)
    assert isinstance(RULES.apply(s, Replace(0, 0)), Refused)
    assert isinstance(RULES.apply(s, Declare(0, "dance")), Refused)
    kinds = {a.choice for a in RULES.legal_actions(s, 0) if isinstance(a, Declare)}
    assert kinds == {"train", "fight", "rest"}
    assert RULES.legal_actions(s, 1) == []


def test_training_replaces_the_chosen_stat_and_the_old_card_is_discarded():
    s = position([P0, P1], draw=["9C"])
    s = play(s, Declare(0, "train"))
    assert s.phase == TRAIN and s.drawn.code() == "9C"
    assert isinstance(RULES.apply(s, Decline(0)), Refused)  # training must replace
    s = play(s, Replace(0, 3))
    assert codes(s.players[0].stats) == ["5S", "6D", "4H", "9C"]
    assert s.discard[-1].code() == "3C"
    assert s.turn == 1 and s.phase == DECLARE


def test_training_can_injure():
    s = position([P0, P1], draw=["2S"])
    s = play(s, Declare(0, "train"), Replace(0, 1))  # 6 of diamonds out, 2 of spades in
    assert stat(s, 0, "magic") == 0 and stat(s, 0, "attack") == 7


def test_death_by_training_R_SJ_3():
    s = position([P0, P1], damage=[3, 0], draw=["2S"], discard=["AS"])
    s = play(s, Declare(0, "train"), Replace(0, 2))  # the only heart goes: max HP 1 under 3 markers
    p = s.players[0]
    assert p.deaths == 1 and p.damage == 0 and p.xp == ()
    assert len(p.stats) == 4 and all(c.numbered for c in p.stats)
    assert "dies" in " ".join(s.log)


def test_rest_heals_one():
    s = position([P0, P1], damage=[2, 0])
    s = play(s, Declare(0, "rest"))
    assert s.players[0].damage == 1 and s.turn == 1


def test_fight_won_keeps_the_monster_as_xp_R_SJ_5():
    s = position([P0, P1], draw=["4C"])  # black: fought with spades 5
    s = play(s, Declare(0, "fight"))
    assert codes(s.players[0].xp) == ["4C"] and stat(s, 0, "xp") == 1
    assert s.players[0].damage == 0


def test_red_monsters_are_fought_with_magic_R_SJ_5():
    s = position([P0, P1], draw=["5H"])  # red: magic 6 beats 5 even though attack 5 would tie
    s = play(s, Declare(0, "fight"))
    assert codes(s.players[0].xp) == ["5H"]


def test_fight_lost_deals_one_damage_R_SJ_5():
    s = position([P0, P1], draw=["9S"])
    s = play(s, Declare(0, "fight"))
    assert s.players[0].xp == () and s.players[0].damage == 1
    assert s.discard[-1].code() == "9S"


def test_tie_won_on_luck_R_SJ_5():
    s = position([["5S", "6D", "4H", "6C"], P1], draw=["5C"])  # attack 5 = 5, luck 6 >= 5
    s = play(s, Declare(0, "fight"))
    assert codes(s.players[0].xp) == ["5C"] and s.players[0].damage == 0


def test_tie_lost_on_luck_R_SJ_5():
    s = position([P0, P1], draw=["5C"])  # attack 5 = 5, luck 3 < 5
    s = play(s, Declare(0, "fight"))
    assert s.players[0].xp == () and s.players[0].damage == 1


def test_death_in_combat_and_rebirth_with_as_many_stats_R_SJ_7():
    s = position([["5S", "6D", "2H", "3C", "4C"], P1], xp=[["2S"], []], damage=[1, 0], draw=["9S"])
    s = play(s, Declare(0, "fight"))
    p = s.players[0]
    assert p.deaths == 1 and len(p.stats) == 5 and p.xp == () and p.damage == 0
    assert {"2S", "9S"} <= set(codes(s.discard)) | set(codes(s.draw)) | set(codes(p.stats))


def test_no_hearts_means_one_hp_R_SJ_3():
    s = position([["5S", "6D", "3C"], P1], draw=["9S"])
    assert stat(s, 0, "hp") == 1
    s = play(s, Declare(0, "fight"))
    assert s.players[0].deaths == 1


def test_level_up_with_xp_skips_specials_R_SJ_4():
    s = position([P0, P1], xp=[["2S", "3S", "4S", "5H", "6H", "7H"], []], draw=["JS", "AC", "8C"])
    ups = [a for a in RULES.legal_actions(s, 0) if isinstance(a, LevelUp)]
    assert ups == [LevelUp(0, (0, 1, 2, 3, 4))]
    assert isinstance(RULES.apply(s, LevelUp(0, (0, 1, 2, 3))), Refused)  # only 4 XP
    s = play(s, LevelUp(0, (1, 2, 3, 4, 5)))
    p = s.players[0]
    assert codes(p.stats)[-1] == "8C" and codes(p.xp) == ["2S"]
    assert {"JS", "AC"} <= set(codes(s.discard))
    assert s.phase == DECLARE and s.turn == 0  # still has to declare


def test_level_up_pays_with_monarchs_without_change_R_SJ_4():
    s = position([P0, P1], xp=[["QS", "KD", "QD"], []], draw=["8C"])
    s = play(s, LevelUp(0, (0, 1, 2)))  # 6 XP spent for one level
    assert s.players[0].xp == () and len(s.players[0].stats) == 5


def test_level_up_at_eight_stats_replace_or_decline_R_SJ_7():
    eight = ["2S", "3S", "4D", "5D", "6H", "7H", "4C", "3C"]
    bag = ["8D", "9D", "10D", "5C", "6C"]
    s = position([eight, P1], xp=[bag, []], draw=["10S", "9S"])
    s = play(s, LevelUp(0, (0, 1, 2, 3, 4)))
    assert s.phase == PLACE and s.drawn.code() == "10S"
    s = play(s, Replace(0, 0))
    assert codes(s.players[0].stats)[0] == "10S" and len(s.players[0].stats) == 8
    s2 = position([eight, P1], xp=[bag, []], draw=["10S"])
    s2 = play(s2, LevelUp(0, (0, 1, 2, 3, 4)), Decline(0))
    assert codes(s2.players[0].stats) == eight and s2.discard[-1].code() == "10S"


def test_discard_pile_is_reshuffled_when_the_draw_pile_runs_out_R_SJ_1():
    s = position([P0, P1], seed=5)
    everything_else = len(s.draw)
    s.draw, s.discard = (), s.draw  # move every free card to the discard pile
    assert everything_else > 0
    s = play(s, Declare(0, "fight"))
    assert len(s.draw) + len(s.discard) + len(s.players[0].xp) == everything_else
    assert "shuffled" in " ".join(s.log)


def test_view_hides_the_draw_pile_order():
    s = position([P0, P1], draw=["7S", "10S"])
    v = RULES.view_for(s, 1)
    assert v.draw == () and v.rng is None and v.draw_count == len(s.draw)
    assert RULES.legal_actions(v, 0) == RULES.legal_actions(s, 0)


def test_actions_round_trip_through_json():
    table = action_table(RULES.actions)
    s = position([P0, P1], xp=[["2D", "3D", "4D", "5C", "6C"], []])
    for a in RULES.legal_actions(s, 0):
        assert from_json(table, to_json(a)) == a


def test_bad_setup_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="more copies"):
        position([["5S", "5S"], P1])
    with pytest.raises(ValueError, match="numbered"):
        position([["QS"], P1])
    with pytest.raises(ValueError, match="not a card"):
        position([["11S"], P1])
    with pytest.raises(ValueError, match="no HP"):
        position([P0, P1], damage=[4, 0])


def test_cards_helper_reads_codes():
    assert codes(cards("10h", "qd", "joker")) == ["10H", "QD", "JOKER"]


def test_summary_is_json_and_shows_the_waiting_card():
    import json

    s = play(position([P0, P1], draw=["9C"]), Declare(0, "train"))
    data = json.loads(json.dumps(RULES.summary(s)))
    assert data["phase"] == "train" and data["drawn"] == "9C"
    assert data["players"][0]["stats_row"] == P0 and data["players"][0]["hp"] == 4


def test_refusals_are_sentences_for_players():
    s = position([P0, P1], draw=["9C"])
    for action in (Declare(1, "rest"), Replace(0, 9), Decline(0), LevelUp(0, (0,))):
        result = RULES.apply(s, action)
        assert isinstance(result, Refused)
        assert result.reason[0].isupper() and result.reason.endswith(".")


def test_broken_content_file_names_the_file_and_the_problem(tmp_path):
    import json as _json

    from tabletop.games.stabby_jack.rules.content import CONTENT_FILE, ContentError, load

    data = _json.loads(CONTENT_FILE.read_text(encoding="utf-8"))
    data["max_stats"] = "eight"
    bad = tmp_path / "content.json"
    bad.write_text(_json.dumps(data), encoding="utf-8")
    with pytest.raises(ContentError, match=r"content\.json: max_stats must be a whole number, not 'eight'"):
        load(bad)
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid JSON"):
        load(bad)


def test_the_state_shows_what_the_last_move_turned_up_to_every_viewer():
    s = position([P0, P1], draw=["7S"])
    s = play(s, Declare(0, "fight"))
    assert s.turned == cards("7S")
    assert RULES.view_for(s, 1).turned == cards("7S") and RULES.view_for(s, 1).draw == ()
    s = play(s, Declare(1, "rest"))
    assert s.turned == ()  # nothing drawn: nothing shown


def test_turned_up_cards_follow_a_club_monarch_and_skip_level_up_specials_R_SJ_6_R_SJ_4():
    s = play(position([P0, P1], draw=["QC", "3S"]), Declare(0, "fight"))
    assert s.turned == cards("QC", "3S")  # the steal draws one more card, face up
    s = position([P0, P1], xp=[["2S", "3S", "4S", "5H", "6H"], []], draw=["JS", "AC", "8C"])
    s = play(s, LevelUp(0, (0, 1, 2, 3, 4)))
    assert s.turned == cards("8C")  # the skipped specials go straight to the discard pile


def test_turned_up_card_is_known_after_a_reshuffle_and_rebirth_stats_are_not_in_it_R_SJ_1_R_SJ_7():
    s = position([P0, P1], seed=5)
    s.draw, s.discard = (), s.draw  # every free card is in the discard pile
    before = s.discard
    s = play(s, Declare(0, "fight"))
    said = " ".join(events(s))
    assert "shuffled" in said and len(s.turned) >= 1 and s.turned[0] in before
    assert f"draws the {s.turned[0].name()}" in said
    dying = position([P0, P1], damage=[2, 0], draw=["JS"])
    dying = play(dying, Declare(0, "fight"))
    assert dying.players[0].deaths == 1 and dying.turned == cards("JS")
