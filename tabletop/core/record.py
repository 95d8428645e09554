"""Game records: a game's id, options, seed, players, optional hand-set
starting position and its ordered actions. A record is the save file and the
replay at once (see docs/records.md). Pure Python, JSON only.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import msgspec

from tabletop import __version__

from .actions import Action, BadAction, action_table, from_json, to_json
from .game import Refused
from .i18n import game_text, words
from .jsonfile import Invalid, parse_json, read_json, short
from .names import check_name
from .registry import GameSpec
from .schema import convert
from .undo import UNDO_KIND, History, actions_of

_, ngettext = words(__name__)

FORMAT = "tabletop-record"
VERSION = 1
MAX_BYTES = 5_000_000
MAX_ACTIONS = 200_000


class BadRecord(Invalid):
    """The file is not a record we can read. The message is one line."""


class RefusedAction(ValueError):
    def __init__(self, index: int, action: dict, reason: str):
        super().__init__(f"action {index} ({action.get('type')}) was refused: {reason}")
        self.index = index
        self.reason = reason


@dataclass
class Record:
    game: str
    seed: int
    options: dict = field(default_factory=dict)
    players: list = field(default_factory=list)  # [{"name":..., "kind": "human"|"computer", ...}]
    setup: dict | None = None
    actions: list = field(default_factory=list)  # JSON dicts, as stored

    def to_json(self) -> dict:
        out = {
            "format": FORMAT,
            "version": VERSION,
            "app": __version__,
            "game": self.game,
            "seed": self.seed,
            "options": self.options,
            "players": self.players,
            "actions": self.actions,
        }
        if self.setup is not None:
            out["setup"] = self.setup
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def add(self, action: Action) -> None:
        self.actions.append(to_json(action))


class Player(msgspec.Struct, forbid_unknown_fields=True):
    """A seat of a record: a person (who may have named controls) or the computer at a level.
    The level is the game's to know (``tabletop.validate.check_players``), and the controls the input's."""

    name: str
    kind: Literal["human", "computer"] = "human"
    level: str | None = None
    controls: str | None = None
    adaptive: bool = False  # the computer's level follows the player between games (tabletop.adaptive)

    def __post_init__(self) -> None:
        check_name(self.name, "name")
        if self.kind == "computer" and self.controls is not None:
            raise ValueError("a computer has no controls")
        if self.kind == "human" and self.level is not None:
            raise ValueError("a person has no computer level")


class Envelope(msgspec.Struct):
    """A record file's own fields (docs/records.md); other fields are ignored. ``format`` and
    ``version`` are read first (``from_data``): they say whether this is a record at all."""

    game: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    seed: Annotated[int, msgspec.Meta(ge=0)]
    app: Annotated[str, msgspec.Meta(max_length=40)] | None = None  # the version that wrote it (0.1.0 wrote none)
    options: dict[str, Any] = {}
    players: Annotated[list[Player], msgspec.Meta(max_length=64)] = []
    setup: dict[str, Any] | None = None
    actions: Annotated[list[Any], msgspec.Meta(max_length=MAX_ACTIONS)] = []

    def __post_init__(self) -> None:
        if self.seed >= 2**64:
            raise ValueError("seed must be a whole number from 0 to 2^64-1")


class JournalLine(msgspec.Struct, forbid_unknown_fields=True):
    """A line of a kept game's journal (docs/records.md): {"n": move number, "a": action}."""

    n: Annotated[int, msgspec.Meta(ge=0, le=MAX_ACTIONS)]
    a: dict[str, Any]


def _seat(m: re.Match) -> str:
    """ "players[1].name" as "player 2's name", "players[1]: " as "player 2: "."""
    return f"player {int(m[1]) + 1}" + ("'s " if m[2] == "." else ": ")


def from_data(data: Any) -> Record:
    """The one record parser: parsed JSON (``core.jsonfile``) as a Record whose fields have
    the right types; raises BadRecord with one line. The game's own checks (its id, options,
    players' levels) are ``tabletop.validate.check_record``'s; the actions are checked by replaying."""
    if not isinstance(data, dict):
        raise BadRecord("is not a game record (not a JSON object)")
    if data.get("format") != FORMAT:
        raise BadRecord(f'is not a game record (no "format": "{FORMAT}")')
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise BadRecord(f"format version {short(version)} is not supported (this program reads {VERSION})")
    try:
        env = convert(data, Envelope)
    except Invalid as e:
        # one line naming the field ("seed must be a whole number, not 'x'"), a seat as people count them
        seat = re.sub(r"^players\[(\d+)\](\.|: )", _seat, str(e))
        raise BadRecord(seat) from None
    players = data.get("players", [])  # as the file has them (checked above)
    return Record(
        game=env.game, seed=env.seed, options=env.options, players=players, setup=env.setup, actions=env.actions
    )


def parse(text: str | bytes) -> Record:
    """A record from the text of its file: read with ``core.jsonfile``'s limits, then ``from_data``."""
    raw = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    if len(raw) > MAX_BYTES:
        raise BadRecord(f"is too large ({len(raw)} bytes; a record is at most {MAX_BYTES})")
    try:
        data = parse_json(raw)
    except Invalid as e:
        raise BadRecord(f"the file {e}") from None
    return from_data(data)


def load(path: str | os.PathLike) -> Record:
    """The record file at ``path`` (a regular file, at most MAX_BYTES)."""
    try:
        return from_data(read_json(path, MAX_BYTES))
    except Invalid as e:
        raise BadRecord(f"{path} {e}") from None


def n_players(record: Record, spec: GameSpec) -> int:
    return len(record.players) or spec.min_players


def start(record: Record, spec: GameSpec) -> Any:
    """The starting state of a record's game; raises BadRecord on bad options/setup."""
    rules = spec.rules
    n = n_players(record, spec)
    if not (spec.min_players <= n <= spec.max_players):
        raise BadRecord(f"{spec.id} is for {spec.min_players} to {spec.max_players} players, the record has {n}")
    try:
        options = rules.check_options(record.options)
        return rules.new_state(options, record.seed, n, record.setup)
    except (ValueError, TypeError, KeyError) as e:
        raise BadRecord(f"bad options or setup: {e}") from None


def undo_off(spec: GameSpec) -> str:
    """Why a game never takes moves back ("" when it may: see core/undo.py)."""
    if not spec.dynamics.undo:
        return _("{game} is played in real time: moves cannot be taken back.").format(game=game_text(spec, spec.name))
    return ""


def history(spec: GameSpec, players: int) -> History:
    """The undo history a game of ``spec`` keeps (see core/undo.py)."""
    return History(spec.rules, players, undo_off(spec))


def has_undo(actions: list) -> bool:
    return any(isinstance(a, dict) and a.get("type") == UNDO_KIND for a in actions)


def replay(
    record: Record,
    spec: GameSpec,
    on_state: Callable[[int | None, Action | None, Any], None] | None = None,
    keep: History | None = None,
) -> Any:
    """Apply every action (an undo entry rewinds, as it did in play); returns the final state.

    Raises BadRecord for a malformed action, RefusedAction for one the rules
    refuse. ``on_state(index, action, state)`` is called after each action.
    ``keep``: a History to fill (a resumed game may take back what it could before).
    """
    rules = spec.rules
    table = action_table(actions_of(rules))
    state = start(record, spec)
    undo = keep if keep is not None else (history(spec, n_players(record, spec)) if has_undo(record.actions) else None)
    for i, raw in enumerate(record.actions):
        try:
            action = from_json(table, raw)
        except BadAction as e:
            raise BadRecord(f"action {i}: {e}") from None
        result = rules.apply(state, action) if undo is None else undo.apply(state, action)
        if isinstance(result, Refused):
            raise RefusedAction(i, raw if isinstance(raw, dict) else {}, result.reason)
        state = result
        if on_state is not None:
            on_state(i, action, state)
    return state


def game_events(record: Record, spec: GameSpec, limit: int = 20_000) -> list[dict]:
    """Every event of a recorded game, oldest first, with the seats named "{0}", "{1}", ...
    (the rules keep only their latest events, so the record is replayed to gather them all).
    A record that does not replay gives the events gathered up to its fault."""
    rules = spec.rules
    seen: dict[int, dict] = {}
    names = [f"{{{i}}}" for i in range(max(1, len(record.players)))]

    def keep(_i: int | None, _action: Action | None, state: Any) -> None:
        if len(seen) < limit:
            for e in rules.events(state, names):
                seen.setdefault(e["n"], e)

    try:
        keep(None, None, start(record, spec))
        replay(record, spec, on_state=keep)
    except (BadRecord, RefusedAction):
        pass
    return [seen[n] for n in sorted(seen)]
