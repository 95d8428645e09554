"""Schemas by a library: what a file or message must hold is a ``msgspec.Struct``
(or any type msgspec knows), and ``convert`` checks parsed JSON against it.

The reading stays ``core.jsonfile``'s (regular files, bounded reads, limits on
digits, depth, NaN, NUL and broken characters): data is parsed there first,
then converted here. msgspec's error ("Expected `int`, got `str` - at
`$.seed`") becomes our one line with the field's path and the bad value cut
short: "seed must be a whole number, not 'x'".

The games' content files share ``ContentError`` and ``load_content``.
Pure Python, no pygame, nothing of ours but ``core.jsonfile``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from .jsonfile import Invalid, read_json, short

T = TypeVar("T")

_WORDS = {
    "int": "a whole number",
    "float": "a number",
    "str": "text",
    "bool": "true or false",
    "array": "a list",
    "object": "an object",
    "null": "null",
}
_BOUNDS = {">=": "at least", "<=": "at most", ">": "above", "<": "below"}
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
ANY = "[…]"  # a value in a dict, at a key msgspec does not name


def _path(text: str) -> list[str | int]:
    """``$.players[0].name`` as ["players", 0, "name"]."""
    return [(ANY if i == "..." else int(i)) if i else key for key, i in _STEP.findall(text[1:])]


def _where(steps: list[str | int]) -> str:
    out = ""
    for s in steps:
        out += f"[{s}]" if isinstance(s, int) else s if s == ANY else (f".{s}" if out else s)
    return out


def _value(data: Any, steps: list[str | int]) -> tuple[bool, Any]:
    for s in steps:
        try:
            data = data[s]
        except (KeyError, IndexError, TypeError):
            return False, None
    return True, data


def _type_words(text: str) -> str:
    """ "`int` >= 0" -> "a whole number of at least 0"; "`str` of length <= 3" -> "text of at most 3 characters"."""
    m = re.fullmatch(r"`(\w+)`(?: of length)? ?(>=|<=|>|<)? ?(\S+)?", text.strip())
    if not m:
        return text.replace("`", "")
    kind, op, bound = m.groups()
    words = _WORDS.get(kind, kind)
    if bound:
        unit = {"str": " characters", "array": " items", "object": " entries"}.get(kind, "")
        words += f"{' of' if unit else ''} {_BOUNDS[op] if op else 'exactly'} {bound}{unit}"
    return words


def explain(error: msgspec.ValidationError, data: Any, what: str = "") -> str:
    """msgspec's error as one line: where, what it must be, and the bad value."""
    text = str(error)
    top: list[str | int] = [what] if what else []
    steps: list[str | int] = []
    if m := re.search(r" - at `(\$[^`]*)`$", text):
        text, steps = text[: m.start()], _path(m.group(1))
    elif m := re.search(r" - at `key` in `(\$[^`]*)`$", text):  # a dict's key of the wrong type
        expected = re.fullmatch(r"Expected (.+?)(?:, got .+)?", text[: m.start()])
        must = _type_words(expected.group(1)) if expected else text[: m.start()]
        return f"{_where(top + _path(m.group(1)))}: every key must be {must}"
    name = _where(top + steps)
    found, value = _value(data, steps)
    if m := re.fullmatch(r"Object missing required field `(.+)`", text, re.S):
        return f"{_where([*top, *steps, m.group(1)])} is missing"
    if m := re.fullmatch(r"Object contains unknown field `(.+)`", text, re.S):
        return f"{name + ': ' if name else ''}unknown field {short(m.group(1))}"
    if m := re.fullmatch(r"Expected (.+?)(?:, got .+)?", text, re.S):
        if found and " of length" in m.group(1) and isinstance(value, (str, list, dict)):
            value = len(value)  # "a list of at least 5 items, not 4"
        return f"{name or 'the value'} must be {_type_words(m.group(1))}{f', not {short(value)}' if found else ''}"
    if text.startswith(("Invalid value", "Invalid enum value")):
        return f"{name or 'the value'} cannot be {short(value) if found else text.split(' value ', 1)[1]}"
    text = " ".join(text.split())  # a Struct's own check (__post_init__), on one line
    return f"{name}: {text}" if name else text


def convert(data: Any, schema: type[T], what: str = "") -> T:
    """``data`` (parsed by ``core.jsonfile``) as ``schema``; raises Invalid with one line."""
    try:
        return msgspec.convert(data, schema)
    except msgspec.ValidationError as e:
        raise Invalid(explain(e, data, what)) from None


# -- the games' content files ------------------------------------------------------------------

CONTENT_MAX_BYTES = 1_000_000


def distinct(items: list[T], what: str) -> list[T]:
    """``items`` if no two are the same; for a Struct's own check (``__post_init__``)."""
    twice = next((x for i, x in enumerate(items) if x in items[:i]), None)
    if twice is not None:
        raise ValueError(f"{what} must be distinct ({short(twice)} is there twice)")
    return items


class ContentError(ValueError):
    """A game's content file that cannot be used: one line naming the file and the problem."""


def load_content(path: Path, schema: type[T]) -> T:
    """A game's content file read through ``core.jsonfile`` and checked against ``schema``."""
    try:
        data = read_json(path, CONTENT_MAX_BYTES)
    except Invalid as e:
        raise ContentError(f"{path}: cannot be read as JSON ({e})") from None
    try:
        return convert(data, schema)
    except Invalid as e:
        raise ContentError(f"{path}: {e}") from None
