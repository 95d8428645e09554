"""One focus (issue 34): the ring drawn is what the next confirm acts on, it stays on its choice
while another seat moves, and no press is spent only showing it."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.games.stabby_jack.rules.state import DECLARE
from tabletop.session import Seat, Session
from tests.ui_helpers import frames, key, make_app

THREE = [["9S", "5H", "3D", "4C"], ["6S", "8H", "7D", "2C"], ["5S", "6H", "4D", "3C"]]


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def _stabby_jack(app, kinds, setup):
    spec = registry.get("stabby-jack")
    names = ["Red", "Blue", "Gold"]
    seats = [Seat(names[i], k, level="easy" if k == "computer" else "") for i, k in enumerate(kinds)]
    table = spec.make_table(app, Session.new(spec, seats, {}, seed=11, setup=setup, autosave=False))
    app.push(table)
    frames(app, 2)
    return table


def _my_turn_again(app, t, seat=0):
    for _ in range(600):
        frames(app, 1, dt=20)
        s = t.session.state
        if s.turn == seat and s.phase == DECLARE and not t.busy():
            return
    raise AssertionError("the turn did not come back")


def test_stabby_jack_after_the_computers_turn_enter_plays_the_choice_the_ring_is_on(app):
    t = _stabby_jack(app, ("human", "computer"), {"stats": THREE[:2], "draw": ["7S", "8D", "9C", "10H", "2S"]})
    key(app, "right")  # Train -> Fight
    assert t.focused(0).payload == ("declare", "fight")
    key(app, "return")  # Red fights the 7
    assert t.session.state.turn == 1
    _my_turn_again(app, t)
    frames(app, 1)
    shown = getattr(t, "drawn_focus", {}).get(0)
    before = len(t.session.record.actions)
    key(app, "return")  # one press, and it plays what the ring shows
    actions = t.session.record.actions
    assert len(actions) == before + 1 and "fight" in str(actions[-1]).lower(), actions[before:]
    assert shown == ("declare", "fight"), "the ring was not drawn on the choice still there"
