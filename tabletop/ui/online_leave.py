"""Leaving an online game in play, asked first (from its table, or from the waiting room of a game under
way): leave for good, come back later, or stay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.i18n import words
from tabletop.ui import gfx
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Item, Menu

if TYPE_CHECKING:
    from tabletop.ui.online_table import Online

_, ngettext = words(__name__)


class LeaveQuestion(Scene):
    """Leaving a game in play, asked first: leave for good (it ends for everybody, who are told
    who left), come back later (the seat waits; Continue brings you back), or keep playing."""

    opaque = False

    def __init__(self, app, others: list[str], hosting: bool, leave, quitting: bool, stay: str = ""):
        """``others``: the other people's names; ``hosting``: this computer holds the game; ``leave(gone)``
        says the goodbye (``gone``: the game ends for everybody; else the seat waits)."""
        super().__init__(app)
        self.goodbye = leave
        self.quitting = quitting
        them = _(" and ").join(others) or _("the others")
        n = len(others) or 2  # "Ben is told", "Ben and Cleo are told", "the others are told"
        if hosting:
            later = ngettext(
                "The game is kept here: Resume it from Continue and {names} joins again by themselves.",
                "The game is kept here: Resume it from Continue and {names} join again by themselves.",
                n,
            ).format(names=them)
        else:
            later = ngettext(
                "Your seat waits: Continue brings you back to it; {names} sees the game paused.",
                "Your seat waits: Continue brings you back to it; {names} see the game paused.",
                n,
            ).format(names=them)
        self.explain = {
            stay or _("Keep playing"): _("Back to the game."),
            _("Leave the game"): ngettext(
                "It ends here for everybody: {names} is told you left.",
                "It ends here for everybody: {names} are told you left.",
                n,
            ).format(names=them),
            _("Come back later"): later,
        }
        items = [
            Item(label, action=act)
            for label, act in zip(self.explain, (self.stay, self.leave, self.later), strict=True)
        ]
        self.menu = Menu(items, x=420, y=296, w=440, sound=app.sounds, on_back=self.stay)
        self.heading = _("Close tabletop during the game?") if quitting else _("Leave the game?")

    @classmethod
    def of_table(cls, online: Online, quitting: bool) -> LeaveQuestion:
        s = online.session
        others = [seat.name for i, seat in enumerate(s.seats) if i not in s.you and seat.kind != "computer"]

        def leave(gone: bool) -> None:
            if gone:
                online.leave_now(gone=True)
            else:
                online.step_away()

        return cls(online.app, others, s.net.server is not None, leave, quitting)

    def stay(self) -> None:
        self.app.pop(self)

    def leave(self) -> None:
        self.goodbye(True)
        self._out()

    def later(self) -> None:
        self.goodbye(False)
        self._out()

    def _out(self) -> None:
        if self.quitting:
            self.app.quit()
        else:
            self.app.home()

    def before_quit(self) -> bool:
        """A second close of the window: closed, the seat waiting (as "Come back later")."""
        return False

    def handle(self, event, pad_changes) -> None:
        self.menu.handle(event, pad_changes, self.app.vp)

    def draw(self, surf, vp) -> None:
        gfx.shade(surf, 170)
        m = self.menu
        card = vp.r(m.x - 80, 180, m.w + 160, 3 * m.row + 200)
        gfx.panel(surf, card, gfx.PANEL, radius=vp.s(14), border=gfx.GOLD)
        gfx.draw_fitted(surf, self.heading, vp.r(m.x - 20, 196, m.w + 40, 56), vp.s(34), gfx.GOLD, bold=True, lines=1)
        gfx.draw_fitted(
            surf, _("The game is in play."), vp.r(m.x - 20, 250, m.w + 40, 36), vp.s(19), gfx.WHITE, lines=1
        )
        m.draw(surf, vp)
        text = self.explain.get(m.items[m.focus].label, "")
        box = vp.r(m.x - 60, m.y + 3 * m.row + 10, m.w + 120, 64)
        gfx.draw_fitted(surf, text, box, vp.s(18), gfx.GREY, lines=2, min_px=vp.s(14))
