"""The two waits of playing online: for the network's answer (``Busy``, over the screen that asked, with
Cancel) and for the people (``WaitingRoom``: who is here, and the invite to send), until the table."""

from __future__ import annotations

import time

import pygame

from tabletop.core.i18n import game_text, words
from tabletop.online import invite as invite_mod
from tabletop.online import kept_seats
from tabletop.online import protocol as P
from tabletop.online.remote import NetThread, RemoteSession
from tabletop.ui import gfx
from tabletop.ui.online_leave import LeaveQuestion
from tabletop.ui.online_table import remote_table
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Item, Menu, background, title

_, ngettext = words(__name__)


def unanswered(url: str, e: BaseException) -> str:
    """Why a server was not reached, told apart: nothing listens there, or something listens and
    never answers."""
    where = url.split("://", 1)[-1]
    if isinstance(e, TimeoutError):
        return _("The server at {where} does not answer: it may be busy or stopped. Try again later.").format(
            where=where
        )
    if isinstance(e, OSError):
        return _("Nothing answers at {where}: check the address, and that the host is waiting.").format(where=where)
    return _("Could not reach {where}: {why}").format(where=where, why=P.why(e) if isinstance(e, Exception) else e)


class Busy(Scene):
    """Waiting for the network, over the screen that asked: what it waits for, for how long, and
    Cancel (the window keeps drawing meanwhile: nothing waits on its thread)."""

    opaque = False

    def __init__(self, app, net: NetThread, coro, what: str, done, failed):
        super().__init__(app)
        self.net = net
        self.future = net.start(coro)
        self.what = what
        self.done, self.failed = done, failed
        self.since = time.monotonic()
        self.menu = Menu(
            [Item(_("Cancel"), action=self.cancel)], x=490, y=400, w=300, sound=app.sounds, on_back=self.cancel
        )

    def cancel(self) -> None:
        self.app.pop(self)  # on_exit stops the waiting

    def on_exit(self) -> None:
        """Cancelled, or the window closed while waiting: nothing is left open."""
        if not self.future.done():
            self.future.cancel()
            self.net.close()

    def next_frame(self) -> float | None:
        return 0  # the seconds count, and the answer is looked for every frame

    def update(self, dt_ms):
        if not self.future.done():
            return
        self.app.pop(self)  # (done: its on_exit closes nothing)
        try:
            result = self.future.result()
        except BaseException as e:  # noqa: BLE001 -- whatever the network raised is said in one line
            self.net.close()
            self.failed(e)
            return
        self.done(result)

    def handle(self, event, pad_changes):
        self.menu.handle(event, pad_changes, self.app.vp)

    def draw(self, surf, vp):
        gfx.shade(surf, 170)
        gfx.panel(surf, vp.r(290, 230, 700, 250), gfx.PANEL, radius=vp.s(14), border=(60, 70, 92))
        secs = int(time.monotonic() - self.since)
        line = _("{what}... {secs} s").format(what=self.what, secs=secs)
        gfx.draw_fitted(surf, line, vp.r(320, 250, 640, 60), vp.s(28), gfx.GOLD, bold=True, lines=2)
        note = _("Waiting for the answer. Cancel stops waiting.")
        gfx.draw_fitted(surf, note, vp.r(320, 320, 640, 50), vp.s(19), gfx.WHITE, lines=2)
        self.menu.draw(surf, vp)


class WaitingRoom(Scene):
    """Who is here; the host also sees the address and the room code to tell the others."""

    def __init__(self, app, net: NetThread, address: str = "", on_server: bool = False, resumed: bool = False):
        super().__init__(app)
        self.net = net
        self.address = address
        self.on_server = on_server
        self.resumed = resumed  # a kept game hosted again: leaving keeps it (Continue hosts it again)
        self.since = time.monotonic()
        self.started = False
        room = net.client.room if net.client is not None else ""
        self.invite = invite_mod.make(address, room) if address else ""
        items = [Item(_("Leave"), action=self.leave)]
        if self.invite:
            items.insert(0, Item(_("Copy invite"), action=self.copy, hint=_("Then paste it to your friend (Ctrl+V)")))
        self.menu = Menu(items, x=490, y=540, w=300, sound=app.sounds, on_back=self.leave)

    def reach_words(self) -> str:
        """Who can join with the invite, in plain words; a router that opened the way in gives the
        invite its public address."""
        if self.on_server:
            return _("Anyone who can reach this server joins with it.")
        reach = self.net.reach
        if reach is None:
            return _("Asking your router whether a friend elsewhere can reach this computer...")
        return reach.note

    def copy(self):
        try:
            pygame.scrap.put_text(self.invite)
        except pygame.error:
            self.app.toast(_("Could not copy: write the invite down for your friend."))
            return
        self.app.toast(_("Invite copied: paste it to your friend in a message (Ctrl+V)."))

    def leave(self):
        """Leave with the goodbye: a room whose game has not begun ends (whoever joined is told who
        left); for a game under way it is asked first (leave it for good, or come back later). The
        connection closes and a server hosted here stops."""
        c = self.net.client
        if c is None or self.unbegun() or not c.you:
            self.goodbye(gone=self.unbegun())
            self.app.pop(self)
            return
        others = [s["name"] for i, s in enumerate(c.seats) if i not in c.you and s.get("kind") != "computer"]
        hosting = self.net.server is not None
        self.app.push(LeaveQuestion(self.app, others, hosting, self.goodbye, quitting=False, stay=_("Keep waiting")))

    def goodbye(self, gone: bool) -> None:
        c = self.net.client
        if c is not None and gone:
            kept_seats.forget(c.room)
        self.net.leave(gone=gone)

    def before_quit(self) -> bool:
        """Closing the window from here: asked first for a game under way (as at its table)."""
        c = self.net.client
        if self.started or c is None or self.unbegun() or not c.you:
            return False
        others = [s["name"] for i, s in enumerate(c.seats) if i not in c.you and s.get("kind") != "computer"]
        self.app.push(LeaveQuestion(self.app, others, self.net.server is not None, self.goodbye, quitting=True))
        return True

    def unbegun(self) -> bool:
        """No move made yet in this room: leaving ends it (a game under way waits for its people)."""
        c = self.net.client  # (no view yet: not known, so taken as under way)
        return not self.resumed and c is not None and bool(c.n) and not any(n > 0 for n in c.n.values())

    def on_exit(self):
        if not self.started:  # the window closed here: the same goodbye
            self.net.leave(gone=self.unbegun())

    def handle(self, event, pad_changes):
        self.menu.handle(event, pad_changes, self.app.vp)

    def next_frame(self) -> float | None:
        """Who joins comes from the network thread, which wakes the loop (client.WAKE); while the
        router is asked whether a friend can reach this computer, frames (its answer wakes nothing)."""
        if self.invite and not self.on_server and self.net.reach is None:
            return 0
        return 1000 - (time.monotonic() - self.since) * 1000 % 1000  # the seconds waited count

    def update(self, dt_ms):
        c = self.net.connected()
        reach = self.net.reach
        if self.invite and reach is not None and reach.public and self.address != reach.public:
            self.address = reach.public  # the router opened the way in: the invite works from anywhere
            self.invite = invite_mod.make(reach.public, c.room)
        if c.closed:
            self.app.toast(c.bad or c.closed_reason or _("The connection to the host was lost."), 6000)
            self.goodbye(gone=False)  # nothing to say to a closed connection: everything is closed
            self.app.pop(self)
            return
        mine = c.you[0] if c.you else P.WATCH
        # everybody is here (a real-time game back from a pause waits at its table for their readies);
        # an onlooker watches a game that waits too
        ready = c.watching or (bool(c.status) and not c.status.get("waiting_for"))
        if not self.started and mine in c.views and ready:
            self.started = True
            self.app.replace(remote_table(self.app, RemoteSession(self.net)))

    def draw(self, surf, vp):
        background(surf)
        c = self.net.connected()
        name = game_text(c.spec, c.spec.name) if c.spec else ""
        secs = int(time.monotonic() - self.since)
        title(surf, vp, name, _("Waiting for everybody to join · {time}").format(time=f"{secs // 60}:{secs % 60:02d}"))
        if self.invite:
            gfx.blit_text(surf, _("Send your friend this invite:"), vp.s(22), vp.p(640, 160), gfx.GREY, anchor="center")
            gfx.draw_fitted(surf, self.invite, vp.r(140, 185, 1000, 56), vp.s(36), gfx.GOLD, bold=True, lines=1)
            reach = self.reach_words()
            gfx.draw_fitted(surf, reach, vp.r(190, 250, 900, 60), vp.s(18), gfx.GREY, min_px=vp.s(17), lines=2)
        y = 330
        for i, s in enumerate(c.seats):
            where = {"here": _("here"), "remote": _("elsewhere"), "computer": _("computer")}.get(s["kind"], s["kind"])
            ok = s["kind"] == "computer" or s.get("here")
            line = _("{name} ({where}): {state}").format(
                name=s["name"], where=where, state=_("ready") if ok else _("waiting...")
            )
            if i in c.you:
                line += "  " + _("(you)")
            gfx.blit_text(surf, line, vp.s(22), vp.p(640, y), gfx.GREEN if ok else gfx.GREY, anchor="center")
            y += 34
        self.menu.draw(surf, vp)
