"""Issue 37, seen in the screenshot matrix (tools/shots.py): at 800x600 and 150% text, in Spanish and German,
JAB's help line ran into its deck labels and its log into the Clinch tile, "Contragolpe" and Stabby Jack's win
marks stood at 8-10 px, The Square Ring's "keine Serie mehr" at 9 px, and the result panel hid its fourth
choice under a ▼ and cut its numbers' names ("Gewonnene Kä…")."""

from __future__ import annotations

import pygame
import pytest

from tabletop.ui import gfx
from tests.test_menus_fit import big_text, drawn  # noqa: F401  (the fixture: 800x600, 150% text, a language)
from tests.test_text_fit import drawn_problems
from tests.ui_helpers import busy_app, cut_words, frames, make_app, result_shown


def on_table(app, spec):
    from tabletop.bench import busy_table

    table = busy_table(spec, app)
    frames(app, 2)
    return table


def test_a_busy_table_has_no_text_over_another_and_none_under_12_px(big_text, monkeypatch, game):  # noqa: F811
    app = big_text
    on_table(app, game)
    problems = drawn_problems(app)
    assert not problems, "\n".join(problems[:8])
    w = app.screen.get_width()
    px_of: dict = {}
    small: list = []
    text, blit_line = gfx.text, gfx.blit_line

    def sized(s, px, *a, **k):
        img = text(s, px, *a, **k)
        px_of[id(img)] = px
        return img

    def line(surf, img, r, s, box):  # on the screen or a kept picture of a part of it; not on a card's face
        if s.strip() and surf.get_width() >= w // 3 and px_of.get(id(img), 99) < gfx.BODY_PX:
            small.append((s, px_of[id(img)]))
        blit_line(surf, img, r, s, box)

    monkeypatch.setattr(gfx, "text", sized)
    monkeypatch.setattr(gfx, "blit_line", line)
    gfx.text_image.cache_clear()
    gfx.forget_images()
    app.regions.invalidate()
    for scene in app.stack:
        getattr(scene, "invalidate", lambda: None)()
    app.draw()
    assert not small, small[:6]


def test_the_result_panel_shows_every_choice_and_its_numbers_names_whole(big_text, monkeypatch, game):  # noqa: F811
    from tabletop.bench import finished_session

    app = big_text
    spec = game
    table = spec.make_table(app, finished_session(spec, 3, 1))
    app.push(table)
    assert result_shown(app, table)
    cut, sizes, _lines = drawn(app, monkeypatch)
    shown = {s for s, _px in sizes}
    choices = [it.text() for it in table.result_menu.items]
    assert len(choices) == 4 and all(c in shown for c in choices), (choices, "▼" in shown)
    assert "▼" not in shown  # nothing more to scroll to
    names = [label for label, _values in table.game_report().numbers]
    assert not [s for s in cut if s in names], cut


@pytest.mark.parametrize(
    "language, size, text_size",
    [("de", (800, 600), 150), ("es", (800, 600), 150), ("de", (1280, 720), 100), ("qps", (1280, 720), 100)],
    ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v),
)
def test_a_busy_table_cuts_no_word_short(language, size, text_size, monkeypatch, game):
    """Issue 37: no cut word at any size. The busiest table of each game, in each language (the pseudo-language
    a third longer), at the smallest window with the largest text and at wide ones: the fitting rule shortened
    no text to end in "…", on the screen or on a card's face ("Aufwärtsh…", "No hacer…", an upgrade's effect
    before), over the round's replay and the plan after it."""
    app, _table = busy_app(game.id, size, text_size, language, monkeypatch)
    try:
        assert cut_words(app) == []
    finally:
        pygame.quit()


@pytest.mark.needs("lessons")
@pytest.mark.parametrize("language", ["de", "es"])
def test_a_first_lesson_cuts_no_word_short(language, monkeypatch, game):
    """Issue 37: at 800x600 and 150% a lesson's table cut "Pujado 0 de 2 de im…" (Boxing's bid line beside the
    piles). Each game's first lesson, as it opens and a moment on, in German and Spanish: no word cut short."""
    from tabletop.tutorial import open_tutorial
    from tabletop.tutorial.coach import start_lesson

    monkeypatch.setenv("TABLETOP_LANGUAGE", language)
    app = make_app(size=(800, 600), text_size=150)
    try:
        app.start()
        frames(app, 1)
        open_tutorial(app, game.id)
        app.push(start_lesson(app, game, 0))
        assert cut_words(app, 2) == []
    finally:
        pygame.quit()


def test_a_replay_and_a_finished_table_cut_no_word_short(monkeypatch, game):
    """Issue 37: at 800x600 and 150% the replay viewer, its two computers named "Computer 1" and "Computer 2",
    cut their names ("Comput…" on Boxing's score sheet, "Bonus von Compu…", "Karten von Co…"), and a finished
    game's table the words of its won cards ("CLI…", "KOMB…"). In each game's replay, and on its table when the
    game is over between two people, no word is cut short (the replay in Spanish, the table in German)."""
    from tabletop.bench import finished_session
    from tabletop.core import playout
    from tabletop.ui.replay import ReplayScene

    for language, scene in (
        ("es", lambda app: ReplayScene(app, game, playout.play(game, seed=3).record)),
        ("de", lambda app: game.make_table(app, finished_session(game, 3, 2))),
    ):
        monkeypatch.setenv("TABLETOP_LANGUAGE", language)
        app = make_app(size=(800, 600), text_size=150)
        try:
            app.start()
            frames(app, 1)
            app.push(scene(app))
            assert cut_words(app, 1) == [], language
        finally:
            pygame.quit()
