"""The text-fit test's recording of a frame: every text drawn on the screen with its rect and its box
(``TextLog``, which ``tabletop.ui.gfx`` tells while it is ``gfx.LOG``), and surfaces that tell it what
is drawn on them (``RecordingSurface``)."""

from __future__ import annotations

import pygame

from tabletop.ui import gfx
from tabletop.ui.gfx import PLAIN_SURFACE, TEXT_IMAGES


class TextLog:
    """What the text-fit test reads: every text drawn on the screen with its rect and its box.

    Every surface's texts are kept (a card face's, a panel's): blitting a surface carries its texts to
    where it lands. Drawing something opaque (a panel, a card, a shade, a fill) over texts hides them:
    they leave the log, since nobody can read them. A text drawn without a box gets, as its box, the
    last panel drawn on its surface under its centre (else the surface)."""

    def __init__(self, screen):
        self.screen = screen
        self.kept: dict = {}  # id(surface) -> (surface, [(text, rect, box)], [panels drawn on it])
        self.pending = None  # (image, text, box) of the text a drawing helper is blitting
        self.cut: list = []  # (text, its rect, the shape's rect) of texts a shape was drawn over, on the screen
        TEXT_IMAGES.clear()

    def _of(self, surf):
        got = self.kept.get(id(surf))
        if got is None or got[0] is not surf:
            got = self.kept[id(surf)] = (surf, [], [])
        return got

    @property
    def items(self) -> list:
        return self._of(self.screen)[1]

    def text(self, surf, s, rect, box=None) -> None:
        rect = pygame.Rect(rect)
        if not s.strip() or not surf.get_clip().colliderect(rect):
            return  # blank, or wholly outside the visible part (a scrolled page)
        _surf, texts, panels = self._of(surf)
        if box is None:
            box = next((p for p in reversed(panels) if p.collidepoint(rect.center)), surf.get_rect())
        texts.append((s, rect, pygame.Rect(box)))

    def panel(self, surf, rect) -> None:
        self._of(surf)[2].append(pygame.Rect(rect))

    def blitted(self, surf, source, rect, area=None) -> None:
        """``source`` was blitted on ``surf`` at ``rect``: a text joins the log, a picture hides what it
        covers and brings its own texts."""
        pending, self.pending = self.pending, None
        if pending is not None and pending[0] is source:
            self.text(surf, pending[1], rect, pending[2])
            return
        got = TEXT_IMAGES.get(id(source))
        if got is not None and got[1] is source:
            self.text(surf, got[0], rect, None)
            return
        self.cover(surf, rect, source, area)
        inner = self.kept.get(id(source))
        if inner is None or inner[0] is not source:
            return
        ax, ay = (area[0], area[1]) if area is not None else (0, 0)
        seen = pygame.Rect(ax, ay, rect.w, rect.h)
        for s, r, box in inner[1]:
            if seen.colliderect(r):
                self.text(surf, s, r.move(rect.x - ax, rect.y - ay), box.move(rect.x - ax, rect.y - ay))

    def carry(self, source, copy, offset=(0, 0)) -> None:
        """``copy`` is a copy of (a part at ``offset`` of) ``source``: it holds the same texts."""
        inner = self.kept.get(id(source))
        if inner is not None and inner[0] is source:
            seen = copy.get_rect(topleft=offset)
            _c, texts, _p = self._of(copy)
            texts += [
                (s, r.move(-offset[0], -offset[1]), b.move(-offset[0], -offset[1]))
                for s, r, b in inner[1]
                if seen.colliderect(r)
            ]

    def cover(self, surf, rect, source=None, area=None) -> None:
        """Something was drawn on ``rect``: the texts whose letters it hides (most of their ink under
        its opaque part) are gone."""
        got = self.kept.get(id(surf))
        if got is None or got[0] is not surf or not got[1]:
            return
        rect = pygame.Rect(rect)
        mask = None
        keep = []
        for it in got[1]:
            ink = _ink(it[1]).clip(rect)
            if not ink.w or not ink.h:
                keep.append(it)
                continue
            if source is not None:
                if mask is None:
                    mask = pygame.mask.from_surface(source, 199)  # a veil lighter than this leaves texts readable
                ax, ay = (area[0], area[1]) if area is not None else (0, 0)
                part = pygame.mask.Mask(ink.size, fill=True)
                hidden = mask.overlap_area(part, (ink.x - rect.x + ax, ink.y - rect.y + ay))
                if hidden * 2 < _ink(it[1]).w * _ink(it[1]).h:
                    keep.append(it)
                    continue
            elif ink.w * ink.h * 2 < _ink(it[1]).w * _ink(it[1]).h:
                keep.append(it)
                continue
        got[1][:] = keep

    def shape(self, surf, rect, filled: bool, width: int = 0) -> None:
        """A shape was drawn on ``rect``: a filled one hides the texts it mostly covers; a mark (a ring, a
        dot, a badge: a shape not much bigger than the text) that covers a text in part or whose outline
        crosses its letters is a problem (the hand ring over a card's title)."""
        got = self.kept.get(id(surf))
        if got is None or got[0] is not surf or not got[1]:
            return
        rect = pygame.Rect(rect)
        keep = []
        for it in got[1]:
            ink = _ink(it[1]).inflate(-2, -2)
            part = ink.clip(rect)
            if part.w <= 0 or part.h <= 0:
                keep.append(it)
                continue
            mark = max(rect.w, rect.h) <= 5 * ink.h  # a mark (a ring, a dot, a badge), not a panel or a card
            if filled:
                if part.w * part.h * 2 >= ink.w * ink.h:
                    continue  # hidden: nobody reads it
                if mark:
                    self.cut.append((it[0], it[1], rect))
                elif part.h == ink.h and part.w < ink.w:  # a panel over one end of it: the rest shows
                    seen = it[1].clip(pygame.Rect(it[1].left, it[1].top, rect.left - it[1].left, it[1].h))
                    if part.left == ink.left:
                        seen = pygame.Rect(rect.right, it[1].top, it[1].right - rect.right, it[1].h)
                    it = (it[0], seen, it[2])
            elif mark and not rect.inflate(-2 * width, -2 * width).contains(ink):
                self.cut.append((it[0], it[1], rect))  # the outline runs across its letters
            keep.append(it)
        got[1][:] = keep

    def problems(self) -> list[str]:
        out = [f"{s!r} at {tuple(r)} is drawn over by a shape at {tuple(q)}" for s, r, q in self.cut]
        screen = self.screen.get_rect()
        items = self.items
        for s, r, box in items:
            if not box.inflate(2, 2).contains(r) or not screen.contains(r):
                out.append(f"{s!r} at {tuple(r)} escapes its box {tuple(box)}")
        for i, (s, r, _b) in enumerate(items):
            ink = _ink(r)
            for t, q, _c in items[i + 1 :]:
                if ink.colliderect(_ink(q)) and not (s == t and _same_place(r, q)):
                    out.append(f"{s!r} at {tuple(r)} overlaps {t!r} at {tuple(q)}")
        return out


def _same_place(r: pygame.Rect, q: pygame.Rect) -> bool:
    """One text drawn twice where it stands (its shadow under it, or itself again, bold, to light it up)."""
    near = max(2, r.h // 10)
    return abs(r.centerx - q.centerx) <= near and abs(r.centery - q.centery) <= near


def _ink(r: pygame.Rect) -> pygame.Rect:
    """A text's rect less the empty space fonts put above and below the letters."""
    pad = r.h // 6
    return pygame.Rect(r.x + 1, r.y + pad, max(1, r.w - 2), max(1, r.h - 2 * pad))


def _log() -> TextLog | None:
    """The log recording now, if it is the text-fit test's."""
    return gfx.LOG if isinstance(gfx.LOG, TextLog) else None


class RecordingSurface(PLAIN_SURFACE):
    """A surface whose drawing is told to the ``TextLog`` (for the text-fit test, which makes the screen one and,
    while a frame is drawn, every ``pygame.Surface`` made)."""

    def blit(self, source, dest, area=None, special_flags=0):
        r = PLAIN_SURFACE.blit(self, source, dest, area, special_flags)
        if (log := _log()) is not None:  # where it was put, whole (pygame's rect is clipped to the surface)
            size = source.get_size() if area is None else pygame.Rect(area).size
            log.blitted(self, source, pygame.Rect((dest[0], dest[1]), size), area)
        return r

    def fill(self, color, rect=None, special_flags=0):
        r = PLAIN_SURFACE.fill(self, color, rect, special_flags)
        if (log := _log()) is not None and not special_flags:
            log.cover(self, r)
        return r

    def copy(self):
        out = PLAIN_SURFACE.copy(self)
        if (log := _log()) is not None:
            log.carry(self, out)
        return out

    def subsurface(self, *rect):
        part = PLAIN_SURFACE.subsurface(self, *rect)
        if (log := _log()) is not None:
            log.carry(self, part, part.get_offset())
        return part


def recording_screen(screen):
    """A stand-in for the screen whose blits go to the ``TextLog`` (for the text-fit test)."""
    return RecordingSurface(screen.get_size(), 0, screen)
