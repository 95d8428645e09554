"""Games kept outside the program's folder (tests/sixth_game, tests/minimal_game), registered for
the time of a test as ``TABLETOP_GAMES`` would load them for a run."""

from __future__ import annotations

import importlib
from contextlib import contextmanager

from tabletop.core import registry

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


def declares(spec, method: str) -> bool:
    """Whether the game's rules give their own ``method`` (``events``, ``summary``, ``report``, ...):
    the contract's optional parts, which a test may ask of a game only when it declares them."""
    from tabletop.core.game import Rules

    return getattr(type(spec.rules), method) is not getattr(Rules, method)
