"""What the engine asks of a real-time game, and the real-time state a session holds.

A real-time game's rules move on a round clock: the table (at one computer) or the server (online)
sends ``tick_action(t)`` as time passes, and stamps every action with the clock. Beside the rules'
state, a real-time session holds a ``RealtimeState``: the round clock it stands at and where every
hand is. A local ``Session`` and a ``RemoteSession`` hold one the same way, and the table reads it
from whichever it was given; it is never part of the record (the rules' actions are).

The engine names no game here: a real-time game's spec gives a ``RealtimeRules`` (``GameSpec.realtime``).
Pure: no pygame, no clock.
"""

from __future__ import annotations

from typing import Any, Protocol


class Hands(Protocol):
    """Where every hand is: two a seat, index ``seat * 2 + side``, in the game's table units."""

    @property
    def pos(self) -> tuple[tuple[float, float], ...]: ...


class RealtimeState(Protocol):
    """The real-time state of a game being played: its round clock (ms) and its hands."""

    clock: int
    hands: Any  # the game's own hands (``Hands``: its ``pos`` is what travels between computers)


class Driver(Protocol):
    """A computer seat played in real time from views alone (the server's computer seats): its hands
    move in ``live`` (the session's real-time state) on ``live``'s clock; returns the actions to send."""

    def drive(self, view: Any, live: Any, dt: int, n: int) -> list[Any]: ...

    def frame(self, view: Any, t: int, dt: int, n: int) -> list[Any]:
        """The same in a real-time state of its own, at round clock ``t`` (a client's seat)."""
        ...


class RealtimeRules(Protocol):
    """A real-time game's few answers the engine needs (a game's own, in its folder)."""

    def tick_action(self, t: int) -> Any:
        """The action that says the round clock stands at ``t``."""
        ...

    def clock_of(self, state: Any) -> int:
        """The round clock a state (or a view) stands at, in ms."""
        ...

    def round_of(self, state: Any) -> int:
        """The round: when it changes the round clock starts again at 0."""
        ...

    def stage_of(self, state: Any) -> str:
        """What part of the round it is; a change is shown to every player at once."""
        ...

    def hand_speed_ms(self, options: dict) -> int:
        """How long a hand takes to cross the table, with these options."""
        ...

    def new_state(self, state: Any) -> RealtimeState:
        """The real-time state at the start of ``state``'s round: its clock, every hand at rest."""
        ...

    def make_driver(self, seat: int, level: str, seed: int, cross_ms: int) -> Driver: ...


def follow(rt: RealtimeRules, live: RealtimeState, before: Any, after: Any) -> RealtimeState:
    """The real-time state once the rules' state moved from ``before`` to ``after``: a new round
    starts it again (its clock, every hand at rest); else its clock is never behind the rules'."""
    if rt.round_of(after) != rt.round_of(before):
        return rt.new_state(after)
    live.clock = max(live.clock, rt.clock_of(after))
    return live
