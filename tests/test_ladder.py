"""The ladder benchmark runs (on a tiny N: it is never a timed test) and every game
declares its computer levels the way the setup screen, records and the ladder use them."""

import json

import pytest

from tabletop import ladder
from tabletop.core import registry
from tabletop.core.game import Bot
from tests.game_helpers import shipped


def test_wilson_interval_matches_the_textbook_figure():
    lo, hi = ladder.wilson(7, 10)
    assert lo == pytest.approx(0.3968, abs=1e-3) and hi == pytest.approx(0.8922, abs=1e-3)
    assert ladder.wilson(0, 20)[0] == 0.0 and ladder.wilson(20, 20)[1] == 1.0


def test_ladder_runs_on_a_tiny_n_and_prints_a_line_per_pair_then_json(capsys):
    spec = registry.get("punch")  # a quick game: the ladder's own work is what is tested here
    assert ladder.main(["--game", spec.id, "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    pairs = ladder.pairs(spec)
    lines = [ln for ln in out.splitlines() if ln.startswith(spec.id) and " vs " in ln]
    assert len(lines) == 2 * len(pairs)  # the tuning half, then the judging half
    report = json.loads(out[out.index("{") :])
    assert len(report["pairs"]) == len(pairs)
    for row in report["pairs"]:
        assert row["games"] == 2 and row["wins"] + row["draws"] + row["losses"] == 2
        assert row["win_ci"][0] <= row["win_rate"] <= row["win_ci"][1]
    first, second = spec.bot_levels[:2]
    assert {c["target"] for c in report["targets"]} >= {
        f"{first} loses to newcomer >= 50%",
        f"{second} beats {first} >= 65%",
        "3 levels (at least 3)",
    }


def test_ladder_pairs_cover_random_the_models_and_each_step():
    spec = registry.get("punch")
    pairs = ladder.pairs(spec)
    for level in spec.bot_levels:
        for other in ("random", "newcomer", "decent", "good"):
            assert (level, other) in pairs
    assert (spec.bot_levels[1], spec.bot_levels[0]) in pairs


def test_ladder_swaps_seats():
    """Game i puts the level in seat i % 2: the same pair seen from both seats."""
    _, a, b, res = ladder.play_chunk(("punch", "Beginner", "random", [0, 1]))
    assert len(res) == 2 and (a, b) == ("Beginner", "random")


@pytest.mark.needs("computer")
def test_levels_are_declared_easiest_first_with_people_names(game):
    assert registry.contract_problem(game) == ""  # Beginner first, named for people, the ladder's models
    assert len(game.bot_levels) >= 3 or not shipped(game)  # the program's own games: three steps at least
    for old, new in game.level_aliases.items():
        assert new in game.bot_levels, f"{old} maps to an undeclared level"
    for name in (*game.bot_levels, *game.player_models, "random"):
        assert isinstance(game.make_bot(seat=1, level=name, seed=3), Bot) or hasattr(
            game.make_bot(seat=1, level=name, seed=3), "intents"
        )
    with pytest.raises(ValueError):
        game.make_bot(seat=0, level="grandmaster", seed=0)


@pytest.mark.needs("old level names")
def test_a_record_naming_an_old_level_gets_todays_level(game):
    from tabletop.session import Seat, Session

    old = next(iter(game.level_aliases))
    seats = [Seat("Red", "human"), Seat("Blue", "computer", level=old)]
    s = Session.new(game, seats, {}, seed=5, autosave=False)
    assert s.bots[1].level == game.level_aliases[old]


def test_jab_ladder_plays_every_level_against_the_whole_grid_of_player_models():
    """Issue 29: reaction 300/500/800/1200 ms x block attention 0/50/95% x claim attention
    0/50/95% x one or two hands, plus a punch-only and a full-speed random player; issue 40 adds the
    steady one-handed player and the careful newcomer (plans of the strategy family)."""
    spec = registry.get("jab")
    pairs = ladder.pairs(spec)
    models = {b for a, b in pairs if a == "Champion" and b not in spec.bot_levels}
    assert len(models) == 4 * 3 * 3 * 2 + 4
    assert {
        "m300-b0-c95-2h",
        "m1200-b50-c0-1h",
        "m800-b95-c50-2h",
        "punch-only",
        "random-fast",
        "steady",
        "newcomer",
    } <= models
    for level in spec.bot_levels:
        assert {b for a, b in pairs if a == level} >= models
    quick = ladder.pairs(spec, quick=True)
    assert set(quick) < set(pairs) and len(quick) < len(pairs) / 10
    for name in models:
        assert spec.make_bot(seat=0, level=name, seed=1).level == name


def test_jab_targets_are_judged_at_their_worst_case_with_games_and_interval():
    spec = registry.get("jab")
    rows = []
    for a, b in ladder.pairs(spec, quick=True):
        wins = 40 if (a, b) != ("Champion", "m1200-b95-c0-1h") else 25  # one weak spot
        rows.append(ladder.summarise("jab", a, b, [("win", 1, False)] * wins + [("loss", 1, False)] * (50 - wins)))
    checks = {c["target"]: c for c in ladder.targets(spec, rows)}
    champion = next(c for t, c in checks.items() if t.startswith("Champion beats every one-handed"))
    assert champion["worst"] == ["Champion", "m1200-b95-c0-1h"] and not champion["ok"]
    assert champion["figure"] == 0.5 and champion["games"] == 50
    assert tuple(champion["ci"]) == ladder.wilson(25, 50)
    line = ladder.target_line(champion)
    assert "FAIL" in line and "N=50" in line and "m1200-b95-c0-1h" in line and "[36.6-63.4]" in line
    beginner = next(c for t, c in checks.items() if "practice aid" in t)
    assert beginner["rate"] == "loss_rate" and beginner["figure"] == 0.2 and not beginner["ok"]
    assert next(c for t, c in checks.items() if t.startswith("each level"))["ok"]


def test_the_ladder_prints_the_tuning_and_the_judging_half_and_judges_on_the_judging_half(capsys):
    """Issue 40: held-out seeds. The tuning half starts at seed 0, the judging half at 1,000,000."""
    report = ladder.run(["punch"], games=2, seed=0, out=print, half="both")
    out = capsys.readouterr().out
    assert "the tuning half: seeds from 0" in out and "the judging half: seeds from 1000000" in out
    assert "tuning half:" in out.split("targets, judged on the judging half")[1]
    assert report["half"] == "judging" and report["tuning"]["pairs"]
    for half, start in (("judging", ladder.JUDGING_SEED), ("tuning", 0)):
        rows = report["pairs"] if half == "judging" else report["tuning"]["pairs"]
        for row in rows[:3]:
            _, _, _, res = ladder.play_chunk(("punch", row["level"], row["opponent"], [start, start + 1]))
            assert row["wins"] == sum(r[0] == "win" for r in res), (half, row["opponent"])


def test_exploit_search_prints_the_best_plan_in_words_with_a_95_percent_interval(capsys):
    """Issue 40: ``--exploit GAME LEVEL`` searches the game's family of plans on its own seeds and
    judges the plan it finds on fresh games."""
    assert ladder.main(["--exploit", "punch", "Beginner", "--budget", "32", "--judge", "10"]) == 0
    out = capsys.readouterr().out
    assert "successive halving over 16 plans" in out and "a budget of 32 games" in out
    best = next(ln for ln in out.splitlines() if ln.startswith("best plan found"))
    assert "punch" in best and "plan:" not in best  # in words, not a model name
    judged = next(ln for ln in out.splitlines() if ln.startswith("judged on 10 fresh games"))
    assert "seeds from 1500000" in judged and "%" in judged and "[" in judged
    report = json.loads(out[out.index("{") :])
    spec = registry.get("punch")
    assert spec.make_bot(seat=0, level=report["plan"], seed=1).plan.words() == report["words"]


@pytest.mark.needs("plans")
def test_every_game_has_a_family_of_plans_whose_names_make_its_players(game):
    from tabletop.core.rng import Rng

    family = ladder.family_of(game)
    rng = Rng(4)
    for _ in range(20):
        plan = family.nearby(rng, family.random(rng))
        name = family.name(plan)
        assert family.parse(name) == plan
        bot = game.make_bot(seat=1, level=name, seed=2)
        assert bot.plan == plan and plan.words()


def test_exploit_refuses_an_unknown_level_in_one_line(capsys):
    with pytest.raises(SystemExit):
        ladder.main(["--exploit", "punch", "Grandmaster"])
    assert "Punch! has no level 'Grandmaster'" in capsys.readouterr().err
