"""Refit the model Stabby Jack's Hero weighs positions with (hero.py's TEMPO, OWN_WEIGHTS, CROSS_WEIGHTS).

    python -m tools.fit_hero [--games 800] [--rows N] [--write]

A developer's tool; nothing here ships. It plays 2-player games on tuning seeds 0..games-1 (the
ladder judges from seed 1,000,000, so the model never sees a judged game), in two rounds:

1. the card-counting plan without slips (the ``good`` model, the Hero before hero.py) against the
   careful newcomer, itself and ``decent``; a first fit on their positions;
2. the lookahead (hero.py's HeroBot) with that first fit against the newcomer, ``good``, itself and
   ``decent``; the final fit on the positions of both rounds.

A position is taken at the start of every turn (the declaration), read from the mover's side: its
label is 1 if the mover went on to win the game, 0 if it lost, 1/2 if the round limit ended it.
Its features are hero.py's own terms (``own_terms``, ``cross_terms``): each one the mover's minus
the other's, and +1/2 for being the one to move (whose weight is TEMPO). The same position read
from the other side is the same row negated with the label 1 - y, which adds nothing to the fit,
so it is left out. The fit is a logistic regression by Newton's method with a small L2 term
(1e-3 on the mean log loss), in pure Python; equal rows are counted once with their weight.

``--rows N`` fits on a random N of each round's positions; ``--games N`` plays fewer seeds. The
weights are printed in hero.py's form, with the largest changes from the weights it holds;
``--write`` puts them into hero.py.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
import time
from pathlib import Path

from tabletop.core import registry
from tabletop.games.stabby_jack import hero
from tabletop.games.stabby_jack.rules import RULES
from tabletop.games.stabby_jack.rules.state import DECLARE

TUNING = 1_000_000  # the ladder's judging half starts here
L2 = 1e-3
FIRST = ("good", ("newcomer", "good", "decent"))
SECOND = ("Hero", ("newcomer", "good", "Hero", "decent"))
HERO_PY = Path(hero.__file__)


def features(me: tuple, other: tuple) -> list[float]:
    """The mover's row of the model: 1/2 for the move, then each of hero.py's terms, mine minus theirs."""
    mine = hero.own_terms(me)
    theirs = hero.own_terms(other)
    mine += hero.cross_terms(me, other, mine[0])
    theirs += hero.cross_terms(other, me, theirs[0])
    return [0.5] + [a - b for a, b in zip(mine, theirs, strict=True)]


def positions(player: str, opponents, games: int) -> list[tuple[tuple, tuple, float]]:
    """(mover's figures, other's figures, mover's result) at the start of every turn of every game."""
    spec = registry.get("stabby-jack")
    out = []
    for other in opponents:
        for seed in range(games):
            assert seed < TUNING, "fit on the tuning half only"
            levels = [player, other] if seed % 2 == 0 else [other, player]
            state = RULES.new_state(RULES.check_options({}), seed, 2)
            bots = [spec.make_bot(seat=i, level=levels[i], seed=seed * 31 + i) for i in range(2)]
            seen, last = [], -1
            while state.phase != "over":
                if state.phase == DECLARE and state.turns != last:
                    last, m = state.turns, state.turn
                    figs = [hero.player_figures(p) for p in state.players]
                    seen.append((figs[m], figs[1 - m], m))
                seat = state.turn
                state = RULES.apply(state, bots[seat].choose(RULES.view_for(state, seat)))
            for me, them, m in seen:
                out.append((me, them, 0.5 if state.winner is None else float(state.winner == m)))
        print(f"  {player} vs {other}: {games} games, {len(out)} positions so far", flush=True)
    return out


def table(rows) -> list[tuple[list[tuple[int, float]], float, float]]:
    """Equal positions counted once: (the row's nonzero features, how many, the sum of their labels)."""
    counts: dict[tuple, list[float]] = {}
    for me, them, y in rows:
        c = counts.setdefault((me, them), [0.0, 0.0])
        c[0] += 1
        c[1] += y
    out = []
    for (me, them), (n, ys) in counts.items():
        x = features(me, them)
        out.append(([(i, v) for i, v in enumerate(x) if v], n, ys))
    return out


def fit(rows, size: int, start=None, l2: float = L2, steps: int = 30, out=print) -> list[float]:
    """Logistic regression by Newton's method: minimise the mean log loss plus l2/2 |w|^2.

    ``rows``: (nonzero features as (index, value), weight, sum of labels), as ``table`` makes them."""
    w = list(start) if start else [0.0] * size
    total = sum(n for _x, n, _y in rows)
    for step in range(steps):
        grad = [l2 * v for v in w]
        hess = [[l2 if i == j else 0.0 for j in range(size)] for i in range(size)]
        loss = 0.0
        for x, n, ys in rows:
            z = sum(w[i] * v for i, v in x)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            g = (n * p - ys) / total
            h = n * p * (1 - p) / total
            loss -= (ys * math.log(max(p, 1e-12)) + (n - ys) * math.log(max(1 - p, 1e-12))) / total
            for a, (i, u) in enumerate(x):
                grad[i] += g * u
                hi = hess[i]
                hu = h * u
                for j, v in x[a:]:
                    hi[j] += hu * v
        for i in range(size):  # the lower triangle from the upper
            for j in range(i):
                hess[i][j] = hess[j][i]
        move = solve(hess, grad)
        w = [a - b for a, b in zip(w, move, strict=True)]
        out(f"  step {step + 1}: log loss {loss:.4f}, largest move {max(map(abs, move)):.2g}")
        if max(map(abs, move)) < 1e-5:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, by Gaussian elimination with partial pivoting (a: small, well conditioned)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                m[r] = [u - f * v for u, v in zip(m[r], m[c], strict=True)]
    x = [0.0] * n
    for c in reversed(range(n)):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


def use(w: list[float]) -> None:
    """Let hero.py's HeroBot play with these weights (in this process only)."""
    hero.TEMPO, hero.OWN_WEIGHTS, hero.CROSS_WEIGHTS = split(w)
    hero._own.cache_clear()
    hero.chance.cache_clear()


def split(w: list[float]) -> tuple[float, tuple, tuple]:
    own = len(hero.OWN_WEIGHTS)
    return w[0], tuple(w[1 : 1 + own]), tuple(w[1 + own :])


def size() -> int:
    return 1 + len(hero.OWN_WEIGHTS) + len(hero.CROSS_WEIGHTS)


WEIGHT = re.compile(r"^    (-?[\d.]+),  # (.*)$")  # a weight's line in hero.py, with what it weighs


def _block(source: str, name: str) -> tuple[int, int, list[str]]:
    """Where hero.py's tuple ``name`` is (start, end) and its lines."""
    head = source.index(f"\n{name} = (")
    end = source.index("\n)", head)
    return head, end, source[head:end].split("\n")


def written(source: str, w: list[float]) -> str:
    """hero.py's source with these weights (3 decimals) in place of its own."""
    tempo, own, cross = split(w)

    def num(v: float) -> str:
        return repr(round(v, 3) + 0.0)

    source = re.sub(r"^TEMPO = .*$", f"TEMPO = {num(tempo)}", source, count=1, flags=re.M)
    for name, values in (("OWN_WEIGHTS", own), ("CROSS_WEIGHTS", cross)):
        head, end, lines = _block(source, name)
        slots = [k for k, line in enumerate(lines) if WEIGHT.match(line)]
        assert len(slots) == len(values), f"{name}: {len(slots)} lines for {len(values)} weights"
        for k, v in zip(slots, values, strict=True):
            lines[k] = WEIGHT.sub(lambda m, v=v: f"    {num(v)},  # {m[2]}", lines[k])
        source = source[:head] + "\n".join(lines) + source[end:]
    return source


def weights_text(source: str) -> str:
    return source[source.index("\nTEMPO = ") + 1 :].rstrip() + "\n"


def changes(source: str, w: list[float], top: int = 6) -> str:
    """The largest changes from the weights in ``source``, by what they weigh."""
    names = ["TEMPO"]
    for name in ("OWN_WEIGHTS", "CROSS_WEIGHTS"):
        names += [m[2] for line in _block(source, name)[2] if (m := WEIGHT.match(line))]
    now = [hero.TEMPO, *hero.OWN_WEIGHTS, *hero.CROSS_WEIGHTS]
    moved = sorted(zip(names, now, w, strict=True), key=lambda t: -abs(t[2] - t[1]))
    return "; ".join(f"{n}: {a:g} -> {b:.3f}" for n, a, b in moved[:top])


def sample(rows: list, n: int | None, rng: random.Random) -> list:
    return rows if n is None or n >= len(rows) else rng.sample(rows, n)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.fit_hero", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=800, help="games a pair, on seeds 0..N-1 (default 800)")
    ap.add_argument("--rows", type=int, default=None, help="fit on a random N positions of each round")
    ap.add_argument("--write", action="store_true", help="put the weights into hero.py")
    args = ap.parse_args(argv)
    if not 0 < args.games <= TUNING:
        print(f"--games must be 1..{TUNING} (the tuning half)", file=sys.stderr)
        return 2
    t0 = time.time()
    rng = random.Random(0)
    committed = [hero.TEMPO, *hero.OWN_WEIGHTS, *hero.CROSS_WEIGHTS]
    registry.load_all()
    print("round 1: the card-counting plan's games")
    rows = sample(positions(FIRST[0], FIRST[1], args.games), args.rows, rng)
    first = fit(table(rows), size())
    use(first)
    print(f"round 2: the lookahead on the first fit ({time.time() - t0:.0f}s)")
    rows += sample(positions(SECOND[0], SECOND[1], args.games), args.rows, rng)
    use(committed)  # the changes below are from hero.py's weights
    print(f"final fit on {len(rows)} positions")
    w = fit(table(rows), size(), start=first)
    now = HERO_PY.read_text(encoding="utf-8")
    source = written(now, w)
    print(weights_text(source))
    print("largest changes:", changes(now, w))
    if args.write:
        HERO_PY.write_text(source, encoding="utf-8")
        print(f"written to {HERO_PY}")
    print(f"{time.time() - t0:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
