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
from typing import Annotated, Any, Generic, Literal, TypeVar, overload

import msgspec

from tabletop import paths, storage, validate
from tabletop.core import i18n
from tabletop.core.i18n import N_, words
from tabletop.core.names import MAX_NAME, check_name
from tabletop.core.schema import convert
from tabletop.input.bindings import SCHEMES, check_bindings, default_bindings

_, ngettext = words(__name__)

MAX_BYTES = 1_000_000
VERSION = 1

Text80 = Annotated[str, msgspec.Meta(max_length=80)]
Texts = Annotated[list[Text80], msgspec.Meta(max_length=200)]
Address = Annotated[str, msgspec.Meta(max_length=200)]
Name = Annotated[str, msgspec.Meta(max_length=MAX_NAME)]  # and core.names.check_name (why_not)
DEFAULT_NAME = N_("Player")  # the name of a player who skipped choosing one (in their language)
Window = Annotated[list[Annotated[int, msgspec.Meta(ge=100, le=10000)]], msgspec.Meta(min_length=2, max_length=2)]


class Tutorial(msgspec.Struct, forbid_unknown_fields=True):
    """The tutorial's progress (tabletop.tutorial): lessons finished per game, games whose tutorial was offered."""

    done: dict[str, Texts] = {}
    offered: Texts = []


class Values(msgspec.Struct, forbid_unknown_fields=True):
    """Every setting with its kind and its default: the schema of settings.json (with
    ``version`` and ``bindings``, which ``input.bindings`` checks). Each value is checked on
    its own: a wrong one gives way to its default and the others are kept."""

    window: Annotated[
        list[Annotated[int, msgspec.Meta(ge=100, le=10000)]], msgspec.Meta(min_length=2, max_length=2)
    ] = msgspec.field(default_factory=lambda: [1280, 720])
    fullscreen: bool = False
    sound: bool = True
    volume: Annotated[float, msgspec.Meta(ge=0, le=1)] = 0.7
    secrecy: Literal["curtain", "peek"] = "curtain"  # secret-choice games on one screen (R-PUN-9)
    assist: bool = False  # real time: highlight open opportunities (off in tournament play, as the rulings say)
    animation_speed: Annotated[float, msgspec.Meta(ge=0.25, le=4)] = 1.0
    computer_pace: Literal["slow", "normal", "fast", "instant"] = "normal"  # how long turns stay on screen
    # accessibility (docs/accessibility.md): text size in percent, a palette for colour vision, calm motion,
    # holds (the peek control) as a press to open and a press to close
    text_size: Literal[100, 125, 150] = 100
    colour_vision: Literal["usual", "protanopia", "deuteranopia", "tritanopia"] = "usual"
    reduce_motion: bool = False
    hold_toggles: bool = False
    language: Literal["", "en", "es", "de"] = ""  # core.i18n.LANGUAGES; "" until the first start sets the system's
    last_setup: dict[str, Any] = {}  # the launcher remembers each game's last setup (check_last_setup)
    tutorial: Tutorial = msgspec.field(default_factory=Tutorial)
    last_invite: Address = ""  # Play online > Join: the last invite that joined a game
    last_server: Address = ""  # Play online > Host on a server: the last server a room was made on
    name: Name = ""  # the player's own name (core.names' rule); "" until asked at first start (DEFAULT_NAME if skipped)
    adaptive: dict[Text80, Text80] = {}  # game id -> the level the Adaptive computer seat plays next (adaptive.py)


DEFAULTS: dict[str, Any] = msgspec.to_builtins(Values())
KINDS: dict[str, Any] = {f.name: f.type for f in msgspec.structs.fields(Values)}


def why_not(key: str, value) -> str:
    """Why ``value`` cannot be the setting ``key`` ("" if it can)."""
    if key not in KINDS:
        return _("unknown setting {key}").format(key=validate.short(key))
    if key == "last_setup":
        problems = check_last_setup(value)[1]
        return problems[0] if problems else ""
    try:
        convert(value, KINDS[key], key)
        if key == "name" and value:
            check_name(value, "name")
    except validate.Invalid as e:
        return str(e)
    return ""


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
        return {}, [_("last_setup must be an object, not {value}").format(value=validate.short(value))]
    games = registry.load_all()
    good, problems = {}, []
    for game_id, setup in value.items():
        try:
            if game_id not in games:
                raise validate.Invalid(_("unknown game {game}").format(game=validate.short(game_id)))
            good[game_id] = _check_one_setup(setup, games[game_id])
        except validate.Invalid as e:
            problems.append(_("last_setup of {game}: {why}").format(game=validate.short(game_id), why=e))
    return good, problems


class LastSetup(msgspec.Struct, forbid_unknown_fields=True):
    """One game's remembered setup; ``_check_one_setup`` checks it against the game."""

    players: int | None = None
    seats: list[str] = []  # seat_choices
    controls: list[str] = []  # input.bindings.SCHEMES
    names: list[str] = []
    options: dict[str, Any] = {}
    assist_chosen: bool = False


def _check_one_setup(setup, spec) -> dict:
    last = convert(setup, LastSetup)
    if last.players is not None:
        validate.want_int(last.players, "players", spec.min_players, spec.max_players)
    for what, items, allowed in (
        ("seats", last.seats, seat_choices(spec)),
        ("controls", last.controls, list(SCHEMES)),
        ("names", last.names, None),
    ):
        if len(items) > spec.max_players:
            raise validate.Invalid(f"{what} must be a list of at most {spec.max_players}, not {validate.short(items)}")
        for item in items:
            if allowed is None:
                validate.check_name(item, "a name")
            elif item not in allowed and not _computer_seat(item, what):
                raise validate.Invalid(f"{what}: {validate.short(item)} is not one of {', '.join(allowed)}")
    validate.check_options(spec.rules, last.options)
    return setup


T = TypeVar("T")


class Setting(Generic[T]):
    """One setting of ``Values``, read and written as a field of ``Settings``
    (``app.settings.animation_speed``). A value written is checked against the schema first
    (``why_not``): a wrong one raises ValueError and the setting keeps its value."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Setting[T]: ...
    @overload
    def __get__(self, obj: Settings, owner: type | None = None) -> T: ...
    def __get__(self, obj: Settings | None, owner: type | None = None) -> Setting[T] | T:
        return self if obj is None else obj.values[self.name]

    def __set__(self, obj: Settings, value: T) -> None:
        why = why_not(self.name, value)
        if why:
            raise ValueError(f"bad setting: {why}")
        obj.values[self.name] = value


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

    # every setting of Values as a field of its type (what the file holds: nested ones as plain data)
    window = Setting[list[int]]()
    fullscreen = Setting[bool]()
    sound = Setting[bool]()
    volume = Setting[float]()
    secrecy = Setting[str]()
    assist = Setting[bool]()
    animation_speed = Setting[float]()
    computer_pace = Setting[str]()
    text_size = Setting[int]()
    colour_vision = Setting[str]()
    reduce_motion = Setting[bool]()
    hold_toggles = Setting[bool]()
    last_setup = Setting[dict[str, Any]]()
    tutorial = Setting[dict[str, Any]]()
    last_invite = Setting[str]()
    last_server = Setting[str]()
    name = Setting[str]()
    adaptive = Setting[dict[str, str]]()
    language = Setting[str]()

    def speak(self) -> None:
        """Speak the player's language from now on: TABLETOP_LANGUAGE (tests, screenshots), else the
        setting, which the first start sets to the system's language (when there is a catalogue for it)."""
        if not self.language:
            self.language = i18n.system_language()
        i18n.set_language(os.environ.get("TABLETOP_LANGUAGE") or self.language)

    def own_name(self) -> str:
        """The player's name, as the table shows it (DEFAULT_NAME before one is chosen)."""
        name = self.name
        return name if name and name != DEFAULT_NAME else _(DEFAULT_NAME)

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
            why = _("{file}: could not be saved ({why}); settings are kept until you quit").format(
                file=self.path.name, why=e.strerror or e
            )
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


# one field of Settings for each setting of the schema, and no other
assert {k for k, v in vars(Settings).items() if isinstance(v, Setting)} == set(KINDS), "Settings and Values differ"


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
        s.speak()  # the language of the message: the system's (the file could not say)
        aside = storage.set_aside_said(path)
        s.messages.append(
            _("{file} {why}; {aside} and using default settings").format(file=path.name, why=e, aside=aside)
        )
        return s
    s.speak()  # the messages below in the player's language
    if problems:
        more = (
            " " + ngettext("(and {n} more)", "(and {n} more)", len(problems) - 1).format(n=len(problems) - 1)
            if len(problems) > 1
            else ""
        )
        s.messages.append(f"{path.name}: {problems[0]}{more}; " + _keep_original_and_fix(s, path))
    s.base = copy.deepcopy(s.dumps())
    return s


def _read(path: Path, s: Settings) -> list[str]:
    """Fill ``s`` from the file through the door: the problems with its values (each replaced by
    its default). Raises Invalid for a file that cannot be used at all."""
    data = validate.read_json(path, MAX_BYTES)
    if not isinstance(data, dict):
        raise validate.Invalid(_("is not a settings object"))
    if "version" in data and not validate.same_value(data["version"], VERSION):
        raise validate.Invalid(
            _("version {version} is not one this program reads (1)").format(version=validate.short(data["version"]))
        )
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
        elif key in KINDS:
            why = why_not(key, value)
            if why:
                problems.append(_("{why}; using {value}").format(why=why, value=repr(DEFAULTS[key])))
            else:
                s.values[key] = value
        else:
            problems.append(_("unknown setting {key} ignored").format(key=validate.short(key)))
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
        return _("the corrected file could not be written ({why}), so the file is left as it is").format(why=why)
    return _("the original is kept as {file}").format(file=bad.name)
