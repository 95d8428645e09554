"""Focus and keys where features meet (issue 30): the focus lands only on drawn, enabled things and
each press does what it shows; a lesson's mark is drawn unlike the focus ring; the devices a player
uses are the ones the screens speak of."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.games.jab.table.layout import place_rect
from tabletop.session import Seat, Session
from tabletop.tutorial.lesson import lessons_for
from tabletop.ui import gfx
from tabletop.ui.controls import ControlsScene
from tabletop.ui.focus import LESSON_MARK
from tabletop.ui.name_entry import NameEntry
from tests.focus_helpers import check_drawn
from tests.test_walkthrough_devices import Keys, Pad, TextSpy, menu_to, settle, walk_to
from tests.ui_helpers import click, frames, key, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 2)
    yield a
    pygame.quit()


def open_table(app, gid, seats=None, seed=3, **options):
    spec = registry.get(gid)
    seats = seats or [Seat("Ana"), Seat("Ben", "computer", level=spec.bot_levels[0])]
    session = Session.new(spec, seats, options, seed=seed, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    return table


def test_punch_hand_draws_no_empty_place_so_each_right_is_one_card(app):
    """Seed 3 deals Ana no Punch 3 and no Block. The hand used to keep their empty places, so Right,
    Right from Punch 1 went past the empty Punch 3 place and played Do Nothing: now the hand shows
    only cards, side by side, and two Rights are the card two places along."""
    table = open_table(app, "punch", matches_to_win=1)
    settle(app, table)
    hand = sorted((h for h in table.focusables(0) if h.payload[0] == "hand"), key=lambda h: h.rect.x)
    assert [h.payload[2] for h in hand] == ["p1", "p2", "nothing", "dodge"]
    steps = {b.rect.x - a.rect.x for a, b in zip(hand, hand[1:], strict=False)}
    assert len(steps) == 1, f"a gap in the hand: {[h.rect.x for h in hand]}"
    assert table.focused(0).payload == ("hand", 0, "p1")
    key(app, "right")
    key(app, "right")
    key(app, "return")
    first = table.session.record.actions[0]
    assert first["player"] == 0 and "nothing" in str(first), first


def test_square_ring_focus_stays_by_a_laid_card_and_goes_to_lock_in(app):
    """Laying Cross (which also answers the React question) used to send the focus to the step row, so
    the next Right + Enter laid Forward-right instead of Hook; Lock in was two Ups away. Now the focus
    stays by Cross, Right is Hook, and two laid cards put the focus on Lock in, where Enter locks in."""
    table = open_table(app, "square-ring")
    agent = Keys(app)
    settle(app, table)
    walk_to(agent, table, 0, ("hand", 0, "cross"))
    key(app, "return")
    assert table.selection(0) == ["cross"]
    assert table.focused(0).payload == ("hand", 0, "cross")
    key(app, "right")
    assert table.focused(0).payload == ("hand", 0, "hook")
    key(app, "return")
    assert table.selection(0) == ["cross", "hook"]
    assert table.focused(0).payload == "Lock in"
    key(app, "return")
    # Lock in: "no React" goes at once; the order itself once the computer has declared too
    for _ in range(400):
        if any(a["type"] == "commit" and a["player"] == 0 for a in table.session.record.actions):
            break
        frames(app)
    assert [a["type"] for a in table.session.record.actions if a["player"] == 0] == ["declare", "commit"]


def test_square_ring_lesson_two_lays_cross_at_the_first_enter(app):
    from tabletop.tutorial import open_tutorial

    open_tutorial(app, "square-ring")
    top(app).play(1)
    frames(app, 3)
    table = top(app)
    check_drawn(app, table, 0)  # the ring from the lesson's first frame
    walk_to(Keys(app), table, 0, ("hand", 0, "cross"))
    key(app, "return")
    assert table.selection(0) == ["cross"]
    key(app, "return")  # a second Enter used to take it back again, so Enter twice did nothing
    assert table.selection(0) == ["cross"]
    assert table.message == "Cross is already in your order: Backspace takes it back."


def test_stabby_jack_ace_swap_with_keys(app):
    """The Ace: once your card is chosen it says so ("chosen"), the focus goes to a card it may swap
    with, your other cards no longer take the focus (Enter on your own row used to change the choice),
    the instruction is large, and the next Enter swaps."""
    from tests.test_stabby_jack_table import THREE, position, table_for

    t = table_for(app, position(THREE, draw=["AC"]))
    key(app, "return")  # Train: the Ace
    first = t.focused(0).payload
    with TextSpy() as spy:
        key(app, "return")
        frames(app, 2)
    assert t.ace_sel == first
    on = t.focused(0).payload
    assert on[1] != 0, "the focus stayed on your own row"
    own = [h.payload for h in t.focusables(0) if h.payload[:2] == ("stat", 0)]
    assert own == [first]
    assert "chosen" in spy.seen
    big = [s for s in spy.seen if s.startswith("Now pick")]
    assert big
    mine, theirs = t.session.state.players[0].stats[first[2]], t.session.state.players[on[1]].stats[on[2]]
    key(app, "return")
    s = t.session.state
    assert s.players[0].stats[first[2]] == theirs and s.players[on[1]].stats[on[2]] == mine


def test_between_two_people_on_one_keyboard_only_the_one_to_play_has_a_ring(app):
    """Stabby Jack, two people sharing the keyboard: only the person to play has a focus ring (the other
    one's ring sat on Red's chosen card and looked like a second choice)."""
    from tests.test_stabby_jack_table import THREE, position, table_for

    t = table_for(app, position(THREE, draw=["AC"]))
    key(app, "return")
    key(app, "return")  # the Ace: Red's first card chosen, Red's focus moves to Blue's row
    frames(app, 2)
    check_drawn(app, t, 0)
    other = t.focused(1)
    assert other is not None and other is not t.focused(0)
    ring = other.rect.inflate(app.vp.s(16), app.vp.s(16))
    assert tuple(app.screen.get_at((ring.centerx, ring.bottom - 2)))[:3] != gfx.HILITE


def band(app, rect, grow):
    """The colours drawn in a band ``grow`` pixels wide around ``rect``."""
    out = set()
    outer = rect.inflate(2 * grow, 2 * grow).clip(app.screen.get_rect())
    for x in range(outer.left, outer.right, 2):
        for y in range(outer.top, outer.bottom, 2):
            if not rect.collidepoint(x, y):
                out.add(tuple(app.screen.get_at((x, y)))[:3])
    return out


@pytest.mark.parametrize("index", range(len(lessons_for(registry.get("punch")))))
def test_punch_lessons_show_the_ring_at_once_and_mark_unlike_it(app, index):
    """Each Punch! lesson: the focus ring shows from the first frame (the first Enter used to only show
    it), and the card the lesson points at carries sky-blue corner marks, never the ring's yellow."""
    from tabletop.tutorial import open_tutorial

    open_tutorial(app, "punch")
    top(app).play(index)
    frames(app, 3)
    table = top(app)
    lesson = table.tutor.lesson
    check_drawn(app, table, 0)
    if lesson.touch is not None:
        marks_unlike_the_ring(app, table, lesson)

    def now():
        return len(table.session.record.actions), table.tutor.coach_ms, table.secrecy.shown, tuple(table.sel[0])

    before = now()
    key(app, "return")  # the first Enter acts on what it shows: a card played (or coached), the cards shown
    assert now() != before, "the first Enter did nothing"


def marks_unlike_the_ring(app, table, lesson) -> None:
    lit = [h for h in table.hots if lesson.touch(h.payload, table.session.state)]
    assert lit
    for h in lit:
        colours = band(app, h.rect, app.vp.s(16))
        assert LESSON_MARK in colours, f"no lesson mark on {h.payload}"
        if h is not table.focused(0) and not h.rect.colliderect(table.focused(0).rect.inflate(40, 40)):
            assert gfx.HILITE not in colours, f"the lesson's mark on {h.payload} looks like the focus ring"


def test_settings_controls_open_on_the_gamepad_for_a_pad_player(app):
    agent = Pad(app)
    try:
        menu_to(agent, lambda it: it.label == "Settings")
        agent.confirm()
        menu_to(agent, lambda it: it.label == "Controls")
        agent.confirm()
        assert isinstance(top(app), ControlsScene) and top(app).scheme == "gamepad"
    finally:
        agent.pad.unplug()


def test_the_name_picker_speaks_to_a_pad_and_its_back_button_cancels(app):
    agent = Pad(app)
    try:
        menu_to(agent, lambda it: it.key == "punch")
        agent.confirm()
        setup = top(app)
        menu_to(agent, lambda it: it.key == "name0")
        with TextSpy() as spy:
            frames(app, 1)
            agent.confirm()
            frames(app, 2)
        assert isinstance(top(app), NameEntry)
        said = " ".join(spy.seen)
        assert "letter picker" in said and "keyboard" not in said
        assert "Back leaves the name as it was" in said and "Esc" not in said
        old = setup.names[0]
        agent.confirm()  # types the lit letter
        agent.pad.press(app, "back")
        assert top(app) is setup and setup.names[0] == old
    finally:
        agent.pad.unplug()


def test_punch_speaks_to_a_pad_player(app):
    agent = Pad(app)
    try:
        agent.move("right")
        with TextSpy() as spy:
            table = open_table(app, "punch", matches_to_win=1)
            frames(app, 3)
        said = " ".join(spy.seen)
        assert "Match history (X)" in said and "(H)" not in said
        assert "d-pad to it, then A" in said and "click" not in said.lower()
        agent.pad.press(app, "x")
        assert table.history_open
    finally:
        agent.pad.unplug()


def test_jab_ready_is_not_over_a_deck_and_a_click_on_a_deck_does_not_ready(app):
    seats = [Seat("Ana", "human", scheme="mouse"), Seat("Ben", "human", scheme="keys-right")]
    table = open_table(app, "jab", seats, countdown_ms=0)
    assert table.session.state.phase == "between"
    readies = [h for h in table.hots if h.kind == "button" and str(h.payload).startswith("Ready")]
    assert {h.seat for h in readies} == {0, 1}
    decks = [place_rect(app.vp, f"p{p}.deck.{side}") for p in (0, 1) for side in ("left", "right")]
    for h in readies:
        assert not any(h.rect.colliderect(d) for d in decks), f"{h.payload} lies over a deck"
    for d in decks:
        click(app, d.center)
    assert not any(table.session.state.ready)


def test_stabby_jack_hints_follow_the_mouse_then_the_pad(app):
    """The hint said "Click the stat card the 6♦ replaces, or drag the 6♦ onto it" even after the pad was
    used: it follows the last device."""
    from tests.test_stabby_jack_table import THREE, position, spot, table_for

    pad = Pad(app)
    try:
        t = table_for(app, position(THREE, draw=["6D"]))
        with TextSpy() as spy:
            click(app, spot(t, ("declare", "train")))
            frames(app, 2)
        assert any(s.startswith("Click the stat card the 6♦ replaces") for s in spy.seen)
        assert not t.show_focus.get(0)  # after the mouse, no ring
        with TextSpy() as spy:
            pad.move("right")
            frames(app, 2)
        # (the hint may wrap: no text shrinks under 12 px to stay on one line)
        assert "Choose the stat card the 6♦ replaces: the d-pad to it, then A" in " ".join(spy.seen)
        assert not any("Click" in s or "drag" in s for s in spy.seen)
    finally:
        pad.pad.unplug()
