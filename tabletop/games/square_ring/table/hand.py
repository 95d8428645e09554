"""Drawing a boxer's hand (titles, card faces, and the marks on them) into the hand's layer (draw.hand)."""

from __future__ import annotations

import pygame

from tabletop.core.i18n import words
from tabletop.ui import gfx

from . import cards as tc
from .layout import HALF_W, HALF_X, ROWB_Y, hand_layout
from .ring import tint

_, ngettext = words(__name__)

_HAND_FACES: dict = {}  # (seat, name, boxer, size, viewport) -> the hand's titles and card faces, unmarked
gfx.forget_on_resize(_HAND_FACES.clear)


def draw_hand(t, surf, vp, seat, sel, lit) -> None:
    st = t.shown_state()
    bx = t.boxer(seat)
    colour = gfx.PLAYER_COLOURS[seat]
    layout = [(cid, vp.rect(d)) for cid, d in hand_layout(t, seat)]
    cool_px = vp.s(14)
    # without numbered marks (which reach over the next card) and with every "cooling" word inside its card,
    # the faces can come from a picture drawn once and the marks go on top: the same pixels as card by card
    if not sel and all(
        cid not in st.cooldown[seat] or gfx.text(_("cooling"), cool_px, (170, 220, 240), True).get_width() <= r.w
        for cid, r in layout
    ):
        key = (seat, t.names[seat], bx.id, surf.get_size(), vp.scale, vp.sx, vp.ox, vp.oy)
        faces = _HAND_FACES.get(key)
        if faces is None:
            if len(_HAND_FACES) > 8:
                _HAND_FACES.clear()
            faces = _HAND_FACES[key] = pygame.Surface(surf.get_size())
            faces.fill(gfx.FELT)
            _hand_faces(t, faces, vp, seat, layout, marks=None)
        surf.blit(faces, (0, 0))
        for cid, r in layout:
            _hand_marks(t, surf, vp, seat, cid, r, st, sel, lit, colour)
        return
    _hand_faces(t, surf, vp, seat, layout, marks=(st, sel, lit, colour))


def _hand_faces(t, surf, vp, seat, layout, marks) -> None:
    """The hand's titles and cards; with ``marks`` (state, order, lit card, colour) each card's marks too."""
    bx = t.boxer(seat)
    x0 = HALF_X[seat] + 4
    colour = gfx.PLAYER_COLOURS[seat]
    head = vp.r(x0, 414, 174, 20)  # a window squeezed sideways or a long language: the short forms
    title = gfx.first_fitting(
        [
            _("{name}'s cards ({boxer})").format(name=t.names[seat], boxer=_(bx.name)),
            _("{name}'s cards").format(name=t.names[seat]),
            _("Cards"),  # (whose: the colour and the half of the table say it, where a long name leaves no room)
        ],
        vp.s(15),
        head.w,
        bold=True,
    )
    gfx.draw_fitted(surf, title, head, vp.s(15), colour, bold=True, align="left", lines=1)
    turns = gfx.blit_text(surf, _("turns"), vp.s(14), vp.p(HALF_X[seat] + HALF_W - 4, 424), gfx.GREY, anchor="midright")
    left, top = vp.p(x0 + 180, 414)  # up to "turns"
    box = pygame.Rect(left, top, turns.left - vp.s(8) - left, vp.s(20))
    steps = gfx.first_fitting([_("steps (★ favoured: may turn 45° after)"), _("steps (★ favoured)")], vp.s(14), box.w)
    gfx.draw_fitted(surf, steps, box, vp.s(14), gfx.GREY, align="left", lines=1)
    row = vp.r(x0, ROWB_Y - 20, HALF_W - 8, 20)
    wordings = [_("attacks: power, area (you face up), keywords"), _("attacks (you face up)")]
    attacks = gfx.first_fitting(wordings, vp.s(14), row.w)
    gfx.blit_text(surf, attacks, vp.s(14), row.midleft, gfx.GREY, anchor="midleft", box=row)
    for cid, r in layout:
        img = tc.render(bx.id, cid, seat, r.w, r.h, False)
        surf.blit(img, r)
        if marks is not None:
            _hand_marks(t, surf, vp, seat, cid, r, *marks)


def _hand_marks(t, surf, vp, seat, cid, r, st, sel, lit, colour) -> None:
    """Over one card of the hand: cooling down, its place in the order, the card being chosen."""
    cooling = cid in st.cooldown[seat]
    if cooling:
        surf.blit(tint((0, 0, 0), 130, r.w, r.h), r)
        box = tc.mark_box(t.boxer(seat).id, cid, r.w, r.h).move(r.topleft)
        # the word where the card has room for it (smaller, in two lines, as a card's own texts), else a snowflake
        word, px = tc.title_fit(_("cooling"), box.w, box.h, vp.s(14), 9) or ("❄", vp.s(14))
        gfx.draw_fitted(surf, word, box, px, (170, 220, 240), bold=word != "❄", min_px=px, lines=2, grow=False)
    if cid in sel:
        surf.blit(tint((0, 0, 0), 90, r.w, r.h), r)
        n = sel.index(cid) + 1
        room = tc.order_box(t.boxer(seat).id, cid, r.w, r.h).move(r.topleft)  # where it hides none of the card's texts
        side = max(vp.s(14), min(vp.s(26), room.w, room.h))
        dot = pygame.Rect(0, 0, side, side)
        dot.topright = room.topright
        dot.clamp_ip(room)
        pygame.draw.circle(surf, colour, dot.center, dot.w // 2)
        pygame.draw.circle(surf, gfx.WHITE, dot.center, dot.w // 2, width=max(1, vp.s(2)))
        gfx.blit_text(surf, str(n), min(vp.s(16), side * 2 // 3), dot.center, gfx.WHITE, bold=True, anchor="center")
    if lit == cid:
        pygame.draw.rect(surf, gfx.HILITE, r.inflate(vp.s(6), vp.s(6)), width=max(2, vp.s(3)), border_radius=vp.s(8))
