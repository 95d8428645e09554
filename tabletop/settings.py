"""The player's settings: one JSON file in the platform's config folder.

Loading never crashes and never silently resets. The file goes through the
door (``tabletop.validate``): a file that cannot be read at all is set aside
as ``settings.json.bad`` with a one-line message and defaults are used.
Values that are wrong are replaced by defaults and the first is named in one
line; the original is copied to ``settings.json.bad`` and the corrected file
written. If that cannot be written (a full disk, a read-only folder) the
original stays exactly where it was and the message says so, so nothing the
player wrote is lost or silently dropped.

Two programs may share the file (a player who starts the game twice). Saving
reads the file again just before writing, with the other programs kept out
meanwhile (``storage.held``), and writes only what this program changed since
it last read or wrote the file over what is there: one program's change
never undoes another's.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass, field
from pathlib import Path

from tabletop import paths, storage, validate
from tabletop.input.bindings import SCHEMES, check_bindings, default_bindings

MAX_BYTES = 1_000_000
VERSION = 1

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
    "last_invite": "",  # Play online > Join: the last invite that joined a game
    "last_server": "",  # Play online > Host on a server: the last server a room was made on
}


def _number(v, lo, hi) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and lo <= v <= hi


def _texts(v, limit: int = 200) -> bool:
    return isinstance(v, list) and len(v) <= limit and all(isinstance(x, str) and len(x) <= 80 for x in v)


def _tutorial_ok(v) -> bool:
    """The tutorial's progress: {"done": {game: [lesson ids]}, "offered": [game ids]}, both optional."""
    if not isinstance(v, dict) or set(v) - {"done", "offered"}:
        return False
    done = v.get("done", {})
    if not isinstance(done, dict) or not all(isinstance(k, str) and _texts(ids) for k, ids in done.items()):
        return False
    return _texts(v.get("offered", []))


CHECKS = {
    "window": lambda v: (
        isinstance(v, list) and len(v) == 2 and all(validate.is_int(x) and 100 <= x <= 10000 for x in v)
    ),
    "fullscreen": lambda v: isinstance(v, bool),
    "sound": lambda v: isinstance(v, bool),
    "volume": lambda v: _number(v, 0, 1),
    "secrecy": lambda v: v in ("curtain", "peek") and isinstance(v, str),
    "assist": lambda v: isinstance(v, bool),
    "animation_speed": lambda v: _number(v, 0.25, 4),
    "last_setup": lambda v: isinstance(v, dict) and not check_last_setup(v)[1],
    "computer_pace": lambda v: isinstance(v, str) and v in ("slow", "normal", "fast", "instant"),
    "tutorial": lambda v: _tutorial_ok(v),
    "last_invite": lambda v: isinstance(v, str) and len(v) <= 200,
    "last_server": lambda v: isinstance(v, str) and len(v) <= 200,
}


def seat_choices(spec) -> list[str]:
    """What a seat of a game's setup can be: a person, or the computer at one of the game's levels."""
    return ["human"] + [f"computer:{level}" for level in spec.bot_levels]


def _computer_seat(seat: str, what: str) -> bool:
    """A remembered computer seat: its level may have been renamed or removed since (levels
    change), so any short level name is kept; the setup screen maps it to today's level."""
    level = seat.split(":", 1)[1] if seat.startswith("computer:") else ""
    return what == "seats" and 0 < len(level) <= 40 and level.isprintable()


def check_last_setup(value) -> tuple[dict, list[str]]:
    """The launcher's remembered setups, each checked against its game as loaded now.

    Returns (the setups that are fine, problems). A game this program does not
    have, or a setup with any wrong value, is dropped and named."""
    from tabletop.core import registry

    if not isinstance(value, dict):
        return {}, [f"last_setup must be an object, not {validate.short(value)}"]
    games = registry.load_all()
    good, problems = {}, []
    for game_id, setup in value.items():
        try:
            if game_id not in games:
                raise validate.Invalid(f"unknown game {validate.short(game_id)}")
            good[game_id] = _check_one_setup(setup, games[game_id])
        except validate.Invalid as e:
            problems.append(f"last_setup of {validate.short(game_id)}: {e}")
    return good, problems


def _check_one_setup(setup, spec) -> dict:
    if not isinstance(setup, dict):
        raise validate.Invalid(f"must be an object, not {validate.short(setup)}")
    extra = set(setup) - {"players", "seats", "controls", "options", "assist_chosen", "names"}
    if extra:
        raise validate.Invalid(f"unknown key {validate.short(sorted(extra)[0])}")
    if "players" in setup:
        validate.want_int(setup["players"], "players", spec.min_players, spec.max_players)
    kinds = seat_choices(spec)
    for what, allowed in (("seats", kinds), ("controls", list(SCHEMES))):
        items = setup.get(what, [])
        if not isinstance(items, list) or len(items) > spec.max_players:
            raise validate.Invalid(f"{what} must be a list of at most {spec.max_players}, not {validate.short(items)}")
        for item in items:
            if isinstance(item, str) and (item in allowed or _computer_seat(item, what)):
                continue
            raise validate.Invalid(f"{what}: {validate.short(item)} is not one of {', '.join(allowed)}")
    names = setup.get("names", [])
    if not isinstance(names, list) or len(names) > spec.max_players:
        raise validate.Invalid(f"names must be a list of at most {spec.max_players}, not {validate.short(names)}")
    for name in names:
        validate.check_name(name, "a name")
    if "assist_chosen" in setup and not isinstance(setup["assist_chosen"], bool):
        raise validate.Invalid(f"assist_chosen must be true or false, not {validate.short(setup['assist_chosen'])}")
    if "options" in setup:
        validate.check_options(spec.rules, setup["options"])
    return setup


@dataclass
class Settings:
    values: dict = field(
        default_factory=lambda: {k: (list(v) if isinstance(v, list) else v) for k, v in DEFAULTS.items()}
    )
    bindings: dict = field(default_factory=default_bindings)
    path: Path | None = None
    messages: list[str] = field(default_factory=list)
    save_failed: str = ""  # why the last save failed ("" if it worked): said once
    base: dict | None = None  # the file as this program last read or wrote it (None: never)

    def __getitem__(self, key):
        return self.values[key]

    def __setitem__(self, key, value):
        if key not in CHECKS or not CHECKS[key](value):
            raise ValueError(f"bad setting {key}={validate.short(value)}")
        self.values[key] = value

    def dumps(self) -> dict:
        return {"version": VERSION, **self.values, "bindings": self.bindings}

    def save(self) -> bool:
        """Write this program's changes over the file as it is now (another program may have
        changed other settings since); False if it could not be written (said once)."""
        if self.path is None:
            return True
        try:
            with storage.held(self.path.with_name(self.path.name + ".lock")):
                merged = self.dumps()
                disk = _on_disk(self.path)
                if self.base is not None and disk is not None:
                    merged = _merge(self.base, merged, disk)
                storage.write_json(self.path, merged, max_bytes=MAX_BYTES)
        except OSError as e:
            why = f"{self.path.name}: could not be saved ({e.strerror or e}); settings are kept until you quit"
            if why != self.save_failed:
                self.messages.append(why)
            self.save_failed = why
            return False
        self.save_failed = ""
        self._adopt(merged)
        return True

    def _adopt(self, data: dict) -> None:
        """Take ``data`` (checked, as ``dumps`` gives) as this program's settings and as what it last wrote."""
        data = copy.deepcopy(data)  # it may hold these very dictionaries
        self.values.clear()  # in place: a screen may hold them too
        self.values.update({k: v for k, v in data.items() if k in DEFAULTS})
        self.bindings.clear()
        self.bindings.update(data.get("bindings", {}))
        self.base = copy.deepcopy(self.dumps())


def _merge(base, mine, disk):
    """``mine``'s changes since ``base`` made to ``disk``, object by object (a list is one value)."""
    if mine == base:
        return disk
    if not (isinstance(base, dict) and isinstance(mine, dict) and isinstance(disk, dict)):
        return mine
    out = dict(disk)
    for key in set(base) | set(mine):
        if key not in mine:
            out.pop(key, None)
        elif key in base and key in disk:
            out[key] = _merge(base[key], mine[key], disk[key])
        elif mine.get(key) != base.get(key):
            out[key] = mine[key]
    return out


def _on_disk(path: Path) -> dict | None:
    """The settings file as it is now, checked (values that are wrong give way to defaults);
    None if there is none or it cannot be read (this program's settings are written whole)."""
    s = Settings(path=None)
    try:
        _read(path, s)
    except validate.Invalid:
        return None
    return s.dumps()


def settings_path() -> Path:
    return paths.config_dir() / "settings.json"


def load(path: Path | None = None) -> Settings:
    path = path or settings_path()
    s = Settings(path=path)
    if not os.path.lexists(path):
        s.base = copy.deepcopy(s.dumps())
        return s
    try:
        problems = _read(path, s)
    except validate.Invalid as e:
        s.messages.append(f"{path.name} {e}; {storage.set_aside_said(path)} and using default settings")
        return s
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        s.messages.append(f"{path.name}: {problems[0]}{more}; " + _keep_original_and_fix(s, path))
    s.base = copy.deepcopy(s.dumps())
    return s


def _read(path: Path, s: Settings) -> list[str]:
    """Fill ``s`` from the file through the door: the problems with its values (each replaced by
    its default). Raises Invalid for a file that cannot be used at all."""
    data = validate.read_json(path, MAX_BYTES)
    if not isinstance(data, dict):
        raise validate.Invalid("is not a settings object")
    if "version" in data and not validate.same_value(data["version"], VERSION):
        raise validate.Invalid(f"version {validate.short(data['version'])} is not one this program reads (1)")
    problems = []
    for key, value in data.items():
        if key == "version":
            continue
        if key == "bindings":
            s.bindings, bp = check_bindings(value)
            problems += bp
        elif key == "last_setup":
            s.values[key], lp = check_last_setup(value)
            problems += lp
        elif key in CHECKS:
            if CHECKS[key](value):
                s.values[key] = value
            else:
                problems.append(f"{key}={validate.short(value)} is not valid, using {DEFAULTS[key]!r}")
        else:
            problems.append(f"unknown setting {validate.short(key)} ignored")
    return problems


def _keep_original_and_fix(s: Settings, path: Path) -> str:
    """Copy the original to NAME.bad, then write the corrected file; on failure change nothing."""
    bad = path.with_name(path.name + ".bad")
    n = 2
    while os.path.lexists(bad):
        bad = path.with_name(f"{path.name}.bad.{n}")
        n += 1
    try:
        storage.write_atomic(bad, validate.read_bytes(path, MAX_BYTES).decode("utf-8"))
        try:
            storage.write_json(path, s.dumps(), max_bytes=MAX_BYTES)
        except OSError:
            os.unlink(bad)
            raise
    except (OSError, validate.Invalid, UnicodeDecodeError) as e:
        why = getattr(e, "strerror", None) or str(e)
        return f"the corrected file could not be written ({why}), so the file is left as it is"
    return f"the original is kept as {bad.name}"
