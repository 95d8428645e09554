"""Card faces drawn by us: a rounded card with a title, a big value, a
symbol and an owner's border. Rendered once per size and cached."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import pygame

from tabletop.ui import gfx


@dataclass(frozen=True)
class Face:
    title: str = ""  # e.g. "Hook"
    value: str = ""  # big text in the middle, e.g. "2" or "7♠"
    symbol: str = ""  # corner symbol, e.g. "▲" or "♠"
    colour: tuple = (60, 60, 60)  # ink colour of value and symbol
    fill: tuple = gfx.PAPER  # card background
    border: tuple = (30, 30, 30)  # owner's border
    subtitle: str = ""  # small text at the bottom
    face_down: bool = False
    art: str = ""  # a picture drawn in the middle (see ``tabletop.ui.art``); the value then sits in a corner


BACK_FILL = (120, 30, 40)


@gfx.image_cache(1024)
def render(face: Face, w: int, h: int) -> pygame.Surface:
    w, h = max(8, w), max(8, h)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    radius = max(2, w // 10)
    bw = max(2, w // 16)
    if face.face_down:
        pygame.draw.rect(surf, face.border, r, border_radius=radius)
        inner = r.inflate(-2 * bw, -2 * bw)
        pygame.draw.rect(surf, BACK_FILL, inner, border_radius=radius)
        step = max(4, w // 6)
        for x in range(inner.left - inner.h, inner.right, step):
            pygame.draw.line(surf, (150, 50, 60), (x, inner.bottom), (x + inner.h, inner.top), max(1, w // 40))
        pygame.draw.rect(surf, (230, 210, 160), inner, width=max(1, w // 40), border_radius=radius)
        return surf
    pygame.draw.rect(surf, face.border, r, border_radius=radius)
    inner = r.inflate(-2 * bw, -2 * bw)
    pygame.draw.rect(surf, face.fill, inner, border_radius=max(1, radius - bw))
    pad = max(2, w // 14)
    body = inner.inflate(-2 * pad, -2 * pad)
    small = max(6, h // 14)
    if face.title:
        band = pygame.Rect(body.left, body.top, body.w, max(8, h // 6))
        text, px = face.title, max(8, h // 8)
        if gfx.fit(text, band.w, band.h, px, small, True, 1)[2]:  # no room on one line: two, in a higher band
            text, px = title_fit(text, band.w, max(band.h, h // 4), px, small) or (text, small)
            band.h = max(band.h, len(text.splitlines()) * gfx.font(px, True).get_linesize())
        gfx.draw_fitted(surf, text, band, px, gfx.INK, bold=True, min_px=min(px, small), lines=2, grow=False)
        body.top = band.bottom
    foot = None
    if face.symbol or face.subtitle:
        foot = pygame.Rect(body.left, body.bottom - max(8, h // 7), body.w, max(8, h // 7))
        body.bottom = foot.top
    if face.art:
        from tabletop.ui import art

        art.draw(surf, face.art, body, face.colour)
        if face.value:  # the value large in the top corner, over the picture
            corner = pygame.Rect(body.left, body.top, body.w // 2, body.h // 3)
            gfx.draw_fitted(
                surf,
                face.value,
                corner,
                max(10, h // 5),
                face.colour,
                bold=True,
                align="left",
                valign="top",
                min_px=small,
                lines=1,
                grow=False,
            )
    elif face.value:
        gfx.draw_fitted(
            surf, face.value, body, max(10, h // 3), face.colour, bold=True, min_px=small, lines=1, grow=False
        )
    if foot is not None:
        side = foot.h if face.symbol else 0
        if face.symbol:
            for box, align in (
                (pygame.Rect(foot.left, foot.top, side, foot.h), "left"),
                (pygame.Rect(foot.right - side, foot.top, side, foot.h), "right"),
            ):
                gfx.draw_fitted(
                    surf, face.symbol, box, max(8, h // 7), face.colour, align=align, min_px=small, grow=False
                )
        if face.subtitle:
            box = foot.inflate(-2 * side - 2, 0)
            gfx.draw_fitted(surf, face.subtitle, box, max(7, h // 11), gfx.DIM, min_px=small, lines=1, grow=False)
    return surf


# -- a title whole: in two lines, a word too long for the card broken at a syllable with a hyphen --------

# consonants that begin a syllable together: a word is broken before them, not inside them ("Überhand-schlag")
ONSETS = "schl schr schw sch str spr ch st sp pl pr bl br cl cr kl kr gl gr fl fr tr dr qu ll rr".split()


def _vowel(ch: str) -> bool:
    return unicodedata.normalize("NFD", ch)[:1].lower() in "aeiouy"


def breaks(word: str) -> list[int]:
    """Where ``word`` may be broken across two lines, at least two letters each side: after a hyphen of
    its own, or where a syllable starts, before a consonant (or a cluster of ``ONSETS``) and a vowel."""
    plain = "".join(unicodedata.normalize("NFD", c)[:1] for c in word).lower()  # the letters without accents
    out = set()
    for i in range(2, len(word) - 1):
        if word[i - 1] == "-":
            out.add(i)
        elif word[i - 1].isalpha() and word[i].isalpha() and not _vowel(word[i]) and _vowel(word[i + 1]):
            start = i
            for onset in ONSETS:  # the longest cluster ending here that begins a syllable
                k = len(onset) - 1
                if i - k >= 2 and plain[i - k : i + 1] == onset:
                    start = i - k
                    break
            if any(_vowel(c) for c in word[:start]):
                out.add(start)
    return sorted(out)


def _split(word: str, f, w: int) -> tuple[str, str]:
    """``word`` broken in two: a head (with its hyphen) no wider than ``w``, the rest; at a syllable's start
    when one fits (the most even split whose rest fits too, else the longest head), else where it must."""
    heads = []
    for i in breaks(word):
        head = word[:i] if word[i - 1] == "-" else word[:i] + "-"
        if f.size(head)[0] <= w:
            heads.append((head, word[i:]))
    if heads:
        whole = [(h, t) for h, t in heads if f.size(t)[0] <= w]
        if whole:
            return min(whole, key=lambda ht: abs(f.size(ht[0])[0] - f.size(ht[1])[0]))
        return heads[-1]
    i = len(word) - 1
    while i > 1 and f.size(word[:i] + "-")[0] > w:
        i -= 1
    return word[:i] + "-", word[i:]


def _broken_lines(s: str, f, w: int) -> list[str]:
    """``s`` in lines no wider than ``w``: words kept whole where they fit a line, a longer one broken."""
    lines: list[str] = []
    line = ""
    for word in s.split():
        trial = f"{line} {word}" if line else word
        if f.size(trial)[0] <= w:
            line = trial
            continue
        if line:
            lines.append(line)
        while f.size(word)[0] > w and len(word) > 2:
            head, word = _split(word, f, w)
            lines.append(head)
        line = word
    return [*lines, line] if line else lines


def title_fit(s: str, w: int, h: int, px: int, least: int, lines: int = 2, bold: bool = True) -> tuple | None:
    """A card's title in a ``w`` x ``h`` box, in up to ``lines`` lines, whole: (the text, its lines joined by
    newlines, and its size), or None where no size fits. Its words whole at the largest size from ``px``
    down to a fifth less; else at the largest size down to ``least`` where it stands whole, a word too long
    for the box broken at a syllable with a hyphen ("Aufwärts-/haken"); never ended with "…"."""
    for p in range(px, max(least, px * 4 // 5) - 1, -1):
        if not (fitted := gfx.fit(s, w, h, p, p, bold, lines))[2]:
            return "\n".join(fitted[1]), p
    for p in range(px, max(6, least) - 1, -1):
        f = gfx.font(p, bold)
        for ls in (gfx.wrap(s, p, w, bold), _broken_lines(s, f, w)):
            if len(ls) <= lines and len(ls) * f.get_linesize() <= h + 1 and all(f.size(x)[0] <= w for x in ls):
                return "\n".join(ls), p
    return None


# -- the shared frame, for games whose cards carry more than a title and a value ----------------------
# (the games with card faces of their own): the same border, paper, corners and type scale as ``render``.


def frame(w: int, h: int, border, fill=gfx.PAPER) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
    """A blank card in the shared frame: (its surface, the paper inside the border, the padded body)."""
    surf = pygame.Surface((max(8, w), max(8, h)), pygame.SRCALPHA)
    r = surf.get_rect()
    radius = max(2, min(w, h) // 10)
    bw = max(2, min(w, h) // 16)
    pygame.draw.rect(surf, border, r, border_radius=radius)
    inner = r.inflate(-2 * bw, -2 * bw)
    pygame.draw.rect(surf, fill, inner, border_radius=max(1, radius - bw))
    pad = max(2, min(w, h) // 16)
    return surf, inner, inner.inflate(-2 * pad, -2 * pad)


def band(surf, inner: pygame.Rect, title: str, colour, h: int, px: int, min_px: int) -> pygame.Rect:
    """The title band across the top of the paper, in the card's type colour, its title in bold (up to
    two lines, fitted). Returns the band's rect."""
    rect = pygame.Rect(inner.left, inner.top, inner.w, h)
    top = max(1, min(inner.w, inner.h) // 10)
    pygame.draw.rect(surf, colour, rect, border_top_left_radius=top, border_top_right_radius=top)
    gfx.draw_fitted(
        surf, title, rect.inflate(-4, -2), px, ink_on(colour), bold=True, min_px=min_px, lines=2, grow=False
    )
    return rect


def disc(surf, centre, radius: int, value: str, fill, ink=None) -> None:
    """A value large in a disc (a speed, a power): the number a player reads first."""
    pygame.draw.circle(surf, fill, centre, radius)
    pygame.draw.circle(surf, gfx.INK, centre, radius, max(1, radius // 9))
    box = pygame.Rect(0, 0, int(radius * 1.5), int(radius * 1.5))
    box.center = centre
    gfx.draw_fitted(surf, value, box, int(radius * 1.45), ink or ink_on(fill), bold=True, min_px=6, lines=1, grow=False)


def ink_on(colour) -> tuple:
    """Ink that reads on ``colour``: dark on light colours, white on dark ones."""
    lum = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return gfx.INK if lum > 150 else gfx.WHITE


def draw(surf, face: Face, rect: pygame.Rect, highlight=None, dim: bool = False) -> None:
    img = render(face, rect.w, rect.h)
    surf.blit(img, rect.topleft)
    if dim:
        surf.blit(gfx.veil(rect.w, rect.h, (0, 0, 0), 110), rect.topleft)
    if highlight is not None:
        pygame.draw.rect(surf, highlight, rect.inflate(6, 6), width=3, border_radius=max(2, rect.w // 10 + 3))


def slot(surf, rect: pygame.Rect, label: str = "", colour=(255, 255, 255), px: int = 14) -> None:
    """An empty place where a card may go: a dashed-looking outline with a label."""
    gfx.panel(surf, rect, (0, 0, 0), radius=max(2, rect.w // 10), alpha=50)
    pygame.draw.rect(surf, colour, rect, width=2, border_radius=max(2, rect.w // 10))
    if label:
        gfx.draw_fitted(surf, label, rect.inflate(-6, -6), px, colour)
