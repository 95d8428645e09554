"""Input storms against the real application loop, headless.

    python -m tools.fuzz [--streams 10000] [--events 2000] [--game ID] [--seed N]

For each stream: a table of the game with a random mix of people and
computers on random controls; then a seeded stream of random events (mouse
anywhere and on things, keys bound and unbound, gamepad buttons and sticks,
the gamepad pulled out and plugged back, the window resized from tiny to
huge, minimised, focus lost). After every event the game's invariants must
hold; at the end the record must replay to the very same state, which shows
the state only changed through actions the rules accepted. A failure prints
the game, stream seed and event number, so it replays.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tabletop.core import record as rec  # noqa: E402
from tabletop.core import registry  # noqa: E402
from tabletop.core.registry import TURNS  # noqa: E402
from tabletop.core.rng import Rng  # noqa: E402
from tabletop.input.bindings import default_bindings  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402

DEFAULT_KEYS = default_bindings()["keys"]  # the engine's defaults and every game's own buttons

DRAW_EVERY = 40
KEYS = sorted({k for m in DEFAULT_KEYS.values() for k in m} | {"escape", "f1", "f11", "home", "0", "9", "insert"})
SCHEME_SETS = [
    ("keys-left", "keys-right"),
    ("mouse", "gamepad"),
    ("gamepad", "keys-right"),
    ("mouse", "keys-left"),
    ("keyboard", "gamepad"),
]


class FuzzFailure(AssertionError):
    pass


class Fuzzer:
    def __init__(self, app, pad_index: int | None, pad_iid: int | None, pad=None):
        self.app = app
        self.pad = pad
        self.pad_index = pad_index
        self.pad_iid = pad_iid
        self.follow: list = []  # events that must come next (the up of a click)

    def close(self) -> None:
        """Unplug the virtual gamepad (other tests in the same process expect none)."""
        if self.pad is not None:
            self.pad.unplug()
            self.app.step(1)

    def session_for(self, spec, rng: Rng):
        from tabletop.session import Seat, Session

        n = (
            spec.min_players
            if spec.max_players == spec.min_players
            else 2 + rng.randrange(min(3, spec.max_players - 1))
        )
        schemes = SCHEME_SETS[rng.randrange(len(SCHEME_SETS))]
        seats = []
        for i in range(n):
            human = rng.randrange(3) > 0 if i < 2 else rng.randrange(2) == 0
            human = human or not spec.has_computer  # a game without computer players: people only
            if human:
                seats.append(Seat(f"P{i + 1}", "human", scheme=None if spec.dynamics == TURNS else schemes[i % 2]))
            else:
                seats.append(Seat(f"P{i + 1}", "computer", level=spec.bot_levels[rng.randrange(len(spec.bot_levels))]))
        return Session.new(spec, seats, seed=rng.randrange(2**31), autosave=False)

    def ensure_table(self, spec, session):
        app = self.app
        app.running = True
        if not any(isinstance(s, TableScene) and s.session is session for s in app.stack):
            app.stack.clear()
            app.push(spec.make_table(app, session))

    def random_event(self, rng: Rng):
        app = self.app
        w, h = app.screen.get_size()
        roll = rng.randrange(1000)
        table = next((s for s in reversed(app.stack) if isinstance(s, TableScene)), None)

        def pos():
            hots = table.hots if table is not None else None
            if hots and rng.randrange(2) == 0:
                r = hots[rng.randrange(len(hots))].rect
                return (r.x + rng.randrange(max(1, r.w)), r.y + rng.randrange(max(1, r.h)))
            return (rng.randrange(w + 40) - 20, rng.randrange(h + 40) - 20)

        if roll < 300:
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos(), rel=(0, 0), buttons=(rng.randrange(2), 0, 0))
        if roll < 430:
            t = pygame.MOUSEBUTTONDOWN if rng.randrange(2) else pygame.MOUSEBUTTONUP
            p = pos()
            if t == pygame.MOUSEBUTTONDOWN and rng.randrange(2):  # a whole click: the up follows at once
                b = 1 + rng.randrange(3)
                self.follow.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=b))
                return pygame.event.Event(t, pos=p, button=b)
            return pygame.event.Event(t, pos=p, button=1 + rng.randrange(5))
        if roll < 450:
            return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.randrange(5) - 2, flipped=False)
        if roll < 700:
            name = KEYS[rng.randrange(len(KEYS))]
            if name == "escape" and rng.randrange(4):
                name = "space"
            t = pygame.KEYDOWN if rng.randrange(3) else pygame.KEYUP
            return pygame.event.Event(t, key=pygame.key.key_code(name), mod=0, unicode="", scancode=0)
        if self.pad_iid is not None and roll < 850:
            t = pygame.CONTROLLERBUTTONDOWN if rng.randrange(3) else pygame.CONTROLLERBUTTONUP
            return pygame.event.Event(t, instance_id=self.pad_iid, button=rng.randrange(15))
        if self.pad_iid is not None and roll < 960:
            return pygame.event.Event(
                pygame.CONTROLLERAXISMOTION,
                instance_id=self.pad_iid,
                axis=rng.randrange(6),
                value=rng.randrange(65536) - 32768,
            )
        if self.pad_iid is not None and roll < 970:
            if self.pad_iid in app.pads.pads:
                return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=self.pad_iid)
            return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=self.pad_index)
        if roll < 976:
            size = (1 + rng.randrange(2600), 1 + rng.randrange(1500))
            return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        if roll < 992:
            return pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None)
        return pygame.event.Event(pygame.WINDOWMINIMIZED, window=None)

    def stream(self, spec, seed: int, events: int) -> int:
        rng = Rng(seed)
        session = self.session_for(spec, rng)
        self.ensure_table(spec, session)
        app = self.app
        rules = spec.rules
        checked = None
        self.follow = []
        # The stream feeds its events to the app directly, so what SDL queues itself (window events
        # after each set_mode) is never read: drop it, or the full queue makes SDL slower and slower.
        pygame.event.clear()
        for i in range(events):
            ev = self.follow.pop(0) if self.follow else self.random_event(rng)
            try:
                if ev.type == pygame.VIDEORESIZE:  # as a real window does: the surface takes the new size
                    app.screen = pygame.display.set_mode(ev.size, app.flags)
                app.dispatch(ev)
                if i % DRAW_EVERY == 0 or ev.type == pygame.VIDEORESIZE:
                    if not app.vp.too_small:
                        for scene in app.updating_scenes():
                            scene.update(16 * (1 + rng.randrange(8)))
                    app.draw()
            except Exception as e:
                raise FuzzFailure(
                    f"{spec.id} stream {seed} event {i} ({pygame.event.event_name(ev.type)}): {type(e).__name__}: {e}"
                ) from e
            live = next((s.session for s in app.stack if isinstance(s, TableScene)), None)
            if live is not None and live is not session:  # "play again" started a new game
                session = live
            if not app.running or not any(isinstance(s, TableScene) and s.session is session for s in app.stack):
                self.ensure_table(spec, session)
            if session.state is checked:
                continue  # states are values: an unchanged object needs no new check
            checked = session.state
            broken = rules.invariants(session.state)
            if broken:
                raise FuzzFailure(f"{spec.id} stream {seed} event {i}: invariant broken: {'; '.join(broken)}")
        replayed = rec.replay(session.record, spec)
        if rules.summary(replayed) != rules.summary(session.state) or rules.outcome(replayed) != rules.outcome(
            session.state
        ):
            raise FuzzFailure(f"{spec.id} stream {seed}: the state differs from the replay of its record")
        return len(session.record.actions)


def make(size=(1280, 720)):
    from tabletop import settings as settings_mod
    from tabletop.ui.app import App

    app = App(size=size, settings=settings_mod.Settings())
    app.sounds.enabled = False
    pad_index = pad_iid = pad = None
    try:
        from tools.virtualpad import VirtualPad

        pad = VirtualPad()
        app.step(1)
        pad_index, pad_iid = pad.index, pad.instance_id
    except (RuntimeError, OSError, AssertionError, AttributeError) as e:
        print(f"fuzz: no virtual gamepad ({e}); gamepad events are left out", file=sys.stderr)
        pad = None
    return Fuzzer(app, pad_index, pad_iid, pad if pad_iid is not None else None)


def _peak_mb() -> float:
    """The process's peak memory (a leak across streams shows as a climb here)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.fuzz")
    p.add_argument("--streams", type=int, default=10_000)
    p.add_argument("--events", type=int, default=2_000)
    p.add_argument("--game", default=None)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    games = registry.load_all()
    ids = [args.game] if args.game else [g for g, s in games.items() if s.make_table is not None]
    fz = make()
    total_failures = 0
    for gid in ids:
        make_table = games[gid].make_table
        if make_table is None:
            print(f"{gid}: no table to fuzz", flush=True)
            continue
        try:
            make_table(fz.app, fz.session_for(games[gid], Rng(1)))
        except ImportError as e:
            print(f"{gid}: no table to fuzz yet ({e})", flush=True)
            continue
        t0 = time.perf_counter()
        actions = failures = 0
        for n in range(args.streams):
            try:
                actions += fz.stream(games[gid], args.seed + n, args.events)
            except FuzzFailure as e:
                failures += 1
                print(f"FAIL {e}", flush=True)
            if (n + 1) % 500 == 0 and n + 1 < args.streams:
                print(
                    f"{gid}: {n + 1} streams, {failures} failures, {time.perf_counter() - t0:.0f} s, "
                    f"peak memory {_peak_mb():.0f} MB",
                    flush=True,
                )
        print(
            f"{gid}: streams={args.streams} events={args.streams * args.events} actions={actions} "
            f"seconds={time.perf_counter() - t0:.1f} failures={failures} peak_memory_mb={_peak_mb():.0f}",
            flush=True,
        )
        total_failures += failures
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main())
