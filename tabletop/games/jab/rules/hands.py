"""The JAB table's geometry and the hand model (pure; shared by table and bot).

Abstract table: ``WIDTH`` x ``HEIGHT`` units (16 x 9), x to the right, y down.
Player 0 sits at the bottom edge, player 1 at the top edge; player 1's side
is player 0's side turned half a turn (x -> 16-x, y -> 9-y).

Named places (``RECTS``: name -> (centre x, centre y, width, height)):

* ``"p0.left"``, ``"p0.head"``, ``"p0.right"``: the three targets of player
  0's boxer (left/right are the boxer owner's left/right), near the middle
  on player 0's side. Same for ``"p1.*"``.
* ``"p0.deck.left"``, ``"p0.deck.right"``: player 0's punch decks, by that
  player's hands. Same for ``"p1.deck.*"``.
* ``"counter"`` (the counter-punch deck, centre of the table), ``"combo"``
  (combo deck, left side), ``"ding"`` and ``"clinch"`` tiles (right side),
  ``"p0.bonus"`` / ``"p1.bonus"`` (won bonus cards). These are drawn only;
  claims are buttons/keys, not hand movements.

A hand is a point. ``Hands`` holds the four hands' positions, indexed
``player * 2 + side`` (side 0 = left, 1 = right). Each frame the app turns
device input into intents and calls ``advance`` (movement at a bounded
speed, R-JAB-5: by default the table width in 0.35 s), then turns
``Grab``/``Release`` intents into rules actions with ``queries.grab_action``
and ``queries.release_action``:

* a grab over the hand's OWN same-side deck is a ``Take`` (elsewhere
  nothing happens);
* a release over a target rectangle where the held card may go is a
  ``Place``; anywhere else (or over a target that would refuse it) it is a
  ``Return`` (the card goes back on top of its deck).

``min_travel_ms`` is the least time a hand needs from a deck to a target;
the rules refuse a ``Place`` that comes sooner after its ``Take``, so a
hand-written record cannot teleport cards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

WIDTH = 16.0
HEIGHT = 9.0
SIDES = ("left", "right")
TARGETS = ("left", "head", "right")
CARD_W, CARD_H = 1.2, 1.7

# Player 0's half; player 1's is mirrored.
_P0 = {
    "left": (6.3, 5.6, CARD_W, CARD_H),
    "head": (8.0, 6.1, CARD_W, CARD_H),
    "right": (9.7, 5.6, CARD_W, CARD_H),
    "deck.left": (4.4, 7.8, CARD_W, CARD_H),
    "deck.right": (11.6, 7.8, CARD_W, CARD_H),
    "bonus": (14.4, 7.6, 2.0, 1.4),
}
_SHARED = {
    "counter": (8.0, 4.5, 1.0, 0.8),
    "combo": (1.6, 4.5, CARD_W, CARD_H),
    "ding": (14.4, 3.7, 1.2, 1.2),
    "clinch": (14.4, 5.3, 1.2, 1.2),
}


def _mirror(r):
    x, y, w, h = r
    return (WIDTH - x, HEIGHT - y, w, h)


RECTS: dict[str, tuple[float, float, float, float]] = dict(_SHARED)
for _k, _r in _P0.items():
    RECTS[f"p0.{_k}"] = _r
    RECTS[f"p1.{_k}"] = _mirror(_r)

TARGET_NAMES: tuple[str, ...] = tuple(f"p{p}.{t}" for p in (0, 1) for t in TARGETS)


def target_name(player: int, index: int) -> str:
    return f"p{player}.{TARGETS[index]}"


_PARSED = {f"p{p}.{t}": (p, i) for p in (0, 1) for i, t in enumerate(TARGETS)}


def parse_target(name: str) -> tuple[int, int] | None:
    """'p1.head' -> (1, 1); anything else -> None."""
    return _PARSED.get(name) if isinstance(name, str) else None


def deck_name(player: int, side: int) -> str:
    return f"p{player}.deck.{SIDES[side]}"


def inside(name: str, x: float, y: float) -> bool:
    cx, cy, w, h = RECTS[name]
    return abs(x - cx) <= w / 2 and abs(y - cy) <= h / 2


def target_at(x: float, y: float) -> str | None:
    for name in TARGET_NAMES:
        if inside(name, x, y):
            return name
    return None


def rect_distance(a: str, b: str) -> float:
    """Shortest distance between two rectangles (0 if they touch)."""
    ax, ay, aw, ah = RECTS[a]
    bx, by, bw, bh = RECTS[b]
    dx = max(0.0, abs(ax - bx) - (aw + bw) / 2)
    dy = max(0.0, abs(ay - by) - (ah + bh) / 2)
    return math.hypot(dx, dy)


def speed(cross_ms: int) -> float:
    """Units per millisecond for a hand that crosses the table width in ``cross_ms``."""
    return WIDTH / max(1, cross_ms)


_TRAVEL: dict[tuple[int, int, str, int], int] = {}


def min_travel_ms(player: int, side: int, target: str, cross_ms: int) -> int:
    """Least whole milliseconds from this player's ``side`` deck to ``target``."""
    key = (player, side, target, cross_ms)
    ms = _TRAVEL.get(key)
    if ms is None:
        ms = _TRAVEL[key] = int(rect_distance(deck_name(player, side), target) / speed(cross_ms))
    return ms


def travel_ms(player: int, side: int, where, cross_ms: int) -> int:
    """Least whole milliseconds between this player's ``side`` deck and ``where``: a target's name or a
    point ``(x, y)`` on the table (where a hand let go of a card it returned)."""
    if isinstance(where, str):
        return min_travel_ms(player, side, where, cross_ms)
    cx, cy, w, h = RECTS[deck_name(player, side)]
    dx = max(0.0, abs(where[0] - cx) - w / 2)
    dy = max(0.0, abs(where[1] - cy) - h / 2)
    return int(math.hypot(dx, dy) / speed(cross_ms))


def on_table(x: float, y: float) -> bool:
    return 0.0 <= x <= WIDTH and 0.0 <= y <= HEIGHT


# -- hands and intents ------------------------------------------------------


@dataclass(frozen=True)
class Hands:
    """Four hand positions, index ``player * 2 + side``."""

    pos: tuple[tuple[float, float], ...]

    def at(self, player: int, side: int) -> tuple[float, float]:
        return self.pos[player * 2 + side]


def start_hands() -> Hands:
    """Every hand resting over its own deck."""
    return Hands(tuple(RECTS[deck_name(p, s)][:2] for p in (0, 1) for s in (0, 1)))


@dataclass(frozen=True)
class MoveTo:
    """Move toward a point (mouse); ``pace`` in (0, 1] is a fraction of the top speed."""

    player: int
    hand: int
    x: float
    y: float
    pace: float = 1.0


@dataclass(frozen=True)
class MoveBy:
    """Move along a direction (stick/keys); a vector longer than 1 is cut to 1 (top speed)."""

    player: int
    hand: int
    dx: float
    dy: float


@dataclass(frozen=True)
class Grab:
    player: int
    hand: int


@dataclass(frozen=True)
class Release:
    player: int
    hand: int


@dataclass(frozen=True)
class Press:
    """A non-hand rules action (a claim, Ready, Split, Cover, Choose) to send as is."""

    action: object


def _clamp(v: float, lo: float, hi: float) -> float:
    return lo if v < lo else hi if v > hi else v


def advance(hands: Hands, dt_ms: int, intents, cross_ms: int = 350) -> Hands:
    """Move the hands for ``dt_ms`` by their MoveTo/MoveBy intents, never faster
    than the top speed; other intents are ignored here. Returns ``hands`` itself
    when nothing moved."""
    pos = None
    step = speed(cross_ms) * max(0, dt_ms)
    for it in intents:
        if isinstance(it, MoveTo):
            i = it.player * 2 + it.hand
            x, y = (pos or hands.pos)[i]
            dx, dy = it.x - x, it.y - y
            d = math.hypot(dx, dy)
            reach = step * _clamp(it.pace, 0.0, 1.0)
            if d <= 1e-9 or reach <= 0:
                continue
            f = min(1.0, reach / d)
            nx, ny = x + dx * f, y + dy * f
        elif isinstance(it, MoveBy):
            i = it.player * 2 + it.hand
            x, y = (pos or hands.pos)[i]
            n = math.hypot(it.dx, it.dy)
            if n <= 1e-9:
                continue
            f = step / max(1.0, n)
            nx, ny = x + it.dx * f, y + it.dy * f
        else:
            continue
        if pos is None:
            pos = list(hands.pos)
        pos[i] = (_clamp(nx, 0.0, WIDTH), _clamp(ny, 0.0, HEIGHT))
    return hands if pos is None else Hands(tuple(pos))
