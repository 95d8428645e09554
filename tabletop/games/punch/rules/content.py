"""Punch! content: the card kinds and the numbers of the rules, from data/cards.json.

Everything is checked on load; a problem raises ContentError naming the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

CARDS_FILE = Path(__file__).resolve().parent.parent / "data" / "cards.json"
EFFECTS = ("punch", "nothing", "block", "dodge")
SETTING_KEYS = (
    "start_stamina",
    "max_stamina",
    "rounds",
    "plays_per_round",
    "rest_gain",
    "redeal_same_kind",
    "redeal_rounds",
    "exchange_max",
    "swap_rounds",
    "robo_box_program",
    "no_mercy_below",
)


class ContentError(ValueError):
    pass


@dataclass(frozen=True)
class Kind:
    code: str
    name: str
    symbol: str
    effect: str
    power: int
    count: int


@dataclass(frozen=True)
class Content:
    kinds: tuple[Kind, ...]
    settings: dict

    @property
    def deck_size(self) -> int:
        return sum(k.count for k in self.kinds)


def _fail(path, problem):
    raise ContentError(f"{path.name}: {problem}")


def load(path: Path = CARDS_FILE) -> Content:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ContentError(f"{path.name}: cannot be read as JSON ({e})") from None
    if not isinstance(data, dict) or not isinstance(data.get("kinds"), list):
        _fail(path, 'needs an object with a "kinds" list')
    kinds = []
    for i, raw in enumerate(data["kinds"]):
        if not isinstance(raw, dict):
            _fail(path, f"kind #{i + 1} is not an object")
        for key, typ in (
            ("code", str),
            ("name", str),
            ("symbol", str),
            ("effect", str),
            ("power", int),
            ("count", int),
        ):
            if not isinstance(raw.get(key), typ) or isinstance(raw.get(key), bool):
                _fail(path, f"kind #{i + 1} needs {key!r} as {typ.__name__}")
        if raw["effect"] not in EFFECTS:
            _fail(path, f"kind {raw['code']!r} has unknown effect {raw['effect']!r}")
        if raw["effect"] == "punch" and raw["power"] < 1:
            _fail(path, f"punch {raw['code']!r} needs a power of at least 1")
        if raw["effect"] != "punch" and raw["power"] != 0:
            _fail(path, f"kind {raw['code']!r} is not a punch, its power must be 0")
        if raw["count"] < 1:
            _fail(path, f"kind {raw['code']!r} needs a count of at least 1")
        kinds.append(Kind(**{k: raw[k] for k in ("code", "name", "symbol", "effect", "power", "count")}))
    codes = [k.code for k in kinds]
    if len(set(codes)) != len(codes):
        _fail(path, "two kinds share a code")
    for eff in ("nothing", "block", "dodge"):
        if sum(k.effect == eff for k in kinds) != 1:
            _fail(path, f"needs exactly one kind with effect {eff!r}")
    if not any(k.effect == "punch" for k in kinds):
        _fail(path, "needs at least one punch kind")
    settings = data.get("settings")
    if not isinstance(settings, dict):
        _fail(path, 'needs a "settings" object')
    for key in SETTING_KEYS:
        v = settings.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            _fail(path, f"setting {key!r} must be a whole number >= 0")
    gains = settings.get("break_gains")
    if (
        not isinstance(gains, list)
        or len(gains) != settings["rounds"] - 1
        or not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in gains)
    ):
        _fail(path, "setting 'break_gains' must list one whole number per break (rounds - 1)")
    if not (1 <= settings["start_stamina"] <= settings["max_stamina"]):
        _fail(path, "start_stamina must be between 1 and max_stamina")
    if settings["rounds"] < 1 or settings["plays_per_round"] < 1:
        _fail(path, "rounds and plays_per_round must be at least 1")
    total = sum(k.count for k in kinds)
    if total != settings["rounds"] * settings["plays_per_round"]:
        _fail(
            path,
            f"the deck has {total} cards but rounds x plays_per_round is "
            f"{settings['rounds'] * settings['plays_per_round']}",
        )
    prog = settings["robo_box_program"]
    if prog < 1 or settings["plays_per_round"] % prog:
        _fail(path, "robo_box_program must divide plays_per_round")
    return Content(kinds=tuple(kinds), settings=dict(settings))


CONTENT = load()
