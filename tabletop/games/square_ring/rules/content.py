"""The Square Ring's content: boxers, their cards and the ring setup, loaded
from data/*.json and checked on load (a bad file raises ContentError naming
the file and the problem).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal, get_args

import msgspec

from tabletop.core import schema
from tabletop.core.schema import ContentError, distinct

from . import board

__all__ = ["ContentError", "load_boxers", "load_ring"]

DATA = Path(__file__).resolve().parent.parent / "data"
Keyword = Literal["stick-and-move", "counter", "daze", "cooldown"]
KEYWORDS: tuple[str, ...] = get_args(Keyword)


@dataclass(frozen=True, eq=False)
class Card:
    """One card in a boxer's hand: a step, a turn or an attack."""

    id: str
    name: str
    kind: str  # "step", "turn" or "attack"
    step: int = -1  # step: 0..7 relative to facing
    favoured: bool = False  # step: may turn 45 degrees after it
    turn: int = 0  # turn: -2, -1, 1, 2 (eighths, + is clockwise)
    power: int = 0
    counter: bool = False
    daze: bool = False
    cooldown: bool = False
    stick_steps: tuple[int, ...] = ()
    area_n: tuple[tuple[int, int], ...] = ()
    area_ne: tuple[tuple[int, int], ...] = ()
    masks: tuple[int, ...] = field(default=(), repr=False, compare=False)

    @property
    def keywords(self) -> tuple[str, ...]:
        out = []
        if self.stick_steps:
            out.append("stick-and-move")
        if self.counter:
            out.append("counter")
        if self.daze:
            out.append("daze")
        if self.cooldown:
            out.append("cooldown")
        return tuple(out)

    def mask(self, sq: int, facing: int) -> int:
        """Bit mask of the squares this attack hits from ``sq`` facing ``facing``."""
        return self.masks[sq * 8 + facing]


@dataclass(frozen=True)
class Boxer:
    id: str
    name: str
    style: str
    blurb: str
    hp: int
    recovery: int
    bursts: int
    reacts: int
    steps: tuple[int, ...]
    favoured: tuple[int, ...]
    cards: tuple[Card, ...]  # the whole hand: steps, turns, attacks
    by_id: dict = field(repr=False, compare=False, default_factory=dict)
    attacks: tuple[Card, ...] = field(repr=False, compare=False, default=())


Text = Annotated[str, msgspec.Meta(min_length=1)]
Small = Annotated[int, msgspec.Meta(ge=0, le=9)]
Offset = tuple[Annotated[int, msgspec.Meta(ge=-4, le=4)], Annotated[int, msgspec.Meta(ge=-4, le=4)]]  # [right, forward]
Area = Annotated[list[Offset], msgspec.Meta(min_length=1)]


def _steps(names: list[str], what: str) -> tuple[int, ...]:
    """Step names as step numbers; raises ValueError for an unknown or repeated one."""
    for s in names:
        if s not in board.STEP_INDEX:
            raise ValueError(f"{what}: {s!r} is not a step (one of {', '.join(board.STEPS)})")
    return tuple(board.STEP_INDEX[s] for s in distinct(names, what))


class Place(msgspec.Struct, forbid_unknown_fields=True):
    square: str  # a1..e5
    facing: str  # N, NE, ...

    def at(self) -> tuple[int, int]:
        return board.parse_square(self.square), board.parse_facing(self.facing)

    def __post_init__(self) -> None:
        self.at()


class TurnCard(msgspec.Struct, forbid_unknown_fields=True):
    id: Text
    name: Text
    turn: Annotated[int, msgspec.Meta(ge=-2, le=2)]  # eighths, + is clockwise

    def __post_init__(self) -> None:
        if self.turn == 0:
            raise ValueError("a turn card must turn")


class RingFile(msgspec.Struct, forbid_unknown_fields=True):
    """data/ring.json: the two starting places and the turn cards every boxer holds."""

    start: Annotated[list[Place], msgspec.Meta(min_length=2, max_length=2)]
    turn_cards: Annotated[list[TurnCard], msgspec.Meta(min_length=1)]

    def __post_init__(self) -> None:
        if self.start[0].square == self.start[1].square:
            raise ValueError("the two boxers cannot start on the same square")


class AttackSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: Text
    name: Text
    power: Annotated[int, msgspec.Meta(ge=1, le=9)]
    area_n: Area  # the squares hit facing north, as [right, forward] offsets
    area_ne: Area  # and facing north-east
    keywords: list[Keyword] = []
    stick_steps: list[str] | None = None  # a Stick-and-Move attack's steps

    def __post_init__(self) -> None:
        for area in (self.area_n, self.area_ne):
            if (0, 0) in area:
                raise ValueError("an attack cannot hit its own square")
            distinct(area, "an attack's offsets")
        if ("stick-and-move" in self.keywords) != (self.stick_steps is not None):
            raise ValueError("a Stick-and-Move attack lists its stick_steps, and only one")
        if self.stick_steps is not None:
            _steps(self.stick_steps, "stick_steps")
        if "jab" in f"{self.id} {self.name}".lower() and not self.stick_steps:
            raise ValueError("every jab must have Stick-and-Move")

    def card(self) -> Card:
        stick = _steps(self.stick_steps, "stick_steps") if self.stick_steps is not None else ()
        area_n, area_ne = tuple(self.area_n), tuple(self.area_ne)
        return Card(
            id=self.id,
            name=self.name,
            kind="attack",
            power=self.power,
            counter="counter" in self.keywords,
            daze="daze" in self.keywords,
            cooldown="cooldown" in self.keywords,
            stick_steps=stick,
            area_n=area_n,
            area_ne=area_ne,
            masks=_masks(area_n, area_ne),
        )


class BoxerSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: Text
    name: Text
    style: Text
    blurb: Text
    hp: Annotated[int, msgspec.Meta(ge=1, le=99)]
    recovery: Annotated[int, msgspec.Meta(ge=0, le=99)]  # at most hp
    bursts: Small
    reacts: Small
    steps: Annotated[list[str], msgspec.Meta(min_length=5)]
    attacks: Annotated[list[AttackSpec], msgspec.Meta(min_length=4)]
    favoured: list[str] = []  # steps after which the boxer may turn 45 degrees

    def __post_init__(self) -> None:
        if self.recovery > self.hp:
            raise ValueError(f"recovery must be at most hp ({self.hp})")
        steps = _steps(self.steps, "steps")
        if any(f not in steps for f in _steps(self.favoured, "favoured")):
            raise ValueError("a favoured step must be one of the boxer's steps")


class BoxersFile(msgspec.Struct, forbid_unknown_fields=True):
    """data/boxers.json: every boxer, with their steps and attack cards."""

    boxers: Annotated[list[BoxerSpec], msgspec.Meta(min_length=1)]

    def __post_init__(self) -> None:
        distinct([b.id for b in self.boxers], "the boxers' ids")


def _masks(area_n, area_ne) -> tuple[int, ...]:
    return tuple(board.area_mask(area_n, area_ne, sq, f) for sq in range(board.SQUARES) for f in range(8))


def load_ring(path: Path = DATA / "ring.json") -> dict:
    ring = schema.load_content(path, RingFile)
    turns = tuple(Card(id=t.id, name=t.name, kind="turn", turn=t.turn) for t in ring.turn_cards)
    return {"start": tuple(p.at() for p in ring.start), "turn_cards": turns}


def load_boxers(path: Path = DATA / "boxers.json", turn_cards=()) -> dict[str, Boxer]:
    out: dict[str, Boxer] = {}
    for b in schema.load_content(path, BoxersFile).boxers:
        steps, favoured = _steps(b.steps, "steps"), _steps(b.favoured, "favoured")
        step_cards = [
            Card(id=board.STEPS[s], name=f"Step {board.STEPS[s]}", kind="step", step=s, favoured=s in favoured)
            for s in sorted(steps)
        ]
        attacks = tuple(a.card() for a in b.attacks)
        cards = (*step_cards, *turn_cards, *attacks)
        try:
            distinct([c.id for c in cards], "its cards' ids (attack ids must differ from step and turn names)")
        except ValueError as e:
            raise ContentError(f"{path}: boxer {b.id!r}: {e}") from None
        out[b.id] = Boxer(
            id=b.id,
            name=b.name,
            style=b.style,
            blurb=b.blurb,
            hp=b.hp,
            recovery=b.recovery,
            bursts=b.bursts,
            reacts=b.reacts,
            steps=steps,
            favoured=favoured,
            cards=cards,
            by_id={c.id: c for c in cards},
            attacks=attacks,
        )
    return out


RING = load_ring()
BOXERS = load_boxers(turn_cards=RING["turn_cards"])
