"""Walkthroughs of the screens around the tables (issue 34), each with the keyboard alone and with a
gamepad alone, through the real App: the Controls screen, the online forms, the replay viewer opened
from a result; and two people on the two halves of one keyboard at Punch! and JAB. On each screen what
is highlighted is what a press does, the hints name only the device in hand, and no press reaches the
screen it did not go down on (the one that opens a screen does not act on it, the one that leaves
does not act on the screen below)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.test_walkthrough_devices import Keys, Pad, TextSpy, menu_to, wrong_words
from tests.ui_helpers import KeyboardHalf, frames, make_app, quick_app, top

DEVICES = ("keys", "pad")


class KeysBack(Keys):
    def back(self):
        from tests.ui_helpers import key

        key(self.app, "escape")


class PadBack(Pad):
    def back(self):
        self.pad.press(self.app, "b")


def _agent(device):
    """The App on its launcher, and one person with ``device`` who has used it there once (the device
    in use from here on)."""
    app = quick_app()
    app.start()
    frames(app, 2)
    agent = PadBack(app) if device == "pad" else KeysBack(app)
    agent.move("down")
    return app, agent


def _done(agent) -> None:
    if isinstance(agent, Pad):
        agent.pad.unplug()
    pygame.quit()


@pytest.mark.parametrize("device", DEVICES)
def test_the_controls_screen_by_one_device(device):
    app, agent = _agent(device)
    try:
        with TextSpy() as spy:
            app.open_settings()
            frames(app, 2)
            settings = top(app)
            menu_to(agent, lambda it: it.label == "Controls")
            agent.confirm()
            controls = top(app)
            assert type(controls).__name__ == "ControlsScene"
            assert controls.scheme == ("gamepad" if device == "pad" else "keys-left")  # the device in hand first
            assert controls.capturing is None  # the press that opened the screen chose nothing on it
            agent.move("down")
            agent.move("down")
            row = controls.menu.items[controls.menu.focus]
            assert row.key.startswith("act:")
            before = {k: list(v) for k, v in rebind_table(app, controls.scheme).items()}
            agent.confirm()
            assert controls.capturing == row.key[4:]  # the highlighted row is the one waiting for a new input
            frames(app, 2)
            if device == "pad":
                agent.pad.press(app, "back")  # Back cancels on a pad
            else:
                agent.back()
            assert controls.capturing is None and rebind_table(app, controls.scheme) == before
            assert top(app) is controls  # the cancelling press did not leave the screen as well
            agent.back()
            assert top(app) is settings
            assert settings.menu.items[settings.menu.focus].label == "Controls"  # nothing chosen below
        assert not wrong_words(spy.seen, device), wrong_words(spy.seen, device)
    finally:
        _done(agent)


def rebind_table(app, scheme):
    from tabletop.input import rebind

    return rebind.mapping(app.settings.bindings, scheme)


@pytest.mark.parametrize("device", DEVICES)
def test_the_online_forms_by_one_device(device):
    app, agent = _agent(device)
    try:
        with TextSpy() as spy:
            menu_to(agent, lambda it: it.label == "Play online")
            agent.confirm()
            online = top(app)
            for label in ("Join a game", "Watch a game", "Host on a server"):
                menu_to(agent, lambda it, label=label: it.label == label)
                agent.confirm()
                form = top(app)
                assert type(form).__name__ in ("JoinScene", "WatchScene", "ServerScene"), type(form).__name__
                assert form.text == "" and not form.error  # the press that opened it typed and sent nothing
                if device == "keys":
                    agent.move("down")  # from the box to its button: the highlight is where Enter acts
                    assert form.order[form.focus] == "go"
                    agent.move("down")
                    assert form.order[form.focus] == "back"
                    agent.confirm()  # Back, highlighted, leaves
                else:
                    agent.back()
                assert top(app) is online
                assert online.menu.items[online.menu.focus].label == label  # the leaving press chose nothing here
        assert not wrong_words(spy.seen, device), wrong_words(spy.seen, device)
    finally:
        _done(agent)


@pytest.mark.parametrize("device", DEVICES)
def test_the_replay_opened_from_a_result_by_one_device(device):
    """A finished game's result, "Watch the replay" chosen with the device: the viewer opens playing and
    the press that opened it does not pause it; the ring is on Play and confirm pauses and plays; back
    leaves to the result, which stays up (the leaving press chose nothing on it)."""
    from tabletop.ui.replay import ReplayScene

    app, agent = _agent(device)
    try:
        spec = registry.get("square-ring")
        seats = [Seat("Ana", "computer", level=spec.bot_levels[0]), Seat("Ben", "computer", level=spec.bot_levels[0])]
        table = spec.make_table(app, Session.new(spec, seats, {}, seed=3, autosave=False))
        app.push(table)
        for _ in range(6000):
            frames(app, 1, dt=50)
            if table.showing_result():
                break
        assert table.showing_result()
        with TextSpy() as spy:
            frames(app, 10, dt=50)  # the result's guard passes
            menu = table.result_menu
            while menu.items[menu.focus].label != "Watch the replay":
                agent.move("down")
            agent.confirm()
            viewer = top(app)
            assert isinstance(viewer, ReplayScene)
            frames(app, 4)
            assert viewer.playing  # it opens playing: the opening press did not reach it (confirm pauses)
            agent.confirm()
            assert not viewer.playing  # the ring is on Play: confirm pauses
            agent.confirm()
            assert viewer.playing
            agent.back()
            assert top(app) is table and table.showing_result()
            assert table.result_menu.items[table.result_menu.focus].label == "Watch the replay"
        assert not wrong_words(spy.seen, device), wrong_words(spy.seen, device)
    finally:
        _done(agent)


def test_couch_punch_each_keyboard_half_plays_what_its_ring_is_on():
    """Two people on the halves of one keyboard, behind curtains: each shows their cards, walks their
    own ring and confirms; the card played is the one the ring was drawn on, and neither half's keys
    act for the other."""
    app = quick_app()
    app.settings.secrecy = "curtain"
    app.start()
    spec = registry.get("punch")
    seats = [Seat("Ana", "human", scheme="keys-left"), Seat("Ben", "human", scheme="keys-right")]
    table = spec.make_table(app, Session.new(spec, seats, {"matches_to_win": 1}, seed=3, autosave=False))
    app.push(table)
    frames(app, 2)
    halves = {0: KeyboardHalf(app, "keys-left"), 1: KeyboardHalf(app, "keys-right")}
    played = 0
    try:
        for _ in range(60):
            if played >= 4 or table.session.outcome() is not None:
                break
            frames(app, 5, dt=50)
            if table.beat_holds():
                if table.beat is not None and table.beat >= 2000:
                    halves[0].confirm()
                continue
            cur = table.curtain_seat()
            if cur is not None:
                halves[cur].confirm()  # "Show Ana's cards"
                continue
            seat = next((s for s in (0, 1) if table.can_act(s) and table.drawn_focus.get(s)), None)
            if seat is None:
                continue
            halves[seat].move("right")
            frames(app, 1)
            ring = table.drawn_focus.get(seat)
            assert ring is not None and ring == table.focused(seat).payload
            actions = len(table.session.record.actions)
            halves[seat].confirm()
            frames(app, 2)
            new = table.session.record.actions[actions:]
            assert all(a["player"] == seat for a in new), new  # one half's keys act for its own seat only
            if ring[0] == "hand":
                assert new and new[-1]["player"] == seat and ring[2] in str(new[-1]), (ring, new)
                played += 1
        assert played >= 4, f"{played} cards played"
    finally:
        pygame.quit()


def test_couch_jab_each_keyboard_half_readies_and_takes_with_its_own_keys():
    """JAB between two people on the halves of one keyboard: each half's confirm readies its own seat
    only, and each half's take key takes with its own hand (the other seat's hands stay empty)."""
    from tests.ui_helpers import key

    app = make_app()
    app.start()
    spec = registry.get("jab")
    seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="keys-right")]
    session = Session.new(spec, seats, {"countdown_ms": 0}, seed=11, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    try:
        key(app, "space")  # Red's confirm
        assert session.state.ready == (True, False)
        key(app, "return")  # Blue's
        for _ in range(60):
            if session.state.phase == "playing":
                break
            frames(app)
        assert session.state.phase == "playing"
        key(app, "left shift")  # Red's left hand takes
        assert session.state.held[0] is not None and session.state.held[2] is None and session.state.held[3] is None
        key(app, "right shift")  # Blue's right hand takes
        assert session.state.held[1] is None and session.state.held[2:] != (None, None)
    finally:
        pygame.quit()
