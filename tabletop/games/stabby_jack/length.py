"""How long a game against the computer takes at a human pace.

    python -m tabletop.games.stabby_jack.length [--games N] [--person-seconds S]

Seat 0 stands for the person and is played by the newcomer model; every other
seat is the Beginner. Each game is played out headless and its actions are
counted; a computer action is priced at the table's "normal" pace (the pause
before it acts plus the time its result stays on screen), a person's action
at ``--person-seconds`` to decide plus the time their own result stays before
the computer moves on. Prints the median and quartiles in minutes for 2, 4
and 6 seats, the rounds played and how often the round limit ended the game.
"""

from __future__ import annotations

import argparse
import statistics

from tabletop.core import playout
from tabletop.ui import pace

from . import SPEC
from .rules import ended_by_limit
from .rules.state import State

PERSON_SECONDS = 5.0  # assumed: reading the table and clicking a choice


def minutes(computer_actions: int, person_actions: int, person_seconds: float) -> float:
    """A game's length at the "normal" pace of computer turns."""
    computer = computer_actions * (pace.THINK_MS + pace.SHOW_MS) / 1000
    person = person_actions * (person_seconds + pace.READ_MS / 1000)
    return (computer + person) / 60


def measure(seats: int, games: int, person_seconds: float, options: dict | None = None) -> dict:
    lengths, rounds, by_limit = [], [], 0
    for seed in range(games):
        counts = [0, 0]

        def count(action, _state, counts=counts):
            counts[action.player != 0] += 1

        levels = ["newcomer"] + ["Beginner"] * (seats - 1)
        p = playout.play(SPEC, seed=seed, options=options, players=seats, levels=levels, check=False, on_action=count)
        lengths.append(minutes(counts[1], counts[0], person_seconds))
        assert isinstance(p.state, State)
        rounds.append(p.state.turns / seats)
        by_limit += ended_by_limit(p.state)
    q = statistics.quantiles(lengths, n=4)
    return {
        "seats": seats,
        "games": games,
        "median": statistics.median(lengths),
        "quartiles": (q[0], q[2]),
        "rounds": statistics.median(rounds),
        "by_limit": by_limit,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="Stabby Jack's length against Beginner at a human pace.")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--person-seconds", type=float, default=PERSON_SECONDS)
    args = ap.parse_args(argv)
    print(
        f"person: newcomer model, {args.person_seconds:g} s an action + {pace.READ_MS / 1000:g} s reading the result;"
        f" computer: {(pace.THINK_MS + pace.SHOW_MS) / 1000:g} s an action (normal pace)"
    )
    for seats in (2, 4, 6):
        r = measure(seats, args.games, args.person_seconds)
        print(
            f"{seats} seats: {r['games']} games, median {r['median']:.1f} min"
            f" (quartiles {r['quartiles'][0]:.1f}-{r['quartiles'][1]:.1f}), median {r['rounds']:.0f} rounds,"
            f" ended by the round limit {r['by_limit']}"
        )


if __name__ == "__main__":
    main()
