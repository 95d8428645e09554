"""Punch! actions. Cards are named by their codes in cards.json ("p1", "dodge"...)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core.actions import Action


@dataclass(frozen=True)
class Redeal(Action):
    """Show a hand with 4+ cards of one kind and deal a fresh one (R-PUN-3)."""

    kind: ClassVar[str] = "redeal"
    player: int


@dataclass(frozen=True)
class KeepHand(Action):
    """Keep a hand that could be redealt."""

    kind: ClassVar[str] = "keep_hand"
    player: int


@dataclass(frozen=True)
class Draft(Action):
    """Advanced rules: the 10 cards picked for this round (R-PUN-5)."""

    kind: ClassVar[str] = "draft"
    player: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Exchange(Action):
    """Exchange cards variant: 0 to 3 cards go under the deck, as many are drawn (R-PUN-7)."""

    kind: ClassVar[str] = "exchange"
    player: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Swap(Action):
    """Exchange cards variant: once per round, before choosing, swap one card with the deck."""

    kind: ClassVar[str] = "swap"
    player: int
    card: str


@dataclass(frozen=True)
class Commit(Action):
    """Lay one card face down for the next play."""

    kind: ClassVar[str] = "commit"
    player: int
    card: str


@dataclass(frozen=True)
class Program(Action):
    """Robo-Box: lay 5 cards face down in play order (R-PUN-8)."""

    kind: ClassVar[str] = "program"
    player: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Ready(Action):
    """Done looking at the break or the match result: go on."""

    kind: ClassVar[str] = "ready"
    player: int


ALL = (Redeal, KeepHand, Draft, Exchange, Swap, Commit, Program, Ready)
