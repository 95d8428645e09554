"""A game's help text (our own markdown, a small subset) on a scrollable page."""

from __future__ import annotations

import pygame

from tabletop.input.devices import menu_buttons
from tabletop.ui import gfx
from tabletop.ui.scene import Scene


def parse_markdown(text: str) -> list[tuple[str, str]]:
    """Lines as (style, text): style is h1, h2, bullet or p."""
    out = []
    para: list[str] = []

    def flush():
        if para:
            out.append(("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            out.append(("h1" if level == 1 else "h2", line.lstrip("#").strip()))
        elif line.startswith(("- ", "* ")):
            flush()
            out.append(("bullet", line[2:].strip()))
        elif line.startswith("|"):
            flush()
            out.append(("p", line.strip("|").replace("|", "  ·  ")))
        else:
            para.append(line)
    flush()
    return [(s, t.replace("**", "").replace("`", "")) for s, t in out]


class HelpScene(Scene):
    def __init__(self, app, spec, text: str | None = None):
        super().__init__(app)
        self.spec = spec
        if text is None:
            try:
                with open(spec.help_file, encoding="utf-8") as f:
                    text = f.read()
            except OSError as e:
                text = f"# {spec.name}\nThe help text could not be read ({e.strerror})."
        self.blocks = parse_markdown(text)
        self.scroll = 0.0
        self.max_scroll = 0.0

    def handle(self, event, pad_changes):
        for b in menu_buttons(event, pad_changes):
            if b in ("back", "confirm", "pause"):
                self.app.pop(self)
                return
            if b in ("down", "next"):
                self.scroll += 120 if b == "next" else 40
            if b in ("up", "prev"):
                self.scroll -= 120 if b == "prev" else 40
        if event is not None:
            if event.type == pygame.MOUSEWHEEL:
                self.scroll -= event.y * 40
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                if self.close_rect is not None and self.close_rect.collidepoint(event.pos):
                    self.app.pop(self)
        self.scroll = max(0.0, min(self.max_scroll, self.scroll))

    close_rect = None

    def update(self, dt_ms):
        for pad in self.app.pads.pads.values():  # hold a stick to scroll
            y = pad.axes.get("lefty", 0.0) + pad.axes.get("righty", 0.0)
            if abs(y) > 0.3:
                self.scroll = max(0.0, min(self.max_scroll, self.scroll + y * dt_ms * 0.6))

    def draw(self, surf, vp):
        surf.fill(gfx.PANEL)
        col = vp.r(140, 20, 1000, 640)
        clip = surf.get_clip()
        surf.set_clip(col)
        y = col.top - vp.s(self.scroll)
        for style, t in self.blocks:
            px = {"h1": vp.s(34), "h2": vp.s(24)}.get(style, vp.s(18))
            colour = gfx.GOLD if style in ("h1", "h2") else gfx.WHITE
            indent = vp.s(24) if style == "bullet" else 0
            if style == "h2":
                y += vp.s(10)
            lines = gfx.wrap(t, px, col.w - indent - vp.s(10), bold=style != "p" and style != "bullet")
            for n, line in enumerate(lines):
                if style == "bullet" and n == 0:
                    gfx.blit_text(surf, "•", px, (col.left + vp.s(6), y), gfx.GOLD)
                gfx.blit_text(surf, line, px, (col.left + indent, y), colour, bold=style in ("h1", "h2"))
                y += int(px * 1.35)
            y += vp.s(8)
        total = y + vp.s(self.scroll) - col.top
        self.max_scroll = max(0.0, (total - col.h) / vp.scale + 20)
        surf.set_clip(clip)
        self.close_rect = vp.r(1140, 670, 120, 36)
        gfx.panel(surf, self.close_rect, (60, 70, 92), radius=vp.s(8))
        gfx.blit_text(surf, "Close", vp.s(18), self.close_rect.center, gfx.WHITE, anchor="center")
        gfx.blit_text(
            surf,
            "Scroll: wheel, arrows or stick · Close: Esc, B or click",
            vp.s(14),
            vp.p(140, 688),
            gfx.GREY,
            anchor="midleft",
        )
