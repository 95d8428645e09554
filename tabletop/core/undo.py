"""Taking back moves, by Board Game Arena's rule: a player may take back their own
last moves until something was revealed or drawn at random, or another player
has moved since.

An undo is an action like any other, ``{"type": "undo", "player": P}`` in the
record: it takes back P's latest move that still stands. Nothing is ever
removed from a record, so a record with undos replays exactly: replay keeps
the same ``History`` the table kept and rewinds on each undo entry.

Which moves may be taken back is asked of the game's rules
(``Rules.undo_barrier(before, action, after)``: "" when the move may be taken
back, else why not, e.g. "a card was drawn"); the base class decides from
what every game already has (its seeded Rng and its event log), so a new
game gets undo without a line of its own. Pure Python: no pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .actions import Action, seat_of
from .game import Refused, Rules
from .i18n import N_, words

_, ngettext = words(__name__)

UNDO_KIND = "undo"
NOTHING = N_("there is nothing to take back")
OTHER_MOVED = N_("another player has moved since")
GAME_OVER = N_("the game is over")
ONLINE_UNDO = N_("Moves cannot be taken back in an online game: the other player may already have seen them.")


@dataclass(frozen=True)
class Undo(Action):
    """Take back this player's latest move that still stands."""

    kind: ClassVar[str] = UNDO_KIND
    player: int


def actions_of(rules: Rules) -> tuple:
    """Every action class a record of this game may hold: the game's own and ``Undo``."""
    return (*rules.actions, Undo)


def changed(before: Any, after: Any) -> set[str]:
    """The fields of a dataclass state that differ between ``before`` and ``after`` (for a game's
    ``undo_barrier``: a move that changed only the mover's own secret may be taken back)."""
    return {f for f in before.__dataclass_fields__ if getattr(before, f) != getattr(after, f)}


def refusal(why: str) -> Refused:
    """The refusal of an undo for ``why`` (one of the reasons above, or a game's own, already in the player's words)."""
    return Refused(_("You can't take that back: {why}.").format(why=_(why)))


@dataclass
class Step:
    before: Any  # the state before the move
    player: int | None  # who made it


class History:
    """The moves since the last one that cannot be taken back, newest last.

    ``off`` is why this game never takes moves back ("" when it may), e.g. a
    real-time game. Give every accepted action to ``apply`` (it applies
    game actions and rewinds on ``Undo``)."""

    def __init__(self, rules: Rules, seats: int, off: str = "") -> None:
        self.rules = rules
        self.seats = seats
        self.off = off
        self.steps: list[Step] = []
        self.barrier = NOTHING  # why the move under the steps cannot be taken back
        self.top: Any = None  # the state the steps lead to (another state: nothing can be taken back)

    def apply(self, state: Any, action: Action) -> Any:
        """The state after ``action`` (an undo rewinds), or ``Refused``; ``state`` is never changed."""
        if isinstance(action, Undo):
            return self.undo(state, action.player)
        result = self.rules.apply(state, action)
        if not isinstance(result, Refused) and result is not state:
            self.note(state, action, result)
        return result

    def note(self, before: Any, action: Action, after: Any) -> None:
        """Remember an accepted move (a state set from outside starts a new history)."""
        if self.top is not before:
            self.steps, self.barrier = [], NOTHING
        self.top = after
        if self.off:
            return
        why = GAME_OVER if self.rules.outcome(after) is not None else self.rules.undo_barrier(before, action, after)
        if why:
            self.steps, self.barrier = [], why
        else:
            self.steps.append(Step(before, seat_of(action)))

    def why_not(self, state: Any, player: int) -> str:
        """Why ``player`` may not take back a move now ("" when they may)."""
        if self.off:
            return self.off
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.seats:
            return N_("there is no such player")
        if self.top is not state:
            return NOTHING
        if self.rules.outcome(state) is not None:
            return GAME_OVER
        if not self.steps:
            return self.barrier
        if self.steps[-1].player != player:
            return OTHER_MOVED
        return ""

    def check(self, state: Any, player: int) -> Refused | None:
        """The refusal a player would get for an undo now (None: it would be taken back)."""
        why = self.why_not(state, player)
        if not why:
            return None
        return Refused(why) if why is self.off else refusal(why)

    def undo(self, state: Any, player: int) -> Any:
        refused = self.check(state, player)
        if refused is not None:
            return refused
        step = self.steps.pop()
        self.top = step.before
        return step.before

    def last_player(self, state: Any) -> int | None:
        """Who made the latest move that could be taken back now (None: no such move)."""
        if self.off or self.top is not state or not self.steps:
            return None
        return self.steps[-1].player
