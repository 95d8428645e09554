"""Game records: a game's id, options, seed, players, optional hand-set
starting position and its ordered actions. A record is the save file and the
replay at once (see docs/records.md). Pure Python, JSON only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from tabletop import __version__

from .actions import BadAction, action_table, from_json, to_json
from .game import Refused
from .registry import REALTIME
from .undo import UNDO_KIND, History, actions_of

FORMAT = "tabletop-record"
VERSION = 1
MAX_BYTES = 5_000_000
MAX_ACTIONS = 200_000


class BadRecord(ValueError):
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

    def add(self, action) -> None:
        self.actions.append(to_json(action))


def _reject_constants(name):
    raise BadRecord(f"not valid JSON: {name} is not allowed")


def parse(text: str | bytes) -> Record:
    """Parse and check the outer shape of a record (not its actions)."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise BadRecord(f"file is too large ({len(text)} bytes; a record is at most {MAX_BYTES})")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRecord("file is not UTF-8 text") from None
    if len(text) > MAX_BYTES:
        raise BadRecord(f"file is too large (a record is at most {MAX_BYTES} bytes)")
    try:
        data = json.loads(text, parse_constant=_reject_constants)
    except RecursionError:
        raise BadRecord("not valid JSON: nested too deeply") from None
    except json.JSONDecodeError as e:
        raise BadRecord(f"not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    if not isinstance(data, dict):
        raise BadRecord("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise BadRecord(f'not a tabletop record (missing "format": "{FORMAT}")')
    version = data.get("version")
    if version != VERSION:
        raise BadRecord(f"record format version {version!r} is not supported (this program reads {VERSION})")
    app = data.get("app")  # the program version that wrote it; files written before 0.2.0 have none
    if app is not None and not isinstance(app, str):
        raise BadRecord('"app" must be text, the version of tabletop that wrote the record')
    game = data.get("game")
    if not isinstance(game, str):
        raise BadRecord('"game" must be a game id (text), as in the records the games write')
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not (0 <= seed < 2**64):
        raise BadRecord('"seed" must be a whole number from 0 to 2^64-1')
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise BadRecord('"options" must be an object')
    players = data.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise BadRecord('"players" must be a list of objects')
    setup = data.get("setup")
    if setup is not None and not isinstance(setup, dict):
        raise BadRecord('"setup" must be an object')
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise BadRecord('"actions" must be a list')
    if len(actions) > MAX_ACTIONS:
        raise BadRecord(f"too many actions ({len(actions)})")
    return Record(game=game, seed=seed, options=options, players=players, setup=setup, actions=actions)


def load(path) -> Record:
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise BadRecord(f"cannot read {path}: {e.strerror}") from None
    return parse(raw)


def n_players(record: Record, spec) -> int:
    return len(record.players) or spec.min_players


def start(record: Record, spec):
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


def undo_off(spec) -> str:
    """Why a game never takes moves back ("" when it may: see core/undo.py)."""
    if spec.dynamics == REALTIME:
        return f"{spec.name} is played in real time: moves cannot be taken back"
    return ""


def history(spec, players: int) -> History:
    """The undo history a game of ``spec`` keeps (see core/undo.py)."""
    return History(spec.rules, players, undo_off(spec))


def has_undo(actions: list) -> bool:
    return any(isinstance(a, dict) and a.get("type") == UNDO_KIND for a in actions)


def replay(record: Record, spec, on_state=None, keep: History | None = None):
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


def game_events(record: Record, spec, limit: int = 20_000) -> list[dict]:
    """Every event of a recorded game, oldest first, with the seats named "{0}", "{1}", ...
    (the rules keep only their latest events, so the record is replayed to gather them all).
    A record that does not replay gives the events gathered up to its fault."""
    rules = spec.rules
    seen: dict[int, dict] = {}
    names = [f"{{{i}}}" for i in range(max(1, len(record.players)))]

    def keep(_i, _action, state) -> None:
        if len(seen) < limit:
            for e in rules.events(state, names):
                seen.setdefault(e["n"], e)

    try:
        keep(None, None, start(record, spec))
        replay(record, spec, on_state=keep)
    except (BadRecord, RefusedAction):
        pass
    return [seen[n] for n in sorted(seen)]
