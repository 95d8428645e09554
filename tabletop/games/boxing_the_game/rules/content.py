"""Boxing: The Game content: cards and character boards, loaded from JSON and checked.

Every physical card gets an integer id: seat 0's starter deck is 0..7, seat 1's
is 8..15, and the main deck follows from 16. ``CARDS[id]`` is its definition.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"

PUNCHES = ("jab", "cross", "hook", "uppercut")
HEAVY = ("cross", "hook", "uppercut")
MOVES = PUNCHES + ("block", "feint")
STANCES = ("orthodox", "southpaw")
UPGRADE_TYPES = ("gloves", "boots", "corner")
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


class ContentError(ValueError):
    pass


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


def _fail(path, msg):
    raise ContentError(f"{path.name}: {msg}")


def _int(path, where, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        _fail(path, f"{where}: expected a whole number from {lo} to {hi}, got {value!r}")
    return value


def _effects(path, where, raw, place):
    if raw is None:
        return ()
    if not isinstance(raw, list):
        _fail(path, f"{where}: 'effects' must be a list")
    out = []
    for i, e in enumerate(raw):
        w = f"{where} effect {i + 1}"
        if not isinstance(e, dict):
            _fail(path, f"{w}: must be an object")
        unknown = set(e) - {"kind", "amount", "moves", "event", "stance"}
        if unknown:
            _fail(path, f"{w}: unknown key(s) {sorted(unknown)}")
        kind = e.get("kind")
        if kind not in EFFECT_KINDS:
            _fail(path, f"{w}: unknown kind {kind!r} (known: {', '.join(EFFECT_KINDS)})")
        if place not in EFFECT_KINDS[kind]:
            _fail(path, f"{w}: a {kind!r} effect cannot be on a {place}")
        amount = _int(path, w + " amount", e.get("amount"), 1, 5)
        moves = e.get("moves")
        if moves is not None:
            if place == "card":
                _fail(path, f"{w}: a card's own effect cannot name moves")
            if not isinstance(moves, list) or not moves or any(m not in MOVES for m in moves):
                _fail(path, f"{w}: 'moves' must be a list of {', '.join(MOVES)}")
            moves = tuple(moves)
        event = e.get("event")
        if event is not None:
            _int(path, w + " event", event, 1, 3)
        stance = e.get("stance")
        if stance not in (None, "same", "differs"):
            _fail(path, f'{w}: \'stance\' must be "same" or "differs"')
        out.append(Effect(kind, amount, moves, event, stance))
    return tuple(out)


def _card(path, where, raw, cid, starter):
    if not isinstance(raw, dict):
        _fail(path, f"{where}: must be an object")
    unknown = set(raw) - {"name", "move", "speed", "momentum", "count", "upgrade", "judge", "effects", "text"}
    if unknown:
        _fail(path, f"{where}: unknown key(s) {sorted(unknown)}")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        _fail(path, f"{where}: needs a 'name'")
    where = f"{where} ({name})"
    move, upgrade, judge = raw.get("move"), raw.get("upgrade"), bool(raw.get("judge", False))
    if sum([move is not None, upgrade is not None, judge]) != 1:
        _fail(path, f"{where}: a card is exactly one of an action ('move'), an upgrade ('upgrade') or a judge")
    if starter and move is None:
        _fail(path, f"{where}: starter cards must be actions")
    speed = 0
    if move is not None:
        if move not in MOVES:
            _fail(path, f"{where}: unknown move {move!r}")
        speed = _int(path, where + " speed", raw.get("speed"), 1, 10)
        place = "card"
    elif upgrade is not None:
        if upgrade not in UPGRADE_TYPES:
            _fail(path, f"{where}: unknown upgrade type {upgrade!r}")
        place = "upgrade"
    else:
        place = "judge"
    if "speed" in raw and move is None:
        _fail(path, f"{where}: only actions have a speed")
    momentum = raw.get("momentum", 0)
    if judge:
        _int(path, where + " momentum", momentum, -7, -1)
    else:
        _int(path, where + " momentum", momentum, 0, 3)
    effects = _effects(path, where, raw.get("effects"), place) if place != "judge" else ()
    if place == "judge" and raw.get("effects"):
        _fail(path, f"{where}: judges have no effects")
    if upgrade is not None and not effects:
        _fail(path, f"{where}: an upgrade needs at least one effect")
    text = raw.get("text", "")
    if not isinstance(text, str):
        _fail(path, f"{where}: 'text' must be text")
    return Card(cid, name, move, speed, momentum, upgrade, judge, effects, text, starter)


def load_cards(path: Path = DATA / "cards.json") -> tuple[tuple[Card, ...], int]:
    """All physical cards (by id) and the id of the first main-deck card."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ContentError(f"{path.name}: cannot be read: {e}") from None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("starter"), list)
        or not isinstance(data.get("main"), list)
    ):
        _fail(path, "needs lists 'starter' and 'main'")
    starter: list[dict] = []
    for i, raw in enumerate(data["starter"]):
        count = _int(path, f"starter card {i + 1} count", raw.get("count", 1) if isinstance(raw, dict) else None, 1, 8)
        starter += [raw] * count
    if len(starter) != STARTER_SIZE:
        _fail(path, f"the starter deck must have {STARTER_SIZE} cards, it has {len(starter)}")
    mix: dict[str | None, int] = {}
    for raw in starter:
        mix[raw.get("move")] = mix.get(raw.get("move"), 0) + 1
    if mix != STARTER_MIX:
        _fail(path, f"the starter deck must be 2 Jab, 1 Cross, 1 Hook, 1 Uppercut, 2 Block, 1 Feint, got {mix}")
    cards: list[Card] = []
    for _ in range(2):  # one starter deck per seat
        for i, raw in enumerate(starter):
            cards.append(_card(path, f"starter card {i + 1}", raw, len(cards), True))
    first_main = len(cards)
    names = set()
    for i, raw in enumerate(data["main"]):
        count = _int(path, f"main card {i + 1} count", raw.get("count", 1) if isinstance(raw, dict) else None, 1, 10)
        if raw.get("name") in names:
            _fail(path, f"main card {i + 1}: name {raw.get('name')!r} is used twice")
        names.add(raw.get("name"))
        for _ in range(count):
            cards.append(_card(path, f"main card {i + 1}", raw, len(cards), False))
    if len(cards) - first_main != 50:
        _fail(path, f"the main deck must have 50 cards, it has {len(cards) - first_main}")
    return tuple(cards), first_main


def load_characters(path: Path = DATA / "characters.json") -> tuple[Character, ...]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ContentError(f"{path.name}: cannot be read: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("characters"), list):
        _fail(path, "needs a list 'characters'")
    out = []
    for i, raw in enumerate(data["characters"]):
        where = f"character {i + 1}"
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            _fail(path, f"{where}: needs a 'name'")
        where += f" ({raw['name']})"
        if raw.get("stance") not in STANCES:
            _fail(path, f"{where}: 'stance' must be orthodox or southpaw")
        trait = raw.get("trait")
        if (
            not isinstance(trait, dict)
            or not isinstance(trait.get("name"), str)
            or not isinstance(trait.get("text"), str)
        ):
            _fail(path, f"{where}: needs a 'trait' with 'name' and 'text'")
        effects = _effects(path, where, trait.get("effects"), "trait")
        if not effects:
            _fail(path, f"{where}: a trait needs an effect")
        out.append(Character(i, raw["name"], raw["stance"], trait["name"], trait["text"], effects))
    if len(out) < 8:
        _fail(path, f"needs at least 8 characters (6 are dealt), has {len(out)}")
    if len({c.name for c in out}) != len(out):
        _fail(path, "two characters share a name")
    return tuple(out)


CARDS, FIRST_MAIN = load_cards()
CHARACTERS = load_characters()
MAIN_IDS = tuple(range(FIRST_MAIN, len(CARDS)))


def starter_ids(seat: int) -> tuple[int, ...]:
    return tuple(range(seat * STARTER_SIZE, (seat + 1) * STARTER_SIZE))
