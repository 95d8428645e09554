"""Card faces for the Boxing: The Game table: actions, upgrades, judges and
character boards. Every face is rendered once per size (cached)."""

from __future__ import annotations

import pygame

from tabletop.ui import gfx

from ..rules.content import CARDS, CHARACTERS

MOVE_COLOUR = {
    "jab": (232, 190, 70),
    "cross": (232, 135, 60),
    "hook": (210, 75, 65),
    "uppercut": (160, 90, 200),
    "block": (70, 125, 215),
    "feint": (60, 170, 135),
}
UPGRADE_COLOUR = (70, 160, 85)
JUDGE_COLOUR = (70, 70, 95)
BACK = (110, 28, 38)
MIN_PX = 14


def move_label(move: str) -> str:
    return {"jab": "Jab", "cross": "Cross", "hook": "Hook", "uppercut": "Uppercut", "block": "Block", "feint": "Feint"}[
        move
    ]


def effect_tags(cid: int) -> list[str]:
    """Short words for a card's own effect (display only, from its data)."""
    card = CARDS[cid]
    out = []
    for e in card.effects:
        if e.kind == "speed":
            cond = {"differs": " if stances differ", "same": " if stances match"}.get(e.stance, "")
            if e.event:
                cond += f" in event {e.event}"
            out.append(f"+{e.amount} speed{cond}")
        elif e.kind == "bonus_points":
            out.append(f"+{e.amount} point × event")
        elif e.kind == "momentum_on_land":
            out.append(f"+{e.amount} momentum if it works")
        elif e.kind == "carry_on_land":
            out.append(f"next action +{e.amount} if it works")
    return out


def describe(cid: int) -> str:
    """One line about a card for the info strip."""
    c = CARDS[cid]
    if c.judge:
        return f"{c.name}: costs {-c.momentum} momentum to pick; +1 point every round; 3 judges win the match."
    if c.upgrade:
        gain = f" Gain {c.momentum} momentum when drafted." if c.momentum else ""
        return f"{c.name} ({c.upgrade} upgrade, stays all match): {c.text}{gain}"
    kind = "punch" if c.is_punch else c.move
    if c.name == move_label(c.move):
        s = f"{c.name} ({kind}), speed {c.speed}."
    else:
        s = f"{c.name}: {move_label(c.move)} ({kind}), speed {c.speed}."
    if c.text:
        s += " " + c.text
    if not c.starter and c.momentum:
        s += f" Gain {c.momentum} momentum when drafted."
    return s


def steady_bonus(mods, cid: int) -> int:
    """Speed a fighter's trait and upgrades always add to this card (not counting event or stance
    conditions): shown on the card while planning."""
    move = CARDS[cid].move
    return sum(
        e.amount
        for e in mods
        if e.kind == "speed" and (e.moves is None or move in e.moves) and e.event is None and e.stance is None
    )


@gfx.image_cache(16)
def bonus_badge(n: int, px: int) -> pygame.Surface:
    label = f"+{n}"
    img = gfx.text(label, px, gfx.INK, True)
    w, h = img.get_width() + px // 2, img.get_height() + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (250, 215, 90), surf.get_rect(), border_radius=h // 2)
    pygame.draw.rect(surf, gfx.INK, surf.get_rect(), 1, border_radius=h // 2)
    surf.blit(img, img.get_rect(center=(w // 2, h // 2)))
    return surf


def _lines(text: str, px: int, width: int, bold=False, limit=9) -> list[str]:
    return gfx.wrap(text, px, width, bold)[:limit]


def _blit_lines(surf, lines, px, x, y, colour, bold=False, anchor="midtop", step=None):
    step = step or int(px * 1.2)
    for i, line in enumerate(lines):
        gfx.blit_text(surf, line, px, (x, y + i * step), colour, bold=bold, anchor=anchor)
    return y + len(lines) * step


def _frame(w, h, border):
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    rad = max(3, min(w, h) // 10)
    pygame.draw.rect(surf, border, r, border_radius=rad)
    inner = r.inflate(-max(2, w // 30) * 2, -max(2, w // 30) * 2)
    pygame.draw.rect(surf, gfx.PAPER, inner, border_radius=max(2, rad - 2))
    return surf, inner, rad


@gfx.image_cache(512)
def card_image(cid: int, w: int, h: int, border=(30, 30, 30), px: int = MIN_PX) -> pygame.Surface:
    """A face-up card. ``px`` is the smallest text size in pixels (14 design px scaled)."""
    c = CARDS[cid]
    surf, inner, rad = _frame(w, h, border)
    colour = MOVE_COLOUR.get(c.move) if c.move else (UPGRADE_COLOUR if c.upgrade else JUDGE_COLOUR)
    title_px = px + px // 7
    name = _lines(c.name, title_px, inner.w - 6, bold=True, limit=2)
    band_h = int(len(name) * title_px * 1.15) + px // 2
    band = pygame.Rect(inner.x, inner.y, inner.w, band_h)
    top = max(2, rad - 2)
    pygame.draw.rect(surf, colour, band, border_top_left_radius=top, border_top_right_radius=top)
    ink = gfx.INK if c.move in ("jab", "cross") else gfx.WHITE
    _blit_lines(surf, name, title_px, band.centerx, band.y + px // 4, ink, bold=True, step=int(title_px * 1.15))
    body = pygame.Rect(inner.x + 3, band.bottom + 2, inner.w - 6, inner.bottom - band.bottom - 4)
    landscape = w > h
    if c.move:
        big = max(px + 4, min(body.h // 2, body.w // 3) if landscape else min(body.h // 3, body.w // 2))
        if landscape:
            cx, cy = body.x + big // 2 + 4, body.y + body.h // 2
        else:
            cx, cy = body.centerx, body.y + big // 2 + 4
        pygame.draw.circle(surf, colour, (cx, cy), int(big * 0.62))
        pygame.draw.circle(surf, gfx.INK, (cx, cy), int(big * 0.62), max(1, px // 10))
        gfx.blit_text(surf, str(c.speed), big, (cx, cy + 1), gfx.INK, bold=True, anchor="center")
        kind = "" if c.name == move_label(c.move) else move_label(c.move)
        tags = ([kind] if kind else []) + effect_tags(cid) + ([f"draft: +{c.momentum}◆"] if c.momentum > 0 else [])
        if landscape:
            x0 = cx + int(big * 0.62) + 4
            box = pygame.Rect(x0, body.y, body.right - x0, body.h)
            gfx.draw_fitted(surf, "\n".join(tags), box, px, gfx.INK, align="left", min_px=max(7, px * 3 // 4))
        else:
            y = cy + int(big * 0.62) + 3
            box = pygame.Rect(body.left, y, body.w, body.bottom - y)
            gfx.draw_fitted(surf, "\n".join(tags), box, px, gfx.INK, valign="top", min_px=max(7, px * 3 // 4))
    elif c.upgrade:
        label = f"{c.upgrade.capitalize()} upgrade"
        lpx = gfx.fit_px(label, px, body.w, True)
        gfx.blit_text(surf, label, lpx, (body.centerx, body.y + 2), UPGRADE_COLOUR, bold=True, anchor="midtop")
        y = body.y + 2 + int(lpx * 1.25)
        box = pygame.Rect(body.left, y + 2, body.w, body.bottom - y - 2 - int(px * 1.3))
        gfx.draw_fitted(surf, c.text, box, px, gfx.INK, valign="top", min_px=max(7, px * 3 // 4))
        if c.momentum:
            gfx.blit_text(
                surf,
                f"draft: +{c.momentum}◆",
                px,
                (body.centerx, body.bottom),
                (120, 90, 10),
                bold=True,
                anchor="midbottom",
            )
    else:
        gfx.blit_text(surf, "⚖", px * 3, (body.centerx, body.y + body.h // 3), JUDGE_COLOUR, anchor="center")
        lines = ["+1 point", "every round"]
        _blit_lines(surf, lines, px, body.centerx, body.y + body.h // 3 + int(px * 1.7), gfx.INK)
        gfx.blit_text(
            surf,
            f"costs {-c.momentum}◆",
            px + 2,
            (body.centerx, body.bottom),
            (170, 40, 40),
            bold=True,
            anchor="midbottom",
        )
    return surf


@gfx.image_cache(64)
def back_image(w: int, h: int, border=(30, 30, 30), label: str = "") -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    rad = max(3, min(w, h) // 10)
    pygame.draw.rect(surf, border, r, border_radius=rad)
    inner = r.inflate(-max(2, w // 20) * 2, -max(2, w // 20) * 2)
    pygame.draw.rect(surf, BACK, inner, border_radius=max(2, rad - 2))
    step = max(5, w // 7)
    for x in range(inner.left - inner.h, inner.right, step):
        pygame.draw.line(surf, (140, 45, 55), (x, inner.bottom - 1), (x + inner.h, inner.top), max(1, w // 45))
    pygame.draw.rect(surf, (230, 200, 140), inner, width=max(1, w // 45), border_radius=max(2, rad - 2))
    if label:
        px = gfx.fit_px(label, max(10, h // 4), inner.w - 6, bold=True)
        gfx.blit_text(surf, label, px, inner.center, (250, 230, 180), bold=True, anchor="center")
    return surf


@gfx.image_cache(64)
def board_image(char_id: int, w: int, h: int, border=(30, 30, 30), px: int = MIN_PX) -> pygame.Surface:
    """A character board as a tall card (the secret choice at setup)."""
    ch = CHARACTERS[char_id]
    surf, inner, rad = _frame(w, h, border)
    band = pygame.Rect(inner.x, inner.y, inner.w, int(px * 3.2))
    top = max(2, rad - 2)
    pygame.draw.rect(surf, (40, 46, 64), band, border_top_left_radius=top, border_top_right_radius=top)
    name = _lines(ch.name, px + 2, inner.w - 8, bold=True, limit=2)
    _blit_lines(surf, name, px + 2, band.centerx, band.y + 4, gfx.GOLD, bold=True)
    y = band.bottom + 4
    gfx.blit_text(surf, ch.stance.capitalize(), px, (inner.centerx, y), (90, 60, 20), bold=True, anchor="midtop")
    y += int(px * 1.5)
    y = _blit_lines(surf, _lines(ch.trait_name, px, inner.w - 8, bold=True), px, inner.centerx, y, gfx.INK, bold=True)
    room = max(1, (inner.bottom - y - 4) // int(px * 1.15))
    _blit_lines(
        surf, _lines(ch.trait_text, px, inner.w - 8)[:room], px, inner.centerx, y + 2, (50, 50, 60), step=int(px * 1.15)
    )
    return surf


def badge(surf, vp, player, cid, r):
    """A gold "+N" on a card: what the trait and upgrades always add to its speed."""
    n = steady_bonus(player.mods, cid)
    if n:
        img = bonus_badge(n, vp.s(18))
        surf.blit(img, img.get_rect(topright=(r.right - vp.s(4), r.top + r.h // 3)))
