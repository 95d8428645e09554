"""JAB's practice aid (issue 15): it only ever hints a block or a stagger the
player could really make now with a held card or the top card of a deck whose
hand is free; and it is on by default against the easiest computer level."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.game import Refused
from tabletop.games.jab.rules import RULES
from tabletop.games.jab.rules import content as C
from tabletop.games.jab.rules.actions import Place, Take, Tick
from tabletop.games.jab.rules.hands import SIDES
from tabletop.games.jab.rules.queries import next_step, opportunities, placement_refusal
from tests.jab_helpers import decks, ok, play, start


def makeable(s, p, target) -> bool:
    """Can player ``p`` put a card on ``target`` with one hand right now (a held card, or taking a top card)?"""
    for hand in SIDES:
        if s.held[p * 2 + SIDES.index(hand)] is None:
            took = RULES.apply(s, Take(p, hand, s.now + 5000))
            if isinstance(took, Refused):
                continue
            if placement_refusal(took, p, hand, target) is None:
                return True
        elif placement_refusal(s, p, hand, target) is None:
            return True
    return False


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10_000), min_size=50, max_size=300))
def test_every_block_hint_is_a_block_the_player_can_make_now(seed, picks):
    s = RULES.new_state(RULES.check_options({"countdown_ms": 0}), seed, 2)
    hinted = 0
    for k in picks:
        if RULES.outcome(s) is not None:
            break
        for p in (0, 1):
            for o in opportunities(s, p):
                if o["kind"] == "block":
                    hinted += 1
                    assert makeable(s, p, o["target"]), f"block hinted on {o['target']} but no card can make it"
                    assert o["with"], o
        acts = [a for p in RULES.to_act(s) for a in RULES.legal_actions(s, p)]
        action = Tick(s.now + k % 12_000) if k % 17 == 0 or not acts else acts[k % len(acts)]
        s = ok(s, action)


def test_no_block_hint_when_no_top_card_fits():
    # Blue's red Hook lands on Red's head; Red's free deck tops are a green Jab and a blue Cross: nothing fits
    s = start({"decks": decks(p0_left=["green jab"], p0_right=["blue cross"], p1_left=["red hook"])})
    s = play(s, 1, "left", "p0.head")
    assert "block" not in [o["kind"] for o in opportunities(s, 0)]
    assert not makeable(s, 0, "p0.head")


def test_a_card_under_a_full_hand_is_not_hinted():
    # the yellow Hook on the right deck would block, but the right hand holds a green Jab over it
    s = start({"decks": decks(p0_left=["green cross"], p0_right=["green jab", "yellow hook"], p1_left=["red hook"])})
    s = play(s, 1, "left", "p0.head")
    s = ok(s, Take(0, "right", s.now + 500))
    assert C.card_name(s.held[1][0]).lower().startswith("green jab")
    assert "block" not in [o["kind"] for o in opportunities(s, 0)]
    s = ok(s, Place(0, "right", "p1.left", s.now + 2000))  # the green Jab is punched away: the Hook is free
    spots = [o for o in opportunities(s, 0) if o["kind"] == "block"]
    assert [o["with"] for o in spots] == [["right deck"]] and makeable(s, 0, "p0.head")


def test_the_live_help_line_says_what_to_do_next_in_plain_words():
    s = RULES.new_state(RULES.check_options({"countdown_ms": 0}), 3, 2)
    assert "Ready" in next_step(s, 0)
    s = start({"decks": decks(p0_left=["green jab"], p0_right=["red cross"], p1_left=["red hook"])})
    assert next_step(s, 0).startswith("Take a card from a deck")
    s = play(s, 1, "left", "p0.head")
    line = next_step(s, 0)
    assert line.startswith("Block:") and "red Cross" in line and "red Hook" in line and "head" in line
    assert not next_step(s, 0, chances=False).startswith("Block"), "without the aid the line points at no chance"
    s = ok(s, Take(0, "left", s.now + 500))
    assert "Block:" in next_step(s, 0) and "red Cross" in next_step(s, 0)  # the right deck is still free
    assert "Let go" in next_step(s, 0, chances=False)
