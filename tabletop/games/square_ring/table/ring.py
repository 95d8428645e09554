"""Drawing the ring: the board, the boxers as pieces, the previews of a card being
chosen, and the reveal's flashes and floating numbers (see table.py)."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from tabletop.core.i18n import words
from tabletop.ui import gfx

from ..rules import board
from . import cards as tc
from .layout import BOARD_X, BOARD_Y, CELL

_, ngettext = words(__name__)

MAT = (232, 226, 208)
MAT_LINE = (170, 160, 140)
APRON = (30, 40, 80)
ROPE = (200, 40, 40)


# -- geometry ---------------------------------------------------------------------------


def sq_xy(sq: int) -> tuple[float, float]:
    """Design-space centre of a square (rank 1 at the bottom)."""
    x, y = board.xy(sq)
    return BOARD_X + x * CELL + CELL / 2, BOARD_Y + (4 - y) * CELL + CELL / 2


def sq_rect(vp, sq: int) -> pygame.Rect:
    x, y = board.xy(sq)
    return vp.r(BOARD_X + x * CELL, BOARD_Y + (4 - y) * CELL, CELL, CELL)


# -- cached images ----------------------------------------------------------------------


@gfx.image_cache(8)
def ring_image(cell: int) -> pygame.Surface:
    size = cell * 5
    m = max(4, cell // 5)
    surf = pygame.Surface((size + 2 * m, size + 2 * m))
    surf.fill(APRON)
    pygame.draw.rect(surf, MAT, (m, m, size, size))
    for i in range(6):
        pygame.draw.line(surf, MAT_LINE, (m + i * cell, m), (m + i * cell, m + size), max(1, cell // 40))
        pygame.draw.line(surf, MAT_LINE, (m, m + i * cell), (m + size, m + i * cell), max(1, cell // 40))
    for k in range(3):  # ropes
        off = m // 2 - 1 + k * 0
        pygame.draw.rect(
            surf,
            ROPE if k == 0 else (230, 230, 230),
            (off - k, off - k, size + m + 2 * k, size + m + 2 * k),
            width=max(1, cell // 30),
        )
    posts = [
        (m // 2, m // 2),
        (size + m + m // 2, m // 2),
        (m // 2, size + m + m // 2),
        (size + m + m // 2, size + m + m // 2),
    ]
    colours = [gfx.PLAYER_COLOURS[1], (235, 235, 235), (235, 235, 235), gfx.PLAYER_COLOURS[0]]
    for p, c in zip(posts, colours, strict=True):
        pygame.draw.circle(surf, c, p, max(3, m // 2 + 1))
    px = max(8, cell // 5)
    for sq in range(25):
        x, y = board.xy(sq)
        gfx.blit_text(surf, board.name(sq), px, (m + x * cell + 3, m + (4 - y) * cell + 2), MAT_LINE)
    return surf


@gfx.image_cache(64)
def piece_image(seat: int, size: int, initial: str, ghost: bool = False) -> pygame.Surface:
    """A boxer seen from above, facing up: a shadow, a body, two gloves out front and a pointer."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    rad = int(size * 0.31)
    col = gfx.PLAYER_COLOURS[seat]
    glove = tuple(max(0, v - 70) for v in col)
    edge = max(1, size // 30)
    pygame.draw.circle(surf, (0, 0, 0, 70), (c + edge, c + 2 * edge), rad + edge)
    tip = (c, c - rad - int(size * 0.19))
    pygame.draw.polygon(surf, gfx.WHITE, [tip, (c - rad * 0.55, c - rad * 0.55), (c + rad * 0.55, c - rad * 0.55)])
    pygame.draw.polygon(
        surf, glove, [tip, (c - rad * 0.55, c - rad * 0.55), (c + rad * 0.55, c - rad * 0.55)], width=edge
    )
    for side in (-1, 1):
        g = (c + side * int(rad * 0.8), c - int(rad * 0.85))
        pygame.draw.circle(surf, glove, g, max(3, int(rad * 0.42)))
        pygame.draw.circle(surf, gfx.WHITE, g, max(3, int(rad * 0.42)), width=edge)
    pygame.draw.circle(surf, col, (c, c), rad)
    pygame.draw.circle(surf, gfx.WHITE, (c, c), rad, width=max(2, size // 26))
    if ghost:
        surf.set_alpha(120)
    return surf


@gfx.image_cache(256)
def rotated(seat: int, size: int, initial: str, deg: int, ghost: bool = False) -> pygame.Surface:
    img = piece_image(seat, size, initial, ghost)
    out = pygame.transform.rotozoom(img, -deg, 1.0)
    if ghost:
        out.set_alpha(120)
    return out


@gfx.image_cache(32)
def tint(colour: tuple, alpha: int, w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((*colour[:3], alpha))
    return s


@lru_cache(maxsize=256)
def wrapped(text: str, px: int, width: int) -> tuple:
    return tuple(gfx.wrap(text, px, width))


# -- the ring ------------------------------------------------------------------------------


def ring(t, surf, vp) -> None:
    cell = vp.s(CELL)
    img = ring_image(cell)
    m = max(4, cell // 5)
    tl = vp.p(BOARD_X, BOARD_Y)
    surf.blit(img, (tl[0] - m, tl[1] - m))
    if t.anim is None:
        for seat in (0, 1):
            preview(t, surf, vp, seat)
        button_preview(t, surf, vp)
        if t.threat is not None:
            card_preview(t, surf, vp, t.threat[0], t.threat[1], t.state.pos[t.threat[0]], t.state.facing[t.threat[0]])
    else:
        anim_overlay(t, surf, vp)
    pieces(t, surf, vp)
    if t.anim is not None:
        anim_texts(t, surf, vp)


def piece_size(vp) -> int:
    return vp.s(CELL * 0.92)


def draw_piece(t, surf, vp, seat, x, y, deg, ghost=False) -> None:
    size = piece_size(vp)
    img = rotated(seat, size, "", int(round(deg)) % 360, ghost)
    r = img.get_rect(center=vp.p(x, y))
    surf.blit(img, r)
    if not ghost:
        gfx.blit_text(surf, piece_mark(t, seat), max(gfx.BODY_PX, int(size * 0.3)), r.center, gfx.INK, True, "center")


def piece_mark(t, seat: int) -> str:
    """The letter on a boxer's piece: its boxer's initial, or the seat's number when both boxers share one
    (two Ingas were told apart by colour alone)."""
    marks = [_(t.boxer(s).name)[:1] for s in (0, 1)]
    return marks[seat] if marks[0] != marks[1] else str(seat + 1)


def pieces(t, surf, vp) -> None:
    a = t.anim
    step = a.current() if a is not None else None
    pos, facing, hp, _dmg = t.shown_pose()
    p = a.progress() if a is not None else 0.0
    for seat in (0, 1):
        x, y = sq_xy(pos[seat])
        deg = facing[seat] * 45
        if step is not None and step.kind in ("move", "reset", "turn"):
            e = gfx.ease_out(p)
            x0, y0 = sq_xy(step.p0[0][seat])
            x1, y1 = sq_xy(step.p1[0][seat])
            bump = step.data.get("bumps", {}).get(seat)
            if bump is not None:
                bx, by = sq_xy(bump) if bump >= 0 else _off_ring(step.p0, seat)
                k = 0.35 * math.sin(math.pi * min(1.0, p))
                x, y = x0 + (bx - x0) * k, y0 + (by - y0) * k
            else:
                x, y = gfx.lerp(x0, x1, e), gfx.lerp(y0, y1, e)
            f0, f1 = step.p0[1][seat], step.p1[1][seat]
            d = ((f1 - f0 + 4) % 8) - 4
            deg = (f0 + d * e) * 45
        hit = step is not None and step.kind == "strike" and step.data["taken"][seat] and 0.35 <= p < 0.75
        if hit and not t.app.settings.reduce_motion:  # a boxer who takes the hit shakes
            x += 4 * math.sin(p * 60)
        draw_piece(t, surf, vp, seat, x, y, deg)
    if step is not None and step.kind == "move" and step.data.get("nulled"):
        for seat, word in step.data["nulled"].items():
            if word and p > 0.3:
                x, y = sq_xy(step.p0[0][seat])
                float_text(surf, vp, word, x, y - 34, gfx.HILITE, 16)


def _off_ring(pose, seat):
    x, y = sq_xy(pose[0][seat])
    f = pose[1][seat]
    dx, dy = board.DIRS[f]
    return x + dx * CELL * 0.6, y - dy * CELL * 0.6


def float_text(surf, vp, text, x, y, colour, px=18) -> None:
    px = max(vp.s(px), gfx.BODY_PX)  # (a small ring: gfx.Viewport.upright)
    r = gfx.text(text, px, colour, True).get_rect(center=vp.p(x, y))
    bg = r.inflate(vp.s(10), vp.s(4))
    gfx.panel(surf, bg, (20, 20, 24), radius=vp.s(6), alpha=200)
    gfx.blit_text(surf, text, px, r.center, colour, True, "center", bg)


def shade_squares(surf, vp, squares, colour, alpha) -> None:
    cell = vp.s(CELL)
    img = tint(colour, alpha, cell, cell)
    for q in squares:
        r = sq_rect(vp, q)
        surf.blit(img, r.topleft)


STRIKE_SHADE = 130  # how strongly a strike's squares are shaded while it lands


def anim_overlay(t, surf, vp) -> None:
    a = t.anim
    step = a.current()
    if step is None or step.kind != "strike":
        return
    d = step.data
    for seat, area in d["areas"].items():
        colour = gfx.PLAYER_COLOURS[seat]
        shade_squares(surf, vp, area, colour, STRIKE_SHADE)  # one steady shade: it blinked at 5 a second
        for q in area:
            r = sq_rect(vp, q)
            pygame.draw.rect(surf, colour, r, width=max(2, vp.s(3)))


def anim_texts(t, surf, vp) -> None:
    a = t.anim
    step = a.current()
    if step is not None and step.kind == "flip":
        for seat in step.data["shuffled"]:  # a dazed boxer's cards came out in a random order
            x, y = sq_xy(step.p0[0][seat])
            float_text(surf, vp, _("Dazed: cards shuffled"), x, y - 40, gfx.HILITE, 15)
    if step is None or step.kind != "strike":
        return
    p = a.progress()
    d = step.data
    if p >= 0.3:
        pos = step.p1[0]
        for seat in (0, 1):
            o = 1 - seat
            if seat not in d["areas"]:
                continue
            ox, oy = sq_xy(pos[o])
            rise = 26 * min(1.0, (p - 0.3) * 2)
            if not d["landed"][seat]:
                sx, sy = sq_xy(pos[seat])
                float_text(surf, vp, _("Miss"), sx, sy - 40, gfx.GREY, 16)
            elif d["protected"][o]:
                float_text(surf, vp, _("Counter! No damage"), ox, oy - 30 - rise, gfx.HILITE, 16)
            else:
                side = 1 if ox < 760 else -1
                float_text(surf, vp, f"-{d['taken'][o]}", ox + side * CELL * 0.62, oy - rise, gfx.REFUSE, 26)
                if d["dazed"][o]:
                    float_text(surf, vp, _("Dazed!"), ox, oy + 34, gfx.HILITE, 15)


def banner(t, surf, vp) -> None:
    step = t.anim.current()
    if step is None or step.kind != "banner":
        return
    r = vp.r(420, 150, 440, 130)
    gfx.panel(surf, r, gfx.PANEL, radius=vp.s(14), border=gfx.GOLD, width=vp.s(3), alpha=235)
    gfx.blit_text(surf, step.data["title"], vp.s(28), vp.p(640, 185), gfx.GOLD, bold=True, anchor="center")
    for i, line in enumerate(wrapped(step.data["text"][0], vp.s(17), vp.s(410))[:3]):
        gfx.blit_text(surf, line, vp.s(17), vp.p(640, 222 + i * 22), gfx.WHITE, anchor="center")


# -- previews ----------------------------------------------------------------------------


def candidate(t, seat):
    """(card id, index in the order it would take) of the card being chosen, or None."""
    sel = t.selection(seat)
    hot = None
    target = None
    if t.drag is not None and t.drag["seat"] == seat and t.drag["moved"]:
        hot = t.drag["hot"]
        zone = t.hot_at(t.drag["pos"], ("zone",), seat)
        if zone is not None and zone.payload[0] == "slot":
            target = zone.payload[2]
    if hot is None and t.mouse_seat() == seat and t.mouse_pos is not None:
        hot = t.hot_at(t.mouse_pos, ("card",), seat)
    if hot is None and t.show_focus.get(seat):
        hot = t.focused(seat)
    if hot is None or not isinstance(hot.payload, tuple) or hot.payload[1] != seat:
        return None
    kind = hot.payload[0]
    if kind == "slot":
        i = hot.payload[2]
        if i >= len(sel):
            return None
        return sel[i], i if target is None else target
    if kind == "hand":
        cid = hot.payload[2]
        if cid in sel:
            return cid, sel.index(cid) if target is None else target
        k = len(sel) if target is None else min(target, len(sel))
        return cid, min(k, t.slot_count(seat) - 1) if len(sel) >= t.slot_count(seat) else k
    return None


def preview(t, surf, vp, seat) -> None:
    st = t.state
    if not t.can_act(seat) or st.phase not in ("declare", "choose", "react"):
        return
    sel = t.selection(seat)
    cand = candidate(t, seat)
    colour = gfx.PLAYER_COLOURS[seat]
    upto = sel if cand is None else [c for c in sel[: cand[1]] if c != cand[0]]
    sq, f, trail = t.plan(seat, upto)
    # the cards already in the order: numbered marks on the squares they lead to
    for i, (_kind, q) in enumerate(trail):
        x, y = sq_xy(q)
        dot = pygame.Rect(0, 0, vp.s(22), vp.s(22))
        dot.center = vp.p(x + CELL * 0.3, y + CELL * 0.3)
        pygame.draw.circle(surf, colour, dot.center, dot.w // 2)
        gfx.blit_text(surf, str(i + 1), vp.s(14), dot.center, gfx.WHITE, bold=True, anchor="center")
    if upto and (sq != st.pos[seat] or f != st.facing[seat]):
        x, y = sq_xy(sq)
        draw_piece(t, surf, vp, seat, x, y, f * 45, ghost=True)
    if cand is None:
        return
    card_preview(t, surf, vp, seat, cand[0], sq, f)


def card_preview(t, surf, vp, seat, cid, sq, f) -> None:
    """A card's step, turn or attack area drawn on the board from a square and facing."""
    st = t.state
    colour = gfx.PLAYER_COLOURS[seat]
    card = t.boxer(seat).by_id[cid]
    x, y = sq_xy(sq)
    if card.kind == "attack":
        area = board.mask_squares(card.mask(sq, f))
        shade_squares(surf, vp, area, colour, 130)
        opp = st.pos[1 - seat]
        for q in area:
            r = sq_rect(vp, q)
            pygame.draw.rect(surf, gfx.HILITE if q == opp else colour, r, width=max(2, vp.s(3)))
            qx, qy = sq_xy(q)
            gfx.blit_text(
                surf,
                str(card.power),
                vp.s(18),
                vp.p(qx + CELL * 0.5 - 4, qy + CELL * 0.5 - 2),
                gfx.WHITE,
                bold=True,
                anchor="bottomright",
            )
    elif card.kind == "step":
        d = board.step_destination(sq, f, card.step)
        if d < 0:
            dx, dy = board.DIRS[(f + card.step) % 8]
            ex, ey = x + dx * CELL * 0.62, y - dy * CELL * 0.62
            tc.arrow(surf, gfx.REFUSE, vp.p(x, y), vp.p(ex, ey), max(2, vp.s(4)))
            float_text(surf, vp, _("off the ring: no move"), x, y - 40, gfx.REFUSE, 15)
        else:
            tx, ty = sq_xy(d)
            shade_squares(surf, vp, [d], colour, 90)
            tc.arrow(surf, colour, vp.p(x, y), vp.p(tx, ty), max(2, vp.s(5)))
            draw_piece(t, surf, vp, seat, tx, ty, f * 45, ghost=True)
    elif card.kind == "turn":
        nf = (f + card.turn) % 8
        draw_piece(t, surf, vp, seat, x, y, nf * 45, ghost=True)
        ddx, ddy = board.DIRS[nf]
        tc.arrow(surf, colour, vp.p(x, y), vp.p(x + ddx * CELL * 0.7, y - ddy * CELL * 0.7), max(2, vp.s(4)))


def button_preview(t, surf, vp) -> None:
    """Footwork and Stick-and-Move choices: show the turn or the step of the focused / hovered button."""
    st = t.state
    if st.phase not in ("footwork", "stick"):
        return
    for seat in (0, 1):
        if not t.can_act(seat):
            continue
        hot = None
        if t.mouse_seat() == seat and t.mouse_pos is not None:
            hot = t.hot_at(t.mouse_pos, ("button",), seat)
        if hot is None and t.show_focus.get(seat):
            hot = t.focused(seat)
        if hot is None:
            continue
        what = t.button_preview.get((hot.seat, hot.payload))
        if what is None or what[0] != seat:
            continue
        sq, f = st.pos[seat], st.facing[seat]
        x, y = sq_xy(sq)
        colour = gfx.PLAYER_COLOURS[seat]
        if what[1] == "turn":
            nf = (f + what[2]) % 8
            draw_piece(t, surf, vp, seat, x, y, nf * 45, ghost=True)
            ddx, ddy = board.DIRS[nf]
            tc.arrow(
                surf,
                colour,
                vp.p(x + ddx * CELL * 0.3, y - ddy * CELL * 0.3),
                vp.p(x + ddx * CELL * 0.85, y - ddy * CELL * 0.85),
                max(2, vp.s(5)),
            )
        elif what[1] == "step":
            d = board.step_destination(sq, f, board.STEP_INDEX[what[2]])
            if d >= 0:
                dx, dy = sq_xy(d)
                shade_squares(surf, vp, [d], colour, 90)
                tc.arrow(surf, colour, vp.p(x, y), vp.p(dx, dy), max(2, vp.s(5)))
                draw_piece(t, surf, vp, seat, dx, dy, f * 45, ghost=True)


def reset_caches() -> None:
    for f in (ring_image, piece_image, rotated, tint, wrapped):
        f.cache_clear()
