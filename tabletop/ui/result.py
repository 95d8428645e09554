"""The result panel of a finished game: who won and how, said from the player's side, the game's
key moments and a few numbers (the game's ``Rules.report``), and what to do next.

The report is gathered once, when the panel first shows: the record is replayed for every event
of the game (``core.record.game_events``), then the game's own ``report`` tells the story."""

from __future__ import annotations

import pygame

from tabletop.core.game import Report, name_seats
from tabletop.core.i18n import words
from tabletop.core.record import game_events
from tabletop.ui import gfx

_, ngettext = words(__name__)


def build(session) -> Report:
    """The game's report of ``session`` (an empty one if the game cannot tell it)."""
    rules = session.spec.rules
    try:
        events = game_events(session.record, session.spec) if session.record is not None else []
        if not events:  # a session built without its record (a test's or the benchmark's pose)
            n = len(session.seats)
            events = rules.events(session.state, [f"{{{i}}}" for i in range(n)])
        report = rules.report(session.state, events)
    except Exception:  # noqa: BLE001 - a game's story must never stop its result from showing
        report = Report()
    return report if isinstance(report, Report) else Report()


def headline(session, report: Report) -> str:
    """ "You win by knockout in round 2!" for one person against the computer; the winner's name
    between people; "A draw" when nobody won."""
    out = session.outcome()
    names = [s.name for s in session.seats]
    how = name_seats(report.how, names).strip()
    if out is None:
        return ""
    if out.winner is None:
        return _("A draw {how}").format(how=how).strip() if how else _("A draw")
    people = [i for i, s in enumerate(session.seats) if s.kind == "human"]
    if len(people) == 1:
        if out.winner == people[0]:
            return _("You win {how}!").format(how=how) if how else _("You win!")
        if how:
            return _("You lose: {name} wins {how}").format(name=names[out.winner], how=how)
        return _("You lose: {name} wins").format(name=names[out.winner])
    if how:
        return _("{name} wins {how}!").format(name=names[out.winner], how=how)
    return _("{name} wins!").format(name=names[out.winner])


def safe_focus(items) -> int:
    """Where the result menu's focus starts: on the choice that changes nothing ("Look at the table"),
    never on Rematch, so a press still coming from the last move starts no new game."""
    order = [i for i, it in enumerate(items) if it.enabled and it.key != "rematch"]
    calm = [i for i in order if items[i].key == "look"]
    return (calm or order or [0])[0]


MENU_Y = 500  # design units: the menu under the panel's story and numbers (which end above it)


def draw(surf, vp, table, report: Report, why: str) -> int:
    """The panel (without its menu, which the table draws at ``MENU_Y``, below the story and the
    numbers). Returns the window y where the story and the numbers end."""
    session = table.session
    names = [s.name for s in session.seats]
    # the panel is 980 units wide on 16:9; squeezed sideways (4:3) it takes more of the window's width
    pad = max(40.0, 150 - (vp.scale / vp.sx - 1) * 330)
    wide = (1280 - 2 * pad) / 980

    def at(x: float) -> float:  # a 16:9 layout's x, in the panel as wide as it is now
        return pad + (x - 150) * wide

    r = vp.r(pad, 34, 1280 - 2 * pad, table.mode.result_height)  # a replay keeps its bar below it
    gfx.shade(surf, 170)  # the table fades back: nothing under the panel competes with it
    gfx.panel(surf, r, gfx.PANEL, radius=vp.s(16), border=gfx.GOLD, width=vp.s(3))
    gfx.draw_fitted(surf, table.headline(), vp.r(at(180), 48, 920 * wide, 62), vp.s(42), gfx.GOLD, bold=True, lines=1)
    next_time = getattr(table, "next_time", "")  # the Adaptive computer's move (tabletop.adaptive)
    least, w = max(vp.s(13), gfx.BODY_PX), 900 * wide
    if next_time:
        gfx.draw_fitted(surf, why, vp.r(at(190), 108, w, 32), vp.s(19), gfx.WHITE, min_px=least, lines=1)
        gfx.draw_fitted(surf, next_time, vp.r(at(190), 140, w, 26), vp.s(18), gfx.GOLD, min_px=least, lines=1)
    else:
        gfx.draw_fitted(surf, why, vp.r(at(190), 112, w, 50), vp.s(19), gfx.WHITE, min_px=least, lines=2)
    pygame.draw.line(surf, (70, 76, 96), vp.p(at(190), 170), vp.p(at(1090), 170), max(1, vp.s(1)))
    bottom = vp.p(0, 170)[1]
    moments = [name_seats(m, names) for m in report.moments][:6]
    rows = report.numbers[:7]
    left_w = (560 if rows else 900) * wide
    if moments:
        gfx.draw_fitted(
            surf, _("Key moments"), vp.r(at(190), 178, left_w, 26), vp.s(18), gfx.GOLD, bold=True, align="left"
        )
        step = min(46, 290 // max(1, len(moments)))
        boxes = [vp.r(at(214), 208 + k * step, left_w - 24, step - 4) for k in range(len(moments))]
        px = gfx.one_size(moments, boxes, vp.s(16), vp.s(14), lines=2)
        for text, box in zip(moments, boxes, strict=True):
            gfx.blit_text(surf, "•", vp.s(18), (vp.p(at(194), 0)[0], box.top + vp.s(2)), gfx.GOLD)
            bottom = max(bottom, box.bottom)
            gfx.draw_fitted(surf, text, box, px, gfx.WHITE, align="left", valign="top", lines=2, min_px=px, grow=False)
    if rows:
        x0 = at(190) + left_w + 20 if moments else at(300)
        width = at(1090) - x0 if moments else 680 * wide
        label_w = width * (0.56 if len(names) <= 2 else 0.46)
        col_w = (width - label_w) / max(1, len(names))
        gfx.draw_fitted(surf, _("In numbers"), vp.r(x0, 178, label_w, 26), vp.s(18), gfx.GOLD, bold=True, align="left")
        for i, name in enumerate(names):
            colour = gfx.PLAYER_COLOURS[i % len(gfx.PLAYER_COLOURS)]
            gfx.draw_fitted(
                surf, name, vp.r(x0 + label_w + i * col_w, 180, col_w - 4, 24), vp.s(16), colour, bold=True, lines=1
            )
        labels = [label for label, _values in rows]
        boxes = [vp.r(x0, 207 + k * 38, label_w - 6, 34) for k in range(len(rows))]  # its row's height: two lines
        label_px = gfx.one_size(labels, boxes, vp.s(16), vp.s(14), lines=2)
        cells = [
            (str(v), vp.r(x0 + label_w + i * col_w, 210 + k * 38, col_w - 4, 28))
            for k, (_l, values) in enumerate(rows)
            for i, v in enumerate(values[: len(names)])
        ]
        value_px = gfx.one_size([v for v, _b in cells], [b for _v, b in cells], vp.s(17), vp.s(14), 1, True)
        for k, (label, box) in enumerate(zip(labels, boxes, strict=True)):
            y = 210 + k * 38
            bottom = max(bottom, vp.r(x0 - 6, y - 3, width + 8, 34).bottom)
            if k % 2 == 0:
                gfx.panel(surf, vp.r(x0 - 6, y - 3, width + 8, 34), (30, 36, 50), radius=vp.s(6))
            gfx.draw_fitted(surf, label, box, label_px, align="left", lines=2, min_px=label_px, grow=False)
        for value, box in cells:
            gfx.draw_fitted(surf, value, box, value_px, bold=True, lines=1, grow=False)
    return bottom
