"""A game's own table played on a server: ``remote_table`` gives the table its network part
(``Online``, a ``TableLink``): the pause while somebody is away or has not pressed ready, pings, the
rejoin after a drop, rematch votes, and leaving (asked first: ``online_leave``; docs/online.md)."""

from __future__ import annotations

import asyncio
import time

import pygame

from tabletop.core.i18n import words
from tabletop.input import hints, rebind
from tabletop.input.devices import menu_buttons
from tabletop.online import client as client_mod
from tabletop.online import kept_seats
from tabletop.online import protocol as P
from tabletop.online.remote import RemoteGame, RemoteSession
from tabletop.ui import gfx
from tabletop.ui.online_leave import LeaveQuestion
from tabletop.ui.scene import wake
from tabletop.ui.table import Mode, TableLink, TableScene
from tabletop.ui.widgets import Item, Menu

_, ngettext = words(__name__)

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
        self.left = False  # this person left the table (its goodbye is on its way)
        self.away_since: float | None = None  # time.monotonic() since the game waits (somebody away, or a drop)
        self.keep_waiting = False  # "Keep waiting" pressed: the waiting card folds to a line
        self.away_menu: Menu | None = None  # the waiting card's choices, while it shows

    def next_frame(self) -> float | None:
        """The others' moves, hands and the pings come from the network thread, which wakes the loop
        (client.WAKE); real time needs frames while something here moves by itself (the clock catching
        up, the others' hands gliding, one's own to be sent: ``settled``), and so does a dropped
        connection (rejoined every two seconds)."""
        s = self.session
        own = self.table.next_frame()
        if s.client.closed or s.waiting_s() > 0 or not s.settled(timed=own is not None):
            return 0
        card = None  # the waiting card's seconds count
        if self.away_since is not None:
            card = 1000 - (time.monotonic() - self.away_since) * 1000 % 1000
        waits = [w for w in (own, self._vote_wait(), card) if w is not None]
        return min(waits) if waits else None

    def update(self, dt_ms: float) -> None:
        s = self.session
        if self.left:
            return
        if s.client.bad or s.client.closed_reason:  # the host cannot go on, or sent what we cannot use
            self._give_up(s.client.bad or s.client.closed_reason)
            return
        c = s.client
        if c.game_no != s.game_no:  # everybody said yes to a rematch: the next game, seats swapped
            mine = c.you[0] if c.you else P.WATCH
            if mine in c.views:
                s.handed_on = True  # the next table goes on with this connection
                self.app.toasts = [t for t in self.app.toasts if "rematch" not in t[0]]  # they go with their game
                self.app.replace(remote_table(self.app, RemoteSession(s.net)))
            return
        self._answer()
        self._tell_votes(c.rematch_votes)
        waiting = self.waiting_text() is not None
        if waiting and self.away_since is None:
            self.away_since, self.keep_waiting = time.monotonic(), False
        elif not waiting:
            self.away_since, self.away_menu = None, None
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
        if self.away_menu is not None and not self.keep_waiting:  # the waiting card's choices
            self.away_menu.handle(event, pad_changes, self.app.vp)
            return
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

    def _answer(self) -> None:
        """The server's answer to this person's move in flight: its animations once applied, its
        refusal said."""
        action, why = self.session.answer()
        if action is None:
            return
        if why:
            self.table.say(why)
            self.app.sounds.play("refuse")
        else:
            self.table.after_action(action, self.session.state)

    def _failed(self, e: Exception) -> None:
        """A view the checks let through that the table still cannot use: never a crash of the program."""
        print(f"tabletop: online table stopped: {P.why(e)}", flush=True)
        self._give_up(_("The host sent a game this program cannot show, so it was left."))

    def _give_up(self, text: str) -> None:
        if self.gave_up:
            return
        self.gave_up = True
        kept_seats.forget(self.session.client.room)  # the room cannot go on: nothing to come back to
        if self.session.client.left and text == self.session.client.closed_reason:  # nothing to wait for
            text += " " + _("The game ends here: it is not kept.")
        self.app.toast(text, 8000)
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
            return
        if s.paused_for() or s.ready_for():
            return  # the game waits, as for an unplugged gamepad
        s.follow_clock(lambda: self.table.update(dt_ms))
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
            note += f" ±{jit[seat] or 0}" if seat < len(jit) else ""
            note += " " + _("(casual match)")
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
        self.ready_rect = None
        self._draw_people(surf, vp)
        waiting = self.waiting_text()
        if waiting is not None or s.ready_for():  # a card over the table: the frame is shown whole
            self.app.regions.whole_frame()
        if waiting is not None:
            self._draw_waiting(surf, vp, waiting)
        elif s.ready_for():
            if s.ready_asked():
                self._draw_ready(surf, vp)
            else:
                who = _(" and ").join(s.ready_for())
                self._card(surf, vp, _("Waiting for {names} to press ready").format(names=who) + self._goes_on())
        self._draw_move_clock(surf, vp)
        if s.outcome() is not None and self.table.showing_result() and s.you:
            self._draw_votes(surf, vp)
            self.app.regions.whole_frame()

    # -- waiting ----------------------------------------------------------------------
    def waiting_text(self) -> str | None:
        """What the game waits for (None while it goes on): a person away, or this program's own
        connection, which is joining again."""
        s = self.session
        away = s.paused_for()
        if s.client.closed and s.outcome() is None:
            if away:  # the host said it steps away before its program closed
                return _("Paused: waiting for {names} to come back (joining again when they are)").format(
                    names=_(" and ").join(away)
                )
            return _("The connection was lost: joining again")
        if away:
            return _("Paused: waiting for {names} to come back").format(names=_(" and ").join(away))
        return None

    def elapsed(self) -> str:
        secs = int(time.monotonic() - self.away_since) if self.away_since is not None else 0
        return f"{secs // 60}:{secs % 60:02d}"

    def _waiting_menu(self) -> Menu:
        s = self.session
        items = [Item(_("Keep waiting"), action=self._keep_waiting, key="wait")]
        if s.you:
            if s.net.server is not None:
                items.append(Item(_("End the game"), action=lambda: self._leave_from_card(gone=True), key="end"))
            else:
                items.append(Item(_("Leave the game"), action=lambda: self._leave_from_card(gone=True), key="leave"))
        else:
            items.append(Item(_("Stop watching"), action=lambda: self._leave_from_card(gone=False), key="stop"))
        return Menu(items, x=490, y=392, w=300, row=46, sound=self.app.sounds, on_back=self._keep_waiting)

    def _leave_from_card(self, gone: bool) -> None:
        self.leave_now(gone)
        self.app.home()

    def _keep_waiting(self) -> None:
        self.keep_waiting = True

    def _draw_waiting(self, surf, vp, text: str) -> None:
        """The game waits: for how long, what a press does meanwhile, and the choices (keep waiting,
        or leave; the host ends the game). "Keep waiting" folds the card to a line."""
        line = f"{text} · {self.elapsed()}"
        if self.keep_waiting:
            r = vp.r(340, 6, 600, 34)
            gfx.panel(surf, r, gfx.PANEL, radius=vp.s(8), border=(60, 70, 92))
            shown = f"{line} · " + _("Esc: menu")
            gfx.draw_fitted(surf, shown, r.inflate(-vp.s(16), -4), vp.s(18), gfx.GOLD, lines=1)
            return
        if self.away_menu is None:
            self.away_menu = self._waiting_menu()
        gfx.shade(surf, 150)
        card = vp.r(190, 190, 900, 340)
        gfx.panel(surf, card, gfx.PANEL, radius=vp.s(14), border=(60, 70, 92))
        gfx.draw_fitted(surf, line, vp.r(220, 204, 840, 80), vp.s(30), gfx.GOLD, bold=True, lines=2)
        if self.session.you:
            note = _("The game is frozen: nothing you press on the table plays until it goes on.")
        else:
            note = _("You are watching: the game goes on once everybody is back.")
        gfx.draw_fitted(surf, note, vp.r(220, 290, 840, 60), vp.s(20), gfx.WHITE, lines=2, min_px=vp.s(16))
        self.away_menu.draw(surf, vp)
        explain = {
            "wait": _("The game goes on by itself once they are back; Esc opens the menu meanwhile."),
            "end": _("It ends for everybody, who are told you ended it."),
            "leave": _("It ends for everybody, who are told you left."),
            "stop": _("Back to the menu; the game goes on without you."),
        }
        focused = self.away_menu.items[self.away_menu.focus].key
        box = vp.r(220, 488, 840, 34)
        gfx.draw_fitted(surf, explain.get(focused, ""), box, vp.s(17), gfx.GREY, lines=1, min_px=vp.s(14))

    # -- who is at the table ----------------------------------------------------------
    def overlay_key(self) -> tuple | None:
        """The corner notes drawn over the table (None: a card over it, or the votes)."""
        s = self.session
        if self.gave_up or self.waiting_text() is not None or s.ready_for() or s.outcome() is not None:
            return None
        return (self._people_text(), self._move_clock_text())

    def _people_text(self) -> str:
        """An onlooker is told they watch; the players are told who watches ("": nobody)."""
        s = self.session
        watchers = s.client.status.get("watchers")
        count = watchers if isinstance(watchers, int) and not isinstance(watchers, bool) else 0
        if not s.you:
            return _("You are watching: what you press plays nothing")
        if 0 < count <= P.MAX_WATCHERS:
            return ngettext("{n} person is watching", "{n} people are watching", count).format(n=count)
        return ""

    def _draw_people(self, surf, vp) -> None:
        text = self._people_text()
        if text:
            self._corner_note(surf, vp, text, left=True)

    def _corner_note(self, surf, vp, text: str, left: bool, urgent: bool = False) -> None:
        """A one-line note on a small card in a bottom corner, which the tables' centred hint lines
        leave free (``urgent``: a red border and white letters)."""
        px = vp.s(15)
        w = gfx.font(px).size(text)[0] + vp.s(20)
        r = pygame.Rect(0, 0, w, vp.s(24))
        if left:
            r.bottomleft = vp.p(10, gfx.DESIGN_H - 4)
        else:
            r.bottomright = vp.p(gfx.DESIGN_W - 10, gfx.DESIGN_H - 4)
        gfx.panel(surf, r, (30, 34, 46), radius=vp.s(8), border=gfx.RED if urgent else (60, 70, 92))
        gfx.draw_fitted(surf, text, r.inflate(-vp.s(10), -2), px, gfx.WHITE if urgent else gfx.GREY, lines=1)
        self.app.regions.part(r, ("note", text, urgent))

    def _goes_on(self) -> str:
        """The room's count while it waits for readies: it goes on by itself when it runs out."""
        n = self.session.count("ready_in")
        return "" if n is None else " " + _("(the round goes on in {n} s)").format(n=n)

    def _move_clock_text(self) -> tuple[str, bool]:
        """A turn-based room with a move clock: the seconds left for the move it waits for (and
        whether they are the last ten); "" without one."""
        s = self.session
        n = s.count("move_in")
        if n is None or s.outcome() is not None or s.paused_for():
            return "", False
        text = _("Time for this move: {n} s").format(n=n) + (" " + _("(then the computer moves)") if n <= 10 else "")
        return text, n <= 10

    def _draw_move_clock(self, surf, vp) -> None:
        """The move clock, in the corner opposite the watchers' note (red in the last ten, and said in words)."""
        text, urgent = self._move_clock_text()
        if text:
            self._corner_note(surf, vp, text, left=False, urgent=urgent)

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
        press = _("press {key}").format(key=key)
        press = hints.words(
            device, _("click Ready"), press, press, unknown=_("{press} or click Ready").format(press=press)
        )
        back = _("Back in the game: {press} when your hands are ready").format(press=press)
        self._card(surf, vp, back + self._goes_on(), h=200)
        label = _("Ready") if device == hints.MOUSE else _("Ready ({key})").format(key=key)
        r = vp.r(530, 366, 220, 56)
        gfx.panel(surf, r, (70, 84, 110), radius=vp.s(10), border=gfx.HILITE, width=max(1, vp.s(2)))
        gfx.draw_fitted(surf, label, r.inflate(-vp.s(16), -4), vp.s(24), gfx.WHITE, bold=True, lines=1)
        self.ready_rect = r

    def focus_pauses(self) -> bool:
        """Online the game goes on for the others: looking at another window pauses nothing."""
        return False

    # -- the result and a rematch -----------------------------------------------------
    def result_items(self, items: list) -> list:
        if self.session.you:
            return items
        return [it for it in items if it.key != "rematch"]  # an onlooker asks none

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
            if self.table.showing_result():
                continue  # the result panel shows it, for as long as it is open
            name = self.session.seats[seat].name
            if yes:
                text = _("{name} would like a rematch: choose Rematch to play again, seats swapped.").format(name=name)
            else:
                text = _("{name} declined the rematch.").format(name=name)
            self.app.toast(text, 6000)

    def vote_lines(self) -> list[tuple[str, tuple]]:
        """Each person's answer to a rematch, for as long as the result panel is open: asked, yes,
        no, not yet, or left; this table's game's votes only (a new game has a new table). Another
        person's answer shows once it has held VOTE_HELD_S (one flipped at every frame does not flicker)."""
        s = self.session
        c = s.client
        out = []
        for i, seat in enumerate(s.seats):
            if seat.kind == "computer":
                continue
            vote = c.rematch_votes.get(i) if i in s.you else self.told_votes.get(i)
            here = i >= len(c.seats) or c.seats[i].get("here", True) is not False
            name = _("You") if i in s.you else seat.name
            if not here and vote is not True:
                out.append((_("{name}: left").format(name=name), gfx.REFUSE))
            elif vote is True:
                out.append((_("{name}: yes").format(name=name), gfx.GREEN))
            elif vote is False:
                out.append((_("{name}: no").format(name=name), gfx.REFUSE))
            else:
                out.append((_("{name}: not yet").format(name=name), gfx.GREY))
        return out

    def _draw_votes(self, surf, vp) -> None:
        lines = self.vote_lines()
        r = vp.r(170, 500, 250, 44 + 30 * len(lines))
        gfx.panel(surf, r, (30, 36, 50), radius=vp.s(8))
        gfx.draw_fitted(surf, _("Rematch?"), vp.r(184, 506, 222, 30), vp.s(18), gfx.GOLD, bold=True, align="left")
        for k, (text, colour) in enumerate(lines):
            box = vp.r(184, 540 + 30 * k, 222, 28)
            gfx.draw_fitted(surf, text, box, vp.s(17), colour, align="left", lines=1, min_px=vp.s(13))

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
        """Rematch: asked of the others; the game starts again when every person says yes (the
        panel shows who said what)."""
        s = self.session
        if not s.you or s.outcome() is None:
            return True
        c = s.client
        s.net.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(c.rematch(True)))
        return True

    def replay_ready(self) -> bool:
        if self.session.record is None:
            self.app.toast(_("The game's record has not come from the server yet: try again in a moment."))
            return False
        return True

    # -- leaving ----------------------------------------------------------------------
    def in_play(self) -> bool:
        """A person's game that has not ended: leaving it is asked first."""
        s = self.session
        return bool(s.you) and s.outcome() is None and not self.gave_up and not self.left

    def leave(self) -> bool:
        """Every way out of the table (the pause menu, the result panel, a waiting card): asked first
        while the game is in play; False when the question is up instead."""
        if self.in_play():
            self.app.push(LeaveQuestion.of_table(self, quitting=False))
            return False
        self.leave_now(gone=False)
        return True

    def before_quit(self) -> bool:
        """The window is being closed: asked first while the game is in play (True: the question is up)."""
        if not self.in_play():
            return False
        self.app.push(LeaveQuestion.of_table(self, quitting=True))
        return True

    def leave_now(self, gone: bool) -> None:
        """Leave the room with the documented goodbye (``bye``; ``gone``: the game in play ends for
        everybody, who are told who left), close the connection, and stop a server hosted here."""
        if self.left:
            return
        self.left = True
        s = self.session
        finished = s.outcome() is not None
        if gone or finished or not s.you:
            kept_seats.forget(s.client.room)  # left on purpose: not offered by Continue again
        if self.gave_up:
            s.net.close()  # the room is gone already: nothing to say
        else:
            s.net.leave(gone=gone and not finished, finished=finished and bool(s.you))

    def step_away(self) -> None:
        """Leave for now: the seat waits (the others see the game paused for this person), and
        Continue brings this person back."""
        self.left = True
        self.session.net.close([{"type": "bye"}])


class OnlinePlay(Mode):
    """A table built for online play: the window reaches it through the network's part (``Online``);
    the server keeps the game, so the session refuses undo (and says why)."""

    def __init__(self, session: RemoteSession):
        self.session = session

    def link(self, table: TableScene) -> TableLink:
        return Online(table, self.session)


def remote_table(app, session: RemoteSession) -> TableScene:
    """The game's own table, built for online play."""
    make = session.spec.make_table
    assert make is not None, "only a game with a table is offered online"
    return make(app, session, OnlinePlay(session))
