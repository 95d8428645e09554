"""A game hosted from the launcher survives the host's program closing: beside its kept game
(``games/X.json``) the room's code, its seats' tokens and kinds and the port are kept in
``games/X.json.room``. Continue then hosts the room again, with the same invite and tokens, and
the friend's program, which keeps trying its seat, gets back in by itself.

The file is written when the room is made, goes when the game ends, and is read through the door
like every file: one that fails is set aside with one line, and the game is then offered to resume
at this computer only. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tabletop import storage
from tabletop.core import jsonfile
from tabletop.core.i18n import words

from . import protocol as P

_, ngettext = words(__name__)

KIND = "tabletop-hosted-room"
SUFFIX = ".room"
MAX_BYTES = 8_000


@dataclass(frozen=True)
class HostedRoom:
    code: str
    tokens: tuple[str, ...]  # per seat
    kinds: tuple[str, ...]  # per seat: "here", "remote" or "computer"
    port: int


def path_of(kept: Path) -> Path:
    return Path(kept).with_name(Path(kept).name + SUFFIX)


def keep(kept: Path, room: HostedRoom) -> None:
    data = {
        "kind": KIND,
        "code": room.code,
        "tokens": list(room.tokens),
        "kinds": list(room.kinds),
        "port": room.port,
    }
    storage.write_json(path_of(kept), data, MAX_BYTES)


def forget(kept: Path) -> None:
    try:
        path_of(kept).unlink()
    except OSError:
        pass


def _check(data: object, seats: int) -> HostedRoom:
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise ValueError("it is not a hosted room's file")
    code, tokens, kinds, port = data.get("code"), data.get("tokens"), data.get("kinds"), data.get("port")
    if not isinstance(code, str) or P.normal_code(code) != code or len(code) != P.CODE_LEN:
        raise ValueError("its room code is not a room code")
    if not isinstance(tokens, list) or len(tokens) != seats:
        raise ValueError("it has not one token per seat")
    if not all(isinstance(t, str) and 8 <= len(t) <= 100 and t.isascii() for t in tokens):
        raise ValueError("a token in it is not a token")
    if not isinstance(kinds, list) or len(kinds) != seats or not all(k in P.SEAT_KINDS for k in kinds):
        raise ValueError("its seats are not here, remote or computer")
    if "remote" not in kinds or "here" not in kinds:
        raise ValueError("it has no seat here and elsewhere")
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        raise ValueError("its port is not a port")
    return HostedRoom(code, tuple(tokens), tuple(kinds), port)


def read(kept: Path, seats: int) -> tuple[HostedRoom | None, str]:
    """The hosted room kept beside ``kept`` (None when there is none), and a problem ("" if none): a
    file that fails the door is set aside and the game resumes as a game at this computer."""
    path = path_of(kept)
    if not path.exists():
        return None, ""
    try:
        return _check(jsonfile.read_json(path, MAX_BYTES), seats), ""
    except (OSError, ValueError) as e:
        return None, f"{path.name}: {e}; {storage.set_aside_said(path)}. " + _(
            "The game resumes at this computer only."
        )
