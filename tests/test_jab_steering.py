"""Steering JAB hands through the whole program (issue 18, point 1): synthetic keys and mouse
and a real SDL virtual gamepad drive the real table at 1280x720 (one design pixel per pixel).

Every check is on where the hands are and on the game state. R-JAB-5: every device moves a
hand at no more than the hand speed (the table width in ``hand_speed_ms``), a release places
the held card only over a target that takes it, and a card is never carried by anything else."""

import math

import pygame
import pytest

from tabletop.games.jab.rules.hands import RECTS, WIDTH, inside, min_travel_ms
from tabletop.games.jab.table import steer
from tests.test_jab_table import px, start
from tests.ui_helpers import VirtualPad, click, frames, key, key_down, key_up, make_app

UNIT = 80  # pixels per table unit at 1280x720
DT = 16  # ms per test frame


@pytest.fixture
def app():
    a = make_app()
    yield a
    pygame.quit()


def top_step(table) -> float:
    """The most a hand may move in one test frame, in table units (R-JAB-5)."""
    return WIDTH / table.cross * DT


def path(app, table, seat, h, n):
    """The hand's position after each of ``n`` frames."""
    out = [table.hands.at(seat, h)]
    for _ in range(n):
        frames(app)
        out.append(table.hands.at(seat, h))
    return out


def steps(points):
    return [math.dist(a, b) for a, b in zip(points, points[1:], strict=False)]


# -- keys and d-pad accelerate --------------------------------------------------------------


def test_a_key_tap_is_a_small_step_and_a_hold_reaches_the_hand_speed_R_JAB_5(app):
    table, session = start(app)
    x0, y0 = table.hands.at(0, 0)
    key(app, "d")  # one frame's tap on Red's left-hand "right" key
    frames(app, 10)
    x1, y1 = table.hands.at(0, 0)
    assert 0 < (x1 - x0) * UNIT < 12 and y1 == y0
    key_down(app, "d")  # a press of about a tenth of a second: still a small step
    frames(app, 5)
    key_up(app, "d")
    frames(app, 10)
    x2 = table.hands.at(0, 0)[0]
    assert 0 < (x2 - x1) * UNIT < 12
    key_down(app, "w")  # a hold: the hand speeds up to the hand speed and never beyond it
    moved = steps(path(app, table, 0, 0, 19))
    key_up(app, "w")
    assert all(s <= top_step(table) + 1e-9 for s in moved)
    assert moved[2] < top_step(table) / 4  # slow at first ...
    assert math.isclose(moved[-1], top_step(table), rel_tol=1e-9)  # ... full speed after 0.3 s


def test_a_tap_shorter_than_a_frame_still_steps(app):
    table, session = start(app)
    x0 = table.hands.at(0, 0)[0]
    code = pygame.key.key_code("d")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    frames(app, 5)
    assert 0 < (table.hands.at(0, 0)[0] - x0) * UNIT < 12


def test_a_dpad_tap_is_a_small_step_and_a_hold_reaches_the_hand_speed(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        table, session = start(app, red="gamepad", blue="keys-right")
        x0 = table.hands.at(0, 0)[0]
        pad.press(app, "dpright", n_frames=1)  # the d-pad steers the left hand
        frames(app, 10)
        x1 = table.hands.at(0, 0)[0]
        assert 0 < (x1 - x0) * UNIT < 12
        pad.button("dpup", True)
        moved = steps(path(app, table, 0, 0, 19))
        pad.button("dpup", False)
        frames(app, 2)
        assert all(s <= top_step(table) + 1e-9 for s in moved)
        assert math.isclose(moved[-1], top_step(table), rel_tol=1e-9)
        assert table.hands.at(0, 1) == RECTS["p0.deck.right"][:2]  # the right hand stayed
    finally:
        pad.unplug()
        frames(app, 2)


# -- sticks -----------------------------------------------------------------------------------


def test_sticks_have_a_dead_zone_and_a_response_curve(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        table, session = start(app, red="gamepad", blue="keys-right")
        rest = table.hands.at(0, 0)
        pad.axis("leftx", 0.15)  # a resting thumb: inside the dead zone
        frames(app, 10)
        assert table.hands.at(0, 0) == rest
        speeds = {}
        for push in (0.4, 0.6, 1.0):
            pad.axis("leftx", push)
            frames(app, 1)
            speeds[push] = steps(path(app, table, 0, 0, 3))[-1] / top_step(table)
            pad.axis("leftx", -push)  # and back, to stay clear of the edge
            frames(app, 4)
        pad.axis("leftx", 0)
        frames(app, 1)
        assert 0 < speeds[0.4] < 0.4 / 2  # a half push is much slower than half speed: fine control
        assert speeds[0.4] < speeds[0.6] < speeds[1.0]
        assert math.isclose(speeds[1.0], 1.0, rel_tol=1e-9)  # a full push is the hand speed
    finally:
        pad.unplug()
        frames(app, 2)


# -- the magnet -------------------------------------------------------------------------------


def _place_hand(table, seat, h, x, y):
    """Put a hand somewhere to start a check from (positions are the table's, not the rules')."""
    pos = list(table.hands.pos)
    pos[seat * 2 + h] = (x, y)
    table.hands = type(table.hands)(tuple(pos))


def test_a_resting_hand_close_to_a_target_is_drawn_onto_it_at_no_more_than_the_hand_speed(app):
    table, session = start(app)
    cx, cy, w, hgt = RECTS["p1.head"]
    _place_hand(table, 0, 0, cx, cy + hgt / 2 + 0.3)  # just below Blue's head, not on it
    assert not inside("p1.head", *table.hands.at(0, 0))
    moved = steps(path(app, table, 0, 0, 20))
    assert inside("p1.head", *table.hands.at(0, 0))
    assert math.dist(table.hands.at(0, 0), (cx, cy)) < 1e-6  # at its centre
    frames_moving = sum(s > 0 for s in moved)
    assert frames_moving > 1, "the magnet glides over several frames: it never jumps the hand there"
    assert max(moved) <= top_step(table) + 1e-9, "no frame's step is faster than the hand speed"


def test_a_hand_far_from_everything_stays_where_it_was_let_go(app):
    table, session = start(app)
    _place_hand(table, 0, 0, 8.0, 7.6)  # between Red's decks, below the boxer
    frames(app, 20)
    assert table.hands.at(0, 0) == (8.0, 7.6)


def test_a_release_near_a_target_sends_the_card_back_though_the_magnet_then_takes_the_hand_there_R_JAB_5(app):
    table, session = start(app)
    card = session.state.decks[0][-1]
    key(app, "left shift")  # Red takes with the left hand
    assert session.state.held[0][0] == card
    frames(app, 30)
    cx, cy, w, hgt = RECTS["p1.head"]
    _place_hand(table, 0, 0, cx, cy + hgt / 2 + 0.2)
    key(app, "left shift")  # let go: not over a target
    st = session.state
    assert st.held[0] is None and st.decks[0][-1] == card and not st.piles[4]
    frames(app, 20)
    assert inside("p1.head", *table.hands.at(0, 0)) and not session.state.piles[4]


# -- jump ----------------------------------------------------------------------------------------


def test_jump_goes_straight_to_the_next_target_that_way_at_the_hand_speed_and_travel_time_holds(app):
    table, session = start(app)
    card = session.state.decks[0][-1]
    key(app, "left shift")
    t_take = table.t
    key_down(app, "w")  # steer up ...
    key(app, "left ctrl")  # ... and jump (keys-left: left Ctrl)
    key_up(app, "w")
    goal = RECTS["p0.left"][:2]  # up from Red's left deck the nearest stop is Red's own left body
    assert table.jump_to[0] == goal
    moved = steps(path(app, table, 0, 0, 12))
    assert table.hands.at(0, 0) == goal
    going = [s for s in moved if s > 0]
    assert all(s <= top_step(table) + 1e-9 for s in going)
    assert all(math.isclose(s, top_step(table), rel_tol=1e-9) for s in going[:-1])  # at full speed
    # on to Blue's right body, straight up from there; let go on arrival: a punch
    key_down(app, "w")
    key(app, "left ctrl")
    key_up(app, "w")
    for _ in range(20):
        if table.hands.at(0, 0) == RECTS["p1.right"][:2]:
            break
        frames(app)
    key(app, "left shift")
    st = session.state
    assert st.piles[3 + 2][-1] == card
    placed_at = next(e["t"] for e in st.events if e["kind"] == "punch")
    assert placed_at - t_take >= min_travel_ms(0, 0, "p1.right", table.cross)


def test_jump_pressed_before_the_direction_goes_that_way(app):
    """Issue 30: Left Ctrl held first, then a direction, jumped only when the hand had last gone that way."""
    table, session = start(app)
    key(app, "left shift")  # take a card from the left deck
    key_down(app, "a")  # steer left a moment: the last way this hand went is left ...
    frames(app, 2)
    key_up(app, "a")
    table.jump_to[0] = None
    key_down(app, "left ctrl")  # ... then Jump held first ...
    x, y = table.hands.at(0, 0)
    key_down(app, "w")  # ... and up: the hand jumps up, not left
    key_up(app, "w")
    key_up(app, "left ctrl")
    up = steer.clamp_point(*RECTS[steer.jump_stop(0, 0, x, y, 0.0, -1.0)][:2])
    assert table.jump_to[0] == pytest.approx(up) and up[1] < y
    frames(app, 30)
    table.jump_to[0] = None
    key_down(app, "d")
    frames(app, 2)
    key_up(app, "d")
    key(app, "left ctrl")  # Jump tapped alone still sends the hand the way it went last
    assert table.jump_to[0] is not None and table.jump_to[0][0] > table.hands.at(0, 0)[0]


def test_jump_with_the_pad_stick_click(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        table, session = start(app, red="gamepad", blue="keys-right")
        pad.axis("righty", -1.0)  # the right stick up, and a click of it
        pad.press(app, "rightstick", n_frames=1)
        assert table.jump_to[1] == RECTS["p0.right"][:2]
        frames(app, 12)
        assert table.hands.at(0, 1) == RECTS["p0.right"][:2]
        frames(app, 12)  # issue 34: the stick still pushed when the jump lands does not carry the hand on
        assert table.hands.at(0, 1) == RECTS["p0.right"][:2]
        pad.axis("righty", 0)
        frames(app, 2)
    finally:
        pad.unplug()
        frames(app, 2)


def test_a_stick_jump_stops_where_the_stick_is_let_go(app):
    """Issue 34: the stick let go before the jump lands stops the hand there."""
    pad = VirtualPad()
    try:
        frames(app, 3)
        table, session = start(app, red="gamepad", blue="keys-right")
        pad.axis("righty", -1.0)
        pad.press(app, "rightstick", n_frames=1)
        assert table.jump_to[1] is not None
        pad.axis("righty", 0)  # let go at once
        frames(app, 1)
        assert table.jump_to[1] is None  # the jump is over where the stick was let go
    finally:
        pad.unplug()
        frames(app, 2)


# -- the mouse -------------------------------------------------------------------------------------


def motion(app, pos, n=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, n)


def test_the_pointer_drives_the_hand_pressed_last_or_the_one_the_player_chose(app):
    table, session = start(app, red="mouse")
    frames(app, 2)
    click(app, px("p0.deck.right"), button=3)  # the right hand takes ...
    frames(app, 30)
    assert session.state.held[1] is not None
    motion(app, (640, 620), 30)  # ... and the pointer now drives it
    assert math.dist(table.hands.at(0, 1), (8.0, 620 / UNIT)) < 1e-6
    left = table.hands.at(0, 0)
    assert inside("p0.deck.left", *left)
    click(app, px("combo"), button=2)  # the middle button: the pointer drives the left hand
    assert "left hand" in table.notes[0][0]
    motion(app, (560, 600), 30)
    assert math.dist(table.hands.at(0, 0), (7.0, 7.5)) < 1e-6
    click(app, (560, 600), button=3)  # a press of the right button does not take the pointer over
    frames(app, 30)
    motion(app, (600, 600), 30)
    assert math.dist(table.hands.at(0, 0), (7.5, 7.5)) < 1e-6
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))  # the wheel down: the right
    frames(app)
    assert "right hand" in table.notes[0][0]
    motion(app, (700, 600), 30)
    assert math.dist(table.hands.at(0, 1), (700 / UNIT, 7.5)) < 1e-6
    assert math.dist(table.hands.at(0, 0), (7.5, 7.5)) < 1e-6  # the left hand stays where the pointer left it


def test_a_ring_never_rests_on_the_wrong_deck(app):
    table, session = start(app, red="mouse")
    frames(app, 2)
    click(app, px("p0.deck.left"))  # the left hand takes: the pointer drives it
    frames(app, 30)
    motion(app, px("p0.deck.right"), 60)  # the pointer rests on the RIGHT deck
    assert not inside("p0.deck.right", *table.hands.at(0, 0))  # the L ring waits beside it
    assert math.dist(table.hands.at(0, 0), RECTS["p0.deck.right"][:2]) < 1.0
    for deck in ("p1.deck.left", "p1.deck.right", "p0.deck.right"):  # keys: let go over a wrong deck
        table2 = table
        _place_hand(table2, 0, 0, *RECTS[deck][:2])
        table.m_follow = [False, False]
        frames(app, 30)
        assert not inside(deck, *table.hands.at(0, 0)), deck


# -- the window ------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (1000, 700)])
def test_hands_never_leave_the_window(size):
    app = make_app(size)
    try:
        table, session = start(app)
        key_down(app, "up")  # Blue's right-hand keys hold up and right for two seconds
        key_down(app, "right")
        key_down(app, "a")  # Red's left hand: left and down
        key_down(app, "s")
        frames(app, 125)
        for k in ("up", "right", "a", "s"):
            key_up(app, k)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0)))
        frames(app, 2)
        vp = app.vp
        window = pygame.Rect((0, 0), size)
        ring = vp.s(42) // 2
        for p, h in ((1, 0), (0, 0)):
            x, y = table.hands.at(p, h)
            cx, cy = vp.p(x * UNIT, y * UNIT)
            assert window.contains(pygame.Rect(cx - ring, cy - ring, 2 * ring, 2 * ring)), (p, h, x, y)
        assert table.hands.at(1, 0) == (WIDTH - steer.MARGIN, steer.MARGIN)  # in the top right corner
    finally:
        pygame.quit()
