"""Every game's help page is drawn from its markdown as a reader would see it
(issue 15): no markdown syntax left on screen, nothing wider than the page,
lists numbered, tables in aligned columns, comments never shown."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.ui import gfx, help
from tests.ui_helpers import frames, make_app

RAW = ("|", "---", "**", "<!--", "-->", "\\", "```")
GAMES = [s for s in registry.load_all().values() if s.help_file]


def drawn_texts(app, scene):
    """Every piece of text the help page draws, scrolled from top to bottom: (text, rect)."""
    seen = []
    real = gfx.blit_text

    def spy(surf, s, px, pos, colour=gfx.WHITE, bold=False, anchor="topleft"):
        r = real(surf, s, px, pos, colour, bold, anchor)
        seen.append((s, r))
        return r

    gfx.blit_text = spy
    try:
        scene.scroll = 0.0
        scene.draw(app.screen, app.vp)
        step = help.page_rect(app.vp).h / app.vp.scale / 2
        while True:
            scene.draw(app.screen, app.vp)
            if scene.scroll >= scene.max_scroll:
                break
            scene.scroll = min(scene.max_scroll, scene.scroll + step)
    finally:
        gfx.blit_text = real
    return seen


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("spec", GAMES, ids=[s.id for s in GAMES])
def test_help_page_shows_no_markdown_and_fits(spec, size):
    app = make_app(size)
    try:
        scene = help.HelpScene(app, spec)
        app.push(scene)
        frames(app, 1)
        page = help.page_rect(app.vp)
        texts = drawn_texts(app, scene)
        words = " ".join(t for t, _ in texts)
        assert len(words) > 1500, "the help page drew almost nothing"
        for t, r in texts:
            for tok in RAW:
                assert tok not in t, f"raw markdown {tok!r} on the {spec.name} help page: {t!r}"
            if r.top < page.bottom:  # page text (the Close button and key line sit below the page)
                assert page.left <= r.left and r.right <= page.right, f"{t!r} is wider than the page at {size}"
            else:
                assert r.right <= size[0], f"{t!r} runs off the window at {size}"
        for heading in ("The goal", "Your first turn"):
            assert heading in words, f"{spec.name}: the help starts with {heading!r} for a newcomer"
    finally:
        pygame.quit()


def test_markdown_is_drawn_as_structure_not_syntax():
    text = """# Title

Intro with **bold** and `code` and a\\*star.

<!-- a note for developers -->

1. first
2. second
   - nested one
   - nested two
3. third

| Name | What it does |
|---|---|
| Short | A long explanation that cannot possibly fit in one narrow column of a small page at all |
| Pic | `X / .B` |
"""
    blocks = help.parse(text)
    kinds = [b.kind for b in blocks]
    assert kinds == ["heading", "para", "para", "para", "para", "para", "para", "table"]
    assert [b.marker for b in blocks[2:7]] == ["1.", "2.", "◦", "◦", "3."]
    assert [b.level for b in blocks[2:7]] == [1, 1, 2, 2, 1]
    intro = blocks[1].runs
    assert [(r.text, r.bold, r.code) for r in intro] == [
        ("Intro with ", False, False),
        ("bold", True, False),
        (" and ", False, False),
        ("code", False, True),
        (" and a*star.", False, False),
    ]
    pygame.init()
    try:
        ops, height = help.layout(blocks, 400, 1.0)
        texts = [o for o in ops if o.kind == "text"]
        assert all(o.x >= 0 and o.x + o.w <= 400 for o in texts)
        assert not any("developers" in o.text for o in texts)
        long_cell = [o for o in texts if o.text and o.text.split()[0] in ("A", "explanation", "narrow", "page")]
        xs = {o.x for o in long_cell}
        assert len(long_cell) >= 3 and len(xs) == 1, "the long cell wraps inside its own column"
        frames_ = [o for o in ops if o.kind == "frame"]
        col2 = {o.x for o in frames_} - {0}
        assert len(col2) == 1 and min(long_cell[0].x, 400) > col2.pop(), "the wrapped text sits in the second column"
        assert any(o.kind == "picture" and o.text == "X / .B" for o in ops)
    finally:
        pygame.quit()
