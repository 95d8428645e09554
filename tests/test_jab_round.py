"""JAB round end, scoring, round win and between rounds: the Ding! example
and rulings R-JAB-13..16; the time model (t, Tick)."""

from jab_helpers import ALL, card, decks, ok, play, start

from tabletop.core.game import Refused
from tabletop.games.jab.rules import RULES
from tabletop.games.jab.rules import content as C
from tabletop.games.jab.rules.actions import Choose, Claim, Cover, Ready, Split, Take, Tick
from tabletop.games.jab.rules.queries import stall_deadline
from tabletop.games.jab.rules.scoring import best_choices, pile_score

TARGETS1 = ("p1.left", "p1.head", "p1.right")


def play_all(s, p, targets):
    """Player p plays every card, left deck then right, cycling over targets."""
    k = 0
    for hand in ("left", "right"):
        while s.decks[p * 2 + (hand == "right")] and s.phase == "playing":
            s = play(s, p, hand, targets[k % len(targets)])
            k += 1
    return s


def test_ding_example_ends_the_round_with_5_penalty_R_JAB_13():
    s = start()
    s = play_all(s, 0, TARGETS1)
    assert s.cards_left(0) == 0 and s.cards_left(1) == 25 and s.phase == "playing"
    s = ok(s, Claim(0, "ding", s.now))
    assert s.phase == "between" and s.round == 1
    line = s.scoring["lines"][0]
    assert line["ding_penalty"] == 5 and line["total"] == line["punch_points"] + line["bonus"] - 5
    assert "Ding" in s.scoring["reason"]


def test_ding_needs_empty_decks_and_hands_R_JAB_13():
    s = start()
    r = ok(s, Claim(0, "ding", 0))
    assert r.phase == "playing" and r.events[-1]["kind"] == "refused"


def test_round_ends_when_both_are_out_of_cards_R_JAB_13():
    s = start()
    s = play_all(s, 0, TARGETS1)
    s = play_all(s, 1, ("p0.left", "p0.head", "p0.right"))
    assert s.round == 1 and s.phase == "between" and len(s.history) == 1
    assert s.scoring["reason"] == "{0} and {1} are both out of cards."


def test_stall_rule_ends_the_round_after_10_s_R_JAB_13():
    s = start()
    s = play(s, 1, "left", "p0.head")
    last1 = s.now
    s = play_all(s, 0, TARGETS1)
    deadline = stall_deadline(s)
    assert deadline == max(s.out_t[0], last1) + 10_000
    assert RULES.apply(s, Tick(deadline - 1)) is s  # nothing yet: the very same state
    r = ok(s, Tick(deadline))
    assert r.phase == "between" and "no card" in r.scoring["reason"]
    # placing a card restarts the 10 s
    s2 = play(s, 1, "left", "p0.left", t=deadline - 2000)
    assert stall_deadline(s2) == s2.last_place[1] + 10_000


def test_pile_score_removes_blocks_and_as_many_best_punches_R_JAB_14():
    hook, jab, upper = card(0, "red hook"), card(0, "red jab"), card(0, "blue uppercut")
    b1, b2 = card(1, "red cross"), card(1, "blue cross")
    pts, blocks, removed, kept = pile_score((hook, b1, jab, upper, b2), 0)
    assert (pts, sorted(blocks), sorted(removed), kept) == (1, sorted([b1, b2]), sorted([hook, upper]), [jab])


def test_automatic_scoring_covers_the_best_pile_and_takes_the_next_R_JAB_14():
    # p0 scores 4 on the head, 2 on the left body, 1 on the right body.
    s = start({"decks": decks(p0_left=["red hook", "blue hook", "green hook", "red jab"])})
    s = play(s, 0, "left", "p1.head")
    s = play(s, 0, "left", "p1.head")
    s = play(s, 0, "left", "p1.left")
    s = play(s, 0, "left", "p1.right")
    s = play_all(s, 0, ("p1.left",))  # the rest all to the left body
    line_scores = {}
    covered, chosen = best_choices(s, 0)
    for i in range(3):
        line_scores[i] = pile_score(s.piles[3 + i], 0)[0]
    ranked = sorted(line_scores, key=lambda i: -line_scores[i])
    assert line_scores[covered] == line_scores[ranked[0]] and line_scores[chosen] == line_scores[ranked[1]]
    s = ok(s, Claim(0, "ding", s.now))
    line = s.scoring["lines"][0]
    assert line["punch_points"] == line_scores[ranked[1]]
    assert line["pile_scores"] == {f"p1.{n}": line_scores[i] for i, n in enumerate(("left", "head", "right"))}


def test_scoring_by_hand_cover_then_choose_R_JAB_14():
    s = start(options={"scoring": "hand"})
    s = play(s, 0, "left", "p1.head")
    s = play_all(s, 0, ("p1.left",))
    s = ok(s, Claim(0, "ding", s.now))
    assert s.phase == "scoring"
    t = s.now
    assert "covered" in RULES.apply(s, Choose(0, "p1.head", t)).reason  # p1 has not covered yet
    assert isinstance(RULES.apply(s, Cover(1, "p0.head", t)), Refused)  # not p1's own boxer
    s = ok(s, Cover(1, "p1.left", t))
    assert "covered" in RULES.apply(s, Choose(0, "p1.left", t)).reason
    s = ok(s, Choose(0, "p1.head", t))
    s = ok(s, Cover(0, "p0.head", t))
    s = ok(s, Choose(1, "p0.right", t))
    assert s.phase == "between"
    line = s.scoring["lines"][0]
    assert line["covered"] == "p1.left" and line["chosen"] == "p1.head"
    assert line["punch_points"] == line["pile_scores"]["p1.head"] == C.value(s.piles[4][0] if s.piles[4] else 0)


# p0 throws its 25 cards in table order (Jabs first, Haymakers last, one colour
# after another) round the three targets: no Haymaker is ever followed by its colour
# on the same target, so nobody is staggered; p1 plays nothing.
IN_ORDER = {"p0": {"left": ALL[:12], "right": ALL[12:]}, "p1": {"left": ALL[:12], "right": ALL[12:]}}


def _p0_wins_round(setup):
    s = start(dict(setup or {}, decks=IN_ORDER))
    s = play_all(s, 0, TARGETS1)
    dl = stall_deadline(s)
    return ok(s, Tick(dl))


def test_round_win_token_comes_from_the_loser_R_JAB_15():
    s = _p0_wins_round(None)
    assert s.scoring["winner"] == 0 and s.scoring["token_from"] == 1
    assert s.tokens == (1, 0) and s.health == (5, 4)


def test_round_win_token_from_the_winner_when_the_loser_has_none_and_cutman_R_JAB_15_16():
    s = _p0_wins_round({"health": [8, 0], "tokens": [1, 1]})
    assert s.scoring["token_from"] == 0 and s.tokens == (2, 1)
    assert s.scoring["cutman"] == [1]
    assert s.health == (6, 1)  # 8 - 1 token, then 1 to the cutman's patient


def test_three_round_wins_win_the_game_R_JAB_15():
    s = _p0_wins_round({"health": [3, 5], "tokens": [2, 0]})
    out = RULES.outcome(s)
    assert out is not None and out.winner == 0 and "decision" in out.reason


def test_a_tied_round_gives_no_token_R_JAB_15():
    same = ALL[:]  # both decks in the same order: a mirror fight
    d = {"p0": {"left": same[:12], "right": same[12:]}, "p1": {"left": same[:12], "right": same[12:]}}
    s = start({"decks": d})
    k = 0
    for hand in ("left", "right"):
        for _ in range(12 if hand == "left" else 13):
            s = play(s, 0, hand, TARGETS1[k % 3])
            s = play(s, 1, hand, ("p0.left", "p0.head", "p0.right")[k % 3])
            k += 1
    assert s.scoring["totals"][0] == s.scoring["totals"][1] and s.scoring["winner"] is None
    assert s.tokens == (0, 0)


def test_between_rounds_split_ready_and_count_down_R_JAB_16():
    s = RULES.new_state(RULES.default_options(), 11, 2)
    assert s.phase == "between" and [len(d) for d in s.decks] == [12, 13, 12, 13]  # halves by default
    s = ok(s, Split(0, 5, 10))
    assert [len(d) for d in s.decks[:2]] == [5, 20]
    s = ok(s, Ready(0, 20))
    assert isinstance(RULES.apply(s, Split(0, 7, 30)), Refused)  # split before pounding fists
    assert s.phase == "between"
    s = ok(s, Ready(1, 40))
    assert s.phase == "playing" and s.round == 1 and s.now == 0 and s.go_at == 3000
    r = RULES.apply(s, Take(0, "left", 2999))
    assert isinstance(r, Refused) and "count" in r.reason
    ok(s, Take(0, "left", 3000))


def test_next_round_is_set_up_again_but_health_stays_R_JAB_16():
    s = _p0_wins_round(None)
    assert s.phase == "between" and s.piles == ((),) * 6
    assert len(s.combo) == 9 and len(s.counter) == 5 and s.ding_by is None and s.clinch_by is None
    assert s.health == (5, 4)
    s = ok(s, Ready(0, s.now))
    s = ok(s, Ready(1, s.now))
    assert s.round == 2 and s.now == 0


def test_time_cannot_run_backwards_and_idle_ticks_change_nothing():
    s = start()
    s = ok(s, Take(0, "left", 500))
    r = RULES.apply(s, Take(0, "right", 499))
    assert isinstance(r, Refused) and "backwards" in r.reason
    assert RULES.apply(s, Tick(600)) is s


def test_view_hides_deck_order_but_shows_top_cards():
    s = start()
    v = RULES.view_for(s, 1)
    for i in range(4):
        assert v.decks[i][-1] == s.decks[i][-1] and set(v.decks[i][:-1]) == {-1}
    assert v.rng is None and set(v.combo[:-1]) == {-1} and v.counter[-1] == s.counter[-1]
    fresh = RULES.new_state(RULES.default_options(), 1, 2)
    assert all(set(d) == {-1} for d in RULES.view_for(fresh, 0).decks)  # face down before the round


def test_legal_actions_never_reach_past_the_stall_deadline_R_JAB_13():
    s = start()
    s = play_all(s, 0, TARGETS1)
    s = ok(s, Claim(1, "combo", stall_deadline(s) - 300))  # wrong: locked out until after the deadline
    for p in (0, 1):
        for a in RULES.legal_actions(s, p):
            assert not isinstance(RULES.apply(s, a), Refused), a
