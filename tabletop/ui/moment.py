"""A big moment of a game (a knockout, a stagger, a combo, a judge's third card...): a band with a
shout sweeps across the table, light bursts from it, and the moment's sound plays.

A table calls ``TableScene.moment(title, line, colour, sound)`` when the moment happens on screen
(after its cards have turned, not when the rules decided it); the base class draws and times it.
Drawn from cached images only (text, veils) and plain lines: no new surface per frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tabletop.ui import gfx

MOMENT_MS = 1500.0  # at animation speed 1
IN_MS, OUT_MS = 260.0, 300.0  # the sweep in and out (parts of MOMENT_MS)


@dataclass
class Moment:
    title: str
    line: str
    colour: tuple
    total: float
    sound: str | None = None  # played when the moment starts showing
    ms: float = 0.0  # time shown so far

    @property
    def done(self) -> bool:
        return self.ms >= self.total


def offset(m: Moment, width: int) -> int:
    """Where the band is across the screen: sweeping in from the left, still, then out to the right."""
    scale = m.total / MOMENT_MS
    t_in, t_out = IN_MS * scale, OUT_MS * scale
    if m.ms < t_in:
        return -int(width * (1 - gfx.ease_out(m.ms / t_in)))
    if m.ms > m.total - t_out:
        k = (m.ms - (m.total - t_out)) / t_out
        return int(width * k * k)
    return 0


def draw(surf, vp, m: Moment, y: float = 300) -> None:
    w = surf.get_width()
    dx = offset(m, w)
    band = vp.r(0, y - 56, gfx.DESIGN_W, 112 if m.line else 88)
    band.x += dx
    cx, cy = band.centerx, band.centery
    grow = min(1.0, m.ms / max(1.0, m.total * 0.45))  # light bursts out from behind the band, then stays
    for k in range(16):
        a = k * math.pi / 8 + 0.2
        r0, r1 = vp.s(120), vp.s(150 + 90 * grow)
        sx, sy = math.cos(a) * 2.6, math.sin(a)  # an ellipse, wide like the band
        pygame.draw.line(surf, m.colour, (cx + sx * r0, cy + sy * r0), (cx + sx * r1, cy + sy * r1), max(1, vp.s(3)))
    surf.blit(gfx.veil(band.w, band.h, (10, 12, 18), 245), band.topleft)
    pygame.draw.line(surf, m.colour, band.topleft, band.topright, max(2, vp.s(4)))
    pygame.draw.line(surf, m.colour, band.bottomleft, band.bottomright, max(2, vp.s(4)))
    gfx.draw_fitted(
        surf,
        m.title,
        pygame.Rect(band.x + vp.s(40), band.y + vp.s(8), band.w - vp.s(80), vp.s(72)),
        vp.s(52),
        m.colour,
        bold=True,
        lines=1,
    )
    if m.line:
        gfx.draw_fitted(
            surf,
            m.line,
            pygame.Rect(band.x + vp.s(60), band.y + vp.s(76), band.w - vp.s(120), vp.s(30)),
            vp.s(20),
            gfx.WHITE,
            lines=1,
        )
