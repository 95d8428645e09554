"""The middle of the Stabby Jack table: the draw and discard piles, the drawn card and
what it means, the choices of the moment, and the log of what happened (a mixin of
StabbyJackTable, see table.py)."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.i18n import N_, words
from tabletop.input import hints
from tabletop.ui import gfx
from tabletop.ui.table import TableScene

from ..rules import Decline, TakeHit
from ..rules.content import CONTENT
from ..rules.state import ACE, DECLARE, JACK, OVER, PLACE, TRAIN, State, hp, xp_value
from ..rules.text import describe_draw, render
from .layout import RIGHT, card_image, change_words, columns, declare_image, outline, stats_after, wrap

_, ngettext = words(__name__)

DID = {"train": N_("Train"), "fight": N_("Fight"), "rest": N_("Rest")}  # what a turn did (translated where shown)
LEVEL_UP = N_("Level up")
SOFT = (190, 220, 205)


def _nb(text: str) -> str:
    """Keep "7 of ♠" together when text is wrapped (no-break spaces), in the player's language."""
    name = _("{rank} of {suit}")
    for sym in CONTENT.symbol.values():
        around = name.replace("{rank}", "").replace("{suit}", sym)  # " of ♠": what stands by the rank
        if around.strip():
            text = text.replace(around, around.replace(" ", "\u00a0"))
    return text


class MiddleMixin(TableScene):
    """The middle half of ``StabbyJackTable``, which sets and keeps these:"""

    names: list[str]  # the seats' names
    lvl_sel: set[int] | None  # XP indices chosen for a level-up
    ace_sel: tuple | None  # ("stat", seat, index) picked first for an Ace swap
    recent: dict | None  # what the last moves drew and said
    fly_ms: float  # while the drawn card slides in
    act: bool  # a person is to choose now (this frame)
    stretch: float  # design units across per unit down (this frame): more than 1 in a window squeezed sideways
    hover: Any  # the payload the pointer is on (this frame)

    @property
    def st(self) -> State:
        return self.session.state

    def derived(self) -> dict:
        """Facts about the state the drawing reads (the table's, kept per state)."""
        raise NotImplementedError

    def spend(self) -> None:
        raise NotImplementedError  # the table's: the chosen XP spent on a level-up

    def start_level(self) -> None:
        raise NotImplementedError  # the table's: choosing XP for a level-up begins

    def cancel(self) -> None:
        raise NotImplementedError  # the table's: the choice being made is dropped

    # -- the middle: piles, drawn card, choices, log -------------------------------------------------
    def _draw_middle(self, surf, vp) -> None:
        s = self.st
        x, y, w, h = columns(self.stretch)[1]
        kx = w / RIGHT[2]  # across, the middle keeps most of its shape in a window squeezed sideways
        # draw pile and discard pile
        pr = vp.r(x + 10 * kx, y + 12, 72 * kx, 100)
        surf.blit(card_image(None, pr.w, pr.h), pr)
        under = vp.r(x + 10 * kx, y + 114, 72 * kx, 22)  # the piles' words: as large as their line allows
        under.h = vp.s(36)  # a second line, over nothing, when the word and count are too wide for one
        said = _("Draw {n}").format(n=s.draw_count)
        drawn = gfx.draw_fitted(surf, said, under, vp.s(14), SOFT, valign="top", lines=2)
        if self.act and s.phase == DECLARE:
            self.hot_zone(
                pr, ("pile",), lambda pl: None if pl[0] == "declare" else _("Drop Train, Fight or Rest here.")
            )
        dr = vp.r(x + 90 * kx, y + 12, 72 * kx, 100)
        if s.discard:
            surf.blit(card_image(s.discard[-1], dr.w, dr.h), dr)
        else:
            pygame.draw.rect(surf, (60, 120, 90), dr, width=max(1, vp.s(2)), border_radius=vp.s(8))
        said = _("Discard {n}").format(n=len(s.discard))
        under = vp.r(x + 90 * kx - 8, y + 114, 72 * kx + 16, 22)
        under.left = max(under.left, drawn.right + vp.s(6))  # apart from "Draw N" however narrow the column
        under.width = max(under.w, vp.p(x + 176 * kx, 0)[0] - under.left)  # up to the drawn card's place
        under.h = vp.s(36)  # a second line, over nothing, when the word is too wide for one
        gfx.draw_fitted(surf, said, under, vp.s(14), SOFT, valign="top", lines=2)
        if self.act and s.phase == PLACE:
            self.hot_zone(dr, ("discard",), lambda pl: None if pl == ("drawn",) else _("Only the drawn card can go."))
            outline(surf, dr, SOFT, vp, 2)
        # the drawn card, or what the last move drew
        big = vp.r(x + 180 * kx, y + 8, 100 * kx, 140)
        captions, shown, sign = [], [], None  # (who: what, or only what where a long name leaves no room)
        if s.drawn is not None:
            shown = [s.drawn]
            what = _(DID.get(s.declared or "", LEVEL_UP))
            captions = [f"{self.names[s.turn]}: {what}", what]
        elif self.recent and (self.recent["cards"] or self.recent["did"]):
            shown = self.recent["cards"]
            did = _(self.recent["did"]) if self.recent["did"] else _("drew")
            captions = [f"{self.names[self.recent['seat']]}: {did}", did]
            if not shown and self.recent["did"] == DID["rest"]:
                sign = declare_image("rest", big.w, big.w, vp.scale)
        for k, c in enumerate(shown):  # fanned to the right, the newest on top: never over the discard pile's label
            r = big.move(vp.s(22) * k, 0)
            img = card_image(c, r.w, r.h)
            if self.fly_ms <= 0:  # while it slides in, only the flying card is drawn
                surf.blit(img, r)
            if s.drawn is not None and self.act:
                if s.phase in (TRAIN, PLACE):
                    self.hot_card(r, ("drawn",), None, img)
                    if self.fly_ms <= 0:
                        outline(surf, r, gfx.HILITE, vp, 3)
                elif s.phase == JACK:
                    self.hot_zone(
                        r,
                        ("jack",),
                        lambda pl: (
                            None
                            if pl[0] == "xp" and self.st.players[pl[1]].xp[pl[2]].monarch
                            else _("Only a Queen or King shields you.")
                        ),
                    )
        if sign is not None:
            surf.blit(sign, big.move(0, (big.h - big.w) // 2))
        elif not shown or self.fly_ms > 0:
            pygame.draw.rect(surf, (60, 120, 90), big, width=max(1, vp.s(2)), border_radius=vp.s(10))
        if captions:
            line = vp.r(x + 230 * kx - 90, y + 150, 180, 24)  # under the card, as large as its line allows
            caption = gfx.first_fitting(captions, vp.s(14), line.w)
            gfx.draw_fitted(surf, caption, line, vp.s(14), SOFT, valign="top", lines=1)
        # what it means
        ty, left = y + 176, 5
        parts = self._explain()
        for k, (text, col) in enumerate(parts):
            lines = wrap(text, vp.s(16), vp.across(w - 20))
            room = left if k == len(parts) - 1 else min(left - 2, 3)  # what came of it keeps two lines at least
            if len(lines) > room > 0 and k == len(parts) - 1:  # the outcome comes last: keep the end
                lines = ["… " + lines[len(lines) - room]] + lines[len(lines) - room + 1 :]
            elif len(lines) > room > 0:  # cut short: say so (the log below has every word)
                lines = lines[: room - 1] + [lines[room - 1].rstrip(" .") + " …"]
            for line in lines[: max(0, room)]:
                gfx.blit_text(surf, line, vp.s(16), vp.p(x + 10, ty), col)
                ty += 20
                left -= 1
        self._draw_choices(surf, vp, x, y + 282, w)
        log_h = h - 430
        if self.tutor is not None:  # a lesson's words sit over the table's foot: the log ends above them
            banner = self.tutor_banner
            assert banner is not None  # StabbyJackTable places them
            log_h = min(log_h, banner[1] - 8 - (y + 430))
        self._draw_log(surf, vp, x, y + 430, w, log_h)

    def _explain(self) -> list[tuple[str, tuple]]:
        """What to read under the drawn card: what it means (white) and what came of it (gold)."""
        s = self.st
        if s.phase == OVER:
            return [(render(s.result, self.names), gfx.GOLD)]
        if s.drawn is not None:
            return [(_nb(describe_draw(s, s.turn)), gfx.WHITE)]
        r = self.recent
        if r and r["lines"]:
            lines = [_nb(render(t, self.names)) for t in r["lines"]]
            if r.get("means"):
                return [(_nb(r["means"]), gfx.WHITE), (" ".join(lines[1:][-3:]), gfx.GOLD)]
            return [(" ".join(lines[-3:]), gfx.GOLD)]
        return [(describe_draw(s, s.turn), gfx.WHITE)]

    def explain_text(self) -> str:
        return " ".join(t for t, _ in self._explain()).replace("\u00a0", " ")

    def _draw_choices(self, surf, vp, x, y, w) -> None:
        s = self.st
        if s.phase == OVER:
            return
        if not self.act:
            if s.turn in self.session.bots:
                gfx.blit_text(
                    surf,
                    _("{name} (computer) is playing…").format(name=self.names[s.turn]),
                    vp.s(16),
                    vp.p(x + 10, y + 8),
                    SOFT,
                )
            return
        me = s.turn
        hint, preview = "", ""
        if s.phase == DECLARE and self.lvl_sel is None:
            cw = (w - 40) / 3  # the cards share the column's width (wider in a window squeezed sideways)
            for k, choice in enumerate(("train", "fight", "rest")):
                r = vp.r(x + 10 + k * (cw + 10), y, cw, 98)
                img = declare_image(choice, r.w, r.h, vp.scale)
                surf.blit(img, r)
                if self.hover == ("declare", choice):
                    outline(surf, r, gfx.HILITE, vp, 3)
                self.hot_card(r, ("declare", choice), None, img)
            if self.derived()["can_level"]:
                self.hot_button(
                    vp.r(x + 10, y + 104, w - 20, 40),  # room for two lines of a long language
                    _("Level up: spend {n} XP for a new stat card").format(n=CONTENT.level_cost),
                    self.start_level,
                    px=vp.s(16),
                )
            else:
                hint = self.device_words(
                    me,
                    _("Click Train, Fight or Rest, or drag it onto the draw pile."),
                    _("Pick Train, Fight or Rest with {move}, then {confirm}."),
                )
        elif s.phase == DECLARE and self.lvl_sel is not None:
            chosen = xp_value(s.players[me].xp[i] for i in self.lvl_sel)
            hint = self.device_words(me, _("Click XP cards"), _("Choose XP cards ({move}, {confirm})")) + _(
                " worth {n} or more to spend (chosen: {chosen} XP). Extra XP is not given back."
            ).format(n=CONTENT.level_cost, chosen=chosen)
            ok = chosen >= CONTENT.level_cost
            self.hot_button(
                vp.r(x + 10, y + 60, 190, 40), _("Spend {n} XP").format(n=chosen), self.spend, px=vp.s(17), enabled=ok
            )
            self.hot_button(vp.r(x + 210, y + 60, w - 220, 40), _("Cancel"), self.cancel, px=vp.s(17))
            self._hint(surf, vp, hint, x, y, w, 2)
            return
        elif s.phase in (TRAIN, PLACE) and s.drawn is not None:
            drawn = s.drawn
            d = drawn.label()
            hint = self.device_words(
                me,
                _("Click the stat card the {card} replaces, or drag the {card} onto it.").format(card=d),
                _("Choose the stat card the {card} replaces: {move} to it, then {confirm}.").format(
                    card=d, move="{move}", confirm="{confirm}"
                ),
            )
            if s.phase == PLACE:
                hint = self.device_words(me, _("Click a stat card"), _("Choose a stat card ({move}, {confirm})")) + _(
                    " to replace it, or keep your {n} stats."
                ).format(n=CONTENT.max_stats)
                self.hot_button(
                    vp.r(x + 10, y + 64, w - 20, 36),
                    _("Keep my stats: let the {card} go").format(card=d),
                    lambda: self.submit(Decline(me)),
                    px=vp.s(16),
                )
            pl = self.hover
            if pl and pl[0] == "stat" and pl[1] == me:
                p = s.players[me]
                old = p.stats[pl[2]]
                words, dies = change_words(p.stats, stats_after(p.stats, pl[2], drawn), p.damage)
                preview = _("{card} for {old}: {change}").format(card=d, old=old.label(), change=words) + (
                    _(" — you would die!") if dies else ""
                )
        elif s.phase == JACK:
            hint = self.device_words(
                me,
                _("Click a green Queen or King in your XP row (or drag it onto the Jack) to shield."),
                _("Choose a green Queen or King in your XP row ({move}, {confirm}) to shield."),
            )
            p = s.players[me]
            left = hp(p) - CONTENT.jack_damage
            label = (
                _("Take {n} damage (you would die)").format(n=CONTENT.jack_damage)
                if left <= 0
                else _("Take {n} damage ({left} HP left)").format(n=CONTENT.jack_damage, left=left)
            )
            self.hot_button(vp.r(x + 10, y + 64, w - 20, 36), label, lambda: self.submit(TakeHit(me)), px=vp.s(16))
            pl = self.hover
            if pl and pl[0] == "xp" and pl[1] == me:
                card = p.xp[pl[2]]
                preview = _("Give up the {card} ({xp} XP): no damage, {hp} HP kept").format(
                    card=card.label(), xp=xp_value([card]), hp=hp(p)
                )
        elif s.phase == ACE:
            sel = self.ace_sel
            if sel is None:
                hint = _("Pick one of your stat cards and a card of another player with the same suit or value.")
            elif sel[1] == me:
                hint = _("Now pick another player's green card to swap with your {card}.").format(
                    card=s.players[me].stats[sel[2]].label()
                )
            else:
                hint = _("Now pick your green card to swap with {name}'s {card}.").format(
                    name=self.names[sel[1]], card=s.players[sel[1]].stats[sel[2]].label()
                )
            if sel is not None:
                self.hot_button(vp.r(x + 10, y + 64, w - 20, 36), _("Choose again"), self.cancel, px=vp.s(16))
            preview = self._swap_preview()
            box = vp.r(x + 10, y, w - 20, 60)  # the Ace's instruction: large, it is the whole turn
            gfx.draw_fitted(surf, hint, box, vp.s(18), gfx.HILITE, bold=True, valign="top", min_px=vp.s(14), lines=3)
            hint = ""
        self._hint(surf, vp, hint, x, y, w, 3 if s.phase != DECLARE else 2, top=0 if s.phase != DECLARE else 112)
        self.preview_text = preview
        if preview:
            box = vp.r(x + 10, y + 106, w - 20, 2 * 19)
            gfx.draw_fitted(surf, preview, box, vp.s(15), gfx.HILITE, bold=True, align="left", valign="top", lines=2)

    def _hint(self, surf, vp, text, x, y, w, n, top=0) -> None:
        box = vp.r(x + 10, y + top, w - 20, n * 19)
        gfx.draw_fitted(surf, text, box, vp.s(15), SOFT, align="left", valign="top", lines=n)

    def _swap_preview(self) -> str:
        s = self.st
        me = s.turn
        pl, sel = self.hover, self.ace_sel
        if not (pl and pl[0] == "stat" and sel and pl != sel and (pl[1] == me) != (sel[1] == me)):
            return ""
        mine, theirs = (pl, sel) if pl[1] == me else (sel, pl)
        if (mine[2], theirs[1], theirs[2]) not in self.derived()["pairs"]:
            return ""
        a, b = s.players[me], s.players[theirs[1]]
        ca, cb = a.stats[mine[2]], b.stats[theirs[2]]
        wa, da = change_words(a.stats, stats_after(a.stats, mine[2], cb), a.damage)
        wb, db = change_words(b.stats, stats_after(b.stats, theirs[2], ca), b.damage)
        return _("{mine} ↔ {theirs}: you {change}{die}; {name} {their_change}{their_die}").format(
            mine=ca.label(),
            theirs=cb.label(),
            change=wa,
            die=_(" (you die!)") if da else "",
            name=self.names[theirs[1]],
            their_change=wb,
            their_die=_(" (dies!)") if db else "",
        )

    def _draw_log(self, surf, vp, x, y, w, h) -> None:
        s = self.st
        head = vp.r(x + 10, y - 2, w - 20, 22)
        title = gfx.draw_fitted(surf, _("What happened"), head, vp.s(15), gfx.GOLD, True, "left", "top", lines=1)
        pause = _("{button}: menu and rules").format(button=hints.button(self.seat_device(s.turn), "pause"))
        right = vp.p(x + w - 10, y + 1)
        below = gfx.font(vp.s(14)).size(pause)[0] > right[0] - title.right - vp.s(16)  # no room beside the title
        if below:
            right, y = (right[0], right[1] + vp.s(18)), y + 18
            h -= 18
        gfx.blit_text(surf, pause, vp.s(14), right, (150, 170, 160), anchor="topright")
        log = s.log[-12:]  # more than the column ever holds
        soft = (200, 210, 205)
        entries = [(_nb(render(e, self.names)), gfx.WHITE if k == len(log) - 1 else soft) for k, e in enumerate(log)]
        gfx.draw_log(surf, entries, vp.r(x + 10, y + 22, w - 20, h - 26), vp.s(14), step=vp.s(18))
