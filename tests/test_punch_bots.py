"""Punch! computer players: legal full games, and the strong one's strength."""

import pytest

from tabletop.core import playout
from tabletop.games.punch import SPEC
from tabletop.games.punch.bot import make_bot
from tabletop.games.punch.rules import RULES


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("levels", [["strong", "strong"], ["easy", "strong"], ["random", "easy"]])
def test_full_bot_games_are_legal(seed, levels):
    p = playout.play(SPEC, seed=seed, levels=levels, check=True)
    assert p.finished and max(p.state.wins) == 3 and p.winner in (0, 1)


@pytest.mark.parametrize(
    "opts",
    [
        {"mode": "advanced"},
        {"exchange": True},
        {"robo_box": True},
        {"no_mercy": True, "mode": "advanced", "exchange": True},
    ],
)
def test_bots_play_every_variant(opts):
    for levels in (["strong", "easy"], ["random", "strong"]):
        p = playout.play(SPEC, seed=5, options=opts, levels=levels, check=True)
        assert p.finished


def test_strong_wins_at_least_80_percent_against_random():
    wins = 0
    for seed in range(100):  # 86 of 100 when last measured (127 of 150)
        seat = seed % 2
        levels = ["random", "random"]
        levels[seat] = "strong"
        p = playout.play(SPEC, seed=seed, levels=levels, check=False)
        wins += p.winner == seat
    assert wins >= 80, wins


def test_strong_beats_easy_more_often_than_not():
    wins = 0
    for seed in range(60):
        seat = seed % 2
        levels = ["easy", "easy"]
        levels[seat] = "strong"
        wins += playout.play(SPEC, seed=seed, levels=levels, check=False).winner == seat
    assert wins > 36, wins


def test_strong_bot_rests_only_when_it_can_gain():
    """At full stamina, with the opponent holding only non-punches, the strong bot
    does not waste a Do Nothing when it has a Dodge or a Block to play."""
    from tests.test_punch_resolution import fresh

    s = fresh(["nothing"] + ["block"] * 4 + ["dodge"] * 5, ["block"] * 5 + ["dodge"] * 5)
    s.round = 3  # round 3: everything the opponent still holds is in their hand
    s.played = (s.played[0], (5, 5, 5, 5, 0, 0))
    bot = make_bot(0, "strong", 1)
    a = bot.choose(RULES.view_for(s, 0))
    assert a.card != "nothing"


def test_bots_see_only_their_view():
    s = RULES.new_state(RULES.default_options(), 3, 2)
    while s.phase == "redeal":
        seat = RULES.to_act(s)[0]
        s = RULES.apply(s, make_bot(seat, "strong", 0).choose(RULES.view_for(s, seat)))
    a = make_bot(0, "strong", 0).choose(RULES.view_for(s, 0))
    s2 = s.clone()
    s2.hands = (s.hands[0], tuple(reversed(s.hands[1])))  # a different hidden hand
    s2.decks = (s.decks[0], tuple(reversed(s.decks[1])))
    assert make_bot(0, "strong", 0).choose(RULES.view_for(s2, 0)) == a


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_bot(0, "grandmaster", 1)


@pytest.mark.parametrize("opts", [{}, {"robo_box": True, "exchange": True}])
def test_reader_plays_legal_games(opts):
    for levels in (["reader", "strong"], ["random", "reader"], ["Contender", "Sparring partner"]):
        p = playout.play(SPEC, seed=3, options=opts, levels=levels, check=True)
        assert p.finished


def test_reader_learns_who_it_can_read():
    """Against the card-counter it comes to expect the counted card; against a random player it
    comes to expect no such thing (and then plays as the strong boxer does)."""
    from tabletop.games.punch.bot import ReaderBot

    shares = {}
    for other in ("strong", "random"):
        bots = [ReaderBot(seat=0, level="reader", seed=4), make_bot(1, other, seed=5)]
        state = RULES.new_state(RULES.check_options({}), 4, 2)
        while RULES.outcome(state) is None:
            for seat in RULES.to_act(state):
                if RULES.outcome(state) is None and seat in RULES.to_act(state):
                    state = RULES.apply(state, bots[seat].choose(RULES.view_for(state, seat)))
        shares[other] = bots[0]._share()
    assert shares["strong"] > 0.5 and shares["random"] < 0.2


def test_reader_beats_the_card_counter_it_reads():
    wins = 0
    for seed in range(10):
        seat = seed % 2
        levels = ["strong", "strong"]
        levels[seat] = "reader"
        wins += playout.play(SPEC, seed=seed, levels=levels, check=False).winner == seat
    assert wins >= 8


def _duel(a, b, seeds):
    """Games ``a`` wins against ``b``, seats swapped (``a`` in seat ``seed % 2``)."""
    wins = 0
    for seed in seeds:
        levels = [a, b] if seed % 2 == 0 else [b, a]
        wins += playout.play(SPEC, seed=seed, levels=levels, check=False).winner == seed % 2
    return wins


def test_a_careful_newcomer_beats_beginner_in_at_least_half_of_first_games():
    """Issue 40: the newcomer model (its strongest punch, a dodge now and then while Punch 3s may
    come) against Beginner, on seeds the tuning never used. 60 of 100 when measured."""
    assert _duel("newcomer", "Beginner", range(1_000_000, 1_000_100)) >= 50


def test_sparring_partner_beats_beginner():
    """Issue 40: each level beats the one below. A coin would reach 69 of 100 with odds under 1 in 10,000;
    83 of 100 when measured."""
    assert _duel("Sparring partner", "Beginner", range(1_000_000, 1_000_100)) >= 69


def test_the_newcomer_model_plays_its_strongest_punch_and_never_counts_cards():
    from tabletop.games.punch.models import PlanBot
    from tests.test_punch_resolution import fresh

    s = fresh(["p1", "p3", "block", "dodge", "nothing"] * 2, ["p1"] * 5 + ["p2"] * 5)
    s.played = (s.played[0], (0, 0, 5, 0, 0, 0))  # every Punch 3 of theirs is shown: nothing to dodge
    bot = PlanBot(0, seed=1)  # the plan's defaults: the careful newcomer
    assert {bot.choose(RULES.view_for(s, 0)).card for _ in range(20)} == {"p3"}
