"""The online message format (version 1), checked at the door. Pure Python.

Every message is one JSON object in one WebSocket text frame, with ``"v": 1``
and a ``"type"``. docs/online.md describes each one. ``parse`` turns a frame
from a client into a dict whose fields have the right types, or raises
``BadMessage`` with a one-line reason; nothing else in the server reads a
client's bytes.
"""

from __future__ import annotations

import json
import math
import secrets

VERSION = 1
MAX_BYTES = 16 * 1024  # a client's message; an action is a few dozen bytes
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LEN = 5
SEAT_KINDS = ("here", "remote", "computer")  # the host's people, people elsewhere, computers


class BadMessage(ValueError):
    """A client's message we cannot use; the text is one line."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))


def new_token() -> str:
    return secrets.token_urlsafe(18)


def normal_code(text: str) -> str:
    """A room code as a person may type it: any case, spaces and dashes ignored."""
    return "".join(c for c in text.upper() if c.isalnum())


def dumps(msg: dict) -> str:
    return json.dumps(dict(msg, v=VERSION), separators=(",", ":"))


def _no_constants(name):
    raise BadMessage(f"{name} is not allowed")


# type -> {field: (kind, required)}; kinds: str, int, num, bool, dict, list, any
FIELDS: dict[str, dict[str, tuple[str, bool]]] = {
    "create": {"game": ("str", True), "options": ("dict", False), "seats": ("list", True)},
    "join": {"room": ("str", True), "name": ("str", False), "token": ("str", False)},
    "act": {"seat": ("int", True), "id": ("int", True), "action": ("dict", True), "stamp": ("num", False)},
    "sync": {"t0": ("num", True)},
    "pong": {"s": ("num", True)},
    "view": {"seat": ("int", True)},
    "hands": {"seat": ("int", True), "pos": ("list", True)},
    "bye": {},
}


def parse(raw) -> dict:
    if isinstance(raw, bytes):
        raise BadMessage("binary frames are not used")
    if not isinstance(raw, str):
        raise BadMessage("not a text frame")
    if len(raw) > MAX_BYTES:
        raise BadMessage(f"message too large ({len(raw)} bytes, at most {MAX_BYTES})")
    try:
        msg = json.loads(raw, parse_constant=_no_constants)
    except RecursionError:
        raise BadMessage("nested too deeply") from None
    except json.JSONDecodeError as e:
        raise BadMessage(f"not JSON: {e.msg}") from None
    if not isinstance(msg, dict):
        raise BadMessage("a message is a JSON object")
    if msg.get("v") != VERSION:
        raise BadMessage(f"message version {str(msg.get('v'))[:10]!r} is not {VERSION}")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise BadMessage(f"unknown message type {str(kind)[:30]!r}")
    spec = FIELDS[kind]
    extra = set(msg) - set(spec) - {"v", "type"}
    if extra:
        raise BadMessage(f"{kind}: unknown field(s) {', '.join(sorted(str(e)[:20] for e in extra))[:80]}")
    for name, (want, required) in spec.items():
        if name not in msg:
            if required:
                raise BadMessage(f"{kind}: missing {name!r}")
            continue
        v = msg[name]
        ok = {
            "str": isinstance(v, str) and len(v) <= 200,
            "int": isinstance(v, int) and not isinstance(v, bool) and abs(v) < 2**53,
            "num": isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and abs(v) < 2**53,
            "bool": isinstance(v, bool),
            "dict": isinstance(v, dict),
            "list": isinstance(v, list) and len(v) <= 8,
        }[want]
        if not ok:
            raise BadMessage(f"{kind}: {name!r} has the wrong type")
    return msg


def hand_positions(pos) -> list | None:
    """A real-time seat's hand positions ([[x, y], ...], at most 2 hands) or None if malformed."""
    if not isinstance(pos, list) or not 1 <= len(pos) <= 2:
        return None
    out = []
    for p in pos:
        if not (isinstance(p, list) and len(p) == 2):
            return None
        for v in p:
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > 10_000:
                return None
        out.append([round(float(p[0]), 1), round(float(p[1]), 1)])
    return out


def diff(old: dict | None, new: dict) -> dict:
    """A view as a patch on the last one sent: top-level fields that changed ("set"), and lists
    that only grew at the end ("append": the new items). ``{"full": new}`` when there is no last."""
    if old is None or old.get("$type") != new.get("$type"):
        return {"full": new}
    set_, append = {}, {}
    for k, v in new.items():
        was = old.get(k)
        if was == v:
            continue
        if isinstance(v, list) and isinstance(was, list) and len(v) > len(was) and v[: len(was)] == was:
            append[k] = v[len(was) :]
        else:
            set_[k] = v
    return {"set": set_, "append": append}


def patch(old: dict | None, change: dict) -> dict:
    """The view a ``diff`` was made from; raises BadMessage when it does not fit."""
    if "full" in change:
        return change["full"]
    if old is None:
        raise BadMessage("a view patch came before any view")
    new = dict(old)
    new.update(change.get("set", {}))
    for k, items in change.get("append", {}).items():
        if not isinstance(new.get(k), list):
            raise BadMessage(f"a view patch appends to {k!r}, which is not a list")
        new[k] = new[k] + items
    return new


def seat_specs(seats: list) -> list[dict]:
    """Check the seats of a ``create`` message: [{"kind": "here"|"remote"|"computer", "name", "level"}]."""
    out = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise BadMessage("create: each seat is an object")
        kind = s.get("kind")
        if kind not in SEAT_KINDS:
            raise BadMessage(f"create: seat {i + 1} kind must be one of {', '.join(SEAT_KINDS)}")
        name = s.get("name", "")
        level = s.get("level", "")
        if not isinstance(name, str) or not isinstance(level, str) or len(level) > 20:
            raise BadMessage(f"create: seat {i + 1} has a bad name or level")
        out.append({"kind": kind, "name": clean_name(name) or f"Player {i + 1}", "level": level})
    return out


def clean_name(name) -> str:
    if not isinstance(name, str):
        return ""
    return "".join(c for c in name if c.isprintable()).strip()[:24]
