"""Every table has a pause button in its top right corner: it shows the pause sign (two bars)
at any window size, and a click on it pauses the game."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.ui_helpers import click, frames, make_app, top


def bars(screen, rect) -> int:
    """How many separate white bars cross the middle row of ``rect``."""
    y = rect.centery
    runs, inside = 0, False
    for x in range(rect.left, rect.right):
        white = min(screen.get_at((x, y))[:3]) > 230
        runs += white and not inside
        inside = white
    return runs


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 450)])
def test_the_pause_button_shows_two_bars_and_a_click_pauses(size):
    app = make_app(size=size)
    spec = registry.get("boxing-the-game")
    session = Session.new(
        spec, [Seat("Red", "human", scheme="mouse"), Seat("Blue", "computer", level="easy")], seed=2, autosave=False
    )
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    assert bars(app.screen, table.pause_rect) == 2
    click(app, table.pause_rect.center)
    assert type(top(app)).__name__ == "PauseScene"
    pygame.quit()
