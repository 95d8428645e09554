"""JAB actions (frozen dataclasses; JSON through tabletop.core.actions).

Every action carries ``t``: milliseconds on the round clock (see the package docstring in rules/__init__.py).
Targets are "p0.left" / "p0.head" / "p0.right" / "p1.*"; hands "left" / "right".
docs/records.md ("JAB: Realtime Boxing") says when each one is legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core.actions import Action

CLAIMS = ("combo", "counter", "knockout", "clinch", "ding")

# Take, Place, Return and Claim have a hand-written __init__ (dataclass keeps
# it): legal_actions builds a dozen of them at every step of a game, and the
# generated one of a frozen dataclass sets each field through
# object.__setattr__, twice as slow. Same fields, equality, hash and repr.


@dataclass(frozen=True)
class Ready(Action):
    kind: ClassVar[str] = "ready"
    player: int
    t: int


@dataclass(frozen=True)
class Split(Action):
    kind: ClassVar[str] = "split"
    player: int
    left: int
    t: int


@dataclass(frozen=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    player: int
    hand: str
    t: int

    def __init__(self, player: int, hand: str, t: int):
        d = self.__dict__
        d["player"], d["hand"], d["t"] = player, hand, t


@dataclass(frozen=True)
class Place(Action):
    kind: ClassVar[str] = "place"
    player: int
    hand: str
    target: str
    t: int

    def __init__(self, player: int, hand: str, target: str, t: int):
        d = self.__dict__
        d["player"], d["hand"], d["target"], d["t"] = player, hand, target, t


@dataclass(frozen=True)
class Return(Action):
    """The held card goes back on top of its deck. ``at``: where the hand let go (table units, see
    hands.py); None when it let go over its own deck. The hand must have had time to get there since
    the take, and takes again only after the time it needs to come back (R-JAB-5)."""

    kind: ClassVar[str] = "return"
    player: int
    hand: str
    t: int
    at: tuple[float, float] | None = None

    def __init__(self, player: int, hand: str, t: int, at: tuple[float, float] | None = None):
        d = self.__dict__
        d["player"], d["hand"], d["t"], d["at"] = player, hand, t, at


@dataclass(frozen=True)
class Claim(Action):
    kind: ClassVar[str] = "claim"
    player: int
    what: str
    t: int

    def __init__(self, player: int, what: str, t: int):
        d = self.__dict__
        d["player"], d["what"], d["t"] = player, what, t


@dataclass(frozen=True)
class Cover(Action):
    kind: ClassVar[str] = "cover"
    player: int
    target: str
    t: int


@dataclass(frozen=True)
class Choose(Action):
    kind: ClassVar[str] = "choose"
    player: int
    target: str
    t: int


@dataclass(frozen=True)
class Tick(Action):
    kind: ClassVar[str] = "tick"
    t: int
