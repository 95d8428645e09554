"""A busy moment of a JAB game for the benchmark's table (``GameSpec.bench_moment``): late in round 1,
nearly every punch card on the boxers, each player carrying a card."""

from __future__ import annotations

from typing import Any

from .bot import random_game


def _late_round_recorder() -> tuple[list, list, list, Any]:
    """Lists that fill as a JAB game is played (its states and actions), the best moment so far
    ``top[0] = (score, number of states)``, and the ``on_action`` callback that fills them."""
    states, actions, top = [], [], [(-1, 0)]

    def keep(action, state):
        states.append(state)
        actions.append(action)
        held = [h is not None for h in state.held]
        if state.phase != "playing" or state.round != 1 or not (any(held[:2]) and any(held[2:])):
            return
        score = sum(len(p) for p in state.piles) + 3 * sum(held)
        if score > top[0][0]:
            top[0] = (score, len(states))

    return states, actions, top, keep


def late_round(seed: int) -> tuple[list, list]:
    """Late in round 1: nearly every punch card on the boxers, each player carrying
    a card. (states, actions): the states of a random game up to that moment."""
    best: tuple[int, list, list] = (-1, [], [])
    for s in range(seed, seed + 5):
        states, actions, top, keep = _late_round_recorder()
        random_game(s, on_action=keep)
        score, end = top[0]
        if score > best[0]:
            best = (score, states[:end], actions[:end])
    return best[1], best[2]
