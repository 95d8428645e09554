"""The forms of one text box: Join and Watch (an invite), Host on a server (its address), and the letter
picker a gamepad types them with. Joining goes on to the waiting room (``online_waiting``)."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import Future

import pygame

from tabletop.core.i18n import N_, words
from tabletop.input import hints
from tabletop.input.devices import menu_buttons
from tabletop.online import invite as invite_mod
from tabletop.online import kept_seats
from tabletop.online import protocol as P
from tabletop.online.remote import KNOWN_TOKENS, NetThread
from tabletop.ui import gfx
from tabletop.ui.name_entry import INVITE_ROWS, NameEntry
from tabletop.ui.online_host import HostScene
from tabletop.ui.online_waiting import WaitingRoom, unanswered
from tabletop.ui.scene import Scene, cursor_on, till_blink
from tabletop.ui.widgets import background, title

_, ngettext = words(__name__)


class OneBoxForm(Scene):
    """A form of one text box, then a button that acts on it and Back (Join, Host on a server).

    While the box has the focus every key that types, types: letters, digits and the keys a
    menu uses elsewhere (W, S, Space) go into the box. Backspace only deletes; Ctrl+A selects
    all (what is typed or pasted next replaces it, Backspace clears it), Ctrl+C copies, Ctrl+X
    cuts, Ctrl+V (or Shift+Insert) pastes: a whole invite pasted replaces what the box held.
    Enter acts, Tab and the arrows move to the buttons, Esc leaves. A gamepad's A on the box
    opens the letter picker (its Clear empties the box), B leaves. Text the box starts with (the
    last invite) is selected: a paste or a letter replaces it."""

    order = ("box", "go", "back")
    heading = sub = label = placeholder = go_label = key_hint = ""

    @property
    def pad_used(self) -> bool:
        """The hints name the gamepad when it is the device in use, from the screen's first frame (a
        pad player who came here with the pad is never told of Ctrl+V and Esc)."""
        return self.app.last_device == hints.PAD

    def __init__(self, app, text: str = ""):
        super().__init__(app)
        self.text = text
        self.selected = bool(text)  # the whole text is selected: typing or pasting replaces it
        self.focus = 0
        self.error = ""
        self.rects: dict[str, pygame.Rect] = {}
        self.pending: tuple[NetThread, str, Future] | None = None  # (net thread, what, future) while connecting
        self.pending_since = 0.0

    def on_enter(self):
        pygame.key.start_text_input()

    def on_exit(self):
        pygame.key.stop_text_input()
        if self.pending is not None:  # gone while connecting (the window closed): nothing is left open
            self.pending[0].close()
            self.pending = None

    def back(self):
        if self.pending is not None:  # Esc while connecting: stop waiting, stay here
            self.pending[0].close()
            self.pending = None
            self.error = _("Stopped: nothing was joined.")
            return
        self.app.pop(self)

    def go(self) -> None:
        raise NotImplementedError

    def type(self, letters: str) -> None:
        kept = "" if self.selected else self.text
        self.selected = False
        self.text = (kept + letters.replace("\n", " ").replace("\r", " "))[: invite_mod.MAX_LEN]
        self.error = ""

    def paste(self) -> None:
        try:
            pasted = pygame.scrap.get_text() or ""
        except pygame.error:
            pasted = ""
        pasted = pasted.strip()
        if not pasted:
            self.error = _("Nothing to paste: copy it first.")
            return
        if "://" in pasted or self.whole(pasted):
            self.selected = True  # a whole invite (or address) replaces the box, never adds to it
        self.type(pasted)

    def whole(self, text: str) -> bool:
        """Is ``text`` a whole entry for this box (a pasted invite replaces what the box held)?"""
        try:
            invite_mod.parse(text, P.CODE_LEN)
        except invite_mod.BadInvite:
            return False
        return True

    def copy(self, cut: bool) -> None:
        """Ctrl+C / Ctrl+X: the box's text to the clipboard (cut: and the box emptied)."""
        if not self.text:
            return
        try:
            pygame.scrap.put_text(self.text)
        except pygame.error:
            self.error = _("Could not copy: this computer's clipboard did not answer.")
            return
        if cut:
            self.text, self.selected = "", False

    def handle(self, event, pad_changes):
        in_box = self.order[self.focus] == "box"
        if event is not None and event.type == pygame.TEXTINPUT:
            if in_box:
                self.type(event.text)
            return
        if event is not None and event.type == pygame.KEYDOWN:
            self._key(event, in_box)
            return
        if event is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for k, r in self.rects.items():
                if r.collidepoint(event.pos):
                    self.focus = self.order.index(k)
                    if k == "box":
                        self.selected = False  # a click in the box puts the caret at its end
                    if k != "box":
                        self._confirm(k)
            return
        for b in menu_buttons(None, pad_changes):  # a gamepad
            if b in ("up", "left", "prev"):
                self.focus = (self.focus - 1) % len(self.order)
            elif b in ("down", "right", "next"):
                self.focus = (self.focus + 1) % len(self.order)
            elif b == "confirm":
                if in_box:
                    self.app.push(TextPicker(self.app, self))
                    return
                self._confirm(self.order[self.focus])
            elif b == "back":
                self.back()
                return

    def _key(self, event, in_box: bool) -> None:
        k, mod = event.key, event.mod
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._confirm("go" if in_box else self.order[self.focus])
        elif k == pygame.K_ESCAPE:
            self.back()
        elif k == pygame.K_TAB:
            self.focus = (self.focus + (-1 if mod & pygame.KMOD_SHIFT else 1)) % len(self.order)
        elif k in (pygame.K_UP, pygame.K_LEFT) and not (in_box and k == pygame.K_LEFT):
            self.focus = (self.focus - 1) % len(self.order)
        elif k in (pygame.K_DOWN, pygame.K_RIGHT) and not (in_box and k == pygame.K_RIGHT):
            self.focus = (self.focus + 1) % len(self.order)
        elif in_box and k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.text = "" if self.selected else self.text[:-1] if k == pygame.K_BACKSPACE else self.text
            self.selected = False
        elif in_box and (
            (k == pygame.K_v and mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
            or (k == pygame.K_INSERT and mod & pygame.KMOD_SHIFT)
        ):
            self.paste()
        elif in_box and mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and k in (pygame.K_a, pygame.K_c, pygame.K_x):
            if k == pygame.K_a:
                self.selected = bool(self.text)
            else:
                self.copy(cut=k == pygame.K_x)
        elif in_box and k in (pygame.K_HOME, pygame.K_END):
            self.selected = False

    def _confirm(self, key):
        if key in ("box", "go"):
            if self.pending is None:
                self.go()
        elif key == "back":
            self.back()

    def connect(self, url: str, then) -> None:
        """Connect to ``url`` on a network thread and run ``then(client)`` there; ``connected`` follows."""
        net = NetThread()

        async def run():
            from tabletop.online.client import Client

            net.client = Client(url)
            await net.client.connect()
            await then(net.client)

        self.error = _("Connecting to {where}...").format(where=url.split("://", 1)[1])
        self.pending = (net, url, asyncio.run_coroutine_threadsafe(run(), net.loop))
        self.pending_since = time.monotonic()

    def connected(self, net: NetThread) -> None:
        """The connection is made and the server answered without an error."""

    def next_frame(self) -> float | None:
        if self.pending is not None:
            return 0  # connecting, on the network thread
        return till_blink() if self.order[self.focus] == "box" else None

    def update(self, dt_ms):
        """The connection is made on the network thread; the window stays alive meanwhile."""
        if self.pending is None or not self.pending[2].done():
            return
        net, url, fut = self.pending
        self.pending = None
        try:
            fut.result()
        except Exception as e:
            net.close()
            self.error = unanswered(url, e)
            return
        errors = net.connected().errors
        if errors:
            self.error = self.refused_words(errors[-1])
            net.close()
            return
        self.error = ""
        self.connected(net)

    def refused_words(self, reason: str) -> str:
        """What the server said no with, as the player reads it."""
        return reason

    def draw(self, surf, vp):
        background(surf)
        title(surf, vp, _(self.heading), _(self.sub))
        self.rects = {}
        focused = self.order[self.focus]
        gfx.blit_text(surf, _(self.label), vp.s(20), vp.p(250, 200), gfx.GREY)
        r = vp.r(250, 230, 780, 60)
        box_border = gfx.HILITE if focused == "box" else (80, 90, 110)
        gfx.panel(surf, r, (34, 40, 54), radius=vp.s(8), border=box_border, width=max(1, vp.s(2)))
        caret = "|" if focused == "box" and cursor_on() and not self.selected else ""
        shown = self.text + caret if self.text or caret else _(self.placeholder)
        colour = gfx.WHITE if self.text else (110, 118, 136)
        inner = r.inflate(-vp.s(32), -4)
        if self.selected and self.text:  # all of it selected: the next key or paste replaces it
            w = min(inner.w, gfx.font(vp.s(26)).size(self.text)[0] + vp.s(6))
            pygame.draw.rect(surf, (52, 86, 150), (inner.x - vp.s(3), r.y + vp.s(12), w, r.h - vp.s(24)))
        gfx.draw_fitted(surf, shown, inner, vp.s(26), colour, align="left", lines=1)
        self.rects["box"] = r
        for k, x, label in (("go", 250, _(self.go_label)), ("back", 760, _("Back"))):
            on = focused == k
            b = vp.r(x, 330, 270, 54)
            gfx.panel(
                surf,
                b,
                (60, 70, 92) if on else (34, 40, 54),
                radius=vp.s(8),
                border=gfx.HILITE if on else None,
                width=max(1, vp.s(2)),
            )
            gfx.blit_text(surf, label, vp.s(24), b.center, gfx.WHITE, bold=on, anchor="center")
            self.rects[k] = b
        if self.error:
            colour = gfx.GREY if self.pending is not None else gfx.REFUSE
            shown = self.error
            if self.pending is not None:
                back = "B" if self.pad_used else "Esc"
                secs = int(time.monotonic() - self.pending_since)
                shown += " " + _("{secs} s. {back} stops waiting.").format(secs=secs, back=back)
            gfx.draw_fitted(surf, shown, vp.r(250, 410, 780, 60), vp.s(20), colour, valign="top", lines=2)
        hint = _("A on the box opens the letter picker; B goes back.") if self.pad_used else _(self.key_hint)
        gfx.draw_fitted(surf, hint, vp.r(140, 630, 1000, 60), vp.s(18), gfx.GREY, min_px=vp.s(17), lines=2)


class JoinScene(OneBoxForm):
    """The invite the host sent (``tabletop://HOST:PORT/CODE``), then Join. The last invite that
    joined is remembered."""

    heading, sub, label = N_("Join a game"), N_("Paste the invite your friend sent"), N_("Invite")
    placeholder, go_label = N_("tabletop://address:port/CODE"), N_("Join")
    key_hint = N_(
        "Ctrl+V pastes the invite (it replaces what the box held), Ctrl+A selects all, Enter joins, "
        "Esc goes back. An address and code also work: host:port CODE."
    )

    def refused_words(self, reason: str) -> str:
        if reason == _("No room has that code."):  # the server answered: the address is right, the code is not
            code = self.invite.code if self.invite is not None else ""
            return _("The server answered, but it has no room {code}: check the code, or ask for a new invite.").format(
                code=code
            )
        return reason

    def __init__(self, app, text: str | None = None, token: str | None = None):
        super().__init__(app, str(app.settings.last_invite) if text is None else text)
        self.invite: invite_mod.Invite | None = None
        self.token = token  # a kept seat's token (Continue): the same seat again

    watch = False  # join as an onlooker (WatchScene)

    def go(self):
        try:
            inv = invite_mod.parse(self.text, P.CODE_LEN)
        except invite_mod.BadInvite as e:
            self.error = str(e)
            return
        self.invite = inv
        if self.watch:
            self.connect(inv.url, lambda c: c.join(inv.code, watch=True))
            return
        token = self.token or KNOWN_TOKENS.get(inv.code) or kept_seats.token_for(inv.code)
        self.connect(inv.url, lambda c: c.join(inv.code, name=self.app.settings.own_name(), token=token))

    def connected(self, net):
        if not (net.client.watching if self.watch else net.client.you):
            self.error = _("The game did not let you watch.") if self.watch else _("The host did not answer.")
            net.close()
            return
        assert self.invite is not None  # go() read it before connecting
        self.app.settings.last_invite = self.invite.text
        self.app.settings.save()
        self.app.push(WaitingRoom(self.app, net))


class WatchScene(JoinScene):
    """Watch a game: the invite a player sent; no seat is taken and no secret is shown."""

    heading, sub, go_label = N_("Watch a game"), N_("Paste the invite of a game you would like to watch"), N_("Watch")
    key_hint = N_("Ctrl+V pastes the invite, Enter starts watching, Esc goes back.")
    watch = True


class ServerScene(OneBoxForm):
    """Host on a server: the address of an always-on ``tabletop serve``; the game is set up next."""

    heading, sub, label = (
        N_("Host on a server"),
        N_("A server that is always on: anyone with the invite joins"),
        N_("Server"),
    )
    placeholder, go_label = "wss://play.example.org", N_("Next")
    key_hint = N_("Type or paste the server's address (Ctrl+V), Enter goes on, Esc goes back.")

    def __init__(self, app):
        super().__init__(app, str(app.settings.last_server))

    def go(self):
        if not self.text.strip():
            self.error = _("Type the server's address, as whoever runs it gave it to you.")
            return
        try:
            url = invite_mod.server_url(self.text)
            invite_mod.parse(f"{url}/{'A' * P.CODE_LEN}", P.CODE_LEN)  # the address part of an invite
        except invite_mod.BadInvite as e:
            self.error = str(e)
            return

        async def nothing(_client):
            return None

        self.connect(url, nothing)

    def connected(self, net):
        url = net.client.url
        net.close()  # the setup comes next; Host connects again with the room's seats
        self.app.settings.last_server = self.text.strip()
        self.app.settings.save()
        self.app.replace(HostScene(self.app, server=url))


# the picker's keys for an invite: what an invite needs, and a Clear key that empties the box
PICKER_ROWS = INVITE_ROWS[:-1] + (
    (("Aa", "shift", 2), (N_("Space"), " ", 2), (N_("Clear"), "clear", 2), ("⌫", "delete", 2), (N_("Done"), "done", 2)),
)


class TextPicker(NameEntry):
    """The letter picker over the join form, for a player with a gamepad alone: it types an invite
    (the text the box held is kept, and Clear empties it)."""

    rows = PICKER_ROWS
    max_len = invite_mod.MAX_LEN
    a_name = False

    def press_key(self, row: int, i: int) -> None:
        if self.rows[row][i][1] == "clear":
            self.app.sounds.play("click")
            self.text, self.upper = "", True
            return
        super().press_key(row, i)

    def __init__(self, app, form: OneBoxForm):
        super().__init__(app, _("Type the invite"), form.text, self._done)
        self.form = form
        self.upper = True

    def _done(self, text: str) -> None:
        self.form.text, self.form.selected = text, False
        self.form.focus = self.form.order.index("go")
