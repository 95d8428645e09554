"""The Square Ring: the exchange flow, keywords, React/Burst, rounds and the bout
(R-SQR-4, R-SQR-6, R-SQR-7, R-SQR-8), through the reducer."""

import json
from pathlib import Path

import pytest

from tabletop.core.game import Refused
from tabletop.core.record import parse, replay
from tabletop.games.square_ring import SPEC
from tabletop.games.square_ring.rules import HIDDEN, RULES, Commit, Declare, Footwork, Stick, board
from tabletop.games.square_ring.rules.content import BOXERS
from tabletop.games.square_ring.rules.text import sentence

sq = board.parse_square


def new(b0="inga", b1="fredo", seed=0, options=None, **setup):
    setup.setdefault("reacts", [0, 0])
    setup.setdefault("bursts", [0, 0])
    opts = {"boxer0": b0, "boxer1": b1, **(options or {})}
    return RULES.new_state(opts, seed, 2, setup)


def ok(state, action):
    out = RULES.apply(state, action)
    assert not isinstance(out, Refused), out.reason
    return out


def exchange(state, cards0, cards1, footwork=0, stick=None):
    """Both commit; footwork and Stick-and-Move prompts are answered with the given choice."""
    state = ok(state, Commit(0, tuple(cards0)))
    state = ok(state, Commit(1, tuple(cards1)))
    while state.phase in ("footwork", "stick") and state.result is None:
        for s in RULES.to_act(state):
            state = ok(state, Footwork(s, footwork) if state.phase == "footwork" else Stick(s, stick))
    return state


def test_the_default_bout_gives_both_seats_the_same_boxer():
    # the person usually sits first and the computer second: the default never hands either the stronger boxer
    s = RULES.new_state(RULES.default_options(), 3, 2)
    assert s.boxers[0] == s.boxers[1]
    assert s.hp[0] == s.hp[1] and s.bursts[0] == s.bursts[1] and s.reacts[0] == s.reacts[1]


def power(boxer, cid):
    return BOXERS[boxer].by_id[cid].power


def test_new_bout_r_sqr_1():
    s = new("inga", "fredo", seed=3)
    assert s.boxers == ("inga", "fredo")
    assert [board.name(p) for p in s.pos] == ["c2", "c4"]
    assert [board.FACINGS[f] for f in s.facing] == ["N", "S"]
    assert s.hp == (BOXERS["inga"].hp, BOXERS["fredo"].hp)
    assert (s.round, s.exchange) == (1, 1)


def test_choose_two_cards_in_order_r_sqr_4():
    s = new()
    assert set(RULES.to_act(s)) == {0, 1}
    for bad, why in (
        ((("jab",)), "Choose 2"),
        (("jab", "jab"), "only once"),
        (("jab", "haymaker"), "not in your hand"),
        (("jab", "cross", "hook"), "Burst"),
    ):
        out = RULES.apply(s, Commit(0, bad))
        assert isinstance(out, Refused) and why in out.reason
    s = ok(s, Commit(0, ("forward", "cross")))
    assert RULES.to_act(s) == (1,)
    assert isinstance(RULES.apply(s, Commit(0, ("jab", "cross"))), Refused)
    # the order matters: step in first, then the cross reaches Fredo (c4 from c3)
    s = ok(s, Commit(1, ("turn-left-45", "turn-right-45")))
    assert board.name(s.pos[0]) == "c3"
    assert s.round_damage == (power("inga", "cross"), 0)


def test_same_cards_other_order_give_another_result():
    s = exchange(new(), ("cross", "forward"), ("turn-left-45", "turn-right-45"))
    assert s.round_damage[0] == power("inga", "cross")  # c2 -> c4 is two squares: the cross reaches
    s = exchange(new(), ("jab", "forward"), ("turn-left-45", "turn-right-45"))
    assert s.round_damage[0] == 0  # the jab reaches one square only, and was thrown before the step


def test_view_hides_the_other_players_cards_until_the_reveal():
    s = ok(new(), Commit(0, ("forward", "cross")))
    assert RULES.view_for(s, 1).commits[0] == HIDDEN
    assert RULES.view_for(s, None).commits[0] == HIDDEN
    assert RULES.view_for(s, 0).commits[0] == ("forward", "cross")
    assert RULES.view_for(s, 1).rng is None


def test_burst_gives_a_third_card_that_resolves_alone_r_sqr_4():
    s = new(bursts=[1, 0], pos=["c2", "c3"])
    s = ok(s, Commit(0, ("turn-left-45", "turn-right-45", "jab")))
    s = ok(s, Commit(1, ("turn-left-90", "turn-right-90")))
    assert s.bursts == (0, 0)
    assert s.round_damage == (power("inga", "jab"), 0)
    assert s.exchange == 2 or s.phase == "stick"
    out = RULES.apply(new(bursts=[0, 0]), Commit(0, ("jab", "cross", "hook")))
    assert isinstance(out, Refused) and "no Burst" in out.reason


def test_react_lower_hp_wins_the_call_r_sqr_4():
    s = new("inga", "kofi", reacts=[1, 1], hp=[5, 9])
    assert s.phase == "declare" and set(RULES.to_act(s)) == {0, 1}
    s = ok(ok(s, Declare(0, True)), Declare(1, True))
    assert s.reactor == 0 and s.reacts == (0, 1)
    # the other player commits first; the reactor sees that first card
    assert RULES.to_act(s) == (1,)
    s = ok(s, Commit(1, ("cross", "forward")))
    assert s.phase == "react" and RULES.to_act(s) == (0,)
    assert RULES.view_for(s, 0).peek == "cross"
    assert RULES.view_for(s, 1).peek is None
    assert RULES.view_for(s, None).peek is None
    assert RULES.view_for(s, 0).commits[1] == HIDDEN


def test_react_equal_hp_nobody_reacts_and_nothing_is_spent_r_sqr_4():
    s = new("inga", "kofi", reacts=[1, 1], hp=[9, 9])
    s = ok(ok(s, Declare(0, True)), Declare(1, True))
    assert s.reactor is None and s.reacts == (1, 1)
    assert set(RULES.to_act(s)) == {0, 1}


def test_react_single_caller_reacts_and_no_burst_that_exchange_r_sqr_4():
    s = new("inga", "fredo", reacts=[1, 0], bursts=[1, 2])
    assert RULES.to_act(s) == (0,)  # Fredo has no React to call
    s = ok(s, Declare(0, True))
    assert s.reactor == 0
    out = RULES.apply(s, Commit(1, ("jab", "hook", "forward")))
    assert isinstance(out, Refused) and "React" in out.reason
    s = ok(s, Commit(1, ("jab", "hook")))
    out = RULES.apply(s, Commit(0, ("jab", "hook", "forward")))
    assert isinstance(out, Refused)


def test_declare_is_secret_until_both_have_declared():
    s = ok(new("inga", "kofi", reacts=[1, 1]), Declare(0, True))
    assert RULES.view_for(s, 1).declares[0] == HIDDEN
    assert RULES.view_for(s, 0).declares[0] is True


def test_counter_cancels_the_damage_of_an_attack_r_sqr_6():
    # Mei's counter cross lands while Inga attacks: Mei takes nothing, Inga takes the counter
    s = new("inga", "mei", pos=["c2", "c3"])
    s = exchange(s, ("cross", "turn-left-45"), ("counter-cross", "turn-left-45"))
    assert s.hp == (BOXERS["inga"].hp - power("mei", "counter-cross"), BOXERS["mei"].hp)


def test_counter_against_a_move_is_a_plain_hit_r_sqr_6():
    s = new("inga", "mei", pos=["c2", "c4"])
    s = exchange(s, ("forward", "turn-left-45"), ("counter-cross", "turn-left-45"))
    assert s.hp[0] == BOXERS["inga"].hp - power("mei", "counter-cross")


def test_two_landed_counters_both_hurt_r_sqr_6():
    s = new("mei", "mei", pos=["c2", "c3"])
    s = exchange(s, ("counter-cross", "turn-left-45"), ("counter-cross", "turn-left-45"))
    full = BOXERS["mei"].hp - power("mei", "counter-cross")
    assert s.hp == (full, full)


def test_counter_that_misses_protects_nobody_r_sqr_6():
    # Mei faces east, so her counter cross misses; Sol's lance (two and three ahead) lands
    s = new("sol", "mei", pos=["c2", "c4"], facing=["N", "E"])
    s = exchange(s, ("lance", "turn-left-45"), ("counter-cross", "turn-left-45"))
    assert s.hp == (BOXERS["sol"].hp, BOXERS["mei"].hp - power("sol", "lance"))


def test_daze_blocks_burst_and_react_and_shuffles_the_order_r_sqr_7():
    s = new("inga", "fredo", pos=["c2", "c3"], reacts=[0, 0], bursts=[0, 2])
    s = exchange(s, ("uppercut", "turn-left-45"), ("turn-left-45", "turn-right-45"))
    assert s.dazed == (False, True)
    out = RULES.apply(s, Commit(1, ("jab", "hook", "forward")))
    assert isinstance(out, Refused) and "dazed" in out.reason
    orders = set()
    for seed in range(12):
        t = new("inga", "fredo", seed=seed, pos=["c2", "c3"], bursts=[0, 2])
        t = exchange(t, ("uppercut", "turn-left-45"), ("turn-left-45", "turn-right-45"))
        t = ok(t, Commit(1, ("turn-left-45", "turn-left-90")))
        orders.add(t.commits[1])
        # the same seed gives the same order
        u = new("inga", "fredo", seed=seed, pos=["c2", "c3"], bursts=[0, 2])
        u = exchange(u, ("uppercut", "turn-left-45"), ("turn-left-45", "turn-right-45"))
        assert ok(u, Commit(1, ("turn-left-45", "turn-left-90"))).commits[1] == t.commits[1]
    assert orders == {("turn-left-45", "turn-left-90"), ("turn-left-90", "turn-left-45")}


def test_daze_lasts_one_exchange_and_stops_react():
    s = new("kofi", "inga", pos=["c2", "c3"], reacts=[1, 1])
    s = ok(ok(s, Declare(0, False)), Declare(1, False))
    s = exchange(s, ("uppercut", "turn-left-45"), ("turn-left-45", "turn-right-45"))
    assert s.dazed == (False, True)
    assert RULES.to_act(s) == (0,)  # the dazed Inga may not call React
    s = ok(s, Declare(0, False))
    s = exchange(s, ("turn-left-45", "turn-right-45"), ("turn-left-45", "turn-right-45"))
    assert s.dazed == (False, False)


def test_cooldown_card_rests_one_exchange_r_sqr_7():
    s = new(pos=["c2", "c3"])
    s = exchange(s, ("uppercut", "turn-left-45"), ("turn-left-45", "turn-right-45"))
    assert "uppercut" in s.cooldown[0]
    out = RULES.apply(s, Commit(0, ("uppercut", "jab")))
    assert isinstance(out, Refused) and "cooling down" in out.reason
    assert all("uppercut" not in a.cards for a in RULES.legal_actions(s, 0))
    s = exchange(s, ("turn-left-45", "turn-right-45"), ("turn-left-45", "turn-right-45"))
    assert s.cooldown == ((), ())
    assert not isinstance(RULES.apply(s, Commit(0, ("uppercut", "jab"))), Refused)


def test_cooldown_in_the_last_exchange_has_no_effect_r_sqr_7():
    s = new(pos=["c2", "c3"], exchange=6)
    s = exchange(s, ("uppercut", "turn-left-45"), ("turn-left-45", "turn-right-45"))
    assert (s.round, s.exchange) == (2, 1)
    assert s.cooldown == ((), ())
    assert not isinstance(RULES.apply(s, Commit(0, ("uppercut", "jab"))), Refused)


def test_stick_and_move_step_after_a_clean_jab_r_sqr_7():
    s = new(pos=["c2", "c3"])
    s = ok(s, Commit(0, ("jab", "turn-left-45")))
    s = ok(s, Commit(1, ("turn-left-45", "turn-right-45")))
    assert s.phase == "stick" and RULES.to_act(s) == (0,)
    jab = BOXERS["inga"].by_id["jab"]
    assert {a.step for a in RULES.legal_actions(s, 0)} == {None} | {board.STEPS[x] for x in jab.stick_steps}
    out = RULES.apply(s, Stick(0, "forward"))
    assert isinstance(out, Refused) and "not listed" in out.reason
    s = ok(s, Stick(0, "back"))
    # Inga faces north-west after her turn: back is south-east, d1
    assert board.name(s.pos[0]) == "d1" and s.exchange == 2


def test_no_stick_and_move_when_hit_in_the_same_action_r_sqr_7():
    s = new(pos=["c2", "c3"])
    s = ok(s, Commit(0, ("jab", "turn-left-45")))
    s = ok(s, Commit(1, ("jab", "turn-right-45")))
    assert s.exchange == 2 and s.phase == "choose"  # both jabs landed, both were hurt: no step for anyone


def test_stick_and_move_obeys_pressure():
    # Inga on c3 and Fredo on c4 face each other; her jab and hook land, he only turns
    s = new(pos=["c3", "c4"], facing=["N", "S"])
    s = ok(s, Commit(0, ("jab", "hook")))
    s = ok(s, Commit(1, ("turn-left-45", "turn-right-45")))
    assert s.phase == "stick"
    # Fredo presses her: sliding right (d3) or left (b3) is nulled, stepping back is not
    for step, where in (("right", "c3"), ("left", "c3"), ("back", "c2")):
        assert board.name(ok(s, Stick(0, step)).pos[0]) == where


def test_favoured_step_allows_a_45_degree_turn():
    # Inga's forward-left is favoured
    assert BOXERS["inga"].by_id["forward-left"].favoured
    s = new()
    s = ok(s, Commit(0, ("forward-left", "turn-left-45")))
    s = ok(s, Commit(1, ("turn-left-45", "turn-right-45")))
    assert s.phase == "footwork" and RULES.to_act(s) == (0,)
    assert isinstance(RULES.apply(s, Footwork(0, 2)), Refused)
    s = ok(s, Footwork(0, 1))
    # north, then +45 (footwork) and -45 (turn card): north again, standing on b3
    assert board.name(s.pos[0]) == "b3" and s.facing[0] == 0
    # the log tells the facing right after the footwork turn, as turn cards' entries do
    turned = [e for e in s.log if e["kind"] == "footwork"]
    assert [(e["seat"], e["facing"]) for e in turned] == [(0, "NE")]
    assert [e["facing"] for e in s.log if e["kind"] == "turn" and e["seat"] == 0] == ["N"]


def test_plain_step_gives_no_footwork_turn():
    assert not BOXERS["inga"].by_id["forward"].favoured
    s = exchange(new(), ("forward", "turn-left-45"), ("turn-left-45", "turn-right-45"))
    assert not any(e["kind"] == "earn-footwork" for e in s.log)


def test_knockout_ends_the_bout_r_sqr_6():
    s = new(pos=["c2", "c3"], hp=[10, 1])
    s = exchange(s, ("jab", "turn-left-45"), ("turn-left-45", "turn-right-45"))
    assert RULES.outcome(s).winner == 0 and "knockout" in RULES.outcome(s).reason
    assert RULES.to_act(s) == ()
    assert isinstance(RULES.apply(s, Commit(0, ("jab", "cross"))), Refused)


def test_double_knockout_is_a_draw_r_sqr_6():
    s = new(pos=["c2", "c3"], hp=[1, 1])
    s = exchange(s, ("jab", "turn-left-45"), ("jab", "turn-left-45"))
    out = RULES.outcome(s)
    assert out is not None and out.winner is None and "Double knockout" in out.reason


def test_round_win_recovery_and_reset_r_sqr_8():
    s = new(pos=["c2", "c3"], exchange=6, hp=[10, 15])
    s = exchange(s, ("jab", "cross"), ("turn-left-45", "turn-right-45"))
    dealt = power("inga", "jab") + power("inga", "cross")
    assert s.round_results == (0,) and s.round_wins == (1, 0)
    assert (s.round, s.exchange) == (2, 1) and s.round_damage == (0, 0)
    assert [board.name(p) for p in s.pos] == ["c2", "c4"] and s.facing == (0, 4)
    fredo = BOXERS["fredo"]
    assert s.hp == (min(BOXERS["inga"].hp, 10 + BOXERS["inga"].recovery), min(fredo.hp, 15 - dealt + fredo.recovery))


def test_recovery_never_above_the_start():
    s = new(exchange=6)
    s = exchange(s, ("turn-left-45", "turn-right-45"), ("turn-left-45", "turn-right-45"))
    assert s.hp == (BOXERS["inga"].hp, BOXERS["fredo"].hp)
    assert s.round_results == (None,)


def test_bout_goes_to_the_round_winner_or_is_a_draw_r_sqr_8():
    s = new(pos=["c2", "c3"], round=3, exchange=6, round_wins=[1, 0])
    s = exchange(s, ("turn-left-45", "turn-right-45"), ("turn-left-45", "turn-right-45"))
    assert RULES.outcome(s).winner == 0
    s = new(pos=["c2", "c3"], round=3, exchange=6, round_wins=[1, 1])
    s = exchange(s, ("turn-left-45", "turn-right-45"), ("turn-left-45", "turn-right-45"))
    assert RULES.outcome(s).winner is None and "draw" in RULES.outcome(s).reason


def test_options_change_rounds_and_exchanges():
    s = RULES.new_state({"rounds": 1, "exchanges": 4, "boxer0": "sol", "boxer1": "mei"}, 0, 2)
    assert (s.rounds, s.exchanges, s.boxers) == (1, 4, ("sol", "mei"))
    with pytest.raises(ValueError):
        RULES.new_state({"boxer0": "nobody"}, 0, 2)


@pytest.mark.parametrize(
    "setup, words",
    [
        ({"pos": ["c2", "c2"]}, "share a square"),
        ({"pos": ["z9", "c2"]}, "not a square"),
        ({"facing": ["N", "UP"]}, "not a facing"),
        ({"hp": [0, 5]}, "some HP"),
        ({"hp": [99, 5]}, "from 0 to"),
        ({"colour": "red"}, "unknown key"),
        ({"round_wins": [2, 0]}, "more round wins"),
    ],
)
def test_setup_is_checked(setup, words):
    with pytest.raises(ValueError, match=words):
        RULES.new_state(RULES.default_options(), 0, 2, setup)


def test_refusals_are_sentences():
    s = new()
    for action in (Stick(0, "back"), Footwork(0, 1), Declare(0, True), Commit(5, ("jab", "cross"))):
        out = RULES.apply(s, action)
        assert isinstance(out, Refused) and out.reason.endswith(".") and out.reason[0].isupper()


def test_log_tells_what_happened():
    s = exchange(new(pos=["c2", "c3"]), ("cross", "forward-right"), ("turn-left-45", "turn-right-45"))
    texts = [sentence(e) for e in s.log]
    assert any("Cross lands on Fredo: Fredo loses" in t for t in texts)
    assert any("steps forward-right to d3" in t for t in texts)


def test_scenario_record_replays_to_its_outcome():
    path = Path(__file__).parent / "data" / "square-ring-scenario.json"
    record = parse(path.read_bytes())
    expected = json.loads(path.read_text())["expected"]
    state = replay(record, SPEC)
    out = RULES.outcome(state)
    assert out is not None and out.winner == expected["winner"]
    assert list(state.hp) == expected["hp"]


def test_record_reproduces_the_game():
    from tabletop.core import playout

    p = playout.play(SPEC, seed=11, levels=["easy", "random"])
    again = replay(parse(p.record.dumps()), SPEC)
    assert again == p.state


def test_apply_never_changes_the_given_state():
    s = new(pos=["c2", "c3"])
    before = repr(s)
    after = exchange(s, ("jab", "cross"), ("hook", "jab"))
    assert repr(s) == before and after != s


def test_a_dazed_boxers_shuffle_is_logged_at_the_reveal_r_sqr_7():
    s = new("inga", "fredo", pos=["c2", "c3"])
    s = exchange(s, ("uppercut", "turn-left-45"), ("turn-left-45", "turn-right-45"))
    assert s.dazed == (False, True)
    assert not any(e["kind"] == "shuffle" for e in s.log), "nobody was dazed in the first exchange"
    t = ok(s, Commit(1, ("turn-left-45", "turn-left-90")))
    assert t.log == s.log, "nothing is told before the reveal"
    t = ok(t, Commit(0, ("turn-left-45", "turn-right-45")))
    added = list(t.log[len(s.log) :])
    kinds = [e["kind"] for e in added]
    assert kinds.count("shuffle") == 1 and kinds.index("shuffle") < kinds.index("reveal")
    entry = added[kinds.index("shuffle")]
    assert entry["seat"] == 1 and "Fredo" in sentence(entry) and "shuffled" in sentence(entry)
    # the daze is over in the exchange after: no shuffle told
    u = exchange(t, ("turn-left-45", "turn-right-45"), ("turn-left-45", "turn-right-45"))
    assert not any(e["kind"] == "shuffle" for e in u.log[len(t.log) :])


def test_boxer_choices_on_the_setup_screen_show_hp_bursts_and_reacts():
    for key in ("boxer0", "boxer1"):
        opt = next(o for o in RULES.options if o.key == key)
        assert [v for v, _label in opt.choices] == list(BOXERS)
        for bid, label in opt.choices:
            b = BOXERS[bid]
            assert label.startswith(f"{b.name} · {b.style.lower()} · ")
            assert label.endswith(f"{b.hp} HP ⚡{b.bursts} ◉{b.reacts}")


def test_a_mirror_bout_names_each_boxer_by_corner_in_the_log():
    # the default bout is Inga against Inga: "Inga's Cross lands on Inga" would not say who hit whom
    s = exchange(new("inga", "inga", pos=["c2", "c3"]), ("cross", "forward-right"), ("turn-left-45", "turn-right-45"))
    texts = [sentence(e) for e in s.log]
    assert any("Cross lands on Blue Inga: Blue Inga loses" in t for t in texts)
    assert any(t.startswith("Red Inga plays Cross; Blue Inga plays") for t in texts)


def test_a_bad_boxers_file_names_the_file_the_boxer_and_the_problem(tmp_path):
    from tabletop.games.square_ring.rules import content

    data = json.loads((content.DATA / "boxers.json").read_text(encoding="utf-8"))
    data["boxers"][1]["attacks"][0]["area_n"] = [[0, 0]]
    bad = tmp_path / "boxers.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(content.ContentError, match=r"boxers\.json: boxers\[1\]\.attacks\[0\]: an attack cannot hit"):
        content.load_boxers(bad)
