"""Glove Duel's table: both boxers' points, the last exchange, a face-down throw, and the three
throws as buttons for the person whose turn it is. Everything else (pause, undo, the computer's
turns, the result panel, keys and gamepads) is the engine's table base."""

from __future__ import annotations

import pygame

from tabletop.ui import gfx
from tabletop.ui.table import PLAY, TableScene

from .rules import HIDDEN, NAMES, THROWS, Throw, sentence


class DuelTable(TableScene):
    def on_choose(self, seat: int, payload) -> None:
        if isinstance(payload, tuple) and payload[0] == "throw" and seat in self.rules.to_act(self.session.state):
            self.submit(Throw(seat, payload[1]))

    def draw_table(self, surf, vp) -> None:
        state = self.session.state
        names = self.session.names()
        surf.fill(gfx.FELT)
        for seat, x in ((0, 320), (1, 960)):
            gfx.blit_text(
                surf, names[seat] + self.name_note(seat), vp.s(28), vp.p(x, 80), gfx.WHITE, bold=True, anchor="center"
            )
            gfx.blit_text(
                surf, f"{state.points[seat]} of {state.target}", vp.s(40), vp.p(x, 150), gfx.GOLD, anchor="center"
            )
            if state.pending[seat] is not None:  # thrown, still face down: the same card whoever threw what
                gfx.panel(surf, vp.r(x - 50, 200, 100, 140), (60, 40, 90), radius=vp.s(8))
                gfx.blit_text(surf, HIDDEN, vp.s(48), vp.p(x, 270), gfx.WHITE, anchor="center")
        if state.log:
            gfx.draw_fitted(surf, sentence(state.log[-1], names), vp.r(140, 380, 1000, 60), vp.s(24), gfx.WHITE)
        waiting = [s for s in self.rules.to_act(state) if s in self.humans]
        if waiting and not self.watched:
            seat = waiting[0]
            for i, throw in enumerate(THROWS):
                self.hot_card(vp.r(340 + i * 220, 480, 180, 120), ("throw", throw), seat=seat)
                gfx.panel(surf, vp.r(340 + i * 220, 480, 180, 120), gfx.PAPER, radius=vp.s(8))
                gfx.blit_text(surf, NAMES[throw], vp.s(26), vp.p(430 + i * 220, 540), gfx.INK, anchor="center")


def draw_tile(surf, rect, ink) -> None:
    """The launcher tile's picture, Glove Duel's own: the three throws as three gloves in a ring, each
    beating the next."""
    r = max(3, min(rect.w, rect.h) // 7)
    spots = [(rect.centerx, rect.top + rect.h // 3), (rect.left + rect.w // 4, rect.bottom - rect.h // 3)]
    spots.append((rect.right - rect.w // 4, rect.bottom - rect.h // 3))
    for i, (x, y) in enumerate(spots):
        nx, ny = spots[(i + 1) % 3]
        pygame.draw.line(surf, ink, (x, y), ((x + nx) // 2, (y + ny) // 2), max(2, r // 3))
    for x, y in spots:
        pygame.draw.circle(surf, gfx.RED, (x, y), r)
        pygame.draw.circle(surf, ink, (x, y), r, max(1, r // 4))
        pygame.draw.circle(surf, gfx.WHITE, (x - r // 3, y - r // 3), max(1, r // 4))  # the glove's shine


def make_table(app, session, mode=PLAY):
    return DuelTable(app, session, mode)
