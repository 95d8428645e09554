"""Where keys sit on a standard US keyboard (pure data): centres in key widths, x to the right from
the left edge of the main block, y down from the number row. Used to check the default two-player
layout against keyboard ghosting (tests/test_keyboard_ghosting.py) and to draw it for the README
(tools/keyboard_picture.py)."""

from __future__ import annotations

_ROWS = {  # row y: (x of the first key's centre, keys left to right, one key width apart)
    0: (1.5, "1234567890-="),
    1: (2.0, "qwertyuiop[]"),
    2: (2.25, "asdfghjkl;'"),
    3: (2.75, "zxcvbnm,./"),
}

# name -> (centre x, centre y, width in key widths)
KEYS: dict[str, tuple[float, float, float]] = {
    k: (x0 + i, float(y), 1.0) for y, (x0, keys) in _ROWS.items() for i, k in enumerate(keys)
}
KEYS.update(
    {
        "`": (0.5, 0.0, 1.0),
        "backspace": (14.0, 0.0, 2.0),
        "tab": (0.75, 1.0, 1.5),
        "\\": (14.25, 1.0, 1.5),
        "caps lock": (0.875, 2.0, 1.75),
        "return": (14.125, 2.0, 2.25),
        "left shift": (1.125, 3.0, 2.25),
        "right shift": (13.625, 3.0, 2.75),
        "left ctrl": (0.625, 4.0, 1.25),
        "left super": (1.875, 4.0, 1.25),
        "left alt": (3.125, 4.0, 1.25),
        "space": (6.875, 4.0, 6.25),
        "right alt": (10.625, 4.0, 1.25),
        "right super": (11.875, 4.0, 1.25),
        "menu": (13.125, 4.0, 1.25),
        "right ctrl": (14.375, 4.0, 1.25),
        "up": (17.0, 3.0, 1.0),  # the arrow block, half a key right of the main block
        "left": (16.0, 4.0, 1.0),
        "down": (17.0, 4.0, 1.0),
        "right": (18.0, 4.0, 1.0),
    }
)


def distance(a: str, b: str) -> float:
    """Centre to centre, in key widths."""
    (ax, ay, _), (bx, by, _) = KEYS[a], KEYS[b]
    return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
