"""Input storms never crash a table, break an invariant or change a game
outside its rules (issue 10). Seeded streams of 2,000 events per game (40 in CI);
`python -m tools.fuzz --streams 10000` is the long run."""

import os

import pytest

from tools import fuzz

# CI (CI=true) feeds 40 streams a game; a developer run feeds 20 unless TABLETOP_FUZZ_STREAMS says otherwise
# (the whole test command has to fit in 6 minutes on 2 cores; TABLETOP_FUZZ_STREAMS=200 is the long run).
STREAMS = 40 if os.environ.get("CI") else int(os.environ.get("TABLETOP_FUZZ_STREAMS", "20"))
EVENTS = 2000


@pytest.fixture(scope="module")
def fuzzer():
    fz = fuzz.make()
    yield fz
    fz.close()


def test_input_storms(fuzzer, game):
    for seed in range(STREAMS):
        fuzzer.stream(game, seed, EVENTS)
