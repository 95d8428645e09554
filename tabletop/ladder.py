"""The ladder: every computer level against the player models, a uniform-random
player and the level below it, seats swapped, headless and seeded.

    python -m tabletop.ladder [--game ID] [--games N] [--jobs N] [--seed S] [--half H] [--quick]
                              [--json FILE] [--json-only]
    python -m tabletop.ladder --exploit GAME LEVEL [--budget N] [--judge N]

Held out: the levels are tuned on seeds below 1,000,000 (the tuning half); every figure a
target is judged on comes from seeds 1,000,000 on (the judging half), and the exploit
search plays its own seeds (2,000,000 on). ``--half both`` (the default) plays every pair
on both halves and prints both; the targets are judged on the judging half.

Prints one line per pair (wins / draws / losses of the level named first, each
with its 95% Wilson interval, and the mean game length in recorded actions),
then each game's targets with PASS or FAIL, then everything as JSON.
Game ``i`` of a pair is played with seed ``S + i`` and the level in seat
``i % 2``, so half the games it moves first. The default size takes a few
minutes on two cores; it is a benchmark, never a timed test.

A game may bring its own opponents and targets (``GameSpec.ladder.pairs`` and
``.targets``): a real-time game may play each level against a grid of player models and
judge each target at its worst case, printed with its game count and interval.
``--quick`` keeps only the pairs such a game's targets are judged on. The games per pair
of the default run are each game's ``GameSpec.ladder.games``.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time

from tabletop.core import playout, registry

RANDOM = "random"
CHUNK = 10
TUNING_SEED = 0  # the tuning half: seeds below JUDGING_SEED
JUDGING_SEED = 1_000_000  # the judging half: every figure a target is judged on
SEARCH_SEED = 2_000_000  # the exploit search's own games
EXPLOIT_JUDGE_SEED = 1_500_000  # where the plan it found is judged (the judging half, apart from the ladder's pairs)
HALVES = {"tuning": TUNING_SEED, "judging": JUDGING_SEED}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def pairs(spec, quick: bool = False) -> list[tuple[str, str]]:
    """(level, opponent) pairs: each level against random and each model, then each level against the one below
    (or the game's own pairs)."""
    if spec.ladder.pairs is not None:
        return spec.ladder.pairs(quick)
    out = []
    for level in spec.bot_levels:
        out.append((level, RANDOM))
        out.extend((level, m) for m in spec.player_models)
    for lower, upper in zip(spec.bot_levels, spec.bot_levels[1:], strict=False):
        out.append((upper, lower))
    return out


def tables(spec) -> list[tuple[str, str]]:
    """For a game with a round limit: whole tables of its easiest and hardest level, two-handed
    and full, to count how often the limit rather than the game's own win decides."""
    if spec.ended_by_limit is None:
        return []
    sizes = sorted({2, spec.max_players})
    return [(level, f"table of {n}") for level in (spec.bot_levels[0], spec.bot_levels[-1]) for n in sizes]


def play_chunk(job):
    game_id, a, b, seeds = job
    spec = registry.get(game_id)
    if b.startswith("table of "):  # a whole table of one level: how often the round limit decides
        n = int(b.split()[-1])
        ended_by_limit = spec.ended_by_limit
        assert ended_by_limit is not None, "tables() names whole tables only for a game with a round limit"
        out = []
        for seed in seeds:
            p = playout.play(spec, seed=seed, levels=[a] * n, players=n, check=False)
            out.append(("draw" if p.winner is None else "win", p.actions, ended_by_limit(p.state)))
        return game_id, a, b, out
    ended_by_limit = spec.ended_by_limit
    res = []
    for seed in seeds:
        levels = [a, b] if seed % 2 == 0 else [b, a]
        p = playout.play(spec, seed=seed, levels=levels, players=2, check=False)
        mine = 0 if seed % 2 == 0 else 1
        result = "draw" if p.winner is None else ("win" if p.winner == mine else "loss")
        res.append((result, p.actions, bool(ended_by_limit and ended_by_limit(p.state))))
    return game_id, a, b, res


def summarise(game_id, a, b, results) -> dict:
    n = len(results)
    w = sum(r[0] == "win" for r in results)
    d = sum(r[0] == "draw" for r in results)
    loss = n - w - d
    row = {
        "game": game_id,
        "level": a,
        "opponent": b,
        "games": n,
        "wins": w,
        "draws": d,
        "losses": loss,
        "win_rate": w / n if n else 0.0,
        "win_ci": wilson(w, n),
        "draw_ci": wilson(d, n),
        "loss_rate": loss / n if n else 0.0,
        "loss_ci": wilson(loss, n),
        "mean_length": sum(r[1] for r in results) / n if n else 0.0,
    }
    limits = sum(r[2] for r in results)
    if limits:
        row["ended_by_limit"] = limits
    return row


def line(row) -> str:
    def pct(x):
        return f"{100 * x:5.1f}%"

    def ci(c):
        return f"[{100 * c[0]:.1f}-{100 * c[1]:.1f}]"

    extra = f"  round limit {row['ended_by_limit']}" if row.get("ended_by_limit") else ""
    return (
        f"{row['game']:<16} {row['level']:>10} vs {row['opponent']:<10} N={row['games']:<4} "
        f"W {pct(row['win_rate'])} {ci(row['win_ci'])}  D {row['draws']:>3}  "
        f"L {pct(row['loss_rate'])} {ci(row['loss_ci'])}  len {row['mean_length']:.0f}{extra}"
    )


def targets(spec, rows) -> list[dict]:
    """The issue's targets for one game, each with the figure and whether it holds."""
    by = {(r["level"], r["opponent"]): r for r in rows if r["game"] == spec.id}
    if spec.ladder.targets is not None:
        return _own_targets(spec.ladder.targets, spec.id, by)
    levels = spec.bot_levels
    out = []

    def add(what, figure, ok):
        out.append({"game": spec.id, "target": what, "figure": round(figure, 3), "ok": bool(ok)})

    lo, hi = levels[0], levels[-1]
    if (lo, "newcomer") in by:
        add(
            f"{lo} loses to newcomer >= 50%",
            by[(lo, "newcomer")]["loss_rate"],
            by[(lo, "newcomer")]["loss_rate"] >= 0.5,
        )
    for lower, upper in zip(levels, levels[1:], strict=False):
        if (upper, lower) in by:
            r = by[(upper, lower)]["win_rate"]
            add(f"{upper} beats {lower} >= 65%", r, r >= 0.65)
    if (hi, "decent") in by:
        add(f"{hi} beats decent >= 70%", by[(hi, "decent")]["win_rate"], by[(hi, "decent")]["win_rate"] >= 0.7)
    if (hi, "good") in by:
        add(f"{hi} loses to good >= 20%", by[(hi, "good")]["loss_rate"], by[(hi, "good")]["loss_rate"] >= 0.2)
    add(f"{len(levels)} levels (at least 3)", len(levels), len(levels) >= 3)
    return out


def _own_targets(own, game_id, by) -> list[dict]:
    """A game's own targets, each at its worst pair with that pair's games and 95% interval."""
    out = []
    for c in own(by):
        row = by[tuple(c["worst"])]
        ci = row["win_ci"] if c["rate"] == "win_rate" else row["loss_ci"]
        out.append({"game": game_id, **c, "figure": round(c["figure"], 3), "games": row["games"], "ci": ci})
    return out


def target_line(c) -> str:
    where = ""
    if "worst" in c:
        lo, hi = c["ci"]
        where = f" [{100 * lo:.1f}-{100 * hi:.1f}] N={c['games']}, worst: {c['worst'][0]} vs {c['worst'][1]}"
    return f"{c['game']:<16} {'PASS' if c['ok'] else 'FAIL'}  {c['target']}: {c['figure']}{where}"


def run(game_ids, games=None, jobs=1, seed=0, out=print, quick=False, half="both") -> dict:
    """Plays every pair on the named half (or both), prints the rows of each half and the targets,
    judged on the judging half (with the tuning half's figure beside them when both are played)."""
    halves = ["tuning", "judging"] if half == "both" else [half]
    reports = {h: _run_half(game_ids, games, jobs, HALVES[h] + seed, out, quick, h) for h in halves}
    judged = reports[halves[-1]]
    if half == "both":
        tuned = {(c["game"], c["target"]): c for c in reports["tuning"]["targets"]}
        out("targets, judged on the judging half (the tuning half's figure in brackets):")
        for c in judged["targets"]:
            t = tuned.get((c["game"], c["target"]))
            out(target_line(c) + (f"  (tuning half: {t['figure']})" if t else ""))
    return {**judged, "half": halves[-1], "tuning": reports.get("tuning")}


def _run_half(game_ids, games, jobs, seed, out, quick, half) -> dict:
    specs = [registry.get(g) for g in game_ids]
    work: list[tuple[str, str, str, list[int]]] = []
    for spec in specs:
        n = games or spec.ladder.games
        for a, b in pairs(spec, quick) + tables(spec):
            seeds = list(range(seed, seed + n))
            work.extend((spec.id, a, b, seeds[i : i + CHUNK]) for i in range(0, n, CHUNK))
    collected: dict = {}
    t0 = time.time()
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for g, a, b, res in pool.imap_unordered(play_chunk, work):
                collected.setdefault((g, a, b), []).extend(res)
    else:
        for job in work:
            g, a, b, res = play_chunk(job)
            collected.setdefault((g, a, b), []).extend(res)
    rows = []
    checks = []
    limits = []
    out(f"-- the {half} half: seeds from {seed}")
    for spec in specs:
        game_rows = [summarise(spec.id, a, b, collected[(spec.id, a, b)]) for a, b in pairs(spec, quick)]
        for r in game_rows:
            out(line(r))
        rows.extend(game_rows)
        for a, b in tables(spec):
            res = collected[(spec.id, a, b)]
            k = sum(r[2] for r in res)
            lo, hi = wilson(k, len(res))
            row = {"game": spec.id, "level": a, "table": b, "games": len(res), "ended_by_limit": k, "ci": (lo, hi)}
            out(
                f"{spec.id:<16} {a:>10} {b:<13} N={len(res):<4} round limit decided {k} "
                f"({100 * k / len(res):.1f}% [{100 * lo:.1f}-{100 * hi:.1f}])"
            )
            limits.append(row)
        for c in targets(spec, game_rows):
            out(target_line(c))
            checks.append(c)
    return {
        "seed": seed,
        "seconds": round(time.time() - t0, 1),
        "pairs": rows,
        "round_limit": limits,
        "targets": checks,
    }


# -- the exploit search ------------------------------------------------------------------

BUDGET = 384  # games the search plays
JUDGE = 100  # games the plan it finds is judged on
ARMS = 16  # plans the search starts from: the game's known plans, the rest drawn at random


def family_of(spec):
    """The game's family of player models that are plans (declared in its ``LadderSpec``), or None."""
    return spec.ladder.plans


def _score(results) -> float:
    """The plan's share of games, a draw counting half (results are from the level's side)."""
    return sum(0.5 if r[0] == "draw" else r[0] == "loss" for r in results) / max(1, len(results))


def exploit(spec, level, budget=BUDGET, judge=JUDGE, seed=0, out=print) -> dict:
    """Searches the game's family of plans for the one that beats ``level`` most.

    Successive halving, a bandit for finding the best of many arms on a fixed budget: ARMS plans (the
    game's known ones and random draws) each play an equal share of a round's games on the same seeds;
    the better half goes on to the next round with twice the games each, until one is left. Most plans
    show they are poor within a few games, so the budget goes to the close ones; the family's choices
    are categories, which a bandit takes as they are (CMA-ES wants a continuous space). The plan found
    is then judged on ``judge`` fresh games of the judging half, so the figure is not flattered by the
    luck that picked it."""
    from tabletop.core.rng import Rng

    family = family_of(spec)
    if family is None:
        out(f"{spec.name} has no family of plans to search")
        return {"game": spec.id, "level": level, "plan": None}
    rng = Rng(SEARCH_SEED + seed)
    arms = list(dict.fromkeys(family.known))
    while len(arms) < ARMS:
        plan = family.random(rng)
        if plan not in arms:
            arms.append(plan)
    rounds = max(1, math.ceil(math.log2(len(arms))))
    per_round = budget // rounds
    out(
        f"exploit search: {spec.name}, {level}; successive halving over {len(arms)} plans in {rounds} rounds, "
        f"a budget of {budget} games on seeds from {SEARCH_SEED + seed}; every plan plays {family.pace}"
    )
    results: dict = {a: [] for a in arms}
    next_seed, played = SEARCH_SEED + seed, 0
    live = arms
    for r in range(rounds):
        n = max(1, per_round // len(live))
        seeds = list(range(next_seed, next_seed + n))
        next_seed += n
        for plan in live:
            results[plan].extend(play_chunk((spec.id, level, family.name(plan), seeds))[3])
            played += n
        live = sorted(live, key=lambda a: -_score(results[a]))
        best = live[0]
        out(
            f"round {r + 1}: {len(live)} plans x {n} games; best so far wins {100 * _score(results[best]):.0f}% "
            f"of {len(results[best])}: {best.words()}"
        )
        live = live[: max(1, len(live) // 2)]
    best = live[0]
    name = family.name(best)
    seeds = list(range(EXPLOIT_JUDGE_SEED + seed, EXPLOIT_JUDGE_SEED + seed + judge))
    row = summarise(spec.id, level, name, play_chunk((spec.id, level, name, seeds))[3])
    lo, hi = row["loss_ci"]
    out(f"best plan found ({played} games): {best.words()}")
    out(f"  model name: {name}")
    out(
        f"judged on {judge} fresh games (seeds from {seeds[0]}): the plan wins {100 * row['loss_rate']:.1f}% "
        f"[{100 * lo:.1f}-{100 * hi:.1f}], {row['draws']} drawn; {level} wins {100 * row['win_rate']:.1f}% "
        f"[{100 * row['win_ci'][0]:.1f}-{100 * row['win_ci'][1]:.1f}]"
    )
    return {"game": spec.id, "level": level, "plan": name, "words": best.words(), "searched": played, "judged": row}


def main(argv=None) -> int:
    games = registry.load_all()
    ap = argparse.ArgumentParser(prog="python -m tabletop.ladder", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(g for g, s in games.items() if s.make_bot), action="append")
    ap.add_argument("--games", type=int, default=None, help="games per pair (default: by game, a few minutes in all)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--seed", type=int, default=0, help="first seed of every pair, within each half")
    ap.add_argument(
        "--half",
        choices=("both", "tuning", "judging"),
        default="both",
        help="seeds below 1,000,000 (tuning), from 1,000,000 (judging: the targets), or both (default)",
    )
    ap.add_argument("--exploit", nargs=2, metavar=("GAME", "LEVEL"), help="search the player models for the best plan")
    ap.add_argument("--budget", type=int, default=BUDGET, help=f"games the exploit search plays (default {BUDGET})")
    ap.add_argument("--judge", type=int, default=JUDGE, help=f"games the plan it finds is judged on (default {JUDGE})")
    ap.add_argument("--quick", action="store_true", help="only the pairs a game's own targets are judged on")
    ap.add_argument("--json", metavar="FILE", help="also write the JSON report to FILE")
    ap.add_argument("--json-only", action="store_true", help="print only the JSON")
    args = ap.parse_args(argv)
    if args.games is not None and args.games < 1:
        ap.error("--games must be at least 1")
    say = (lambda s: None) if args.json_only else (lambda s: print(s, flush=True))
    if args.exploit:
        game, level = args.exploit
        if game not in games or not games[game].make_bot:
            ap.error(f"no game {game!r} with computer levels (known: {', '.join(sorted(games))})")
        if level not in games[game].bot_levels:
            ap.error(f"{games[game].name} has no level {level!r} (its levels: {', '.join(games[game].bot_levels)})")
        if args.budget < 32 or args.judge < 1:
            ap.error("--budget must be at least 32 and --judge at least 1")
        report = exploit(games[game], level, args.budget, args.judge, args.seed, say)
    else:
        ids = args.game or [g for g, s in games.items() if s.make_bot]
        report = run(ids, args.games, max(1, args.jobs), args.seed, say, args.quick, args.half)
    text = json.dumps(report, indent=1)
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        except OSError as e:
            print(f"Could not write {args.json}: {e.strerror}", file=sys.stderr)
            return 1
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
