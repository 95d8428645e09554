"""The JAB table's panels: the round start (deck split and Ready), the round's
score step by step, the clinch pause and scoring by hand."""

from __future__ import annotations

import pygame

from tabletop.core.i18n import words
from tabletop.ui import gfx

from ..rules.hands import TARGETS, target_name
from ..rules.say import target_word, tell
from ..rules.state import render
from .art import mini_card
from .input import hint
from .layout import colour_of, fit, panel, place_rect, veil, wrap

_, ngettext = words(__name__)

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
        gfx.blit_text(surf, _("Round {n}").format(n=1), vp.s(40), vp.p(640, 220), gfx.GOLD, bold=True, anchor="center")
        said = [
            _(
                "Take the top card of a deck with that side's hand and let go of it on your opponent's boxer "
                "(a punch) or on their punch on your own boxer (a block)."
            ),
            _("Claim combos, counter-punches, the clinch and Ding! with your claim keys or buttons."),
        ]
        if any(table.seat_device(s) in (None, "mouse") for s in table.humans):  # only a mouse player clicks
            said.append(_("With the mouse you may also click the combo deck, the counter-punch card or a tile."))
        y = 270
        for k, text in enumerate(said):  # each in its box, wrapped to the panel in any language and window
            h = 64 if k == 0 else 40
            gfx.draw_fitted(surf, text, vp.r(190, y, 900, h), vp.s(17), gfx.WHITE)
            y += h + 6
    if over:
        table.hot_button(vp.r(490, 596, 300, 44), _("See the result"), table.see_result, px=vp.s(20))
        for seat in table.humans:
            focus_on_ready(table, seat, table.shown_scheme.get(seat), _("See the result"))
        how = " · ".join(sorted({table.device_words(s, _("a click"), "{confirm}") for s in table.humans}))
        gfx.blit_text(surf, _("(Ready: {how})").format(how=how), vp.s(14), vp.p(640, 648), gfx.GREY, anchor="center")
        return
    for seat in (1, 0):
        if not (lesson and seat == 1 and seat not in table.humans):
            draw_ready_row(table, surf, vp, st, seat, 590 if table.bottom(seat) else 72)


def draw_ready_row(table, surf, vp, st, seat, y) -> None:
    s = table.session.seats[seat]
    col = colour_of(seat)
    # the name keeps to its side of the row, so a long name or a long language never runs into the words
    gfx.draw_fitted(surf, s.name, vp.r(176, y, 224, 36), vp.s(22), col, bold=True, align="left", lines=1)
    if st.ready[seat]:
        other = table.name(1 - seat)
        said = _("✓ Ready: waiting for {name}").format(name=other)
        gfx.draw_fitted(surf, said, vp.r(410, y, 460, 36), vp.s(18), gfx.GREEN, bold=True, lines=1)
        return
    total = len(st.decks[seat * 2]) + len(st.decks[seat * 2 + 1])
    left = table.split_pick.get(seat, len(st.decks[seat * 2]))
    if not table.bottom(seat):  # the top seat's left deck, as that person sits at the screen, is the boxer's right
        left = total - left
    if s.kind != "human":
        gfx.blit_text(
            surf,
            _("Left deck {n} · right deck {m}: getting ready").format(n=left, m=total - left),
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
    split = _("Left {n} · Right {m}").format(n=left, m=total - left)
    # between the two buttons; in a narrow window it takes two lines rather than going under the least size
    gfx.draw_fitted(surf, split, vp.r(446, y - 2, 154, 40), vp.s(16), gfx.WHITE, bold=True, lines=2)
    table.hot_button(vp.r(602, y, 36, 36), "+", lambda: table.split(seat, 1), seat=seat, px=vp.s(22))
    keys = f"({lk} / {rk})" if lk and rk else ""
    gfx.blit_text(surf, keys, fit(keys, vp.s(14), vp.s(66)), vp.p(644, y + 18), gfx.GREY, anchor="midleft")
    key = hint(table.app.settings, scheme, "ready")
    label = _("Ready ({key})").format(key=key) if key else _("Ready")
    table.hot_button(vp.r(714, y, 158, 36), label, lambda: table.ready(seat), seat=seat, px=vp.s(17))
    focus_on_ready(table, seat, scheme, label)


def focus_on_ready(table, seat: int, scheme, label: str) -> None:
    """Keys and pads ready with confirm (left / right split the decks): the focus is shown on that Ready button,
    so confirm acts on a focus the player sees."""
    if scheme != "mouse":
        table.want_focus[seat] = label
        table.show_focus[seat] = True


def _target_words(name: str) -> str:
    return target_word(TARGETS.index(name.split(".")[1]))


SCORE_STEP_MS = 450  # the last round's score shows a new row this often
SCORE_STEPS = 9  # ... and at this step it is all shown, with the verdict
SCORE_COLUMN_W = 460  # each player's column of the score (design units)


def draw_scoring(table, surf, vp, st, sc) -> None:
    """The last round's score, one step at a time (a new row every SCORE_STEP_MS)."""
    step = int(table.score_ms // SCORE_STEP_MS)
    totals = sc["totals"]
    win = sc["winner"]
    head = _("Round {n}: {a} {x} – {y} {b}").format(
        n=sc["round"], a=table.name(0), x=totals[0], y=totals[1], b=table.name(1)
    )
    gfx.blit_text(surf, head, vp.s(26), vp.p(640, 140), gfx.GOLD, bold=True, anchor="center")
    # the round's end as its event says it (its sentence survives a state read back from JSON)
    ends = [e for e in st.events if e["kind"] == "round-end" and e["round"] == sc["round"]]
    reason = render(tell(ends[-1].get("say", ends[-1]["text"]) if ends else sc.get("reason", "")), table.seat_names())
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
        rows.append((_("{a} scores on {b}'s boxer").format(a=table.name(a), b=table.name(d)), 17, col, True))
        rows.append(
            (
                _("{name} covers the {target} (worth {n})").format(
                    name=table.name(d), target=_target_words(cov), n=line["pile_scores"][cov]
                ),
                15,
                gfx.WHITE,
                False,
            )
        )
        rows.append(
            (
                _("{name} scores the {target}:").format(name=table.name(a), target=_target_words(line["chosen"])),
                15,
                gfx.WHITE,
                False,
            )
        )
        rows.append(("CARDS", 0, None, False))
        blocks = len(line["blocks_removed"])
        removed = len(line["punches_removed"])
        if blocks:
            said = ngettext(
                "{name}'s {n} block cancels {punches}: {points}",
                "{name}'s {n} blocks cancel {punches}: {points}",
                blocks,
            )
            punches = ngettext("{name}'s {n} best punch", "{name}'s {n} best punches", removed)
            said = said.format(
                name=table.name(d), n=blocks, punches=punches.format(name=table.name(a), n=removed), points="{points}"
            )
        else:
            said = _("No blocks from {name}, so every punch counts: {points}").format(
                name=table.name(d), points="{points}"
            )
        points = ngettext("{n} punch point", "{n} punch points", line["punch_points"]).format(n=line["punch_points"])
        rows.append(
            (
                said.replace("{points}", points),
                15,
                gfx.WHITE,
                False,
            )
        )
        rows.append(
            (
                _("Combos +{n}   Counter-punches +{m}").format(n=line["combo_points"], m=line["counter_points"]),
                15,
                gfx.WHITE,
                False,
            )
        )
        pen = []
        if line["ding_penalty"]:
            pen.append(_("Ding! −{n}").format(n=line["ding_penalty"]))
        if line["clinch_penalty"]:
            pen.append(_("Clinch −{n}").format(n=line["clinch_penalty"]))
        rows.append(
            (
                _("Penalties: {list}").format(list="   ".join(pen) if pen else _("none")),
                15,
                gfx.WHITE if not pen else gfx.REFUSE,
                False,
            )
        )
        rows.append((_("Total: {n}").format(n=line["total"]), 24, gfx.GOLD, True))
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
            verdict = _("A tie: nobody wins the round.")
        else:
            src = sc.get("token_from")
            verdict = (
                _("{name} wins the round: one of their own health tokens becomes a round-win token.")
                if src == win
                else _("{name} wins the round: one of {other}'s health tokens becomes a round-win token.")
            ).format(name=table.name(win), other=table.name(1 - win))
            if st.phase == "over":
                verdict += " " + _("That is {name}'s round win number {n}: the game is won.").format(
                    name=table.name(win), n=st.tokens[win]
                )
        for p in sc.get("cutman", []):
            verdict += " " + _("Cutman: {name} gets 1 health.").format(name=table.name(p))
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
        gfx.blit_text(surf, _("(Ready skips ahead)"), vp.s(14), vp.p(640, 540), gfx.GREY, anchor="center")


def draw_score_cards(surf, vp, x, y, line) -> None:
    w, h = vp.s(50), vp.s(72)
    cx = x
    shown = (
        [(c, False) for c in line["punches_kept"]]
        + [(c, True) for c in line["punches_removed"]]
        + [(c, True) for c in line["blocks_removed"]]
    )
    if not shown:
        gfx.blit_text(surf, _("(no cards on that target)"), vp.s(15), vp.p(x, y + 24), gfx.GREY)
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
        more = _("{n} more").format(n=len(shown) - room)
        column = vp.r(x, y, SCORE_COLUMN_W, 72)
        gfx.blit_text(surf, more, vp.s(16), vp.p(cx + 4, y + 28), gfx.WHITE, bold=True, box=column)


def draw_clinch(table, surf, vp, st) -> None:
    r = vp.r(360, 230, 560, 260)
    panel(surf, r, gfx.PANEL, alpha=250, radius=vp.s(16), border=(70, 130, 200), width=max(1, vp.s(3)))
    who = st.clinch_by
    gfx.blit_text(surf, _("Clinch!"), vp.s(40), vp.p(640, 270), (120, 170, 240), bold=True, anchor="center")
    if who is not None:
        gfx.blit_text(
            surf,
            _("{name} holds on and takes health. Play is paused.").format(name=table.name(who)),
            vp.s(17),
            vp.p(640, 312),
            gfx.WHITE,
            anchor="center",
        )
    gfx.blit_text(
        surf, _("Both boxers pound fists (Ready) to go on."), vp.s(17), vp.p(640, 340), gfx.WHITE, anchor="center"
    )
    for k, seat in enumerate((0, 1)):
        y = 372 + k * 50
        s = table.session.seats[seat]
        gfx.blit_text(surf, s.name, vp.s(20), vp.p(390, y + 18), colour_of(seat), bold=True, anchor="midleft")
        if st.ready[seat]:
            gfx.blit_text(surf, _("✓ ready"), vp.s(18), vp.p(890, y + 18), gfx.GREEN, bold=True, anchor="midright")
        elif s.kind == "human":
            key = hint(table.app.settings, table.shown_scheme.get(seat), "ready")
            label = _("Ready ({key})").format(key=key) if key else _("Ready")
            table.hot_button(vp.r(700, y, 190, 36), label, lambda se=seat: table.ready(se), seat=seat, px=vp.s(18))
            focus_on_ready(table, seat, table.shown_scheme.get(seat), label)
        else:
            gfx.blit_text(surf, _("getting ready…"), vp.s(17), vp.p(890, y + 18), gfx.GREY, anchor="midright")


def draw_hand_scoring(table, surf, vp, st) -> None:
    """Scoring by hand: a panel beside the boxers (they stay in sight) says who does what."""
    r = vp.r(832, 236, 264, 250)
    panel(surf, r, gfx.PANEL, alpha=245, radius=vp.s(12), border=gfx.GOLD)
    gfx.blit_text(surf, _("Scoring"), vp.s(20), vp.p(964, 246), gfx.GOLD, bold=True, anchor="midtop")
    y = 276
    for line in wrap(_("Cover one of your own targets, then pick one of your opponent's."), vp.s(15), vp.across(240)):
        gfx.blit_text(surf, line, vp.s(15), vp.p(844, y), gfx.WHITE)
        y += 20
    y += 6
    for p in (0, 1):
        if st.covers[p] is None:
            what = _("cover a target")
        elif st.chooses[p] is None:
            what = _("pick a target") if st.covers[1 - p] is not None else _("wait")
        else:
            what = _("done")
        gfx.blit_text(surf, f"{table.name(p)}: {what}", vp.s(16), vp.p(844, y), colour_of(p), bold=True)
        y += 24
    y += 6
    for line in wrap(
        _("Move a hand over the target and press take; with the mouse, click it."), vp.s(14), vp.across(240)
    ):
        gfx.blit_text(surf, line, vp.s(14), vp.p(844, y), gfx.GREY)
        y += 19
    for p in (0, 1):
        if st.covers[p] is not None:
            rr = place_rect(vp, target_name(p, st.covers[p]), table.flip)
            surf.blit(veil(rr.w, rr.h, (0, 0, 0), 170, vp.s(10)), rr)
            gfx.blit_text(surf, _("covered"), vp.s(16), rr.center, gfx.WHITE, bold=True, anchor="center")
