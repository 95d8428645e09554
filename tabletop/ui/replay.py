"""Watching a record: the game's own table, driven by the record's actions,
with pause, step and speed controls. Nobody can make a move in a replay."""

from __future__ import annotations

import pygame

from tabletop import validate
from tabletop.core import record as rec
from tabletop.core.actions import action_table, from_json
from tabletop.input.devices import key_name, menu_buttons
from tabletop.session import Seat, Session
from tabletop.ui import gfx
from tabletop.ui.scene import Scene

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
STEP_MS = 900  # between moves of a turn-based game at 1x


class ReplayScene(Scene):
    opaque = False
    pauses_below = False

    @classmethod
    def open(cls, app, path: str) -> Scene:
        """The replay of a record file (raises validate.Invalid for a file that is not one)."""
        loaded = validate.load_record(path)
        return cls(app, loaded.spec, loaded.record)

    def __init__(self, app, spec, record: rec.Record):
        super().__init__(app)
        self.spec = spec
        self.source = record
        self.table_actions = action_table(spec.rules.actions)
        self.session = self._fresh()
        self.table = spec.make_table(app, self.session)
        self.index = 0
        self.playing = True
        self.speed_i = 2
        self.wait = 0.0
        self.clock = 0.0
        self.error = ""

    def _fresh(self) -> Session:
        seats = [
            Seat(
                p.get("name", f"Player {i + 1}") if isinstance(p.get("name"), str) else f"Player {i + 1}",
                "computer",
                level="replay",
            )
            for i, p in enumerate(self.source.players)
        ]
        s = Session(
            spec=self.spec,
            seats=seats,
            options=self.spec.rules.check_options(self.source.options),
            seed=self.source.seed,
            setup=self.source.setup,
            autosave=False,
        )
        s.record = rec.Record(
            game=self.spec.id, seed=s.seed, options=s.options, players=list(self.source.players), setup=s.setup
        )
        s.state = rec.start(self.source, self.spec)
        return s  # no bots: nobody moves but the record

    def on_enter(self):
        self.app.stack.insert(len(self.app.stack) - 1, self.table)

    def on_exit(self):
        if self.table in self.app.stack:
            self.app.stack.remove(self.table)

    def step(self) -> None:
        if self.index >= len(self.source.actions):
            self.playing = False
            return
        action = from_json(self.table_actions, self.source.actions[self.index])
        result = self.table.submit(action)
        if not result and self.table.message:
            self.error = f"Move {self.index} was refused: {self.table.message}"
            self.playing = False
        self.index += 1

    def update(self, dt_ms):
        if not self.playing or self.table.busy():
            return
        speed = SPEEDS[self.speed_i]
        self.clock += dt_ms * speed
        nxt = self.source.actions[self.index] if self.index < len(self.source.actions) else None
        if nxt is None:
            self.playing = False
            return
        t = nxt.get("t") if isinstance(nxt, dict) else None
        if isinstance(t, int) and not isinstance(t, bool):
            if self.clock >= t or t < getattr(self, "_last_t", 0):
                self._last_t = t
                self.clock = max(self.clock, t)
                self.step()
        else:
            self.wait += dt_ms * speed
            if self.wait >= STEP_MS:
                self.wait = 0.0
                self.step()

    def handle(self, event, pad_changes):
        buttons = menu_buttons(event, pad_changes)
        if event.type == pygame.KEYDOWN:
            k = key_name(event)
            if k in ("+", "=", "]"):
                buttons.append("faster")
            elif k in ("-", "["):
                buttons.append("slower")
            elif k == "space":
                buttons = ["toggle"]
        for b in buttons:
            if b in ("back", "pause"):
                from tabletop.ui.launcher import Launcher

                self.app.reset_to(Launcher(self.app))
                return
            if b in ("confirm", "toggle"):
                self.playing = not self.playing
            elif b in ("right", "next"):
                self.playing = False
                self.step()
            elif b in ("up", "faster"):
                self.speed_i = min(len(SPEEDS) - 1, self.speed_i + 1)
            elif b in ("down", "slower"):
                self.speed_i = max(0, self.speed_i - 1)

    def draw(self, surf, vp):
        r = vp.r(240, 676, 800, 40)
        gfx.panel(surf, r, gfx.PANEL, radius=vp.s(8), alpha=220)
        state = "playing" if self.playing else "paused"
        text = (
            f"Replay · move {self.index}/{len(self.source.actions)} · {state} · {SPEEDS[self.speed_i]}x   "
            f"Space play/pause · → step · ↑↓ speed · Esc leave"
        )
        gfx.blit_text(surf, text, gfx.fit_px(text, vp.s(16), r.w - vp.s(16)), r.center, gfx.WHITE, anchor="center")
        if self.error:
            gfx.blit_text(surf, self.error, vp.s(18), vp.p(640, 650), gfx.REFUSE, anchor="center")
