"""Boxing: The Game's table, its foot and what it says: the score sheet with the line of controls, the caption
beside it (the sentences of the match and what a pointed card says) and the match log."""

from __future__ import annotations

import pygame

from tabletop.core.i18n import N_, words
from tabletop.ui import gfx

from ..rules.content import CARDS, CHARACTERS
from ..rules.texts import said
from .cards import describe, upgrade_lines
from .layout import (
    PANEL,
    button,
    caption_rect,
    colour,
    grown_px,
    lines,
    sheet_columns,
    sheet_rect,
    total_w,
    txt,
)

_, ngettext = words(__name__)

# one person against the computer: the mouse, every key and the pad work at once
SHARED_HINT = N_("Click or drag · arrows/WASD + Enter · D-pad + A · Backspace/B back · H/X log")
SHARED_KEYS = (
    N_("arrows/WASD + Enter · D-pad + A · Backspace/B back · H/X log"),
    N_("WASD + Enter · D-pad + A · Backspace/B back · H/X log"),
)

# the sheet's line of controls: (control, what it does), each named with the seat's own input
# (TableScene.control_line); two people at one screen get the short one each
CONTROLS = [("moves", N_("move")), ("confirm", N_("choose")), ("group", N_("group")), ("back", N_("back"))]
SHORT = [("moves", ""), ("group", N_("group")), ("confirm", ""), ("back", N_("back"))]
LOG = ("history", N_("log"))


def sheet(t, surf, vp):
    st = t.board_state()
    x, y, w, h = sheet_rect(vp)
    rounds = st.options["rounds"]
    off, col_w = sheet_columns(vp, t.names, rounds)
    x1 = x + off
    if t.session.outcome() is None and t.state.round <= rounds:
        i = t.state.round - 1
        px = grown_px(vp, [str(rounds)], 15, 26, col_w - 10, True)  # as the background's numbers
        txt(surf, vp, str(i + 1), 15, x1 + i * col_w + col_w / 2, y + 8, gfx.GOLD, bold=True, anchor="midtop", px=px)
    px = grown_px(vp, ["10"], 16, 28, col_w - 10, True)
    totals = [str(sum(t.shown_scores(s))) for s in (0, 1)]
    big = grown_px(vp, totals, 18, 28, total_w(w, rounds, off, col_w), True)
    for s in (0, 1):
        ry = y + 36 + s * 30
        sc = t.shown_scores(s)
        for i, v in enumerate(sc[:rounds]):
            cx = x1 + i * col_w + col_w / 2
            c = gfx.WHITE if v == 10 else (gfx.REFUSE if v == 8 else gfx.GREY)
            txt(surf, vp, str(v), 16, cx, ry, c, bold=v == 10, anchor="midtop", px=px)
        txt(surf, vp, totals[s], 18, x + w - 40, ry - 1, colour(s), bold=True, anchor="midtop", px=big)
    foot = vp.r(x + 10, y + 124, w - 20, h - 126)  # inside the sheet: at 4:3 a long hint ends with "…" (whole on hover)
    hint = controls_hint(t, vp.s(14), foot.w)
    gfx.draw_fitted(surf, hint, foot, vp.s(14), gfx.GREY, align="left", valign="top", lines=1)


def controls_hint(t, px: int = 0, width: int = 0) -> str:
    """The sheet's line on the controls. One person against the computer may use any device (the
    setup's "plays with" does not limit them): until one is used the line names the mouse, the keys
    and the pad, then the one in use (input.hints); two people, each their own. Given ``width`` pixels
    at ``px``, the line for every device leaves out the mouse's part (what can be clicked shows), and the line
    of the keys or the pad the words for moving and choosing (what the focus shows), then the log's and the
    groups' keys (the help page has them), rather than be cut."""
    if t.shared_input:
        if t.app.last_device is None:
            return gfx.first_fitting([_(SHARED_HINT), *map(_, SHARED_KEYS)], px, width) if width else _(SHARED_HINT)
        said = [
            t.control_line(
                t.acting_seat(), _("Click or drag a card"), [(c, _(does) if does else "") for c, does in row]
            )
            for row in ([*CONTROLS, LOG], [*SHORT, LOG], SHORT, [c for c in SHORT if c[0] != "group"])
        ]
        return gfx.first_fitting(said, px, width) if width else said[0]
    short = [(c, _(does) if does else "") for c, does in [*SHORT, LOG]]
    mouse = _("the mouse")  # outside the f-string, where the catalogue's extraction finds it
    return " · ".join(f"{t.names[s]}: {t.key_hints(s, mouse, short, ', ')}" for s in t.humans)


def caption(t, surf, vp):
    x, y, w, h = caption_rect(vp)
    info = focus_info(t)
    bottom = y + h - 8
    if info:  # (a corner's upgrades, as their cards say them, may take four lines)
        n = min(4, len(gfx.wrap(info, vp.s(14), vp.across(w - 24))))
        lines(surf, vp, info, 14, x + 12, bottom - 18 * n, w - 24, (170, 210, 240), limit=n)
        bottom -= 18 * n + 4
    entries = [(s, gfx.WHITE if k == len(t.caption) - 1 else gfx.GREY) for k, s in enumerate(t.caption)]
    room = vp.r(x + 12, y + 8, w - 24, bottom - y - 8)
    gfx.draw_log(surf, entries, room, vp.s(16), step=vp.s(16 * 1.22), newest_first=True, gap=vp.s(4))


def history(t, surf, vp):
    """Every sentence of the match so far, newest at the bottom; scrolls with up/down or the wheel."""
    r = vp.r(300, 50, 680, 620)
    gfx.panel(surf, r, PANEL, radius=vp.s(14), border=gfx.GOLD, width=vp.s(3))
    txt(surf, vp, _("Match log"), 24, 640, 62, gfx.GOLD, bold=True, anchor="midtop")
    px = gfx.grown(vp.s(15), vp.s(30))  # the player's text size
    step = 1.25 * px / vp.scale
    rows = []
    for i, sentence in enumerate(t.history):
        for line in gfx.wrap(sentence, px, vp.across(640)):
            rows.append((line, i == len(t.history) - 1))
    fit = int((560 - 40) / step)
    t.history_top = min(t.history_top, max(0, len(rows) - fit))
    end = len(rows) - t.history_top
    shown = rows[max(0, end - fit) : end]
    for k, (line, newest) in enumerate(shown):
        gfx.blit_text(surf, line, px, vp.p(320, 100 + k * step), gfx.WHITE if newest else (205, 205, 205))
    txt(
        surf,
        vp,
        _("Up/down or the wheel scrolls · the log key, Back or Close closes"),
        14,
        640,
        622,
        gfx.GREY,
        anchor="midtop",
    )
    button(t, vp.r(860, 60, 100, 32), _("Close"), t.toggle_history, None, ("close-log",), px=vp.s(16))


def focus_info(t) -> str:
    """The card a player points at (mouse) or has focused (keys, pad), in one line."""
    hot, pos = None, None
    for s in (0, 1):
        if t.show_focus.get(s):
            hot = t.focused(s)
            break
    if hot is None:
        try:
            pos = pygame.mouse.get_pos()
        except pygame.error:
            pos = None
        if pos is not None:
            hot = next((h for h in reversed(t.hots) if h.kind == "card" and h.rect.collidepoint(pos)), None)
    if hot is None and pos is not None:
        for s, (deck_r, discard_r) in t.pile_rects.items():
            p = t.board_state().players[s]
            if deck_r.collidepoint(pos):
                return ngettext(
                    "{name}'s deck: {n} card, face down.", "{name}'s deck: {n} cards, face down.", len(p.deck)
                ).format(name=t.names[s], n=len(p.deck))
            if discard_r.collidepoint(pos):
                names = sorted(said(CARDS[c].name) for c in p.discard)
                return _("{name}'s discard pile ({n}): {cards}.").format(
                    name=t.names[s], n=len(names), cards=", ".join(names) if names else _("empty")
                )
        for s, r in t.upgrade_rects.items():
            upgrades = t.board_state().players[s].upgrades
            if upgrades and r.collidepoint(pos):
                return upgrade_lines(upgrades).replace("\n", " ")
    if hot is None or not isinstance(hot.payload, tuple):
        return ""
    pl = hot.payload
    if pl[0] == "hand":
        return describe(pl[2])
    if pl[0] == "slot":
        cid = t.plan(pl[1])["slots"][pl[2]]
        return describe(cid) if cid is not None else ""
    if pl[0] == "prize":
        cid = t.state.prizes[pl[1]]
        return describe(cid) if cid >= 0 else ""
    if pl[0] == "char":
        ch = CHARACTERS[pl[2]]
        return f"{said(ch.name)} ({said(ch.stance)}): {said(ch.trait_name)}: {said(ch.trait_text)}"
    return ""
