"""Stabby Jack whole games: bot playouts, card conservation, the scenario record, text for the table."""

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from stabby_jack_util import play, position

from tabletop.core import playout
from tabletop.core.record import Record, parse, replay
from tabletop.games.stabby_jack import SPEC
from tabletop.games.stabby_jack.bot import make_bot
from tabletop.games.stabby_jack.levels import make_bot as make_level
from tabletop.games.stabby_jack.rules import RULES, Declare, LevelUp, Swap, ended_by_limit
from tabletop.games.stabby_jack.rules.content import parse_card
from tabletop.games.stabby_jack.rules.text import describe_card, describe_draw, events, render

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = Path(__file__).with_name("data") / "stabby-jack-scenario.json"


def test_strong_bots_finish_full_games_for_2_to_6_players():
    for players in (2, 3, 4, 5, 6):
        result = playout.play(SPEC, seed=players, players=players, check=True)
        assert result.finished and RULES.outcome(result.state) is not None


def test_mixed_bot_levels_play_legal_games():
    for seed, levels in enumerate(
        (["easy", "random", "strong"], ["random", "random"], ["easy", "easy", "easy", "easy"])
    ):
        result = playout.play(SPEC, seed=seed, players=len(levels), levels=levels, check=True)
        assert RULES.outcome(result.state) is not None


def test_bot_game_replays_from_its_record():
    result = playout.play(SPEC, seed=11, players=3, check=False)
    again = replay(parse(result.record.dumps()), SPEC)
    assert again.players == result.state.players and again.turns == result.state.turns


def test_strong_bot_beats_the_random_bot():
    wins = sum(
        playout.play(SPEC, seed=seed, players=2, levels=["strong", "random"], check=False).winner == 0
        for seed in range(6)
    )
    assert wins >= 5


def test_strong_bot_shields_only_when_the_stab_would_kill():
    bot = make_bot(0, "strong", 1)
    safe = play(position([["5S", "6D", "9H", "3C"], ["8S", "2C"]], xp=[["QS"], []], draw=["JH"]), Declare(0, "fight"))
    assert bot.choose(RULES.view_for(safe, 0)).kind == "take_hit"
    risky = play(position([["5S", "6D", "2H", "3C"], ["8S", "2C"]], xp=[["QS"], []], draw=["JH"]), Declare(0, "fight"))
    assert bot.choose(RULES.view_for(risky, 0)).kind == "shield"


def test_strong_bot_rests_one_hit_from_death():
    s = position([["10S", "6D", "4H", "3C"], ["8S", "2C"]], damage=[3, 0])
    assert make_bot(0, "strong", 1).choose(RULES.view_for(s, 0)) == Declare(0, "rest")


def test_beginner_ace_swap_never_kills_a_rival_R_SJ_6():
    # Ben is at 4 of 9 HP: swapping away his 9 of hearts (for the 5 of hearts or the 9 of spades) kills him
    # and wipes his XP; a Beginner's careless swap still keeps the game moving and takes the clubs
    s = position([["5H", "6D", "9S", "3C"], ["9H", "2C"]], damage=[0, 5], draw=["AS"])
    s = play(s, Declare(0, "fight"))
    for seed in range(10):
        assert make_level(0, "Beginner", seed).choose(RULES.view_for(s, 0)) == Swap(0, 3, 1, 1)


def test_tables_of_beginners_end_by_the_win_conditions_not_the_round_limit():
    # issue 16 point 5: even the easiest computers play towards the win (R-SJ-8)
    for players in (2, 6):
        games = [
            playout.play(SPEC, seed=seed, players=players, levels=["Beginner"] * players, check=False)
            for seed in range(8)
        ]
        assert sum(ended_by_limit(g.state) for g in games) <= 1


@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    jokers=st.booleans(),
    picks=st.lists(st.integers(0, 1000), min_size=1, max_size=300),
)
def test_cards_are_conserved_and_every_state_is_legal(players, seed, jokers, picks):
    s = RULES.new_state({"jokers": jokers}, seed, players)
    assert RULES.invariants(s) == []
    for pick in picks:
        if RULES.outcome(s) is not None:
            break
        seat = RULES.to_act(s)[0]
        legal = RULES.legal_actions(s, seat)
        assert legal and legal == RULES.legal_actions(RULES.view_for(s, seat), seat)
        s = RULES.apply(s, legal[pick % len(legal)])
        assert RULES.invariants(s) == []


@settings(max_examples=8)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_every_game_ends_within_the_round_limit(players, seed):
    result = playout.play(
        SPEC, seed=seed, players=players, levels=["random"] * players, options={"round_limit": 50}, check=False
    )
    assert result.state.turns <= 50 * players


def test_scenario_record_replays_to_anns_win():
    record = parse(SCENARIO.read_text(encoding="utf-8"))
    final = replay(record, SPEC)
    out = RULES.outcome(final)
    assert out.winner == 0
    names = [p["name"] for p in record.players]
    text = events(final, names)
    assert any("Ann throws the King of ♠" in t for t in text)
    assert text[-1].startswith("Ann holds enough XP")


def test_describe_draw_explains_the_card_in_plain_words():
    s = play(position([["5S", "6D", "4H", "3C"], ["8S", "2C"]], draw=["7S"]), Declare(0, "train"))
    assert "7 of ♠" in describe_draw(s, 0) and "replaces" in describe_draw(s, 0)
    assert describe_card(s, 0, parse_card("7S")) == (
        "7 of ♠: a physical monster, 7 to beat; your attack is 5; a tie is won with luck 7 or more (yours is 3)."
    )
    s = play(position([["5S", "6D", "4H", "3C"], ["8S", "2C"]], draw=["9S"]), Declare(0, "fight"))
    # who did what to whom, and what it changed, in one line (issue 17)
    assert render(s.log[-1], ["Ann", "Ben"]) == (
        "Ann loses to the 9 of ♠ (physical, 5 against 9): Ann takes 1 damage (3 HP left)."
    )


def test_a_training_card_is_explained_without_brackets_in_brackets():
    s = play(position([["5S", "6D", "4H", "3C"], ["8S", "2C"]], draw=["7D"]), Declare(0, "train"))
    assert describe_draw(s, 0) == (
        "7 of ♦: a new diamonds stat card worth 7 magical attack; pick the stat card it replaces."
    )


def test_declare_hint_offers_a_level_up_only_when_one_is_possible_R_SJ_4():
    poor = position([["5S", "6D", "4H", "3C"], ["8S", "2C"]], xp=[["2S", "3S"], []])
    assert describe_draw(poor, 0) == "Declare Train, Fight or Rest."
    assert not any(isinstance(a, LevelUp) for a in RULES.legal_actions(poor, 0))
    rich = position([["5S", "6D", "4H", "3C"], ["8S", "2C"]], xp=[["2S", "3S", "4S", "7S", "6S"], []])
    assert any(isinstance(a, LevelUp) for a in RULES.legal_actions(rich, 0))
    assert "level up with 5 XP" in describe_draw(rich, 0)
    assert "level up" not in describe_draw(RULES.view_for(rich, 1), 1)  # not Ben's turn


def test_rules_modules_stay_pure():
    code = "import sys, tabletop.games.stabby_jack; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
    game = ROOT / "tabletop" / "games" / "stabby_jack"
    pure = [p for p in game.rglob("*.py") if "table" not in p.relative_to(game).parts]
    assert game / "rules" / "__init__.py" in pure and game / "bot.py" in pure
    for path in pure:
        text = path.read_text(encoding="utf-8")
        for banned in ("import random", "import pygame", "time.time", "monotonic", "perf_counter"):
            assert banned not in text, f"{path.name} uses {banned}"


def test_record_json_of_a_game_is_well_formed():
    rec = Record(game="stabby-jack", seed=1, players=[{"name": "A", "kind": "human"}] * 2)
    rec.add(Declare(0, "rest"))
    data = json.loads(rec.dumps())
    assert data["actions"] == [{"type": "declare", "player": 0, "choice": "rest"}]
    assert RULES.outcome(replay(parse(rec.dumps()), SPEC)) is None


def test_events_since_gives_only_the_new_sentences():
    s = position([["5S", "6D", "4H", "3C"], ["8S", "2C"]], draw=["9S", "3S"])
    before = s.logged
    s = play(s, Declare(0, "fight"))
    new = events(s, ["Ann", "Ben"], since=before)
    assert new == [
        "Ann goes on an adventure and draws the 9 of ♠.",
        "Ann loses to the 9 of ♠ (physical, 5 against 9): Ann takes 1 damage (3 HP left).",
    ]
    mark = s.logged
    s = play(s, Declare(1, "fight"))
    assert (
        events(s, ["Ann", "Ben"], since=mark)[-1]
        == "Ben beats the 3 of ♠ (physical, 8 against 3) and keeps it as 1 XP."
    )


def test_stats_grouped_by_suit_keep_their_row_indices():
    from tabletop.games.stabby_jack.rules.state import stats_by_suit

    s = position([["5S", "6D", "4H", "3C", "7S"], ["8S", "2C"]])
    groups = stats_by_suit(s.players[0])
    assert [(i, c.code()) for i, c in groups["S"]] == [(0, "5S"), (4, "7S")]
    assert [(i, c.code()) for i, c in groups["H"]] == [(2, "4H")]
