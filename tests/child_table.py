"""For the tests that run a player's program in a process of its own (and kill it): wait for the
online table, then play a few moves at it with the game's computer, as a person would click."""

from __future__ import annotations

import time

from tests.ui_helpers import frames, scene_name, top


def until_table(app, seconds: float = 30):
    end = time.monotonic() + seconds
    while not scene_name(top(app)).startswith("Remote") and time.monotonic() < end:
        frames(app)
        time.sleep(0.005)
    return top(app)


def play_moves(table, seat: int, n: int, seed: int, seconds: float = 30) -> int:
    """Up to ``n`` moves for ``seat`` at ``table``, or to the game's end; the number played."""
    session = table.session
    bot = session.spec.make_bot(seat=seat, level=session.spec.bot_levels[-1], seed=seed)
    played, end = 0, time.monotonic() + seconds
    while played < n and session.outcome() is None and time.monotonic() < end:
        idle = not table.busy() and not session.paused_for() and not session.waiting_s()  # (a move on its way)
        if seat in session.spec.rules.to_act(session.state) and idle:
            table.submit(bot.choose(session.state))
            played += 1
        frames(table.app)
        time.sleep(0.005)
    return played
