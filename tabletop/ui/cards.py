"""Card faces drawn by us: a rounded card with a title, a big value, a
symbol and an owner's border. Rendered once per size and cached."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.ui import gfx


@dataclass(frozen=True)
class Face:
    title: str = ""  # e.g. "Hook"
    value: str = ""  # big text in the middle, e.g. "2" or "7♠"
    symbol: str = ""  # corner symbol, e.g. "▲" or "♠"
    colour: tuple = (60, 60, 60)  # ink colour of value and symbol
    fill: tuple = gfx.PAPER  # card background
    border: tuple = (30, 30, 30)  # owner's border
    subtitle: str = ""  # small text at the bottom
    face_down: bool = False


BACK_FILL = (120, 30, 40)


@gfx.image_cache(1024)
def render(face: Face, w: int, h: int) -> pygame.Surface:
    w, h = max(8, w), max(8, h)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    radius = max(2, w // 10)
    bw = max(2, w // 16)
    if face.face_down:
        pygame.draw.rect(surf, face.border, r, border_radius=radius)
        inner = r.inflate(-2 * bw, -2 * bw)
        pygame.draw.rect(surf, BACK_FILL, inner, border_radius=radius)
        step = max(4, w // 6)
        for x in range(inner.left - inner.h, inner.right, step):
            pygame.draw.line(surf, (150, 50, 60), (x, inner.bottom), (x + inner.h, inner.top), max(1, w // 40))
        pygame.draw.rect(surf, (230, 210, 160), inner, width=max(1, w // 40), border_radius=radius)
        return surf
    pygame.draw.rect(surf, face.border, r, border_radius=radius)
    inner = r.inflate(-2 * bw, -2 * bw)
    pygame.draw.rect(surf, face.fill, inner, border_radius=max(1, radius - bw))
    pad = max(2, w // 14)
    if face.title:
        px = gfx.fit_px(face.title, max(8, h // 8), inner.w - 2 * pad, bold=True)
        gfx.blit_text(surf, face.title, px, (inner.centerx, inner.top + pad), gfx.INK, bold=True, anchor="midtop")
    if face.value:
        px = gfx.fit_px(face.value, max(10, h // 3), inner.w - 2 * pad, bold=True)
        gfx.blit_text(surf, face.value, px, inner.center, face.colour, bold=True, anchor="center")
    if face.symbol:
        px = max(8, h // 7)
        gfx.blit_text(surf, face.symbol, px, (inner.left + pad, inner.bottom - pad), face.colour, anchor="bottomleft")
        gfx.blit_text(surf, face.symbol, px, (inner.right - pad, inner.bottom - pad), face.colour, anchor="bottomright")
    if face.subtitle:
        px = gfx.fit_px(face.subtitle, max(7, h // 11), inner.w - 4 * pad - h // 4)
        gfx.blit_text(surf, face.subtitle, px, (inner.centerx, inner.bottom - pad), gfx.DIM, anchor="midbottom")
    return surf


def draw(surf, face: Face, rect: pygame.Rect, highlight=None, dim: bool = False) -> None:
    img = render(face, rect.w, rect.h)
    surf.blit(img, rect.topleft)
    if dim:
        surf.blit(gfx.veil(rect.w, rect.h, (0, 0, 0), 110), rect.topleft)
    if highlight is not None:
        pygame.draw.rect(surf, highlight, rect.inflate(6, 6), width=3, border_radius=max(2, rect.w // 10 + 3))


def slot(surf, rect: pygame.Rect, label: str = "", colour=(255, 255, 255), px: int = 14) -> None:
    """An empty place where a card may go: a dashed-looking outline with a label."""
    gfx.panel(surf, rect, (0, 0, 0), radius=max(2, rect.w // 10), alpha=50)
    pygame.draw.rect(surf, colour, rect, width=2, border_radius=max(2, rect.w // 10))
    if label:
        gfx.blit_text(surf, label, gfx.fit_px(label, px, rect.w - 6), rect.center, colour, anchor="center")
