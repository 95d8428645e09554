"""Player 2 alone at a screen (online, or against the computer in the first seat) sees JAB's table
turned round, as player 1 sees it: their own boxer and decks at the bottom, their left deck by their
left hand, and "up" on their keys or pad pushes toward the other boxer (issue: in JAB online the
joiner's boxer sat at the top of their screen and they pushed "down" to punch)."""

import math

import pygame
import pytest

from tabletop.games.jab.rules.hands import RECTS
from tabletop.games.jab.table import steer
from tabletop.games.jab.table.layout import place_rect
from tests.test_jab_table import px, start
from tests.ui_helpers import frames, key_down, key_up, make_app


@pytest.fixture
def app():
    a = make_app()
    yield a
    pygame.quit()


def test_player_two_alone_sees_their_boxer_and_decks_at_the_bottom(app):
    table, session = start(app, red="computer", blue="keys-left", ready=False)
    assert table.flip and table.bottom(1) and not table.bottom(0)
    vp = app.vp
    for t in ("left", "head", "right", "deck.left", "deck.right", "bonus"):
        mine, theirs = place_rect(vp, f"p1.{t}", table.flip), place_rect(vp, f"p0.{t}", table.flip)
        assert mine == place_rect(vp, f"p0.{t}") and mine.centery > vp.size[1] / 2 > theirs.centery
    # the left deck as this person sits is the boxer's left deck, and is on the screen's left
    assert steer.sits_side(1, 0, table.flip) == 0
    assert place_rect(vp, "p1.deck.left", table.flip).centerx < vp.size[0] / 2
    assert steer.sits_words(1, "Take from your left deck", table.flip) == "Take from your left deck"
    # the shared places stay where everybody knows them
    assert place_rect(vp, "combo", table.flip) == place_rect(vp, "combo")


def test_up_pushes_player_two_toward_the_other_boxer_and_the_pointer_is_turned_too(app):
    table, session = start(app, red="computer", blue="keys-left")
    x0, y0 = table.hands.at(1, 0)
    other = RECTS["p0.head"][:2]
    key_down(app, "w")  # "up" on the person's left hand
    frames(app, 20)
    key_up(app, "w")
    x1, y1 = table.hands.at(1, 0)
    assert math.dist((x1, y1), other) < math.dist((x0, y0), other) - 0.5  # toward the other boxer
    # the pointer over the spot where this person's left deck is drawn means that deck
    ux, uy = table._units(px("p0.deck.left"))
    assert math.dist((ux, uy), RECTS["p1.deck.left"][:2]) < 0.05


def test_one_screen_for_two_and_player_one_alone_are_not_turned(app):
    table, _ = start(app, ready=False)
    assert not table.flip and table.bottom(0)
    app.pop(table)
    table, _ = start(app, blue="computer", ready=False)
    assert not table.flip and table.bottom(0)
