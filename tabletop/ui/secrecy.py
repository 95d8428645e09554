"""Secret choices on one shared screen (R-PUN-9), for every simultaneous game.

Modes:
- "open": at most one person plays (the others are computers): that person's
  cards are simply shown; a computer's are never shown.
- "curtain": one person chooses at a time while the other looks away. The
  screen shows no private card until the chooser asks ("Show Blue's cards");
  after that person commits, everything private is hidden again.
- "peek": private cards are face down; a person sees their own only while
  holding their own peek control (Tab / Right Ctrl / ` / gamepad Y), or, with
  the "Peek button" setting on press-to-open, from one press to the next (or
  until they commit their choice).

A table asks ``visible(seat)`` before drawing anything private of ``seat``
(hand faces, the focus ring on the hand, a choice not yet revealed) and calls
``committed(seat)`` when that seat has locked in its choice.
"""

from __future__ import annotations

from tabletop.core.i18n import words
from tabletop.ui import gfx

_, ngettext = words(__name__)


class Secrecy:
    def __init__(self, table, mode: str):
        self.table = table
        self.humans = list(table.humans)
        self.mode = "open" if len(self.humans) <= 1 else mode
        self.shown: int | None = None
        self.peeking: set[int] = set()
        self.curtain_key: tuple | None = None

    def visible(self, seat: int) -> bool:
        if seat not in self.humans:
            return False
        if self.mode == "open":
            return True
        if self.mode == "curtain":
            return self.shown == seat
        return seat in self.peeking or (not self.toggles() and self.table.router.held(seat, "peek"))

    def toggles(self) -> bool:
        """The player's setting: a press of peek opens, the next closes (no holding)."""
        return bool(self.table.app.settings.hold_toggles)

    def press(self, press) -> bool:
        """Feed a seat's button; returns True if it was used (peek, or showing the curtain)."""
        if press.button == "peek":
            if not self.toggles():
                (self.peeking.add if press.down else self.peeking.discard)(press.seat)
            elif press.down:
                self.peeking ^= {press.seat}
            return True
        return False

    def show(self, seat: int) -> None:
        self.shown = seat
        self.table.show_focus[seat] = self.table.show_focus.get(seat, False)
        self.table.focus_key.pop(
            seat, None
        )  # the cards shown: the focus starts where the table starts it (never on Hide)

    def committed(self, seat: int) -> None:
        if self.shown == seat:
            self.shown = None
        if self.toggles():
            self.peeking.discard(seat)  # the choice made: the cards close again, as when a held key is let go

    def curtain_needed(self, waiting: list[int]) -> int | None:
        """In curtain mode: the human who must choose next while nobody's cards are shown."""
        if self.mode != "curtain" or self.shown is not None:
            return None
        for seat in waiting:
            if seat in self.humans:
                return seat
        return None

    def draw_curtain(self, surf, vp, seat: int) -> None:
        """The panel that asks the other person to look away; registers the "show" button."""
        names = self.table.session.names()
        others = [names[s] for s in self.humans if s != seat]
        r = vp.r(290, 200, 700, 280)
        gfx.panel(surf, r, gfx.PANEL, radius=vp.s(16), border=gfx.PLAYER_COLOURS[seat % 6], width=vp.s(3))  # opaque
        gfx.blit_text(
            surf,
            _("{name}: your choice").format(name=names[seat]),
            vp.s(40),
            vp.p(640, 260),
            gfx.PLAYER_COLOURS[seat % 6],
            bold=True,
            anchor="center",
        )
        if others:
            gfx.blit_text(
                surf,
                _("{names}, please look away.").format(names=_(" and ").join(others)),
                vp.s(22),
                vp.p(640, 315),
                gfx.WHITE,
                anchor="center",
            )
        label = _("Show {name}'s cards").format(name=names[seat])
        self.table.hot_button(vp.r(470, 370, 340, 60), label, lambda: self.show(seat), seat=seat)
        key = (seat, id(self.table.session.state))
        if self.curtain_key != key:  # a new curtain: the focus starts on its button (and may move off it)
            self.curtain_key = key
            self.table.want_focus[seat] = label
        self.table.show_focus[seat] = True
