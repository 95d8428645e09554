"""Focus that stays where a player expects (issue 18, point 3), in every game, with keys and with a
real (virtual) SDL gamepad: walking every focusable thing, the focus is always drawn, never on a
hidden or covered thing, left / right never leave a group (a hand, a row of slots), and moving never
acts. Plus the two bugs players met: Punch!'s peek (the focus went to "Match history") and Stabby
Jack's Enter after a drag (it played Train with no focus shown)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tabletop.ui.focus import group_of
from tests.focus_helpers import SHARED_KEYS, check_drawn, key_presser, pad_presser, walk_everything
from tests.game_helpers import opponent
from tests.ui_helpers import VirtualPad, drag, frames, key, key_down, key_up, make_app


@pytest.fixture
def app():
    a = make_app()
    a.settings.animation_speed = 4.0
    yield a
    pygame.quit()


def start(app, game, seats, secrecy="curtain", seed=3, **options):
    app.settings.secrecy = secrecy
    spec = registry.get(game)
    session = Session.new(spec, seats, options, seed=seed, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 3)
    return table


def settle(app, table, seat, limit=1500):
    """Let animations and computers finish until ``seat`` must choose."""
    for _ in range(limit):
        if not table.busy() and seat in table.rules.to_act(table.session.state):
            break
        frames(app, 1, dt=50)
    frames(app, 2)


def everything(table, seat) -> set:
    return {h.payload for h in table.focusables(seat)}


# every game a person plays by choosing things on the table (real time moves hands instead)
@pytest.mark.needs("untimed")
@pytest.mark.parametrize("device", ["keys", "pad"])
def test_walking_every_focusable_thing_keeps_the_focus_drawn(app, game, device):
    options = {}
    pad = VirtualPad() if device == "pad" else None
    try:
        frames(app, 2)
        seats = [Seat("Red", "human", scheme="keyboard"), opponent(game, "Blue")]
        table = start(app, game.id, seats, **options)
        settle(app, table, 0)
        press = key_presser(app, SHARED_KEYS) if pad is None else pad_presser(app, pad)
        reached = walk_everything(app, table, 0, press)
        assert reached == everything(table, 0)
        assert len(reached) >= 3
    finally:
        if pad is not None:
            pad.unplug()


# the games where two people on one screen choose at once, in secret (each peeks at their own side)
@pytest.mark.needs("commits at once", "secrets")
def test_two_people_each_walk_their_own_side_while_peeking(app, game):
    """Two people on one screen, one on the left keyboard half and one with a pad: each walks all
    their own things while holding their peek control, and the other seat's focus never moves."""
    pad = VirtualPad()
    try:
        frames(app, 2)
        seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="gamepad")]
        table = start(app, game.id, seats, secrecy="peek")
        left = {"left": "a", "right": "d", "up": "w", "down": "s", "next": "e", "prev": "r", "confirm": "space"}
        key_down(app, "tab")
        reached = walk_everything(app, table, 0, key_presser(app, left))
        assert reached == everything(table, 0)
        assert any(isinstance(p, tuple) and p[0] in ("hand", "char") for p in reached)
        red_on = table.focused(0).payload
        key_up(app, "tab")
        pad.button("y", True)
        frames(app, 2)
        reached = walk_everything(app, table, 1, pad_presser(app, pad))
        assert reached == everything(table, 1)
        pad.button("y", False)
        frames(app, 2)
        key_down(app, "tab")
        assert table.focused(0).payload == red_on  # Blue's walk left Red's focus where it was
        key_up(app, "tab")
    finally:
        pad.unplug()


def test_punch_peek_keeps_and_shows_the_focus(app):
    """Letting go of the peek key hides the focus with the hand (it never jumps to "Match history"), Enter then
    does nothing, and peeking again shows the focus on the same card."""
    seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="keys-right")]
    table = start(app, "punch", seats, secrecy="peek", matches_to_win=1)
    key_down(app, "tab")
    key(app, "d")  # shows the focus on Red's first card, then moves along the hand
    key(app, "d")
    on = table.focused(0)
    assert on.payload[:2] == ("hand", 0)
    check_drawn(app, table, 0)
    key(app, "a")  # left along the hand ...
    key(app, "a")
    key(app, "a")  # ... and past its first card: the focus stays in the hand
    first = table.focused(0).payload
    assert first[:2] == ("hand", 0)
    key(app, "d")
    key(app, "d")
    assert table.focused(0).payload == on.payload
    key_up(app, "tab")
    assert table.focused(0) is None, "the focus stayed on something while the hand is hidden"
    log = table.session.state.log
    key(app, "space")
    assert table.session.state.log == log and not table.history_open
    assert table.message == "Hold Tab to see your cards."
    key_down(app, "tab")
    assert table.focused(0).payload == on.payload
    check_drawn(app, table, 0)
    key(app, "space")
    assert table.session.state.choice[0] is not None  # Enter on the shown focus plays that card
    key_up(app, "tab")


def test_stabby_jack_enter_after_a_drag_only_shows_the_focus(app):
    seats = [Seat("Red", "human"), Seat("Blue", "computer", level="easy")]
    table = start(app, "stabby-jack", seats)
    settle(app, table, 0)
    card = next(h for h in table.hots if h.kind == "card")
    drag(app, card.rect.center, (card.rect.centerx, 40))  # dropped on nothing: it goes back
    frames(app, 20)
    log, phase = table.session.state.log, table.session.state.phase
    assert not table.show_focus.get(0)
    key(app, "return")
    assert table.session.state.log == log and table.session.state.phase == phase
    check_drawn(app, table, 0)
    key(app, "return")  # now the focus is shown: Enter acts on it
    assert table.session.state.log != log or table.session.state.phase != phase


def test_jab_between_rounds_confirm_acts_on_the_ready_button_it_shows(app):
    """JAB's hands steer freely in play (no focus); its panels between rounds take confirm as Ready and
    left / right as the deck split: the focus is drawn on each keys / pad player's own Ready button
    (never on the other player's), moving the split keeps it there, and confirm readies."""
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="gamepad")]
        table = start(app, "jab", seats, countdown_ms=0)
        assert table.session.state.phase == "between"
        for seat in (0, 1):
            check_drawn(app, table, seat)
            assert table.focused(seat).seat == seat and str(table.focused(seat).payload).startswith("Ready")
        key(app, "d")  # Red's split moves; the focus stays on Ready
        check_drawn(app, table, 0)
        assert str(table.focused(0).payload).startswith("Ready")
        key(app, "space")
        assert table.session.state.ready[0] and not table.session.state.ready[1]
        pad.press(app, "a")
        frames(app, 3)
        assert table.session.state.phase == "playing"
        assert not any(table.show_focus.values())  # in play no focus ring on the claim buttons
    finally:
        pad.unplug()


def _confirm_on(app, table, press, payload) -> None:
    """Walk the focus onto ``payload`` (next-group presses, then directions) and confirm."""
    for _ in range(30):
        cur = table.focused(0)
        if cur is not None and cur.payload == payload:
            break
        target = next(h for h in table.focusables(0) if h.payload == payload)
        if cur is None or group_of(cur) != group_of(target):
            press("next")
        elif abs(target.rect.centery - cur.rect.centery) > target.rect.h // 2:
            press("down" if target.rect.centery > cur.rect.centery else "up")
        else:
            press("right" if target.rect.centerx > cur.rect.centerx else "left")
    assert table.focused(0).payload == payload
    press("confirm")


def _into_plan(app, table, press):  # Boxing: The Game: pick a character, then the plan (hand, slots, bids, lock)
    _confirm_on(app, table, press, next(h.payload for h in table.focusables(0) if h.payload[0] == "char"))
    settle(app, table, 0)
    assert table.session.state.phase == "plan"


def _into_train(app, table, press):  # Stabby Jack: declare Train, then the stats, the drawn card and the buttons
    _confirm_on(app, table, press, ("declare", "train"))
    settle(app, table, 0)


def _two_programmed(app, table, press):  # Punch! Robo-Box: two cards programmed (the hand, the picks, the buttons)
    for _ in range(2):
        _confirm_on(app, table, press, next(h.payload for h in table.focusables(0) if h.payload[0] == "hand"))


RICHER = {
    "boxing-the-game": ({}, _into_plan),
    "stabby-jack": ({}, _into_train),
    "punch": ({"matches_to_win": 1, "robo_box": True}, _two_programmed),
}


@pytest.mark.parametrize("device", ["keys", "pad"])
@pytest.mark.parametrize("game", sorted(RICHER))
def test_walking_a_busier_table_too(app, game, device):
    """The same walk on a table with more groups: Boxing: The Game's plan, Stabby Jack's training, Punch!'s
    Robo-Box programme half laid."""
    options, advance = RICHER[game]
    pad = VirtualPad() if device == "pad" else None
    try:
        frames(app, 2)
        seats = [Seat("Red", "human", scheme="keyboard"), Seat("Blue", "computer", level="easy")]
        table = start(app, game, seats, **options)
        settle(app, table, 0)
        press = key_presser(app, SHARED_KEYS) if pad is None else pad_presser(app, pad)
        if not table.show_focus.get(0):
            press("confirm")
        advance(app, table, press)
        reached = walk_everything(app, table, 0, press)
        assert reached == everything(table, 0)
        assert len(table.groups(0)) >= 2
    finally:
        if pad is not None:
            pad.unplug()
