"""The base of every game's table scene.

A game's ``table.py`` subclasses ``TableScene`` and implements
``draw_table(surf, vp)``; while drawing it registers what players can point
at with ``hot_card`` / ``hot_zone`` / ``hot_button``. The base then gives
every game, for free:

- mouse: click a card (``on_choose``) or drag it onto a zone (``on_drop``);
  a drop the zone refuses animates the card back and shows the reason;
- keyboard and gamepad: each seat has a focus that moves between that seat's
  hot things (ui.focus: within a group with left / right, row to row with
  up / down, group to group with next / prev); ``confirm`` chooses what it
  shows;
- pause (Esc, Start or the pause button), focus loss pauses, a gamepad
  pulled out pauses and names the player, a window too small pauses;
- computer seats (turn-based and simultaneous games): their bot is asked
  when the rules wait for them and nothing is animating;
- the result panel (play again / back to the menu);
- ``submit(action)``: rules first; a refusal is shown and sounded;
- undo (``ask_undo``: the Undo button, U or Ctrl+Z, the pause menu): a person
  takes back their last move where the rules allow, the other people agreeing
  (tabletop/ui/undo.py); ``after_undo`` lets a table forget what it showed.

Input routing: in turn-based games, or with a single human, every device
acts for the human whose choice the game is waiting for. Otherwise each
seat has its own scheme (see input.bindings) and the ``Router`` keeps them
apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from tabletop import adaptive
from tabletop.core.actions import seat_of
from tabletop.core.game import Refused, Report, name_seats
from tabletop.core.i18n import words
from tabletop.core.undo import Undo
from tabletop.input import hints, rebind
from tabletop.input.devices import Press, Router, key_name, menu_buttons
from tabletop.session import GameSession
from tabletop.ui import cards, gfx, pace, undo
from tabletop.ui import moment as moment_mod
from tabletop.ui import result as result_mod
from tabletop.ui.focus import FocusMixin, Hot
from tabletop.ui.pause import PauseScene, ReconnectScene
from tabletop.ui.regions import Same
from tabletop.ui.scene import GUARD_MS, Scene

_, ngettext = words(__name__)

if TYPE_CHECKING:  # for the type checker only: the secrecy and the result menu, imported where used
    from tabletop.ui.secrecy import Secrecy
    from tabletop.ui.widgets import Menu


DRAG_THRESHOLD = 6  # pixels a press must move before it is a drag


@dataclass
class Flight:
    """A card sliding back (or to its place) after a drop."""

    image: pygame.Surface
    start: tuple
    end: tuple
    ms: float
    total: float


class TableLink(Protocol):
    """Where a table is played, beyond its game: at one computer nothing more (``Here``); online the
    network's part (ui/online_table.py), composed with the table (the table is given it), never mixed into
    the table's class. The window's loop reaches the table through it."""

    def next_frame(self) -> float | None: ...
    def update(self, dt_ms: float) -> None: ...
    def handle(self, event, pad_changes) -> None: ...
    def draw(self, surf, vp) -> None: ...
    def net_note(self, seat: int) -> str: ...
    def result_items(self, items: list) -> list: ...
    def play_again(self) -> bool: ...
    def replay_ready(self) -> bool: ...
    def leave(self) -> bool: ...
    def before_quit(self) -> bool: ...
    def focus_pauses(self) -> bool: ...
    def overlay_key(self) -> tuple | None: ...


class Here:
    """A table played at this computer: the window's loop reaches the table as it is."""

    def __init__(self, table: TableScene):
        self.table = table

    def next_frame(self) -> float | None:
        return self.table.next_frame()

    def update(self, dt_ms: float) -> None:
        self.table.update(dt_ms)

    def handle(self, event, pad_changes) -> None:
        self.table.handle(event, pad_changes)

    def draw(self, surf, vp) -> None:
        self.table.draw(surf, vp)

    def net_note(self, seat: int) -> str:
        """Nothing follows a name at one computer (online: the ping)."""
        return ""

    def result_items(self, items: list) -> list:
        return items

    def play_again(self) -> bool:
        """False: the table starts the next game itself (online it is asked of the others)."""
        return False

    def replay_ready(self) -> bool:
        return True

    def leave(self) -> bool:
        """Nothing to close at one computer: the table is left at once."""
        return True

    def before_quit(self) -> bool:
        """Closing the window asks nothing: the game is kept after every move."""
        return False

    def focus_pauses(self) -> bool:
        """True: looking at another window pauses the game."""
        return True

    def overlay_key(self) -> tuple | None:
        """What the link draws over the table (nothing here; online: its corner notes; None: a card
        over the table)."""
        return ()


class Coach(Protocol):
    """What a table asks of a lesson's coach (``tutorial/coach.Tutor``, given by the lesson's mode; the
    table never imports the tutorial)."""

    lesson: Any  # the lesson being played (tutorial.Lesson)
    player: int  # the learner's seat
    reached: bool  # the lesson's goal holds

    def vet(self, action, before, after) -> str | None: ...
    def coach(self, text: str) -> None: ...
    def after(self) -> None: ...
    def holding(self) -> bool: ...
    def update(self, dt_ms: float) -> None: ...
    def handle(self, event, pad_changes) -> bool: ...
    def pause_items(self): ...
    def draw(self, surf, vp) -> None: ...
    def frame_key(self, vp) -> tuple: ...
    def next_change(self) -> float | None: ...


class Mode:
    """What a table is built for, and the parts that go with it; this one: play at this computer. The
    others: watching a record (``ui/replay.Watching``), a lesson (``tutorial/coach.Coached``) and online
    play (``ui/online_table.OnlinePlay``). A table is given its mode when it is built and takes its parts
    from it there; nothing sets a table's parts afterwards (docs/engine.md, "Table modes")."""

    undo = True  # a person may take back a move (as far as the game and the session allow)
    watched = False  # a replay drives the table: its record's moves alone change the game (no clock of its own)
    one_screen = False  # one person plays every seat with any device (a lesson of secret choices)
    result_height = 652  # the result panel's height (design units): a replay keeps its bar below it

    def link(self, table: TableScene) -> TableLink:
        """How the window reaches the table (online: through the network's part)."""
        return Here(table)

    def tutor(self, table: TableScene) -> Coach | None:
        """A lesson's coach (none in play)."""
        return None

    def secrecy(self, table: TableScene) -> Secrecy:
        """Who may see whose private things at a table of secret choices: as the player set it."""
        from tabletop.ui.secrecy import Secrecy

        return Secrecy(table, "curtain" if self.one_screen else table.app.settings.secrecy)

    def result_menu(self) -> Menu | None:
        """The result panel's own menu (a replay's); None: the table's (Rematch, Watch the replay, ...)."""
        return None


PLAY = Mode()


class TableScene(FocusMixin, Scene):
    undo_spot = undo.BUTTON  # where the Undo button sits (design units); a table may move it

    def __init__(self, app, session: GameSession, mode: Mode = PLAY):
        super().__init__(app)
        self.session = session
        self.mode = mode
        self.spec = session.spec
        self.rules = session.spec.rules
        humans = [i for i, s in enumerate(session.seats) if s.kind == "human"]
        self.humans = humans
        self.shared_input = self.spec.dynamics.shares_input or len(humans) <= 1 or mode.one_screen
        schemes = [s.scheme if s.kind == "human" else None for s in session.seats]
        if self.shared_input:
            schemes = [None] * len(session.seats)
        self.router = Router(app.settings, app.pads, schemes)
        self.hots: list[Hot] = []
        self.next_hots: list[Hot] = []
        self.init_focus()  # keyboard / gamepad focus per seat (ui.focus)
        for seat in humans:  # the ring shows from the first frame unless the mouse was the last device
            self.show_focus[seat] = self.seat_device(seat) != hints.MOUSE
        self.drag: dict | None = None
        self.flights: list[Flight] = []
        self.message = ""
        self.message_ms = 0.0
        self.bot_wait = 0.0
        self.result_dismissed = False
        self.result_up = False  # the result panel showed at the last update (its press guard starts when it shows)
        self.result_menu: Menu | None = None
        self.anim_speed = float(app.settings.animation_speed)
        self.pace = pace.factor(app.settings)  # the "Computer turns" setting: scales the pauses below
        self.read_ms = 0.0  # a person's own result stays this long before a computer moves on
        self.pause_rect: pygame.Rect | None = None
        self.undo_rect = None  # the Undo button, while it is shown
        self.tutor: Coach | None = mode.tutor(self)  # a lesson's coach (tabletop.tutorial) in a lesson
        self.watched = mode.watched  # a replay drives this table: its record's moves alone change the game (no clock)
        self.moments: list[moment_mod.Moment] = []  # big moments being shown, one after another
        self.report: Report | None = None  # the finished game's story (result_mod.build), gathered once
        self.next_time = ""  # the Adaptive computer's level for the next game, said on the result panel
        self.result_bottom = 0  # the window y where the result panel's story and numbers end
        self.link: TableLink = mode.link(self)  # online: the network's part (ui/online_table.py)
        self.pressed = False  # a press went down since the last frame was drawn (frame_handle)
        self.waiting_presses: list = []  # (event, pad changes) waiting for the frame that draws the last press
        self.auto_seat: int | None = None  # the computer seat whose move is the latest (None: a person's)
        self.shown_key: tuple | None = None  # what the last frame showed (``frame_key``)
        self.calm_key: tuple | None = None  # a lesson's calm picture under its words (``_lesson_calm``)
        self.calm_picture: pygame.Surface | None = None

    # -- the window's loop reaches the table through its link ------------------------------
    # One press a frame (turn-based and simultaneous tables): a press acts on the table as drawn, so
    # the presses after one that acted wait for the frame that draws what it did (a card placed, the
    # focus on its neighbour), then act on that; they are never spent on what the first press changed.
    def frame_wait(self) -> float | None:
        return 0 if self.waiting_presses else self.link.next_frame()

    def frame_update(self, dt_ms: float) -> None:
        self._replay_presses()
        self.link.update(dt_ms)

    def frame_draw(self, surf, vp) -> None:
        self.link.draw(surf, vp)
        self.pressed = False  # the table as the last press left it is drawn

    def frame_handle(self, event, pad_changes) -> None:
        if not self.spec.dynamics.clocked and (self.waiting_presses or self.pressed):
            self.waiting_presses.append((event, pad_changes))
            return
        self._handle_press(event, pad_changes)

    def _handle_press(self, event, pad_changes) -> None:
        self.link.handle(event, pad_changes)
        self.pressed = self.pressed or self._is_press(event, pad_changes)

    def on_covered(self) -> None:
        self.waiting_presses.clear()  # a screen came over the table: it takes none of the table's presses

    def _replay_presses(self) -> None:
        """The presses that waited for the last frame, in order, until one acts (the rest wait again)."""
        while self.waiting_presses and not self.pressed:
            self._handle_press(*self.waiting_presses.pop(0))

    @staticmethod
    def _is_press(event, pad_changes) -> bool:
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) or any(d for _i, _n, d in pad_changes)

    def auto_moving(self, seat: int) -> bool:
        """In a game of turns, the computer is moving (its turn, or its move still being shown): a choice
        ``seat`` presses now would land on a table about to change, so it is refused aloud. (Where seats
        choose at once, each lays its own choice whatever the computer does; in real time it never stops.)"""
        if not self.spec.dynamics.shares_input or self.session.outcome() is not None or self.watched:
            return False
        to_act = self.rules.to_act(self.session.state)
        if seat in to_act:  # its turn: while the computer's move is still being shown
            return self.busy() and self.auto_seat is not None
        return seat in self.humans and any(s in self.session.bots for s in to_act)

    def _refuse_auto(self) -> None:
        to_act = [s for s in self.rules.to_act(self.session.state) if s in self.session.bots]
        seat = to_act[0] if to_act else self.auto_seat
        name = self.session.seats[seat].name if seat is not None else _("The computer")
        self.say(_("{name} is moving: press again when it is your turn.").format(name=name), 2500)
        self.app.sounds.play("refuse")

    @property
    def tutor_banner(self) -> tuple[int, int, int, int] | None:
        """Where a lesson's words go (design units); None: the lessons' usual place."""
        return None

    def name_note(self, seat: int) -> str:
        """What follows a seat's name on the table: " (computer)" for the computer's seats; a person
        is their name, online with their connection's ping (``net_note``)."""
        computer = " " + _("(computer)") if self.session.seats[seat].kind == "computer" else ""
        return computer + self.net_note(seat)

    def net_note(self, seat: int) -> str:
        """Online, a person's ping (" · 23 ms"); nothing at one computer."""
        return self.link.net_note(seat)

    # -- hooks for subclasses ---------------------------------------------------------
    def draw_table(self, surf, vp) -> None:
        raise NotImplementedError

    def on_choose(self, seat: int, payload) -> None:
        """A seat chose a hot card (click, or confirm on its focus)."""

    def on_drop(self, seat: int, payload, zone) -> None:
        """A seat dropped a card on a zone that accepts it."""

    def on_press(self, press: Press) -> None:
        """Any other virtual button (peek, claims, ...)."""

    def busy(self) -> bool:
        """True while something is animating that bots and the result panel should wait for."""
        return bool(self.flights) or (self.tutor is not None and self.tutor.holding())

    def after_action(self, action, result) -> None:
        """Called after every accepted action (start animations, play sounds)."""

    def after_undo(self, seat: int) -> None:
        """Called after ``seat`` took back a move: forget any choice the table kept of it."""

    def lesson_seen(self, goal) -> bool:
        """Has the table shown enough for a lesson's reached ``goal`` to be praised? (a table that replays
        a move step by step may say yes once the step that reached it was shown)"""
        return not self.busy()

    def watch_time(self, t_ms: int) -> None:
        """A replay's clock stands at ``t_ms`` of the round (a real-time table shows its time from it)."""

    def bench_pose(self) -> None:
        """The benchmark's and screenshots' busiest look (a table whose busiest look is not the
        game as it stands sets it here)."""

    def lesson_spots(self, vp) -> list:
        """Places a lesson may light up that are not hot things (payload, window rect); see tabletop.tutorial."""
        return []

    def invalidate(self) -> None:
        """Forget any picture kept from an earlier frame, so the next frame is drawn in
        full (the benchmark's worst case). A table that keeps one elsewhere than
        ``still_frame`` / ``_still_key`` overrides this."""
        for name in ("still_frame", "_still_key"):
            if name in self.__dict__:
                setattr(self, name, None)

    def acting_seat(self) -> int | None:
        """The human seat the shared devices act for now."""
        waiting = [s for s in self.rules.to_act(self.session.state) if s in self.humans]
        if waiting:
            return waiting[0]
        return self.humans[0] if self.humans else None

    # -- actions -------------------------------------------------------------------------
    def submit(self, action):
        if self.tutor is not None:
            return self._submit_lesson(action)
        result = self.session.submit(action)
        if isinstance(result, Refused):
            self.say(result.reason)
            self.app.sounds.play("refuse")
        elif isinstance(action, Undo):
            self.drag, self.flights, self.read_ms = None, [], 0.0
            self.invalidate()
            self.after_undo(action.player)
            self.say(_("{name} took back a move.").format(name=self.session.seats[action.player].name), 2500)
            self.app.sounds.play("click")
        else:
            if seat_of(action) not in self.session.bots:
                self.auto_seat = None  # the latest move is a person's
            if self.spec.dynamics.shares_input and seat_of(action) in self.humans:
                self.read_ms = pace.READ_MS * self.pace  # time to read your own result
            self.after_action(action, result)
            notice = self.save_notice()  # saving stopped or started again: said once
            if notice:
                self.say(notice)
        return result

    def _submit_lesson(self, action):
        """In a lesson the coach first sees each move: the rules' refusal, or a legal move that is
        not the lesson's, is coached and not played."""
        assert self.tutor is not None  # submit() comes here only in a lesson
        before = self.session.state
        result = self.rules.apply(before, action)
        if not isinstance(result, Refused):
            why = self.tutor.vet(action, before, result)
            if why:
                result = Refused(why)
        if isinstance(result, Refused):
            if seat_of(action) == self.tutor.player:
                self.tutor.coach(result.reason)
            self.app.sounds.play("refuse")
            return result
        result = self.session.submit(action)
        if seat_of(action) not in self.session.bots:
            self.auto_seat = None  # the latest move is a person's
        self.after_action(action, result)
        self.tutor.after()
        return result

    def save_notice(self) -> str:
        """A change in saving to tell once ("" for a session that keeps no file, e.g. a remote one)."""
        return self.session.take_notice()

    def moment(self, title: str, line: str = "", colour=gfx.GOLD, sound: str | None = None) -> None:
        """A big moment of the game: a shout sweeps across the table (after those already showing)
        and ``sound`` plays when it starts. The result panel waits for it."""
        ms = moment_mod.MOMENT_MS / self.anim_factor()
        self.moments = self.moments[-3:]  # never a long queue of shouts behind the play
        self.moments.append(moment_mod.Moment(title, line, colour, ms, sound))
        if len(self.moments) == 1 and sound:
            self.app.sounds.play(sound)

    def say(self, text: str, ms: float = 3500) -> None:
        self.message = text
        self.message_ms = ms

    # -- taking back a move ------------------------------------------------------------
    def undo_shown(self) -> bool:
        """Whether this table offers undo at all (not in a lesson, a replay, online, or in real time)."""
        return self.mode.undo and not self.session.remote and self.spec.dynamics.undo and bool(self.humans)

    def undo_reason(self) -> str:
        """Why nobody here may take back a move now ("" when someone may)."""
        if self.session.remote:
            return _(undo.ONLINE)
        seat = self.session.undo_seat()
        if seat is not None and seat in self.humans:
            return ""
        asker = self.acting_seat()
        return self.session.undo_why(self.humans[0] if asker is None else asker)

    def ask_undo(self) -> None:
        """A person asks to take back their last move: done at once against the computer, asked of
        the other people otherwise; refused with the rules' reason when it may not be."""
        if not self.mode.undo or not self.humans:
            return
        why = self.undo_reason()
        if why:
            self.say(why)
            self.app.sounds.play("refuse")
            return
        seat = self.session.undo_seat()
        others = [h for h in self.humans if h != seat]
        if others:
            self.drop_held()
            self.app.push(undo.UndoPrompt(self.app, self, seat, others))
        else:
            self.undo_move(seat)

    def undo_move(self, seat: int):
        return self.submit(Undo(seat))

    def undo_offered(self) -> bool:
        """Whether a person here may take back a move now: only then do the Undo button and the pause
        menu's item show (never in a lesson, online, in real time, or when the rules say no)."""
        return self.undo_shown() and self.session.outcome() is None and not self.undo_reason()

    def undo_item(self, pause):
        """The pause menu's "Take back my last move" wherever this table offers undo: greyed, saying why,
        while no move may be taken back (the menu's items never shift); None where it never is."""
        from tabletop.ui.widgets import Item

        if not self.undo_shown():
            return None
        if not self.undo_offered():
            why = self.undo_reason() if self.session.outcome() is None else _("The game is over.")
            return Item(_("Take back my last move"), enabled=False, hint=why)

        def go():
            pause.resume()
            self.ask_undo()

        hint = self.device_words(self.acting_seat(), _("Or the Undo button at the table"), _("Or U at the table"), "")
        return Item(_("Take back my last move"), action=go, hint=hint)

    def _draw_undo(self, surf, vp) -> None:
        """The Undo button, while a move may be taken back: for the mouse, like the pause button (keys:
        U or Ctrl+Z; a gamepad: the pause menu), so it never joins a seat's focus."""
        self.undo_rect = None
        if not self.undo_offered():
            return
        self.undo_rect = rect = vp.r(*self.undo_spot)
        gfx.panel(surf, rect, (70, 84, 110), radius=max(3, rect.h // 5), border=(150, 160, 190), width=1)
        px = max(int(rect.h * 0.5), min(gfx.body_px(vp), rect.h - 4))
        gfx.draw_fitted(surf, _(undo.LABEL), rect.inflate(-vp.s(10), -2), px, gfx.WHITE, min_px=px, lines=1)

    # -- registering what can be pointed at (call while drawing) ------------------------
    def hot_card(self, rect, payload, seat=None, image=None, group=None) -> None:
        self.next_hots.append(Hot(pygame.Rect(rect), payload, seat, "card", image, group=group))

    def hot_zone(self, rect, payload, accepts=None, seat=None) -> None:
        self.next_hots.append(Hot(pygame.Rect(rect), payload, seat, "zone", accepts=accepts))

    def hot_button(
        self, rect, label: str, callback, seat=None, px=None, enabled=True, group=None, safe=False, grow=True
    ) -> pygame.Rect:
        """A button drawn with its label fitted (grown with the player's text size unless ``grow`` is false:
        a column of buttons set at one size, ``gfx.one_size``, passes its size and ``grow=False``)."""
        vp = self.app.vp
        rect = pygame.Rect(rect)
        surf = pygame.display.get_surface()
        if surf is not None:
            col = (70, 84, 110) if enabled else (45, 48, 56)
            gfx.panel(surf, rect, col, radius=max(3, rect.h // 5), border=(150, 160, 190) if enabled else None, width=1)
            gfx.draw_fitted(
                surf,
                label,
                rect.inflate(-vp.s(10), -2),
                px or max(8, int(rect.h * 0.45)),
                gfx.WHITE if enabled else gfx.DIM,
                grow=grow,
            )
        if enabled:
            self.next_hots.append(Hot(rect, label, seat, "button", callback=callback, group=group, safe=safe))
        return rect

    # -- scene plumbing ------------------------------------------------------------------
    def on_exit(self) -> None:
        self.session.close()  # leaving the table: its kept game is unlocked

    def on_enter(self) -> None:
        notice = self.save_notice()
        if notice:
            self.say(notice, 6000)
        self._check_pads()

    def _check_pads(self) -> None:
        if self.router.missing_pads() and not any(isinstance(s, ReconnectScene) for s in self.app.stack):
            self.app.push(ReconnectScene(self.app, self, self.router.missing_pads()[0]))

    def on_bindings_changed(self) -> None:
        self.router.map_keys()  # the game under Settings: its keys follow the new bindings now

    def pause(self) -> None:
        if self.app.stack and self.app.stack[-1] is self:
            self.drop_held()
            self.app.push(PauseScene(self.app, self, self.tutor.pause_items() if self.tutor else None))

    def drop_held(self) -> None:
        """Let go of whatever is being dragged (pause, unplug): it goes back."""
        if self.drag is not None:
            self._fly_back(self.drag)
            self.drag = None
        self.router.release_all()

    def on_focus_lost(self) -> None:
        if self.session.outcome() is None and self.link.focus_pauses():
            self.pause()

    def on_pad(self, pe) -> None:
        seat = self.router.on_pad_event(pe)
        if pe.kind == "removed" and seat is not None:
            self.drop_held()
            self.app.push(ReconnectScene(self.app, self, seat))

    def handle(self, event, pad_changes) -> None:
        """Esc pauses; U or Ctrl+Z asks to take back a move; a lesson's coach and the result panel take
        what they want; the rest is play (``handle_play``)."""
        if event.type == pygame.KEYDOWN and key_name(event) == "escape":
            self.pause()
            return
        if (
            event.type == pygame.KEYDOWN
            and self.spec.dynamics.undo  # in real time U and Z are the game's own keys
            and self.mode.undo
            and self.humans
            and self.session.outcome() is None
            and (key_name(event) == "u" or (key_name(event) == "z" and event.mod & pygame.KMOD_CTRL))
        ):
            self.ask_undo()
            return
        if self.tutor is not None and self.tutor.handle(event, pad_changes):
            return
        if self._result_again(event, pad_changes):
            return
        if self.showing_result():
            self.handle_result(event, pad_changes)
            return
        self.handle_play(event, pad_changes)

    def handle_play(self, event, pad_changes) -> None:
        """An event while the game is played: each seat's devices give presses (``_press``; pause
        pauses), and the mouse points, clicks and drags. A table with devices of its own (real time)
        overrides this."""
        if self.shared_input:
            seat = self.acting_seat()
            presses = []
            if seat is not None:
                for b in menu_buttons(event, pad_changes):
                    presses.append(Press(seat, b, True, "menu"))
                if event.type == pygame.KEYUP and key_name(event) in ("tab", "`"):
                    presses.append(Press(seat, "peek", False, "key"))
                elif event.type == pygame.KEYDOWN and key_name(event) in ("tab", "`"):
                    presses = [p for p in presses if p.button != "next"] + [Press(seat, "peek", True, "key")]
                for _iid, name, down in pad_changes:
                    if name == "y":
                        presses.append(Press(seat, "peek", down, "pad"))
            mouse_seat = seat
        else:
            presses = self.router.feed(event) + self.router.feed_pad(pad_changes)
            mouse_seat = next((i for i, s in enumerate(self.router.schemes) if s == "mouse"), None)
        for p in presses:
            if p.down and p.button == "pause":
                self.pause()
                return
            self._press(p)
        self._mouse(event, mouse_seat)

    def _press(self, p: Press) -> None:
        if p.down:
            self.read_ms = 0.0  # pressing on: the computers need not wait for you any longer
        seat = p.seat
        if seat is None or not p.down:
            self.on_press(p)
        elif p.button in ("up", "down", "left", "right"):
            self.show_focus[seat] = True
            self._move_focus(seat, p.button)
        elif p.button in ("next", "prev"):
            self.show_focus[seat] = True
            self.cycle_group(seat, 1 if p.button == "next" else -1)
        elif p.button == "confirm" and p.source != "mouse":
            hot = self.focused(seat)
            if (hot is None or hot.kind != "button") and self.auto_moving(seat):
                self._refuse_auto()  # the computer is moving: said, not spent on a table about to change
            elif hot is None or not self.show_focus.get(seat):
                # Enter / A acts only on a focus the player can see: this press shows it
                self.show_focus[seat] = True
                self.reseat_focus(seat)
                if self.focused(seat) is None and self.hidden_now(seat):
                    self.say(self.peek_words(seat))  # the focus waits with them
                self.app.sounds.play("click")
            elif hot.kind == "button" and hot.callback is not None:
                hot.callback()
            elif hot.kind != "button":
                self.on_choose(seat, hot.payload)
        else:
            self.on_press(p)

    def seat_device(self, seat: int | None) -> str | None:
        """The device ``seat`` plays with (input.hints): its own controls, else the last device anybody used."""
        schemes = self.router.schemes
        scheme = schemes[seat] if seat is not None and 0 <= seat < len(schemes) else None
        if not self.shared_input and scheme in hints.SCHEME_DEVICE:
            return hints.SCHEME_DEVICE[scheme]
        return self.app.last_device

    def device_words(self, seat: int | None, mouse: str, keys: str, pad: str | None = None) -> str:
        """A hint for ``seat`` in the words of the device it plays with (input.hints.words), its controls
        named as that seat's own: "{move} to it, then {confirm}" reads "W A S D to it, then Space" for
        the left half of the keyboard, "the d-pad to it, then A" with a gamepad. ``pad``: as ``keys``."""
        text = hints.words(self.seat_device(seat), mouse, keys, keys if pad is None else pad)
        return hints.fill(text, self.control_words(seat))

    def control_line(self, seat: int | None, mouse: str, parts: list[tuple[str, str]], sep: str = " · ") -> str:
        """A line of ``seat``'s controls: ``mouse`` for the mouse, else each (control, what it does) of
        ``parts`` named with the seat's own input ("W A S D move · E/R group · Space choose"); a control
        its device lacks is left out. ``parts`` name the words of ``control_words`` ("moves", "group",
        "confirm", "back", "history", ...); their deeds are already translated."""
        if (self.seat_device(seat) or hints.MOUSE) == hints.MOUSE:
            return mouse
        words = self.control_words(seat)
        said = [_("{control} {does}").format(control=words[c], does=does).strip() for c, does in parts if words.get(c)]
        return sep.join(said)

    def history_keys(self) -> str:
        """What opens the table's history, for its button's label ("H", "X"; "" for none): the acting
        seat's control, or with seats of their own each one's that has one (a keyboard half has none)."""
        seats = [self.acting_seat()] if self.shared_input else self.humans
        return "/".join(dict.fromkeys(k for k in (self.control_words(s)["history"] for s in seats) if k))

    def control_words(self, seat: int | None) -> dict[str, str]:
        """The names of ``seat``'s controls for hints (input.hints.names)."""
        own = not self.shared_input and seat is not None and 0 <= seat < len(self.router.schemes)
        scheme = self.router.schemes[seat] if own and seat is not None else None
        device = self.seat_device(seat)
        if hints.SCHEME_DEVICE.get(scheme or "") != device:
            scheme = None  # a seat any device acts for (one person against the computer): the one in use
        return hints.names(self.app.settings.bindings, scheme, device)

    def control_name(self, seat: int, button: str, shared: str) -> str:
        """The seat's control for ``button`` in words: ``shared`` when every device acts for it, else
        its own scheme's first input ("Space", "A on the gamepad")."""
        scheme = None if self.shared_input else self.router.schemes[seat]
        if scheme is None:
            return shared
        name = self.control_key(seat, button)
        if name is None:
            return _("your {button} control").format(button=button)
        return _("{name} on the gamepad").format(name=name) if scheme == "gamepad" else name

    def control_key(self, seat: int, button: str) -> str | None:
        """The first input of the seat's own scheme for ``button``, alone ("Space", "Y"), as the player
        bound it; None when every device acts for the seat or nothing is bound to ``button``."""
        scheme = None if self.shared_input else self.router.schemes[seat]
        if scheme is None:
            return None
        names = rebind.inputs_for(self.app.settings.bindings, scheme, button)
        return rebind.input_label(scheme, names[0]) if names else None

    def seat_button(self, seat: int | None, button: str) -> str:
        """What ``seat`` presses for ``button`` ("confirm", "back", ...): its own scheme's input as bound
        when it has controls of its own, else the name on the device in use ("Enter", "A")."""
        return self.control_words(seat).get(button) or hints.button(self.seat_device(seat), button)

    def peek_name(self, seat: int) -> str:
        """The seat's peek control in words ("Tab", "Y on the gamepad")."""
        return self.control_words(seat)["peek"] or _("your peek control")

    def peek_words(self, seat: int) -> str:
        """How the seat sees its hidden cards: hold its peek control, or press it (the "Peek button" setting)."""
        if self.app.settings.hold_toggles:
            return _("Press {control} to see your cards (again to hide them).").format(control=self.peek_name(seat))
        return _("Hold {control} to see your cards.").format(control=self.peek_name(seat))

    # -- mouse ----------------------------------------------------------------------------
    def anim_factor(self) -> float:
        """The animation speed setting, at least 0.25: a table divides its animations' durations by it."""
        if self.app.settings.reduce_motion:  # no quick slides: at most the normal speed
            return max(0.25, min(1.0, self.anim_speed))
        return max(0.25, self.anim_speed)

    def hot_at(self, pos, kinds, seat) -> Hot | None:
        for h in reversed(self.hots):
            if h.kind in kinds and h.rect.collidepoint(pos) and (h.seat is None or h.seat == seat):
                return h
        return None

    def _mouse(self, event, seat) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.read_ms = 0.0  # a click presses on, like a key
            if self.pause_rect is not None and self.pause_rect.collidepoint(event.pos):
                self.pause()
                return
            if self.undo_rect is not None and self.undo_rect.collidepoint(event.pos):
                self.ask_undo()
                return
            if seat is None:
                return
            self.show_focus[seat] = False
            hot = self.hot_at(event.pos, ("button",), seat)
            if hot is not None:
                if hot.callback is not None:
                    hot.callback()
                return
            hot = self.hot_at(event.pos, ("card",), seat)
            if hot is not None:
                self.drag = {
                    "seat": seat,
                    "hot": hot,
                    "start": event.pos,
                    "pos": event.pos,
                    "moved": False,
                    "grab": (event.pos[0] - hot.rect.x, event.pos[1] - hot.rect.y),
                }
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag["pos"] = event.pos
            sx, sy = self.drag["start"]
            if abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > DRAG_THRESHOLD:
                if not self.drag["moved"]:
                    self.app.sounds.play("take")
                self.drag["moved"] = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            hot, seat = drag["hot"], drag["seat"]
            if not drag["moved"]:
                if self.auto_moving(seat):
                    self._refuse_auto()
                else:
                    self.on_choose(seat, hot.payload)
                return
            zone = self.hot_at(event.pos, ("zone",), seat)
            reason = _("Drop it on a place where it can go.") if zone is None else self.zone_refusal(hot.payload, zone)
            if reason:
                self.say(reason)
                self.app.sounds.play("refuse")
                self._fly_back(drag)
            elif zone is not None:
                self.on_drop(seat, hot.payload, zone.payload)

    def zone_refusal(self, payload, zone: Hot) -> str | None:
        return zone.accepts(payload) if zone.accepts else None

    def _fly_back(self, drag) -> None:
        hot = drag["hot"]
        img = hot.image
        if img is None:
            return
        gx, gy = drag["grab"]
        px, py = drag["pos"]
        ms = 250 / self.anim_factor()
        self.flights.append(Flight(img, (px - gx, py - gy), hot.rect.topleft, ms, ms))

    # -- bots and time ------------------------------------------------------------------
    def next_frame(self) -> float | None:
        """Frames while anything moves or counts down (a card flying, a big moment, a message, the
        pause after your move, a drag, a lesson) and while a computer is about to move; none while
        the table waits for a person."""
        if self.read_ms > 0 or self.busy() or self.bot_to_move():
            return 0
        if self.moving():
            lesson_only = not (self.flights or self.moments or self.drag is not None or self.message_ms > 0)
            if lesson_only and self.tutor is not None:
                return self.tutor.next_change()  # a frame when the lesson's marks or words change
            return 0
        return None

    def moving(self) -> bool:
        """Something on the table moves or counts down: a card flying or dragged, a big moment, a
        message, a lesson's coach."""
        return bool(
            self.flights or self.moments or self.drag is not None or self.message_ms > 0 or self.tutor is not None
        )

    def bot_to_move(self) -> bool:
        """A computer seat is waiting to move (turn-based and simultaneous games)."""
        if self.spec.dynamics.server_drives_bots or self.session.outcome() is not None:
            return False
        return any(s in self.session.bots for s in self.rules.to_act(self.session.state))

    def update(self, dt_ms: float) -> None:
        self.message_ms = max(0.0, self.message_ms - dt_ms)
        self.read_ms = max(0.0, self.read_ms - dt_ms)
        for f in self.flights:
            f.ms -= dt_ms
        self.flights = [f for f in self.flights if f.ms > 0]
        if self.moments:
            self.moments[0].ms += dt_ms
            if self.moments[0].done:
                self.moments.pop(0)
                if self.moments and self.moments[0].sound:
                    self.app.sounds.play(self.moments[0].sound)
        if self.tutor is not None:
            self.tutor.update(dt_ms)
        if not self.spec.dynamics.server_drives_bots:
            self._drive_bots(dt_ms)
        up = self.showing_result()
        if up and not self.result_up:  # the result shows: the press that ended the game does not choose on it
            self.app.presses.appeared(self, GUARD_MS)
        self.result_up = up

    def _drive_bots(self, dt_ms: float) -> None:
        # a lesson whose goal is reached is over: its computer seat waits for the next lesson (a game's
        # own ``busy`` need not know about lessons)
        lesson_over = self.tutor is not None and self.tutor.reached
        if self.session.outcome() is not None or self.busy() or self.read_ms > 0 or lesson_over:
            self.bot_wait = 0.0
            return
        waiting = [s for s in self.rules.to_act(self.session.state) if s in self.session.bots]
        if not waiting:
            self.bot_wait = 0.0
            return
        self.bot_wait += dt_ms
        if self.bot_wait < pace.THINK_MS * self.pace:
            return
        self.bot_wait = 0.0
        seat = waiting[0]
        action = self.session.bots[seat].choose(self.session.view(seat))
        self.auto_seat = seat
        result = self.submit(action)
        if isinstance(result, Refused):  # a bot must never do this; say so rather than hang
            self.say(
                _("Computer {name} made an illegal move: {why}").format(
                    name=self.session.seats[seat].name, why=result.reason
                )
            )

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surf, vp) -> None:
        """The game's table (``draw_table``), then what the base draws over it. A table that draws by
        parts (ui/regions.py: it keeps a picture and says its moving parts) has these said as parts too;
        those that cover much of the table (a big moment, the result panel, a focus ring or a drag)
        have the frame drawn whole."""
        regions = self.app.regions
        key = self.frame_key(vp)
        if key is not None and key == self.shown_key and not regions.whole and regions.keep(self):
            regions.same_parts()  # nothing changed since the last frame: it stays as it is
            return
        self.shown_key = key
        calm = self._lesson_calm(vp)
        if calm is not None and calm == self.calm_key and not regions.whole and regions.keep(self):
            assert self.tutor is not None and self.calm_picture is not None  # a calm lesson's picture is kept
            for r in regions.stale():
                surf.blit(self.calm_picture, r, r)
            self.tutor.draw(surf, vp)
            return
        for _ in range(2):
            self.next_hots = []
            self.draw_table(surf, vp)
            self._draw_undo(surf, vp)
            self.hots = self.next_hots
            if not self.settle_focus():
                break  # else the focus went onto another thing: drawn again, the table shows it (previews, a lift)
        self.draw_focus(surf, vp)
        self._draw_drag(surf)
        dragged = self.drag is not None and self.drag["moved"]
        if calm is None and (self.undo_rect is not None or self.drawn_focus or dragged):
            regions.whole_frame()
        for f in self.flights:
            t = gfx.ease_out(1 - f.ms / f.total)
            at = surf.blit(f.image, (gfx.lerp(f.start[0], f.end[0], t), gfx.lerp(f.start[1], f.end[1], t)))
            regions.part(at, ("flight", id(f)))
        self.pause_rect = pause_rect = vp.r(1232, 8, 40, 32)
        gfx.panel(surf, pause_rect, (40, 44, 56), radius=vp.s(6))
        bar_w, bar_h = vp.s(5), vp.s(16)
        c = pause_rect.center
        for side in (-1, 1):  # two bars (vp.s is for lengths: an offset's sign goes outside it)
            pygame.draw.rect(surf, gfx.WHITE, (c[0] + side * vp.s(5) - bar_w // 2, c[1] - bar_h // 2, bar_w, bar_h))
        regions.part(pause_rect, "pause")
        if self.moments:
            moment_mod.draw(surf, vp, self.moments[0])
            regions.whole_frame()
        if self.tutor is not None:
            if calm is not None and regions.keep(self):  # the picture under the lesson's words, kept
                if self.calm_picture is None or self.calm_picture.get_size() != surf.get_size():
                    self.calm_picture = surf.copy()
                else:
                    self.calm_picture.blit(surf, (0, 0))
                self.calm_key = calm
            self.tutor.draw(surf, vp)
        if self.message_ms > 0 and self.message:
            regions.part(self.draw_message(surf, vp, self.message), ("message", self.message))
        if self.showing_result():
            self._draw_result(surf, vp)
            regions.whole_frame()

    def table_key(self, vp) -> tuple | None:
        """What the game's table draws this frame, when it draws by parts (ui/regions.py) and all of it
        is known: two frames with one key look the same. None (the default): not known, drawn again."""
        return None

    def frame_key(self, vp) -> tuple | None:
        """What this frame shows, the game's table (``table_key``) and what the base and the link draw
        over it; None while something moves that is not in it."""
        own = self.table_key(vp)
        if own is None or self.flights or self.moments or self.drag is not None or self.showing_result():
            return None
        if any(self.show_focus.values()) or self.undo_offered():
            return None
        over = self.link.overlay_key()
        if over is None:
            return None
        lesson = None if self.tutor is None else self.tutor.frame_key(vp)
        message = self.message if self.message_ms > 0 else ""
        return (own, vp.size, self.app.events, message, lesson, over)

    def _lesson_calm(self, vp) -> tuple | None:
        """In a lesson, while nothing but the lesson's marks moves (the table would need no frames
        of its own): what the table's picture under the lesson's words is drawn from (the state, the
        window's size and the events that came); None otherwise. Such a picture is kept, and only
        the lesson's parts are drawn again until that changes."""
        if self.tutor is None:
            return None
        tutor, self.tutor = self.tutor, None
        try:
            still = self.next_frame() is None
        finally:
            self.tutor = tutor
        return (vp.size, Same(self.session.state), self.app.events) if still else None

    def draw_message(self, surf, vp, text: str, y: float = 360) -> pygame.Rect:
        px = vp.s(22)
        lines = gfx.wrap(text, px, vp.s(900))
        h = len(lines) * gfx.font(px).get_linesize()
        w = max(gfx.font(px).size(line)[0] for line in lines)
        r = pygame.Rect(0, 0, w + vp.s(40), h + vp.s(24))
        r.center = vp.p(640, y)
        gfx.panel(surf, r, (30, 20, 20), radius=vp.s(10), border=gfx.REFUSE)  # opaque: no text shows through
        gfx.draw_fitted(surf, text, r.inflate(-vp.s(30), -vp.s(16)), px, gfx.WHITE)
        return r

    def _draw_drag(self, surf) -> None:
        if self.drag is None or not self.drag["moved"]:
            return
        hot = self.drag["hot"]
        img = hot.image
        if img is None:
            return
        gx, gy = self.drag["grab"]
        px, py = self.drag["pos"]
        r = img.get_rect(topleft=(px - gx, py - gy))
        zone = self.hot_at(self.drag["pos"], ("zone",), self.drag["seat"])
        if zone is not None:
            bad = self.zone_refusal(hot.payload, zone)
            pygame.draw.rect(surf, gfx.REFUSE if bad else gfx.HILITE, zone.rect.inflate(8, 8), width=3, border_radius=8)
        surf.blit(gfx.veil(r.w, r.h, (0, 0, 0), 70), r.move(6, 8))
        surf.blit(img, r)

    # -- the result ---------------------------------------------------------------------
    def showing_result(self) -> bool:
        """The result panel is up: the game is over, its last moments have been shown, and the
        player has not put it away to look at the table."""
        return (
            self.session.outcome() is not None
            and not self.busy()
            and not self.moments
            and not self.result_dismissed
            and not self.tutor
        )

    def game_report(self):
        """The finished game's story (``Rules.report``), gathered once."""
        if self.report is None:
            self.report = result_mod.build(self.session)
            self.next_time = adaptive.after_game(self.app.settings, self.session)  # once per finished game
        return self.report

    def result_text(self) -> tuple[str, str]:
        out = self.session.outcome()
        why = name_seats(out.reason, [seat.name for seat in self.session.seats])
        if out.winner is None:
            return _("A draw"), why
        return _("{name} wins!").format(name=self.session.seats[out.winner].name), why

    def headline(self) -> str:
        """The result said from the player's side and how it came: "You win by knockout in round 2!"
        for one person against the computer, the winner's name between people."""
        return result_mod.headline(self.session, self.game_report())

    def _result_items(self):
        from tabletop.ui.widgets import Item

        own = self.mode.result_menu()
        if own is not None:
            return own
        items = [
            Item(_("Rematch"), action=self.play_again, key="rematch"),
            Item(_("Watch the replay"), action=self.watch_replay),
            Item(_("Look at the table"), action=self.dismiss_result, key="look"),
            Item(_("Back to the menu"), action=self.leave),
        ]
        return self.result_menu_of(self.link.result_items(items))

    def result_menu_of(self, items):
        """The result panel's menu of ``items``, under the panel's story and numbers."""
        from tabletop.ui.widgets import MORE_H, Menu

        menu = Menu(
            items, x=440, y=result_mod.MENU_Y, w=400, row=44, sound=self.app.sounds, on_back=self.dismiss_result
        )
        # every row down to the panel's foot (no hint line under it), not only those above the window's hint
        # line: the usual four choices all show; more scroll, with the ▼ (and its room) under the last row
        room = 34 + self.mode.result_height - result_mod.MENU_Y - 4
        rows = room // menu.row if len(items) * menu.row <= room else (room - MORE_H) // menu.row
        menu.max_rows = max(menu.max_rows, rows)
        menu.focus = result_mod.safe_focus(items)
        return menu

    def watch_replay(self):
        if not self.link.replay_ready():
            return
        self.app.watch(self.spec, self.session.record)

    def dismiss_result(self):
        """ "Look at the table": the panel goes until the player asks for it again (``_result_again``)."""
        self.result_dismissed = True
        if self.watched:  # a replay: its bar goes on from here (the table takes no press of its own)
            return
        seat = self.acting_seat()
        self.say(
            self.device_words(
                seat,
                _("Click the table to see the result again."),
                _("{back}: the result again.").format(back=self.seat_button(seat, "back")),
                _("{back}: the result again.").format(back=self.seat_button(seat, "back")),
            ),
            4000,
        )

    def _result_again(self, event, pad_changes) -> bool:
        """After "Look at the table", back (or a click the table does not take) brings the result
        panel back, with the focus where it was. True: used."""
        if self.session.outcome() is None or not self.result_dismissed or self.tutor is not None:
            return False
        esc = event.type == pygame.KEYDOWN and key_name(event) == "escape"  # Esc pauses, as ever
        back = "back" in menu_buttons(event, pad_changes) and not esc
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if click and self.hot_at(event.pos, ("card", "button"), self.acting_seat()) is not None:
            click = False  # the table's own button (its history, its log) takes it
        if back or click:
            self.result_dismissed = False
            self.message_ms = 0.0
            return True
        return False

    def play_again(self):
        from tabletop.session import Session

        if self.link.play_again():
            return
        seats = adaptive.next_seats(self.app.settings, self.spec, self.session.seats)
        session = Session.new(self.spec, seats, self.session.options)
        assert self.spec.make_table is not None  # this very table was made by it
        self.app.replace(self.spec.make_table(self.app, session))

    def leave(self):
        """Every way out of the table (the pause menu, the result panel): online, the goodbye is
        said first, and a game in play asks first (then the question leads on)."""
        if self.link.leave():
            self.app.home()

    def before_quit(self) -> bool:
        """The window is being closed: True when the table asks first (an online game in play)."""
        return self.link.before_quit()

    def handle_result(self, event, pad_changes):
        if self.result_menu is None:
            self.result_menu = self._result_items()
            self.app.sounds.play("cheer")
        self.result_menu.handle(event, pad_changes, self.app.vp)

    def _draw_result(self, surf, vp):
        if self.result_menu is None:
            self.result_menu = self._result_items()
            self.app.sounds.play("cheer")
        self.result_bottom = result_mod.draw(surf, vp, self, self.game_report(), self.result_text()[1])
        self.result_menu.draw(surf, vp)


def card_rect(vp, x, y, w=90, h=126) -> pygame.Rect:
    return vp.r(x, y, w, h)


def draw_card(
    table: TableScene, surf, vp, face: cards.Face, rect: pygame.Rect, payload=None, seat=None, highlight=None, dim=False
) -> None:
    """Draw a card and, with a payload, make it something a player can point at and drag."""
    cards.draw(surf, face, rect, highlight=highlight, dim=dim)
    if payload is not None:
        table.hot_card(rect, payload, seat, cards.render(face, rect.w, rect.h))
