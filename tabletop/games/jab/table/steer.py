"""Steering JAB hands with keys, a d-pad, a stick and a pointer (no pygame here).

Every hand still moves only through ``hands.advance`` at no more than the rules'
hand speed (R-JAB-5); this module only chooses each frame's intents:

* Keys and the d-pad accelerate. A press first gives a short nudge (a tap moves a
  hand a few pixels, for precise placing); after ``RAMP_DELAY_MS`` of holding the
  speed grows (as the square of the time) to the full hand speed at
  ``RAMP_DELAY_MS + RAMP_MS``. ``held_distance`` is that profile.
* A stick's push is shaped in ``tabletop.input.devices.stick_response`` (dead zone,
  response curve) and used as a fraction of the hand speed; while that hand's precise button
  is held (a trigger), at most ``FINE_PACE`` of it: the pad's way to place either hand precisely
  (the left hand has the d-pad's taps too, the right hand only this).
* At rest (nothing steering it), a hand close to one of its stops (its own deck on
  its side, or any of the six targets) is drawn to that stop's centre at
  ``MAGNET_PACE`` of the hand speed: a magnet, not a jump, so the rules' travel
  times hold. A hand at rest over a deck it may not take from slides off it.
* Jump: a hand goes straight, at the full hand speed, to the next stop in the
  direction it is steered (``jump_stop``).
* Hands keep ``MARGIN`` from the table's edge, so a ring is always whole on screen.

Seats and sides: player 1 sits at the top of the screen, but both people sit in
front of it, so a person's "left" is the screen's left. ``rules_side(seat, side)``
turns a side as the person sits into the rules' hand (0 left, 1 right): for the
top seat they are swapped. ``sits_words`` swaps the words "left/right hand" and
"left/right deck" the same way in sentences shown to the top seat. A table turned
round (``flip``: player 2 alone at this screen, as online) has player 2 at the bottom.
"""

from __future__ import annotations

import functools
import math
import re

from ..rules.hands import HEIGHT, RECTS, TARGET_NAMES, WIDTH, deck_name
from ..rules.say import side_word

NUDGE_MS = 14  # a press first moves the hand for this long ...
NUDGE_PACE = 0.1  # ... at this fraction of the hand speed (about 5 px at 1280x720)
RAMP_DELAY_MS = 70  # then nothing more until the key has been held this long,
RAMP_MS = 200  # then the speed grows to full over this time
FINE_PACE = 0.1  # a stick whose hand's precise button is held (a trigger): at most this fraction of the speed
MAGNET_REACH = 0.45  # table units from a stop's edge
MAGNET_PACE = 0.6
JUMP_CONE = math.cos(math.radians(55))  # a stop counts as "that way" within 55 degrees
MARGIN = 0.35  # table units: the hand ring is 0.26 units across its centre
FIRST_FRAME_MS = 17  # a key pressed during a slow frame counts as held for one ordinary frame of it
SLIDE_GAP = 0.3  # how far past a wrong deck's edge a hand slides: its ring clears the deck


def at_bottom(seat: int, flip: bool = False) -> bool:
    """Whether ``seat`` sits at the bottom of the screen (player 1, or player 2 on a turned table)."""
    return (seat == 0) != flip


def rules_side(seat: int, side: int, flip: bool = False) -> int:
    """The rules' hand (0 left, 1 right) of the hand on ``side`` as the person sits at the screen."""
    return side if at_bottom(seat, flip) else 1 - side


def sits_side(seat: int, hand: int, flip: bool = False) -> int:
    """The side (0 left, 1 right) as the person sits at the screen of the rules' ``hand``."""
    return hand if at_bottom(seat, flip) else 1 - hand


def _swaps() -> dict[str, str]:
    """Each of "left hand", "right deck", ... (and with a capital) in the player's language -> its other side."""
    out = {}
    for a, b in (("left hand", "right hand"), ("left deck", "right deck")):
        for x, y in ((a, b), (b, a)):
            wx, wy = side_word(x), side_word(y)
            out[wx] = wy
            out[wx[:1].upper() + wx[1:]] = wy[:1].upper() + wy[1:]
    return out


def sits_words(seat: int, text: str, flip: bool = False) -> str:
    """A sentence about ``seat``'s hands and decks in the words that person sees (the top seat's
    rules-left hand is on the screen's right). The sentence says a side the way ``side_word`` does."""
    if at_bottom(seat, flip) or not text:
        return text
    swaps = _swaps()
    words = re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in sorted(swaps, key=len, reverse=True)) + ")")
    return words.sub(lambda m: swaps[m.group(1)], text)


def held_distance(ms: float) -> float:
    """How far a key held ``ms`` has moved a hand, in milliseconds of travel at the full hand speed."""
    if ms <= 0:
        return 0.0
    d = min(ms, NUDGE_MS) * NUDGE_PACE
    if ms > RAMP_DELAY_MS:
        x = min(ms - RAMP_DELAY_MS, RAMP_MS)
        d += RAMP_MS / 3 * (x / RAMP_MS) ** 3
        d += max(0.0, ms - RAMP_DELAY_MS - RAMP_MS)
    return d


def key_pace(held_ms: float, dt: float) -> float:
    """The fraction of the hand speed for a frame of ``dt`` ms after a key was held ``held_ms``."""
    if dt <= 0:
        return 0.0
    return min(1.0, (held_distance(held_ms + dt) - held_distance(held_ms)) / dt)


def stops(seat: int, hand: int) -> list[str]:
    """Where a hand may usefully rest: its own deck on its side and the six targets."""
    return [deck_name(seat, hand), *TARGET_NAMES]


def wrong_decks(seat: int, hand: int) -> list[str]:
    return [deck_name(p, s) for p in (0, 1) for s in (0, 1) if (p, s) != (seat, hand)]


def _rect_distance(name: str, x: float, y: float) -> float:
    cx, cy, w, h = RECTS[name]
    return math.hypot(max(0.0, abs(x - cx) - w / 2), max(0.0, abs(y - cy) - h / 2))


@functools.lru_cache(maxsize=64)  # a resting hand asks the same every frame
def magnet_stop(seat: int, hand: int, x: float, y: float) -> str | None:
    """The stop that draws a resting hand at (x, y), if one is close enough."""
    best = min(stops(seat, hand), key=lambda n: (_rect_distance(n, x, y), math.hypot(x - RECTS[n][0], y - RECTS[n][1])))
    return best if _rect_distance(best, x, y) <= MAGNET_REACH else None


@functools.lru_cache(maxsize=64)
def off_wrong_decks(seat: int, hand: int, x: float, y: float) -> tuple[float, float]:
    """(x, y), or the nearest point just outside a deck this hand may not take from when inside one."""
    for name in wrong_decks(seat, hand):
        cx, cy, w, h = RECTS[name]
        if abs(x - cx) <= w / 2 and abs(y - cy) <= h / 2:
            exits = [
                (cx - w / 2 - SLIDE_GAP, y),
                (cx + w / 2 + SLIDE_GAP, y),
                (x, cy - h / 2 - SLIDE_GAP),
                (x, cy + h / 2 + SLIDE_GAP),
            ]
            exits = [clamp_point(*p) for p in exits]  # (an exit past the window's edge is no exit)
            exits = [p for p in exits if _rect_distance(name, *p) >= SLIDE_GAP / 2] or exits
            return min(exits, key=lambda p: math.hypot(p[0] - x, p[1] - y))
    return (x, y)


def clamp_point(x: float, y: float) -> tuple[float, float]:
    """A point kept ``MARGIN`` inside the table (so a hand's ring never leaves the window)."""
    return (min(WIDTH - MARGIN, max(MARGIN, x)), min(HEIGHT - MARGIN, max(MARGIN, y)))


def jump_stop(seat: int, hand: int, x: float, y: float, dx: float, dy: float) -> str | None:
    """The next stop from (x, y) in the direction (dx, dy): within ``JUMP_CONE`` of it, nearest
    first (a stop straight ahead wins over one a little closer but off to the side); the stop
    the hand is over now does not count."""
    n = math.hypot(dx, dy)
    if n <= 1e-9:
        return None
    dx, dy = dx / n, dy / n
    best, score = None, math.inf
    for name in stops(seat, hand):
        if _rect_distance(name, x, y) == 0.0:
            continue
        vx, vy = RECTS[name][0] - x, RECTS[name][1] - y
        d = math.hypot(vx, vy)
        cos = (vx * dx + vy * dy) / d
        if cos < JUMP_CONE:
            continue
        s = d * (2.0 - cos)
        if s < score:
            best, score = name, s
    return best
