"""The door: every file the program reads is read and checked here, once,
before any other part of the program uses it.

- reading (``core.jsonfile``): regular files only, bounded reads, JSON with
  limits (digits, depth, NaN, NUL, broken characters);
- one schema per kind of file: ``check_record`` (records and kept games,
  then ``load_record`` replays the actions), ``check_settings`` in
  ``tabletop.settings`` (settings.json); content files are read with
  ``core.jsonfile.read_json`` and checked by their game's own content module.

A problem is an ``Invalid`` with one line of text; a bad value in it is cut
to 40 characters (``short``). Known game ids, computer levels, seat counts
and options are asked of the game registry at run time, never written here.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from tabletop.core.i18n import game_text, words
from tabletop.core.jsonfile import (  # noqa: F401  (the door's reading half, re-exported)
    MAX_DEPTH,
    MAX_INT_DIGITS,
    SHOW,
    Invalid,
    check_text,
    parse_json,
    read_bytes,
    read_json,
    short,
)
from tabletop.core.names import MAX_NAME, check_name  # noqa: F401  (re-exported: one rule for names)
from tabletop.core.registry import GameSpec

if TYPE_CHECKING:  # the record module reads its files through here: no import at run time
    from tabletop.core.game import Rules
    from tabletop.core.record import Record
from tabletop.core.schema import convert  # noqa: F401  (re-exported)

_, ngettext = words(__name__)

# -- small checks used by the schemas ---------------------------------------------------------


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def want_int(value: object, what: str, lo: int, hi: int) -> int:
    if not is_int(value):
        raise Invalid(_("{what} must be a whole number, not {value}").format(what=what, value=short(value)))
    if not lo <= value <= hi:
        raise Invalid(
            _("{what} must be from {lo} to {hi}, not {value}").format(what=what, lo=lo, hi=hi, value=short(value))
        )
    return value


def same_value(a: object, b: object) -> bool:
    """Equal and of the same type: 3.0 is not 3 and true is not 1."""
    return type(a) is type(b) and a == b


def check_options(rules: Rules, options: object, what: str = "options") -> dict:
    """A game's options, complete: every key known, every value one of its choices (same type).
    The game's own ``check_options`` is the one check; here its refusal becomes an Invalid."""
    if not isinstance(options, dict):
        raise Invalid(_("{what} must be an object, not {value}").format(what=what, value=short(options)))
    try:
        return rules.check_options(options)
    except (ValueError, TypeError, KeyError) as e:
        raise Invalid(f"{what}: {short_line(str(e), 100)}") from None


# -- records (finished games, kept games, replays) -------------------------------------------


def known_level(spec: GameSpec, level: object) -> bool:
    """A computer level the game has now, or an old name it still maps to one (``spec.level_name``)."""
    return isinstance(level, str) and bool(level) and spec.level_name(level) is not None


def check_players(players: list, spec: GameSpec) -> list:
    """A record's players (each already checked by ``core.record.Player``) against the game:
    one per seat, each computer at a level the game has, each person's controls ones we have."""
    from tabletop.input.bindings import SCHEMES

    if not players:
        raise Invalid(_('"players" must be a list of one object per seat'))
    name = game_text(spec, spec.name)
    if not spec.min_players <= len(players) <= spec.max_players:
        raise Invalid(
            _("{game} is for {lo} to {hi} players, not {n}").format(
                game=name, lo=spec.min_players, hi=spec.max_players, n=len(players)
            )
        )
    for i, p in enumerate(players):
        if p.get("kind") == "computer" and not spec.has_computer:
            raise Invalid(_("player {n}: {game} has no computer players").format(n=i + 1, game=name))
        if p.get("kind") == "computer" and not known_level(spec, p.get("level")):
            levels = ", ".join(spec.bot_levels)
            raise Invalid(
                _("player {n}: computer level must be one of {levels}, not {value}").format(
                    n=i + 1, levels=levels, value=short(p.get("level"))
                )
            )
        if "controls" in p and p["controls"] not in SCHEMES:
            raise Invalid(
                _("player {n}: controls must be one of {schemes}, not {value}").format(
                    n=i + 1, schemes=", ".join(SCHEMES), value=short(p["controls"])
                )
            )
    return players


def check_record(data: Any, games: Mapping[str, GameSpec]) -> Record:
    """The Record in ``data`` (parsed JSON): its envelope by the one record parser
    (``core.record.from_data``), then what only the game knows: its id, options and players.
    Raises Invalid. The actions and the setup are checked by replaying them (``load_record``)."""
    from tabletop.core import record as rec

    record = rec.from_data(data)
    if record.game not in games:
        raise Invalid(_("unknown game {game} (known: {games})").format(game=short(record.game), games=", ".join(games)))
    spec = games[record.game]
    check_options(spec.rules, record.options, '"options"')  # checked; the record keeps what the file says
    check_players(record.players, spec)
    return record


JOURNAL = ".journal"  # a kept game's moves since its record was last written whole: NAME.json.journal


def journal_path(path: str | os.PathLike) -> Path:
    """The journal beside a record file (docs/records.md, "Kept games and their journal")."""
    path = Path(path)
    return path.with_name(path.name + JOURNAL)


def read_journal(path: str | os.PathLike, have: int) -> tuple[list, str]:
    """The actions of the journal beside the record at ``path`` that come after its ``have``
    actions, and a problem ("" if none): the first bad line and every line after it are left
    out. A last line without its end (a program killed while writing it) is left out quietly."""
    from tabletop.core import record as rec

    jpath = journal_path(path)
    try:
        raw = read_bytes(jpath, rec.MAX_BYTES)
    except Invalid as e:
        if not jpath.exists() and not jpath.is_symlink():
            return [], ""
        return [], _("its journal {why}").format(why=e)
    lines = raw.split(b"\n")[:-1]  # the piece after the last end of line is unfinished
    actions: list = []
    for i, line in enumerate(lines):
        try:
            data = parse_json(line)
            try:
                entry = convert(data, rec.JournalLine)
            except Invalid as e:
                raise Invalid(_('is not {{"n": move number, "a": action}} ({why})').format(why=e)) from None
            n = entry.n
            if n < have and not actions:
                continue  # already in the record (written whole after this line was)
            if n != have + len(actions):
                raise Invalid(_("is move {n}, not {wanted}").format(n=n, wanted=have + len(actions)))
        except Invalid as e:
            return actions, _("line {n} of its journal {why}").format(n=i + 1, why=short_line(str(e), 80))
        actions.append(entry.a)
    return actions, ""


def read_record(path: str | os.PathLike, games: Mapping[str, GameSpec]) -> tuple[Record, str, int]:
    """The record at ``path`` with the moves of its journal (``read_journal``), checked but not
    replayed: (Record, the journal's problem or "", how many actions the file itself holds)."""
    from tabletop.core import record as rec

    record = check_record(read_json(path, rec.MAX_BYTES), games)
    have = len(record.actions)
    more, problem = read_journal(path, have)
    if have + len(more) > rec.MAX_ACTIONS:
        more, problem = (
            more[: rec.MAX_ACTIONS - have],
            _("has more than {n} moves with its journal").format(n=f"{rec.MAX_ACTIONS:,}"),
        )
    record.actions = record.actions + more
    return record, problem, have


class Loaded:
    """A record that passed the door: the record, its game and its final state."""

    def __init__(
        self,
        record: Record,
        spec: GameSpec,
        state: Any,
        refused: Exception | None = None,
        problem: str = "",
        have: int | None = None,
    ) -> None:
        self.record = record
        self.spec = spec
        self.state = state
        self.refused = refused  # a RefusedAction (kept for --summary's exit code 1), or None
        self.problem = problem  # why the journal's moves stop early ("" if they do not)
        self.have = len(record.actions) if have is None else have  # actions in the file itself


def load_record(
    path: str | os.PathLike, games: Mapping[str, GameSpec] | None = None, allow_refused: bool = False
) -> Loaded:
    """Read, check and replay a record file and its journal; raises Invalid (one line, without
    the file name) for a bad record. A journal's move that is bad or that the rules refuse ends
    the game there: the moves before it are kept and ``problem`` says why.

    With ``allow_refused`` a record whose action the rules refuse is returned with
    ``refused`` set (the state before that action) instead of raising."""
    from tabletop.core import record as rec
    from tabletop.core import registry

    games = registry.load_all() if games is None else games
    record, problem, have = read_record(path, games)
    spec = games[record.game]
    start = None
    last: list = [-1, None]  # the index and state of the latest action that replayed

    def mark(i: int | None, _action: object, state: Any) -> None:
        last[0], last[1] = i, state

    try:
        start = rec.start(record, spec)
        state = rec.replay(record, spec, on_state=mark)
    except (rec.BadRecord, rec.RefusedAction) as e:
        if last[0] + 1 >= have and len(record.actions) > have and start is not None:
            # a journal's move: the game is kept up to the move before it
            record.actions = record.actions[: last[0] + 1]
            why = _("move {n}, from its journal, cannot be played ({why})").format(
                n=last[0] + 2, why=short_line(str(e), 80)
            )
            state = last[1] if last[1] is not None else start
            return Loaded(record, spec, state, problem=why, have=have)
        if isinstance(e, rec.BadRecord) or not allow_refused:
            raise Invalid(short_line(str(e))) from None
        return Loaded(record, spec, None, refused=e, have=have)
    except RecursionError:
        raise Invalid(_("is nested too deeply")) from None
    except Exception as e:  # a game that trips over a value its checks let through: still one line
        raise Invalid(_("cannot be replayed ({why})").format(why=f"{type(e).__name__}: {short_line(str(e))}")) from None
    return Loaded(record, spec, state, problem=problem, have=have)


def short_line(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(text: str) -> str:
    """Text that can be drawn, printed and sent anywhere: a file name the system could not decode
    holds lone surrogates (no font draws them, no UTF-8 stream takes them), each shown as "?"."""
    return text.encode("utf-8", "replace").decode("utf-8")
