"""The program in the player's language (issue 37, item 4): no text a player reads skips the catalogue,
the pseudo-language fits, the fonts draw every character the catalogues use, and Settings > Language
changes the words at once and for the next start.

The literal check runs the program in the pseudo-language (``qps``: every letter it can accent, accented),
collects every text drawn (``gfx.SEEN``, the words check's hook) and fails on a run of three plain
letters: an English word that never went through ``_``. The engine's screens are checked apart from the
texts a game gives them (its name, blurb, options, levels: the game's own catalogue translates those);
each game's table, result, lessons and replay are checked whole."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from tabletop import settings as settings_mod
from tabletop.core import i18n, registry
from tabletop.ui import gfx
from tests import words_check
from tests.game_helpers import games
from tests.ui_helpers import drawn, frames, make_app

ENGLISH = re.compile(r"[A-Za-z]{3,}")  # three letters in a row the pseudo-language did not accent
# words that stay as they are in every language: the program's name, keys as printed on them, the
# languages' own names, the players' default names (JAB's key clusters: keys as printed on them)
KEPT = {"tabletop", "Enter", "Esc", "Tab", "Ctrl", "Shift", "Backspace", "Start", "Back", "WASD", "Ana"}
KEPT |= {"TFGH", "OKL"}
KEPT |= set(i18n.LANGUAGES.values()) | set(gfx.PLAYER_NAMES)
ADDRESS = re.compile(r"\S*://\S*|\b[\w-]+(?:\.[\w-]+)+\b")  # an invite or a server's address


def untranslated(texts, given: set[str] = frozenset(), pages: set[str] = frozenset()) -> list[str]:
    """The texts holding an English word that skipped the catalogue (``given``: texts a game provides,
    left out; ``pages``: the help pages, which have no pseudo version, their pieces left out)."""
    out = []
    for text in dict.fromkeys(texts):
        if len(text) > 12 and any(text in g for g in (*given, *pages)):
            continue  # a line of a game's text (its help page, wrapped)
        if (" " in text.strip() or text.endswith((".", ",", ";", ":", "!", "?"))) and any(
            re.search(rf"(?<!\S){re.escape(text.strip())}(?!\S)", page) for page in pages
        ):
            continue  # a short piece of a help page: a wrapped line's last words, or a bold run's
        if any(len(g.split()) <= 3 and g.startswith(text.strip() + " ") for g in given):
            continue  # a name's first words, wrapped apart from the rest ("Computer" over "1's card")
        head = text[:-1].rstrip()
        if text.endswith("…") and head and any(g.startswith(head) for g in given):
            continue  # a given text (a name) cut short to its room, whole under the pointer
        rest = ADDRESS.sub(" ", text)
        for g in given:
            rest = rest.replace(g, " ")
        words = [w for w in ENGLISH.findall(rest) if w not in KEPT]
        if words:
            out.append(f"{words[0]!r} in {text!r}")
    return out


def game_given() -> set[str]:
    """Every text a game gives the engine's screens, in English, longest first (stripped whole)."""
    from tabletop.ui.setup import level_name

    out: set[str] = set()
    for spec in games():
        out |= {spec.name, spec.blurb, spec.blurb.split(". ")[0], spec.tile.length}
        out |= {level_name(lv) for lv in spec.bot_levels} | set(spec.level_notes.values())
        out |= set(spec.reserved_names.values()) | {b.label for b in spec.buttons}
        for o in spec.rules.options:
            out |= {o.label, o.help} | {label for _value, label in o.choices if isinstance(label, str)}
    return {t for t in sorted(out, key=len, reverse=True) if t} | help_pages()


def help_pages() -> set[str]:
    """Each game's help page as drawn (lines without the markup): a page is translated whole, as a
    file of its own beside it (help.CODE.md), never through a catalogue."""
    from tabletop.ui.help import read_help

    return {" ".join(read_help(spec).replace("**", "").split()) for spec in games("help")}


@pytest.fixture
def qps(monkeypatch):
    monkeypatch.setenv("TABLETOP_LANGUAGE", i18n.PSEUDO)
    app = make_app()
    app.start()
    frames(app, 1)
    assert i18n.language() == i18n.PSEUDO
    yield app
    pygame.quit()


def seen_on_top(app, scene=None) -> list[str]:
    """The texts the top screen (or ``scene``) draws in one frame, without the screens under it."""
    scene = scene or app.stack[-1]
    with words_check.collect() as seen:
        scene.draw(app.screen, app.vp)
    return seen


def engine_screens(app):
    """Each of the engine's own screens in turn, on top (a generator: the caller looks at each)."""
    from tabletop.ui.controls import ControlsScene
    from tabletop.ui.kept import ContinueScene, ReplaysScene
    from tabletop.ui.launcher import SettingsScene
    from tabletop.ui.learn import LearnScene
    from tabletop.ui.name_entry import own_name_entry
    from tabletop.ui.online import OnlineMenu
    from tabletop.ui.online_forms import JoinScene, ServerScene, WatchScene
    from tabletop.ui.online_host import HostScene
    from tabletop.ui.setup import MoreOptions, Setup

    for i in range(len(app.stack[-1].menu.items)):  # the launcher, every row's hint
        app.stack[-1].menu.focus = i
        yield "launcher"
    spec = registry.get("punch")
    screens = [SettingsScene, ControlsScene, LearnScene, ContinueScene, ReplaysScene, OnlineMenu, HostScene]
    screens += [JoinScene, WatchScene, ServerScene, own_name_entry, lambda a: Setup(a, spec)]
    for make in screens:
        scene = make(app)
        app.push(scene)
        frames(app, 1)
        for i in range(len(getattr(getattr(scene, "menu", None), "items", []))):
            scene.menu.focus = i  # every row's hint and the panel beside it
            yield type(scene).__name__
        if not getattr(scene, "menu", None):
            yield type(scene).__name__
        if isinstance(scene, Setup):
            app.push(MoreOptions(app, scene))
            yield "more options"
            app.pop()
        app.pop()


def test_every_text_of_the_engines_screens_goes_through_the_catalogue(qps):
    app, given, missed = qps, game_given(), []
    for where in engine_screens(app):
        missed += [f"{where}: {m}" for m in untranslated(seen_on_top(app), given)]
    assert not missed, "\n".join(dict.fromkeys(missed))


def test_the_pause_menu_the_replay_bar_and_the_lesson_menu_go_through_the_catalogue(qps):
    from tabletop.bench import busy_table
    from tabletop.core import playout
    from tabletop.tutorial.menu import LessonList, Offer
    from tabletop.ui.pause import PauseScene
    from tabletop.ui.replay import ReplayScene

    app, given, missed = qps, game_given(), []
    spec = registry.get("punch")
    table = busy_table(spec, app)
    pause = PauseScene(app, table)
    app.push(pause)
    missed += untranslated(seen_on_top(app), given)
    app.pop()
    app.pop()
    replay = ReplayScene(app, spec, playout.play(spec, seed=3).record)
    app.push(replay)
    frames(app, 2)
    with words_check.collect() as seen:
        replay.draw_bar(app.screen, app.vp)
    missed += untranslated(seen, given)
    app.pop()
    for scene in (LessonList(app, spec), Offer(app, spec, lambda: None)):
        app.push(scene)
        missed += [t for t in untranslated(seen_on_top(app), given) if not lesson_words(spec, t)]
        app.pop()
    assert not missed, "\n".join(dict.fromkeys(missed))


def lesson_words(spec, said: str) -> bool:
    """Whether a finding is a lesson's own title or words (the game's catalogue translates those)."""
    from tabletop.tutorial import lessons_for

    return any(lesson.title in said or lesson.text in said for lesson in lessons_for(spec))


@pytest.mark.needs("words")
def test_every_text_of_a_games_table_result_lessons_and_replay_goes_through_a_catalogue(qps, game):
    """The whole of what a game shows, its own texts with the engine's (passes once the game's room
    is translated)."""
    from tabletop.bench import busy_table, finished_session
    from tabletop.core import playout
    from tabletop.tutorial import has_tutorial
    from tabletop.tutorial.coach import start_lesson
    from tabletop.ui.replay import ReplayScene
    from tabletop.ui.setup import Setup

    app = qps
    with words_check.collect() as seen:
        app.push(Setup(app, game))
        frames(app, 2)
        app.pop()
        busy_table(game, app)
        frames(app, 2)
        app.pop()
        table = game.make_table(app, finished_session(game, 3, 1))
        app.push(table)
        for _ in range(400):  # until the result panel comes up
            if table.showing_result():
                break
            frames(app)
        frames(app, 2)
        app.pop()
        if has_tutorial(game):
            app.push(start_lesson(app, game, 0))
            frames(app, 60)
            app.pop()
        record = playout.play(game, seed=3).record
        app.push(ReplayScene(app, game, record))
        frames(app, 30)
        app.pop()
    # a seat's name is a name in every language, as the record keeps it (a playout's "Computer 1" too)
    names = {p["name"] for p in record.players} | {s.name for s in table.session.seats}
    missed = untranslated(seen, names, help_pages())
    assert not missed, f"{game}: {len(missed)} texts skip the catalogue:\n" + "\n".join(missed[:15])


def test_the_check_finds_an_english_word_and_lets_kept_words_and_addresses_be():
    assert untranslated(["Šéţţîñĝš···", "Enter: ţö ĝö öñ", "tabletop://192.168.1.2:8765/ABCD", "Ana · Ben"]) == []
    assert untranslated(["Ţhé game îš öñ"]) == ["'game' in 'Ţhé game îš öñ'"]
    assert untranslated(["Punch! ţåбļé"], {"Punch!"}) == []  # a game's own text, left to its room
    assert untranslated(["Computer"], {"Computer 1"}) == []  # a name's first word, wrapped apart from its number
    assert untranslated(["Lay"], {"Lay a card face down, reveal together"}) == ["'Lay' in 'Lay'"]  # not a name


@pytest.mark.parametrize("size, percent", [((1280, 720), 100), ((800, 600), 150)], ids=["1280x720", "800x600-150%"])
def test_the_pseudo_language_fits_the_engines_screens(monkeypatch, size, percent):
    """The pseudo-language (a third longer) through the text-fit walk: the usual window, and the smallest
    with the largest text."""
    from tests.test_text_fit import drawn_problems

    monkeypatch.setenv("TABLETOP_LANGUAGE", i18n.PSEUDO)
    app = make_app(size)
    app.settings.text_size = percent
    app.apply_look()
    app.start()
    problems = []
    for where in engine_screens(app):
        frames(app, 1)
        problems += [f"{where}: {p}" for p in drawn_problems(app)]
    app.settings.text_size = 100
    app.apply_look()
    pygame.quit()
    assert not problems, "\n".join(dict.fromkeys(problems))


def catalogues() -> list[Path]:
    root = Path(__file__).resolve().parent.parent / "tabletop"
    return sorted(root.glob("**/locale/*/LC_MESSAGES/messages.po"))


def test_the_fonts_draw_every_character_of_every_catalogue_and_of_the_pseudo_language():
    assert len(catalogues()) >= 2 * (1 + len(games("words")))  # Spanish and German in every room
    used: set[str] = set(i18n.pseudo("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    for path in catalogues():
        with path.open("rb") as f:
            for message in read_po(f):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                used |= {c for s in strings if s for c in s}
    import pygame.freetype

    from tabletop.paths import asset_path

    pygame.freetype.init()
    text = "".join(sorted(c for c in used if c.isprintable()))
    missing = {}
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):  # pygame.freetype knows which it draws
        font = pygame.freetype.Font(str(asset_path("fonts", name)), 16)
        missing[name] = [c for c, m in zip(text, font.get_metrics(text), strict=True) if m is None]
    pygame.freetype.quit()
    assert missing == {"DejaVuSans.ttf": [], "DejaVuSans-Bold.ttf": []}
    assert {"ñ", "ü", "ß", "¿", "¡", "Ŵ"} <= used


def test_the_engines_catalogues_are_up_to_date_complete_and_compiled():
    from tools import catalogues

    assert catalogues.check(catalogues.PACKAGE) == []


def test_choosing_a_language_in_settings_changes_the_launchers_words_at_once_and_for_the_next_start(
    tmp_path, monkeypatch
):
    from tabletop.ui.app import App
    from tabletop.ui.launcher import SettingsScene

    monkeypatch.delenv("TABLETOP_LANGUAGE")
    monkeypatch.setenv("LANGUAGE", "de")  # the system speaks German: the first start does too
    path = tmp_path / "settings.json"
    settings = settings_mod.load(path)
    settings.name = "Ana"
    app = App(size=(1280, 720), settings=settings)
    app.start()
    frames(app, 1)
    assert "Einstellungen" in drawn(app) and settings.language == "de"
    app.push(SettingsScene(app))
    scene = app.stack[-1]
    scene.menu.focus = next(i for i, it in enumerate(scene.menu.items) if it.key == "language")
    while app.stack[-1].menu.items[app.stack[-1].menu.focus].value != "es":
        app.stack[-1].menu.press("right")
    frames(app, 1)
    assert "Idioma" in drawn(app)  # the Settings screen itself, at once
    app.stack[-1].menu.press("back")  # leaving Settings keeps the choice in the file
    frames(app, 1)
    assert "Ajustes" in drawn(app) and "Einstellungen" not in drawn(app)
    pygame.quit()
    monkeypatch.setenv("LANGUAGE", "en")  # whatever the system says now, the player chose Spanish
    again = App(size=(1280, 720), settings=settings_mod.load(path))
    again.start()
    frames(again, 1)
    assert "Ajustes" in drawn(again) and i18n.language() == "es"
    pygame.quit()


def test_a_help_page_is_read_in_the_players_language_when_the_game_has_it(tmp_path):
    from types import SimpleNamespace

    from tabletop.ui.help import read_help

    (tmp_path / "help.md").write_text("# Ten Count\n\n## The goal\nCount to ten.\n", encoding="utf-8")
    (tmp_path / "help.es.md").write_text("# Cuenta diez\n\n## El objetivo\nCuenta hasta diez.\n", encoding="utf-8")
    spec = SimpleNamespace(help_file=str(tmp_path / "help.md"))
    i18n.set_language("es")
    assert "Cuenta hasta diez." in read_help(spec)
    i18n.set_language("de")  # no German page: the English one
    assert "Count to ten." in read_help(spec)


def test_why_a_move_cannot_be_taken_back_is_said_in_the_players_language(qps, game):
    """Every game's undo refusals, the real-time one and the online one, go through the catalogue."""
    from tabletop.core.record import history, undo_off
    from tabletop.core.undo import ONLINE_UNDO

    refused = history(game, game.min_players).check(object(), 0)  # nothing played yet: nothing to take back
    said = [refused.reason, i18n.words("tabletop.ui.table")[0](ONLINE_UNDO)]
    if undo_off(game):
        said.append(undo_off(game))
    assert not untranslated(said), said
