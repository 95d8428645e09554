"""Game states and seats' views as plain JSON, and back.

One generic codec for every game. A game names the classes its state is
built from in ``Rules.state_types``; the codec adds the engine's own
(``Rng``, ``Outcome``). The JSON stays plain where it can:

- ``None``, booleans, whole numbers, finite floats and text are themselves;
- a tuple is a JSON array (states are built from tuples);
- a dict whose keys are all text (none starting with ``$``) is a JSON object;
- a list is ``{"$list": [...]}``, any other dict ``{"$map": [[key, value], ...]}``;
- an object of a named class is ``{"$type": "ClassName", field: value, ...}``
  (dataclasses, named tuples and ``__slots__`` classes).

``from_json`` checks what it reads like any file at the door: unknown types,
missing or extra fields, a field whose value is not of its class's declared
type (the plain cases: numbers, text, truth values, None, tuples, lists, dicts,
the game's own classes, nested ones too), non-JSON values and deep nesting
raise ``BadJson`` with a one-line reason. Pure Python: no pygame, no game imported here.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Iterable
from typing import Any

from .game import Outcome, Rules
from .rng import Rng

MAX_DEPTH = 60


class BadJson(ValueError):
    """A JSON value that is not a state or view this game can hold."""


def _fields(cls: Any) -> tuple[str, ...]:
    cached = cls.__dict__.get("_codec_fields")
    if cached is not None:
        return cached
    if dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))
    elif issubclass(cls, tuple) and hasattr(cls, "_fields"):
        names = tuple(cls._fields)
    else:
        names = tuple(s for c in reversed(cls.__mro__) for s in c.__dict__.get("__slots__", ()))
    if not names:
        raise TypeError(f"{cls.__name__}: the codec needs a dataclass, a named tuple or a __slots__ class")
    cls._codec_fields = names
    return names


def type_table(types: Iterable[type]) -> dict[str, type]:
    """Name -> class for a game's state types plus the engine's own."""
    table: dict[str, type] = {}
    for cls in (Rng, Outcome, *types):
        name = cls.__name__
        if name in table and table[name] is not cls:
            raise ValueError(f"two state types named {name!r}")
        table[name] = cls
        _fields(cls)
    return table


def to_json(value: Any, types: Iterable[type] = ()) -> Any:
    """``value`` as plain JSON data (dicts, lists, text, numbers, true/false, null)."""
    known = {cls: cls.__name__ for cls in type_table(types).values()}
    return _enc(value, known)


def _enc(v: Any, known: dict[type, str]) -> Any:
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        if not math.isfinite(v):
            raise TypeError(f"a state holds the number {v}, which JSON cannot carry")
        return v
    cls = type(v)
    if cls is tuple:
        return [_enc(x, known) for x in v]
    if cls is list:
        return {"$list": [_enc(x, known) for x in v]}
    if cls is dict:
        if all(isinstance(k, str) and not k.startswith("$") for k in v):
            return {k: _enc(x, known) for k, x in v.items()}
        return {"$map": [[_enc(k, known), _enc(x, known)] for k, x in v.items()]}
    name = known.get(cls)
    if name is None:
        raise TypeError(f"{cls.__name__} is not one of this game's state types")
    out = {"$type": name}
    for f in cls._codec_fields:
        out[f] = _enc(getattr(v, f), known)
    return out


def from_json(data: Any, types: Iterable[type] = ()) -> Any:
    """The value ``to_json`` made; raises ``BadJson`` for anything else."""
    try:
        return _dec(data, type_table(types), 0)
    except RecursionError:
        raise BadJson("nested too deeply") from None


def _dec(d: Any, table: dict[str, Any], depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise BadJson("nested too deeply")
    if d is None or isinstance(d, (bool, int, str)):
        return d
    if isinstance(d, float):
        if not math.isfinite(d):
            raise BadJson("numbers must be finite")
        return d
    if isinstance(d, list):
        return tuple(_dec(x, table, depth + 1) for x in d)
    if not isinstance(d, dict):
        raise BadJson(f"{type(d).__name__} is not JSON")
    if "$type" in d:
        name = d["$type"]
        cls = table.get(name) if isinstance(name, str) else None
        if cls is None:
            raise BadJson(f"unknown type {str(name)[:40]!r}")
        fields = cls._codec_fields
        got = set(d) - {"$type"}
        if got != set(fields):
            missing = sorted(set(fields) - got)
            extra = sorted(got - set(fields))
            raise BadJson(f"{name}: missing {missing[:5]} / unknown {[str(e)[:20] for e in extra[:5]]}")
        values = [_dec(d[f], table, depth + 1) for f in fields]
        hints = _hints(cls)
        for f, x in zip(fields, values, strict=True):
            if f in hints and not _fits(x, hints[f]):
                raise BadJson(f"{name}.{f} cannot be {str(x)[:40]}")
        if issubclass(cls, tuple):
            return cls(*values)
        obj = object.__new__(cls)
        for f, x in zip(fields, values, strict=True):
            object.__setattr__(obj, f, x)
        return obj
    if "$list" in d:
        if len(d) != 1 or not isinstance(d["$list"], list):
            raise BadJson('"$list" must be the only key and hold an array')
        return [_dec(x, table, depth + 1) for x in d["$list"]]
    if "$map" in d:
        items = d["$map"]
        if len(d) != 1 or not isinstance(items, list) or not all(isinstance(p, list) and len(p) == 2 for p in items):
            raise BadJson('"$map" must be the only key and hold [key, value] pairs')
        out = {}
        for k, x in items:
            key = _dec(k, table, depth + 1)
            try:
                out[key] = _dec(x, table, depth + 1)
            except TypeError:
                raise BadJson("a map key must be a plain value") from None
        return out
    for k in d:
        if k.startswith("$"):
            raise BadJson(f"unknown key {k[:20]!r}")
    return {k: _dec(x, table, depth + 1) for k, x in d.items()}


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The declared types of a class's fields (none when an annotation cannot be read here)."""
    if cls not in _HINTS:
        try:
            _HINTS[cls] = typing.get_type_hints(cls)
        except Exception:  # a name only a type checker sees: the class's fields go unjudged
            _HINTS[cls] = {}
    return _HINTS[cls]


def _fits(value: Any, hint: Any) -> bool:
    """Whether a decoded value can be of the declared type. The plain cases are judged (numbers, text,
    truth values, None, tuples, lists and dicts with their items, classes); anything else fits."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, a) for a in args)
    if hint is None or hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if hint is tuple or origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return not args or (len(args) == len(value) and all(_fits(v, a) for v, a in zip(value, args, strict=True)))
    if hint is list or origin is list:
        return isinstance(value, list) and all(_fits(v, args[0]) for v in value) if args else isinstance(value, list)
    if hint is dict or origin is dict:
        return isinstance(value, dict)
    if isinstance(hint, type) and hint is not object and origin is None:
        return isinstance(value, hint)
    return True  # Any, a Literal, a type variable, a callable...: not judged here


def state_to_json(rules: Rules, state: Any) -> Any:
    """A game's state or view as plain JSON (the types come from ``rules.state_types``)."""
    return to_json(state, rules.state_types)


def state_from_json(rules: Rules, data: Any) -> Any:
    return from_json(data, rules.state_types)
