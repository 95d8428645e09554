"""Headless computer-vs-computer play, used by --self-test, tests and benchmarks.

For turn-based and simultaneous games the driver asks each seat in
``rules.to_act(state)`` for a choice from its bot. Real-time games supply
their own driver as ``GameSpec.headless_play``, with the same signature.
Invariants are checked after every action when ``check`` is true.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .game import Bot, Refused, Rules
from .record import Record
from .registry import GameSpec
from .rng import Rng


class PlayoutError(AssertionError):
    pass


@dataclass
class Playout:
    record: Record
    state: object
    actions: int
    winner: int | None
    finished: bool


def play(
    spec: GameSpec,
    seed: int,
    options: dict | None = None,
    players: int | None = None,
    levels: list[str] | None = None,
    check: bool = True,
    max_actions: int | None = None,
    on_action: Callable[[Action, Any], None] | None = None,
) -> Playout:
    max_actions = max_actions or spec.max_game_length  # a game longer than the game says is broken
    if spec.headless_play is not None:
        return spec.headless_play(
            spec,
            seed,
            options=options,
            players=players,
            levels=levels,
            check=check,
            max_actions=max_actions,
            on_action=on_action,
        )
    if spec.dynamics.clocked:
        raise PlayoutError(f"{spec.id}: a real-time game needs its own headless_play")
    rules = spec.rules
    n = players or spec.min_players
    levels = levels or [spec.bot_levels[-1] if spec.bot_levels else "random"] * n
    opts = rules.check_options(options or {})
    state = rules.new_state(opts, seed, n)
    record = Record(
        game=spec.id,
        seed=seed,
        options=opts,
        players=[seat_entry(spec, i, levels[i]) for i in range(n)],
    )
    bots = [computer(spec, i, levels[i], seed * 31 + i) for i in range(n)]
    count = 0
    if check:
        _check(rules, state, spec.id, count, None)
    while rules.outcome(state) is None:
        seats = list(rules.to_act(state))
        if not seats:
            raise PlayoutError(f"{spec.id} seed {seed}: nobody to act and no outcome")
        for seat in seats:
            if rules.outcome(state) is not None or seat not in rules.to_act(state):
                continue
            action = bots[seat].choose(rules.view_for(state, seat))
            result = rules.apply(state, action)
            if isinstance(result, Refused):
                raise PlayoutError(
                    f"{spec.id} seed {seed}: bot of seat {seat} chose {action}: refused: {result.reason}"
                )
            state = result
            record.add(action)
            count += 1
            if on_action is not None:
                on_action(action, state)
            if check:
                _check(rules, state, spec.id, count, action)
            if count >= max_actions and rules.outcome(state) is None:
                raise PlayoutError(f"{spec.id} seed {seed}: no result after {count} actions")
    out = rules.outcome(state)
    return Playout(record=record, state=state, actions=count, winner=out.winner, finished=True)


@dataclass
class RandomBot(Bot):
    """A uniform-random player through the legal actions of its view: how a game without computer
    players (no ``make_bot``) is still played headless (--self-test, the tests)."""

    rules: Any = None

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def choose(self, view: Any) -> Action:
        moves = self.rules.legal_actions(view, self.seat)
        if not moves:
            raise PlayoutError(f"{self.rules.id}: seat {self.seat} is asked to act and has no legal action")
        return moves[self.rng.randrange(len(moves))]


def seat_entry(spec: GameSpec, seat: int, level: str) -> dict:
    """A playout's player in its record: a computer at its level, or (a game with no computer
    players, played by random stand-ins) a person, as the record's door expects of such a game."""
    if spec.make_bot is None:
        return {"name": f"Player {seat + 1}", "kind": "human"}
    return {"name": f"Computer {seat + 1}", "kind": "computer", "level": level}


def computer(spec: GameSpec, seat: int, level: str, seed: int) -> Bot:
    """The seat's computer player: the game's own (``make_bot``), or a random one when it has none."""
    if spec.make_bot is not None:
        return spec.make_bot(seat=seat, level=level, seed=seed)
    return RandomBot(seat=seat, level="random", seed=seed, rules=spec.rules)


def _check(rules: Rules, state: Any, game_id: str, count: int, action: Action | None) -> None:
    broken = rules.invariants(state)
    if broken:
        raise PlayoutError(f"{game_id}: after action {count} ({action}): " + "; ".join(broken))


def driver_random(seed: int) -> Callable[[], float]:
    """The random source of a random-game driver: a seeded float in [0, 1).

    Only the driver's picks come from it (which seat, which legal action); a game's own
    dice stay in the Rng kept in its state, whose numbers records depend on. The picks
    need no such promise, and this C generator is some 30 times quicker to call than
    the Rng, which matters in the throughput benchmark's inner loop."""
    return _random.Random(seed).random


def random_game(
    spec: GameSpec, seed: int, players: int | None = None, max_actions: int = 200_000, check: bool = False
) -> tuple[Any, int]:
    """A game of uniformly random legal actions (for throughput figures and fuzzing).

    Returns (final state, number of actions). Real-time games provide their
    own driver as ``spec.random_game(seed)``.
    """
    custom = spec.random_game
    if custom is not None:
        return custom(seed)
    rules = spec.rules
    n = players or spec.min_players
    state = rules.new_state(rules.default_options(), seed, n)
    rnd = driver_random(seed ^ 0x5EED)
    count = 0
    # bound once: this loop is the throughput benchmark's inner loop
    outcome, to_act, legal_actions, apply = rules.outcome, rules.to_act, rules.legal_actions, rules.apply
    while outcome(state) is None:
        seats = to_act(state)
        if not seats:
            raise PlayoutError(f"{spec.id} seed {seed}: nobody to act and no outcome")
        seat = seats[0] if len(seats) == 1 else seats[int(rnd() * len(seats))]
        legal = legal_actions(state, seat)
        if not legal:
            raise PlayoutError(f"{spec.id} seed {seed}: seat {seat} must act but has no legal action")
        result = apply(state, legal[int(rnd() * len(legal))])
        if isinstance(result, Refused):
            raise PlayoutError(f"{spec.id} seed {seed}: a listed legal action was refused: {result.reason}")
        state = result
        count += 1
        if check:
            _check(rules, state, spec.id, count, None)
        if count >= max_actions:
            raise PlayoutError(f"{spec.id} seed {seed}: no result after {count} random actions")
    return state, count
