"""The launcher's game tiles: one tile per game (its picture, name, players, length and a one-line
pitch) in a grid, with the launcher's other entries as a row of buttons under them.

``TileMenu`` is a ``Menu``: the same items, actions, mouse/keys/gamepad handling and hint line;
only where the items sit and how they look differ. The arrows (keys, d-pad, stick) move where they
point: left/right along a row, up/down to the row above or below, onto the item nearest in line
(stopping at the edges). Tab / Shift+Tab and the shoulder buttons walk every item in reading order."""

from __future__ import annotations

import pygame

from tabletop.core import registry
from tabletop.core.i18n import game_text, words
from tabletop.ui import art, gfx
from tabletop.ui.widgets import Menu

_, ngettext = words(__name__)

COLS = 3  # up to six games; more games take four to a row, and the tiles grow shorter to fit
TILE_W, TILE_H, GAP = 380, 180, 20
TOP = 150
TILES_H = 2 * TILE_H + GAP  # the height the grid of tiles may take (the buttons sit under it)
NARROW_TILES_H = 450  # ... in a window squeezed sideways (gfx.Viewport), where a row holds one tile fewer
PIC = 0.66  # the picture card's width, as a share of the tile's height
NARROW_PIC = 0.5  # ... in a window squeezed sideways, where the tiles are lower: the pitch needs the width


def pitch(spec) -> str:
    """The game's blurb, its first sentence: a few lines on the tile."""
    return game_text(spec, spec.blurb).split(". ")[0].rstrip(".") + "."


def meta(spec) -> str:
    """The tile's second line: how many players and how long a game takes (``spec.tile.length``)."""
    n = spec.min_players
    if n == spec.max_players:
        players = ngettext("{n} player", "{n} players", n).format(n=n)
    else:
        players = ngettext("{n} to {max} player", "{n} to {max} players", spec.max_players).format(
            n=n, max=spec.max_players
        )
    return f"{players} · {game_text(spec, spec.tile.length)}".rstrip(" ·")


class TileMenu(Menu):
    def __init__(self, items, sound=None, on_back=None):
        super().__init__(items, x=40, y=TOP, w=1200, row=TILE_H + GAP, sound=sound, on_back=on_back)
        self.narrow = False  # the window is squeezed sideways (from the last frame): fewer, wider tiles a row
        self.squeeze = 1.0  # how much narrower a design unit is across than down (from the last frame)
        self.max_rows = len(items)  # everything is on one screen: no scrolling
        self.games = [i for i, it in enumerate(items) if it.key]
        self.others = [i for i, it in enumerate(items) if not it.key]
        self._column: tuple[int, float] = (-1, 0.0)  # (item, x): where a run of up/down presses is aiming

    @property
    def cols(self) -> int:
        return (COLS if len(self.games) <= 2 * COLS else COLS + 1) - self.narrow

    def _rects(self):
        """Design-unit rects of every item, in item order: however many games, one screen."""
        out: dict[int, tuple[float, float, float, float]] = {}
        cols = self.cols
        rows = max(1, (len(self.games) + cols - 1) // cols)
        tile_w = (1200 - (cols - 1) * GAP) / cols
        if not self.narrow:
            tile_w = min(TILE_W, tile_w)
        gap = GAP * 0.6 if self.narrow else GAP  # (between rows: three rows share the height)
        tile_h = min(TILE_H, ((NARROW_TILES_H if self.narrow else TILES_H) - (rows - 1) * gap) / rows)
        x0 = (gfx.DESIGN_W - (cols * tile_w + (cols - 1) * GAP)) / 2
        for n, i in enumerate(self.games):
            row, col = divmod(n, cols)
            in_row = min(cols, len(self.games) - row * cols)
            x = x0 + (cols - in_row) * (tile_w + GAP) / 2 + col * (tile_w + GAP)
            out[i] = (x, TOP + row * (tile_h + gap), tile_w, tile_h)
        y = TOP + rows * (tile_h + gap) + 6
        widths = self._button_widths()
        x = (gfx.DESIGN_W - (sum(widths) + (len(self.others) - 1) * 16)) / 2
        for i, bw in zip(self.others, widths, strict=True):
            out[i] = (x, y, bw, 46)
            x += bw + 16
        return out

    def _button_widths(self) -> list[float]:
        """The row of buttons' widths: all alike while every label fits its share, else each as wide as
        its label needs (a long word such as "Aufzeichnungen" takes the room a short "Beenden" leaves)."""
        n = len(self.others)
        room = gfx.DESIGN_W - 80 - (n - 1) * 16
        alike = min(280, room / max(1, n))
        f = gfx.font(round(20 * gfx.TEXT_SCALE[0]), True)  # as the label is drawn, in design units down
        need = [(f.size(self.items[i].text())[0] + 32) * self.squeeze for i in self.others]
        if all(w <= alike for w in need):
            return [alike] * n
        if sum(need) <= room:
            return [w + (room - sum(need)) / n for w in need]
        return [room * w / sum(need) for w in need]

    def rows(self) -> list[list[int]]:
        """Item indices row by row, as drawn: the tiles ``cols`` to a row, then the row of buttons."""
        rows = [self.games[n : n + self.cols] for n in range(0, len(self.games), self.cols)]
        return rows + [self.others] if self.others else rows

    def press(self, button: str) -> bool:
        if not self.items:
            return False
        if button in ("up", "down", "left", "right"):
            self._step(button)
            return True
        if button in ("next", "prev"):
            order = [i for row in self.rows() for i in row if self.items[i].enabled]
            if order:
                at = order.index(self.focus) if self.focus in order else -1
                self._go(order[(at + (1 if button == "next" else -1)) % len(order)])
            return True
        return super().press(button)

    def _step(self, button: str) -> None:
        """Move the focus the way the arrow points; at an edge it stays where it is."""
        rows = self.rows()
        r = next((n for n, row in enumerate(rows) if self.focus in row), 0)
        row = rows[r]
        if button in ("left", "right"):
            c = row.index(self.focus) if self.focus in row else 0
            step = -1 if button == "left" else 1
            c += step
            while 0 <= c < len(row) and not self.items[row[c]].enabled:
                c += step
            if 0 <= c < len(row):
                self._go(row[c])
            return
        target = r + (-1 if button == "up" else 1)
        if not 0 <= target < len(rows):
            return
        rects = self._rects()
        # the column a run of up/down presses started from, so that down then up comes back
        if self._column[0] != self.focus:
            x, _, w, _ = rects[self.focus]
            self._column = (self.focus, x + w / 2)
        want = self._column[1]
        choices = [i for i in rows[target] if self.items[i].enabled]
        if choices:
            best = min(choices, key=lambda i: abs(rects[i][0] + rects[i][2] / 2 - want))  # ties: the left one
            self._go(best)
            self._column = (best, want)

    def _go(self, i: int) -> None:
        if i != self.focus:
            self.focus = i
            self._click()

    def handle(self, event, pad_changes, vp) -> bool:
        if (
            event is not None
            and event.type == pygame.KEYDOWN
            and event.key == pygame.K_TAB
            and event.mod & pygame.KMOD_SHIFT
        ):
            self.press("prev")  # Shift+Tab: back in reading order
            return super().handle(None, pad_changes, vp) or True
        return super().handle(event, pad_changes, vp)

    def draw(self, surf, vp) -> None:
        self.narrow = vp.sx < 0.9 * vp.scale
        self.squeeze = vp.scale / vp.sx
        rects = self._rects()
        button_px = self._buttons_px(vp, rects)
        for i, it in enumerate(self.items):
            r = vp.rect(rects[i])
            it.rect = r
            focused = i == self.focus
            if it.key:
                self._tile(surf, vp, it, r, focused)
            else:
                colour = (60, 70, 92) if focused else (34, 40, 54)
                gfx.panel(
                    surf, r, colour, radius=vp.s(8), border=gfx.HILITE if focused else None, width=max(1, vp.s(2))
                )
                ink = gfx.WHITE if it.enabled else gfx.GREY  # greyed out: nothing to open yet
                box = r.inflate(-vp.s(16), -2)
                gfx.draw_fitted(surf, it.text(), box, button_px, ink, bold=focused, lines=2, grow=False)
        hint = self.items[self.focus].hint_text() if self.items else ""
        if hint:
            box = vp.r(40, gfx.DESIGN_H - 44, gfx.DESIGN_W - 80, 32)
            gfx.draw_fitted(surf, hint, box, vp.s(16), gfx.GREY, grow=True)

    def _buttons_px(self, vp, rects) -> int:
        """One size for every button's label: the largest (up to the player's text size) at which each
        fits its button, in two lines at most (a button set smaller than its neighbours looks broken)."""
        boxes = [(self.items[i].text(), vp.rect(rects[i]).inflate(-vp.s(16), -2)) for i in self.others]
        if not boxes:
            return vp.s(20)
        px = gfx.grown(vp.s(20), boxes[0][1].h, True, 1)
        return min(gfx.fit(s, box.w, box.h, px, gfx.body_px(vp), True, 2)[0] for s, box in boxes)

    def _sizes(self, width: int, vp) -> tuple[int, int]:
        """One size for every tile's title and one for its players line: the largest at which all fit."""
        specs = [registry.load_all()[self.items[i].key] for i in self.games]
        title = min(gfx.fit_px(self.items[i].label, vp.s(22), width, bold=True) for i in self.games)
        line = min(gfx.fit_px(meta(s), vp.s(15), width) for s in specs)
        least = gfx.body_px(vp)  # never under the least body size: a longer line ends in "…" instead
        return max(least, title), max(least, line)

    def _tile(self, surf, vp, it, r, focused) -> None:
        spec = registry.load_all()[it.key]
        pic = NARROW_PIC if self.narrow else PIC
        surf.blit(tile_image(spec.tile.picture, spec.tile.colour, r.w, r.h, focused, pic), r)
        pad = vp.s(14)
        pic_w = int(r.h * pic)
        text_x = r.left + pad + pic_w + pad
        tw = r.right - pad - text_x
        title_px, meta_px = self._sizes(tw, vp)
        gfx.draw_fitted(
            surf,
            it.label,  # the game's name in the player's language
            pygame.Rect(text_x, r.top + pad, tw, vp.s(30)),
            title_px,
            gfx.GOLD,
            bold=True,
            align="left",
            lines=1,
            grow=False,  # one size for every tile's (_sizes)
        )
        gfx.draw_fitted(
            surf,
            meta(spec),
            pygame.Rect(text_x, r.top + pad + vp.s(32), tw, vp.s(22)),
            meta_px,
            (200, 220, 200),
            align="left",
            lines=1,
            grow=False,
        )
        gfx.draw_fitted(
            surf,
            pitch(spec),
            pygame.Rect(text_x, r.top + pad + vp.s(58), tw, r.bottom - pad - r.top - pad - vp.s(58)),
            vp.s(15),
            gfx.WHITE,
            align="left",
            valign="top",
            min_px=gfx.body_px(vp),
            grow=False,  # every tile's pitch in one size
        )


@gfx.image_cache(32)
def tile_image(
    key: registry.Picture, ink: tuple[int, int, int], w: int, h: int, focused: bool, pic: float = PIC
) -> pygame.Surface:
    """A tile's felt, frame and picture (the art ``key``, or the game's own drawing, on a card edged in
    ``ink``, ``pic`` of the tile's height wide; its texts are drawn over it)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    radius = max(4, h // 10)
    pygame.draw.rect(surf, (20, 58, 42) if not focused else (30, 80, 58), r, border_radius=radius)
    pygame.draw.rect(surf, gfx.HILITE if focused else (60, 110, 80), r, width=max(1, h // 50), border_radius=radius)
    pad = max(4, h // 11)
    card = pygame.Rect(pad, pad, int(h * pic), h - 2 * pad)
    pygame.draw.rect(surf, gfx.PAPER, card, border_radius=max(3, card.w // 10))
    pygame.draw.rect(surf, ink, card, width=max(2, card.w // 16), border_radius=max(3, card.w // 10))
    band = card.inflate(-card.w // 5, -card.h // 5)
    if callable(key):  # the game's own drawing (TileSpec.picture)
        key(surf, band, ink)
    elif key.startswith("glove"):
        pygame.draw.rect(surf, ink, band, border_radius=max(2, band.w // 10))
        art.draw(surf, key, band, gfx.WHITE)
    else:
        art.draw(surf, key, band, ink)
    return surf
