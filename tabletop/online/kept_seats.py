"""A seat in an online game, kept on the joiner's computer so the game survives a closed window.

When a program joins a room, the room's address, its code and the seat's token are written to
``online/CODE.json`` in the data folder. Continue lists these beside the kept games, and one
press joins the room again with the same token: the same seat, where the game is. The file goes
when the game ends, or when the player leaves it on purpose. It is read through the door like
every file: a bad one is set aside with one line and the others stay. No pygame here."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from tabletop import paths, storage
from tabletop.core import jsonfile
from tabletop.core.i18n import words
from tabletop.core.names import check_name

from . import protocol as P

_, ngettext = words(__name__)

KIND = "tabletop-online-seat"
MAX_BYTES = 8_000


@dataclass(frozen=True)
class KeptSeat:
    url: str  # the server's WebSocket URL
    code: str  # the room code
    token: str  # this program's seat token there
    seat: int
    game: str  # the game's id
    names: tuple[str, ...]  # everybody's names, for the Continue list
    when: float  # when it was joined (seconds since the epoch)

    @property
    def where(self) -> str:
        return self.url.split("://", 1)[-1]


def folder() -> Path:
    """Made by the first write (``storage.write_atomic``): a folder that cannot be made is said by ``keep``."""
    return paths.data_dir() / "online"


def _file(code: str) -> Path:
    """The seat's file, named by its room code (a checked code only: a name from a host never
    reaches a file outside the folder)."""
    if not P.is_code(code):
        raise ValueError("that is not a room code")
    return paths.file_in(folder(), f"{code}.json")


def keep(url: str, code: str, token: str, seat: int, game: str, names: list[str]) -> str:
    """Write the seat down (a message for the player if that failed, else "")."""
    data = {
        "kind": KIND,
        "url": url,
        "code": code,
        "token": token,
        "seat": seat,
        "game": game,
        "names": list(names),
        "when": time.time(),
    }
    try:
        storage.write_json(_file(code), data, MAX_BYTES)
    except OSError as e:
        return _("This online game could not be kept for a restart ({why}).").format(why=e.strerror or e)
    except ValueError as e:
        return _("This online game could not be kept for a restart ({why}).").format(why=e)
    return ""


def forget(code: str) -> None:
    try:
        _file(code).unlink()
    except (OSError, ValueError):
        pass


def token_for(code: str) -> str | None:
    """The token this program keeps for room ``code`` (whatever its address now), else None."""
    try:
        path = _file(code)
        if not path.exists():
            return None
        seat = _check(jsonfile.read_json(path, MAX_BYTES))
    except (OSError, ValueError):
        return None  # Continue's list sets a bad file aside and says so
    return seat.token if seat.code == code else None


def _check(data: object) -> KeptSeat:
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise ValueError("it is not a kept online seat")
    texts = ("url", "code", "token", "game")
    if not all(isinstance(data.get(k), str) and 0 < len(data[k]) <= 200 for k in texts):
        raise ValueError("its address, code, token or game is missing")
    if not P.is_code(data["code"]):
        raise ValueError("its room code is not a room code")
    if not data["url"].startswith(("ws://", "wss://")):
        raise ValueError("its address is not a game server's")
    seat, when, names = data.get("seat"), data.get("when"), data.get("names")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 16:
        raise ValueError("its seat is not a seat number")
    if not isinstance(when, (int, float)) or isinstance(when, bool):
        raise ValueError("its time is not a time")
    if not isinstance(names, list) or len(names) > 16:
        raise ValueError("its players' names are not names")
    for name in names:  # the one name rule (core.names)
        check_name(name, "a player's name")
    return KeptSeat(data["url"], data["code"], data["token"], seat, data["game"], tuple(names), float(when))


def kept(messages: list[str]) -> list[KeptSeat]:
    """Every kept seat, newest first; a file that fails the door is set aside with one line."""
    out = []
    for path in sorted(folder().glob("*.json")):
        try:
            out.append(_check(jsonfile.read_json(path, MAX_BYTES)))
        except (OSError, ValueError) as e:
            messages.append(f"{path.name}: {e}; {storage.set_aside_said(path)}.")
    return sorted(out, key=lambda k: -k.when)
