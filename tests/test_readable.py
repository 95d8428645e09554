"""Issue 37, "Everyone can play": faults a player saw at every window size, each read off the frame drawn."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.ui import gfx
from tests import test_text_fit
from tests.test_text_fit import drawn_lines_of
from tests.ui_helpers import frames

app = test_text_fit.app  # the fixture: the program at each window size


def drawn_lines(draw, monkeypatch) -> list:
    """(text, rect, height) of every line of text ``draw()`` draws."""
    return [(s, r, r.h) for s, r in drawn_lines_of(draw, monkeypatch)]


def test_every_settings_row_label_is_set_in_one_size(app, monkeypatch):
    """ "Practice aid in every game" was shrunk to a smaller font than the other rows' labels."""
    from tabletop.ui.launcher import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 2)
    labels = {it.label for it in scene.menu.items if it.choices}
    sizes: dict = {}
    text = gfx.text
    monkeypatch.setattr(gfx, "text", lambda s, px, *a, **k: sizes.setdefault(s, px) and text(s, px, *a, **k))
    for first in range(0, len(scene.menu.items), scene.menu.max_rows):  # every page of a scrolled menu
        scene.menu.scroll = first
        gfx.text_image.cache_clear()
        app.draw()
    sizes = {s: px for s, px in sizes.items() if s in labels}
    assert set(sizes) == labels
    assert len(set(sizes.values())) == 1, sizes
    app.pop()


def test_stabby_jacks_log_title_and_pause_hint_do_not_run_into_each_other(app, monkeypatch):
    """ "What happened" ran into "Click the pause button: menu and rules" on every mouse turn."""
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


def test_jabs_round_summary_says_how_many_more_cards_inside_its_column(app, monkeypatch):
    """JAB's round summary spilled "2 more" out of its column, onto the DING! tile."""
    from tabletop.games.jab.table import panels

    line = {"punches_kept": list(range(6)), "punches_removed": [6, 7], "blocks_removed": [8, 9]}
    x, y = 172 + 488, 300  # the right-hand player's column, as draw_scoring places it
    out = drawn_lines(lambda: panels.draw_score_cards(app.screen, app.vp, x, y, line), monkeypatch)
    more = [r for s, r, _h in out if s.endswith("more")]
    column = app.vp.r(x, y, panels.SCORE_COLUMN_W, 72)
    assert more and column.contains(more[0]), (more, column)


def test_the_pause_menu_dims_the_whole_table_to_the_windows_foot(app):
    """The pause menu left a navy band at the bottom, not dimmed like the rest of the table."""
    from tabletop.bench import busy_table
    from tabletop.ui.pause import PauseScene

    table = busy_table(registry.get("punch"), app)
    frames(app, 30)
    app.draw()
    w, h = app.screen.get_size()
    foot = [(x, h - 1 - k) for x in range(4, w - 4, 7) for k in (2, app.vp.s(12), app.vp.s(24))]
    before = [tuple(app.screen.get_at(p))[:3] for p in foot]
    pause = PauseScene(app, table)
    app.push(pause)
    app.draw()
    card = app.vp.rect(pause.card())
    undimmed = [
        p
        for p, was in zip(foot, before, strict=True)
        if not card.collidepoint(p)
        and max(abs(a - b / 3) for a, b in zip(app.screen.get_at(p)[:3], was, strict=True)) > 6
    ]
    assert not undimmed, undimmed[:5]
    app.pop()
    app.pop()


def test_the_replay_bar_covers_nothing_of_the_table(app, monkeypatch, game):
    """The replay viewer's bar lay over the bottom of the table (Stabby Jack's hint line, a hand of cards), and
    then its hint strip over Boxing's keys line. Every game's table is drawn whole above both."""
    from tabletop.core import playout
    from tabletop.ui.replay import BAR_Y, HINT_H, ReplayScene

    spec = game
    replay = ReplayScene(app, spec, playout.play(spec, seed=3).record)
    app.push(replay)
    replay.seek(len(replay.actions) // 2)  # mid-game: the table is full to its foot
    frames(app, 20)
    drawing = []
    table = replay.table
    real = table.frame_draw

    def draw_table(*a, **k):
        drawing.append(True)
        try:
            real(*a, **k)
        finally:
            drawing.clear()

    table.frame_draw = draw_table
    table.invalidate()
    out: list = []
    blit = gfx.blit_line
    monkeypatch.setattr(
        gfx, "blit_line", lambda surf, img, r, s, box: (drawing and out.append((s, r)), blit(surf, img, r, s, box))
    )
    app.draw()
    bar_top = app.vp.p(0, BAR_Y - HINT_H)[1]
    assert out
    assert not [(s, r) for s, r in out if r.bottom > bar_top], bar_top
    app.pop()


def test_a_larger_text_size_makes_the_settings_values_and_hints_larger_and_they_still_fit(app, monkeypatch):
    from tabletop.ui.launcher import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 2)
    heights = {}
    for percent in (100, 150):
        app.settings.text_size = percent
        app.apply_look()
        heights[percent] = lines = drawn_lines(app.draw, monkeypatch)
    app.settings.text_size = 100
    app.apply_look()
    values = {it.choices[it.index][1] for it in scene.menu.items if it.choices}
    size = {p: {s: h for s, _r, h in heights[p] if s in values} for p in (100, 150)}
    assert all(size[150][s] > size[100][s] for s in values), size
    rows = [it.rect for it in scene.menu.items if it.rect is not None]
    in_rows = [(s, r) for s, r, _h in lines if any(row.colliderect(r) for row in rows)]
    assert len(in_rows) >= len(rows)
    assert all(any(row.contains(r) for row in rows) for _s, r in in_rows), in_rows  # each inside its row
    app.pop()


def _screen(app, name: str) -> None:
    """Put ``name`` (launcher, settings, GAME setup, GAME table, GAME result) on the app's screen."""
    from tabletop.bench import busy_table, finished_session
    from tabletop.ui.launcher import SettingsScene, Setup

    what, _, game = name.rpartition(" ")
    spec = registry.get(what) if what else None
    if game == "settings":
        app.push(SettingsScene(app))
    elif game == "setup":
        app.push(Setup(app, spec))
    elif game == "table":
        busy_table(spec, app)
    elif game == "result":
        table = spec.make_table(app, finished_session(spec, 3, 1))
        app.push(table)
        for _ in range(400):
            if table.showing_result():
                break
            frames(app)
    frames(app, 30)


# the launcher, Settings and every game's table and result (the text-fit walk covers the other screens at 4:3)
FILLED = [
    "launcher",
    "settings",
    "punch setup",
    "punch table",
    "punch result",
    "stabby-jack table",
    "stabby-jack result",
    "boxing-the-game table",
    "boxing-the-game result",
    "square-ring table",
    "square-ring result",
    "jab table",
    "jab result",
]


@pytest.mark.parametrize("name", FILLED)
@pytest.mark.parametrize("size", [(800, 600), (1024, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_4_3_window_is_filled_to_its_edges_and_its_body_text_is_12_px_or_more(size, name, monkeypatch):
    """At 800x600 everything was letterboxed to 800x450 with 8-9 px text. Now the screen's texts reach
    the window's top and foot (no bars), and every text drawn on the screen or a kept picture of it (not a
    mark on a card's picture) is at least 12 px at the 100% text size."""
    from tests.ui_helpers import make_app

    app = make_app(size=size)
    app.start()
    frames(app, 1)
    _screen(app, name)
    px_of: dict = {}
    text = gfx.text

    def sized(s, px, *a, **k):
        img = text(s, px, *a, **k)
        px_of[id(img)] = px
        return img

    monkeypatch.setattr(gfx, "text", sized)
    on_screen: list = []
    blit = gfx.blit_line
    w, h = size

    def spy(surf, img, r, s, box):  # on the screen or a kept picture of (a third of) it; not on a card or board
        if s.strip() and (surf is app.screen or surf.get_width() >= w // 3):
            whole = surf.get_size() == (w, h)  # the screen or a kept picture of it: a place on the screen
            on_screen.append((s, pygame.Rect(r) if whole else None, px_of.get(id(img), 0)))
        blit(surf, img, r, s, box)

    monkeypatch.setattr(gfx, "blit_line", spy)
    gfx.text_image.cache_clear()
    gfx.forget_images()
    app.regions.invalidate()  # the frame drawn whole, as anew (no kept picture, no part left as it was)
    for scene in app.stack:
        getattr(scene, "invalidate", lambda: None)()
        for name in ("shown_key", "calm_key"):
            if name in vars(scene):
                setattr(scene, name, None)
    app.draw()
    placed = [r for _s, r, _px in on_screen if r is not None]
    assert placed
    canvas = app.vp.r(0, 0, gfx.DESIGN_W, gfx.DESIGN_H)
    assert canvas.inflate(4, 4).contains((0, 0, w, h)), f"the screen is drawn in {canvas}: bars around it"
    spread = max(r.bottom for r in placed) - min(r.top for r in placed)
    assert spread > 0.8 * h, spread  # (letterboxed to 16:9, the texts stood within 3/4 of the height)
    small = sorted((px, s) for s, _r, px in on_screen if px < gfx.BODY_PX)
    assert not small, small[:5]
    pygame.quit()


def test_a_larger_text_size_makes_each_tables_texts_larger_and_none_smaller(game, monkeypatch):
    """The tables' own texts kept their size at every text size (Settings > Text size). At 150% a game's
    busiest table draws none of its texts smaller than at 100% and several of them (its log or caption,
    its lines and labels where their boxes have room) a tenth larger or more."""
    from tabletop.bench import busy_table
    from tests.ui_helpers import make_app

    app = make_app(size=(1280, 720))
    app.start()
    frames(app, 1)
    table = busy_table(game, app)
    frames(app, 5)
    height: dict = {}
    for percent in (100, 150):
        app.settings.text_size = percent
        app.apply_look()
        table.invalidate()
        height[percent] = tallest = {}
        for s, _r, h in drawn_lines(app.draw, monkeypatch):
            tallest[s] = max(tallest.get(s, 0), h)
    app.settings.text_size = 100
    app.apply_look()
    both = set(height[100]) & set(height[150])
    assert len(both) >= 10, sorted(both)
    smaller = {s: (height[100][s], height[150][s]) for s in both if height[150][s] < height[100][s]}
    assert not smaller, smaller
    larger = sorted(s for s in both if height[150][s] >= 1.1 * height[100][s])
    assert len(larger) >= 3, larger
    pygame.quit()


def test_boxings_side_panels_and_score_sheet_grow_with_the_text_size(monkeypatch):
    """Issue 37: Boxing: The Game's side panels ("Momentum", "Knockdowns") and score sheet (its heads, names,
    marks and totals) were placed at a point and kept their size at every Text size. At 150% they are a
    tenth larger or more at 1280x720 (the text-fit walk checks they still overlap nothing)."""
    from tabletop.bench import busy_table
    from tabletop.games.boxing_the_game.table.layout import ROUND_POINTS
    from tests.ui_helpers import make_app

    app = make_app(size=(1280, 720))
    app.start()
    frames(app, 1)
    table = busy_table(registry.get("boxing-the-game"), app)
    frames(app, 5)
    total = str(sum(table.shown_scores(0)))
    texts = ["Momentum", "Knockdowns", "Judges", "Round", "Total", "10", total, ROUND_POINTS, *table.names]
    height: dict = {}
    for percent in (100, 150):
        app.settings.text_size = percent
        app.apply_look()
        table.invalidate()
        gfx.forget_images()  # the sheet's words are drawn anew on the table's background
        height[percent] = {s: h for s, _r, h in drawn_lines(app.draw, monkeypatch) if s in texts}
    app.settings.text_size = 100
    app.apply_look()
    assert set(height[100]) == set(height[150]) == set(texts)
    small = {s: (height[100][s], height[150][s]) for s in texts if height[150][s] < 1.1 * height[100][s]}
    assert not small, small
    pygame.quit()
