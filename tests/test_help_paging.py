"""Reading a help page with keys or a gamepad (issue 30): Page Down never jumps past a line (it moved
two screens at once, so JAB's Combo and Counter-Punch rules were never shown), and a held d-pad keeps
scrolling."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.ui import help
from tests.ui_helpers import VirtualPad, frames, key, make_app


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.needs("help")
def test_page_down_shows_every_line_of_the_page(game, size):
    app = make_app(size=size)
    try:
        scene = help.HelpScene(app, game)
        app.push(scene)
        frames(app, 1)
        ops, _total = scene.page(app.vp)
        col = help.page_rect(app.vp)
        lines = [op for op in ops if op.kind == "text"]
        shown: set = set()
        for _ in range(200):
            top = round(scene.scroll * app.vp.scale)
            shown |= {i for i, op in enumerate(lines) if op.y >= top and op.y + op.h <= top + col.h}
            if scene.scroll >= scene.max_scroll:
                break
            key(app, "page down")
        missed = [lines[i].text for i in range(len(lines)) if i not in shown]
        assert not missed, f"never shown whole when paging: {missed[:5]}"
    finally:
        pygame.quit()


def test_holding_the_dpad_scrolls_on(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        scene = help.HelpScene(app, registry.get("jab"))
        app.push(scene)
        frames(app, 2)
        pad.button("dpdown", True)
        frames(app, 2)
        one = scene.scroll  # the press: one line
        assert one == help.LINE
        frames(app, 40)  # held for about two thirds of a second
        assert scene.scroll > one + 3 * help.LINE
        pad.button("dpdown", False)
        frames(app, 2)
        still = scene.scroll
        frames(app, 10)
        assert scene.scroll == still
    finally:
        pad.unplug()
