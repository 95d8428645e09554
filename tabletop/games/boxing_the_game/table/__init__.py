"""The Boxing: The Game table: two corners, secret plans, events revealed one at a time.

Layout (design canvas 1280x720): Red's corner is the left column, Blue's the
right column (character board with trait, stance, momentum, knockdowns,
judges and upgrades; the hand; deck and discard piles; the buttons). The
middle holds the prize row with the main deck, and the ring: three event rows,
each with Red's action slot and bid on the left and Blue's on the right. The
bottom strip holds the score sheet for every round and the latest sentences.

Planning: click a hand card (it goes to the first free slot), drag it onto a
slot, or focus it and confirm; +/- beside a slot bids momentum on it; "Lock
in" commits. Secrecy on one screen goes through the base, ``ui.secret_table.SecretTable``.

When both have planned, the rules resolve the whole round at once; the table
replays the logged events one at a time (cards turn, speeds, the sentence),
holding the boards as they were until the replay reaches them.

Drawing lives in ``draw.py`` (corners, prizes, score sheet, sentences),
``ring.py`` (the ring, the replay's explanations, knockdown and round
banners) and ``cards.py`` (card faces and character boards); ``layout.py``
holds where things sit and the helpers all of them share.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from tabletop.core.i18n import words
from tabletop.input.devices import key_name
from tabletop.ui.secret_table import SecretTable
from tabletop.ui.table import PLAY

from ..rules import PickCharacter, Plan, Stance, TakePrize
from ..rules.content import CARDS
from ..rules.explain import explain
from ..rules.flow import affordable_slots, judge_cost
from ..rules.texts import said
from . import draw as table_draw
from .cards import card_image
from .layout import ROW_H, SLOT_W, colour
from .ring import turning_slots
from .sheet import focus_info

_, ngettext = words(__name__)

SLOTS = 3
FLIP_MS = 500  # both cards of an event turn over together
HOLD_MS = 1900  # the outcome stays readable
KD_HOLD_MS = 2900  # a knockdown stays longer
ROUND_MS = 1500  # the round's score banner
CAPTION_TYPES = (
    "character",
    "round_start",
    "stance",
    "round",
    "draft",
    "secret_picks",
    "exile",
    "pass",
    "reshuffle",
    "bonus_momentum",
    "match",
)


class BoxingTable(SecretTable):
    reveal_waits = True  # each event's cards stay until a press (ui.secret_table's beat is not needed)
    undo_spot = (286, 4, 140, 26)  # the Undo button: right of Match log, left of the prompt
    park_spot = (640, 380)  # a mouse player's pointer after a choice: off the card it chose
    # a lesson's words go where the computer's hand, piles and status are (the learner plays Red): the
    # score sheet, the story so far, both boards and the ring stay in sight
    tutor_banner = (876, 296, 396, 256)

    def __init__(self, app, session, mode=PLAY):
        super().__init__(app, session, mode)
        self.plans: dict[int, dict] = {}
        self.queue: list[dict] = []  # logged entries still to replay
        self.anim: dict | None = None  # the entry being replayed
        self.frozen = None  # the state the boards show while a round is replayed
        self.shown: list[dict] = []  # entries replayed since the freeze (momentum, knockdowns)
        self.ring: dict = {"round": 0, "bids": None, "events": {}}
        self.caption: list[str] = []
        self._before = session.state
        self.prize_rects: dict[int, pygame.Rect] = {}
        self.board_rects: dict[int, pygame.Rect] = {}
        self.pile_rects: dict[int, tuple] = {}
        self.upgrade_rects: dict[int, pygame.Rect] = {}  # where each corner's upgrades are written
        self._still_key = None
        self.still_frame = None
        self._still_hots: list = []
        self._rebuild_ring()
        self.history = [
            explain(e, self.names) for e in session.state.log if e["type"] == "event" or e["type"] in CAPTION_TYPES
        ]
        self.caption = self.history[-4:]
        self.history_open = False
        self.history_top = 0  # lines scrolled up from the newest

    # -- facts -------------------------------------------------------------------------
    def secret_now(self) -> bool:
        st = self.state
        return st.phase in ("pick", "plan") or (st.phase == "prize" and st.secret_prize)

    def animating(self) -> bool:
        return self.anim is not None or bool(self.queue)

    def busy(self) -> bool:
        return bool(self.flights) or self.animating()

    def lesson_seen(self, goal) -> bool:
        """A lesson is praised once the event that reached its goal was shown, not after the whole round."""
        if not self.busy():
            return True
        if self.flights:
            return False
        st = self.state
        unseen = len(self.queue) + (self.anim is not None)
        return goal(replace(st, log=st.log[: len(st.log) - unseen]))

    def covered(self) -> bool:
        return self.history_open

    def plan(self, seat: int) -> dict:
        st = self.state
        key = (st.round, st.phase, st.players[seat].hand)
        p = self.plans.get(seat)
        if p is None or p["key"] != key:
            p = {"key": key, "slots": [None] * SLOTS, "bids": [0] * SLOTS}
            self.plans[seat] = p
        return p

    def hand_left(self, seat: int) -> list:
        """Hand cards in hand order; a card placed in a slot leaves a gap (None)."""
        placed = set(c for c in self.plan(seat)["slots"] if c is not None)
        return [c if c not in placed else None for c in self.state.players[seat].hand]

    def board_state(self):
        """What the corners show: the state before the round being replayed, or now."""
        return self.frozen if self.frozen is not None else self.state

    def shown_momentum(self, seat: int) -> int:
        st = self.board_state()
        m = st.players[seat].momentum
        if self.frozen is None:
            return m
        for e in self.shown:
            if e["type"] == "planned":
                m -= sum(e["bids"][seat])
            elif e["type"] == "event":
                m += e["momentum"][seat]
        return m

    def shown_knockdowns(self, seat: int) -> int:
        k = self.board_state().players[seat].knockdowns
        if self.frozen is not None:
            k += sum(1 for e in self.shown if e["type"] == "event" and e["knockdown"][seat])
        return k

    def shown_scores(self, seat: int) -> tuple:
        sc = self.board_state().players[seat].scores
        if self.frozen is not None:
            sc = sc + tuple(e["scores"][seat] for e in self.shown if e["type"] == "round")
        return sc

    def shown_stance(self, seat: int) -> str:
        st = self.board_state().players[seat].stance
        if self.frozen is not None:
            for e in self.shown:
                if e["type"] == "stance":
                    st = e["stances"][seat]
        return st

    def prize_picker(self) -> list[int]:
        """Human seats that may pick a prize now."""
        st = self.state
        if st.phase != "prize" or self.busy():
            return []
        return [s for s in self.waiting_humans() if self.can_act(s)]

    # -- planning ----------------------------------------------------------------------
    def place(self, seat: int, cid: int, at: int | None = None) -> None:
        p = self.plan(seat)
        if cid not in self.state.players[seat].hand:
            return
        if cid in p["slots"]:
            src = p["slots"].index(cid)
            if at is None or at == src:
                return
            p["slots"][src], p["slots"][at] = p["slots"][at], cid  # swap two slots
            self.app.sounds.play("place")
            return
        if at is None:
            free = [k for k in range(SLOTS) if p["slots"][k] is None]
            if not free:
                self.say(_("Your three slots are full: take a card back first."))
                self.app.sounds.play("refuse")
                return
            at = free[0]
        p["slots"][at] = cid  # a card already there goes back to the hand
        self.app.sounds.play("place")
        if all(c is not None for c in p["slots"]):
            self.want_focus[seat] = ("lock", seat)

    def unplace(self, seat: int, k: int) -> None:
        p = self.plan(seat)
        if p["slots"][k] is not None:
            p["slots"][k] = None
            self.app.sounds.play("take")

    def bid(self, seat: int, k: int, delta: int) -> None:
        if not self.can_act(seat) or self.state.phase != "plan":
            return
        p = self.plan(seat)
        have = self.state.players[seat].momentum
        if delta > 0 and sum(p["bids"]) >= have:
            self.say(
                _("You have only {n} momentum to bid.").format(n=have) if have else _("You have no momentum to bid.")
            )
            self.app.sounds.play("refuse")
            return
        if delta < 0 and p["bids"][k] == 0:
            return
        p["bids"][k] += delta
        self.app.sounds.play("click")

    def lock_in(self, seat: int) -> None:
        if not self.can_act(seat) or self.state.phase != "plan":
            return
        p = self.plan(seat)
        if any(c is None for c in p["slots"]):
            self.say(_("Put a card in each of your three slots first."))
            self.app.sounds.play("refuse")
            return
        self.submit(Plan(seat, tuple(p["slots"]), tuple(p["bids"])))

    def clear_plan(self, seat: int) -> None:
        if self.can_act(seat):
            p = self.plan(seat)
            p["slots"] = [None] * SLOTS
            p["bids"] = [0] * SLOTS
            self.app.sounds.play("take")

    def take_prize(self, seat: int, slot: int) -> None:
        if not self.can_act(seat) or self.state.phase != "prize":
            return
        cid = self.state.prizes[slot]
        if cid >= 0 and slot not in affordable_slots(self.state, seat):
            cost = judge_cost(self.state.players[seat], cid)
            self.say(
                _("{card} costs {n} momentum; you have {m}.").format(
                    card=said(CARDS[cid].name), n=cost, m=self.state.players[seat].momentum
                )
            )
            self.app.sounds.play("refuse")
            return
        self.submit(TakePrize(seat, slot))

    def choose_stance(self, seat: int, switch: bool, force: bool) -> None:
        if self.can_act(seat) and self.state.phase == "reveal":
            self.submit(Stance(seat, switch, force))

    # -- callbacks from the base ---------------------------------------------------------
    def on_choose(self, seat, payload) -> None:
        if not isinstance(payload, tuple) or not self.can_act(seat):
            return
        what = payload[0]
        if what == "char" and payload[1] == seat:
            self.submit(PickCharacter(seat, payload[2]))
        elif what == "hand" and payload[1] == seat and self.state.phase == "plan":
            self.place(seat, payload[2])
        elif what == "slot" and payload[1] == seat and self.state.phase == "plan":
            self.unplace(seat, payload[2])
        elif what == "prize":
            self.take_prize(seat, payload[1])

    def on_drop(self, seat, payload, zone) -> None:
        if not self.can_act(seat):
            return
        what, kind = payload[0], zone[0]
        if what == "hand" and kind == "slotzone":
            self.place(seat, payload[2], zone[2])
        elif what == "slot" and kind == "slotzone":
            cid = self.plan(seat)["slots"][payload[2]]
            if cid is not None:
                self.place(seat, cid, zone[2])
        elif what == "slot" and kind == "handzone":
            self.unplace(seat, payload[2])
        elif what == "prize" and kind == "corner":
            self.take_prize(seat, payload[1])
        elif what == "char" and kind == "corner":
            self.submit(PickCharacter(seat, payload[2]))

    def accepts_for(self, seat: int, zone: str):
        def accepts(payload):
            if not isinstance(payload, tuple):
                return _("That cannot go there.")
            what = payload[0]
            if zone == "slotzone":
                ok = what in ("hand", "slot") and payload[1] == seat
                return None if ok else _("Only your own cards go in your slots.")
            if zone == "handzone":
                ok = what == "slot" and payload[1] == seat
                return None if ok else _("Drop a card from a slot here to take it back.")
            if zone == "corner":
                if what == "char" and payload[1] == seat:
                    return None
                if what == "prize":
                    cid = self.state.prizes[payload[1]]
                    if payload[1] not in affordable_slots(self.state, seat):
                        return _("{card} costs {n} momentum.").format(
                            card=said(CARDS[cid].name), n=judge_cost(self.state.players[seat], cid)
                        )
                    return None
                return _("That cannot go there.")
            return _("That cannot go there.")

        return accepts

    def on_button(self, seat, button) -> None:
        if seat is None or button != "back":
            return
        if self.history_open:
            self.toggle_history()
            return
        if self.state.phase == "plan" and self.can_act(seat):
            p = self.plan(seat)
            filled = [k for k in range(SLOTS) if p["slots"][k] is not None]
            if filled:
                self.unplace(seat, filled[-1])
                return
        self.hide(seat)

    def toggle_history(self) -> None:
        self.history_open = not self.history_open
        self.history_top = 0
        self.app.sounds.play("click")

    def scroll_history(self, lines: int) -> None:
        self.history_top = max(0, min(len(self.history), self.history_top + lines))

    def handle(self, event, pad_changes) -> None:
        if self.history_open and event.type == pygame.MOUSEWHEEL:
            self.scroll_history(event.y)
            return
        if self.history_press(event, pad_changes):
            self.toggle_history()
            return
        won = self.tutor is not None and self.tutor.holding()  # a click then goes on to the next lesson
        if self.anim is not None and not self.history_open and not won and self._hurry(event, pad_changes):
            return
        super().handle(event, pad_changes)

    def _press(self, p) -> None:
        if self.history_open and p.down and p.button in ("up", "down"):
            self.scroll_history(1 if p.button == "up" else -1)
            return
        if self.history_open and p.down and p.button == "confirm" and p.source != "mouse":
            self.toggle_history()
            return
        super()._press(p)

    def _hurry(self, event, pad_changes) -> bool:
        """A click, confirm or Space while an event is shown moves on to the next one (never skips a choice)."""
        hit = self.go_on_press(event, pad_changes) or (event.type == pygame.KEYDOWN and key_name(event) == "space")
        a = self.anim
        if hit and a is not None and a["t"] > FLIP_MS / self.anim_factor():
            a["t"] = a["dur"]
            return True
        return False

    # -- actions and the replay -----------------------------------------------------------
    def submit(self, action):
        self._before = self.session.state
        return super().submit(action)

    def after_undo(self, seat: int) -> None:
        """A move taken back: the history and caption are read again from the log it left."""
        st = self.session.state
        self.log_seen = len(st.log)
        self._before = st
        self.history = [explain(e, self.names) for e in st.log if e["type"] == "event" or e["type"] in CAPTION_TYPES]
        self.caption = self.history[-4:]

    def after_action(self, action, result) -> None:
        st = self.state
        seat = action.player
        self.committed(seat)  # every action here is a whole decision: the curtain comes down
        new = list(st.log[self.log_seen :])
        self.log_seen = len(st.log)
        if any(e["type"] in ("planned", "event") for e in new):
            if self.frozen is None:
                self.frozen = self._before
                self.shown = []
            self.queue.extend(new)
            self._prewarm(new)
        else:
            self.app.sounds.play("place" if isinstance(action, (Plan, PickCharacter, TakePrize)) else "click")
            for e in new:
                self._show_entry(e)

    def _prewarm(self, entries) -> None:
        """Render the faces about to turn over now, so the replay's frames stay light."""
        vp = self.app.vp
        r = vp.r(0, 0, SLOT_W, ROW_H)
        for e in entries:
            if e["type"] == "event":
                for s in (0, 1):
                    card_image(e["cards"][s], r.w, r.h, colour(s), vp.s(14), held=True)

    def _show_entry(self, e: dict) -> None:
        t = e["type"]
        if t == "planned":
            self.ring = {"round": e["round"], "bids": e["bids"], "events": {}}
        elif t == "event":
            self.ring["events"][e["event"]] = e
        if t == "draft":
            self._fly_prize(e)
            if CARDS[e["card"]].judge:
                self._judge_moment(e)
        if t == "event" or t in CAPTION_TYPES:
            self.history.append(explain(e, self.names))
            self.caption = self.history[-4:]
        self.shown.append(e)

    def _judge_moment(self, e: dict) -> None:
        """A judge taken: the one that completes a player's judges is a big moment."""
        seat, log = e["player"], self.state.log
        upto = next((i for i, x in enumerate(log) if x is e), len(log) - 1)
        have = sum(
            1 for x in log[: upto + 1] if x.get("type") == "draft" and x["player"] == seat and CARDS[x["card"]].judge
        )
        need = self.state.options["judges_to_win"]
        if have >= need:
            self.moment(
                _("Third judge!") if need == 3 else _("The last judge!"),
                _("{name} has {n} judges on the card: the match is won").format(name=self.names[seat], n=have),
                sound="judge",
            )
        else:
            self.app.sounds.play("ding")

    def _fly_prize(self, e: dict) -> None:
        """A drafted prize slides from the prize row to the corner that takes it."""
        from tabletop.ui.table import Flight

        prizes = self._before.prizes
        if e["card"] not in prizes or e["player"] not in self.board_rects:
            return
        src = self.prize_rects.get(prizes.index(e["card"]))
        if src is None:
            return
        dst = self.board_rects[e["player"]]
        img = card_image(e["card"], src.w, src.h, (30, 30, 30), self.app.vp.s(14))
        ms = 450 / self.anim_factor()
        self.flights.append(Flight(img, src.topleft, (dst.centerx - src.w // 2, dst.centery - src.h // 2), ms, ms))

    def update(self, dt_ms: float) -> None:
        while self.anim is None and self.queue:
            e = self.queue.pop(0)
            if e["type"] == "event":
                hold = KD_HOLD_MS if any(e["knockdown"]) else HOLD_MS
                # the outcome's hold follows the "Computer turns" pace; the turning cards, the animation speed
                dur = FLIP_MS / self.anim_factor() + hold * self.pace
                self.anim = {"e": e, "t": 0.0, "dur": dur, "flipped": False}
            elif e["type"] == "round":
                self._show_entry(e)
                self.anim = {"e": e, "t": 0.0, "dur": ROUND_MS / self.anim_factor(), "flipped": True}
                self.app.sounds.play("bell")
            else:
                self._show_entry(e)
        if self.anim is not None:
            a = self.anim
            a["t"] += dt_ms
            if not a["flipped"] and a["t"] >= FLIP_MS / self.anim_factor() / 2:
                a["flipped"] = True
                e = a["e"]
                self._show_entry(e)
                if all(e["knockdown"]):
                    self.moment(_("Double knockdown!"), _("Both boxers go down: the round ends"), sound="knockout")
                elif any(e["knockdown"]):
                    i = 0 if e["knockdown"][0] else 1
                    line = _("{a}'s {card} drops {b}: the round ends").format(
                        a=self.names[i], card=said(CARDS[e["cards"][i]].name), b=self.names[1 - i]
                    )
                    self.moment(_("Knockdown!"), line, sound="knockout")
                else:
                    self.app.sounds.play("combo" if any(e["points"]) else "reveal")
            if a["t"] >= a["dur"]:
                self.anim = None
                if not self.queue:
                    self.frozen = None
                    self.shown = []
        super().update(dt_ms)

    def _rebuild_ring(self) -> None:
        """The ring from the log (a resumed match shows the round in progress)."""
        log = self.state.log
        for i in range(len(log) - 1, -1, -1):
            if log[i]["type"] == "planned":
                self.ring = {"round": log[i]["round"], "bids": log[i]["bids"], "events": {}}
                for e in log[i:]:
                    if e["type"] == "event":
                        self.ring["events"][e["event"]] = e
                return

    # -- result ----------------------------------------------------------------------------
    def result_text(self):
        out = self.session.outcome()
        if out is None:
            return "", ""
        tot = [sum(p.scores) for p in self.state.players]
        n = len(self.state.players[0].scores)
        why = ngettext(
            "Score sheet after {n} round: {a} {x}, {b} {y}.", "Score sheet after {n} rounds: {a} {x}, {b} {y}.", n
        ).format(n=n, a=self.names[0], x=tot[0], b=self.names[1], y=tot[1])
        if out.winner is None:
            return _("A draw"), why
        return _("{name} wins!").format(name=self.names[out.winner]), why

    # -- drawing -----------------------------------------------------------------------------
    def hovered(self):
        """The card or button under the mouse pointer (from the last frame), for a light outline."""
        if self.drag is not None:
            return None
        try:
            pos = pygame.mouse.get_pos()
        except pygame.error:
            return None
        if self.shared_input:
            h = self.hot_at(pos, ("button", "card"), self.acting_seat())
        else:
            mouse = next((i for i, sc in enumerate(self.router.schemes) if sc == "mouse"), None)
            h = None if mouse is None else self.hot_at(pos, ("button", "card"), mouse)
        return None if h is None else tuple(h.rect)

    def turning(self) -> bool:
        """Whether an event's two cards are turning over (only their slots change from frame to frame)."""
        a = self.anim
        return a is not None and a["e"]["type"] == "event" and a["t"] < FLIP_MS / self.anim_factor()

    def still_key(self):
        """Everything the table layer shows while nothing moves; None while something animates."""
        held = None
        if self.anim is not None:
            turning = self.turning()
            if turning and self.anim["flipped"] and any(self.anim["e"]["knockdown"]):
                return None  # the knockdown panel over turning cards: draw every frame
            held = (id(self.anim), len(self.shown), len(self.queue), turning, self.anim["flipped"])
        elif self.queue:
            return None
        plans = tuple((tuple(p["slots"]), tuple(p["bids"])) for p in (self.plans.get(0), self.plans.get(1)) if p)
        return (
            id(self.state),
            self.app.vp.size,
            plans,
            self.secrecy.shown,
            self.secrecy.visible(0),
            self.secrecy.visible(1),
            tuple(self.caption),
            focus_info(self),
            bool(self.flights),
            held,
            self.history_open,
            self.history_top,
            self.hovered(),
        )

    def draw_table(self, surf, vp) -> None:
        key = self.still_key()
        if key is not None and key == self._still_key and self.still_frame is not None:
            surf.blit(self.still_frame, (0, 0))  # nothing changed: the last frame, and its hot things
            self.next_hots.extend(self._still_hots)
            if self.turning():  # but the turning cards: their slots again
                turning_slots(self, surf, vp)
        else:
            table_draw.draw(self, surf, vp)
            self._still_key = key
            self.still_frame = surf.copy() if key is not None else None
            self._still_hots = list(self.next_hots)

    def first_focus(self, seat: int, items: list) -> int | None:
        """Where a seat's focus starts: a hand card, else a character, a prize it can pay for, Lock in, a slot."""
        can = affordable_slots(self.state, seat) if self.state.phase == "prize" else []
        for kind in ("hand", "char", "prize", "lock", "slot"):
            for i, h in enumerate(items):
                if isinstance(h.payload, tuple) and h.payload[0] == kind and (kind != "prize" or h.payload[1] in can):
                    return i
        return super().first_focus(seat, items)


def make_table(app, session, mode=PLAY):
    return BoxingTable(app, session, mode)
