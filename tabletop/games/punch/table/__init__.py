"""The Punch! table: two boxers, secret cards, a simultaneous reveal.

Layout (design canvas 1280x720): Red owns the left half, Blue the right
half. Each half has the boxer's stamina meter on top, the play area in the
middle (one face-down slot, or five in Robo-Box, or the picked pile while
drafting/exchanging) and the hand at the bottom, grouped by kind with a count.

Secrecy (R-PUN-9) goes through the base, ``ui.secret_table.SecretTable``: nothing
private of a seat is drawn or made pointable unless ``secrecy.visible(seat)``; a
committed card is always drawn as the same card back and makes the same sound.

Drawing lives in ``draw.py`` (with ``layout.py``: where things sit, and
``panels.py``); this module holds the decisions a player
makes and the reveal animation.
"""

from __future__ import annotations

from tabletop.core.i18n import words
from tabletop.ui.secret_table import SecretTable
from tabletop.ui.table import PLAY

from ..rules.actions import Commit, Draft, Exchange, KeepHand, Program, Ready, Redeal, Swap
from ..rules.resolve import CODES, INDEX, NK, S, explain
from ..rules.state import PPR, exchange_limit, qualifies_for_redeal
from ..rules.state import may_swap as rules_may_swap
from .layout import FLIP_MS, HOLD_MS, sentence

_, ngettext = words(__name__)

SECRET_PHASES = ("redeal", "draft", "exchange", "choose", "program")
PICK_PHASES = ("draft", "exchange", "program")
PROGRAM = S["robo_box_program"]


def counts_of(codes) -> list:
    c = [0] * NK
    for code in codes:
        c[INDEX[code]] += 1
    return c


class PunchTable(SecretTable):
    undo_spot = (900, 9, 96, 34)  # the Undo button: between the score and Match history
    # the hand is laid out by kind, so a pointer left where a card was clicked would tell which card it
    # was (R-PUN-9): after a choice it goes back to the middle of the table
    park_spot = (640, 250)

    def __init__(self, app, session, mode=PLAY):
        super().__init__(app, session, mode)
        self.sel: dict[int, list] = {0: [], 1: []}  # cards being picked / programmed
        self.sel_key: dict[int, tuple | None] = {0: None, 1: None}
        self.swap_mode: dict[int, bool] = {0: False, 1: False}
        self.history_open = False
        self.history_page = 0
        self.queue: list[dict] = []  # reveal events still to animate
        self.anim: dict | None = None  # the reveal being shown
        self.batch: list[dict] = []  # the reveals of the last Commit/Program pair
        self.caption: list[str] = []  # sentences about the last thing that happened
        self.vis_before: dict[int, tuple] = {0: (), 1: ()}
        self.ready_focus: dict[int, tuple] = {}
        self.primary: dict[int, list] = {0: [], 1: []}  # the button a seat's focus starts on
        self.hand_payloads: dict[int, list] = {0: [], 1: []}
        self.after_reveal_text: list[str] = []  # said once the reveals being shown are over
        self.still_frame: tuple | None = None  # (key, picture, hot things) of the last still frame (draw.py)
        self.curtain_last: tuple | None = None  # the curtain drawn last, so a new one moves the focus (draw.py)
        self.history_lines: tuple | None = None  # (key, wrapped lines) of the match history (panels.py)
        if self.session.state.log:
            last = [e for e in self.session.state.log if e.get("type") == "reveal"]
            if last:
                self.caption = [sentence(last[-1], self.names)]

    # -- facts the drawing needs -----------------------------------------------------
    def secret_now(self) -> bool:
        return self.state.phase in SECRET_PHASES

    def covered(self) -> bool:
        return self.history_open

    def selection(self, seat: int) -> list:
        st = self.state
        key = (st.phase, st.match, st.round, st.play, st.hand_sizes[seat], st.deck_sizes[seat])
        if self.sel_key[seat] != key:
            self.sel_key[seat] = key
            self.sel[seat] = []
            self.swap_mode[seat] = False
        return self.sel[seat]

    def source_counts(self, seat: int) -> list:
        """What the bottom row offers: the hand, or while drafting what is left of the deck; minus picks."""
        st = self.state
        if st.phase == "draft":
            base = counts_of(CODES[k] for k in st.decks[seat])
        else:
            base = list(st.hands[seat])
        for code in self.selection(seat):
            base[INDEX[code]] -= 1
        return base

    def pick_limit(self, seat: int) -> int:
        st = self.state
        if st.phase == "draft":
            return PPR
        if st.phase == "exchange":
            return exchange_limit(st, seat)
        if st.phase == "program":
            return PROGRAM
        return 0

    def may_swap(self, seat: int) -> bool:
        """A single-card exchange is open to this seat (rules) and it has nothing picked."""
        return rules_may_swap(self.state, seat) and not self.selection(seat)

    def redeal_kind(self, seat: int) -> str | None:
        k = qualifies_for_redeal(self.state.hands[seat])
        return None if k is None else CODES[k]

    # -- choices ---------------------------------------------------------------------
    def on_choose(self, seat, payload) -> None:
        if not isinstance(payload, tuple) or payload[1] != seat or not self.can_act(seat):
            return
        what = payload[0]
        phase = self.state.phase
        if what == "hand":
            code = payload[2]
            if phase == "choose":
                if self.swap_mode[seat]:
                    self.do_swap(seat, code)
                else:
                    self.submit(Commit(seat, code))
            elif phase in PICK_PHASES:
                self.pick(seat, code)
        elif what == "picked":
            self.unpick(seat, payload[2])

    def on_drop(self, seat, payload, zone) -> None:
        if not self.can_act(seat) or payload[0] not in ("hand", "picked"):
            return
        kind = zone[0]
        if payload[0] == "picked":
            if kind == "source":
                self.unpick(seat, payload[2])
            elif kind == "prog":
                self.move_programmed(seat, payload[2], zone[2])
            return
        code = payload[2]
        if kind == "deck":
            self.do_swap(seat, code)
        elif kind == "slot":
            self.submit(Commit(seat, code))
        elif kind == "pile":
            self.pick(seat, code)
        elif kind == "prog":
            self.pick(seat, code, at=zone[2])

    def accepts_for(self, seat: int, zone: str):
        def accepts(payload):
            if not isinstance(payload, tuple) or payload[1] != seat:
                return _("That is not your card.")
            if zone == "source":
                return None if payload[0] == "picked" else _("It is already there.")
            if zone == "prog":
                return None
            if payload[0] != "hand":
                return _("Drop it back on your hand to take it out.")
            if zone == "pile" and len(self.selection(seat)) >= self.pick_limit(seat):
                return _("You can pick only {n}.").format(n=self.pick_limit(seat))
            if zone == "deck" and not self.may_swap(seat):
                return _("You cannot exchange a card now.")
            return None

        return accepts

    def pick(self, seat: int, code: str, at: int | None = None) -> None:
        sel = self.selection(seat)
        limit = self.pick_limit(seat)
        if self.state.phase == "program" and at is not None and at < len(sel):
            sel[at] = code  # the card that was there goes back to the hand
        elif len(sel) >= limit:
            self.say(_("You have already picked {n}: take one back first.").format(n=limit))
            self.app.sounds.play("refuse")
            return
        elif self.source_counts(seat)[INDEX[code]] <= 0:
            return
        elif self.state.phase == "program" and at is not None:
            sel.append(code)
        else:
            sel.append(code)
        self.app.sounds.play("place")
        if len(sel) >= limit:  # all picked: the focus goes to the button that confirms them
            self.want_focus[seat] = {
                "draft": _("Fight with these {n}").format(n=PPR),
                "program": _("Lay out these {n}").format(n=PROGRAM),
                "exchange": _("Exchange {n}").format(n=limit),
            }.get(self.state.phase)

    def unpick(self, seat: int, where) -> None:
        sel = self.selection(seat)
        if self.state.phase == "program":
            if isinstance(where, int) and where < len(sel):
                sel.pop(where)
        elif where in sel:
            sel.remove(where)
        self.app.sounds.play("take")

    def move_programmed(self, seat: int, i: int, j: int) -> None:
        sel = self.selection(seat)
        if i < len(sel):
            code = sel.pop(i)
            sel.insert(min(j, len(sel)), code)
            self.app.sounds.play("place")

    def confirm_picks(self, seat: int) -> None:
        if not self.can_act(seat):
            return
        sel = list(self.selection(seat))
        phase = self.state.phase
        if phase == "draft":
            self.submit(Draft(seat, tuple(sel)))
        elif phase == "exchange":
            self.submit(Exchange(seat, tuple(sel)))
        elif phase == "program":
            self.submit(Program(seat, tuple(sel)))

    def clear_picks(self, seat: int) -> None:
        self.selection(seat).clear()
        self.app.sounds.play("take")

    def toggle_swap(self, seat: int) -> None:
        self.swap_mode[seat] = not self.swap_mode[seat]
        self.app.sounds.play("click")

    def do_swap(self, seat: int, code: str) -> None:
        self.swap_mode[seat] = False
        self.submit(Swap(seat, code))

    def redeal(self, seat: int, keep: bool) -> None:
        if self.can_act(seat):
            self.submit(KeepHand(seat) if keep else Redeal(seat))

    def ready(self, seat: int) -> None:
        if self.state.waiting[seat] and not self.busy():
            self.submit(Ready(seat))

    def toggle_history(self) -> None:
        self.history_open = not self.history_open
        self.history_page = 0
        self.app.sounds.play("click")

    # -- input ---------------------------------------------------------------------------
    def handle(self, event, pad_changes) -> None:
        import pygame

        from tabletop.input.devices import key_name

        if self.session.outcome() is None and self.history_press(event, pad_changes):
            self.toggle_history()
            return
        if self.history_open and event.type == pygame.KEYDOWN and key_name(event) == "escape":
            self.toggle_history()  # Esc closes the history it is over (the next Esc pauses)
            return
        if self.history_open and event.type == pygame.MOUSEWHEEL:
            self.scroll_history(3 * event.y)
            return
        if self.anim is not None and self._skip_press(event, pad_changes):
            return
        super().handle(event, pad_changes)

    def _skip_press(self, event, pad_changes) -> bool:
        """While cards turn over, a click or confirm hurries the animation on (never skips a choice)."""
        a = self.anim
        if a is not None and self.go_on_press(event, pad_changes) and a["t"] > FLIP_MS / self.anim_factor():
            a["t"] = a["dur"]
            return True
        return False

    def _press(self, p) -> None:
        if self.history_open and p.down and p.button in ("up", "down"):
            self.scroll_history(1 if p.button == "up" else -1)
            return
        super()._press(p)

    def scroll_history(self, lines: int) -> None:
        self.history_page = max(0, self.history_page + lines)

    def on_button(self, seat, button) -> None:
        if button == "back":
            if self.history_open:
                self.toggle_history()
            elif seat is not None and self.swap_mode.get(seat):
                self.swap_mode[seat] = False
            elif seat is not None and self.state.phase in PICK_PHASES and self.can_act(seat) and self.selection(seat):
                self.selection(seat).pop()
                self.app.sounds.play("take")
            elif seat is not None:
                self.hide(seat)
        elif button == "ready" and seat is not None and self.state.phase in ("break", "match_over"):
            self.ready(seat)

    # -- after each accepted action ------------------------------------------------------
    def after_undo(self, seat: int) -> None:
        self.log_seen = len(self.state.log)  # a move taken back: its sentences go with it
        self.caption = []

    def after_action(self, action, result) -> None:
        st = self.state
        seat = action.player
        decisive = isinstance(action, (Commit, Program, Draft, Exchange, KeepHand, Ready))
        if decisive or not st.waiting[seat] or (isinstance(action, Redeal) and st.phase != "redeal"):
            self.committed(seat)
        new = list(st.log[self.log_seen :])
        self.log_seen = len(st.log)
        reveals = [e for e in new if e.get("type") == "reveal"]
        others = [
            explain(e, self.names)
            for e in new
            if e.get("type") in ("redeal", "keep", "exchange", "swap", "break", "match_end")
        ]
        if reveals:
            self.batch = reveals
            self.queue.extend(reveals)
            self.after_reveal_text = others
        else:
            self.app.sounds.play("place" if isinstance(action, (Commit, Program, Draft, Exchange)) else "click")
            if others:
                self.caption = others

    def busy(self) -> bool:
        return bool(self.flights) or self.anim is not None or bool(self.queue)

    def update(self, dt_ms: float) -> None:
        if self.anim is None and self.queue:
            ev = self.queue.pop(0)
            # the outcome's hold follows the "Computer turns" pace; the turning card, the animation speed
            dur = FLIP_MS / self.anim_factor() + HOLD_MS * self.pace
            self.anim = {"ev": ev, "t": 0.0, "dur": dur, "flipped": False}
        if self.anim is not None:
            a = self.anim
            a["t"] += dt_ms
            if not a["flipped"] and a["t"] >= FLIP_MS / self.anim_factor() / 2:
                a["flipped"] = True
                ev = a["ev"]
                self.caption = [sentence(ev, self.names)]
                if ev["ko"] is not None:
                    self.moment(_("Knockout!"), self.caption[0], sound="knockout")
                else:
                    self.app.sounds.play("stagger" if min(ev["change"]) < 0 else "reveal")
            if a["t"] >= a["dur"]:
                self.anim = None
                if not self.queue:
                    extra = self.after_reveal_text
                    if extra:
                        self.caption = self.caption + extra
                        self.app.sounds.play("bell")
                    self.after_reveal_text = []
        super().update(dt_ms)

    def shown_stamina(self) -> tuple:
        """The meters lag behind the rules while the cards are turning over."""
        if self.anim is not None:
            ev = self.anim["ev"]
            if self.anim["flipped"]:
                return tuple(ev["stamina"])
            return tuple(s - c for s, c in zip(ev["stamina"], ev["change"], strict=True))
        if self.queue:
            ev = self.queue[0]
            return tuple(s - c for s, c in zip(ev["stamina"], ev["change"], strict=True))
        if self.batch and self.state.phase in ("match_over", "game_over"):
            return tuple(self.batch[-1]["stamina"])
        return tuple(self.state.stamina)

    # -- result --------------------------------------------------------------------------
    def result_text(self):
        out = self.session.outcome()
        last = self.state.history[-1] if self.state.history else None
        how = ""
        if last is not None and last["winner"] is not None:
            how = explain(dict(last, type="match_end"), self.names) + " "
        return (
            _("{name} wins the game!").format(name=self.names[out.winner]),
            how + _("Match score {a} to {b}.").format(a=self.state.wins[0], b=self.state.wins[1]),
        )

    # -- drawing -------------------------------------------------------------------------
    def invalidate(self) -> None:
        """The next frame is drawn in full, as after any change (its picture surface is kept)."""
        still = self.still_frame
        if still is not None:
            self.still_frame = (None,) + tuple(still[1:])

    def draw_table(self, surf, vp) -> None:
        from . import draw as table_draw

        table_draw.draw(self, surf, vp)
        for s in (0, 1):
            # a new phase, match or round: the focus starts on the first card (a peek is no new start)
            vis = (self.state.phase, self.state.match, self.state.round)
            if self.can_act(s) and vis != self.vis_before[s]:
                self.vis_before[s] = vis
                first = self.hand_payloads[s][:1] or self.primary.get(s, [])[:1]
                if first and s not in self.want_focus:
                    self.want_focus[s] = first[0]

    def first_focus(self, seat: int, items: list) -> int | None:
        """A seat's focus starts on its first card, else its first button; the match history alone is no start."""
        for want in self.hand_payloads[seat][:1] + self.primary.get(seat, [])[:1]:
            for i, h in enumerate(items):
                if h.payload == want:
                    return i
        return next((i for i, h in enumerate(items) if h.seat == seat), None)


def make_table(app, session, mode=PLAY):
    return PunchTable(app, session, mode)
