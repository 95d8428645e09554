"""The invite a host sends a friend: one line with the address and the room code together.

``tabletop://HOST:PORT/CODE`` for a game hosted here or on a plain server; a server behind TLS
gives ``wss://HOST[/PATH]/CODE``. What a person pastes or types is read generously (any case,
spaces around it, ``HOST:PORT CODE``, ``HOST:PORT/CODE`` with no scheme) and a line that is
not an invite gets one sentence saying what is missing. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass

from .protocol import normal_code
from .server import DEFAULT_PORT

SCHEME = "tabletop://"
MAX_LEN = 200


class BadInvite(ValueError):
    """What is wrong with a pasted or typed invite, in one sentence for the player."""


@dataclass(frozen=True)
class Invite:
    url: str  # the WebSocket URL of the server
    code: str  # the room code, normalised

    @property
    def text(self) -> str:
        """The invite as the host's screen shows it."""
        if self.url.startswith("ws://"):
            return f"{SCHEME}{self.url[len('ws://') :].rstrip('/')}/{self.code}"
        return f"{self.url.rstrip('/')}/{self.code}"


def make(address: str, code: str) -> str:
    """The invite for a room ``code`` on ``address`` ("192.168.1.5:8765", or a ws/wss URL)."""
    return Invite(server_url(address), normal_code(code)).text


def server_url(address: str) -> str:
    """An address as a person may write it ("host", "host:8765", "wss://play.example.org") as a URL."""
    a = address.strip()
    if a.lower().startswith(SCHEME):
        a = "ws://" + a[len(SCHEME) :]
    if "://" not in a:
        a = "ws://" + a
    scheme, rest = a.split("://", 1)
    host, _, path = rest.partition("/")
    if scheme == "ws" and ":" not in host:
        host = f"{host}:{DEFAULT_PORT}"
    return f"{scheme}://{host}" + (f"/{path}" if path else "")


def parse(text: str, code_len: int) -> Invite:
    """Read an invite (or an address and a code) that a person pasted or typed."""
    t = " ".join(text.split())
    if not t:
        raise BadInvite("Paste the invite your friend sent (it starts with tabletop://).")
    if len(t) > MAX_LEN:
        raise BadInvite("That is too long to be an invite: paste just the line your friend sent.")
    if " " in t:  # "host:port CODE"
        where, _, code = t.rpartition(" ")
    else:
        lower = t.lower()
        start = lower.find("://") + 3 if "://" in lower else 0
        cut = t.rfind("/")
        if cut < start:
            raise BadInvite("The room code is missing: the invite ends with /CODE.")
        where, code = t[:cut], t[cut + 1 :]
    code = normal_code(code)
    if len(code) != code_len:
        raise BadInvite(f"The room code at the end has {code_len} letters and numbers; check the invite.")
    host = where.split("://", 1)[-1].split("/", 1)[0]
    if not host or host.startswith(":"):
        raise BadInvite("The host's address is missing from the invite.")
    if not all(c.isalnum() or c in ".-:[]_" for c in host):
        raise BadInvite("The address in the invite has letters an address cannot have.")
    scheme = where.split("://", 1)[0].lower() if "://" in where else "tabletop"
    if scheme not in ("tabletop", "ws", "wss"):
        raise BadInvite("An invite starts with tabletop://, ws:// or wss://.")
    return Invite(server_url(where), code)
