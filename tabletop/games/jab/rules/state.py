"""The JAB game state: one small object of tuples, cheap to copy.

Fields (all read-only for the table; the rules make a ``clone()`` and change
that). Indices: ``decks``/``held`` by ``player * 2 + side`` (side 0 = left
hand/deck, 1 = right); ``piles`` by ``boxer * 3 + target`` (target 0 = left
body, 1 = head, 2 = right body; see hands.TARGETS). Tuples that are piles or
decks have their TOP card LAST. Cards are ints (see content.py).

==================  ==========================================================
phase               "between" (setting up a round: Split, Ready), "playing",
                    "clinch" (paused until both Ready), "scoring" (by-hand
                    scoring waits for Cover/Choose), "over"
round               round number, 0 before the first round starts
now                 time of the last state change, ms on the round clock (the
                    clock restarts at 0 when a round starts; before round 1 it
                    counts from the game's creation; between rounds it keeps
                    counting on from the round that ended)
go_at               no card may be taken before this time (the 3-2-1 count
                    after a round start or clinch resume)
decks, held         held[i] is None or (card, time it was taken)
piles               six target piles; a card whose owner is the boxer's owner
                    is a block, otherwise a punch
health, tokens      health tokens and round-win tokens per player
combo               combo deck (indices into content.COMBOS), top last
combo_won           per player, combo cards won this round
counter             counter-punch deck (indices into content.COUNTERS), top last
counter_won         per player, counter-punch cards won this round
counter_aside       counter-punch cards set aside after a simultaneous grab
counter_last        None or (player, t, card, health moved, knockout flag
                    before): the last counter-punch award, which a second
                    claim within the window can still undo
ding_by, clinch_by  who took the Ding! / Clinch tile this round (None: on the table)
ko_open             per player: may claim a knockout now
lockout             per player: no claim before this time (anti-mashing)
out_t               per player: time they ran out of cards (None: not out)
last_place          per player: time of their last placed card
released            per hand: None or (where, time) of the card it last let go:
                    a target's name (a Place) or a point (x, y) (a Return away
                    from its deck); the hand must travel back before it can
                    take again
ready               per player: has confirmed ready (between rounds / clinch)
covers, chooses     by-hand scoring: target index covered on own boxer /
                    chosen on the opponent's boxer (None: not yet)
scoring             breakdown of the last scored round (see scoring.py) or None
history             per finished round: {"round", "totals", "winner"}
events              recent events, newest last: {"seq","kind","player","t","round","text"} (and "say", see say.py);
                    seq counts every event of the game from 1 (the tuple keeps only
                    the last few), so a newer event always has a larger seq; text
                    names seats as "{0}" / "{1}" (fill them with ``render``)
winner, end_reason  set when phase is "over" (end_reason names seats like events)
rng                 seeded Rng (None in a view)
options             the game's options
==================  ==========================================================
"""

from __future__ import annotations

from tabletop.core.rng import Rng

from .say import Say

FIELDS = (
    "options",
    "rng",
    "phase",
    "round",
    "now",
    "go_at",
    "decks",
    "held",
    "piles",
    "health",
    "tokens",
    "combo",
    "combo_won",
    "counter",
    "counter_won",
    "counter_aside",
    "counter_last",
    "ding_by",
    "clinch_by",
    "ko_open",
    "lockout",
    "out_t",
    "last_place",
    "released",
    "ready",
    "covers",
    "chooses",
    "scoring",
    "history",
    "events",
    "winner",
    "end_reason",
)

MAX_EVENTS = 12


PHASES = ("between", "playing", "clinch", "scoring", "over")  # every value of State.phase (see above)


class State:
    __slots__ = FIELDS
    # the fields' types (see the table above; tuples are indexed as it says)
    options: dict
    rng: Rng | None
    phase: str
    round: int
    now: int
    go_at: int
    decks: tuple
    held: tuple
    piles: tuple
    health: tuple
    tokens: tuple
    combo: tuple
    combo_won: tuple
    counter: tuple
    counter_won: tuple
    counter_aside: tuple
    counter_last: tuple | None
    ding_by: int | None
    clinch_by: int | None
    ko_open: tuple
    lockout: tuple
    out_t: tuple
    last_place: tuple
    released: tuple
    ready: tuple
    covers: tuple
    chooses: tuple
    scoring: dict | None
    history: tuple
    events: tuple
    winner: int | None
    end_reason: str | None

    def clone(self) -> State:
        """A shallow copy (fast): every field holds an immutable value or is
        replaced as a whole, never changed in place. Lists every field of FIELDS."""
        s = object.__new__(State)
        s.options = self.options
        s.rng = self.rng
        s.phase = self.phase
        s.round = self.round
        s.now = self.now
        s.go_at = self.go_at
        s.decks = self.decks
        s.held = self.held
        s.piles = self.piles
        s.health = self.health
        s.tokens = self.tokens
        s.combo = self.combo
        s.combo_won = self.combo_won
        s.counter = self.counter
        s.counter_won = self.counter_won
        s.counter_aside = self.counter_aside
        s.counter_last = self.counter_last
        s.ding_by = self.ding_by
        s.clinch_by = self.clinch_by
        s.ko_open = self.ko_open
        s.lockout = self.lockout
        s.out_t = self.out_t
        s.last_place = self.last_place
        s.released = self.released
        s.ready = self.ready
        s.covers = self.covers
        s.chooses = self.chooses
        s.scoring = self.scoring
        s.history = self.history
        s.events = self.events
        s.winner = self.winner
        s.end_reason = self.end_reason
        return s

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and all(getattr(self, f) == getattr(other, f) for f in FIELDS)

    def __repr__(self) -> str:
        return f"<jab State round={self.round} phase={self.phase} now={self.now}>"

    # small helpers the table may use too
    def cards_left(self, player: int) -> int:
        """Cards in this player's decks and hands."""
        return (
            len(self.decks[player * 2])
            + len(self.decks[player * 2 + 1])
            + (self.held[player * 2] is not None)
            + (self.held[player * 2 + 1] is not None)
        )

    def top(self, boxer: int, target: int):
        pile = self.piles[boxer * 3 + target]
        return pile[-1] if pile else None


def set_item(tup: tuple, i: int, v) -> tuple:
    """``tup`` with item ``i`` replaced by ``v``."""
    items = list(tup)
    items[i] = v
    return tuple(items)


SEATS = ("{0}", "{1}")  # how a rules sentence names a seat
DEFAULT_NAMES = ("Player 1", "Player 2")


def who(p: int) -> str:
    """The placeholder for seat ``p`` in a rules sentence."""
    return SEATS[p]


def render(text: str, names=DEFAULT_NAMES) -> str:
    """A rules sentence (event text, end reason, scoring reason) with the seats' names."""
    return text.replace(SEATS[0], names[0]).replace(SEATS[1], names[1])


def add_event(s: State, kind: str, player, t: int, text: str) -> None:
    seq = s.events[-1]["seq"] + 1 if s.events else 1
    ev = {"seq": seq, "kind": kind, "player": player, "t": t, "round": s.round, "text": str(text)}
    if isinstance(text, Say):
        ev["say"] = text.plain()  # the sentence's template and fields, to say it in the player's language
    s.events = (s.events + (ev,))[-MAX_EVENTS:]
