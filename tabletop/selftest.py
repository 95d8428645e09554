"""tabletop --self-test: complete computer-vs-computer games, headless, with
every invariant checked after every action. One line per game; exit 0 only
if every game finished legally."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tabletop import storage
from tabletop.core import playout, registry


def run(game_ids: list[str], record_dir: str | None = None, games_each: int = 1, seed: int = 1) -> int:
    games = registry.load_all()
    failures = 0
    out_dir = Path(record_dir) if record_dir else None
    if record_dir and out_dir is not None:
        try:
            if out_dir.exists() and not out_dir.is_dir():
                raise NotADirectoryError(20, "it is not a folder")
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            print(
                f"tabletop: --record-dir {record_dir[:200]}: cannot write records there ({e.strerror})", file=sys.stderr
            )
            return 2
    for gid in game_ids:
        spec = games[gid]
        for n in range(games_each):
            s = seed + n
            t0 = time.perf_counter()
            try:
                result = playout.play(
                    spec, seed=s, players=spec.min_players if spec.max_players <= 2 else min(4, spec.max_players)
                )
            except Exception as e:  # report any failure as a failed game, never a traceback
                failures += 1
                print(f"{gid}: FAILED seed={s}: {type(e).__name__}: {e}", flush=True)
                continue
            secs = time.perf_counter() - t0
            winner = "draw" if result.winner is None else f"seat {result.winner}"
            print(f"{gid}: actions={result.actions} winner={winner} seconds={secs:.2f} seed={s}", flush=True)
            if out_dir is not None:
                try:
                    storage.write_atomic(out_dir / f"{gid}-{s}.json", result.record.dumps())
                except OSError as e:
                    print(f"tabletop: --record-dir: cannot write {gid}-{s}.json ({e.strerror})", file=sys.stderr)
                    return 2
    played = len(game_ids) * games_each
    help_failures = check_help(games[g] for g in game_ids)
    line = f"self-test: {played - failures} of {played} games passed"
    print(line + (f"; {help_failures} help pages failed" if help_failures else ""), flush=True)
    return 1 if failures or help_failures else 0


def check_help(specs) -> int:
    """Every game's help page is shipped and parses (markdown-it-py is in the build): the failures."""
    from tabletop.ui.help import parse

    failures = 0
    for spec in specs:
        if not spec.help_file:  # a game may have none: it offers no How to play
            print(f"{spec.id}: no help page", flush=True)
            continue
        try:
            text = Path(spec.help_file).read_text(encoding="utf-8")
            headings = sum(1 for b in parse(text) if b.kind == "heading")
        except (OSError, ImportError) as e:
            failures += 1
            print(f"{spec.id}: FAILED help page: {type(e).__name__}: {e}", flush=True)
            continue
        print(f"{spec.id}: help page with {headings} headings", flush=True)
    return failures


if __name__ == "__main__":
    sys.exit(run(list(registry.load_all())))
