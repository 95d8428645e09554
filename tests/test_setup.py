"""Setup screens for people (issue 15): players first with a person against the
easiest computer level, Learn/How to play before the settings, tournament and
referee settings under More options, no rule ids, ‹ goes back and › on with
every device, and a boxer choice says what it means."""

import re

import pygame
import pytest

from tabletop.core import registry
from tabletop.tutorial import has_tutorial
from tabletop.ui import gfx
from tabletop.ui.setup import MoreOptions, Setup, level_name
from tests.game_helpers import games
from tests.ui_helpers import VirtualPad, click, frames, key, make_app, top

RULE_ID = re.compile(r"\bR-[A-Z]+-\d+")


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def open_setup(app, game_id) -> Setup:
    s = Setup(app, registry.get(game_id))
    app.push(s)
    frames(app, 1)
    return s


def drawn(app, scene, every_item=True) -> list[str]:
    """Every text the scene draws (with each of its items focused in turn, or as it is)."""
    seen = []
    real = gfx.blit_text

    def spy(surf, s, *a, **k):
        seen.append(s)
        return real(surf, s, *a, **k)

    gfx.blit_text = spy
    try:
        for i in range(len(scene.menu.items)) if every_item else [scene.menu.focus]:
            scene.menu.focus = i
            scene.draw(app.screen, app.vp)
    finally:
        gfx.blit_text = real
    return seen


def test_players_come_first_against_the_easiest_computer(app, game):
    s = open_setup(app, game.id)
    keys = [it.key for it in s.menu.items]
    seats = [k for k in keys if k.startswith("seat")]
    # what the game declares is offered, before Start; what it does not declare is not there
    assert ("help" in keys) == bool(game.help_file) and ("learn" in keys) == has_tutorial(game)
    assert all(keys.index(k) < keys.index("start") for k in ("help", "more", "learn") if k in keys)
    first_other = min(keys.index(k) for k in keys if not (k.startswith(("seat", "ctl", "name")) or k == "players"))
    assert max(keys.index(k) for k in seats) < first_other, keys
    assert s.seat_kind[0] == "human"
    assert s.seat_kind[1] == (f"computer:{game.bot_levels[0]}" if game.has_computer else "human")
    assert top(app).menu.items[top(app).menu.focus].key == "start"
    labels = [c[1] for c in s.menu.items[keys.index("seat1")].choices]
    adaptive = ["Computer: Adaptive"] if game.has_computer else []  # none without a computer
    assert labels[1:] == [f"Computer: {level_name(lv)}" for lv in game.bot_levels] + adaptive


def test_no_rule_ids_and_developer_settings_wait_under_more_options(app, game):
    s = open_setup(app, game.id)
    texts = drawn(app, s)
    for o in game.rules.options:
        assert not RULE_ID.search(o.label + " " + o.help + " ".join(c[1] for c in o.choices)), o
    s.more()
    more = top(app)
    assert isinstance(more, MoreOptions)
    texts += drawn(app, more)
    assert not [t for t in texts if RULE_ID.search(t)]
    main = {it.key for it in s.menu.items}
    for o in game.rules.options:
        assert (f"opt:{o.key}" in main) == o.main
        assert (f"opt:{o.key}" in {it.key for it in more.menu.items}) != o.main
    for dev in ("Counter-punch tie window", "Claim lockout", "Stall limit"):
        assert dev not in [it.label for it in s.menu.items]


def test_left_arrow_cycles_backwards_with_mouse_keys_and_gamepad(app):
    s = open_setup(app, "jab")
    i = next(n for n, it in enumerate(s.menu.items) if it.key == "seat1")
    item = s.menu.items[i]
    n = len(item.choices)
    start = item.index
    # mouse: the ‹ half goes back, the › half goes on
    click(app, item.back_rect.center)
    item = top(app).menu.items[i]
    assert item.index == (start - 1) % n
    click(app, (item.rect.right - 10, item.rect.centery))
    item = top(app).menu.items[i]
    assert item.index == start
    # keys
    top(app).menu.focus = i
    key(app, "left")
    assert top(app).menu.items[i].index == (start - 1) % n
    key(app, "right")
    assert top(app).menu.items[i].index == start
    # gamepad
    pad = VirtualPad()
    try:
        frames(app, 3)
        top(app).menu.focus = i
        pad.press(app, "dpleft")
        assert top(app).menu.items[i].index == (start - 1) % n
        pad.press(app, "dpright")
        assert top(app).menu.items[i].index == start
    finally:
        pad.unplug()
        frames(app, 2)


def test_jab_practice_aid_follows_the_opponent_until_the_player_sets_it(app):
    spec = registry.get("jab")
    s = open_setup(app, "jab")
    assert s.options["assist"] is True  # against the easiest level
    s.set_kind(1, f"computer:{spec.bot_levels[-1]}")
    assert s.options["assist"] is False
    s.set_kind(1, f"computer:{spec.bot_levels[0]}")
    assert s.options["assist"] is True
    item = next(it for it in s.menu.items if it.key == "opt:assist")
    item.cycle(1)  # the player turns it off
    assert s.options["assist"] is False
    s.set_kind(1, f"computer:{spec.bot_levels[1]}")
    s.set_kind(1, f"computer:{spec.bot_levels[0]}")
    assert s.options["assist"] is False, "the player's own choice is kept while the level changes"
    s.schemes[1] = "keys-right"
    s.start()
    assert top(app).session.state.options["assist"] is False
    again = Setup(app, spec)
    assert again.options["assist"] is False and again.assist_chosen


def test_jab_practice_aid_comes_back_when_a_person_seat_turns_computer_again(app):
    """Issue 30: the aid turned off (by hand, or by a second person sitting down) came back to "Off
    (tournament)" when that seat went back to the computer."""
    spec = registry.get("jab")
    s = open_setup(app, "jab")
    item = next(it for it in s.menu.items if it.key == "opt:assist")
    item.cycle(1)  # the player turns it off against the computer...
    assert s.options["assist"] is False
    s.set_kind(1, "human")  # ...then a friend sits down: a tournament game
    assert s.options["assist"] is False
    s.set_kind(1, f"computer:{spec.bot_levels[0]}")  # the friend leaves: the easiest computer again
    assert s.options["assist"] is True
    label = next(it for it in s.menu.items if it.key == "opt:assist").text()
    assert "tournament" not in label


def test_more_options_summary_names_secret_choices_set_to_peek(app):
    """Issue 30: Boxing's setup said "More options: Everything as usual" while secret choices were Peek."""
    from tabletop.ui.setup import MoreOptions

    s = open_setup(app, "boxing-the-game")
    s.menu.focus = next(i for i, it in enumerate(s.menu.items) if it.key == "more")
    assert "Everything as usual" in s.details()
    app.settings.secrecy = "peek"
    assert "Everything as usual" not in s.details() and "Secret choices: Peek" in s.details()
    more = MoreOptions(app, s)
    more.usual()  # "Usual settings" puts secret choices back too
    assert app.settings.secrecy == "curtain" and "Everything as usual" in s.details()


def test_a_saved_level_that_no_longer_exists_becomes_the_easiest_computer(app):
    spec = registry.get("punch")
    app.settings.last_setup = {"punch": {"seats": ["human", "computer:no-such-level"]}}
    s = open_setup(app, "punch")
    assert s.seat_kind[1] == f"computer:{spec.bot_levels[0]}"


def test_a_boxer_choice_shows_the_boxers_numbers_and_cards(app):
    from tabletop.games.square_ring.rules.content import BOXERS

    s = open_setup(app, "square-ring")
    s.menu.focus = next(n for n, it in enumerate(s.menu.items) if it.key == "opt:boxer0")
    for boxer in BOXERS.values():
        s.options["boxer0"] = boxer.id
        text = " ".join(drawn(app, s, every_item=False))
        assert f"{boxer.hp} HP" in text and boxer.style in text
        for c in boxer.attacks:
            assert c.name in text


def test_learn_to_play_in_the_launcher_reaches_every_games_rules(app):
    from tabletop.ui.help import HelpScene
    from tabletop.ui.learn import LearnScene

    launcher = top(app)
    i = next(n for n, it in enumerate(launcher.menu.items) if it.label == "Learn to play")
    click(app, launcher.menu.items[i].rect.center)
    learn = top(app)
    assert isinstance(learn, LearnScene)
    for spec in games("help"):
        n = next(n for n, it in enumerate(learn.menu.items) if it.key == f"help:{spec.id}")
        learn.menu.focus = n
        key(app, "return")
        assert isinstance(top(app), HelpScene) and top(app).spec is spec
        key(app, "escape")
        assert top(app) is learn


def test_the_panel_beside_start_says_who_plays_and_the_goal(app, game):
    s = open_setup(app, game.id)
    text = " ".join(drawn(app, s, every_item=False))
    assert "Who plays" in text
    assert ("The goal" in text) == bool(game.help_file)  # the goal comes from the help page
    assert ("gentlest" in text) == game.has_computer


def test_learn_to_play_on_every_setup_screen_opens_that_games_lessons(app):
    from tabletop.tutorial.menu import LessonList

    for spec in games("lessons"):
        s = open_setup(app, spec.id)
        keys = [it.key for it in s.menu.items]
        assert all(keys.index("learn") < keys.index(k) for k in ("start", "more") if k in keys)
        click(app, s.menu.items[keys.index("learn")].rect.center)
        assert isinstance(top(app), LessonList) and top(app).spec is spec
        key(app, "escape")
        assert top(app) is s
        app.pop(s)


def test_learn_to_play_in_the_launcher_opens_lessons_with_a_gamepad(app):
    from tabletop.tutorial.menu import LessonList
    from tabletop.ui.learn import LearnScene

    launcher = top(app)
    pad = VirtualPad()
    try:
        frames(app, 3)
        target = next(n for n, it in enumerate(launcher.menu.items) if it.label == "Learn to play")
        items = launcher.menu.items
        for _ in range(len(items)):  # down to the row of buttons, then along it
            here = items[launcher.menu.focus]
            if here is items[target]:
                break
            along = "dpleft" if items[target].rect.x < here.rect.x else "dpright"
            pad.press(app, "dpdown" if here.key else along)
        pad.press(app, "a")
        learn = top(app)
        assert isinstance(learn, LearnScene)
        spec = games("lessons")[0]
        assert learn.menu.items[learn.menu.focus].key == f"learn:{spec.id}"
        pad.press(app, "a")
        assert isinstance(top(app), LessonList) and top(app).spec is spec
        pad.press(app, "b")
        assert top(app) is learn
    finally:
        pad.unplug()
        frames(app, 2)


@pytest.mark.needs("commits at once", "computer")
def test_one_person_against_the_computer_is_not_asked_for_controls_that_change_nothing(app, game):
    """Playtest: against the computer, a turn-by-turn table takes the mouse, every key and every pad
    at once, yet the setup asked "Ana plays with: Mouse" and said "a person (mouse)", so a newcomer
    who came with the keyboard thought they had to use the mouse. The choice shows once a second
    person sits down (each needs their own controls) and always in JAB, whose hands it steers."""
    s = open_setup(app, game.id)
    keys = [it.key for it in s.menu.items]
    assert not [k for k in keys if k.startswith("ctl")]
    assert not [t for t in drawn(app, s, every_item=False) if "(mouse)" in t]
    s.set_kind(1, "human")
    assert [k for k in (it.key for it in s.menu.items) if k.startswith("ctl")] == ["ctl0", "ctl1"]
    jab = open_setup(app, "jab")
    assert "ctl0" in [it.key for it in jab.menu.items]
