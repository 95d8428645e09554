"""Issue 37, seen in the screenshot matrix (tools/shots.py): at 800x600 and 150% text, in Spanish and German,
the launcher, Settings and the setup screens cut words short ("Practice aid in ever…", a tile's pitch ending
in "…", "Margen de empate del contr…"), ran the launcher's subtitle to the window's edges and set one of the
launcher's buttons smaller than the others; a setup's page of details showed half a line at its foot."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.ui import gfx
from tests.ui_helpers import frames, make_app


@pytest.fixture(params=["en", "es", "de"])
def big_text(request, monkeypatch):
    """The program at 800x600 (the layout squeezed sideways as far as it goes) at 150% text, in a language."""
    monkeypatch.setenv("TABLETOP_LANGUAGE", request.param)
    app = make_app(size=(800, 600))
    app.settings.text_size = 150
    app.apply_look()
    app.start()
    frames(app, 1)
    yield app
    app.settings.text_size = 100
    app.apply_look()
    pygame.quit()


def drawn(app, monkeypatch, clipped=True) -> tuple[list[str], list[tuple[str, int]], list[tuple[str, pygame.Rect]]]:
    """(the texts cut short: with "…" or by the edge of the room they are drawn in, (text, px) of every text
    drawn, (line, rect) of every line drawn) in one whole frame. ``clipped``: a line half outside its clip
    counts as cut (not on a page that scrolls)."""
    cut: list[str] = []
    sizes: list[tuple[str, int]] = []
    lines: list[tuple[str, pygame.Rect]] = []
    show_whole, text, blit_line = gfx.show_whole, gfx.text, gfx.blit_line

    def whole(surf, pos):
        cut.extend(s for _box, s in gfx.CUT)
        return show_whole(surf, pos)

    def sized(s, px, *args, **kw):
        sizes.append((s, px))
        return text(s, px, *args, **kw)

    def line(surf, img, r, s, box):
        lines.append((s, pygame.Rect(r)))
        clip = surf.get_clip()
        if clipped and clip != surf.get_rect() and clip.colliderect(r) and not clip.inflate(2, 2).contains(r):
            cut.append(f"{s} (half outside its clip)")
        blit_line(surf, img, r, s, box)

    monkeypatch.setattr(gfx, "show_whole", whole)
    monkeypatch.setattr(gfx, "text", sized)
    monkeypatch.setattr(gfx, "blit_line", line)
    gfx.text_image.cache_clear()
    app.regions.invalidate()
    app.draw()
    monkeypatch.setattr(gfx, "show_whole", show_whole)
    monkeypatch.setattr(gfx, "text", text)
    monkeypatch.setattr(gfx, "blit_line", blit_line)
    return cut, sizes, lines


def test_the_launcher_settings_and_every_setup_show_each_text_whole_and_12_px_or_more(big_text, monkeypatch):
    from tabletop.ui.launcher import SettingsScene
    from tabletop.ui.setup import MoreOptions, Setup

    app = big_text
    screens = {"launcher": lambda: None, "settings": lambda: app.push(SettingsScene(app))}
    for spec in registry.load_all().values():
        screens[f"{spec.id} setup"] = lambda spec=spec: app.push(Setup(app, spec))
        screens[f"{spec.id} more options"] = lambda: app.push(MoreOptions(app, app.stack[-1]))
    for name, show in screens.items():
        if name == "settings" or name.endswith(" setup"):
            del app.stack[1:]  # back to the launcher (a setup's More options stands on its setup)
        show()
        frames(app, 2)
        cut, sizes, lines = drawn(app, monkeypatch)
        assert not cut, f"{name}: cut short: {cut}"
        inside = app.screen.get_rect().inflate(-16, 0)  # the Spanish launcher's subtitle ran to both edges
        assert all(inside.contains(r) for _s, r in lines), [(s, r) for s, r in lines if not inside.contains(r)]
        small = [(s, px) for s, px in sizes if px < gfx.BODY_PX and s.strip("▲▼‹› ")]
        assert not small, f"{name}: under {gfx.BODY_PX} px: {small}"


def test_the_launchers_buttons_are_set_in_one_size(big_text, monkeypatch):
    """German's "Aufzeichnungen" (Replays) was set smaller than "Beenden" (Quit) beside it."""
    app = big_text
    frames(app, 2)
    buttons = {it.text() for it in app.stack[-1].menu.items if not it.key}
    _cut, sizes, _lines = drawn(app, monkeypatch)
    px = {s: p for s, p in sizes if s in buttons}
    assert set(px) == buttons, px
    assert len(set(px.values())) == 1, px


def test_a_menus_buttons_are_set_in_one_size(big_text, monkeypatch):
    """A result's "Rematch" stood large over a smaller "Watch the replay": each row grew on its own."""
    from tabletop.bench import busy_table, finished_session
    from tabletop.ui.pause import PauseScene

    app = big_text
    spec = registry.get("stabby-jack")
    app.push(PauseScene(app, busy_table(spec, app)))
    table = spec.make_table(app, finished_session(spec, 3, 1))
    for show in (lambda: None, lambda: (app.pop(), app.pop(), app.push(table))):
        show()
        for _ in range(400):  # (a result: until its panel is up)
            if app.stack[-1] is not table or table.showing_result():
                break
            frames(app)
        frames(app, 2)
        menu = app.stack[-1].menu if app.stack[-1] is not table else table.result_menu
        buttons = {it.text() for it in menu.items if not it.choices}
        _cut, sizes, _lines = drawn(app, monkeypatch)
        px = {s: p for s, p in sizes if s in buttons}
        assert len(px) > 2 and len(set(px.values())) == 1, px


def test_the_help_pages_close_button_and_its_words_stay_in_the_window(big_text, monkeypatch):
    """At 800x600 the help page's Close button ran past the window's right edge."""
    from tabletop.ui.help import HelpScene

    app = big_text
    app.push(HelpScene(app, registry.get("punch")))
    frames(app, 2)
    cut, _sizes, lines = drawn(app, monkeypatch, clipped=False)
    window = app.screen.get_rect()
    assert window.contains(app.stack[-1].close_rect), (app.stack[-1].close_rect, window)
    assert not cut and all(window.contains(r) for _s, r in lines), cut
