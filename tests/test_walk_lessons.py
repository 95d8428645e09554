"""Walkthrough: every lesson of every game, played to its end on the real App by a learner who
does what the lesson says (the moves the lesson accepts, found from its goal and its steps;
a lit button when the lesson points at one), one lesson after the other from the lesson list.

It fails on any red line the learner did not cause (a refusal, a computer's illegal move, a
coaching line), on a lesson text and a table hint line that name different cards or moves, and
unless the last lesson ends by offering a real game."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest

from tabletop.core.game import Refused
from tabletop.core.registry import REALTIME
from tabletop.tutorial import lessons_for, open_tutorial, progress
from tabletop.ui.scene import GUARD_MS
from tests.ui_helpers import VirtualPad, click, frames, key, make_app, top

DT = 50  # ms a frame: the lessons run on the game clock, not the wall clock


def _accepted(lesson, action, before, after) -> bool:
    return lesson.goal(after) or (lesson.step is not None and lesson.step(action, before, after))


def _others(spec, lesson, state):
    """The lesson's opponent answers as its script says (what the table's computer seat does)."""
    rules = spec.rules
    for _ in range(4):
        if rules.outcome(state) is not None:
            return state
        moved = False
        for seat, kind in enumerate(lesson.seats):
            if kind != "computer":
                continue
            if spec.dynamics == REALTIME:
                play = lesson.opponent_at
                action = play(state, seat, int(state.now)) if play is not None else None
            elif seat in rules.to_act(state):
                action = lesson.opponent(state, seat) if lesson.opponent is not None else None
                action = action if action is not None else rules.legal_actions(state, seat)[0]
            else:
                action = None
            if action is not None:
                after = rules.apply(state, action)
                if not isinstance(after, Refused):
                    state, moved = after, True
        if not moved:
            return state
    return state


def plan(spec, lesson, state, now=0, depth=5, budget=20000):
    """The shortest run of the learner's accepted moves (answered by the opponent's script)
    that reaches the lesson's goal; [] when none is found within ``depth`` moves. ``now``: the
    table's clock (a timed move is made no earlier)."""
    rules = spec.rules
    people = [seat for seat, kind in enumerate(lesson.seats) if kind == "human"]  # two at one screen: both
    frontier = [(state, [])]
    for _ in range(depth):
        nxt = []
        for st, path in frontier:
            acting = people if spec.dynamics == REALTIME else [s for s in people if s in rules.to_act(st)]
            for action in [a for seat in acting for a in rules.legal_actions(st, seat)]:
                if getattr(action, "t", now) < now:
                    action = dataclasses.replace(action, t=now)
                budget -= 1
                if budget < 0:
                    return []
                after = rules.apply(st, action)
                if isinstance(after, Refused) or not _accepted(lesson, action, st, after):
                    continue
                if lesson.goal(after):
                    return path + [action]
                after = _others(spec, lesson, after)
                if lesson.goal(after):
                    return path + [action]
                nxt.append((after, path + [action]))
        frontier = nxt
    return []


# a card a hint line tells to play: "yellow Uppercut (left deck)"; a lesson names its cards so too,
# the deck being optional there
_CARD = re.compile(r"\b([a-z]+) ([A-Z][a-z]+)(?: \((left|right) (?:deck|hand)\))?")


def _cards(text: str, placed_only: bool) -> dict:
    return {f"{m[0]} {m[1]}": m[2] for m in _CARD.findall(text) if m[2] or not placed_only}


def hint_conflict(lesson_text: str, hint: str) -> str:
    """Why a table's hint line contradicts the lesson's words ("" when it does not): it tells to
    play a card the lesson does not name, from another deck, or a move ("Block: ...") the lesson
    does not ask for."""
    said, hinted = _cards(lesson_text, False), _cards(hint, True)
    for card, side in hinted.items():
        if card not in said:
            return f"the hint names the {card}, the lesson does not"
        if said[card] and side != said[card]:
            return f"the hint takes the {card} from the {side}, the lesson from the {said[card]}"
    verb = hint.split(":")[0].strip().lower() if hinted and ":" in hint else ""
    if verb and verb not in lesson_text.lower():
        return f"the hint says {verb!r}, the lesson does not"
    return ""


_RED = re.compile(r"Refused|illegal|cannot|not in your")  # a table's note that says no (others inform)


class Watch:
    """Every red line and hint the table shows, frame by frame."""

    def __init__(self, app):
        self.app = app
        self.caused = 0  # refusals the learner's own moves earned (none expected)

    def check(self, table) -> None:
        tutor = table.tutor
        lesson = tutor.lesson
        message = table.message if table.message_ms > 0 else ""
        assert not message, f"{lesson.id}: the table says {message!r}"
        for seat, (note, ms) in getattr(table, "notes", {}).items():
            assert not (ms > 0 and _RED.search(note)), f"{lesson.id}: seat {seat} is told {note!r}"
        assert tutor.coach_ms <= 0, f"{lesson.id}: coached {tutor.coach_text!r}"
        line = getattr(table, "help_line", None)
        if line is not None and tutor.won_ms is None:
            why = hint_conflict(tutor.named(lesson.text), line(lesson.player()))
            assert not why, f"{lesson.id}: {why}: lesson {lesson.text!r}, hint {line(lesson.player())!r}"

    def frames(self, n: int) -> None:
        for _ in range(n):
            frames(self.app, 1, dt=DT)
            table = top(self.app)
            if getattr(table, "tutor", None) is not None:
                self.check(table)


def _lit_buttons(table):
    lesson, state = table.tutor.lesson, table.session.state
    return [
        h
        for h in table.hots
        if h.kind == "button" and lesson.touch is not None and lesson.touch(h.payload, state) and h.callback
    ]


def _do(watch, table, action) -> None:
    """Submit one of the learner's moves as its input would, at the table's own time."""
    t = getattr(action, "t", None)
    if t is not None:
        for _ in range(200):
            if table.t >= t:
                break
            watch.frames(1)
        action = dataclasses.replace(action, t=max(t, table.t))
    result = table.submit(action)
    assert not isinstance(result, Refused), f"{table.tutor.lesson.id}: {action} refused: {result.reason}"


def play_lesson(watch, app, spec, table) -> None:
    lesson = table.tutor.lesson
    watch.frames(10)
    for _ in range(40):
        if table.tutor.reached:
            break
        people = {seat for seat, kind in enumerate(lesson.seats) if kind == "human"}
        state = table.session.state
        if table.busy() or (spec.dynamics != REALTIME and not people & set(spec.rules.to_act(state))):
            watch.frames(4)
            continue
        path = plan(spec, lesson, state, int(getattr(table, "t", 0)))
        if path:
            _do(watch, table, path[0])
        else:
            buttons = _lit_buttons(table)
            assert buttons, f"{lesson.id}: nothing to do; lit buttons: none, no move reaches the goal"
            click(app, buttons[0].rect.center)
        watch.frames(6)
    for _ in range(400):
        if table.tutor.won_ms is not None:
            break
        watch.frames(1)
    assert table.tutor.won_ms is not None, f"{lesson.id} was not reached"


def read(watch, table) -> None:
    """The learner reads the praise (the computer may move meanwhile), then goes on."""
    words = len(table.tutor.lesson.done.split())
    watch.frames(max(1, int(max(words * 250, GUARD_MS) // DT)))


class Device:
    """The learner's one device: it goes on from "Well done" with its own press (Enter, A or a click)."""

    def __init__(self, app, name: str):
        self.app, self.name, self.pad = app, name, None
        if name == "pad":
            self.pad = VirtualPad()
            frames(app, 3)
            self.pad.press(app, "dpdown")  # used once on the launcher: the device in use from here on
        elif name == "keys":
            key(app, "down")
        else:
            click(app, (4, app.screen.get_height() - 4))  # an empty corner of the launcher

    def go_on(self, menu_scene=None) -> None:
        """Its confirm; on a menu (``menu_scene``) the mouse clicks the highlighted item."""
        if self.name == "pad":
            self.pad.press(self.app, "a")
        elif self.name == "keys":
            key(self.app, "return")
        elif menu_scene is not None:
            click(self.app, menu_scene.menu.items[menu_scene.menu.focus].rect.center)
        else:
            click(self.app, (self.app.screen.get_width() // 2, self.app.screen.get_height() // 2))


# words a hint may say only to another device than the learner's
_FOREIGN = {
    "keys": re.compile(r"\b([Cc]lick|[Dd]-pad|LB|RB|A to go on)\b"),
    "pad": re.compile(r"\b([Cc]lick|Enter|Esc|Space|Backspace|WASD|W A S D|the arrows)\b"),
    "mouse": re.compile(r"\b([Dd]-pad|LB|RB|A to go on)\b"),
}


@pytest.mark.parametrize("device", ["keys", "pad", "mouse"])
@pytest.mark.needs("lessons")
def test_every_lesson_played_to_its_end_offers_a_real_game(game, device):
    """With each device alone: its press goes on from each "Well done" and does not reach the next
    lesson (no move of the learner, no "Not quite:" there); the lessons' words name only that device."""
    from tabletop.ui import gfx

    app = make_app()
    app.start()
    frames(app, 2)
    learner = Device(app, device)
    seen: list[str] = []
    try:
        open_tutorial(app, game.id)
        frames(app, 2)
        menu = top(app)
        lessons = lessons_for(game)
        menu.play(0)
        watch = Watch(app)
        gfx.SEEN = seen
        for lesson in lessons:
            table = top(app)
            assert getattr(table, "tutor", None) is not None, f"{lesson.id}: {type(table).__name__} is on top"
            assert table.tutor.lesson.id == lesson.id
            mine = [a for a in table.session.record.actions if a.get("player") == table.tutor.player]
            set_up = [a for a in lesson.prelude if a.get("player") == table.tutor.player]
            assert len(mine) == len(set_up), f"{lesson.id}: the press that went on from the last lesson played here"
            play_lesson(watch, app, game, table)
            read(watch, table)
            learner.go_on()  # "well done": the device's press goes on
            frames(app, 2)
        gfx.SEEN = None
        foreign = sorted({t for t in seen if _FOREIGN[device].search(t)})
        assert not foreign, f"told to a {device} learner: {foreign[:3]}"
        assert progress.finished(app.settings, game.id) == {lesson.id for lesson in lessons}
        # after the last lesson, the next press starts a real game (its setup, with Start ready)
        learner.go_on(top(app))
        frames(app, 2)
        now = top(app)
        assert getattr(now, "tutor", None) is None, "the press started a lesson again"
        focused = now.menu.items[now.menu.focus]
        assert focused.key == "start", f"{type(now).__name__} focuses {focused.label!r}"
    finally:
        gfx.SEEN = None
        if learner.pad is not None:
            learner.pad.unplug()
        pygame.quit()
