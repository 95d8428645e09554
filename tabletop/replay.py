"""tabletop replay FILE [--summary | --state [--seat N] [--at K]]: play a record back, or check it headless.

--summary prints one JSON object: game, finished, winner, the game's totals,
piles and flags, and the whole event log (each event's kind and sentence).
--state prints the full state after action K (every action when --at is not
given; --at 0 is the start) as JSON (see tabletop/core/codec.py), or with
--seat N only what seat N may see.
Exit codes: 0 fine, 1 an action the rules refused (its index and the reason),
2 an unreadable or malformed file or a bad option. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from tabletop import validate
from tabletop.core import codec, registry
from tabletop.core import record as rec
from tabletop.core.game import name_seats
from tabletop.window import window_size


def _load(path: str):
    """(message, record, spec) through the door (tabletop.validate); the message is empty when the
    file is a record of a known game, every field checked."""
    games = registry.load_all()
    try:
        r, problem, _ = validate.read_record(path, games)  # a kept game's journal too
    except validate.Invalid as e:
        return f"tabletop replay: {path}: {e}", None, None
    if problem:  # one line; the game as far as its journal is good
        print(f"tabletop replay: {path}: {problem}; read up to move {len(r.actions)}", file=sys.stderr)
    return "", r, games[r.game]


def _run(path: str, r, spec, on_state=None):
    """(code, message, state): the record played through the rules."""
    try:
        return 0, "", rec.replay(r, spec, on_state=on_state)
    except rec.BadRecord as e:
        return 2, f"tabletop replay: {path}: {e}", None
    except rec.RefusedAction as e:
        return 1, f"tabletop replay: {path}: {e}", None
    except RecursionError:
        return 2, f"tabletop replay: {path}: the record is nested too deeply", None
    except Exception as e:  # a boundary: a game tripping over a value is still one line and exit 2
        return (
            2,
            f"tabletop replay: {path}: cannot be replayed ({type(e).__name__}: {validate.short_line(str(e))})",
            None,
        )


def summary(path: str) -> tuple[int, str]:
    msg, r, spec = _load(path)
    if msg:
        return 2, msg
    names = player_names(r)
    log: dict[int, dict] = {}

    def collect(_i, _action, state):
        for e in spec.rules.events(state, names):
            log.setdefault(e["n"], e)

    code, msg, state = _run(path, r, spec, collect)
    if code != 0:
        return code, msg
    collect(None, None, state)
    out = spec.rules.outcome(state)
    data = dict(spec.rules.summary(state))
    data.update(
        {
            "game": r.game,
            "finished": out is not None,
            "winner": None if out is None else out.winner,
            "reason": None if out is None else out.reason,
            "actions": len(r.actions),
            "events": [{"kind": e["kind"], "text": e["text"]} for _, e in sorted(log.items())],
        }
    )
    return 0, json.dumps(name_seats(data, names), sort_keys=True)


def player_names(r: rec.Record) -> list[str]:
    """The names the record gives its players ("Player N" for a seat it names not)."""
    given = [p.get("name") for p in r.players]
    seats = max(len(given), registry.get(r.game).max_players)
    return [
        given[i] if i < len(given) and isinstance(given[i], str) and given[i] else f"Player {i + 1}"
        for i in range(seats)
    ]


def state_json(path: str, seat: int | None = None, at: int | None = None) -> tuple[int, str]:
    msg, r, spec = _load(path)
    if msg:
        return 2, msg
    seats = max(len(r.players), spec.min_players)
    if seat is not None and not 0 <= seat < seats:
        return 2, f"tabletop replay: --seat {seat}: this game has seats 0 to {seats - 1}"
    if at is not None:
        if at > len(r.actions):
            return 2, f"tabletop replay: --at {at}: the record has {len(r.actions)} actions"
        r = rec.Record(r.game, r.seed, r.options, r.players, r.setup, r.actions[:at])
    code, msg, state = _run(path, r, spec)
    if code != 0:
        return code, msg
    if seat is not None:
        state = spec.rules.view_for(state, seat)
    return 0, json.dumps(codec.state_to_json(spec.rules, state), sort_keys=True)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="tabletop replay", description="Play back a game record.")
    p.add_argument("file")
    p.add_argument("--summary", action="store_true", help="no window: apply the record and print its result as JSON")
    p.add_argument("--state", action="store_true", help="no window: print the full game state as JSON")
    p.add_argument("--seat", type=int, help="with --state: only what this seat (0, 1, ...) may see")
    p.add_argument("--at", type=int, help="with --state: after this many actions (default: all)")
    p.add_argument("--window", type=window_size, help="window size, e.g. 1280x720")
    args = p.parse_args(argv)
    if (args.seat is not None or args.at is not None) and not args.state:
        print("tabletop replay: --seat and --at go with --state", file=sys.stderr)
        return 2
    if args.at is not None and args.at < 0:
        print("tabletop replay: --at must be 0 or more", file=sys.stderr)
        return 2
    if args.state:
        code, text = state_json(args.file, args.seat, args.at)
        print(text, file=sys.stdout if code == 0 else sys.stderr)
        return code
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
