"""Changing bindings (the Controls screen): pure data, no pygame.

Everything here reads the binding table in ``bindings.py`` generically: every
virtual button that a scheme's defaults use is listed and can be bound, so a
control added there (say a new hand move) appears on the Controls screen by
itself. A binding maps an input (a key name, a gamepad button name) to the
virtual buttons it presses; rebinding a virtual button moves it to one input.

Two virtual buttons *conflict* when one input presses both and both act in the
same place (two ways to move in a menu, two of a game's own buttons); the defaults share
inputs only across places (W is "up" in menus and the left hand's "up" in
real time). Two schemes that two people use at once (the keyboard halves, the
mouse's keys) must not share a key.
"""

from __future__ import annotations

from tabletop.core.i18n import N_, game_text, words
from tabletop.input.bindings import SCHEME_LABELS, declared_buttons, default_bindings

_, ngettext = words(__name__)

PAD_LABELS = {
    "a": "A",
    "b": "B",
    "x": "X",
    "y": "Y",
    "back": "Back",
    "start": "Start",
    "guide": "Guide",
    "leftstick": N_("Left stick press"),
    "rightstick": N_("Right stick press"),
    "leftshoulder": "LB",
    "rightshoulder": "RB",
    "dpup": N_("D-pad up"),
    "dpdown": N_("D-pad down"),
    "dpleft": N_("D-pad left"),
    "dpright": N_("D-pad right"),
    "lefttrigger": "LT",
    "righttrigger": "RT",
}
KEY_LABELS = {
    "space": N_("Space"),
    "return": "Enter",
    "left shift": N_("Left Shift"),
    "right shift": N_("Right Shift"),
    "right ctrl": N_("Right Ctrl"),
    "left ctrl": N_("Left Ctrl"),
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "backspace": "Backspace",
    "tab": "Tab",
}

# Words for the engine's virtual buttons (a game's own buttons bring their labels); any other is named
# from its id ("l_jump" -> "Left hand: jump").
# the labels above in words (translated); the others are what the button or key says
WORDED = {N_("Left stick press"), N_("Right stick press"), N_("D-pad up"), N_("D-pad down"), N_("D-pad left")}
WORDED |= {N_("D-pad right"), N_("Space"), N_("Left Shift"), N_("Right Shift"), N_("Right Ctrl"), N_("Left Ctrl")}

ACTION_LABELS = {
    "up": N_("Move up"),
    "down": N_("Move down"),
    "left": N_("Move left"),
    "right": N_("Move right"),
    "confirm": N_("Choose / OK"),
    "back": N_("Back / take back"),
    "peek": N_("Peek at my cards"),
    "pause": N_("Pause"),
    "next": N_("Next group / page"),
    "prev": N_("Previous group / page"),
    "ready": N_("Real time: ready"),
    "jump": N_("Real time: jump a hand to the next target"),
}
SIDES = {"l_": N_("Real time, left hand: {move}"), "r_": N_("Real time, right hand: {move}")}
MOVE_WORDS = {
    "up": N_("up"),
    "down": N_("down"),
    "left": N_("left"),
    "right": N_("right"),
    "take": N_("take / let go"),
    "fine": N_("precise (hold: slow stick)"),
}

# Where a virtual button acts: two in the same place must not share an input.
NAV = {"up", "down", "left", "right", "confirm", "back", "peek", "pause", "next", "prev"}

# Schemes two people may use at the same time (they must share no key).
TOGETHER = (("keys-left", "keys-right"), ("keys-left", "mouse"), ("keys-right", "mouse"))


def action_label(action: str) -> str:
    if action in ACTION_LABELS:
        return _(ACTION_LABELS[action])
    from tabletop.core import registry

    for spec in registry.load_all().values():  # a game's own button: its label in the game's words
        declared = next((b.label for b in spec.buttons if b.name == action), None)
        if declared:
            return game_text(spec, declared)
    side = SIDES.get(action[:2])
    if side:
        rest = action[2:]
        return _(side).format(move=_(MOVE_WORDS[rest]) if rest in MOVE_WORDS else rest.replace("_", " "))
    return action.replace("_", " ").capitalize()


def input_label(scheme: str, name: str) -> str:
    if scheme == "gamepad":
        label = PAD_LABELS.get(name, name)
    else:
        label = KEY_LABELS.get(name, name.upper() if len(name) == 1 else name.title())
    return _(label) if label in WORDED else label  # "Start", "Enter": as printed on the pad or the key


def place(action: str) -> str:
    """Where a virtual button acts: menus and choices, a real-time hand, or the game's own (ready, its buttons)."""
    if action in NAV:
        return "nav"
    if action[:2] in SIDES:
        return action[:2]
    return "game"


def _order(action: str) -> tuple:
    """Menus first, then the left hand, the right hand, the other real-time controls; each in a reading order."""
    known = list(ACTION_LABELS) + [side + move for side in SIDES for move in MOVE_WORDS]
    known += [b.name for b in declared_buttons()]
    at = known.index(action) if action in known else len(known)
    return ({"nav": 0, "l_": 1, "r_": 2}.get(place(action), 3), at, action)


def defaults_of(scheme: str) -> dict:
    fresh = default_bindings()
    return fresh["gamepad"] if scheme == "gamepad" else fresh["keys"].get(scheme, {})


def mapping(bindings: dict, scheme: str) -> dict:
    """The scheme's input -> virtual buttons (the settings' copy, changed in place by rebind)."""
    if scheme == "gamepad":
        return bindings["gamepad"]
    return bindings["keys"].setdefault(scheme, {})


def actions(bindings: dict, scheme: str) -> list[str]:
    """Every virtual button the scheme can bind, from the binding table (and any bound now), in a sensible order."""
    seen: set[str] = set()
    for m in (defaults_of(scheme), mapping(bindings, scheme)):
        for buttons in m.values():
            seen.update(buttons)
    return sorted(seen, key=_order)


def inputs_for(bindings: dict, scheme: str, action: str) -> list[str]:
    return [name for name, buttons in mapping(bindings, scheme).items() if action in buttons]


def rebind(bindings: dict, scheme: str, action: str, name: str) -> None:
    """Bind ``action`` in ``scheme`` to the input ``name`` alone (its other inputs let go of it)."""
    m = mapping(bindings, scheme)
    for key in list(m):
        if action in m[key] and key != name:
            m[key] = [b for b in m[key] if b != action]
            if not m[key]:
                del m[key]
    if action not in m.get(name, []):
        m[name] = m.get(name, []) + [action]


def reset(bindings: dict, scheme: str | None = None) -> None:
    """The defaults again: for one scheme, or for all."""
    fresh = default_bindings()
    if scheme is None:
        bindings.clear()
        bindings.update(fresh)
    elif scheme == "gamepad":
        bindings["gamepad"] = fresh["gamepad"]
    else:
        bindings["keys"][scheme] = fresh["keys"][scheme]


def conflicts(bindings: dict, scheme: str, action: str) -> list[str]:
    """Why ``action`` clashes, in words ("" list if it does not): another button of the same place on
    one of its inputs, or its key also used by a scheme someone may play at the same time."""
    out = []
    m = mapping(bindings, scheme)
    for name in inputs_for(bindings, scheme, action):
        for other in m.get(name, []):
            if other != action and place(other) == place(action):
                out.append(
                    _("{input} is also {control}").format(input=input_label(scheme, name), control=action_label(other))
                )
        for a, b in TOGETHER:
            if scheme in (a, b):
                them = b if scheme == a else a
                if bindings["keys"].get(them, {}).get(name):
                    out.append(
                        _("{input} is also used by {controls}").format(
                            input=input_label(scheme, name), controls=_(SCHEME_LABELS[them])
                        )
                    )
    return out
