"""Card faces of The Square Ring, drawn by us and cached per size.

* a step card: a 3x3 grid with the boxer in the middle (facing up, as on the
  printed card) and the square it ends on shaded, with an arrow; a star when
  the step is favoured (a 45-degree turn may follow);
* a turn card: a curved arrow and the angle;
* an attack card: the power in a disc, the name, the area as a grid seen from
  the boxer facing up, and the keywords.

Everything is rendered once per (card, seat, size) and reused every frame.
"""

from __future__ import annotations

import math

import pygame

from tabletop.core.i18n import N_, words
from tabletop.ui import cards, gfx
from tabletop.ui.cards import title_fit

from ..rules import board
from ..rules.content import BOXERS

_, ngettext = words(__name__)

PAPER = (246, 240, 226)
STEP_TINT = (222, 236, 222)
TURN_TINT = (220, 230, 244)
ATTACK_TINT = (248, 228, 220)
AREA = (214, 64, 58)
GRID_LINE = (150, 140, 128)
KEYWORD_LABEL = {
    "stick-and-move": N_("Stick & Move"),
    "counter": N_("Counter"),
    "daze": N_("Daze"),
    "cooldown": N_("Cooldown"),
}
KEYWORD_INK = {
    "stick-and-move": (30, 110, 60),
    "counter": (40, 80, 170),
    "daze": (140, 60, 150),
    "cooldown": (60, 120, 150),
}
KEYWORD_HELP = {
    "stick-and-move": N_("lands and you are not hurt: a free step after the exchange"),
    "counter": N_("lands while they attack: you take no damage"),
    "daze": N_("a hit: no Burst or React for them next exchange, their cards shuffled"),
    "cooldown": N_("rests during the next exchange"),
}
STEP_WORDS = {
    "forward": N_("Forward"),
    "forward-right": N_("Forward-right"),
    "right": N_("Right"),
    "back-right": N_("Back-right"),
    "back": N_("Back"),
    "back-left": N_("Back-left"),
    "left": N_("Left"),
    "forward-left": N_("Forward-left"),
}


def card_of(boxer: str, cid: str):
    return BOXERS[boxer].by_id[cid]


def describe(boxer: str, cid: str) -> str:
    """One line a player reads about a card (focus / hover help)."""
    c = card_of(boxer, cid)
    if c.kind == "step":
        s = _(c.name)
        return _("{card} · favoured: you may turn 45° after it").format(card=s) if c.favoured else s
    if c.kind == "turn":
        if c.turn < 0:
            return _("Turn {degrees}° left: no step, you face a new way").format(degrees=abs(c.turn) * 45)
        return _("Turn {degrees}° right: no step, you face a new way").format(degrees=abs(c.turn) * 45)
    kws = "; ".join(f"{_(KEYWORD_LABEL[k])}: {_(KEYWORD_HELP[k])}" for k in c.keywords)
    return _("{card}, power {power}").format(card=_(c.name), power=c.power) + (f" · {kws}" if kws else "")


def title_band(surf, inner, title: str, colour, h: int, px: int, least: int, two: bool = False) -> pygame.Rect:
    """The card's title band (as ``ui.cards.band``) with its title whole (``ui.cards.title_fit``), in up to three lines;
    ``two``: a title that needs two lines makes the band as high as two lines at ``least``."""
    if two and gfx.fit(title, inner.w - 4, h - 2, px, least, True, 1)[2]:
        h = max(h, 2 * gfx.font(least, True).get_linesize() + 4)
    w = inner.w - 4
    # in two lines if it can, else three (a long name on a narrow card); no room at all: cut, whole on hover
    text, p = title_fit(title, w, h - 2, px, least) or title_fit(title, w, h - 2, px, least, 3) or (title, least)
    rect = pygame.Rect(inner.left, inner.top, inner.w, h)
    top = max(1, min(inner.w, inner.h) // 10)
    pygame.draw.rect(surf, colour, rect, border_top_left_radius=top, border_top_right_radius=top)
    ink = cards.ink_on(colour)
    gfx.draw_fitted(surf, text, rect.inflate(-4, -2), p, ink, bold=True, min_px=p, lines=3, grow=False)
    return rect


def arrow(surf, colour, start, end, width):
    """A straight arrow with a filled head."""
    sx, sy = start
    ex, ey = end
    ang = math.atan2(ey - sy, ex - sx)
    head = max(4, width * 3)
    bx, by = ex - head * math.cos(ang), ey - head * math.sin(ang)
    pygame.draw.line(surf, colour, (sx, sy), (bx, by), max(1, width))
    left = (bx + head * 0.6 * math.cos(ang + math.pi / 2), by + head * 0.6 * math.sin(ang + math.pi / 2))
    right = (bx + head * 0.6 * math.cos(ang - math.pi / 2), by + head * 0.6 * math.sin(ang - math.pi / 2))
    pygame.draw.polygon(surf, colour, [(ex, ey), left, right])


def boxer_mark(surf, colour, rect):
    """The boxer on a card grid: a disc with a nose pointing up."""
    cx, cy = rect.center
    rad = max(3, int(min(rect.w, rect.h) * 0.34))
    pygame.draw.circle(surf, colour, (cx, cy), rad)
    tip = (cx, cy - rad - max(2, rad // 2))
    pygame.draw.polygon(surf, colour, [tip, (cx - rad * 0.7, cy - rad * 0.5), (cx + rad * 0.7, cy - rad * 0.5)])


def _grid(surf, origin, cell, cols, rows, shaded, me, seat):
    """cols/rows: ranges of (right, forward) offsets; shaded: set of offsets."""
    ox, oy = origin
    for j, fwd in enumerate(rows):
        for i, right in enumerate(cols):
            r = pygame.Rect(ox + i * cell, oy + j * cell, cell, cell)
            if (right, fwd) in shaded:
                pygame.draw.rect(surf, AREA, r)
            pygame.draw.rect(surf, GRID_LINE, r, width=1)
            if (right, fwd) == me:
                boxer_mark(surf, gfx.PLAYER_COLOURS[seat], r)


@gfx.image_cache(512)
def render(boxer: str, cid: str, seat: int, w: int, h: int, big: bool = True) -> pygame.Surface:
    """``big``: a card in an order slot (room for words); small: in the hand."""
    c = card_of(boxer, cid)
    w, h = max(16, w), max(16, h)
    if c.kind == "step":
        return _step(c, seat, w, h, big)
    if c.kind == "turn":
        return _turn(c, seat, w, h, big)
    return _attack(boxer, c, seat, w, h)


STEP_BAND = (46, 120, 70)
TURN_BAND = (48, 84, 160)
ATTACK_BAND = (150, 30, 30)


def _step(c, seat, w, h, big):
    surf, inner, body = cards.frame(w, h, gfx.PLAYER_COLOURS[seat], STEP_TINT)
    px = max(8, h // 9)
    if big:  # the step's word on the band, the grid under it
        word = _(STEP_WORDS[board.STEPS[c.step]])
        top = title_band(surf, inner, word, STEP_BAND, max(px + 6, h // 6), px + 2, max(7, px * 3 // 4), two=True)
        body = pygame.Rect(body.left, top.bottom + 3, body.w, body.bottom - top.bottom - 3)
    foot_h = max(px + 4, h // 8) if big and c.favoured else 0
    cell = max(3, min(body.w // 3, (body.h - foot_h) // 3))
    gx = body.centerx - cell * 3 // 2
    gy = body.top + (body.h - foot_h - cell * 3) // 2
    dx, dy = board.DIRS[c.step]
    _grid(surf, (gx, gy), cell, (-1, 0, 1), (1, 0, -1), {(dx, dy)}, (0, 0), seat)
    # the shaded destination is drawn lighter than an attack's area
    dest = pygame.Rect(gx + (dx + 1) * cell, gy + (1 - dy) * cell, cell, cell)
    pygame.draw.rect(surf, (120, 180, 120), dest.inflate(-2, -2))
    centre = (gx + cell * 3 // 2, gy + cell * 3 // 2)
    arrow(surf, (20, 70, 30), centre, dest.center, max(2, cell // 7))
    if c.favoured:
        star = pygame.Rect(0, 0, max(10, w // 4), max(10, w // 4))
        star.topright = (inner.right - 1, (inner.top if not big else top.bottom) + 1)
        gfx.draw_fitted(surf, "★", star, star.h, gfx.GOLD, min_px=8, lines=1, grow=False)
        if foot_h:
            foot = pygame.Rect(body.left, body.bottom - foot_h, body.w, foot_h)
            said = title_fit(_("+45° turn"), foot.w, foot.h, px, 7, 1) or ("+45°", px)  # the star says the rest
            gfx.draw_fitted(surf, said[0], foot, said[1], (150, 110, 0), bold=True, min_px=7, lines=1, grow=False)
    return surf


def _turn(c, seat, w, h, big):
    surf, inner, body = cards.frame(w, h, gfx.PLAYER_COLOURS[seat], TURN_TINT)
    px = max(8, h // 9)
    if big:
        word = _("Turn left") if c.turn < 0 else _("Turn right")
        top = title_band(surf, inner, word, TURN_BAND, max(px + 6, h // 6), px + 2, max(7, px * 3 // 4), two=True)
        body = pygame.Rect(body.left, top.bottom + 2, body.w, body.bottom - top.bottom - 2)
    deg_h = max(10, body.h * 3 // 10)
    glyph = pygame.Rect(body.left, body.top, body.w, body.h - deg_h)
    gfx.draw_fitted(
        surf,
        "↺" if c.turn < 0 else "↻",
        glyph,
        int(min(glyph.w, glyph.h) * 0.95),
        TURN_BAND,
        bold=True,
        min_px=8,
        grow=False,
    )
    deg = pygame.Rect(body.left, body.bottom - deg_h, body.w, deg_h)
    gfx.draw_fitted(
        surf, f"{abs(c.turn) * 45}°", deg, max(12, h // 5), gfx.INK, bold=True, min_px=8, lines=1, grow=False
    )
    return surf


def area_bounds(area):
    xs = [0] + [a[0] for a in area]
    ys = [0] + [a[1] for a in area]
    cols = tuple(range(min(-1, min(xs)), max(1, max(xs)) + 1))
    rows = tuple(range(max(ys), min(0, min(ys)) - 1, -1))
    return cols, rows


def _attack_places(c, w, h) -> dict:
    """Where each part of an attack card goes (card pixels): the band, the keywords' foot, the middle
    (area and power disc), the disc's radius, the text sizes, and the keywords as they stand (text, size,
    height: on two lines when one is too narrow for them)."""
    inner = pygame.Rect(0, 0, w, h).inflate(-2 * max(2, min(w, h) // 16), -2 * max(2, min(w, h) // 16))
    pad = max(2, min(w, h) // 16)
    body = inner.inflate(-2 * pad, -2 * pad)
    px = max(8, round(h * 0.092))
    small = max(7, px * 3 // 4)
    f = gfx.font(px + 1, True)
    one = f.size(_(c.name))[0] <= inner.w - 6  # the name on one line: a low band, more room for the area
    band_h = f.get_linesize() + 6 if one else max(px + 6, min(h // 4, 2 * f.get_linesize() + 4))
    if not one and title_fit(_(c.name), inner.w - 4, band_h - 2, px + 1, small) is None:  # three lines, small
        band_h = max(band_h, 3 * gfx.font(small, True).get_linesize() + 4)
    kw_step = max(small + 4, px + 3)
    keywords = []
    for k in c.keywords:
        label = _(KEYWORD_LABEL[k])
        two = 2 * gfx.font(small, True).get_linesize() + 2
        said = title_fit(label, body.w, kw_step, px, small, 1) or title_fit(label, body.w, two, px, small, 2)
        text, p = said or (label, small)
        keywords.append((text, p, kw_step if "\n" not in text else two))
    kw_h = sum(k[2] for k in keywords)
    foot = pygame.Rect(body.left, body.bottom - kw_h, body.w, kw_h)
    mid = pygame.Rect(body.left, inner.top + band_h + 3, body.w, foot.top - inner.top - band_h - 5)
    rad = max(7, min(mid.h * 2 // 5, body.w * 2 // 9))
    return {
        "band_h": band_h,
        "foot": foot,
        "mid": mid,
        "rad": rad,
        "px": px,
        "small": small,
        "keywords": keywords,
    }


def mark_box(boxer: str, cid: str, w: int, h: int) -> pygame.Rect:
    """Where a word laid over a card (e.g. "cooling") hides none of its texts: under an attack's power
    disc and above its keywords; the middle of any other card."""
    c = card_of(boxer, cid)
    if c.kind != "attack":
        return pygame.Rect(0, h // 3, w, h // 3)
    at = _attack_places(c, w, h)
    mid, rad = at["mid"], at["rad"]
    return pygame.Rect(mid.left, mid.top + 2 * rad, mid.w, max(1, mid.bottom - mid.top - 2 * rad))


def order_box(boxer: str, cid: str, w: int, h: int) -> pygame.Rect:
    """Where a mark over a card (its place in the order) hides none of its texts: beside an attack's power
    disc, over its area; the middle of any other card."""
    c = card_of(boxer, cid)
    if c.kind != "attack":
        return pygame.Rect(0, h // 3, w, h // 3)
    at = _attack_places(c, w, h)
    mid, rad = at["mid"], at["rad"]
    return pygame.Rect(mid.left + 2 * rad, mid.top, max(1, mid.w - 2 * rad), mid.h)


def _attack(boxer, c, seat, w, h):
    """The name on a red band, the power large in a disc beside the area it hits (seen from the boxer,
    who faces up), and the keywords at the foot; every text fitted to its place."""
    surf, inner, body = cards.frame(w, h, gfx.PLAYER_COLOURS[seat], ATTACK_TINT)
    at = _attack_places(c, w, h)
    px, small, foot, mid, rad = at["px"], at["small"], at["foot"], at["mid"], at["rad"]
    title_band(surf, inner, _(c.name), ATTACK_BAND, at["band_h"], px + 1, small)
    top = foot.top
    for k, (text, p, kw_h) in zip(c.keywords, at["keywords"], strict=True):
        box = pygame.Rect(foot.left, top, foot.w, kw_h)
        gfx.draw_fitted(surf, text, box, p, KEYWORD_INK[k], bold=True, min_px=p, lines=2, grow=False)
        top += kw_h
    cols, rows = area_bounds(c.area_n)
    cell = max(4, min((mid.w - rad - 2) // len(cols), mid.h // len(rows)))
    gx = mid.right - cell * len(cols) - max(0, (mid.w - rad - 2 - cell * len(cols)) // 2)
    gy = mid.top + max(0, (mid.h - cell * len(rows)) // 2)
    _grid(surf, (gx, gy), cell, cols, rows, set(c.area_n), (0, 0), seat)
    # the power in the upper left, over the grid's corner if the card is narrow (as on the printed card)
    cards.disc(surf, (mid.left + rad, mid.top + rad), rad, str(c.power), ATTACK_BAND, gfx.WHITE)
    return surf


@gfx.image_cache(64)
def back(seat: int, w: int, h: int) -> pygame.Surface:
    return cards.render(cards.Face(face_down=True, border=gfx.PLAYER_COLOURS[seat]), w, h)


def reset_caches() -> None:
    render.cache_clear()
    back.cache_clear()
