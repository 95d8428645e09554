"""Hosting tells the host, in plain words, whether a friend elsewhere can join: the router is asked
to open the way in (UPnP, through miniupnpc). The router here is a stand-in for the library's
UPnP object: no packet leaves this computer."""

import sys
import types

import pytest

from tabletop.online import portmap


class Router:
    """Stands in for miniupnpc.UPnP: what a home router answers."""

    def __init__(self, found=1, external="93.184.216.34", accepts=True, error=None):
        self.found, self.external, self.accepts, self.error = found, external, accepts, error
        self.discoverdelay = 0
        self.lanaddr = "192.168.1.20"
        self.mapped: dict = {}

    def discover(self):
        return self.found

    def selectigd(self):
        if self.error:
            raise Exception(self.error)

    def externalipaddress(self):
        return self.external

    def addportmapping(self, ext, proto, lan, port, desc, remote):
        if self.accepts:
            self.mapped[(ext, proto)] = (lan, port)
        return self.accepts

    def deleteportmapping(self, ext, proto):
        self.mapped.pop((ext, proto), None)


@pytest.fixture
def router(monkeypatch):
    monkeypatch.delenv("TABLETOP_PORT_MAPPING", raising=False)
    box = {}

    def install(**kw):
        box["router"] = Router(**kw)
        monkeypatch.setitem(sys.modules, "miniupnpc", types.SimpleNamespace(UPnP=lambda: box["router"]))
        return box["router"]

    return install


def test_a_router_that_opens_the_way_gives_the_public_address_and_closing_takes_it_back(router):
    r = router()
    reach, handle = portmap.open_port(8765, "0.0.0.0")
    assert reach.public == "93.184.216.34:8765" and "from anywhere" in reach.note
    assert r.mapped == {(8765, "TCP"): ("192.168.1.20", 8765)}
    portmap.close_port(handle)
    assert r.mapped == {}


@pytest.mark.parametrize(
    "kw, words",
    [
        ({"found": 0}, "No router answered"),
        ({"external": "10.20.0.3"}, "no public address"),  # a router behind another router
        ({"accepts": False}, "refused"),
        ({"error": "UPnP switched off"}, "refused to open the way in (UPnP switched off)"),
    ],
)
def test_when_the_router_will_not_the_host_is_told_only_this_network_and_to_use_a_server(router, kw, words):
    router(**kw)
    reach, handle = portmap.open_port(8765, "0.0.0.0")
    assert reach.public == "" and handle is None
    assert words in reach.note and "Only on this network" in reach.note and "use a server" in reach.note


def test_no_router_is_asked_for_a_game_on_the_loopback_address_or_when_switched_off(router, monkeypatch):
    r = router()
    assert portmap.open_port(8765, "127.0.0.1")[0].public == ""
    monkeypatch.setenv("TABLETOP_PORT_MAPPING", "off")
    assert portmap.open_port(8765, "0.0.0.0")[0].public == ""
    assert r.mapped == {}


def test_the_host_screen_shows_the_public_invite_once_the_router_opened_the_way(router, monkeypatch):
    import time

    from tabletop.online import remote
    from tests.ui_helpers import frames, make_app, top

    router()
    real = portmap.open_port
    monkeypatch.setattr(remote, "BIND", "127.0.0.1")  # the game listens on loopback only, yet
    monkeypatch.setattr(portmap, "open_port", lambda port, _bind: real(port, "0.0.0.0"))  # asks as a host would
    monkeypatch.setattr(remote, "HOST_PORT", 0)
    app = make_app()
    app.start()
    try:
        from tabletop.ui.online_host import HostScene

        scene = HostScene(app)
        app.push(scene)
        scene._game("punch")
        scene.host()
        end = time.monotonic() + 10
        while type(top(app)).__name__ == "Busy" and time.monotonic() < end:  # made on the network thread
            frames(app)
            time.sleep(0.005)
        room = top(app)
        while room.net.reach is None and time.monotonic() < end:
            time.sleep(0.01)
        frames(app)
        port = room.net.server.port
        assert room.invite == f"tabletop://93.184.216.34:{port}/{room.net.client.room}"
        assert "from anywhere" in room.reach_words()
    finally:
        for scene in list(app.stack):
            if getattr(scene, "net", None) is not None:
                scene.net.close()
