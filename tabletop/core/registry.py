"""Games register themselves here; the engine knows no game by name.

Every sub-package of ``tabletop.games`` is imported by ``load_all()``; its
``__init__`` calls ``register(GameSpec(...))``. Adding a game is adding a
folder: no engine file changes. The folder is looked through once per run (the
launcher asks for the games on every frame); ``load_all(rescan=True)`` looks again.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

REALTIME = "realtime"
SIMULTANEOUS = "simultaneous"
TURNS = "turns"


@dataclass(frozen=True)
class GameSpec:
    id: str  # command-line id, e.g. "stabby-jack"
    name: str  # shown to players
    rules: Any  # a core.game.Rules instance
    min_players: int = 2
    max_players: int = 2
    dynamics: str = TURNS  # REALTIME, SIMULTANEOUS or TURNS
    hidden_info: bool = False
    blurb: str = ""  # one line for the launcher
    make_bot: Callable[..., Any] | None = None  # (seat, level, seed) -> Bot; also takes player model names
    bot_levels: tuple[str, ...] = ("easy", "strong")  # the computer levels offered, easiest first
    level_aliases: dict = field(default_factory=dict)  # names older records used -> a name in bot_levels
    player_models: tuple[str, ...] = ()  # scripted people for the ladder (make_bot knows them too)
    make_table: Callable[..., Any] | None = None  # (app, session) -> ui Scene; imported lazily
    help_file: str = ""  # path of the in-game help text (markdown)
    headless_play: Callable[..., Any] | None = None  # optional custom self-test driver
    extra: dict = field(default_factory=dict)

    def level_name(self, name: object) -> str | None:
        """The computer level a record or setting names (old names map to new), or None if unknown."""
        if not isinstance(name, str):
            return None
        if name in self.bot_levels:
            return name
        return self.level_aliases.get(name)


_GAMES: dict[str, GameSpec] = {}
_SCANNED = False  # the games package was looked through
LOAD_ERRORS: dict[str, str] = {}  # package -> why it could not be loaded (shown, never fatal)


def register(spec: GameSpec) -> GameSpec:
    if spec.id in _GAMES and _GAMES[spec.id] is not spec:
        raise ValueError(f"game id {spec.id!r} registered twice")
    _GAMES[spec.id] = spec
    return spec


def load_all(rescan: bool = False) -> dict[str, GameSpec]:
    """Every game that loads, in the launcher's order (a copy). The games package is looked
    through on the first call only, or again with ``rescan`` (a game folder added while running)."""
    global _SCANNED
    if not _SCANNED or rescan:
        import tabletop.games as pkg

        for mod in pkgutil.iter_modules(pkg.__path__):
            if mod.ispkg and mod.name not in LOAD_ERRORS:
                try:
                    importlib.import_module(f"{pkg.__name__}.{mod.name}")
                except Exception as e:  # a broken game (e.g. a typo in its content file) must not stop the others
                    LOAD_ERRORS[mod.name] = f"{type(e).__name__}: {e}"
        _SCANNED = True
    return dict(sorted(_GAMES.items(), key=lambda kv: kv[1].extra.get("order", 99)))


def get(game_id: str) -> GameSpec:
    games = load_all()
    if game_id not in games:
        raise KeyError(game_id)
    return games[game_id]
