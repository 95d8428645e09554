"""Draw the two-player keyboard layout for JAB (docs/keyboard-layouts.png) from the default bindings
with pygame: the left player's keys in Red, the right player's in Blue, each key labelled with what
it does. Run again whenever tabletop/input/bindings.py changes: python tools/keyboard_picture.py"""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from tabletop.input.bindings import default_bindings  # noqa: E402
from tabletop.input.keyboard import KEYS  # noqa: E402

DEFAULT_KEYS = default_bindings()["keys"]  # the engine's defaults and every game's own buttons

OUT = ROOT / "docs" / "keyboard-layouts.png"
U = 62  # pixels per key width
PAD = 30
TOP = 84
FONT = ROOT / "assets" / "fonts" / "DejaVuSans.ttf"
BOLD = ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"

PLAYERS = {"keys-left": ("Red: left half", (214, 72, 62)), "keys-right": ("Blue: right half", (62, 124, 214))}
ROLES = {  # virtual button -> (label on the key, how strongly it is tinted)
    "l_up": ("L ↑", 1.0),
    "l_down": ("L ↓", 1.0),
    "l_left": ("L ←", 1.0),
    "l_right": ("L →", 1.0),
    "l_take": ("L take", 1.0),
    "r_up": ("R ↑", 0.75),
    "r_down": ("R ↓", 0.75),
    "r_left": ("R ←", 0.75),
    "r_right": ("R →", 0.75),
    "r_take": ("R take", 0.75),
    "jump": ("jump", 0.5),
    "claim_combo": ("Combo", 0.45),
    "claim_counter": ("Counter", 0.45),
    "claim_tile": ("Clinch/KO", 0.45),
    "claim_ding": ("Ding!", 0.45),
    "ready": ("ready", 0.45),
}
NAMES = {
    "left shift": "Shift",
    "right shift": "Shift",
    "left ctrl": "Ctrl",
    "right ctrl": "Ctrl",
    "left alt": "Alt",
    "right alt": "Alt",
    "left super": "",
    "right super": "",
    "menu": "",
    "space": "Space",
    "return": "Enter",
    "backspace": "Bksp",
    "caps lock": "Caps",
    "tab": "Tab",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
}


def mix(a, b, t):
    return tuple(round(x * t + y * (1 - t)) for x, y in zip(a, b, strict=True))


def role_of(key):
    """(player scheme, the JAB roles of ``key``) or (None, [])."""
    for scheme in PLAYERS:
        buttons = DEFAULT_KEYS[scheme].get(key, [])
        roles = [b for b in buttons if b in ROLES]
        if roles:
            return scheme, roles
    return None, []


def main():
    pygame.init()
    f_key = pygame.font.Font(str(BOLD), 17)
    f_role = pygame.font.Font(str(FONT), 12)
    f_head = pygame.font.Font(str(BOLD), 24)
    f_note = pygame.font.Font(str(FONT), 15)
    width = round(19 * U) + 2 * PAD
    height = TOP + 5 * U + 150
    surf = pygame.Surface((width, height))
    surf.fill((24, 28, 34))
    title = "JAB: two people on one keyboard (the default keys)"
    surf.blit(f_head.render(title, True, (240, 240, 240)), (PAD, 24))
    for key, (cx, cy, w) in KEYS.items():
        rect = pygame.Rect(0, 0, round(w * U) - 6, U - 6)
        rect.center = (PAD + round(cx * U), TOP + round(cy * U + U / 2))
        scheme, roles = role_of(key)
        base = (58, 62, 70)
        if scheme is None:
            colour, text_col = base, (150, 150, 160)
        else:
            strength = max(ROLES[r][1] for r in roles)
            colour, text_col = mix(PLAYERS[scheme][1], base, strength), (255, 255, 255)
        pygame.draw.rect(surf, colour, rect, border_radius=7)
        pygame.draw.rect(surf, (14, 16, 20), rect, width=2, border_radius=7)
        name = NAMES.get(key, key.upper() if len(key) == 1 else key)
        img = f_key.render(name, True, text_col)
        surf.blit(img, img.get_rect(midtop=(rect.centerx, rect.top + 5)))
        for k, r in enumerate(roles[:2]):
            lab = f_role.render(ROLES[r][0], True, text_col)
            surf.blit(lab, lab.get_rect(midbottom=(rect.centerx, rect.bottom - 3 - (len(roles[:2]) - 1 - k) * 13)))
    y = TOP + 5 * U + 16
    for k, (label, colour) in enumerate(PLAYERS.values()):
        x = PAD + k * 520
        pygame.draw.rect(surf, colour, (x, y, 22, 22), border_radius=5)
        surf.blit(f_head.render(label, True, colour), (x + 32, y - 4))
    notes = [
        "L: the hand on your left as you sit at the screen, R: the one on your right (its keys are a little darker).",
        "Hold a direction and press jump: the hand goes straight to the next deck or target that way.",
        "The two players' keys never touch, and no hand needs three neighbouring keys at once, so cheap",
        "keyboards that drop keys when several are held still see every press (tests/test_keyboard_ghosting.py).",
    ]
    for k, line in enumerate(notes):
        surf.blit(f_note.render(line, True, (210, 214, 222)), (PAD, y + 36 + k * 22))
    OUT.parent.mkdir(exist_ok=True)
    pygame.image.save(surf, str(OUT))
    print(f"wrote {OUT.relative_to(ROOT)} ({width}x{height})")


if __name__ == "__main__":
    main()
