"""Ten Count's table: the count, and 1, 2 and 3 as buttons for the person whose turn it is."""

from __future__ import annotations

from tabletop.ui import gfx
from tabletop.ui.table import PLAY, TableScene

from .rules import Add


class CountTable(TableScene):
    def on_choose(self, seat: int, payload) -> None:
        if isinstance(payload, tuple) and payload[0] == "add":
            self.submit(Add(seat, payload[1]))

    def draw_table(self, surf, vp) -> None:
        state = self.session.state
        surf.fill(gfx.FELT)
        gfx.blit_text(surf, f"{state.count} of 10", vp.s(48), vp.p(640, 200), gfx.GOLD, anchor="center")
        waiting = [s for s in self.rules.to_act(state) if s in self.humans]
        if waiting and not self.watched:
            seat = waiting[0]
            for action in self.rules.legal_actions(state, seat):
                box = vp.r(340 + (action.n - 1) * 220, 420, 160, 110)
                self.hot_card(box, ("add", action.n), seat=seat)
                gfx.panel(surf, box, gfx.PAPER, radius=vp.s(8))
                gfx.blit_text(surf, f"+{action.n}", vp.s(36), box.center, gfx.INK, anchor="center")


def make_table(app, session, mode=PLAY):
    return CountTable(app, session, mode)
