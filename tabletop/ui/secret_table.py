"""The base of the tables whose players choose in secret at the same time (a game of
``SIMULTANEOUS`` dynamics: the cards laid face down, then revealed together).

On top of ``TableScene`` it keeps, once for every such table:

- the secrecy of one shared screen (``ui.secrecy.Secrecy``: open, curtain or peek) and who is
  waiting: ``needs(seat)`` (a person the game waits for), ``can_act(seat)`` (and may see their own
  cards now), ``curtain_seat()`` (whose curtain is up);
- ``committed(seat)``: a secret choice made brings the curtain down and, for a table that sets
  ``park_spot``, moves a mouse player's pointer off the card it chose;
- the peek control in words, read from the player's bindings (the Controls screen): ``peek_name``
  for a sentence, ``peek_key`` in a line of that device's keys;
- the status line under a seat's cards, its hint line, and the presses that move a reveal on or
  open the table's history.

A game's table says when its choices are secret (``secret_now``) and, where it differs, who it
waits for (``needs``) and what covers the table (``covered``: a match history nobody chooses under).
"""

from __future__ import annotations

import pygame

from tabletop.core.i18n import words
from tabletop.input.devices import Press, key_name, menu_buttons
from tabletop.ui import gfx
from tabletop.ui.secrecy import Secrecy
from tabletop.ui.table import PLAY, Mode, TableScene

_, ngettext = words(__name__)

BEAT_MS = 2000  # two people at one screen: a reveal's result stays at least this long before the next curtain


class SecretTable(TableScene):
    park_spot: tuple[int, int] | None = None  # design point a mouse player's pointer goes to after a choice
    beat_spot = (440, 592, 400, 40)  # design rect of the line that ends a reveal's beat (a table may move it)
    reveal_waits = False  # a table whose reveal already waits for a press after each step needs no beat
    secrecy: Secrecy  # always one here (set on making the table)

    def __init__(self, app, session, mode: Mode = PLAY):
        super().__init__(app, session, mode)
        self.secrecy = mode.secrecy(self)
        self.names: list[str] = session.names()
        self.log_seen = len(session.state.log)  # the rules' log entries the table has taken in
        # two people behind curtains: after a reveal, ms its result has shown (it stays until a press
        # after BEAT_MS; then the next curtain comes); None when no reveal is being looked at
        self.beat: float | None = None
        self.was_revealing = False

    @property
    def state(self):
        return self.session.state

    # -- hooks for the game's table --------------------------------------------------
    def secret_now(self) -> bool:
        """Are the choices being made now secret (hidden from the other people at the screen)?"""
        raise NotImplementedError

    def needs(self, seat: int) -> bool:
        """Is ``seat`` a person the game waits for now?"""
        return seat in self.humans and seat in self.rules.to_act(self.state)

    def covered(self) -> bool:
        """Is the table covered (by its match history, say)? Nobody chooses under it."""
        return False

    def revealing(self) -> bool:
        """Are chosen cards being turned over now? (the tables here show a reveal as ``anim``)"""
        return getattr(self, "anim", None) is not None

    # -- a beat after a reveal, for two people at one screen --------------------------------
    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        now = self.revealing()
        couch = (
            self.secrecy.mode == "curtain" and len(self.humans) >= 2 and self.tutor is None and not self.reveal_waits
        )
        if self.was_revealing and not now and couch and self.session.outcome() is None:
            self.beat = 0.0  # both see what happened before anybody's curtain covers it
        self.was_revealing = now
        if self.beat is not None:
            self.beat += dt_ms
            if not self.busy() and not self.beat_holds():
                self.beat = None  # no curtain comes next (a choice made in the open): nothing to hold back

    def next_frame(self) -> float | None:
        if self.beat is not None and self.beat < BEAT_MS:
            return 0
        return super().next_frame()

    def beat_press(self, event, pad_changes) -> bool:
        """While a reveal's result is being looked at, presses go to it: after BEAT_MS a click or confirm
        ends it. True: the press was used (pause still pauses)."""
        if not self.beat_holds():
            return False
        pause = (event.type == pygame.KEYDOWN and key_name(event) == "escape") or "pause" in menu_buttons(
            None, pad_changes
        )
        if pause or (
            event.type == pygame.MOUSEBUTTONDOWN and self.pause_rect and self.pause_rect.collidepoint(event.pos)
        ):
            return False
        if self.go_on_press(event, pad_changes) and (self.beat or 0.0) >= BEAT_MS:
            self.beat = None
            self.app.sounds.play("click")
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) or any(d for _i, _n, d in pad_changes)

    def handle(self, event, pad_changes) -> None:
        if self.beat_press(event, pad_changes):
            return
        super().handle(event, pad_changes)

    def draw(self, surf, vp) -> None:
        super().draw(surf, vp)
        if self.beat_holds() and self.beat is not None and self.beat >= BEAT_MS and not self.showing_result():
            nxt = self.secrecy.curtain_needed(self.waiting_humans())
            seat = self.humans[0] if nxt is None else nxt
            go = self.device_words(seat, _("click"), "{confirm}")
            line = _("Seen it? {name}: {press} to go on").format(name=self.names[seat], press=go)
            r = vp.r(*self.beat_spot)
            gfx.panel(surf, r, gfx.PANEL, radius=vp.s(8), border=gfx.GOLD, width=max(1, vp.s(2)))
            gfx.draw_fitted(surf, line, r.inflate(-vp.s(16), -4), vp.s(17), gfx.WHITE, lines=1)

    # -- who may choose now ------------------------------------------------------------
    def waiting_humans(self) -> list[int]:
        return [s for s in self.humans if self.needs(s)]

    def can_act(self, seat: int) -> bool:
        """The seat is a person the game waits for, nothing is moving, and it may see its own cards now."""
        return (
            self.needs(seat)
            and not self.busy()
            and not self.covered()
            and not self.beat_holds()
            and (not self.secret_now() or self.secrecy.visible(seat))
        )

    def curtain_seat(self) -> int | None:
        """In curtain mode: the person whose curtain is up (their choice, nobody's cards shown)."""
        if not self.secret_now() or self.busy() or self.covered() or self.beat_holds():
            return None
        return self.secrecy.curtain_needed(self.waiting_humans())

    def beat_holds(self) -> bool:
        """A reveal's beat holds the next curtain back (a choice made in the open needs none)."""
        if self.beat is None or not self.secret_now() or self.busy() or self.covered():
            return False
        return self.secrecy.curtain_needed(self.waiting_humans()) is not None

    def hidden_now(self, seat: int) -> bool:
        """Peeking: the seat's own cards are hidden until it holds its peek control (its focus waits)."""
        return self.secrecy.mode == "peek" and not self.secrecy.visible(seat)

    def committed(self, seat: int) -> None:
        """``seat`` has made its secret choice: the curtain comes down, and a mouse player's pointer
        leaves the card it chose (where it was would tell which card it was)."""
        self.secrecy.committed(seat)
        if self.park_spot is not None and self.secrecy.mode != "open" and self.session.seats[seat].scheme == "mouse":
            try:
                pygame.mouse.set_pos(self.app.vp.p(*self.park_spot))
            except pygame.error:
                pass

    def hide(self, seat: int) -> None:
        """The seat puts its shown cards away (curtain mode)."""
        if self.secrecy.shown == seat:
            self.secrecy.shown = None

    def drop_held(self) -> None:
        """Pause or a lost pad: peeking stops too (a peek key let go during the pause is never seen)."""
        super().drop_held()
        self.secrecy.peeking.clear()

    # -- the peek control in words -----------------------------------------------------
    def peek_key(self, seat: int) -> str:
        """The seat's peek control alone ("Tab", "Y"), for a line that already speaks of its device."""
        return self.control_key(seat, "peek") or self.peek_name(seat)

    def key_hints(self, seat: int, mouse: str, parts: list[tuple[str, str]], sep: str = " · ") -> str:
        """The seat's line of controls (``TableScene.control_line``) and, peeking, its peek control."""
        text = self.control_line(seat, mouse, parts, sep)
        if self.secrecy.mode == "peek":
            peek = _("{peek} shows or hides your cards") if self.secrecy.toggles() else _("hold {peek} to peek")
            text += sep + peek.format(peek=self.peek_key(seat))
        return text

    # -- drawing ---------------------------------------------------------------------
    def draw_status(self, surf, vp, seat: int, text: str, centre: tuple[int, int], width: int, px: int) -> None:
        """The seat's status line centred at design point ``centre``: lit while the seat may choose."""
        draw_line(surf, vp, text, centre, width, px, gfx.HILITE if self.can_act(seat) else gfx.WHITE)

    # -- presses -------------------------------------------------------------------------
    def go_on_press(self, event, pad_changes) -> bool:
        """A press that moves a reveal on: a left click (not on the pause button) or a confirm."""
        click = (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not (self.pause_rect and self.pause_rect.collidepoint(event.pos))
        )
        return click or "confirm" in menu_buttons(event, pad_changes)

    def history_press(self, event, pad_changes) -> bool:
        """The press that opens or closes the table's history: H while every device acts for whoever
        chooses, or any pad's X (a pad's next / prev are its focus's groups)."""
        h = event.type == pygame.KEYDOWN and key_name(event) == "h" and self.shared_input
        return h or any(name == "x" and down for _iid, name, down in pad_changes)

    def on_press(self, press: Press) -> None:
        if self.secrecy.press(press) or not press.down:
            return
        self.on_button(press.seat, press.button)

    def on_button(self, seat: int | None, button: str) -> None:
        """A virtual button pressed down (not peek): back, ready, ..."""


def draw_line(surf, vp, text: str, centre: tuple[int, int], width: int, px: int, colour) -> None:
    """One line centred at design point ``centre``, at ``px`` (larger at the player's text size, in a line's
    height of 1.75 ``px``) or smaller to fit ``width`` design units and the window, down to the least body
    size (then it ends with "…" and shows whole under the pointer)."""
    if text:
        cx, cy = vp.p(*centre)
        inside = 2 * min(cx, vp.size[0] - cx)  # as wide as asked, as far as the window lets it stay centred
        box = pygame.Rect(0, 0, min(vp.s(width), inside), vp.s(px * 1.75))
        box.center = (cx, cy)
        gfx.draw_fitted(surf, text, box, vp.s(px), colour, lines=1)  # (not under 12 px: cut, whole on hover)
