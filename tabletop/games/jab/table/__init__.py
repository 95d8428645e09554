"""The JAB table: a real-time boxing match of two people, or one against the computer.

Time: the table keeps its own round clock in whole milliseconds; it moves
only in ``update`` (so it stops while paused, while a gamepad is missing and
while the window is too small) and every frame the rules get ``Tick(t)``.

Hands (R-JAB-5): the four hands live in ``self.hands`` (hands.Hands, in the
16 x 9 table units of hands.py; one unit is 80 design pixels). Every device
moves a hand only through ``hands.advance`` at the rules' hand speed:

* keyboard clusters and gamepad sticks give a direction (``MoveBy``);
* the mouse gives a point: the active hand follows the pointer at top speed
  (``MoveTo``); a button press is queued at the point where it was made and
  happens when the hand gets there (left button: left hand, right button:
  right hand): press over the deck to take, let go over a target to place;
* take/let go presses turn into rules actions with ``queries.grab_action`` /
  ``queries.release_action``: a release anywhere but a target that takes the
  card sends it back to its deck.

Computer seats are driven here by the JAB bot through the same hand model.
Drawing is in draw.py (with hud.py, panels.py and layout.py), card art in
art.py; devices.py turns keys, pads and the mouse into hand moves and presses, and
input.py maps one person's devices to both seats' hands.
"""

from __future__ import annotations

import math

import pygame

from tabletop.core.actions import seat_of
from tabletop.core.i18n import N_, words
from tabletop.input import hints
from tabletop.ui.regions import Kept, Same
from tabletop.ui.table import PLAY, Hot, TableScene

from ..players import JAB_REALTIME, Live, carry_out
from ..rules import end_said
from ..rules.actions import Choose, Claim, Cover, Place, Ready, Return, Split, Take, Tick
from ..rules.hands import (
    RECTS,
    SIDES,
    Hands,
    advance,
    deck_name,
    inside,
    parse_target,
    target_at,
    target_name,
)
from ..rules.queries import (
    grab_action,
    lit_only,
    next_step,
    opportunities,
    placement_refusal,
    release_action,
    stall_deadline,
    tile_claim,
)
from ..rules.say import tell
from ..rules.state import render
from . import art, panels, steer
from .devices import HandDevices
from .input import SoloRouter

_, ngettext = words(__name__)

SHOUTS = {
    "combo": (N_("Combo!"), "combo"),
    "stagger": (N_("Stagger!"), "stagger"),
    "counter": (N_("Counter-Punch!"), "counter"),
    "counter-tie": (N_("Set aside!"), "counter"),
    "clinch": (N_("Clinch!"), "clinch"),
    "ding": (N_("Ding!"), "ding"),
    "knockout": (N_("Knockout!"), "knockout"),
}
# a take pressed over the other side's own deck, and anywhere else, for the left hand and the right
_OTHER_DECK = (
    N_("Your left hand takes only from your left deck: use your right hand for that one."),
    N_("Your right hand takes only from your right deck: use your left hand for that one."),
)
_OWN_DECK = (
    N_("Move your left hand over your left deck to take a card."),
    N_("Move your right hand over your right deck to take a card."),
)
SHOUT_MS = 1500
RESUME_COUNT_MS = 2000  # after a pause or a Continue mid-round: "2, 1" before the clock runs again
NOTE_MS = 3200


class JabTable(HandDevices, TableScene):
    @property
    def tutor_banner(self) -> tuple:
        """Where a lesson's words go: between Blue's decks, away from where Red plays; over the round's
        summary, in the band its top leaves free for them (see panels.draw_between)."""
        if panels.summary_shown(self.session.state, self.final_score):
            return panels.LESSON_OVER_SUMMARY
        return (412, 4, 456, 156)

    def __init__(self, app, session, mode=PLAY):
        super().__init__(app, session, mode)
        art.clear_caches()
        seats = session.seats
        self.solo = self.humans[0] if len(self.humans) == 1 else None
        # player 2 alone at this screen (online, or against the computer) sees the table turned round:
        # their own boxer at the bottom, their decks by their hands, "up" toward the other boxer
        self.flip = self.solo == 1
        self.shared_input = False
        if self.solo is not None:
            self.router = SoloRouter(app.settings, app.pads, len(seats), self.solo, seats[self.solo].scheme)
            self.mouse_seat = self.solo
        else:
            self.mouse_seat = next((i for i, s in enumerate(seats) if s.kind == "human" and s.scheme == "mouse"), None)
        # the scheme each human's hints are written for
        self.shown_scheme = {i: self.hints_scheme(i) for i, s in enumerate(seats) if s.kind == "human"}
        st = session.state
        self.round_seen = st.round
        self.cross = JAB_REALTIME.hand_speed_ms(st.options)
        self.last_state = st
        # mouse: per hand a queue of ("grab" | "release", (x, y)) done when the hand gets there
        self.mq: list[list] = [[], []]
        self.m_active = 0
        self.m_pin = None  # None: the pointer drives the hand whose button was pressed last; 0/1: that hand
        self.m_point = None
        self.m_follow = [False, False]
        self.m_down: dict = {}
        # keys, d-pad and sticks (index player * 2 + hand, the rules' hands): see steer.py
        self.held_ms = [0.0] * 4
        self.jump_to: list = [None] * 4
        self.jump_waiting: set = set()  # seats whose Jump key is down before any direction: the next one jumps
        self.stick_jumps: set = set()  # hands (player * 2 + hand) jumping by a pushed stick: let go, they stop
        self.stick_rest: set = set()  # hands whose stick must come back to rest before it steers them again
        self.pull_to: list = [None] * 4  # where the magnet is drawing a resting hand
        self.last_dir: list = [None] * 4
        self.taps: dict = {}  # (seat, "l_" | "r_") -> direction pressed this frame (kept if let go in the same frame)
        self.notes: dict[int, list] = {0: ["", 0.0], 1: ["", 0.0]}  # seat -> [text, ms left]
        self.shouts: list[list] = []  # [text, colour, ms left, total]
        self.card_flights: list[dict] = []  # cards going back to their deck
        self.token_flights: list[dict] = []  # health tokens changing hands
        self.last_count = 0
        self.hands_still = False  # no hand moved in the last frame (``next_frame``)
        self.ko_hold = 0.0  # ms the knockout is shown before the result
        # A fight taken up again (Continue) starts with a short count, as after a pause.
        self.resume_ms = RESUME_COUNT_MS if self.session.resumed and self.fighting() else 0.0
        self._live = (None, [0, 0])
        self.flashes: dict[int, list] = {}  # pile index -> [colour, ms]: a card just landed there
        self.split_pick: dict[int, int] = {}
        self.score_ms = 1e9 if st.round == 0 else 0.0
        self.final_score = False  # the last round's score is shown before the game result
        self.log: list[str] = []
        self._say_seat = None
        self.lockout_total = int(st.options["claim_lockout_ms"])
        self.kept = Kept()  # the still picture under the hands (draw.py), and the hot things it holds
        self.kept_hots: list[Hot] = []

    # -- the real-time state: the session's (local or remote), read and moved here -----------
    @property
    def live(self) -> Live:
        live = self.session.live
        assert isinstance(live, Live), "a JAB session holds JAB's real-time state"
        return live

    @property
    def t(self) -> int:
        """The round clock (ms) this table stands at."""
        return self.live.clock

    @t.setter
    def t(self, ms: int) -> None:
        self.live.clock = ms

    @property
    def hands(self) -> Hands:
        """Where the four hands are."""
        return self.live.hands

    @hands.setter
    def hands(self, hands: Hands) -> None:
        self.live.hands = hands

    # -- names and small questions ---------------------------------------------------
    def bottom(self, seat: int) -> bool:
        """Whether ``seat`` sits at the bottom of this screen."""
        return steer.at_bottom(seat, self.flip)

    def name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def seat_names(self) -> tuple:
        """Both seats' names, for ``render`` (the rules' sentences name seats by placeholders)."""
        return (self.name(0), self.name(1))

    def assist(self) -> bool:
        """The practice aid: on by the setup's option, by the player's setting, and in every lesson
        (a table that plays a tutorial lesson has a ``tutor``)."""
        return (
            bool(self.app.settings.assist) or bool(self.session.state.options.get("assist")) or self.tutor is not None
        )

    def watch_time(self, t_ms: int) -> None:
        self.t = max(self.t, int(t_ms))

    def chances(self, st, seat: int) -> list:
        """Open chances for ``seat`` (the practice aid's highlights and hint line). In a lesson only those
        the lesson lights up: its words name the card and the move, and the table must not name another."""
        opps = opportunities(st, seat)
        if self.tutor is None or self.tutor.lesson.touch is None:
            return opps
        touch = self.tutor.lesson.touch
        return lit_only(opps, seat, lambda place: touch(place, st))

    def help_line(self, seat: int) -> str:
        """The live help line under ``seat``'s boxer: what it can do next."""
        from .draw import opportunities_of

        st = self.session.state
        opps = opportunities_of(self, st, seat) if self.assist() else []
        return steer.sits_words(seat, next_step(st, seat, self.t, opps=opps), self.flip)

    def live_score(self) -> list:
        """Both totals if the round were scored now (assist only; worked out once per state)."""
        st = self.session.state
        if self._live[0] is not st:
            from ..rules.scoring import projected_totals

            self._live = (st, projected_totals(st))
        return self._live[1]

    def note(self, seat, text: str, ms: float = NOTE_MS) -> None:
        if seat in self.notes:
            self.notes[seat] = [steer.sits_words(seat, text, self.flip), ms]
        else:
            TableScene.say(self, text, ms)

    def shout(self, text: str, colour, ms: float = SHOUT_MS) -> None:
        self.shouts = (self.shouts + [[text, colour, ms, ms]])[-3:]

    def fighting(self) -> bool:
        """The round clock is running (not the count-down, a clinch or between rounds); never online,
        where the server keeps the clock."""
        st = self.session.state
        live = st.phase == "playing" and self.t >= st.go_at and self.session.outcome() is None
        return live and not self.session.remote

    def pause(self) -> None:
        super().pause()
        if self.app.stack and self.app.stack[-1] is not self and self.fighting():
            self.resume_ms = RESUME_COUNT_MS  # back from the pause: a count before the clock runs

    def counting(self) -> int:
        """Seconds left of the 3-2-1 count (0: none)."""
        if self.resume_ms > 0:
            return max(1, math.ceil(self.resume_ms / 1000))
        st = self.session.state
        if st.phase != "playing" or self.t >= st.go_at:
            return 0
        return max(1, math.ceil((st.go_at - self.t) / 1000))

    # -- actions -----------------------------------------------------------------------
    def submit(self, action, seat=None):
        self._say_seat = seat if seat is not None else seat_of(action)
        try:
            return super().submit(action)
        finally:
            self._say_seat = None

    def say(self, text: str, ms: float = NOTE_MS) -> None:
        self.note(self._say_seat, text, ms)

    def after_action(self, action, result) -> None:
        old = self.last_state
        if result is old:
            return
        self.last_state = result
        if result.round != self.round_seen:  # a new round: the session's clock and hands started again
            self.round_seen = result.round
            self.split_pick = {}
            self.jump_to = [None] * 4
            self.pull_to = [None] * 4
        if result.phase != "playing" or old.phase != "playing":
            if result.phase != "playing":
                self.mq = [[], []]
                self.m_down = {}
        if result.phase in ("between", "over") and old.phase in ("playing", "scoring") and result.scoring:
            self.score_ms = 0.0
            if result.phase == "over" and any(e["kind"] == "decision" for e in result.events):
                self.final_score = True  # a win by decision: first the last round's score
        if old.phase in ("playing", "clinch") and result.round == old.round:
            self._fly_tokens(old.health, result.health)
        if isinstance(action, Take):
            self.app.sounds.play("take")
        elif isinstance(action, Return):
            self._fly_home(action.player, SIDES.index(action.hand), old)
        elif isinstance(action, Place):
            self.app.sounds.play("place")
            spot = parse_target(action.target)
            if spot is not None:
                b, i = spot
                self.flashes[b * 3 + i] = [table_colour(action.player), 450.0]
        last = old.events[-1]["seq"] if old.events else 0
        for e in result.events:
            if e["seq"] > last:
                self._event(e)

    def _event(self, e: dict) -> None:
        kind, who = e["kind"], e.get("player")
        text = render(tell(e.get("say", e["text"])), self.seat_names())
        if kind not in ("punch", "block", "refused"):
            self.log = (self.log + [text])[-6:]
        if kind == "knockout":
            self.ko_hold = 1600.0
        if kind == "stagger":  # the card that staggered just landed: its target glows gold
            for j, f in self.flashes.items():
                if f[1] >= 450.0:
                    self.flashes[j] = [(250, 210, 60), 1200.0]
        if kind == "knockout":  # the game's biggest moment sweeps across the table
            reason = e["say"][2]["reason"] if "say" in e else e["text"]
            self.moment(_("Knockout!"), render(tell(reason), self.seat_names()), table_colour(who), "knockout")
        elif kind in SHOUTS:
            label, sound = _(SHOUTS[kind][0]), SHOUTS[kind][1]
            colour = table_colour(who)
            self.shout(label if who is None else f"{self.name(who)}: {label}", colour)
            self.app.sounds.play(sound)
        elif kind == "refused":
            self.note(who, _("Refused: {why}").format(why=text))
            self.app.sounds.play("refuse")
        elif kind in ("round", "resume"):
            if self.last_state.go_at <= self.t:
                self.shout(_("Fight!"), (250, 230, 120))
                self.app.sounds.play("bell")
        elif kind == "round-end":
            self.shout(_("Round over"), (240, 240, 240))
            self.app.sounds.play("bell")
        elif kind == "danger" and who is not None:
            self.note(who, _("{name} is in danger: no health left!").format(name=self.name(who)))
        elif kind == "knockout-open":
            self.note(who, _("Knockout open! Claim it with the Knockout button."))
        elif kind in ("punch", "block"):
            self.log = (self.log + [text])[-6:]

    def _fly_home(self, player: int, h: int, old) -> None:
        held = old.held[player * 2 + h]
        if held is None:
            return
        x, y = self.hands.at(player, h)
        cx, cy = RECTS[deck_name(player, h)][:2]
        ms = 260 / self.anim_factor()
        self.card_flights.append(
            {"card": held[0], "from": (x, y), "to": (cx, cy), "ms": ms, "total": ms, "deck": player * 2 + h}
        )
        self.app.sounds.play("take")

    def _fly_tokens(self, before, after) -> None:
        """Health tokens moving from the damaged player's meter to the other's."""
        from .hud import token_spot

        for gainer in (0, 1):
            loser = 1 - gainer
            n = after[gainer] - before[gainer]
            if n <= 0 or before[loser] - after[loser] != n:
                continue
            for k in range(n):
                ms = (450 + 120 * k) / self.anim_factor()
                self.token_flights.append(
                    {
                        "from": token_spot(loser, before[loser] - 1 - k, self.flip),
                        "to": token_spot(gainer, before[gainer] + k, self.flip),
                        "ms": ms,
                        "total": ms,
                    }
                )

    def busy(self) -> bool:
        return super().busy() or bool(self.card_flights or self.final_score or self.ko_hold > 0)

    def see_result(self) -> None:
        self.final_score = False

    def drop_held(self) -> None:
        """Pause or a gamepad pulled out: every held card goes back to its deck."""
        super().drop_held()
        self.mq = [[], []]
        self.m_down = {}
        st = self.session.state
        if st.phase == "playing":
            for i, h in enumerate(st.held):
                if h is not None:
                    self.submit(Return(player=i // 2, hand=SIDES[i % 2], t=self.t))

    def bench_pose(self) -> None:
        """The benchmark's and screenshots' busiest look: the clock where the rules are,
        and every hand that carries a card over one of the opponent's targets (one that
        takes the card if there is one)."""
        st = self.session.state
        self.t = max(self.t, int(st.now))
        pos = list(self.hands.pos)
        for i, held in enumerate(st.held):
            if held is None:
                continue
            p, h = divmod(i, 2)
            names = [target_name(1 - p, k) for k in range(3)]
            ok = [n for n in names if placement_refusal(st, p, SIDES[h], n) is None]
            pos[i] = RECTS[(ok or names)[h % len(ok or names)]][:2]
        self.hands = Hands(tuple(pos))

    def invalidate(self) -> None:
        """The next frame is drawn in full, as after any change (its picture surface is kept)."""
        self.kept.forget()

    def table_key(self, vp) -> tuple | None:
        """What a fought round's frame shows while nothing flies, shouts or counts down: the kept
        picture's keys, the hands, the state (held cards, what a carried card is over) and the count
        (ui/table.py: a frame whose key is the last one's is left as it was)."""
        from .draw import still_regions

        st = self.session.state
        if st.phase != "playing" or self.card_flights or self.token_flights or self.shouts:
            return None
        if panels.summary_shown(st, self.final_score):
            return None
        whole_key, regions = still_regions(self, vp, st)
        return (whole_key, tuple(key for _rect, key in regions.values()), self.hands.pos, Same(st), self.counting())

    def hot_area(self, rect, label: str, callback, seat) -> None:
        """Something drawn elsewhere that the mouse player can click like a button."""
        self.next_hots.append(Hot(pygame.Rect(rect), label, seat, "button", callback=callback))

    # -- a person's buttons -------------------------------------------------------------
    def ready(self, seat: int) -> None:
        st = self.session.state
        if st.phase not in ("between", "clinch") or st.ready[seat]:
            return
        pick = self.split_pick.get(seat)
        if st.phase == "between" and pick is not None and pick != len(st.decks[seat * 2]):
            self.submit(Split(player=seat, left=pick, t=self.t))
        self.submit(Ready(player=seat, t=self.t))
        self.app.sounds.play("click")

    def split(self, seat: int, step: int) -> None:
        """One card more (``step`` 1) or fewer (-1) in the left deck as the person sits at the screen."""
        step = step if self.bottom(seat) else -step
        st = self.session.state
        if st.phase != "between" or st.ready[seat]:
            return
        total = len(st.decks[seat * 2]) + len(st.decks[seat * 2 + 1])
        cur = self.split_pick.get(seat, len(st.decks[seat * 2]))
        self.split_pick[seat] = max(0, min(total, cur + step))
        self.app.sounds.play("click")

    def claim(self, seat: int, what: str) -> None:
        st = self.session.state
        if st.phase not in ("playing", "clinch", "between"):  # the rules judge the rest (R-JAB-6)
            self.note(seat, _("Claims are made while the round is being fought."))
            self.app.sounds.play("refuse")
            return
        if what == "tile":
            what = tile_claim(st, seat)
        self.submit(Claim(player=seat, what=what, t=self.t))

    def take_or_release(self, seat: int, h: int) -> None:
        """A take/let-go press for one hand (keys, pad, or a mouse click that arrived)."""
        st = self.session.state
        if st.phase == "scoring":
            self._cover_or_choose(seat, h)
            return
        if st.phase != "playing":
            return
        if st.held[seat * 2 + h] is not None:
            self.release(seat, h)
            return
        a = grab_action(self.hands, seat, h, self.t)
        if a is not None:
            self.submit(a)
            return
        x, y = self.hands.at(seat, h)
        if inside(deck_name(seat, 1 - h), x, y):
            self.note(seat, _(_OTHER_DECK[h]))
        elif inside(deck_name(1 - seat, 0), x, y) or inside(deck_name(1 - seat, 1), x, y):
            self.note(seat, _("That is your opponent's deck."))
        else:
            self.note(seat, _(_OWN_DECK[h]))
        self.app.sounds.play("refuse")

    def release(self, seat: int, h: int) -> None:
        st = self.session.state
        if st.held[seat * 2 + h] is None:
            return
        a = release_action(st, self.hands, seat, h, self.t)
        if isinstance(a, Return):
            x, y = self.hands.at(seat, h)
            target = target_at(x, y)
            why = placement_refusal(st, seat, SIDES[h], target, self.t) if target else None
            self.note(
                seat,
                _("{why} The card goes back.").format(why=tell(why))
                if why
                else _("Not on a target: the card goes back to its deck."),
            )
        self.submit(a)

    def _cover_or_choose(self, seat: int, h: int) -> None:
        x, y = self.hands.at(seat, h)
        target = target_at(x, y)
        spot = parse_target(target) if target is not None else None
        if target is None or spot is None:
            self.note(seat, _("Move a hand over a target, then press take."))
            return
        boxer, _i = spot
        if boxer == seat:
            self.submit(Cover(player=seat, target=target, t=self.t))
        else:
            self.submit(Choose(player=seat, target=target, t=self.t))

    # -- time ----------------------------------------------------------------------------
    def next_frame(self) -> float | None:
        """Every frame while a round is fought (its clock, the hands, the count, a clinch's pause);
        between rounds and after the game, only while something moves, a computer is yet to be
        ready or a claim's lock-out runs down."""
        from .panels import SCORE_STEP_MS, SCORE_STEPS

        st = self.session.state
        over = self.session.outcome() is not None
        if not over and st.phase != "between":
            return self._fought_wait(st)
        if (
            self.moving()
            or self.shouts
            or self.card_flights
            or self.token_flights
            or self.flashes
            or self.ko_hold > 0
            or self.resume_ms > 0
            or self.score_ms < SCORE_STEP_MS * SCORE_STEPS
            or any(ms > 0 for _text, ms in self.notes.values())
        ):
            return 0
        if not over and (any(not st.ready[s] for s in self.session.bots) or any(self.t < t for t in st.lockout)):
            return 0
        return None

    def _fought_wait(self, st) -> float | None:
        """A round in play: every frame while anything moves (a hand, a carried card, the count, a
        flight, a shout, a lock-out's bar, the computer); else the wait until the clock alone changes
        the picture: the round clock's or the stall count's next second, a note's end (and a lesson's
        marks: the base's wait)."""
        if (
            st.phase != "playing"
            or self.t < st.go_at
            or self.resume_ms > 0
            or self.session.bots
            or not self.hands_still
            or any(self.mq)
            or any(h is not None for h in st.held)
            or any(self.t < t for t in st.lockout)
            or self.shouts
            or self.card_flights
            or self.token_flights
            or self.flashes
            or self.ko_hold > 0
        ):
            return 0
        base = super().next_frame()
        if base == 0:
            return 0
        waits = [1000 - (self.t - st.go_at) % 1000] + [ms for _text, ms in self.notes.values() if ms > 0]
        deadline = stall_deadline(st)
        if deadline is not None:
            waits.append(max(0, deadline - self.t) % 1000 + 1)
        return min(waits + ([] if base is None else [base]))

    def seat_device(self, seat: int | None) -> str | None:
        """One person against the computer who chose no controls plays with any device: hints follow
        the one in use (before any, the keyboard)."""
        if seat is not None and seat == getattr(self, "solo", None) and not self.session.seats[seat].scheme:
            return self.app.last_device or (hints.PAD if self.app.pads.pads else hints.KEYS)
        return super().seat_device(seat)

    def hints_scheme(self, seat: int) -> str:
        """The controls a seat's hints name: its own, else (any device acting for it) those of the device
        in use, the left half of the keyboard for keys, so the hints never mix the two halves."""
        chosen = self.session.seats[seat].scheme
        if chosen:
            return chosen
        return {hints.PAD: "gamepad", hints.MOUSE: "mouse"}.get(self.seat_device(seat) or "", "keys-left")

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        for seat in self.shown_scheme:  # the device in use changed: the hints change at once
            self.shown_scheme[seat] = self.hints_scheme(seat)
        dt = int(round(dt_ms))
        for n in self.notes.values():
            n[1] = max(0.0, n[1] - dt)
        for s in self.shouts:
            s[2] -= dt
        self.shouts = [s for s in self.shouts if s[2] > 0]
        for f in self.card_flights:
            f["ms"] -= dt
        self.card_flights = [f for f in self.card_flights if f["ms"] > 0]
        self.ko_hold = max(0.0, self.ko_hold - dt)
        for k in list(self.flashes):
            self.flashes[k][1] -= dt
            if self.flashes[k][1] <= 0:
                del self.flashes[k]
        for f in self.token_flights:
            f["ms"] -= dt
        self.token_flights = [f for f in self.token_flights if f["ms"] > 0]
        self.score_ms += dt
        if dt <= 0 or self.session.outcome() is not None or self.watched:  # a replay's clock is its own
            return
        if self.resume_ms > 0:  # the clock, the hands and the computer wait for the count
            count = self.counting()
            self.resume_ms = max(0.0, self.resume_ms - dt)
            if self.counting() != count:
                self.app.sounds.play("bell" if not self.resume_ms else "click")
            return
        moves = []
        if self.session.state.phase != "between":  # between rounds the arrows choose the deck split
            for seat in self.humans:
                moves += self._human_intents(seat, dt)
        for seat, bot in self.session.bots.items():
            moves += self._bot_frame(seat, bot)
            if self.session.outcome() is not None:
                return
        self.taps = {}
        before, was = self.t, self.hands.pos
        self.hands = advance(self.hands, dt, moves, self.cross)
        if any(steer.clamp_point(*p) != p for p in self.hands.pos):  # rings stay whole in the window
            self.hands = Hands(tuple(steer.clamp_point(*p) for p in self.hands.pos))
        self.hands_still = self.hands.pos == was
        self.t += dt
        self._mouse_arrivals()
        self.submit(Tick(t=self.t))
        st = self.session.state
        count = self.counting()
        if count and count != self.last_count:
            self.app.sounds.play("click")
        self.last_count = count
        if st.phase == "playing" and before < st.go_at <= self.t:
            self.shout(_("Fight!"), (250, 230, 120))
            self.app.sounds.play("bell")

    def _bot_frame(self, seat: int, bot) -> list:
        intents = bot.intents(self.session.view(seat), self.hands, self.t)
        return carry_out(intents, self.hands, self.t, lambda: self.session.state, lambda a: self.submit(a, seat))

    # -- drawing -------------------------------------------------------------------------
    def draw_table(self, surf, vp) -> None:
        from .draw import draw_table

        self.show_focus.clear()  # hands steer in play; only a panel's Ready / See the result shows a focus
        draw_table(self, surf, vp)

    def lesson_spots(self, vp) -> list:
        """Decks, targets and tiles by name ("p0.deck.left", "p1.head", "combo", ...), for a lesson's light."""
        from .layout import place_rect

        return [(name, place_rect(vp, name, self.flip)) for name in RECTS]

    def result_text(self):
        out = self.session.outcome()
        head = _("A draw") if out.winner is None else _("{name} wins!").format(name=self.name(out.winner))
        rounds = []
        for h in self.session.state.history:
            a, b = h["totals"]
            who = _("tie") if h["winner"] is None else self.name(h["winner"])
            rounds.append(_("R{n} {a}–{b} {who}").format(n=h["round"], a=a, b=b, who=who))
        why = render(tell(end_said(self.session.state)), self.seat_names())
        if rounds:
            why += "  " + _("Rounds: {list}.").format(list=", ".join(rounds))
        return head, why


def table_colour(seat):
    from tabletop.ui import gfx

    if seat is None:
        return (250, 230, 120)
    return gfx.PLAYER_COLOURS[seat % len(gfx.PLAYER_COLOURS)]


def make_table(app, session, mode=PLAY) -> JabTable:
    return JabTable(app, session, mode)
