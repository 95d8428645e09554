"""Where things sit on The Square Ring's table (design canvas 1280x720): every drawing module imports this
one, and it imports none of them."""

from __future__ import annotations

from tabletop.ui import gfx

BOARD_X, BOARD_Y, CELL = 480, 50, 64
PANEL_X, PANEL_W = (10, 810), 460
SLOT_DX, SLOT_Y, SLOT_W, SLOT_H = (10, 112, 214), 200, 94, 140
BTN_DX, BTN_W, BTN_H, BTN_Y, BTN_GAP = 322, 134, 34, 200, 40
HALF_X, HALF_W = (10, 650), 620
STEP_Y, STEP_W, STEP_H, STEP_GAP = 436, 46, 72, 4
ROWB_Y = 536
ATK_W, ATK_H, ATK_GAP = 118, 152, 6


def board_view(vp):
    """The viewport the ring is drawn with: its squares stay square in a window squeezed sideways."""
    return vp.upright(BOARD_X + 2.5 * CELL, BOARD_Y + 2.5 * CELL)


def shifted(vp, origin):
    """The same scale as ``vp`` with the origin at a layer's top-left corner."""
    v = gfx.Viewport.__new__(gfx.Viewport)
    v.size, v.scale, v.sx = vp.size, vp.scale, vp.sx
    v.ox, v.oy = vp.ox - origin[0], vp.oy - origin[1]
    return v


STALE = object()  # a layer's key after table.invalidate(): drawn again, into the same surface


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
    tx = HALF_X[seat] + HALF_W - 4 - len(turns) * (STEP_W + STEP_GAP) + STEP_GAP
    for i, c in enumerate(turns):
        out.append((c.id, (tx + i * (STEP_W + STEP_GAP), STEP_Y, STEP_W, STEP_H)))
    for i, c in enumerate(attacks):
        out.append((c.id, (x0 + i * (ATK_W + ATK_GAP), ROWB_Y, ATK_W, ATK_H)))
    return out
