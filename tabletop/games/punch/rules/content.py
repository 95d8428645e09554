"""Punch! content: the card kinds and the numbers of the rules, from data/cards.json.

Everything is checked on load; a problem raises ContentError naming the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from tabletop.core import schema
from tabletop.core.schema import ContentError, distinct

__all__ = ["ContentError", "load"]

CARDS_FILE = Path(__file__).resolve().parent.parent / "data" / "cards.json"
Effect = Literal["punch", "nothing", "block", "dodge"]
Whole = Annotated[int, msgspec.Meta(ge=0)]
Text = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]


class Kind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    code: Text
    name: Text
    symbol: Text
    effect: Effect
    power: Whole  # a punch's; 0 for the others
    count: Annotated[int, msgspec.Meta(ge=1)]

    def __post_init__(self) -> None:
        if self.effect == "punch" and self.power < 1:
            raise ValueError(f"punch {self.code!r} needs a power of at least 1")
        if self.effect != "punch" and self.power != 0:
            raise ValueError(f"kind {self.code!r} is not a punch, its power must be 0")


class Settings(msgspec.Struct, forbid_unknown_fields=True):
    start_stamina: Whole
    max_stamina: Whole
    rounds: Annotated[int, msgspec.Meta(ge=1)]
    plays_per_round: Annotated[int, msgspec.Meta(ge=1)]
    rest_gain: Whole
    redeal_same_kind: Whole
    redeal_rounds: Whole
    exchange_max: Whole
    swap_rounds: Whole
    robo_box_program: Annotated[int, msgspec.Meta(ge=1)]
    no_mercy_below: Whole
    break_gains: list[Whole]  # one per break: rounds - 1

    def __post_init__(self) -> None:
        if len(self.break_gains) != self.rounds - 1:
            raise ValueError("break_gains must list one whole number per break (rounds - 1)")
        if not 1 <= self.start_stamina <= self.max_stamina:
            raise ValueError("start_stamina must be between 1 and max_stamina")
        if self.plays_per_round % self.robo_box_program:
            raise ValueError("robo_box_program must divide plays_per_round")


class CardsFile(msgspec.Struct, forbid_unknown_fields=True):
    """data/cards.json: the card kinds and the numbers of the rules."""

    kinds: list[Kind]
    settings: Settings

    def __post_init__(self) -> None:
        distinct([k.code for k in self.kinds], "the kinds' codes")
        for effect in ("nothing", "block", "dodge"):
            if sum(k.effect == effect for k in self.kinds) != 1:
                raise ValueError(f"needs exactly one kind with effect {effect!r}")
        if not any(k.effect == "punch" for k in self.kinds):
            raise ValueError("needs at least one punch kind")
        total, plays = sum(k.count for k in self.kinds), self.settings.rounds * self.settings.plays_per_round
        if total != plays:
            raise ValueError(f"the deck has {total} cards but rounds x plays_per_round is {plays}")


@dataclass(frozen=True)
class Content:
    kinds: tuple[Kind, ...]
    settings: dict

    @property
    def deck_size(self) -> int:
        return sum(k.count for k in self.kinds)


def load(path: Path = CARDS_FILE) -> Content:
    """Read and check a cards file; raises ContentError naming the file and the problem."""
    cards = schema.load_content(path, CardsFile)
    return Content(kinds=tuple(cards.kinds), settings=msgspec.to_builtins(cards.settings))


CONTENT = load()
