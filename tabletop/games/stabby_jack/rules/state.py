"""Stabby Jack state: small tuples and named tuples, cheap to copy.

A ``State`` is never changed once an action has returned it; ``apply``
works on a shallow clone (all fields are immutable except the Rng, which is
copied) and replaces whole fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from tabletop.core.rng import Rng

from .content import CONTENT, QUEEN, Card
from .said import said

# Phases of a turn (``State.phase``):
DECLARE = "declare"  # the active player may level up with XP, then declares train, fight or rest
TRAIN = "train"  # a numbered card was drawn in training: choose the stat card it replaces
PLACE = "place"  # a level-up card with 8 stats already: replace one stat card or decline
JACK = "jack"  # a Jack was drawn and the player holds a Monarch: shield with it or take the hit
ACE = "ace"  # an Ace was drawn: choose the stat cards to swap with another player
OVER = "over"  # the game has ended
CHOICE_PHASES = (TRAIN, PLACE, JACK, ACE)
PHASES = (DECLARE, *CHOICE_PHASES, OVER)  # every value of State.phase (a joiner checks a host's views)


class Player(NamedTuple):
    stats: tuple[Card, ...]  # the stats row, in the order the cards were placed
    xp: tuple[Card, ...]  # the XP row (monsters and monarchs beaten)
    damage: int  # damage markers
    deaths: int  # how many times this player has died (and been reborn)


def suit_total(stats, suit: str) -> int:
    total = 0
    for rank, s in stats:
        if s == suit:
            total += rank
    return total


def max_hp(stats) -> int:
    """R-SJ-3: the hearts in the stats row, or 1 when there are none."""
    return suit_total(stats, "H") or 1


def xp_value(cards) -> int:
    monarch, monster = CONTENT.monarch_xp, CONTENT.monster_xp
    total = 0
    for c in cards:  # a Monarch is a Queen or King, the highest ranks (Card.monarch, inlined for speed)
        total += monarch if c.rank >= QUEEN else monster
    return total


def totals(p: Player) -> dict:
    """Live totals of one player's rows, for the table and the bots."""
    t = {"S": 0, "H": 0, "D": 0, "C": 0}
    for c in p.stats:
        t[c.suit] += c.rank
    top = t["H"] or 1
    return {
        "hp": top - p.damage,
        "max_hp": top,
        "attack": t["S"],
        "magic": t["D"],
        "luck": t["C"],
        "xp": xp_value(p.xp),
        "damage": p.damage,
        "stats": len(p.stats),
    }


def stats_by_suit(p: Player) -> dict:
    """The stats row grouped by suit, for display: suit -> [(stats index, card), ...].
    The indices are the ones ``Replace`` and ``Swap`` take."""
    groups: dict[str, list[tuple[int, Card]]] = {"H": [], "S": [], "D": [], "C": []}
    for i, c in enumerate(p.stats):
        groups[c.suit].append((i, c))
    return groups


def hp(p: Player) -> int:
    return max_hp(p.stats) - p.damage


@dataclass(slots=True)
class State:
    players: tuple[Player, ...]
    draw: tuple[Card, ...]  # face down; the top card is the LAST one
    discard: tuple[Card, ...]  # face up; the top card is the last one
    rng: Rng | None  # None in a view
    options: dict
    decks: int  # how many 52-card decks are in play
    turn: int = 0  # seat whose turn it is
    phase: str = DECLARE
    declared: str | None = None  # "train", "fight" or "rest" once declared this turn
    drawn: Card | None = None  # the card waiting for the active player's choice
    after: str = DECLARE  # where a PLACE choice returns: DECLARE (XP level-up) or "end"
    turns: int = 0  # completed turns
    log: tuple[str, ...] = ()  # recent event sentences, kept language-free (said.py); "{0}".."{5}" stand for seats
    winner: int | None = None
    result: str = ""  # why the game ended (kept like a log sentence)
    hidden_draw: int = -1  # in a view: the size of the hidden draw pile
    logged: int = 0  # sentences ever logged (the log keeps only the last few)
    turned: tuple[Card, ...] = ()  # face up, in order: the cards the last action drew to play
    #   (the declared draw, a Joker's or Club Monarch's extra draw, a level-up card); cards
    #   skipped on the way to a numbered card and rebirth stats are not in it. Public in views.

    def clone(self) -> State:
        return State(
            self.players,
            self.draw,
            self.discard,
            None if self.rng is None else self.rng.copy(),
            self.options,
            self.decks,
            self.turn,
            self.phase,
            self.declared,
            self.drawn,
            self.after,
            self.turns,
            self.log,
            self.winner,
            self.result,
            self.hidden_draw,
            self.logged,
            self.turned,
        )

    @property
    def draw_count(self) -> int:
        return self.hidden_draw if self.hidden_draw >= 0 else len(self.draw)

    @property
    def is_view(self) -> bool:
        return self.hidden_draw >= 0

    def say(self, text: str, **args) -> None:
        """Log ``text`` (marked with ``N_`` where it is written) with the words of its fields (see said.py)."""
        log, keep = self.log, CONTENT.log_length
        if keep and len(log) >= keep:  # drop the oldest first, so only one new tuple is built
            log = log[len(log) - keep + 1 :]
        self.log = log + (said(text, **args),)
        self.logged += 1

    def take_drawn(self) -> Card:
        """The card waiting for the active player's choice, which the choice now uses."""
        card = self.drawn
        assert card is not None, "no card is waiting for a choice"
        self.drawn = None
        return card

    def set_player(self, seat: int, stats=None, xp=None, damage=None, deaths=None) -> Player:
        """Replace some fields of one player (the others are kept)."""
        old = self.players[seat]
        p = Player(
            old.stats if stats is None else stats,
            old.xp if xp is None else xp,
            old.damage if damage is None else damage,
            old.deaths if deaths is None else deaths,
        )
        self.players = self.players[:seat] + (p,) + self.players[seat + 1 :]
        return p
