"""What a frame changes on the window, so that only that is drawn again and shown: pygame's
``display.update(rects)``, the way its ``LayeredDirty`` sprite groups do it. One piece for every
scene; a scene that says nothing is drawn and shown whole, as before.

- The window's loop starts each frame with ``begin``. A frame is drawn whole (``whole`` is True)
  when the layout changed (a screen pushed or popped, the window resized or exposed, the look
  changed: ``invalidate``) or when the last frame was not drawn by parts.
- A scene that keeps a picture of what stands still (a ``Kept``) draws by parts: it says so with
  ``keep()``, puts its picture back only where the last frame's moving parts were (``stale()``) and
  where its picture changed (``changed(rect)``), then draws its moving parts, each said with
  ``part(rect, key)``. A part is shown again only when its place or its key changed.
- Anything else drawn on the window over such a frame either is a part too, or calls ``whole()``.
- ``end()`` gives the rects to show (None: the whole window).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

MOSTLY = 0.5  # a frame whose changes cover more than this share of the window is shown whole


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with every two that overlap or touch joined into one (fewer, larger rects to show)."""
    out: list[pygame.Rect] = []
    for r in rects:
        if r.w <= 0 or r.h <= 0:
            continue
        r = pygame.Rect(r)
        joined = True
        while joined:
            joined = False
            for k, o in enumerate(out):
                if r.inflate(2, 2).colliderect(o):
                    r.union_ip(out.pop(k))
                    joined = True
                    break
        out.append(r)
    return out


class Regions:
    """The window's changed regions, frame by frame (the app's ``regions``)."""

    def __init__(self) -> None:
        self.size = (0, 0)
        self.layout: Hashable = None
        self.parts: dict[tuple, None] = {}  # (x, y, w, h, key) of this frame's moving parts, in drawing order
        self.last: dict[tuple, None] = {}  # ...and of the last frame's
        self.dirty: list[pygame.Rect] = []
        self.whole = True  # this frame is drawn and shown whole
        self.by_parts = False  # the last frame was drawn by parts: the window holds it, part by part
        self.scene: object = None  # the scene the window's loop is drawing
        self.kept = False  # ...keeps its picture
        self.all_kept = True  # every scene drawn this frame did
        self.shown_px = 0  # pixels shown by the last frame (the benchmark's and the tests' measure)

    def invalidate(self) -> None:
        """The next frame is drawn whole (the window was resized or exposed, a screen came or went)."""
        self.by_parts = False

    def begin(self, size: tuple[int, int], layout: Hashable) -> None:
        if size != self.size or layout != self.layout:
            self.by_parts = False
        self.size, self.layout = size, layout
        self.whole = not self.by_parts
        self.last, self.parts = (self.parts if self.by_parts else {}), {}
        self.dirty = []
        self.all_kept = True

    def scene_start(self, scene) -> None:
        self.scene, self.kept = scene, False

    def scene_end(self) -> None:
        self.all_kept = self.all_kept and self.kept

    # -- what a scene says while it draws -----------------------------------------------------------
    def keep(self, scene) -> bool:
        """``scene`` keeps its picture and says its moving parts. True when that counts: ``scene`` is
        the one the window's loop draws (a table drawn inside another screen, a replay's, does not)."""
        if scene is self.scene:
            self.kept = True
        return self.kept

    def stale(self) -> list[pygame.Rect]:
        """Where the last frame's moving parts were: the picture goes back there before they are drawn."""
        return [pygame.Rect(p[:4]) for p in self.last]

    def part(self, rect, key: Hashable) -> None:
        """A moving part drawn at ``rect`` (window pixels), looking as ``key`` says."""
        r = pygame.Rect(rect)
        self.parts[(r.x, r.y, r.w, r.h, key)] = None

    def same_parts(self) -> None:
        """The scene shows what it showed in the last frame: its parts stay as they were, undrawn."""
        self.parts.update(self.last)

    def changed(self, rect) -> None:
        """Something that stays put was drawn differently at ``rect``: it is shown again."""
        self.dirty.append(pygame.Rect(rect))

    def whole_frame(self) -> None:
        """Something was drawn that is not a part: this frame is shown whole, the next drawn whole."""
        self.all_kept = False

    def end(self) -> list[pygame.Rect] | None:
        """The rects to show (None: the whole window)."""
        by_parts = self.all_kept
        whole = self.whole or not by_parts
        self.by_parts = by_parts
        w, h = self.size
        if whole:
            self.shown_px = w * h
            return None
        moved = [pygame.Rect(p[:4]) for p in self.last.keys() ^ self.parts.keys()]
        window = pygame.Rect(0, 0, w, h)
        rects = [r.clip(window) for r in merged(self.dirty + moved)]
        rects = [r for r in rects if r.w > 0 and r.h > 0]
        area = sum(r.w * r.h for r in rects)
        if area > MOSTLY * w * h:
            self.shown_px = w * h
            return None
        self.shown_px = area
        return rects


class Same:
    """A key equal only to a key of the very same object (a game state is compared by identity, not
    field by field)."""

    __slots__ = ("obj",)

    def __init__(self, obj) -> None:
        self.obj = obj

    def __eq__(self, other) -> bool:
        return isinstance(other, Same) and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)


class Kept:
    """A picture kept between frames, made of regions each drawn from its key: when keys change,
    the picture is drawn again clipped to those regions only. ``update`` says where it changed."""

    def __init__(self) -> None:
        self.image: pygame.Surface | None = None
        self.keys: dict[str, tuple] = {}
        self.whole_key: Hashable = None

    def forget(self) -> None:
        """The next ``update`` draws the picture whole."""
        self.keys = {}
        self.whole_key = None

    def update(
        self,
        surf: pygame.Surface,
        whole_key: Hashable,
        regions: dict[str, tuple[pygame.Rect, Hashable]],
        draw: Callable[[pygame.Surface], None],
    ) -> list[pygame.Rect] | None:
        """Bring the picture up to date with ``regions`` (name -> (window rect, key)); ``whole_key``:
        what changes the picture whole. The rects drawn again ([]: none), or None: the picture was
        drawn whole, on ``surf`` (the window) and kept from there."""
        size = surf.get_size()
        img = self.image
        if img is None or img.get_size() != size or whole_key != self.whole_key or not self.keys:
            surf.set_clip(None)
            draw(surf)
            if img is None or img.get_size() != size:
                self.image = surf.copy()
            else:
                img.blit(surf, (0, 0))
            self.keys, self.whole_key = dict(regions), whole_key
            return None
        changed = [rect for name, (rect, key) in regions.items() if self.keys.get(name, (None, None))[1] != key]
        changed += [rect for name, (rect, _key) in self.keys.items() if name not in regions]
        self.keys = dict(regions)
        if not changed:
            return []
        box = pygame.Rect(changed[0]).unionall(changed[1:])
        img.set_clip(box)
        try:
            draw(img)
        finally:
            img.set_clip(None)
        return merged(changed)
