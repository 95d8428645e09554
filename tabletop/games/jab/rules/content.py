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

import json
from pathlib import Path

PATH = Path(__file__).resolve().parent.parent / "data" / "content.json"


class ContentError(ValueError):
    pass


def load_content(path: Path) -> dict:
    """Read and check a content file; raises ContentError naming the file and the problem."""

    def _fail(problem: str):
        raise ContentError(f"{path}: {problem}")

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ContentError(f"{path}: cannot be read as JSON ({e})") from None
    if not isinstance(data, dict):
        _fail("the top level must be an object")
    for key in ("types", "colours", "haymaker", "combo_cards", "counter_cards", "numbers", "borders"):
        if key not in data:
            _fail(f"missing {key!r}")
    types = data["types"]
    if not isinstance(types, list) or len(types) != 5:
        _fail("'types' must list exactly 5 punch types")
    for t in types:
        if not (
            isinstance(t, dict)
            and isinstance(t.get("id"), str)
            and isinstance(t.get("name"), str)
            and isinstance(t.get("value"), int)
            and 0 <= t["value"] <= 9
        ):
            _fail(f"bad punch type {t!r} (needs id, name and a value 0..9)")
    ids = [t["id"] for t in types]
    if len(set(ids)) != 5:
        _fail("punch type ids must be distinct")
    if data["haymaker"] not in ids:
        _fail(f"'haymaker' {data['haymaker']!r} is not one of the punch types")
    colours = data["colours"]
    if not isinstance(colours, list) or len(colours) != 5:
        _fail("'colours' must list exactly 5 colours")
    for c in colours:
        if not (isinstance(c, dict) and all(isinstance(c.get(k), str) for k in ("id", "name", "symbol"))):
            _fail(f"bad colour {c!r} (needs id, name and symbol)")
    cids = [c["id"] for c in colours]
    if len(set(cids)) != 5 or len({c["symbol"] for c in colours}) != 5:
        _fail("colour ids and symbols must be distinct")
    if not (isinstance(data["borders"], list) and len(data["borders"]) == 2):
        _fail("'borders' must name the two players' card borders")
    combos = data["combo_cards"]
    for key in ("combo_cards", "counter_cards"):
        if isinstance(data[key], list):
            card_ids = [c.get("id") for c in data[key] if isinstance(c, dict)]
            if not all(isinstance(i, str) for i in card_ids) or len(set(card_ids)) != len(card_ids):
                _fail(f"every card in {key!r} needs a distinct text id")
    if not isinstance(combos, list) or not combos:
        _fail("'combo_cards' must be a non-empty list")
    for cc in combos:
        if not (isinstance(cc, dict) and isinstance(cc.get("types"), list) and isinstance(cc.get("points"), int)):
            _fail(f"bad combo card {cc!r}")
        if not 2 <= len(cc["types"]) <= 3 or len(set(cc["types"])) != len(cc["types"]):
            _fail(f"combo card {cc.get('id')!r} must show 2 or 3 distinct punch types")
        for t in cc["types"]:
            if t not in ids:
                _fail(f"combo card {cc.get('id')!r} shows unknown punch type {t!r}")
    counters = data["counter_cards"]
    if not isinstance(counters, list) or not counters:
        _fail("'counter_cards' must be a non-empty list")
    for k in counters:
        if not (isinstance(k, dict) and k.get("colour") in cids and isinstance(k.get("points"), int)):
            _fail(f"bad counter-punch card {k!r} (needs a known colour and points)")
    nums = data["numbers"]
    need = (
        "start_health",
        "tokens",
        "round_wins_to_win",
        "stagger_damage",
        "counter_damage",
        "clinch_gain",
        "ding_penalty",
        "clinch_penalty",
        "cutman",
    )
    for key in need:
        if not isinstance(nums.get(key), int) or nums[key] < 0:
            _fail(f"numbers.{key} must be a whole number >= 0")
    if 2 * nums["start_health"] != nums["tokens"]:
        _fail("numbers.tokens must be twice numbers.start_health")
    return data


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
