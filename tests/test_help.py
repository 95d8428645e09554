"""Every game's help page is drawn from its markdown as a reader would see it
(issue 15): no markdown syntax left on screen, nothing wider than the page,
lists numbered, tables in aligned columns, comments never shown."""

import re

import pygame
import pytest

from tabletop.core import registry
from tabletop.ui import gfx, help
from tests.ui_helpers import frames, make_app

RULE_ID = re.compile(r"\bR-[A-Z]+-\d+")
RAW = ("|", "---", "**", "<!--", "-->", "\\", "```")


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
@pytest.mark.needs("help")
def test_help_page_shows_no_markdown_and_fits(game, size):
    app = make_app(size)
    try:
        scene = help.HelpScene(app, game)
        app.push(scene)
        frames(app, 1)
        page = help.page_rect(app.vp)
        texts = drawn_texts(app, scene)
        words = " ".join(t for t, _ in texts)
        assert len(words) > 1500, "the help page drew almost nothing"
        for t, r in texts:
            for tok in RAW:
                assert tok not in t, f"raw markdown {tok!r} on the {game.name} help page: {t!r}"
            if r.top < page.bottom:  # page text (the Close button and key line sit below the page)
                assert page.left <= r.left and r.right <= page.right, f"{t!r} is wider than the page at {size}"
            else:
                assert r.right <= size[0], f"{t!r} runs off the window at {size}"
        assert words.startswith(game.name) and words.index("The goal") < 300, f"{game.name}: the goal comes first"
        first = "Your first round" if game.id == "jab" else "Your first turn"  # JAB has no turns
        assert first in words[:3000], f"{game.name}: {first!r} comes near the top for a newcomer"
        assert not RULE_ID.search(words), f"a rule id on the {game.name} help page"
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
    assert kinds == ["heading", "para", "para", "para", "para", "para", "para", "space", "table"]
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
        sentence = "A long explanation that cannot possibly fit in one narrow column of a small page at all"
        long_cell = [o for o in texts if o.text in sentence and o.text[0].isalpha() and len(o.text) > 6]
        xs = {o.x for o in long_cell}
        assert " ".join(o.text for o in long_cell) == sentence, "every word of the cell is drawn, in order"
        assert len(long_cell) >= 2 and len(xs) == 1, "the long cell wraps inside its own column"
        frames_ = [o for o in ops if o.kind == "frame"]
        col2 = {o.x for o in frames_} - {0}
        assert len(col2) == 1 and min(long_cell[0].x, 400) > col2.pop(), "the wrapped text sits in the second column"
        assert any(o.kind == "picture" and o.text == "X / .B" for o in ops)
    finally:
        pygame.quit()


def test_square_ring_help_shows_the_boxers_as_played():
    from tabletop.games.square_ring.describe import all_boxers_markdown

    text = help.read_help(registry.get("square-ring"))
    assert all_boxers_markdown() in text, "help.md boxers are out of date: paste describe.all_boxers_markdown()"
    pictures = [b for b in help.parse(text) if b.kind == "table"]
    assert pictures and all(help.cell_picture(row[2]) for t in pictures for row in t.rows[1:])


def test_a_code_span_with_spaces_is_one_chip_not_one_per_word():
    make_app()
    try:
        ops, _ = help.flow([help.Run("Measured with "), help.Run("python -m tabletop.ladder", code=True)], 18, 2000)
    finally:
        pygame.quit()
    boxes = [o for o in ops if o.kind == "box"]
    words = [o for o in ops if o.kind == "text" and "python" in o.text]
    assert len(boxes) == 1 and boxes[0].x < words[0].x
    assert boxes[0].x + boxes[0].w >= max(o.x + o.w for o in ops if o.kind == "text")
