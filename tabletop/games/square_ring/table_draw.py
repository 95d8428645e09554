"""Drawing The Square Ring table (layout and secrecy rules: see table.py)."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from tabletop.ui import cards, gfx

from . import board
from . import table_cards as tc
from .rules import may_react

BOARD_X, BOARD_Y, CELL = 480, 50, 64
PANEL_X, PANEL_W = (10, 810), 460
SLOT_DX, SLOT_Y, SLOT_W, SLOT_H = (10, 112, 214), 200, 94, 140
BTN_DX, BTN_W, BTN_H, BTN_Y, BTN_GAP = 322, 134, 36, 200, 42
HALF_X, HALF_W = (10, 650), 620
STEP_Y, STEP_W, STEP_H, STEP_GAP = 438, 58, 76, 6
ROWB_Y, TURN_W, TURN_H = 542, 50, 66
ATK_DX, ATK_W, ATK_H, ATK_GAP = 114, 96, 140, 5
MAT = (232, 226, 208)
MAT_LINE = (170, 160, 140)
APRON = (30, 40, 80)
ROPE = (200, 40, 40)
HINTS = {
    "keys-left": "W A S D move · Space choose · Shift take back",
    "keys-right": "Arrows move · Enter choose · Backspace take back",
    "keyboard": "Arrows or WASD move · Enter/Space choose · Backspace take back",
    "gamepad": "D-pad move · A choose · B take back",
    "mouse": "Click a card or drag it to a slot; drag slots to reorder",
}
PEEK_KEY = {"keys-left": "Tab", "keys-right": "Right Ctrl", "gamepad": "Y", "mouse": "`", "keyboard": "Tab",
            None: "Tab"}


# -- geometry ---------------------------------------------------------------------------

def sq_xy(sq: int) -> tuple[float, float]:
    """Design-space centre of a square (rank 1 at the bottom)."""
    x, y = board.xy(sq)
    return BOARD_X + x * CELL + CELL / 2, BOARD_Y + (4 - y) * CELL + CELL / 2


def sq_rect(vp, sq: int) -> pygame.Rect:
    x, y = board.xy(sq)
    return vp.r(BOARD_X + x * CELL, BOARD_Y + (4 - y) * CELL, CELL, CELL)


# -- cached images ----------------------------------------------------------------------

@lru_cache(maxsize=8)
def ring_image(cell: int) -> pygame.Surface:
    size = cell * 5
    m = max(4, cell // 5)
    surf = pygame.Surface((size + 2 * m, size + 2 * m))
    surf.fill(APRON)
    pygame.draw.rect(surf, MAT, (m, m, size, size))
    for i in range(6):
        pygame.draw.line(surf, MAT_LINE, (m + i * cell, m), (m + i * cell, m + size), max(1, cell // 40))
        pygame.draw.line(surf, MAT_LINE, (m, m + i * cell), (m + size, m + i * cell), max(1, cell // 40))
    for k in range(3):     # ropes
        off = m // 2 - 1 + k * 0
        pygame.draw.rect(surf, ROPE if k == 0 else (230, 230, 230), (off - k, off - k, size + m + 2 * k, size + m + 2 * k),
                         width=max(1, cell // 30))
    posts = [(m // 2, m // 2), (size + m + m // 2, m // 2), (m // 2, size + m + m // 2), (size + m + m // 2, size + m + m // 2)]
    colours = [gfx.PLAYER_COLOURS[1], (235, 235, 235), (235, 235, 235), gfx.PLAYER_COLOURS[0]]
    for p, c in zip(posts, colours):
        pygame.draw.circle(surf, c, p, max(3, m // 2 + 1))
    px = max(8, cell // 5)
    for sq in range(25):
        x, y = board.xy(sq)
        gfx.blit_text(surf, board.name(sq), px, (m + x * cell + 3, m + (4 - y) * cell + 2), MAT_LINE)
    return surf


@lru_cache(maxsize=64)
def piece_image(seat: int, size: int, initial: str, ghost: bool = False) -> pygame.Surface:
    """A boxer seen from above, facing up: a disc, a nose and two gloves."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    rad = int(size * 0.30)
    col = gfx.PLAYER_COLOURS[seat]
    glove = tuple(max(0, v - 60) for v in col)
    for side in (-1, 1):
        pygame.draw.circle(surf, glove, (c + side * int(rad * 0.75), c - int(rad * 0.95)), max(3, rad // 2))
        pygame.draw.circle(surf, gfx.WHITE, (c + side * int(rad * 0.75), c - int(rad * 0.95)), max(3, rad // 2),
                           width=max(1, size // 40))
    pygame.draw.circle(surf, col, (c, c), rad)
    pygame.draw.circle(surf, gfx.WHITE, (c, c), rad, width=max(2, size // 28))
    tip = (c, c - rad - int(size * 0.16))
    pygame.draw.polygon(surf, gfx.WHITE, [tip, (c - rad * 0.45, c - rad * 0.8), (c + rad * 0.45, c - rad * 0.8)])
    if ghost:
        surf.set_alpha(120)
    return surf


@lru_cache(maxsize=256)
def rotated(seat: int, size: int, initial: str, deg: int, ghost: bool = False) -> pygame.Surface:
    img = piece_image(seat, size, initial, ghost)
    out = pygame.transform.rotozoom(img, -deg, 1.0)
    if ghost:
        out.set_alpha(120)
    return out


@lru_cache(maxsize=32)
def tint(colour: tuple, alpha: int, w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((*colour[:3], alpha))
    return s


@lru_cache(maxsize=256)
def wrapped(text: str, px: int, width: int) -> tuple:
    return tuple(gfx.wrap(text, px, width))


# -- the whole table ------------------------------------------------------------------------

def draw(t, surf, vp) -> None:
    surf.fill(gfx.FELT)
    header(t, surf, vp)
    ring(t, surf, vp)
    for seat in (0, 1):
        info(t, surf, vp, seat)
        slots(t, surf, vp, seat)
        buttons(t, surf, vp, seat)
        status(t, surf, vp, seat)
        hand(t, surf, vp, seat)
        hints(t, surf, vp, seat)
    caption(t, surf, vp)
    if t.anim is not None:
        banner(t, surf, vp)
    curtain = t.curtain_seat()
    st = t.state
    if curtain is not None:
        key = (curtain, st.phase, st.round, st.exchange)
        first = t._curtain_last != key
        t._curtain_last = key
        t.secrecy.draw_curtain(surf, vp, curtain)
        if first:
            t.want_focus[curtain] = f"Show {t.names[curtain]}'s cards"
    else:
        t._curtain_last = None


def header(t, surf, vp) -> None:
    st = t.state
    gfx.panel(surf, vp.r(0, 0, 1280, 42), gfx.FELT_DARK, radius=0)
    gfx.blit_text(surf, "The Square Ring", vp.s(20), vp.p(16, 21), gfx.GOLD, bold=True, anchor="midleft")
    rnd, exc = t.anim.shown_exchange if t.anim is not None else (st.round, st.exchange)
    text = f"Round {rnd} of {st.rounds} · Exchange {exc} of {st.exchanges}"
    gfx.blit_text(surf, text, vp.s(20), vp.p(640, 21), gfx.WHITE, bold=True, anchor="center")
    res = []
    for i, w in enumerate(st.round_results):
        res.append(f"R{i + 1}: " + ("draw" if w is None else t.names[w]))
    if res:
        line = "  ".join(res)
        gfx.blit_text(surf, line, gfx.fit_px(line, vp.s(16), vp.s(330)), vp.p(1216, 21), gfx.WHITE,
                      anchor="midright")


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
        gfx.blit_text(surf, t.boxer(seat).name[:1], max(8, int(size * 0.3)), r.center, gfx.WHITE, bold=True,
                      anchor="center")


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
        if step is not None and step.kind == "strike" and step.data["taken"][seat] and 0.35 <= p < 0.75:
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
    img = gfx.text(text, vp.s(px), colour, True)
    r = img.get_rect(center=vp.p(x, y))
    bg = r.inflate(vp.s(10), vp.s(4))
    gfx.panel(surf, bg, (20, 20, 24), radius=vp.s(6), alpha=200)
    surf.blit(img, r)


def shade_squares(surf, vp, squares, colour, alpha) -> None:
    cell = vp.s(CELL)
    img = tint(colour, alpha, cell, cell)
    for q in squares:
        r = sq_rect(vp, q)
        surf.blit(img, r.topleft)


def anim_overlay(t, surf, vp) -> None:
    a = t.anim
    step = a.current()
    if step is None or step.kind != "strike":
        return
    p = a.progress()
    d = step.data
    flash = p < 0.75 and (int(p * 10) % 2 == 0 or p > 0.35)
    for seat, area in d["areas"].items():
        colour = gfx.PLAYER_COLOURS[seat]
        shade_squares(surf, vp, area, colour, 150 if flash else 80)
        for q in area:
            r = sq_rect(vp, q)
            pygame.draw.rect(surf, colour, r, width=max(2, vp.s(3)))


def anim_texts(t, surf, vp) -> None:
    a = t.anim
    step = a.current()
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
                float_text(surf, vp, "Miss", sx, sy - 40, gfx.GREY, 16)
            elif d["protected"][o]:
                float_text(surf, vp, "Counter! No damage", ox, oy - 30 - rise, gfx.HILITE, 16)
            else:
                side = 1 if ox < 760 else -1
                float_text(surf, vp, f"-{d['taken'][o]}", ox + side * CELL * 0.62, oy - rise, gfx.REFUSE, 26)
                if d["dazed"][o]:
                    float_text(surf, vp, "Dazed!", ox, oy + 34, gfx.HILITE, 15)


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
        zone = t._hot_at(t.drag["pos"], ("zone",), seat)
        if zone is not None and zone.payload[0] == "slot":
            target = zone.payload[2]
    if hot is None and t.mouse_seat() == seat and t.mouse_pos is not None:
        hot = t._hot_at(t.mouse_pos, ("card",), seat)
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
    upto = sel if cand is None else [c for c in sel[:cand[1]] if c != cand[0]]
    sq, f, trail = t.plan(seat, upto)
    # the cards already in the order: numbered marks on the squares they lead to
    for i, (kind, q) in enumerate(trail):
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
    card = t.boxer(seat).by_id[cand[0]]
    x, y = sq_xy(sq)
    if card.kind == "attack":
        area = board.mask_squares(card.mask(sq, f))
        shade_squares(surf, vp, area, colour, 130)
        opp = st.pos[1 - seat]
        for q in area:
            r = sq_rect(vp, q)
            pygame.draw.rect(surf, gfx.HILITE if q == opp else colour, r, width=max(2, vp.s(3)))
            qx, qy = sq_xy(q)
            gfx.blit_text(surf, str(card.power), vp.s(20), vp.p(qx - CELL * 0.28, qy + CELL * 0.22), gfx.WHITE,
                          bold=True, anchor="center")
    elif card.kind == "step":
        d = board.step_destination(sq, f, card.step)
        if d < 0:
            dx, dy = board.DIRS[(f + card.step) % 8]
            ex, ey = x + dx * CELL * 0.62, y - dy * CELL * 0.62
            tc.arrow(surf, gfx.REFUSE, vp.p(x, y), vp.p(ex, ey), max(2, vp.s(4)))
            float_text(surf, vp, "off the ring: no move", x, y - 40, gfx.REFUSE, 15)
        else:
            dx, dy = sq_xy(d)
            shade_squares(surf, vp, [d], colour, 90)
            tc.arrow(surf, colour, vp.p(x, y), vp.p(dx, dy), max(2, vp.s(5)))
            draw_piece(t, surf, vp, seat, dx, dy, f * 45, ghost=True)
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
            hot = t._hot_at(t.mouse_pos, ("button",), seat)
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
        elif what[1] == "step":
            d = board.step_destination(sq, f, board.STEP_INDEX[what[2]])
            if d >= 0:
                dx, dy = sq_xy(d)
                shade_squares(surf, vp, [d], colour, 90)
                tc.arrow(surf, colour, vp.p(x, y), vp.p(dx, dy), max(2, vp.s(5)))
                draw_piece(t, surf, vp, seat, dx, dy, f * 45, ghost=True)


# -- each boxer's panel ----------------------------------------------------------------------

def info(t, surf, vp, seat) -> None:
    st = t.state
    x0 = PANEL_X[seat]
    bx = t.boxer(seat)
    colour = gfx.PLAYER_COLOURS[seat]
    _pos, _facing, hp, dmg = t.shown_pose()
    gfx.panel(surf, vp.r(x0, 48, PANEL_W, 134), (0, 0, 0), radius=vp.s(10), alpha=60)
    who = f"{t.names[seat]} · {bx.name}" + ("" if seat in t.humans else " (computer)")
    gfx.blit_text(surf, who, gfx.fit_px(who, vp.s(22), vp.s(300), True), vp.p(x0 + 12, 64), colour, bold=True,
                  anchor="midleft")
    gfx.blit_text(surf, bx.style, vp.s(15), vp.p(x0 + PANEL_W - 12, 64), gfx.GREY, anchor="midright")
    # HP bar
    bar = vp.r(x0 + 12, 80, 300, 22)
    pygame.draw.rect(surf, (40, 40, 44), bar, border_radius=vp.s(6))
    frac = max(0.0, min(1.0, hp[seat] / bx.hp))
    fill = bar.copy()
    fill.w = max(0, int(bar.w * frac))
    pygame.draw.rect(surf, gfx.REFUSE if frac <= 0.3 else colour, fill, border_radius=vp.s(6))
    pygame.draw.rect(surf, (120, 120, 130), bar, width=1, border_radius=vp.s(6))
    gfx.blit_text(surf, f"♥ {hp[seat]} / {bx.hp} HP", vp.s(18), vp.p(x0 + 324, 91), gfx.WHITE, bold=True,
                  anchor="midleft")
    wins = st.round_wins[seat]
    gfx.blit_text(surf, f"Damage dealt this round: {dmg[seat]}", vp.s(16), vp.p(x0 + 12, 118), gfx.WHITE,
                  anchor="midleft")
    gfx.blit_text(surf, "Rounds won " + "★" * wins + "☆" * max(0, (st.rounds + 1) // 2 - wins), vp.s(16),
                  vp.p(x0 + PANEL_W - 12, 118), gfx.GOLD, anchor="midright")
    tokens = f"⚡ Bursts {st.bursts[seat]}    ◉ Reacts {st.reacts[seat]}"
    gfx.blit_text(surf, tokens, vp.s(16), vp.p(x0 + 12, 144), gfx.WHITE, anchor="midleft")
    if st.dazed[seat]:
        r = vp.r(x0 + 250, 133, 200, 22)
        gfx.panel(surf, r, (120, 40, 140), radius=vp.s(6))
        gfx.blit_text(surf, "DAZED: cards shuffled", vp.s(14), r.center, gfx.WHITE, bold=True, anchor="center")
    cool = [bx.by_id[c].name for c in st.cooldown[seat]]
    line = ("Cooling down: " + ", ".join(cool)) if cool else "No card cooling down"
    gfx.blit_text(surf, line, gfx.fit_px(line, vp.s(15), vp.s(PANEL_W - 24)), vp.p(x0 + 12, 168),
                  (150, 200, 220) if cool else gfx.GREY, anchor="midleft")


def slot_rect(vp, seat, i) -> pygame.Rect:
    return vp.r(PANEL_X[seat] + SLOT_DX[i], SLOT_Y, SLOT_W, SLOT_H)


def slots(t, surf, vp, seat) -> None:
    st = t.state
    x0 = PANEL_X[seat]
    bx = t.boxer(seat)
    n = t.slot_count(seat)
    colour = gfx.PLAYER_COLOURS[seat]
    labels = ["1st", "2nd", "3rd · Burst ⚡"]
    for i in range(3):
        if i == 2 and bx.bursts == 0:
            continue
        lab = labels[i] if (i < 2 or n == 3) else ("no Burst now" if st.bursts[seat] else "no Burst left")
        gfx.blit_text(surf, lab, gfx.fit_px(lab, vp.s(14), vp.s(SLOT_W + 6)),
                      vp.p(x0 + SLOT_DX[i] + SLOT_W // 2, SLOT_Y - 10), gfx.WHITE if i < n else gfx.GREY,
                      anchor="center")
    shown = this_exchange_cards(t, seat)
    if shown is not None:
        for i, (cid, up) in enumerate(shown[:3]):
            r = slot_rect(vp, seat, i)
            if cid is None:
                cards.slot(surf, r, "—", gfx.GREY, px=vp.s(18))
            elif up:
                surf.blit(tc.render(bx.id, cid, seat, r.w, r.h), r)
            else:
                surf.blit(tc.back(seat, r.w, r.h), r)
        for i in range(len(shown), n):
            cards.slot(surf, slot_rect(vp, seat, i), "", (90, 100, 95))
        return
    sel = t.selection(seat)
    mine = t.can_act(seat) and st.phase in ("declare", "choose", "react")
    see = t.private_visible(seat)
    for i in range(3 if bx.bursts else 2):
        r = slot_rect(vp, seat, i)
        if i >= n:
            cards.slot(surf, r, "", (80, 90, 85))
            continue
        if see and i < len(sel):
            img = tc.render(bx.id, sel[i], seat, r.w, r.h)
            surf.blit(img, r)
            if mine:
                t.hot_card(r, ("slot", seat, i), seat, img)
        elif t.pending[seat] and i < len(sel):
            surf.blit(tc.back(seat, r.w, r.h), r)
        else:
            cards.slot(surf, r, str(i + 1), colour, px=vp.s(26))
        if mine:
            t.hot_zone(r, ("slot", seat, i), accepts=t.accepts_for(seat, "slot", i), seat=seat)


def this_exchange_cards(t, seat):
    """What the slots show once cards are committed: [(card id or None, face up)], or None while choosing."""
    st = t.state
    rev = t.revealed[seat] if t.revealed_key == (st.round, st.exchange) or t.anim is not None else []
    if t.anim is not None or st.phase in ("footwork", "stick"):
        commits = st.commits[seat] if t.anim is None else None
        total = len(commits) if isinstance(commits, tuple) else None
        if t.anim is not None:
            total = _anim_count(t, seat)
        out = [(cid, True) for cid in rev]
        while total is not None and len(out) < total:
            out.append(("?", False))
        return [(c, up) if c != "?" else ("x", False) for c, up in out]
    c = st.commits[seat]
    if c is None:
        return None
    if t.secrecy.visible(seat):
        return [(cid, True) for cid in c]
    other = 1 - seat
    out = [(cid, False) for cid in c]
    if st.phase == "react" and st.reactor == other and other in t.humans and t.secrecy.visible(other) and st.peek:
        out[0] = (st.peek, True)
    return out


def _anim_count(t, seat) -> int:
    n = len(t.revealed[seat])
    for step in t.anim.steps[t.anim.i:]:
        if step.kind == "flip" and step.data["cards"][seat] is not None:
            n = max(n, step.data["k"] + 1)
    return n


def buttons(t, surf, vp, seat) -> None:
    st = t.state
    t.buttons_of[seat] = []
    if not t.can_act(seat):
        return
    x = PANEL_X[seat] + BTN_DX
    rows = []
    if st.phase in ("declare", "choose", "react"):
        sel = t.selection(seat)
        label = "Lock in ⚡" if len(sel) == 3 else "Lock in"
        rows.append((label, lambda: t.lock_in(seat), len(sel) >= 2))
        if st.phase == "declare" and st.declares[seat] is None and may_react(st, seat):
            rows.append(("React ◉", lambda: t.react(seat), True))
        rows.append(("Clear", lambda: t.clear(seat), bool(sel)))
    elif st.phase == "footwork":
        for label, turn in (("↺ Turn left", -1), ("Stay facing", 0), ("↻ Turn right", 1)):
            rows.append((label, (lambda tt=turn: t.footwork(seat, tt)), True))
            t.button_preview[(seat, label)] = (seat, "turn", turn)
    elif st.phase == "stick":
        for s in st.entitled[seat] or ():
            name = board.STEPS[s]
            label = f"Step {name}"
            rows.append((label, (lambda n=name: t.stick(seat, n)), True))
            t.button_preview[(seat, label)] = (seat, "step", name)
        rows.append(("Stay", lambda: t.stick(seat, None), True))
    if t.secrecy.mode == "curtain" and t.secrecy.shown == seat and st.phase in ("declare", "choose", "react"):
        rows.append(("Hide my cards", lambda: t.hide(seat), True))
    for i, (label, cb, enabled) in enumerate(rows):
        r = vp.r(x, BTN_Y + i * BTN_GAP, BTN_W, BTN_H)
        t.hot_button(r, label, cb, seat=seat, px=vp.s(16), enabled=enabled)
        if enabled:
            t.buttons_of[seat].append(label)


def status_text(t, seat) -> str:
    st = t.state
    name = t.names[seat]
    other = t.names[1 - seat]
    if st.result is not None:
        return ""
    if t.anim is not None:
        return ""
    phase = st.phase
    if phase in ("footwork", "stick"):
        if seat in t.rules.to_act(st):
            if seat not in t.humans:
                return f"{name} is deciding..."
            if t.can_act(seat):
                return ("Favoured step: you may turn 45°." if phase == "footwork"
                        else "Stick and Move: you may take a step.")
            return f"{name}: hold {PEEK_KEY.get(t.session.seats[seat].scheme, 'Tab')} to choose."
        return f"Waiting for {other}." if t.rules.to_act(st) else ""
    if st.commits[seat] is not None or t.pending[seat]:
        return f"{name} has locked in."
    if st.reactor == seat and phase != "react":
        return f"{name} reacts: {other} locks in first."
    if st.phase == "declare" and st.declares[seat] is True:
        return f"{name} has answered."
    if seat not in t.humans:
        return f"{name} is choosing..."
    if t.can_act(seat):
        sel = t.selection(seat)
        if phase == "react":
            return f"You reacted: you see {other}'s first card. Lay yours."
        n = t.slot_count(seat)
        more = " (3 with a Burst)" if n == 3 else ""
        return f"Lay 2 cards{more} in order, then Lock in. {len(sel)} laid."
    if t.secrecy.mode == "curtain":
        return f"{name} chooses next."
    return f"{name}: hold {PEEK_KEY.get(t.session.seats[seat].scheme, 'Tab')} to see your choice."


def status(t, surf, vp, seat) -> None:
    text = status_text(t, seat)
    if text:
        px = gfx.fit_px(text, vp.s(16), vp.s(PANEL_W - 10))
        gfx.blit_text(surf, text, px, vp.p(PANEL_X[seat] + PANEL_W // 2, 360),
                      gfx.HILITE if t.can_act(seat) else gfx.WHITE, anchor="center")


def caption(t, surf, vp) -> None:
    st = t.state
    text = " ".join(t.caption[-3:])
    focus_help = None
    for seat in (0, 1):
        if t.anim is None and t.can_act(seat) and st.phase in ("declare", "choose", "react"):
            cand = candidate(t, seat)
            if cand is not None:
                focus_help = tc.describe(st.boxers[seat], cand[0])
    if focus_help:
        text = focus_help
    if not text:
        return
    px = vp.s(15)
    lines = list(wrapped(text, px, vp.s(1220)))[-2:]
    r = vp.r(20, 376, 1240, 42)
    gfx.panel(surf, r, (0, 0, 0), radius=vp.s(8), alpha=90)
    for i, line in enumerate(lines):
        y = 397 if len(lines) == 1 else 387 + i * 20
        gfx.blit_text(surf, line, px, vp.p(640, y), gfx.HILITE if focus_help else gfx.WHITE, anchor="center")


# -- hands ----------------------------------------------------------------------------------

def hand_layout(t, seat) -> list[tuple[str, tuple]]:
    """(card id, design rect) for every card of the boxer: steps, turns (2x2), attacks."""
    bx = t.boxer(seat)
    x0 = HALF_X[seat] + 4
    out = []
    steps = [c for c in bx.cards if c.kind == "step"]
    turns = [c for c in bx.cards if c.kind == "turn"]
    attacks = [c for c in bx.cards if c.kind == "attack"]
    for i, c in enumerate(steps):
        out.append((c.id, (x0 + i * (STEP_W + STEP_GAP), STEP_Y, STEP_W, STEP_H)))
    for i, c in enumerate(turns):
        out.append((c.id, (x0 + (i % 2) * (TURN_W + 4), ROWB_Y + (i // 2) * (TURN_H + 6), TURN_W, TURN_H)))
    for i, c in enumerate(attacks):
        out.append((c.id, (x0 + ATK_DX + i * (ATK_W + ATK_GAP), ROWB_Y, ATK_W, ATK_H)))
    return out


def hand(t, surf, vp, seat) -> None:
    st = t.state
    bx = t.boxer(seat)
    x0 = HALF_X[seat] + 4
    t.hand_payloads[seat] = []
    mine = t.can_act(seat) and st.phase in ("declare", "choose", "react")
    see = t.private_visible(seat)
    sel = t.selection(seat) if see else []
    colour = gfx.PLAYER_COLOURS[seat]
    title = f"{t.names[seat]}'s cards ({bx.name})"
    gfx.blit_text(surf, title, vp.s(15), vp.p(x0, 424), colour, bold=True, anchor="midleft")
    gfx.blit_text(surf, "★ favoured step: may turn 45° after it", vp.s(14), vp.p(HALF_X[seat] + HALF_W - 4, 424),
                  gfx.GREY, anchor="midright")
    gfx.blit_text(surf, "turns", vp.s(14), vp.p(x0, ROWB_Y - 10), gfx.GREY, anchor="midleft")
    gfx.blit_text(surf, "attacks: power, area (you face up), keywords", vp.s(14), vp.p(x0 + ATK_DX, ROWB_Y - 10),
                  gfx.GREY, anchor="midleft")
    if mine:
        zone = vp.r(HALF_X[seat], 430, HALF_W, 270)
        t.hot_zone(zone, ("hand", seat), accepts=t.accepts_for(seat, "hand"), seat=seat)
    for cid, d in hand_layout(t, seat):
        r = vp.rect(d)
        img = tc.render(bx.id, cid, seat, r.w, r.h)
        surf.blit(img, r)
        cooling = cid in st.cooldown[seat]
        if cooling:
            surf.blit(tint((0, 0, 0), 130, r.w, r.h), r)
            gfx.blit_text(surf, "cooling", vp.s(14), r.center, (170, 220, 240), bold=True, anchor="center")
        if cid in sel:
            surf.blit(tint((0, 0, 0), 90, r.w, r.h), r)
            n = sel.index(cid) + 1
            dot = pygame.Rect(0, 0, vp.s(26), vp.s(26))
            dot.center = (r.centerx, r.centery)
            pygame.draw.circle(surf, colour, dot.center, dot.w // 2)
            pygame.draw.circle(surf, gfx.WHITE, dot.center, dot.w // 2, width=max(1, vp.s(2)))
            gfx.blit_text(surf, str(n), vp.s(16), dot.center, gfx.WHITE, bold=True, anchor="center")
        if mine:
            payload = ("hand", seat, cid)
            t.hot_card(r, payload, seat, img)
            if not cooling:
                t.hand_payloads[seat].append(payload)


def hints(t, surf, vp, seat) -> None:
    if seat not in t.humans:
        return
    if t.shared_input:
        if seat != t.humans[0]:
            return
        text = "Click a card or drag it to a slot · arrows/WASD + Enter · gamepad D-pad + A · Backspace/B takes back"
        gfx.blit_text(surf, text, gfx.fit_px(text, vp.s(15), vp.s(1240)), vp.p(640, 708), gfx.GREY, anchor="center")
        return
    scheme = t.session.seats[seat].scheme
    text = HINTS.get(scheme, "")
    if t.secrecy.mode == "peek":
        text += f" · hold {PEEK_KEY.get(scheme, 'Tab')} to see"
    px = gfx.fit_px(text, vp.s(15), vp.s(HALF_W - 10))
    gfx.blit_text(surf, text, px, vp.p(HALF_X[seat] + HALF_W // 2, 708), gfx.GREY, anchor="center")


def reset_caches() -> None:
    for f in (ring_image, piece_image, rotated, tint, wrapped):
        f.cache_clear()
