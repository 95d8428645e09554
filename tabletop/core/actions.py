"""Actions: frozen dataclasses, one class per verb, turned to and from JSON.

A game declares its actions like this::

    @dataclass(frozen=True)
    class Play(Action):
        kind: ClassVar[str] = "play"
        player: int
        card: int

``to_json`` gives ``{"type": "play", "player": 0, "card": 3}``; ``from_json``
checks it against the class's msgspec schema (``schema``: built from the
annotations) and raises ``BadAction`` with a one-line reason for anything else. Supported field types: int, str, bool,
float, tuples of those (``tuple[int, ...]``) and ``X | None``.
There is no throw: a game only has the verbs it declares.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from typing import Annotated, Any, ClassVar

import msgspec

from .jsonfile import Invalid, short
from .schema import convert


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


_BOUNDED: dict[Any, Any] = {
    int: Annotated[int, msgspec.Meta(ge=-(10**12), le=10**12)],
    float: Annotated[float, msgspec.Meta(ge=-1e12, le=1e12)],
    str: Annotated[str, msgspec.Meta(max_length=200)],
    bool: bool,
    type(None): type(None),
}


def _bounded(hint: Any) -> Any:
    """A field's annotation with the limits of anything read from outside: numbers up to 10^12,
    text up to 200 characters, lists up to 10,000 items."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[tuple(_bounded(a) for a in args)]  # noqa: UP007  (built from a tuple at run time)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return Annotated[types.GenericAlias(tuple, (_bounded(args[0]), ...)), msgspec.Meta(max_length=10_000)]
    if origin is tuple:
        return types.GenericAlias(tuple, tuple(_bounded(a) for a in args))
    if hint not in _BOUNDED:
        raise TypeError(f"an action's field cannot be of type {hint}")
    return _BOUNDED[hint]


def schema(cls: type[Action]) -> type[msgspec.Struct]:
    """The msgspec schema of one action class: ``{"type": kind, field: value, ...}``, every field
    of its declared type (within bounds), none missing, none unknown."""
    cached = cls.__dict__.get("_schema")
    if cached is None:
        hints = typing.get_type_hints(cls)
        fields = [
            (f.name, _bounded(hints[f.name]))
            if f.default is dataclasses.MISSING
            else (f.name, _bounded(hints[f.name]), f.default)
            for f in dataclasses.fields(cls)
        ]
        cached = msgspec.defstruct(cls.kind, fields, tag=cls.kind, tag_field="type", forbid_unknown_fields=True)
        setattr(cls, "_schema", cached)  # noqa: B010  (a class attribute, set once)
    return cached


def action_table(classes: Iterable[type[Action]]) -> dict[str, type[Action]]:
    table: dict[str, type[Action]] = {}
    for c in classes:
        if c.kind in table:
            raise ValueError(f"two actions named {c.kind!r}")
        table[c.kind] = c
    return table


def from_json(table: dict[str, type[Action]], data: Any) -> Action:
    """The action ``data`` (parsed JSON) stands for; raises BadAction with a one-line reason."""
    if not isinstance(data, dict):
        raise BadAction(f"an action must be an object, not {short(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in table:
        known = ", ".join(sorted(table))
        raise BadAction(f"unknown action type {short(kind)} (known: {known})")
    cls = table[kind]
    try:
        checked = convert(data, schema(cls), kind)
    except Invalid as e:
        raise BadAction(str(e)) from None
    return cls(**msgspec.structs.asdict(checked))
