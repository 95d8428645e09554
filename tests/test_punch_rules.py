"""Punch! flow: deals, redeals, rounds, breaks, matches, the game, secrecy and
the variants (R-PUN-3..9)."""

import json
from pathlib import Path

import pytest
from test_punch_resolution import CODES, deck_with, fresh, play_pair

from tabletop.core.game import Refused
from tabletop.games.punch.bot import make_bot
from tabletop.games.punch.rules import RULES, content
from tabletop.games.punch.rules.actions import Commit, Draft, Exchange, KeepHand, Program, Ready, Redeal, Swap
from tabletop.games.punch.rules.resolve import explain
from tabletop.games.punch.rules.state import HIDDEN, exchange_limit, may_swap

NAMES = ["Red", "Blue"]


def play_round(s, red, blue):
    """Play the given cards in order; returns the state after the last pair."""
    for a, b in zip(red, blue, strict=True):
        s = play_pair(s, a, b)
    return s


QUIET = ["block"] * 5 + ["dodge"] * 5  # against each other nothing ever happens
MIXED = ["p1", "p2", "p3", "nothing", "block", "dodge", "p1", "p2", "p3", "dodge"]


def keep_hands(s):
    while s.phase == "redeal":
        s = RULES.apply(s, KeepHand(RULES.to_act(s)[0]))
    return s


def test_deal_gives_10_cards_and_hides_the_other_hand_R_PUN_9():
    s = RULES.new_state(RULES.default_options(), 5, 2)
    assert s.phase in ("choose", "redeal")
    assert s.hand_sizes == (10, 10) and s.deck_sizes == (20, 20)
    v = RULES.view_for(s, 0)
    assert v.hands[0] == s.hands[0] and v.hands[1] is None
    assert v.decks[1] is None and v.rng is None
    assert sorted(v.decks[0]) == list(v.decks[0])  # own deck: contents, never the order
    assert v.hand_sizes == (10, 10) and v.deck_sizes == (20, 20)
    onlooker = RULES.view_for(s, None)
    assert onlooker.hands == (None, None)


def test_a_committed_card_stays_secret_until_the_reveal_R_PUN_9():
    s = fresh(["p3"], ["block"])
    s1 = RULES.apply(s, Commit(0, "p3"))
    assert RULES.to_act(s1) == (1,)
    for viewer in (1, None):
        v = RULES.view_for(s1, viewer)
        assert v.choice[0] == HIDDEN and v.committed == (True, False)
        assert "p3" not in json.dumps([e for e in v.log])
    assert RULES.view_for(s1, 0).choice[0] is not None


def test_apply_never_changes_the_old_state():
    s = fresh(["p3"], ["block"])
    before = (s.hands, s.decks, s.stamina, s.log, s.choice, s.waiting)
    play_pair(s, "p3", "block")
    assert (s.hands, s.decks, s.stamina, s.log, s.choice, s.waiting) == before


def test_refusals_are_sentences():
    s = fresh(["p3"], ["block"])
    r = RULES.apply(s, Commit(0, "nothing")) if not s.hands[0][3] else RULES.apply(s, Commit(0, "xx"))
    assert isinstance(r, Refused) and r.reason.endswith(".")
    s1 = RULES.apply(s, Commit(0, "p3"))
    again = RULES.apply(s1, Commit(0, "p3"))
    assert isinstance(again, Refused) and "wait" in again.reason
    assert isinstance(RULES.apply(s, Ready(0)), Refused)
    assert isinstance(RULES.apply(s, Commit(0, "uppercut")), Refused)


def test_card_not_in_hand_is_refused():
    s = fresh(["block"] * 5 + ["dodge"] * 5, QUIET)
    r = RULES.apply(s, Commit(0, "p1"))
    assert r == Refused("That card is not in your hand.")


def test_round_break_and_match_on_points_R_PUN_4():
    red = ["p3"] * 2 + QUIET[2:]
    blue = ["nothing"] * 2 + QUIET[2:]
    s = fresh(red, blue)
    s = play_round(s, sorted(red, key=red.index), blue)
    assert s.phase == "break" and s.round == 1
    assert s.stamina == (10, 4 + 3) and s.log[-1]["type"] == "break" and s.log[-1]["gain"] == 3
    assert "Break" in explain(s.log[-1], NAMES)
    assert RULES.to_act(s) == (0, 1)
    s = RULES.apply(RULES.apply(s, Ready(0)), Ready(1))
    assert s.round == 2 and s.play == 1 and s.hand_sizes == (10, 10) and s.deck_sizes == (10, 10)


def _play_out_round(s):
    """Play the whole current round, each seat its cards in kind order."""
    while s.phase == "redeal":
        s = RULES.apply(s, KeepHand(RULES.to_act(s)[0]))
    while s.phase == "choose":
        s = play_pair(s, s.hand_cards(0)[0], s.hand_cards(1)[0])
    return s


def test_a_match_has_3_rounds_of_10_plays_and_ends_on_stamina_R_PUN_4():
    s = RULES.new_state(RULES.default_options(), 11, 2)
    for _ in (1, 2):
        s = _play_out_round(s)
        if s.phase != "break":
            break
        s = RULES.apply(RULES.apply(s, Ready(0)), Ready(1))
    else:
        s = _play_out_round(s)
    assert s.phase == "match_over"
    h = s.history[-1]
    assert sum(s.played[0]) == 30 or h["by"] == "knockout"
    a, b = h["stamina"]
    if h["by"] == "points":
        assert h["winner"] == (0 if a > b else 1) and a != b and len(h["rounds"]) == 3


def test_a_tied_match_is_replayed_R_PUN_4():
    s = fresh(QUIET, QUIET)
    s.round = 3
    s = play_round(s, QUIET, QUIET)
    assert s.phase == "match_over" and s.wins == (0, 0)
    assert s.history[-1]["winner"] is None and s.history[-1]["by"] == "tie"
    assert "replayed" in explain(s.log[-1], NAMES)
    s = RULES.apply(RULES.apply(s, Ready(1)), Ready(0))
    assert s.match == 2 and s.round == 1 and s.stamina == (10, 10)
    assert s.hand_sizes == (10, 10) and s.deck_sizes == (20, 20) and s.played == ((0,) * 6,) * 2


def test_higher_stamina_wins_after_round_3_R_PUN_4():
    red = ["p1"] + QUIET[1:]
    blue = ["nothing"] + QUIET[1:]
    s = fresh(red, blue)
    s.round = 3
    s = play_round(s, red, blue)
    assert s.phase == "match_over" and s.wins == (1, 0)
    assert s.history[-1] == {
        "match": 1,
        "winner": 0,
        "by": "points",
        "round": 3,
        "play": 10,
        "stamina": [10, 9],
        "rounds": [[10, 9]],
    }
    assert explain(s.log[-1], NAMES) == "Red wins match 1 on stamina, 10 to 9."


def test_three_match_wins_end_the_game():
    s = fresh(["p3"], ["nothing"], stamina=(5, 3))
    s.wins = (2, 1)
    s = play_pair(s, "p3", "nothing")
    assert s.phase == "game_over" and RULES.to_act(s) == ()
    out = RULES.outcome(s)
    assert out.winner == 0 and "3" in out.reason
    assert isinstance(RULES.apply(s, Ready(0)), Refused)
    assert explain(s.log[-1], NAMES) == "Red wins the game, 3 matches to 1."


def test_match_wins_needed_is_an_option():
    s = fresh(["p3"], ["nothing"], stamina=(5, 3), matches_to_win=1)
    s = play_pair(s, "p3", "nothing")
    assert RULES.outcome(s).winner == 0


# -- R-PUN-3 redeal ------------------------------------------------------------------


def test_four_of_a_kind_may_be_redealt_R_PUN_3():
    s = RULES.new_state(
        RULES.default_options(),
        3,
        2,
        {
            "decks": [
                deck_with(["block"] * 4 + ["p1", "p2", "p3", "nothing", "dodge", "p1"]),
                deck_with(["p1", "p2", "p3", "nothing", "block", "dodge"] + ["p1", "p2", "p3", "dodge"]),
            ]
        },
    )
    assert s.phase == "redeal" and RULES.to_act(s) == (0,)
    assert RULES.legal_actions(s, 0) == [Redeal(0), KeepHand(0)]
    s2 = RULES.apply(s, Redeal(0))
    assert s2.log[-1] == {"type": "redeal", "seat": 0, "card": "block", "count": 4}
    assert explain(s2.log[-1], NAMES) == "Red shows 4 cards, all Block, and is dealt a fresh hand."
    assert s2.hand_sizes == (10, 10) and s2.deck_sizes == (20, 20)
    assert RULES.invariants(s2) == []
    assert s2.hands[1] == s.hands[1]
    if s2.phase == "redeal":  # the fresh hand qualified again: another choice
        assert max(s2.hands[0]) >= 4
    else:
        assert s2.phase == "choose"


def test_keeping_the_hand_starts_the_plays():
    s = RULES.new_state(RULES.default_options(), 3, 2, {"decks": [deck_with(["dodge"] * 5), deck_with(MIXED)]})
    assert s.phase == "redeal"
    s = RULES.apply(s, KeepHand(0))
    assert s.phase == "choose" and s.hands[0][5] == 5


def test_no_redeal_in_round_3_R_PUN_3():
    s = fresh(QUIET, QUIET)
    s = play_round(s, QUIET, QUIET)
    s = RULES.apply(RULES.apply(s, Ready(0)), Ready(1))
    s = _play_out_round(s)
    s = RULES.apply(RULES.apply(s, Ready(0)), Ready(1))
    assert s.round == 3 and s.phase == "choose"
    assert isinstance(RULES.apply(s, Redeal(0)), Refused)


def test_a_hand_without_four_alike_cannot_be_redealt():
    s = fresh(MIXED, MIXED)
    assert s.phase == "choose"
    assert isinstance(RULES.apply(s, Redeal(0)), Refused)


# -- R-PUN-5 advanced rules ------------------------------------------------------------


def test_advanced_rules_draft_10_of_30_then_10_of_20_then_the_last_10_R_PUN_5():
    s = RULES.new_state(RULES.check_options({"mode": "advanced"}), 4, 2)
    assert s.phase == "draft" and RULES.to_act(s) == (0, 1)
    pick = ("block",) * 5 + ("dodge",) * 5
    assert isinstance(RULES.apply(s, Draft(0, pick[:9])), Refused)
    s = RULES.apply(s, Draft(0, pick))
    v = RULES.view_for(s, 1)
    assert v.choice[0] == HIDDEN and v.hands[0] is None
    s = RULES.apply(s, Draft(1, pick))
    assert s.phase == "choose" and s.hand_cards(0) == pick
    assert s.deck_sizes == (20, 20)
    s = play_round(s, s.hand_cards(0), s.hand_cards(1))
    s = RULES.apply(RULES.apply(s, Ready(0)), Ready(1))
    assert s.phase == "draft"
    assert RULES.apply(s, Draft(0, pick)) == Refused("You do not have those cards left to pick.")
    assert all(len(a.cards) == 10 for a in RULES.legal_actions(s, 0))
    s = RULES.apply(s, Draft(0, ("p1",) * 5 + ("p2",) * 5))
    s = RULES.apply(s, Draft(1, ("p1",) * 5 + ("p2",) * 5))
    s = _play_out_round(s)
    s = RULES.apply(RULES.apply(s, Ready(0)), Ready(1))
    assert s.round == 3 and s.phase == "choose"  # the last 10, no pick needed
    assert s.hand_cards(0) == ("p3",) * 5 + ("nothing",) * 5


# -- R-PUN-7 exchange ------------------------------------------------------------------


def test_exchange_up_to_3_under_the_deck_before_the_round_R_PUN_7():
    red = ["p1"] * 3 + ["p2", "p3", "nothing", "block", "dodge", "p2", "p3"] + ["dodge", "dodge", "dodge"]
    s = RULES.new_state(RULES.check_options({"exchange": True}), 2, 2, {"decks": [deck_with(red), deck_with(MIXED)]})
    assert s.phase == "exchange" and RULES.to_act(s) == (0, 1)
    assert isinstance(RULES.apply(s, Exchange(0, ("p1",) * 4)), Refused)
    assert isinstance(RULES.apply(s, Exchange(0, ("block", "block"))), Refused)
    s = RULES.apply(s, Exchange(0, ("p1", "p1", "p1")))
    assert s.hand_cards(0).count("dodge") == 1 + 3 and "p1" not in s.hand_cards(0)
    assert s.decks[0][-3:] == (0, 0, 0)  # under the remaining deck
    assert explain(s.log[-1], NAMES) == "Red puts 3 cards under the deck and draws 3 new."
    s = RULES.apply(s, Exchange(1, ()))
    assert s.phase == "choose"


def test_one_card_swap_once_per_round_in_rounds_1_and_2_R_PUN_7():
    s = RULES.new_state(RULES.check_options({"exchange": True}), 2, 2, {"decks": [deck_with(QUIET), deck_with(QUIET)]})
    s = keep_hands(s)
    s = RULES.apply(RULES.apply(s, Exchange(0, ())), Exchange(1, ()))
    assert Swap(0, "block") in RULES.legal_actions(s, 0)
    s = RULES.apply(s, Swap(0, "block"))
    assert s.hand_sizes == (10, 10) and s.decks[0][-1] == 4
    assert RULES.apply(s, Swap(0, "dodge")) == Refused("You have already exchanged a card this round.")
    assert not any(isinstance(a, Swap) for a in RULES.legal_actions(s, 0))
    s = RULES.apply(s, Commit(0, s.hand_cards(0)[0]))
    assert isinstance(RULES.apply(s, Swap(0, "dodge")), Refused)  # already chose this play


def test_no_exchange_without_the_variant_or_in_round_3_R_PUN_7():
    s = fresh(QUIET, QUIET)
    assert isinstance(RULES.apply(s, Swap(0, "block")), Refused)
    s = fresh(QUIET, QUIET, exchange=True)
    assert s.phase == "exchange"
    s = RULES.apply(RULES.apply(s, Exchange(0, ())), Exchange(1, ()))
    s.round = 3
    assert RULES.apply(s, Swap(0, "block")).reason.startswith("A single card")


@pytest.mark.parametrize("seed", [3, 11])
def test_may_swap_and_exchange_limit_agree_with_the_moves_the_rules_accept_R_PUN_7(seed):
    """The table asks these two questions; their answers must match what apply() accepts,
    from the full state and from the seat's own view alike."""
    s = RULES.new_state(RULES.check_options({"exchange": True, "matches_to_win": 1}), seed, 2)
    bots = [make_bot(i, "easy", seed + i) for i in (0, 1)]
    seen_swap = False
    while RULES.outcome(s) is None:
        for p in (0, 1):
            view = RULES.view_for(s, p)
            swaps = [a for a in RULES.legal_actions(s, p) if isinstance(a, Swap)]
            assert may_swap(s, p) == may_swap(view, p) == bool(swaps)
            seen_swap = seen_swap or bool(swaps)
            if swaps:
                assert not isinstance(RULES.apply(s, swaps[0]), Refused)
            if s.phase == "exchange" and s.waiting[p]:
                top = exchange_limit(s, p)
                assert top == exchange_limit(view, p) == min(3, len(s.decks[p]))
                assert top == max(len(a.cards) for a in RULES.legal_actions(s, p))
                one_more = s.hand_cards(p)[: top + 1]
                assert isinstance(RULES.apply(s, Exchange(p, one_more)), Refused)
        seat = RULES.to_act(s)[0]
        s = RULES.apply(s, bots[seat].choose(RULES.view_for(s, seat)))
    assert seen_swap


# -- R-PUN-8 Robo-Box ------------------------------------------------------------------


def test_robo_box_lays_5_then_5_revealed_one_pair_at_a_time_R_PUN_8():
    s = fresh(QUIET, ["p1"] * 5 + ["dodge"] * 5, robo_box=True)
    assert s.phase == "program"
    assert isinstance(RULES.apply(s, Commit(0, "block")), Refused)
    assert isinstance(RULES.apply(s, Program(0, ("block",) * 4)), Refused)
    s = RULES.apply(s, Program(0, ("block", "dodge", "block", "dodge", "block")))
    assert RULES.view_for(s, 1).choice[0] == HIDDEN
    s = RULES.apply(s, Program(1, ("p1",) * 5))
    reveals = [e for e in s.log if e["type"] == "reveal"]
    assert [e["play"] for e in reveals] == [1, 2, 3, 4, 5]
    assert s.stamina == (10, 8)  # two Dodges sent two 1s back
    assert s.phase == "program" and s.play == 6 and s.hand_sizes == (5, 5)
    assert len(RULES.legal_actions(s, 0)) == 10  # orders of block x3, dodge x2


def test_robo_box_knockout_stops_the_row():
    s = fresh(["p3"] * 5 + QUIET[5:], ["nothing"] * 5 + QUIET[5:], stamina=(10, 6), robo_box=True)
    s = RULES.apply(s, Program(0, ("p3",) * 5))
    s = RULES.apply(s, Program(1, ("nothing",) * 5))
    assert s.phase == "match_over" and s.stamina == (10, 0)
    assert [e["play"] for e in s.log if e["type"] == "reveal"] == [1, 2]
    assert RULES.invariants(s) == []


def test_all_variants_together_play_to_the_end():
    from tabletop.core import playout
    from tabletop.games.punch import SPEC as spec

    for mode in ("standard", "advanced"):
        p = playout.play(
            spec,
            seed=9,
            options={"mode": mode, "no_mercy": True, "exchange": True, "robo_box": True},
            levels=["strong", "easy"],
        )
        assert p.finished and max(p.state.wins) == 3


# -- setup and content ------------------------------------------------------------------


def test_setup_is_checked():
    opts = RULES.default_options()
    with pytest.raises(ValueError, match="deck 1"):
        RULES.new_state(opts, 1, 2, {"decks": [["p1"] * 30, deck_with([])]})
    with pytest.raises(ValueError, match="unknown card"):
        RULES.new_state(opts, 1, 2, {"decks": [deck_with([])[:-1] + ["jab"], deck_with([])]})
    with pytest.raises(ValueError, match="only contain"):
        RULES.new_state(opts, 1, 2, {"hands": []})


def test_bad_content_names_the_file(tmp_path):
    data = json.loads(content.CARDS_FILE.read_text())
    data["kinds"][0]["count"] = 6
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(content.ContentError, match="cards.json.*31 cards"):
        content.load(bad)
    bad.write_text("{")
    with pytest.raises(content.ContentError, match="cards.json"):
        content.load(bad)


def test_deck_is_30_cards_5_of_each_R_PUN_1():
    kinds = content.CONTENT.kinds
    assert [k.code for k in kinds] == CODES and all(k.count == 5 for k in kinds)
    s = RULES.new_state(RULES.default_options(), 8, 2)
    assert all(sum(s.hands[i]) + len(s.decks[i]) == 30 for i in (0, 1))


# -- records ------------------------------------------------------------------


def test_hand_written_scenario_record_replays_to_a_knockout():
    from tabletop.core.record import load, replay
    from tabletop.games.punch import SPEC

    rec = load(Path(__file__).parent / "data" / "punch-scenario.json")
    state = replay(rec, SPEC)
    assert RULES.outcome(state).winner == 0
    assert state.stamina == (10, 0)
    assert state.history[0]["by"] == "knockout" and state.history[0]["play"] == 4
    lines = [explain(e, ["Red", "Blue"]) for e in state.log if e["type"] == "reveal"]
    assert lines[0] == "Red's Punch 3 catches Blue doing nothing: Blue loses 3 stamina (7 left)."
    assert lines[-1].endswith("Blue is knocked out!")


def test_every_logged_event_has_a_sentence():
    from tabletop.core import playout
    from tabletop.games.punch import SPEC

    seen = set()
    for seed, opts in ((1, {"exchange": True, "robo_box": True}), (2, {"mode": "advanced"}), (3, {})):
        p = playout.play(SPEC, seed=seed, options=opts, levels=["easy", "strong"], check=False)
        for e in p.state.log:
            text = explain(e, NAMES)
            assert text != e["type"] and text.endswith((".", "!")), e
            seen.add(e["type"])
    assert {"deal", "draft", "exchange", "swap", "program", "reveal", "break", "match_end", "game_end"} <= seen


def test_invariants_catch_a_lost_card_and_bad_stamina():
    s = fresh(MIXED, MIXED)
    assert RULES.invariants(s) == []
    lost = s.clone()
    lost.decks = (s.decks[0][1:], s.decks[1])
    assert any("seat 0 has cards" in x for x in RULES.invariants(lost))
    high = s.clone()
    high.stamina = (11, 10)
    assert any("stamina 11" in x for x in RULES.invariants(high))
