"""Issue 37, "Everyone can play": faults a player saw at every window size, each read off the frame drawn."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.ui import gfx
from tests.ui_helpers import frames, make_app

SIZES = [(1280, 720), (800, 600)]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request):
    a = make_app(size=request.param)
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def drawn_lines(draw, monkeypatch) -> list:
    """(text, rect, px) of every line of text ``draw()`` draws."""
    out: list = []
    blit = gfx.blit_line

    def spy(surf, img, r, s, box):
        out.append((s, pygame.Rect(r), img.get_height()))
        blit(surf, img, r, s, box)

    monkeypatch.setattr(gfx, "blit_line", spy)
    draw()
    monkeypatch.setattr(gfx, "blit_line", blit)
    return out


def test_every_settings_row_label_is_set_in_one_size(app, monkeypatch):
    """"Practice aid in every game" was shrunk to a smaller font than the other rows' labels."""
    from tabletop.ui.launcher import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 2)
    labels = {it.label for it in scene.menu.items if it.choices}
    heights = {}
    for first in range(0, len(scene.menu.items), scene.menu.max_rows):  # every page of a scrolled menu
        scene.menu.scroll = first
        heights.update({s: h for s, _r, h in drawn_lines(app.draw, monkeypatch) if s in labels})
    assert set(heights) == labels
    assert len(set(heights.values())) == 1, heights
    app.pop()


def test_stabby_jacks_log_title_and_pause_hint_do_not_run_into_each_other(app, monkeypatch):
    """"What happened" ran into "Click the pause button: menu and rules" on every mouse turn."""
    from tabletop.bench import busy_table

    busy_table(registry.get("stabby-jack"), app)
    app.last_device = "mouse"
    frames(app, 30)
    app.stack[-1].invalidate()
    lines = drawn_lines(app.draw, monkeypatch)
    title = [r for s, r, _h in lines if s == "What happened"]
    hint = [r for s, r, _h in lines if s.endswith("menu and rules")]
    assert title and hint, [s for s, _r, _h in lines]
    assert not title[0].inflate(8, 0).colliderect(hint[0]), (title, hint)
    app.pop()
