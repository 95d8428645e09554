"""JAB input helpers: a router for one person against the computer, and the
short key names shown on the claim buttons."""

from __future__ import annotations

from tabletop.core.i18n import N_, words
from tabletop.input.devices import Router

_, ngettext = words(__name__)

PAD_LABELS = {
    "a": "A",
    "b": "B",
    "x": "X",
    "y": "Y",
    "start": "Start",
    "back": "Back",
    "leftshoulder": "LB",
    "rightshoulder": "RB",
    "lefttrigger": "LT",
    "righttrigger": "RT",
}


class SoloRouter(Router):
    """One person against the computer: every keyboard key of the whole
    keyboard, the number keys 1-5, the mouse and any gamepad act for them.
    Only when they chose "gamepad" does a missing gamepad pause the game."""

    def __init__(self, settings, pads, n_seats: int, seat: int, scheme: str | None):
        self.solo = seat
        self.solo_scheme = scheme
        schemes: list[str | None] = [None] * n_seats
        schemes[seat] = "keyboard"
        super().__init__(settings, pads, schemes)

    def map_keys(self) -> None:
        super().map_keys()
        for key, buttons in self.settings.bindings["keys"].get("mouse", {}).items():
            have = self.keymap.setdefault(key, [])
            for b in buttons:
                if (self.solo, b) not in have:
                    have.append((self.solo, b))

    def pad_seats(self) -> list[int]:
        return [self.solo] if self.solo_scheme == "gamepad" else []

    def seat_of_pad(self, iid: int):
        seat = super().seat_of_pad(iid)
        if seat is None and iid in self.pads.pads:
            return self.solo
        return seat

    def pad_stick(self, seat: int, side: str):
        """Against the computer any connected gamepad steers: the stick pushed furthest."""
        if seat != self.solo:
            return super().pad_stick(seat, side)
        best = (0.0, 0.0)
        for iid in self.pads.order:
            x, y = self.pads.stick(iid, side)
            if x * x + y * y > best[0] ** 2 + best[1] ** 2:
                best = (x, y)
        return best


def _key_label(k: str) -> str:
    names = {
        "space": N_("Space"),
        "return": N_("Enter"),
        "left shift": N_("LShift"),
        "right shift": N_("RShift"),
        "right ctrl": N_("RCtrl"),
        "left ctrl": N_("LCtrl"),
        "up": "↑",
        "down": "↓",
        "left": "←",
        "right": "→",
        "backspace": N_("Bksp"),
        "'": N_("Quote"),
    }
    return _(names[k]) if k in names else (k.upper() if len(k) == 1 else k)


def hint(settings, scheme: str | None, button: str) -> str:
    """The first input bound to ``button`` in ``scheme`` ("" if none)."""
    if scheme == "gamepad":
        for name, buttons in settings.bindings["gamepad"].items():
            if button in buttons and name in PAD_LABELS:
                return PAD_LABELS[name]
        return ""
    keys = settings.bindings["keys"].get(scheme or "", {})
    for k, buttons in keys.items():
        if button in buttons:
            return _key_label(k)
    return ""


def hand_line(settings, scheme: str | None) -> str:
    """One short line telling a person how their hands move (under the live help line)."""
    if scheme == "mouse":
        return _("Mouse: left button = left hand, right = right hand, middle = the hand the pointer pulls")
    if scheme == "gamepad":
        line = _("Sticks (d-pad: left) move the hands · {take} take · hold {fine}: slow · press a stick in: jump")
        return line.format(**_pad_words(settings))
    return " · ".join(hand_help(settings, scheme))


def _pad_words(settings) -> dict[str, str]:
    """The pad's take and precise buttons for both hands, as bound ("LB/RB", "LT/RT")."""
    return {
        what: "/".join(hint(settings, "gamepad", side + what) or "?" for side in ("l_", "r_"))
        for what in ("take", "fine")
    }


def hand_help(settings, scheme: str | None) -> list[str]:
    """Short lines telling a person how their hands move (take: take and let go)."""
    if scheme == "mouse":
        return [
            _("Mouse: the pointer moves your hand; left button: left hand,"),
            _("right button: right hand (press on a deck, let go on a target)"),
        ]
    if scheme == "gamepad":
        return [
            _(
                "Sticks (d-pad: left hand) move your hands; {take} take and let go; hold {fine} for that hand's "
                "slow, precise pace; press a stick in to jump"
            ).format(**_pad_words(settings)),
            _("A combo · B counter · X clinch/KO · Y Ding! · Start ready"),
        ]
    keys = settings.bindings["keys"].get(scheme or "", {})

    def cluster(prefix):
        ks = [
            next((_key_label(k) for k, b in keys.items() if prefix + d in b), "?")
            for d in ("up", "left", "down", "right")
        ]
        take = next((_key_label(k) for k, b in keys.items() if prefix + "take" in b), "?")
        return "".join(ks) if all(len(k) == 1 for k in ks) else " ".join(ks), take

    lm, lt = cluster("l_")
    rm, rt = cluster("r_")
    jump = next((_key_label(k) for k, b in keys.items() if "jump" in b), "")
    out = [
        _("Left hand {keys}, take {take}").format(keys=lm, take=lt),
        _("Right hand {keys}, take {take}").format(keys=rm, take=rt),
    ]
    if jump:
        out.append(_("Jump {key}").format(key=jump))
    return out
