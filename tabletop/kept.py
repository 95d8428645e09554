"""Kept games and finished records, as the launcher lists them. No pygame.

- ``unfinished()``: every kept game (``games/``), newest first. Each file
  and its journal go through the door (``validate.load_record``); one that
  fails is set aside as ``NAME.bad`` with a one-line message. A journal with
  a bad line keeps the game up to the move before it: one line says so, the
  journal is kept as ``NAME.json.journal.bad`` and the game written whole. A
  game whose id no loaded game has is listed but left untouched (never
  overwritten, never moved). A game open in another program is listed as
  such and left alone. A kept game that turns out to be finished moves to
  ``saves/``.
- ``finished()``: the finished records (``saves/``), newest first, at most
  ``session.KEEP_FINISHED``.
- ``migrate()``: the single ``autosave.json`` of earlier versions becomes a
  kept game like any other.
- ``delete(entry)``: removes a kept game (the launcher asks first).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from tabletop import paths, storage, validate
from tabletop.core import registry
from tabletop.core.game import name_seats
from tabletop.core.i18n import N_, game_text, words
from tabletop.session import KEEP_FINISHED, autosave_path, unique_path

_, ngettext = words(__name__)

# a kept game's score in its row, by the key of the game's summary
SCORES = {"health": N_("health"), "stamina": N_("stamina"), "hp": N_("hp"), "totals": N_("totals")}
MONTHS = (
    N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"),
    N_("Jul"), N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"),
)  # fmt: skip


def when_words(when: float) -> str:
    """A moment as a row of Continue or Replays says it: "28 Nov 2026 19:40", the month in the player's words."""
    t = time.localtime(when)
    return f"{t.tm_mday:02d} {_(MONTHS[t.tm_mon - 1])} {t.tm_year} {t.tm_hour:02d}:{t.tm_min:02d}"


@dataclass
class Entry:
    path: Path
    when: float  # seconds since the epoch: when the file was last written
    game_id: str
    loaded: validate.Loaded | None = None  # None: a game this program does not have
    problem: str = ""
    in_use: bool = False  # open in another program (its journal is locked)

    @property
    def spec(self):
        return self.loaded.spec if self.loaded else None

    @property
    def moves(self) -> int:
        return len(self.loaded.record.actions) if self.loaded else 0

    @property
    def title(self) -> str:
        if self.spec:
            return game_text(self.spec, self.spec.name)
        return _("Unknown game {game}").format(game=validate.short(self.game_id))

    def players(self) -> str:
        if not self.loaded:
            return ""
        out = []
        for p in self.loaded.record.players:
            who = p["name"]
            if p.get("kind") == "computer":
                level = game_text(self.spec, str(p["level"])) if self.spec else p["level"]
                who += " " + _("(computer, {level})").format(level=level)
            out.append(who)
        return _(" vs ").join(out)

    def when_text(self) -> str:
        return when_words(self.when)

    def status(self) -> str:
        """Who is to act, or the score / the result."""
        if not self.loaded:
            return self.problem
        if self.in_use:
            return _("open in another tabletop window")
        spec, state = self.loaded.spec, self.loaded.state
        names = [p["name"] for p in self.loaded.record.players]
        rules = spec.rules
        out = rules.outcome(state)
        if out is not None:
            head = _("A draw") if out.winner is None else _("{name} won").format(name=names[out.winner])
            reason = name_seats(out.reason, names) if out.reason else ""
            if out.winner is not None and reason.startswith(f"{names[out.winner]} win"):
                return reason  # "Ana wins by knockout!" says it all
            return f"{head}: {reason}" if reason else head
        summary = rules.summary(state)
        parts = []
        if validate.is_int(summary.get("round")):
            parts.append(_("round {n}").format(n=summary["round"]))
        for key, word in SCORES.items():
            value = summary.get(key)
            if isinstance(value, list) and len(value) == len(names) and all(validate.is_int(v) for v in value):
                parts.append(f"{_(word)} " + "-".join(str(v) for v in value))
                break
        if not spec.dynamics.clocked:
            acting = [names[s] for s in rules.to_act(state) if 0 <= s < len(names)]
            if acting:
                parts.append(_("{names} to play").format(names=_(" and ").join(acting)))
        return ", ".join(parts)

    def describe(self) -> str:
        """One line: game, players, when, moves and status."""
        moves = ngettext("{n} move", "{n} moves", self.moves).format(n=self.moves)
        bits = [self.title, self.players(), self.when_text(), moves, self.status()]
        return " · ".join(b for b in bits if b)


def _files(folder: Path) -> list[tuple[float, Path]]:
    out: list[tuple[float, Path]] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return out
    for name in names:
        if name.endswith(".json") and not name.startswith("."):
            path = folder / name
            try:
                out.append((path.lstat().st_mtime, path))
            except OSError:
                pass
    out.sort(key=lambda x: (-x[0], x[1].name))
    return out


def _load(path: Path, when: float, games: dict, messages: list[str]) -> Entry | None:
    journal = validate.journal_path(path)
    in_use = storage.in_use(journal)
    try:
        loaded = validate.load_record(path, games)
    except validate.Invalid as e:
        game = _game_id(path)
        if game is not None and game not in games:
            return Entry(path, when, game, None, _("this program does not have this game; the file is left as it is"))
        if in_use:  # another program is playing it: its file is not ours to move
            messages.append(f"{path.name} {e}")
            return None
        said = storage.set_aside_said(path)
        if os.path.lexists(journal):
            storage.set_aside_said(journal)
        messages.append(f"{path.name} {e}; {said}")
        return None
    if loaded.problem and not in_use:
        n = len(loaded.record.actions)
        messages.append(
            _("{file}: {problem}; the game is kept up to move {n}").format(file=path.name, problem=loaded.problem, n=n)
        )
        _keep_whole(path, loaded.record.dumps(), bad=True)
    return Entry(path, when, loaded.record.game, loaded, in_use=in_use)


def _keep_whole(path: Path, text: str, bad: bool = False, to: Path | None = None) -> bool:
    """Write a kept game whole (to ``to`` instead, then remove it and its journal), its journal
    locked meanwhile; a journal with a bad line is kept as NAME.json.journal.bad. False if
    another program has it or it cannot be written."""
    from tabletop.session import keep_bad_journal

    journal_path = validate.journal_path(path)
    try:
        journal = storage.Journal(journal_path)
    except OSError:
        return False
    try:
        if bad:
            keep_bad_journal(path)
        storage.write_atomic(to or path, text)
        if to is None:
            journal.cut()
        else:
            path.unlink()
    except OSError:
        return False
    finally:
        journal.close()
    if to is not None:
        try:
            journal_path.unlink()
        except OSError:
            pass
    return True


def _game_id(path: Path) -> str | None:
    """The "game" of a record file whose game is unknown (so it is left alone), or None."""
    from tabletop.core import record as rec

    try:
        data = validate.read_json(path, rec.MAX_BYTES)
    except validate.Invalid:
        return None
    if isinstance(data, dict) and data.get("format") == rec.FORMAT and isinstance(data.get("game"), str):
        return data["game"]
    return None


def migrate(messages: list[str]) -> None:
    """Move the single autosave.json of earlier versions into the kept games."""
    old = autosave_path()
    if not old.is_file() and not old.is_symlink():
        return
    try:
        os.replace(old, unique_path(paths.games_dir(), "game"))
    except OSError as e:
        messages.append(_("autosave.json could not be moved into the kept games ({why})").format(why=e.strerror))


def unfinished(messages: list[str], games: dict | None = None) -> list[Entry]:
    games = registry.load_all() if games is None else games
    migrate(messages)
    files = _files(paths.games_dir())
    old = autosave_path()
    if old.is_file():  # could not be moved (a read-only folder): listed where it is
        files.insert(0, (old.stat().st_mtime, old))
    out = []
    for when, path in files:
        entry = _load(path, when, games, messages)
        if entry is None:
            continue
        if entry.loaded and not entry.in_use and entry.spec.rules.outcome(entry.loaded.state) is not None:
            # finished after all: it belongs with the records
            if path == old:
                try:
                    os.replace(path, unique_path(paths.saves_dir(), entry.game_id))
                except OSError:
                    pass
            else:
                _keep_whole(path, entry.loaded.record.dumps(), to=unique_path(paths.saves_dir(), entry.game_id))
            continue
        out.append(entry)
    return out


def finished(messages: list[str], games: dict | None = None, limit: int = KEEP_FINISHED) -> list[Entry]:
    games = registry.load_all() if games is None else games
    out: list[Entry] = []
    for when, path in _files(paths.saves_dir()):
        if len(out) >= limit:
            break
        entry = _load(path, when, games, messages)
        if entry is not None:
            out.append(entry)
    return out


def delete(entry: Entry) -> str:
    """Remove a kept game and its journal; "" or why it could not be removed."""
    journal_path = validate.journal_path(entry.path)
    try:
        journal = storage.Journal(journal_path)  # locked: no other program is playing it
    except storage.InUse:
        return _("This game is open in another tabletop window; it was not deleted.")
    except OSError:
        journal = None
    try:
        entry.path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        return _("{file} could not be deleted ({why})").format(file=entry.path.name, why=e.strerror)
    finally:
        if journal is not None:
            journal.close()
    try:
        journal_path.unlink()
    except OSError:
        pass
    return ""


def clean_stale() -> None:
    """Temporary files a killed program left behind, in every folder we write; and the journals of
    kept games that are gone (a program killed as it moved a finished game to the records)."""
    for folder in (paths.config_dir(), paths.data_dir(), paths.games_dir(), paths.saves_dir()):
        storage.clean_stale(folder)
    folder = paths.games_dir()
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        game = folder / name[: -len(validate.JOURNAL)]
        if name.endswith(validate.JOURNAL) and not os.path.lexists(game) and not storage.in_use(folder / name):
            try:
                os.unlink(folder / name)
            except OSError:
                pass
