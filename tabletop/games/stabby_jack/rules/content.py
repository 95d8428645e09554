"""Stabby Jack content: the cards and the game's numbers, loaded from data/content.json.

Cards are small value objects: ``Card(rank, suit)``. Ranks 2..10 are the
numbered cards, 1 is the Ace, 11 Jack, 12 Queen, 13 King; a Joker is
``Card(0, "*")``. Suits are "S", "H", "D", "C".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple, NoReturn

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
        """Short text with a suit symbol: "7♠", "Q♦", "Joker"."""
        if self.rank == JOKER_RANK:
            return "Joker"
        return CONTENT.rank_short.get(self.rank, str(self.rank)) + CONTENT.symbol[self.suit]

    def name(self) -> str:
        """Words: "7 of ♠", "Queen of ♦", "Joker"."""
        if self.rank == JOKER_RANK:
            return "Joker"
        return f"{CONTENT.rank_names.get(self.rank, str(self.rank))} of {CONTENT.symbol[self.suit]}"


JOKER = Card(JOKER_RANK, "*")


class ContentError(ValueError):
    pass


class Content:
    """The numbers of the game (see content.json); validated on load."""

    INT_KEYS = (
        "jokers_per_deck",
        "players_per_deck",
        "starting_stats",
        "max_stats",
        "level_cost",
        "monster_xp",
        "monarch_xp",
        "monster_damage",
        "monarch_damage",
        "monarch_strength",
        "jack_damage",
        "heart_monarch_heal",
        "rest_heal",
        "win_xp",
        "log_length",
    )
    jokers_per_deck: int
    players_per_deck: int
    starting_stats: int
    max_stats: int
    level_cost: int
    monster_xp: int
    monarch_xp: int
    monster_damage: int
    monarch_damage: int
    monarch_strength: int
    jack_damage: int
    heart_monarch_heal: int
    rest_heal: int
    win_xp: int
    log_length: int
    symbol: dict[str, str]
    suit_name: dict[str, str]
    stat_label: dict[str, str]
    rank_names: dict[int, str]
    rank_short: dict[int, str]

    def __init__(self, data: dict, where: str):
        def bad(msg) -> NoReturn:
            raise ContentError(f"{where}: {msg}")

        if not isinstance(data, dict):
            bad("the file must hold a JSON object")
        for key in self.INT_KEYS:
            v = data.get(key)
            if isinstance(v, bool) or not isinstance(v, int):
                bad(f"{key!r} must be a whole number, got {v!r}")
            if not (0 <= v <= 100):
                bad(f"{key!r} must be between 0 and 100, got {v}")
            setattr(self, key, v)
        if self.players_per_deck < 1:
            bad("'players_per_deck' must be at least 1")
        if not (1 <= self.starting_stats <= self.max_stats):
            bad("'starting_stats' must be between 1 and 'max_stats'")
        if self.level_cost < 1:
            bad("'level_cost' must be at least 1")
        suits = data.get("suits")
        if not isinstance(suits, list) or len(suits) != len(SUITS):
            bad("'suits' must list the four suits S, H, D, C once each")
        if sorted(str(s.get("code")) for s in suits if isinstance(s, dict)) != sorted(SUITS):
            bad("'suits' must list the four suits S, H, D, C once each")
        self.symbol = {}
        self.suit_name = {}
        self.stat_label = {}
        for s in suits:
            for key in ("symbol", "name", "stat", "stat_label"):
                if not isinstance(s.get(key), str) or not s[key]:
                    bad(f"suit {s['code']}: {key!r} must be non-empty text")
            self.symbol[s["code"]] = s["symbol"]
            self.suit_name[s["code"]] = s["name"]
            self.stat_label[s["code"]] = s["stat_label"]
        self.rank_names = {}
        self.rank_short = {}
        for key in ("rank_names", "rank_short"):
            table = data.get(key)
            if not isinstance(table, dict) or sorted(table) != ["1", "11", "12", "13"]:
                bad(f"{key!r} must name the ranks 1, 11, 12 and 13")
            for r, name in table.items():
                if not isinstance(name, str) or not name:
                    bad(f"{key!r}: rank {r} needs non-empty text")
                getattr(self, key)[int(r)] = name


def load(path: Path = CONTENT_FILE) -> Content:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise ContentError(f"{path}: cannot read ({e.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ContentError(f"{path}: not valid JSON: {e.msg} at line {e.lineno}") from None
    return Content(data, str(path))


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
