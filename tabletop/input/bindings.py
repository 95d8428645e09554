"""Default control bindings: pure data, no pygame.

A *scheme* is one way a person plays: the mouse, the left or right half of
the keyboard, the whole keyboard, or a gamepad. Each scheme maps physical
inputs to *virtual buttons*. Every game uses the virtual buttons it needs:

- navigation and choice: up, down, left, right, confirm, back, peek, pause
- a real-time game's two hands: l_up l_down l_left l_right l_take, r_up ... r_take, l_fine and
  r_fine (held: that hand's stick moves slowly, to place it precisely), and jump (every hand being
  steered goes straight to the next deck or target that way). "l_" is the hand on the player's left
  as they sit at the screen, whichever seat they play.
- ready (between rounds of a real-time game, and after a break)
- a game's own buttons, declared in its spec (``GameSpec.buttons``: a name, a label and the default
  inputs per scheme), added to every scheme's defaults here: the engine names no game's buttons

Keyboard keys are named as pygame names them (``pygame.key.name``); they are
stored in the settings file so players can change them. The two keyboard
halves share no key and stay apart, and no scheme asks for a chord of three
neighbouring keys (tests/test_keyboard_ghosting.py states and checks the rule).
Gamepad inputs use SDL's game-controller names.
"""

from __future__ import annotations

from tabletop.core.i18n import N_

SCHEMES = ("mouse", "keys-left", "keys-right", "keyboard", "gamepad")

SCHEME_LABELS = {
    "mouse": N_("Mouse"),
    "keys-left": N_("Keyboard, left half (WASD)"),
    "keys-right": N_("Keyboard, right half (arrows)"),
    "keyboard": N_("Whole keyboard"),
    "gamepad": N_("Gamepad"),
}

KEYS_LEFT = {
    "w": ["up", "l_up"],
    "a": ["left", "l_left"],
    "s": ["down", "l_down"],
    "d": ["right", "l_right"],
    "left shift": ["back", "l_take"],
    "t": ["r_up"],
    "f": ["r_left"],
    "g": ["r_down"],
    "h": ["r_right"],
    "space": ["confirm", "ready", "r_take"],
    "left ctrl": ["jump"],
    "tab": ["peek"],
    "e": ["next"],
    "r": ["prev"],
}

KEYS_RIGHT = {
    "up": ["up", "r_up"],
    "left": ["left", "r_left"],
    "down": ["down", "r_down"],
    "right": ["right", "r_right"],
    "right shift": ["r_take"],
    "o": ["l_up", "next"],
    "k": ["l_left"],
    "l": ["l_down"],
    ";": ["l_right"],
    "'": ["l_take"],
    "right ctrl": ["peek", "jump"],
    "return": ["confirm", "ready"],
    "backspace": ["back"],
    "p": ["prev"],
}

MOUSE_KEYS = {
    "5": ["ready"],
    "`": ["peek"],
}


def _merge(*maps: dict) -> dict:
    out: dict[str, list[str]] = {}
    for m in maps:
        for k, v in m.items():
            out.setdefault(k, [])
            out[k] = out[k] + [b for b in v if b not in out[k]]
    return out


DEFAULT_KEYS = {
    "keys-left": KEYS_LEFT,
    "keys-right": KEYS_RIGHT,
    "keyboard": _merge(KEYS_LEFT, KEYS_RIGHT),
    "mouse": MOUSE_KEYS,
}

# Gamepad (SDL game-controller names). Sticks drive the hands in real time and
# navigate elsewhere; the shoulders take/release; a trigger held makes that hand's stick slow and precise
# (the right hand has no d-pad to tap).
GAMEPAD_BUTTONS = {
    "a": ["confirm"],
    "b": ["back"],
    "x": ["next"],
    "y": ["peek"],
    "start": ["pause", "ready"],
    "back": ["peek"],
    "dpup": ["up", "l_up"],
    "dpdown": ["down", "l_down"],
    "dpleft": ["left", "l_left"],
    "dpright": ["right", "l_right"],
    "leftshoulder": ["l_take", "prev"],
    "rightshoulder": ["r_take", "next"],
    "lefttrigger": ["l_fine"],
    "righttrigger": ["r_fine"],
    "leftstick": ["jump"],
    "rightstick": ["jump"],
}

# Plain joysticks that SDL does not know: button numbers in the common
# (XInput-like) order, hat 0 for the d-pad, axes 0/1 left stick, 2/3 right stick.
JOYSTICK_BUTTONS = {
    0: "a",
    1: "b",
    2: "x",
    3: "y",
    4: "leftshoulder",
    5: "rightshoulder",
    6: "back",
    7: "start",
    9: "leftstick",
    10: "rightstick",
}
JOYSTICK_AXES = {0: "leftx", 1: "lefty", 2: "rightx", 3: "righty"}

# Keys that any keyboard uses in menus (launcher, pause, help), whoever presses them.
MENU_KEYS = {
    "up": "up",
    "down": "down",
    "left": "left",
    "right": "right",
    "w": "up",
    "s": "down",
    "a": "left",
    "d": "right",
    "return": "confirm",
    "space": "confirm",
    "keypad enter": "confirm",
    "escape": "back",
    "backspace": "back",
    "page up": "prev",
    "page down": "next",
    "tab": "next",
}
MENU_PAD = {
    "dpup": "up",
    "dpdown": "down",
    "dpleft": "left",
    "dpright": "right",
    "a": "confirm",
    "b": "back",
    "start": "pause",
    "back": "back",
    "leftshoulder": "prev",
    "rightshoulder": "next",
}


# Earlier default layouts, kept only to recognise them: a settings file that still holds one of them
# unchanged (its player never changed those keys) gets today's defaults when it is read. Issue 18 moved
# the two keyboard halves apart against ghosting, added jump and let the d-pad steer. These are the
# engine's buttons only: a game's own buttons add where they were then (``Button.was``), see
# ``previous_layouts``.
_OLD_LEFT = {
    "w": ["up", "l_up"],
    "a": ["left", "l_left"],
    "s": ["down", "l_down"],
    "d": ["right", "l_right"],
    "q": ["l_take"],
    "t": ["r_up"],
    "f": ["r_left"],
    "g": ["r_down"],
    "h": ["r_right"],
    "y": ["r_take"],
    "space": ["confirm", "ready"],
    "left shift": ["back"],
    "tab": ["peek"],
    "e": ["next"],
    "r": ["prev"],
}
_OLD_RIGHT = {
    "up": ["up", "r_up"],
    "left": ["left", "r_left"],
    "down": ["down", "r_down"],
    "right": ["right", "r_right"],
    "right shift": ["r_take"],
    "i": ["l_up"],
    "j": ["l_left"],
    "k": ["l_down"],
    "l": ["l_right"],
    "u": ["l_take"],
    "return": ["confirm", "ready"],
    "backspace": ["back"],
    "right ctrl": ["peek"],
    "o": ["next"],
    "p": ["prev"],
}
PREVIOUS_KEYS = {"keys-left": [_OLD_LEFT], "keys-right": [_OLD_RIGHT], "keyboard": [_merge(_OLD_LEFT, _OLD_RIGHT)]}
PREVIOUS_GAMEPAD = [
    {  # before the triggers held made a hand precise (issue 34)
        "a": ["confirm"],
        "b": ["back"],
        "x": ["next"],
        "y": ["peek"],
        "start": ["pause", "ready"],
        "back": ["peek"],
        "dpup": ["up", "l_up"],
        "dpdown": ["down", "l_down"],
        "dpleft": ["left", "l_left"],
        "dpright": ["right", "l_right"],
        "leftshoulder": ["l_take", "prev"],
        "rightshoulder": ["r_take", "next"],
        "lefttrigger": ["l_take"],
        "righttrigger": ["r_take"],
        "leftstick": ["jump"],
        "rightstick": ["jump"],
    },
    {
        "a": ["confirm"],
        "b": ["back"],
        "x": ["next"],
        "y": ["peek"],
        "start": ["pause", "ready"],
        "back": ["peek"],
        "dpup": ["up"],
        "dpdown": ["down"],
        "dpleft": ["left"],
        "dpright": ["right"],
        "leftshoulder": ["l_take", "prev"],
        "rightshoulder": ["r_take", "next"],
        "lefttrigger": ["l_take"],
        "righttrigger": ["r_take"],
    },
]


def declared_buttons() -> list:
    """Every registered game's own buttons (``GameSpec.buttons``), each once by name."""
    from tabletop.core import registry

    out: dict = {}
    for spec in registry.load_all().values():
        for button in spec.buttons:
            out.setdefault(button.name, button)
    return list(out.values())


def previous_layouts(scheme: str) -> list[dict[str, list[str]]]:
    """The earlier default layouts of ``scheme`` (a keyboard scheme or "gamepad"): the engine's
    buttons as they were, with each game's own buttons where that game says they were."""
    out = []
    for engine in PREVIOUS_GAMEPAD if scheme == "gamepad" else PREVIOUS_KEYS.get(scheme, []):
        layout = {k: list(v) for k, v in engine.items()}
        for button in declared_buttons():
            for name in button.was.get(scheme, ()):
                layout.setdefault(name, []).append(button.name)
        out.append(layout)
    return out


def _untouched(mapping: dict, scheme: str) -> bool:
    """Whether ``mapping`` is one of the scheme's earlier default layouts, never changed by its player
    (the order of a key's buttons aside)."""
    mine = {k: sorted(v) for k, v in mapping.items()}
    return any(mine == {k: sorted(v) for k, v in old.items()} for old in previous_layouts(scheme))


def default_bindings() -> dict:
    """Every scheme's default inputs: the engine's buttons, and each game's own where it says."""
    keys = {k: {key: list(v) for key, v in m.items()} for k, m in DEFAULT_KEYS.items()}
    pad = {k: list(v) for k, v in GAMEPAD_BUTTONS.items()}
    for button in declared_buttons():
        for scheme, inputs in button.keys.items():
            table = pad if scheme == "gamepad" else keys.get(scheme, {})
            for name in inputs:
                pressed = table.setdefault(name, [])
                if button.name not in pressed:
                    pressed.append(button.name)
    return {"keys": keys, "gamepad": pad}


def _names(value, limit: int = 8) -> bool:
    """A list of a few short texts (button or key names)."""
    return (
        isinstance(value, list) and len(value) <= limit and all(isinstance(b, str) and 0 < len(b) <= 40 for b in value)
    )


def check_bindings(data) -> tuple[dict, list[str]]:
    """Validate a bindings object from the settings file; returns (bindings, problems).

    Every mapping is text -> a list of texts; a scheme whose mapping is not is
    replaced by its defaults and named (names are cut to 40 characters)."""
    out = default_bindings()
    problems: list[str] = []
    if not isinstance(data, dict):
        return out, ["bindings must be an object; using the defaults"]
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        problems.append("keyboard bindings are malformed; using the defaults")
        keys = {}
    for scheme, mapping in keys.items():
        if scheme not in out["keys"]:
            problems.append(f"unknown keyboard scheme {str(scheme)[:40]!r} ignored")
            continue
        if not isinstance(mapping, dict) or not all(
            isinstance(k, str) and 0 < len(k) <= 40 and _names(v) for k, v in mapping.items()
        ):
            problems.append(f"keys for {scheme!r} are malformed; using the defaults")
            continue
        if _untouched(mapping, scheme):
            continue  # an earlier default layout, never changed: today's defaults
        out["keys"][scheme] = {k: list(v) for k, v in mapping.items()}
    pad = data.get("gamepad")
    if pad is not None:
        if isinstance(pad, dict) and all(isinstance(k, str) and 0 < len(k) <= 40 and _names(v) for k, v in pad.items()):
            if not _untouched(pad, "gamepad"):
                out["gamepad"] = {k: list(v) for k, v in pad.items()}
        else:
            problems.append("gamepad bindings are malformed; using the defaults")
    unknown = set(data) - {"keys", "gamepad"}
    if unknown:
        problems.append(f"unknown bindings {str(sorted(map(str, unknown))[0])[:40]!r} ignored")
    return out, problems + check_names(out)


# The names SDL gives a game controller's buttons (what the gamepad table may use).
PAD_NAMES = (
    "a",
    "b",
    "x",
    "y",
    "back",
    "start",
    "guide",
    "leftstick",
    "rightstick",
    "leftshoulder",
    "rightshoulder",
    "dpup",
    "dpdown",
    "dpleft",
    "dpright",
    "lefttrigger",
    "righttrigger",
)


def known_actions() -> set[str]:
    out: set[str] = set()
    fresh = default_bindings()
    for m in [*fresh["keys"].values(), fresh["gamepad"]]:
        for buttons in m.values():
            out.update(buttons)
    return out


def check_names(bindings: dict) -> list[str]:
    """At the door, after the shapes are checked: every virtual button is one this program has and every
    gamepad input one SDL names; a scheme that is not is replaced by its defaults and named. (A control
    added since the file was written stays unbound there; the Controls screen lists it, unbound.)"""
    problems = []
    known = known_actions()
    fresh = default_bindings()
    for scheme in list(bindings["keys"]):
        bad = sorted({b for v in bindings["keys"][scheme].values() for b in v} - known)
        if bad:
            problems.append(f"keys for {scheme!r} name an unknown control {bad[0][:40]!r}; using the defaults")
            bindings["keys"][scheme] = fresh["keys"][scheme]
    pad = bindings["gamepad"]
    bad = sorted({b for v in pad.values() for b in v} - known) or sorted(set(pad) - set(PAD_NAMES))
    if bad:
        problems.append(f"gamepad bindings name an unknown control or button {bad[0][:40]!r}; using the defaults")
        bindings["gamepad"] = fresh["gamepad"]
    return problems
