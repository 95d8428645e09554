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

from tabletop.ui import cards, gfx

from ..rules import board
from ..rules.content import BOXERS

PAPER = (246, 240, 226)
STEP_TINT = (222, 236, 222)
TURN_TINT = (220, 230, 244)
ATTACK_TINT = (248, 228, 220)
AREA = (214, 64, 58)
GRID_LINE = (150, 140, 128)
KEYWORD_LABEL = {"stick-and-move": "Stick & Move", "counter": "Counter", "daze": "Daze", "cooldown": "Cooldown"}
KEYWORD_SHORT = {"stick-and-move": "S&M", "counter": "Ctr", "daze": "Daze", "cooldown": "Cool"}
KEYWORD_INK = {
    "stick-and-move": (30, 110, 60),
    "counter": (40, 80, 170),
    "daze": (140, 60, 150),
    "cooldown": (60, 120, 150),
}
KEYWORD_HELP = {
    "stick-and-move": "lands and you are not hurt: a free step after the exchange",
    "counter": "lands while they attack: you take no damage",
    "daze": "a hit: no Burst or React for them next exchange, their cards shuffled",
    "cooldown": "rests during the next exchange",
}
STEP_WORDS = {
    "forward": "Forward",
    "forward-right": "Forward-right",
    "right": "Right",
    "back-right": "Back-right",
    "back": "Back",
    "back-left": "Back-left",
    "left": "Left",
    "forward-left": "Forward-left",
}


def card_of(boxer: str, cid: str):
    return BOXERS[boxer].by_id[cid]


def describe(boxer: str, cid: str) -> str:
    """One line a player reads about a card (focus / hover help)."""
    c = card_of(boxer, cid)
    if c.kind == "step":
        s = f"Step {STEP_WORDS[board.STEPS[c.step]].lower()}"
        return s + (" · favoured: you may turn 45° after it" if c.favoured else "")
    if c.kind == "turn":
        side = "left" if c.turn < 0 else "right"
        return f"Turn {abs(c.turn) * 45}° {side}: no step, you face a new way"
    kws = "; ".join(f"{KEYWORD_LABEL[k]}: {KEYWORD_HELP[k]}" for k in c.keywords)
    return f"{c.name}, power {c.power}" + (f" · {kws}" if kws else "")


def kept_frame(w, h, seat, fill):
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    radius = max(3, w // 9)
    bw = max(2, w // 22)
    pygame.draw.rect(surf, gfx.PLAYER_COLOURS[seat], r, border_radius=radius)
    inner = r.inflate(-2 * bw, -2 * bw)
    pygame.draw.rect(surf, fill, inner, border_radius=max(1, radius - bw))
    return surf, inner


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


def _step(c, seat, w, h, big):
    surf, inner = kept_frame(w, h, seat, STEP_TINT)
    label_h = int(h * 0.22) if big else 0
    cell = min((inner.w - 6) // 3, (inner.h - label_h - 6) // 3)
    gx = inner.centerx - cell * 3 // 2
    gy = inner.top + (inner.h - label_h - cell * 3) // 2
    dx, dy = board.DIRS[c.step]
    _grid(surf, (gx, gy), cell, (-1, 0, 1), (1, 0, -1), {(dx, dy)}, (0, 0), seat)
    # the shaded destination is drawn lighter than an attack's area
    dest = pygame.Rect(gx + (dx + 1) * cell, gy + (1 - dy) * cell, cell, cell)
    pygame.draw.rect(surf, (120, 180, 120), dest.inflate(-2, -2))
    centre = (gx + cell * 3 // 2, gy + cell * 3 // 2)
    arrow(surf, (20, 70, 30), centre, dest.center, max(2, cell // 7))
    if c.favoured:
        px = max(12, h // 5)
        gfx.blit_text(surf, "★", px, (inner.right - 2, inner.top + 1), gfx.GOLD, anchor="topright")
    if big:
        word = STEP_WORDS[board.STEPS[c.step]]
        px = gfx.fit_px(word, max(12, h // 9), inner.w - 6, bold=True)
        gfx.blit_text(surf, word, px, (inner.centerx, inner.bottom - 4), gfx.INK, bold=True, anchor="midbottom")
        if c.favoured:
            gfx.blit_text(
                surf,
                "+45° turn",
                max(11, h // 12),
                (inner.centerx, inner.bottom - 6 - px),
                (150, 110, 0),
                anchor="midbottom",
            )
    return surf


def _turn(c, seat, w, h, big):
    surf, inner = kept_frame(w, h, seat, TURN_TINT)
    glyph = "↺" if c.turn < 0 else "↻"
    px = max(16, int(min(inner.w, inner.h) * 0.55))
    gfx.blit_text(
        surf, glyph, px, (inner.centerx, inner.centery - inner.h * 0.12), (40, 70, 150), bold=True, anchor="center"
    )
    deg = f"{abs(c.turn) * 45}°"
    dpx = max(12, h // 5)
    gfx.blit_text(surf, deg, dpx, (inner.centerx, inner.bottom - 3), gfx.INK, bold=True, anchor="midbottom")
    if big:
        word = "Turn left" if c.turn < 0 else "Turn right"
        wpx = gfx.fit_px(word, max(12, h // 9), inner.w - 6, bold=True)
        gfx.blit_text(surf, word, wpx, (inner.centerx, inner.top + 4), gfx.INK, bold=True, anchor="midtop")
    return surf


def area_bounds(area):
    xs = [0] + [a[0] for a in area]
    ys = [0] + [a[1] for a in area]
    cols = tuple(range(min(-1, min(xs)), max(1, max(xs)) + 1))
    rows = tuple(range(max(ys), min(0, min(ys)) - 1, -1))
    return cols, rows


def _attack(boxer, c, seat, w, h):
    surf, inner = kept_frame(w, h, seat, ATTACK_TINT)
    pad = max(3, w // 24)
    px = max(10, round(h * 0.092))
    # the name across the top (two lines when it is long)
    room = inner.w - 2 * pad
    if gfx.font(px, True).size(c.name)[0] <= room:
        lines = [c.name]
    else:
        lines = gfx.wrap(c.name, px, room, bold=True)[:2]
    y = inner.top + pad
    for line in lines:
        lpx = gfx.fit_px(line, px, room, bold=True)
        gfx.blit_text(surf, line, lpx, (inner.centerx, y), gfx.INK, bold=True, anchor="midtop")
        y += px + 2
    top = y + pad // 2
    kws = c.keywords
    kw_h = len(kws) * (px + 2)
    # the power disc on the left of the area grid
    rad = max(8, int(min(w * 0.12, h * 0.085)))
    centre = (inner.left + pad + rad, top + rad)
    pygame.draw.circle(surf, (150, 30, 30), centre, rad)
    gfx.blit_text(surf, str(c.power), max(10, int(rad * 1.45)), centre, gfx.WHITE, bold=True, anchor="center")
    cols, rows = area_bounds(c.area_n)
    left = inner.left + 2 * pad + 2 * rad
    room_w = inner.right - pad - left
    room_h = inner.bottom - pad - kw_h - top
    cell = max(6, min(room_w // len(cols), room_h // len(rows), w // 6))
    gx = left + (room_w - cell * len(cols)) // 2
    gy = top + max(0, (room_h - cell * len(rows)) // 2)
    _grid(surf, (gx, gy), cell, cols, rows, set(c.area_n), (0, 0), seat)
    y = inner.bottom - pad - kw_h
    for k in kws:
        label = KEYWORD_LABEL[k]
        lpx = gfx.fit_px(label, px, room, bold=True)
        gfx.blit_text(surf, label, lpx, (inner.centerx, y), KEYWORD_INK[k], bold=True, anchor="midtop")
        y += px + 2
    return surf


@gfx.image_cache(64)
def back(seat: int, w: int, h: int) -> pygame.Surface:
    return cards.render(cards.Face(face_down=True, border=gfx.PLAYER_COLOURS[seat]), w, h)


def reset_caches() -> None:
    render.cache_clear()
    back.cache_clear()
