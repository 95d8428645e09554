"""Boxing: The Game: every cell of the resolution table (R-BTG-4), the 6+ speed
bonuses and the carry-overs, checked on the pure ``clash`` function and, for
speeds and effects, on ``resolve_event``."""

import pytest

from tabletop.games.boxing_the_game.rules.content import CARDS, CHARACTERS
from tabletop.games.boxing_the_game.rules.resolve import clash, resolve_event

HEAVY = ("cross", "hook", "uppercut")


def test_jab_vs_jab_faster_lands():
    assert clash("jab", 6, "jab", 5, True).landed == (True, False)
    assert clash("jab", 3, "jab", 7, False).landed == (False, True)


@pytest.mark.parametrize("a", HEAVY)
@pytest.mark.parametrize("b", HEAVY)
def test_power_vs_power_faster_lands(a, b):
    r = clash(a, 7, b, 4, True)
    assert r.landed == (True, False)
    assert r.knockdown == (a == "uppercut", False)
    r = clash(a, 2, b, 3, False)
    assert r.landed == (False, True)
    assert r.knockdown == (False, b == "uppercut")


@pytest.mark.parametrize("a,b", [("jab", "jab"), ("cross", "hook"), ("hook", "hook"), ("cross", "cross")])
def test_equal_speed_same_stance_both_land(a, b):
    r = clash(a, 5, b, 5, True)
    assert r.landed == (True, True)
    assert r.code == "tie_same"


@pytest.mark.parametrize("a,b", [("jab", "jab"), ("cross", "hook"), ("uppercut", "uppercut"), ("hook", "cross")])
def test_equal_speed_different_stances_nothing_lands(a, b):
    r = clash(a, 5, b, 5, False)
    assert r.landed == (False, False)
    assert r.knockdown == (False, False)
    assert r.code == "tie_differs"


@pytest.mark.parametrize("power", ["hook", "uppercut"])
def test_jab_beats_hook_and_uppercut_whatever_their_speed(power):
    for speed in (1, 5, 10):
        assert clash("jab", 2, power, speed, True).landed == (True, False)
        assert clash(power, speed, "jab", 2, False).landed == (False, True)
        assert clash(power, speed, "jab", 2, True).knockdown == (False, False)


def test_jab_vs_cross_lands_unless_cross_strictly_faster():
    # R-BTG-4: the Jab lands unless the Cross is strictly faster
    assert clash("jab", 5, "cross", 5, True).landed == (True, False)
    assert clash("jab", 5, "cross", 5, False).landed == (True, False)
    assert clash("jab", 5, "cross", 6, True).landed == (False, True)
    assert clash("cross", 6, "jab", 5, True).code == "cross_beats_jab"
    assert clash("cross", 4, "jab", 5, True).landed == (False, True)


def test_uppercut_landing_on_a_punch_is_a_knockdown():
    assert clash("uppercut", 5, "hook", 4, True).knockdown == (True, False)
    assert clash("cross", 3, "uppercut", 8, False).knockdown == (False, True)


def test_two_uppercuts_at_once_are_two_knockdowns():
    # R-BTG-4: two at once both count
    assert clash("uppercut", 5, "uppercut", 5, True).knockdown == (True, True)


def test_uppercut_and_cross_tie_same_stance_both_land_one_knockdown():
    r = clash("uppercut", 4, "cross", 4, True)
    assert r.landed == (True, True)
    assert r.knockdown == (True, False)


@pytest.mark.parametrize("punch", ["jab", "cross", "hook", "uppercut"])
def test_punch_beats_feint_and_puncher_may_switch(punch):
    r = clash(punch, 3, "feint", 6, True)
    assert r.landed == (True, False)
    assert r.knockdown == (False, False)  # an Uppercut on a Feint is no knockdown
    assert r.chooser == 0 and not r.can_force
    assert r.carry == (0, 0)
    r = clash("feint", 1, punch, 2, False)
    assert r.landed == (False, True) and r.chooser == 1


def test_punch_six_faster_than_feint_may_force_a_switch():
    assert clash("cross", 10, "feint", 4, True).can_force
    assert not clash("cross", 9, "feint", 4, True).can_force
    assert clash("feint", 1, "jab", 7, True).can_force


def test_feint_six_faster_than_punch_gives_plus_two_next_action():
    assert clash("hook", 2, "feint", 8, True).carry == (0, 2)
    assert clash("hook", 3, "feint", 8, True).carry == (0, 0)
    assert clash("feint", 9, "jab", 3, True).carry == (2, 0)


@pytest.mark.parametrize("punch", ["jab", "cross", "hook", "uppercut"])
def test_block_stops_any_punch(punch):
    r = clash("block", 1, punch, 9, True)
    assert r.landed == (True, False)
    assert r.knockdown == (False, False)
    r = clash(punch, 4, "block", 4, False)
    assert r.landed == (False, True)


def test_block_six_faster_gains_momentum():
    assert clash("block", 10, "jab", 4, True).momentum == (1, 0)
    assert clash("block", 9, "jab", 4, True).momentum == (0, 0)


def test_punch_six_faster_than_block_gains_momentum():
    assert clash("cross", 10, "block", 4, True).momentum == (1, 0)
    assert clash("cross", 9, "block", 4, True).momentum == (0, 0)


def test_faster_hook_into_a_block_gains_momentum():
    assert clash("hook", 5, "block", 4, True).momentum == (1, 0)
    assert clash("block", 4, "hook", 5, True).momentum == (0, 1)
    assert clash("hook", 4, "block", 4, True).momentum == (0, 0)
    assert clash("cross", 5, "block", 4, True).momentum == (0, 0)


def test_feint_beats_block_and_feinter_may_switch():
    r = clash("block", 9, "feint", 4, True)
    assert r.landed == (False, True)
    assert r.chooser == 1 and not r.can_force
    assert r.momentum == (0, 0)


def test_feint_six_faster_than_block_gains_momentum():
    assert clash("feint", 10, "block", 4, True).momentum == (1, 0)
    assert clash("feint", 9, "block", 4, True).momentum == (0, 0)


@pytest.mark.parametrize("move", ["block", "feint"])
def test_same_defensive_moves_carry_half_the_difference(move):
    r = clash(move, 9, move, 4, True)
    assert r.landed == (False, False)
    assert r.carry == (2, 0)  # 5 // 2
    assert clash(move, 3, move, 9, False).carry == (0, 3)
    assert clash(move, 5, move, 4, True).carry == (0, 0)  # 1 // 2 rounds down
    assert clash(move, 6, move, 6, True).carry == (0, 0)


# -- speeds and effects, through resolve_event ---------------------------------


def card(name, seat=0):
    """The first card id with this name (starter cards of the given seat first)."""
    for c in CARDS:
        if c.name == name and (not c.starter or c.id // 8 == seat):
            return c.id
    raise KeyError(name)


NO_MODS = ((), ())


def test_bids_and_carry_add_speed():
    jab0, jab1 = card("Jab", 0), card("Jab", 1)  # both printed 5
    r = resolve_event(1, (jab0, jab1), (2, 0), (0, 1), NO_MODS, True)
    assert r.speeds == (7, 6)
    assert r.clash.landed == (True, False)


def test_points_are_times_the_event_number():
    jab0, hook1 = card("Jab", 0), card("Hook", 1)
    assert resolve_event(3, (jab0, hook1), (0, 0), (0, 0), NO_MODS, True).points == (3, 0)
    cross0, hook1 = card("Cross", 0), card("Hook", 1)
    assert resolve_event(2, (cross0, hook1), (0, 0), (0, 0), NO_MODS, True).points == (4, 0)


def test_stance_conditioned_card_speed():
    cc = card("Counter Cross")  # 4, +3 while stances differ
    hook1 = card("Hook", 1)
    assert resolve_event(1, (cc, hook1), (0, 0), (0, 0), NO_MODS, False).speeds[0] == 7
    assert resolve_event(1, (cc, hook1), (0, 0), (0, 0), NO_MODS, True).speeds[0] == 4


def test_card_effects_on_landing():
    double = card("Double Jab")  # +2 to the next action if it lands
    hook1, block1 = card("Hook", 1), card("Block", 1)
    assert resolve_event(1, (double, hook1), (0, 0), (0, 0), NO_MODS, True).carry == (2, 0)
    assert resolve_event(1, (double, block1), (0, 0), (0, 0), NO_MODS, True).carry == (0, 0)
    parry = card("Parry")  # +1 momentum when it stops a punch
    assert resolve_event(1, (parry, hook1), (0, 0), (0, 0), NO_MODS, True).momentum == (1, 0)
    stiff = card("Stiff Jab")  # 1 extra point, times the event
    assert resolve_event(2, (stiff, hook1), (0, 0), (0, 0), NO_MODS, True).points == (4, 0)


def test_trait_and_upgrade_speed():
    kid = next(c for c in CHARACTERS if c.name == "Kid Lightning")  # Jabs +1
    gloves = CARDS[card("Heavy Gloves")]  # Cross/Hook/UC +1
    jab0, cross1 = card("Jab", 0), card("Cross", 1)
    r = resolve_event(1, (jab0, cross1), (0, 0), (0, 0), (kid.effects, gloves.effects), True)
    assert r.speeds == (6, 5)
    boots = CARDS[card("Fast-Start Boots")]  # +2 in event 1 only
    assert resolve_event(1, (jab0, cross1), (0, 0), (0, 0), (boots.effects, ()), True).speeds[0] == 7
    assert resolve_event(2, (jab0, cross1), (0, 0), (0, 0), (boots.effects, ()), True).speeds[0] == 5
