"""Every person has a name of their own (issue 35, item 1; issue 38, item 8): asked at the first start,
changed in Settings, kept in settings.json across restarts, carried by the setup screen into the table
and its record and by a join onto an online table. One rule (core.names) holds for records, settings
and the online protocol: combining marks and emoji are names, invisible, direction-turning and tag
characters are not; two people with one name at a table are told apart."""

import json

import pygame
import pytest

from tabletop import settings as settings_mod
from tabletop import validate
from tabletop.core import registry
from tabletop.core.names import check_name, clean_name, told_apart
from tabletop.online import protocol as P
from tabletop.ui.name_entry import NameEntry, ask_name_first
from tabletop.ui.setup import Setup
from tests import test_setup
from tests.ui_helpers import click, frames, key, make_app, scene_name, top

ZOE = "Zoe\u0308 \U0001f94a"  # an e with a combining diaeresis, a space, a boxing glove
ZOE_TYPED = "Zoë \U0001f94a"  # as typed into a name box: composed
HIDDEN = {
    "a right-to-left override": "Ana\u202eelif",
    "a zero-width space": "A\u200bna",
    "tag characters": "Ana\U000e0041\U000e0042",
    "a word joiner": "Ana\u2060",
    "a Hangul filler": "\u3164",
}


app = test_setup.app  # the fixture: an app on the launcher


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)


def test_combining_marks_and_emoji_are_names_and_hidden_characters_are_refused_in_one_line():
    for name in (ZOE, ZOE_TYPED, "\U0001f469\u200d\U0001f469\u200d\U0001f467", "\U0001f44d\U0001f3fd", "\u2764\ufe0f"):
        assert check_name(name) == name
    for what, name in HIDDEN.items():
        with pytest.raises(validate.Invalid) as e:
            check_name(name, "name")
        line = str(e.value)
        assert "\n" not in line and len(line) < 200, what
        assert "U+" in line and ("not seen" in line or "nothing visible" in line), what
        assert "\u202e" not in line  # the message itself is never turned around


def test_what_a_player_types_is_cleaned_with_one_line_that_says_what_was_left_out(app):
    assert clean_name("  Ana\u202e  B\u200bo  ") == ("Ana Bo", clean_name("Ana\u202eBo\u200b")[1])
    entry = NameEntry(app, "Your name", "", lambda _name: None)
    app.push(entry)
    type_text(app, "An")
    type_text(app, "\u202ea")
    assert entry.text == "Ana" and "Left out 1 character" in entry.error and "U+202E" in entry.error
    type_text(app, " \U0001f469\u200d")  # an emoji joiner waits for the emoji after it
    type_text(app, "\U0001f467")
    assert entry.text == "Ana \U0001f469\u200d\U0001f467"


def test_two_anas_at_one_table_are_told_apart_here():
    assert told_apart(["Ana", "ana", "Ben", "Ana"]) == ["Ana", "ana (2)", "Ben", "Ana (3)"]
    assert all(len(n) <= 32 for n in told_apart(["x" * 32, "x" * 32]))
    app = make_app()
    app.settings.name = "Ana"
    setup = Setup(app, registry.get("stabby-jack"))
    app.push(setup)
    setup._set_players(4)
    setup.set_kind(1, "human")
    setup.names[1] = "Ana"
    names = setup.seat_names()
    assert names == ["Ana", "Ana (2)", "Computer 1 (Beginner)", "Computer 2 (Beginner)"]
    setup.start()
    frames(app, 2)
    assert [s.name for s in top(app).session.seats] == names
    pygame.quit()


def test_a_name_with_marks_and_emoji_goes_from_settings_through_setup_into_the_record(app):
    app.open_settings()
    settings_scene = top(app)
    settings_scene.menu.focus = next(i for i, it in enumerate(settings_scene.menu.items) if it.key == "name")
    key(app, "return")
    assert isinstance(top(app), NameEntry)
    type_text(app, ZOE)
    key(app, "return")
    assert top(app) is settings_scene and app.settings.name == ZOE_TYPED
    assert settings_scene.menu.items[settings_scene.menu.focus].label == f"Your name: {ZOE_TYPED}"
    key(app, "escape")
    setup = Setup(app, registry.get("punch"))
    app.push(setup)
    frames(app, 1)
    assert setup.menu.items[next(i for i, it in enumerate(setup.menu.items) if it.key == "seat0")].label == ZOE_TYPED
    assert setup.seat_names()[1] == "Computer (Beginner)"  # the computer, at its level
    setup.start()
    frames(app, 3)
    table = top(app)
    table.session.save()
    loaded = validate.load_record(table.session.save_path)
    assert [p["name"] for p in loaded.record.players] == [ZOE_TYPED, "Computer (Beginner)"]


def test_the_name_is_asked_at_the_first_start_and_remembered_after_a_restart():
    from tabletop.ui.app import App

    app = App(size=(1280, 720), settings=settings_mod.load())
    app.start()
    ask_name_first(app)
    entry = top(app)
    assert isinstance(entry, NameEntry) and "name" in entry.title.lower()
    type_text(app, ZOE_TYPED)
    key(app, "return")
    assert scene_name(top(app)) == "Launcher"
    pygame.quit()
    again = App(size=(1280, 720), settings=settings_mod.load())  # the program started again
    again.start()
    ask_name_first(again)
    assert scene_name(top(again)) == "Launcher" and again.settings.name == ZOE_TYPED
    pygame.quit()


def test_skipping_the_first_start_question_gives_a_default_name_and_is_not_asked_again():
    from tabletop.ui.app import App

    app = App(size=(1280, 720), settings=settings_mod.load())
    app.start()
    ask_name_first(app)
    key(app, "escape")
    assert scene_name(top(app)) == "Launcher" and app.settings.name == settings_mod.DEFAULT_NAME
    pygame.quit()
    again = App(size=(1280, 720), settings=settings_mod.load())
    again.start()
    ask_name_first(again)
    assert scene_name(top(again)) == "Launcher"
    pygame.quit()


def test_a_hidden_character_in_settings_json_gives_way_to_no_name_with_one_line(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "name": HIDDEN["a right-to-left override"]}), encoding="utf-8")
    s = settings_mod.load(path)
    assert s.name == "" and len(s.messages) == 1 and "U+202E" in s.messages[0]
    assert "\n" not in s.messages[0]


def test_the_online_protocol_refuses_a_hidden_name_and_tells_two_alike_apart():
    with pytest.raises((P.BadMessage, validate.Invalid)):
        P.parse(json.dumps({"v": 1, "type": "join", "room": "ABCDEFGH", "name": "Ana\u202e"}))
    seats = P.seat_specs([{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Ana"}])
    assert [s["name"] for s in seats] == ["Ana", "Ana (2)"]


def test_a_seats_label_is_a_label_and_only_its_selector_changes_the_seat(app):
    setup = Setup(app, registry.get("punch"))
    app.push(setup)
    frames(app, 1)
    i = next(i for i, it in enumerate(setup.menu.items) if it.key == "seat1")
    row = setup.menu.items[i]
    before = setup.seat_kind[1]
    click(app, (row.rect.left + 20, row.rect.centery))  # on the name: it only takes the focus
    row = setup.menu.items[i]
    assert setup.seat_kind[1] == before and setup.menu.focus == i
    click(app, (row.value_rect.right - 10, row.value_rect.centery))  # on the selector's ›: the next choice
    assert setup.seat_kind[1] != before


def test_a_computer_seat_played_on_a_server_is_labelled_the_computer_not_a_person(app):
    """Online the server plays the computers, so no bot runs here: Stabby Jack still says "Computer"."""
    from tabletop.session import Seat, Session
    from tabletop.ui import gfx

    spec = registry.get("stabby-jack")
    seats = [Seat("Ana", "human"), Seat("Computer (Beginner)", "computer", level="Beginner")]
    session = Session.new(spec, seats, {}, seed=3, autosave=False)
    session.bots.clear()  # as at an online table: the computer plays elsewhere
    app.push(spec.make_table(app, session))
    gfx.SEEN = []
    try:
        frames(app, 2)
        seen = list(gfx.SEEN)
    finally:
        gfx.SEEN = None
    ana_rows = sum(text in ("Ana", "▶ Ana") for text in seen)  # each time Ana's row is drawn
    assert ana_rows and seen.count("Person") == ana_rows  # "Person" under Ana's name alone
    assert "Computer (Beginner)" in seen


def test_a_name_given_at_the_first_start_over_a_games_setup_is_on_its_first_seat_at_once():
    from tabletop.ui.app import App

    app = App(size=(1280, 720), settings=settings_mod.load())
    app.start("punch")  # tabletop punch: the setup, with the question over it
    ask_name_first(app)
    type_text(app, "Ana")
    key(app, "return")
    setup = top(app)
    assert isinstance(setup, Setup) and next(it for it in setup.menu.items if it.key == "seat0").label == "Ana"
    pygame.quit()


def test_a_kept_online_seat_whose_names_hide_characters_is_set_aside_with_one_line():
    from tabletop.online import kept_seats

    kept_seats.keep("ws://127.0.0.1:9", "ABCDEFGH", "t" * 20, 1, "punch", ["Ana", HIDDEN["a right-to-left override"]])
    messages: list[str] = []
    assert kept_seats.kept(messages) == []
    assert len(messages) == 1 and "U+202E" in messages[0] and "\n" not in messages[0]


def test_an_emoji_the_font_lacks_is_drawn_as_a_box_and_the_name_box_says_so(app):
    from tabletop.ui import gfx

    entry = NameEntry(app, "Your name", "", lambda _name: None)
    app.push(entry)
    gfx.SEEN = []
    try:
        type_text(app, ZOE_TYPED)  # the boxing glove is not in DejaVu Sans; the e with its mark is
        seen = list(gfx.SEEN)
    finally:
        gfx.SEEN = None
    assert gfx.missing_glyphs(ZOE_TYPED) == ["\U0001f94a"] and gfx.missing_glyphs("Jose\u0301 \U0001f600") == []
    assert any(t.startswith("U+1F94A boxing glove shows as an empty box") for t in seen)
    assert entry.text == ZOE_TYPED  # kept: the name is the player's, the box only says how it looks
