"""tabletop replay FILE [--summary]: play a record back, or check it headless.

--summary prints one JSON object (game, finished, winner, key state).
Exit codes: 0 fine, 1 an action the rules refused (its index and the reason),
2 an unreadable or malformed file. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from tabletop import validate
from tabletop.core import record as rec
from tabletop.core import registry
from tabletop.core.game import name_seats
from tabletop.window import window_size


def summary(path: str) -> tuple[int, str]:
    """(exit code, one line or the JSON summary) for ``replay FILE --summary``."""
    try:
        loaded = validate.load_record(path, allow_refused=True)
    except validate.Invalid as e:
        return 2, f"tabletop replay: {path}: {e}"
    except Exception as e:  # a boundary: whatever slipped through is still one line and exit 2
        return 2, f"tabletop replay: {path}: cannot be read ({type(e).__name__})"
    if loaded.refused is not None:
        return 1, f"tabletop replay: {path}: {loaded.refused}"
    spec, state, r = loaded.spec, loaded.state, loaded.record
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
    p.add_argument("--window", type=window_size, help="window size, e.g. 1280x720")
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

    return run_window(None, size=args.window, replay_file=args.file)
