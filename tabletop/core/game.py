"""The protocol every game's rules follow.

A game is a deterministic reducer: ``apply(state, action)`` returns a new
state, or ``Refused(reason)`` and leaves the state untouched. It never reads
a clock (real-time games carry the time in each action) and never uses the
global random module (the seeded ``Rng`` lives in the state).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from .actions import Action
from .rng import rng_states

S = TypeVar("S")  # a game's state
A = TypeVar("A", bound=Action)  # its actions
V = TypeVar("V")  # what a seat is shown (often the state's own class, with secrets hidden)


@dataclass(frozen=True)
class Refused:
    """The rules said no. ``reason`` is a sentence a player can read."""

    reason: str

    def __bool__(self) -> bool:  # so `if result:` reads as "it worked"
        return False


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winner`` is a seat index, or None for a draw. ``reason`` may name
    seats as "{0}", "{1}", ... like the rules' log sentences: show it with ``name_seats``."""

    winner: int | None
    reason: str = ""


def name_seats(value: Any, names: Sequence[str]) -> Any:
    """``value`` (a rules sentence, or a summary of dicts, lists and sentences) with each seat
    placeholder "{0}", "{1}", ... replaced by that seat's name."""
    if isinstance(value, str):
        for i, name in enumerate(names):
            value = value.replace(f"{{{i}}}", name)
        return value
    if isinstance(value, dict):
        return {k: name_seats(v, names) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(name_seats(v, names) for v in value)
    return value


@dataclass(frozen=True)
class Report:
    """A finished game told on its result screen. Sentences name seats "{0}", "{1}", ... like the log.

    ``how`` follows "wins" in the headline ("by knockout in round 2"; "" says nothing more);
    ``moments`` are the game's key moments, oldest first (a few short sentences);
    ``numbers`` are (label, one value per seat) rows, e.g. ("Knockdowns", ("2", "0"))."""

    how: str = ""
    moments: tuple[str, ...] = ()
    numbers: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Option:
    """One setting on a game's setup screen.

    ``choices`` is a list of (value, label) pairs; the first pair whose value
    equals ``default`` is preselected. ``main`` options are shown with the
    players on the setup screen; the others (variants, tournament and
    referee settings) under "More options".
    """

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: Any
    help: str = ""
    main: bool = False


class Rules(Generic[S, A, V]):
    """Base class of a game's rules, generic over its state ``S``, its actions ``A`` and the view ``V``
    a seat is shown (``class Duel(Rules[State, Throw, State])``; a subclass that names none gets
    ``Any``). Subclasses override what they need; docs/engine.md, "The contract", says which."""

    id: str = ""
    actions: tuple[type, ...] = ()
    state_types: tuple[type, ...] = ()  # the classes a state is built from, for core.codec (JSON)
    options: tuple[Option, ...] = ()
    phases: tuple[str, ...] = ()  # every value a state's ``phase`` takes (a joiner checks a host's views by it)
    # the fields, at any depth of a state, that hold a seat number or None (a joiner checks a host's views:
    # each names a seat of the table)
    seat_fields: tuple[str, ...] = ()

    # -- setup ---------------------------------------------------------
    def default_options(self) -> dict:
        return {o.key: o.default for o in self.options}

    def check_options(self, options: dict) -> dict:
        """Complete and validate options; raises ValueError with a readable reason."""
        out = self.default_options()
        for key, value in (options or {}).items():
            opt = next((o for o in self.options if o.key == key), None)
            if opt is None:
                raise ValueError(f"unknown option {key!r} for {self.id}")
            if not any(type(value) is type(c[0]) and value == c[0] for c in opt.choices):  # 3.0 is not 3
                allowed = ", ".join(repr(c[0]) for c in opt.choices)
                raise ValueError(f"option {key!r}: {value!r} is not one of {allowed}")
            out[key] = value
        return out

    def new_state(self, options: dict, seed: int, players: int, setup: dict | None = None) -> S:
        """A fresh game. ``setup`` (optional) fixes deck orders by hand; see docs/records.md."""
        raise NotImplementedError

    # -- play ----------------------------------------------------------
    def to_act(self, state: S | V) -> Sequence[int]:
        """Seats whose choice the game is waiting for now (all seats for real time)."""
        raise NotImplementedError

    def legal_actions(self, state: S | V, player: int) -> Sequence[A]:
        """Every legal action of ``player`` now, in a stable order."""
        raise NotImplementedError

    def apply(self, state: S, action: A) -> S | Refused:
        """The new state, or ``Refused``. Never mutates ``state``."""
        raise NotImplementedError

    def outcome(self, state: S | V) -> Outcome | None:
        """None while the game goes on."""
        raise NotImplementedError

    def undo_barrier(self, before: S, action: A, after: S) -> str:
        """Why ``action``, which took ``before`` to ``after``, may not be taken back: "" when it
        may (see core/undo.py). Said to players as "You can't take that back: <reason>.".

        Undo is declared here, per move, and nowhere else: the engine takes back exactly the
        moves this allows (and adds only its own limits: another player moved since, the game is
        over, real time). The default allows every move that drew nothing from the Rng ("a random
        result was drawn"); what a move adds to the log changes nothing. A game with hidden
        things must override it (``register`` checks) to say which moves show a secret."""
        if rng_states(before) != rng_states(after):
            return "a random result was drawn"
        return ""

    # -- looking -------------------------------------------------------
    def view_for(self, state: S, viewer: int | None) -> V:
        """What ``viewer`` may see (None: an onlooker who sees no secrets). The default shows the whole
        state: only a game without hidden things may keep it (``register`` checks)."""
        return cast(V, state)

    def invariants(self, state: S) -> list[str]:
        """Broken invariants as sentences; empty when the state is legal."""
        return []

    def round_of(self, state: S) -> tuple:
        """What changes when a new round (or turn, in a game without rounds) begins: the replay
        viewer's "next round" stops there. () for a game that has neither."""
        return ()

    def summary(self, state: S) -> dict:
        """Key state for ``tabletop replay --summary`` (JSON-able): totals, piles and flags."""
        return {}

    def report(self, state: S, events: list[dict]) -> Report:
        """How the finished game went, for its result screen: ``events`` are every event of the
        game, oldest first, as ``events`` gives them with the seats named "{0}", "{1}", ...
        (the engine replays the record to gather them). A game without one shows just the outcome."""
        return Report()

    def events(self, state: S | V, names: Sequence[str]) -> list[dict]:
        """The events the state still holds, oldest first, as ``{"n", "kind", "text"}``.

        ``n`` numbers every event of the game from 0, so events seen after
        different actions can be merged into one log; ``text`` is a sentence
        naming the seats by ``names``."""
        return []


@dataclass
class Bot:
    """A computer player. It sees only ``view_for(state, seat)``.

    Turn-based and simultaneous games call ``choose(view)`` when the seat is
    in ``to_act``; it returns one of the legal actions.
    """

    seat: int
    level: str = "strong"
    seed: int = 0
    memory: dict = field(default_factory=dict)

    def choose(self, view: Any) -> Action:
        raise NotImplementedError
