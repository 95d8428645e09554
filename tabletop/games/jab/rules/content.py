"""JAB content: punch types, colours, values, combo and counter-punch decks.

Everything comes from ``data/content.json`` of the game and is checked on
load; a bad file raises ``ContentError`` naming the file and the problem.

Cards are small integers so states stay cheap to copy::

    card = owner * 25 + type_index * 5 + colour_index

``owner(c)``, ``ctype(c)``, ``colour(c)``, ``value(c)`` and ``card_name(c)``
read them. Combo cards are indices into ``COMBOS``, counter-punch cards are
indices into ``COUNTERS``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import msgspec

from tabletop.core import schema
from tabletop.core.schema import ContentError, distinct

__all__ = ["ContentError", "load_content"]

PATH = Path(__file__).resolve().parent.parent / "data" / "content.json"

Text = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Whole = Annotated[int, msgspec.Meta(ge=0)]


class PunchType(msgspec.Struct, forbid_unknown_fields=True):
    id: Text
    name: Text
    value: Annotated[int, msgspec.Meta(ge=0, le=9)]


class Colour(msgspec.Struct, forbid_unknown_fields=True):
    id: Text
    name: Text
    symbol: Text


class ComboCard(msgspec.Struct, forbid_unknown_fields=True):
    id: Text
    types: Annotated[list[Text], msgspec.Meta(min_length=2, max_length=3)]  # 2 or 3 distinct punch types
    points: Whole

    def __post_init__(self) -> None:
        distinct(self.types, "a combo card's punch types")


class CounterCard(msgspec.Struct, forbid_unknown_fields=True):
    id: Text
    colour: Text
    points: Whole


class Numbers(msgspec.Struct, forbid_unknown_fields=True):
    start_health: Whole
    tokens: Whole
    round_wins_to_win: Whole
    stagger_damage: Whole
    counter_damage: Whole
    clinch_gain: Whole
    ding_penalty: Whole
    clinch_penalty: Whole
    cutman: Whole

    def __post_init__(self) -> None:
        if self.tokens != 2 * self.start_health:
            raise ValueError("tokens must be twice start_health")


class Content(msgspec.Struct, forbid_unknown_fields=True):
    """data/content.json: the five punch types and colours, the decks and the numbers."""

    types: Annotated[list[PunchType], msgspec.Meta(min_length=5, max_length=5)]
    haymaker: Text
    colours: Annotated[list[Colour], msgspec.Meta(min_length=5, max_length=5)]
    borders: Annotated[list[Text], msgspec.Meta(min_length=2, max_length=2)]  # the two players' card borders
    combo_cards: Annotated[list[ComboCard], msgspec.Meta(min_length=1)]
    counter_cards: Annotated[list[CounterCard], msgspec.Meta(min_length=1)]
    numbers: Numbers

    def __post_init__(self) -> None:
        ids = distinct([t.id for t in self.types], "punch type ids")
        colours = distinct([c.id for c in self.colours], "colour ids")
        distinct([c.symbol for c in self.colours], "colour symbols")
        distinct([c.id for c in self.combo_cards], "combo card ids")
        distinct([c.id for c in self.counter_cards], "counter-punch card ids")
        if self.haymaker not in ids:
            raise ValueError(f"haymaker {self.haymaker!r} is not one of the punch types")
        for cc in self.combo_cards:
            if unknown := [t for t in cc.types if t not in ids]:
                raise ValueError(f"combo card {cc.id!r} shows unknown punch type {unknown[0]!r}")
        for k in self.counter_cards:
            if k.colour not in colours:
                raise ValueError(f"counter-punch card {k.id!r} has unknown colour {k.colour!r}")


def load_content(path: Path) -> dict:
    """Read and check a content file; raises ContentError naming the file and the problem."""
    return msgspec.to_builtins(schema.load_content(path, Content))


DATA = load_content(PATH)
TYPES: tuple[str, ...] = tuple(t["id"] for t in DATA["types"])
TYPE_NAMES: tuple[str, ...] = tuple(t["name"] for t in DATA["types"])
TYPE_VALUES: tuple[int, ...] = tuple(t["value"] for t in DATA["types"])
HAYMAKER: int = TYPES.index(DATA["haymaker"])
COLOURS: tuple[str, ...] = tuple(c["id"] for c in DATA["colours"])
COLOUR_NAMES: tuple[str, ...] = tuple(c["name"] for c in DATA["colours"])
SYMBOLS: tuple[str, ...] = tuple(c["symbol"] for c in DATA["colours"])
BORDERS: tuple[str, ...] = tuple(DATA["borders"])
# combo card i: (id, frozenset of type indices, points)
COMBOS: tuple[tuple[str, tuple[int, ...], int], ...] = tuple(
    (cc.get("id", f"combo{i + 1}"), tuple(TYPES.index(t) for t in cc["types"]), cc["points"])
    for i, cc in enumerate(DATA["combo_cards"])
)
# counter card i: (id, colour index, points)
COUNTERS: tuple[tuple[str, int, int], ...] = tuple(
    (k.get("id", f"counter{i + 1}"), COLOURS.index(k["colour"]), k["points"])
    for i, k in enumerate(DATA["counter_cards"])
)
N = dict(DATA["numbers"])
DECK_SIZE = 25


def owner(card: int) -> int:
    return card // 25


def ctype(card: int) -> int:
    return (card % 25) // 5


def colour(card: int) -> int:
    return card % 5


def value(card: int) -> int:
    return TYPE_VALUES[(card % 25) // 5]


def make_card(owner_: int, type_: int, colour_: int) -> int:
    return owner_ * 25 + type_ * 5 + colour_


def card_name(card: int) -> str:
    """'blue Hook' (the border colour tells whose it is)."""
    return f"{COLOUR_NAMES[card % 5].lower()} {TYPE_NAMES[(card % 25) // 5]}"


def card_info(card: int) -> dict:
    """Everything the table draws for a punch card."""
    return {
        "card": card,
        "owner": owner(card),
        "border": BORDERS[owner(card)],
        "type": TYPES[ctype(card)],
        "colour": COLOURS[colour(card)],
        "symbol": SYMBOLS[colour(card)],
        "value": value(card),
        "name": card_name(card),
    }


def parse_card(owner_: int, text) -> int:
    """'blue hook' (colour then type, any case) -> card of that owner."""
    if not isinstance(text, str):
        raise ValueError(f"a card must be written like 'blue hook', got {text!r}")
    parts = text.lower().split()
    if len(parts) != 2 or parts[0] not in COLOURS or parts[1] not in TYPES:
        raise ValueError(f"{text!r} is not a card (write a colour then a punch type, e.g. 'blue hook')")
    return make_card(owner_, TYPES.index(parts[1]), COLOURS.index(parts[0]))
