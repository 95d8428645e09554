"""Issue 40: each game's easiest level loses to a careful newcomer (a model of the game's own, written
apart from the levels) in at least half of first games, judged on seeds the tuning never used
(the ladder's judging half, 1,000,000 on; tuning uses seeds below it)."""

import pytest

from tabletop.core import playout, registry

HELD_OUT = 1_000_000

# game: (games, newcomer wins needed) -- measured: Punch! 60 of 100 (its own test), Boxing 61 of 100
# (8 drawn), Stabby Jack 80 of 100, The Square Ring 15 of 20 (1 drawn)
CASES = {"boxing-the-game": (100, 50), "stabby-jack": (100, 50), "square-ring": (20, 10)}


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_careful_newcomer_beats_the_easiest_level_at_least_half_the_time(game):
    spec = registry.load_all()[game]
    n, need = CASES[game]
    wins = 0
    for seed in range(HELD_OUT, HELD_OUT + n):
        seat = seed % 2
        levels = [spec.bot_levels[0]] * 2
        levels[seat] = "newcomer"
        wins += playout.play(spec, seed=seed, levels=levels, players=2, check=False).winner == seat
    assert wins >= need, wins


@pytest.mark.parametrize("game", sorted(CASES) + ["punch"])
def test_the_newcomer_is_a_model_of_the_games_own_not_a_blend_of_its_levels(game):
    spec = registry.load_all()[game]
    bot = spec.make_bot(seat=0, level="newcomer", seed=1)
    assert type(bot).__module__ == f"tabletop.games.{game.replace('-', '_')}.models"
