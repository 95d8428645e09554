"""Properties of JAB's steering aids (games/jab/table/steer.py), for any hand anywhere: keys never ask
for more than the hand speed (R-JAB-5) and speed up steadily, the magnet and the jump only ever aim
at a hand's own deck or a target, a hand slides off every deck it may not take from, and hands
stay inside the window."""

import math

from hypothesis import given
from hypothesis import strategies as st

from tabletop.games.jab.rules.hands import HEIGHT, RECTS, TARGET_NAMES, WIDTH, deck_name, inside
from tabletop.games.jab.table import steer

xs = st.floats(-2.0, WIDTH + 2.0, allow_nan=False)
ys = st.floats(-2.0, HEIGHT + 2.0, allow_nan=False)
seats = st.integers(0, 1)


@given(st.floats(0, 5000, allow_nan=False), st.floats(0.5, 100, allow_nan=False))
def test_keys_never_ask_for_more_than_the_hand_speed_and_never_slow_down_once_speeding_up(held, dt):
    pace = steer.key_pace(held, dt)
    assert 0.0 <= pace <= 1.0
    if held >= steer.RAMP_DELAY_MS:
        assert steer.key_pace(held + dt, dt) >= pace - 1e-12
    if held >= steer.RAMP_DELAY_MS + steer.RAMP_MS:
        assert math.isclose(pace, 1.0)


@given(seats, st.integers(0, 1), xs, ys)
def test_the_magnet_draws_only_to_the_hands_own_deck_or_a_target(seat, hand, x, y):
    stop = steer.magnet_stop(seat, hand, x, y)
    assert stop is None or stop in (deck_name(seat, hand), *TARGET_NAMES)


@given(seats, st.integers(0, 1), xs, ys, st.floats(-1, 1), st.floats(-1, 1))
def test_a_jump_goes_to_a_stop_that_way(seat, hand, x, y, dx, dy):
    stop = steer.jump_stop(seat, hand, x, y, dx, dy)
    if stop is None:
        return
    assert stop in (deck_name(seat, hand), *TARGET_NAMES) and not inside(stop, x, y)
    vx, vy = RECTS[stop][0] - x, RECTS[stop][1] - y
    assert (vx * dx + vy * dy) / (math.hypot(vx, vy) * math.hypot(dx, dy)) >= steer.JUMP_CONE - 1e-9


@given(seats, st.integers(0, 1), st.sampled_from(["p0.deck.left", "p0.deck.right", "p1.deck.left", "p1.deck.right"]))
def test_a_hand_slides_off_every_deck_it_may_not_take_from(seat, hand, deck):
    x, y = RECTS[deck][:2]
    ox, oy = steer.off_wrong_decks(seat, hand, x, y)
    if deck == deck_name(seat, hand):
        assert (ox, oy) == (x, y)
    else:
        assert not inside(deck, ox, oy)
        assert steer.clamp_point(ox, oy) == (ox, oy)


@given(xs, ys)
def test_hands_are_kept_inside_the_window(x, y):
    cx, cy = steer.clamp_point(x, y)
    assert steer.MARGIN <= cx <= WIDTH - steer.MARGIN and steer.MARGIN <= cy <= HEIGHT - steer.MARGIN


@given(seats, st.text(alphabet="leftrighandk ", max_size=40))
def test_the_words_for_the_top_seat_swap_both_ways(seat, text):
    assert steer.sits_words(seat, steer.sits_words(seat, text)) == text


@given(seats, st.integers(0, 1), st.sampled_from(["p0.deck.left", "p0.deck.right", "p1.deck.left", "p1.deck.right"]))
def test_a_hand_sliding_off_a_wrong_deck_clears_it_even_at_the_windows_edge(seat, hand, deck):
    cx, cy, w, h = RECTS[deck]
    for x, y in ((cx, cy + h / 2 - 0.01), (cx, cy - h / 2 + 0.01), (cx - w / 2 + 0.01, cy), (cx + w / 2 - 0.01, cy)):
        ox, oy = steer.off_wrong_decks(seat, hand, x, y)
        if deck != deck_name(seat, hand):
            dx = max(0.0, abs(ox - cx) - w / 2)
            dy = max(0.0, abs(oy - cy) - h / 2)
            assert math.hypot(dx, dy) >= steer.SLIDE_GAP / 2 - 1e-9
