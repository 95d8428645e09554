"""The tables of the games whose players choose in secret at the same time (one base,
tabletop.ui.secret_table): what they say about peeking follows the Controls screen."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.input import rebind
from tabletop.session import Seat, Session
from tests.ui_helpers import frames, key_down, key_up, make_app
from tests.words_check import collect


@pytest.fixture
def app():
    a = make_app()
    yield a
    pygame.quit()


def start_peeking(app, game_id: str):
    app.settings.secrecy = "peek"
    spec = registry.get(game_id)
    seats = [Seat("Red", scheme="keys-left"), Seat("Blue", scheme="keys-right")]
    assert spec.make_table is not None  # a game played at a table
    table = spec.make_table(app, Session.new(spec, seats, {}, seed=5, autosave=False))
    app.push(table)
    frames(app, 2)
    return table


def texts_shown(app, table) -> list[str]:
    with collect() as seen:
        table.invalidate()  # drawn in full, not a kept picture
        table.draw(app.screen, app.vp)
    return list(seen)


@pytest.mark.needs("commits at once", "secrets")
def test_the_table_names_the_peek_key_the_player_chose(app, game):
    """The right keyboard's peek moved to Right Shift on the Controls screen: the table says so (it said
    "Right Ctrl", the default, whatever the binding), and holding Right Shift shows Blue's cards."""
    rebind.rebind(app.settings.bindings, "keys-right", "peek", "right shift")
    table = start_peeking(app, game.id)
    shown = texts_shown(app, table)
    assert any("Right Shift" in t for t in shown), shown
    assert not any("Right Ctrl" in t for t in shown), [t for t in shown if "Right Ctrl" in t]
    assert any("Tab" in t for t in shown)  # the left keyboard's peek is still Tab
    assert not table.secrecy.visible(1)
    key_down(app, "right shift")
    assert table.secrecy.visible(1)
    key_up(app, "right shift")
    assert not table.secrecy.visible(1)
