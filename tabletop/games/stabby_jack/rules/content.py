"""Stabby Jack content: the cards and the game's numbers, loaded from data/content.json.

Cards are small value objects: ``Card(rank, suit)``. Ranks 2..10 are the
numbered cards, 1 is the Ace, 11 Jack, 12 Queen, 13 King; a Joker is
``Card(0, "*")``. Suits are "S", "H", "D", "C".
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, NamedTuple

import msgspec

from tabletop.core import schema
from tabletop.core.i18n import N_
from tabletop.core.schema import ContentError, distinct

from .said import Phrase, phrase, word

__all__ = ["ContentError", "load"]

CONTENT_FILE = Path(__file__).resolve().parent.parent / "data" / "content.json"

SUITS = ("S", "H", "D", "C")
ACE, JACK, QUEEN, KING, JOKER_RANK = 1, 11, 12, 13, 0


class Card(NamedTuple):
    rank: int
    suit: str

    @property
    def numbered(self) -> bool:
        return 2 <= self.rank <= 10

    @property
    def monarch(self) -> bool:
        return self.rank in (QUEEN, KING)

    @property
    def special(self) -> bool:
        return not (2 <= self.rank <= 10)

    @property
    def black(self) -> bool:
        return self.suit in ("S", "C")

    def code(self) -> str:
        """Short ASCII code used in records: "7S", "10H", "QD", "AC", "JOKER"."""
        if self.rank == JOKER_RANK:
            return "JOKER"
        return CONTENT.rank_short.get(self.rank, str(self.rank)) + self.suit

    def label(self) -> str:
        """Short text with a suit symbol: "7♠", "Q♦", "Joker" (in the player's language)."""
        if self.rank == JOKER_RANK:
            return word("Joker")
        return CONTENT.rank_short.get(self.rank, str(self.rank)) + CONTENT.symbol[self.suit]

    def phrase(self) -> Phrase | str:
        """The card's name kept language-free, for the log (see said.py)."""
        if self.rank == JOKER_RANK:
            return "Joker"
        return phrase(
            N_("{rank} of {suit}"),
            rank=CONTENT.rank_names.get(self.rank, str(self.rank)),
            suit=CONTENT.symbol[self.suit],
        )

    def name(self) -> str:
        """Words in the player's language: "7 of ♠", "Queen of ♦", "Joker"."""
        return word(self.phrase())


JOKER = Card(JOKER_RANK, "*")


Number = Annotated[int, msgspec.Meta(ge=0, le=100)]
Text = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
RANKS = ("1", "11", "12", "13")  # the ranks with a name: Ace, Jack, Queen, King


class Suit(msgspec.Struct, forbid_unknown_fields=True):
    code: Literal["S", "H", "D", "C"]
    symbol: Text
    name: Text
    stat: Text
    stat_label: Text


class ContentFile(msgspec.Struct, forbid_unknown_fields=True):
    """data/content.json: the suits, the ranks' names and the numbers of the game."""

    suits: Annotated[list[Suit], msgspec.Meta(min_length=4, max_length=4)]
    rank_names: dict[str, Text]
    rank_short: dict[str, Text]
    jokers_per_deck: Number
    players_per_deck: Annotated[int, msgspec.Meta(ge=1, le=100)]
    starting_stats: Annotated[int, msgspec.Meta(ge=1, le=100)]
    max_stats: Number
    level_cost: Annotated[int, msgspec.Meta(ge=1, le=100)]
    monster_xp: Number
    monarch_xp: Number
    monster_damage: Number
    monarch_damage: Number
    monarch_strength: Number
    jack_damage: Number
    heart_monarch_heal: Number
    rest_heal: Number
    win_xp: Number
    log_length: Number

    def __post_init__(self) -> None:
        distinct([s.code for s in self.suits], "the suits' codes")
        for key, table in (("rank_names", self.rank_names), ("rank_short", self.rank_short)):
            if sorted(table) != sorted(RANKS):
                raise ValueError(f"{key} must name the ranks {', '.join(RANKS)}")
        if self.starting_stats > self.max_stats:
            raise ValueError("starting_stats must be between 1 and max_stats")


class Content:
    """The numbers of the game (see content.json), checked on load (``ContentFile``)."""

    def __init__(self, data: ContentFile):
        self.jokers_per_deck = data.jokers_per_deck
        self.players_per_deck = data.players_per_deck
        self.starting_stats = data.starting_stats
        self.max_stats = data.max_stats
        self.level_cost = data.level_cost
        self.monster_xp = data.monster_xp
        self.monarch_xp = data.monarch_xp
        self.monster_damage = data.monster_damage
        self.monarch_damage = data.monarch_damage
        self.monarch_strength = data.monarch_strength
        self.jack_damage = data.jack_damage
        self.heart_monarch_heal = data.heart_monarch_heal
        self.rest_heal = data.rest_heal
        self.win_xp = data.win_xp
        self.log_length = data.log_length
        self.symbol: dict[str, str] = {s.code: s.symbol for s in data.suits}
        self.suit_name: dict[str, str] = {s.code: s.name for s in data.suits}
        self.stat_label: dict[str, str] = {s.code: s.stat_label for s in data.suits}
        self.rank_names: dict[int, str] = {int(r): name for r, name in data.rank_names.items()}
        self.rank_short: dict[int, str] = {int(r): name for r, name in data.rank_short.items()}


def load(path: Path = CONTENT_FILE) -> Content:
    """Read and check a content file; raises ContentError naming the file and the problem."""
    return Content(schema.load_content(path, ContentFile))


CONTENT = load()


def one_deck(jokers: bool) -> list[Card]:
    cards = [Card(r, s) for s in SUITS for r in range(1, 14)]
    if jokers:
        cards += [JOKER] * CONTENT.jokers_per_deck
    return cards


def decks_for(players: int) -> int:
    """R-SJ-1: one deck per two players, rounded up."""
    per = CONTENT.players_per_deck
    return (players + per - 1) // per


def full_deck(players: int, jokers: bool) -> list[Card]:
    out: list[Card] = []
    for _ in range(decks_for(players)):
        out += one_deck(jokers)
    return out


_RANK_CODES = {"A": ACE, "J": JACK, "Q": QUEEN, "K": KING}


def parse_card(text) -> Card:
    """Read a card code such as "7S", "10h", "QD", "JOKER"; raises ValueError."""
    if not isinstance(text, str):
        raise ValueError(f'a card must be text such as "7S", got {text!r:.30}')
    t = text.strip().upper()
    if t == "JOKER":
        return JOKER
    if len(t) < 2 or t[-1] not in SUITS:
        raise ValueError(f'{text!r:.30} is not a card (write e.g. "7S", "10H", "QD", "AC", "JOKER")')
    r = t[:-1]
    if r in _RANK_CODES:
        return Card(_RANK_CODES[r], t[-1])
    if r.isdigit() and 2 <= int(r) <= 10:
        return Card(int(r), t[-1])
    raise ValueError(f"{text!r:.30} is not a card (ranks are A, 2..10, J, Q, K)")
