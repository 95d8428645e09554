"""A game being played: its spec, seats, state and record, with autosave.

No pygame here. Every game has its own kept file (``games/`` in the data
folder, a name no other game uses), so starting another game never replaces
one. The kept file is the whole record as it was when play started or
resumed; every accepted action is then appended, one line each, to its
journal beside it (``NAME.json.journal``), so a move costs the same at move
10 and move 10,000 and a killed program loses at most the action being made
(docs/records.md says why). The journal is locked while the game is open, so
a second program cannot play it at the same time. When the game ends the
whole record goes to the ``saves/`` folder (the newest ``KEEP_FINISHED`` are
kept) and the kept file and journal are removed. Nothing is written that the
loader would refuse: a record over the size limit is not saved, and the
player is told once.
"""

from __future__ import annotations

import errno
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Protocol

from tabletop import paths, storage, validate
from tabletop.core import record as rec
from tabletop.core.actions import Action, to_json
from tabletop.core.game import Bot, Outcome, Refused
from tabletop.core.i18n import N_, words
from tabletop.core.realtime import RealtimeState, follow
from tabletop.core.registry import GameSpec
from tabletop.core.undo import History

_, ngettext = words(__name__)

KEEP_FINISHED = 50  # finished records kept in saves/ (the oldest go first)


def autosave_path() -> Path:
    """The single autosave of earlier versions (moved into games/ by ``kept.migrate``)."""
    return paths.data_dir() / "autosave.json"


def unique_path(folder: Path, game_id: str) -> Path:
    """A new file name in ``folder`` that no file has: GAME-DATE-TIME-XXXXXX.json."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        path = paths.file_in(folder, f"{game_id}-{stamp}-{os.urandom(3).hex()}.json")
        if not any(os.path.lexists(p) for p in (path, validate.journal_path(path))):
            return path


IN_USE = N_("This game is open in another tabletop window.")
GONE = N_("This game is no longer kept: another tabletop window finished or deleted it.")


@dataclass
class Seat:
    name: str
    kind: str = "human"  # "human" or "computer"
    level: str = ""  # computer strength
    scheme: str | None = None  # controls of a human (see input.bindings)
    adaptive: bool = False  # the computer's level follows the player between games (tabletop.adaptive)

    def to_json(self) -> dict:
        d: dict = {"name": self.name, "kind": self.kind}
        if self.kind == "computer":
            d["level"] = self.level
            if self.adaptive:
                d["adaptive"] = True
        elif self.scheme:
            d["controls"] = self.scheme
        return d

    @classmethod
    def from_json(cls, d: dict, index: int) -> Seat:
        kind, name, level, scheme = d.get("kind"), d.get("name"), d.get("level"), d.get("controls")
        return cls(
            name=name[:24] if isinstance(name, str) else _("Player {n}").format(n=index + 1),
            kind=kind if isinstance(kind, str) and kind in ("human", "computer") else "human",
            level=level if isinstance(level, str) else "",
            scheme=scheme if isinstance(scheme, str) else None,
            adaptive=d.get("adaptive") is True,
        )


class GameSession(Protocol):
    """What a game's table needs of a session: a local ``Session`` or an online game's
    ``online.remote.RemoteSession`` (whose state is the seat's view the server sent)."""

    spec: GameSpec
    seats: list[Seat]
    options: dict
    bots: dict[int, Bot]  # seat -> the computer playing it here (none online: the server plays them)

    @property
    def remote(self) -> bool: ...  # played on a server

    @property
    def autosave(self) -> bool: ...  # kept in a file on this computer

    @property
    def save_error(self) -> str: ...

    @property
    def resumed(self) -> bool: ...

    @property
    def state(self) -> Any: ...  # the game's own state type (its rules and its table know it)

    @property
    def record(self) -> rec.Record | None: ...

    @property
    def rules(self) -> Any: ...

    def names(self) -> list[str]: ...
    def outcome(self) -> Outcome | None: ...
    def view(self, viewer: int | None) -> Any: ...
    def submit(self, action: Action) -> Any: ...  # the new state, or Refused
    def undo_seat(self) -> int | None: ...
    def undo_why(self, player: int) -> str: ...
    def take_notice(self) -> str: ...
    def close(self) -> None: ...
    def save(self) -> None: ...
    def kept_here(self) -> bool: ...  # saved on this computer, so Continue resumes it

    live: RealtimeState | None  # real time: the round clock and the hands (core/realtime.py), else None


@dataclass
class Session:
    spec: GameSpec
    seats: list[Seat]
    options: dict
    seed: int
    record: rec.Record
    setup: dict | None = None
    state: Any = None  # the game's own state type (its rules and its table know it)
    autosave: bool = True
    bots: dict[int, Bot] = field(default_factory=dict)
    resumed: bool = False
    save_error: str = ""  # why the game is not being saved now ("" while it is)
    save_notice: str = ""  # the same, once, for the table to show (``take_notice``)
    save_path: Path | None = None  # this game's own kept file
    history: History | None = None  # the moves that may still be taken back (core/undo.py)
    journal: storage.Journal | None = None  # the kept file's journal, open (and locked) while in play
    kept_actions: int = 0  # actions on disk (the kept file and its journal)
    kept_bytes: int = 0  # the size of the kept file written whole (with the journal: what a load reads)
    closed: bool = False
    live: RealtimeState | None = None  # real time: the round clock and the hands (core/realtime.py)
    remote: ClassVar[bool] = False  # played here (a RemoteSession is played on a server)

    def __post_init__(self) -> None:
        if self.live is None and self.state is not None:
            self.live = start_live(self.spec, self.state)

    @classmethod
    def new(
        cls,
        spec: GameSpec,
        seats: list[Seat],
        options: dict | None = None,
        seed: int | None = None,
        setup: dict | None = None,
        autosave: bool = True,
    ) -> Session:
        if seed is None:
            seed = time.time_ns() % (2**48)  # the app picks a seed; the rules never read a clock
        opts = spec.rules.check_options(options or {})
        for i, seat in enumerate(seats):  # never write a name the loader would refuse
            try:
                validate.check_name(seat.name, "name")
            except validate.Invalid:
                seat.name = _("Player {n}").format(n=i + 1)
        record = rec.Record(
            game=spec.id, seed=seed, options=opts, players=[seat.to_json() for seat in seats], setup=setup
        )
        s = cls(spec=spec, seats=seats, options=opts, seed=seed, record=record, setup=setup, autosave=autosave)
        if autosave:
            s.save_path = unique_path(paths.games_dir(), spec.id)
        s.state = spec.rules.new_state(opts, seed, len(seats), setup)
        s.live = start_live(spec, s.state)
        s.history = rec.history(spec, len(seats))
        s._make_bots()
        s.save(whole=True)
        return s

    @classmethod
    def from_record(
        cls, spec: GameSpec, record: rec.Record, autosave: bool = True, path: Path | None = None, state: Any = None
    ) -> Session:
        """Resume a game from its record (raises BadRecord / RefusedAction); it goes on
        being saved to ``path``, the file it was kept in (a new kept file if None).

        A kept file is first locked (raises ``storage.InUse`` with a sentence for the player when
        another program has it open, or it is gone), then read again in case another program
        played on since ``record`` was read, then written whole with its journal emptied."""
        journal, unsaved = None, None
        if autosave and path is not None:
            try:
                journal, record, state = _take(spec, Path(path), record, state)
            except storage.InUse:
                raise
            except OSError as e:  # its folder cannot be written: play goes on without saving (said once)
                if e.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
                    raise  # a journal that is no file of ours (a folder, a pipe): resuming says why
                unsaved = e
        history = rec.history(spec, rec.n_players(record, spec))
        if state is None or not history.off:  # a game that takes moves back replays to know which it may
            state = rec.replay(record, spec, keep=history)
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
            history=history,
        )
        if autosave:
            s.save_path = Path(path) if path else unique_path(paths.games_dir(), spec.id)
            s.journal = journal
            if journal is not None:  # a kept game resumed: one piece again, its journal empty
                s.save(whole=True)
            elif unsaved is not None:
                s._failed(unsaved)
        s._make_bots()
        return s

    def _make_bots(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.kind == "computer" and self.spec.make_bot is None:  # never offered: a caller's mistake
                raise ValueError(f"{self.spec.name} has no computer players (seat {i + 1})")
            if seat.kind == "computer" and self.spec.make_bot is not None:
                # older records name levels by old names; an unknown or missing name gets the easiest level
                level = self.spec.level_name(seat.level) or self.spec.bot_levels[0]
                self.bots[i] = self.spec.make_bot(seat=i, level=level, seed=self.seed * 7919 + i)

    @property
    def rules(self) -> Any:
        return self.spec.rules

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def kept_here(self) -> bool:
        return self.autosave

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def view(self, viewer: int | None) -> Any:
        return self.rules.view_for(self.state, viewer)

    def undo_history(self) -> History:
        if self.history is None:  # a session put together by hand (a replay's, a test's)
            self.history = rec.history(self.spec, len(self.seats))
        return self.history

    def undo_why(self, player: int) -> str:
        """Why ``player`` may not take back a move now ("" when they may): a sentence for people."""
        refused = self.undo_history().check(self.state, player)
        return "" if refused is None else refused.reason

    def undo_seat(self) -> int | None:
        """Who made the latest move that may be taken back now (None: nothing may be)."""
        return self.undo_history().last_player(self.state)

    def submit(self, action: Action) -> Any:
        """Apply an action (``Undo`` takes back a move); on success record and autosave it.
        Returns the result."""
        result = self.undo_history().apply(self.state, action)
        if isinstance(result, Refused):
            return result
        if result is self.state:  # nothing changed (e.g. an idle tick): nothing to record
            return result
        rt = self.spec.realtime
        if rt is not None and self.live is not None:
            self.live = follow(rt, self.live, self.state, result)
        self.state = result
        self.record.actions.append(to_json(action))
        self.save()
        return result

    def save(self, whole: bool = False) -> None:
        """Keep the actions not kept yet: appended to the journal, one line each. With ``whole``
        (or with no journal yet) the whole record is written and its journal emptied: at the
        start, on resuming, after a change to the players. A finished game goes to saves/."""
        if not self.autosave or self.closed:
            return
        try:
            if self.outcome() is not None:
                self.finish()
                return
            if whole or self.journal is None or self.save_error:  # after a failed write, in case it was cut short
                self._keep_whole()
            else:
                self._append()
            self._saved()
        except OSError as e:
            self._failed(e)

    def _append(self) -> None:
        assert self.journal is not None
        actions = self.record.actions
        lines = "".join(_line(n, actions[n]) for n in range(self.kept_actions, len(actions)))
        if len(actions) > rec.MAX_ACTIONS:
            raise storage.TooLarge(_("it would have more than {n} moves").format(n=f"{rec.MAX_ACTIONS:,}"))
        if self.kept_bytes + self.journal.size + len(lines) > rec.MAX_BYTES:
            raise storage.TooLarge(_("it would be larger than {n} bytes").format(n=f"{rec.MAX_BYTES:,}"))
        if lines:
            self.journal.append(lines)
        self.kept_actions = len(actions)

    def _keep_whole(self) -> None:
        path = self.save_path
        if path is None:  # a session put together by hand (a replay's) keeps no file
            return
        if self.journal is None:
            self.journal = storage.Journal(validate.journal_path(path))
        text = self._write(path)
        self.kept_bytes = len(text.encode("utf-8"))
        self.kept_actions = len(self.record.actions)
        self.journal.cut()

    def _write(self, path: Path) -> str:
        """Write the record, unless the loader would refuse it (raises storage.TooLarge)."""
        if len(self.record.actions) > rec.MAX_ACTIONS:
            raise storage.TooLarge(_("it would have more than {n} moves").format(n=f"{rec.MAX_ACTIONS:,}"))
        text = self.record.dumps()
        storage.write_atomic(path, text, max_bytes=rec.MAX_BYTES)
        return text

    def close(self) -> None:
        """Leaving the game: its journal is synced and unlocked (the game stays kept)."""
        self.closed = True
        if self.journal is not None:
            self.journal.close()
            self.journal = None

    def _saved(self) -> None:
        if self.save_error:
            self.save_notice = _("The game is being saved again.")
        self.save_error = ""

    def _failed(self, e: OSError) -> None:
        if isinstance(e, storage.TooLarge):
            error = _("This game is too long to be saved any more ({why}); play goes on unsaved.").format(
                why=e.strerror
            )
        else:
            error = _("The game cannot be saved ({why}); play goes on without saving.").format(why=e.strerror or e)
        if error != self.save_error:
            self.save_notice = error
        self.save_error = error

    def take_notice(self) -> str:
        """A change in saving to tell the player about, once ("" if none)."""
        notice, self.save_notice = self.save_notice, ""
        return notice

    def finish(self) -> Path | None:
        """Keep the finished game's record in the saves folder; drop its kept file."""
        folder = paths.saves_dir()
        path = unique_path(folder, self.spec.id)
        self._write(path)
        self._saved()
        if self.save_path is not None:
            _remove(self.save_path)
            self.close()  # unlocked and closed before it is removed: Windows removes no open file
            _remove(validate.journal_path(self.save_path))
        self.closed = True
        prune(folder, KEEP_FINISHED)
        return path


def start_live(spec: GameSpec, state: Any) -> RealtimeState | None:
    """A real-time game's real-time state at ``state`` (its clock, every hand at rest); None for
    a game that is not played in real time."""
    rt = spec.realtime
    return rt.new_state(state) if rt is not None else None


def _line(n: int, action: dict) -> str:
    """One line of a journal: move ``n`` (from 0) and its action."""
    return json.dumps({"n": n, "a": action}, separators=(",", ":")) + "\n"


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def prune(folder: Path, keep: int) -> None:
    """Remove the oldest finished records beyond the newest ``keep``."""
    try:
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[keep:]:
            old.unlink()
    except OSError:
        pass


def _take(spec: GameSpec, path: Path, record: rec.Record, state: Any) -> tuple[storage.Journal, rec.Record, Any]:
    """Lock a kept game's journal and read the game again: (journal, record, state).

    Raises storage.InUse (its words for the player) if another program has it, or it is gone.
    A journal with a bad line is kept as NAME.json.journal.bad before it is emptied."""
    try:
        journal = storage.Journal(validate.journal_path(path))
    except storage.InUse as e:
        raise storage.InUse(_(GONE) if "no longer" in str(e) else _(IN_USE)) from None
    try:
        if not path.is_file():
            raise storage.InUse(_(GONE))
        now, problem, _journal = validate.read_record(path, {spec.id: spec})
        if now.actions != record.actions:  # played on since it was listed, or a move that cannot be played
            loaded = validate.load_record(path, {spec.id: spec})
            record, state, problem = loaded.record, loaded.state, loaded.problem or problem
        if problem:
            keep_bad_journal(path)
    except validate.Invalid as e:
        journal.close()
        raise storage.InUse(_("This game cannot be read now ({why}).").format(why=e)) from None
    except BaseException:
        journal.close()
        raise
    return journal, record, state


def keep_bad_journal(path: Path) -> None:
    """A copy of a journal with a bad line, as NAME.json.journal.bad (the journal is emptied next);
    none of a file that is not one this program could have written (not a file, or too large)."""
    jpath = validate.journal_path(path)
    try:
        data = validate.read_bytes(jpath, rec.MAX_BYTES)
        bad = jpath.with_name(jpath.name + ".bad")
        n = 2
        while os.path.lexists(bad):
            bad = jpath.with_name(f"{jpath.name}.bad.{n}")
            n += 1
        with open(bad, "xb") as f:
            f.write(data)
    except (OSError, validate.Invalid):
        pass
