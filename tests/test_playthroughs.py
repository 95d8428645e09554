"""Golden playthroughs (issue 36): each game's seeded computer game, played again, is the one in
tests/playthroughs/ action for action, event for event, with the same summary and result. A change
meant to change play writes them again (``python -m tests.playthroughs``) and the diff is read in
review; any other change to a game's play fails here."""

from __future__ import annotations

import json

import pytest

from tabletop.core import registry
from tests.game_helpers import KEPT, kept_game, shipped
from tests.playthroughs import dumps, path_of, playthrough

GOLDEN = sorted(p.stem for p in path_of("x").parent.glob("*.json"))


KEPT_IDS = {game: package for package, game in KEPT.items()}


@pytest.fixture(params=GOLDEN)
def spec(request):
    if request.param in KEPT_IDS:
        with kept_game(KEPT_IDS[request.param]) as s:
            yield s
    else:
        yield registry.get(request.param)


def test_every_game_here_has_its_golden_playthrough():
    here = [gid for gid, s in registry.load_all().items() if shipped(s)] + list(KEPT.values())
    assert sorted(here) == GOLDEN


def test_a_game_plays_as_its_golden_playthrough_says(spec):
    want = json.loads(path_of(spec.id).read_text(encoding="utf-8"))
    got = json.loads(dumps(playthrough(spec)))
    for key in ("players", "summary", "winner", "reason"):
        assert got[key] == want[key], f"{spec.id}: {key} differs (python -m tests.playthroughs writes it again)"
    for key in ("actions", "events"):
        differs = next((i for i, (a, b) in enumerate(zip(got[key], want[key], strict=False)) if a != b), None)
        assert differs is None, f"{spec.id}: {key}[{differs}] is {got[key][differs]}, was {want[key][differs]}"
        assert len(got[key]) == len(want[key]), f"{spec.id}: {len(got[key])} {key}, were {len(want[key])}"


def test_every_registered_game_plays_the_same_game_twice(game):
    """A game the suite has never seen (named in TABLETOP_GAMES) has no golden file: it must at least
    play the same seeded game twice, as the golden files assume."""
    assert dumps(playthrough(game)) == dumps(playthrough(game))
