"""Card faces for the Boxing: The Game table: actions, upgrades, judges and
character boards. Every face is rendered once per size (cached)."""

from __future__ import annotations

import pygame

from tabletop.core import i18n
from tabletop.core.i18n import N_, words
from tabletop.ui import cards, gfx

from ..rules.content import CARDS, CHARACTERS, PUNCHES
from ..rules.texts import said

_, ngettext = words(__name__)

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


# a move's name, an action's kind and an upgrade's kind (said with _)
MOVES = {
    "jab": N_("Jab"),
    "cross": N_("Cross"),
    "hook": N_("Hook"),
    "uppercut": N_("Uppercut"),
    "block": N_("Block"),
    "feint": N_("Feint"),
}
KINDS = {"punch": N_("punch"), "block": N_("block"), "feint": N_("feint")}
UPGRADES = {
    "gloves": (N_("Gloves upgrade"), N_("gloves upgrade")),
    "boots": (N_("Boots upgrade"), N_("boots upgrade")),
    "corner": (N_("Corner upgrade"), N_("corner upgrade")),
}


def move_label(move: str) -> str:
    """A move's name in the player's language."""
    return _(MOVES[move])


def effect_tags(cid: int) -> list[str]:
    """Short words for a card's own effect, or an upgrade's (display only, from its data)."""
    card = CARDS[cid]
    out = []
    for e in card.effects:
        if e.kind == "speed":
            if e.stance == "differs":
                tag = _("+{n} speed if stances differ")
            elif e.stance == "same":
                tag = _("+{n} speed if stances match")
            else:
                tag = _("+{n} speed")
            if e.event:
                tag += " " + _("in event {event}").format(event=e.event)
            tag = tag.format(n=e.amount)
            if e.moves is not None:  # an upgrade's: only some moves
                moves = _("punches") if set(e.moves) == set(PUNCHES) else ", ".join(map(move_label, e.moves))
                tag = _("{effect} ({moves})").format(effect=tag, moves=moves)
            out.append(tag)
        elif e.kind == "bonus_points":
            out.append(_("+{n} point × event").format(n=e.amount))
        elif e.kind == "momentum_on_land":
            out.append(_("+{n}◆ if it works").format(n=e.amount))  # (◆: momentum, as on the cards' feet)
        elif e.kind == "carry_on_land":
            out.append(_("next action +{n} if it works").format(n=e.amount))
        elif e.kind == "cleanup_momentum":
            out.append(_("+{n} momentum at each cleanup").format(n=e.amount))
        elif e.kind == "judge_discount":
            out.append(_("judges cost {n} momentum less").format(n=e.amount))
    return out


def describe(cid: int) -> str:
    """One line about a card for the info strip."""
    c = CARDS[cid]
    name = said(c.name)
    gain = " " + _("Gain {n} momentum when drafted.").format(n=c.momentum) if c.momentum else ""
    if c.judge:
        return _("{card}: costs {n} momentum to pick; +1 point every round; 3 judges win the match.").format(
            card=name, n=-c.momentum
        )
    if c.upgrade:
        return (
            _("{card} ({upgrade}, stays all match): {text}").format(
                card=name, upgrade=_(UPGRADES[c.upgrade][1]), text=said(c.text)
            )
            + gain
        )
    assert c.move is not None  # neither a judge nor an upgrade: an action card, which has a move
    kind = _(KINDS["punch" if c.is_punch else c.move])
    if c.name == MOVES[c.move]:
        s = _("{card} ({kind}), speed {n}.").format(card=name, kind=kind, n=c.speed)
    else:
        s = _("{card}: {move} ({kind}), speed {n}.").format(card=name, move=move_label(c.move), kind=kind, n=c.speed)
    if c.text:
        s += " " + said(c.text)
    if not c.starter and c.momentum:
        s += gain
    return s


def capital(text: str) -> str:
    """``text`` with a capital first letter (a stance: "Southpaw")."""
    return text[:1].upper() + text[1:]


UPGRADE_FORMS = ("full", "short", "name")


def upgrade_lines(upgrades, form: str = "full") -> str:
    """A corner's upgrades, each on a line of its own: its name and what it does, as its card says it
    ("full") or in a few words ("short"), or its name alone ("name")."""

    def line(u: int) -> str:
        name = said(CARDS[u].name)
        if form == "name":
            return name
        return f"{name}: {said(CARDS[u].text) if form == 'full' else ', '.join(effect_tags(u))}"

    return "\n".join(line(u) for u in upgrades)


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


def card_image(cid: int, w: int, h: int, border=(30, 30, 30), px: int = MIN_PX, held=False) -> pygame.Surface:
    """A face-up card (see ``_card_image``) in the player's language; ``held``: in a hand or a slot."""
    return _card_image(cid, w, h, border, px, i18n.language(), held)


@gfx.image_cache(512)
def _card_image(cid: int, w: int, h: int, border, px: int, language: str, held: bool) -> pygame.Surface:
    """A face-up card in the shared card frame (``ui.cards``): the name on a band of the move's colour,
    the speed large in a disc, the effect in words (fitted: smaller, wrapped, then cut with an ellipsis;
    the info strip says it whole on hover or focus) and, where it can be drafted (not ``held`` in a hand or
    a slot), what drafting it gains or costs at the foot. ``px`` is the body text size in pixels (14 design
    px scaled)."""
    c = CARDS[cid]
    surf, inner, body = cards.frame(w, h, border)
    colour = MOVE_COLOUR.get(c.move) if c.move else (UPGRADE_COLOUR if c.upgrade else JUDGE_COLOUR)
    small = max(7, px * 3 // 4)
    band_h = max(px + 6, min(h // 4, px * 2 + 8))
    name = said(c.name)
    if gfx.font(small, True).size(name)[0] > inner.w - 4:  # two lines rather than a cut word
        name = name.replace("-", "- ")  # a joined name ("Schulter-Finte") breaks after its hyphen
        if " " in name:
            band_h = max(band_h, 2 * gfx.font(small, True).get_linesize() + 2)
    foot_text, foot_ink = "", gfx.INK
    if c.judge:
        foot_text, foot_ink = _("costs {n}◆").format(n=-c.momentum), (170, 40, 40)
    elif c.momentum > 0:
        foot_text, foot_ink = _("draft: +{n}◆").format(n=c.momentum), (120, 90, 10)
    foot_h = int(px * 1.25) if foot_text and not held else 0

    def under(band_h: int) -> pygame.Rect:  # the room between a band so high and the foot
        return pygame.Rect(body.left, inner.top + band_h + 2, body.w, body.bottom - foot_h - inner.top - band_h - 2)

    one_line = max(px + 6, gfx.font(small, True).get_linesize() + 4)
    if (
        c.move
        and band_h > one_line
        and not gfx.fit(name, inner.w - 4, one_line - 2, px + 3, small, True, 1)[2]
        and not _action_face(None, c, under(band_h), w > h * 1.05, colour, px, small)
        and _action_face(None, c, under(one_line), w > h * 1.05, colour, px, small)
    ):
        band_h = one_line  # the name on one line where the words under it need the room
    two_lines = band_h >= 2 * gfx.font(px, True).get_linesize()
    least = small
    if two_lines:  # two lines at the body size rather than one tiny line; smaller only when a word needs it
        fits = (m for m in range(px, small, -1) if not gfx.fit(name, inner.w - 4, band_h - 2, px + 3, m, True, 2)[2])
        least = next(fits, small)
    if gfx.fit(name, inner.w - 4, band_h - 2, px + 3, least, True, 2)[2]:
        title = _plain_band(surf, inner, name, colour, band_h, px, small)
    else:
        title = cards.band(surf, inner, name, colour, band_h, px + 3, least)
    body = pygame.Rect(body.left, title.bottom + 2, body.w, body.bottom - title.bottom - 2)
    if foot_h:
        foot = pygame.Rect(body.left, body.bottom - foot_h, body.w, foot_h)
        if c.momentum > 0 and gfx.font(small, True).size(foot_text)[0] > foot.w:  # the gain alone on a narrow card
            foot_text = f"+{c.momentum}◆"  # (the info strip says it whole)
        gfx.draw_fitted(surf, foot_text, foot, px, foot_ink, bold=True, min_px=small, lines=1, grow=False)
        body.h = foot.top - body.top
    if c.move:
        _action_face(surf, c, body, w > h * 1.05, colour, px, small)
    elif c.upgrade:
        kind = _(UPGRADES[c.upgrade][0])
        band = pygame.Rect(body.left, body.top, body.w, int(px * 1.3) if h > w else 0)
        if band.h and gfx.font(small, True).size(kind)[0] > band.w:  # on two lines rather than a cut word
            band.h = 2 * gfx.font(small, True).get_linesize() + 2
        # its kind over its words where both stand whole, else its words alone (the band's green says "upgrade"),
        # as the card says them, else in a few words
        kind_whole = band.h > 0 and not gfx.fitted(kind, band, px, True, small, 2, False)[2]
        tries = [(high, text) for text in (said(c.text), ", ".join(effect_tags(cid))) for high in (band.h, 0)]
        for high, text in tries:
            words = pygame.Rect(body.left, body.top + high + 2, body.w, body.bottom - body.top - high - 2)
            if (kind_whole or not high) and not gfx.fitted(text, words, px, False, small, 0, False)[2]:
                break
        if high:
            gfx.draw_fitted(surf, kind, band, px, UPGRADE_COLOUR, bold=True, min_px=small, lines=2, grow=False)
        gfx.draw_fitted(surf, text, words, px, gfx.INK, valign="top", min_px=small, grow=False)
    else:  # the scales large, smaller as far as the words under them need to stand whole
        said_ = _("+1 point every round")
        for part in (3 / 5, 1 / 2, 2 / 5, 1 / 3):
            scales = pygame.Rect(body.left, body.top, body.w, int(body.h * part))
            words = pygame.Rect(body.left, scales.bottom, body.w, body.bottom - scales.bottom)
            if not gfx.fitted(said_, words, px, False, small, 0, False)[2]:
                break
        gfx.draw_fitted(surf, "⚖", scales, px * 3, JUDGE_COLOUR, min_px=px, grow=False)
        gfx.draw_fitted(surf, said_, words, px, gfx.INK, min_px=small, grow=False)
    return surf


def _plain_band(surf, inner: pygame.Rect, name: str, colour, band_h: int, px: int, small: int) -> pygame.Rect:
    """The title band of a card too narrow for a word of its name in bold (``cards.band``): the name in plain
    letters, which are narrower, in up to three lines. Returns the band's rect."""
    n = len(gfx.fit(name, inner.w - 2, 10 * band_h, small, small, False, 3)[1])
    rect = pygame.Rect(inner.left, inner.top, inner.w, max(band_h, n * gfx.font(small).get_linesize() + 2))
    top = max(1, min(inner.w, inner.h) // 10)  # the shared band's rounded top
    pygame.draw.rect(surf, colour, rect, border_top_left_radius=top, border_top_right_radius=top)
    ink = cards.ink_on(colour)
    gfx.draw_fitted(surf, name, rect.inflate(-2, -2), px, ink, min_px=small, lines=3, grow=False)
    return rect


def _action_face(surf, c, body: pygame.Rect, landscape: bool, colour, px: int, small: int) -> bool:
    """An action card's speed in a disc and its words (its move, when the card's name is not the move's, and its
    effect): beside the disc on a low card where they stand whole there, else under it across the card, the
    disc made smaller (and a word beside it the card says otherwise left out) as far as the words need to
    stand whole. Returns whether they do; with ``surf`` None it draws nothing (a trial of the room)."""
    kind = "" if c.name == MOVES[c.move] else move_label(c.move)
    effects = "\n".join(effect_tags(c.id))
    least = px // 2 + 2
    if not kind and not effects:  # a plain card: its speed large in the middle
        if surf is None:
            return True
        if landscape:
            cards.disc(surf, body.center, max(least, min(body.h // 2, body.w // 5)), str(c.speed), colour, gfx.INK)
            return True
        rad = max(least, min(body.h * 2 // 7, body.w // 3))
        cards.disc(surf, (body.centerx, body.top + rad + 2), rad, str(c.speed), colour, gfx.INK)
        under = pygame.Rect(body.left, body.top + 2 * rad + 4, body.w, body.bottom - body.top - 2 * rad - 4)
        gfx.draw_fitted(surf, _("speed"), under, px, gfx.DIM, valign="top", min_px=small, lines=1, grow=False)
        return True
    if landscape:
        rad = max(least, min(body.h // 2, body.w // 5))
        words = pygame.Rect(body.left + 2 * rad + 4, body.top, body.w - 2 * rad - 4, body.h)
        text = "\n".join(t for t in (kind, effects) if t)
        if not gfx.fitted(text, words, px, False, small, 0, False)[2]:
            if surf is not None:
                cards.disc(surf, (body.left + rad, body.centery), rad, str(c.speed), colour, gfx.INK)
                gfx.draw_fitted(surf, text, words, px, gfx.INK, min_px=small, grow=False)
            return True
    # the disc top left, its move beside it, the words under them across the card; the move left out where
    # the card's name says it ("Power Cross"), as a plain "speed" is
    labels = [kind, ""] if kind and kind.lower() in said(c.name).lower() else [kind] if kind else [_("speed"), ""]
    big = max(least, min(body.w // 4, body.h // 5))
    tries = [(label, rad) for label in labels for rad in range(big, least - 1, -1)]
    for label, rad in tries:
        side, words = _beside_and_under(body, rad, label, bool(kind), small, px)
        whole = not effects or (words.h > 4 and not gfx.fitted(effects, words, px, False, small, 0, False)[2])
        if whole and not (label and gfx.fitted(label, side, px + 1, bool(kind), small, 1, False)[2]):
            break
    if surf is None:
        return whole
    cards.disc(surf, (body.left + rad, body.top + rad), rad, str(c.speed), colour, gfx.INK)
    if label:
        ink = gfx.INK if kind else gfx.DIM
        gfx.draw_fitted(surf, label, side, px + 1, ink, bold=bool(kind), min_px=small, lines=1, grow=False)
    if effects and words.h > 4:
        gfx.draw_fitted(surf, effects, words, px, gfx.INK, valign="top", min_px=small, grow=False)
    return whole


def _beside_and_under(body: pygame.Rect, rad: int, label: str, bold: bool, small: int, px: int) -> tuple:
    """Where a portrait card's move goes beside a disc of radius ``rad`` at the top left (on a line of its own
    under the disc when too long for beside it), and the room for its words under them."""
    side = pygame.Rect(body.left + 2 * rad + 3, body.top, body.w - 2 * rad - 3, 2 * rad)
    top = body.top + 2 * rad + 3
    if label and gfx.font(small, bold).size(label)[0] > side.w:
        side = pygame.Rect(body.left, top, body.w, int(px * 1.35))
        top = side.bottom + 1
    return side, pygame.Rect(body.left, top, body.w, body.bottom - top)


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
        gfx.draw_fitted(
            surf, label, inner.inflate(-6, -6), max(10, h // 4), (250, 230, 180), bold=True, lines=1, grow=False
        )
    return surf


def board_image(char_id: int, w: int, h: int, border=(30, 30, 30), px: int = MIN_PX) -> pygame.Surface:
    """A character board (see ``_board_image``) in the player's language."""
    return _board_image(char_id, w, h, border, px, i18n.language())


@gfx.image_cache(64)
def _board_image(char_id: int, w: int, h: int, border, px: int, language: str) -> pygame.Surface:
    """A character board as a tall card in the shared frame (the secret choice at setup): name, stance,
    trait; every text fitted to its place."""
    ch = CHARACTERS[char_id]
    surf, inner, body = cards.frame(w, h, border)
    small = max(7, px * 3 // 4)
    title = cards.band(surf, inner, said(ch.name), (40, 46, 64), int(px * 3.2), px + 2, small)
    stance = pygame.Rect(body.left, title.bottom + 2, body.w, int(px * 1.4))
    gfx.draw_fitted(surf, capital(said(ch.stance)), stance, px, (90, 60, 20), bold=True, min_px=small, grow=False)
    trait = pygame.Rect(body.left, stance.bottom, body.w, int(px * 2.6))
    gfx.draw_fitted(surf, said(ch.trait_name), trait, px, gfx.INK, bold=True, min_px=small, lines=2, grow=False)
    words = pygame.Rect(body.left, trait.bottom + 2, body.w, body.bottom - trait.bottom - 2)
    gfx.draw_fitted(surf, said(ch.trait_text), words, px, (50, 50, 60), valign="top", min_px=small, grow=False)
    return surf


def badge(surf, vp, player, cid, r):
    """A gold "+N" on a card: what the trait and upgrades always add to its speed."""
    n = steady_bonus(player.mods, cid)
    if n:
        img = bonus_badge(n, vp.s(18))
        surf.blit(img, img.get_rect(topright=(r.right - vp.s(4), r.top + r.h // 3)))
