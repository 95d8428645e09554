"""The Square Ring's content: boxers, their cards and the ring setup, loaded
from data/*.json and checked on load (a bad file raises ContentError naming
the file and the problem).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from . import board

DATA = Path(__file__).resolve().parent.parent / "data"
KEYWORDS = ("stick-and-move", "counter", "daze", "cooldown")


class ContentError(ValueError):
    pass


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


def _fail(path: Path, where: str, problem: str):
    raise ContentError(f"{path.name}: {where}: {problem}")


def _int(path, where, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        _fail(path, where, f"must be a whole number from {lo} to {hi}, got {value!r}")
    return value


def _text(path, where, value):
    if not isinstance(value, str) or not value.strip():
        _fail(path, where, f"must be non-empty text, got {value!r}")
    return value


def _steps(path, where, value, lo=1):
    if not isinstance(value, list) or len(value) < lo:
        _fail(path, where, "must be a list of step names")
    out = []
    for s in value:
        if s not in board.STEP_INDEX:
            _fail(path, where, f"{s!r} is not a step (one of {', '.join(board.STEPS)})")
        if board.STEP_INDEX[s] in out:
            _fail(path, where, f"step {s!r} is listed twice")
        out.append(board.STEP_INDEX[s])
    return tuple(out)


def _area(path, where, value):
    if not isinstance(value, list) or not value:
        _fail(path, where, "must be a non-empty list of [right, forward] offsets")
    out = []
    for off in value:
        if (
            not isinstance(off, list)
            or len(off) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) or abs(v) > 4 for v in off)
        ):
            _fail(path, where, f"{off!r} is not a [right, forward] offset from -4 to 4")
        if off == [0, 0]:
            _fail(path, where, "an attack cannot hit its own square")
        out.append((off[0], off[1]))
    if len(set(out)) != len(out):
        _fail(path, where, "an offset is listed twice")
    return tuple(out)


def _masks(area_n, area_ne) -> tuple[int, ...]:
    return tuple(board.area_mask(area_n, area_ne, sq, f) for sq in range(board.SQUARES) for f in range(8))


def load_ring(path: Path = DATA / "ring.json") -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ContentError(f"{path.name}: cannot read: {e}") from None
    if not isinstance(data, dict):
        _fail(path, "top level", "must be an object")
    start = data.get("start")
    if not isinstance(start, list) or len(start) != 2:
        _fail(path, "start", "must list two starting places")
    places = []
    for i, s in enumerate(start):
        try:
            places.append((board.parse_square(s.get("square")), board.parse_facing(s.get("facing"))))
        except (ValueError, AttributeError) as e:
            _fail(path, f"start[{i}]", str(e))
    if places[0][0] == places[1][0]:
        _fail(path, "start", "the two boxers cannot start on the same square")
    turns = []
    for i, t in enumerate(data.get("turn_cards") or []):
        where = f"turn_cards[{i}]"
        if not isinstance(t, dict):
            _fail(path, where, "must be an object")
        turn = _int(path, where + ".turn", t.get("turn"), -2, 2)
        if turn == 0:
            _fail(path, where + ".turn", "a turn card must turn")
        turns.append(
            Card(
                id=_text(path, where + ".id", t.get("id")),
                name=_text(path, where + ".name", t.get("name")),
                kind="turn",
                turn=turn,
            )
        )
    if not turns:
        _fail(path, "turn_cards", "must list the turn cards")
    return {"start": tuple(places), "turn_cards": tuple(turns)}


def _load_attack(path, where, a) -> Card:
    if not isinstance(a, dict):
        _fail(path, where, "must be an object")
    cid = _text(path, where + ".id", a.get("id"))
    name = _text(path, where + ".name", a.get("name"))
    power = _int(path, where + ".power", a.get("power"), 1, 9)
    area_n = _area(path, where + ".area_n", a.get("area_n"))
    area_ne = _area(path, where + ".area_ne", a.get("area_ne"))
    kws = a.get("keywords", [])
    if not isinstance(kws, list) or any(k not in KEYWORDS for k in kws):
        _fail(path, where + ".keywords", f"must be a list of: {', '.join(KEYWORDS)}")
    stick = ()
    if "stick-and-move" in kws:
        stick = _steps(path, where + ".stick_steps", a.get("stick_steps"))
    elif "stick_steps" in a:
        _fail(path, where + ".stick_steps", "only a Stick-and-Move attack lists steps")
    if "jab" in (cid + " " + name).lower() and not stick:
        _fail(path, where, "every jab must have Stick-and-Move")
    return Card(
        id=cid,
        name=name,
        kind="attack",
        power=power,
        counter="counter" in kws,
        daze="daze" in kws,
        cooldown="cooldown" in kws,
        stick_steps=stick,
        area_n=area_n,
        area_ne=area_ne,
        masks=_masks(area_n, area_ne),
    )


def load_boxers(path: Path = DATA / "boxers.json", turn_cards=()) -> dict[str, Boxer]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ContentError(f"{path.name}: cannot read: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("boxers"), list) or not data["boxers"]:
        _fail(path, "top level", 'must be an object with a non-empty "boxers" list')
    out: dict[str, Boxer] = {}
    for i, b in enumerate(data["boxers"]):
        where = f"boxers[{i}]"
        if not isinstance(b, dict):
            _fail(path, where, "must be an object")
        bid = _text(path, where + ".id", b.get("id"))
        where = f"boxer {bid!r}"
        if bid in out:
            _fail(path, where, "the id is used twice")
        steps = _steps(path, where + ".steps", b.get("steps"), lo=5)
        favoured = _steps(path, where + ".favoured", b.get("favoured", []), lo=0)
        if any(f not in steps for f in favoured):
            _fail(path, where + ".favoured", "a favoured step must be one of the boxer's steps")
        attacks = [_load_attack(path, f"{where}.attacks[{j}]", a) for j, a in enumerate(b.get("attacks") or [])]
        if len(attacks) < 4:
            _fail(path, where + ".attacks", "a boxer needs at least 4 attack cards")
        step_cards = [
            Card(id=board.STEPS[s], name=f"Step {board.STEPS[s]}", kind="step", step=s, favoured=s in favoured)
            for s in sorted(steps)
        ]
        cards = tuple(step_cards) + tuple(turn_cards) + tuple(attacks)
        ids = [c.id for c in cards]
        if len(set(ids)) != len(ids):
            _fail(path, where, "two cards share an id (attack ids must differ from step and turn names)")
        hp = _int(path, where + ".hp", b.get("hp"), 1, 99)
        out[bid] = Boxer(
            id=bid,
            name=_text(path, where + ".name", b.get("name")),
            style=_text(path, where + ".style", b.get("style")),
            blurb=_text(path, where + ".blurb", b.get("blurb")),
            hp=hp,
            recovery=_int(path, where + ".recovery", b.get("recovery"), 0, hp),
            bursts=_int(path, where + ".bursts", b.get("bursts"), 0, 9),
            reacts=_int(path, where + ".reacts", b.get("reacts"), 0, 9),
            steps=steps,
            favoured=favoured,
            cards=cards,
            by_id={c.id: c for c in cards},
            attacks=tuple(attacks),
        )
    return out


RING = load_ring()
BOXERS = load_boxers(turn_cards=RING["turn_cards"])
