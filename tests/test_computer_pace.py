"""Computer turns at a human pace (issue 16): the "Computer turns" setting
(slow / normal / fast / instant) decides how long a computer's move and its
result stay on the table, and the log names the computer. In Stabby Jack your
own result stays until you have had time to read it, or until you press on,
and a card an Ace swap took from you stays marked until you act."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.games.stabby_jack.rules.state import DECLARE
from tabletop.games.stabby_jack.rules.text import render
from tabletop.session import Seat, Session
from tabletop.ui import pace
from tests.ui_helpers import frames, key, make_app


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def table(app, game, seats, pace_name="normal", setup=None, seed=11, options=None):
    app.settings.computer_pace = pace_name
    spec = registry.get(game)
    session = Session.new(spec, seats, options or {}, seed=seed, setup=setup, autosave=False)
    t = spec.make_table(app, session)
    app.push(t)
    frames(app, 2)
    return t


def run_until(app, cond, limit_ms=20_000, dt=10):
    for _ in range(limit_ms // dt):
        if cond():
            return
        frames(app, 1, dt=dt)
    raise AssertionError("the table never got there")


SJ = [["9S", "5H", "3D", "4C"], ["6S", "8H", "7D", "2C"], ["5S", "6H", "4D", "3C"]]


def sj_log(t) -> str:
    return render(t.session.state.log[-1], t.names)


@pytest.mark.parametrize("pace_name", ["slow", "normal", "fast"])
def test_stabby_jack_computer_turn_stays_for_its_pace_and_the_log_names_it(app, pace_name):
    seats = [Seat("Red", "human"), Seat("Blue", "human"), Seat("Gold", "computer", level="Hero")]
    t = table(app, "stabby-jack", seats, pace_name, {"stats": SJ, "draw": ["8S", "9C", "10D", "4H"], "first": 2})
    run_until(app, lambda: t.session.state.turn != 2)
    show = pace.SHOW_MS * pace.PACES[pace_name]
    frames(app, int(show - 100) // 10, dt=10)
    assert t.busy() and t.recent["seat"] == 2  # Gold's result is still what the table shows
    assert "Gold" in sj_log(t)
    assert not t.can_act()  # Red waits while Gold's move is shown
    frames(app, 30, dt=10)
    assert not t.busy() and t.can_act()


def test_stabby_jack_instant_pace_makes_no_pauses(app):
    seats = [Seat("Red", "human"), Seat("Blue", "human"), Seat("Gold", "computer", level="Hero")]
    t = table(app, "stabby-jack", seats, "instant", {"stats": SJ, "draw": ["8S", "9C", "10D", "4H"], "first": 2})
    frames(app, 70, dt=10)  # only the drawn card's slide (an animation, not a pause) takes time
    assert t.session.state.turn == 0 and t.can_act()


def test_stabby_jack_each_computer_in_a_row_is_shown_and_your_result_waits_for_you(app):
    seats = [Seat("Red", "human"), Seat("Blue", "computer", level="Hero"), Seat("Gold", "computer", level="Hero")]
    t = table(app, "stabby-jack", seats, "normal", {"stats": SJ, "draw": ["7S", "8S", "9C", "10D", "4H", "5C"]})
    t.declare("fight")  # Red beats the 7 of spades
    assert t.session.state.turn == 1
    frames(app, int(pace.READ_MS - 100) // 10, dt=10)
    assert t.session.state.turn == 1 and t.recent["seat"] == 0  # Red's own result is still up
    key(app, "space")  # pressing on: Blue may go
    seen = [0]
    for _ in range(2000):
        frames(app, 1, dt=10)
        if t.recent and t.recent["seat"] not in seen:
            seen.append(t.recent["seat"])
            assert t.busy()  # each computer's move is held on screen
        if t.session.state.turn == 0 and not t.busy():
            break
    assert seen[-2:] == [1, 2]  # Blue's turn was shown, then Gold's, not just the last


def test_stabby_jack_a_card_a_computer_took_is_marked_until_you_act(app):
    seats = [Seat("Red", "human"), Seat("Blue", "computer", level="Hero")]
    stats = [["9S", "5H", "3D", "4C"], ["6S", "8H", "7D", "3C"]]
    t = table(app, "stabby-jack", seats, "normal", {"stats": stats, "draw": ["AS", "7S", "2D"], "first": 1})
    run_until(app, lambda: t.session.state.turn == 0 and not t.busy())
    assert t.session.state.phase == DECLARE
    taken = t.taken.get(0)
    if not taken:  # Blue rested or drew no Ace: the scenario is not what this test is about
        pytest.fail(f"Blue did not swap with an Ace: {t.session.state.log[-3:]}")
    assert "Blue" in " ".join(render(e, t.names) for e in t.session.state.log[-3:])
    t.declare("rest")
    assert 0 not in t.taken


def first_legal(t, seat):
    return t.rules.legal_actions(t.session.state, seat)[0]


@pytest.mark.parametrize("pace_name", ["slow", "normal", "fast"])
def test_punch_reveal_stays_for_its_pace_and_names_the_computer(app, pace_name):
    from tabletop.games.punch.table.layout import FLIP_MS, HOLD_MS

    seats = [Seat("Red", "human", scheme="keyboard"), Seat("Blue", "computer", level="Contender")]
    t = table(app, "punch", seats, pace_name)
    while t.anim is None:  # Red plays whatever is first; Blue answers after its pause
        if 0 in t.rules.to_act(t.session.state):
            t.submit(first_legal(t, 0))
        frames(app, 1, dt=10)
    shown = FLIP_MS / t.anim_factor() + HOLD_MS * pace.PACES[pace_name]
    frames(app, int(shown - 60) // 10, dt=10)
    assert t.anim is not None and t.busy()  # the outcome of the exchange is still in the middle
    assert "Blue" in " ".join(t.caption)  # and the log says what Blue did
    frames(app, 12, dt=10)
    assert t.anim is None or t.anim["ev"] is not t.batch[0]


@pytest.mark.parametrize("pace_name", ["normal", "fast"])
def test_boxing_event_stays_for_its_pace_and_names_the_computer(app, pace_name):
    from tabletop.games.boxing_the_game import table as bt

    seats = [Seat("Red", "human", scheme="keyboard"), Seat("Blue", "computer", level="Contender")]
    t = table(app, "boxing-the-game", seats, pace_name)
    while not (t.anim is not None and t.anim["e"]["type"] == "event"):
        if 0 in t.rules.to_act(t.session.state):
            t.submit(first_legal(t, 0))
        frames(app, 1, dt=10)
    e = t.anim["e"]
    hold = bt.KD_HOLD_MS if any(e["knockdown"]) else bt.HOLD_MS
    shown = bt.FLIP_MS / t.anim_factor() + hold * pace.PACES[pace_name]
    frames(app, int(shown - 60) // 10, dt=10)
    assert t.anim is not None and t.anim["e"] is e  # the event's outcome is still on the table
    assert "Blue" in " ".join(t.caption)


@pytest.mark.parametrize("pace_name", ["slow", "fast"])
def test_square_ring_computer_waits_for_its_pace_and_the_exchange_names_it(app, pace_name):
    seats = [Seat("Red", "human", scheme="keyboard"), Seat("Blue", "computer", level="Champion")]
    t = table(app, "square-ring", seats, pace_name)
    think = pace.THINK_MS * pace.PACES[pace_name]
    waits = []
    while t.anim is None:
        if 0 in t.rules.to_act(t.session.state):
            t.submit(first_legal(t, 0))
        waited = 0
        while 1 in t.rules.to_act(t.session.state) and 0 not in t.rules.to_act(t.session.state):
            frames(app, 1, dt=10)
            waited += 10
        waits.append(waited)
        frames(app, 1, dt=10)
    assert max(waits) >= think - 20  # Blue took the pace's pause before answering
    run_until(app, lambda: t.anim is None)
    from tabletop.games.square_ring.rules.content import BOXERS

    blue = BOXERS[t.session.state.boxers[1]].name  # in the ring each player is named by their boxer
    assert blue in " ".join(t.caption)  # the exchange stays written up, naming the computer's boxer
