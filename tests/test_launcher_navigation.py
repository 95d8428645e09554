"""The launcher's grid of game tiles and its row of buttons, by keyboard and gamepad alone: every
arrow moves the focus the way it points (across the tiles, down into the buttons and back up),
Tab and the shoulder buttons walk every entry in reading order, and the focus is always drawn."""

from __future__ import annotations

import json

import pygame
import pytest

from tabletop import paths
from tabletop.ui import gfx
from tabletop.ui.tiles import TileMenu
from tests.ui_helpers import VirtualPad, frames, key, make_app, top

DIRS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    a = make_app()
    a.start()
    frames(a, 2)
    yield a
    pygame.quit()


def menu(app) -> TileMenu:
    m = top(app).menu
    assert isinstance(m, TileMenu)
    return m


def focused(app) -> str:
    m = menu(app)
    return m.items[m.focus].label


def centre(app, label: str) -> tuple[float, float]:
    m = menu(app)
    return next(it.rect.center for it in m.items if it.label == label)


def tile_rows(app) -> list[list[str]]:
    """The game tiles as drawn: rows top to bottom, each left to right (as many as games are loaded)."""
    tiles = [it for it in menu(app).items if it.key]
    tops = sorted({it.rect.top for it in tiles})
    return [[it.label for it in sorted((t for t in tiles if t.rect.top == y), key=lambda t: t.rect.left)] for y in tops]


def row_of(app, label: str) -> int:
    return next(n for n, row in enumerate(tile_rows(app)) if label in row)


def test_down_goes_to_the_tile_below_then_the_buttons_and_up_comes_back(app):
    rows = tile_rows(app)
    column = [row[0] for row in rows]  # the first tile of each row, under the first
    assert focused(app) == column[0]
    for label in column[1:]:
        key(app, "down")
        assert focused(app) == label  # the tile under it, not the next one in its row
    key(app, "down")
    assert focused(app) == "Learn to play"  # the button under the first column
    key(app, "down")
    assert focused(app) == "Learn to play"  # the bottom edge: it stays
    for label in reversed(column):
        key(app, "up")
        assert focused(app) == label
    key(app, "up")
    assert focused(app) == column[0]


def test_left_and_right_move_along_a_row_and_stop_at_its_ends(app):
    first = tile_rows(app)[0]
    for label in first[1:]:
        key(app, "right")
        assert focused(app) == label
    key(app, "right")
    assert focused(app) == first[-1]  # the end of the row: it stays
    began = centre(app, first[-1])[0]
    row = 0
    while menu(app).items[menu(app).focus].key:  # down, a row at a time, to the buttons
        key(app, "down")
        if menu(app).items[menu(app).focus].key:
            assert row_of(app, focused(app)) == row + 1
            row += 1
    # Continue and Replays, greyed out with nothing kept, are passed over
    buttons = [it.label for it in sorted(menu(app).items, key=lambda it: it.rect.left) if not it.key and it.enabled]
    assert buttons[0] == "Learn to play" and buttons[-1] == "Quit"
    # the button in line with the row's last tile, where this run of downs began
    assert focused(app) == min(buttons, key=lambda label: abs(centre(app, label)[0] - began))
    for label in buttons[buttons.index(focused(app)) + 1 :]:
        key(app, "right")
        assert focused(app) == label
    key(app, "right")
    assert focused(app) == "Quit"
    for label in reversed(buttons[:-1]):
        key(app, "left")
        assert focused(app) == label
    key(app, "left")
    assert focused(app) == "Learn to play"


def test_down_then_up_comes_back_to_the_same_tile(app):
    m = menu(app)
    for game in [it.label for it in m.items if it.key]:
        m.focus = next(i for i, it in enumerate(m.items) if it.label == game)
        frames(app)
        presses = 0
        while m.items[m.focus].key:  # down until the row of buttons
            key(app, "down")
            presses += 1
        for _ in range(presses):
            key(app, "up")
        assert focused(app) == game


def test_every_arrow_from_every_entry_moves_the_way_it_points_or_stays(app):
    """From each entry, an arrow lands on an entry lying that way (its centre further along the
    arrow than it leans across), or stays put only when no entry lies that way at all."""
    m = menu(app)
    for start in [i for i, it in enumerate(m.items) if it.enabled]:
        for d, (dx, dy) in DIRS.items():
            m.focus = start
            frames(app)
            here = m.items[start].rect.center
            key(app, d)
            there = m.items[m.focus].rect.center
            if m.focus == start:
                live = [it for it in m.items if it.enabled]  # a greyed-out button is never focused
                ahead = [it for it in live if it.rect.center != here and _along(here, it.rect.center, dx, dy)]
                row_mates = [it for it in live if abs(it.rect.centery - here[1]) < 2]
                # up/down: no row that way; left/right: no neighbour in this row that way
                if dy:
                    assert not [it for it in ahead if abs(it.rect.centery - here[1]) > 2], (start, d)
                else:
                    assert not [it for it in row_mates if (it.rect.centerx - here[0]) * dx > 0], (start, d)
            else:
                assert _along(here, there, dx, dy), (m.items[start].label, d, m.items[m.focus].label)


def _along(a, b, dx, dy) -> bool:
    ahead = (b[0] - a[0]) * dx + (b[1] - a[1]) * dy
    return ahead > 2


def test_up_from_every_button_lands_on_a_tile_above_it(app):
    m = menu(app)
    for n, it in enumerate(m.items):
        if it.key:
            continue
        m.focus = n
        frames(app)
        key(app, "up")
        tile = m.items[m.focus]
        assert tile.key, f"Up from {it.label} stayed on {tile.label}"
        # the nearest tile in line: no tile of that row is nearer to the button's centre
        row = [t for t in m.items if t.key and t.rect.centery == tile.rect.centery]
        gap = abs(tile.rect.centerx - it.rect.centerx)
        assert all(abs(t.rect.centerx - it.rect.centerx) >= gap for t in row)


def test_tab_and_shift_tab_walk_every_entry_in_reading_order(app):
    m = menu(app)
    live = [i for i in range(len(m.items)) if m.items[i].enabled]
    drawn = sorted(live, key=lambda i: (m.items[i].rect.top, m.items[i].rect.left))
    seen = [m.focus]
    for _ in range(len(drawn)):
        key(app, "tab")
        seen.append(m.focus)
    assert seen == drawn + drawn[:1]  # every entry once, as read, then round to the first
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode=""))
    frames(app)
    assert m.focus == drawn[-1]


def test_the_focused_entry_is_always_drawn_with_the_focus_frame(app):
    m = menu(app)
    for n in range(len(m.items)):
        m.focus = n
        app.draw()
        r = m.items[n].rect
        border = [app.screen.get_at((x, r.centery))[:3] for x in range(r.left, r.left + 8)]
        assert gfx.HILITE in border, m.items[n].label
        for other in m.items:
            if other is not m.items[n]:
                row = [
                    app.screen.get_at((x, other.rect.centery))[:3] for x in range(other.rect.left, other.rect.left + 8)
                ]
                assert gfx.HILITE not in row, (m.items[n].label, other.label)


PAD_WALK = ["dpdown", "dpright", "dpup", "dpdown", "dpdown", "dpdown", "dpup", "rightshoulder", "leftshoulder"]
KEYS_OF = {"dpdown": "down", "dpright": "right", "dpup": "up", "rightshoulder": "tab"}


def test_a_gamepad_alone_moves_as_the_arrows_do_and_its_shoulders_as_tab(app):
    walk = [focused(app)]  # the same presses as keys: arrows and Tab, Shift+Tab for the left shoulder
    for press in PAD_WALK:
        if press == "leftshoulder":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode=""))
            frames(app)
        else:
            key(app, KEYS_OF[press])
        walk.append(focused(app))
    app.reset_to(type(top(app))(app))
    frames(app, 2)
    pad = VirtualPad()
    try:
        frames(app, 3)
        assert focused(app) == walk[0]
        for n, press in enumerate(PAD_WALK, 1):
            pad.press(app, press)
            assert focused(app) == walk[n], (press, walk)
        assert len(set(walk)) >= 4  # it went somewhere: tiles and buttons
        last = walk[-1]  # a tile: the left shoulder came back to it
        for _ in range(len(tile_rows(app))):  # the stick pushed down works as the d-pad
            last = focused(app)
            pad.axis("lefty", 1.0)
            frames(app, 3)
            pad.axis("lefty", 0.0)
            frames(app, 3)
            if not menu(app).items[menu(app).focus].key:
                break
        assert not menu(app).items[menu(app).focus].key  # on the row of buttons
        pad.press(app, "dpup")
        assert focused(app) == last  # back up to the tile it came down from
        pad.press(app, "a")
        assert type(top(app)).__name__ == "Setup" and top(app).spec.name == last
    finally:
        pad.unplug()
        frames(app, 2)


def test_with_a_kept_game_continue_starts_focused_and_up_leaves_it_for_a_tile(app):
    folder = paths.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kept.json").write_text(json.dumps({}))
    app.reset_to(type(top(app))(app))
    frames(app, 2)
    assert focused(app).startswith("Continue")
    assert menu(app).rows()[-1][0] == menu(app).focus  # the first of the buttons, under the tiles
    key(app, "up")
    assert menu(app).items[menu(app).focus].key
    key(app, "down")
    assert focused(app).startswith("Continue")


def test_back_from_a_game_the_launcher_focuses_that_game(app):
    key(app, "down")
    key(app, "right")  # the second tile of the second row (or its first)
    game = focused(app)
    assert row_of(app, game) == 1
    key(app, "return")
    assert type(top(app)).__name__ == "Setup"
    start = next(i for i, it in enumerate(top(app).menu.items) if it.key == "start")
    top(app).menu.focus = start
    key(app, "return")
    assert top(app).spec.name == game
    key(app, "escape")
    pause = top(app)
    pause.menu.focus = next(i for i, it in enumerate(pause.menu.items) if it.label.startswith("Leave to the menu"))
    key(app, "return")
    assert type(top(app)).__name__ == "Launcher"
    assert focused(app) == game  # not back at the first tile
    key(app, "up")
    assert row_of(app, focused(app)) == 0


def test_the_buttons_under_the_tiles_stay_where_they_are_when_games_are_kept(app):
    """Issue 30: Continue and Replays appeared only once there was something to open, pushing every other
    button along: a click remembered from yesterday landed on another button. Now they are always there,
    greyed out and passed over while empty."""

    def buttons():
        frames(app, 2)
        m = menu(app)
        return {m.items[i].label.split(" (")[0]: m.items[i].rect.copy() for i in m.rows()[-1]}

    empty = buttons()
    assert {"Continue", "Replays", "Settings", "Quit"} <= set(empty)
    m = menu(app)
    assert not focused(app).startswith(("Continue", "Replays"))  # nothing to open: the focus skips them
    cont = next(it for it in m.items if it.label.startswith("Continue"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=cont.rect.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=cont.rect.center))
    frames(app, 2)
    assert top(app).__class__.__name__ == "Launcher"  # a greyed-out button opens nothing
    folder = paths.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kept.json").write_text(json.dumps({}))
    app.reset_to(type(top(app))(app))
    assert buttons() == empty
