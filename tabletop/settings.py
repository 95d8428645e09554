"""The player's settings: one JSON file in the platform's config folder.

Loading never crashes and never silently resets: a file that cannot be read
is set aside as ``settings.json.bad`` with a one-line message, and values
that are wrong are replaced by defaults, each named in a message (the
original file is kept as ``.bad`` so nothing the player wrote is lost).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tabletop import paths, storage
from tabletop.input.bindings import check_bindings, default_bindings

DEFAULTS = {
    "window": [1280, 720],
    "fullscreen": False,
    "sound": True,
    "volume": 0.7,
    "secrecy": "curtain",  # Punch!-style games on one screen: "curtain" or "peek" (R-PUN-9)
    "assist": False,  # JAB: highlight open opportunities (R-JAB-6: off in tournament play)
    "animation_speed": 1.0,
    "computer_pace": "normal",  # how long computer turns and your own results stay on screen
    "last_setup": {},  # the launcher remembers each game's last setup
    "tutorial": {},  # lessons finished per game and games whose tutorial was offered (tabletop.tutorial)
}

CHECKS = {
    "window": lambda v: (
        isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and 100 <= x <= 10000 for x in v)
    ),
    "fullscreen": lambda v: isinstance(v, bool),
    "sound": lambda v: isinstance(v, bool),
    "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,
    "secrecy": lambda v: v in ("curtain", "peek"),
    "assist": lambda v: isinstance(v, bool),
    "animation_speed": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0.25 <= v <= 4,
    "computer_pace": lambda v: v in ("slow", "normal", "fast", "instant"),
    "last_setup": lambda v: isinstance(v, dict),
    "tutorial": lambda v: isinstance(v, dict),
}


@dataclass
class Settings:
    values: dict = field(
        default_factory=lambda: {k: (list(v) if isinstance(v, list) else v) for k, v in DEFAULTS.items()}
    )
    bindings: dict = field(default_factory=default_bindings)
    path: Path | None = None
    messages: list[str] = field(default_factory=list)

    def __getitem__(self, key):
        return self.values[key]

    def __setitem__(self, key, value):
        if key not in CHECKS or not CHECKS[key](value):
            raise ValueError(f"bad setting {key}={value!r}")
        self.values[key] = value

    def save(self) -> None:
        if self.path is None:
            return
        try:
            storage.write_json(self.path, {"version": 1, **self.values, "bindings": self.bindings})
        except OSError as e:
            self.messages.append(f"{self.path.name}: could not be saved ({e.strerror})")


def settings_path() -> Path:
    return paths.config_dir() / "settings.json"


def load(path: Path | None = None) -> Settings:
    path = path or settings_path()
    s = Settings(path=path)
    if not path.exists():
        return s
    try:
        data = storage.read_json(path)
    except storage.BadFile as e:
        bad = _set_aside(path)
        s.messages.append(f"{e}; kept as {bad} and using default settings")
        return s
    if not isinstance(data, dict):
        bad = _set_aside(path)
        s.messages.append(f"{path.name}: not a settings object; kept as {bad} and using default settings")
        return s
    problems = []
    for key, value in data.items():
        if key in ("version",):
            continue
        if key == "bindings":
            s.bindings, bp = check_bindings(value)
            problems += bp
        elif key in CHECKS:
            if CHECKS[key](value):
                s.values[key] = value
            else:
                problems.append(f"{key}={str(value)[:30]!r} is not valid, using {DEFAULTS[key]!r}")
        else:
            problems.append(f"unknown setting {key!r} ignored")
    if problems:
        bad = _set_aside(path)
        s.messages.append(f"{path.name}: " + "; ".join(problems) + f" (original kept as {bad})")
        s.save()
    return s


def _set_aside(path: Path) -> str:
    try:
        return storage.set_aside(path).name
    except OSError:
        return "(could not be moved)"
