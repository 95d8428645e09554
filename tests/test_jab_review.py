"""JAB details from the referee's review (issue 19): claims made while nothing can be claimed lock the
claimer out like any wrong claim (R-JAB-6); a returned card is timed like any other hand move (R-JAB-5);
the end of a game names the players by their names."""

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jab_helpers import decks, ok, play, start

from tabletop.core.game import Refused, name_seats
from tabletop.core.record import Record
from tabletop.games.jab.rules import RULES
from tabletop.games.jab.rules import hands as H
from tabletop.games.jab.rules.actions import Claim, Place, Ready, Return, Take
from tabletop.games.jab.rules.queries import release_action
from tabletop.replay import summary

LOCK = 1000  # the default claim lock-out (R-JAB-6)


def _count_down():
    """Round 1 has just started: the 3 s count runs until t=3000."""
    s = RULES.new_state(RULES.check_options({"countdown_ms": 3000}), 7, 2)
    s = ok(s, Ready(0, 0))
    return ok(s, Ready(1, 0))


def _between_rounds():
    return RULES.new_state(RULES.check_options({"countdown_ms": 0}), 7, 2)


def _clinch_pause():
    s = start({"health": [9, 1], "decks": decks(p0_left=["blue haymaker", "blue hook"])})
    s = play(s, 0, "left", "p1.left")
    s = play(s, 0, "left", "p1.left")  # a stagger: player 2 is in danger
    s = ok(s, Claim(1, "clinch", s.now))
    assert s.phase == "clinch"
    return s


@pytest.mark.parametrize(
    "situation, words",
    [(_count_down, "count"), (_clinch_pause, "clinch"), (_between_rounds, "round starts")],
    ids=["count-down", "clinch pause", "between rounds"],
)
@pytest.mark.parametrize("what", ["combo", "counter", "knockout", "clinch", "ding"])
def test_a_claim_while_nothing_can_be_claimed_locks_the_claimer_out_R_JAB_6(situation, words, what):
    s = situation()
    t = s.now + 100
    r = RULES.apply(s, Claim(0, what, t))
    assert not isinstance(r, Refused)  # judged like any claim: a wrong one
    assert r.lockout == (t + LOCK, s.lockout[1])
    assert r.events[-1]["kind"] == "refused" and r.events[-1]["player"] == 0 and words in r.events[-1]["text"]
    assert (r.health, r.combo_won, r.counter_won, r.phase) == (s.health, s.combo_won, s.counter_won, s.phase)
    again = RULES.apply(r, Claim(0, what, t + LOCK - 1))
    assert isinstance(again, Refused) and "eager" in again.reason  # mashing on is refused outright
    assert not isinstance(RULES.apply(r, Claim(1, what, t + 1)), Refused)  # the other player is not locked


def test_mashing_through_the_count_down_costs_the_first_second_of_play_R_JAB_6():
    s = _count_down()
    masher = ok(s, Claim(0, "combo", 2990))  # pressed just before the count ends
    assert isinstance(RULES.apply(masher, Claim(0, "combo", 3000)), Refused)
    patient = ok(masher, Claim(1, "combo", 3000))  # the other claims the moment play starts
    assert patient.events[-1]["kind"] == "refused" and "count" not in patient.events[-1]["text"]
    assert not isinstance(RULES.apply(masher, Claim(0, "combo", 2990 + LOCK)), Refused)


def test_a_lock_out_from_between_rounds_keeps_what_is_left_when_the_clock_restarts_R_JAB_6():
    s = _between_rounds()
    s = ok(s, Claim(0, "ding", 1000))  # locked until 2000 on the clock between rounds
    s = ok(s, Ready(0, 1600))
    s = ok(s, Ready(1, 1700))  # the round starts: the clock restarts at 0
    assert s.phase == "playing" and s.now == 0 and s.lockout == (300, 0)
    assert isinstance(RULES.apply(s, Claim(0, "ding", 299)), Refused)
    assert not isinstance(RULES.apply(s, Claim(0, "ding", 300)), Refused)


def test_claims_after_the_round_or_the_game_are_refused_without_a_lock_out():
    s = start({"health": [9, 1], "decks": decks(p0_left=["blue haymaker", "blue hook", "red haymaker", "red jab"])})
    for target in ("p1.left", "p1.left", "p1.head", "p1.head"):
        s = play(s, 0, "left", target)  # two staggers: player 2 in danger, then hurt
    s = ok(s, Claim(0, "knockout", s.now))
    assert s.phase == "over"
    assert isinstance(RULES.apply(s, Claim(1, "ding", s.now + 10)), Refused)


# -- a return is timed like any other hand move (R-JAB-5) --------------------------------------------

MIDDLE = (8.0, 4.5)  # the middle of the table, far from either deck


def test_a_hand_cannot_let_go_far_from_its_deck_sooner_than_it_could_get_there_R_JAB_5():
    s = ok(start(), Take(0, "left", 0))
    travel = H.travel_ms(0, 0, MIDDLE, s.options["hand_speed_ms"])
    assert travel > 50
    r = RULES.apply(s, Return(0, "left", travel - 1, at=MIDDLE))
    assert isinstance(r, Refused) and "fast" in r.reason
    r = RULES.apply(s, Return(0, "left", travel, at=(20.0, 4.5)))
    assert isinstance(r, Refused) and "over the table" in r.reason
    ok(s, Return(0, "left", travel, at=MIDDLE))


def test_after_a_return_far_from_the_deck_the_hand_needs_the_way_back_before_it_takes_again_R_JAB_5():
    s = ok(start(), Take(0, "left", 0))
    travel = H.travel_ms(0, 0, MIDDLE, s.options["hand_speed_ms"])
    s = ok(s, Return(0, "left", travel, at=MIDDLE))
    r = RULES.apply(s, Take(0, "left", travel))  # the same millisecond, far from the deck
    assert isinstance(r, Refused) and "back to the deck" in r.reason
    assert isinstance(RULES.apply(s, Take(0, "left", 2 * travel - 1)), Refused)
    ok(s, Take(0, "left", 2 * travel))
    assert Take(0, "left", 2 * travel) in RULES.legal_actions(s, 0)  # the listed take waits for the way back
    # a card let go over its own deck (no ``at``) may be taken again at once, as before
    s = ok(ok(start(), Take(0, "left", 0)), Return(0, "left", 5))
    ok(s, Take(0, "left", 5))


@settings(max_examples=40, deadline=None)
@given(
    st.floats(0.0, H.WIDTH),
    st.floats(0.0, H.HEIGHT),
    st.integers(0, 1),
    st.sampled_from([250, 350, 500, 700]),
)
def test_a_hand_at_top_speed_is_never_refused_a_return_nor_the_take_after_it_R_JAB_5(x, y, side, cross):
    s = start(options={"hand_speed_ms": cross})
    s = ok(s, Take(0, H.SIDES[side], 0))
    hands, t = H.start_hands(), 0
    while math.dist(hands.at(0, side), (x, y)) > 1e-9:  # straight there at top speed
        hands = H.advance(hands, 1, [H.MoveTo(0, side, x, y)], cross)
        t += 1
    action = release_action(s, hands, 0, side, t)
    if not isinstance(action, Return):
        return  # it stopped over a target that takes the card: a place, checked elsewhere
    s = ok(s, action)
    deck = H.RECTS[H.deck_name(0, side)][:2]
    while not H.inside(H.deck_name(0, side), *hands.at(0, side)):
        hands = H.advance(hands, 1, [H.MoveTo(0, side, *deck)], cross)
        t += 1
    ok(s, Take(0, H.SIDES[side], t))


# -- the end of a game names the players -------------------------------------------------------------


def test_the_end_reason_and_the_summary_name_the_players(tmp_path):
    s = start({"health": [9, 1], "decks": decks(p0_left=["blue haymaker", "blue hook", "red haymaker", "red jab"])})
    actions = []
    for target in ("p1.left", "p1.left", "p1.head", "p1.head"):  # two staggers: danger, then a knockout
        t0 = s.now
        rel = s.released[0]
        if rel is not None:
            t0 = max(t0, rel[1] + H.travel_ms(0, 0, rel[0], s.options["hand_speed_ms"]))
        travel = H.min_travel_ms(0, 0, target, s.options["hand_speed_ms"])
        for a in (Take(0, "left", t0), Place(0, "left", target, t0 + travel)):
            s = ok(s, a)
            actions.append(a)
    knockout = Claim(0, "knockout", s.now)
    s = ok(s, knockout)
    actions.append(knockout)
    out = RULES.outcome(s)
    assert out.winner == 0 and name_seats(out.reason, ["Ana", "Ben"]) == "Ana wins by knockout!"
    record = Record(
        game="jab",
        seed=7,
        options={"countdown_ms": 0},
        players=[{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}],
        setup={"health": [9, 1], "decks": decks(p0_left=["blue haymaker", "blue hook", "red haymaker", "red jab"])},
    )
    for a in [Ready(0, 0), Ready(1, 0), *actions]:
        record.add(a)
    path = tmp_path / "ko.json"
    path.write_text(record.dumps(), encoding="utf-8")
    code, text = summary(str(path))
    assert code == 0
    data = json.loads(text)
    assert data["end_reason"] == "Ana wins by knockout!" and data["reason"] == "Ana wins by knockout!"
    assert "Player 1" not in text and "{0}" not in text
