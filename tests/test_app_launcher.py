"""The launcher and menus work with the mouse alone, the keyboard alone, or a
gamepad alone, and reach a game's setup (issue 2)."""

import pygame
import pytest

from tests.game_helpers import games
from tests.ui_helpers import VirtualPad, click, frames, key, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 2)
    yield a
    pygame.quit()


def _game_item(app, game_id):
    from tabletop.core import registry

    spec = registry.get(game_id)
    menu = top(app).menu
    return next(i for i, it in enumerate(menu.items) if it.label == spec.name), spec


def test_mouse_alone_reaches_setup(app):
    i, spec = _game_item(app, "punch")
    rect = top(app).menu.items[i].rect
    click(app, rect.center)
    assert type(top(app)).__name__ == "Setup" and top(app).spec is spec


def test_keyboard_alone_reaches_setup(app):
    i, spec = _game_item(app, "stabby-jack")
    key(app, "right")
    key(app, "right")  # Stabby Jack is the third tile of the first row
    assert top(app).menu.focus == i
    key(app, "return")
    assert type(top(app)).__name__ == "Setup" and top(app).spec is spec
    key(app, "escape")
    assert type(top(app)).__name__ == "Launcher"


def test_gamepad_alone_reaches_setup_through_a_real_virtual_controller(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        assert pad.instance_id in app.pads.pads
        i, spec = _game_item(app, "stabby-jack")
        pad.press(app, "dpright")
        pad.press(app, "dpright")
        assert top(app).menu.focus == i
        pad.press(app, "a")
        assert type(top(app)).__name__ == "Setup" and top(app).spec is spec
        pad.press(app, "b")
        assert type(top(app)).__name__ == "Launcher"
    finally:
        pad.unplug()
        frames(app, 2)
    assert pad.instance_id not in app.pads.pads


def test_setup_refuses_two_people_on_the_same_keys(app):
    from tabletop.core import registry
    from tabletop.ui.setup import Setup

    setup = Setup(app, registry.get("punch"))
    app.push(setup)
    setup.seat_kind[:2] = ["human", "human"]
    setup.schemes[:2] = ["keys-left", "keyboard"]
    setup.build()
    assert "both use" in setup.conflict()
    setup.schemes[1] = "keys-right"
    assert setup.conflict() == ""


def test_window_too_small_shows_enlarge_view_and_stops_time(app):
    app.resize((300, 200))
    assert app.vp.too_small
    frames(app, 2)  # drawing the enlarge view must not fail
    app.resize((1280, 720))
    assert not app.vp.too_small


def test_setup_offers_the_easiest_computer_first_and_maps_remembered_old_names(app):
    """The default opponent is the easiest level, named for people; a setting saved with an old
    level name ("strong") comes back as today's level."""
    from tabletop.core import registry
    from tabletop.ui.setup import Setup

    for spec in games("computer"):
        app.settings.last_setup = {}
        setup = Setup(app, spec)
        assert setup.seat_kind[1] == f"computer:{spec.bot_levels[0]}" == "computer:Beginner"
    spec = registry.get("punch")
    app.settings.last_setup = {"punch": {"seats": ["human", "computer:strong"]}}
    assert Setup(app, spec).seat_kind[1] == "computer:Contender"
