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
PLAYER_NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"]  # never a card colour of any game


class Viewport:
    """Design units -> pixels for the current window size."""

    def __init__(self, size: tuple[int, int]):
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(1, size[0]), max(1, size[1])
        self.size = (w, h)
        self.scale = min(w / DESIGN_W, h / DESIGN_H)
        _SCALE[0] = self.scale
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


def text(s: str, px: int, colour=WHITE, bold: bool = False) -> pygame.Surface:
    """The image of one line of text (made once per text, size, colour and weight)."""
    if SEEN is not None:
        SEEN.append(s)
    return text_image(s, px, colour, bold)


@image_cache(2048)
def text_image(s: str, px: int, colour, bold: bool) -> pygame.Surface:
    img = font(px, bold).render(s, True, colour)
    if LOG is not None:  # the text-fit test knows a text wherever its image is blitted
        TEXT_IMAGES[id(img)] = (s, img)
    return img


SEEN: list[str] | None = None  # when a test makes it a list: every text drawn, whole (the words check reads it)


def seen(s: str) -> None:
    """Tell the words check a whole text about to be drawn (it may then be wrapped or cut in lines)."""
    if SEEN is not None:
        SEEN.append(s)


TEXT_IMAGES: dict = {}  # filled only while the text-fit test records (``LOG``)


def wrap(s: str, px: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than ``width`` pixels (words kept whole)."""
    seen(s)
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


def _room(anchor: str, x: int, box: pygame.Rect) -> int:
    """How wide a line anchored at ``x`` may be and stay inside ``box``."""
    if anchor.endswith("left"):
        return box.right - x
    if anchor.endswith("right"):
        return x - box.left
    return 2 * min(x - box.left, box.right - x)


def blit_text(
    surf, s: str, px: int, pos, colour=WHITE, bold=False, anchor="topleft", box=None, min_px=None
) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` at ``pos``, by the one fitting rule (``fit``): when it is
    wider than the room ``box`` (default: the surface) leaves it, it shrinks to the minimum size, then ends
    with an ellipsis (its whole text then shows on hover). The text-fit test checks every drawn text against
    its box (when none is given: the panel it is drawn in) and against every other text (see ``TextLog``)."""
    seen(s)
    img = text(s, px, colour, bold)
    room = surf.get_rect() if box is None else pygame.Rect(box)
    width = _room(anchor, round(pos[0]), room)
    cut = False
    if 0 < width < img.get_width():  # (a text whose anchor is outside its room, sliding in, is left alone)
        if min_px is None:
            min_px = min(px, max(7, round(MIN_PX * _SCALE[0])))
        p, ls, cut = fit(s, width, 10 * px, px, min_px, bold, 1)
        img = text(ls[0], p, colour, bold)
    r = img.get_rect(**{anchor: pos})
    blit_line(surf, img, r, s, box)
    if cut and surf is pygame.display.get_surface():
        CUT.append((r.copy(), s))
    return r


def blit_line(surf, img, r, s, box) -> None:
    """Blit a text's image, telling the text-fit test (when it records) what it says and its box."""
    if LOG is None:
        surf.blit(img, r)
        return
    LOG.pending = (img, s, box)
    surf.blit(img, r)
    if LOG.pending is not None:  # a surface that does not record its blits
        LOG.pending = None
        LOG.text(surf, s, r, box)


def fit_px(s: str, px: int, width: int, bold: bool = False) -> int:
    """The largest font size <= px (and >= 8) at which ``s`` fits in ``width`` pixels: the size ``fit`` picks."""
    return fit(s, width, 10 * px, px, 8, bold, 1)[0]


MIN_PX = 11  # no text is drawn smaller than this on a 1280x720 screen (scaled with the window)


@lru_cache(maxsize=4096)
def fit(s: str, w: int, h: int, px: int, min_px: int, bold: bool = False, lines: int = 0) -> tuple:
    """How ``s`` fits a ``w`` x ``h`` box: (px, lines, cut). The one way every text is fitted:
    first shrink a single line down to ``min_px``; then wrap, at the largest size whose lines fit
    the height; last, at ``min_px``, keep the lines that fit and end the last one with an ellipsis
    (``cut`` is then true and the whole text is shown on hover/focus, see ``show_whole``)."""
    min_px = max(6, min(min_px, px))
    w, h = max(1, w), max(1, h)
    if "\n" not in s:
        for p in range(px, min_px - 1, -1):
            f = font(p, bold)
            if f.size(s)[0] <= w and f.get_linesize() <= h + 2:
                return p, (s,), False
    for p in range(px, min_px - 1, -1):
        ls = _wrap(s, p, w, bold)
        f = font(p, bold)
        if (not lines or len(ls) <= lines) and all(f.size(line)[0] <= w for line in ls):
            if len(ls) * f.get_linesize() <= h + 2:
                return p, ls, False
    f = font(min_px, bold)
    keep = max(1, min(lines or 99, h // max(1, f.get_linesize())))
    wrapped = _wrap(s, min_px, w, bold)
    out = [_ellipsis(line, min_px, w, bold) for line in wrapped[:keep]]
    if len(wrapped) > keep:
        out[-1] = _ellipsis(wrapped[keep - 1] + " " + wrapped[keep], min_px, w, bold)
    return min_px, tuple(out), True


def _ellipsis(line: str, px: int, w: int, bold: bool) -> str:
    f = font(px, bold)
    if f.size(line)[0] <= w:
        return line
    while line and f.size(line.rstrip() + "…")[0] > w:
        line = line[:-1]
    return line.rstrip() + "…" if line else ""


def draw_fitted(
    surf, s: str, box, px: int, colour=WHITE, bold=False, align="center", valign="center", min_px=None, lines=0
) -> pygame.Rect:
    """Draw ``s`` inside ``box`` (a pixel rect) by the one fitting rule (``fit``). ``min_px`` defaults to
    ``MIN_PX`` scaled like ``px`` would be. Returns the rect the text covers. A cut text is remembered
    with its box, so the whole of it can be shown when the pointer rests on it."""
    box = pygame.Rect(box)
    seen(s)
    if min_px is None:
        min_px = min(px, max(7, round(MIN_PX * _SCALE[0])))
    p, ls, cut = fit(s, box.w, box.h, px, min_px, bold, lines)
    f = font(p, bold)
    step = f.get_linesize()
    total = step * len(ls)
    y = {"top": box.top, "bottom": box.bottom - total}.get(valign, box.centery - total // 2)
    covered = None
    for line in ls:
        img = text(line, p, colour, bold)
        r = img.get_rect(top=y)
        if align == "left":
            r.left = box.left
        elif align == "right":
            r.right = box.right
        else:
            r.centerx = box.centerx
        blit_line(surf, img, r, line, box)
        covered = r if covered is None else covered.union(r)
        y += step
    if cut and surf is pygame.display.get_surface():  # on the screen: its whole text shows on hover
        CUT.append((box.copy(), s))
    return covered or pygame.Rect(box.topleft, (0, 0))


_SCALE = [1.0]  # the window's scale, kept by the viewport so min sizes follow the window
CUT: list = []  # (box, whole text) of texts cut this frame: the app shows the whole one on hover


def show_whole(surf, mouse_pos) -> None:
    """Draw the whole text of a cut text under the pointer (called by the app after the frame)."""
    for box, s in reversed(CUT):
        if box.collidepoint(mouse_pos):
            px = max(12, round(18 * _SCALE[0]))
            w = min(surf.get_width() - 20, max(200, font(px).size(s)[0] + 24))
            ls = _wrap(s, px, w - 24, False)
            h = len(ls) * font(px).get_linesize() + 16
            r = pygame.Rect(0, 0, w, h)
            r.midtop = (mouse_pos[0], mouse_pos[1] + 22)
            r.clamp_ip(surf.get_rect())
            if r.collidepoint(mouse_pos):
                r.bottom = mouse_pos[1] - 8
            pygame.draw.rect(surf, (250, 246, 232), r, border_radius=6)
            pygame.draw.rect(surf, INK, r, width=1, border_radius=6)
            y = r.top + 8
            for line in ls:
                surf.blit(text(line, px, INK), (r.left + 12, y))
                y += font(px).get_linesize()
            break
    CUT.clear()


class TextLog:
    """What the text-fit test reads: every text drawn on the screen with its rect and its box.

    Every surface's texts are kept (a card face's, a panel's): blitting a surface carries its texts to
    where it lands. Drawing something opaque (a panel, a card, a shade, a fill) over texts hides them:
    they leave the log, since nobody can read them. A text drawn without a box gets, as its box, the
    last panel drawn on its surface under its centre (else the surface)."""

    def __init__(self, screen):
        self.screen = screen
        self.kept: dict = {}  # id(surface) -> (surface, [(text, rect, box)], [panels drawn on it])
        self.pending = None  # (image, text, box) of the text a drawing helper is blitting
        self.cut: list = []  # (text, its rect, the shape's rect) of texts a shape was drawn over, on the screen
        TEXT_IMAGES.clear()

    def _of(self, surf):
        got = self.kept.get(id(surf))
        if got is None or got[0] is not surf:
            got = self.kept[id(surf)] = (surf, [], [])
        return got

    @property
    def items(self) -> list:
        return self._of(self.screen)[1]

    def text(self, surf, s, rect, box=None) -> None:
        rect = pygame.Rect(rect)
        if not s.strip() or not surf.get_clip().colliderect(rect):
            return  # blank, or wholly outside the visible part (a scrolled page)
        _surf, texts, panels = self._of(surf)
        if box is None:
            box = next((p for p in reversed(panels) if p.collidepoint(rect.center)), surf.get_rect())
        texts.append((s, rect, pygame.Rect(box)))

    def panel(self, surf, rect) -> None:
        self._of(surf)[2].append(pygame.Rect(rect))

    def blitted(self, surf, source, rect, area=None) -> None:
        """``source`` was blitted on ``surf`` at ``rect``: a text joins the log, a picture hides what it
        covers and brings its own texts."""
        pending, self.pending = self.pending, None
        if pending is not None and pending[0] is source:
            self.text(surf, pending[1], rect, pending[2])
            return
        got = TEXT_IMAGES.get(id(source))
        if got is not None and got[1] is source:
            self.text(surf, got[0], rect, None)
            return
        self.cover(surf, rect, source, area)
        inner = self.kept.get(id(source))
        if inner is None or inner[0] is not source:
            return
        ax, ay = (area[0], area[1]) if area is not None else (0, 0)
        seen = pygame.Rect(ax, ay, rect.w, rect.h)
        for s, r, box in inner[1]:
            if seen.colliderect(r):
                self.text(surf, s, r.move(rect.x - ax, rect.y - ay), box.move(rect.x - ax, rect.y - ay))

    def carry(self, source, copy, offset=(0, 0)) -> None:
        """``copy`` is a copy of (a part at ``offset`` of) ``source``: it holds the same texts."""
        inner = self.kept.get(id(source))
        if inner is not None and inner[0] is source:
            seen = copy.get_rect(topleft=offset)
            _c, texts, _p = self._of(copy)
            texts += [
                (s, r.move(-offset[0], -offset[1]), b.move(-offset[0], -offset[1]))
                for s, r, b in inner[1]
                if seen.colliderect(r)
            ]

    def cover(self, surf, rect, source=None, area=None) -> None:
        """Something was drawn on ``rect``: the texts whose letters it hides (most of their ink under
        its opaque part) are gone."""
        got = self.kept.get(id(surf))
        if got is None or got[0] is not surf or not got[1]:
            return
        rect = pygame.Rect(rect)
        mask = None
        keep = []
        for it in got[1]:
            ink = _ink(it[1]).clip(rect)
            if not ink.w or not ink.h:
                keep.append(it)
                continue
            if source is not None:
                if mask is None:
                    mask = pygame.mask.from_surface(source, 199)  # a veil lighter than this leaves texts readable
                ax, ay = (area[0], area[1]) if area is not None else (0, 0)
                part = pygame.mask.Mask(ink.size, fill=True)
                hidden = mask.overlap_area(part, (ink.x - rect.x + ax, ink.y - rect.y + ay))
                if hidden * 2 < _ink(it[1]).w * _ink(it[1]).h:
                    keep.append(it)
                    continue
            elif ink.w * ink.h * 2 < _ink(it[1]).w * _ink(it[1]).h:
                keep.append(it)
                continue
        got[1][:] = keep

    def shape(self, surf, rect, filled: bool, width: int = 0) -> None:
        """A shape was drawn on ``rect``: a filled one hides the texts it mostly covers; a mark (a ring, a
        dot, a badge: a shape not much bigger than the text) that covers a text in part or whose outline
        crosses its letters is a problem (the hand ring over a card's title)."""
        got = self.kept.get(id(surf))
        if got is None or got[0] is not surf or not got[1]:
            return
        rect = pygame.Rect(rect)
        keep = []
        for it in got[1]:
            ink = _ink(it[1]).inflate(-2, -2)
            part = ink.clip(rect)
            if part.w <= 0 or part.h <= 0:
                keep.append(it)
                continue
            mark = max(rect.w, rect.h) <= 5 * ink.h  # a mark (a ring, a dot, a badge), not a panel or a card
            if filled:
                if part.w * part.h * 2 >= ink.w * ink.h:
                    continue  # hidden: nobody reads it
                if mark:
                    self.cut.append((it[0], it[1], rect))
                elif part.h == ink.h and part.w < ink.w:  # a panel over one end of it: the rest shows
                    seen = it[1].clip(pygame.Rect(it[1].left, it[1].top, rect.left - it[1].left, it[1].h))
                    if part.left == ink.left:
                        seen = pygame.Rect(rect.right, it[1].top, it[1].right - rect.right, it[1].h)
                    it = (it[0], seen, it[2])
            elif mark and not rect.inflate(-2 * width, -2 * width).contains(ink):
                self.cut.append((it[0], it[1], rect))  # the outline runs across its letters
            keep.append(it)
        got[1][:] = keep

    def problems(self) -> list[str]:
        out = [f"{s!r} at {tuple(r)} is drawn over by a shape at {tuple(q)}" for s, r, q in self.cut]
        screen = self.screen.get_rect()
        items = self.items
        for s, r, box in items:
            if not box.inflate(2, 2).contains(r) or not screen.contains(r):
                out.append(f"{s!r} at {tuple(r)} escapes its box {tuple(box)}")
        for i, (s, r, _b) in enumerate(items):
            ink = _ink(r)
            for t, q, _c in items[i + 1 :]:
                if ink.colliderect(_ink(q)) and not (s == t and _same_place(r, q)):
                    out.append(f"{s!r} at {tuple(r)} overlaps {t!r} at {tuple(q)}")
        return out


def _same_place(r: pygame.Rect, q: pygame.Rect) -> bool:
    """One text drawn twice where it stands (its shadow under it, or itself again, bold, to light it up)."""
    near = max(2, r.h // 10)
    return abs(r.centerx - q.centerx) <= near and abs(r.centery - q.centery) <= near


def _ink(r: pygame.Rect) -> pygame.Rect:
    """A text's rect less the empty space fonts put above and below the letters."""
    pad = r.h // 6
    return pygame.Rect(r.x + 1, r.y + pad, max(1, r.w - 2), max(1, r.h - 2 * pad))


LOG: TextLog | None = None
PLAIN_SURFACE = pygame.Surface  # pygame's own class, kept: the text-fit test swaps pygame.Surface while it draws


class RecordingSurface(PLAIN_SURFACE):
    """A surface whose drawing is told to ``LOG`` (for the text-fit test, which makes the screen one and,
    while a frame is drawn, every ``pygame.Surface`` made)."""

    def blit(self, source, dest, area=None, special_flags=0):
        r = PLAIN_SURFACE.blit(self, source, dest, area, special_flags)
        if LOG is not None:
            LOG.blitted(self, source, r if area is None else pygame.Rect(r.topleft, pygame.Rect(area).size), area)
        return r

    def fill(self, color, rect=None, special_flags=0):
        r = PLAIN_SURFACE.fill(self, color, rect, special_flags)
        if LOG is not None and not special_flags:
            LOG.cover(self, r)
        return r

    def copy(self):
        out = PLAIN_SURFACE.copy(self)
        if LOG is not None:
            LOG.carry(self, out)
        return out

    def subsurface(self, *rect):
        part = PLAIN_SURFACE.subsurface(self, *rect)
        if LOG is not None:
            LOG.carry(self, part, part.get_offset())
        return part


def recording_screen(screen):
    """A stand-in for the screen whose blits go to ``LOG`` (for the text-fit test)."""
    return RecordingSurface(screen.get_size(), 0, screen)


@image_cache(256)
def veil(w: int, h: int, colour: tuple, alpha: int, radius: int = 0) -> pygame.Surface:
    """A see-through rounded rectangle, made once per size and colour (not per frame)."""
    tmp = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.rect(tmp, (*colour[:3], alpha), tmp.get_rect(), border_radius=radius)
    return tmp


def panel(surf, rect, colour=PANEL, radius=10, border=None, width=2, alpha=None):
    if LOG is not None:
        if alpha is None or alpha >= 200:
            LOG.cover(surf, rect)
        LOG.panel(surf, rect)
    if alpha is not None:
        surf.blit(veil(rect.w, rect.h, tuple(colour[:3]), alpha, radius), rect.topleft)
    else:
        pygame.draw.rect(surf, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, border, rect, width=width, border_radius=radius)


def shade(surf, alpha=170):
    w, h = surf.get_size()
    if LOG is not None and alpha >= 150:
        LOG.cover(surf, surf.get_rect())
    img = veil(w, h, (0, 0, 0), alpha)
    PLAIN_SURFACE.blit(surf, img, (0, 0))


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def reset_caches() -> None:
    """Forget cached fonts and images (they die with pygame.quit())."""
    font.cache_clear()
    text_image.cache_clear()
    fit.cache_clear()
    _wrap.cache_clear()
    veil.cache_clear()
    forget_images()  # every image_cache and forget_on_resize (card faces too): made by the old display
