"""A window shrunk below the playable size shows "enlarge the window" and the
game waits; losing focus pauses (issue 10)."""

import pygame

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.ui_helpers import frames, make_app, top


def _computers_table(app, game_id="punch"):
    spec = registry.get(game_id)
    s = Session.new(spec, [Seat("Red", "computer", "easy"), Seat("Blue", "computer", "easy")], seed=9, autosave=False)
    table = spec.make_table(app, s)
    app.push(table)
    return table


def test_a_tiny_window_pauses_the_game_until_it_is_enlarged():
    app = make_app()
    table = _computers_table(app)
    frames(app, 200)
    moves = len(table.session.record.actions)
    assert moves > 0                       # the computers play while the window is big enough
    app.resize((320, 200))
    frames(app, 300)
    assert len(table.session.record.actions) == moves
    app.resize((1280, 720))
    frames(app, 300)
    assert len(table.session.record.actions) > moves
    pygame.quit()


def test_losing_focus_pauses_a_game_in_progress():
    app = make_app()
    table = _computers_table(app, "stabby-jack")
    frames(app, 5)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
    frames(app, 2)
    assert type(top(app)).__name__ == "PauseScene"
    moves = len(table.session.record.actions)
    frames(app, 200)
    assert len(table.session.record.actions) == moves
    pygame.quit()
