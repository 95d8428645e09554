"""Punch! table: whole matches played through the real scene with synthetic
mouse, keyboard and a real SDL virtual gamepad; secrecy on one screen
(R-PUN-9); every phase (redeal R-PUN-3, draft R-PUN-5, exchange R-PUN-7,
Robo-Box R-PUN-8, breaks R-PUN-4) playable."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.ui_helpers import VirtualPad, click, drag, frames, key, key_down, key_up, make_app, top

SPEED = 4.0


@pytest.fixture
def app():
    a = make_app()
    a.settings["animation_speed"] = SPEED
    yield a
    pygame.quit()


def start(app, seats, secrecy="curtain", seed=3, setup=None, **options):
    app.settings["secrecy"] = secrecy
    spec = registry.get("punch")
    opts = {"matches_to_win": 1}
    opts.update(options)
    session = Session.new(spec, seats, opts, seed=seed, setup=setup, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    return table


def settle(app, table, limit=400):
    """Let the reveal animation (and any computer) finish."""
    for _ in range(limit):
        st = table.session.state
        if not table.busy() and (table.session.outcome() is not None
                                 or any(st.waiting[s] for s in table.humans)):
            break
        frames(app, 1, dt=16)
    frames(app, 1)


def hot(table, payload):
    return next(h for h in table.hots if h.payload == payload)


def button(table, label_start, seat=None):
    return next(h for h in table.hots if h.kind == "button" and str(h.payload).startswith(label_start)
                and (seat is None or h.seat in (None, seat)))


def has_button(table, label_start):
    return any(h.kind == "button" and str(h.payload).startswith(label_start) for h in table.hots)


def hand_codes(table, seat):
    from tabletop.games.punch.resolve import CODES
    return [CODES[k] for k, n in enumerate(table.session.state.hands[seat]) if n]


HUMAN_BOT = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "computer", level="easy")]


# -- against the computer, with the mouse ------------------------------------------------

def test_mouse_plays_a_whole_match_against_the_computer(app):
    table = start(app, HUMAN_BOT, secrecy="curtain")
    assert table.secrecy.mode == "open"      # against the computer the hand is simply shown
    st = table.session.state
    clicks = drags = 0
    while table.session.outcome() is None:
        settle(app, table)
        st = table.session.state
        if st.phase == "game_over":
            break
        if st.phase in ("break", "match_over"):
            click(app, button(table, "Red: ready").rect.center)
            continue
        if st.phase == "redeal":
            click(app, button(table, "Keep this hand").rect.center)
            continue
        assert st.phase == "choose" and st.waiting[0]
        code = hand_codes(table, 0)[0]
        before = sum(st.played[0]) + sum(st.hands[0])
        if (clicks + drags) % 2:
            drag(app, hot(table, ("hand", 0, code)).rect.center, next(
                h for h in table.hots if h.payload == ("slot", 0)).rect.center)
            drags += 1
        else:
            click(app, hot(table, ("hand", 0, code)).rect.center)
            clicks += 1
        now = table.session.state
        assert now is not st, "the card was not laid"
        assert sum(now.hands[0]) == sum(st.hands[0]) - 1 or now.phase != st.phase or now.match != st.match
        assert before
    settle(app, table)
    frames(app, 2)
    assert table.session.state.phase == "game_over"
    assert clicks > 5 and drags > 5, (clicks, drags)
    assert len(table.session.state.history) == 1
    # the result panel names the winner
    head, why = table.result_text()
    assert "wins the game" in head
