"""The Controls screen (issue 18, point 5): every binding rebindable from Settings with the keys, a
gamepad or the mouse alone; clashes shown; back to the defaults; saved in settings.json and checked
at the door; a game under the screen follows the new keys at once."""

from __future__ import annotations

import json

import pygame
import pytest

from tabletop import settings as settings_mod
from tabletop.core import registry
from tabletop.input import rebind
from tabletop.input.bindings import SCHEMES, default_bindings
from tabletop.session import Seat, Session
from tabletop.ui import gfx
from tabletop.ui.controls import ControlsScene
from tabletop.ui.launcher import Launcher, SettingsScene
from tests.ui_helpers import VirtualPad, click, frames, key, top

DEFAULT_KEYS = default_bindings()["keys"]  # the engine's defaults and every game's own buttons
GAMEPAD_BUTTONS = default_bindings()["gamepad"]


@pytest.fixture
def app(tmp_path):
    from tabletop.ui.app import App

    s = settings_mod.load(tmp_path / "settings.json")
    s.tutorial = {"offered": list(registry.load_all())}
    a = App(size=(1280, 720), settings=s)
    a.push(Launcher(a))
    frames(a, 2)
    yield a
    pygame.quit()


def open_controls_with_keys(app) -> ControlsScene:
    """From the launcher to Settings > Controls with the arrow keys and Enter only."""
    for _ in range(20):
        menu = top(app).menu
        if menu.items[menu.focus].label == "Settings":
            break
        key(app, "down" if menu.items[menu.focus].key else "right")  # down the tiles, then along the buttons
    key(app, "return")
    assert isinstance(top(app), SettingsScene)
    for _ in range(12):
        menu = top(app).menu
        if menu.items[menu.focus].label == "Controls":
            break
        key(app, "down")
    key(app, "return")
    assert isinstance(top(app), ControlsScene)
    return top(app)


def focus_row(app, scene, press_down, label_key) -> None:
    for _ in range(60):
        if scene.menu.items[scene.menu.focus].key == label_key:
            return
        press_down()
    raise AssertionError(f"no row {label_key}")


def test_the_defaults_clash_nowhere_and_every_control_is_listed():
    b = default_bindings()
    for scheme in [s for s in SCHEMES if s in DEFAULT_KEYS] + ["gamepad"]:
        listed = rebind.actions(b, scheme)
        table = GAMEPAD_BUTTONS if scheme == "gamepad" else DEFAULT_KEYS[scheme]
        assert {a for v in table.values() for a in v} == set(listed)  # read from the binding table itself
        assert all(rebind.inputs_for(b, scheme, a) for a in listed)
        assert [a for a in listed if rebind.conflicts(b, scheme, a)] == []
    # a control the table gains later is listed with no change here (the way "jump" comes in)
    b["keys"]["keys-left"]["j"] = ["l_jump"]
    assert "l_jump" in rebind.actions(b, "keys-left") and rebind.action_label("l_jump") == "Real time, left hand: jump"


def test_keys_alone_rebind_see_the_clash_reset_and_save(app, tmp_path):
    scene = open_controls_with_keys(app)
    assert scene.scheme == "keys-left"
    focus_row(app, scene, lambda: key(app, "down"), "act:up")
    key(app, "return")
    assert scene.capturing == "up"
    key(app, "o")  # O is a right-half key: a clash with a scheme someone plays beside
    assert scene.capturing is None
    kl = app.settings.bindings["keys"]["keys-left"]
    assert "up" in kl["o"] and "up" not in kl["w"] and "l_up" in kl["w"]
    why = rebind.conflicts(app.settings.bindings, "keys-left", "up")
    assert why and "Keyboard, right half" in why[0]
    assert scene.clashes() == 1
    assert "Clash" in scene.menu.items[scene.menu.focus].hint
    # Esc while waiting for a key changes nothing
    key(app, "return")
    key(app, "escape")
    assert scene.capturing is None and "up" in kl["o"]
    focus_row(app, scene, lambda: key(app, "down"), "reset")
    key(app, "return")
    assert app.settings.bindings == default_bindings() and scene.clashes() == 0
    focus_row(app, scene, lambda: key(app, "up"), "act:confirm")
    key(app, "return")
    key(app, "f12")
    key(app, "escape")  # leaves the screen: saved
    assert isinstance(top(app), SettingsScene)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert "confirm" in saved["bindings"]["keys"]["keys-left"]["f12"]
    again = settings_mod.load(tmp_path / "settings.json")
    assert again.messages == [] and again.bindings == app.settings.bindings


def test_a_gamepad_alone_rebinds_its_buttons(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        app.push(ControlsScene(app))
        frames(app, 2)
        scene = top(app)
        for _ in range(3):  # the "Controls for" row: right three times to the gamepad
            pad.press(app, "dpright")
        assert scene.scheme == "gamepad"
        focus_row(app, scene, lambda: pad.press(app, "dpdown"), "act:peek")
        pad.press(app, "a")
        assert scene.capturing == "peek"
        pad.press(app, "rightstick")
        assert scene.capturing is None
        gp = app.settings.bindings["gamepad"]
        assert "peek" in gp["rightstick"] and "peek" not in gp["y"] and "peek" not in gp.get("back", [])
        assert "claim_ding" in gp["y"]  # the other control on Y stays
        # a pad player on a keyboard scheme cancels with B
        focus_row(app, scene, lambda: pad.press(app, "dpup"), "scheme")
        pad.press(app, "dpleft")
        assert scene.scheme == "keyboard"
        pad.press(app, "dpdown")
        pad.press(app, "a")
        assert scene.capturing is not None
        pad.press(app, "b")
        assert scene.capturing is None and app.settings.bindings["keys"] == default_bindings()["keys"]
    finally:
        pad.unplug()


def test_the_mouse_alone_rebinds_and_resets(app):
    app.push(ControlsScene(app, scheme="keys-right"))
    frames(app, 2)
    scene = top(app)
    row = next(it for it in scene.menu.items if it.key == "act:confirm")
    click(app, row.rect.center)
    assert scene.capturing == "confirm"
    key(app, "right shift")  # the right hand's take key: a clash in the same scheme? no: another place
    kr = app.settings.bindings["keys"]["keys-right"]
    assert "confirm" in kr["right shift"] and "confirm" not in kr["return"]
    assert rebind.conflicts(app.settings.bindings, "keys-right", "confirm") == []
    row = next(it for it in scene.menu.items if it.key == "act:back")
    click(app, row.rect.center)
    key(app, "right shift")  # now two menu controls on one key: a clash
    assert scene.clashes() == 2
    frames(app, 1)
    row = next(it for it in scene.menu.items if it.key == "act:confirm")
    # the clashing rows are drawn red
    colours = {tuple(app.screen.get_at((x, row.rect.centery)))[:3] for x in range(row.rect.left, row.rect.right)}
    assert gfx.REFUSE in colours
    while next(it for it in scene.menu.items if it.key == "reset").rect is None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        frames(app, 1)
    click(app, next(it for it in scene.menu.items if it.key == "reset").rect.center)
    assert app.settings.bindings["keys"]["keys-right"] == DEFAULT_KEYS["keys-right"]


def test_bindings_are_checked_at_the_door(tmp_path):
    path = tmp_path / "settings.json"
    good = default_bindings()
    bad_keys = json.loads(json.dumps(good))
    bad_keys["keys"]["keys-left"]["w"] = ["fly"]
    path.write_text(json.dumps({"bindings": bad_keys}))
    s = settings_mod.load(path)
    assert len(s.messages) == 1 and "unknown control 'fly'" in s.messages[0]
    assert s.bindings["keys"]["keys-left"] == good["keys"]["keys-left"]
    bad_pad = json.loads(json.dumps(good))
    bad_pad["gamepad"]["z"] = ["confirm"]
    path.write_text(json.dumps({"bindings": bad_pad}))
    s = settings_mod.load(path)
    assert "'z'" in s.messages[0] and s.bindings["gamepad"] == good["gamepad"]
    # a file written before a control existed: the Controls screen lists it, unbound, ready to bind
    old = json.loads(json.dumps(good))
    del old["keys"]["keys-left"]["e"]
    path.write_text(json.dumps({"bindings": old}))
    s = settings_mod.load(path)
    assert s.messages == [] and "next" in rebind.actions(s.bindings, "keys-left")
    assert rebind.inputs_for(s.bindings, "keys-left", "next") == []
    rebind.rebind(s.bindings, "keys-left", "next", "e")
    assert s.bindings["keys"]["keys-left"]["e"] == ["next"]


def test_a_game_under_the_screen_follows_the_new_keys(app):
    spec = registry.get("punch")
    seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="keys-right")]
    session = Session.new(spec, seats, {"matches_to_win": 1}, seed=3, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    app.push(ControlsScene(app))
    frames(app, 1)
    scene = top(app)
    scene.capture("next")
    key(app, "g")  # the left half's spare key... G is the left half's right-hand "down" in JAB: another place
    app.pop(scene)
    assert (0, "next") in table.router.keymap["g"]
    assert (0, "next") not in table.router.keymap.get("e", [])


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_every_text_of_the_controls_screen_fits(size):
    """The text-fit check (tests/test_text_fit.py) on the Controls screen: every set of controls, every row
    focused, a clash said, and the panel that waits for a key."""
    from tests.test_text_fit import check
    from tests.ui_helpers import make_app

    app = make_app(size=size)
    app.start()
    frames(app, 1)
    try:
        rebind.rebind(app.settings.bindings, "keys-left", "up", "o")
        app.push(ControlsScene(app))
        scene = top(app)
        for scheme in ("keys-left", "keys-right", "keyboard", "gamepad", "mouse"):
            scene.set_scheme(scheme)
            for i in range(len(scene.menu.items)):
                scene.menu.focus = i
                scene.menu.show_focus()
                check(app, f"controls {scheme}, row {i}")
        scene.capture("jump")
        check(app, "controls, waiting for a button")
    finally:
        pygame.quit()


def test_a_gamepad_player_cancels_its_rebinding_with_a_held_b_or_back_and_is_told_so(app, monkeypatch):
    """Issue 34: binding every pad button left a pad player no way out; a short B still binds B."""
    from tabletop.ui.controls import HOLD_B_MS

    pad = VirtualPad()
    try:
        frames(app, 3)
        app.push(ControlsScene(app, scheme="gamepad"))
        frames(app, 2)
        scene = top(app)
        focus_row(app, scene, lambda: pad.press(app, "dpdown"), "act:peek")
        before = {k: list(v) for k, v in app.settings.bindings["gamepad"].items()}
        pad.press(app, "a")
        assert scene.capturing == "peek"
        shown: list[str] = []
        real = gfx.draw_fitted
        monkeypatch.setattr(
            gfx, "draw_fitted", lambda surf, text, *a, **k: shown.append(text) or real(surf, text, *a, **k)
        )
        frames(app, 1)
        assert any("hold B" in t and "Back" in t for t in shown), shown
        pad.button("b", True)
        frames(app, int(HOLD_B_MS // 16) + 3)
        assert scene.capturing is None  # cancelled while still held
        pad.button("b", False)
        frames(app, 2)
        pad.press(app, "a")
        assert scene.capturing == "peek"
        pad.press(app, "back")
        assert scene.capturing is None and app.settings.bindings["gamepad"] == before
        pad.press(app, "a")
        pad.press(app, "b")  # a short press binds B
        assert scene.capturing is None and "peek" in app.settings.bindings["gamepad"]["b"]
    finally:
        pad.unplug()
