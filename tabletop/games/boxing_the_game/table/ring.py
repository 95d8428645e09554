"""Drawing the ring (three events with slots and bids), the replay's explanations and
the big announcements (knockdown, round score) for the Boxing: The Game table."""

from __future__ import annotations

import pygame

from tabletop.core.i18n import words
from tabletop.ui import gfx

from ..rules.content import CARDS
from ..rules.explain import explain
from ..rules.texts import said
from .cards import back_image, badge, card_image, steady_bonus
from .layout import (
    BID_X,
    HAND_H,
    HAND_Y,
    MID_W,
    MID_X,
    PANEL,
    RING_Y,
    ROW_H,
    ROW_STEP,
    SIDE_W,
    background,
    button,
    colour,
    lines,
    pair_px,
    slot_rect,
    txt,
)

_, ngettext = words(__name__)


def speed_parts(t, e, s) -> str:
    """How a revealed action got its speed, in words (display only, from the log)."""
    cid, total = e["cards"][s], e["speeds"][s]
    printed = CARDS[cid].speed
    bid = t.ring["bids"][s][e["event"] - 1] if t.ring["bids"] else 0
    prev = t.ring["events"].get(e["event"] - 1)
    carry = prev["carry"][s] if prev else 0
    rest = total - printed - bid - carry
    out = _("{card}: {n} printed").format(card=said(CARDS[cid].name), n=printed)
    if bid:
        out += " " + _("+ {n} bid").format(n=bid)
    if carry:
        out += " " + _("+ {n} carried over").format(n=carry)
    if rest:
        more = _("+ {n} from trait, upgrade or card") if rest > 0 else _("− {n} from trait, upgrade or card")
        out += " " + more.format(n=abs(rest))
    return out + " " + _("= speed {n}.").format(n=total)


def tip_shown(t) -> bool:
    """A stance is being chosen: the chooser's side says what the stances mean now."""
    return t.state.phase == "reveal" and not t.busy()


def round_info(t, surf, vp, s, x0):
    """While the round is played out the hand is empty: its place tells how the speeds and points came about."""
    evs = t.ring["events"]
    y = HAND_Y + 10
    if not evs or t.state.phase == "pick":
        n = t.state.options["hand_size"]
        box = vp.r(x0 + 10, HAND_Y, SIDE_W - 20, HAND_H)  # two lines in a window squeezed sideways (gfx.BODY_PX)
        gfx.draw_fitted(
            surf, _("Hand: {n} new cards come at the end of the round.").format(n=n), box, vp.s(15), gfx.GREY, lines=2
        )
        return
    k = max(evs)
    if t.anim is not None and t.anim["e"]["type"] == "event" and not t.anim["flipped"]:
        k = t.anim["e"]["event"] - 1
    e = evs.get(k)
    if e is not None:
        txt(surf, vp, _("Event {n}").format(n=k), 16, x0 + 12, y, gfx.GOLD, bold=True)
        n = 2 if tip_shown(t) else 3  # a third line where no stance tip stands under them
        px = pair_px(vp, [speed_parts(t, e, side) for side in (0, 1)], 15, SIDE_W - 24, n)
        y = lines(surf, vp, speed_parts(t, e, s), 15, x0 + 12, y + 22, SIDE_W - 24, gfx.WHITE, n, px=px)
    st = t.state
    if tip_shown(t) and st.pending[0] == s:
        same = st.players[0].stance == st.players[1].stance
        tip = (
            _("Stances match now: punches of equal speed both land.")
            if same
            else _("Stances differ now: punches of equal speed both miss.")
        )
        txt(surf, vp, tip, 14, x0 + 12, HAND_Y + 78, (200, 220, 255), width=SIDE_W - 24)
    pts = sum(ev["points"][s] for kk, ev in evs.items() if kk <= k)
    judges = len(t.board_state().players[s].judges)
    extra = " " + _("(+{n} for judges at scoring)").format(n=judges) if judges and t.frozen is not None else ""
    txt(
        surf,
        vp,
        _("Points this round: {n}").format(n=pts) + extra,
        16,
        x0 + 12,
        HAND_Y + HAND_H - 28,
        colour(s),
        bold=True,
        width=SIDE_W - 24,
    )


# -- the ring ---------------------------------------------------------------------------------


def planning_view(t) -> bool:
    return t.state.phase == "plan" and t.frozen is None and not t.animating()


def ring(t, surf, vp):
    planning = planning_view(t)
    anim = t.anim if (t.anim is not None and t.anim["e"]["type"] == "event") else None
    for k in range(3):
        y = RING_Y + k * ROW_STEP
        row = vp.r(BID_X[0], y, BID_X[1] + 56 - BID_X[0], ROW_H)
        active = anim is not None and anim["e"]["event"] == k + 1
        if active:
            pygame.draw.rect(surf, gfx.GOLD, row, max(2, vp.s(3)), border_radius=vp.s(10))
        for s in (0, 1):
            if planning:
                plan_slot(t, surf, vp, s, k, y)
            else:
                played_slot(t, surf, vp, s, k, y, anim if active else None)
        middle(t, surf, vp, k, y, planning)


def turning_slots(t, surf, vp):
    """The two slots whose cards are turning over, drawn again over the kept picture: the background
    under them, the active row's outline where it crosses them, then the cards."""
    k = t.anim["e"]["event"] - 1
    y = RING_Y + k * ROW_STEP
    row = vp.r(BID_X[0], y, BID_X[1] + 56 - BID_X[0], ROW_H)
    bg = background(t, vp)
    for s in (0, 1):
        r = slot_rect(vp, s, y)
        surf.set_clip(r)
        surf.blit(bg, r, r)
        pygame.draw.rect(surf, gfx.GOLD, row, max(2, vp.s(3)), border_radius=vp.s(10))
        played_slot(t, surf, vp, s, k, y, t.anim)
    surf.set_clip(None)


def plan_slot(t, surf, vp, s, k, y):
    st = t.state
    p = st.players[s]
    r = slot_rect(vp, s, y)
    bid_r = (BID_X[s], y)
    if p.choice is not None:
        surf.blit(back_image(r.w, r.h, colour(s), "?"), r)
        txt(surf, vp, "◆?", 16, bid_r[0] + 28, y + ROW_H / 2, gfx.GREY, anchor="center")
        return
    if not (s in t.humans and t.secrecy.visible(s)):
        pygame.draw.rect(surf, (70, 110, 90), r, max(1, vp.s(2)), border_radius=vp.s(10))
        return
    act = t.can_act(s)
    cid = t.plan(s)["slots"][k]
    if act:
        t.hot_zone(r, ("slotzone", s, k), t.accepts_for(s, "slotzone"), seat=s)
    if cid is None:
        pygame.draw.rect(surf, colour(s), r, max(1, vp.s(2)), border_radius=vp.s(10))
        # its words inside its outline (narrower in a window squeezed sideways): smaller, then on two lines
        inner = r.inflate(-vp.s(10), 0)
        head = pygame.Rect(inner.x, r.centery - vp.s(26), inner.w, vp.s(24))
        gfx.draw_fitted(surf, _("Slot {n}").format(n=k + 1), head, vp.s(16), colour(s), bold=True, lines=1)
        under = pygame.Rect(inner.x, r.centery + vp.s(2), inner.w, r.bottom - vp.s(6) - r.centery - vp.s(2))
        gfx.draw_fitted(surf, _("drop a card"), under, vp.s(14), gfx.GREY, valign="top", lines=2)
    else:
        img = card_image(cid, r.w, r.h, colour(s), vp.s(14), held=True)
        surf.blit(img, r)
        badge(surf, vp, st.players[s], cid, r)
        if act:
            t.hot_card(r, ("slot", s, k), s, img)
    b = t.plan(s)["bids"][k]
    bx = BID_X[s]
    if act:
        button(t, vp.r(bx + 4, y + 2, 48, 32), "+", lambda: t.bid(s, k, 1), s, ("bid+", s, k), px=vp.s(22))
        button(t, vp.r(bx + 4, y + ROW_H - 34, 48, 32), "−", lambda: t.bid(s, k, -1), s, ("bid-", s, k), px=vp.s(22))
    if cid is None:
        txt(surf, vp, f"◆{b}", 18, bx + 28, y + ROW_H / 2, gfx.GOLD if b else gfx.GREY, bold=True, anchor="center")
    else:  # the speed this card will have, as far as is known before the reveal
        txt(surf, vp, f"◆{b}", 17, bx + 28, y + ROW_H / 2 - 9, gfx.GOLD if b else gfx.GREY, bold=True, anchor="center")
        fast = CARDS[cid].speed + steady_bonus(p.mods, cid) + b
        txt(surf, vp, f"={fast}", 15, bx + 28, y + ROW_H / 2 + 10, gfx.WHITE, bold=True, anchor="center")


def played_slot(t, surf, vp, s, k, y, anim):
    ringd = t.ring
    e = ringd["events"].get(k + 1)
    r = slot_rect(vp, s, y)
    if ringd["bids"] is None:
        pygame.draw.rect(surf, (70, 110, 90), r, max(1, vp.s(2)), border_radius=vp.s(10))
        return
    back = back_image(r.w, r.h, colour(s))
    bx = BID_X[s]
    bid = ringd["bids"][s][k]
    txt(surf, vp, f"◆{bid}", 18, bx + 28, y + 22, gfx.GOLD if bid else gfx.GREY, bold=True, anchor="center")
    if anim is not None:
        ae = anim["e"]
        f = min(1.0, anim["t"] / (500 / t.anim_factor()))
        img = back if f < 0.5 else card_image(ae["cards"][s], r.w, r.h, colour(s), vp.s(14), held=True)
        scale = abs(1 - 2 * f)
        w = max(1, int(r.w * scale))
        surf.blit(pygame.transform.smoothscale(img, (w, r.h)), (r.centerx - w // 2, r.y))
        if f < 1:
            return
    elif e is None:
        surf.blit(back, r)
        return
    else:
        surf.blit(card_image(e["cards"][s], r.w, r.h, colour(s), vp.s(14), held=True), r)
    e = e or anim["e"]
    landed = e["landed"][s]
    pygame.draw.rect(
        surf,
        (90, 220, 110) if landed else (120, 120, 120),
        r.inflate(vp.s(6), vp.s(6)),
        max(2, vp.s(3)),
        border_radius=vp.s(10),
    )
    txt(surf, vp, f"{e['speeds'][s]}", 24, bx + 28, y + 60, gfx.WHITE, bold=True, anchor="center")
    word = gfx.first_fitting([_("speed"), ""], vp.s(14), vp.across(64))  # within its bid's column, or none
    if word:  # (the card beside it says "speed" under its printed speed too)
        txt(surf, vp, word, 14, bx + 28, y + 84, gfx.GREY, anchor="center", width=64)


def middle(t, surf, vp, k, y, planning):
    cx = MID_X + MID_W / 2
    if planning:
        return
    e = t.ring["events"].get(k + 1)
    if e is None or (t.anim is not None and t.anim["e"] is e and not t.anim["flipped"]):
        return
    l0, l1 = e["landed"]
    mark = {(True, False): "◀", (False, True): "▶", (True, True): "◀ ▶", (False, False): "—"}[(l0, l1)]
    col = colour(0) if l0 and not l1 else colour(1) if l1 and not l0 else gfx.WHITE
    txt(surf, vp, mark, 24, cx, y + 58, col, bold=True, anchor="center")
    p0, p1 = e["points"]
    kd = any(e["knockdown"])
    if p0 or p1:  # the points, and under them a knockdown's mark (they once shared a line: "+0 KD +4")
        txt(surf, vp, f"+{p0} : +{p1}", 15, cx, y + (80 if kd else 86), gfx.WHITE, bold=True, anchor="center")
    if kd:
        txt(surf, vp, _("KD!"), 15, cx, y + (98 if p0 or p1 else 86), gfx.REFUSE, bold=True, anchor="center")


# -- overlays ----------------------------------------------------------------------------------


def overlays(t, surf, vp):
    a = t.anim
    if a is None:
        return
    e = a["e"]
    # a knockdown is shown by the table's big moment (TableScene.moment), which sweeps across this spot
    if e["type"] == "round":
        r = vp.r(430, 318, 420, 110)
        gfx.panel(surf, r, PANEL, radius=vp.s(14), border=gfx.GOLD, width=vp.s(3))
        sc = e["scores"]
        txt(
            surf,
            vp,
            _("Round {n}:  {x} – {y}").format(n=e["round"], x=sc[0], y=sc[1]),
            32,
            640,
            350,
            gfx.GOLD,
            bold=True,
            anchor="center",
        )
        why = explain(e, t.names)
        why = why.split(": ", 1)[-1]
        txt(surf, vp, why[:1].upper() + why[1:], 16, 640, 398, gfx.WHITE, anchor="center", width=400)
