"""The JAB table's panels: the round start (deck split and Ready), the round's
score step by step, the clinch pause and scoring by hand."""

from __future__ import annotations

import pygame

from tabletop.core.words import plural
from tabletop.ui import gfx

from ..rules.hands import target_name
from ..rules.state import render
from .art import mini_card
from .input import hint
from .layout import TARGET_LABEL, colour_of, fit, panel, place_rect, veil, wrap

# -- panels ------------------------------------------------------------------------


LESSON_OVER_SUMMARY = (150, 2, 980, 102)  # a lesson's words over the round's summary: the summary starts below


def summary_shown(st, final_score) -> bool:
    """The round's summary panel is up (between rounds, or the last round's score at the end)."""
    return st.phase == "between" or bool(st.phase == "over" and final_score and st.scoring)


def draw_between(table, surf, vp, st) -> None:
    over = st.phase == "over"
    lesson = table.tutor is not None  # its words sit on top: the panel starts under them, the computer's row goes
    r = vp.r(150, 108, 980, 552) if lesson else vp.r(150, 60, 980, 600)
    panel(surf, r, gfx.PANEL, alpha=250, radius=vp.s(16), border=gfx.GOLD, width=max(1, vp.s(2)))
    sc = st.scoring
    if sc:
        draw_scoring(table, surf, vp, st, sc)
    else:
        gfx.blit_text(surf, "Round 1", vp.s(40), vp.p(640, 220), gfx.GOLD, bold=True, anchor="center")
        lines = [
            "Take the top card of a deck with that side's hand and let go of it",
            "on your opponent's boxer (a punch) or on their punch on your own boxer (a block).",
            "Claim combos, counter-punches, the clinch and Ding! with your claim keys or buttons.",
        ]
        if any(table.seat_device(s) in (None, "mouse") for s in table.humans):  # only a mouse player clicks
            lines.append("With the mouse you may also click the combo deck, the counter-punch card or a tile.")
        for k, line in enumerate(lines):
            gfx.blit_text(surf, line, vp.s(17), vp.p(640, 290 + k * 30), gfx.WHITE, anchor="center")
    if over:
        table.hot_button(vp.r(490, 596, 300, 44), "See the result", table.see_result, px=vp.s(20))
        for seat in table.humans:
            focus_on_ready(table, seat, table.shown_scheme.get(seat), "See the result")
        how = " · ".join(sorted({table.device_words(s, "a click", "{confirm}") for s in table.humans}))
        gfx.blit_text(surf, f"(Ready: {how})", vp.s(14), vp.p(640, 648), gfx.GREY, anchor="center")
        return
    for seat in (1, 0):
        if not (lesson and seat == 1 and seat not in table.humans):
            draw_ready_row(table, surf, vp, st, seat, 590 if table.bottom(seat) else 72)


def draw_ready_row(table, surf, vp, st, seat, y) -> None:
    s = table.session.seats[seat]
    col = colour_of(seat)
    gfx.blit_text(surf, s.name, vp.s(22), vp.p(176, y + 18), col, bold=True, anchor="midleft")
    if st.ready[seat]:
        other = table.name(1 - seat)
        gfx.blit_text(
            surf, f"✓ Ready: waiting for {other}", vp.s(18), vp.p(640, y + 18), gfx.GREEN, bold=True, anchor="center"
        )
        return
    total = len(st.decks[seat * 2]) + len(st.decks[seat * 2 + 1])
    left = table.split_pick.get(seat, len(st.decks[seat * 2]))
    if not table.bottom(seat):  # the top seat's left deck, as that person sits at the screen, is the boxer's right
        left = total - left
    if s.kind != "human":
        gfx.blit_text(
            surf,
            f"Left deck {left} · right deck {total - left}: getting ready",
            vp.s(17),
            vp.p(640, y + 18),
            gfx.WHITE,
            anchor="center",
        )
        return
    scheme = table.shown_scheme.get(seat)
    lk = hint(table.app.settings, scheme, "left") if scheme != "mouse" else ""
    rk = hint(table.app.settings, scheme, "right") if scheme != "mouse" else ""
    if scheme == "gamepad":
        lk, rk = "◀", "▶"
    # the whole row sits between the seat's two decks (x 400..880), so a click meant for a deck never
    # lands on Ready and starts the next round
    table.hot_button(vp.r(408, y, 36, 36), "−", lambda: table.split(seat, -1), seat=seat, px=vp.s(22))
    split = f"Left {left} · Right {total - left}"
    gfx.blit_text(surf, split, fit(split, vp.s(16), vp.across(150), True), vp.p(523, y + 18), gfx.WHITE, True, "center")
    table.hot_button(vp.r(602, y, 36, 36), "+", lambda: table.split(seat, 1), seat=seat, px=vp.s(22))
    keys = f"({lk} / {rk})" if lk and rk else ""
    gfx.blit_text(surf, keys, fit(keys, vp.s(14), vp.s(66)), vp.p(644, y + 18), gfx.GREY, anchor="midleft")
    key = hint(table.app.settings, scheme, "ready")
    label = f"Ready ({key})" if key else "Ready"
    table.hot_button(vp.r(714, y, 158, 36), label, lambda: table.ready(seat), seat=seat, px=vp.s(17))
    focus_on_ready(table, seat, scheme, label)


def focus_on_ready(table, seat: int, scheme, label: str) -> None:
    """Keys and pads ready with confirm (left / right split the decks): the focus is shown on that Ready button,
    so confirm acts on a focus the player sees."""
    if scheme != "mouse":
        table.want_focus[seat] = label
        table.show_focus[seat] = True


def _target_words(name: str) -> str:
    return TARGET_LABEL[name.split(".")[1]].lower()


SCORE_STEP_MS = 450  # the last round's score shows a new row this often
SCORE_STEPS = 9  # ... and at this step it is all shown, with the verdict
SCORE_COLUMN_W = 460  # each player's column of the score (design units)


def draw_scoring(table, surf, vp, st, sc) -> None:
    """The last round's score, one step at a time (a new row every SCORE_STEP_MS)."""
    step = int(table.score_ms // SCORE_STEP_MS)
    totals = sc["totals"]
    win = sc["winner"]
    head = f"Round {sc['round']}: {table.name(0)} {totals[0]} – {totals[1]} {table.name(1)}"
    gfx.blit_text(surf, head, vp.s(26), vp.p(640, 140), gfx.GOLD, bold=True, anchor="center")
    reason = render(sc.get("reason", ""), table.seat_names())
    gfx.draw_fitted(
        surf,
        reason,
        vp.r(190, 158, 900, 20),
        vp.s(15),
        gfx.GREY,
        lines=1,
    )
    for a, line in enumerate(sc["lines"]):
        x = 172 + a * 488
        d = line["defender"]
        col = colour_of(a)
        rows = []
        cov = line["covered"]
        rows.append((f"{table.name(a)} scores on {table.name(d)}'s boxer", 17, col, True))
        rows.append(
            (
                f"{table.name(d)} covers the {_target_words(cov)} (worth {line['pile_scores'][cov]})",
                15,
                gfx.WHITE,
                False,
            )
        )
        rows.append((f"{table.name(a)} scores the {_target_words(line['chosen'])}:", 15, gfx.WHITE, False))
        rows.append(("CARDS", 0, None, False))
        blocks = len(line["blocks_removed"])
        removed = len(line["punches_removed"])
        if blocks:
            said = (
                f"{table.name(d)}'s {plural(blocks, 'block')} cancel{'s' if blocks == 1 else ''} "
                f"{table.name(a)}'s {plural(removed, 'best punch')}: "
            )
        else:
            said = f"No blocks from {table.name(d)}, so every punch counts: "
        rows.append(
            (
                said + plural(line["punch_points"], "punch point"),
                15,
                gfx.WHITE,
                False,
            )
        )
        rows.append(
            (f"Combos +{line['combo_points']}   Counter-punches +{line['counter_points']}", 15, gfx.WHITE, False)
        )
        pen = []
        if line["ding_penalty"]:
            pen.append(f"Ding! −{line['ding_penalty']}")
        if line["clinch_penalty"]:
            pen.append(f"Clinch −{line['clinch_penalty']}")
        rows.append(
            ("Penalties: " + ("   ".join(pen) if pen else "none"), 15, gfx.WHITE if not pen else gfx.REFUSE, False)
        )
        rows.append((f"Total: {line['total']}", 24, gfx.GOLD, True))
        y = 196
        for k, (text, px, c, bold) in enumerate(rows):
            if k > step:
                break
            if text == "CARDS":
                draw_score_cards(surf, vp, x, y, line)
                y += 86
                continue
            gfx.blit_text(surf, text, fit(text, vp.s(px), vp.s(SCORE_COLUMN_W), bold), vp.p(x, y), c, bold=bold)
            y += 30 if px < 20 else 36
    if step >= SCORE_STEPS:
        if win is None:
            verdict = "A tie: nobody wins the round."
        else:
            src = sc.get("token_from")
            whose = "one of their own health tokens" if src == win else f"one of {table.name(1 - win)}'s health tokens"
            verdict = f"{table.name(win)} wins the round: {whose} becomes a round-win token."
            if st.phase == "over":
                verdict += f" That is {table.name(win)}'s round win number {st.tokens[win]}: the game is won."
        for p in sc.get("cutman", []):
            verdict += f" Cutman: {table.name(p)} gets 1 health."
        gfx.draw_fitted(
            surf,
            verdict,
            vp.r(180, 518, 920, 48),
            vp.s(17),
            gfx.WHITE if win is None else colour_of(win),
            bold=True,
            valign="top",
            lines=2,
        )
    elif st.phase == "between":
        gfx.blit_text(surf, "(Ready skips ahead)", vp.s(14), vp.p(640, 540), gfx.GREY, anchor="center")


def draw_score_cards(surf, vp, x, y, line) -> None:
    w, h = vp.s(50), vp.s(72)
    cx = x
    shown = (
        [(c, False) for c in line["punches_kept"]]
        + [(c, True) for c in line["punches_removed"]]
        + [(c, True) for c in line["blocks_removed"]]
    )
    if not shown:
        gfx.blit_text(surf, "(no cards on that target)", vp.s(15), vp.p(x, y + 24), gfx.GREY)
        return
    room = 8 if len(shown) <= 8 else 7  # with more, one card's place says how many more (inside the column)
    for c, crossed in shown[:room]:
        p = vp.p(cx, y)
        surf.blit(mini_card(c, w, h), p)
        if crossed:
            surf.blit(veil(w, h, (0, 0, 0), 120, vp.s(6)), p)
            pygame.draw.line(surf, gfx.REFUSE, p, (p[0] + w, p[1] + h), max(2, vp.s(4)))
            pygame.draw.line(surf, gfx.REFUSE, (p[0] + w, p[1]), (p[0], p[1] + h), max(2, vp.s(4)))
        cx += 54
    if len(shown) > room:
        more = f"{len(shown) - room} more"
        column = vp.r(x, y, SCORE_COLUMN_W, 72)
        gfx.blit_text(surf, more, vp.s(16), vp.p(cx + 4, y + 28), gfx.WHITE, bold=True, box=column)


def draw_clinch(table, surf, vp, st) -> None:
    r = vp.r(360, 230, 560, 260)
    panel(surf, r, gfx.PANEL, alpha=250, radius=vp.s(16), border=(70, 130, 200), width=max(1, vp.s(3)))
    who = st.clinch_by
    gfx.blit_text(surf, "Clinch!", vp.s(40), vp.p(640, 270), (120, 170, 240), bold=True, anchor="center")
    if who is not None:
        gfx.blit_text(
            surf,
            f"{table.name(who)} holds on and takes health. Play is paused.",
            vp.s(17),
            vp.p(640, 312),
            gfx.WHITE,
            anchor="center",
        )
    gfx.blit_text(
        surf, "Both boxers pound fists (Ready) to go on.", vp.s(17), vp.p(640, 340), gfx.WHITE, anchor="center"
    )
    for k, seat in enumerate((0, 1)):
        y = 372 + k * 50
        s = table.session.seats[seat]
        gfx.blit_text(surf, s.name, vp.s(20), vp.p(390, y + 18), colour_of(seat), bold=True, anchor="midleft")
        if st.ready[seat]:
            gfx.blit_text(surf, "✓ ready", vp.s(18), vp.p(890, y + 18), gfx.GREEN, bold=True, anchor="midright")
        elif s.kind == "human":
            key = hint(table.app.settings, table.shown_scheme.get(seat), "ready")
            label = f"Ready ({key})" if key else "Ready"
            table.hot_button(vp.r(700, y, 190, 36), label, lambda se=seat: table.ready(se), seat=seat, px=vp.s(18))
            focus_on_ready(table, seat, table.shown_scheme.get(seat), label)
        else:
            gfx.blit_text(surf, "getting ready…", vp.s(17), vp.p(890, y + 18), gfx.GREY, anchor="midright")


def draw_hand_scoring(table, surf, vp, st) -> None:
    """Scoring by hand: a panel beside the boxers (they stay in sight) says who does what."""
    r = vp.r(832, 236, 264, 250)
    panel(surf, r, gfx.PANEL, alpha=245, radius=vp.s(12), border=gfx.GOLD)
    gfx.blit_text(surf, "Scoring", vp.s(20), vp.p(964, 246), gfx.GOLD, bold=True, anchor="midtop")
    y = 276
    for line in wrap("Cover one of your own targets, then pick one of your opponent's.", vp.s(15), vp.across(240)):
        gfx.blit_text(surf, line, vp.s(15), vp.p(844, y), gfx.WHITE)
        y += 20
    y += 6
    for p in (0, 1):
        if st.covers[p] is None:
            what = "cover a target"
        elif st.chooses[p] is None:
            what = "pick a target" if st.covers[1 - p] is not None else "wait"
        else:
            what = "done"
        gfx.blit_text(surf, f"{table.name(p)}: {what}", vp.s(16), vp.p(844, y), colour_of(p), bold=True)
        y += 24
    y += 6
    for line in wrap("Move a hand over the target and press take; with the mouse, click it.", vp.s(14), vp.across(240)):
        gfx.blit_text(surf, line, vp.s(14), vp.p(844, y), gfx.GREY)
        y += 19
    for p in (0, 1):
        if st.covers[p] is not None:
            rr = place_rect(vp, target_name(p, st.covers[p]), table.flip)
            surf.blit(veil(rr.w, rr.h, (0, 0, 0), 170, vp.s(10)), rr)
            gfx.blit_text(surf, "covered", vp.s(16), rr.center, gfx.WHITE, bold=True, anchor="center")
