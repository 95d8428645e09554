"""Boxing: The Game content: cards and character boards, loaded from JSON and checked.

Every physical card gets an integer id: seat 0's starter deck is 0..7, seat 1's
is 8..15, and the main deck follows from 16. ``CARDS[id]`` is its definition.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal, get_args

import msgspec

from tabletop.core import schema
from tabletop.core.schema import ContentError, distinct

__all__ = ["ContentError", "load_cards", "load_characters"]

DATA = Path(__file__).resolve().parent.parent / "data"

Move = Literal["jab", "cross", "hook", "uppercut", "block", "feint"]
Upgrade = Literal["gloves", "boots", "corner"]
Stance = Literal["orthodox", "southpaw"]
MOVES: tuple[str, ...] = get_args(Move)
PUNCHES = MOVES[:4]
HEAVY = ("cross", "hook", "uppercut")
STANCES: tuple[str, ...] = get_args(Stance)
UPGRADE_TYPES: tuple[str, ...] = get_args(Upgrade)
STARTER_SIZE = 8
STARTER_MIX = {"jab": 2, "cross": 1, "hook": 1, "uppercut": 1, "block": 2, "feint": 1}  # R-BTG-1

# effect kind -> where it may appear
EFFECT_KINDS = {
    "speed": ("card", "upgrade", "trait"),
    "bonus_points": ("card", "trait"),
    "momentum_on_land": ("card", "upgrade", "trait"),
    "carry_on_land": ("card", "upgrade", "trait"),
    "cleanup_momentum": ("upgrade", "trait"),
    "judge_discount": ("upgrade", "trait"),
    "comeback_momentum": ("trait",),
    "start_momentum": ("trait",),
}


@dataclass(frozen=True)
class Effect:
    kind: str
    amount: int
    moves: tuple[str, ...] | None = None  # only these moves (None: all)
    event: int | None = None  # only in this event
    stance: str | None = None  # "same" / "differs": only while stances match / differ


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    move: str | None  # action cards: one of MOVES
    speed: int  # printed speed (0 for non-actions)
    momentum: int  # gained when drafted; a Judge's cost is -momentum
    upgrade: str | None  # upgrade type, or None
    judge: bool
    effects: tuple[Effect, ...]
    text: str
    starter: bool

    @property
    def is_action(self) -> bool:
        return self.move is not None

    @property
    def is_punch(self) -> bool:
        return self.move in PUNCHES


@dataclass(frozen=True)
class Character:
    id: int
    name: str
    stance: str
    trait_name: str
    trait_text: str
    effects: tuple[Effect, ...]


Text = Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
Words = Annotated[str, msgspec.Meta(min_length=1)]


class EffectSpec(msgspec.Struct, forbid_unknown_fields=True):
    kind: str  # one of EFFECT_KINDS, where it may appear
    amount: Annotated[int, msgspec.Meta(ge=1, le=5)]
    moves: Annotated[list[Move], msgspec.Meta(min_length=1)] | None = None  # only these moves (None: all)
    event: Annotated[int, msgspec.Meta(ge=1, le=3)] | None = None  # only in this event
    stance: Literal["same", "differs"] | None = None  # only while stances match / differ

    def on(self, place: str) -> Effect:
        """The effect, on a card, an upgrade or a trait; raises ValueError if it cannot be there."""
        if self.kind not in EFFECT_KINDS:
            raise ValueError(f"unknown effect kind {self.kind!r} (known: {', '.join(EFFECT_KINDS)})")
        if place not in EFFECT_KINDS[self.kind]:
            raise ValueError(f"a {self.kind!r} effect cannot be on a {place}")
        if self.moves is not None and place == "card":
            raise ValueError("a card's own effect cannot name moves")
        moves = tuple(self.moves) if self.moves is not None else None
        return Effect(self.kind, self.amount, moves, self.event, self.stance)


class CardSpec(msgspec.Struct, forbid_unknown_fields=True):
    """A card as cards.json writes it: exactly one of an action (``move``), an upgrade or a judge."""

    name: Text
    move: Move | None = None
    speed: Annotated[int, msgspec.Meta(ge=1, le=10)] | None = None  # actions only
    momentum: Annotated[int, msgspec.Meta(ge=-7, le=3)] = 0  # a judge's is its cost: -7 to -1
    count: Annotated[int, msgspec.Meta(ge=1, le=10)] = 1
    upgrade: Upgrade | None = None
    judge: bool = False
    effects: list[EffectSpec] = []
    text: str = ""

    def __post_init__(self) -> None:
        if [self.move is not None, self.upgrade is not None, self.judge].count(True) != 1:
            raise ValueError("a card is exactly one of an action ('move'), an upgrade ('upgrade') or a judge")
        if (self.speed is None) != (self.move is None):
            raise ValueError("an action has a speed, and only an action")
        if (self.momentum < 0) != self.judge:
            raise ValueError("momentum must be from 0 to 3 (a judge's from -7 to -1)")
        if self.judge and self.effects:
            raise ValueError("judges have no effects")
        if self.upgrade is not None and not self.effects:
            raise ValueError("an upgrade needs at least one effect")
        self.made()  # each effect fits where it is

    def made(self, cid: int = 0, starter: bool = False) -> Card:
        place = "card" if self.move is not None else "upgrade"
        effects = tuple(e.on(place) for e in self.effects)
        return Card(
            cid,
            self.name,
            self.move,
            self.speed or 0,
            self.momentum,
            self.upgrade,
            self.judge,
            effects,
            self.text,
            starter,
        )


class CardsFile(msgspec.Struct, forbid_unknown_fields=True):
    """data/cards.json: one starter deck (each seat gets one) and the main deck."""

    starter: list[CardSpec]
    main: list[CardSpec]
    comment: str = ""

    def __post_init__(self) -> None:
        starter = [c for c in self.starter for _ in range(c.count)]
        if len(starter) != STARTER_SIZE:
            raise ValueError(f"the starter deck must have {STARTER_SIZE} cards, it has {len(starter)}")
        mix: dict[str | None, int] = {}
        for c in starter:
            mix[c.move] = mix.get(c.move, 0) + 1
        if mix != STARTER_MIX:
            raise ValueError(
                f"the starter deck must be 2 Jab, 1 Cross, 1 Hook, 1 Uppercut, 2 Block, 1 Feint, got {mix}"
            )
        distinct([c.name for c in self.main], "the main deck's card names")
        if (n := sum(c.count for c in self.main)) != 50:
            raise ValueError(f"the main deck must have 50 cards, it has {n}")


def load_cards(path: Path = DATA / "cards.json") -> tuple[tuple[Card, ...], int]:
    """All physical cards (by id) and the id of the first main-deck card."""
    deck = schema.load_content(path, CardsFile)
    cards: list[Card] = []
    for starter, specs in ((True, deck.starter), (True, deck.starter), (False, deck.main)):  # a starter deck a seat
        for spec in specs:
            cards += [spec.made(len(cards) + i, starter) for i in range(spec.count)]
    return tuple(cards), 2 * STARTER_SIZE


class Trait(msgspec.Struct, forbid_unknown_fields=True):
    name: Text
    text: Words
    effects: Annotated[list[EffectSpec], msgspec.Meta(min_length=1)]

    def __post_init__(self) -> None:
        for e in self.effects:
            e.on("trait")


class CharacterSpec(msgspec.Struct, forbid_unknown_fields=True):
    name: Text
    stance: Stance
    trait: Trait


class CharactersFile(msgspec.Struct, forbid_unknown_fields=True):
    """data/characters.json: at least 8 boxers (6 are dealt)."""

    characters: Annotated[list[CharacterSpec], msgspec.Meta(min_length=8)]
    comment: str = ""

    def __post_init__(self) -> None:
        distinct([c.name for c in self.characters], "the characters' names")


def load_characters(path: Path = DATA / "characters.json") -> tuple[Character, ...]:
    board = schema.load_content(path, CharactersFile)
    return tuple(
        Character(i, c.name, c.stance, c.trait.name, c.trait.text, tuple(e.on("trait") for e in c.trait.effects))
        for i, c in enumerate(board.characters)
    )


CARDS, FIRST_MAIN = load_cards()
CHARACTERS = load_characters()
MAIN_IDS = tuple(range(FIRST_MAIN, len(CARDS)))


def starter_ids(seat: int) -> tuple[int, ...]:
    return tuple(range(seat * STARTER_SIZE, (seat + 1) * STARTER_SIZE))
