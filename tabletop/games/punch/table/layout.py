"""Where things sit on the Punch! table, the card faces, and the small drawing helpers every part shares."""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.core import i18n
from tabletop.core.i18n import N_, words
from tabletop.ui import cards, gfx

from ..rules.resolve import CODES, KINDS, S, explain

_, ngettext = words(__name__)

PROGRAM = S["robo_box_program"]

HALF_X = (16, 648)
HALF_W = 616
HAND_Y, CARD_W, CARD_H, COL = 424, 88, 124, 98
ROW_Y, ROW_W, ROW_H = 150, 84, 118
SLOT_W, SLOT_H, SLOT_Y = 110, 154, 132
SLOT_X = (500, 670)
DECK_X = (34, 1162)
BTN_Y = 566
FLIP_MS = 700  # both cards turn over together
HOLD_MS = 900  # then the outcome stays in the middle of the table
INK = {"punch": (190, 40, 40), "nothing": (100, 100, 100), "block": (40, 80, 170), "dodge": (30, 120, 70)}


# a card's title by what it does (said with _)
TITLES = {"punch": N_("Punch"), "nothing": N_("Nothing"), "block": N_("Block"), "dodge": N_("Dodge")}


def face(seat: int, code: str, down: bool = False) -> cards.Face:
    return _face(seat, code, down, i18n.language())


@lru_cache(maxsize=64)
def _face(seat: int, code: str, down: bool, language: str) -> cards.Face:
    """``face`` in ``language`` (the cache keeps each language's titles apart)."""
    border = gfx.PLAYER_COLOURS[seat]
    if down:
        return cards.Face(face_down=True, border=border)
    k = KINDS[CODES.index(code)]
    title = _(TITLES[k.effect])
    return cards.Face(title=title, value=k.symbol, colour=INK[k.effect], border=border, art=ART[k.code])


# a picture per kind (tabletop.ui.art): a harder glove for a bigger punch, a guard, a slip, a rest
ART = {
    "p1": "glove:straight",
    "p2": "glove:cross",
    "p3": "glove:haymaker",
    "nothing": "rest",
    "block": "guard",
    "dodge": "slip",
}


def sentence(event: dict, names) -> str:
    """One plain sentence for a logged event (the rules' explanation helper)."""
    return explain(event, names)


@lru_cache(maxsize=32)
def mini_face(seat: int, code: str) -> cards.Face:
    """A small card: only its big sign, no title too small to read."""
    k = KINDS[CODES.index(code)]
    return cards.Face(value=k.symbol, colour=INK[k.effect], border=gfx.PLAYER_COLOURS[seat])


@lru_cache(maxsize=256)
def wrap(text: str, px: int, width: int) -> tuple:
    return tuple(gfx.wrap(text, px, width))


def on_felt(t, surf, key, rect, draw) -> None:
    """Draw a part that lies on bare felt (nothing else under it in ``rect``) once per
    ``key``; later frames blit the same pixels back. ``draw`` must register no hot things."""
    memo = t.__dict__.setdefault("_felt_parts", {})
    key = (key, surf.get_size())
    img = memo.get(key)
    if img is not None:
        surf.blit(img, rect)
        return
    draw()
    if len(memo) > 64:
        memo.clear()
    rect = rect.clip(surf.get_rect())
    if rect.w and rect.h:  # nothing to keep for a part that lies outside the window
        memo[key] = surf.subsurface(rect).copy()


def col_x(seat: int, i: int) -> int:
    return HALF_X[seat] + 20 + i * COL


def prog_x(seat: int, i: int) -> int:
    return (HALF_X[0] + HALF_W - 8 - 5 * COL + 10 + i * COL) if seat == 0 else (HALF_X[1] + 8 + i * COL)


def badge(surf, vp, r, n) -> None:
    if n <= 1:
        return
    b = pygame.Rect(0, 0, vp.s(34), vp.s(24))
    b.center = (r.centerx, r.bottom - vp.s(20))
    pygame.draw.rect(surf, gfx.INK, b, border_radius=vp.s(12))
    pygame.draw.rect(surf, gfx.GOLD, b, width=max(1, vp.s(2)), border_radius=vp.s(12))
    gfx.blit_text(surf, f"×{n}", vp.s(16), b.center, gfx.GOLD, bold=True, anchor="center")
