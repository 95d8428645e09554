"""Games kept outside the program's folder (tests/sixth_game, tests/minimal_game), registered for
the time of a test as ``TABLETOP_GAMES`` would load them for a run."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from tabletop.core import registry
from tabletop.core.registry import GameSpec

# the games kept in tests/ (package -> game id): the sixth, and the least a game may be. Named here, not
# imported: importing one registers it, and a test module must not change the games others collect
KEPT = {"tests.sixth_game": "glove-duel", "tests.minimal_game": "ten-count"}


def shipped(spec) -> bool:
    """A game in the program's folder (not one named by TABLETOP_GAMES or kept in tests/)."""
    return type(spec.rules).__module__.startswith("tabletop.games.")


@contextmanager
def kept_game(package: str):
    """The game in ``package`` registered for the time of a test (and forgotten after, unless the
    run loads it anyway through TABLETOP_GAMES)."""
    registry.add_package(package)
    spec = importlib.import_module(package).SPEC
    loaded = spec.id in registry.load_all()
    registry.register(spec)  # again, after an earlier test removed it
    try:
        yield spec
    finally:
        if not loaded:
            registry.remove(spec.id)


def opponent(spec, name: str = "Ben"):
    """The second seat of a test's game: the game's easiest computer, or a person when it has none."""
    from tabletop.session import Seat

    return Seat(name, "computer", level=spec.bot_levels[0]) if spec.has_computer else Seat(name)


def folder(spec) -> Path:
    """The game's folder (its package: where its rules module is)."""
    package = type(spec.rules).__module__.split(".rules")[0]
    return Path(importlib.import_module(package).__file__ or "").parent


def declares(spec, method: str) -> bool:
    """Whether the game's rules give their own ``method`` (``events``, ``summary``, ``report``, ...):
    the contract's optional parts, which a test may ask of a game only when it declares them."""
    from tabletop.core.game import Rules

    return getattr(type(spec.rules), method) is not getattr(Rules, method)


# What a per-game test may ask of a game, each a part of the contract a game declares (docs/engine.md):
# a test marked ``@pytest.mark.needs("computer", "undo")`` runs over the registered games that declare
# both, and asks nothing of a game that does not (tests/conftest.py gives the games)
NEEDS: dict[str, Callable[[GameSpec], bool]] = {
    "computer": lambda s: s.has_computer,  # make_bot with its levels
    "old level names": lambda s: bool(s.level_aliases),  # names older records used for its levels
    "plans": lambda s: s.ladder.plans is not None,  # a family of plans the ladder's exploit search searches
    "help": lambda s: bool(s.help_file),
    "lessons": lambda s: s.tutorial is not None,
    "undo": lambda s: s.dynamics.undo,  # moves may be taken back (so: turns or choices made together)
    "untimed": lambda s: not s.dynamics.clocked,  # no clock in the rules: a move waits for its player
    "commits at once": lambda s: s.dynamics.commits_at_once,  # choices made together, then shown
    "secrets": lambda s: s.hidden_info,  # seats see different things
    "events": lambda s: declares(s, "events"),
    "summary": lambda s: declares(s, "summary"),
    "report": lambda s: declares(s, "report"),
    "words": lambda s: (folder(s) / "locale").is_dir(),  # catalogues of its own: its texts in every language
}


def games(*needs: str) -> list[GameSpec]:
    """Every registered game (the shipped ones and any named in TABLETOP_GAMES) that declares all of
    ``needs``, in the launcher's order: the one list of games every per-game test takes."""
    unknown = [n for n in needs if n not in NEEDS]
    assert not unknown, f"not a part of the contract: {unknown}"
    return [s for s in registry.load_all().values() if all(NEEDS[n](s) for n in needs)]
