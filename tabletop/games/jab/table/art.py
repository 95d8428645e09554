"""JAB card art and small pieces, drawn by us and cached per size.

Punch cards: the punch type at the top, a panel in the card's colour with
a glove making that punch (``tabletop.ui.art``) and that colour's shape (red
triangle, yellow circle, blue square, green diamond, purple star) in its corner, the value and the colour's name at the
bottom, a skull mark on Haymakers, and the owner's border (player 1 white,
player 2 black). Everything here returns cached surfaces: nothing is built
per frame.
"""

from __future__ import annotations

import math

import pygame

from tabletop.core.i18n import N_, words
from tabletop.ui import art, gfx

from ..rules import content as C
from ..rules.say import colour_word, punch_word

_, ngettext = words(__name__)

INK_OF = {
    "red": (200, 44, 44),
    "yellow": (236, 190, 34),
    "blue": (42, 98, 204),
    "green": (30, 142, 66),
    "purple": (132, 62, 184),
}
BORDER_OF = {"white": (246, 246, 240), "black": (20, 20, 22)}
EDGE_OF = {"white": (90, 90, 90), "black": (170, 170, 170)}
# a punch type's short name on a small card (shown with _)
SHORT = {"jab": N_("Jab"), "cross": N_("Cross"), "hook": N_("Hook"), "uppercut": N_("Upper"), "haymaker": N_("Hay")}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


KEY = (255, 0, 254)  # the see-through colour of card corners


def finish(surf):
    """Store in the display's format so blitting each frame is cheap: card-like
    pieces are opaque with a colour key for their round corners."""
    if surf.get_flags() & pygame.SRCALPHA:
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    surf.set_colorkey(KEY, pygame.RLEACCEL)
    return surf


def keyed_surface(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h))
    surf.fill(KEY)
    return surf


def colour_rgb(ci: int):
    return INK_OF.get(C.COLOURS[ci], (120, 120, 120))


def shape_points(shape: str, cx: float, cy: float, r: float) -> list:
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "square":
        k = r * 0.8
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if shape == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    return []


def draw_shape(surf, shape: str, centre, r: float, fill, outline=(20, 20, 20), width=2) -> None:
    cx, cy = centre
    if shape == "circle":
        pygame.draw.circle(surf, fill, (round(cx), round(cy)), round(r * 0.85))
        if width:
            pygame.draw.circle(surf, outline, (round(cx), round(cy)), round(r * 0.85), width)
        return
    pts = shape_points(shape, cx, cy, r)
    pygame.draw.polygon(surf, fill, pts)
    if width:
        pygame.draw.polygon(surf, outline, pts, width)


def _frame(w: int, h: int, border_name: str):
    surf = keyed_surface(w, h)
    radius = max(3, w // 9)
    bw = max(3, w // 14)
    r = surf.get_rect()
    pygame.draw.rect(surf, BORDER_OF[border_name], r, border_radius=radius)
    pygame.draw.rect(surf, EDGE_OF[border_name], r, width=1, border_radius=radius)
    inner = r.inflate(-2 * bw, -2 * bw)
    pygame.draw.rect(surf, gfx.PAPER, inner, border_radius=max(2, radius - bw))
    return surf, inner


CARD_MIN_PX = 7  # a word on a card's picture shrinks this far (below the body text's least size), never cut


def card_word(wordings: list[str], px: int, width: int) -> tuple[str, int]:
    """The first of ``wordings`` (the fullest first) that stands whole, bold, in ``width`` pixels at ``px`` or
    shrunk no further than ``CARD_MIN_PX``, and its size; ("", px) when none does: a card too small for its word
    shows none (its picture, colour and shape tell it) rather than a cut one."""
    for s in wordings:
        for p in range(px, CARD_MIN_PX - 1, -1):
            if gfx.font(p, True).size(s)[0] <= width:
                return s, p
    return "", px


def centred_room(box: pygame.Rect, x: int) -> int:
    """How wide a line centred at ``x`` may be and stay inside ``box`` (as ``gfx.blit_text`` measures it)."""
    return 2 * min(x - box.left, box.right - x)


def short_type(ctype: str) -> str:
    """A punch type's short name on a small card."""
    return _(SHORT[ctype]) if ctype in SHORT else "?"


@gfx.image_cache(512)
def punch_card(card: int, w: int, h: int) -> pygame.Surface:
    """A face-up punch card, ``w`` x ``h`` pixels."""
    info = C.card_info(card)
    surf, inner = _frame(w, h, info["border"])
    ci = C.colour(card)
    ink = colour_rgb(ci)
    pad = max(2, w // 22)
    words_ = [punch_word(C.ctype(card)), short_type(info["type"])]  # the short name on a small card
    name, px = card_word(words_, max(9, h // 8), inner.w - 2 * pad)
    if name:
        gfx.blit_text(surf, name, px, (inner.centerx, inner.top + pad // 2), gfx.INK, True, "midtop", inner, px)
    band_top = inner.top + pad // 2 + gfx.font(px, True).get_height() + 1
    foot_h = max(12, h // 6)
    band = pygame.Rect(inner.left + pad, band_top, inner.w - 2 * pad, inner.bottom - foot_h - band_top - pad // 2)
    pygame.draw.rect(surf, ink, band, border_radius=max(2, w // 14))
    # the punch drawn as a glove making it; the colour's shape in the corner for colour-blind play
    kind = C.TYPE_NAMES[C.ctype(card)].lower()
    art.blow(surf, "straight" if kind == "jab" else kind, band.inflate(-2, -2), gfx.WHITE)
    r = min(band.w, band.h) * 0.17
    corner = (band.right - r * 1.2, band.bottom - r * 1.2)
    draw_shape(surf, C.SYMBOLS[ci], corner, r, gfx.WHITE, (25, 25, 25), max(1, w // 50))
    if C.ctype(card) == C.HAYMAKER:
        gfx.blit_text(surf, "☠", max(10, band.h // 3), (band.left + 2, band.top + 1), gfx.WHITE, box=band)
    vpx = max(10, foot_h - 1)
    foot_y = inner.bottom - foot_h // 2 - pad // 3
    val = gfx.blit_text(surf, str(C.value(card)), vpx, (inner.left + pad, foot_y), gfx.INK, True, "midleft", inner)
    cname = _capital(colour_word(ci))
    room = pygame.Rect(val.right + pad, inner.top, inner.right - val.right - pad, inner.h)
    at = (inner.right - pad, foot_y)
    if gfx.font(CARD_MIN_PX).size(cname)[0] <= room.w:  # whole or not at all: the corner's shape says it too
        ink = (60, 60, 60)
        gfx.blit_text(surf, cname, max(8, foot_h - 5), at, ink, anchor="midright", box=room, min_px=CARD_MIN_PX)
    return finish(surf)


@gfx.image_cache(256)
def mini_card(card: int, w: int, h: int) -> pygame.Surface:
    """A small punch card for the scoring screen: value, short type, colour shape."""
    info = C.card_info(card)
    surf, inner = _frame(w, h, info["border"])
    ci = C.colour(card)
    ink = colour_rgb(ci)
    short, px = card_word([short_type(info["type"])], max(8, h // 5), inner.w - 2)
    if short:
        gfx.blit_text(surf, short, px, (inner.centerx, inner.top + 1), gfx.INK, True, "midtop", inner, px)
    th = gfx.font(px, True).get_height()
    band = pygame.Rect(inner.left + 2, inner.top + th + 2, inner.w - 4, inner.h - th - 4)
    pygame.draw.rect(surf, ink, band, border_radius=3)
    draw_shape(
        surf,
        C.SYMBOLS[ci],
        (band.centerx, band.top + band.h * 0.36),
        min(band.w, band.h) * 0.28,
        gfx.WHITE,
        (25, 25, 25),
        1,
    )
    gfx.blit_text(surf, str(C.value(card)), max(9, band.h // 3), band.midbottom, gfx.WHITE, True, "midbottom", band)
    return finish(surf)


@gfx.image_cache(16)
def card_back(w: int, h: int, border_name: str) -> pygame.Surface:
    surf = keyed_surface(w, h)
    radius = max(3, w // 9)
    bw = max(3, w // 11)
    r = surf.get_rect()
    pygame.draw.rect(surf, BORDER_OF[border_name], r, border_radius=radius)
    pygame.draw.rect(surf, EDGE_OF[border_name], r, width=1, border_radius=radius)
    inner = r.inflate(-2 * bw, -2 * bw)
    pygame.draw.rect(surf, (120, 30, 40), inner, border_radius=max(2, radius - bw))
    step = max(5, w // 7)
    clip = surf.get_clip()
    surf.set_clip(inner)
    for x in range(inner.left - inner.h, inner.right, step):
        pygame.draw.line(surf, (150, 52, 62), (x, inner.bottom), (x + inner.h, inner.top), max(1, w // 40))
    surf.set_clip(clip)
    gfx.blit_text(surf, _("JAB"), max(10, h // 6), inner.center, (235, 210, 160), True, "center", inner)
    return finish(surf)


@gfx.image_cache(64)
def combo_card(index: int, w: int, h: int, count: int) -> pygame.Surface:
    _id, types, points = C.COMBOS[index]
    surf, inner = _frame(w, h, "white")
    pygame.draw.rect(surf, (250, 226, 150), inner, border_radius=max(2, w // 12))
    pad = max(2, w // 16)
    room = inner.inflate(-2 * pad, 0)
    # the title, the punches and the points each whole or not at all (a won card in a bonus box is small:
    # its colour says it is a combo)
    across = centred_room(room, inner.centerx)
    title, px = card_word([_("COMBO")], max(10, h // 8), across)
    top = inner.top + pad // 2
    if title:
        top = gfx.blit_text(surf, title, px, (inner.centerx, top), (120, 40, 20), True, "midtop", room, px).bottom
    y = top + pad
    row = (inner.bottom - y - pad + pad // 2 - max(14, h // 6)) / max(3, len(types))
    for ty in types:
        name, px = card_word([punch_word(ty), short_type(C.TYPES[ty])], max(10, min(int(row) - 2, h // 8)), across)
        if name:
            gfx.blit_text(surf, name, px, (inner.centerx, round(y)), gfx.INK, True, "midtop", room, px)
        y += row
    plus, px = card_word([f"+{points}"], max(12, h // 7), centred_room(inner, inner.centerx))
    if plus:
        at = (inner.centerx, inner.bottom - pad // 2)
        gfx.blit_text(surf, plus, px, at, (150, 40, 20), True, "midbottom", inner, px)
    return finish(surf)


@gfx.image_cache(32)
def counter_card(index: int, w: int, h: int) -> pygame.Surface:
    _id, ci, points = C.COUNTERS[index]
    surf, inner = _frame(w, h, "white")
    ink = colour_rgb(ci)
    pygame.draw.rect(surf, ink, inner.inflate(-4, -4), border_radius=max(2, w // 12))
    label, px = card_word([_("Counter")], max(10, h // 5), inner.w - 8)
    shade = pygame.Rect(0, 0, inner.w - 4, gfx.font(px, True).get_height() + 2)
    shade.midtop = (inner.centerx, inner.top + 2)
    if label:
        pygame.draw.rect(surf, (0, 0, 0), shade, border_radius=3)
        gfx.blit_text(surf, label, px, (inner.centerx, inner.top + 3), gfx.WHITE, True, "midtop", shade, px)
    if not label:  # a small card (a won bonus): its shape, and its points under it
        body = pygame.Rect(inner.left, inner.top + 2, inner.w, inner.h - 2)
        plus, px = card_word([f"+{points}"], max(11, h // 5), body.w - 2)
        foot = gfx.font(px, True).get_height() if plus else 0
        r = min((body.h - foot) * 0.32, body.w * 0.32)
        draw_shape(surf, C.SYMBOLS[ci], (body.centerx, body.top + (body.h - foot) / 2), r, gfx.WHITE, (25, 25, 25), 1)
        if plus:
            gfx.blit_text(surf, plus, px, (body.centerx, body.bottom), gfx.WHITE, True, "midbottom", body, px)
        return finish(surf)
    body_top = shade.bottom
    r = (inner.bottom - body_top) * 0.34
    cy = body_top + (inner.bottom - body_top) * 0.45
    draw_shape(surf, C.SYMBOLS[ci], (inner.centerx - w * 0.16, cy), r, gfx.WHITE, (25, 25, 25), 2)
    right = pygame.Rect(inner.centerx, body_top, inner.right - inner.centerx, inner.bottom - body_top)
    plus, px = card_word([f"+{points}"], max(11, h // 5), right.w - 2)
    if plus:
        gfx.blit_text(surf, plus, px, (right.centerx, round(cy)), gfx.WHITE, True, "center", right, px)
    colour, px = card_word([_capital(colour_word(ci))], max(9, h // 6), inner.w - 2)  # else the shape says it
    if colour and inner.bottom - 2 - gfx.font(px, True).get_height() >= cy + r:  # under the shape, not over it
        gfx.blit_text(surf, colour, px, (inner.centerx, inner.bottom - 2), gfx.WHITE, True, "midbottom", inner, px)
    return finish(surf)


@gfx.image_cache(32)
def tile(kind: str, w: int, h: int) -> pygame.Surface:
    """The Ding! tile, the Clinch side or the Knockout side of the other tile."""
    fill, ink, label = {
        "ding": ((240, 200, 70), (80, 40, 10), N_("DING!")),
        "clinch": ((70, 130, 200), gfx.WHITE, N_("CLINCH")),
        "knockout": ((200, 40, 40), gfx.WHITE, N_("K.O.!")),
    }[kind]
    surf = keyed_surface(w, h)
    r = surf.get_rect()
    pygame.draw.rect(surf, (30, 30, 30), r, border_radius=w // 5)
    pygame.draw.rect(surf, fill, r.inflate(-max(3, w // 16) * 2, -max(3, w // 16) * 2), border_radius=w // 6)
    box = r.inflate(-(w // 5), 0)
    label, px = card_word([_(label)], max(10, h // 4), centred_room(box, r.centerx))  # whole or none (a small tile)
    if label:
        gfx.blit_text(surf, label, px, r.center, ink, True, "center", box, px)
    return finish(surf)


@gfx.image_cache(16)
def hand_cursor(colour: tuple, side: int, d: int, carrying: bool) -> pygame.Surface:
    """A hand: a ring in the player's colour (what lies under it stays visible) with
    an L or R badge; the ring is filled white inside while the hand carries a card.
    The hand's point is the centre of a ``d`` x ``d`` square; the image is 1.5 d wide."""
    size = d * 3 // 2
    surf = keyed_surface(size, size)
    c = d // 2 + d // 4
    ring = max(4, d // 5)
    pygame.draw.circle(surf, (10, 10, 10), (c, c), d // 2)
    pygame.draw.circle(surf, colour, (c, c), d // 2 - 2)
    pygame.draw.circle(surf, (10, 10, 10), (c, c), d // 2 - ring)
    inner = d // 2 - ring - 2
    if carrying:
        pygame.draw.circle(surf, gfx.WHITE, (c, c), inner)
        inner -= max(2, d // 12)
    pygame.draw.circle(surf, KEY, (c, c), inner)  # hollow: what lies under the hand shows
    br = max(7, d // 3)
    bc = (c + d // 2 - br // 2, c - d // 2 + br // 2)
    pygame.draw.circle(surf, (10, 10, 10), bc, br)
    pygame.draw.circle(surf, colour, bc, br - 1)
    t = gfx.text(_("L") if side == 0 else _("R"), max(9, int(br * 1.3)), gfx.WHITE, True)
    surf.blit(t, t.get_rect(center=(bc[0], bc[1] + 1)))
    return finish(surf)


@gfx.image_cache(32)
def token(kind: str, d: int) -> pygame.Surface:
    """A health token (red heart side) or a round-win token (gold star side)."""
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    c = d // 2
    if kind == "health":
        pygame.draw.circle(surf, (60, 16, 16), (c, c), c)
        pygame.draw.circle(surf, (220, 60, 60), (c, c), c - 2)
        t = gfx.text("♥", max(8, int(d * 0.62)), gfx.WHITE, True)
    elif kind == "win":
        pygame.draw.circle(surf, (90, 60, 10), (c, c), c)
        pygame.draw.circle(surf, (240, 196, 64), (c, c), c - 2)
        t = gfx.text("★", max(8, int(d * 0.62)), (90, 50, 0), True)
    else:  # an empty place
        pygame.draw.circle(surf, (255, 255, 255, 50), (c, c), c, 2)
        return surf
    surf.blit(t, t.get_rect(center=(c, c + 1)))
    return finish(surf)


def clear_caches() -> None:
    for f in (punch_card, mini_card, card_back, combo_card, counter_card, tile, hand_cursor, token):
        f.cache_clear()
