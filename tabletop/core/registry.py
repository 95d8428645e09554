"""Games register themselves here; the engine knows no game by name.

Every sub-package of ``tabletop.games`` is imported by ``load_all()``; its
``__init__`` calls ``register(GameSpec(...))``. Adding a game is adding a
folder: no engine file changes. The folder is looked through once per run (the
launcher asks for the games on every frame); ``load_all(rescan=True)`` looks again.

A game kept elsewhere (a folder of a tester's, a game under development) is loaded
the same way once its package is named: ``add_package("pkg.name")`` in code, or the
``TABLETOP_GAMES`` environment variable (package names separated by commas) for a run.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.game import Rules
from tabletop.core.realtime import RealtimeRules


@dataclass(frozen=True)
class Dynamics:
    """A game's kind, as the properties the engine asks of it (never its name): a game declares one
    of TURNS, SIMULTANEOUS and REALTIME, and the engine branches on what the kind does."""

    name: str
    shares_input: bool  # one person acts at a time: every device at this screen acts for them
    commits_at_once: bool  # seats choose at the same time, then the choices are shown together
    undo: bool  # a move may be taken back (core/undo.py; the rules' undo_barrier says which)
    clocked: bool  # time passes in the rules: actions carry it, a round clock runs, hands are steered
    server_drives_bots: bool  # computer seats move on the clock (their driver), not when asked by the table

    def __str__(self) -> str:
        return self.name


TURNS = Dynamics("turns", shares_input=True, commits_at_once=False, undo=True, clocked=False, server_drives_bots=False)
SIMULTANEOUS = Dynamics(
    "simultaneous", shares_input=False, commits_at_once=True, undo=True, clocked=False, server_drives_bots=False
)
REALTIME = Dynamics(
    "realtime", shares_input=False, commits_at_once=False, undo=False, clocked=True, server_drives_bots=True
)

MAX_SEATS = 6  # the most seats a table has room for (and player colours)
ENV_PACKAGES = "TABLETOP_GAMES"  # more game packages to load, e.g. "mygames.rps,mygames.go"


# a tile's picture: the name of one of the engine's drawings (tabletop.ui.art: "glove:cross", "portrait:2",
# "court:J", ...), or the game's own drawing, (surface, rect, colour) -> None, linked with ``lazy`` from
# its table (the pure layers never import pygame)
Picture = str | Callable[[Any, Any, tuple[int, int, int]], None]


@dataclass(frozen=True)
class TileSpec:
    """The game's tile on the launcher."""

    picture: Picture = "rest"
    colour: tuple[int, int, int] = (90, 90, 96)  # the picture card's colour
    length: str = ""  # how long a game usually takes, e.g. "about 10 min" ("" shows none)


@dataclass(frozen=True)
class Button:
    """A game's own virtual button (beyond the engine's: navigation, hands, jump, ready): its name in
    the bindings, its label on the Controls screen, and its default inputs per control scheme (key
    names as pygame names them; SDL's game-controller names for "gamepad")."""

    name: str  # lower case words joined by "_", e.g. "claim_combo"
    label: str  # e.g. "Real time: claim a combo"
    keys: Mapping[str, tuple[str, ...]]  # scheme ("keys-left", "keys-right", "keyboard", "mouse", "gamepad") -> inputs
    # the inputs it had in the engine's earlier default layouts (input/bindings.py), by scheme: a settings file
    # that still holds such a layout, never changed by its player, is read with today's defaults
    was: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class LadderSpec:
    """How ``python -m tabletop.ladder`` measures the game's computer levels."""

    games: int = 300  # games per pair in the default run (fewer for a slow game)
    # the game's own (level, opponent) pairs, given ``quick``; None: each level against random,
    # each player model and the level below
    pairs: Callable[[bool], list[tuple[str, str]]] | None = None
    # the game's own targets from {(level, opponent): row}; None: the ladder's usual targets
    targets: Callable[[dict], list[dict]] | None = None
    # the game's family of plans (a core.skill.Family: its known plans, random ones, their names), which
    # ``--exploit`` searches for the plan that beats a level most; None: nothing to search
    plans: Any = None


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    """What a game gives the engine: the contract (docs/engine.md, "The contract"). The fields
    without a default are required; ``register`` checks the whole spec and refuses a game that
    breaks it with one line naming what is missing. An optional field left out turns a feature
    off, never into a broken screen: the comment says what the engine does without it."""

    # -- required ------------------------------------------------------------------------------
    id: str  # command-line id: lower case words joined by "-"
    name: str  # shown to players
    blurb: str  # one line for the launcher
    rules: Any  # a core.game.Rules instance (its id is the spec's id)
    min_players: int
    max_players: int
    dynamics: Dynamics  # TURNS, SIMULTANEOUS or REALTIME: what the engine asks of the game's kind
    hidden_info: bool  # seats see different things (then the rules' undo_barrier says what a move shows)
    make_table: Callable[..., Any]  # (app, session) -> ui Scene; imported lazily
    order: int  # place on the launcher, lowest first (then by id)
    tile: TileSpec  # the launcher's tile
    # the most actions a game between any two of its levels takes (a real-time game: its ticks too);
    # a headless game that has gone on longer is stopped as broken, never left to run for ever
    max_game_length: int

    # -- optional: without it, the feature is not offered ---------------------------------------
    # (seat, level, seed) -> Bot; also takes player model names and "random".
    # None: no computer seat is offered anywhere (setup, online); headless play uses random moves
    make_bot: Callable[..., Any] | None = None
    bot_levels: tuple[str, ...] = ()  # the computer levels offered, easiest first (() exactly when no make_bot)
    level_aliases: Mapping[str, str] = field(default_factory=dict)  # names older records used -> a bot_levels name
    player_models: tuple[str, ...] = ()  # scripted people for the ladder (make_bot knows them too)
    help_file: str = ""  # the in-game help (markdown); "": no How to play button, no help page
    tutorial: Callable[[], Sequence[Any]] | None = None  # () -> lessons, lazily; None: no Learn to play entry
    headless_play: Callable[..., Any] | None = None  # the game's own headless driver (required in real time)
    ladder: LadderSpec = LadderSpec()  # how the ladder measures the levels (with no make_bot: nothing to measure)
    option_details: Callable[[str, Any], str] | None = None  # (option key, value) -> markdown for the setup panel
    level_notes: Mapping[str, str] = field(default_factory=dict)  # computer level -> a sentence on the setup panel
    # True when the game's round limit rather than its own win decided a finished state (the ladder counts them)
    ended_by_limit: Callable[[Any], bool] | None = None
    # words (lower case) no player may be called, each with what it is in the game ("a card colour"):
    # a log line would not say who did what
    reserved_names: Mapping[str, str] = field(default_factory=dict)
    # real time: (seed) -> (final state, actions) of a random game, the rules' throughput driver
    random_game: Callable[[int], tuple[Any, int]] | None = None
    # real time (required there): the round clock, the tick, the hands and the driver of a computer's
    # hands (core/realtime.py)
    realtime: RealtimeRules | None = None
    # the game's own virtual buttons, added to every scheme's defaults (none: the engine's buttons only)
    buttons: tuple[Button, ...] = ()
    # (seed) -> (states, actions): a busy moment of a game for the benchmark's table (None: computers play a while)
    bench_moment: Callable[[int], tuple[list, list]] | None = None

    @property
    def has_computer(self) -> bool:
        """Whether the game has computer players: only then is a computer seat offered."""
        return self.make_bot is not None

    def level_name(self, name: object) -> str | None:
        """The computer level a record or setting names (old names map to new), or None if unknown."""
        if not isinstance(name, str):
            return None
        if name in self.bot_levels:
            return name
        return self.level_aliases.get(name)


_GAMES: dict[str, GameSpec] = {}
_SCANNED = False  # the games package was looked through
_PACKAGES: list[str] = []  # game packages named by add_package, loaded with the folder's
LOAD_ERRORS: dict[str, str] = {}  # package -> why it could not be loaded (shown, never fatal)


def lazy(module: str, name: str) -> Callable[..., Any]:
    """A function that imports ``module`` only when first called, then calls its ``name``: how a game
    links its table and lessons without importing pygame with its rules, e.g.
    ``make_table=lazy(__name__ + ".table", "make_table")``."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = f"{module}.{name}"
    return call


class ContractError(ValueError):
    """A game that breaks the contract: one line naming what is missing."""


def contract_problem(spec: GameSpec) -> str:
    """What ``spec`` lacks that the engine relies on ("" when it keeps the contract)."""
    if not isinstance(spec, GameSpec):
        return f"{spec!r} is not a GameSpec"
    if not (isinstance(spec.id, str) and re.fullmatch(r"[a-z]+(-[a-z]+)*", spec.id)):
        return f"id {spec.id!r} must be lower case words joined by '-'"
    if not isinstance(spec.rules, Rules):
        return "rules must be a core.game.Rules instance"
    if spec.rules.id != spec.id:
        return f"rules.id is {spec.rules.id!r}, not the spec's id"
    for key in ("name", "blurb"):
        if not (isinstance(getattr(spec, key), str) and getattr(spec, key).strip()):
            return f"{key} must be a sentence players read"
    if not (isinstance(spec.min_players, int) and isinstance(spec.max_players, int)):
        return "min_players and max_players must be whole numbers"
    if not 1 <= spec.min_players <= spec.max_players <= MAX_SEATS:
        return f"players must be 1 <= min_players <= max_players <= {MAX_SEATS}"
    if not isinstance(spec.dynamics, Dynamics):
        return "dynamics must be TURNS, SIMULTANEOUS or REALTIME (a registry.Dynamics)"
    if not isinstance(spec.hidden_info, bool):
        return "hidden_info must be True or False"
    if not callable(spec.make_table):
        return "make_table must be a function (app, session) -> table"
    if not isinstance(spec.order, int) or isinstance(spec.order, bool):
        return "order must be a whole number (the place on the launcher)"
    if not isinstance(spec.tile, TileSpec):
        return "tile must be a TileSpec"
    if not (isinstance(spec.tile.picture, str) or callable(spec.tile.picture)):
        return "tile.picture must name one of the engine's drawings or be the game's own drawing"
    if not isinstance(spec.max_game_length, int) or spec.max_game_length < 1:
        return "max_game_length must be the most actions a game takes (a whole number above 0)"
    if (spec.make_bot is None) != (not spec.bot_levels):
        return "make_bot and bot_levels go together: a computer with its levels, or neither"
    if spec.bot_levels and spec.bot_levels[0] != "Beginner":
        return 'bot_levels start with "Beginner" (the easiest, named for a person)'
    if any("random" in level.lower() for level in spec.bot_levels):
        return 'bot_levels are named for people; the random player is "random", never offered'
    if spec.make_bot is not None and not {"newcomer", "decent", "good"} <= set(spec.player_models):
        return "player_models must have newcomer, decent and good (the ladder plays them)"
    unknown = [a for a, to in spec.level_aliases.items() if to not in spec.bot_levels]
    if unknown:
        return f"level_aliases {unknown[0]!r} names no level of bot_levels"
    if spec.help_file and not Path(spec.help_file).is_file():
        return f"help_file {spec.help_file!r} is not a file"
    if spec.tutorial is not None and not callable(spec.tutorial):
        return "tutorial must be a function () -> lessons"
    if spec.dynamics.clocked and (spec.realtime is None or spec.headless_play is None):
        return "a real-time game needs realtime (its RealtimeRules) and headless_play"
    if spec.hidden_info and type(spec.rules).view_for is Rules.view_for:
        return "a game with hidden things declares view_for: what each seat may see"
    if spec.hidden_info and spec.dynamics.undo and type(spec.rules).undo_barrier is Rules.undo_barrier:
        return "a game with hidden things declares undo_barrier: which moves show a secret"
    for button in spec.buttons:
        if not (isinstance(button, Button) and re.fullmatch(r"[a-z]+(_[a-z]+)*", button.name) and button.label):
            return f"buttons: {getattr(button, 'name', button)!r} needs a lower_case name and a label"
    for method in ("new_state", "to_act", "legal_actions", "apply", "outcome"):
        if getattr(type(spec.rules), method) is getattr(Rules, method):
            return f"rules.{method} is missing"
    if not spec.rules.actions:
        return "rules.actions must list the game's action classes"
    return ""


def register(spec: GameSpec) -> GameSpec:
    """Add a game; ``ContractError`` (one line naming what is missing) when it breaks the contract."""
    problem = contract_problem(spec)
    if problem:
        raise ContractError(f"{getattr(spec, 'id', spec)}: {problem}")
    if spec.id in _GAMES and _GAMES[spec.id] is not spec:
        raise ContractError(f"{spec.id}: game id registered twice")
    _GAMES[spec.id] = spec
    return spec


def remove(game_id: str) -> None:
    """Forget a registered game (a test's game when the test is over); ``register`` brings it back."""
    _GAMES.pop(game_id, None)


def add_package(name: str) -> None:
    """Load the game package ``name`` (importable, its ``__init__`` registers a GameSpec) with the
    others: at once when the games were already looked through, else at the first ``load_all``."""
    if name not in _PACKAGES:
        _PACKAGES.append(name)
    if _SCANNED:
        _load(name, name)


def _load(module: str, key: str) -> None:
    if key in LOAD_ERRORS:
        return
    try:
        importlib.import_module(module)
    except Exception as e:  # a broken game (e.g. a typo in its content file) must not stop the others
        LOAD_ERRORS[key] = str(e) if isinstance(e, ContractError) else f"{type(e).__name__}: {e}"


def load_all(rescan: bool = False) -> dict[str, GameSpec]:
    """Every game that loads, in the launcher's order (a copy). The games package is looked
    through on the first call only, or again with ``rescan`` (a game folder added while running)."""
    global _SCANNED
    if not _SCANNED or rescan:
        import tabletop.games as pkg

        for mod in pkgutil.iter_modules(pkg.__path__):
            if mod.ispkg:
                _load(f"{pkg.__name__}.{mod.name}", mod.name)
        named = [n.strip() for n in os.environ.get(ENV_PACKAGES, "").split(",") if n.strip()]
        for name in dict.fromkeys(named + _PACKAGES):
            _load(name, name)
        _SCANNED = True
    return dict(sorted(_GAMES.items(), key=lambda kv: (kv[1].order, kv[0])))


def get(game_id: str) -> GameSpec:
    games = load_all()
    if game_id not in games:
        raise KeyError(game_id)
    return games[game_id]
