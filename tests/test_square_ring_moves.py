"""The Square Ring: board geometry, steps, attack areas and movement restrictions
(R-SQR-1, R-SQR-2, R-SQR-3, R-SQR-5), checked on the pure resolution code."""

import pytest

from tabletop.games.square_ring.rules import board
from tabletop.games.square_ring.rules.content import BOXERS, RING
from tabletop.games.square_ring.rules.resolve import (
    BLOCKED,
    CROSSING,
    OFF_RING,
    PRESSURE,
    SAME_LOST,
    SAME_TIE,
    STEP_CARDS,
    resolve_action,
    resolve_moves,
)

sq = board.parse_square


def card(boxer, cid):
    return BOXERS[boxer].by_id[cid]


STAY = None  # no card for that player in this action


def moves(pos, facing, cards, hp=(10, 10)):
    p, f, moved, nulled = resolve_moves((sq(pos[0]), sq(pos[1])), facing, hp, cards)
    return (board.name(p[0]), board.name(p[1])), f, nulled


def test_start_places_r_sqr_1():
    assert RING["start"] == ((sq("c2"), board.FACINGS.index("N")), (sq("c4"), board.FACINGS.index("S")))


@pytest.mark.parametrize("facing", range(8))
def test_steps_are_relative_to_facing_r_sqr_2(facing):
    dx, dy = board.DIRS[facing]
    for step in range(8):
        to = board.step_destination(sq("c3"), facing, step)
        sx, sy = board.DIRS[(facing + step) % 8]
        assert board.xy(to) == (2 + sx, 2 + sy)
    # forward is the facing itself; back is the opposite
    assert board.xy(board.step_destination(sq("c3"), facing, 0)) == (2 + dx, 2 + dy)
    assert board.xy(board.step_destination(sq("c3"), facing, 4)) == (2 - dx, 2 - dy)


def test_off_ring_step_is_nulled():
    # a1 facing south: forward leaves the ring
    pos, _f, nulled = moves(("a1", "e5"), (4, 0), (STEP_CARDS[0], STAY))
    assert pos == ("a1", "e5") and nulled[0] == OFF_RING
    # right of south is west: off the ring too; left of south is east: b1
    pos, _f, nulled = moves(("a1", "e5"), (4, 0), (STEP_CARDS[2], STAY))
    assert pos == ("a1", "e5") and nulled[0] == OFF_RING
    pos, _f, _n = moves(("a1", "e5"), (4, 0), (STEP_CARDS[6], STAY))
    assert pos == ("b1", "e5")


# Inga's hook hits forward and forward-left; listed by hand for every facing from c3.
HOOK_FROM_C3 = {
    "N": {"b4", "c4"},
    "NE": {"c4", "d4"},
    "E": {"d4", "d3"},
    "SE": {"d3", "d2"},
    "S": {"d2", "c2"},
    "SW": {"c2", "b2"},
    "W": {"b2", "b3"},
    "NW": {"b3", "b4"},
}


@pytest.mark.parametrize("facing", board.FACINGS)
def test_attack_area_rotates_for_all_8_facings_r_sqr_3(facing):
    hook = card("inga", "hook")
    assert hook.area_n == ((-1, 1), (0, 1)), "test written for this hook's area"
    assert hook.area_ne == ((0, 1), (1, 1))
    hit = {board.name(s) for s in board.mask_squares(hook.mask(sq("c3"), board.FACINGS.index(facing)))}
    assert hit == HOOK_FROM_C3[facing]


def test_every_attack_area_matches_its_data_and_half_turns():
    for b in BOXERS.values():
        for a in b.attacks:
            for facing, offsets in (
                (0, a.area_n),
                (1, a.area_ne),
                (4, [(-x, -y) for x, y in a.area_n]),
                (5, [(-x, -y) for x, y in a.area_ne]),
            ):
                want = {(2 + x, 2 + y) for x, y in offsets if board.on_board(2 + x, 2 + y)}
                got = {board.xy(s) for s in board.mask_squares(a.mask(sq("c3"), facing))}
                assert got == want, (b.id, a.id, facing)


def test_area_off_the_ring_hits_nothing_there():
    jab = card("inga", "jab")
    assert jab.mask(sq("c5"), 0) == 0  # facing north on the top rank


def test_same_square_goes_to_higher_hp_r_sqr_5():
    fwd = STEP_CARDS[0]
    pos, _f, nulled = moves(("c2", "c4"), (0, 4), (fwd, fwd), hp=(9, 12))
    assert pos == ("c2", "c3") and nulled == (SAME_LOST, None)
    pos, _f, nulled = moves(("c2", "c4"), (0, 4), (fwd, fwd), hp=(12, 9))
    assert pos == ("c3", "c4") and nulled == (None, SAME_LOST)


def test_same_square_with_equal_hp_nobody_moves_r_sqr_5():
    fwd = STEP_CARDS[0]
    pos, _f, nulled = moves(("c2", "c4"), (0, 4), (fwd, fwd), hp=(10, 10))
    assert pos == ("c2", "c4") and nulled == (SAME_TIE, SAME_TIE)


def test_swapping_squares_is_crossing_r_sqr_5():
    # c2 facing east steps forward to d2; d2 facing east steps back to c2
    pos, _f, nulled = moves(("c2", "d2"), (2, 2), (STEP_CARDS[0], STEP_CARDS[4]))
    assert pos == ("c2", "d2") and nulled == (CROSSING, CROSSING)


def test_crossing_diagonals_nobody_moves_r_sqr_5():
    # b2 goes forward-right to c3 while c2 goes forward-left to b3: the paths cross
    pos, _f, nulled = moves(("b2", "c2"), (0, 0), (STEP_CARDS[1], STEP_CARDS[7]))
    assert pos == ("b2", "c2") and nulled == (CROSSING, CROSSING)


def test_parallel_diagonals_do_not_cross():
    pos, _f, nulled = moves(("b2", "c2"), (0, 0), (STEP_CARDS[1], STEP_CARDS[1]))
    assert pos == ("c3", "d3") and nulled == (None, None)


def test_following_into_a_square_being_left_is_allowed():
    # c2 steps forward into c3 while c3 steps forward to c4
    pos, _f, _n = moves(("c2", "c3"), (0, 0), (STEP_CARDS[0], STEP_CARDS[0]))
    assert pos == ("c3", "c4")


def test_cannot_step_onto_a_boxer_who_stays():
    pos, _f, nulled = moves(("c2", "c3"), (0, 4), (STEP_CARDS[0], STAY))
    assert pos == ("c2", "c3") and nulled[0] == BLOCKED


def test_pressure_nulls_steps_beside_the_presser_line_r_sqr_5():
    # Red on c2 faces north at Blue on c3: Blue may not go to b3 or d3.
    jab = card("inga", "jab")
    for step in range(8):
        dest = board.step_destination(sq("c3"), 2, step)  # Blue faces east
        pos, _f, nulled = moves(("c2", "c3"), (0, 2), (jab, STEP_CARDS[step]))
        if dest in (sq("b3"), sq("d3")):
            assert pos[1] == "c3" and nulled[1] == PRESSURE
        elif dest >= 0 and dest != sq("c2"):
            assert pos[1] == board.name(dest) and nulled[1] is None


def test_pressure_lifted_when_the_presser_turns_r_sqr_5():
    turn = card("inga", "turn-left-45")
    pos, _f, nulled = moves(("c2", "c3"), (0, 2), (turn, STEP_CARDS[0]))  # Blue east: forward is d3
    assert pos == ("c2", "d3") and nulled == (None, None)


def test_pressure_lifted_when_the_presser_steps_r_sqr_5():
    pos, _f, _n = moves(("c2", "c3"), (0, 2), (STEP_CARDS[4], STEP_CARDS[0]))  # Red steps back to c1
    assert pos == ("c1", "d3")


def test_pressure_needs_an_orthogonal_facing_and_an_adjacent_square():
    jab = card("inga", "jab")
    # diagonal facing: b2 facing NE at c3 does not press
    pos, _f, _n = moves(("b2", "c3"), (1, 2), (jab, STEP_CARDS[0]))
    assert pos[1] == "d3"
    # two squares away: no pressure
    pos, _f, _n = moves(("c1", "c3"), (0, 2), (jab, STEP_CARDS[0]))
    assert pos[1] == "d3"


def test_both_pressing_both_are_restricted_r_sqr_5():
    # face to face on c2 / c3: both try to slide sideways
    pos, _f, nulled = moves(("c2", "c3"), (0, 4), (STEP_CARDS[2], STEP_CARDS[2]))
    assert pos == ("c2", "c3") and nulled == (PRESSURE, PRESSURE)
    # stepping back frees the other boxer's slide
    pos, _f, _n = moves(("c2", "c3"), (0, 4), (STEP_CARDS[4], STEP_CARDS[2]))
    assert pos == ("c1", "b3")


def test_movement_resolves_before_attacks_r_sqr_5():
    jab = card("inga", "jab")
    # Blue (c3 facing south) steps back to c4, out of the jab's reach
    r = resolve_action((sq("c2"), sq("c3")), (0, 4), (10, 10), (jab, STEP_CARDS[4]))
    assert board.name(r.pos[1]) == "c4"
    assert not r.landed[0] and r.hp == (10, 10)


def test_both_attacks_land_together_r_sqr_6():
    a, b = card("inga", "cross"), card("fredo", "hook")
    r = resolve_action((sq("c2"), sq("c3")), (0, 4), (10, 10), (a, b))
    assert r.landed == (True, True)
    assert r.hp == (10 - b.power, 10 - a.power)
