"""Where things sit on the Boxing: The Game table, its colours, and the small drawing helpers every part shares.

Every drawing module imports this one; it imports none of them."""

from __future__ import annotations

import pygame

from tabletop.core import i18n
from tabletop.core.i18n import N_, words
from tabletop.ui import gfx

_, ngettext = words(__name__)

SIDE_X = (8, 876)
SIDE_W = 396
BOARD_Y, BOARD_H = 40, 250
HAND_Y, HAND_H = 296, 140
LOW_Y = 446
PRIZE_X, PRIZE_Y, PRIZE_W, PRIZE_H = 416, 40, 120, 160
MAIN_PILE = (800, 44, 64, 88)
RING_Y, ROW_H, ROW_STEP = 208, 110, 118
BID_X = (412, 812)
SLOT_X = (472, 684)
SLOT_W = 124
MID_X, MID_W = 600, 80
SHEET = (8, 562, 592, 152)  # the score sheet ...
CAPTION = (608, 562, 664, 152)  # ... and the story so far, beside it (16:9)
PANEL = (26, 32, 44)
ROUND_POINTS = N_("Round points: 10 for the winner · 9 for the loser · 8 if knocked down")  # under the score sheet
ROUND_POINTS_SHORT = N_("Round: 10 won · 9 lost · 8 knocked down")  # where the whole one is cut
ROW_FILL = (16, 58, 42)


def colour(seat):
    return gfx.PLAYER_COLOURS[seat]


def button(t, rect, label, cb, seat, key, px=None, enabled=True, safe=False):
    t.hot_button(rect, label, cb, seat=seat, px=px, enabled=enabled, safe=safe)
    if enabled:
        t.next_hots[-1].payload = key


def txt(surf, vp, s, size, x, y, col=gfx.WHITE, bold=False, anchor="topleft", width=None, px=None):
    """``s`` at design point (x, y); with ``width`` it stays within that many design units across: smaller
    to fit, but never under body text's least size (gfx.body_px), then cut with an ellipsis (whole on hover).
    At ``px`` when given (a size grown with the player's text size, see ``grown_px``), else at ``size``."""
    px, at, box = vp.s(size) if px is None else px, vp.p(x, y), None
    if width is not None:
        room = vp.across(width)
        px = max(min(px, gfx.body_px(vp)), gfx.fit_px(s, px, room, bold))
        left = at[0] if anchor.endswith("left") else at[0] - room if anchor.endswith("right") else at[0] - room // 2
        box = pygame.Rect(left, 0, room, surf.get_height())
    return gfx.blit_text(surf, s, px, at, col, bold=bold, anchor=anchor, box=box)


def grown_px(vp, texts, size, height, width, bold=False) -> int:
    """The one size of ``texts`` placed at a point (a row's labels, a column of numbers): ``size`` grown by
    the player's text size as far as a line stands in ``height`` design units and each text in ``width``
    across; never under ``size``."""
    least = vp.s(size)
    for px in range(gfx.grown(least, vp.s(height), bold), least, -1):
        if all(gfx.font(px, bold).size(s)[0] <= vp.across(width) for s in texts):
            return px
    return least


def lines(surf, vp, s, size, x, y, width, col=gfx.WHITE, limit=4, bold=False, px=None):
    """``s`` from (x, y), ``width`` wide, in up to ``limit`` lines by the fitting rule (a little smaller,
    then wrapped, then the last line cut with an ellipsis; the whole text shows on hover); at ``px`` when
    given (the one size of a pair, see ``pair_px``). Returns the design y under the lines drawn."""
    step = size * 1.22
    box = vp.r(x, y, width, limit * step)
    grow = px is None  # at the pair's size: not shrunk to one line where the other corner's text wraps
    px, min_px = (vp.s(size), _least_px(vp, size)) if px is None else (px, px)
    shown = gfx.fitted(s, box, px, bold, min_px, limit, grow)[1]
    drawn = gfx.draw_fitted(
        surf, s, box, px, col, bold=bold, align="left", valign="top", min_px=min_px, lines=limit, grow=grow
    )
    return y + max(len(shown) * step, drawn.h / vp.scale)  # (larger at the player's text size)


def _least_px(vp, size) -> int:
    px = vp.s(size)
    return max(min(px, gfx.body_px(vp)), round(px * 0.85))


def pair_px(vp, texts, size, width, limit=4, bold=False) -> int:
    """The one size of the same line in both corners (``texts``), for ``lines``' box: the largest, from
    ``size`` grown by the player's text size down to the least, at which each stands whole, wrapped in up to
    ``limit`` lines; so the shorter is not drawn larger, nor shrunk onto one line smaller, than its neighbour."""
    px = whole_px(vp, texts, size, width, limit, bold)
    return _least_px(vp, size) if px is None else px


def whole_px(vp, texts, size, width, limit=4, bold=False) -> int | None:
    """``pair_px``'s size, or None when one of ``texts`` is cut even at the least size."""
    box = vp.r(0, 0, width, limit * size * 1.22)
    least = _least_px(vp, size)
    for px in range(max(vp.s(size), round(vp.s(size) * gfx.TEXT_SCALE[0])), least - 1, -1):
        if not any(gfx.fit(s, box.w, box.h, px, px, bold, limit)[2] for s in texts):
            return px
    return None


def main_label_box(vp) -> pygame.Rect:
    """Where "Main deck" is written under its pile: on two lines when the window is squeezed sideways."""
    mx, my, mw, mh = MAIN_PILE
    return vp.r(mx - 6, my + mh + 2, mw + 12, 36)


def slot_rect(vp, s: int, y: float) -> pygame.Rect:
    """Where seat ``s``'s card of an event lies: a little narrower on the inner side in a window squeezed
    sideways, so the event's words between the two cards keep their size."""
    cut = 42 * (vp.scale / vp.sx - 1)  # 14 units at 4:3
    return vp.r(SLOT_X[s] + (cut if s else 0), y, SLOT_W - cut, ROW_H)


def sheet_rect(vp) -> tuple:
    """The score sheet: wider in a window squeezed sideways, so its lines keep their size."""
    x, y, w, h = SHEET
    return x, y, min(w * vp.scale / vp.sx, 720), h


def sheet_columns(vp, names, rounds: int) -> tuple[float, float]:
    """(where the rounds' columns start from the sheet's left, a round column's width), in design units. The
    names have 80 units; a longer name ("Computer 1") takes room from the rounds' columns, down to 26 units
    each, so it stands whole at its size."""
    need = max(gfx.font(vp.s(17), True).size(n)[0] for n in names) / vp.sx + 4
    name_w = min(max(80.0, need), 80 + 430 - rounds * 26)
    return name_w + 12, min(36, (430 - (name_w - 80)) / rounds)


def total_w(w: float, rounds: int, x1: float, col_w: float) -> float:
    """How wide the score sheet's total column (centred 40 units in from its right edge) may grow: to a gap
    short of the last round's column (the rounds' columns from ``x1``, ``col_w`` each) and of the sheet's edge."""
    return min(2 * (w - 40 - x1 - rounds * col_w) - 12, 2 * 40 - 12)


def caption_rect(vp) -> tuple:
    sx, _y, sw, _h = sheet_rect(vp)
    x, y, w, h = CAPTION
    left = sx + sw + (x - SHEET[0] - SHEET[2])
    return left, y, x + w - left, h


_BG: dict = {}
gfx.forget_on_resize(_BG.clear)


def background(t, vp) -> pygame.Surface:
    """Everything that never changes (felt, panels, labels), drawn once per window size."""
    key = (vp.size, vp.sx, tuple(t.names), t.state.options["rounds"], i18n.language(), gfx.TEXT_SCALE[0])
    bg = _BG.get(key)
    if bg is not None:
        return bg
    _BG.clear()
    bg = pygame.Surface(vp.size).convert()
    bg.fill(gfx.FELT_DARK)
    pygame.draw.rect(bg, gfx.FELT, vp.r(0, 0, 1280, 720))
    pygame.draw.rect(bg, PANEL, vp.r(0, 0, 1280, 34))
    for s in (0, 1):
        x0 = SIDE_X[s]
        gfx.panel(bg, vp.r(x0, BOARD_Y, SIDE_W, BOARD_H), PANEL, radius=vp.s(10), border=colour(s), width=vp.s(3))
    for k in range(3):
        y = RING_Y + k * ROW_STEP
        pygame.draw.rect(bg, ROW_FILL, vp.r(BID_X[0], y, BID_X[1] + 56 - BID_X[0], ROW_H), border_radius=vp.s(10))
        cx = MID_X + MID_W / 2
        txt(bg, vp, _("Event {n}").format(n=k + 1), 15, cx, y + 6, gfx.GOLD, bold=True, anchor="midtop")
        txt(bg, vp, _("×{n} points").format(n=k + 1), 14, cx, y + 26, gfx.GREY, anchor="midtop")
    mx, my, mw, mh = MAIN_PILE
    gfx.draw_fitted(bg, _("Main deck"), main_label_box(vp), vp.s(14), gfx.WHITE, valign="top", lines=2)
    x, y, w, h = sheet_rect(vp)
    gfx.panel(bg, vp.r(x, y, w, h), PANEL, radius=vp.s(10))
    gfx.panel(bg, vp.rect(caption_rect(vp)), PANEL, radius=vp.s(10))
    rounds = t.state.options["rounds"]
    x1, col_w = sheet_columns(vp, t.names, rounds)
    # the sheet's words and numbers grow with the player's text size as far as their rows and columns allow
    head = grown_px(vp, [_("Round")], 15, 26, 78)
    txt(bg, vp, _("Round"), 15, x + 10, y + 8, gfx.GREY, px=head)
    px = grown_px(vp, [str(rounds)], 15, 26, col_w - 10, True)  # (the current round's number is bold)
    for i in range(rounds):
        txt(bg, vp, str(i + 1), 15, x + x1 + i * col_w + col_w / 2, y + 8, gfx.GREY, anchor="midtop", px=px)
    total = grown_px(vp, [_("Total")], 15, 26, total_w(w, rounds, x1, col_w))
    txt(bg, vp, _("Total"), 15, x + w - 40, y + 8, gfx.GREY, anchor="midtop", px=total)
    px = grown_px(vp, t.names, 17, 28, x1 - 12, True)
    for s in (0, 1):
        txt(bg, vp, t.names[s], 17, x + 10, y + 36 + s * 30, colour(s), bold=True, width=x1 - 12, px=px)
    said = gfx.first_fitting([_(ROUND_POINTS), _(ROUND_POINTS_SHORT)], vp.s(14), vp.across(w - 20))
    txt(bg, vp, said, 14, x + 10, y + 104, gfx.GREY, width=w - 20, px=grown_px(vp, [said], 14, 20, w - 20))
    _BG[key] = bg
    return bg
