"""Geometry of the 5x5 ring: squares, facings, steps and attack areas (R-SQR-1..3).

Squares are numbers 0..24: ``y * 5 + x`` with x the file (a..e) and y the
rank minus one. Facings are 0..7 clockwise from north: N NE E SE S SW W NW.
Offsets in the content data are (right, forward) as seen by a boxer facing
north (or, for the second area of an attack, facing north-east).
"""

from __future__ import annotations

from tabletop.core.i18n import N_

SIZE = 5
SQUARES = SIZE * SIZE
FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
FACING_NAMES = (
    N_("north"),
    N_("north-east"),
    N_("east"),
    N_("south-east"),
    N_("south"),
    N_("south-west"),
    N_("west"),
    N_("north-west"),
)
DIRS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))

# Step names, by how far clockwise from the boxer's facing they go: ids of actions and cards, and the
# words a player reads (translated where shown)
STEPS = (
    N_("forward"),
    N_("forward-right"),
    N_("right"),
    N_("back-right"),
    N_("back"),
    N_("back-left"),
    N_("left"),
    N_("forward-left"),
)
STEP_INDEX = {name: i for i, name in enumerate(STEPS)}


def square(x: int, y: int) -> int:
    return y * SIZE + x


def xy(sq: int) -> tuple[int, int]:
    return sq % SIZE, sq // SIZE


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def name(sq: int) -> str:
    x, y = xy(sq)
    return "abcde"[x] + str(y + 1)


def parse_square(text: str) -> int:
    if not isinstance(text, str) or len(text) != 2 or text[0] not in "abcde" or text[1] not in "12345":
        raise ValueError(f"{text!r} is not a square (a1..e5)")
    return square("abcde".index(text[0]), int(text[1]) - 1)


def parse_facing(text: str) -> int:
    if text not in FACINGS:
        raise ValueError(f"{text!r} is not a facing (one of {', '.join(FACINGS)})")
    return FACINGS.index(text)


def _build_step_table():
    """STEP_TO[sq][abs_dir] = destination square, or -1 off the ring."""
    table = []
    for sq in range(SQUARES):
        x, y = xy(sq)
        row = []
        for dx, dy in DIRS:
            nx, ny = x + dx, y + dy
            row.append(square(nx, ny) if on_board(nx, ny) else -1)
        table.append(tuple(row))
    return tuple(table)


STEP_TO = _build_step_table()


def step_destination(sq: int, facing: int, step: int) -> int:
    """Where a step (0..7, relative to facing) lands; -1 if it leaves the ring."""
    return STEP_TO[sq][(facing + step) % 8]


def rotate_cw(dx: int, dy: int, quarter_turns: int) -> tuple[int, int]:
    for _ in range(quarter_turns % 4):
        dx, dy = dy, -dx
    return dx, dy


def area_offsets(area_n, area_ne, facing: int) -> list[tuple[int, int]]:
    """World offsets of an attack area for one of the 8 facings (R-SQR-3)."""
    base = area_n if facing % 2 == 0 else area_ne
    return [rotate_cw(dx, dy, facing // 2) for dx, dy in base]


def area_mask(area_n, area_ne, sq: int, facing: int) -> int:
    x, y = xy(sq)
    mask = 0
    for dx, dy in area_offsets(area_n, area_ne, facing):
        if on_board(x + dx, y + dy):
            mask |= 1 << square(x + dx, y + dy)
    return mask


def mask_squares(mask: int) -> tuple[int, ...]:
    return tuple(s for s in range(SQUARES) if mask >> s & 1)


def presses(a_sq: int, a_facing: int, b_sq: int) -> bool:
    """A faces B orthogonally from the adjacent square (R-SQR-5)."""
    return a_facing % 2 == 0 and STEP_TO[a_sq][a_facing] == b_sq


def pressure_sides(a_facing: int, b_sq: int) -> tuple[int, int]:
    """The two squares beside B across A's line (-1 where off the ring)."""
    return STEP_TO[b_sq][(a_facing + 2) % 8], STEP_TO[b_sq][(a_facing + 6) % 8]


def direction_to(a_sq: int, b_sq: int) -> float:
    """Facing (as a float 0..8) that points from a to b."""
    import math

    ax, ay = xy(a_sq)
    bx, by = xy(b_sq)
    ang = math.atan2(bx - ax, by - ay)  # 0 = north, clockwise positive
    return (ang / (math.pi / 4)) % 8
