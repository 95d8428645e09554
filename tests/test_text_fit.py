"""Every text a player reads fits its box and overlaps no other text, on every screen of every game
(launcher, setups, settings, tables in their busiest pose, pause, help, results) at three window sizes,
and passes the words check (``words_check``: no template, None or ruling id; counts agree with nouns).

The text-drawing functions of ``tabletop.ui.gfx`` record each drawn text's rect and box in
``gfx.LOG`` while a frame is drawn; what is drawn over a text (a panel, a card, a shade) hides it."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.ui import gfx
from tests import text_log, words_check
from tests.ui_helpers import busy_app, cut_words, frames, make_app, result_shown

SIZES = [(1280, 720), (1920, 1080), (800, 600)]
# the walks below: every window size at each text size (Settings > Text size); at 150% the hints speak of
# the mouse (their longest wording: "Click the pause button"), at 100% of the keys. 1024x768 is 4:3 like
# 800x600 (the layout squeezed sideways as far as it goes, gfx.Viewport) at a larger scale: 100% is enough.
# 125% at 1280x720: texts grown to a size between, where their boxes' rounding differs
LOOKS = [(size, text) for text in (100, 150) for size in SIZES] + [((1024, 768), 100), ((1280, 720), 125)]


def drawn_problems(app) -> list[str]:
    """Draw one frame in full on a recording screen and say what does not fit. Every picture is made
    anew while it is drawn (no cached card face or text), on surfaces that record what is drawn on them,
    so the texts inside card faces and panels are seen where they land."""
    return recorded_frame(app)[0]


def visible_texts(app) -> list[str]:
    """Every text still readable on the screen after one frame (a text something was drawn over is gone)."""
    return recorded_frame(app)[1]


def recorded_frame(app) -> tuple[list[str], list[str]]:
    """(what does not fit, the texts readable) of one frame drawn on a recording screen."""
    screen = app.screen
    recording = text_log.recording_screen(screen)
    real = pygame.display.get_surface
    pygame.display.get_surface = lambda: recording
    pygame.Surface = text_log.RecordingSurface  # type: ignore[misc]  # pygame's class, swapped while a frame is drawn
    drawing = {name: getattr(pygame.draw, name) for name in SHAPES}
    for name, at in SHAPES.items():
        setattr(pygame.draw, name, shape_teller(drawing[name], at))
    app.screen = recording
    log = gfx.LOG = text_log.TextLog(recording)
    try:
        gfx.text_image.cache_clear()
        gfx.forget_images()
        if hasattr(app, "regions"):  # every scene drawn whole, none kept from the frame before
            app.regions.invalidate()
        for scene in app.stack:
            getattr(scene, "invalidate", lambda: None)()
            if hasattr(scene, "shown_key"):
                scene.shown_key = None
            for name, value in list(vars(scene).items()):
                setattr(scene, name, recording_twins(value))
        with words_check.collect() as seen:
            app.draw()
        return log.problems() + words_check.problems(seen), [s for s, _r, _b in log.items]
    finally:
        gfx.LOG = None
        pygame.Surface = gfx.PLAIN_SURFACE  # type: ignore[misc]  # pygame's own, back
        for name, fn in drawing.items():
            setattr(pygame.draw, name, fn)
        gfx.forget_images()
        app.screen = screen
        pygame.display.get_surface = real


SHAPES = {"rect": 3, "circle": 4, "ellipse": 3, "polygon": 3}  # pygame.draw's shapes: where their width is


def shape_teller(draw, width_at: int):
    """``draw`` (a pygame.draw function) that also tells ``gfx.LOG`` the shape it drew over any text."""

    def drawn(*args, **kw):
        bounds = draw(*args, **kw)
        width = kw.get("width", args[width_at] if len(args) > width_at else 0)
        if isinstance(gfx.LOG, text_log.TextLog):
            gfx.LOG.shape(args[0], bounds, width <= 0, max(0, width))
        return bounds

    return drawn


def recording_twins(value, depth=0):
    """``value`` with every picture a scene keeps to draw into (its last frame) swapped for a recording
    twin (same size, format and picture), so what is drawn into it reaches the log too; a dict of kept
    pictures (layers, memos) is emptied, so they are drawn anew."""
    if isinstance(value, gfx.PLAIN_SURFACE) and not isinstance(value, text_log.RecordingSurface):
        twin = text_log.RecordingSurface(value.get_size(), value.get_flags(), value)
        twin.fill((0, 0, 0, 0))
        gfx.PLAIN_SURFACE.blit(twin, value, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
        return twin
    if isinstance(value, dict):
        if any(holds_surface(v) for v in value.values()):
            value.clear()
    elif depth < 2 and type(value) is tuple:
        return tuple(recording_twins(v, depth + 1) for v in value)
    return value


def holds_surface(value, depth=0) -> bool:
    if isinstance(value, gfx.PLAIN_SURFACE):
        return True
    return depth < 2 and isinstance(value, (tuple, list)) and any(holds_surface(v, depth + 1) for v in value)


def check(app, where: str) -> None:
    frames(app, 2)
    problems = drawn_problems(app)
    at = f"{app.screen.get_size()}, text {app.settings.text_size}%"
    assert not problems, f"{where} at {at}:\n" + "\n".join(problems[:12])


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request):
    a = make_app(size=request.param)
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


@pytest.fixture(params=LOOKS, ids=lambda look: f"{look[0][0]}x{look[0][1]}-{look[1]}%")
def walk(request):
    """The app for a walk: at a window size and a text size."""
    size, text = request.param
    a = make_app(size=size)
    a.settings.text_size = text
    a.apply_look()
    a.start()
    if text > 100:
        a.last_device = "mouse"
    frames(a, 1)
    yield a
    a.settings.text_size = 100
    a.apply_look()
    pygame.quit()


def test_launcher_and_settings(walk):
    app = walk
    from tabletop.ui.launcher import SettingsScene

    for i in range(len(app.stack[-1].menu.items)):  # every row focused in turn (its panel follows the focus)
        app.stack[-1].menu.focus = i
        check(app, f"launcher, row {i}")
    app.push(SettingsScene(app))
    check(app, "settings")
    app.pop()
    from tabletop.ui.kept import ContinueScene, ReplaysScene
    from tabletop.ui.learn import LearnScene
    from tabletop.ui.name_entry import NameEntry
    from tabletop.ui.online import OnlineMenu
    from tabletop.ui.online_forms import JoinScene

    for name, make in (
        ("learn to play", LearnScene),
        ("continue", ContinueScene),
        ("replays", ReplaysScene),
        ("play online", OnlineMenu),
        ("join a game", JoinScene),
        ("name entry", lambda a: NameEntry(a, "Name of seat 1", "Ana", lambda name: None)),
    ):
        app.push(make(app))
        check(app, name)
        app.pop()


def test_setup_help_table_pause_and_result(walk, game):
    app = walk
    from tabletop.bench import busy_table, finished_session
    from tabletop.ui.help import HelpScene
    from tabletop.ui.launcher import Setup
    from tabletop.ui.pause import PauseScene
    from tabletop.ui.setup import MoreOptions

    setup = Setup(app, game)
    app.push(setup)
    check(app, f"{game.id} setup")
    app.push(MoreOptions(app, setup))
    check(app, f"{game.id} more options")
    app.pop()
    if game.help_file:  # a game without a help page has none to draw
        app.push(HelpScene(app, game))
        check(app, f"{game.id} help")
        app.pop()
    app.pop()
    table = busy_table(game, app)
    check(app, f"{game.id} table")
    app.push(PauseScene(app, table))
    check(app, f"{game.id} pause")
    app.pop()
    app.pop()
    for people in (1, 2):
        table = game.make_table(app, finished_session(game, 3, people))
        app.push(table)
        assert result_shown(app, table)
        check(app, f"{game.id} result ({people} people)")
        app.pop()


def test_lessons_and_replay(walk, game):
    app = walk
    from tabletop.core import playout
    from tabletop.tutorial import has_tutorial
    from tabletop.tutorial.coach import start_lesson
    from tabletop.tutorial.menu import LessonList
    from tabletop.ui.replay import ReplayScene

    if has_tutorial(game):  # a game without lessons has none to draw
        app.push(LessonList(app, game))
        check(app, f"{game.id} lesson list")
        app.push(start_lesson(app, game, 0))
        frames(app, 60)  # the coach's first words are up
        check(app, f"{game.id} first lesson")
        app.pop()
        app.pop()
    app.push(ReplayScene(app, game, playout.play(game, seed=3).record))
    frames(app, 120)
    check(app, f"{game.id} replay")


def test_the_check_sees_texts_in_pictures_rings_over_them_and_texts_out_of_their_panel():
    """The check is not blind: a card's title reaches the screen with the card, a ring drawn across it is
    a problem, a text running out of the panel it is drawn in is one, and so are two texts on each other."""
    pygame.init()
    gfx.reset_caches()
    screen = pygame.display.set_mode((400, 300))
    from tabletop.ui import cards

    def problems(draw) -> list[str]:
        class App:  # the least of an app ``drawn_problems`` needs
            stack: list = []

            def __init__(self):
                self.screen = screen

            def draw(self):
                draw(pygame.display.get_surface())

        return drawn_problems(App())

    def card(surf):
        cards.draw(surf, cards.Face(title="Uppercut", value="3"), pygame.Rect(20, 20, 100, 140))

    assert problems(card) == []

    def ring(surf):
        card(surf)
        pygame.draw.circle(surf, (255, 255, 255), (70, 36), 16, 3)  # a hand ring over the title

    assert any("'Uppercut'" in p and "shape" in p for p in problems(ring))

    def spill(surf):
        gfx.panel(surf, pygame.Rect(200, 20, 120, 40))
        gfx.blit_text(surf, "A long line that runs out of its panel", 16, (210, 30))

    assert any("escapes its box (200, 20, 120, 40)" in p for p in problems(spill))

    def pile(surf):
        gfx.blit_text(surf, "one", 20, (200, 200))
        gfx.blit_text(surf, "two", 20, (215, 205))

    assert any("overlaps" in p for p in problems(pile))
    pygame.quit()


def test_a_line_too_long_for_its_box_shrinks_then_ends_with_an_ellipsis_and_shows_whole_on_hover():
    pygame.init()
    gfx.reset_caches()
    screen = pygame.display.set_mode((400, 200))
    gfx.CUT.clear()
    box = pygame.Rect(20, 20, 120, 30)
    name = "Ana (computer, Champion of the ring)"
    r = gfx.blit_text(screen, name, 20, box.topleft, box=box)
    assert box.contains(r)
    shown = [s for _rect, s in gfx.CUT]
    assert shown == [name]  # the whole name is kept for the pointer resting on it
    gfx.CUT.clear()
    short = gfx.blit_text(screen, "Ana", 20, box.topleft, box=box)
    assert gfx.CUT == [] and short.h == gfx.text("Ana", 20).get_height()  # a text that fits is left as it is
    pygame.quit()


def test_paused_and_its_menu_stand_on_their_own_card_not_over_the_tables_texts(app):
    """Issue 30: "Paused" was drawn on the shaded table, over the table's texts still showing through.
    Around the word every pixel is the card's colour or the word's gold (or the blend at its edges)."""
    from tabletop.bench import busy_table
    from tabletop.ui.pause import PauseScene

    table = busy_table(registry.get("punch"), app)
    app.push(PauseScene(app, table))
    frames(app, 3)
    vp, surf = app.vp, app.screen
    title = gfx.text("Paused", vp.s(48), gfx.GOLD, True).get_rect(center=vp.p(640, 150)).inflate(vp.s(40), vp.s(16))
    panel, gold = pygame.Vector3(gfx.PANEL), pygame.Vector3(gfx.GOLD)
    line = gold - panel
    stray = 0
    for x in range(title.left, title.right, 2):
        for y in range(title.top, title.bottom, 2):
            c = pygame.Vector3(tuple(surf.get_at((x, y)))[:3])
            t = max(0.0, min(1.0, (c - panel).dot(line) / line.length_squared()))
            stray += (c - (panel + line * t)).length() > 12
    assert stray == 0, f"{stray} pixels of the table show around 'Paused'"
    app.pop()
    app.pop()


def test_jabs_refusal_of_a_block_is_read_whole_in_its_note(app):
    """Issue 30: the note said "…any card blocks a Hay…": a refusal cut short. Every block refusal (each
    card against each punch it cannot block) fits the note between the decks, at every window size."""
    from tabletop.games.jab.rules.queries import block_refusal, can_block
    from tabletop.games.jab.table.hud import note_fit

    cards = range(50)
    said = {block_refusal(c, p) for c in cards for p in cards if not can_block(p, c)}
    assert len(said) > 100
    cut = [s for s in said if note_fit(s, app.vp)[2]]
    assert not cut, cut[:3]


def card_faces_drawn(size, monkeypatch) -> tuple:
    """(the viewport of a window of ``size``, the list that gets (text, px) of every line drawn from now on)."""
    pygame.init()
    gfx.reset_caches()
    pygame.display.set_mode(size)
    drawn: list = []
    real = gfx.text
    monkeypatch.setattr(gfx, "text", lambda s, px, *a, **k: drawn.append((s, px)) or real(s, px, *a, **k))
    return gfx.Viewport(size), drawn


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_boxing_card_faces_read_at_the_smallest_text_size_or_more(size, monkeypatch):
    """Issue 30: Boxing: The Game's card rules text (the move beside the speed, "Uppercut") was 7-8 px at
    1280x720. Every text on every card face, at the sizes the table draws cards (prize row, hand, slots),
    is at least the smallest size a text may have there."""
    from tabletop.games.boxing_the_game.rules.content import CARDS
    from tabletop.games.boxing_the_game.table import cards as btg_cards
    from tabletop.games.boxing_the_game.table import layout as L

    vp, drawn = card_faces_drawn(size, monkeypatch)
    least = max(7, vp.s(14) * 3 // 4)
    small = []
    for w, h in ((L.PRIZE_W, L.PRIZE_H), (L.SLOT_W, L.ROW_H), (96, L.HAND_H - 10)):
        r = vp.r(0, 0, w, h)
        for cid in range(len(CARDS)):
            drawn.clear()
            btg_cards.card_image(cid, r.w, r.h, (30, 30, 30), vp.s(14))
            small += [(CARDS[cid].name, s, px) for s, px in drawn if px < least and s.strip() and s != "…"]
    assert not small, small[:5]
    pygame.quit()


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_boxing_card_faces_cut_no_word_in_any_language(size, monkeypatch):
    """Issue 37: in a slot an action card set its move and effect beside the speed in a narrow column
    ("+3 speed if / stances…"), a prize its kind and words ("Ausrüstung: E…", "Rundenabschlu…"), and a
    narrow card at 4:3 its name and effect ("Führhandha…", "+1 punt…", "momen…"). Every card face, where
    the table draws it (the prize row; a hand and the slots, which leave out what drafting it gains), in
    English, Spanish and German, ends no line with "…"."""
    from tabletop.core import i18n
    from tabletop.games.boxing_the_game.rules.content import CARDS
    from tabletop.games.boxing_the_game.table import cards as btg_cards
    from tabletop.games.boxing_the_game.table import layout as L

    vp, drawn = card_faces_drawn(size, monkeypatch)
    places = [
        (vp.r(0, 0, L.PRIZE_W, L.PRIZE_H), False),
        (L.slot_rect(vp, 1, 0), True),
        (vp.r(0, 0, 94, L.HAND_H), True),
    ]
    cut = []
    try:
        for language in ("en", "es", "de"):
            i18n.set_language(language)
            for r, held in places:
                for c in CARDS:
                    if held and not c.move:  # upgrades and judges are never held
                        continue
                    drawn.clear()
                    btg_cards.card_image(c.id, r.w, r.h, (30, 30, 30), vp.s(14), held)
                    cut += [(language, r.size, c.name, s) for s, _px in drawn if s.endswith("…")]
    finally:
        i18n.set_language("en")
        pygame.quit()
    assert not cut, cut[:5]


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_boxing_an_events_points_and_its_knockdown_mark_do_not_share_a_line(size, monkeypatch):
    """Issue 30: an event with points and a knockdown drew "+0 : +4" and "KD!" on one spot ("+0 KD +4")."""
    from types import SimpleNamespace

    from tabletop.games.boxing_the_game.table import ring

    pygame.init()
    gfx.reset_caches()
    screen = pygame.display.set_mode(size)
    vp = gfx.Viewport(size)
    drawn: dict = {}
    real = ring.txt
    monkeypatch.setattr(ring, "txt", lambda surf, vp, s, *a, **k: drawn.setdefault(s, real(surf, vp, s, *a, **k)))
    event = {"landed": [False, True], "points": [0, 4], "knockdown": [True, False]}
    table = SimpleNamespace(ring={"events": {1: event}}, anim=None)
    ring.middle(table, screen, vp, 0, 208, False)
    points, kd = drawn["+0 : +4"], drawn["KD!"]
    assert not points.colliderect(kd)
    pygame.quit()


def test_stabby_jacks_cards_of_the_last_move_leave_the_discard_label_readable(app, monkeypatch):
    """Issue 30: the last move's cards (up to three) were fanned to the left, over the "Discard" label."""
    from tabletop.bench import busy_table
    from tabletop.games.stabby_jack.table import middle

    table = busy_table(registry.get("stabby-jack"), app)
    frames(app, 60)
    table.recent = dict(seat=0, turns=table.st.turns, lines=[], cards=list(table.st.discard[-3:]), did="", means="")
    assert len(table.recent["cards"]) == 3
    faces, labels = [], []
    card_image, blit_line = middle.card_image, gfx.blit_line

    def face(*a, **k):
        img = card_image(*a, **k)
        faces.append(img)
        return img

    def label(surf, img, r, s, box):
        if s.startswith("Discard"):  # (its number on a line of its own in a narrow window)
            labels.append(pygame.Rect(r))
        blit_line(surf, img, r, s, box)

    covered: list = []
    monkeypatch.setattr(middle, "card_image", face)
    monkeypatch.setattr(gfx, "blit_line", label)
    screen = app.screen
    app.screen = watching_blits(screen.get_size(), faces, covered)
    try:
        app.draw()
    finally:
        app.screen = screen
    assert labels and len(covered) >= 3  # the label and the three cards
    assert not [r for r in covered if r.colliderect(labels[-1])], (labels, covered)
    app.pop()


def test_stabby_jacks_log_ends_above_a_lessons_words(app, monkeypatch):
    """Issue 30: in a lesson the log ran on under the lesson's box, its last lines cut in half."""
    from dataclasses import replace

    from tabletop.games.stabby_jack.table import middle
    from tabletop.tutorial.coach import start_lesson

    spec = registry.get("stabby-jack")
    app.push(start_lesson(app, spec, 3))
    frames(app, 60)
    table = app.stack[-1]
    while table.tutor is None:
        table = app.stack[app.stack.index(table) - 1]
    st = table.session.state
    table.session.state = replace(st, log=tuple(st.log) * 12)  # a long story: the log is full
    lines: list = []
    blit_text, draw_log = gfx.blit_text, middle.MiddleMixin._draw_log
    in_log = []

    def spy(surf, s, px, pos, *a, **k):
        r = blit_text(surf, s, px, pos, *a, **k)
        if in_log:
            lines.append(r)
        return r

    def log(*a, **k):
        in_log.append(True)
        try:
            draw_log(*a, **k)
        finally:
            in_log.clear()

    monkeypatch.setattr(gfx, "blit_text", spy)
    monkeypatch.setattr(middle.MiddleMixin, "_draw_log", log)
    app.draw()
    banner = app.vp.rect(table.tutor_banner)
    assert len(lines) > 5
    assert not [r for r in lines if r.colliderect(banner)]
    table.session.state = st


def test_boxings_lesson_words_leave_the_score_sheet_and_the_log_readable(app):
    """Issue 37: a Boxing lesson's box lay over the score sheet and the story so far, only the tops of their
    lines showing above it ("Ana…"): the learner lost the score and what had happened."""
    from tabletop.games.boxing_the_game.table.layout import ROUND_POINTS
    from tabletop.tutorial.coach import start_lesson

    app.push(start_lesson(app, registry.get("boxing-the-game"), 0))
    frames(app, 60)
    table = app.stack[-1]
    while table.tutor is None:
        table = app.stack[app.stack.index(table) - 1]
    table.shown_key = None  # the table is drawn whole, not kept from the last frame
    app.regions.invalidate()
    seen = visible_texts(app)
    assert any(s.startswith("Lesson 1 of") for s in seen)  # the lesson's words are up
    for text in ("Total", ROUND_POINTS, *table.names):
        assert text in seen, text
    newest = table.caption[-1]
    assert any(s and newest.startswith(s) for s in seen), newest  # the log's newest line (its first words)


@pytest.mark.parametrize("text_size", [100, 150])
def test_boxings_two_corners_say_their_traits_at_one_size(app, text_size, monkeypatch):
    """Issue 37: the computer's short trait line grew with the text size while the learner's longer one stayed
    small, or was shrunk onto one line smaller than its neighbour: the two corners' traits stand at one size."""
    from tabletop.games.boxing_the_game.table.draw import trait_line
    from tabletop.tutorial.coach import start_lesson

    app.settings.text_size = text_size
    app.apply_look()
    app.push(start_lesson(app, registry.get("boxing-the-game"), 0))
    frames(app, 30)
    table = app.stack[-1]
    while table.tutor is None:
        table = app.stack[app.stack.index(table) - 1]
    traits = [trait_line(p.character) for p in table.state.players]
    sizes: dict = {}
    real = gfx.draw_fitted

    def spy(surf, s, box, px, *a, **k):
        drawn = real(surf, s, box, px, *a, **k)
        if s in traits:
            sizes[s] = gfx.fitted(
                s, box, px, k.get("bold", False), k.get("min_px"), k.get("lines", 0), k.get("grow", True)
            )[0]
        return drawn

    monkeypatch.setattr(gfx, "draw_fitted", spy)
    table.shown_key = None  # the table is drawn whole, not kept from the last frame
    table.invalidate()
    app.regions.invalidate()
    app.draw()
    assert len(traits[0]) != len(traits[1]) and set(sizes) == set(traits)  # two lines unlike in length, both drawn
    assert len(set(sizes.values())) == 1, sizes
    assert min(sizes.values()) >= gfx.body_px(app.vp)


@pytest.mark.parametrize(
    "size, text_size, language",
    [  # (German and Spanish at 800x600 and 1280x720: tests/test_tables_fit.py, over every game)
        ((1920, 1080), 100, "qps"),
        ((800, 600), 150, "qps"),
    ],
    ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v),
)
def test_boxings_busy_table_cuts_no_word(size, text_size, language, monkeypatch):
    """Issue 37: at 800x600 and 150% in German the Boxing table cut a dozen texts ("Haup…", "Verba…",
    "P2 · Hammer…", "8 nach Nieder…", "Rückt…", the event's prompt, a speed's reasons, card names); a corner
    holding three upgrades cut the third at every size ("Cutman: G…"), a Spanish card its points ("+1 punt…")
    and the pseudo-language a card's move ("Uppercu…"). On the busiest table, while a round is shown and then
    planned, no text a player reads, on the screen, on the table's background (the score sheet's "Round
    points") or on a card's face, is cut, whichever device the controls line names."""
    app, table = busy_app("boxing-the-game", size, text_size, language, monkeypatch)
    try:
        assert all(len(p.upgrades) == 3 for p in table.board_state().players)  # both corners hold three
        cut = cut_words(app)  # the round's replay (busy_table's last move), then the plan
        app.last_device = "keys"  # the controls line of the keys, not of every device
        cut += cut_words(app, 1)
        assert not cut, cut
    finally:
        pygame.quit()


@pytest.mark.parametrize(
    "size, text_size, language, form",
    [((1280, 720), 100, "en", "short"), ((800, 600), 150, "de", "name")],
    ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v),
)
def test_boxings_upgrades_each_start_a_line_and_show_whole_under_the_pointer(
    size, text_size, language, form, monkeypatch
):
    """Issue 37: a corner's three upgrades ran on as one text, the third cut. Each upgrade starts a line of
    its own, with what it does in a few words where its card's words do not fit, by its name alone where
    those do not either; the pointer on them puts every one's card words in the info strip."""
    from tabletop.games.boxing_the_game.rules.content import CARDS
    from tabletop.games.boxing_the_game.rules.texts import said
    from tabletop.games.boxing_the_game.table import cards as btg_cards
    from tabletop.games.boxing_the_game.table import sheet as btg_sheet

    app, table = busy_app("boxing-the-game", size, text_size, language, monkeypatch)
    try:
        frames(app, 2)
        seen = visible_texts(app)
        for p in table.board_state().players:
            shown = btg_cards.upgrade_lines(p.upgrades, form).split("\n")
            assert len(shown) == 3 and all(line in seen for line in shown), (shown, seen)
            names = [said(CARDS[u].name) for u in p.upgrades]
            assert all(line.startswith(name) for line, name in zip(shown, names, strict=True))
        whole = btg_cards.upgrade_lines(table.board_state().players[1].upgrades).replace("\n", " ")
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: table.upgrade_rects[1].center)
        assert btg_sheet.focus_info(table) == whole
        table.shown_key = None
        app.regions.invalidate()
        seen = visible_texts(app)  # the info strip's lines: the first starts it, the last ends it, none cut
        assert any(s.startswith(whole[:24]) for s in seen) and any(s.endswith(whole[-24:]) for s in seen), seen
        assert not [s for s in seen if s.endswith("…")]
    finally:
        pygame.quit()


def test_the_square_rings_card_description_stays_in_its_bar_under_the_ring(app, monkeypatch):
    """Issue 30: a card's description in two lines began on the ring's frame, out of its bar."""
    from tabletop.bench import busy_table
    from tabletop.games.square_ring.rules.content import BOXERS
    from tabletop.games.square_ring.table import cards as sq_cards
    from tabletop.games.square_ring.table import draw as sq_draw
    from tabletop.games.square_ring.table import layout as L

    long = max((sq_cards.describe(b, c.id) for b in BOXERS for c in BOXERS[b].cards), key=len)
    long += " — hits c3, c4, d3, d4 (Fredo stands on c4 now: it would land)"
    monkeypatch.setattr(sq_draw, "caption_text", lambda t: (long, True))
    table = busy_table(registry.get("square-ring"), app)
    frames(app, 10)
    for _ in range(300):  # the computer's last move played out: the whole table drawn, not a card turning
        if table.anim is None:
            break
        frames(app, 1)
    vp = app.vp
    cell = vp.s(L.CELL)
    ring_bottom = vp.p(L.BOARD_X, L.BOARD_Y)[1] + 5 * cell + max(4, cell // 5)
    bar = vp.r(20, 373, 1240, 44)
    table.invalidate()  # the picture kept from before the long caption: drawn again, with it
    app.regions.invalidate()
    shown = [(s, r) for s, r in drawn_lines(app, monkeypatch) if len(s) > 10 and s[:8] in long]
    assert shown
    # the letters (a line's rect less the font's empty band above them) start under the ring's frame
    assert all(r.top + r.h // 6 >= ring_bottom and bar.contains(r) for _s, r in shown), (shown, ring_bottom, bar)
    app.pop()


def drawn_lines(app, monkeypatch) -> list:
    """(text, rect) of every line of text drawn in one frame."""
    return drawn_lines_of(app.draw, monkeypatch)


def test_jabs_bonus_cards_never_lie_under_their_points_or_the_tiles_won(app, monkeypatch):
    """Issue 30: the bonus box's cards fanned on under its "+N points" (and the tiles won)."""
    from tabletop.bench import busy_table
    from tabletop.games.jab.rules import content as C
    from tabletop.games.jab.table import draw as jab_draw

    table = busy_table(registry.get("jab"), app)
    frames(app, 5)
    st = table.session.state
    many = st.clone()
    many.combo_won = (tuple(range(len(C.COMBOS)))[:5], ())
    many.counter_won = (tuple(range(len(C.COUNTERS)))[:4], ())
    faces: list = []
    for name in ("combo_card", "counter_card"):
        real = getattr(jab_draw, name)
        monkeypatch.setattr(jab_draw, name, lambda *a, real=real, **k: faces.append(real(*a, **k)) or faces[-1])
    covered: list = []
    won = {"ding": "p0", "clinch": "p0"}  # both tiles too
    screen = watching_blits(app.screen.get_size(), faces, covered)
    out = drawn_lines_of(lambda: jab_draw.draw_bonus(screen, app.vp, many, 0, won), monkeypatch)
    points = [r for s, r in out if s.startswith("+")]  # "+N points" (cut short on the smallest window)
    box = jab_draw.place_rect(app.vp, "p0.bonus")
    tiles = [pygame.Rect(box.right - app.vp.s(100), box.bottom - app.vp.s(52), app.vp.s(98), app.vp.s(48))]
    assert len(covered) == 9 and points
    assert not [r for r in covered if r.colliderect(points[0]) or r.colliderect(tiles[0])]
    app.pop()


def drawn_lines_of(draw, monkeypatch) -> list:
    """(text, rect) of every line of text ``draw()`` draws."""
    out: list = []
    blit = gfx.blit_line

    def spy(surf, img, r, s, box):
        out.append((s, pygame.Rect(r)))
        blit(surf, img, r, s, box)

    monkeypatch.setattr(gfx, "blit_line", spy)
    draw()
    monkeypatch.setattr(gfx, "blit_line", blit)
    return out


def test_jabs_log_stays_clear_of_the_boxers_glove(app, monkeypatch):
    """Issue 30: at 1920x1080 (and less visibly at every size) the log ran over the right-hand boxer's glove."""
    from tabletop.bench import busy_table
    from tabletop.games.jab.table import draw as jab_draw
    from tabletop.games.jab.table import hud

    table = busy_table(registry.get("jab"), app)
    frames(app, 5)
    table.log = ["P2 throws a blue Haymaker at P1's left body, and the judges see it land."] * 4
    gloves: list = []
    glove = jab_draw.art.glove

    def spy(surf, centre, size, angle, colour=None):
        gloves.append(pygame.Rect(0, 0, 2 * size, 2 * size).move(centre[0] - size, centre[1] - size))
        glove(surf, centre, size, angle, colour) if colour is not None else glove(surf, centre, size, angle)

    monkeypatch.setattr(jab_draw.art, "glove", spy)
    gfx.forget_images()  # the board (with the boxers) is drawn anew
    table.__dict__.pop("still_frame", None)
    lines = [r for s, r in drawn_lines_of(lambda: hud.draw_log(table, app.screen, app.vp), monkeypatch)]
    app.draw()
    assert gloves and lines
    assert not [(r, g) for r in lines for g in gloves if r.colliderect(g)]
    app.pop()


def test_jabs_last_lesson_shows_the_round_summary_under_the_lessons_words(app, monkeypatch):
    """Issue 30: at lesson 13's round end the lesson's words sat over the summary's title and the computer's
    row, and the lesson's outline ringed a Ready button hidden under the summary: three layers on one spot."""
    from tabletop.games.jab.table import panels
    from tabletop.tutorial.coach import start_lesson

    spec = registry.get("jab")
    app.push(start_lesson(app, spec, 12))
    frames(app, 200)
    table = next(s for s in app.stack if getattr(s, "tutor", None) is not None)
    st = table.session.state
    assert panels.summary_shown(st, table.final_score)
    lines = drawn_lines_of(lambda: panels.draw_between(table, app.screen, app.vp, st), monkeypatch)
    banner = app.vp.rect(table.tutor_banner)
    assert lines and not [(s, r) for s, r in lines if r.colliderect(banner)]
    frames(app, 2)
    lit = [h.rect for h in table.hots if table.tutor.lesson.touch(h.payload, st)]
    # the lesson lights the summary's own Ready, the one it can see: the band's, under the summary, is no button now
    assert len(lit) == 1 and app.vp.r(150, 108, 980, 552).contains(lit[0])
    app.pop()


def test_two_jab_hands_on_one_spot_are_both_seen(app, monkeypatch):
    """Issue 30: two hands on one spot (both of a player's, or one of each) were drawn on each other."""
    from tabletop.bench import busy_table
    from tabletop.games.jab.rules.hands import RECTS, Hands
    from tabletop.games.jab.table import draw as jab_draw

    table = busy_table(registry.get("jab"), app)
    frames(app, 5)
    spot = RECTS["p1.head"][:2]
    table.hands = Hands((spot, spot, spot, table.hands.at(1, 1)))  # three hands on Blue's head
    cursors: list = []
    real = jab_draw.hand_cursor
    monkeypatch.setattr(jab_draw, "hand_cursor", lambda *a, **k: cursors.append(real(*a, **k)) or cursors[-1])
    drawn: list = []
    jab_draw.draw_hands(table, watching_blits(app.screen.get_size(), cursors, drawn), app.vp, table.session.state)
    assert len(drawn) == 4
    for i, a in enumerate(drawn):
        for b in drawn[i + 1 :]:
            both = a.clip(b)
            assert both.w * both.h * 2 < a.w * a.h, "a hand's cursor hides most of another"
    app.pop()


def watching_blits(size, images: list, rects: list):
    """A surface of ``size`` that adds to ``rects`` where each of ``images`` (by identity) is blitted on it."""

    class Watching(gfx.PLAIN_SURFACE):
        def blit(self, source, dest, area=None, special_flags=0):
            r = gfx.PLAIN_SURFACE.blit(self, source, dest, area, special_flags)
            if any(source is img for img in images):
                rects.append(r)
            return r

    return Watching(size)


def test_a_fitted_text_grows_with_the_text_size_as_far_as_its_box_allows_and_never_shrinks():
    """Settings > Text size reaches every text fitted to a box (gfx.fitted, the tables' texts too): at 150% a
    text takes the largest size up to one and a half times that fits its box, one line staying one line, and
    never a smaller size than at 100%."""
    pygame.init()
    gfx.reset_caches()
    pygame.display.set_mode((400, 300))

    def sizes(s, box, px):
        out = {}
        for percent in (100, 150):
            gfx.set_text_size(percent)
            out[percent] = gfx.fitted(s, pygame.Rect(box), px)
        gfx.set_text_size(100)
        return out

    roomy = sizes("Health: 6", (0, 0, 300, 40), 15)
    assert roomy[100][0] == 15 and roomy[150][0] in (21, 22) and roomy[150][1] == ("Health: 6",)
    tight = sizes("Health: 6", (0, 0, 300, gfx.font(15).get_height()), 15)
    assert tight[150][0] == tight[100][0] == 15  # no room above it: as it was
    narrow = sizes("Damage dealt this round: 2", (0, 0, 150, 60), 15)
    assert narrow[150][0] >= narrow[100][0] and not narrow[150][2]
    two_lines = sizes("Main deck", (0, 0, 90, 60), 14)
    assert len(two_lines[100][1]) == len(two_lines[150][1]) == 1  # one line at 100%: one line larger
    pygame.quit()
