"""Where places sit on the JAB table, and the small drawing helpers every part shares
(player colours, text wrapping and fitting, see-through panels)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.core.i18n import N_, words
from tabletop.ui import gfx

from ..rules.hands import HEIGHT, RECTS, WIDTH, deck_name
from .steer import at_bottom, sits_side

_, ngettext = words(__name__)

UNIT = 80.0  # design pixels per rules/hands.py table unit (16 x 9 units -> 1280 x 720)

TARGET_LABEL = {"left": N_("Left body"), "head": N_("Head"), "right": N_("Right body")}  # shown with _


def colour_of(seat):
    return gfx.PLAYER_COLOURS[seat % len(gfx.PLAYER_COLOURS)]


def design_rect(name: str):
    cx, cy, w, h = RECTS[name]
    return ((cx - w / 2) * UNIT, (cy - h / 2) * UNIT, w * UNIT, h * UNIT)


_PLACES: dict = {}


def turned(name: str, flip: bool) -> str:
    """The place drawn where ``name`` is drawn on a turned table: the two players' halves swap (each is
    the other turned half round); the shared places (combo deck, tiles) stay where they are."""
    if flip and name[:3] in ("p0.", "p1."):
        return ("p1." if name[1] == "0" else "p0.") + name[3:]
    return name


def screen_point(x: float, y: float, flip: bool) -> tuple[float, float]:
    """A point of the table (rules units) where this screen shows it; the same turn maps it back."""
    return (WIDTH - x, HEIGHT - y) if flip else (x, y)


def place_rect(vp, name: str, flip: bool = False) -> pygame.Rect:
    """The window rectangle of a place on the table (worked out once per window size); ``flip``: on a
    table turned round, so that player 2 sits at the bottom."""
    name = turned(name, flip)
    key = (vp.size, vp.sx, name)
    r = _PLACES.get(key)
    if r is None:
        if len(_PLACES) > 512:
            _PLACES.clear()
        r = _PLACES[key] = vp.r(*design_rect(name))
    return r.copy()


@gfx.image_cache(64)
def veil(w: int, h: int, colour: tuple, alpha: int, radius: int) -> pygame.Surface:
    s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.rect(s, (*colour[:3], alpha), s.get_rect(), border_radius=radius)
    return s.convert_alpha() if pygame.display.get_surface() is not None else s


@lru_cache(maxsize=512)
def wrap(text: str, px: int, width: int, bold: bool = False) -> tuple:
    return tuple(gfx.wrap(text, px, width, bold))


@lru_cache(maxsize=512)
def fit(text: str, px: int, width: int, bold: bool = False) -> int:
    return gfx.fit_px(text, px, width, bold)


def panel(surf, rect, colour=gfx.PANEL, alpha=230, radius=12, border=None, width=2):
    if gfx.LOG is not None:  # the text-fit test: texts drawn on it are checked against it
        gfx.LOG.panel(surf, rect)
    if alpha >= 245:  # as good as opaque: a plain fill is much cheaper than blending
        pygame.draw.rect(surf, colour, rect, border_radius=radius)
        if gfx.LOG is not None:
            gfx.LOG.cover(surf, rect)
    else:
        surf.blit(veil(rect.w, rect.h, colour, alpha, radius), rect.topleft)
    if border is not None:
        pygame.draw.rect(surf, border, rect, width=width, border_radius=radius)


DECK_LABEL = (N_("Left deck: {n}"), N_("Right deck: {n}"))
DECK_SHORT = (N_("Left: {n}"), N_("Right: {n}"))  # where the whole label has no room


def deck_label(vp, seat: int, side: int, n: int, flip: bool = False) -> tuple[str, pygame.Rect]:
    """A player's deck's label (its card count) and its room: a little wider than the deck (clear of the
    corners and of the lines between the decks), above the deck at the top, under it at the foot. The label
    is centred in it, bold at ``vp.s(14)``, in its short form where the whole one has no room."""
    r = place_rect(vp, deck_name(seat, side), flip)
    room = (r.w + vp.s(24)) // 2 * 2  # (even: a line centred in it has all of it)
    on_left = sits_side(seat, side, flip)  # as the person sits at the screen
    wordings = [_(DECK_LABEL[on_left]).format(n=n), _(DECK_SHORT[on_left]).format(n=n)]
    label = gfx.first_fitting(wordings, vp.s(14), room, True)
    h = gfx.font(vp.s(14), True).get_height()
    y = r.bottom + vp.s(2) if at_bottom(seat, flip) else r.top - vp.s(2) - h
    return label, pygame.Rect(r.centerx - room // 2, y, room, h)


def card_size(vp):
    r = place_rect(vp, "p0.head")
    return r.w, r.h
