"""Boxer balance: computer against computer, every ordered pair of boxers, each level.

    python -m tabletop.games.square_ring.balance [--games N] [--level L ...] [--jobs N]

For each level (every computer level unless ``--level`` names some), both
seats play that level and every ordered pair of different boxers is played
``--games`` times (seeds ``first_seed .. first_seed + N - 1``), so each pairing
is played with the seats both ways round. A boxer's share counts a draw as
half a win; it is printed with its counts and 95% Wilson interval, then the
pairing matrix (row boxer's share against the column boxer).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from multiprocessing import Pool

from tabletop.core import playout
from tabletop.ladder import wilson

from . import SPEC
from .levels import LEVELS
from .rules import State
from .rules.content import BOXERS

FAIR = (0.40, 0.60)  # every boxer's share in every level's mirror match


def pairings(ids=None):
    ids = list(ids or BOXERS)
    return [(a, b) for a, b in itertools.permutations(ids, 2)]


def play_one(job):
    seed, a, b, level = job
    p = playout.play(SPEC, seed=seed, options={"boxer0": a, "boxer1": b}, levels=[level, level], check=False)
    state = p.state
    assert isinstance(state, State) and state.result is not None  # a whole bout of Square Ring was played
    ko = "knockout" in state.result.reason
    return a, b, p.winner, ko


def measure(games: int, level: str, jobs: int = 1, first_seed: int = 0, ids=None):
    """``games`` bouts of every ordered pair of different boxers, ``level`` in both seats."""
    work = [(first_seed + i, a, b, level) for a, b in pairings(ids) for i in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            return pool.map(play_one, work, chunksize=8)
    return [play_one(w) for w in work]


def tables(results):
    """Per boxer (wins, draws, losses), per ordered pair the row boxer's points and bouts, and the knockouts."""
    wdl: dict = {}
    pair_score: dict = {}
    pair_played: dict = {}
    kos = 0
    for a, b, winner, ko in results:
        kos += ko
        for who, opp, seat in ((a, b, 0), (b, a, 1)):
            w, d, lost = wdl.get(who, (0, 0, 0))
            outcome = (1, 0, 0) if winner == seat else (0, 1, 0) if winner is None else (0, 0, 1)
            wdl[who] = (w + outcome[0], d + outcome[1], lost + outcome[2])
            pts = outcome[0] + 0.5 * outcome[1]
            pair_score[(who, opp)] = pair_score.get((who, opp), 0.0) + pts
            pair_played[(who, opp)] = pair_played.get((who, opp), 0) + 1
    return wdl, pair_score, pair_played, kos


def share(wdl) -> tuple[float, float, float]:
    """A boxer's share of points (a draw is half) and its 95% Wilson interval."""
    w, d, lost = wdl
    n = w + d + lost
    lo, hi = wilson(w + d / 2, n)
    return (w + d / 2) / n, lo, hi


def report(results, level: str, out=sys.stdout) -> bool:
    """Print the boxer table and pairing matrix; True when every boxer's share is within FAIR."""
    wdl, pair_score, pair_played, kos = tables(results)
    seat0 = sum(1.0 if w == 0 else 0.5 if w is None else 0.0 for _a, _b, w, _k in results)
    draws = sum(1 for r in results if r[2] is None)
    n = len(results)
    print(f"== {level} against {level}: {n} bouts ({n // len(pairings())} per ordered pair)", file=out)
    print(f"first seat scored {100 * seat0 / n:.1f}%; draws {draws}; knockouts {kos}", file=out)
    print(f"{'boxer':<8}{'style':<17}{'HP':>3}{'bouts':>7}{'won':>5}{'drawn':>6}{'lost':>5}  share [95% CI]", file=out)
    fair = True
    for bid in sorted(wdl, key=lambda k: -share(wdl[k])[0]):
        p, lo, hi = share(wdl[bid])
        fair &= FAIR[0] <= p <= FAIR[1]
        w, d, lost = wdl[bid]
        b = BOXERS[bid]
        print(
            f"{b.name:<8}{b.style:<17}{b.hp:>3}{w + d + lost:>7}{w:>5}{d:>6}{lost:>5}"
            f"  {100 * p:5.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]",
            file=out,
        )
    ids = [bid for bid in BOXERS if bid in wdl]
    print("row against column (row's share %):", file=out)
    print(" " * 8 + "".join(f"{BOXERS[b].name:>7}" for b in ids), file=out)
    for a in ids:
        cells = []
        for other in ids:
            k = (a, other)
            cells.append(f"{100 * pair_score[k] / pair_played[k]:>7.0f}" if pair_played.get(k) else f"{'-':>7}")
        print(f"{BOXERS[a].name:<8}" + "".join(cells), file=out)
    lo, hi = FAIR
    print(f"every boxer {100 * lo:.0f}-{100 * hi:.0f}%: {'PASS' if fair else 'FAIL'}\n", file=out)
    return fair


def main(argv=None):
    ap = argparse.ArgumentParser(description="Measure The Square Ring's boxer balance at each computer level.")
    ap.add_argument("--games", type=int, default=30, help="bouts per ordered pair of boxers (default 30)")
    ap.add_argument("--level", action="append", choices=LEVELS + ("random", "easy", "strong"), help="repeatable")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args(argv)
    for level in args.level or LEVELS:
        t0 = time.time()
        results = measure(args.games, level, args.jobs, args.first_seed)
        report(results, level)
        print(f"({level}: {time.time() - t0:.0f} s)\n")


if __name__ == "__main__":
    main()
