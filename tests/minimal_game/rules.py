"""Ten Count's rules: a count from 0; the seat to move adds 1, 2 or 3 (never past ten); the seat
that reaches ten wins. Pure: no pygame, no clock, no random."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core.actions import Action
from tabletop.core.game import Outcome, Refused, Rules

GOAL = 10


@dataclass(frozen=True)
class Add(Action):
    kind: ClassVar[str] = "add"
    player: int
    n: int


@dataclass(frozen=True)
class State:
    count: int = 0
    turn: int = 0
    last: int | None = None  # the seat that moved last (the winner once the count is ten)


class TenCount(Rules):
    id = "ten-count"
    actions = (Add,)
    state_types = (State,)

    def new_state(self, options: dict, seed: int, players: int, setup: dict | None = None) -> State:
        count = (setup or {}).get("count", 0)
        if type(count) is not int or not 0 <= count < GOAL:
            raise ValueError(f"setup: 'count' must be a whole number below {GOAL}")
        return State(count=count)

    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state.count >= GOAL else (state.turn,)

    def legal_actions(self, state: State, player: int) -> list[Action]:
        if player not in self.to_act(state):
            return []
        return [Add(player, n) for n in (1, 2, 3) if state.count + n <= GOAL]

    def apply(self, state: State, action: Action) -> State | Refused:
        if not isinstance(action, Add):
            return Refused("That is not a move of this game.")
        if action.player not in self.to_act(state):
            return Refused("It is not your turn.")
        if action not in self.legal_actions(state, action.player):
            return Refused(f"Add 1, 2 or 3, up to {GOAL}.")
        return State(count=state.count + action.n, turn=1 - state.turn, last=action.player)

    def outcome(self, state: State) -> Outcome | None:
        if state.count < GOAL or state.last is None:
            return None
        return Outcome(state.last, f"{{{state.last}}} said ten")


RULES = TenCount()
