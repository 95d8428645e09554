"""Boxing: The Game state: small dataclasses of tuples, cheap to clone."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from tabletop.core.game import Outcome
from tabletop.core.rng import Rng

from .content import CARDS, CHARACTERS

PHASES = ("pick", "plan", "reveal", "prize", "over")
HIDDEN = -1  # a face-down card in a view


@dataclass
class Player:
    dealt: tuple = ()  # character boards dealt (pick phase only)
    character: int = -1  # chosen board; -1 until both are revealed
    stance: str = "orthodox"
    momentum: int = 0
    deck: tuple = ()  # draw pile, top first
    hand: tuple = ()
    discard: tuple = ()
    slots: tuple = ()  # the three planned cards, once both players have planned
    bids: tuple = (0, 0, 0)  # momentum bid on each slot (already spent)
    upgrades: tuple = ()  # upgrade cards attached to the player area
    judges: tuple = ()  # judge cards held
    knockdowns: int = 0  # knockdowns landed that count towards a KO
    scores: tuple = ()  # score sheet: this player's score for each finished round
    choice: tuple | None = None  # a committed secret choice (pick / plan / tied prize pick)
    unseen: tuple = ()  # views only: the cards of deck (and, for the opponent, hand), sorted

    def clone(self) -> Player:
        return dataclasses.replace(self)

    @property
    def mods(self) -> tuple:
        """Match-long effects: the character trait and the upgrades."""
        out = CHARACTERS[self.character].effects if self.character >= 0 else ()
        for u in self.upgrades:
            if u != HIDDEN:
                out = out + CARDS[u].effects
        return out


@dataclass
class State:
    options: dict
    phase: str = "pick"
    round: int = 1
    event: int = 0  # events resolved this round (0..3)
    players: tuple = ()
    main: tuple = ()  # main deck, top first
    prizes: tuple = (-1, -1, -1)  # the prize row (-1: empty slot)
    exile: tuple = ()
    rng: Rng | None = None
    carry: tuple = (0, 0)  # speed carried to each player's next event
    pending: tuple | None = None  # (seat, may_force) while a stance choice is awaited
    points: tuple = (0, 0)  # points scored so far this round
    round_kd: tuple = (False, False)  # knockdowns landed this round
    prize_order: tuple = ()  # seats still to pick, in order (ordinary prize phase)
    secret_prize: bool = False  # tied round: both pick at once
    log: tuple = ()  # events, see explain.py
    result: Outcome | None = None
    viewer: int | None = field(default=None, compare=False)  # set on views

    def clone(self) -> State:
        s = dataclasses.replace(self)
        s.players = tuple(p.clone() for p in self.players)
        s.rng = self.rng.copy() if self.rng is not None else None
        return s
