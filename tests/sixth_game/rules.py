"""Glove Duel's rules: two boxers each throw a hook, a jab or an uppercut, one after the other
with the first throw face down; the hook beats the jab, the jab the uppercut, the uppercut the
hook. The first to the target of points wins. Pure: no pygame, no clock, no global random."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from tabletop.core.actions import Action
from tabletop.core.game import Option, Outcome, Refused, Report, Rules
from tabletop.core.jsonfile import Invalid, read_json

HIDDEN = "?"  # a throw still face down, in another seat's view


def _load(path: Path) -> tuple[tuple[str, ...], dict[str, str], dict[str, str]]:
    """(throw ids, id -> name, id -> the throw it beats) from the content file, checked."""
    data = read_json(path, 10_000)
    throws = data.get("throws") if isinstance(data, dict) else None
    if not isinstance(throws, list) or len(throws) < 3:
        raise Invalid(f"{path.name}: 'throws' must list at least 3 throws")
    rows = [t for t in throws if isinstance(t, dict)]
    ids = tuple(str(t.get("id")) for t in rows if isinstance(t.get("id"), str) and t.get("id"))
    if len(ids) != len(throws) or len(set(ids)) != len(ids):
        raise Invalid(f"{path.name}: every throw needs its own 'id'")
    names = {t["id"]: t.get("name") for t in rows}
    beats = {t["id"]: t.get("beats") for t in rows}
    if not all(isinstance(n, str) and n for n in names.values()):
        raise Invalid(f"{path.name}: every throw needs a 'name'")
    if sorted(str(b) for b in beats.values()) != sorted(ids):
        raise Invalid(f"{path.name}: each throw must beat exactly one other throw")
    return ids, {k: str(v) for k, v in names.items()}, {k: str(v) for k, v in beats.items()}


THROWS, NAMES, BEATS = _load(Path(__file__).with_name("data") / "throws.json")


@dataclass(frozen=True)
class Throw(Action):
    kind: ClassVar[str] = "throw"
    player: int
    hand: str


@dataclass(frozen=True)
class Exchange:
    """One exchange, both throws shown: ``winner`` scored (None: the same throw, nobody did)."""

    n: int
    throws: tuple[str, str]
    winner: int | None


@dataclass(frozen=True)
class State:
    target: int  # points to win
    points: tuple[int, int] = (0, 0)
    pending: tuple[str | None, str | None] = (None, None)  # this exchange's throws so far (face down)
    log: tuple[Exchange, ...] = ()


def first_to_throw(state: State) -> int:
    """Who throws first this exchange: the seats take turns at it."""
    return len(state.log) % 2


class GloveDuel(Rules):
    id = "glove-duel"
    actions = (Throw,)
    state_types = (State, Exchange)
    seat_fields = ("winner",)  # an exchange's winner: a seat or None
    options = (
        Option("target", "Points to win", ((2, "2"), (3, "3"), (5, "5")), 3, "The first to this many wins.", True),
    )

    def new_state(self, options: dict, seed: int, players: int, setup: dict | None = None) -> State:
        """A fresh bout; ``setup`` may give the points to start from: ``{"points": [2, 1]}``."""
        points = (setup or {}).get("points", [0, 0])
        if (
            not isinstance(points, list)
            or len(points) != 2
            or not all(type(p) is int and 0 <= p < options["target"] for p in points)
        ):
            raise ValueError(f"setup: 'points' must be two whole numbers below {options['target']}")
        return State(target=options["target"], points=(points[0], points[1]))

    def to_act(self, state: State) -> tuple[int, ...]:
        if self.outcome(state) is not None:
            return ()
        first = first_to_throw(state)
        return (first,) if state.pending[first] is None else (1 - first,)

    def legal_actions(self, state: State, player: int) -> list[Action]:
        return [Throw(player, t) for t in THROWS] if player in self.to_act(state) else []

    def apply(self, state: State, action: Action) -> State | Refused:
        if not isinstance(action, Throw):
            return Refused("That is not a move of this game.")
        if self.outcome(state) is not None:
            return Refused("The bout is over.")
        if action.player not in self.to_act(state):
            return Refused("It is not your turn to throw.")
        if action.hand not in THROWS:
            return Refused(f"Throw one of: {', '.join(NAMES[t] for t in THROWS)}.")
        pending = list(state.pending)
        pending[action.player] = action.hand
        if None in pending:
            return dataclasses.replace(state, pending=(pending[0], pending[1]))
        a, b = pending[0], pending[1]
        assert a is not None and b is not None
        winner = 0 if BEATS[a] == b else 1 if BEATS[b] == a else None
        points = tuple(p + (1 if winner == i else 0) for i, p in enumerate(state.points))
        return State(
            target=state.target,
            points=(points[0], points[1]),
            log=(*state.log, Exchange(len(state.log), (a, b), winner)),
        )

    def outcome(self, state: State) -> Outcome | None:
        for seat, p in enumerate(state.points):
            if p >= state.target:
                return Outcome(seat, f"{{{seat}}} reached {state.target} points first")
        return None

    def undo_barrier(self, before: State, action: Action, after: State) -> str:
        """The first throw of an exchange, face down, may be taken back; the second shows both."""
        return "the throws were shown" if len(after.log) > len(before.log) else ""

    def view_for(self, state: State, viewer: int | None) -> State:
        hidden = tuple(t if t is None or seat == viewer else HIDDEN for seat, t in enumerate(state.pending))
        return dataclasses.replace(state, pending=(hidden[0], hidden[1]))

    def invariants(self, state: State) -> list[str]:
        out = []
        if sum(state.points) != sum(e.winner is not None for e in state.log):
            out.append("the points are not the exchanges won")
        if max(state.points) > state.target:
            out.append("a boxer has more points than the target")
        return out

    def summary(self, state: State) -> dict:
        return {"points": list(state.points), "exchanges": len(state.log), "target": state.target}

    def events(self, state: State, names: list[str]) -> list[dict]:
        return [{"n": e.n, "kind": "exchange", "text": sentence(e, names)} for e in state.log]

    def report(self, state: State, events: list[dict]) -> Report:
        won = [sum(e.winner == s for e in state.log) for s in (0, 1)]
        return Report(
            how=f"{state.points[0]} points to {state.points[1]}"
            if state.points[0] > state.points[1]
            else f"{state.points[1]} points to {state.points[0]}",
            moments=tuple(e["text"] for e in events[-3:]),
            numbers=(("Exchanges won", (str(won[0]), str(won[1]))), ("Exchanges", (str(len(state.log)),) * 2)),
        )


def sentence(e: Exchange, names: list[str]) -> str:
    a, b = (NAMES[t] for t in e.throws)
    said = f"{names[0]}'s {a} meets {names[1]}'s {b}"
    return f"{said}: {names[e.winner]} scores." if e.winner is not None else f"{said}: nobody scores."


RULES = GloveDuel()
