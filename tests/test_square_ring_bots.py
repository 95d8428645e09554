"""The Square Ring: computer players."""

from tabletop.core import playout
from tabletop.games.square_ring import SPEC
from tabletop.games.square_ring.bot import make_bot
from tabletop.games.square_ring.rules import RULES, Commit
from tabletop.games.square_ring.rules.content import BOXERS


def test_strong_beats_random_in_at_least_80_percent_of_40_bouts():
    wins = 0
    for seed in range(40):  # a bot no better than random wins 32 of 40 about once in 10,000 runs
        strong = seed % 2  # seats swapped every other bout
        levels = ["strong", "random"] if strong == 0 else ["random", "strong"]
        p = playout.play(SPEC, seed=seed, levels=levels, check=False)
        wins += p.winner == strong
    assert wins >= 32, wins  # 40 of 40 when last measured (120 of 120)


def test_full_bot_bouts_are_legal():
    for seed, levels, boxers in (
        (1, ["strong", "strong"], ("inga", "fredo")),
        (2, ["strong", "easy"], ("sol", "mei")),
        (3, ["easy", "strong"], ("bruno", "kofi")),
        (4, ["easy", "easy"], ("kofi", "inga")),
    ):
        p = playout.play(SPEC, seed=seed, options={"boxer0": boxers[0], "boxer1": boxers[1]}, levels=levels, check=True)
        assert p.finished and RULES.outcome(p.state) is not None


def test_bot_cannot_see_the_other_players_cards():
    base = RULES.new_state({"boxer0": "inga", "boxer1": "fredo"}, 5, 2, {"reacts": [0, 0]})
    a = RULES.apply(base, Commit(1, ("forward", "haymaker")))
    b = RULES.apply(base, Commit(1, ("turn-left-90", "jab")))
    choice_a = make_bot(0, "strong", 9).choose(RULES.view_for(a, 0))
    choice_b = make_bot(0, "strong", 9).choose(RULES.view_for(b, 0))
    assert choice_a == choice_b


def test_strong_bot_takes_a_free_knockout():
    # Fredo has 1 HP right in front of Inga: any landing attack wins
    s = RULES.new_state(
        {"boxer0": "inga", "boxer1": "fredo"},
        0,
        2,
        {"pos": ["c2", "c3"], "hp": [BOXERS["inga"].hp, 1], "reacts": [0, 0], "bursts": [0, 0]},
    )
    s = RULES.apply(s, Commit(1, ("turn-left-90", "turn-right-90")))
    action = make_bot(0, "strong", 1).choose(RULES.view_for(s, 0))
    s = RULES.apply(s, action)
    assert RULES.outcome(s) is not None and RULES.outcome(s).winner == 0


def test_every_level_plays_a_short_bout_legally_with_a_fragile_and_a_sturdy_boxer():
    from tabletop.games.square_ring.levels import LEVELS

    for i, level in enumerate(LEVELS):
        p = playout.play(
            SPEC,
            seed=i,
            options={"boxer0": "sol", "boxer1": "fredo", "rounds": 1, "exchanges": 4},
            levels=[level, level],
            check=True,
        )
        assert p.finished and RULES.outcome(p.state) is not None


def test_balance_table_counts_a_draw_as_half_and_gives_a_wilson_interval():
    import io

    from tabletop.games.square_ring import balance
    from tabletop.ladder import wilson

    # Sol wins twice, loses once and draws once against Fredo: 2.5 of 4 points
    results = [
        ("sol", "fredo", 0, True),
        ("fredo", "sol", 1, False),
        ("sol", "fredo", 1, True),
        ("fredo", "sol", None, False),
    ]
    out = io.StringIO()
    fair = balance.report(results, "Beginner", out)
    text = out.getvalue()
    lo, hi = wilson(2.5, 4)
    sol = next(line for line in text.splitlines() if line.startswith("Sol "))
    assert sol.split()[3:6] == ["4", "2", "1"]  # bouts, won, drawn
    assert f"62.5% [{100 * lo:.1f}-{100 * hi:.1f}]" in sol
    assert not fair and "FAIL" in text  # 62.5% and 37.5% are outside 40-60%
