"""Reading a JSON file safely: the first half of the door (``tabletop.validate``
holds the schemas). Pure Python, no pygame, nothing of ours: the games'
content loaders use it too.

Only a regular file is opened (never a FIFO, device or socket, so a read can
never block), at most ``max_bytes`` are read whatever the file claims, and
the JSON is parsed with limits: integers of at most ``MAX_INT_DIGITS``
digits, no NaN or Infinity, nesting at most ``MAX_DEPTH`` deep, text without
NUL or broken (lone surrogate) characters. A problem is an ``Invalid`` with
one line of text (without the file's name); a bad value in it is cut to 40
characters (``short``).
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any, NoReturn

MAX_INT_DIGITS = 30
MAX_DEPTH = 32
SHOW = 40  # characters of a bad value shown in a message


class Invalid(ValueError):
    """A file (or a value in it) that cannot be used. The message is one line."""


def short(value: object) -> str:
    """A value for a message: its repr cut to 40 characters, on one line."""
    if isinstance(value, str) and len(value) > SHOW * 4:
        value = value[: SHOW * 4]  # repr of a 1 MB text is never built
    elif isinstance(value, (list, dict)) and len(value) > SHOW:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except ValueError:  # an int too long to print
        return "a number too long to show"
    text = text.replace("\n", " ")
    return text if len(text) <= SHOW else text[: SHOW - 1] + "…"


# -- reading ---------------------------------------------------------------------------------


def read_bytes(path: str | os.PathLike, max_bytes: int) -> bytes:
    """The bytes of a regular file, at most ``max_bytes``; raises Invalid otherwise."""
    path = Path(path)
    try:
        st = os.stat(path)
    except OSError as e:
        raise Invalid(f"cannot be read ({e.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        raise Invalid("is not a regular file (a folder, device, pipe or socket)")
    if st.st_size > max_bytes:
        raise Invalid(f"is too large ({st.st_size} bytes; at most {max_bytes})")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise Invalid(f"cannot be read ({e.strerror})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else since the stat
            raise Invalid("is not a regular file (a folder, device, pipe or socket)")
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as e:
        raise Invalid(f"cannot be read ({e.strerror})") from None
    finally:
        os.close(fd)
    if total > max_bytes:
        raise Invalid(f"is too large (more than {max_bytes} bytes)")
    return b"".join(chunks)


def _int(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_INT_DIGITS:
        raise Invalid(f"holds a number with {len(text)} digits")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 400:
        raise Invalid(f"holds a number {len(text)} characters long")
    value = float(text)
    if not math.isfinite(value):
        raise Invalid("holds a number too large to use")
    return value


def _constant(name: str) -> NoReturn:
    raise Invalid(f"holds {name}, which is not allowed")


def parse_json(raw: bytes) -> Any:
    """Parse JSON bytes within the limits above; raises Invalid."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Invalid("is not UTF-8 text") from None
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise Invalid(f"is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as e:
        raise Invalid(f"is not valid JSON ({e.msg}, line {e.lineno})") from None
    except ValueError as e:  # Invalid from a hook, or Python's own digit limit
        raise Invalid(str(e) if isinstance(e, Invalid) else "holds a number too long to use") from None
    _check_tree(data)
    return data


def read_json(path: str | os.PathLike, max_bytes: int) -> Any:
    """``read_bytes`` then ``parse_json``."""
    return parse_json(read_bytes(path, max_bytes))


def _check_tree(data: Any) -> None:
    """Nesting depth and every text (keys too): no NUL, no broken characters."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise Invalid(f"is nested too deeply (at most {MAX_DEPTH} levels)")
        if isinstance(value, dict):
            for k, v in value.items():
                _check_text(k)
                stack.append((v, depth + 1))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            _check_text(value)


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise Invalid(f"holds a NUL character in {short(text)}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Invalid(f"holds a broken character (a lone surrogate) in {short(text)}") from None


def check_text(text: str) -> None:
    _check_text(text)
