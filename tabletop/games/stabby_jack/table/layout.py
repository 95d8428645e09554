"""Stabby Jack table: card pictures, layout arithmetic and text helpers.

Everything here is display only; rendered images are cached so a frame only
blits. Sizes are in design units (1280x720) unless a name says pixels.
"""

from __future__ import annotations

import pygame

from tabletop.core.i18n import N_, words
from tabletop.ui import art, gfx

from ..rules.content import ACE, CONTENT, JACK, JOKER_RANK, KING, QUEEN, Card
from ..rules.state import Player, max_hp, suit_total

_, ngettext = words(__name__)

RED_INK = (196, 32, 42)
BLACK_INK = (26, 26, 30)
CARD_EDGE = (40, 40, 44)
GROUP_ORDER = ("H", "S", "D", "C")
GROUP_LABEL = {"H": N_("HP"), "S": N_("ATK"), "D": N_("MAG"), "C": N_("LUCK")}
STAT_WORD = {"H": N_("HP"), "S": N_("attack"), "D": N_("magic"), "C": N_("luck")}
SUIT_SYM = CONTENT.symbol
FACE_WORD = {ACE: N_("Ace"), JACK: N_("Stabby Jack"), QUEEN: N_("Queen"), KING: N_("King"), JOKER_RANK: N_("Joker")}

# the whole screen
TOP_H = 44  # the turn banner
PLAYERS = (8, 52, 884, 662)  # x, y, w, h of the players' rows
RIGHT = (902, 52, 370, 662)  # the middle of the table: piles, drawn card, choices, log


def ink(card: Card):
    return RED_INK if card.suit in ("H", "D") else BLACK_INK


def short(card: Card) -> str:
    return card.label()


# -- card pictures -------------------------------------------------------------------------


@gfx.image_cache(1024)
def card_image(card: Card | None, w: int, h: int, dim: bool = False) -> pygame.Surface:
    """A playing card w x h pixels: corner index top-left (visible when cards overlap),
    a big pip or letter in the lower right. ``None`` is a card back."""
    w, h = max(10, w), max(14, h)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    radius = max(3, w // 9)
    if card is None:
        pygame.draw.rect(surf, (230, 210, 160), r, border_radius=radius)
        inner = r.inflate(-max(4, w // 8), -max(4, w // 8))
        pygame.draw.rect(surf, (120, 30, 40), inner, border_radius=max(2, radius - 2))
        step = max(5, w // 6)
        clip = surf.get_clip()
        surf.set_clip(inner)
        for x in range(inner.left - inner.h, inner.right, step):
            pygame.draw.line(surf, (150, 52, 62), (x, inner.bottom), (x + inner.h, inner.top), max(1, w // 30))
        surf.set_clip(clip)
        return surf
    pygame.draw.rect(surf, CARD_EDGE, r, border_radius=radius)
    pygame.draw.rect(surf, gfx.PAPER, r.inflate(-2, -2), border_radius=max(2, radius - 1))
    col = ink(card) if card.rank != JOKER_RANK else (120, 60, 160)
    pad = max(2, w // 16)
    if card.rank == JOKER_RANK:
        idx, pip = "★", "★"
    else:
        idx = CONTENT.rank_short.get(card.rank, str(card.rank))
        pip = SUIT_SYM[card.suit]
    px = max(9, int(min(w * 0.36, h * 0.24)))
    t = gfx.text(idx, px, col, True)
    if t.get_width() > w * 0.5:  # "10" on a narrow card
        px = max(8, int(px * w * 0.5 / t.get_width()))
        t = gfx.text(idx, px, col, True)
    index = gfx.blit_text(surf, idx, px, (pad, pad - px // 10), col, bold=True)
    spx = max(8, int(px * 0.9))
    s = gfx.text(pip if card.rank != JOKER_RANK else "", spx, col)
    # the suit just under the index's letters (fonts leave a sixth of a line blank above and below them)
    gfx.blit_text(
        surf,
        pip if card.rank != JOKER_RANK else "",
        spx,
        (index.centerx, index.bottom - index.h // 6 - s.get_height() // 6 + 1),
        col,
        anchor="midtop",
    )
    word_h = int(h * 0.14) if h >= 140 and not card.numbered else 0  # the court card's word at the bottom
    left = max(int(w * 0.38), index.right + 1)  # beside the corner index, even a wide "10" on a narrow card
    body = pygame.Rect(left, int(h * 0.2), w - pad - left, int(h * 0.74) - word_h)
    if card.numbered:  # the suit as pips, as many as the card's number, in two columns
        n = int(card.rank)
        per_col = (n + 1) // 2
        ppx = int(min(body.w * 0.42, body.h / max(1, per_col) * 0.95))
        if ppx < 9:  # too small a card for its pips to be told apart: one large pip (the number is in the corner)
            n, ppx = 1, max(9, int(min(body.w * 0.8, body.h * 0.6)))
        img = gfx.text(pip, ppx, col)
        for i in range(n):
            column, row = (i % 2, i // 2) if n > 1 else (0.5, 0)
            rows_here = per_col if column == 0 or n % 2 == 0 else n // 2
            cx = body.left + body.w * (0.27 + 0.46 * column) if n > 1 else body.centerx
            cy = body.top + body.h * (row + 0.5) / max(1, rows_here)
            surf.blit(img, img.get_rect(center=(int(cx), int(cy))))
    elif card.rank == JOKER_RANK:
        big = gfx.text("★", max(10, int(min(w * 0.55, h * 0.38))), col, True)
        surf.blit(big, big.get_rect(center=(int(w * 0.62), int(h * 0.6))))
    else:  # a drawn figure for the jack, queen and king; one large star-pip for the ace
        letter = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"}[card.rank]
        art.court(surf, body, letter, col)
        word = _(FACE_WORD[card.rank])
        box = pygame.Rect(pad, h - pad - word_h, w - 2 * pad, word_h)
        if h >= 140 and not gfx.fitted(word, box, max(8, h // 10))[2]:  # whole, or not at all
            gfx.draw_fitted(surf, word, box, max(8, h // 10), gfx.DIM)  # (the corner and figure say it)
    if dim:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, 120), veil.get_rect(), border_radius=radius)
        surf.blit(veil, (0, 0))
    return surf


def outline(surf, rect, colour, vp, width=3):
    pygame.draw.rect(
        surf, colour, rect.inflate(vp.s(6), vp.s(6)), width=max(2, vp.s(width)), border_radius=max(3, rect.w // 9 + 3)
    )


# -- text ---------------------------------------------------------------------------------------

_wraps: dict = {}


def wrap(text: str, px: int, width: int, bold: bool = False) -> list[str]:
    key = (text, px, width, bold)
    lines = _wraps.get(key)
    if lines is None:
        if len(_wraps) > 600:
            _wraps.clear()
        lines = _wraps[key] = gfx.wrap(text, px, width, bold)
    return lines


# -- layout -------------------------------------------------------------------------------------


def columns(stretch: float = 1.0) -> tuple[tuple, tuple]:
    """(the players' rows, the middle column): in a window squeezed sideways (``stretch`` design units
    across per unit down, more than 1) the middle keeps most of its width on screen, the rows the rest."""
    rw = RIGHT[2] * stretch**0.5  # (the rows need room too: their cards are the table's)
    right = (RIGHT[0] + RIGHT[2] - rw, RIGHT[1], rw, RIGHT[3])
    return (PLAYERS[0], PLAYERS[1], right[0] - 10 - PLAYERS[0], PLAYERS[3]), right


def rows(n: int, stretch: float = 1.0) -> list[tuple[float, float, float, float]]:
    """The players' row rectangles (design units), top to bottom in seat order."""
    x, y, w, h = columns(stretch)[0]
    gap = 6
    rh = (h - gap * (n - 1)) / n
    return [(x, y + i * (rh + gap), w, rh) for i in range(n)]


def card_size(row_h: float) -> tuple[float, float]:
    ch = min((row_h - 70) / 2 if row_h >= 250 else row_h - 36, 150)
    return ch * 0.7, ch


def groups(stats) -> list[tuple[str, list[tuple[int, Card]]]]:
    """The stats row grouped by suit (hearts, spades, diamonds, clubs), biggest card first;
    each card keeps its index in the real row."""
    out = []
    for suit in GROUP_ORDER:
        cards = sorted(((i, c) for i, c in enumerate(stats) if c.suit == suit), key=lambda ic: (-ic[1].rank, ic[0]))
        out.append((suit, cards))
    return out


def group_label(p: Player, suit: str) -> str:
    total = suit_total(p.stats, suit)
    if suit == "H":
        return _("HP {hp}/{most}").format(hp=max_hp(p.stats) - p.damage, most=max_hp(p.stats))
    return f"{_(GROUP_LABEL[suit])} {total}"


def stats_after(stats, index: int, card: Card):
    return stats[:index] + (card,) + stats[index + 1 :]


def change_words(before, after, damage: int) -> tuple[str, bool]:
    """'HP 9→4, attack 9→16' for the totals that change; and whether the hero would die."""
    parts = []
    for suit in GROUP_ORDER:
        a, b = suit_total(before, suit), suit_total(after, suit)
        if suit == "H":
            a, b = max_hp(before) - damage, max_hp(after) - damage
        if a != b:
            parts.append(f"{_(STAT_WORD[suit])} {a}→{b}")
    dies = max_hp(after) - damage <= 0
    return (", ".join(parts) or _("no change")), dies


DECLARE_LOOK = {
    "train": (N_("Train"), "▲", (40, 120, 60), N_("new stat")),
    "fight": (N_("Fight"), "⚔", (160, 30, 30), N_("a monster")),
    "rest": (N_("Rest"), "+1♥", (190, 40, 60), N_("heal 1 HP")),
}


@gfx.image_cache(64)
def declare_image(choice: str, w: int, h: int, scale: float) -> pygame.Surface:
    """One of the three declare cards: a word, a big sign and what it does (in up to two lines, as a long
    language needs on a narrow card); the sign takes the height the words leave."""
    title, sign, col, words = DECLARE_LOOK[choice]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    radius = max(3, w // 10)
    pygame.draw.rect(surf, CARD_EDGE, r, border_radius=radius)
    pygame.draw.rect(surf, gfx.PAPER, r.inflate(-2, -2), border_radius=radius - 1)
    pad = max(2, round(5 * scale))
    inner = pygame.Rect(4, pad, w - 8, h - 2 * pad)
    tpx, wpx = max(8, round(19 * scale)), max(8, round(14 * scale))
    box = pygame.Rect(inner.x, inner.y, inner.w, gfx.font(tpx, True).get_linesize())
    head = gfx.draw_fitted(surf, _(title), box, tpx, gfx.INK, True, valign="top", lines=1, grow=False)
    box = pygame.Rect(inner.x, 0, inner.w, 2 * gfx.font(wpx).get_linesize())
    box.bottom = inner.bottom
    foot = gfx.draw_fitted(surf, _(words), box, wpx, (70, 70, 70), valign="bottom", lines=2, grow=False)
    room = pygame.Rect(inner.x, head.bottom, inner.w, foot.top - head.bottom)
    spx = max(10, round(36 * scale))
    while spx > 10 and gfx.text(sign, spx, col, True).get_height() > room.h:
        spx -= 1
    gfx.blit_text(surf, sign, spx, room.center, col, True, "center", inner)
    return surf


# -- fitting the rows ------------------------------------------------------------------------------
INFO_W = 192  # the name / XP / win block at the left of a row
LABEL_PX = 15
GAP, SEP = 4, 12  # between cards of a group, between groups


def row_labels(p: Player, grp, signs: bool = True) -> list[str]:
    """The headings of a row's suit groups ("♥ HP 5/7"; without the sign in a row too narrow for it)."""
    return [f"{SUIT_SYM[suit]} {group_label(p, suit)}" if signs else group_label(p, suit) for suit, _ in grp]


def label_widths(labels, px: int = LABEL_PX) -> list[float]:
    f = gfx.font(px, True)
    return [f.size(t)[0] + 4 for t in labels]


def stats_width(grp, lw, cw, step) -> float:
    return sum(max(lw[k], cw + (len(c) - 1) * step) if c else lw[k] for k, (_, c) in enumerate(grp)) + SEP * 3


def xp_width(nx: int, cw: float, step: float, stretch: float = 1.0) -> float:
    """The room an XP row of ``nx`` cards takes beside the stats: at least its heading's (short form)."""
    head = (gfx.font(LABEL_PX, True).size(_("XP"))[0] + 6) * stretch
    return max(head, cw + (nx - 1) * step if nx else 70)


BELOW_H = 250  # rows at least this tall put the XP row under the stats row
LEAST_CARD_W = 40  # (design units) a table whose rows fit no wider cards is squeezed: its cards overlap more


def fit_card_width(rows_info, row_h: float, avail: float, stretch: float = 1.0) -> float:
    """One card width for the whole table: the largest at which every row's stats sit side by
    side and its XP row overlaps by at most 60% of a card (``stretch``: design units across per
    unit down, more than 1 in a window squeezed sideways); ``LEAST_CARD_W`` or less when none does."""
    below = row_h >= BELOW_H
    cw = card_size(row_h)[0] * stretch
    while cw > LEAST_CARD_W:
        if below:
            ok = all(
                stats_width(g, lw, cw, cw + GAP) <= avail and xp_width(nx, cw, cw * 0.4, stretch) <= avail
                for g, lw, nx in rows_info
            )
        else:
            ok = all(
                stats_width(g, lw, cw, cw + GAP) + 16 + xp_width(nx, cw, cw * 0.4, stretch) <= avail
                for g, lw, nx in rows_info
            )
        if ok:
            return cw
        cw -= 2
    return cw
