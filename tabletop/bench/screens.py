"""Idle and live CPU: the share of a core the real loop uses while nobody touches anything, on the
screens a player leaves open and on those where something moves (``python -m tabletop.bench --idle``,
figure 3)."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

from . import finished_session, ordinary_game


def _person_and_computer(app, game_id: str):
    """A table where a person plays the computer (autosave off), on the app's stack."""
    from tabletop.core import registry
    from tabletop.session import Seat, Session

    spec = registry.get(game_id)
    seats = [Seat("You", "human", scheme="mouse"), Seat("Computer", "computer", level=spec.bot_levels[0])]
    assert spec.make_table is not None
    table = spec.make_table(app, Session.new(spec, seats, seed=5, autosave=False))
    app.push(table)
    return table


def _idle_setup(app):
    from tabletop.ui.setup import Setup

    app.push(Setup(app, ordinary_game()))


def _idle_help(app):
    from tabletop.ui.help import HelpScene

    app.push(HelpScene(app, ordinary_game()))


def _idle_scenes() -> dict:
    """The screens a player leaves open, each put on a fresh app's stack over the launcher: the first
    game that waits for a person, and each real-time game between its rounds."""
    from tabletop.core import registry

    out: dict[str, Callable[[Any], object]] = {
        "launcher": lambda app: None,
        "setup": _idle_setup,
        "table_waiting": lambda app: _person_and_computer(app, ordinary_game().id),
        "pause": lambda app: _person_and_computer(app, ordinary_game().id).pause(),
        "help": _idle_help,
        "replay_paused": lambda app: _replay_paused(app),
    }
    for gid, spec in registry.load_all().items():
        if spec.dynamics.clocked:
            out[f"{gid.replace('-', '_')}_between_rounds"] = functools.partial(_person_and_computer, game_id=gid)
    return out


IDLE_SCENES = _idle_scenes()


def jab_fight(app, people=("keys-left", "keys-right")):
    """A JAB round being fought by two people at one keyboard (the round's clock runs), on the app's stack."""
    from tabletop.core import registry
    from tabletop.session import Seat, Session
    from tabletop.ui.app import FRAME_MS

    spec = registry.get("jab")
    seats = [Seat(name, "human", scheme=scheme) for name, scheme in zip(("Red", "Blue"), people, strict=True)]
    assert spec.make_table is not None
    table = spec.make_table(app, Session.new(spec, seats, {"countdown_ms": 0}, seed=5, autosave=False))
    app.push(table)
    app.step(FRAME_MS)
    for seat in (0, 1):
        table.ready(seat)
    for _ in range(120):
        if table.session.state.phase == "playing":
            break
        app.step(FRAME_MS)
    return table


def _lesson(app, game_id: str):
    from tabletop.core import registry
    from tabletop.tutorial.coach import start_lesson

    app.push(start_lesson(app, registry.get(game_id), 0))


def _replay_paused(app):
    """The replay viewer on a finished JAB game between two people, paused at its start."""
    from tabletop.core import registry

    spec = registry.get("jab")
    app.watch(spec, finished_session(spec, seed=4, people=2).record)
    app.stack[-1].toggle()


NETS: list = []  # network threads a live screen opened beside the window's own (closed after it)


def online_jab(app):
    """A JAB round being fought online: this program hosts (its server on the loopback address, in its
    network thread), a friend joined from another connection; both are ready and nobody acts."""
    from tabletop.games.jab.rules.actions import Ready
    from tabletop.online.remote import NetThread, RemoteSession
    from tabletop.ui.app import FRAME_MS
    from tabletop.ui.online_table import remote_table

    host = NetThread()
    port = host.host(0)
    ana = host.connect(f"ws://127.0.0.1:{port}")
    seats = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]
    host.run(ana.create("jab", seats, {"countdown_ms": 0}))
    friend = NetThread()
    NETS.append(friend)
    bo = friend.connect(f"ws://127.0.0.1:{port}")
    friend.run(bo.join(ana.room, "Bo"))
    table = remote_table(app, RemoteSession(host))
    app.push(table)
    end = time.monotonic() + 20
    while table.session.state.phase != "playing" and time.monotonic() < end:
        for seat, net, client in ((0, host, ana), (1, friend, bo)):
            if not table.session.state.ready[seat] and table.session.state.phase == "between":
                net.run(client.act(seat, Ready(player=seat, t=0), stamp=client.clock.server_now()))
        app.step(FRAME_MS)
        time.sleep(0.01)  # the network threads run while the window waits
    if table.session.state.phase != "playing":
        raise RuntimeError("the online round did not start")
    return table


# two people acting at a human pace, each about once a second: (ms down, ms up, key) in a cycle of
# PEOPLE_CYCLE_MS. Each takes a card with one hand, jumps it to the other boxer (Jump held, two steps
# toward them), lets go on the target there, and jumps the hand back to its deck.
_PEOPLE_SCRIPT = (
    (0, 60, "left shift"),  # Red's left hand takes its deck's top card
    (150, 350, "left ctrl"),  # a jump up (to its own boxer) ...
    (250, 310, "w"),
    (550, 750, "left ctrl"),  # ... and one more (to Blue's)
    (650, 710, "w"),
    (1050, 1110, "left shift"),  # lets go: the card is played there
    (1150, 1350, "left ctrl"),  # two jumps back down to its deck
    (1250, 1310, "s"),
    (1550, 1750, "left ctrl"),
    (1650, 1710, "s"),
    (1200, 1260, "'"),  # Blue's left hand, the same toward Red
    (1350, 1550, "right ctrl"),
    (1450, 1510, "l"),
    (1750, 1950, "right ctrl"),
    (1850, 1910, "l"),
    (2250, 2310, "'"),
    (2350, 2550, "right ctrl"),
    (2450, 2510, "o"),
    (2750, 2950, "right ctrl"),
    (2850, 2910, "o"),
)
PEOPLE_CYCLE_MS = 2400


def people_events(t_ms: float, last_ms: float) -> list:
    """The key events the two scripted people make between ``last_ms`` and ``t_ms`` of their script."""
    import pygame

    out = []
    for down, up, name in _PEOPLE_SCRIPT:
        for when, kind in ((down, pygame.KEYDOWN), (up, pygame.KEYUP)):
            first = int(last_ms // PEOPLE_CYCLE_MS) - 1
            for c in range(max(0, first), int(t_ms // PEOPLE_CYCLE_MS) + 1):
                moment = c * PEOPLE_CYCLE_MS + when
                if last_ms <= moment < t_ms:
                    out.append((moment, pygame.event.Event(kind, key=pygame.key.key_code(name), mod=0, unicode="")))
    return [e for _moment, e in sorted(out, key=lambda m: m[0])]


# the screens that show something moving, each with the share of a core it may cost (issue 39)
LIVE_SCENES: dict[str, tuple[Callable[[Any], object], float]] = {
    "jab_fought_nobody_acting": (jab_fight, 8.0),
    "jab_fought_two_people_acting": (jab_fight, 20.0),
    "online_jab_fought_nobody_acting": (online_jab, 3.0),
    "lesson_first_game": (lambda app: _lesson(app, ordinary_game().id), 3.0),
    "lesson_jab": (lambda app: _lesson(app, "jab"), 3.0),
}


def live_cpu(name: str, seconds: float = 10.0, size=(1280, 720)) -> dict:
    """% of one core (process CPU time) the real loop uses over ``seconds`` on the live screen ``name``
    (LIVE_SCENES), the frames it drew and the share of the window it showed per frame on average."""
    from tabletop import settings as settings_mod
    from tabletop.core import registry
    from tabletop.ui.app import App

    settings = settings_mod.Settings()
    settings.tutorial = {"offered": list(registry.load_all())}
    app = App(size=size, settings=settings)
    app.start()
    LIVE_SCENES[name][0](app)
    w, h = app.screen.get_size()
    shown = [0]
    real_end = app.regions.end

    def end():
        rects = real_end()
        shown[0] += app.regions.shown_px
        return rects

    app.regions.end = end  # type: ignore[method-assign]
    people = name.endswith("_acting") and "nobody" not in name
    try:
        frames, c0, t0, w0 = app.frame, time.process_time(), time.monotonic(), time.thread_time()
        if not people:
            app.loop(seconds=seconds)
        else:
            import pygame

            last = 0.0
            while (now := (time.monotonic() - t0) * 1000) < seconds * 1000:
                for event in people_events(now, last):
                    pygame.event.post(event)
                last = now
                app.loop(seconds=0.05)
        cpu = (time.process_time() - c0) / seconds * 100
        window = (time.thread_time() - w0) / seconds * 100
        n = app.frame - frames
        return {"cpu": cpu, "window": window, "frames": n, "shown": shown[0] / max(1, n) / (w * h) * 100}
    finally:
        app.close()
        while NETS:
            NETS.pop().close()


def live_figures(line, seconds: float) -> None:
    for name, (_make, goal) in LIVE_SCENES.items():
        try:
            fig = live_cpu(name, seconds)
        except Exception as e:
            print(f"live.{name}: unavailable ({type(e).__name__}: {e})", flush=True)
            continue
        # online, this program's server shares the process: the window's own thread is what is judged
        cpu = fig["window"] if name.startswith("online") else fig["cpu"]
        verdict = "ok" if cpu <= goal else "OVER"
        line(f"live.{name}", cpu, f"% of a core (goal <= {goal:g}: {verdict})")
        if name.startswith("online"):
            line(f"live.{name}.process", fig["cpu"], "% of a core, with the host's server")
        line(f"live.{name}.frames", fig["frames"], f"frames in {seconds:g} s")
        line(f"live.{name}.shown", fig["shown"], "% of the window shown per frame")


def idle_app(name: str, size=(1280, 720)):
    """An app showing the screen ``name`` (IDLE_SCENES) once whatever it does first is done: a
    computer's move, the first frames (at most 30 s of the scene's time, 60 frames a second)."""
    from tabletop import settings as settings_mod
    from tabletop.core import registry
    from tabletop.ui.app import FRAME_MS, App

    settings = settings_mod.Settings()
    settings.tutorial = {"offered": list(registry.load_all())}  # no offer of lessons in the way
    app = App(size=size, settings=settings)
    app.start()
    IDLE_SCENES[name](app)
    for _ in range(1800):
        if app.next_frame() != 0:
            break
        app.step(FRAME_MS)
    return app


def idle_cpu(name: str, seconds: float = 10.0) -> tuple[float, int]:
    """% of one core (process CPU time) the real loop uses over ``seconds`` on screen ``name``, and
    the frames it drew meanwhile."""
    app = idle_app(name)
    try:
        frames, c0 = app.frame, time.process_time()
        app.loop(seconds=seconds)
        return (time.process_time() - c0) / seconds * 100, app.frame - frames
    finally:
        app.close()


def idle_figures(line, seconds: float) -> None:
    for name in IDLE_SCENES:
        try:
            cpu, frames = idle_cpu(name, seconds)
        except Exception as e:
            print(f"idle.{name}: unavailable ({type(e).__name__}: {e})", flush=True)
            continue
        line(f"idle.{name}", cpu, "% of a core")
        line(f"idle.{name}.frames", frames, f"frames in {seconds:g} s")
