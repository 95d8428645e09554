"""Property tests over whole random Punch! games: no card is created or lost,
stamina stays within 0..10, views keep secrets, and every game ends."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.game import Refused
from tabletop.games.punch.bot import make_bot
from tabletop.games.punch.rules import RULES
from tabletop.games.punch.rules.state import HIDDEN

options = st.fixed_dictionaries(
    {
        "mode": st.sampled_from(["standard", "advanced"]),
        "no_mercy": st.booleans(),
        "exchange": st.booleans(),
        "robo_box": st.booleans(),
        "matches_to_win": st.sampled_from([1, 2]),
    }
)


def _cards_of(state, seat):
    """Every card of a seat, wherever it is (hand, deck, face down, played)."""
    c = state.choice[seat]
    down = 0 if c is None or state.phase == "draft" else (len(c) if isinstance(c, tuple) else 1)
    return sum(state.hands[seat]) + len(state.decks[seat]) + sum(state.played[seat]) + down


def _kind_totals(state, seat):
    c = state.choice[seat]
    totals = [state.hands[seat][k] + state.decks[seat].count(k) + state.played[seat][k] for k in range(6)]
    if c is not None and state.phase != "draft":
        for k in c if isinstance(c, tuple) else (c,):
            totals[k] += 1
    return totals


@settings(max_examples=25)
@given(
    seed=st.integers(0, 2**32),
    opts=options,
    levels=st.tuples(st.sampled_from(["random", "easy", "strong"]), st.sampled_from(["random", "easy", "strong"])),
)
def test_random_games_keep_cards_and_stamina_and_end(seed, opts, levels):
    state = RULES.new_state(RULES.check_options(opts), seed, 2)
    bots = [make_bot(i, levels[i], seed + i) for i in (0, 1)]
    for _ in range(5000):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        view = RULES.view_for(state, seat)
        other = 1 - seat
        assert view.hands[other] is None and view.decks[other] is None and view.rng is None
        assert view.choice[other] in (None, HIDDEN)
        action = bots[seat].choose(view)
        new = RULES.apply(state, action)
        assert not isinstance(new, Refused), (action, new)
        state = new
        for s in (0, 1):
            assert _cards_of(state, s) == 30
            assert _kind_totals(state, s) == [5] * 6
            assert 0 <= state.stamina[s] <= 10
        assert RULES.invariants(state) == []
    else:
        raise AssertionError("the game did not end")
    assert max(state.wins) == opts["matches_to_win"]
    assert len(state.history) >= opts["matches_to_win"]


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32), opts=options)
def test_every_listed_legal_action_is_accepted(seed, opts):
    state = RULES.new_state(RULES.check_options(opts), seed, 2)
    for seat in RULES.to_act(state):
        legal = RULES.legal_actions(state, seat)
        assert legal
        for a in legal[:40]:
            assert not isinstance(RULES.apply(state, a), Refused), a
        assert legal == RULES.legal_actions(RULES.view_for(state, seat), seat)


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32))
def test_same_seed_and_actions_give_the_same_game(seed):
    from tabletop.core import playout
    from tabletop.core.record import parse, replay
    from tabletop.games.punch import SPEC

    p = playout.play(SPEC, seed=seed, levels=["easy", "random"], options={"matches_to_win": 1}, check=False)
    again = replay(parse(p.record.dumps()), SPEC)
    assert again.log == p.state.log and again.wins == p.state.wins
