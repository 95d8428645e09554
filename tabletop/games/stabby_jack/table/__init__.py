"""The Stabby Jack table: every hero's stats row (grouped by suit, with live
totals) and XP row, whose turn it is, the drawn card and what it means, the
choices of the turn, and a log of what happened.

Every choice is made by pointing at cards: click (or focus + confirm with
keys or a gamepad) or drag where it is natural (the drawn card onto the stat
card it replaces, a declare card onto the draw pile, a Monarch onto Stabby
Jack, one stat card onto the other player's card for an Ace swap).
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.i18n import words
from tabletop.ui import gfx, pace
from tabletop.ui.table import PLAY, Flight

from ..rules import Declare, Decline, LevelUp, Replace, Shield, Swap, resolve
from ..rules.content import CONTENT
from ..rules.state import ACE, DECLARE, JACK, OVER, PLACE, TRAIN, xp_value
from ..rules.text import describe_card, render
from .layout import (
    BELOW_H,
    GAP,
    INFO_W,
    LABEL_PX,
    LEAST_CARD_W,
    RIGHT,
    SEP,
    TOP_H,
    card_image,
    columns,
    fit_card_width,
    groups,
    label_widths,
    outline,
    row_labels,
    rows,
    stats_width,
    xp_width,
)
from .middle import DID, LEVEL_UP, SOFT, MiddleMixin

_, ngettext = words(__name__)

FLY_MS = 280  # a drawn card sliding from the pile
GREEN = (110, 230, 120)
CHOSEN = (255, 255, 255)
CAN = (140, 185, 165)
LIGHT_RED = (255, 130, 120)


class StabbyJackTable(MiddleMixin):
    tutor_banner = (16, 606, 1248, 106)  # where a lesson's words go (design units): the log ends above them

    def __init__(self, app, session, mode=PLAY):
        super().__init__(app, session, mode)
        self.names = session.names()
        self.lvl_sel: set[int] | None = None  # XP indices chosen for a level-up
        self.ace_sel: tuple | None = None  # ("stat", seat, index) picked first for an Ace swap
        self.recent: dict | None = None  # what the last moves drew and said
        self.hold_ms = 0.0  # a computer's result stays on screen this long (the "Computer turns" pace)
        self.taken: dict[int, frozenset] = {}  # person's seat -> their stat cards a computer changed (until they act)
        self.fly_ms = 0.0  # while the drawn card slides in
        self.preview_text = ""  # what the pointed-at choice would do
        self._prev = None
        self._want_focus: str | tuple | None = "default"
        self._derived_for = None
        self.stretch = 1.0  # design units across per unit down: 4/3 in a 4:3 window (gfx.Viewport squeezes it)
        self._derived: dict = {}
        self._layer = None
        self.layer_key = None
        self._layer_state = None
        self._layer_hots: list = []
        self._bg_key: tuple | None = None  # what the kept background (_bg) was drawn for
        self._bg: pygame.Surface | None = None
        self._info_memo: tuple | None = None  # (state, window and text size, how the rows' info columns are laid out)

    # -- facts about the current state -------------------------------------------------
    def can_act(self) -> bool:
        """A person is to choose now (and nothing is being shown first)."""
        s = self.st
        return s.phase != OVER and s.turn in self.humans and self.hold_ms <= 0

    def derived(self) -> dict:
        s = self.st
        if self._derived_for is not s or self._derived.get("look") != (self.stretch, gfx.TEXT_SCALE[0]):
            table = [resolve.standing(p) for p in s.players]
            d: dict[str, Any] = {  # what the drawing reads of the state, worked out once per state
                "conds": [resolve.conditions(s, k, table) for k in range(len(s.players))],
                "groups": [groups(p.stats) for p in s.players],
                "pairs": set(resolve.ace_pairs(s, s.turn)) if s.phase == ACE else set(),
                "labels": [],
                "can_level": s.phase == DECLARE and resolve.can_level_up(s, s.turn),
            }
            rh = rows(len(s.players))[0][3]
            d["info_w"] = INFO_W * self.stretch
            avail = columns(self.stretch)[0][2] - d["info_w"] - 10 - 16
            for signs in (True, False):  # the headings without their suit's sign when a row has no room for them
                d["labels"] = []
                for p, g in zip(s.players, d["groups"], strict=True):
                    labels = row_labels(p, g, signs)
                    d["labels"].append((labels, [w * self.stretch for w in label_widths(labels)]))
                info = [(g, lw, len(p.xp)) for p, g, (_, lw) in zip(s.players, d["groups"], d["labels"], strict=True)]
                d["cw"] = fit_card_width(info, rh, avail, self.stretch)
                if d["cw"] > LEAST_CARD_W:
                    break
            d["ch"] = d["cw"] / 0.7 / self.stretch
            d["below"] = rh >= BELOW_H
            d["look"], d["label_px"], d["head_e"] = (self.stretch, gfx.TEXT_SCALE[0]), LABEL_PX, 0
            heads = 2 if d["below"] else 1  # (the stats' headings, and the XP row's under them)
            spare = rh - heads * d["ch"] - (72 if d["below"] else 38)  # what the cards leave of the row's height
            # the headings grown with the text size as far as the rows leave room: no card smaller than at 100%
            most = round(LABEL_PX * gfx.TEXT_SCALE[0]) if d["cw"] > LEAST_CARD_W else LABEL_PX
            for px in range(most, LABEL_PX, -1):
                e = gfx.font(px, True).get_linesize() - gfx.font(LABEL_PX, True).get_linesize() + 1
                grown = [(ls, [w * self.stretch for w in label_widths(ls, px)]) for ls, _ in d["labels"]]
                info = [(g, lw, len(p.xp)) for p, g, (_, lw) in zip(s.players, d["groups"], grown, strict=True)]
                if heads * e <= spare and fit_card_width(info, rh, avail, self.stretch) >= d["cw"]:
                    d["label_px"], d["head_e"], d["labels"] = px, e, grown
                    break
            self._derived, self._derived_for = d, s
        return self._derived

    # -- actions -----------------------------------------------------------------------------
    def submit(self, action):
        self._prev = self.session.state
        return super().submit(action)

    def after_undo(self, seat: int) -> None:
        self.recent = None  # what the move taken back drew and said is gone with it
        self.lvl_sel = None
        self.ace_sel = None

    def after_action(self, action, result) -> None:
        prev, new = self._prev, result
        assert prev is not None  # submit keeps the state before the move
        self.lvl_sel = None
        self.ace_sel = None
        seat = action.player
        lines = _new_lines(prev.log, new.log)
        self._moments(lines)
        drawn = list(new.turned)  # the cards this move turned up (public in every view)
        means = ""
        if isinstance(action, Declare) and drawn and new.drawn is None:  # resolved at once: say what it was
            means = describe_card(prev, seat, drawn[0])
        did = DID.get(action.choice) if isinstance(action, Declare) else LEVEL_UP if isinstance(action, LevelUp) else ""
        if self.recent and self.recent["seat"] == seat and self.recent["turns"] == prev.turns:
            self.recent = {
                "seat": seat,
                "turns": prev.turns,
                "lines": (self.recent["lines"] + lines)[-5:],
                "cards": (self.recent["cards"] + drawn)[-3:],
                "did": did or self.recent["did"],
                "means": means or self.recent["means"],
            }
        else:
            self.recent = {
                "seat": seat,
                "turns": prev.turns,
                "lines": lines[-5:],
                "cards": drawn[-3:],
                "did": did,
                "means": means,
            }
        if seat in self.session.bots:
            self.hold_ms = pace.SHOW_MS * self.pace
            if (
                isinstance(action, Swap)
                and action.other in self.humans
                and new.players[action.other].deaths == prev.players[action.other].deaths
            ):
                self.taken[action.other] = frozenset({action.other_stat})  # shown on that person's row until they act
        else:
            self.taken.pop(seat, None)
        if drawn:  # the card slides from the draw pile to where the drawn card is shown
            vp = self.app.vp
            right = columns(self.stretch)[1]
            kx = right[2] / RIGHT[2]
            big = vp.r(right[0] + 180 * kx, right[1] + 8, 100 * kx, 140)
            ms = FLY_MS / self.anim_factor()
            self.flights.append(
                Flight(card_image(drawn[0], big.w, big.h), vp.p(right[0] + 10, right[1] + 12), big.topleft, ms, ms)
            )
            self.fly_ms = ms
        self._sound(prev, new, seat)  # the focus stays on its thing while it is there (ui.focus)

    def _sound(self, prev, new, seat) -> None:
        snd = self.app.sounds
        p0, p1 = prev.players[seat], new.players[seat]
        if new.phase == OVER:
            snd.play("bell")
        elif any(a.deaths != b.deaths for a, b in zip(prev.players, new.players, strict=True)):
            snd.play("knockout")
        elif p1.damage > p0.damage:
            snd.play("stagger")
        elif xp_value(p1.xp) > xp_value(p0.xp):
            snd.play("combo")
        elif len(p1.stats) > len(p0.stats):
            snd.play("ding")
        elif new.drawn is not None:
            snd.play("reveal")
        else:
            snd.play("place")

    def busy(self) -> bool:
        return super().busy() or self.hold_ms > 0

    def next_frame(self) -> float | None:
        return 0 if self.fly_ms > 0 else super().next_frame()

    def update(self, dt_ms: float) -> None:
        self.hold_ms = max(0.0, self.hold_ms - dt_ms)
        self.fly_ms = max(0.0, self.fly_ms - dt_ms)
        super().update(dt_ms)

    def declare(self, choice: str) -> None:
        self.submit(Declare(self.st.turn, choice))

    def on_choose(self, seat, payload) -> None:
        if not self.can_act():
            return
        s = self.st
        me = s.turn
        kind = payload[0]
        if kind == "declare":
            self.declare(payload[1])
        elif kind == "drawn":
            if s.phase in (TRAIN, PLACE):
                self.say(
                    self.device_words(
                        me,
                        _("Now choose the stat card it replaces: click it, or drag this card onto it."),
                        _("Now choose the stat card it replaces: {move} to it, then {confirm}."),
                    )
                )
            elif s.phase == JACK:
                self.say(_("Choose a Queen or King in your XP row to shield, or take the damage."))
        elif kind == "xp":
            _kind, who, i = payload
            if who != me:
                return
            if s.phase == JACK:
                self.submit(Shield(me, i))
            elif s.phase == DECLARE:
                if self.lvl_sel is None:
                    self.lvl_sel = set()
                self.lvl_sel ^= {i}
                self._want_focus = payload
        elif kind == "stat":
            _kind, who, i = payload
            if s.phase in (TRAIN, PLACE) and who == me:
                self.submit(Replace(me, i))
            elif s.phase == ACE:
                self._ace_pick(payload)

    def _ace_pick(self, payload) -> None:
        me = self.st.turn
        pairs = self.derived()["pairs"]
        first = self.ace_sel
        if first is None or first == payload or (first[1] == me) == (payload[1] == me):
            self.ace_sel = None if first == payload else payload
            self._want_focus = self._first_match(payload) if self.ace_sel else payload
            return
        mine, theirs = (first, payload) if first[1] == me else (payload, first)
        if (mine[2], theirs[1], theirs[2]) in pairs:
            self.submit(Swap(me, mine[2], theirs[1], theirs[2]))
        else:
            self.say(_("Those two cards share neither suit nor value."))
            self.app.sounds.play("refuse")

    def _first_match(self, chosen) -> tuple:
        """After the first card of an Ace swap, the focus goes to the first card it may swap with (so the
        next confirm makes the swap), or stays on it when there is none."""
        me = self.st.turn
        for a, other, b in sorted(self.derived()["pairs"], key=lambda p: (p[1], p[2], p[0])):
            if chosen[1] == me and a == chosen[2]:
                return ("stat", other, b)
            if chosen[1] != me and (other, b) == (chosen[1], chosen[2]):
                return ("stat", me, a)
        return chosen

    def on_drop(self, seat, payload, zone) -> None:
        if not self.can_act():
            return
        s, me = self.st, self.st.turn
        if payload[0] == "declare" and zone == ("pile",):
            self.declare(payload[1])
        elif payload[0] == "drawn" and zone[0] == "stat":
            self.submit(Replace(me, zone[2]))
        elif payload[0] == "drawn" and zone == ("discard",):
            self.submit(Decline(me))
        elif payload[0] == "xp" and zone == ("jack",):
            self.submit(Shield(me, payload[2]))
        elif payload[0] == "stat" and zone[0] == "stat" and s.phase == ACE:
            mine, theirs = (payload, zone) if payload[1] == me else (zone, payload)
            self.submit(Swap(me, mine[2], theirs[1], theirs[2]))

    def on_press(self, press) -> None:
        if press.down and press.button == "back":
            if self.lvl_sel is not None or self.ace_sel is not None:
                self.lvl_sel = None
                self.ace_sel = None
                self.app.sounds.play("click")

    def spend(self) -> None:
        if self.lvl_sel:
            self.submit(LevelUp(self.st.turn, tuple(sorted(self.lvl_sel))))

    def start_level(self) -> None:
        self.lvl_sel = set()
        self._want_focus = "xp"

    def cancel(self) -> None:
        self.lvl_sel = None
        self.ace_sel = None
        self._want_focus = "default"

    # -- drop rules ---------------------------------------------------------------------------
    def _accept_drawn(self, payload):
        return None if payload == ("drawn",) else _("Drag the drawn card here.")

    def _accept_swap(self, zone):
        def check(payload):
            if payload[0] != "stat":
                return _("Drag one of the stat cards here.")
            me = self.st.turn
            if (payload[1] == me) == (zone[1] == me):
                return _("Swap one of your cards with another player's card.")
            mine, theirs = (payload, zone) if payload[1] == me else (zone, payload)
            if (mine[2], theirs[1], theirs[2]) not in self.derived()["pairs"]:
                return _("The two cards must share a suit or a value.")
            return None

        return check

    # -- drawing -------------------------------------------------------------------------------
    def draw_table(self, surf, vp) -> None:
        """Everything the table shows depends on a few things (the state, the window, what is
        pointed at and chosen); while they stay the same the last picture is reused."""
        s = self.st
        self.stretch = vp.scale / vp.sx  # texts and cards keep their shape in a window squeezed sideways
        self.act = self.can_act()
        self.hover = self._pointed()
        key = (
            id(s),
            vp.size,
            self.act,
            self.hover,
            None if self.lvl_sel is None else frozenset(self.lvl_sel),
            self.ace_sel,
            id(self.recent),
            surf.get_size(),
            self.fly_ms > 0,
            self.seat_device(s.turn),  # the hints name the device in use
        )
        if key == self.layer_key and self._layer_state is s:
            surf.blit(self._layer, (0, 0))
            self.next_hots.extend(self._layer_hots)
            return
        start = len(self.next_hots)
        surf.blit(self._background(vp), (0, 0))
        self._draw_banner(surf, vp)
        for seat, r in enumerate(rows(len(s.players), self.stretch)):
            self._row(surf, vp, seat, r)
        self._draw_middle(surf, vp)
        if self._layer is not None and self._layer.get_size() == surf.get_size():
            self._layer.blit(surf, (0, 0))  # the same picture surface, not a new one per change
        else:
            self._layer = surf.copy()
        self._layer_hots = self.next_hots[start:]
        self.layer_key = key
        self._layer_state = s

    def invalidate(self) -> None:
        """The next frame is drawn in full (the benchmark's worst case; a new colour-vision palette)."""
        self.layer_key = None
        self._bg_key = None
        self.__dict__.pop("_row_pictures", None)

    def settle_focus(self) -> bool:
        """The focus this table asked for goes on before the ring is drawn (ui.table draws again when it
        moved), so the ring drawn is what the next confirm acts on."""
        moved = False
        if self._want_focus is not None and self.act:
            seat = self.st.turn
            before = self.focus_key.get(seat)
            self._apply_focus(self._want_focus)
            self._want_focus = None
            moved = self.focus_key.get(seat) != before
        return super().settle_focus() or moved

    def first_focus(self, seat: int, items: list) -> int | None:
        """Where the focus starts when its thing is gone: the choices, then the stat cards, then the XP."""
        order = {"declare": 0, "stat": 1, "xp": 2}
        ranked = [(order.get(h.payload[0], 3) if isinstance(h.payload, tuple) else 4, i) for i, h in enumerate(items)]
        return min(ranked)[1] if ranked else None

    def _apply_focus(self, want) -> None:
        seat = self.st.turn
        items = self.focusables(seat)
        if not items:
            return
        idx = None
        for i, h in enumerate(items):
            p = h.payload
            if want == p or (want == "xp" and isinstance(p, tuple) and p[0] == "xp"):
                idx = i
                break
        if idx is None:
            idx = self.first_focus(seat, items)
        self._set_focus(seat, items, idx)

    def _pointed(self):
        """The payload a person points at (focus when they use keys/pad, else the mouse)."""
        seat = self.st.turn
        if self.show_focus.get(seat):
            h = self.focused(seat)
            return h.payload if h is not None else None
        pos = pygame.mouse.get_pos()
        for h in reversed(self.hots):
            if h.kind == "card" and h.rect.collidepoint(pos):
                return h.payload
        return None

    def _background(self, vp):
        """The felt, the banner colour, the row panels and the middle panel: drawn once per
        window size and active seat, then blitted."""
        s = self.st
        active = -1 if s.phase == OVER else s.turn
        key = (vp.size, len(s.players), active)
        if self._bg_key != key:
            bg = pygame.Surface(vp.size)
            bg.fill(gfx.FELT_DARK)
            gfx.panel(
                bg,
                vp.r(8, 6, 1214, TOP_H - 6),
                gfx.GOLD if active < 0 else gfx.PLAYER_COLOURS[active % 6],
                radius=vp.s(8),
            )
            for seat, (x, y, w, h) in enumerate(rows(len(s.players), self.stretch)):
                R = vp.r(x, y, w, h)
                colour = gfx.PLAYER_COLOURS[seat % 6]
                pygame.draw.rect(bg, (30, 98, 70) if seat == active else gfx.FELT, R, border_radius=vp.s(8))
                if seat == active:
                    pygame.draw.rect(bg, colour, R, width=vp.s(4), border_radius=vp.s(8))
                else:
                    pygame.draw.rect(bg, colour, vp.r(x, y, 6, h), border_radius=vp.s(3))
            pygame.draw.rect(bg, (12, 44, 31), vp.rect(columns(self.stretch)[1]), border_radius=vp.s(8))
            self._bg, self._bg_key = bg, key
        return self._bg

    def _draw_banner(self, surf, vp) -> None:
        s = self.st
        r = vp.r(8, 6, 1214, TOP_H - 6)
        if s.phase == OVER:
            text = (
                _("Game over: {name} wins").format(name=self.names[s.winner])
                if s.winner is not None
                else _("Game over: a draw")
            )
        else:
            text = self.banner_text()
        px = gfx.fit_px(text, vp.s(22), r.w - vp.s(20), bold=True)
        gfx.blit_text(surf, text, px, (r.x + vp.s(12), r.centery), gfx.INK, bold=True, anchor="midleft")

    def banner_text(self) -> str:
        s = self.st
        name = self.names[s.turn]
        if s.turn in self.session.bots:
            return _("▶ {name}'s turn (computer)").format(name=name)
        card = s.drawn.label() if s.drawn else ""
        declare = (
            _("▶ {name}'s turn: declare Train, Fight or Rest (or level up first)")
            if self.derived()["can_level"]
            else _("▶ {name}'s turn: declare Train, Fight or Rest")
        )
        return {
            DECLARE: declare,
            TRAIN: _("▶ {name}: choose the stat card the {card} replaces"),
            PLACE: _("▶ {name}: replace a stat card with the {card}, or let it go"),
            JACK: _("▶ {name}: Stabby Jack! Shield with a Monarch or take {damage} damage"),
            ACE: _("▶ {name}: Ace! Swap a stat card with another player's (same suit or value)"),
        }.get(s.phase, _("▶ {name}'s turn")).format(name=name, card=card, damage=CONTENT.jack_damage)

    # -- a player's row ----------------------------------------------------------------------------
    def _row(self, surf, vp, seat, rect) -> None:
        """A row nobody can point into now is the same picture while its player's cards,
        standing and the layout are: drawn once, then blitted back (after any change of state
        only the rows that changed are drawn again)."""
        s = self.st
        if self.act and (s.phase == ACE or seat == s.turn):
            self._draw_row(surf, vp, seat, rect)
            return
        d = self.derived()
        sk = self.session.seats[seat]
        key = (
            seat,
            s.players[seat],
            seat == s.turn and s.phase != OVER,
            tuple(d["conds"][seat]),
            d["cw"],
            d["label_px"],
            d["below"],
            len(s.players),
            self.names[seat],
            self.net_note(seat),
            seat in self.session.bots,
            sk.level,
            self.taken.get(seat),
            surf.get_size(),
            self._info_way(vp, vp.across(d["info_w"] - 22), rect[3] - 6),  # (every row's info column alike)
        )
        memo = self.__dict__.setdefault("_row_pictures", {})
        area = vp.r(*rect).clip(surf.get_rect())
        img = memo.get(seat)
        if img is not None and img[0] == key:
            surf.blit(img[1], area)
            return
        self._draw_row(surf, vp, seat, rect)
        if area.w and area.h:  # nothing to keep for a row that lies outside the window
            memo[seat] = (key, surf.subsurface(area).copy())

    def _draw_row(self, surf, vp, seat, rect) -> None:
        s = self.st
        x, y, w, h = rect
        p = s.players[seat]
        active = seat == s.turn and s.phase != OVER
        colour = gfx.PLAYER_COLOURS[seat % 6]
        d = self.derived()
        tall = (d["ch"] + d["head_e"]) * (2 if d["below"] else 1) + (72 if d["below"] else 38)
        # who, XP, the three win conditions: in a column as wide as the row gives and as tall as it allows
        info = pygame.Rect(vp.p(x + 14, 0), (vp.across(d["info_w"] - 22), surf.get_height()))
        way = self._info_way(vp, info.w, h - 6)
        texts, (mtop, cpx, head), info_h = self._info_layout(vp, seat, colour, active, info.w, way)
        y += max(0.0, (h - max(95.0, tall, info_h)) / 2)  # content centred in tall rows
        for line, px, col, bold, top in texts:
            gfx.blit_text(surf, line, px, vp.p(x + 14, y + top), col, bold=bold, box=info)
        conds = d["conds"][seat]
        marks = [("✓" if ok else "") + label for ok, label in zip(conds, (_("XP"), _("ATK"), _("LUCK")), strict=True)]
        cx = x + 14
        if head:
            rr = gfx.blit_text(surf, head, cpx, vp.p(cx, y + mtop), (150, 170, 160))
            cx += rr.w / vp.sx + 4
        for ok, t in zip(conds, marks, strict=True):
            rr = gfx.blit_text(surf, t, cpx, vp.p(cx, y + mtop), GREEN if ok else (150, 170, 160))
            cx += rr.w / vp.sx + 4
        self._draw_stats(surf, vp, seat, p, x + d["info_w"], y, x + w - 10)

    def _info_way(self, vp, width, room) -> tuple[float, bool]:
        """How every row's info column is laid out (all alike): (the text size it grows to, whether a text too
        wide takes a second line), the largest whose column stands in the row's height (``room``)."""
        s = self.st
        key = (vp.size, gfx.TEXT_SCALE[0], width, room)
        memo = self._info_memo
        if memo is not None and memo[0] is s and memo[1] == key:
            return memo[2]
        steps = max(0, round((gfx.TEXT_SCALE[0] - 1) / 0.125))  # grown by eighths, as far as the rows allow
        ways = [*((1 + k * 0.125, True) for k in range(steps, -1, -1)), (1.0, False)]
        for way in ways:
            active = [seat == s.turn and s.phase != OVER for seat in range(len(s.players))]
            tallest = max(self._info_layout(vp, k, gfx.WHITE, active[k], width, way)[2] for k in range(len(active)))
            if tallest <= room:
                break
        self._info_memo = (s, key, way)
        return way

    def _info_layout(self, vp, seat, colour, active, width, way) -> tuple[list, tuple, float]:
        """The info column of a row: its lines (text, px, colour, bold, top in design units), where the win marks
        go (top, px, their "win:" or ""), and its height. The texts grow to the text size ``way`` says, and
        with its second part a text too wide for the column takes a second line; else each shrinks to the least
        size on one line (then ends with an ellipsis, whole on hover)."""
        p = self.st.players[seat]
        seat_kind = self.session.seats[seat]
        if seat_kind.kind == "computer":  # online too, where the server plays it (and its level is not sent)
            kind = _("Computer ({level})").format(level=_(seat_kind.level)) if seat_kind.level else _("Computer")
        else:
            kind = _("Person") + self.net_note(seat)
        xp = _("XP {xp}/{most}").format(xp=xp_value(p.xp), most=CONTENT.win_xp)
        died = _("died {n}×").format(n=p.deaths) if p.deaths else ""
        least = gfx.body_px(vp)
        most = ["✓" + _("XP"), "✓" + _("ATK"), "✓" + _("LUCK")]  # (every row alike, whichever marks it has)
        # (text, size at 100%, colour, bold, space after it): the name, human or computer, XP and deaths
        items = [(("▶ " if active else "") + self.names[seat], 20, colour, True, 0), (kind, 14, SOFT, False, 2)]
        grow, two = way
        wanted = [*items, (xp + ("   " + died if died else ""), 16, gfx.WHITE, True, 4)]
        if two and died and gfx.font(round(vp.s(16) * grow), True).size(wanted[-1][0])[0] > width:
            wanted[-1:] = [(xp, 16, gfx.WHITE, True, 0), (died, 16, gfx.WHITE, True, 4)]  # deaths on their own line
        texts, top = [], 7.0
        for k, (text, size, col, bold, after) in enumerate(wanted):
            px = round(vp.s(size) * grow)
            floor = gfx.fit(text, width, 10 * px, vp.s(size), least, bold, 1)[0]  # never smaller than at 100%
            fit, lines, cut = gfx.fit(text, width, 10 * px, px, floor, bold, 1)
            if k == 0 and cut:  # a name stays on one line ("Computer" over "1" read as two things), smaller
                fit, lines, cut = gfx.fit(text, width, 10 * px, px, least, bold, 1)
            elif two and fit < px and k > 0:  # rather two lines as large as they stand than one line shrunk
                wrapped = _two_lines(text, px, least if cut else fit + 1, width, bold)
                if wrapped is not None:
                    (fit, lines), cut = wrapped, False
            if cut:  # one line at the least size, ended with an ellipsis as it is drawn (whole on hover)
                fit, lines = floor, (text,)
            step = gfx.font(fit, bold).get_linesize() / vp.scale
            for line in lines:
                texts.append((line, fit, col, bold, top))
                top += step
            top += after
        mpx = round(vp.s(14) * grow)  # the win marks at one size: without "win:" when the column is too narrow
        head = _("win:") if gfx.fit_px(" ".join([_("win:"), *most]) + "  ", mpx, width) >= least else ""
        cpx = max(least, gfx.fit_px(" ".join([head, *most] if head else most) + "  ", mpx, width))
        height = top + gfx.font(cpx).get_linesize() / vp.scale + 5
        return texts, (top, cpx, head), height

    def _draw_stats(self, surf, vp, seat, p, sx, y, right) -> None:
        s = self.st
        d = self.derived()
        cw = d["cw"]
        ch = d["ch"]
        top = y + 30 + d["head_e"]  # under the headings (grown with the text size where the row has room)
        lab_px = vp.s(d["label_px"])
        grp = d["groups"][seat]
        labels, lw = d["labels"][seat]
        nx = len(p.xp)
        avail = right - sx - 16
        focus_xp = self.act and seat == s.turn and (self.lvl_sel is not None or s.phase == JACK)
        xp_want = xp_width(nx, cw, cw + GAP if focus_xp else cw * 0.4, self.stretch)
        step = cw + GAP
        if d["below"]:
            xp_want = 0
        while stats_width(grp, lw, cw, step) + min(xp_want, avail * 0.75) > avail and step > cw * 0.5:
            step -= 2
        gx = sx
        for k, (suit, cs) in enumerate(grp):
            red = suit in ("H", "D")
            gfx.blit_text(surf, labels[k], lab_px, vp.p(gx, y + 8), LIGHT_RED if red else gfx.WHITE, bold=True)
            if not cs:
                slot = vp.r(gx, top, min(lw[k], cw), ch)
                pygame.draw.rect(surf, (60, 120, 90), slot, width=max(1, vp.s(2)), border_radius=vp.s(6))
                gfx.blit_text(surf, _sym(suit), vp.s(22), slot.center, (60, 120, 90), anchor="center")
            for j, (i, c) in enumerate(cs):
                r = vp.r(gx + j * step, top, cw, ch)
                self._stat_card(surf, vp, seat, i, c, r)
            gx += (max(lw[k], cw + (len(cs) - 1) * step) if cs else lw[k]) + SEP
        # the XP row: beside the stats, or under them in tall rows
        xx = gx + 4
        if d["below"]:
            xx, y, top = sx, top + ch + 6, top + ch + 34 + d["head_e"]
        xw = right - xx
        room = vp.r(xx, y, xw + 6, 200)  # up to the row's edge (a window squeezed sideways leaves little)
        head = gfx.first_fitting([_("XP row"), _("XP")], lab_px, room.w, bold=True)  # short when the room is
        gfx.blit_text(surf, head, lab_px, vp.p(xx, y + 8), gfx.GOLD, bold=True, box=room)
        if not nx:
            none = gfx.first_fitting([_("none yet"), "–"], vp.s(14), room.w)
            gfx.blit_text(surf, none, vp.s(14), vp.p(xx, top + 8), (150, 170, 160), box=room)
            return
        xstep = cw + GAP if nx == 1 else min(cw + GAP, (xw - cw) / (nx - 1))
        for i, c in enumerate(p.xp):
            r = vp.r(xx + i * xstep, top, cw, ch)
            self._xp_card(surf, vp, seat, i, c, r)

    def _stat_card(self, surf, vp, seat, i, c, r) -> None:
        s = self.st
        payload = ("stat", seat, i)
        hot = mark = None
        if self.act and s.phase in (TRAIN, PLACE) and seat == s.turn:
            hot = True
            mark = gfx.HILITE if self.hover == payload else CAN
            self.hot_zone(r, payload, self._accept_drawn)
        elif self.act and s.phase == ACE:
            pairs = self.derived()["pairs"]
            me = s.turn
            sel = self.ace_sel
            if seat == me:
                able = any(a == i for a, _, _ in pairs)
                match = sel is not None and sel[1] != me and (i, sel[1], sel[2]) in pairs
            else:
                able = any(o == seat and b == i for _, o, b in pairs)
                match = sel is not None and sel[1] == me and (sel[2], seat, i) in pairs
            if sel == payload:
                hot, mark = True, CHOSEN
            elif match:
                hot, mark = True, GREEN
            elif able and sel is None:  # once a card is chosen, only it (to choose again) and its matches
                hot, mark = True, (gfx.HILITE if self.hover == payload else CAN)
            if able:
                self.hot_zone(r, payload, self._accept_swap(payload))
        dim = s.phase == ACE and self.act and hot is None
        img = card_image(c, r.w, r.h, dim)
        if hot:
            self.hot_card(r, payload, None, img)
        if mark == CHOSEN:  # a chosen card stands up a little
            r = r.move(0, -vp.s(4))
        surf.blit(img, r)
        if mark is None and i in self.taken.get(seat, ()):
            mark = LIGHT_RED  # a computer's Ace swap put this card here: marked until its owner acts
        if mark is not None:
            outline(surf, r, mark, vp, {CHOSEN: 4, CAN: 2, LIGHT_RED: 4}.get(mark, 3))
        if mark == CHOSEN:  # said in words too, so a focus ring drawn over it never hides the choice
            tag = pygame.Rect(r.x, r.bottom - vp.s(22), r.w, vp.s(22))
            gfx.panel(surf, tag, (20, 30, 40), radius=vp.s(4))
            gfx.draw_fitted(surf, _("chosen"), tag, vp.s(15), CHOSEN, bold=True, lines=1)

    def _xp_card(self, surf, vp, seat, i, c, r) -> None:
        s = self.st
        payload = ("xp", seat, i)
        hot = mark = None
        if self.act and seat == s.turn:
            if s.phase == DECLARE and self.derived()["can_level"]:
                hot = True
                if self.lvl_sel and i in self.lvl_sel:
                    mark = CHOSEN
                elif self.hover == payload:
                    mark = gfx.HILITE
            elif s.phase == JACK and c.monarch:
                hot, mark = True, GREEN
        dim = (
            self.act
            and seat == s.turn
            and (self.lvl_sel is not None and i not in self.lvl_sel or s.phase == JACK and not c.monarch)
        )
        img = card_image(c, r.w, r.h, dim)
        if hot:
            self.hot_card(r, payload, None, img)
        if mark == CHOSEN:
            r = r.move(0, -vp.s(4))
        surf.blit(img, r)
        if mark is not None:
            outline(surf, r, mark, vp, {CHOSEN: 4, CAN: 2}.get(mark, 3))

    def _moments(self, lines) -> None:
        """Stabby Jack's stab, a death and a level-up are the big moments of a turn."""
        for line in lines:
            text = render(line, self.names)
            if "stabs" in line:
                self.moment(_("Stabbed!"), text, colour=(235, 90, 80), sound="stab")
            elif " dies," in line:
                self.moment(_("Slain!"), text, colour=(235, 90, 80), sound="knockout")
            elif "levels up" in line:
                self.moment(_("Level up!"), text, sound="levelup")

    def result_text(self):
        s = self.st
        head = _("A draw") if s.winner is None else _("{name} wins!").format(name=self.names[s.winner])
        return head, render(s.result, self.names)


def _two_lines(text: str, px: int, lowest: int, width: int, bold: bool) -> tuple[int, list[str]] | None:
    """The largest size from ``px`` down to ``lowest`` at which ``text`` stands in two lines no wider than
    ``width``, and its lines; None if none does."""
    for p in range(px, lowest - 1, -1):
        lines = gfx.wrap(text, p, width, bold)
        if len(lines) <= 2 and all(gfx.font(p, bold).size(line)[0] <= width for line in lines):
            return p, lines
    return None


def _sym(suit: str) -> str:
    return CONTENT.symbol[suit]


def _new_lines(old, new) -> list[str]:
    """The sentences ``new`` added to the log ``old`` (the log keeps only the latest ones)."""
    old, new = tuple(old), tuple(new)
    for m in range(len(new) + 1):
        keep = new[: len(new) - m]
        if not keep or (len(keep) <= len(old) and old[len(old) - len(keep) :] == keep):
            return list(new[len(new) - m :])
    return list(new)


def make_table(app, session, mode=PLAY):
    return StabbyJackTable(app, session, mode)
