"""python -m tabletop.bench: the figures that say whether the table feels instant.

Prints one line per figure (``name: value unit``), then all of them as one
JSON object on the last line. Runs headless with SDL's dummy drivers. The
flags are read in ``__main__.py``; each room of figures has its module:

1. ``frames``: frame time (p50, p99 over 600+ frames) of each game's table at
   1280x720, in a busy position, beside a floor: a bare pygame loop that fills
   the same screen and blits as many same-size surfaces as the table did.
2. ``costs``: rules throughput (complete random-legal games per second, per
   game); start-up to the launcher's first frame (median of 5) and the peak
   memory of a process with the launcher's first game in progress; the cost of
   keeping one move (``save_costs``): the median time a move's save takes on
   the thread that made it, in a game of 100 and of 10,000 moves, beside
   writing the whole record once (what every move cost before the journal).
3. ``screens``: idle CPU: % of one core the program uses over 10 s while nobody
   touches anything (the real App loop, headless), on the screens a player
   leaves open: the launcher, a setup screen, a table waiting for a person,
   the pause screen, a help page, the replay viewer paused, each real-time
   table between rounds; and the frames drawn meanwhile. Live CPU: the same on
   screens where something moves while nobody (or a scripted pair of people at
   a human pace) acts: a JAB round being fought, the same online (this program
   hosting; its window's thread is judged), a lesson of the first game and of
   JAB; each against its goal, with the share of the window shown per frame.
   ``--idle`` prints only these; ``--idle-seconds S`` measures each for S
   seconds. With the dummy driver a whole frame costs little to show: run it
   in a real window (e.g. under Xvfb with ``SDL_VIDEODRIVER=x11``) for what a
   player's machine pays.
4. ``--online``, ``--online --capacity`` and ``--fleet``: the server's figures
   (``tabletop.online.bench``, ``.capacity``, ``.fleet_bench``).

This module holds what they share, and what the tests and tools build with
them: a game's busy table, a finished game, a computer's seat.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


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


def ordinary_game():
    """The first game on the launcher that is not played in real time (its screens wait for a person)."""
    from tabletop.core import registry

    return next(s for s in registry.load_all().values() if not s.dynamics.clocked)
