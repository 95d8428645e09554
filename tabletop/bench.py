"""python -m tabletop.bench: the figures that say whether the table feels instant.

Prints one line per figure (``name: value unit``), then all of them as one
JSON object on the last line. Runs headless with SDL's dummy drivers.

1. Frame time (p50, p99 over 600+ frames) of each game's table at 1280x720,
   in a busy position, beside a floor: a bare pygame loop that fills the
   same screen and blits as many same-size surfaces as the table did.
2. Rules throughput: complete random-legal games per second, per game.
3. Start-up to the launcher's first frame (median of 5), and the peak
   memory of a process with the launcher's first game in progress.
4. The cost of keeping one move (``save_costs``): the median time a move's
   save takes on the thread that made it, in a game of 100 and of 10,000
   moves, beside writing the whole record once (what every move cost before
   the journal).
5. Idle CPU: % of one core the program uses over 10 s while nobody touches
   anything (the real App loop, headless), on the screens a player leaves
   open: the launcher, a setup screen, a table waiting for a person, the
   pause screen, a help page, each real-time table between rounds; and the frames
   drawn meanwhile. ``--idle`` prints only these and 6; ``--idle-seconds S``
   measures each for S seconds.
6. Live CPU: the same on screens where something moves while nobody (or
   a scripted pair of people at a human pace) acts: a JAB round being
   fought, the same online (this program hosting; its window's thread is
   judged), a lesson of the first game and of JAB; each against its goal,
   with the share of the window shown per frame. With the dummy driver a
   whole frame costs little to show: run it in a real window (e.g. under
   Xvfb with ``SDL_VIDEODRIVER=x11``) for what a player's machine pays.
"""

from __future__ import annotations

import functools
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FRAMES = 600


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def busy_session(spec, seed=3):
    """A session some way into a computer-vs-computer game, where the table is full."""
    session, _ = _late_session(spec, seed)
    return session


def computer_seat(spec, name: str, level: int):
    """A seat of the computer at its level ``level`` (0 the easiest, -1 the strongest); a person's
    seat in a game without computer players."""
    from tabletop.session import Seat

    return Seat(name, "computer", level=spec.bot_levels[level]) if spec.has_computer else Seat(name, "human")


def _late_session(spec, seed=3, feed=0, seats=None):
    """A session late in a game played by computers, and the last ``feed`` actions
    (not yet applied) that led there, so a table can make them itself."""
    from tabletop.core import playout
    from tabletop.session import Session

    n = spec.max_players if spec.max_players <= 6 else 2
    bot_seats = [computer_seat(spec, f"P{i + 1}", -1) for i in range(n)]
    session = Session.new(spec, bot_seats, seed=seed, autosave=False)
    # a game without computer players is played by random stand-ins for its people
    players = {i: session.bots.get(i) or playout.computer(spec, i, "random", seed * 7919 + i) for i in range(n)}
    if spec.bench_moment is not None:
        states, actions = spec.bench_moment(seed)
    else:
        states, actions = [session.state], []
        rules = spec.rules
        while rules.outcome(session.state) is None and len(actions) < 60:
            for seat in list(rules.to_act(session.state)):
                st = session.state
                if rules.outcome(st) is not None or seat not in rules.to_act(st):
                    continue
                action = players[seat].choose(session.view(seat))
                res = session.submit(action)
                if res is session.state and res is not st:
                    states.append(res)
                    actions.append(action)
        if rules.outcome(session.state) is not None:  # a short game: the table is shown before its end
            keep = max(1, len(actions) - 4)
            states, actions = states[: keep + 1], actions[:keep]
    feed = min(feed, len(actions))
    session.state = states[len(states) - 1 - feed]
    if seats is not None:
        session = Session.new(spec, seats, seed=seed, autosave=False)
        session.state = states[len(states) - 1 - feed]
    return session, actions[len(actions) - feed :]


def busy_table(spec, app, seed=3, feed=4):
    """The game's busiest realistic table: late in a game, with people's seats (their
    hands shown, hints, the assist's highlights: two people at one keyboard in a
    real-time game, else one person against the computer), the last ``feed`` moves made
    through the table so their reveal, log and animations are on screen."""
    from tabletop.session import Seat

    n = spec.max_players if spec.max_players <= 6 else 2
    people = 2 if spec.dynamics.clocked else 1
    schemes = ("keys-left", "keys-right") if people == 2 else (None,)
    seats = [
        Seat(f"P{i + 1}", "human", scheme=schemes[i]) if i < people else computer_seat(spec, f"P{i + 1}", -1)
        for i in range(n)
    ]
    session, pending = _late_session(spec, seed, feed, seats)
    table = spec.make_table(app, session)
    app.push(table)
    for action in pending:
        table.submit(action)
    table.bench_pose()
    return table


def finished_session(spec, seed: int, people: int, options: dict | None = None):
    """A session whose game is over: played to the end by computers, then seated with people."""
    from tabletop.core import playout
    from tabletop.session import Seat, Session

    n = spec.min_players if spec.max_players <= 2 else min(4, spec.max_players)
    result = playout.play(spec, seed=seed, players=n, options=options, check=False)
    state, actions = result.state, list(result.record.actions)  # with its record: the result tells the story
    from tabletop.ui.gfx import PLAYER_NAMES as names

    seats = [Seat(names[i], "human") if i < people else computer_seat(spec, names[i], 0) for i in range(n)]
    session = Session.new(spec, seats, options, seed=seed, autosave=False)
    session.state = state
    session.record.actions = actions
    return session


class _Counting:
    """Counts the images blitted while one frame is drawn (and how big, and with alpha or not)."""

    def __init__(self, screen):
        import pygame

        counts = self.counts = {"opaque": [0, 0], "alpha": [0, 0]}

        class Surface(pygame.Surface):
            def blit(
                self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0
            ) -> pygame.Rect:
                w, h = (area[2], area[3]) if area is not None else source.get_size()
                k = counts["alpha" if source.get_flags() & pygame.SRCALPHA else "opaque"]
                k[0] += 1
                k[1] += w * h
                return pygame.Surface.blit(self, source, dest, area, special_flags)

        self.surface = Surface(screen.get_size(), 0, screen)


def frame_times(spec) -> dict:
    import pygame

    from tabletop import settings as settings_mod
    from tabletop.ui import gfx
    from tabletop.ui.app import App

    app = App(size=(1280, 720), settings=settings_mod.Settings())
    app.settings.assist = True
    table = busy_table(spec, app)
    # what the first frame blits, before any picture is cached (so the floor is the same
    # however much the table caches): drawn on a counting copy of the screen
    screen = pygame.display.get_surface()
    assert screen is not None  # App() opened the window
    counter = _Counting(screen)
    real = pygame.display.get_surface
    pygame.display.get_surface = lambda: counter.surface
    try:
        app.screen = counter.surface
        app.draw()
    finally:
        pygame.display.get_surface = real
        app.screen = screen
    for _ in range(30):  # warm the caches
        app.draw()
    sprites = []
    for kind, (n, px) in counter.counts.items():
        if n:
            side = max(8, int((px / n / 1.4) ** 0.5))
            img = pygame.Surface((side, int(side * 1.4)), pygame.SRCALPHA if kind == "alpha" else 0)
            img.fill((*gfx.PAPER, 200) if kind == "alpha" else gfx.PAPER)
            sprites += [img.convert_alpha() if kind == "alpha" else img.convert()] * n
    ours: tuple[list[float], list[float]] = ([], [])
    full: tuple[list[float], list[float]] = ([], [])
    floor: tuple[list[float], list[float]] = ([], [])

    def timed(into, work):
        t0, c0 = time.perf_counter(), time.thread_time()
        work()
        into[1].append((time.thread_time() - c0) * 1000)
        into[0].append((time.perf_counter() - t0) * 1000)

    def frame():
        table.update(1.0)  # the table's own per-frame work, with time nearly frozen
        app.draw()

    def full_frame():  # the same with any cached picture forgotten: the worst case
        table.update(1.0)
        table.invalidate()
        app.draw()

    def floor_frame():  # fill the same screen, blit as many same-size images as the table did
        screen.fill(gfx.FELT)
        for i, img in enumerate(sprites):
            screen.blit(img, ((i * 37) % 1200, (i * 53) % 640))
        pygame.display.flip()

    for _ in range(FRAMES):  # interleaved, so a busy machine slows all three alike
        timed(ours, frame)
        timed(full, full_frame)
        timed(floor, floor_frame)
    pygame.quit()
    out: dict[str, float] = {"blits": len(sprites)}
    for name, (wall, cpu) in (("", ours), ("full_", full), ("floor_", floor)):
        out[name + "p50"], out[name + "p99"] = pct(wall, 50), pct(wall, 99)
        out[name + "cpu_p50"], out[name + "cpu_p99"] = pct(cpu, 50), pct(cpu, 99)
    for name in ("", "full_"):
        for q in ("p50", "p99", "cpu_p50", "cpu_p99"):
            out[f"{name}ratio_{q}"] = out[name + q] / max(out["floor_" + q], 1e-6)
    return out


def throughput(spec, seconds=3.0) -> float:
    from tabletop.core import playout

    players = 4 if spec.max_players >= 4 else None
    t0 = time.perf_counter()
    games = 0
    while time.perf_counter() - t0 < seconds:
        playout.random_game(spec, games + 1, players=players)
        games += 1
    return games / (time.perf_counter() - t0)


def startup() -> float:
    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        r = subprocess.run(
            [sys.executable, "-c", "import tabletop.app as a, sys; sys.exit(a.main(['--frames', '1']))"],
            capture_output=True,
            text=True,
            env=dict(os.environ, TABLETOP_HOME=os.environ.get("TABLETOP_HOME", "/tmp/tabletop-bench")),
        )
        runs.append(time.perf_counter() - t0)
        if r.returncode != 0:
            raise RuntimeError(r.stderr[-500:])
    return statistics.median(runs)


def save_costs(saves: int = 200) -> dict:
    """Milliseconds: the median of ``saves`` single-move saves at 100 and 10,000 moves, and one whole write."""
    from tabletop.session import Seat, Session

    spec = _ordinary_game()
    out = {}
    for moves in (100, 10_000):
        s = Session.new(spec, [Seat("Red"), Seat("Blue")], seed=1)
        action = {"type": "play", "player": 0, "card": "dodge"}  # the rules never see it: only the file does
        s.record.actions.extend(dict(action) for _ in range(moves))
        t0 = time.perf_counter()
        s.save(whole=True)
        out[f"save.whole.{moves}"] = (time.perf_counter() - t0) * 1000
        times = []
        for _ in range(saves):
            s.record.actions.append(dict(action))
            t0 = time.perf_counter()
            s.save()
            times.append((time.perf_counter() - t0) * 1000)
        if s.save_error:
            raise RuntimeError(s.save_error)
        out[f"save.{moves}"] = statistics.median(times)
        s.close()
    out["save.ratio"] = out["save.10000"] / out["save.100"]
    return out


MEMORY = r"""
import resource, sys
from tabletop.core import registry
from tabletop import settings
from tabletop.bench import busy_session
from tabletop.ui.app import App
app = App(size=(1280, 720), settings=settings.Settings())
spec = registry.get(sys.argv[1])
app.push(spec.make_table(app, busy_session(spec)))
for _ in range(300):
    app.step(16)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def memory_mb(game_id: str) -> float:
    """The peak memory (MB) of the app showing ``game_id``'s busiest table for 300 frames."""
    r = subprocess.run(
        [sys.executable, "-c", MEMORY, game_id],
        capture_output=True,
        text=True,
        env=dict(os.environ, TABLETOP_HOME="/tmp/tabletop-bench"),
    )
    if r.returncode != 0:
        raise RuntimeError(r.stderr[-500:])
    return float(r.stdout.strip().splitlines()[-1])


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


def _ordinary_game():
    """The first game on the launcher that is not played in real time (its screens wait for a person)."""
    from tabletop.core import registry

    return next(s for s in registry.load_all().values() if not s.dynamics.clocked)


def _idle_setup(app):
    from tabletop.ui.setup import Setup

    app.push(Setup(app, _ordinary_game()))


def _idle_help(app):
    from tabletop.ui.help import HelpScene

    app.push(HelpScene(app, _ordinary_game()))


def _idle_scenes() -> dict:
    """The screens a player leaves open, each put on a fresh app's stack over the launcher: the first
    game that waits for a person, and each real-time game between its rounds."""
    from tabletop.core import registry

    out: dict[str, Callable[[Any], object]] = {
        "launcher": lambda app: None,
        "setup": _idle_setup,
        "table_waiting": lambda app: _person_and_computer(app, _ordinary_game().id),
        "pause": lambda app: _person_and_computer(app, _ordinary_game().id).pause(),
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


_NETS: list = []  # network threads a live screen opened beside the window's own (closed after it)


def _online_jab(app):
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
    _NETS.append(friend)
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


def _people_events(t_ms: float, last_ms: float) -> list:
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
    "online_jab_fought_nobody_acting": (_online_jab, 3.0),
    "lesson_first_game": (lambda app: _lesson(app, _ordinary_game().id), 3.0),
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
                for event in _people_events(now, last):
                    pygame.event.post(event)
                last = now
                app.loop(seconds=0.05)
        cpu = (time.process_time() - c0) / seconds * 100
        window = (time.thread_time() - w0) / seconds * 100
        n = app.frame - frames
        return {"cpu": cpu, "window": window, "frames": n, "shown": shown[0] / max(1, n) / (w * h) * 100}
    finally:
        app.close()
        while _NETS:
            _NETS.pop().close()


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


def main(argv=None) -> int:
    from tabletop.core import registry

    args = sys.argv[1:] if argv is None else argv
    if "--fleet" in args:
        from tabletop.online.fleet_bench import main as fleet_main

        return fleet_main()
    if "--online" in args and "--capacity" in args:
        from tabletop.online.capacity import main as capacity_main

        return capacity_main(args)
    if "--online" in args:
        from tabletop.online.bench import main as online_main

        return online_main()
    idle_s = float(args[args.index("--idle-seconds") + 1]) if "--idle-seconds" in args else 10.0

    os.environ.setdefault("TABLETOP_HOME", "/tmp/tabletop-bench")
    games = registry.load_all()
    out: dict = {
        "machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d"),
    }

    def line(name, value, unit):
        out[name] = round(value, 3) if isinstance(value, float) else value
        print(f"{name}: {value:.3f} {unit}" if isinstance(value, float) else f"{name}: {value} {unit}", flush=True)

    if "--idle" in args:
        idle_figures(line, idle_s)
        live_figures(line, idle_s)
        print(json.dumps(out, sort_keys=True))
        return 0
    for gid, spec in games.items():
        if spec.make_table is None:
            continue
        try:
            ft = frame_times(spec)
        except Exception as e:  # a game without a table yet is reported, not fatal
            print(f"frame.{gid}: unavailable ({type(e).__name__}: {e})", flush=True)
            continue
        units = {"blits": "images"}
        for k in (
            "p50",
            "p99",
            "cpu_p50",
            "cpu_p99",
            "floor_p50",
            "floor_p99",
            "floor_cpu_p50",
            "floor_cpu_p99",
            "ratio_p50",
            "ratio_p99",
            "ratio_cpu_p50",
            "ratio_cpu_p99",
            "full_p50",
            "full_p99",
            "full_cpu_p50",
            "full_cpu_p99",
            "full_ratio_p99",
            "full_ratio_cpu_p99",
            "blits",
        ):
            line(f"frame.{gid}.{k}", ft[k], units.get(k, "x" if "ratio" in k else "ms"))
    for gid, spec in games.items():
        try:
            line(f"rules.{gid}", throughput(spec), "games/s")
        except Exception as e:
            print(f"rules.{gid}: unavailable ({type(e).__name__}: {e})", flush=True)
    line("startup", startup(), "s")
    try:
        for name, value in save_costs().items():
            line(name, value, "x" if name.endswith("ratio") else "ms")
    except Exception as e:
        print(f"save: unavailable ({type(e).__name__}: {e})", flush=True)
    first = next(iter(games))  # the launcher's first game: a person's likely first table
    try:
        line(f"memory.{first}", memory_mb(first), "MB")
    except Exception as e:
        print(f"memory.{first}: unavailable ({type(e).__name__}: {e})", flush=True)
    idle_figures(line, idle_s)
    live_figures(line, idle_s)
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
