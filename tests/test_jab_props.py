"""JAB properties: random legal action streams never create or lose a card,
never reach an illegal state and keep health plus round-win tokens at 10;
random games and computer games always end."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.game import Refused
from tabletop.core.playout import play
from tabletop.core.registry import get
from tabletop.games.jab.bot import random_game
from tabletop.games.jab.rules import RULES
from tabletop.games.jab.rules import content as C
from tabletop.games.jab.rules.actions import Tick


def _events_numbered(before, after):
    """Events carry a running seq: consecutive, never reused, the old ones unchanged;
    sentences name seats only by placeholders."""
    seqs = [e["seq"] for e in after.events]
    assert seqs == sorted(set(seqs)) and (not seqs or seqs[-1] - seqs[0] == len(seqs) - 1)
    last = before.events[-1]["seq"] if before.events else 0
    old = {e["seq"]: e for e in before.events}
    for e in after.events:
        assert e["seq"] > last or old.get(e["seq"], e) == e
        assert "layer 1" not in e["text"] and "layer 2" not in e["text"], e["text"]


def _conserved(s):
    assert RULES.invariants(s) == []
    assert sum(s.health) + sum(s.tokens) == C.N["tokens"]
    assert sum(s.cards_left(p) for p in (0, 1)) + sum(len(p) for p in s.piles) == 50


@settings(max_examples=25)
@given(
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 10_000), min_size=50, max_size=400),
    hand_scoring=st.booleans(),
)
def test_random_legal_streams_keep_every_card_and_all_health_and_never_mutate(seed, picks, hand_scoring):
    s = RULES.new_state(
        RULES.check_options({"scoring": "hand" if hand_scoring else "auto", "countdown_ms": 0}), seed, 2
    )
    for k in picks:
        if RULES.outcome(s) is not None:
            break
        acts = [a for p in RULES.to_act(s) for a in RULES.legal_actions(s, p)]
        if k % 17 == 0 or not acts:
            action = Tick(s.now + k % 12_000)
        else:
            action = acts[k % len(acts)]
        before = copy.deepcopy(s)
        r = RULES.apply(s, action)
        assert not isinstance(r, Refused), f"listed action {action} was refused: {r.reason}"
        assert s == before, "apply changed the state it was given"
        assert r.clone() == r
        _events_numbered(s, r)
        s = r
        _conserved(s)


@settings(max_examples=8)
@given(seed=st.integers(0, 2**32))
def test_random_games_end_with_every_state_legal(seed):
    s, actions = random_game(seed, on_action=lambda a, st_: _conserved(st_))
    assert RULES.outcome(s) is not None and actions


def test_computer_games_finish_legally():
    spec = get("jab")
    winners = set()
    for seed, levels in (
        (1, ["hard", "hard"]),
        (2, ["normal", "hard"]),
        (3, ["easy", "normal"]),
        (4, ["hard", "easy"]),
    ):
        out = play(spec, seed=seed, levels=levels, check=True)
        assert out.finished and out.winner in (0, 1)
        assert RULES.outcome(out.state).winner == out.winner
        winners.add(out.winner)
    assert winners == {0, 1}


def test_by_hand_scoring_computer_game_finishes():
    out = play(get("jab"), seed=5, options={"scoring": "hand"}, check=True)
    assert out.finished and any(a["type"] == "cover" for a in out.record.actions)
