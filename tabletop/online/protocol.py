"""The online message format (version 1), checked at the door. Pure Python.

Every message is one JSON object in one WebSocket text frame, with ``"v": 1``
and a ``"type"``. docs/online.md describes each one. ``parse`` turns a frame
from a client into a dict whose fields have the right types, or raises
``BadMessage`` with a one-line reason; nothing else in the server reads a
client's bytes.
"""

from __future__ import annotations

import hashlib
import json
import math
import secrets

from tabletop import validate

VERSION = 1
MAX_BYTES = 16 * 1024  # a client's message; an action is a few dozen bytes
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LEN = 8  # 32**8 codes: guessing one, at the join limit per address, is hopeless
SEAT_KINDS = ("here", "remote", "computer")  # the host's people, people elsewhere, computers


class BadMessage(ValueError):
    """A client's message we cannot use; the text is one line."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))


def new_token() -> str:
    return secrets.token_urlsafe(18)


def token_hash(token: str) -> str:
    """What a server keeps of a seat's token: its SHA-256 (hex)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def node_url(value) -> bool:
    """An address a fleet's node sends a client to: ws:// or wss://, one line, not long."""
    return (
        isinstance(value, str)
        and len(value) <= 200
        and value.startswith(("ws://", "wss://"))
        and value.isprintable()
        and " " not in value
    )


def normal_code(text: str) -> str:
    """A room code as a person may type it: any case, spaces and dashes ignored."""
    return "".join(c for c in text.upper() if c.isalnum())


def dumps(msg: dict) -> str:
    return json.dumps(dict(msg, v=VERSION), separators=(",", ":"))


def _int(lo: int, hi: int):
    def check(v) -> bool:
        return validate.is_int(v) and lo <= v <= hi

    return check


def _num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and abs(v) < 2**53


def _text(limit: int):
    return lambda v: isinstance(v, str) and len(v) <= limit


def _obj(limit: int):
    return lambda v: isinstance(v, dict) and len(v) <= limit


def _list(limit: int):
    return lambda v: isinstance(v, list) and len(v) <= limit


def _name(v) -> bool:
    """A player's name: the records' own rule, so nothing a client names is refused when a record is read."""
    try:
        validate.check_name(v, "name")
    except validate.Invalid:
        return False
    return True


MAX_SEATS = 16
WATCH = -1  # the "seat" of the view an onlooker is sent: nobody's secrets
MAX_WATCHERS = 16  # onlookers of one room
MAX_NODES = 64  # a fleet's node addresses a client keeps
SEAT = _int(0, MAX_SEATS - 1)
NONCE_BITS = 31

# One schema per message: type -> {field: (check, required)}; every field of a client's message is here.
FIELDS: dict[str, dict[str, tuple]] = {
    "create": {
        "game": (_text(40), True),
        "options": (_obj(32), False),
        "seats": (_list(8), True),
        "key": (_text(64), False),
        "moved": (lambda v: v is True, False),  # a fleet sent it on here: this node makes the room
    },
    "join": {
        "room": (_text(24), True),
        "name": (_name, False),
        "token": (_text(64), False),
        "watch": (lambda v: v is True, False),  # an onlooker: no seat, only what everybody may see
    },
    "act": {"seat": (SEAT, True), "id": (_int(0, 2**53), True), "action": (_obj(16), True), "stamp": (_num, False)},
    "sync": {"t0": (_num, True)},
    "pong": {"s": (_int(0, 2**NONCE_BITS), True)},
    "view": {"seat": (SEAT, True)},
    "hands": {"seat": (SEAT, True), "pos": (_list(2), True)},
    "bye": {"gone": (lambda v: isinstance(v, bool), False)},  # gone: left on purpose, the game ends
    "rematch": {"yes": (lambda v: isinstance(v, bool), True)},  # after the end: play again, seats swapped
}


def parse(raw) -> dict:
    """A client's frame as a message whose every field fits its schema; raises BadMessage (one line,
    with what the client sent shown escaped and cut short)."""
    if isinstance(raw, bytes):
        raise BadMessage("binary frames are not used")
    if not isinstance(raw, str):
        raise BadMessage("not a text frame")
    if len(raw) > MAX_BYTES:
        raise BadMessage(f"message too large ({len(raw)} bytes, at most {MAX_BYTES})")
    try:
        msg = validate.parse_json(raw.encode("utf-8", "surrogatepass"))
    except validate.Invalid as e:
        raise BadMessage(f"the message {e}") from None
    if not isinstance(msg, dict):
        raise BadMessage("a message is a JSON object")
    if not validate.same_value(msg.get("v"), VERSION):
        raise BadMessage(f"message version {validate.short(msg.get('v'))} is not {VERSION}")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise BadMessage(f"unknown message type {validate.short(kind)}")
    spec = FIELDS[kind]
    extra = set(msg) - set(spec) - {"v", "type"}
    if extra:
        raise BadMessage(f"{kind}: unknown field {validate.short(sorted(extra)[0])}")
    for name, (check, required) in spec.items():
        if name not in msg:
            if required:
                raise BadMessage(f"{kind}: missing {name!r}")
            continue
        if not check(msg[name]):
            raise BadMessage(f"{kind}: {name!r} cannot be {validate.short(msg[name])}")
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
        if not isinstance(s, dict) or set(s) - {"kind", "name", "level"}:
            raise BadMessage(f"create: seat {i + 1} is not an object of kind, name and level")
        kind = s.get("kind")
        if kind not in SEAT_KINDS:
            raise BadMessage(f"create: seat {i + 1} kind must be one of {', '.join(SEAT_KINDS)}")
        name = s.get("name", "")
        level = s.get("level", "")
        if not isinstance(level, str) or len(level) > 20 or not (name == "" or _name(name)):
            raise BadMessage(f"create: seat {i + 1} has a bad name or level")
        out.append({"kind": kind, "name": name or f"Player {i + 1}", "level": level})
    return out


SERVER_MAX_BYTES = 8 * 1024 * 1024  # a host's message (the record in ``over`` is the largest)
SEAT_FIELDS = ("turn", "viewer", "winner", "reactor", "player", "ding_by", "clinch_by")  # a seat number or None


def why(e: Exception) -> str:
    """An exception as a few words for a person (never a traceback)."""
    text = str(e) if isinstance(e, (BadMessage, validate.Invalid)) else f"{type(e).__name__}: {e}"
    return validate.short_line(text, 100)


def parse_from_server(raw) -> dict:
    """A host's frame, read with the same limits as a file: a JSON object of our version with a type."""
    if not isinstance(raw, str) or len(raw) > SERVER_MAX_BYTES:
        raise BadMessage("a frame that is not text, or too large")
    try:
        msg = validate.parse_json(raw.encode("utf-8", "surrogatepass"))
    except validate.Invalid as e:
        raise BadMessage(f"a message that {e}") from None
    if (
        not isinstance(msg, dict)
        or not validate.same_value(msg.get("v"), VERSION)
        or not isinstance(msg.get("type"), str)
    ):
        raise BadMessage("a message not of this program's version")
    return msg


def _kind(value) -> str:
    """A JSON value's kind, numbers as one (a time may be 0 in one view and 12.5 in the next)."""
    if isinstance(value, bool):
        return "bool"
    return "number" if isinstance(value, (int, float)) else type(value).__name__


def check_view(view_json: dict, reference: dict, n_seats: int, phases=None) -> None:
    """A view a host sent, against a view this program made itself (``reference``: a new game's view
    for the same seat): the same kind of state with the same fields, each of the same JSON type; lists
    with one item per seat still have one per seat; seat numbers name a seat; the phase is one the game
    has. Raises BadMessage, so a table never draws what it cannot."""
    if view_json.get("$type") != reference.get("$type") or set(view_json) != set(reference):
        raise BadMessage("a view of another kind of game")
    for key, ref in reference.items():
        value = view_json[key]
        if key in SEAT_FIELDS and value is not None and not (validate.is_int(value) and 0 <= value < n_seats):
            raise BadMessage(f"{key} {validate.short(value)} is not a seat")
        if ref is None or value is None:
            continue
        if _kind(value) != _kind(ref):
            raise BadMessage(f"{key} is {validate.short(value)}")
        if isinstance(ref, list) and len(ref) == n_seats and len(value) != n_seats:
            raise BadMessage(f"{key} does not have one item per seat")
    if phases and view_json.get("phase") not in phases:
        raise BadMessage(f"an unknown phase {validate.short(view_json.get('phase'))}")
