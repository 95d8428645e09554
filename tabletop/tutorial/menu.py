"""The lesson list of a game's tutorial, and the offer to learn on a game's first launch."""

from __future__ import annotations

from functools import partial

from tabletop.core.i18n import game_text, words
from tabletop.ui import gfx
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Item, Menu, background, title

from . import progress
from .coach import start_lesson
from .lesson import lessons_for

_, ngettext = words(__name__)


class LessonList(Scene):
    """Continue where you stopped, or pick any lesson (finished ones can be played again)."""

    def __init__(self, app, spec, then=None):
        super().__init__(app)
        self.spec = spec
        self.lessons = lessons_for(spec)
        self.then = then  # what "Back" leads to instead of the screen below (the first-launch offer)
        self.note = ""
        self.build()

    def build(self, finished: bool = False) -> None:
        done = progress.finished(self.app.settings, self.spec.id)
        n = sum(1 for lesson in self.lessons if lesson.id in done)
        total = len(self.lessons)
        self.note = (
            _("You finished every lesson: well played! Any lesson can be played again.")
            if finished or n == total
            else ngettext(
                "{n} of {of} lesson finished. Leave any time: finished lessons are kept.",
                "{n} of {of} lessons finished. Leave any time: finished lessons are kept.",
                total,
            ).format(n=n, of=total)
        )
        nxt = next((i for i, lesson in enumerate(self.lessons) if lesson.id not in done), None)
        items = []
        said = partial(game_text, self.spec)
        if finished or nxt is None:  # every lesson done: what comes next is a real game
            game = said(self.spec.name)
            items.append(Item(_("Play a game of {game}").format(game=game), action=self.play_game, key="game"))
        if nxt is not None:
            verb = _("Start") if n == 0 else _("Continue")
            items.append(
                Item(f"{verb}: {nxt + 1}. {said(self.lessons[nxt].title)}", action=partial(self.play, nxt), key="next")
            )
        for i, lesson in enumerate(self.lessons):
            mark = "✓ " if lesson.id in done else ""
            items.append(
                Item(
                    f"{mark}{i + 1}. {said(lesson.title)}",
                    action=partial(self.play, i),
                    key=lesson.id,
                    hint=said(lesson.text),
                )
            )
        if self.then is not None and items[0].key != "game":
            items.append(Item(_("Play the game now"), action=self.play_now, key="play"))
        items.append(Item(_("Back"), action=self.back, key="back"))
        self.menu = Menu(items, x=340, y=160, w=600, row=44, px=20, sound=self.app.sounds, on_back=self.back)

    def play(self, i: int) -> None:
        self.app.push(start_lesson(self.app, self.spec, i, back=self.build))

    def play_game(self) -> None:
        """A real game after the lessons: the first-launch offer's game, else the game's setup
        (the one below when the lessons were opened from it) with Start chosen."""
        if self.then is not None:
            self.play_now()
            return
        self.app.setup_in_place_of(self, self.spec)

    def play_now(self) -> None:
        then = self.then
        self.app.pop(self)
        then()

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, event, pad_changes) -> None:
        self.menu.handle(event, pad_changes, self.app.vp)

    def draw(self, surf, vp) -> None:
        background(surf)
        title(surf, vp, _("Learn to play {game}").format(game=game_text(self.spec, self.spec.name)), self.note)
        self.menu.draw(surf, vp)


class Offer(Scene):
    """Shown once per game, the first time it is started: learn first, or play now."""

    opaque = False

    def __init__(self, app, spec, play):
        super().__init__(app)
        self.spec = spec
        self.play = play
        n = len(lessons_for(spec))
        items = [
            Item(
                ngettext("Learn to play ({n} short lesson)", "Learn to play ({n} short lessons)", n).format(n=n),
                action=self.learn,
                key="learn",
            ),
            Item(_("Play now"), action=self.play_now, key="play", hint=_("The lessons stay under Learn to play")),
        ]
        self.menu = Menu(items, x=390, y=330, w=500, sound=app.sounds, on_back=self.play_now)

    def learn(self) -> None:
        self.app.replace(LessonList(self.app, self.spec, then=self.play))

    def play_now(self) -> None:
        self.app.pop(self)
        self.play()

    def handle(self, event, pad_changes) -> None:
        self.menu.handle(event, pad_changes, self.app.vp)

    def draw(self, surf, vp) -> None:
        gfx.shade(surf, 215)
        gfx.blit_text(
            surf,
            _("Your first game of {game}").format(game=game_text(self.spec, self.spec.name)),
            vp.s(40),
            vp.p(640, 230),
            gfx.GOLD,
            bold=True,
            anchor="center",
        )
        gfx.blit_text(
            surf,
            _("A few short lessons on the real table teach it by playing."),
            vp.s(20),
            vp.p(640, 285),
            gfx.WHITE,
            anchor="center",
        )
        self.menu.draw(surf, vp)
