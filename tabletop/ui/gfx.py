"""Drawing helpers shared by every screen.

Screens are laid out on a design canvas of 1280x720 units. ``Viewport``
maps design units to window pixels (scaled to the window's height, squeezed sideways in a window
narrower than 16:9), so a layout written once fills any window; text is rendered at the scaled size,
so it stays sharp. Fonts and rendered text are cached.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

import pygame

from tabletop.paths import asset_path

DESIGN_W, DESIGN_H = 1280, 720
NARROW_W = 960  # the design canvas squeezed as far as it goes (a 4:3 window), see ``Viewport``
MIN_W, MIN_H = 640, 360  # below this the table is unreadable: we show "enlarge the window"

# A calm palette: felt green table, warm paper cards, player colours.
FELT = (22, 74, 52)
FELT_DARK = (15, 52, 37)
INK = (24, 24, 28)
PAPER = (246, 240, 226)
WHITE = (250, 250, 250)
GREY = (182, 182, 182)
DIM = (90, 90, 90)
GOLD = (240, 196, 64)
RED = (214, 64, 58)
BLUE = (58, 120, 214)
GREEN = (129, 197, 143)
PANEL = (18, 22, 30)
ROW, ROW_FOCUS = (34, 40, 54), (60, 70, 92)  # a menu's rows
HILITE = (255, 220, 90)
REFUSE = (242, 161, 156)
# Every colour a text is drawn in reads at 4.5:1 or more on the felt and the panels (tests/test_accessibility.py).
PLAYER_COLOURS = [(242, 161, 155), (140, 184, 243), (240, 190, 60), (120, 200, 110), (214, 164, 233), (90, 210, 210)]
# The seats' colours for each "Colour vision" setting: under that kind of colour vision every two seats'
# colours still look apart (tests/test_accessibility.py simulates it). Seats also show their names.
PALETTES = {
    "usual": list(PLAYER_COLOURS),
    # kept apart by lightness and the blue-yellow difference these eyes see (chosen by simulating them);
    # the first two (most games' two seats) still warm against blue, as the games call them "Red" and "Blue"
    "protanopia": [(255, 180, 0), (0, 195, 255), (225, 255, 210), (240, 165, 180), (240, 165, 105), (255, 255, 150)],
    "deuteranopia": [(255, 180, 0), (0, 195, 255), (225, 255, 210), (60, 210, 105), (0, 210, 195), (255, 255, 135)],
    # kept apart by lightness and the red-cyan difference these eyes see
    "tritanopia": [(255, 165, 0), (150, 195, 255), (255, 255, 255), (30, 255, 225), (225, 165, 240), (165, 195, 0)],
}
PLAYER_NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"]  # never a card colour of any game


class Viewport:
    """Design units -> pixels for the current window size.

    Heights and sizes (text, radii, lines: ``s``) follow the window's height: 720 units are its height
    from 16:9 down to 4:3. Across, the 1280 units fill the window's width, so from 16:9 to 4:3 a
    layout is squeezed sideways (``sx``, down to 3/4 of ``scale``) rather than letterboxed: one layout
    fills every window and its text stays as large as the window's height allows. Outside that range
    the window gets bars at its sides (wider than 16:9) or top and foot (narrower than 4:3).
    See docs/development.md, "Window sizes"."""

    def __init__(self, size: tuple[int, int]):
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(1, size[0]), max(1, size[1])
        self.size = (w, h)
        self.scale = min(w / NARROW_W, h / DESIGN_H)  # sizes and heights
        self.sx = min(w / DESIGN_W, self.scale)  # across: as much as the window's width gives, up to the scale
        _SCALE[0] = self.scale
        self.ox = (w - DESIGN_W * self.sx) / 2
        self.oy = (h - DESIGN_H * self.scale) / 2

    def upright(self, cx: float, cy: float) -> Viewport:
        """This viewport with as much scale down as across (the squeezed one): a board drawn with it keeps
        its squares in a window squeezed sideways, smaller, centred on design point (cx, cy) as before."""
        v = Viewport.__new__(Viewport)
        v.__dict__.update(self.__dict__)
        v.scale = self.sx
        v.oy = self.oy + cy * (self.scale - self.sx)
        return v

    @property
    def too_small(self) -> bool:
        return self.size[0] < MIN_W or self.size[1] < MIN_H

    def p(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.ox + x * self.sx), round(self.oy + y * self.scale))

    def s(self, v: float) -> int:
        return max(1, round(v * self.scale))

    def across(self, v: float) -> int:
        """``v`` design units across, in pixels (a width: squeezed with the layout; ``s`` is for sizes)."""
        return max(1, round(v * self.sx))

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x0, y0 = self.p(x, y)
        x1, y1 = self.p(x + w, y + h)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def rect(self, rect) -> pygame.Rect:
        return self.r(rect[0], rect[1], rect[2], rect[3])

    def to_design(self, pos: tuple[int, int]) -> tuple[float, float]:
        return ((pos[0] - self.ox) / self.sx, (pos[1] - self.oy) / self.scale)


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


TEXT_SCALE = [1.0]  # the player's "Text size" setting (1.0, 1.25, 1.5), see ``draw_fitted``


def set_palette(vision: str) -> None:
    """The seats' colours for ``vision`` (a "Colour vision" setting) from now on."""
    colours = PALETTES.get(vision, PALETTES["usual"])
    if colours != PLAYER_COLOURS:
        PLAYER_COLOURS[:] = colours  # in place: every screen reads this list as it draws
        forget_images()


def grown(px: int, height: int, bold: bool = False, lines: int = 0) -> int:
    """``px`` made larger by the player's text size, as far as ``lines`` lines (at least one) stand in ``height``."""
    big = round(px * TEXT_SCALE[0])
    while big > px and font(big, bold).get_linesize() * max(1, lines) > height:
        big -= 1
    return big


def set_text_size(percent: int) -> None:
    """Texts fitted to a box (``draw_fitted``) are asked ``percent`` % of their size from now on."""
    if percent / 100 != TEXT_SCALE[0]:
        TEXT_SCALE[0] = percent / 100
        forget_images()


@lru_cache(maxsize=1)
def _glyph_font():
    """The text font, asked which characters it draws (pygame.freetype knows; pygame.font does not)."""
    import pygame.freetype

    pygame.freetype.init()
    return pygame.freetype.Font(str(asset_path("fonts", "DejaVuSans.ttf")), 16)


def missing_glyphs(s: str) -> list[str]:
    """The characters of ``s`` the game's font has no picture for (each is drawn as an empty box,
    never a crash), once each; marks and joiners that only change the character before them left out."""
    import unicodedata

    metrics = _glyph_font().get_metrics(s) or []
    out = [c for c, m in zip(s, metrics, strict=False) if m is None and unicodedata.category(c)[0] not in "MC"]
    return list(dict.fromkeys(out))


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
    room = surf.get_rect() if box is None else pygame.Rect(box)
    width = _room(anchor, round(pos[0]), room)
    img = text(s, px, colour, bold)
    cut = False
    if 0 < width < img.get_width():  # (a text whose anchor is outside its room, sliding in, is left alone)
        if min_px is None:
            min_px = min(px, max(BODY_PX, round(MIN_PX * _SCALE[0])))
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


def first_fitting(wordings: list[str], px: int, width: int, bold: bool = False) -> str:
    """The first of ``wordings`` (the fullest first) that stands whole in ``width`` pixels at ``px`` or shrunk
    no further than a text may be (``blit_text``'s least size); the last when none does. For a label in a
    room that a narrow window or a long language leaves small (a short form rather than a cut word)."""
    least = min(px, max(BODY_PX, round(MIN_PX * _SCALE[0])))
    for s in wordings:
        if font(least, bold).size(s)[0] <= width:
            return s
    return wordings[-1]


MIN_PX = 11  # no text is drawn smaller than this on a 1280x720 screen (scaled with the window) ...
BODY_PX = 12  # ... nor under this on any screen (a mark on a card's picture may pass its own least size)


def body_px(vp) -> int:
    """The least size a text is shrunk to in this window to fit its room (as ``fit``'s callers default)."""
    return max(BODY_PX, vp.s(MIN_PX))


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
            if len(ls) * f.get_linesize() <= h + 1:  # (the text-fit test allows a pixel)
                return p, ls, False
    f = font(min_px, bold)
    keep = max(1, min(lines or 99, h // max(1, f.get_linesize())))
    wrapped = _wrap(s, min_px, w, bold)
    out = [ellipsis(line, min_px, w, bold) for line in wrapped[:keep]]
    if len(wrapped) > keep:
        out[-1] = ellipsis(wrapped[keep - 1] + " " + wrapped[keep], min_px, w, bold)
    return min_px, tuple(out), True


def ellipsis(line: str, px: int, w: int, bold: bool) -> str:
    """``line`` as it stands in ``w`` pixels at ``px``: whole, or cut short to end with "…" (the fitting
    rule's last resort; the tests count what it cuts)."""
    f = font(px, bold)
    if f.size(line)[0] <= w:
        return line
    while line and f.size(line.rstrip() + "…")[0] > w:
        line = line[:-1]
    return line.rstrip() + "…" if line else ""


def fitted(s: str, box, px: int, bold=False, min_px=None, lines=0, grow=True) -> tuple:
    """How ``draw_fitted`` lays ``s`` out in ``box`` (a pixel rect): (px, lines, cut), by the one fitting rule
    (``fit``). ``min_px`` defaults to ``MIN_PX`` scaled like ``px`` would be. With ``grow`` (the default) the
    player's text size (``TEXT_SCALE``) makes ``px`` larger: the text takes the largest size up to that which
    fits the box, never less than at 100%. Card faces pass ``grow=False``: their texts are parts of a picture
    sized by the card, and keep their places on it."""
    box = pygame.Rect(box)
    if min_px is None:
        min_px = min(px, max(BODY_PX, round(MIN_PX * _SCALE[0])))
    if grow and TEXT_SCALE[0] > 1:
        big = _grown_fit(s, box.w, box.h, round(px * TEXT_SCALE[0]), px, bold, lines)
        if big is not None:
            return big
    return fit(s, box.w, box.h, px, min_px, bold, lines)


@lru_cache(maxsize=4096)
def _grown_fit(s: str, w: int, h: int, big: int, px: int, bold: bool, lines: int) -> tuple | None:
    """The largest size from ``big`` down, above ``px``, at which ``s`` fits a ``w`` x ``h`` box whole:
    (px, lines, False), or None if only ``px`` or less fits. A text that stands on one line at ``px`` stays
    on one line; a text wrapped at ``px`` is wrapped anew, in up to ``lines`` lines (0: any number)."""
    one_line = "\n" not in s and font(px, bold).size(s)[0] <= w
    for p in range(big, px, -1):
        ls = (s,) if one_line else _wrap(s, p, w, bold)
        f = font(p, bold)
        if (not lines or len(ls) <= lines) and all(f.size(line)[0] <= w for line in ls):
            if (len(ls) - 1) * f.get_linesize() + f.get_height() <= h:  # the last line's picture too
                return p, ls, False
    return None


def one_size(texts: list[str], boxes: list, px: int, min_px=None, lines=0, bold=False) -> int:
    """The one size of a column of texts, each in its box: the largest at which every one fits by ``fitted``
    (grown with the player's text size as far as the boxes allow), so no text stands smaller than its
    neighbours. Draw them at it with ``grow=False``."""
    sizes = [fitted(s, box, px, bold, min_px, lines)[0] for s, box in zip(texts, boxes, strict=True)]
    return min(sizes, default=px)


def draw_fitted(
    surf,
    s: str,
    box,
    px: int,
    colour=WHITE,
    bold=False,
    align="center",
    valign="center",
    min_px=None,
    lines=0,
    grow=True,
) -> pygame.Rect:
    """Draw ``s`` inside ``box`` (a pixel rect) as ``fitted`` lays it out, at the player's text size as far as
    the box allows. Returns the rect the text covers. A cut text is remembered with its box, so the whole of
    it can be shown when the pointer rests on it."""
    box = pygame.Rect(box)
    seen(s)
    p, ls, cut = fitted(s, box, px, bold, min_px, lines, grow)
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


def draw_log(
    surf, entries: list, box, px: int, step=0, valign="top", align="left", newest_first=False, gap=0, bold=False
) -> pygame.Rect:
    """A log's texts, ``entries`` (text, colour) oldest first, one under another in ``box`` (a pixel rect), each
    wrapped to its width, at the player's text size (``TEXT_SCALE``) as far as the newest stays whole in the
    box, never under ``px``. The newest is drawn last (first with ``newest_first``), then older ones while
    they fit whole, from the box's ``valign`` ("top", "center" or "bottom"), each line at the box's ``align``
    ("left" or "center"). ``step`` is the lines' pitch at ``px``
    (default: the font's line height) and ``gap`` the room between entries; both grow with the text.
    Returns the rect the lines cover."""
    box = pygame.Rect(box)
    if not entries:
        return pygame.Rect(box.topleft, (0, 0))

    def pitch(p: int) -> int:
        return max(font(p, bold).get_linesize(), round(step * p / px))

    p = max(px, round(px * TEXT_SCALE[0]))
    while p > px and len(_wrap(entries[-1][0], p, box.w, bold)) * pitch(p) > box.h:
        p -= 1
    step_p, gap_p = pitch(p), round(gap * p / px)
    blocks: list = []
    used = -gap_p
    for s, colour in reversed(entries):
        seen(s)
        ls = _wrap(s, p, box.w, bold)
        need = len(ls) * step_p + gap_p
        if blocks and used + need > box.h:
            break
        blocks.append([(line, colour) for line in ls][: max(1, box.h // step_p)])  # the newest: its head at least
        used += need
    if not newest_first:
        blocks.reverse()
    rows = sum(len(b) for b in blocks) * step_p + (len(blocks) - 1) * gap_p
    y = {"top": box.top, "bottom": box.bottom - rows}.get(valign, box.centery - rows // 2)
    x, anchor = (box.centerx, "midtop") if align == "center" else (box.left, "topleft")
    covered = pygame.Rect(x, y, 0, 0)
    for block in blocks:
        for line, colour in block:
            covered.union_ip(blit_text(surf, line, p, (x, y), colour, bold, anchor, box))
            y += step_p
        y += gap_p
    return covered


_SCALE = [1.0]  # the window's scale, kept by the viewport so min sizes follow the window
CUT: list = []  # (box, whole text) of texts cut this frame: the app shows the whole one on hover


def show_whole(surf, mouse_pos) -> tuple[pygame.Rect, str] | None:
    """Draw the whole text of a cut text under the pointer (called by the app after the frame);
    where it was drawn, and the text (None: none is under the pointer)."""
    shown = None
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
            shown = (r, s)
            break
    CUT.clear()
    return shown


class DrawLog(Protocol):
    """What the text-fit test records while it draws a frame (its ``TextLog``, in tests/text_log.py):
    the drawing helpers here tell it each text with its box, each panel and what covers the screen."""

    pending: tuple | None  # (image, text, box) of the text a drawing helper is blitting

    def text(self, surf, s: str, rect, box=None) -> None: ...

    def panel(self, surf, rect) -> None: ...

    def cover(self, surf, rect, source=None, area=None) -> None: ...


LOG: DrawLog | None = None
PLAIN_SURFACE = pygame.Surface  # pygame's own class, kept: the text-fit test swaps pygame.Surface while it draws


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
    _glyph_font.cache_clear()
    text_image.cache_clear()
    fit.cache_clear()
    _grown_fit.cache_clear()
    _wrap.cache_clear()
    veil.cache_clear()
    forget_images()  # every image_cache and forget_on_resize (card faces too): made by the old display
