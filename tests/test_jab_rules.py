"""JAB during a round: the rulebook's worked examples (block, combo, stagger,
counter-punch, knockout, clinch) and rulings R-JAB-1..12."""

from jab_helpers import card, claim, decks, ok, play, start, top

from tabletop.core.game import Refused
from tabletop.games.jab.rules import RULES
from tabletop.games.jab.rules import content as C
from tabletop.games.jab.rules.actions import Claim, Place, Ready, Return, Take, Tick
from tabletop.games.jab.rules.queries import opportunities, placement_refusal, tile_claim
from tabletop.games.jab.rules.state import render

COUNTERS_GREEN_FIRST = ["green", "red", "yellow", "blue", "purple"]
COMBO_CHH_FIRST = [
    "cross-hook-haymaker",
    "jab-cross",
    "hook-uppercut",
    "jab-haymaker",
    "cross-hook",
    "uppercut-haymaker",
    "jab-cross-hook",
    "jab-uppercut-haymaker",
    "cross-uppercut-hook",
]


def test_content_cards_colours_symbols_values_and_decks_R_JAB_1_2_3():
    assert len(C.TYPES) == 5 and len(C.COLOURS) == 5
    assert dict(zip(C.COLOURS, C.SYMBOLS, strict=True)) == {
        "red": "triangle",
        "yellow": "circle",
        "blue": "square",
        "green": "diamond",
        "purple": "star",
    }
    assert dict(zip(C.TYPES, C.TYPE_VALUES, strict=True)) == {
        "jab": 1,
        "cross": 1,
        "hook": 2,
        "uppercut": 2,
        "haymaker": 0,
    }
    s = RULES.new_state(RULES.default_options(), 3, 2)
    for p in (0, 1):
        cards = s.decks[p * 2] + s.decks[p * 2 + 1]
        assert sorted(cards) == list(range(p * 25, p * 25 + 25))  # 5 types x 5 colours each
        assert {C.owner(c) for c in cards} == {p}
    assert C.BORDERS == ("white", "black")
    twos = [c for c in C.COMBOS if len(c[1]) == 2]
    threes = [c for c in C.COMBOS if len(c[1]) == 3]
    assert len(twos) == 5 and all(c[2] == 1 for c in twos)
    assert len(threes) == 4 and all(c[2] == 2 for c in threes)
    assert sorted(k[1] for k in C.COUNTERS) == [0, 1, 2, 3, 4] and all(k[2] == 2 for k in C.COUNTERS)
    assert len(s.combo) == 9 and len(s.counter) == 5


def test_block_example_type_match_R_JAB_4():
    # Opponent puts a blue Hook on my left body; my yellow Hook blocks it by type.
    s = start({"decks": decks(p0_right=["yellow hook", "red jab"], p1_left=["blue hook"])})
    s = play(s, 1, "left", "p0.left")
    assert top(s, "p0.left") == card(1, "blue hook")
    s = play(s, 0, "right", "p0.left")
    assert top(s, "p0.left") == card(0, "yellow hook")
    assert s.events[-1]["kind"] == "block"
    # the next card (a red Jab) cannot go on my own block
    s = ok(s, Take(0, "right", s.now + 500))
    assert "block" in placement_refusal(s, 0, "right", "p0.left")
    assert isinstance(RULES.apply(s, Place(0, "right", "p0.left", s.now + 500)), Refused)


def test_block_needs_a_matching_opponent_punch_R_JAB_4():
    s = start({"decks": decks(p0_left=["red jab", "blue cross"], p1_left=["green hook", "yellow haymaker"])})
    s = ok(s, Take(0, "left", 0))
    assert placement_refusal(s, 0, "left", "p0.head") is not None  # empty target: no block
    s = ok(s, Return(0, "left", 1))
    s = play(s, 1, "left", "p0.head")  # green Hook
    s = ok(s, Take(0, "left", s.now + 500))
    assert placement_refusal(s, 0, "left", "p0.head") is not None  # red Jab does not match
    assert placement_refusal(s, 0, "left", "p1.head") is None  # a punch goes anywhere
    s = ok(s, Return(0, "left", s.now))
    s = play(s, 1, "left", "p0.head")  # yellow Haymaker on top
    s = play(s, 0, "left", "p0.head")  # any card blocks a Haymaker
    assert top(s, "p0.head") == card(0, "red jab")
    s = ok(s, Take(0, "left", s.now + 500))  # blue Cross
    assert "not your own" in placement_refusal(s, 0, "left", "p0.head")  # never on a block


def test_punches_may_land_on_blocks_R_JAB_4():
    s = start({"decks": decks(p0_left=["red jab", "blue hook"], p1_left=["red cross"])})
    s = play(s, 0, "left", "p1.head")
    s = play(s, 1, "left", "p1.head")  # red Cross blocks the red Jab (colour)
    s = play(s, 0, "left", "p1.head")  # a punch on top of a block is fine
    assert s.piles[4] == (card(0, "red jab"), card(1, "red cross"), card(0, "blue hook"))


def test_hand_side_one_card_per_hand_and_return_R_JAB_5():
    s = start({"decks": decks(p0_left=["red jab", "blue jab"], p0_right=["green hook"])})
    s = ok(s, Take(0, "left", 0))
    assert s.held[0][0] == card(0, "red jab") and s.held[1] is None
    assert isinstance(RULES.apply(s, Take(0, "left", 1)), Refused)  # one card per hand
    s = ok(s, Take(0, "right", 1))
    assert s.held[1][0] == card(0, "green hook")  # right hand, right deck
    s = ok(s, Return(0, "left", 2))
    assert s.decks[0][-1] == card(0, "red jab") and s.held[0] is None  # back on top of its deck


def test_a_card_cannot_reach_a_target_faster_than_a_hand_R_JAB_5():
    s = start()
    s = ok(s, Take(0, "left", 100))
    r = RULES.apply(s, Place(0, "left", "p1.right", 101))
    assert isinstance(r, Refused) and "fast" in r.reason
    assert not isinstance(RULES.apply(s, Place(0, "left", "p1.right", 1100)), Refused)


def test_combo_example_blocks_count_R_JAB_7():
    # Current combo shows Cross, Hook and Haymaker; the opponent's boxer ends up showing all three.
    s = start(
        {
            "combo": COMBO_CHH_FIRST,
            "decks": decks(p0_left=["red haymaker", "blue hook"], p0_right=["green cross"], p1_left=["yellow cross"]),
        }
    )
    s = play(s, 0, "left", "p1.left")
    s = play(s, 0, "left", "p1.head")
    r = claim(s, 0, "combo")
    assert r.combo_won[0] == () and r.lockout[0] > s.now  # not yet: refused, locked out
    s = play(s, 0, "right", "p1.right")
    s = play(s, 1, "left", "p1.right")  # the opponent blocks the Cross with a Cross...
    s = ok(s, Claim(0, "combo", s.now))  # ...which still counts for the combo
    assert s.combo_won[0] == (C.COMBOS.index(next(c for c in C.COMBOS if c[0] == "cross-hook-haymaker")),)
    assert C.COMBOS[s.combo[-1]][0] == "jab-cross"  # the next card is current
    assert s.events[-1]["kind"] == "combo"


def test_combo_looks_only_at_the_opponents_boxer_R_JAB_7():
    s = start(
        {
            "combo": ["jab-cross"] + [c for c in COMBO_CHH_FIRST if c != "jab-cross"],
            "decks": decks(p1_left=["red jab", "red cross"]),
        }
    )
    s = play(s, 1, "left", "p0.left")
    s = play(s, 1, "left", "p0.head")
    assert "combo" not in [o["kind"] for o in opportunities(s, 0)]
    assert "combo" in [o["kind"] for o in opportunities(s, 1)]


def test_stagger_example_two_damage_R_JAB_9():
    s = start({"decks": decks(p0_left=["blue haymaker", "red cross", "blue jab"])})
    s = play(s, 0, "left", "p1.head")  # blue Haymaker to the head
    s = play(s, 0, "left", "p1.left")  # something else to the body
    s = play(s, 0, "left", "p1.head")  # blue Jab right on the Haymaker
    assert s.health == (7, 3)
    assert any(e["kind"] == "stagger" for e in s.events)


def test_stagger_needs_direct_contact_and_own_punched_haymaker_R_JAB_9():
    s = start(
        {
            "decks": decks(
                p0_left=["blue haymaker", "red cross", "blue jab"],
                p1_left=["green haymaker", "green jab"],
                p1_right=["blue cross"],
            )
        }
    )
    s = play(s, 0, "left", "p1.head")
    s = play(s, 0, "left", "p1.head")  # red Cross covers the Haymaker
    s = play(s, 0, "left", "p1.head")  # blue Jab: not directly on the Haymaker
    assert s.health == (5, 5)
    # a Haymaker played as a block never lets anyone stagger through it
    s = play(s, 1, "right", "p1.head")  # p1 blocks the blue Jab with a blue Cross
    s = play(s, 1, "left", "p0.left")  # p1 punches a green Haymaker
    s = play(s, 1, "left", "p0.left")  # and a green Jab on it: p1 staggers p0
    assert s.health == (3, 7)


def test_block_never_staggers_R_JAB_9():
    s = start({"decks": decks(p0_left=["blue jab"], p1_left=["blue haymaker", "blue cross"])})
    s = play(s, 1, "left", "p0.head")  # p1's blue Haymaker on p0's head
    s = play(s, 0, "left", "p0.head")  # p0 blocks it with a blue Jab: no damage
    assert s.health == (5, 5)


def test_counter_punch_example_R_JAB_8():
    s = start({"counter": COUNTERS_GREEN_FIRST, "decks": decks(p0_left=["green jab"], p1_left=["green cross"])})
    s = play(s, 1, "left", "p0.left")  # my left body shows green
    s = play(s, 0, "left", "p1.head")  # I put green on the opponent's head
    s = ok(s, Claim(0, "counter", s.now + 200))
    assert s.counter_won[0] == (C.COUNTERS.index(next(k for k in C.COUNTERS if k[0] == "green")),)
    assert s.health == (6, 4)
    assert C.COUNTERS[s.counter[-1]][0] == "red"


def test_counter_punch_needs_empty_hands_R_JAB_8():
    s = start(
        {"counter": COUNTERS_GREEN_FIRST, "decks": decks(p0_left=["green jab", "red jab"], p1_left=["green cross"])}
    )
    s = play(s, 1, "left", "p0.left")
    s = play(s, 0, "left", "p1.head")
    s = ok(s, Take(0, "left", s.now + 500))
    r = ok(s, Claim(0, "counter", s.now))
    assert r.counter_won[0] == () and r.events[-1]["kind"] == "refused" and "hands" in r.events[-1]["text"]
    # the opponent can take it too: a counter-punch belongs to whoever claims it
    r2 = ok(s, Claim(1, "counter", s.now))
    assert len(r2.counter_won[1]) == 1 and r2.health == (4, 6)


def _counter_ready():
    s = start({"counter": COUNTERS_GREEN_FIRST, "decks": decks(p0_left=["green jab"], p1_left=["green cross"])})
    s = play(s, 1, "left", "p0.left")
    return play(s, 0, "left", "p1.head")


def test_simultaneous_counter_punch_is_set_aside_R_JAB_8():
    s = ok(_counter_ready(), Claim(0, "counter", 1000))
    s = ok(s, Claim(1, "counter", 1049))
    assert s.counter_won == ((), ()) and len(s.counter_aside) == 1
    assert s.health == (5, 5)
    assert s.events[-1]["kind"] == "counter-tie"
    assert RULES.invariants(s) == []


def test_counter_punch_50_ms_later_is_not_simultaneous_R_JAB_8():
    s = ok(_counter_ready(), Claim(0, "counter", 1000))
    s = ok(s, Claim(1, "counter", 1050))  # judged against the next (red) card: not open
    assert len(s.counter_won[0]) == 1 and s.counter_aside == ()
    assert s.health == (6, 4) and s.lockout[1] == 2050


def test_knockout_example_R_JAB_10_11():
    # Opponent has 1 health: a counter-punch takes it (danger), then a stagger opens the knockout.
    s = start(
        {
            "counter": COUNTERS_GREEN_FIRST,
            "health": [9, 1],
            "decks": decks(p0_left=["green jab", "blue haymaker", "blue hook"], p1_left=["green cross"]),
        }
    )
    s = play(s, 1, "left", "p0.left")
    s = play(s, 0, "left", "p1.head")
    s = ok(s, Claim(0, "counter", s.now))
    assert s.health == (10, 0) and any(e["kind"] == "danger" for e in s.events)
    assert tile_claim(s, 0) == "clinch"
    s = play(s, 0, "left", "p1.left")
    s = play(s, 0, "left", "p1.left")  # stagger while in danger: no token to take
    assert s.health == (10, 0) and s.ko_open[0]
    assert tile_claim(s, 0) == "knockout"
    s = ok(s, Claim(0, "knockout", s.now))
    assert RULES.outcome(s).winner == 0 and s.phase == "over"
    assert isinstance(RULES.apply(s, Take(1, "left", s.now)), Refused)  # nothing more is played


def _in_danger_and_hurt():
    s = start(
        {
            "health": [9, 1],
            "counter": ["red", "green", "yellow", "blue", "purple"],
            "decks": decks(p0_left=["blue haymaker", "blue hook", "red haymaker", "red jab"], p1_left=["red cross"]),
        }
    )
    s = play(s, 0, "left", "p1.left")
    s = play(s, 0, "left", "p1.left")  # stagger: p1 down to 0
    s = play(s, 0, "left", "p1.head")
    return play(s, 0, "left", "p1.head")  # stagger again: knockout open


def test_clinch_races_the_knockout_claim_R_JAB_11_12():
    s = _in_danger_and_hurt()
    assert s.ko_open[0] and s.health == (10, 0)
    s = ok(s, Claim(1, "clinch", s.now))  # the victim clinches first
    assert s.health == (8, 2) and not s.ko_open[0] and s.phase == "clinch"
    s = ok(s, Ready(0, s.now))
    s = ok(s, Ready(1, s.now))
    r = ok(s, Claim(0, "knockout", s.now))
    assert r.phase == "playing" and r.events[-1]["kind"] == "refused"  # too late


def test_after_a_clinch_knockout_needs_no_tile_R_JAB_11():
    s = start(
        {
            "health": [9, 1],
            "decks": decks(
                p0_left=[
                    "blue haymaker",
                    "blue hook",
                    "red haymaker",
                    "red jab",
                    "green haymaker",
                    "green jab",
                    "purple haymaker",
                    "purple jab",
                ]
            ),
        }
    )
    s = play(s, 0, "left", "p1.left")
    s = play(s, 0, "left", "p1.left")  # p1 at 0
    s = ok(s, Claim(1, "clinch", s.now))  # p1 back to 2
    s = ok(s, Ready(0, s.now))
    s = ok(s, Ready(1, s.now))
    for t in ("p1.head", "p1.right"):
        s = play(s, 0, "left", t)
        s = play(s, 0, "left", t)  # 2 staggers: p1 to 0 again, then hurt in danger
    assert s.ko_open[0] and s.clinch_by == 1
    assert claim(s, 1, "clinch").events[-1]["kind"] == "refused"  # the tile is gone
    s = ok(s, Claim(0, "knockout", s.now))
    assert RULES.outcome(s).winner == 0


def test_knockout_closes_when_the_victim_gains_health_R_JAB_11():
    s = _in_danger_and_hurt()  # p1.head shows p0's red Jab on top
    s = play(s, 1, "left", "p0.left")  # p1 puts a red Cross on p0: red on both boxers
    s = ok(s, Claim(1, "counter", s.now))  # the victim counter-punches and gains health
    assert s.health == (9, 1) and not s.ko_open[0]
    assert claim(s, 0, "knockout").events[-1]["kind"] == "refused"


def test_clinch_example_pause_and_resume_R_JAB_12():
    s = start(
        {"health": [9, 1], "decks": decks(p0_left=["blue haymaker", "blue hook"], p1_left=["red jab"])},
        options={"countdown_ms": 3000},
    )
    s = ok(s, Tick(3000))
    s = play(s, 0, "left", "p1.left")
    s = play(s, 0, "left", "p1.left")  # p1 loses the last token
    s = ok(s, Take(1, "left", s.now))
    s = ok(s, Claim(1, "clinch", s.now))
    assert s.health == (8, 2) and s.clinch_by == 1 and s.phase == "clinch"
    assert s.held == (None, None, None, None) and s.decks[2][-1] == card(1, "red jab")
    assert isinstance(RULES.apply(s, Take(0, "right", s.now + 500)), Refused)  # paused
    t = s.now
    s = ok(s, Ready(1, t + 10))
    assert s.phase == "clinch"
    s = ok(s, Ready(0, t + 20))
    assert s.phase == "playing" and s.go_at == t + 20 + 3000
    assert isinstance(RULES.apply(s, Take(0, "right", t + 100)), Refused)  # count-down
    ok(s, Take(0, "right", t + 3020))


def test_clinch_needs_zero_health_R_JAB_12():
    s = start({"health": [5, 5]})
    assert "no health" in claim(s, 1, "clinch").events[-1]["text"]
    s = _in_danger_and_hurt()
    s = ok(s, Claim(1, "clinch", s.now))
    assert s.clinch_by == 1


def test_a_wrong_claim_locks_out_claims_for_one_second_R_JAB_6():
    s = start()
    s = ok(s, Claim(0, "combo", 100))
    assert s.lockout[0] == 1100 and s.events[-1]["kind"] == "refused"
    r = RULES.apply(s, Claim(0, "ding", 600))
    assert isinstance(r, Refused) and "eager" in r.reason
    assert not isinstance(RULES.apply(s, Claim(0, "ding", 1100)), Refused)
    ok(s, Claim(1, "combo", 600))  # the other player is not locked out


def test_claims_are_never_made_for_a_player_R_JAB_6():
    s = start(
        {
            "combo": ["jab-cross"] + [c for c in COMBO_CHH_FIRST if c != "jab-cross"],
            "decks": decks(p0_left=["red jab", "red cross"]),
        }
    )
    s = play(s, 0, "left", "p1.left")
    s = play(s, 0, "left", "p1.head")
    assert "combo" in [o["kind"] for o in opportunities(s, 0)]
    assert RULES.apply(s, Tick(s.now + 60_000)) is s  # time passes, nothing is taken
    assert s.combo_won == ((), ())


def test_damage_moves_only_what_the_victim_has_R_JAB_10():
    s = start({"health": [9, 1], "decks": decks(p0_left=["blue haymaker", "blue hook"])})
    s = play(s, 0, "left", "p1.left")
    s = play(s, 0, "left", "p1.left")  # stagger of 2 with 1 left: takes 1, danger, no knockout
    assert s.health == (10, 0) and s.ko_open == (False, False)


def test_assist_is_off_by_default_and_lists_open_chances_R_JAB_6():
    assert RULES.default_options()["assist"] is False
    s = start(
        {
            "counter": COUNTERS_GREEN_FIRST,
            # the blue Cross left on top can block the green Cross (type) and stagger the blue Haymaker (colour):
            # the assist hints only what a card at hand can make (issue 15)
            "decks": decks(p0_left=["green jab", "blue haymaker", "blue cross"], p1_left=["green cross"]),
        }
    )
    s = play(s, 1, "left", "p0.left")
    assert [o["kind"] for o in opportunities(s, 0)] == ["block"]
    s = play(s, 0, "left", "p1.head")
    s = play(s, 0, "left", "p1.right")
    kinds = [o["kind"] for o in opportunities(s, 0)]
    assert "counter" in kinds and "stagger" in kinds and "block" in kinds


def test_cancelled_counter_punch_opens_no_knockout_R_JAB_8_11():
    s = start(
        {
            "counter": COUNTERS_GREEN_FIRST,
            "health": [10, 0],
            "decks": decks(p0_left=["green jab"], p1_left=["green cross"]),
        }
    )
    s = play(s, 1, "left", "p0.left")
    s = play(s, 0, "left", "p1.head")
    s = ok(s, Claim(0, "counter", s.now + 100))
    assert s.ko_open[0]  # hurt while in danger
    s = ok(s, Claim(1, "counter", s.now + 20))  # simultaneous: nothing happened
    assert s.ko_open == (False, False) and s.health == (10, 0) and len(s.counter_aside) == 1


def test_assist_says_which_cards_fit_a_block_or_stagger_R_JAB_6():
    s = start(
        {
            "decks": decks(
                p0_left=["blue haymaker", "red jab"], p0_right=["green hook", "blue cross"], p1_left=["red hook"]
            )
        }
    )
    s = play(s, 0, "left", "p1.head")  # my blue Haymaker; the red Jab is now on top of my left deck
    s = play(s, 1, "left", "p0.head")  # their red Hook on my head
    s = ok(s, Take(0, "right", s.now + 500))  # green Hook in my right hand; blue Cross shows on the deck
    spots = {o["kind"]: o for o in opportunities(s, 0)}
    assert spots["block"]["target"] == "p0.head" and spots["block"]["with"] == ["left deck", "right hand"]
    # the blue Cross lies under the full right hand: no stagger can be made now, so none is hinted (issue 15)
    assert "stagger" not in spots
    s = ok(s, Place(0, "right", "p1.left", s.now + 2000))  # the right hand punches and is free again
    spots = {o["kind"]: o for o in opportunities(s, 0)}
    assert spots["stagger"]["target"] == "p1.head" and spots["stagger"]["with"] == ["right deck"]


def test_a_hand_must_travel_back_before_taking_again_R_JAB_5():
    s = start()
    s = play(s, 0, "left", "p1.right")
    placed = s.now
    r = RULES.apply(s, Take(0, "left", placed + 1))
    assert isinstance(r, Refused) and "back" in r.reason
    ok(s, Take(0, "right", placed + 1))  # the other hand is free
    ok(s, Take(0, "left", placed + 1000))


def test_event_sentences_name_seats_that_render_fills_in():
    s = start({"decks": decks(p0_right=["yellow hook"], p1_left=["blue hook"])})
    s = play(s, 0, "right", "p1.head")
    e = s.events[-1]
    assert e["kind"] == "punch" and e["seq"] > s.events[-2]["seq"]
    assert render(e["text"], ("Ann", "Bob")) == "Ann throws a yellow Hook at Bob's head."
    assert render(e["text"]) == "Player 1 throws a yellow Hook at Player 2's head."
