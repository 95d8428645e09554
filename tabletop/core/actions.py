"""Actions: frozen dataclasses, one class per verb, turned to and from JSON.

A game declares its actions like this::

    @dataclass(frozen=True)
    class Play(Action):
        kind: ClassVar[str] = "play"
        player: int
        card: int

``to_json`` gives ``{"type": "play", "player": 0, "card": 3}``; ``from_json``
checks every field's type against the annotation and raises ``BadAction`` with
a readable reason for anything else. Supported field types: int, str, bool,
float, tuples of those (``tuple[int, ...]``) and ``X | None``.
There is no throw: a game only has the verbs it declares.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from typing import Any, ClassVar


class BadAction(ValueError):
    """An action in a record or from a device that is not well formed."""


@dataclasses.dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = "action"


def seat_of(action: Action) -> int | None:
    """The seat an action is made by; None for one made by nobody (a real-time game's tick)."""
    seat = getattr(action, "player", None)  # the one place that asks: a game's actions declare ``player``
    return seat if isinstance(seat, int) else None


def to_json(action: Action) -> dict:
    out: dict[str, Any] = {"type": action.kind}
    for f in dataclasses.fields(action):
        v = getattr(action, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out


def _hints(cls) -> dict:
    cache = cls.__dict__.get("_hint_cache")
    if cache is None:
        cache = typing.get_type_hints(cls)
        cls._hint_cache = cache
    return cache


def _check(value, hint, where: str):
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if value is None and type(None) in args:
            return None
        for a in args:
            if a is type(None):
                continue
            try:
                return _check(value, a, where)
            except BadAction:
                pass
        raise BadAction(f"{where}: {value!r} is not a {hint}")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, (list, tuple)):
            raise BadAction(f"{where}: expected a list, got {type(value).__name__}")
        if len(value) > 10_000:
            raise BadAction(f"{where}: list too long")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_check(v, args[0], where) for v in value)
        if len(args) != len(value):
            raise BadAction(f"{where}: expected {len(args)} items")
        return tuple(_check(v, a, where) for v, a in zip(value, args, strict=True))
    if hint is bool:
        if not isinstance(value, bool):
            raise BadAction(f"{where}: expected true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadAction(f"{where}: expected a whole number, got {value!r:.40}")
        if abs(value) > 10**12:
            raise BadAction(f"{where}: number {value} is out of range")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadAction(f"{where}: expected a number, got {value!r:.40}")
        if value != value or abs(value) > 1e12:
            raise BadAction(f"{where}: number out of range")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise BadAction(f"{where}: expected text, got {value!r:.40}")
        if len(value) > 200:
            raise BadAction(f"{where}: text too long")
        return value
    raise BadAction(f"{where}: unsupported field type {hint}")


def action_table(classes: Iterable[type[Action]]) -> dict[str, type[Action]]:
    table: dict[str, type[Action]] = {}
    for c in classes:
        if c.kind in table:
            raise ValueError(f"two actions named {c.kind!r}")
        table[c.kind] = c
    return table


def from_json(table: dict[str, type], data: Any) -> Action:
    if not isinstance(data, dict):
        raise BadAction(f"an action must be an object, got {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in table:
        known = ", ".join(sorted(table))
        raise BadAction(f"unknown action type {str(kind)[:40]!r} (known: {known})")
    cls = table[kind]
    hints = _hints(cls)
    kwargs = {}
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise BadAction(f"{kind}: unknown field(s) {', '.join(sorted(map(str, extra)))[:80]}")
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is not dataclasses.MISSING:
                continue
            raise BadAction(f"{kind}: missing field {f.name!r}")
        kwargs[f.name] = _check(data[f.name], hints[f.name], f"{kind}.{f.name}")
    return cls(**kwargs)
