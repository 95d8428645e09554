"""The online message format (version 1), checked at the door. Pure Python.

Every message is one JSON object in one WebSocket text frame, with ``"v": 1``
and a ``"type"``. docs/online.md describes each one. ``parse`` turns a frame
from a client into a dict whose fields have the right types, or raises
``BadMessage`` with a one-line reason; nothing else in the server reads a
client's bytes.
"""

from __future__ import annotations

import hashlib
import secrets
import string
from collections.abc import Collection, Mapping
from typing import Annotated, Any, Literal, get_args

import msgspec

from tabletop import validate
from tabletop.core.codec import BadJson
from tabletop.core.i18n import N_plural
from tabletop.core.names import told_apart
from tabletop.core.schema import convert, explain

VERSION = 1
MAX_BYTES = 16 * 1024  # a client's message; an action is a few dozen bytes
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LEN = 8  # 32**8 codes: guessing one, at the join limit per address, is hopeless


# -- a reason with names or numbers filled in ---------------------------------------------------------
# The server says its reasons (``error``, ``refused``, ``closed``) in English: ``reason`` is the sentence.
# When names or numbers are filled in, ``say`` also carries the English template (marked for the engine's
# catalogue where the server says it) and its values, so the client says it in its own player's language.
LEFT = N_plural("{names} left the game.", "{names} left the game.")  # a game ended by a player who left


def told(text: str, plural: str = "", **args: str | int) -> dict:
    """The fields a reason is sent with: ``{"reason": the English sentence}``, and when ``args`` fill
    in ``text``'s fields, ``"say": {"text", "plural", "args"}`` as well (a count's two forms: ``text``
    and ``plural``, the count being ``args["n"]``)."""
    if not args:
        return {"reason": text}
    english = plural if plural and args.get("n") != 1 else text
    say: dict = {"text": text, "args": args}
    if plural:
        say["plural"] = plural
    return {"reason": english.format(**args), "say": say}


def fill(template: str, args: Mapping[str, str | int]) -> str | None:
    """``template`` with each ``{name}`` replaced by its value in ``args``; None when a field is anything
    but a plain name of ``args`` (no attribute, index, conversion or format spec: a host's template
    evaluates nothing and pads nothing) or its braces do not pair."""
    out: list[str] = []
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError:
        return None
    for literal, field, spec, conversion in parts:
        out.append(literal)
        if field is None:
            continue
        if spec or conversion or field not in args:
            return None
        out.append(str(args[field]))
    return "".join(out)


class BadMessage(ValueError):
    """A client's message we cannot use; the text is one line. Made from a template and its values
    (``BadMessage(N_("... {n} ..."), n=3)``), ``told`` holds what ``error`` sends (see ``told``)."""

    def __init__(self, text: str, plural: str = "", **args: str | int) -> None:
        self.told = told(text, plural, **args)
        super().__init__(self.told["reason"])


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))


def new_token() -> str:
    return secrets.token_urlsafe(18)


def token_hash(token: str) -> str:
    """What a server keeps of a seat's token: its SHA-256 (hex)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def node_url(value: object) -> bool:
    """An address a fleet's node sends a client to: ws:// or wss://, one line, not long."""
    return (
        isinstance(value, str)
        and len(value) <= 200
        and value.startswith(("ws://", "wss://"))
        and value.isprintable()
        and " " not in value
    )


def is_code(value: object) -> bool:
    """A room code as servers make them (``new_code``): exactly CODE_LEN letters of CODE_ALPHABET."""
    return isinstance(value, str) and len(value) == CODE_LEN and all(c in CODE_ALPHABET for c in value)


def normal_code(text: str) -> str:
    """A room code as a person may type it: any case, spaces and dashes ignored."""
    return "".join(c for c in text.upper() if c.isalnum())


def _plain(value: object) -> object:
    """What msgspec cannot write as it is: a text of a subclass of str (a game's sentence that also keeps
    its template, as JAB's do) goes as the text it is, as the standard library's encoder wrote it."""
    if isinstance(value, str):
        return str(value)
    raise NotImplementedError(f"no JSON for {type(value).__name__}")


_ENCODER = msgspec.json.Encoder(enc_hook=_plain)


def dumps(msg: dict) -> str:
    """A message as one line of JSON with our version (msgspec writes it: a server of a thousand rooms
    spent a tenth of its time in the standard library's encoder)."""
    return _ENCODER.encode({**msg, "v": VERSION}).decode()


MAX_SEATS = 16
WATCH = -1  # the "seat" of the view an onlooker is sent: nobody's secrets
MAX_WATCHERS = 16  # onlookers of one room
MAX_NODES = 64  # a fleet's node addresses a client keeps
NONCE_BITS = 31


Text20 = Annotated[str, msgspec.Meta(max_length=20)]
Text24 = Annotated[str, msgspec.Meta(max_length=24)]
Text40 = Annotated[str, msgspec.Meta(max_length=40)]
Text64 = Annotated[str, msgspec.Meta(max_length=64)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS - 1)]
Time = Annotated[float, msgspec.Meta(gt=-(2**53), lt=2**53)]  # ms; whole or not
# the values of an action's or an option's fields: no nesting below a flat list, nothing unbounded
Scalar = (
    Annotated[int, msgspec.Meta(ge=-(2**53), le=2**53)]
    | Annotated[float, msgspec.Meta(ge=-1e12, le=1e12)]
    | Annotated[str, msgspec.Meta(max_length=200)]
    | bool
    | None
)
Field = Scalar | Annotated[list[Scalar], msgspec.Meta(max_length=256)]


def _named(name: str | None) -> None:
    """A player's name: the records' own rule, so nothing a client names is refused when a record is read."""
    if name is not None:
        validate.check_name(name, "name")


SeatKind = Literal["here", "remote", "computer"]  # the host's people, people elsewhere, computers
SEAT_KINDS: tuple[str, ...] = get_args(SeatKind)


class SeatSpec(msgspec.Struct, forbid_unknown_fields=True):
    """A seat of a ``create`` message."""

    kind: SeatKind
    name: str = ""
    level: Text20 = ""

    def __post_init__(self) -> None:
        _named(self.name or None)


Coord = Annotated[float, msgspec.Meta(ge=-10_000, le=10_000)]
HandPositions = Annotated[list[tuple[Coord, Coord]], msgspec.Meta(min_length=1, max_length=2)]


# One schema per message a client sends (docs/online.md); every field is here, none other is taken.
# A frame is decoded straight into its message's type: a frame that breaks the schema is refused
# by msgspec as it reads, before anything of ours walks a value.
class Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    v: Literal[1]


class Create(Message, tag="create"):
    game: Text40
    seats: Annotated[list[SeatSpec], msgspec.Meta(max_length=8)]
    options: Annotated[dict[Text40, Scalar], msgspec.Meta(max_length=32)] = {}
    key: Text64 = ""
    moved: Literal[True] | None = None  # a fleet sent it on here: this node makes the room
    move_clock: Annotated[float, msgspec.Meta(ge=0, le=86_400)] | None = None  # seconds a move; 0: no clock


class Join(Message, tag="join"):
    room: Text24
    name: str | None = None
    token: Text64 = ""
    watch: Literal[True] | None = None  # an onlooker: no seat, only what everybody may see

    def __post_init__(self) -> None:
        _named(self.name)


class Act(Message, tag="act"):
    seat: Seat
    id: Annotated[int, msgspec.Meta(ge=0, le=2**53)]
    action: Annotated[dict[Text40, Field], msgspec.Meta(max_length=16)]
    stamp: Time | None = None  # real time: when it was done, on the server's clock as the client keeps it


class Sync(Message, tag="sync"):
    t0: Time


class Pong(Message, tag="pong"):
    s: Annotated[int, msgspec.Meta(ge=0, le=2**NONCE_BITS)]


class View(Message, tag="view"):
    seat: Seat


class Hands(Message, tag="hands"):
    seat: Seat
    pos: HandPositions


class Bye(Message, tag="bye"):
    gone: bool = False  # left on purpose, the game ends


class Rematch(Message, tag="rematch"):
    yes: bool  # after the end: play again, seats swapped


class Ready(Message, tag="ready"):
    """Real time, after a pause: this connection's person has their hands on the controls again."""


MESSAGES: tuple[type[Message], ...] = (Create, Join, Act, Sync, Pong, View, Hands, Bye, Rematch, Ready)
_DECODER = msgspec.json.Decoder(Create | Join | Act | Sync | Pong | View | Hands | Bye | Rematch | Ready)


def parse(raw: object) -> dict:
    """A client's frame as a message whose every field fits its schema (``MESSAGES``), as a dict of
    plain values; raises BadMessage (one line, with what the client sent shown escaped and cut short).
    The frame is decoded straight into its message's type (no tree of ours is built or walked first)."""
    if isinstance(raw, bytes):
        raise BadMessage("binary frames are not used")
    if not isinstance(raw, str):
        raise BadMessage("not a text frame")
    if len(raw) > MAX_BYTES:
        raise BadMessage(f"message too large ({len(raw)} bytes, at most {MAX_BYTES})")
    if "\\u0000" in raw:
        raise BadMessage("the message holds a NUL character")
    try:
        msg = _DECODER.decode(raw)
    except msgspec.ValidationError as e:
        raise BadMessage(explain(e, None)) from None
    except (msgspec.DecodeError, RecursionError) as e:
        raise BadMessage(f"the message is not valid JSON ({validate.short_line(str(e), 60)})") from None
    except ValueError as e:  # a Struct's own check of a name
        raise BadMessage(validate.short_line(str(e), 100)) from None
    return msgspec.to_builtins(msg)


def hand_positions(pos: object) -> list | None:
    """A real-time seat's hand positions ([[x, y], ...], at most 2 hands) or None if malformed."""
    try:
        hands = convert(pos, HandPositions)
    except validate.Invalid:
        return None
    return [[round(x, 1), round(y, 1)] for x, y in hands]


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


def patch(old: dict | None, change: ViewChange) -> dict:
    """The view a ``diff`` was made from; raises BadMessage when it does not fit."""
    if change.full is not None:
        return change.full
    if old is None:
        raise BadMessage("a view patch came before any view")
    new = dict(old)
    new.update(change.set)
    for k, items in change.append.items():
        if not isinstance(new.get(k), list):
            raise BadMessage(f"a view patch appends to {k!r}, which is not a list")
        new[k] = new[k] + items
    return new


def seat_specs(seats: list) -> list[dict]:
    """Check the seats of a ``create`` message: [{"kind": "here"|"remote"|"computer", "name", "level"}]."""
    try:
        checked = convert(seats, list[SeatSpec], "create.seats")
    except validate.Invalid as e:
        raise BadMessage(str(e)) from None
    names = told_apart([s.name or f"Player {i + 1}" for i, s in enumerate(checked)])  # two Anas: "Ana (2)"
    return [{"kind": s.kind, "name": name, "level": s.level} for s, name in zip(checked, names, strict=True)]


SERVER_MAX_BYTES = 8 * 1024 * 1024  # a host's message (the record in ``over`` is the largest)


def why(e: Exception) -> str:
    """An exception as a few words for a person (never a traceback)."""
    text = str(e) if isinstance(e, (BadMessage, validate.Invalid, BadJson)) else f"{type(e).__name__}: {e}"
    return validate.short_line(text, 100)


# -- what a server sends (docs/online.md, "Server to client") --------------------------------------------
# One Struct per message type, nested fields included. A host's frame is read with the limits of a file
# (``validate.parse_json``: digits, depth, size), then converted into its message's type by msgspec, so
# nothing a table or a client's code reads was not of its declared type. Fields a later version adds are
# ignored, and so are message types this program does not know (docs/online.md).
Reason = Annotated[str, msgspec.Meta(max_length=1000)]
Name = Annotated[str, msgspec.Meta(max_length=200)]
SeatOrWatch = Annotated[int, msgspec.Meta(ge=WATCH, le=MAX_SEATS - 1)]
Count = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Millis = Annotated[float, msgspec.Meta(ge=0, le=1e9)] | None  # a round trip or a jitter; None: not measured
NodeUrl = Annotated[str, msgspec.Meta(max_length=200)]
SeatKey = Annotated[str, msgspec.Meta(pattern=r"^(1[0-5]|[0-9])$")]  # a seat as a JSON object's key


class SeatInfo(msgspec.Struct):
    """A seat as ``welcome`` and ``status`` describe it."""

    name: Name
    kind: SeatKind
    here: bool = False
    ready: bool = True


ArgName = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z_]{0,15}$")]
ArgValue = Annotated[int, msgspec.Meta(ge=-(2**31), le=2**31)] | Reason  # a name, a list of names, a count
Template = Reason


class Say(msgspec.Struct):
    """A reason's template and the values filled in (``told``): the client says it in its player's words."""

    text: Template
    args: Annotated[dict[ArgName, ArgValue], msgspec.Meta(max_length=8)]
    plural: Template = ""

    def __post_init__(self) -> None:
        if any(fill(t, self.args) is None for t in (self.text, self.plural) if t):
            raise ValueError("a sentence with a field that is not just the name of one of its values")
        if self.plural and not isinstance(self.args.get("n"), int):
            raise ValueError("a count's sentence without its count")


class Event(msgspec.Struct):
    """What happened, as the view's log tells it (``Rules.events``)."""

    n: Count
    kind: Text40
    text: Reason


class ViewChange(msgspec.Struct):
    """A seat's view: ``{"full": VIEW}`` the first time, then a patch on the last one (``diff``)."""

    full: dict[str, Any] | None = None
    set: dict[str, Any] = {}
    append: dict[str, list[Any]] = {}


class Sent(msgspec.Struct, tag_field="type", kw_only=True):
    v: Literal[1]


class Welcome(Sent, tag="welcome"):
    room: Text24
    game: Text40
    options: Annotated[dict[Text40, Field], msgspec.Meta(max_length=32)]
    seats: Annotated[list[SeatInfo], msgspec.Meta(max_length=MAX_SEATS)]
    you: Annotated[list[Seat], msgspec.Meta(max_length=MAX_SEATS)]
    tokens: dict[SeatKey, Text64]
    lag_cap: float = 0.0
    realtime: bool = False
    move_clock: Annotated[float, msgspec.Meta(ge=0)] = 0.0
    nodes: list[NodeUrl] | None = None
    watch: bool = False

    def __post_init__(self) -> None:
        if not is_code(self.room):  # it names files here (a seat kept for Continue)
            raise ValueError(f"a room code {validate.short(self.room)} that is not a room code")


class State(Sent, tag="state"):
    seat: SeatOrWatch
    n: Count
    view: ViewChange
    events: list[Event] = []
    epoch: Time | None = None  # real time: server time of the round clock's 0


class HandsSent(Sent, tag="hands"):
    seat: Seat
    pos: HandPositions


class Done(Sent, tag="done"):
    id: Count
    n: Count = 0


class RefusedSent(Sent, tag="refused"):
    id: Count
    reason: Reason
    say: Say | None = None


class Status(Sent, tag="status"):
    seats: Annotated[list[SeatInfo], msgspec.Meta(max_length=MAX_SEATS)]
    paused: bool = False
    waiting_for: list[Name] = []
    ready_for: list[Name] = []
    ready_in: Count | None = None
    move_in: Count | None = None
    watchers: Count = 0


class Net(Sent, tag="net"):
    ping: Annotated[list[Millis], msgspec.Meta(max_length=MAX_SEATS)]
    jitter: Annotated[list[Millis], msgspec.Meta(max_length=MAX_SEATS)]
    casual: bool = False
    nodes: list[NodeUrl] | None = None


class Moved(Sent, tag="moved"):
    url: NodeUrl


class SyncSent(Sent, tag="sync"):
    t0: Time
    t1: Time
    t2: Time


class Ping(Sent, tag="ping"):
    s: Annotated[int, msgspec.Meta(ge=0, le=2**NONCE_BITS)]


class Over(Sent, tag="over"):
    winner: Seat | None
    reason: Reason = ""
    record: dict[str, Any] = {}  # checked as any record is (``validate.check_record``) where it is kept


class Votes(Sent, tag="rematch"):
    votes: dict[SeatKey, bool]


class Closed(Sent, tag="closed"):
    reason: Reason
    say: Say | None = None


class ErrorSent(Sent, tag="error"):
    reason: Reason
    say: Say | None = None


SENT: dict[str, type[Sent]] = {
    cls.__struct_config__.tag: cls  # type: ignore[misc]
    for cls in (
        Welcome,
        State,
        HandsSent,
        Done,
        RefusedSent,
        Status,
        Net,
        Moved,
        SyncSent,
        Ping,
        Over,
        Votes,
        Closed,
        ErrorSent,
    )
}


def parse_from_server(raw: object) -> Sent | None:
    """A host's frame as its message's type (``SENT``), nested fields included; None for a type this
    program does not know (a later version's). Raises BadMessage with one line."""
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
    kind = SENT.get(msg["type"])
    if kind is None:
        return None
    try:
        return msgspec.convert(msg, kind)
    except msgspec.ValidationError as e:
        raise BadMessage(f"a {msg['type']} where {explain(e, msg)}") from None


def _kind(value: object) -> str:
    """A JSON value's kind, numbers as one (a time may be 0 in one view and 12.5 in the next)."""
    if isinstance(value, bool):
        return "bool"
    return "number" if isinstance(value, (int, float)) else type(value).__name__


def check_seats(value: object, n_seats: int, seat_fields: tuple[str, ...], path: str = "") -> None:
    """Every field the game declares seat-valued (``Rules.seat_fields``), at any depth of a view's JSON,
    is None or a seat of this table: a hostile host's nested seat 7 never reaches a table's lists."""
    if isinstance(value, dict):
        for key, item in value.items():
            here = f"{path}.{key}" if path and not key.startswith("$") else (path or key)
            if key in seat_fields and item is not None and not (validate.is_int(item) and 0 <= item < n_seats):
                raise BadMessage(f"{here} {validate.short(item)} is not a seat")
            check_seats(item, n_seats, seat_fields, here)
    elif isinstance(value, list):
        for item in value:
            check_seats(item, n_seats, seat_fields, path)


def check_view(
    view_json: dict,
    reference: dict,
    n_seats: int,
    phases: Collection[str] | None = None,
    seat_fields: tuple[str, ...] = (),
) -> None:
    """A view a host sent, against a view this program made itself (``reference``: a new game's view
    for the same seat): the same kind of state with the same fields, each of the same JSON type; lists
    with one item per seat still have one per seat; the fields the game declares seat-valued name a
    seat, nested ones too; the phase is one the game has. Raises BadMessage, so a table never draws
    what it cannot."""
    if view_json.get("$type") != reference.get("$type") or set(view_json) != set(reference):
        raise BadMessage("a view of another kind of game")
    check_seats(view_json, n_seats, seat_fields)
    for key, ref in reference.items():
        value = view_json[key]
        if ref is None or value is None:
            continue
        if _kind(value) != _kind(ref):
            raise BadMessage(f"{key} is {validate.short(value)}")
        if isinstance(ref, list) and len(ref) == n_seats and len(value) != n_seats:
            raise BadMessage(f"{key} does not have one item per seat")
    if phases and view_json.get("phase") not in phases:
        raise BadMessage(f"an unknown phase {validate.short(view_json.get('phase'))}")
