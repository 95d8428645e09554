"""The Punch! panels that take the place of the table: between rounds and matches, and the match history."""

from __future__ import annotations

from tabletop.core.i18n import words
from tabletop.ui import gfx

from ..rules.resolve import S, explain
from .layout import HALF_X, sentence, wrap

_, ngettext = words(__name__)

# -- between rounds and matches --------------------------------------------------


def between(t, surf, vp) -> None:
    st = t.state
    r = vp.r(140, 128, 1000, 160)
    gfx.panel(surf, r, gfx.PANEL, radius=vp.s(14), border=gfx.GOLD, width=vp.s(2), alpha=235)
    if st.phase == "break":
        gain = S["break_gains"][st.round - 1]
        head = _("Break after round {n}").format(n=st.round)
        sub = _("Both boxers recover up to {n} stamina: {a} {x}, {b} {y}.").format(
            n=gain, a=t.names[0], x=st.stamina[0], b=t.names[1], y=st.stamina[1]
        )
        nxt = _("Round {n} of {of} next.").format(n=st.round + 1, of=S["rounds"])
    elif st.history:
        last = st.history[-1]
        head = _("Match {n} is over").format(n=last["match"])
        sub = explain(dict(last, type="match_end"), t.names)
        rounds = " · ".join(
            _("after round {n}: {a}–{b}").format(n=i + 1, a=a, b=b) for i, (a, b) in enumerate(last["rounds"])
        )
        nxt = _("Stamina ({a}–{b}) {rounds}.").format(a=t.names[0], b=t.names[1], rounds=rounds) if rounds else ""
        if st.phase == "game_over":
            best = max(st.wins)
            nxt = ngettext(
                "{name} wins the game, {n} match to {m}.", "{name} wins the game, {n} matches to {m}.", best
            ).format(name=t.names[st.wins.index(best)], n=best, m=min(st.wins))
    else:
        head, sub, nxt = "", "", ""
    gfx.blit_text(surf, head, vp.s(30), vp.p(640, 160), gfx.GOLD, bold=True, anchor="center")
    gfx.blit_text(surf, sub, gfx.fit_px(sub, vp.s(19), vp.s(960)), vp.p(640, 206), gfx.WHITE, anchor="center")
    gfx.blit_text(surf, nxt, gfx.fit_px(nxt, vp.s(17), vp.s(960)), vp.p(640, 246), gfx.GREY, anchor="center")
    if st.phase == "game_over":
        return
    for seat in (0, 1):
        if seat in t.humans and st.waiting[seat]:
            label = (
                _("{name}: ready for round {n}").format(name=t.names[seat], n=st.round + 1)
                if st.phase == "break"
                else _("{name}: ready for match {n}").format(name=t.names[seat], n=st.match + 1)
            )
            t.hot_button(
                vp.r(HALF_X[seat] + 130, 420, 356, 56), label, lambda s=seat: t.ready(s), seat=seat, px=vp.s(20)
            )
            key = (st.phase, st.match, st.round)
            if t.ready_focus.get(seat) != key:
                t.ready_focus[seat] = key
                t.want_focus[seat] = label


# -- match history ---------------------------------------------------------------------


def history(t, surf, vp) -> None:
    st = t.state
    r = vp.r(40, 60, 1200, 640)
    gfx.panel(surf, r, gfx.PANEL, radius=vp.s(16), border=gfx.GOLD, width=vp.s(2))
    gfx.blit_text(surf, _("Match history"), vp.s(28), vp.p(80, 92), gfx.GOLD, bold=True, anchor="midleft")
    t.hot_button(vp.r(1070, 72, 150, 40), _("Close"), t.toggle_history, px=vp.s(18))
    y = 140
    gfx.blit_text(surf, _("Finished matches"), vp.s(19), vp.p(80, y), gfx.WHITE, bold=True, anchor="midleft")
    y += 30
    if not st.history:
        gfx.blit_text(surf, _("None yet: this is the first match."), vp.s(16), vp.p(80, y), gfx.GREY, anchor="midleft")
        y += 26
    for entry in st.history[-6:]:
        line = explain(dict(entry, type="match_end"), t.names)
        rounds = ", ".join(f"{a}–{b}" for a, b in entry["rounds"])
        gfx.blit_text(surf, line, gfx.fit_px(line, vp.s(16), vp.s(560)), vp.p(80, y), gfx.WHITE, anchor="midleft")
        gfx.blit_text(
            surf,
            _("stamina ({a}–{b}) after each round: {rounds}").format(a=t.names[0], b=t.names[1], rounds=rounds),
            vp.s(14),
            vp.p(100, y + 20),
            gfx.GREY,
            anchor="midleft",
        )
        y += 46
    gfx.blit_text(
        surf,
        _("Match score: {a} {x} – {y} {b}").format(a=t.names[0], x=st.wins[0], y=st.wins[1], b=t.names[1]),
        vp.s(19),
        vp.p(80, 650),
        gfx.WHITE,
        bold=True,
        anchor="midleft",
    )
    x = 680
    gfx.blit_text(
        surf,
        _("Match {n}, play by play").format(n=st.match),
        vp.s(19),
        vp.p(x, 140),
        gfx.WHITE,
        bold=True,
        anchor="midleft",
    )
    key = (len(st.log), st.match, vp.scale, vp.sx)
    cached = t.history_lines
    if cached is None or cached[0] != key:
        events = [e for e in st.log if e.get("match") == st.match and e.get("type") in ("reveal", "break")]
        wrapped: list[str] = []
        for e in events:
            line = sentence(e, t.names)
            if e["type"] == "reveal":
                line = _("Round {round}, play {play}: {text}").format(round=e["round"], play=e["play"], text=line)
            wrapped.extend(wrap(line, vp.s(14), vp.across(520)))
        t.history_lines = cached = (key, wrapped)
    wrapped = cached[1]
    per = 22
    if not wrapped:
        gfx.blit_text(surf, _("No cards revealed yet."), vp.s(16), vp.p(x, 170), gfx.GREY, anchor="midleft")
    t.history_page = min(t.history_page, max(0, len(wrapped) - per))
    end = len(wrapped) - t.history_page
    if len(wrapped) > per:
        gfx.blit_text(
            surf, _("↑ ↓ or the mouse wheel: earlier plays"), vp.s(14), vp.p(1200, 650), gfx.GREY, anchor="midright"
        )
    for i, line in enumerate(wrapped[max(0, end - per) : end]):
        gfx.blit_text(surf, line, vp.s(14), vp.p(x, 166 + i * 22), gfx.WHITE, anchor="midleft")
