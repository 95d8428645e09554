"""Drawing helpers shared by every screen.

Screens are laid out on a design canvas of 1280x720 units. ``Viewport``
maps design units to window pixels (uniform scale, centred), so a layout
written once is right at any window size; text is rendered at the scaled size,
so it stays sharp. Fonts and rendered text are cached.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.paths import asset_path

DESIGN_W, DESIGN_H = 1280, 720
MIN_W, MIN_H = 640, 360  # below this the table is unreadable: we show "enlarge the window"

# A calm palette: felt green table, warm paper cards, player colours.
FELT = (22, 74, 52)
FELT_DARK = (15, 52, 37)
INK = (24, 24, 28)
PAPER = (246, 240, 226)
WHITE = (250, 250, 250)
GREY = (150, 150, 150)
DIM = (90, 90, 90)
GOLD = (240, 196, 64)
RED = (214, 64, 58)
BLUE = (58, 120, 214)
GREEN = (70, 170, 90)
PANEL = (18, 22, 30)
HILITE = (255, 220, 90)
REFUSE = (230, 70, 60)
PLAYER_COLOURS = [(230, 80, 70), (70, 140, 235), (240, 190, 60), (120, 200, 110), (190, 110, 220), (90, 210, 210)]
PLAYER_NAMES = ["Red", "Blue", "Gold", "Green", "Violet", "Teal"]


class Viewport:
    """Design units -> pixels for the current window size."""

    def __init__(self, size: tuple[int, int]):
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(1, size[0]), max(1, size[1])
        self.size = (w, h)
        self.scale = min(w / DESIGN_W, h / DESIGN_H)
        self.ox = (w - DESIGN_W * self.scale) / 2
        self.oy = (h - DESIGN_H * self.scale) / 2

    @property
    def too_small(self) -> bool:
        return self.size[0] < MIN_W or self.size[1] < MIN_H

    def p(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.ox + x * self.scale), round(self.oy + y * self.scale))

    def s(self, v: float) -> int:
        return max(1, round(v * self.scale))

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x0, y0 = self.p(x, y)
        x1, y1 = self.p(x + w, y + h)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def rect(self, rect) -> pygame.Rect:
        return self.r(rect[0], rect[1], rect[2], rect[3])

    def to_design(self, pos: tuple[int, int]) -> tuple[float, float]:
        return ((pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale)


_FORGET: list = []


def image_cache(maxsize: int):
    """``lru_cache`` for images made to the window's size: all of them are forgotten when the
    window changes size (see ``forget_images``)."""

    def wrap(fn):
        cached = lru_cache(maxsize=maxsize)(fn)
        _FORGET.append(cached.cache_clear)
        return cached

    return wrap


def forget_on_resize(clear):
    """Register ``clear`` (e.g. a module's dict of images ``.clear``) to be called when the window changes size."""
    _FORGET.append(clear)
    return clear


def forget_images() -> None:
    """The window changed size: every kept image was made for the old size. Dropping them keeps memory
    flat however many sizes a window is dragged through (each size would otherwise keep its own set)."""
    for clear in _FORGET:
        clear()


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return pygame.font.Font(str(asset_path("fonts", name)), max(6, int(px)))


@image_cache(2048)
def text(s: str, px: int, colour=WHITE, bold: bool = False) -> pygame.Surface:
    return font(px, bold).render(s, True, colour)


def wrap(s: str, px: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than ``width`` pixels (words kept whole)."""
    return list(_wrap(s, px, width, bold))


@lru_cache(maxsize=2048)
def _wrap(s: str, px: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(px, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else line + " " + w
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return tuple(lines)


def blit_text(surf, s: str, px: int, pos, colour=WHITE, bold=False, anchor="topleft") -> pygame.Rect:
    img = text(s, px, colour, bold)
    r = img.get_rect(**{anchor: pos})
    surf.blit(img, r)
    return r


@lru_cache(maxsize=4096)
def fit_px(s: str, px: int, width: int, bold: bool = False) -> int:
    """The largest font size <= px at which ``s`` fits in ``width`` pixels."""
    while px > 8 and font(px, bold).size(s)[0] > width:
        px -= 1
    return px


@image_cache(256)
def veil(w: int, h: int, colour: tuple, alpha: int, radius: int = 0) -> pygame.Surface:
    """A see-through rounded rectangle, made once per size and colour (not per frame)."""
    tmp = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.rect(tmp, (*colour[:3], alpha), tmp.get_rect(), border_radius=radius)
    return tmp


def panel(surf, rect, colour=PANEL, radius=10, border=None, width=2, alpha=None):
    if alpha is not None:
        surf.blit(veil(rect.w, rect.h, tuple(colour[:3]), alpha, radius), rect.topleft)
    else:
        pygame.draw.rect(surf, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, border, rect, width=width, border_radius=radius)


def shade(surf, alpha=170):
    w, h = surf.get_size()
    surf.blit(veil(w, h, (0, 0, 0), alpha), (0, 0))


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def reset_caches() -> None:
    """Forget cached fonts and images (they die with pygame.quit())."""
    font.cache_clear()
    text.cache_clear()
    fit_px.cache_clear()
    _wrap.cache_clear()
    veil.cache_clear()
    forget_images()  # every image_cache and forget_on_resize (card faces too): made by the old display
