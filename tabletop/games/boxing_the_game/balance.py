"""Balance measurement: computer vs computer over every pairing of characters.

    python3 -m tabletop.games.boxing_the_game.balance --matches 1000 --jobs 2

Match n pits character pair n (all ordered pairs of different boards, so each
pairing is played with seats swapped) using the chosen level on both sides.
Prints each character's results, results by seat, how matches ended, and for
every prize card how often the players picked it when they could.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from multiprocessing import Pool

from tabletop.core.game import Refused

from .bots import make_bot
from .rules import RULES, TakePrize
from .rules.content import CARDS, CHARACTERS, FIRST_MAIN
from .rules.flow import affordable_slots


def pairs():
    n = len(CHARACTERS)
    return [(a, b) for a in range(n) for b in range(n) if a != b]


def play_match(args):
    """One match; returns (chars, winner, reason, offers, picks)."""
    index, level, base_seed = args
    chars = pairs()[index % len(pairs())]
    seed = base_seed + index
    state = RULES.new_state(RULES.default_options(), seed, 2, {"boards": [[chars[0]], [chars[1]]]})
    bots = [make_bot(i, level, seed * 31 + i) for i in range(2)]
    offers: Counter[str] = Counter()
    picks: Counter[str] = Counter()
    steps = 0
    while state.result is None:
        for seat in RULES.to_act(state):
            if seat not in RULES.to_act(state):
                continue
            view = RULES.view_for(state, seat)
            action = bots[seat].choose(view)
            if isinstance(action, TakePrize):
                for i in affordable_slots(state, seat):
                    offers[CARDS[state.prizes[i]].name] += 1
                picks[CARDS[state.prizes[action.slot]].name] += 1
            result = RULES.apply(state, action)
            if isinstance(result, Refused):
                raise AssertionError(f"seed {seed}: {action} refused: {result.reason}")
            state = result
            steps += 1
            if state.result is not None:
                break
        if steps > 10_000:
            raise AssertionError(f"seed {seed}: match did not end")
    return chars, state.result.winner, state.result.reason, offers, picks


def measure(matches: int, level: str = "strong", jobs: int = 1, base_seed: int = 0):
    work = [(i, level, base_seed) for i in range(matches)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(play_match, work, chunksize=8)
    else:
        results = [play_match(w) for w in work]
    return results


def report(results) -> str:
    n = len(CHARACTERS)
    rec: dict[int, Counter[str]] = {c: Counter() for c in range(n)}
    seat: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    offers: Counter[int] = Counter()
    picks: Counter[int] = Counter()
    for (a, b), winner, reason, off, pk in results:
        reasons[reason] += 1
        offers.update(off)
        picks.update(pk)
        seat["draw" if winner is None else f"seat {winner + 1}"] += 1
        for s, c in enumerate((a, b)):
            rec[c]["n"] += 1
            rec[c]["w" if winner == s else "d" if winner is None else "l"] += 1
    lines = [f"{len(results)} matches, {len(pairs())} ordered pairings of {n} characters (seats swapped)", ""]
    lines.append(f"{'Character':<16} {'Played':>6} {'Won':>5} {'Drawn':>5} {'Lost':>5} {'Win %':>6}")
    for c in range(n):
        r = rec[c]
        rate = 100 * (r["w"] + 0.5 * r["d"]) / max(1, r["n"])
        lines.append(f"{CHARACTERS[c].name:<16} {r['n']:>6} {r['w']:>5} {r['d']:>5} {r['l']:>5} {rate:>5.1f}%")
    lines.append("(win % counts a draw as half a win)")
    lines.append("")
    lines.append("By seat: " + ", ".join(f"{k} {v}" for k, v in sorted(seat.items())))
    lines.append("Endings: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    lines.append("")
    lines.append(f"{'Prize':<18} {'Offered':>7} {'Picked':>6} {'Pick %':>6}")
    for name in sorted(offers, key=lambda k: -picks[k] / offers[k]):
        lines.append(f"{name:<18} {offers[name]:>7} {picks[name]:>6} {100 * picks[name] / offers[name]:>5.1f}%")
    lines.append("(offered: the card was in the prize row and affordable when the player picked)")
    return "\n".join(lines)


def content_tables() -> str:
    """The cards and boards as markdown tables (pasted into help.md; a test keeps them in step)."""
    rows: dict[str, list] = {}
    for c in CARDS[FIRST_MAIN:]:
        rows.setdefault(c.name, [c, 0])[1] += 1
    out = ["| Card | Copies | Move | Speed | Momentum | Effect |", "|---|---|---|---|---|---|"]
    out += [
        f"| {n} | {k} | {c.move.capitalize()} | {c.speed} | {c.momentum} | {c.text} |"
        for n, (c, k) in rows.items()
        if c.is_action
    ]
    out += ["", "| Upgrade | Copies | Type | Momentum | Effect |", "|---|---|---|---|---|"]
    out += [f"| {n} | {k} | {c.upgrade} | {c.momentum} | {c.text} |" for n, (c, k) in rows.items() if c.upgrade]
    out += ["", "| Judge | Copies | Cost |", "|---|---|---|"]
    out += [f"| {n} | {k} | {-c.momentum} |" for n, (c, k) in rows.items() if c.judge]
    out += ["", "| Boxer | Stance | Trait |", "|---|---|---|"]
    out += [f"| {b.name} | {b.stance} | **{b.trait_name}**: {b.trait_text} |" for b in CHARACTERS]
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--level", default="strong", choices=("random", "easy", "strong"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0, help="seed of the first match")
    ap.add_argument("--content", action="store_true", help="print the content tables for help.md and stop")
    args = ap.parse_args(argv)
    if args.content:
        print(content_tables())
        return
    t = time.time()
    results = measure(args.matches, args.level, args.jobs, args.seed)
    print(report(results))
    print(f"\n{args.level} vs {args.level}; {time.time() - t:.0f} s with {args.jobs} job(s)")


if __name__ == "__main__":
    main()
