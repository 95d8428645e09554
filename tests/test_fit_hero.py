"""tools/fit_hero.py, the refit of Stabby Jack's Hero model: it fits the very model hero.py plays
with, recovers known weights, and writes them back in hero.py's form."""

import math
import random

from tabletop.games.stabby_jack import hero
from tools import fit_hero


def committed():
    return [hero.TEMPO, *hero.OWN_WEIGHTS, *hero.CROSS_WEIGHTS]


def test_the_rows_it_fits_are_the_model_hero_plays_with():
    rng = random.Random(3)
    w = committed()
    for _ in range(300):
        me, other = (
            (rng.randint(0, 14), rng.randint(-2, 20), 20, *(rng.randint(0, 25) for _ in range(3)), 5, 1)
            for _ in range(2)
        )
        z = sum(a * b for a, b in zip(w, fit_hero.features(me, other), strict=True))
        assert math.isclose(1 / (1 + math.exp(-z)), hero.chance(me, other, True), abs_tol=1e-9)


def test_the_fit_recovers_known_weights():
    rng = random.Random(5)
    known = [0.4, -1.2, 0.8, 0.0, 2.0]
    rows = []
    for _ in range(400):  # noise-free labels: each row's share of wins is its chance
        x = [(i, rng.uniform(-1, 1)) for i in range(len(known))]
        p = 1 / (1 + math.exp(-sum(known[i] * v for i, v in x)))
        rows.append((x, 10.0, 10.0 * p))
    w = fit_hero.fit(rows, len(known), l2=0.0, out=lambda _line: None)
    assert max(abs(a - b) for a, b in zip(w, known, strict=True)) < 1e-6


def test_the_weights_are_written_back_in_hero_py_s_form():
    source = fit_hero.HERO_PY.read_text(encoding="utf-8")
    assert fit_hero.written(source, committed()) == source
    moved = committed()
    moved[1] += 1
    new = fit_hero.written(source, moved)
    assert f"    {round(hero.OWN_WEIGHTS[0] + 1, 3)!r},  # XP\n" in new
    assert new.replace(f"{round(hero.OWN_WEIGHTS[0] + 1, 3)!r},", f"{hero.OWN_WEIGHTS[0]!r},", 1) == source
