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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

REALTIME = "realtime"
SIMULTANEOUS = "simultaneous"
TURNS = "turns"
ENV_PACKAGES = "TABLETOP_GAMES"  # more game packages to load, e.g. "mygames.rps,mygames.go"


@dataclass(frozen=True)
class TileSpec:
    """The game's tile on the launcher."""

    picture: str = "rest"  # a picture drawn by tabletop.ui.art, e.g. "glove:cross", "portrait:2", "court:J"
    colour: tuple[int, int, int] = (90, 90, 96)  # the picture card's colour
    length: str = ""  # how long a game usually takes, e.g. "about 10 min" ("" shows none)


@dataclass(frozen=True)
class LadderSpec:
    """How ``python -m tabletop.ladder`` measures the game's computer levels."""

    games: int = 300  # games per pair in the default run (fewer for a slow game)
    # the game's own (level, opponent) pairs, given ``quick``; None: each level against random,
    # each player model and the level below
    pairs: Callable[[bool], list[tuple[str, str]]] | None = None
    # the game's own targets from {(level, opponent): row}; None: the ladder's usual targets
    targets: Callable[[dict], list[dict]] | None = None


@dataclass(frozen=True)
class GameSpec:
    id: str  # command-line id: lower case words joined by "-"
    name: str  # shown to players
    rules: Any  # a core.game.Rules instance
    min_players: int = 2
    max_players: int = 2
    dynamics: str = TURNS  # REALTIME, SIMULTANEOUS or TURNS
    hidden_info: bool = False
    blurb: str = ""  # one line for the launcher
    make_bot: Callable[..., Any] | None = None  # (seat, level, seed) -> Bot; also takes player model names
    bot_levels: tuple[str, ...] = ("easy", "strong")  # the computer levels offered, easiest first
    level_aliases: Mapping[str, str] = field(default_factory=dict)  # names older records used -> a bot_levels name
    player_models: tuple[str, ...] = ()  # scripted people for the ladder (make_bot knows them too)
    make_table: Callable[..., Any] | None = None  # (app, session) -> ui Scene; imported lazily
    help_file: str = ""  # path of the in-game help text (markdown)
    headless_play: Callable[..., Any] | None = None  # optional custom self-test driver
    order: int = 99  # place on the launcher, lowest first (then by id)
    tile: TileSpec = TileSpec()
    ladder: LadderSpec = LadderSpec()
    tutorial: Callable[[], Sequence[Any]] | None = None  # () -> the lessons (tutorial.lesson.Lesson), imported lazily
    option_details: Callable[[str, Any], str] | None = None  # (option key, value) -> markdown for the setup panel
    level_notes: Mapping[str, str] = field(default_factory=dict)  # computer level -> a sentence on the setup panel
    # True when the game's round limit rather than its own win decided a finished state (the ladder counts them)
    ended_by_limit: Callable[[Any], bool] | None = None
    # words (lower case) no player may be called, each with what it is in the game ("a card colour"):
    # a log line would not say who did what
    reserved_names: Mapping[str, str] = field(default_factory=dict)
    # real time: (seed) -> (final state, actions) of a random game, the rules' throughput driver
    random_game: Callable[[int], tuple[Any, int]] | None = None
    # real time: (seat, level, seed, cross_ms) -> the driver that moves a computer's hands on a server's clock
    realtime_driver: Callable[..., Any] | None = None
    # (seed) -> (states, actions): a busy moment of a game for the benchmark's table (None: computers play a while)
    bench_moment: Callable[[int], tuple[list, list]] | None = None

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


def register(spec: GameSpec) -> GameSpec:
    if spec.id in _GAMES and _GAMES[spec.id] is not spec:
        raise ValueError(f"game id {spec.id!r} registered twice")
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
        LOAD_ERRORS[key] = f"{type(e).__name__}: {e}"


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
