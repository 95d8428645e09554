"""A press belongs to the screen it went down on (issue 34): a key, button or click that closes one
screen never acts on the next; a result or "Well done" lets the habitual press go, then waits for a
fresh one, and never moves on by itself; Rematch is never where the focus starts."""

from __future__ import annotations

import pygame
import pytest

from tabletop.session import Seat, Session
from tabletop.tutorial import open_tutorial
from tabletop.ui.scene import GUARD_MS, Scene
from tests.game_helpers import games
from tests.ui_helpers import frames, key, key_down, key_up, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


class Screen(Scene):
    """A screen that notes the keys it is given, and (``then``) leaves for another on Enter."""

    def __init__(self, app, then=None):
        super().__init__(app)
        self.then, self.got = then, []

    def handle(self, event, pad_changes):
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            self.got.append((pygame.key.name(event.key), event.type == pygame.KEYDOWN))
            if self.then is not None and event.type == pygame.KEYDOWN:
                self.app.replace(self.then)


def test_the_release_of_a_press_that_closed_a_screen_does_not_reach_the_next(app):
    second = Screen(app)
    first = Screen(app, then=second)
    app.push(first)
    key_down(app, "return")
    assert top(app) is second
    key_down(app, "space")  # held while the new screen shows: its own
    key_up(app, "return")  # went down on the first screen
    key_up(app, "space")
    assert second.got == [("space", True), ("space", False)]


def test_a_key_held_when_a_screen_is_covered_does_not_reach_it_when_it_shows_again(app):
    under = Screen(app)
    app.push(under)
    key_down(app, "a")
    over = Screen(app)
    app.push(over)
    app.pop(over)
    key_up(app, "a")  # its press went down on this screen, but before the one over it came and went
    key(app, "b")
    assert under.got == [("a", True), ("b", True), ("b", False)]


def _finished(spec) -> Session:
    """A game of ``spec`` between a person and the computer, played to its end by the game's own bots."""
    seats = [Seat("Red", "human"), Seat("Blue", "computer", level=spec.bot_levels[0])]
    session = Session.new(spec, seats, seed=11, autosave=False)
    me = spec.make_bot(seat=0, level=spec.bot_levels[0], seed=5)
    for _ in range(5000):
        if session.outcome() is not None:
            break
        seat = spec.rules.to_act(session.state)[0]
        bot = me if seat == 0 else session.bots[seat]
        session.submit(bot.choose(session.view(seat)))
    assert session.outcome() is not None
    return session


@pytest.mark.needs("untimed", "computer")
def test_repeated_confirm_at_a_result_never_starts_a_rematch(app, game):
    table = game.make_table(app, _finished(game))
    app.push(table)
    for _ in range(60):  # Enter every 80 ms for five seconds, as a player hammering on would
        key(app, "return", n_frames=2)
        frames(app, 3)
        assert top(app) is table, "a new game started"
    menu = table.result_menu
    assert menu is not None and menu.items[menu.focus].label != "Rematch"


@pytest.mark.parametrize("spec", games("untimed", "computer")[:1], ids=lambda s: s.id)
def test_the_result_lets_the_first_press_go_then_takes_a_fresh_one(app, spec):
    table = spec.make_table(app, _finished(spec))
    app.push(table)
    frames(app, 2)
    assert table.showing_result()
    key(app, "return")  # within the guard: let go
    assert table.showing_result()
    frames(app, int(GUARD_MS // 16) + 1)
    key(app, "return")  # the focus starts on "Look at the table"
    assert not table.showing_result()
    key(app, "backspace")  # back: the result again
    assert table.showing_result() and top(app) is table


def _won_lesson(app):
    from tabletop.games.punch.rules.actions import Commit

    open_tutorial(app, "punch")
    top(app).play(0)
    frames(app, 2)
    table = top(app)
    table.submit(Commit(0, "p3"))  # lesson 1: punch with the 3
    for _ in range(400):
        if table.tutor.won_ms is not None:
            break
        frames(app, 1, dt=50)
    assert table.tutor.won_ms is not None
    return table


def test_well_done_never_moves_on_by_itself(app):
    table = _won_lesson(app)
    frames(app, 300, dt=50)  # fifteen seconds
    assert top(app) is table


def test_well_done_waits_for_a_fresh_press_that_acts_on_nothing_else(app):
    table = _won_lesson(app)
    key_down(app, "return")  # pressed as "Well done" showed: let go
    frames(app, int(GUARD_MS // 16) + 2)
    key_up(app, "return")
    assert top(app) is table
    key_down(app, "return")
    after = top(app)
    assert after is not table and after.tutor.index == 1
    played = len(after.session.record.actions)
    key_up(app, "return")
    frames(app, 30)
    assert after.tutor.coach_ms == 0 and after.tutor.refused == 0  # no red "Not quite:"
    assert len(after.session.record.actions) == played and not after.tutor.reached
