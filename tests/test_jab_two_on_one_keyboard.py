"""Two people on one keyboard at the JAB table (issue 18, point 2), driven with synthetic keys at
1280x720. Both sit in front of the screen, Red's boxer at the bottom and Blue's at the top, so each
person's left-hand keys move the hand on the screen's left: for Blue that is their boxer's right
hand, and it takes from the deck on the screen's left (their boxer's right deck; R-JAB-5 holds:
a hand takes only from the deck on its side). Refusal marks are drawn per hand, in that player's
colour, on the target under that hand only."""

import pygame
import pytest

from tabletop.games.jab.rules.hands import RECTS, inside
from tabletop.games.jab.table.layout import colour_of, place_rect
from tests.jab_helpers import decks
from tests.test_jab_table import start
from tests.ui_helpers import frames, key, key_down, key_up, make_app


@pytest.fixture
def app():
    a = make_app()
    yield a
    pygame.quit()


def hold(app, keys, n):
    for k in keys:
        key_down(app, k)
    frames(app, n)
    for k in keys:
        key_up(app, k)


def test_each_persons_left_hand_keys_move_the_hand_on_their_left(app):
    table, session = start(app)  # Red: left half of the keyboard; Blue: right half
    before = list(table.hands.pos)
    hold(app, ["k"], 6)  # Blue's left-hand "left" key (O K L ; cluster)
    after = list(table.hands.pos)
    screen_left_blue = 3  # Blue's boxer's right hand, drawn on the left of the screen
    assert RECTS["p1.deck.right"][0] < 8 < RECTS["p1.deck.left"][0]
    assert after[screen_left_blue][0] < before[screen_left_blue][0]
    assert after[:3] == before[:3]
    hold(app, ["up"], 6)  # Blue's right-hand keys (the arrows): the hand on the screen's right
    again = list(table.hands.pos)
    assert again[2][1] < after[2][1] and again[3] == after[3] and again[:2] == after[:2]
    hold(app, ["a"], 6)  # Red's left-hand keys: the hand on the screen's left, Red's left hand
    last = list(table.hands.pos)
    assert last[0][0] < again[0][0] and last[1:] == again[1:]


def test_blues_left_hand_take_key_takes_from_the_deck_on_the_screens_left_R_JAB_5(app):
    table, session = start(app)
    card = session.state.decks[3][-1]  # Blue's right deck: the one on the screen's left
    key(app, "'")  # Blue's left-hand take key
    st = session.state
    assert st.held[3] is not None and st.held[3][0] == card and st.held[2] is None
    key(app, "right shift")  # Blue's right-hand take key: the deck on the screen's right
    assert session.state.held[2] is not None


def test_notes_for_the_top_seat_name_hands_and_decks_as_that_person_sits(app):
    table, session = start(app)
    pos = list(table.hands.pos)
    pos[3] = RECTS["p1.deck.left"][:2]  # Blue's screen-left hand over the deck on the screen's right
    table.hands = type(table.hands)(tuple(pos))
    table.take_or_release(1, 1)
    assert table.notes[1][0] == "Your left hand takes only from your left deck: use your right hand for that one."


# -- refusal marks ----------------------------------------------------------------------------------


def badge_pixels(app, target, seat):
    """How many pixels of ``seat``'s colour are in the refusal badge spot of ``target`` for ``seat``
    (Red's badge sits in the top right corner of the outline, Blue's in the top left)."""
    r = place_rect(app.vp, target).inflate(10, 10)
    cx = r.right - 16 if seat == 0 else r.left + 16
    spot = pygame.Rect(cx - 14, r.top + 2, 28, 28)
    col = pygame.Color(*colour_of(seat))
    n = 0
    for x in range(spot.left, spot.right):
        for y in range(spot.top, spot.bottom):
            if app.screen.get_at((x, y))[:3] == col[:3]:
                n += 1
    return n


def put(table, seat, h, target):
    pos = list(table.hands.pos)
    pos[seat * 2 + h] = RECTS[target][:2]
    table.hands = type(table.hands)(tuple(pos))


def test_refusal_marks_are_per_hand_in_the_players_colour_on_the_target_under_that_hand_only(app):
    # Blue punches Red's left body with a blue Jab; Red then holds a red Cross (no match: no block there)
    setup = {"decks": decks(p0_left=["red cross"], p1_left=["blue jab"], p1_right=["green hook"])}
    table, session = start(app, setup=setup)
    key(app, "right shift")  # Blue's screen-right hand = their boxer's left hand: takes the blue Jab
    frames(app, 30)
    put(table, 1, 0, "p0.left")
    key(app, "right shift")
    assert session.state.piles[0][-1] >= 0 and len(session.state.piles[0]) == 1
    key(app, "left shift")  # Red takes the red Cross
    key(app, "'")  # Blue takes the green Hook with the screen-left hand
    st = session.state
    assert st.held[0] is not None and st.held[3] is not None
    frames(app, 30)
    put(table, 0, 0, "p0.left")  # Red over their own left body: a block that does not match
    put(table, 1, 1, "p0.head")  # Blue over Red's head: a punch, always fine
    table.m_follow = [False, False]
    table.pull_to = [None] * 4
    app.draw()
    assert inside("p0.left", *table.hands.at(0, 0)) and inside("p0.head", *table.hands.at(1, 1))
    assert badge_pixels(app, "p0.left", 0) > 20  # Red's cross, in Red's colour, where Red's hand is
    everywhere = [(t, s) for t in ("p0.left", "p0.head", "p0.right", "p1.left", "p1.head", "p1.right") for s in (0, 1)]
    for t, s in everywhere:
        if (t, s) != ("p0.left", 0):
            assert badge_pixels(app, t, s) == 0, (t, s)  # no cross anywhere else, for anyone
    # Blue over Blue's own empty head (a block on nothing): Blue's cross, in Blue's colour, there only
    put(table, 1, 1, "p1.head")
    app.draw()
    assert badge_pixels(app, "p1.head", 1) > 20 and badge_pixels(app, "p1.head", 0) == 0
    assert badge_pixels(app, "p0.left", 0) > 20 and badge_pixels(app, "p0.head", 1) == 0
