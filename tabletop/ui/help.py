"""A game's help text (markdown, parsed by markdown-it-py) on a scrollable page.

``parse`` turns the markdown into blocks (headings, paragraphs with bold and
code spans, bulleted and numbered lists at any depth, tables, pictures);
``layout`` places them on a page of a given width in pixels as draw
operations, each line already wrapped to fit (table cells wrap inside their
column); ``HelpScene`` draws the operations and scrolls them. HTML (comments
included) is never shown.

A table cell or a fenced block holding only an attack-area picture, rows of
``X`` (hit), ``B`` (the boxer, facing up the page) and ``.`` separated by
``/`` (e.g. ```X / X / B```), is drawn as a small grid instead of text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

import pygame
from markdown_it import MarkdownIt

from tabletop.core import i18n
from tabletop.core.i18n import game_text, words
from tabletop.input import hints
from tabletop.input.devices import menu_buttons
from tabletop.ui import gfx
from tabletop.ui.scene import Scene

_, ngettext = words(__name__)

PICTURE = re.compile(r"^[XB.](?:[XB.]*)(?: */ *[XB.]+)*$")
TEXT_PX = 18
HEADING_PX = {1: 32, 2: 24, 3: 20}
CODE_BG = (44, 52, 70)
CODE_FG = (255, 226, 150)
TABLE_LINE = (70, 80, 100)
HEAD_BG = (34, 42, 58)


# -- parsing ------------------------------------------------------------------------
@dataclass(frozen=True)
class Run:
    text: str
    bold: bool = False
    code: bool = False


@dataclass
class Block:
    kind: str  # "heading", "para", "table", "picture", "code", "rule", "space" (after a list)
    runs: list = field(default_factory=list)  # heading / para: list[Run]
    level: int = 0  # heading level; list depth of a paragraph
    marker: str = ""  # "•" or "3." on a list item's first paragraph
    rows: list = field(default_factory=list)  # table: rows of cells (list[Run]); row 0 is the header
    text: str = ""  # picture / code


def _md() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": True}).enable("table")


def _runs(inline) -> list[Run]:
    out: list[Run] = []
    bold = 0
    for t in inline.children or []:
        if t.type == "strong_open":
            bold += 1
        elif t.type == "strong_close":
            bold -= 1
        elif t.type == "text":
            if t.content:
                out.append(Run(t.content, bold > 0))
        elif t.type == "code_inline":
            out.append(Run(t.content, bold > 0, code=True))
        elif t.type in ("softbreak", "hardbreak"):
            out.append(Run(" ", bold > 0))
        # html_inline (comments, tags), images, em markers: nothing is drawn
    return out


def parse(text: str) -> list[Block]:
    tokens = _md().parse(text)
    blocks: list[Block] = []
    lists: list[list] = []  # stack of [ordered, next number]
    pending_marker = ""
    table: Block | None = None
    row: list | None = None
    for i, t in enumerate(tokens):
        if t.type == "heading_open":
            blocks.append(Block("heading", _runs(tokens[i + 1]), level=int(t.tag[1])))
        elif t.type in ("bullet_list_open", "ordered_list_open"):
            start = int(t.attrGet("start") or 1) if t.type == "ordered_list_open" else 0
            lists.append([t.type == "ordered_list_open", start])
        elif t.type in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
            if not lists:
                blocks.append(Block("space"))
        elif t.type == "list_item_open":
            ordered, n = lists[-1]
            pending_marker = f"{n}." if ordered else ("•" if len(lists) % 2 else "◦")
            lists[-1][1] = n + 1
        elif t.type == "paragraph_open" and table is None:
            blocks.append(Block("para", _runs(tokens[i + 1]), level=len(lists), marker=pending_marker))
            pending_marker = ""
        elif t.type == "table_open":
            table = Block("table")
        elif t.type == "tr_open":
            row = []
        elif t.type in ("th_open", "td_open") and row is not None:
            row.append(_runs(tokens[i + 1]))
        elif t.type == "tr_close" and table is not None and row is not None:
            table.rows.append(row)
            row = None
        elif t.type == "table_close" and table is not None:
            blocks.append(table)
            table = None
        elif t.type in ("fence", "code_block"):
            body = t.content.rstrip("\n")
            kind = "picture" if t.info.strip() == "area" or PICTURE.match(body.replace("\n", "/")) else "code"
            blocks.append(Block(kind, text=body.replace("\n", "/") if kind == "picture" else body, level=len(lists)))
        elif t.type == "hr":
            blocks.append(Block("rule"))
        # html_block (comments): nothing is drawn
    return blocks


# -- layout ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Op:
    """One thing to draw, at page coordinates (y from the top of the text)."""

    kind: str  # "text", "box" (filled rect), "frame" (outlined rect), "picture"
    x: int
    y: int
    w: int = 0
    h: int = 0
    text: str = ""
    px: int = 0
    bold: bool = False
    colour: tuple = gfx.WHITE


def picture_grid(text: str) -> list[str]:
    return [r.replace(" ", "") for r in text.split("/")]


def _measure(s: str, px: int, bold: bool) -> int:
    return gfx.font(px, bold).size(s)[0]


def _pieces(runs: list[Run]) -> list[tuple[str, Run]]:
    """Words with the run each belongs to; a space is its own piece."""
    out = []
    for r in runs:
        for part in re.split(r"( +)", r.text):
            if part:
                out.append((" " if part.isspace() else part, r))
    return out


def _break_word(word: str, px: int, bold: bool, width: int) -> list[str]:
    """A word too wide for its line, in pieces that fit (a long name in a narrow column)."""
    parts, cur = [], ""
    for ch in word:
        if cur and _measure(cur + ch, px, bold) > width:
            parts.append(cur)
            cur = ch
        else:
            cur += ch
    return parts + [cur] if cur else parts


def flow(runs: list[Run], px: int, width: int, colour=gfx.WHITE, bold_all=False) -> tuple[list[Op], int]:
    """Lay runs out in lines no wider than ``width``; ops at y from 0, and the height used."""
    line_h = int(px * 1.4)
    ops: list[Op] = []
    x, y = 0, 0
    pieces = _pieces(runs)
    queue = list(pieces)
    box = None  # index of the code span's box on this line, while the span goes on
    while queue:
        word, run = queue.pop(0)
        bold = run.bold or bold_all
        if word == " ":
            if x > 0:
                x += _measure(" ", px, bold)
            if not run.code:
                box = None
            continue
        w = _measure(word, px, bold)
        if x + w > width and x > 0:
            x, y, box = 0, y + line_h, None
        if w > width:
            first, *rest = _break_word(word, px, bold, width)
            queue[0:0] = [(p, run) for p in rest]
            word, w = first, _measure(first, px, bold)
        if run.code and box is not None:  # a code span with spaces is one box, not one per word
            ops[box] = replace(ops[box], w=x + w + 2 - ops[box].x)
        elif run.code:
            box = len(ops)
            ops.append(Op("box", x - 2, y, w + 4, int(px * 1.25), colour=CODE_BG))
        else:
            box = None
        ops.append(Op("text", x, y, w, int(px * 1.25), word, px, bold, CODE_FG if run.code else colour))
        x += w
    return _merge(ops), (y + line_h if ops else 0)


def _merge(ops: list[Op]) -> list[Op]:
    """Join words on one line in the same style into one text op (fewer, cheaper blits)."""
    out: list[Op] = []
    for op in ops:
        prev = out[-1] if out else None
        if (
            prev is not None
            and op.kind == "text"
            and prev.kind == "text"
            and prev.y == op.y
            and (prev.px, prev.bold, prev.colour) == (op.px, op.bold, op.colour)
            and op.colour != CODE_FG
        ):
            gap = op.x - (prev.x + prev.w)
            sp = _measure(" ", op.px, op.bold)
            if abs(gap - sp) <= 1:
                text = prev.text + " " + op.text
                out[-1] = Op("text", prev.x, prev.y, op.x + op.w - prev.x, prev.h, text, op.px, op.bold, op.colour)
                continue
        out.append(op)
    return out


def _shift(ops: list[Op], dx: int, dy: int) -> list[Op]:
    return [Op(o.kind, o.x + dx, o.y + dy, o.w, o.h, o.text, o.px, o.bold, o.colour) for o in ops]


def _picture_size(text: str, cell: int) -> tuple[int, int]:
    g = picture_grid(text)
    return max(len(r) for r in g) * cell, len(g) * cell


def cell_picture(runs: list[Run]) -> str | None:
    body = "".join(r.text for r in runs).strip()
    if len(runs) == 1 and runs[0].code and PICTURE.match(body) and "B" in body:
        return body
    return None


def _table(block: Block, px: int, width: int, scale: float) -> tuple[list[Op], int]:
    pad = max(3, round(8 * scale))
    cell_px = max(8, round(px * 0.9))
    pic_cell = max(6, round(16 * scale))
    ncol = max(len(r) for r in block.rows)
    rows = [r + [[]] * (ncol - len(r)) for r in block.rows]

    def natural(cell, bold):
        pic = cell_picture(cell)
        if pic:
            return _picture_size(pic, pic_cell)[0]
        return sum(_measure(w, cell_px, r.bold or bold) for w, r in _pieces(cell))

    def longest_word(cell, bold):
        pic = cell_picture(cell)
        if pic:
            return _picture_size(pic, pic_cell)[0]
        return max((_measure(w, cell_px, r.bold or bold) for w, r in _pieces(cell) if w != " "), default=0)

    nat = [max(natural(r[c], n == 0) for n, r in enumerate(rows)) + 2 * pad for c in range(ncol)]
    low = [min(nat[c], max(longest_word(r[c], n == 0) for n, r in enumerate(rows)) + 2 * pad) for c in range(ncol)]
    if sum(nat) <= width:
        widths = nat
    elif sum(low) >= width:
        widths = [max(2 * pad + 4, w * width // sum(low)) for w in low]
    else:
        spare = width - sum(low)
        want = [nat[c] - low[c] for c in range(ncol)]
        widths = [low[c] + spare * want[c] // max(1, sum(want)) for c in range(ncol)]
    while sum(widths) > width:  # rounding, or a table too narrow for its padding
        widths[widths.index(max(widths))] -= 1
    ops: list[Op] = []
    y = 0
    total_w = sum(widths)
    for n, r in enumerate(rows):
        cells, h = [], 0
        for c in range(ncol):
            pic = cell_picture(r[c])
            if pic:
                pw, ph = _picture_size(pic, pic_cell)
                cell_ops = [Op("picture", 0, 0, pw, ph, pic, pic_cell)]
                ch = ph
            else:
                cell_ops, ch = flow(r[c], cell_px, widths[c] - 2 * pad, gfx.WHITE, bold_all=n == 0)
            cells.append(cell_ops)
            h = max(h, ch)
        h += 2 * pad
        if n == 0:
            ops.append(Op("box", 0, y, total_w, h, colour=HEAD_BG))
        x = 0
        for c in range(ncol):
            ops += _shift(cells[c], x + pad, y + pad)
            ops.append(Op("frame", x, y, widths[c], h, colour=TABLE_LINE))
            x += widths[c]
        y += h
    return ops, y


def layout(blocks: list[Block], width: int, scale: float) -> tuple[list[Op], int]:
    """Every block placed on a page ``width`` pixels wide; the ops and the page height."""
    ops: list[Op] = []
    y = 0
    body = max(8, round(TEXT_PX * scale))
    gap = round(10 * scale)
    indent = round(34 * scale)
    for b in blocks:
        if b.kind == "heading":
            px = max(9, round(HEADING_PX.get(b.level, 18) * scale))
            y += round((18 if b.level <= 2 else 8) * scale) if ops else 0
            o, h = flow(b.runs, px, width, gfx.GOLD, bold_all=True)
            ops += _shift(o, 0, y)
            y += h + gap // 2
        elif b.kind == "para":
            x = indent * b.level
            if b.marker:
                mw = _measure(b.marker, body, b.marker[0].isdigit())
                mx = max(0, x - mw - round(8 * scale))
                ops.append(Op("text", mx, y, mw, body, b.marker, body, False, gfx.GOLD))
            o, h = flow(b.runs, body, width - x)
            ops += _shift(o, x, y)
            y += h + (gap // 2 if b.level else gap)
        elif b.kind == "table":
            y += gap // 2
            o, h = _table(b, body, width, scale)
            ops += _shift(o, 0, y)
            y += h + gap * 2
        elif b.kind == "picture":
            cell = max(8, round(22 * scale))
            pw, ph = _picture_size(b.text, cell)
            ops.append(Op("picture", indent * b.level, y, pw, ph, b.text, cell))
            y += ph + gap
        elif b.kind == "code":
            px = max(8, round(15 * scale))
            lines = []
            for line in b.text.splitlines() or [""]:
                lines += _break_word(line, px, False, width - 2 * gap) if line else [""]
            h = len(lines) * int(px * 1.35) + gap
            ops.append(Op("box", 0, y, width, h, colour=CODE_BG))
            for n, line in enumerate(lines):
                w = _measure(line, px, False)
                ops.append(Op("text", gap, y + gap // 2 + n * int(px * 1.35), w, px, line, px, False, CODE_FG))
            y += h + gap
        elif b.kind == "space":
            y += gap // 2
        elif b.kind == "rule":
            ops.append(Op("box", 0, y + gap // 2, width, max(1, round(2 * scale)), colour=TABLE_LINE))
            y += gap * 2
    return ops, y


def draw_picture(surf, op: Op, x: int, y: int) -> None:
    """An attack area: hit cells red, the boxer's cell with an arrow for the way they face."""
    cell = op.px
    for r, rowtext in enumerate(picture_grid(op.text)):
        for c, ch in enumerate(rowtext):
            rect = pygame.Rect(x + c * cell, y + r * cell, cell - 1, cell - 1)
            if ch == "X":
                pygame.draw.rect(surf, (200, 70, 60), rect, border_radius=max(1, cell // 6))
            elif ch == "B":
                pygame.draw.rect(surf, (70, 120, 200), rect, border_radius=max(1, cell // 6))
                cx, top, bot = rect.centerx, rect.top + cell // 5, rect.bottom - cell // 5
                half = max(2, cell // 4)
                pygame.draw.polygon(surf, gfx.WHITE, [(cx, top), (cx - half, bot), (cx + half, bot)])
            else:
                pygame.draw.rect(surf, (60, 66, 80), rect, width=1, border_radius=max(1, cell // 6))


@lru_cache(maxsize=64)
def laid_out(text: str, width: int, scale: float) -> tuple[tuple[Op, ...], int]:
    """``layout`` of markdown ``text``, worked out once per text and size."""
    ops, h = layout(parse(text), width, scale)
    return tuple(ops), h


def draw_ops(surf, ops, left: int, top: int, clip=None) -> None:
    """Draw laid-out ops with the page's top-left corner at (left, top), only those inside ``clip``."""
    old = surf.get_clip()
    if clip is not None:
        surf.set_clip(clip)
    area = surf.get_clip()
    for op in ops:
        y = top + op.y
        if y > area.bottom or y + max(op.h, op.px * 2) < area.top:
            continue
        x = left + op.x
        if op.kind == "text":
            gfx.blit_text(surf, op.text, op.px, (x, y), op.colour, bold=op.bold)
        elif op.kind == "box":
            pygame.draw.rect(surf, op.colour, (x, y, op.w, op.h), border_radius=max(1, op.h // 8))
        elif op.kind == "frame":
            pygame.draw.rect(surf, op.colour, (x, y, op.w + 1, op.h + 1), width=1)
        elif op.kind == "picture":
            draw_picture(surf, op, x, y)
    surf.set_clip(old)


def help_path(spec) -> Path:
    """The game's help page in the player's language: ``help.CODE.md`` beside its ``help_file`` when the
    game has one for the language in use, else the ``help_file`` itself (English)."""
    own = Path(spec.help_file)
    code = i18n.language()
    local = own.with_name(f"{own.stem}.{code}{own.suffix}")
    return local if code != "en" and local.is_file() else own


def read_help(spec) -> str:
    try:
        with open(help_path(spec), encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        return f"# {game_text(spec, spec.name)}\n\n" + _("The help text could not be read ({why}).").format(
            why=e.strerror
        )


def page_rect(vp) -> pygame.Rect:
    """The text column: the design canvas's width, but the window's whole height (a window taller
    than 16:9 shows more of the page instead of empty bands)."""
    r = vp.r(120, 0, 1040, 1)
    top, bottom = vp.s(20), vp.size[1] - vp.s(64)
    return pygame.Rect(r.left, top, r.w, max(vp.s(100), bottom - top))


LINE = 40  # design units: one press of up / down
REPEAT_MS = 300  # a d-pad held this long scrolls on by itself


class HelpScene(Scene):
    def __init__(self, app, spec, text: str | None = None):
        super().__init__(app)
        self.spec = spec
        self.text = read_help(spec) if text is None else text
        self.scroll = 0.0
        self.max_scroll = 0.0
        self.page_h = 400.0  # the column's height in design units (from the last frame)
        self.held_ms = 0.0  # how long the d-pad has been held up or down
        self.close_rect: pygame.Rect | None = None

    def handle(self, event, pad_changes):
        for b in menu_buttons(event, pad_changes):  # Page Up / Down and the shoulder buttons are prev / next
            if b in ("back", "confirm", "pause"):
                self.app.pop(self)
                return
            if b in ("down", "next"):
                self.scroll += self.page_step() if b == "next" else LINE
            if b in ("up", "prev"):
                self.scroll -= self.page_step() if b == "prev" else LINE
        if event is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
                self.scroll = 0 if event.key == pygame.K_HOME else self.max_scroll
            elif event.type == pygame.MOUSEWHEEL:
                self.scroll -= event.y * LINE
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                if self.close_rect is not None and self.close_rect.collidepoint(event.pos):
                    self.app.pop(self)
        self.scroll = max(0.0, min(self.max_scroll, self.scroll))

    def page_step(self) -> float:
        """A page down: what the column shows, less two lines, so no line is ever skipped."""
        return max(LINE, self.page_h - 2 * LINE)

    def push(self) -> float:
        """How far the gamepads push the page down (up: below 0): their sticks and a held d-pad, -1..1."""
        push = 0.0
        for pad in self.app.pads.pads.values():
            push += pad.axes.get("lefty", 0.0) + pad.axes.get("righty", 0.0)
            push += ("dpdown" in pad.pressed) - ("dpup" in pad.pressed)
        return max(-1.0, min(1.0, push))

    def next_frame(self) -> float | None:
        return 0 if abs(self.push()) > 0.3 else None

    def update(self, dt_ms):
        held = any(b in pad.pressed for pad in self.app.pads.pads.values() for b in ("dpdown", "dpup"))
        self.held_ms = self.held_ms + dt_ms if held else 0.0
        push = self.push()  # hold a stick, or the d-pad, to scroll (a d-pad press first moves one line)
        if abs(push) > 0.3 and (not held or self.held_ms > REPEAT_MS):
            self.scroll = max(0.0, min(self.max_scroll, self.scroll + push * dt_ms * 0.6))

    def page(self, vp) -> tuple[tuple[Op, ...], int]:
        """The laid-out page for this window size (worked out once per size)."""
        col = page_rect(vp)
        return laid_out(self.text, col.w - vp.s(16), round(vp.scale * gfx.TEXT_SCALE[0], 4))  # text size too

    def draw(self, surf, vp):
        surf.fill(gfx.PANEL)
        col = page_rect(vp)
        ops, total = self.page(vp)
        self.max_scroll = max(0.0, (total - col.h) / vp.scale + 20)
        self.page_h = col.h / vp.scale
        draw_ops(surf, ops, col.left, col.top - vp.s(self.scroll), clip=col)
        if self.max_scroll > 0:  # where on the page we are
            bar = pygame.Rect(vp.p(1170, 0)[0], col.top, vp.s(6), col.h)
            pygame.draw.rect(surf, (40, 46, 60), bar, border_radius=3)
            frac = col.h / max(col.h, total)
            h = max(vp.s(20), int(bar.h * frac))
            y = bar.top + int((bar.h - h) * (self.scroll / self.max_scroll))
            pygame.draw.rect(surf, gfx.GREY, (bar.left, y, bar.w, h), border_radius=3)
        bottom = vp.size[1]
        # the button's right edge where the canvas's is (in a window squeezed sideways it ran off the window)
        self.close_rect = pygame.Rect(0, bottom - vp.s(50), vp.s(120), vp.s(36))
        self.close_rect.right = vp.p(1260, 0)[0]
        gfx.panel(surf, self.close_rect, (60, 70, 92), radius=vp.s(8))
        gfx.draw_fitted(surf, _("Close"), self.close_rect.inflate(-vp.s(8), 0), vp.s(18), gfx.WHITE, lines=1)
        gfx.draw_fitted(
            surf,
            hints.words(
                self.app.last_device,
                _("Scroll: the wheel · Close: click Close or Esc"),
                _("Scroll: arrows, Page Up / Page Down · Close: Esc"),
                _("Scroll: d-pad or stick, LB / RB a page · Close: B"),
            ),
            pygame.Rect(col.left, self.close_rect.top, self.close_rect.left - vp.s(16) - col.left, self.close_rect.h),
            vp.s(14),
            gfx.GREY,
            align="left",
            lines=1,
        )
