"""Our own pictures, drawn in code: a glove for each blow, a guard, a slip, a rest, a portrait.

Every picture is drawn from pygame's shapes into the rect it is given, in one ink colour plus
the shared palette, so a card keeps its colour and a shape a colour-blind player can tell apart.
Card faces call ``draw`` once per size (they are cached by ``cards.render``); nothing here runs
per frame. Keys: ``glove:<straight|cross|hook|uppercut|haymaker>``, ``guard``, ``slip``, ``rest``,
``court:<J|Q|K|A>``, ``portrait:<n>``.
"""

from __future__ import annotations

import math

import pygame

from tabletop.ui import gfx

LEATHER = (200, 40, 36)
LACE = (250, 240, 220)
SKIN = [(241, 200, 160), (214, 160, 118), (160, 110, 76), (112, 74, 50), (250, 214, 180), (190, 136, 96)]
HAIR = [(40, 30, 24), (120, 70, 30), (20, 20, 20), (200, 160, 80), (90, 50, 30), (160, 40, 30)]


def _mix(a, b, t):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def glove(surf, centre, size: float, angle: float, colour=LEATHER) -> None:
    """A glove seen from the side, its fist pointing at ``angle`` degrees (0 = right)."""
    s = max(6, int(size))
    img = pygame.Surface((s * 2, s * 2), pygame.SRCALPHA)
    dark = _mix(colour, (0, 0, 0), 0.35)
    light = _mix(colour, (255, 255, 255), 0.35)
    fist = pygame.Rect(0, 0, int(s * 1.25), int(s * 1.0))
    fist.center = (int(s * 1.15), s)
    pygame.draw.ellipse(img, dark, fist.inflate(4, 4))
    pygame.draw.ellipse(img, colour, fist)
    thumb = pygame.Rect(0, 0, int(s * 0.7), int(s * 0.42))
    thumb.center = (int(s * 1.05), int(s * 1.38))
    pygame.draw.ellipse(img, dark, thumb.inflate(3, 3))
    pygame.draw.ellipse(img, colour, thumb)
    shine = pygame.Rect(0, 0, int(s * 0.5), int(s * 0.22))
    shine.center = (int(s * 1.3), int(s * 0.72))
    pygame.draw.ellipse(img, light, shine)
    cuff = pygame.Rect(int(s * 0.18), int(s * 0.62), int(s * 0.45), int(s * 0.76))
    pygame.draw.rect(img, LACE, cuff, border_radius=max(1, s // 8))
    pygame.draw.rect(img, dark, cuff, width=max(1, s // 14), border_radius=max(1, s // 8))
    pygame.draw.line(img, dark, (cuff.centerx, cuff.top + 2), (cuff.centerx, cuff.bottom - 2), max(1, s // 14))
    img = pygame.transform.rotozoom(img, angle, 1)
    surf.blit(img, img.get_rect(center=centre))


def _motion(surf, colour, pts, width):
    if len(pts) >= 2:
        pygame.draw.lines(surf, colour, False, pts, width)


def blow(surf, kind: str, rect: pygame.Rect, ink) -> None:
    """A glove throwing that blow, with its path drawn behind it."""
    cx, cy = rect.center
    s = min(rect.w, rect.h) * 0.34
    w = max(2, int(s * 0.14))
    trail = _mix(ink, (255, 255, 255), 0.3)
    if kind == "straight":  # short and straight: three short speed lines
        for dy in (-0.45, 0, 0.45):
            y = cy + dy * s
            _motion(surf, trail, [(rect.left + 4, y), (cx - s * 0.6, y)], w)
        glove(surf, (cx + s * 0.35, cy), s * 0.95, 0)
    elif kind == "cross":  # long and straight, across the body: diagonal lines
        for d in (-0.5, 0, 0.5):
            _motion(surf, trail, [(rect.left + 2, cy + s * (0.9 + d)), (cx - s * 0.3, cy + s * (0.2 + d))], w)
        glove(surf, (cx + s * 0.45, cy - s * 0.3), s * 1.05, 20)
    elif kind == "hook":  # round from the side: an arc
        arc = pygame.Rect(rect.left + 2, cy - s * 0.3, rect.w - 4, s * 2.2)
        pygame.draw.arc(surf, trail, arc, math.radians(20), math.radians(160), w)
        glove(surf, (cx + s * 0.7, cy - s * 0.05), s * 0.95, -35)
    elif kind == "uppercut":  # from below, upward: a rising curve
        pts = [(cx - s * 0.9 + i * s * 0.12, cy + s * 1.2 - (i * 0.12) ** 2 * s * 1.4) for i in range(10)]
        _motion(surf, trail, pts, w)
        glove(surf, (cx + s * 0.25, cy - s * 0.2), s * 0.95, 80)
    else:  # haymaker: a huge wind-up circle
        pygame.draw.arc(surf, trail, rect.inflate(-6, -6), math.radians(-60), math.radians(200), w)
        glove(surf, (cx, cy), s * 1.2, -10)


def guard(surf, rect: pygame.Rect, ink) -> None:
    """Two gloves held up together: a block."""
    cx, cy = rect.center
    s = min(rect.w, rect.h) * 0.3
    pygame.draw.circle(surf, _mix(ink, (255, 255, 255), 0.6), (cx, cy), int(s * 1.55))
    pygame.draw.circle(surf, ink, (cx, cy), int(s * 1.55), max(2, int(s * 0.12)))
    glove(surf, (cx - s * 0.45, cy), s * 0.85, 90, _mix(ink, LEATHER, 0.5))
    glove(surf, (cx + s * 0.45, cy), s * 0.85, 90, _mix(ink, LEATHER, 0.5))


def slip(surf, rect: pygame.Rect, ink) -> None:
    """A head leaning out of a glove's way, with a curved arrow: a dodge."""
    cx, cy = rect.center
    s = min(rect.w, rect.h) * 0.3
    pygame.draw.circle(surf, SKIN[0], (int(cx - s * 0.5), int(cy + s * 0.1)), int(s * 0.6))
    pygame.draw.circle(surf, gfx.INK, (int(cx - s * 0.5), int(cy + s * 0.1)), int(s * 0.6), max(1, int(s * 0.08)))
    arc = pygame.Rect(0, 0, s * 2.0, s * 1.6)
    arc.center = (cx - s * 0.3, cy + s * 0.2)
    pygame.draw.arc(surf, ink, arc, math.radians(100), math.radians(220), max(2, int(s * 0.14)))
    tip = (arc.left + s * 0.05, arc.centery + s * 0.35)
    pygame.draw.polygon(surf, ink, [tip, (tip[0] - s * 0.25, tip[1] - s * 0.3), (tip[0] + s * 0.3, tip[1] - s * 0.2)])
    glove(surf, (cx + s * 0.7, cy - s * 0.5), s * 0.75, 180)


def rest(surf, rect: pygame.Rect, ink) -> None:
    """A lowered glove and a "z z": doing nothing."""
    cx, cy = rect.center
    s = min(rect.w, rect.h) * 0.3
    glove(surf, (cx - s * 0.2, cy + s * 0.5), s * 0.8, -90, _mix(ink, LEATHER, 0.4))
    for i, k in enumerate((0.5, 0.7)):
        px = max(8, int(s * k))
        img = gfx.text("z", px, ink, True)
        surf.blit(img, img.get_rect(center=(cx + s * (0.3 + i * 0.45), cy - s * (0.3 + i * 0.45))))


def portrait(surf, rect: pygame.Rect, n: int, ink) -> None:
    """A boxer's head and shoulders; ``n`` picks skin, hair and shorts so each boxer looks their own."""
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(rect).clip(clip))
    try:
        _portrait(surf, pygame.Rect(rect), n, ink)
    finally:
        surf.set_clip(clip)


def _portrait(surf, rect: pygame.Rect, n: int, ink) -> None:
    cx = rect.centerx
    s = min(rect.w, rect.h * 0.9) * 0.5
    skin, hair = SKIN[n % len(SKIN)], HAIR[(n * 7 + 3) % len(HAIR)]
    body = pygame.Rect(0, 0, s * 1.8, s * 1.2)
    body.midbottom = (cx, rect.bottom)
    pygame.draw.ellipse(surf, ink, body.inflate(0, body.h))
    pygame.draw.rect(surf, ink, (body.left, body.centery, body.w, rect.bottom - body.centery))
    head_c = (cx, int(rect.bottom - s * 1.35))
    r = int(s * 0.55)
    pygame.draw.circle(surf, skin, head_c, r)
    style = n % 3
    if style == 0:
        pygame.draw.arc(surf, hair, pygame.Rect(head_c[0] - r, head_c[1] - r, 2 * r, 2 * r), 0.2, 2.9, max(2, r // 3))
    elif style == 1:
        pygame.draw.rect(surf, hair, (head_c[0] - r, head_c[1] - r, 2 * r, r * 0.6), border_radius=r // 2)
    else:
        pygame.draw.circle(surf, hair, (head_c[0], head_c[1] - r), max(2, r // 3))
    for side in (-1, 1):
        pygame.draw.circle(surf, gfx.INK, (head_c[0] + side * r * 0.38, head_c[1] + r * 0.05), max(1, r // 8))
    pygame.draw.line(
        surf, gfx.INK, (head_c[0] - r * 0.3, head_c[1] + r * 0.5), (head_c[0] + r * 0.3, head_c[1] + r * 0.45), 2
    )
    pygame.draw.circle(surf, gfx.INK, head_c, r, max(1, r // 12))
    glove(surf, (cx - s * 0.75, rect.bottom - s * 0.45), s * 0.45, 90)
    glove(surf, (cx + s * 0.75, rect.bottom - s * 0.45), s * 0.45, 90)


@gfx.image_cache(64)
def portrait_image(n: int, ink: tuple, w: int, h: int) -> pygame.Surface:
    """A portrait on a round paper badge, made once per size (tables blit it every frame)."""
    surf = pygame.Surface((max(4, w), max(4, h)), pygame.SRCALPHA)
    r = surf.get_rect()
    pygame.draw.ellipse(surf, gfx.PAPER, r)
    mask = pygame.Surface(r.size, pygame.SRCALPHA)
    portrait(mask, r.inflate(-max(2, w // 10), -max(2, h // 12)).move(0, max(1, h // 14)), n, ink)
    keep = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.ellipse(keep, (255, 255, 255, 255), r)
    mask.blit(keep, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(mask, (0, 0))
    pygame.draw.ellipse(surf, ink, r, max(1, w // 16))
    return surf


COURT = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def court(surf, rect: pygame.Rect, rank: str, ink) -> None:
    """A court figure for J, Q, K (a fighter with a knife, a champion with a belt, a king with a crown)
    and a single large pip-star for an ace."""
    cx = rect.centerx
    s = min(rect.w, rect.h) * 0.5
    if rank == "A":
        pts = []
        for i in range(10):
            a = math.pi / 2 + i * math.pi / 5
            rr = s * (0.85 if i % 2 == 0 else 0.38)
            pts.append((cx + rr * math.cos(a), rect.centery - rr * math.sin(a)))
        pygame.draw.polygon(surf, ink, pts)
        pygame.draw.polygon(surf, gfx.GOLD, pts, max(1, int(s * 0.06)))
        return
    n = {"J": 1, "Q": 4, "K": 3}[rank]
    inner = rect.inflate(-rect.w * 0.1, -rect.h * 0.1)
    portrait(surf, inner, n, ink)
    head_y = int(inner.bottom - min(inner.w, inner.h * 0.9) * 0.5 * 1.35)
    r = int(min(inner.w, inner.h * 0.9) * 0.5 * 0.55)
    if rank == "K":  # a crown
        base = head_y - r
        pts = [(cx - r, base), (cx - r, base - r * 0.7), (cx - r * 0.5, base - r * 0.3), (cx, base - r * 0.9)]
        pts += [(cx + r * 0.5, base - r * 0.3), (cx + r, base - r * 0.7), (cx + r, base)]
        pygame.draw.polygon(surf, gfx.GOLD, pts)
        pygame.draw.polygon(surf, gfx.INK, pts, 1)
    elif rank == "Q":  # a champion's belt
        belt = pygame.Rect(0, 0, inner.w * 0.8, max(4, r * 0.5))
        belt.center = (cx, inner.bottom - r * 0.5)
        pygame.draw.rect(surf, gfx.GOLD, belt, border_radius=3)
        pygame.draw.circle(surf, _mix(gfx.GOLD, (255, 255, 255), 0.4), belt.center, max(3, int(belt.h * 0.9)))
    else:  # the jack: a knife held up
        x = inner.right - inner.w * 0.12
        pygame.draw.line(surf, (200, 200, 210), (x, head_y - r * 1.2), (x, head_y + r * 0.3), max(2, r // 4))
        pygame.draw.line(
            surf, gfx.INK, (x - r * 0.3, head_y + r * 0.3), (x + r * 0.3, head_y + r * 0.3), max(2, r // 5)
        )


def draw(surf, key: str, rect: pygame.Rect, ink) -> None:
    kind, _, arg = key.partition(":")
    if kind == "glove":
        blow(surf, arg, rect, ink)
    elif kind == "guard":
        guard(surf, rect, ink)
    elif kind == "slip":
        slip(surf, rect, ink)
    elif kind == "rest":
        rest(surf, rect, ink)
    elif kind == "court":
        court(surf, rect, arg, ink)
    elif kind == "portrait":
        portrait(surf, rect, int(arg or 0), ink)
