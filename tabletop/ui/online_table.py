"""A game's own table played on a server: ``remote_table`` gives the table its network part
(``Online``, a ``TableLink``): the pause while somebody is away or has not pressed ready, pings, the
rejoin after a drop, rematch votes, and leaving (docs/online.md)."""

from __future__ import annotations

import asyncio
import time

import pygame

from tabletop.input import hints, rebind
from tabletop.input.devices import menu_buttons
from tabletop.online import client as client_mod
from tabletop.online import kept_seats
from tabletop.online import protocol as P
from tabletop.online.remote import RemoteGame, RemoteSession
from tabletop.ui import gfx
from tabletop.ui.scene import wake
from tabletop.ui.table import TableScene

client_mod.WAKE[:] = [wake]  # a message from the network wakes the window's loop
VOTE_HELD_S = 1.0  # a rematch answer is told once it has held this long: one flipped at every frame is not


class Online:
    """A game's table played on a server (``TableLink``, composed with the table): the table draws
    its seat's view from the server; this adds the pause while somebody is away (and, in real time,
    until everybody back has pressed ready), pings and jitter, the rejoin after a drop, rematch votes,
    and leaving closes the connection."""

    def __init__(self, table: TableScene, session: RemoteGame):
        self.table = table
        self.session = session
        self.app = table.app
        self.gave_up = False
        self.forgotten = False  # the finished game is no longer offered by Continue
        self.retry_ms = 0.0  # until the next try to join again after a drop
        self.told_votes: dict[int, bool] = {}
        self.vote_since: dict[int, tuple[bool, float]] = {}  # each person's answer, and since when (monotonic s)
        self.ready_rect: pygame.Rect | None = None  # the Ready button, while the room waits for this seat's ready

    def next_frame(self) -> float | None:
        """The others' moves and the pings come from the network thread, which wakes the loop
        (client.WAKE); real time and a dropped connection (rejoined every two seconds) need frames."""
        s = self.session
        if s.live is not None or s.client.closed:
            return 0
        waits = [w for w in (self.table.next_frame(), self._vote_wait()) if w is not None]
        return min(waits) if waits else None

    def update(self, dt_ms: float) -> None:
        s = self.session
        if s.client.bad or s.client.closed_reason:  # the host cannot go on, or sent what we cannot use
            self._give_up(s.client.bad or s.client.closed_reason)
            return
        c = s.client
        if c.game_no != s.game_no:  # everybody said yes to a rematch: the next game, seats swapped
            mine = c.you[0] if c.you else P.WATCH
            if mine in c.views:
                self.app.replace(remote_table(self.app, RemoteSession(s.net)))
            return
        self._tell_votes(c.rematch_votes)
        if s.outcome() is not None and s.client.over is not None and not self.forgotten:
            self.forgotten = True  # finished: nothing to come back to; the record came with the result
            kept_seats.forget(s.client.room)
            problem = s.keep_record()
            if problem:
                self.app.toast(problem, 6000)
        try:
            self._update(dt_ms)
        except Exception as e:
            self._failed(e)

    def handle(self, event, pad_changes) -> None:
        try:
            if self.session.ready_asked() and self._ready_pressed(event, pad_changes):
                self.session.send_ready()
                self.app.sounds.play("click")
                return
            self.table.handle(event, pad_changes)
        except Exception as e:
            self._failed(e)

    def _ready_pressed(self, event, pad_changes) -> bool:
        """The seat's ready control, Enter or A (confirm), or a click on the Ready button."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            return event.button == 1 and self.ready_rect is not None and self.ready_rect.collidepoint(event.pos)
        if "confirm" in menu_buttons(event, pad_changes):
            return True
        router = self.table.router
        presses = router.feed(event) + router.feed_pad(pad_changes)
        return any(p.down and p.button == "ready" and p.seat in self.session.you for p in presses)

    def ready_key(self) -> str:
        """The seat's ready control on the device in use, as the player bound it ("Space", "Start")."""
        device = self.app.last_device
        schemes = self.table.router.schemes
        seat = self.session.you[0] if self.session.you else 0
        own = schemes[seat] if seat < len(schemes) else None
        scheme = "gamepad" if device == hints.PAD else (own if own not in (None, "gamepad") else "keyboard")
        names = rebind.inputs_for(self.app.settings.bindings, scheme, "ready")
        return rebind.input_label(scheme, names[0]) if names else hints.button(device, "confirm")

    def _failed(self, e: Exception) -> None:
        """A view the checks let through that the table still cannot use: never a crash of the program."""
        print(f"tabletop: online table stopped: {P.why(e)}", flush=True)
        self._give_up("The host sent a game this program cannot show, so it was left.")

    def _give_up(self, text: str) -> None:
        if self.gave_up:
            return
        self.gave_up = True
        self.app.toast(text, 6000)
        self.table.leave()

    def _update(self, dt_ms: float) -> None:
        s = self.session
        if s.client.closed and s.outcome() is None:
            # dropped: come back to the same seat with its token (the network thread runs one round at a
            # time and waits longer after each that failed: asking while one is under way does nothing)
            self.retry_ms -= dt_ms
            if self.retry_ms <= 0:
                self.retry_ms = 2000.0
                s.net.rejoin()
                self.table.say("The connection was lost: joining again...", 2500)
            return
        if s.paused_for() or s.ready_for():
            return  # the game waits, as for an unplugged gamepad
        s.follow_clock()
        self.table.update(dt_ms)
        s.share_hands(dt_ms)

    def net_note(self, seat: int) -> str:
        """Each person's ping in their own panel; a jitter beyond what fine timing can judge makes
        the match casual, and the note says so."""
        s = self.session
        net = s.client.net
        pings = net.get("ping") or []
        if s.seats[seat].kind == "computer" or seat >= len(pings) or pings[seat] is None:
            return ""
        note = f" · {pings[seat]} ms"
        if net.get("casual"):
            jit = net.get("jitter") or []
            note += f" ±{jit[seat] or 0} (casual match)" if seat < len(jit) else " (casual match)"
        return note

    def draw(self, surf, vp) -> None:
        if self.gave_up:
            return
        try:
            self.table.draw(surf, vp)
        except Exception as e:
            self._failed(e)
            return
        s = self.session
        away = s.paused_for()
        self.ready_rect = None
        if away:
            self._card(surf, vp, f"Paused: waiting for {', '.join(away)} to come back")
        elif s.ready_for():
            if s.ready_asked():
                self._draw_ready(surf, vp)
            else:
                self._card(surf, vp, f"Waiting for {' and '.join(s.ready_for())} to press ready")

    def _card(self, surf, vp, text: str, h: int = 120) -> None:
        """The table shaded, and the line on a card of its own (nothing of the table shows through)."""
        gfx.shade(surf, 150)
        card = vp.r(190, 360 - h // 2, 900, h)
        gfx.panel(surf, card, gfx.PANEL, radius=vp.s(14), border=(60, 70, 92))
        gfx.draw_fitted(surf, text, vp.r(220, 360 - h // 2 + 16, 840, 88), vp.s(30), gfx.GOLD, bold=True, lines=2)

    def _draw_ready(self, surf, vp) -> None:
        """Back from a pause in real time: the clock runs again once everybody says their hands are ready."""
        key = self.ready_key()
        device = self.app.last_device
        press = f"press {key}"
        press = hints.words(device, "click Ready", press, press, unknown=f"{press} or click Ready")
        self._card(surf, vp, f"Back in the game: {press} when your hands are ready", h=200)
        label = "Ready" if device == hints.MOUSE else f"Ready ({key})"
        r = vp.r(530, 366, 220, 56)
        gfx.panel(surf, r, (70, 84, 110), radius=vp.s(10), border=gfx.HILITE, width=max(1, vp.s(2)))
        gfx.draw_fitted(surf, label, r.inflate(-vp.s(16), -4), vp.s(24), gfx.WHITE, bold=True, lines=1)
        self.ready_rect = r

    def focus_pauses(self) -> bool:
        """Online the game goes on for the others: looking at another window pauses nothing."""
        return False

    def result_items(self, items: list) -> list:
        if self.session.you:
            return items
        return [it for it in items if it.label != "Rematch"]  # an onlooker asks none

    def _tell_votes(self, votes: dict) -> None:
        """Say once what each other person answered to a rematch, once it has held VOTE_HELD_S (an
        answer flipped many times a second gives one message, not one at every flip)."""
        told, now = self.told_votes, time.monotonic()
        for seat, yes in votes.items():
            if seat in self.session.you or not 0 <= seat < len(self.session.seats):
                continue
            if self.vote_since.get(seat, (None, 0.0))[0] != yes:
                self.vote_since[seat] = (yes, now)
            if told.get(seat) == yes or now - self.vote_since[seat][1] < VOTE_HELD_S:
                continue
            told[seat] = yes
            name = self.session.seats[seat].name
            if yes:
                text = f"{name} would like a rematch: choose Rematch to play again, seats swapped."
            else:
                text = f"{name} declined the rematch."
            self.app.toast(text, 6000)

    def _vote_wait(self) -> float | None:
        """Ms until an answer not told yet has held long enough to be told (None: none waits)."""
        now = time.monotonic()
        waits = [
            (since + VOTE_HELD_S - now) * 1000
            for seat, (yes, since) in self.vote_since.items()
            if self.told_votes.get(seat) != yes
        ]
        return max(0.0, min(waits)) if waits else None

    def play_again(self) -> bool:
        """Rematch: asked of the others; the game starts again when every person says yes."""
        s = self.session
        if not s.you or s.outcome() is None:
            return True
        c = s.client
        s.net.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(c.rematch(True)))
        others = [s.seats[i].name for i in range(len(s.seats)) if i not in s.you and s.seats[i].kind != "computer"]
        self.app.toast(f"Rematch asked: waiting for {' and '.join(others)} to say yes.", 6000)
        return True

    def replay_ready(self) -> bool:
        if self.session.record is None:
            self.app.toast("The game's record has not come from the server yet: try again in a moment.")
            return False
        return True

    def leave(self) -> None:
        s = self.session
        kept_seats.forget(s.client.room)  # left on purpose: not offered by Continue again
        if s.you and not s.client.closed and not self.gave_up:
            # leaving a finished game says no to a rematch; leaving one in play ends it for the others
            told = s.client.rematch(False) if s.outcome() is not None else s.client.bye(gone=True)
            try:
                s.net.run(told, timeout=2)
            except Exception:
                pass  # the connection is gone: the others see a drop instead
        s.net.close()


def remote_table(app, session: RemoteSession) -> TableScene:
    """The game's own table, given the remote session and, as its link, the network's part (``Online``)."""
    make = session.spec.make_table
    assert make is not None, "only a game with a table is offered online"
    table = make(app, session)
    table.link = Online(table, session)
    return table
