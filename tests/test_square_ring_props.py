"""The Square Ring: properties over many random bouts (hypothesis)."""

from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import playout
from tabletop.games.square_ring import SPEC
from tabletop.games.square_ring.rules import HIDDEN, RULES
from tabletop.games.square_ring.rules.content import BOXERS

IDS = sorted(BOXERS)


@given(
    seed=st.integers(0, 2**32),
    b0=st.sampled_from(IDS),
    b1=st.sampled_from(IDS),
    levels=st.sampled_from([["random", "random"], ["random", "easy"], ["easy", "random"]]),
    rounds=st.sampled_from([1, 3]),
)
def test_random_bouts_stay_legal_and_end(seed, b0, b1, levels, rounds):
    starts = (BOXERS[b0].hp, BOXERS[b1].hp)
    seen = []

    def look(action, state):
        assert 0 <= state.pos[0] < 25 and 0 <= state.pos[1] < 25, "a boxer left the board"
        assert state.pos[0] != state.pos[1], "both boxers on one square"
        assert all(0 <= state.hp[s] <= starts[s] for s in (0, 1)), "HP above the start"
        for viewer in (0, 1):
            v = RULES.view_for(state, viewer)
            other = 1 - viewer
            if state.phase in ("choose", "react") and state.commits[other] is not None:
                assert v.commits[other] == HIDDEN, "a committed card leaked before the reveal"
            if v.peek is not None:
                assert viewer == state.reactor
        seen.append(state.round)

    # playout checks the rules' invariants after every action and fails on a refused action
    p = playout.play(
        SPEC,
        seed=seed,
        options={"boxer0": b0, "boxer1": b1, "rounds": rounds},
        levels=levels,
        check=True,
        max_actions=2000,
        on_action=look,
    )
    assert p.finished and RULES.outcome(p.state) is not None
    assert max(seen) <= rounds
    out = RULES.outcome(p.state)
    if "knockout" not in out.reason:
        w = p.state.round_wins
        assert out.winner == (None if w[0] == w[1] else (0 if w[0] > w[1] else 1))
        assert len(p.state.round_results) == rounds


@given(seed=st.integers(0, 2**32))
def test_legal_actions_are_all_accepted(seed):
    state = RULES.new_state({"boxer0": IDS[seed % len(IDS)], "boxer1": IDS[(seed // 7) % len(IDS)]}, seed, 2)
    from tabletop.core.rng import Rng

    rng = Rng(seed)
    for _ in range(40):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        for a in (legal[0], legal[-1], legal[rng.randrange(len(legal))]):
            assert RULES.apply(state, a), a
        state = RULES.apply(state, legal[rng.randrange(len(legal))])
        other = 1 - seat
        assert other in RULES.to_act(state) or RULES.legal_actions(state, other) == []
