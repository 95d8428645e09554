"""Words a player reads (issue 17): default names are never a card colour, a player types their own
name on the setup screen and the table calls them by it, a result is said from the player's side."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.ui import gfx
from tabletop.ui.name_entry import CARD_COLOURS, NameEntry
from tabletop.ui.setup import Setup
from tests.ui_helpers import frames, key, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def test_default_names_are_no_card_colour_of_any_game():
    colours = set(CARD_COLOURS)
    colours |= {c.lower() for c in registry.get("jab").extra.get("colours", ())}
    assert not {n.lower() for n in gfx.PLAYER_NAMES} & colours
    assert len(set(gfx.PLAYER_NAMES)) == 6 >= max(s.max_players for s in registry.load_all().values())


def type_text(app, text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 1)


def test_a_player_types_their_name_and_the_game_uses_it(app):
    setup = Setup(app, registry.get("punch"))
    app.push(setup)
    frames(app, 1)
    row = next(i for i, it in enumerate(setup.menu.items) if it.key == "name0")
    setup.menu.focus = row
    key(app, "return")
    entry = top(app)
    assert isinstance(entry, NameEntry)
    for _ in range(10):
        key(app, "backspace")
    type_text(app, "Blue")
    key(app, "return")  # a card colour is refused with a reason, the box stays
    assert top(app) is entry and "card colour" in entry.error
    for _ in range(4):
        key(app, "backspace")
    type_text(app, "Zoë")
    key(app, "return")
    assert top(app) is setup and setup.names[0] == "Zoë"
    assert any(it.label.startswith("Zoë") for it in setup.menu.items)
    setup.start()
    frames(app, 2)
    table = top(app)
    assert table.session.seats[0].name == "Zoë"
    assert app.settings["last_setup"]["punch"]["names"][0] == "Zoë"  # remembered for next time


def test_result_is_said_from_the_players_side(app):
    from tabletop.bench import finished_session

    spec = registry.get("punch")
    for people in (1, 2):
        session = finished_session(spec, 3, people)
        table = spec.make_table(app, session)
        app.push(table)
        frames(app, 200)
        winner = session.outcome().winner
        head = table.headline()
        how = f"{session.state.wins[winner]} matches to {session.state.wins[1 - winner]}"  # and how it was won
        if people == 1:
            assert head.startswith(
                f"You win {how}" if winner == 0 else f"You lose: {session.seats[winner].name} wins {how}"
            )
        else:
            assert head.startswith(f"{session.seats[winner].name} wins {how}") and "You" not in head
        labels = [it.label for it in table.result_menu.items]
        assert labels[:2] == ["Rematch", "Watch the replay"] and "Back to the menu" in labels
        table.result_menu.items[1].action()
        frames(app, 30)
        from tabletop.ui.replay import ReplayScene

        assert isinstance(top(app), ReplayScene) and top(app).source is session.record
        app.pop()
        app.pop()
