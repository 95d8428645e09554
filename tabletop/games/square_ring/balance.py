"""Balance measurement: computer against computer, every pairing, both seats.

    python3 -m tabletop.games.square_ring.balance --bouts 1000 --jobs 2

Bout i uses seed i and the (i mod P)-th ordered pair of different boxers,
so every pairing is played with the seats both ways round. A boxer's win
rate counts a draw as half a win. Prints the per-boxer table and the
pairing matrix (row boxer's score against the column boxer).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from multiprocessing import Pool

from tabletop.core import playout

from . import SPEC
from .rules.content import BOXERS


def pairings(ids=None):
    ids = list(ids or BOXERS)
    return [(a, b) for a, b in itertools.permutations(ids, 2)]


def play_one(job):
    seed, a, b, level = job
    p = playout.play(SPEC, seed=seed, options={"boxer0": a, "boxer1": b}, levels=[level, level], check=False)
    ko = "knockout" in p.state.result.reason
    return a, b, p.winner, ko


def measure(bouts: int, jobs: int = 1, level: str = "strong", first_seed: int = 0, ids=None):
    pairs = pairings(ids)
    work = [(first_seed + i, *pairs[i % len(pairs)], level) for i in range(bouts)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(play_one, work, chunksize=4)
    else:
        results = [play_one(w) for w in work]
    return results


def tables(results):
    score = {}
    played = {}
    pair_score = {}
    pair_played = {}
    kos = 0
    for a, b, winner, ko in results:
        kos += ko
        pts = (1.0, 0.0) if winner == 0 else (0.0, 1.0) if winner == 1 else (0.5, 0.5)
        for who, opp, p in ((a, b, pts[0]), (b, a, pts[1])):
            score[who] = score.get(who, 0.0) + p
            played[who] = played.get(who, 0) + 1
            pair_score[(who, opp)] = pair_score.get((who, opp), 0.0) + p
            pair_played[(who, opp)] = pair_played.get((who, opp), 0) + 1
    return score, played, pair_score, pair_played, kos


def report(results, out=sys.stdout):
    score, played, pair_score, pair_played, kos = tables(results)
    seat0 = sum(1.0 if w == 0 else 0.5 if w is None else 0.0 for _a, _b, w, _k in results)
    draws = sum(1 for r in results if r[2] is None)
    n = len(results)
    print(f"{n} bouts; first seat scored {100 * seat0 / n:.1f}%; draws {draws}; knockouts {kos}", file=out)
    print("", file=out)
    print(f"{'boxer':<8}{'style':<17}{'bouts':>6}{'win rate':>10}", file=out)
    for bid in sorted(played, key=lambda k: -score[k] / played[k]):
        print(
            f"{BOXERS[bid].name:<8}{BOXERS[bid].style:<17}{played[bid]:>6}{100 * score[bid] / played[bid]:>9.1f}%",
            file=out,
        )
    ids = [b for b in BOXERS if b in played]
    print("", file=out)
    print("row against column (row's score %):", file=out)
    print(" " * 8 + "".join(f"{BOXERS[b].name:>7}" for b in ids), file=out)
    for a in ids:
        cells = []
        for b in ids:
            k = (a, b)
            cells.append(f"{100 * pair_score[k] / pair_played[k]:>7.0f}" if pair_played.get(k) else f"{'-':>7}")
        print(f"{BOXERS[a].name:<8}" + "".join(cells), file=out)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Measure The Square Ring's boxer balance.")
    ap.add_argument("--bouts", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--level", default="strong", choices=("random", "easy", "strong"))
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args(argv)
    results = measure(args.bouts, args.jobs, args.level, args.first_seed)
    report(results)
    print(f"\n({args.level} against {args.level})")


if __name__ == "__main__":
    main()
