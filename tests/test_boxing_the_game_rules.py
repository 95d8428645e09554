"""Boxing: The Game rules through ``apply``: setup, planning, events in play,
knockdowns, scoring, the three ways to win, prizes, judges, upgrades, cleanup."""

import pytest

from tabletop.core.game import Refused
from tabletop.games.boxing_the_game.rules import RULES, PickCharacter, Plan, Stance, TakePrize
from tabletop.games.boxing_the_game.rules.content import CARDS, CHARACTERS
from tabletop.games.boxing_the_game.rules.state import HIDDEN

# Lola Showtime (orthodox, +2 starting momentum) and Marathon Mae (orthodox,
# momentum after a lost round): traits that do not touch speeds or points.
BOARDS = [["Lola Showtime"], ["Marathon Mae"]]
LOLA_BONUS = next(c for c in CHARACTERS if c.name == "Lola Showtime").effects[0].amount
LOLA = 2 + LOLA_BONUS  # Lola's momentum at the start with default options


def new(decks=None, main=None, boards=BOARDS, seed=3, **options):
    setup = {"boards": boards}
    if decks:
        setup["decks"] = decks
    if main:
        setup["main"] = main
    s = RULES.new_state(options, seed, 2, setup)
    for seat in (0, 1):
        s = ok(s, PickCharacter(seat, s.players[seat].dealt[0]))
    return s


def ok(state, action):
    out = RULES.apply(state, action)
    assert not isinstance(out, Refused), out
    assert RULES.invariants(out) == []
    return out


def ids(state, seat, names):
    """Card ids for names, taken from the player's hand."""
    hand = list(state.players[seat].hand)
    out = []
    for n in names:
        c = next(c for c in hand if CARDS[c].name == n)
        hand.remove(c)
        out.append(c)
    return tuple(out)


def plan(state, seat, names, bids=(0, 0, 0)):
    return ok(state, Plan(seat, ids(state, seat, names), bids))


def both(state, names0, names1, bids0=(0, 0, 0), bids1=(0, 0, 0)):
    return plan(plan(state, 0, names0, bids0), 1, names1, bids1)


def events(state, rnd=None):
    return [e for e in state.log if e["type"] == "event" and (rnd is None or e["round"] == rnd)]


def rounds(state):
    return [e for e in state.log if e["type"] == "round"]


def move_main_card(state, name, zone, seat=None):
    """Test helper: move a main-deck card (from the main deck or prize row) to a zone."""
    s = state.clone()
    c = next(c for c in s.main + s.prizes if c != HIDDEN and CARDS[c].name == name)
    if c in s.prizes:
        k = s.prizes.index(c)
        s.prizes = s.prizes[:k] + (s.main[0],) + s.prizes[k + 1 :]
        s.main = s.main[1:]
    else:
        s.main = tuple(x for x in s.main if x != c)
    if zone == "prize0":
        old = s.prizes[0]
        s.prizes = (c,) + s.prizes[1:]
        s.main = (old,) + s.main
    else:
        p = s.players[seat]
        setattr(p, zone, getattr(p, zone) + (c,))
    return s


STD = [["Jab", "Cross", "Hook", "Block"], ["Jab", "Uppercut", "Feint", "Block"]]
# seat 0's Jab and Cross are blocked, its Hook (3) beats the Uppercut (2) in event 3: 10-9 to seat 0
WIN = [["Jab", "Cross", "Hook", "Block"], ["Block", "Block", "Uppercut", "Jab"]]
# Blocks against Blocks, then two Jabs at equal speed and the same stance: 3-3, a 10-10 round
EVEN = [["Block", "Block", "Jab", "Cross"], ["Block", "Block", "Jab", "Hook"]]


# -- setup (R-BTG-2) ---------------------------------------------------------------


def test_secret_character_pick_revealed_together():
    s = RULES.new_state({}, 11, 2)
    assert s.phase == "pick"
    d0, d1 = s.players[0].dealt, s.players[1].dealt
    assert len(d0) == len(d1) == 3 and not set(d0) & set(d1)
    assert isinstance(RULES.apply(s, PickCharacter(0, d1[0])), Refused)
    s = ok(s, PickCharacter(0, d0[1]))
    view = RULES.view_for(s, 1)
    assert view.players[0].choice == () and view.players[0].character == -1
    assert all(c == HIDDEN for c in view.players[0].dealt)
    assert RULES.to_act(s) == (1,)
    s = ok(s, PickCharacter(1, d1[2]))
    assert s.phase == "plan"
    assert [p.character for p in s.players] == [d0[1], d1[2]]
    for p in s.players:
        board = CHARACTERS[p.character]
        assert p.stance == board.stance
        assert p.momentum == (LOLA if board.name == "Lola Showtime" else 2)
        assert len(p.hand) == 4
    assert len([c for c in s.prizes if c != HIDDEN]) == 3


def test_setup_is_checked():
    with pytest.raises(ValueError, match="no \\(more\\) card named"):
        RULES.new_state({}, 1, 2, {"decks": [["Jab", "Jab", "Jab"], []]})
    with pytest.raises(ValueError, match="dealt twice"):
        RULES.new_state({}, 1, 2, {"boards": [["Smoke Sato"], ["Smoke Sato"]]})
    with pytest.raises(ValueError, match="unknown key"):
        RULES.new_state({}, 1, 2, {"hands": []})


# -- planning (R-BTG-3) ------------------------------------------------------------


def test_plan_refusals_are_sentences():
    s = new(STD)
    hand = s.players[0].hand
    other = s.players[1].hand[0]
    cases = [
        Plan(0, (hand[0], hand[1], other), (0, 0, 0)),
        Plan(0, (hand[0], hand[0], hand[1]), (0, 0, 0)),
        Plan(0, hand[:2], (0, 0, 0)),
        Plan(0, hand[:3], (LOLA, 1, 0)),  # one more than Lola has
        Plan(0, hand[:3], (-1, 0, 0)),
    ]
    for a in cases:
        r = RULES.apply(s, a)
        assert isinstance(r, Refused) and r.reason.endswith(".")
    s = ok(s, Plan(0, hand[:3], (0, 0, 0)))
    r = RULES.apply(s, Plan(0, hand[:3], (0, 0, 0)))
    assert isinstance(r, Refused) and "already" in r.reason


def test_bids_spent_and_fourth_card_discarded():
    s = new(STD)
    s = both(s, ["Block", "Cross", "Hook"], ["Feint", "Block", "Uppercut"], (0, 1, 2), (0, 0, 1))
    played0 = s.log[-1]
    # round over (no stance owed): bids were spent whatever happened
    assert [e["bids"] for e in s.log if e["type"] == "planned"] == [[[0, 1, 2], [0, 0, 1]]]
    assert CARDS[events(s)[0]["cards"][0]].name == "Block"
    assert played0 is not None


def test_planning_stays_secret_until_both_commit():
    s = new(STD)
    s = plan(s, 0, ["Jab", "Cross", "Hook"], (1, 0, 0))
    v = RULES.view_for(s, 1)
    assert v.players[0].choice == ()
    assert all(c == HIDDEN for c in v.players[0].hand)
    assert v.players[0].discard == ()  # the 4th card is not shown yet
    assert s.players[0].momentum == LOLA  # nothing spent before both commit


# -- events in play (R-BTG-4) -------------------------------------------------------


def test_knockdown_ends_the_round_at_once_10_8():
    s = new(STD)
    s = both(s, ["Hook", "Jab", "Cross"], ["Uppercut", "Jab", "Block"], (0, 0, 0), (2, 0, 0))
    ev = events(s, 1)
    assert len(ev) == 1 and ev[0]["knockdown"] == [False, True]
    assert rounds(s)[-1]["scores"] == [8, 10]
    assert s.players[1].knockdowns == 1
    assert s.phase == "prize" and RULES.to_act(s) == (1,)


def test_two_knockdowns_at_once_round_is_even():
    s = new([["Uppercut", "Jab", "Cross", "Hook"], ["Uppercut", "Jab", "Feint", "Block"]])
    s = both(s, ["Uppercut", "Jab", "Cross"], ["Uppercut", "Jab", "Block"])  # both orthodox, speed 2
    assert rounds(s)[-1]["scores"] == [10, 10]
    assert [p.knockdowns for p in s.players] == [1, 1]
    assert s.secret_prize and set(RULES.to_act(s)) == {0, 1}


def test_carry_over_applies_to_next_event_only():
    s = new([["Block", "Jab", "Cross", "Hook"], ["Block", "Jab", "Uppercut", "Feint"]], start_momentum=3)
    # event 1: Block 4+5 vs Block 4: 5 faster -> +2 on seat 0's next action
    s = both(s, ["Block", "Jab", "Cross"], ["Block", "Jab", "Uppercut"], (5, 0, 0), (0, 0, 0))
    ev = events(s, 1)
    assert ev[0]["carry"] == [2, 0]
    assert ev[1]["speeds"] == [7, 5]  # Jab 5 + 2
    assert ev[2]["speeds"][0] == 4  # Cross: no carry any more


def test_carry_does_not_cross_into_next_round():
    s = new([["Jab", "Cross", "Block", "Hook"], ["Jab", "Uppercut", "Block", "Feint"]])
    s = both(s, ["Jab", "Cross", "Block"], ["Jab", "Uppercut", "Block"], (0, 0, 4), (0, 0, 0))
    assert events(s, 1)[2]["carry"] == [0, 0]
    assert s.carry == (0, 0)


def test_feint_six_faster_speeds_up_next_action_in_play():
    s = new([["Jab", "Cross", "Hook", "Block"], ["Feint", "Jab", "Uppercut", "Block"]], start_momentum=4)
    s = both(s, ["Hook", "Jab", "Cross"], ["Feint", "Jab", "Uppercut"], (0, 0, 0), (4, 0, 0))
    # Hook 3 vs Feint 8: Hook lands, the Feint was 5 faster: no bonus; hook owner chooses stance
    assert s.phase == "reveal" and RULES.to_act(s) == (0,)
    s = ok(s, Stance(0, False, False))
    assert events(s, 1)[1]["speeds"] == [5, 5]
    s2 = new([["Jab", "Cross", "Hook", "Block"], ["Feint", "Jab", "Uppercut", "Block"]], start_momentum=4)
    s2.players[1].momentum = 5
    s2 = both(s2, ["Hook", "Jab", "Cross"], ["Feint", "Jab", "Uppercut"], (0, 0, 0), (5, 0, 0))
    s2 = ok(s2, Stance(0, False, False))
    assert events(s2, 1)[0]["carry"] == [0, 2]
    assert events(s2, 1)[1]["speeds"] == [5, 7]


def test_stance_choice_after_punch_on_feint():
    s = new(STD)
    s = both(s, ["Jab", "Cross", "Hook"], ["Feint", "Block", "Uppercut"])
    assert s.phase == "reveal" and s.pending == (0, False)
    assert isinstance(RULES.apply(s, Stance(1, True, False)), Refused)
    r = RULES.apply(s, Stance(0, False, True))
    assert isinstance(r, Refused) and "6 or more" in r.reason
    assert len(RULES.legal_actions(s, 0)) == 2
    s = ok(s, Stance(0, True, False))
    assert [p.stance for p in s.players] == ["southpaw", "orthodox"]


def test_forced_switch_after_punch_six_faster_than_feint():
    s = new(STD)
    s = both(s, ["Jab", "Cross", "Hook"], ["Feint", "Block", "Uppercut"], (4, 0, 0))
    # Jab 9 vs Feint 4: 5 faster -> no force yet
    assert s.pending == (0, False)
    s = new(STD, start_momentum=4)
    s = both(s, ["Jab", "Cross", "Hook"], ["Feint", "Block", "Uppercut"], (5, 0, 0))
    assert s.pending == (0, True)
    assert len(RULES.legal_actions(s, 0)) == 4
    s = ok(s, Stance(0, False, True))
    assert [p.stance for p in s.players] == ["orthodox", "southpaw"]


def test_opponent_slots_stay_face_down_until_revealed():
    s = new(STD)
    s = both(s, ["Jab", "Cross", "Hook"], ["Feint", "Block", "Uppercut"])
    v = RULES.view_for(s, 0)
    assert v.players[1].slots[0] != HIDDEN
    assert v.players[1].slots[1:] == (HIDDEN, HIDDEN)
    assert v.players[0].slots == s.players[0].slots
    assert v.players[1].bids == s.players[1].bids
    assert all(c == HIDDEN for c in v.main) and v.rng is None
    assert sorted(v.players[1].unseen) == sorted(s.players[1].deck + s.players[1].hand)


# -- scoring and winning (R-BTG-5) -------------------------------------------------


def test_round_scoring_with_event_multipliers_and_judges():
    s = new(STD)
    s = move_main_card(s, "Judge", "judges", seat=1)
    # e1 Jab vs Block: blocked. e2 Cross vs Jab(5): Jab lands (2 pts to seat 1). e3 Hook vs Uppercut 2: Hook lands 6.
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Jab", "Uppercut"])
    r = rounds(s)[-1]
    assert r["points"] == [6, 2 + 1]
    assert r["scores"] == [10, 9]


def test_even_points_score_10_10():
    s = new(EVEN)
    s = both(s, ["Block", "Block", "Jab"], ["Block", "Block", "Jab"])  # both orthodox: Jabs tie, both land
    assert rounds(s)[-1]["points"] == [3, 3] and rounds(s)[-1]["scores"] == [10, 10]


def test_third_knockdown_wins_by_ko():
    s = new(STD)
    s.players[1].knockdowns = 2
    s = both(s, ["Hook", "Jab", "Cross"], ["Uppercut", "Jab", "Block"], (0, 0, 0), (2, 0, 0))
    assert s.result is not None and s.result.winner == 1 and s.result.reason == "KO"
    assert s.phase == "over" and RULES.to_act(s) == ()


def test_knockdowns_for_ko_is_an_option():
    s = new(STD, knockdowns_to_win=2)
    s.players[1].knockdowns = 1
    s = both(s, ["Hook", "Jab", "Cross"], ["Uppercut", "Jab", "Block"], (0, 0, 0), (2, 0, 0))
    assert s.result.winner == 1


def test_third_judge_wins_at_once():
    s = new(WIN)
    s = move_main_card(s, "Judge", "judges", seat=0)
    s = move_main_card(s, "Judge", "judges", seat=0)
    s = move_main_card(s, "Senior Judge", "prize0")
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Block", "Uppercut"])
    assert rounds(s)[-1]["scores"] == [10, 9]
    s = ok(s, TakePrize(0, 0))
    assert s.result.winner == 0 and s.result.reason == "judges"
    assert s.players[0].momentum == LOLA - 3


def test_points_decide_after_last_round_and_equal_totals_draw():
    s = new(WIN, rounds=3)
    s.round = 3
    s.players[0].scores, s.players[1].scores = (10, 9), (9, 10)
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Block", "Uppercut"])  # seat 0 wins 10-9
    s = ok(s, TakePrize(0, 0))
    s = ok(s, TakePrize(1, 0 if s.prizes[0] != HIDDEN else 1))
    assert s.result.winner == 0 and s.result.reason == "points"
    assert [sum(p.scores) for p in s.players] == [29, 28]
    s = new(WIN, rounds=3)
    s.round = 3
    s.players[0].scores, s.players[1].scores = (9, 10), (10, 10)
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Block", "Uppercut"])
    s = ok(s, TakePrize(0, 0))
    s = ok(s, TakePrize(1, 0 if s.prizes[0] != HIDDEN else 1))
    assert s.result.winner is None and [sum(p.scores) for p in s.players] == [29, 29]


# -- prizes (R-BTG-6) -------------------------------------------------------------

MAIN = ["Quick Jab", "High Guard", "Level Change", "Judge", "Senior Judge", "Chief Judge"]


def test_round_winner_picks_first_third_prize_exiled():
    s = new(WIN, main=MAIN)
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Block", "Uppercut"])
    assert RULES.to_act(s) == (0,)
    r = RULES.apply(s, TakePrize(1, 0))
    assert isinstance(r, Refused) and "opponent's pick" in r.reason
    s = ok(s, TakePrize(0, 1))  # High Guard
    assert RULES.to_act(s) == (1,)
    assert isinstance(RULES.apply(s, TakePrize(1, 1)), Refused)
    s = ok(s, TakePrize(1, 2))  # Level Change
    assert [CARDS[c].name for c in s.exile] == ["Quick Jab"]
    assert "High Guard" in [CARDS[c].name for c in s.players[0].discard]
    assert "Level Change" in [CARDS[c].name for c in s.players[1].discard]
    # drafting gains the printed momentum; Marathon Mae also gains some at cleanup after a lost round
    printed = {c.name: c.momentum for c in CARDS}
    assert s.players[0].momentum == min(7, LOLA + printed["High Guard"])
    mae = next(c for c in CHARACTERS if c.name == "Marathon Mae").effects[0]
    assert mae.kind == "comeback_momentum"
    assert s.players[1].momentum == 2 + printed["Level Change"] + mae.amount
    # refilled from the main deck, next round begins with 4 cards each
    assert [CARDS[c].name for c in s.prizes] == ["Judge", "Senior Judge", "Chief Judge"]
    assert s.phase == "plan" and s.round == 2 and all(len(p.hand) == 4 for p in s.players)


def even_round(main):
    s = new(EVEN, main=main)
    s = both(s, ["Block", "Block", "Jab"], ["Block", "Block", "Jab"])
    assert s.secret_prize
    return s


def test_even_round_different_secret_picks_both_draft():
    s = even_round(MAIN)
    s = ok(s, TakePrize(1, 2))
    v = RULES.view_for(s, 0)
    assert v.players[1].choice == ()  # the pick stays secret
    r = RULES.apply(s, TakePrize(1, 0))
    assert isinstance(r, Refused)
    s = ok(s, TakePrize(0, 0))
    assert "Quick Jab" in [CARDS[c].name for c in s.players[0].discard]
    assert "Level Change" in [CARDS[c].name for c in s.players[1].discard]
    assert [CARDS[c].name for c in s.exile] == ["High Guard"]


def test_even_round_same_secret_pick_exiled_others_dealt_at_random_judge_free():
    main = ["Quick Jab", "Chief Judge", "Level Change"]
    got = set()
    for seed in range(1, 30):
        s = new(EVEN, main=main, seed=seed)
        s = both(s, ["Block", "Block", "Jab"], ["Block", "Block", "Jab"])
        s = ok(s, TakePrize(0, 0))
        s = ok(s, TakePrize(1, 0))
        assert [CARDS[c].name for c in s.exile] == ["Quick Jab"]
        judge_owner = 0 if s.players[0].judges else 1
        assert len(s.players[judge_owner].judges) == 1
        # Chief Judge costs 4 but is free when dealt at random
        start = (LOLA, 2)[judge_owner]
        assert s.players[judge_owner].momentum == start
        assert "Level Change" in [CARDS[c].name for c in s.players[1 - judge_owner].discard]
        got.add(judge_owner)
    assert got == {0, 1}


def test_judge_needs_its_momentum_to_be_picked():
    s = new(WIN, main=["Chief Judge", "Quick Jab", "High Guard"])
    cost = -CARDS[s.prizes[0]].momentum
    s.players[0].momentum = cost - 1
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Block", "Uppercut"])
    r = RULES.apply(s, TakePrize(0, 0))
    assert isinstance(r, Refused) and "momentum" in r.reason
    assert [a.slot for a in RULES.legal_actions(s, 0)] == [1, 2]


def test_judge_discount_trait_and_payment():
    s = new(WIN, main=["Senior Judge", "Quick Jab", "High Guard"], boards=[["Duke Darling"], ["Marathon Mae"]])
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Block", "Uppercut"])
    assert s.players[0].momentum == 2  # Senior Judge costs 3, Duke pays 1 less
    s = ok(s, TakePrize(0, 0))
    assert len(s.players[0].judges) == 1 and s.players[0].momentum == 0


def test_nobody_picks_what_they_cannot_afford():
    s = new(WIN, main=["Chief Judge", "Senior Judge", "Chief Judge"], start_momentum=0)
    s.players[0].momentum = 0
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Block", "Uppercut"])
    # both have 0 momentum: neither can pay; the row is exiled and the next round starts
    assert s.phase == "plan" and s.round == 2
    assert sum(1 for e in s.log if e["type"] == "pass") == 2
    assert len(s.exile) == 3


def test_new_upgrade_replaces_the_old_one_of_its_type():
    s = new(WIN, main=["Lucky Gloves", "Cutman", "Quick Jab"])
    s = move_main_card(s, "Heavy Gloves", "upgrades", seat=0)
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Block", "Uppercut"])
    s = ok(s, TakePrize(0, 0))
    assert [CARDS[c].name for c in s.players[0].upgrades] == ["Lucky Gloves"]
    assert "Heavy Gloves" in [CARDS[c].name for c in s.exile]
    s = ok(s, TakePrize(1, 1))
    assert [CARDS[c].name for c in s.players[1].upgrades] == ["Cutman"]


def test_momentum_never_goes_over_the_cap():
    s = new(WIN, main=["Quick Jab", "High Guard", "Level Change"], start_momentum=4)
    s.players[0].momentum = 7
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Block", "Uppercut"])
    assert CARDS[s.prizes[0]].name == "Quick Jab" and CARDS[s.prizes[0]].momentum > 0
    s = ok(s, TakePrize(0, 0))
    assert s.players[0].momentum == 7


# -- cleanup (R-BTG-7) --------------------------------------------------------------


def test_cleanup_discards_draws_four_and_reshuffles():
    s = new(WIN, main=["Quick Jab", "High Guard", "Level Change"])
    s = both(s, ["Jab", "Cross", "Hook"], ["Block", "Block", "Uppercut"])
    s = ok(s, TakePrize(0, 0))
    s = ok(s, TakePrize(1, 0 if s.prizes[0] != HIDDEN else 1))
    p0 = s.players[0]
    assert len(p0.hand) == 4 and p0.slots == () and len(p0.deck) == 0
    assert len(p0.discard) == 5  # 3 played + 1 discarded + drafted Quick Jab
    # round 2: the deck is empty after drawing; next cleanup reshuffles the discard pile
    s2 = plan(s, 0, [CARDS[c].name for c in s.players[0].hand[:3]])
    s2 = plan(s2, 1, [CARDS[c].name for c in s2.players[1].hand[:3]])
    while s2.phase != "plan" and s2.result is None:
        s2 = ok(s2, RULES.legal_actions(s2, RULES.to_act(s2)[0])[0])
    assert any(e["type"] == "reshuffle" and e["player"] == 0 for e in s2.log)
    assert len(s2.players[0].hand) == 4


def test_apply_never_changes_its_input():
    s = new(STD)
    before = RULES.summary(s), s.players[0].hand, s.log
    RULES.apply(s, Plan(0, s.players[0].hand[:3], (1, 1, 0)))
    assert (RULES.summary(s), s.players[0].hand, s.log) == before


def test_third_knockdowns_on_both_sides_at_once_go_to_the_score_sheet():
    # referee decision (help.md): simultaneous third knockdowns, the totals so far decide
    decks = [["Uppercut", "Jab", "Cross", "Hook"], ["Uppercut", "Jab", "Feint", "Block"]]
    s = new(decks)
    s.players[0].knockdowns = s.players[1].knockdowns = 2
    s.round = 2
    s.players[0].scores, s.players[1].scores = (9,), (10,)
    s = both(s, ["Uppercut", "Jab", "Cross"], ["Uppercut", "Jab", "Block"])
    assert s.result.winner == 1 and s.result.reason == "double KO"
    s = new(decks)
    s.players[0].knockdowns = s.players[1].knockdowns = 2
    s = both(s, ["Uppercut", "Jab", "Cross"], ["Uppercut", "Jab", "Block"])
    assert s.result.winner is None
