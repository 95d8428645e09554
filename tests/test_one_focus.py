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


def _prompts_seen(app, spec, limit=400) -> int:
    """Play ``spec_id`` (a person's seat 0 moved by the game's own bot, against the computer) through the
    table, the keys last used; each time a prompt with a do-nothing choice comes up, the focus must be on
    that choice unless it rests on something still there. Returns how many prompts came."""
    seats = [Seat("Red", "human"), Seat("Blue", "computer", level=spec.bot_levels[0])]
    session = Session.new(spec, seats, seed=3, autosave=False)
    app.settings.computer_pace = "instant"
    app.settings.animation_speed = 4
    app.last_device = "keys"
    table = spec.make_table(app, session)
    app.push(table)
    me = spec.make_bot(seat=0, level=spec.bot_levels[0], seed=1)
    seen, was_safe, kept = 0, False, None
    for _ in range(limit):
        frames(app, 1, dt=50)
        safe = [h for h in table.focusables(0) if h.safe]
        if safe and not was_safe:
            cur = table.focused(0)
            assert cur is not None and (cur.safe or cur.payload == kept), (
                f"the prompt's focus is on {cur and cur.payload}, not on {safe[0].payload}"
            )
            seen += cur.safe
        was_safe = bool(safe)
        kept = table.focus_key.get(0)
        if session.outcome() is not None:
            break
        if 0 in spec.rules.to_act(session.state) and not table.busy() and not safe:
            table.submit(me.choose(session.view(0)))
        elif safe and not table.busy():
            table.focused(0).callback()  # the do-nothing choice
    return seen


@pytest.mark.needs("computer", "untimed")
def test_a_prompt_focuses_the_choice_that_changes_nothing(app, game):
    """Every game a person plays by turns against the computer: whenever a prompt with a choice that changes
    nothing comes up (Boxing: The Game's stance switch, The Square Ring's turn), the focus is on that
    choice (asserted in ``_prompts_seen`` at each prompt; a game without such prompts shows none)."""
    _prompts_seen(app, game)


def test_the_check_above_meets_a_do_nothing_prompt_in_some_game(app):
    """The check above is not empty: some game of the family shows a prompt with a choice that changes
    nothing within a game's worth of play (the games are tried in turn until one does)."""
    from tests.game_helpers import games

    assert any(_prompts_seen(app, spec) >= 1 for spec in games("computer", "untimed"))


def test_the_pause_menus_items_keep_their_places_as_a_take_back_comes_and_goes(app):
    from tabletop.ui.pause import PauseScene

    spec = registry.get("punch")
    seats = [Seat("Ana", "human"), Seat("Ben", "computer", level=spec.bot_levels[0])]
    table = spec.make_table(app, Session.new(spec, seats, seed=3, autosave=False))
    app.push(table)
    frames(app, 2)
    before = PauseScene(app, table).menu
    assert not table.undo_offered()  # nothing played yet
    bot = spec.make_bot(seat=0, level=spec.bot_levels[0], seed=1)
    for _ in range(40):
        if table.undo_offered():
            break
        if 0 in spec.rules.to_act(table.session.state):
            table.submit(bot.choose(table.session.view(0)))
        frames(app, 5, dt=50)
    assert table.undo_offered()
    after = PauseScene(app, table).menu
    assert [it.label for it in before.items] == [it.label for it in after.items]
    for menu in (before, after):  # Start, down three times: the same item whatever can be taken back
        for _ in range(3):
            menu.press("down")
    assert before.focus == after.focus
    grey = next(it for it in before.items if it.label.startswith("Take back"))
    assert not grey.enabled and grey.hint_text()  # greyed, saying why
