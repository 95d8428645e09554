"""A game being played: its spec, seats, state and record, with autosave.

No pygame here. Every accepted action is appended to the record and the
record is written atomically to the autosave file, so a killed program loses
at most the action being made. When the game ends the record is kept in the
saves folder and the autosave is removed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from tabletop import paths, storage
from tabletop.core import record as rec
from tabletop.core.actions import to_json
from tabletop.core.game import Refused


def autosave_path() -> Path:
    return paths.data_dir() / "autosave.json"


@dataclass
class Seat:
    name: str
    kind: str = "human"  # "human" or "computer"
    level: str = ""  # computer strength
    scheme: str | None = None  # controls of a human (see input.bindings)

    def to_json(self) -> dict:
        d = {"name": self.name, "kind": self.kind}
        if self.kind == "computer":
            d["level"] = self.level
        elif self.scheme:
            d["controls"] = self.scheme
        return d

    @classmethod
    def from_json(cls, d: dict, index: int) -> Seat:
        kind = d.get("kind") if d.get("kind") in ("human", "computer") else "human"
        name = d.get("name") if isinstance(d.get("name"), str) else f"Player {index + 1}"
        level = d.get("level") if isinstance(d.get("level"), str) else ""
        scheme = d.get("controls") if isinstance(d.get("controls"), str) else None
        return cls(name=name[:24], kind=kind, level=level, scheme=scheme)


@dataclass
class Session:
    spec: object
    seats: list
    options: dict
    seed: int
    setup: dict | None = None
    state: object = None
    record: rec.Record = None
    autosave: bool = True
    bots: dict = field(default_factory=dict)
    resumed: bool = False
    save_error: str = ""

    @classmethod
    def new(
        cls,
        spec,
        seats: list[Seat],
        options: dict | None = None,
        seed: int | None = None,
        setup: dict | None = None,
        autosave: bool = True,
    ) -> Session:
        if seed is None:
            seed = time.time_ns() % (2**48)  # the app picks a seed; the rules never read a clock
        opts = spec.rules.check_options(options or {})
        s = cls(spec=spec, seats=seats, options=opts, seed=seed, setup=setup, autosave=autosave)
        s.record = rec.Record(
            game=spec.id, seed=seed, options=opts, players=[seat.to_json() for seat in seats], setup=setup
        )
        s.state = spec.rules.new_state(opts, seed, len(seats), setup)
        s._make_bots()
        s.save()
        return s

    @classmethod
    def from_record(cls, spec, record: rec.Record, autosave: bool = True) -> Session:
        """Resume a game from its record (raises BadRecord / RefusedAction)."""
        state = rec.replay(record, spec)
        seats = [Seat.from_json(p, i) for i, p in enumerate(record.players)]
        s = cls(
            spec=spec,
            seats=seats,
            options=spec.rules.check_options(record.options),
            seed=record.seed,
            setup=record.setup,
            state=state,
            record=record,
            autosave=autosave,
            resumed=True,
        )
        s._make_bots()
        return s

    def _make_bots(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.kind == "computer" and self.spec.make_bot is not None:
                # older records name levels by old names; an unknown or missing name gets the easiest level
                level = self.spec.level_name(seat.level) or self.spec.bot_levels[0]
                self.bots[i] = self.spec.make_bot(seat=i, level=level, seed=self.seed * 7919 + i)

    @property
    def rules(self):
        return self.spec.rules

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def outcome(self):
        return self.rules.outcome(self.state)

    def view(self, viewer: int | None):
        return self.rules.view_for(self.state, viewer)

    def submit(self, action):
        """Apply an action; on success record and autosave it. Returns the result."""
        result = self.rules.apply(self.state, action)
        if isinstance(result, Refused):
            return result
        if result is self.state:  # nothing changed (e.g. an idle tick): nothing to record
            return result
        self.state = result
        self.record.actions.append(to_json(action))
        self.save()
        return result

    def save(self) -> None:
        if not self.autosave:
            return
        try:
            if self.outcome() is not None:
                self.finish()
                return
            storage.write_atomic(autosave_path(), self.record.dumps())
            self.save_error = ""
        except OSError as e:
            self.save_error = f"Autosave failed: {e.strerror}"

    def finish(self) -> Path | None:
        """Keep the finished game's record in the saves folder; drop the autosave."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = paths.saves_dir() / f"{self.spec.id}-{stamp}-{self.seed % 100000}.json"
        storage.write_atomic(path, self.record.dumps())
        try:
            autosave_path().unlink()
        except FileNotFoundError:
            pass
        return path


def pending_autosave():
    """(record, message): a record to offer for resuming, or None with a message if it was bad."""
    path = autosave_path()
    if not path.exists():
        return None, ""
    try:
        return rec.load(path), ""
    except rec.BadRecord as e:
        try:
            bad = storage.set_aside(path).name
        except OSError:
            bad = "(could not be moved)"
        return None, f"autosave.json: {e}; kept as {bad}"
