"""A scripted newcomer for the tutorials: reads each lesson's words (at about 240
words a minute), then does what they say with one device, on the real table."""

from __future__ import annotations

import pygame

from tests.ui_helpers import click, drag, frames, top

READ_MS_PER_WORD = 250
ACT_MS = 600  # a newcomer's pause between two moves


def lesson_table(app):
    t = top(app)
    assert getattr(t, "tutor", None) is not None, f"not in a lesson: {type(t).__name__} is on top"
    return t


def hots(table, payload):
    return [h for h in table.hots if h.payload == payload]


def spot(table, payload, seat=None):
    """A point where the mouse hits this thing (overlapped cards show only a strip)."""
    found = hots(table, payload)
    assert found, f"{payload} is not on the table; there are {[h.payload for h in table.hots]}"
    h = found[-1]
    if h.kind == "zone":
        return h.rect.center
    seat = table.acting_seat() if seat is None else seat
    hit = getattr(table, "hot_at", None) or table._hot_at  # what a click there would hit
    for dy in (0.5, 0.3, 0.7, 0.15):
        for k in range(1, 20):
            pos = (h.rect.left + h.rect.w * k // 20, h.rect.top + int(h.rect.h * dy))
            if hit(pos, (h.kind,), seat) is h:
                return pos
    raise AssertionError(f"{payload} is covered")


def lit(table) -> list:
    """What the lesson lights up now (the payloads a player is told to touch)."""
    lesson, state = table.tutor.lesson, table.session.state
    return [h.payload for h in table.hots if lesson.touch is not None and lesson.touch(h.payload, state)]


class Newcomer:
    """Plays lesson after lesson; ``times`` collects how long each took on the game clock."""

    def __init__(self, app):
        self.app = app
        self.times: list[tuple[str, float]] = []

    def wait(self, ms: float, dt: int = 50) -> None:
        frames(self.app, max(1, int(ms // dt)), dt=dt)

    def read(self) -> None:
        t = lesson_table(self.app)
        self.wait(len(t.tutor.lesson.text.split()) * READ_MS_PER_WORD)

    def click(self, payload) -> None:
        self.wait(ACT_MS)
        click(self.app, spot(lesson_table(self.app), payload))

    def drag(self, payload, target) -> None:
        self.wait(ACT_MS)
        t = lesson_table(self.app)
        drag(self.app, spot(t, payload), spot(t, target))

    def finish_lesson(self, go_on) -> None:
        """The goal must show as reached; note the time, read the praise, go on."""
        t = lesson_table(self.app)
        for _ in range(300):  # the move is shown (cards turn over, a hand travels) before the praise
            if t.tutor.won_ms is not None:
                break
            self.wait(50)
        assert t.tutor.won_ms is not None, f"lesson {t.tutor.lesson.id} not reached; coach: {t.tutor.coach_text!r}"
        self.times.append((t.tutor.lesson.id, t.tutor.clock))
        self.wait(800)
        go_on()
        frames(self.app, 2)
        assert top(self.app) is not t


def mouse_go_on(app):
    return lambda: click(app, (640, 300))


def post_key(name: str) -> None:
    code = pygame.key.key_code(name)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))


def steer(table, seat, payload, press, limit=24) -> None:
    """Move ``seat``'s focus onto ``payload`` with direction presses, as a person looking at the
    screen would (towards it), then stop; ``press(direction)`` presses one direction."""
    for _ in range(limit):
        table = lesson_table(table.app)
        found = [h for h in table.focusables(seat) if h.payload == payload]
        assert found, f"{payload} cannot take the focus; focusable: {[h.payload for h in table.focusables(seat)]}"
        cur = table.focused(seat)
        if cur is not None and cur.payload == payload and table.show_focus.get(seat):
            return
        goal = found[-1].rect.center
        if cur is None or not table.show_focus.get(seat):
            press("right")  # the first press shows the focus
            continue
        dx, dy = goal[0] - cur.rect.centerx, goal[1] - cur.rect.centery
        if abs(dx) >= abs(dy):
            press("right" if dx > 0 else "left")
        else:
            press("down" if dy > 0 else "up")
    raise AssertionError(f"could not reach {payload}")
