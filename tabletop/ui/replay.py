"""Watching a record: the game's own table, driven by the record's actions.
Nobody can make a move in a replay.

The bar at the bottom: back to the start of this round (or the one before),
a step back, play / pause, a step forward, the next round; slower / faster;
whose side to watch from; leave; and a scrubber (click or drag anywhere on
it). Keys: Space play/pause, Left/Right a step, Page Up/Down a round,
Home/End, 0-9 jump to that tenth, Up/Down speed, V the side, Esc leave (the line above the bar says so
in the words of the device in use; the Play button wears the focus ring for keys and pads).
Gamepad: A play/pause, d-pad a step or the speed, shoulders a round,
triggers a tenth of the game, Y the side, B leave.

Each seat keeps its kind from the record, so computers are labelled as
computers. Watching from a player's side shows that player's secrets and
nobody else's; "No secrets" shows none. A step back (or any jump) rebuilds
the table from the record at that move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import validate
from tabletop.core import record as rec
from tabletop.core.actions import action_table, from_json
from tabletop.core.i18n import N_, words
from tabletop.core.undo import actions_of
from tabletop.input import hints
from tabletop.input.devices import key_name, menu_buttons
from tabletop.session import Seat, Session, start_live
from tabletop.ui import gfx
from tabletop.ui.scene import Scene
from tabletop.ui.secrecy import Secrecy
from tabletop.ui.table import Mode, TableScene

if TYPE_CHECKING:
    from tabletop.ui.widgets import Menu

_, ngettext = words(__name__)

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
STEP_MS = 900  # between moves of a turn-based game at 1x
BAR_Y, BAR_H = 678, 40
HINT_H = 24  # the strip of the viewer's controls over the bar
# the viewer's controls above its bar, in the words of the device in use (input.hints)
MOUSE_HINT = N_("Click a button, or click or drag along the bar")
KEYS_HINT = N_(
    "Space or Enter: play / pause · ← →: a step · Page Up / Down: a round · ↑ ↓: speed · V: side · Esc: back"
)
PAD_HINT = N_(
    "A: play / pause · d-pad ← →: a step, ↑ ↓: speed · LB / RB: a round · LT / RT: a tenth · Y: side · B: back"
)


class WatchSecrecy(Secrecy):
    """A replay's secrecy: only the watched seat's private things are shown (none for an onlooker);
    the seat is the replay's side of the moment (V or Y changes it)."""

    def __init__(self, table, side: Callable[[], int | None]):
        super().__init__(table, "replay")
        self.mode = "replay"
        self.side = side

    def visible(self, seat: int) -> bool:
        return seat == self.side()

    def curtain_needed(self, waiting):
        return None


class Watching(Mode):
    """A table built for watching a record: the replay's clock and its moves alone change the game (no
    undo, no clock of the table's own), the result panel ends above the replay's bar and has the
    replay's buttons, and only the watched side's secrets show."""

    undo = False
    watched = True
    result_height = BAR_Y - 34 - 8

    def __init__(self, replay: ReplayScene):
        self.replay = replay

    def secrecy(self, table: TableScene) -> Secrecy:
        return WatchSecrecy(table, lambda: self.replay.side)

    def result_menu(self) -> Menu | None:
        return self.replay.result_menu()


class ReplayScene(Scene):
    opaque = True  # it draws the table itself, above its bar (the app does not draw the table under it)
    pauses_below = False

    @classmethod
    def open(cls, app, path: str) -> Scene:
        """The replay of a record file (raises validate.Invalid for a file that is not one)."""
        loaded = validate.load_record(path)
        return cls(app, loaded.spec, loaded.record)

    def __init__(self, app, spec, record: rec.Record, side: int | None = -1):
        super().__init__(app)
        self.spec = spec
        self.source = record
        self.table_actions = action_table(actions_of(spec.rules))
        self.actions = [from_json(self.table_actions, a) for a in record.actions]
        humans = [i for i, p in enumerate(record.players) if p.get("kind", "human") == "human"]
        self.sides = [None] + list(range(len(record.players)))
        self.side = (humans[0] if len(humans) == 1 else None) if side == -1 else side
        self.rounds = self._round_starts()
        self.playing = True
        self.speed_i = 2
        self.error = ""
        self.scrub: int | None = None  # the move under a dragged scrubber
        self.buttons: list[tuple[pygame.Rect, Callable[[], object]]] = []
        self.track: pygame.Rect | None = None
        self._table_vp: gfx.Viewport | None = None
        self.table = self._table_at(0)

    # -- the table at a move ---------------------------------------------------------------------
    def _round_starts(self) -> list[int]:
        """The move numbers at which a round starts (0 first)."""
        round_of = self.spec.rules.round_of  # what changes when a new round (or turn) begins
        starts, key = [0], [round_of(rec.start(self.source, self.spec))]

        def mark(i: int | None, _action, state) -> None:
            new = round_of(state)
            if new != key[0] and i is not None and i + 1 < len(self.actions):
                starts.append(i + 1)
            key[0] = new

        self._play(len(self.actions), rec.history(self.spec, rec.n_players(self.source, self.spec)), mark)
        return starts

    def _play(self, index: int, history, on_state) -> Any:
        """The record's first ``index`` moves through ``history`` (undo entries rewind, as in play), each
        state given to ``on_state(i, action, state)``: ``core.record.replay``, the one replay loop. Returns
        the state reached; a record that stops replaying stops there (the door refuses such a file)."""
        src = self.source
        part = rec.Record(src.game, src.seed, src.options, src.players, src.setup, src.actions[:index])
        reached = [rec.start(src, self.spec)]

        def keep(i: int | None, action, state) -> None:
            reached[0] = state
            on_state(i, action, state)

        try:
            rec.replay(part, self.spec, on_state=keep, keep=history)
        except (rec.BadRecord, rec.RefusedAction):
            pass  # the moves before the fault stand
        return reached[0]

    def _session(self, index: int) -> Session:
        seats = []
        for i, p in enumerate(self.source.players):
            kind = p.get("kind", "human")
            seats.append(Seat(str(p.get("name", f"Player {i + 1}")), kind, level=str(p.get("level", ""))))
        options = self.spec.rules.check_options(self.source.options)
        src = self.source
        s = Session(
            spec=self.spec,
            seats=seats,
            options=options,
            seed=src.seed,
            record=rec.Record(
                game=self.spec.id, seed=src.seed, options=options, players=list(src.players), setup=src.setup
            ),
            setup=src.setup,
            autosave=False,
        )
        s.history = rec.history(self.spec, rec.n_players(self.source, self.spec))
        s.state = self._play(index, s.history, lambda _i, action, _state: s.record.add(action))
        s.live = start_live(self.spec, s.state)  # a real-time game's clock and hands, at that move
        return s  # no bots: nobody moves but the record

    def _build(self, index: int) -> None:
        """Put the table at move ``index`` (instantly, without animations)."""
        old = self.table
        self.table = table = self._table_at(index)
        if old in self.app.stack:
            self.app.stack[self.app.stack.index(old)] = table

    def _table_at(self, index: int) -> TableScene:
        """A new table at move ``index``, watched (the replay's clock and its result panel)."""
        index = max(0, min(len(self.actions), index))
        self.session = self._session(index)
        self.index = index
        assert self.spec.make_table is not None  # a record opens in a replay only for a game with a table
        table: TableScene = self.spec.make_table(self.app, self.session, Watching(self))
        self.wait = 0.0
        last_t = next(
            (
                a["t"]
                for a in reversed(self.source.actions[:index])
                if isinstance(a, dict) and validate.is_int(a.get("t"))
            ),
            0,
        )
        self.clock = float(last_t)
        self._last_t = last_t
        return table

    def seek(self, index: int) -> None:
        self.playing = False
        self.error = ""
        self._build(index)

    def result_menu(self) -> Menu:
        """The result panel's buttons, which act on the replay."""
        from tabletop.ui.widgets import Item

        items = [
            Item(_("Watch again"), action=self.restart),
            Item(_("Look at the table"), action=self.table.dismiss_result, key="look"),
            Item(_("Back to the menu"), action=self.leave),
        ]
        return self.table.result_menu_of(items)  # where a game's result puts it: under the numbers

    def restart(self):
        self.seek(0)
        self.playing = True

    def leave(self):
        """Back to the scene at the bottom of the stack: the launcher (no import of it: no circle)."""
        if not self.app.stack:
            return
        self.app.reset_to(self.app.stack[0])

    def back(self):
        """Esc, B or the bar's Back: to the screen the replay was opened from (a finished game's result
        panel with its Rematch, the list of replays, or the launcher)."""
        self.app.pop(self)

    def on_enter(self):
        self.app.stack.insert(len(self.app.stack) - 1, self.table)

    def on_exit(self):
        if self.table in self.app.stack:
            self.app.stack.remove(self.table)

    # -- moving through the record -------------------------------------------------------------
    def step(self) -> None:
        if self.index >= len(self.actions):
            self.playing = False
            return
        result = self.table.submit(self.actions[self.index])
        t = self.source.actions[self.index].get("t")
        if result and validate.is_int(t):
            self.table.watch_time(t)  # a step by hand moves the table's time on too
        if not result and self.table.message:
            self.error = _("Move {n} was refused: {why}").format(n=self.index + 1, why=self.table.message)
            self.playing = False
        self.index += 1

    def step_back(self) -> None:
        self.seek(self.index - 1)

    def next_round(self) -> None:
        later = [i for i in self.rounds if i > self.index]
        self.seek(later[0] if later else len(self.actions))

    def prev_round(self) -> None:
        """To the start of this round; pressed at a round's start, to the one before."""
        earlier = [i for i in self.rounds if i < self.index]
        self.seek(earlier[-1] if earlier else 0)

    def jump_fraction(self, f: float) -> None:
        self.seek(round(len(self.actions) * f))

    def toggle(self) -> None:
        if self.index >= len(self.actions):
            self.restart()
        else:
            self.playing = not self.playing

    def next_side(self) -> None:
        i = self.sides.index(self.side) if self.side in self.sides else 0
        self.side = self.sides[(i + 1) % len(self.sides)]  # the table's secrecy asks the side of the moment

    def side_label(self) -> str:
        if self.side is None:
            return _("View: no secrets")
        return _("View: {name}'s side").format(name=self.session.seats[self.side].name)

    def faster(self) -> None:
        self.speed_i = min(len(SPEEDS) - 1, self.speed_i + 1)

    def slower(self) -> None:
        self.speed_i = max(0, self.speed_i - 1)

    def next_frame(self) -> float | None:
        return 0 if self.playing else None  # the table below says when it moves

    def update(self, dt_ms):
        if not self.playing or self.table.busy():
            return
        speed = SPEEDS[self.speed_i]
        self.clock += dt_ms * speed
        nxt = self.source.actions[self.index] if self.index < len(self.actions) else None
        if nxt is None:
            self.playing = False
            return
        t = nxt.get("t")
        if validate.is_int(t):
            if t < self._last_t:  # the round clock started again
                self.clock = float(t)
            if self.clock >= t:
                self._last_t = t
                self.step()
            else:
                self.table.watch_time(int(self.clock))
        else:
            self.wait += dt_ms * speed
            if self.wait >= STEP_MS:
                self.wait = 0.0
                self.step()

    # -- input -----------------------------------------------------------------------------------
    def _result_showing(self) -> bool:
        t = self.table
        return t.session.outcome() is not None and not t.busy() and not t.result_dismissed

    def handle(self, event, pad_changes):
        if self._mouse(event):
            return
        buttons = menu_buttons(event, pad_changes)
        if event.type == pygame.KEYDOWN:
            k = key_name(event)
            extra = {"+": "faster", "=": "faster", "]": "faster", "-": "slower", "[": "slower", "v": "side"}
            extra.update({"home": "start", "end": "end", "space": "toggle", "tab": "side"})
            if k in extra:
                buttons = [extra[k]]
            elif len(k) == 1 and k.isdigit():
                buttons = [f"tenth{k}"]
        for _iid, name, down in pad_changes:
            if down and name in ("y", "lefttrigger", "righttrigger"):
                buttons.append({"y": "side", "lefttrigger": "tenth-", "righttrigger": "tenth+"}[name])
        if self._result_showing():
            if any(b in ("up", "down", "confirm", "back") for b in buttons):
                self.table.handle_result(event, pad_changes)
                return
        for b in buttons:
            self.press(b)
            if self.app.stack and self not in self.app.stack:
                return

    def press(self, b: str) -> None:
        n = len(self.actions)
        actions = {
            "back": self.back,
            "pause": self.toggle,
            "confirm": self.toggle,
            "toggle": self.toggle,
            "right": self._step_now,
            "left": self.step_back,
            "next": self.next_round,
            "prev": self.prev_round,
            "up": self.faster,
            "faster": self.faster,
            "down": self.slower,
            "slower": self.slower,
            "side": self.next_side,
            "start": lambda: self.seek(0),
            "end": lambda: self.seek(n),
            "tenth-": lambda: self.seek(self.index - max(1, n // 10)),
            "tenth+": lambda: self.seek(self.index + max(1, n // 10)),
        }
        if b.startswith("tenth") and b[5:].isdigit():
            self.jump_fraction(int(b[5:]) / 10)
        elif b in actions:
            actions[b]()

    def _step_now(self) -> None:
        self.playing = False
        self.step()

    def _mouse(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.track is not None and self.track.inflate(0, self.app.vp.s(16)).collidepoint(event.pos):
                self.scrub = self._index_at(event.pos[0])
                return True
            for rect, callback in self.buttons:
                if rect.collidepoint(event.pos):
                    self.app.sounds.play("click")
                    callback()
                    return True
            if self._result_showing() and self.table.result_menu is not None:
                self.table.result_menu.handle(event, (), self.app.vp)
                return True
        elif event.type == pygame.MOUSEMOTION:
            if self.scrub is not None:
                self.scrub = self._index_at(event.pos[0])
                return True
            if self._result_showing() and self.table.result_menu is not None:
                self.table.result_menu.handle(event, (), self.app.vp)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.scrub is not None:
            target, self.scrub = self._index_at(event.pos[0]), None
            self.seek(target)
            return True
        return False

    def _index_at(self, x: int) -> int:
        r = self.track
        if r is None:  # no bar drawn yet: nothing to point at
            return self.index
        f = min(1.0, max(0.0, (x - r.x) / max(1, r.w)))
        return round(f * len(self.actions))

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surf, vp):
        surf.fill(gfx.FELT_DARK)
        self.table.frame_draw(surf, self.table_viewport(vp))
        vp.resize(vp.size)  # the window's viewport again for the bar (text sizes follow the last one made)
        self.draw_bar(surf, vp)

    def table_viewport(self, vp) -> gfx.Viewport:
        """The whole table in the window above the bar and its hint strip (a table drawn to the window's foot lay
        under them)."""
        size = (vp.size[0], vp.p(0, BAR_Y - HINT_H)[1])
        if self._table_vp is None or self._table_vp.size != size:
            self._table_vp = gfx.Viewport(size)
        else:
            self._table_vp.resize(size)
        return self._table_vp

    def draw_bar(self, surf, vp):
        bar = vp.r(0, BAR_Y, 1280, BAR_H)
        gfx.panel(surf, bar, gfx.PANEL, radius=0)  # opaque: the table's hint line under it does not show through
        self.buttons = []
        x = 12
        play = _("Play") if not self.playing else _("Pause")
        for label, w, cb in (
            ("|<", 40, self.prev_round),
            ("<", 40, self.step_back),
            (play, 74, self.toggle),
            (">", 40, self._step_now),
            (">|", 40, self.next_round),
        ):
            self._button(surf, vp, x, w, label, cb)
            if cb == self.toggle and self.app.last_device in (hints.KEYS, hints.PAD) and not self._result_showing():
                # confirm plays and pauses: the focus ring is on that button, as on every screen
                r = self.buttons[-1][0]
                pygame.draw.rect(
                    surf, gfx.HILITE, r.inflate(vp.s(6), vp.s(6)), width=max(2, vp.s(3)), border_radius=vp.s(8)
                )
            x += w + 6
        x += 8
        self._button(surf, vp, x, 30, "-", self.slower)
        gfx.blit_text(
            surf, f"{SPEEDS[self.speed_i]:g}x", vp.s(16), vp.p(x + 56, BAR_Y + BAR_H / 2), gfx.WHITE, anchor="center"
        )
        self._button(surf, vp, x + 82, 30, "+", self.faster)
        x += 126
        self._button(surf, vp, x, 200, self.side_label(), self.next_side)
        x += 210
        right = 1280 - 12 - 80
        self._button(surf, vp, right, 80, _("Back"), self.back)
        widest = _("move {n}/{of}").format(n=len(self.actions), of=len(self.actions))  # the count's room: its
        count_w = max(110, (gfx.font(gfx.body_px(vp)).size(widest)[0] + vp.s(8)) / vp.sx)  # longest, at least size
        track_x, track_w = x + 10, right - x - 30 - count_w
        self.track = vp.r(track_x, BAR_Y + BAR_H / 2 - 4, track_w, 8)
        pygame.draw.rect(surf, (70, 76, 92), self.track, border_radius=vp.s(4))
        n = max(1, len(self.actions))
        shown = self.index if self.scrub is None else self.scrub
        done = self.track.copy()
        done.w = round(self.track.w * shown / n)
        pygame.draw.rect(surf, gfx.GOLD, done, border_radius=vp.s(4))
        for start in self.rounds[1:]:
            tx = self.track.x + round(self.track.w * start / n)
            pygame.draw.line(surf, gfx.WHITE, (tx, self.track.y - vp.s(5)), (tx, self.track.bottom + vp.s(4)), 1)
        knob = (self.track.x + done.w, self.track.centery)
        pygame.draw.circle(surf, gfx.HILITE, knob, vp.s(9))
        text = _("move {n}/{of}").format(n=shown, of=len(self.actions))
        count = vp.r(right - 10 - count_w, BAR_Y, count_w, BAR_H)  # (squeezed with the bar in a narrow window)
        gfx.draw_fitted(surf, text, count, vp.s(16), gfx.WHITE, lines=1, grow=False)
        if self.error:
            gfx.blit_text(surf, self.error, vp.s(18), vp.p(640, BAR_Y - 20), gfx.REFUSE, anchor="center")
        elif not self._result_showing():
            line = hints.words(self.app.last_device, _(MOUSE_HINT), _(KEYS_HINT), _(PAD_HINT))
            strip = vp.r(0, BAR_Y - HINT_H, 1280, HINT_H)
            gfx.panel(surf, strip, gfx.PANEL, radius=0)
            gfx.draw_fitted(surf, line, strip.inflate(-vp.s(20), -2), vp.s(15), gfx.GREY, lines=1)

    def _button(self, surf, vp, x, w, label, callback) -> None:
        r = vp.r(x, BAR_Y + 5, w, BAR_H - 10)
        gfx.panel(surf, r, (70, 84, 110), radius=vp.s(6), border=(150, 160, 190), width=1)
        gfx.blit_text(surf, label, gfx.fit_px(label, vp.s(17), r.w - vp.s(8)), r.center, gfx.WHITE, anchor="center")
        self.buttons.append((r, callback))
