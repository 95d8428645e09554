"""The Square Ring table: a 5x5 ring with both boxers as pieces, secret
ordered cards, and an animated reveal of every action.

Layout (design canvas 1280x720): the ring in the middle at the top; Red's
panel (HP, round damage, Bursts, Reacts, daze, cooldowns, order slots and
buttons) on its left, Blue's on its right; a caption line under the ring;
each player's hand (steps, turns, attacks) in their half at the bottom.

Choosing: a player lays cards into the order slots (click a card, drag it to
a slot, or focus it and confirm), reorders them (drag one slot onto another;
with keys or a pad, confirm a laid slot to lift it, then confirm another slot
to swap the two, or a hand card to put it there), takes one back (click it in
its slot, drag it back to the hand, confirm its hand card, or confirm a
lifted slot again) and locks in. Placing a card before declaring counts as "no React".
While a card is focused, hovered or dragged, the board previews its step,
turn or attack area from where the boxer will be after the cards placed
before it. A card of a hand nobody is choosing from now (the computer's, or
anyone's between choices) is previewed from where its boxer stands when
the mouse points at it or the keys / pad focus rests on it.

Secrecy goes through the base, ``ui.secret_table.SecretTable``: nothing private of a seat (its
slots, the marks on its hand, its preview, the card seen with a React) is
drawn or pointable unless ``visible(seat)``. A boxer's hand itself is public
(every card is always in hand), so it is always shown face up.

The reveal: ``anim.py`` turns the state before an action and the log
sentences it added into steps (cards turn over, boxers slide, attacks flash
with the damage, round banners), replayed with the rules' own resolution
functions; a click or confirm hurries a step. After each exchange a one-line
recap says what was played; the bout log (H, X, E/O or its button) has it all.

Drawing: ``layout.py`` (where everything sits; every drawing module imports it), ``draw.py`` (panels,
slots, buttons, hands, log; ``hand.py`` a hand's faces and marks), ``ring.py`` (the ring, pieces,
previews, flashes), ``cards.py`` (card faces). ``frames.py``: still frames are reused until something
they show changes; while the reveal plays, one picture per step is kept and only the ring (and a card
turning over) is drawn again on it (``draw.reveal_regions``).
"""

from __future__ import annotations

import pygame

from tabletop.core.game import Refused
from tabletop.core.i18n import words
from tabletop.input.devices import key_name, menu_buttons
from tabletop.ui.secret_table import SecretTable
from tabletop.ui.table import PLAY

from ..rules import Commit, Declare, Footwork, Stick, board, boxer_name, max_cards, may_react
from ..rules.content import BOXERS
from ..rules.text import sentence
from .anim import Animation, build_steps
from .frames import KeptFrames

_, ngettext = words(__name__)

SECRET_PHASES = ("declare", "choose", "react")


class SquareRingTable(KeptFrames, SecretTable):
    tutor_banner = (650, 598, 620, 114)  # a lesson's words go over Blue's hand, so Red's cards stay in sight
    undo_spot = (950, 6, 126, 30)  # the Undo button: left of the bout log, its label whole in every language

    def __init__(self, app, session, mode=PLAY):
        super().__init__(app, session, mode)
        self.sel: dict[int, list] = {0: [], 1: []}  # card ids laid in the slots, in order
        self.sel_key: dict[int, tuple | None] = {0: None, 1: None}
        self.pending: dict[int, bool] = {0: False, 1: False}  # locked in, waiting for the rules to ask
        self.lifted: dict[int, int | None] = {0: None, 1: None}  # keys/pad: the slot picked up to swap
        self.anim: Animation | None = None
        self.caption: list[str] = []
        self.revealed: dict[int, list] = {0: [], 1: []}  # cards shown this exchange (animation / footwork)
        self.revealed_key = None
        self.exchange_hp = None  # HP when this exchange's reveal began
        self.vis_before: dict[int, tuple] = {0: (), 1: ()}
        self.hand_payloads: dict[int, list] = {0: [], 1: []}
        self.buttons_of: dict[int, list] = {0: [], 1: []}
        self._pre = None
        self.button_preview: dict = {}
        self.mouse_pos = None
        self.log_open = False
        self.threat = None  # (seat, card id) hovered or focused in a hand not choosing (table_draw.threat)
        self.layers: dict = {}  # cached drawings of the hands and panels (table_draw.layer)
        self.kept_frame = None  # (key, picture, hot things) of the last still frame
        self.curtain_last = None
        if session.state.log:
            self.caption = [sentence(e) for e in session.state.log[-2:]]

    # -- facts the drawing needs -----------------------------------------------------
    def boxer(self, seat):
        return BOXERS[self.state.boxers[seat]]

    def boxer_name(self, seat) -> str:
        return boxer_name(self.state.boxers, seat)

    def exchange_key(self):
        st = self.state
        return (st.round, st.exchange)

    def selection(self, seat: int) -> list:
        key = self.exchange_key()
        if self.sel_key[seat] != key:
            self.sel_key[seat] = key
            self.sel[seat] = []
            self.pending[seat] = False
            self.lifted[seat] = None
        return self.sel[seat]

    def needs(self, seat: int) -> bool:
        """A person who still has a choice to make in this exchange (or this pause)."""
        st = self.state
        if seat not in self.humans or st.result is not None:
            return False
        if st.phase in SECRET_PHASES:
            self.selection(seat)
            if st.commits[seat] is not None or self.pending[seat]:
                return False
            if st.phase == "declare" and st.declares[seat] is True:
                return False
            if st.reactor == seat and st.phase != "react":
                return False
            return True
        if st.phase in ("footwork", "stick"):
            return seat in self.rules.to_act(st)
        return False

    def secret_now(self) -> bool:
        st = self.state
        if st.phase in SECRET_PHASES:
            return True
        if st.phase in ("footwork", "stick"):
            return len(self.waiting_humans()) > 1
        return False

    def private_visible(self, seat: int) -> bool:
        """May the screen show this seat's private things (slots, preview)?"""
        return self.secrecy.visible(seat) and not self.busy()

    def mouse_seat(self) -> int | None:
        if self.shared_input:
            return self.acting_seat()
        return next((i for i, s in enumerate(self.router.schemes) if s == "mouse"), None)

    def slot_count(self, seat: int) -> int:
        st = self.state
        if st.reactor is not None or st.dazed[seat] or st.bursts[seat] == 0:
            return 2
        return 3

    def shown_state(self):
        """The state whose tokens, daze and cooldowns the panels show: the one before the reveal while it plays."""
        return self.anim.pre if self.anim is not None else self.state

    def shown_pose(self):
        """(pos, facing, hp, round_damage) as the board shows them (the animation lags the rules)."""
        if self.anim is not None:
            return self.anim.pose()
        st = self.state
        return st.pos, st.facing, st.hp, st.round_damage

    def plan(self, seat: int, cards_before) -> tuple[int, int, list]:
        """Where the boxer will be after ``cards_before`` (the opponent ignored): (square, facing, trail)."""
        st = self.state
        sq, f = st.pos[seat], st.facing[seat]
        trail = []
        own = self.boxer(seat).by_id
        for cid in cards_before:
            c = own[cid]
            if c.kind == "step":
                d = board.step_destination(sq, f, c.step)
                if d >= 0:
                    sq = d
                trail.append(("step", sq))
            elif c.kind == "turn":
                f = (f + c.turn) % 8
                trail.append(("turn", sq))
            else:
                trail.append(("attack", sq))
        return sq, f, trail

    # -- choices ---------------------------------------------------------------------
    def refuse(self, text: str) -> None:
        self.say(text)
        self.app.sounds.play("refuse")

    def placeable(self, seat: int, cid: str) -> str | None:
        st = self.state
        own = self.boxer(seat).by_id
        if cid in st.cooldown[seat]:
            return _("{card} is cooling down this exchange.").format(card=_(own[cid].name))
        if cid in self.selection(seat):
            return _("{card} is already in your order.").format(card=_(own[cid].name))
        return None

    def _declare_no(self, seat: int) -> None:
        """Laying a card before answering the React question means: no React."""
        st = self.state
        if st.phase == "declare" and st.declares[seat] is None:
            self.submit(Declare(seat, False))
            st = self.state  # the phase this lay brought is no new start: the focus stays by the laid card
            self.vis_before[seat] = (st.phase, st.round, st.exchange)

    def place(self, seat: int, cid: str, at: int | None = None) -> None:
        if not self.can_act(seat) or self.state.phase in ("footwork", "stick"):
            return
        self.lifted[seat] = None
        why = self.placeable(seat, cid)
        sel = self.selection(seat)
        if why and not (at is not None and cid in sel):
            self.refuse(why)
            return
        limit = self.slot_count(seat)
        if cid in sel:  # moving a card already in the order
            self.move_slot(seat, sel.index(cid), at)
            return
        if at is not None and at < len(sel):
            sel[at] = cid  # the card that was there goes back to the hand
        elif len(sel) >= limit:
            self.refuse(_("Your order is full ({n} cards): take one back first.").format(n=limit))
            return
        else:
            sel.append(cid)
        self.app.sounds.play("place")
        self._declare_no(seat)
        if len(sel) in (2, limit) and self.show_focus.get(seat):  # Lock in may be pressed: keys and pads go there
            self.want_focus[seat] = _("Lock in ⚡") if len(sel) == 3 else _("Lock in")  # (down again for a third card)

    def take_back(self, seat: int, i: int) -> None:
        sel = self.selection(seat)
        if self.can_act(seat) and i < len(sel):
            self.lifted[seat] = None
            sel.pop(i)
            self.app.sounds.play("take")

    def lift(self, seat: int, i: int) -> None:
        """Keys and pads reorder in two confirms: lift a laid slot, then confirm the slot to swap it with
        (the same slot again: the card goes back to the hand)."""
        sel = self.selection(seat)
        if not self.can_act(seat) or i >= len(sel):
            return
        held = self.lifted[seat]
        if held is None:
            self.lifted[seat] = i
            self.app.sounds.play("take")
        elif held == i:
            self.take_back(seat, i)
        else:
            self.move_slot(seat, held, i)

    def move_slot(self, seat: int, i: int, j: int | None) -> None:
        sel = self.selection(seat)
        self.lifted[seat] = None
        if j is None or i >= len(sel):
            return
        j = min(j, len(sel) - 1)
        sel[i], sel[j] = sel[j], sel[i]
        self.app.sounds.play("place")

    def clear(self, seat: int) -> None:
        if self.can_act(seat):
            self.lifted[seat] = None
            self.selection(seat).clear()
            self.app.sounds.play("take")

    def lock_in(self, seat: int) -> None:
        if not self.can_act(seat):
            return
        sel = self.selection(seat)
        if len(sel) < 2:
            self.refuse(_("Lay 2 cards in your order first (3 with a Burst)."))
            return
        st = self.state
        if st.phase == "declare" and st.declares[seat] is None:
            self._declare_no(seat)
        self.pending[seat] = True
        self.lifted[seat] = None
        self.committed(seat)
        self._commit_pending()

    def react(self, seat: int) -> None:
        st = self.state
        if not self.can_act(seat) or st.phase != "declare" or st.declares[seat] is not None:
            return
        res = self.submit(Declare(seat, True))
        if not isinstance(res, Refused):
            self.committed(seat)
            self.lifted[seat] = None
            del self.selection(seat)[2:]

    def footwork(self, seat: int, turn: int) -> None:
        if self.can_act(seat) and self.state.phase == "footwork":
            if not isinstance(self.submit(Footwork(seat, turn)), Refused):
                self.committed(seat)

    def stick(self, seat: int, step: str | None) -> None:
        if self.can_act(seat) and self.state.phase == "stick":
            if not isinstance(self.submit(Stick(seat, step)), Refused):
                self.committed(seat)

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.app.sounds.play("click")

    def _commit_pending(self) -> None:
        st = self.state
        if st.phase not in ("choose", "react") or self.busy():
            return
        for seat in (0, 1):
            if self.pending[seat] and seat in self.rules.to_act(st):
                sel = self.selection(seat)
                limit = max_cards(st, seat)
                if len(sel) > limit:
                    self.pending[seat] = False
                    del sel[limit:]
                    self.refuse(
                        _(
                            "{name} reacts, so no Burst this exchange: "
                            "your third card went back to your hand. Lock in again."
                        ).format(name=self.names[1 - seat])
                    )
                    return
                res = self.submit(Commit(seat, tuple(sel)))
                if isinstance(res, Refused):
                    self.pending[seat] = False
                return

    # -- input -----------------------------------------------------------------------
    def on_choose(self, seat, payload) -> None:
        if not isinstance(payload, tuple) or payload[1] != seat:
            return
        what = payload[0]
        keys = bool(self.show_focus.get(seat))  # a confirm from keys or a pad (a click turns the focus off)
        held = self.lifted[seat] if keys else None
        if what == "hand":
            sel = self.selection(seat)
            if held is not None:
                self.place(seat, payload[2], at=held)  # into the lifted slot (a laid card swaps with it)
            elif payload[2] in sel and self.can_act(seat) and not keys:
                self.take_back(seat, sel.index(payload[2]))  # a click on a laid card takes it back
            elif payload[2] in sel and self.can_act(seat):  # a second confirm keeps it, says how to take it back
                back = self.device_words(seat, _("a click on it"), "{back}")
                self.refuse(
                    _("{card} is already in your order: {how} takes it back.").format(
                        card=_(self.boxer(seat).by_id[payload[2]].name), how=back
                    )
                )
            else:
                self.place(seat, payload[2])
        elif what == "slot":
            if keys:
                self.lift(seat, payload[2])
            else:
                self.take_back(seat, payload[2])

    def on_drop(self, seat, payload, zone) -> None:
        if not isinstance(payload, tuple) or payload[1] != seat:
            return
        if zone[0] == "slot":
            if payload[0] == "hand":
                self.place(seat, payload[2], at=zone[2])
            elif payload[0] == "slot":
                self.move_slot(seat, payload[2], zone[2])
        elif zone[0] == "hand" and payload[0] == "slot":
            self.take_back(seat, payload[2])

    def accepts_for(self, seat: int, zone: str, index: int = 0):
        def accepts(payload):
            if not isinstance(payload, tuple) or payload[1] != seat:
                return _("That is not your card.")
            if zone == "hand":
                return None if payload[0] == "slot" else _("It is already in your hand.")
            if payload[0] == "hand":
                why = self.placeable(seat, payload[2])
                if why:
                    return why
                if index >= self.slot_count(seat):
                    return _("No Burst this exchange: only 2 cards.")
            return None

        return accepts

    def handle(self, event, pad_changes) -> None:
        if self.session.outcome() is None or self.result_dismissed:
            if self.history_press(event, pad_changes):
                self.toggle_log()
                return
            if self.log_open and (
                "back" in menu_buttons(event, pad_changes)
                and not (event.type == pygame.KEYDOWN and key_name(event) == "escape")
            ):
                self.toggle_log()
                return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse_pos = event.pos
        elif event.type == pygame.KEYDOWN or pad_changes:
            self.mouse_pos = None  # keys or a pad in use: the focus, not the pointer, shows the preview
        if self.anim is not None and self._hurry(event, pad_changes):
            return
        super().handle(event, pad_changes)

    def _hurry(self, event, pad_changes) -> bool:
        """While the reveal plays, a click (below the top bar) or confirm moves it on to the next step."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.pos[1] <= self.app.vp.p(0, 42)[1]:
            return False
        if event.type == pygame.KEYDOWN and key_name(event) == "escape":
            return False
        if self.anim is not None and self.go_on_press(event, pad_changes):
            self.anim.hurry()
            return True
        return False

    def on_button(self, seat, button) -> None:
        if seat is not None and button == "back":
            sel = self.selection(seat)
            if self.lifted[seat] is not None:
                self.lifted[seat] = None  # put the lifted card down where it was
                self.app.sounds.play("place")
            elif self.can_act(seat) and sel:
                sel.pop()
                self.app.sounds.play("take")
            else:
                self.hide(seat)

    # -- after each accepted action --------------------------------------------------
    def submit(self, action):
        self._pre = self.session.state
        return super().submit(action)

    def after_undo(self, seat: int) -> None:
        self.log_seen = len(self.state.log)  # a move taken back: the log is read from there again

    def after_action(self, action, result) -> None:
        pre, post = self._pre, self.state
        new = list(post.log[self.log_seen :])
        self.log_seen = len(post.log)
        if isinstance(action, (Commit, Footwork, Stick)) and action.player not in self.rules.to_act(post):
            self.committed(action.player)
        for e in new:
            if e["kind"] in ("react", "burst"):
                self.caption = [sentence(e)]
        if pre is None:
            return
        if (pre.round, pre.exchange) != self.revealed_key:
            self.revealed_key = (pre.round, pre.exchange)
            self.revealed = {0: [], 1: []}
            self.exchange_hp = pre.hp
        steps = build_steps(pre, post, action, new, self.names)
        if steps:
            self.anim = Animation(steps, (pre.pos, pre.facing, pre.hp, pre.round_damage), self)
            self.anim.shown_exchange = (pre.round, pre.exchange)
            self.anim.pre = pre
            self.app.sounds.play("reveal")
        else:
            self.app.sounds.play("place" if isinstance(action, Commit) else "click")

    def _recap(self, done) -> None:
        """After a whole exchange has played: one line saying what each boxer played and lost."""
        st = self.state
        if (st.round, st.exchange) == done.shown_exchange or st.result is not None:
            return
        parts = []
        for s in (0, 1):
            own = self.boxer(s).by_id
            played = ", ".join(_(own[c].name) for c in self.revealed[s] if c)
            start = self.exchange_hp[s] if self.exchange_hp else done.pre.hp[s]
            lost = max(0, start - _hp_before_recovery(done, s))
            what = dict(name=self.boxer_name(s), cards=played or _("nothing"), n=lost)
            parts.append(
                _("{name} ({cards}) lost {n} HP").format(**what)
                if lost
                else _("{name} ({cards}) lost no HP").format(**what)
            )
        self.caption = [_("Last exchange · {parts}").format(parts=" · ".join(parts))] + (
            [done.steps[-1].data["text"][0]] if done.steps and done.steps[-1].kind == "reset" else []
        )

    def busy(self) -> bool:
        return bool(self.flights) or self.anim is not None

    def update(self, dt_ms: float) -> None:
        if self.anim is not None:
            self.anim.advance(dt_ms * self.anim_factor())
            if self.anim.done():
                done, self.anim = self.anim, None
                self._recap(done)
        if self.anim is None:
            self._commit_pending()
        super().update(dt_ms)

    # -- result ----------------------------------------------------------------------
    def result_text(self):
        out = self.session.outcome()
        st = self.state
        rounds = "; ".join(
            _("round {n} a draw").format(n=i + 1)
            if w is None
            else _("round {n} to {name}").format(n=i + 1, name=self.names[w])
            for i, w in enumerate(st.round_results)
        )
        boxers = _("{a} boxes as {boxer_a}, {b} as {boxer_b}.").format(
            a=self.names[0], boxer_a=_(self.boxer(0).name), b=self.names[1], boxer_b=_(self.boxer(1).name)
        )
        bout = [e for e in st.log if e["kind"] == "bout"]
        reason = sentence(bout[-1]) if bout else out.reason  # the log's sentence: in the language of now
        why = f"{boxers} {reason}" + (f" ({rounds}.)" if rounds else "")
        if out.winner is None:
            return _("A draw"), why
        return _("{name} wins!").format(name=self.names[out.winner]), why


def _hp_before_recovery(anim, seat) -> int:
    """HP at the end of the exchange's actions (before a new round's recovery)."""
    hp = anim.pre.hp[seat]
    for step in anim.steps:
        if step.kind == "reset":
            break
        hp = step.p1[2][seat]
    return hp


def make_table(app, session, mode=PLAY):
    return SquareRingTable(app, session, mode)


__all__ = ["SquareRingTable", "make_table", "may_react"]
