"""Can a friend elsewhere reach a game hosted here? Ask the home router to forward the port.

Most home routers answer UPnP (the Internet Gateway Device protocol); ``miniupnpc``, a small,
long-kept C library with wheels, asks them. When the router maps the port, a friend anywhere
reaches the game at the router's public address; when it does not (no router that answers,
UPnP switched off, a carrier's shared address), the host is told in plain words that only
people on the same network can join, and that a server is the way for everyone else.

The look-up sends a few packets to the local network and waits up to ``WAIT_MS``: it runs on
the network thread, never the window's. ``TABLETOP_PORT_MAPPING=off`` (set by the tests) skips
it, and so does a game bound to the loopback address. No pygame here."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from typing import Any

from tabletop.core.i18n import N_, words

_, ngettext = words(__name__)

WAIT_MS = 1500
DESCRIPTION = "tabletop game"
ONLY_HERE = N_(
    "Only on this network: a friend elsewhere cannot reach this computer. To play across the internet, use a server."
)


@dataclass(frozen=True)
class Reach:
    """What the host is told: ``public`` ("203.0.113.7:8765") when a friend anywhere can join."""

    public: str
    note: str


def _public(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.is_global


Mapping = tuple[Any, int]  # (the miniupnpc.UPnP that mapped it, the port): what close_port takes back


def open_port(port: int, bind: str) -> tuple[Reach, Mapping | None]:
    """Ask the router to forward ``port`` here. Returns what to tell the host and a handle for
    ``close_port`` (None when nothing was mapped)."""
    if os.environ.get("TABLETOP_PORT_MAPPING", "").lower() in ("off", "0", "no") or bind.startswith("127."):
        return Reach("", _(ONLY_HERE)), None
    try:
        import miniupnpc
    except ImportError:  # a build without it: say what works
        return Reach("", _(ONLY_HERE)), None
    upnp = miniupnpc.UPnP()
    upnp.discoverdelay = WAIT_MS
    try:
        if not upnp.discover():
            return Reach("", _("No router answered the request to open the way in.") + " " + _(ONLY_HERE)), None
        upnp.selectigd()
        external = upnp.externalipaddress()
        if not _public(external):  # a router behind another router, or a carrier's shared address
            return Reach("", _("Your router has no public address of its own.") + " " + _(ONLY_HERE)), None
        ok = upnp.addportmapping(port, "TCP", upnp.lanaddr, port, DESCRIPTION, "")
    except Exception as e:  # miniupnpc raises a bare Exception with the router's words
        refused = _("The router refused to open the way in ({why}).").format(why=str(e)[:60])
        return Reach("", refused + " " + _(ONLY_HERE)), None
    if not ok:
        return Reach("", _("The router refused to open the way in.") + " " + _(ONLY_HERE)), None
    public = f"{external}:{port}"
    welcome = _("Your router lets friends in: anyone with this invite can join, from anywhere.")
    return Reach(public, welcome), (upnp, port)


def close_port(handle: Mapping | None) -> None:
    """Take the forwarding back when the game closes (a router forgets it on restart anyway)."""
    if handle is None:
        return
    upnp, port = handle
    try:
        upnp.deleteportmapping(port, "TCP")
    except Exception:
        pass  # the router is gone or forgot it: nothing is left open that we know of
