"""Input mapping: keyboard halves never share a key; gamepads are told apart
by instance and re-attached on hot-plug (issues 3 and 10)."""

import pygame
import pytest

from tabletop import settings as settings_mod
from tabletop.input.bindings import default_bindings
from tabletop.input.devices import Router
from tests.ui_helpers import VirtualPad, frames, make_app

DEFAULT_KEYS = default_bindings()["keys"]  # the engine's defaults and every game's own buttons


def test_the_two_keyboard_halves_and_the_mouse_keys_share_no_key():
    left, right, mouse = (set(DEFAULT_KEYS[k]) for k in ("keys-left", "keys-right", "mouse"))
    assert not left & right and not left & mouse and not right & mouse


def test_each_hand_cluster_has_its_own_keys():
    for scheme in ("keys-left", "keys-right"):
        buttons = {}
        for key, bs in DEFAULT_KEYS[scheme].items():
            for b in bs:
                buttons.setdefault(b, set()).add(key)
        for hand in ("l_", "r_"):
            keys = [k for b in ("up", "down", "left", "right", "take") for k in buttons[hand + b]]
            assert len(keys) == len(set(keys)) == 5


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def test_two_identical_gamepads_are_told_apart_and_survive_unplugging(app):
    pads = [VirtualPad(), VirtualPad()]
    try:
        frames(app, 3)
        router = Router(settings_mod.Settings(), app.pads, ["gamepad", "gamepad"])
        assert router.pad_of == {0: pads[0].instance_id, 1: pads[1].instance_id}
        got = []
        pads[1].button("a", True)
        for event in pygame.event.get():
            changes, _ = app.pads.handle(event)
            got += router.feed_pad(changes)
        assert [(p.seat, p.button) for p in got if p.down][:1] == [(1, "confirm")]
        # pull out the second pad: its seat is named; a new pad is given to that seat
        pads[1].unplug()
        lost = None
        for event in pygame.event.get():
            _, pes = app.pads.handle(event)
            for pe in pes:
                lost = router.on_pad_event(pe)
        assert lost == 1 and router.missing_pads() == [1]
        pads[1] = VirtualPad()
        found = None
        for event in pygame.event.get():
            _, pes = app.pads.handle(event)
            for pe in pes:
                found = router.on_pad_event(pe)
        assert found == 1 and router.missing_pads() == []
        assert router.pad_of[1] == pads[1].instance_id
    finally:
        for p in pads:
            p.unplug()
