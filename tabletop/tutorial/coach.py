"""The coach beside a lesson's table: the lesson's words in a banner, a light
on what to touch, a refusal turned into coaching, success read from the game
state, then on to the next lesson.

The table base class (``tabletop.ui.table.TableScene``) calls the coach at a
few points (``vet`` before an action is played, ``after`` once it was,
``update``, ``draw``, ``handle``); every game's table gets lessons that way.
"""

from __future__ import annotations

import math
import re

import pygame

from tabletop.core.actions import action_table, from_json, seat_of
from tabletop.core.game import Bot, Refused
from tabletop.core.i18n import game_text, words
from tabletop.input.devices import menu_buttons
from tabletop.ui import gfx
from tabletop.ui.focus import draw_lesson_mark
from tabletop.ui.regions import Same
from tabletop.ui.scene import GUARD_MS
from tabletop.ui.table import Mode, TableScene

from . import progress
from .lesson import lessons_for

_, ngettext = words(__name__)

COACH_MS = 5000  # how long a coaching line stays
PULSE_STEPS = 6  # a lesson's marks breathe in this many steps each way (a step is about a pixel)
BREATH_MS = 180  # ...at this pace (ms of the lesson's clock per radian)
LOOK_MS = 10  # the marks' next step is found to this precision
OPPONENT_MS = 50  # a real-time lesson's opponent moves when its clock says: the clock is looked at this often
BANNER = (16, 606, 1248, 106)  # design units: where the lesson's words are shown (a table may move it)


class Coached(Mode):
    """A table built for a lesson: its coach (``Tutor``) vets the learner's moves and shows the lesson's
    words; no undo (a move the lesson does not want is not played); a lesson of secret choices for two
    may be played by one learner on every seat (``Lesson.one_screen``)."""

    undo = False

    def __init__(self, spec, lessons, index: int, back=None):
        self.spec, self.lessons, self.index, self.back = spec, lessons, index, back
        self.one_screen = lessons[index].one_screen

    def tutor(self, table: TableScene) -> Tutor:
        return Tutor(table.app, table, self.spec, self.lessons, self.index, self.back)


class ScriptBot(Bot):
    """The opponent in a lesson: it plays what the lesson says, when the lesson says."""

    def __init__(self, seat, lesson, session):
        super().__init__(seat=seat, level="lesson")
        self.lesson, self.session = lesson, session

    def choose(self, view):
        rules = self.session.spec.rules
        if self.lesson.opponent is not None:
            action = self.lesson.opponent(self.session.state, self.seat)
            if action is not None:
                return action
        return rules.legal_actions(self.session.state, self.seat)[0]


class Tutor:
    def __init__(self, app, table, spec, lessons, index: int, back=None):
        self.app, self.table, self.spec = app, table, spec
        self.lessons, self.index = lessons, index
        self.back = back  # called with finished=... when the player leaves for the screen below (the list)
        self.lesson = lessons[index]
        self.player = self.lesson.player()
        self.reached = False  # the goal holds; "well done" waits until the table shows it
        self.won_ms: float | None = None  # ms "well done" has shown (it waits for a fresh press to go on)
        self.coach_text = ""
        self.coach_ms = 0.0
        self.clock = 0.0  # ms since the lesson started (real-time lessons, hints, the pulse)
        self.refused = 0  # how many moves were coached (tests and the timing figures read it)

    # -- the table asks ------------------------------------------------------------------
    def vet(self, action, before, after) -> str | None:
        """Coaching for a move of the player's that is legal but not this lesson's; None lets it be."""
        if self.reached:
            return _("Well done: the next lesson is coming.")
        if seat_of(action) != self.player:  # not the learner's move (a real-time game's tick is nobody's)
            return None
        lesson = self.lesson
        if lesson.goal(after) or (lesson.step is not None and lesson.step(action, before, after)):
            return None
        return game_text(self.spec, lesson.coach or lesson.text)

    def named(self, text: str) -> str:
        """A lesson's words with the players' names: lessons call the learner Red and the opponent Blue,
        but players are never called by a card colour (a game's cards may be red and blue too)."""
        seats = self.table.session.seats
        return _PLAYER_WORD.sub(lambda m: seats[0 if m.group(0) == "Red" else 1].name, text)

    def coach(self, text: str) -> None:
        self.coach_text = text
        self.coach_ms = COACH_MS
        self.refused += 1

    def after(self) -> None:
        """After any accepted move: is the lesson won? (said once the table has shown the move)"""
        if not self.reached and self.lesson.goal(self.table.session.state):
            self.reached = True

    def _win(self) -> None:
        self.won_ms = 0.0
        self.coach_ms = 0
        self.app.presses.appeared(self.table, GUARD_MS)  # a press already on its way does not skip it
        progress.mark_finished(self.app.settings, self.spec.id, self.lesson.id)
        self.app.sounds.play("cheer")

    def holding(self) -> bool:
        """The lesson is won: nothing else moves while it says so."""
        return self.won_ms is not None

    def update(self, dt_ms: float) -> None:
        self.clock += dt_ms
        self.coach_ms = max(0.0, self.coach_ms - dt_ms)
        self._opponent_in_real_time()
        if self.reached and self.won_ms is None and self.table.lesson_seen(self.lesson.goal):
            self._win()
        elif self.won_ms is not None:
            self.won_ms += dt_ms  # it never moves on by itself: the player reads, then presses

    def _opponent_in_real_time(self) -> None:
        """Real-time lessons: the opponent moves only when the lesson's clock says so."""
        play = self.lesson.opponent_at
        if play is None or self.reached or self.table.session.outcome() is not None:
            return
        state = self.table.session.state
        live = self.table.session.live  # the round clock of a real-time game; else the lesson's own
        now = int(live.clock if live is not None else self.clock)
        for seat, kind in enumerate(self.lesson.seats):
            if kind == "computer":
                action = play(state, seat, now)
                if action is not None:
                    self.table.submit(action)

    def handle(self, event, pad_changes) -> bool:
        """While "well done" shows, any confirm (key, pad, click) goes on. True: used."""
        if self.won_ms is None:
            return False
        go = "confirm" in menu_buttons(event, pad_changes) or (
            event is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        )
        if go:
            self.next()
        return go

    def pause_items(self):
        from tabletop.ui.widgets import Item

        return [
            Item(_("Start this lesson again"), action=self.restart),
            Item(_("Back to the lesson list"), action=self.leave, hint=_("Finished lessons are kept")),
        ]

    # -- moving on ---------------------------------------------------------------------
    def next(self) -> None:
        self.won_ms = None
        if self.index + 1 < len(self.lessons):
            _swap(self.app, self.table, start_lesson(self.app, self.spec, self.index + 1, self.back))
        else:
            self.leave(finished=True)

    def restart(self) -> None:
        _swap(self.app, self.table, start_lesson(self.app, self.spec, self.index, self.back))

    def leave(self, finished: bool = False) -> None:
        _swap(self.app, self.table, None)
        if self.back is not None:
            self.back(finished=finished)

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surf, vp) -> None:
        state = self.table.session.state
        lesson = self.lesson
        if lesson.touch is not None and self.won_ms is None:
            pulse = self.pulse()
            seen = set()
            spots = [(h.payload, h.rect) for h in self.table.hots] + self.table.lesson_spots(vp)
            for payload, rect in spots:
                key = (rect.x, rect.y, rect.w, rect.h)
                if key in seen or not lesson.touch(payload, state):
                    continue
                seen.add(key)
                draw_lesson_mark(surf, vp, rect, pulse)  # drawn unlike the focus ring (ui.focus)
                self.app.regions.part(rect.inflate(vp.s(30), vp.s(30)), ("lesson mark", round(pulse, 2)))
        self._banner(surf, vp)

    def pulse(self, ahead: float = 0.0) -> float:
        """How far the lesson's marks have breathed out (0..1), in PULSE_STEPS steps (``ahead`` ms from now)."""
        return round((0.5 + 0.5 * math.sin((self.clock + ahead) / BREATH_MS)) * PULSE_STEPS) / PULSE_STEPS

    def next_change(self) -> float | None:
        """How soon the lesson's picture changes by time alone, in ms (None: only when something happens):
        its marks' next breath step, its hint showing, a coaching line going; a real-time opponent's
        moves are looked for every OPPONENT_MS."""
        lesson = self.lesson
        waits: list[float] = []
        if lesson.touch is not None and self.won_ms is None:
            now, ms = self.pulse(), LOOK_MS
            while ms < 2 * math.pi * BREATH_MS and self.pulse(ms) == now:
                ms += LOOK_MS
            waits.append(ms)
        if self.coach_ms > 0:
            waits.append(self.coach_ms)
        if lesson.hint and lesson.hint_ms and self.clock <= lesson.hint_ms:
            waits.append(lesson.hint_ms - self.clock + 1)
        if lesson.opponent_at is not None and not self.reached:
            waits.append(OPPONENT_MS)
        return min(waits) if waits else None

    def frame_key(self, vp) -> tuple:
        """What the lesson draws this frame (its marks on the state as it is, and its words)."""
        return (self.pulse() if self.won_ms is None else None, self.banner_words(), Same(self.table.session.state))

    def banner_words(self) -> tuple:
        """(border colour, heading, words) of the lesson's banner now."""
        if self.won_ms is not None:
            border, head = gfx.GREEN, "✓ " + _("Well done!")
            more = (
                _("Next: {lesson}").format(lesson=game_text(self.spec, self.lessons[self.index + 1].title))
                if self.index + 1 < len(self.lessons)
                else _("That was the last lesson: next, a real game of {game}.").format(
                    game=game_text(self.spec, self.spec.name)
                )
            )
            seat = self.player
            go = self.table.device_words(
                seat,
                _("click to go on"),
                _("{press} to go on").format(press=self.table.seat_button(seat, "confirm")),
                _("A to go on"),
            )
            body = f"{game_text(self.spec, self.lesson.done)} {more} ({go})".strip()
        elif self.coach_ms > 0:
            border, head, body = gfx.REFUSE, _("Not quite:"), self.coach_text
        else:
            head = _("Lesson {n} of {of}: {title}").format(
                n=self.index + 1, of=len(self.lessons), title=game_text(self.spec, self.lesson.title)
            )
            border = gfx.GOLD
            body = game_text(self.spec, self.lesson.text)
            if self.lesson.hint and self.lesson.hint_ms and self.clock > self.lesson.hint_ms:
                body += " " + game_text(self.spec, self.lesson.hint)
        return border, head, self.named(body)

    def _banner(self, surf, vp) -> None:
        r = vp.r(*(self.table.tutor_banner or BANNER))
        border, head, body = self.banner_words()
        gfx.panel(surf, r, (16, 22, 30), radius=vp.s(12), border=border, width=max(2, vp.s(3)))  # opaque: no ghosts
        self.app.regions.part(r, ("lesson", head, body))
        pad = vp.s(14)
        # the heading on one line, a little smaller if need be; on two in a narrow box (never under body size)
        head_box = pygame.Rect(r.x + pad, r.y + vp.s(8), r.w - 2 * pad, 2 * gfx.font(vp.s(20), True).get_linesize())
        drawn = gfx.draw_fitted(
            surf, head, head_box, vp.s(20), border, bold=True, align="left", valign="top", lines=2, grow=False
        )
        top = drawn.bottom + vp.s(4)
        px = round(vp.s(19) * gfx.TEXT_SCALE[0])  # the player's text size, as far as the words stay in the box
        lines = gfx.wrap(body, px, r.w - 2 * pad)
        while px > vp.s(12) and top + len(lines) * int(px * 1.25) > r.bottom - vp.s(6):
            px -= 1
            lines = gfx.wrap(body, px, r.w - 2 * pad)
        for i, line in enumerate(lines):
            gfx.blit_text(surf, line, px, (r.x + pad, top + i * int(px * 1.25)), gfx.WHITE)


_PLAYER_WORD = re.compile(r"\b(Red|Blue)\b")  # capitalised: a player; card colours are written in lower case


def _swap(app, table, scene) -> None:
    """Take the lesson's table (and a pause menu over it) off the stack; put ``scene`` there."""
    while app.stack and app.stack[-1] is not table and table in app.stack:
        app.pop()
    if scene is not None:
        app.replace(scene)
    else:
        app.pop(table)


def start_lesson(app, spec, index: int, back=None):
    """The table of lesson ``index`` of ``spec``'s tutorial, its coach attached (not pushed). ``back``:
    called with ``finished=`` when the player leaves the lessons for the screen below (the lesson list)."""
    from tabletop.session import Seat, Session

    lessons = lessons_for(spec)
    lesson = lessons[index]
    level = spec.bot_levels[0]  # shown beside the name; the lesson's script plays the seat
    seats = [
        Seat(gfx.PLAYER_NAMES[i], kind, level=level if kind == "computer" else "")
        for i, kind in enumerate(lesson.seats)
    ]
    session = Session.new(spec, seats, lesson.options, seed=lesson.seed, setup=lesson.setup, autosave=False)
    table = action_table(spec.rules.actions)
    for raw in lesson.prelude:
        result = session.submit(from_json(table, raw))
        if isinstance(result, Refused):
            raise ValueError(f"lesson {lesson.id}: prelude action {raw} refused: {result.reason}")
    for seat, kind in enumerate(lesson.seats):
        if kind == "computer":  # turn games ask their bots; a real-time lesson moves the opponent itself
            if spec.dynamics.server_drives_bots:
                session.bots.pop(seat, None)
            else:
                session.bots[seat] = ScriptBot(seat, lesson, session)
    return spec.make_table(app, session, Coached(spec, lessons, index, back))
