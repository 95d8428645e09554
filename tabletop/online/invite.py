"""The invite a host sends a friend: one line with the address and the room code together.

``tabletop://HOST:PORT/CODE`` for a game hosted here or on a plain server; a server behind TLS
gives ``wss://HOST[/PATH]/CODE``. What a person pastes or types is read generously (any case,
spaces around it, ``HOST:PORT CODE``, ``HOST:PORT/CODE`` with no scheme) and a line that is
not an invite gets one sentence saying what is missing. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.i18n import words

from .protocol import CODE_ALPHABET, normal_code
from .server import DEFAULT_PORT

_, ngettext = words(__name__)

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
    """Read an invite (or an address and a code) that a person pasted or typed, strictly: a part
    that is wrong is named (the room code, the port, the address), never guessed around."""
    t = " ".join(text.split())
    if not t:
        raise BadInvite(_("Paste the invite your friend sent (it starts with tabletop://)."))
    if len(t) > MAX_LEN:
        raise BadInvite(_("That is too long to be an invite: paste just the line your friend sent."))
    if t.lower().count("://") > 1:
        raise BadInvite(_("That is more than one invite run together: clear the box (Ctrl+A) and paste just one."))
    if " " in t:  # "host:port CODE"
        where, _space, code = t.rpartition(" ")
        if " " in where:
            raise BadInvite(_("An invite has no spaces: paste just the line your friend sent."))
    else:
        lower = t.lower()
        start = lower.find("://") + 3 if "://" in lower else 0
        cut = t.rfind("/")
        if cut < start:
            raise BadInvite(_("The room code is missing: the invite ends with /CODE."))
        where, code = t[:cut], t[cut + 1 :]
    scheme = where.split("://", 1)[0].lower() if "://" in where else "tabletop"
    if scheme not in ("tabletop", "ws", "wss"):
        raise BadInvite(_("An invite starts with tabletop://, ws:// or wss://."))
    rest = where.split("://", 1)[-1]
    host, _slash, path = rest.partition("/")
    if path and scheme != "wss":  # only a server behind TLS has a path before the code
        raise BadInvite(_("The invite has more between the address and the room code than a /: check it."))
    code = normal_code(code)
    if len(code) != code_len:
        raise BadInvite(
            ngettext(
                "The room code has {n} letter or number; this one has {have}.",
                "The room code has {n} letters and numbers; this one has {have}.",
                code_len,
            ).format(n=code_len, have=len(code))
        )
    if any(c not in CODE_ALPHABET for c in code):
        raise BadInvite(_("The room code has no O, I, 0 or 1 (they are too easily misread): check those."))
    if not host or host.startswith(":"):
        raise BadInvite(_("The host's address is missing from the invite."))
    if not all(c.isalnum() or c in ".-:[]_" for c in host):
        raise BadInvite(_("The address in the invite has letters an address cannot have."))
    name, colon, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if colon and (not name or (":" in name and not name.startswith("["))):
        raise BadInvite(_("The address in the invite has more than one port (a : and a number)."))
    if colon and not port.isdigit():
        raise BadInvite(_("The port (the number after the :) is not a number."))
    if colon and not 0 < int(port) < 65536:
        raise BadInvite(_("The port (the number after the :) is not one a computer has: 1 to 65535."))
    return Invite(server_url(where), code)
