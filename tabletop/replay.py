"""tabletop replay FILE [--summary]: play a record back, or check it headless.

--summary prints one JSON object (game, finished, winner, key state).
Exit codes: 0 fine, 1 an action the rules refused (its index and the reason),
2 an unreadable or malformed file. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from tabletop.core import record as rec
from tabletop.core import registry
from tabletop.core.game import name_seats


def summary(path: str) -> tuple[int, str]:
    try:
        r = rec.load(path)
    except rec.BadRecord as e:
        return 2, f"tabletop replay: {path}: {e}"
    games = registry.load_all()
    if r.game not in games:
        return 2, f"tabletop replay: {path}: unknown game {r.game[:40]!r} (known: {', '.join(games)})"
    spec = games[r.game]
    try:
        state = rec.replay(r, spec)
    except rec.BadRecord as e:
        return 2, f"tabletop replay: {path}: {e}"
    except rec.RefusedAction as e:
        return 1, f"tabletop replay: {path}: {e}"
    except RecursionError:
        return 2, f"tabletop replay: {path}: the record is nested too deeply"
    out = spec.rules.outcome(state)
    data = dict(spec.rules.summary(state))
    data.update(
        {
            "game": r.game,
            "finished": out is not None,
            "winner": None if out is None else out.winner,
            "reason": None if out is None else out.reason,
            "actions": len(r.actions),
        }
    )
    return 0, json.dumps(name_seats(data, player_names(r)), sort_keys=True)


def player_names(r: rec.Record) -> list[str]:
    """The names the record gives its players ("Player N" for a seat it names not)."""
    given = [p.get("name") for p in r.players]
    seats = max(len(given), registry.get(r.game).max_players)
    return [
        given[i] if i < len(given) and isinstance(given[i], str) and given[i] else f"Player {i + 1}"
        for i in range(seats)
    ]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="tabletop replay", description="Play back a game record.")
    p.add_argument("file")
    p.add_argument("--summary", action="store_true", help="no window: apply the record and print its result as JSON")
    args = p.parse_args(argv)
    if args.summary:
        code, text = summary(args.file)
        print(text, file=sys.stdout if code == 0 else sys.stderr)
        return code
    code, text = summary(args.file)  # check it fully before opening a window
    if code != 0:
        print(text, file=sys.stderr)
        return code
    from tabletop.window import run_window

    return run_window(None, replay_file=args.file)
