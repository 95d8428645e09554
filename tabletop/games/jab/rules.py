"""JAB: Realtime Boxing rules as a pure reducer (no clock, no pygame).

Time: every action carries ``t``, whole milliseconds on the round clock (see
state.py: the clock restarts at 0 when a round starts). Actions must come
with non-decreasing ``t``. The app sends ``Tick(t)`` every frame; ``apply``
returns the very same state object for a Tick that changes nothing, so only
ticks that changed something need recording (today only the 10 s stall
rule, R-JAB-13, ends a round on a Tick).

Actions (all frozen dataclasses, JSON via tabletop.core.actions):

* ``Split(player, left, t)``: between rounds, before Ready: cut your shuffled
  25 cards so ``left`` of them form the left deck (default: 12 left, 13 right).
* ``Ready(player, t)``: pound fists. Between rounds: when both are ready the
  round starts (clock restarts at 0; cards may be taken from ``go_at`` =
  the count-down option on). During a clinch pause: when both are ready play
  resumes (again after the count-down).
* ``Take(player, hand, t)``: hand "left"/"right" takes the top card of that
  same-side deck.
* ``Place(player, hand, target, t)``: put the held card on a target
  "p0.left" / "p0.head" / "p0.right" / "p1.*". On the opponent's boxer it is
  a punch (always allowed); on your own boxer it is a block (R-JAB-4). It is
  refused if it comes sooner after its Take than a hand could travel
  (hands.min_travel_ms, R-JAB-5). ``placement_refusal`` tells why not.
* ``Return(player, hand, t)``: the held card goes back on top of its deck.
* ``Claim(player, what, t)``: what is "combo", "counter", "knockout",
  "clinch" or "ding" (R-JAB-6). A claim that is not valid is still accepted
  as an action: it changes nothing but locks the claimer out of claims for
  1 s (an event of kind "refused" says why). A claim during the lockout, or
  outside play, is Refused.
* ``Cover(player, target, t)`` / ``Choose(player, target, t)``: by-hand
  scoring only (option scoring="hand"): cover one of your own targets, then
  choose one of the opponent's uncovered targets (after they covered).
* ``Tick(t)``: time passes.

Counter-punch timing (R-JAB-8): a valid claim is awarded at once (card,
points, health). If the other player makes a claim within the window (50 ms
by default; a claim exactly 50 ms later is too late) that would have been
valid for that same card, the award is undone: the card is set aside, the
health goes back. A clinch, Ding! or round end closes the window.

For the table: ``legal_actions(state, p)``, ``placement_refusal(state, p,
hand, target)``, ``claim_refusal(state, p, what)``, ``opportunities(state,
p)`` (open chances, for the assist highlight), ``stall_deadline(state)``,
``tiles(state)``; ``state.events`` explains what happened, ``state.scoring``
the last round's score step by step (scoring.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core.actions import Action
from tabletop.core.game import Option, Outcome, Refused, Rules
from tabletop.core.rng import Rng

from . import content as C
from .hands import SIDES, TARGETS, min_travel_ms, parse_target, target_name
from .scoring import end_round, finish_round, setup_round, target_label
from .state import State, add_event, set_item

CLAIMS = ("combo", "counter", "knockout", "clinch", "ding")


@dataclass(frozen=True)
class Ready(Action):
    kind: ClassVar[str] = "ready"
    player: int
    t: int


@dataclass(frozen=True)
class Split(Action):
    kind: ClassVar[str] = "split"
    player: int
    left: int
    t: int


@dataclass(frozen=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    player: int
    hand: str
    t: int


@dataclass(frozen=True)
class Place(Action):
    kind: ClassVar[str] = "place"
    player: int
    hand: str
    target: str
    t: int


@dataclass(frozen=True)
class Return(Action):
    kind: ClassVar[str] = "return"
    player: int
    hand: str
    t: int


@dataclass(frozen=True)
class Claim(Action):
    kind: ClassVar[str] = "claim"
    player: int
    what: str
    t: int


@dataclass(frozen=True)
class Cover(Action):
    kind: ClassVar[str] = "cover"
    player: int
    target: str
    t: int


@dataclass(frozen=True)
class Choose(Action):
    kind: ClassVar[str] = "choose"
    player: int
    target: str
    t: int


@dataclass(frozen=True)
class Tick(Action):
    kind: ClassVar[str] = "tick"
    t: int


def _who(p: int) -> str:
    return f"Player {p + 1}"


_NAMES = tuple(target_name(b, i) for b in (0, 1) for i in range(3))


def _blocks(punch: int, card: int) -> bool:
    """May ``card`` block ``punch``: same type or colour, or the punch is a Haymaker (R-JAB-4)."""
    return C.ctype(punch) == C.HAYMAKER or C.ctype(punch) == C.ctype(card) or C.colour(punch) == C.colour(card)


def _hand_index(hand) -> int | None:
    return SIDES.index(hand) if hand in SIDES else None


# -- questions the table and the bot ask --------------------------------------

def placement_refusal(state: State, player: int, hand: str, target: str, t: int | None = None) -> str | None:
    """Why the card in ``hand`` may not go on ``target`` now (None: it may).
    With ``t`` also checks the hand could have travelled there since the Take."""
    if state.phase != "playing":
        return "Cards can only be placed while the round is being fought."
    h = _hand_index(hand)
    if h is None:
        return "A hand is 'left' or 'right'."
    held = state.held[player * 2 + h]
    if held is None:
        return f"Your {hand} hand holds no card."
    where = parse_target(target)
    if where is None:
        return "There is no such target."
    boxer, ti = where
    card = held[0]
    if boxer == player:
        pile = state.piles[boxer * 3 + ti]
        if not pile:
            return "You can only block a punch, and that target has none."
        top = pile[-1]
        if C.owner(top) == player:
            return "You can only block your opponent's punches, not your own blocks."
        if not _blocks(top, card):
            return (f"A block must match the punch's type or colour: your {C.card_name(card)} "
                    f"does not match the {C.card_name(top)} (any card blocks a Haymaker).")
    if t is not None and t - held[1] < min_travel_ms(player, h, target, state.options["hand_speed_ms"]):
        return "Your hand cannot get there that fast."
    return None


def _counter_open(state: State, colour: int) -> bool:
    mine = any(state.piles[i] and C.colour(state.piles[i][-1]) == colour for i in range(3))
    theirs = any(state.piles[i] and C.colour(state.piles[i][-1]) == colour for i in range(3, 6))
    return mine and theirs


def _combo_open(state: State, player: int) -> bool:
    if not state.combo:
        return False
    opp = 1 - player
    tops = {C.ctype(state.piles[opp * 3 + i][-1]) for i in range(3) if state.piles[opp * 3 + i]}
    return all(ty in tops for ty in C.COMBOS[state.combo[-1]][1])


def _hands_empty(state: State, player: int) -> bool:
    return state.held[player * 2] is None and state.held[player * 2 + 1] is None


def claim_refusal(state: State, player: int, what: str) -> str | None:
    """Why the claim ``what`` is not valid right now (None: it is valid).
    Judged on the state only: lockouts and timing are apply's business."""
    if what == "combo":
        if not state.combo:
            return "There are no combo cards left this round."
        if not _combo_open(state, player):
            names = ", ".join(C.TYPE_NAMES[ty] for ty in C.COMBOS[state.combo[-1]][1])
            return f"No combo: your opponent's boxer does not show {names} on top."
        return None
    if what == "counter":
        if not state.counter:
            return "There are no counter-punch cards left this round."
        if not _hands_empty(state, player):
            return "Both your hands must be empty to counter-punch."
        col = C.COUNTERS[state.counter[-1]][1]
        if not _counter_open(state, col):
            return f"No counter-punch: {C.COLOUR_NAMES[col].lower()} is not on top of both boxers."
        return None
    if what == "knockout":
        if not state.ko_open[player]:
            return "No knockout: you have not hurt your opponent while they were in danger."
        return None
    if what == "clinch":
        if state.health[player] != 0:
            return "You can only clinch with no health left."
        if state.clinch_by is not None:
            return "The clinch tile has already been used this round."
        return None
    if what == "ding":
        if state.cards_left(player) != 0:
            return "You can only call Ding! once both your decks and hands are empty."
        return None
    return "Claim combo, counter, knockout, clinch or ding."


def stall_deadline(state: State) -> int | None:
    """When the round ends because only one player is out of cards and the
    other has placed nothing for the stall time (R-JAB-13); None if not running."""
    if state.phase != "playing":
        return None
    out = state.out_t
    if (out[0] is None) == (out[1] is None):
        return None
    p = 0 if out[0] is not None else 1
    return max(out[p], state.last_place[1 - p], state.go_at) + state.options["stall_ms"]


def tile_claim(state: State, player: int) -> str:
    """What grabbing the Knockout/Clinch tile means for ``player`` now:
    "knockout" when they may knock out, else "clinch" (one button for the tile)."""
    return "knockout" if state.ko_open[player] else "clinch"


def tiles(state: State) -> dict:
    """Where the Ding! and Knockout/Clinch tiles are: "table", "p0", "p1"
    (in that player's bonus area) or, for the clinch tile, "knockout:p0"/"knockout:p1"."""
    ding = "table" if state.ding_by is None else f"p{state.ding_by}"
    clinch = "table" if state.clinch_by is None else f"p{state.clinch_by}"
    if state.phase == "over" and state.end_reason.endswith("by knockout!"):
        clinch = f"knockout:p{state.winner}"
    return {"ding": ding, "clinch": clinch}


def opportunities(state: State, player: int) -> list[dict]:
    """Open chances for ``player`` (the assist highlight): valid claims, and
    stagger / block spots. Each is {"kind", "text", ...details}."""
    out: list[dict] = []
    if state.phase != "playing":
        return out
    for what in CLAIMS:
        if claim_refusal(state, player, what) is None:
            out.append({"kind": what, "text": f"You may claim {what}!"})
    opp = 1 - player
    for i in range(3):
        pile = state.piles[opp * 3 + i]
        if pile and C.owner(pile[-1]) == player and C.ctype(pile[-1]) == C.HAYMAKER:
            out.append({"kind": "stagger", "target": target_name(opp, i), "colour": C.COLOURS[C.colour(pile[-1])],
                        "text": f"A {C.COLOUR_NAMES[C.colour(pile[-1])].lower()} punch on {target_label(opp, i)} staggers."})
    for i in range(3):
        pile = state.piles[player * 3 + i]
        if pile and C.owner(pile[-1]) == opp:
            out.append({"kind": "block", "target": target_name(player, i), "card": pile[-1],
                        "text": f"You may block the {C.card_name(pile[-1])} on your {('left body', 'head', 'right body')[i]}."})
    return out


# -- the reducer ----------------------------------------------------------------

def _damage(n: State, attacker: int, amount: int, t: int, why: str) -> int:
    """Move up to ``amount`` health from the victim to the attacker (R-JAB-10);
    hurting a victim already in danger opens a knockout (R-JAB-11)."""
    victim = 1 - attacker
    h = list(n.health)
    if h[victim] == 0:
        n.ko_open = set_item(n.ko_open, attacker, True)
        add_event(n, "knockout-open", attacker, t,
                  f"{why} hits {_who(victim).lower()} in danger: {_who(attacker).lower()} may claim the knockout!")
        return 0
    moved = min(amount, h[victim])
    h[victim] -= moved
    h[attacker] += moved
    n.health = tuple(h)
    n.ko_open = set_item(n.ko_open, victim, False)  # the attacker gained health
    if h[victim] == 0:
        add_event(n, "danger", victim, t, f"{_who(victim)} has no health left and is in danger!")
    return moved


def _return_held(n: State) -> None:
    decks, held = list(n.decks), list(n.held)
    for i, h in enumerate(held):
        if h is not None:
            decks[i] = decks[i] + (h[0],)
            held[i] = None
    n.decks, n.held = tuple(decks), tuple(held)


class JabRules(Rules):
    id = "jab"
    actions = (Ready, Split, Take, Place, Return, Claim, Cover, Choose, Tick)
    options = (
        Option("scoring", "Scoring", (("auto", "Automatic (best choices)"), ("hand", "By hand")), "auto",
               "Who covers and chooses the scored piles after a round (R-JAB-14)."),
        Option("assist", "Assist", ((False, "Off (tournament)"), (True, "Highlight chances")), False,
               "Highlight open combos, counter-punches, staggers and blocks (R-JAB-6)."),
        Option("hand_speed_ms", "Hand speed", ((250, "Fast (table in 0.25 s)"), (350, "Normal (table in 0.35 s)"),
                                               (500, "Slow (table in 0.5 s)"), (700, "Very slow (0.7 s)")), 350,
               "Top speed of every hand, the same for every device (R-JAB-5)."),
        Option("claim_lockout_ms", "Claim lockout", ((500, "0.5 s"), (1000, "1 s"), (2000, "2 s")), 1000,
               "No claims for this long after a wrong claim (R-JAB-6)."),
        Option("counter_window_ms", "Counter-punch tie window", ((25, "25 ms"), (50, "50 ms"), (100, "100 ms")), 50,
               "Two counter-punch grabs this close are simultaneous (R-JAB-8)."),
        Option("stall_ms", "Stall limit", ((5000, "5 s"), (10000, "10 s"), (20000, "20 s")), 10000,
               "Round ends if the only player with cards places none for this long (R-JAB-13)."),
        Option("countdown_ms", "Count-down", ((0, "None"), (1000, "1 s"), (3000, "3-2-1")), 3000,
               "Count before play starts or resumes (R-JAB-16)."),
    )

    # -- setup ----------------------------------------------------------------
    def new_state(self, options, seed, players, setup=None) -> State:
        if players != 2:
            raise ValueError("JAB is for exactly 2 players")
        s = State.__new__(State)
        s.options = self.check_options(options or {})
        s.rng = Rng(seed)
        s.round, s.now, s.go_at = 0, 0, 0
        s.health = (C.N["start_health"],) * 2
        s.tokens = (0, 0)
        s.lockout, s.last_place = (0, 0), (0, 0)
        s.scoring, s.history, s.events = None, (), ()
        s.winner, s.end_reason = None, ""
        if setup is None:
            setup_round(s)
        else:
            from .setup import apply_setup
            apply_setup(s, setup)
        return s

    # -- play ------------------------------------------------------------------
    def to_act(self, state: State):
        if state.phase in ("between", "clinch"):
            return tuple(p for p in (0, 1) if not state.ready[p])
        if state.phase == "playing":
            return (0, 1)
        if state.phase == "scoring":
            return tuple(p for p in (0, 1) if state.covers[p] is None
                         or (state.chooses[p] is None and state.covers[1 - p] is not None))
        return ()

    def legal_actions(self, state: State, player: int) -> list:
        """Legal actions at ``state.now``; time-gated ones (Take before the
        count ends, Place before the hand could arrive) are listed at the
        earliest time they become legal."""
        t = state.now
        out: list = []
        ph = state.phase
        if ph == "between":
            if not state.ready[player]:
                out += [Split(player, k, t) for k in range(26)]
                out.append(Ready(player, t))
        elif ph == "clinch":
            if not state.ready[player]:
                out.append(Ready(player, t))
        elif ph == "playing":
            # an action timed at or after the stall deadline would find the round over
            end = stall_deadline(state)
            end = 1 << 62 if end is None else end
            tt = max(t, state.go_at)
            speed = state.options["hand_speed_ms"]
            for h in (0, 1):
                held = state.held[player * 2 + h]
                side = SIDES[h]
                if held is None:
                    if state.decks[player * 2 + h] and tt < end:
                        out.append(Take(player, side, tt))
                    continue
                card = held[0]
                for b in (0, 1):
                    for i in range(3):
                        if b == player:  # a block: same test as placement_refusal, inlined for speed
                            pile = state.piles[b * 3 + i]
                            if not pile or C.owner(pile[-1]) == player or not _blocks(pile[-1], card):
                                continue
                        name = _NAMES[b * 3 + i]
                        when = max(t, held[1] + min_travel_ms(player, h, name, speed))
                        if when < end:
                            out.append(Place(player, side, name, when))
                out.append(Return(player, side, t))
            if t >= state.go_at:
                tc = max(t, state.lockout[player])
                if tc < end:
                    out += [Claim(player, w, tc) for w in CLAIMS]
        elif ph == "scoring":
            if state.covers[player] is None:
                out += [Cover(player, target_name(player, i), t) for i in range(3)]
            elif state.chooses[player] is None and state.covers[1 - player] is not None:
                out += [Choose(player, target_name(1 - player, i), t) for i in range(3)
                        if i != state.covers[1 - player]]
        return out

    def apply(self, state: State, action):
        if state.phase == "over":
            if isinstance(action, Tick):
                return state
            return Refused("The game is over.")
        t = getattr(action, "t", None)
        if not isinstance(t, int) or t < 0:
            return Refused("Every action needs a time t (milliseconds, 0 or more).")
        if t < state.now:
            return Refused("That action is timed before the previous one: time cannot run backwards.")
        if not isinstance(action, Tick) and getattr(action, "player", None) not in (0, 1):
            return Refused("The player must be 0 or 1.")
        s = self._settle(state, t)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            return Refused("JAB does not know that action.") if not isinstance(action, Tick) else s
        return handler(s, action)

    def _settle(self, state: State, t: int) -> State:
        """Timed effects due by ``t`` (today: the stall rule)."""
        deadline = stall_deadline(state)
        if deadline is not None and t >= deadline:
            n = state.clone()
            p = 0 if state.out_t[1] is not None else 1
            end_round(n, deadline, f"{_who(p)} placed no card for {state.options['stall_ms'] // 1000} s "
                                   "while the other was out of cards: the round ends.")
            return n
        return state

    def outcome(self, state: State):
        if state.phase != "over":
            return None
        return Outcome(state.winner, state.end_reason)

    # -- looking -----------------------------------------------------------------
    def view_for(self, state: State, viewer):
        """Deck orders are secret to everyone: unknown cards are -1. Punch
        decks show their top card face up while a round is on; combo and
        counter decks show only their top (current) card."""
        v = state.clone()
        v.rng = None
        face_up = state.phase in ("playing", "clinch", "scoring")
        v.decks = tuple(_mask(d, face_up) for d in state.decks)
        v.combo = _mask(state.combo, True)
        v.counter = _mask(state.counter, True)
        return v

    def invariants(self, state: State) -> list[str]:
        from .setup import invariants
        return invariants(state)

    def summary(self, state: State) -> dict:
        return {
            "round": state.round, "phase": state.phase, "now": state.now,
            "health": list(state.health), "tokens": list(state.tokens),
            "cards_left": [state.cards_left(0), state.cards_left(1)],
            "piles": {target_name(b, i): [C.card_name(c) + (" (block)" if C.owner(c) == b else "")
                                          for c in state.piles[b * 3 + i]] for b in (0, 1) for i in range(3)},
            "combos_won": [[C.COMBOS[c][0] for c in w] for w in state.combo_won],
            "counters_won": [[C.COUNTERS[c][0] for c in w] for w in state.counter_won],
            "tiles": tiles(state),
            "history": list(state.history),
            "winner": state.winner, "end_reason": state.end_reason,
        }


def _mask(deck: tuple, top_visible: bool) -> tuple:
    if not deck:
        return deck
    if top_visible:
        return (-1,) * (len(deck) - 1) + (deck[-1],)
    return (-1,) * len(deck)


# -- handlers: each gets the (possibly settled) state, returns new state or Refused --

def _not_playing(s: State) -> Refused | None:
    if s.phase == "playing":
        return None
    return Refused({
        "between": "The round has not started yet: both players must be ready.",
        "clinch": "Play is paused for the clinch: both players must be ready to go on.",
        "scoring": "The round is over.",
    }.get(s.phase, "The game is over."))


def _ready(s: State, a: Ready):
    if s.phase not in ("between", "clinch"):
        return Refused("There is nothing to get ready for now.")
    if s.ready[a.player]:
        return Refused("You are already ready.")
    n = s.clone()
    n.now = a.t
    n.ready = set_item(n.ready, a.player, True)
    if not all(n.ready):
        return n
    n.ready = (False, False)
    cd = n.options["countdown_ms"]
    if n.phase == "clinch":
        n.phase = "playing"
        n.go_at = a.t + cd
        add_event(n, "resume", None, a.t, "Fists pounded: the fight goes on.")
        return n
    n.round += 1
    n.phase = "playing"
    n.now, n.go_at = 0, cd
    n.last_place = (cd, cd)
    n.lockout = (0, 0)
    add_event(n, "round", None, 0, f"Round {n.round}: fight!")
    return n


def _split(s: State, a: Split):
    if s.phase != "between":
        return Refused("You can only split your deck before a round starts.")
    if s.ready[a.player]:
        return Refused("You are already ready; split before pounding fists.")
    cards = s.decks[a.player * 2] + s.decks[a.player * 2 + 1]
    if not 0 <= a.left <= len(cards):
        return Refused(f"The left deck can hold 0 to {len(cards)} cards.")
    n = s.clone()
    n.now = a.t
    n.decks = set_item(set_item(n.decks, a.player * 2, cards[:a.left]), a.player * 2 + 1, cards[a.left:])
    return n


def _take(s: State, a: Take):
    bad = _not_playing(s)
    if bad is not None:
        return bad
    if a.t < s.go_at:
        return Refused("Wait for the count to finish.")
    h = _hand_index(a.hand)
    if h is None:
        return Refused("A hand is 'left' or 'right'.")
    i = a.player * 2 + h
    if s.held[i] is not None:
        return Refused(f"Your {a.hand} hand already holds a card.")
    if not s.decks[i]:
        return Refused(f"Your {a.hand} deck is empty.")
    n = s.clone()
    n.now = a.t
    deck = s.decks[i]
    n.decks = set_item(s.decks, i, deck[:-1])
    n.held = set_item(s.held, i, (deck[-1], a.t))
    return n


def _place(s: State, a: Place):
    bad = _not_playing(s)
    if bad is not None:
        return bad
    why = placement_refusal(s, a.player, a.hand, a.target, a.t)
    if why:
        return Refused(why)
    p = a.player
    i = p * 2 + SIDES.index(a.hand)
    card = s.held[i][0]
    boxer, ti = parse_target(a.target)
    j = boxer * 3 + ti
    pile = s.piles[j]
    n = s.clone()
    n.now = a.t
    n.held = set_item(s.held, i, None)
    n.piles = set_item(s.piles, j, pile + (card,))
    n.last_place = set_item(s.last_place, p, a.t)
    where = target_label(boxer, ti)
    if boxer == p:
        add_event(n, "block", p, a.t, f"{_who(p)} blocks with a {C.card_name(card)} on {where}.")
    else:
        add_event(n, "punch", p, a.t, f"{_who(p)} throws a {C.card_name(card)} at {where}.")
        if pile:
            under = pile[-1]
            if C.owner(under) == p and C.ctype(under) == C.HAYMAKER and C.colour(under) == C.colour(card):
                add_event(n, "stagger", p, a.t, f"Stagger! {C.card_name(card).capitalize()} on {_who(p).lower()}'s "
                                                f"{C.COLOUR_NAMES[C.colour(card)].lower()} Haymaker.")
                _damage(n, p, C.N["stagger_damage"], a.t, "The stagger")
    if n.cards_left(p) == 0:
        n.out_t = set_item(n.out_t, p, a.t)
        add_event(n, "out", p, a.t, f"{_who(p)} has played every card.")
        if n.out_t[1 - p] is not None:
            end_round(n, a.t, "Both boxers are out of cards.")
    return n


def _return(s: State, a: Return):
    bad = _not_playing(s)
    if bad is not None:
        return bad
    h = _hand_index(a.hand)
    if h is None:
        return Refused("A hand is 'left' or 'right'.")
    i = a.player * 2 + h
    if s.held[i] is None:
        return Refused(f"Your {a.hand} hand holds no card.")
    n = s.clone()
    n.now = a.t
    n.decks = set_item(s.decks, i, s.decks[i] + (s.held[i][0],))
    n.held = set_item(s.held, i, None)
    return n


def _claim(s: State, a: Claim):
    bad = _not_playing(s)
    if bad is not None:
        return bad
    if a.t < s.go_at:
        return Refused("Wait for the count to finish.")
    p, t = a.player, a.t
    if a.what not in CLAIMS:
        return Refused("Claim combo, counter, knockout, clinch or ding.")
    if t < s.lockout[p]:
        return Refused(f"Too eager! No claims for another {(s.lockout[p] - t + 99) // 100 / 10:g} s.")
    if a.what == "counter":
        cl = s.counter_last
        if (cl is not None and cl[0] != p and t - cl[1] < s.options["counter_window_ms"]
                and _hands_empty(s, p) and _counter_open(s, C.COUNTERS[cl[2]][1])):
            return _counter_tie(s, p, t, cl)
    why = claim_refusal(s, p, a.what)
    n = s.clone()
    n.now = t
    if why:
        n.lockout = set_item(s.lockout, p, t + s.options["claim_lockout_ms"])
        add_event(n, "refused", p, t, why)
        return n
    q = 1 - p
    if a.what == "combo":
        card = s.combo[-1]
        n.combo = s.combo[:-1]
        n.combo_won = set_item(s.combo_won, p, s.combo_won[p] + (card,))
        add_event(n, "combo", p, t, f"Combo! {_who(p)} takes the {C.COMBOS[card][0]} combo "
                                    f"(+{C.COMBOS[card][2]}).")
    elif a.what == "counter":
        card = s.counter[-1]
        n.counter = s.counter[:-1]
        n.counter_won = set_item(s.counter_won, p, s.counter_won[p] + (card,))
        add_event(n, "counter", p, t, f"Counter-punch! {_who(p)} takes the {C.COUNTERS[card][0]} card "
                                      f"(+{C.COUNTERS[card][2]}).")
        ko_before = s.ko_open[p]
        moved = _damage(n, p, C.N["counter_damage"], t, "The counter-punch")
        n.counter_last = (p, t, card, moved, ko_before)
    elif a.what == "knockout":
        _return_held(n)
        n.phase, n.winner = "over", p
        n.end_reason = f"{_who(p)} wins by knockout!"
        add_event(n, "knockout", p, t, f"KNOCKOUT! {n.end_reason}")
    elif a.what == "clinch":
        gain = min(C.N["clinch_gain"], s.health[q])
        h = list(s.health)
        h[q] -= gain
        h[p] += gain
        n.health = tuple(h)
        n.clinch_by = p
        n.ko_open = set_item(s.ko_open, q, False)
        n.counter_last = None
        _return_held(n)
        n.phase, n.ready = "clinch", (False, False)
        add_event(n, "clinch", p, t, f"Clinch! {_who(p)} takes {gain} health; play pauses until both are ready.")
    elif a.what == "ding":
        n.ding_by = p
        add_event(n, "ding", p, t, f"Ding! {_who(p)} ends the round.")
        end_round(n, t, f"{_who(p)} called Ding!")
    return n


def _counter_tie(s: State, p: int, t: int, cl) -> State:
    """A second valid grab within the window: undo the first award, set the card aside."""
    first, _t1, card, moved, ko_before = cl
    n = s.clone()
    n.now = t
    won = list(s.counter_won[first])
    won.remove(card)
    n.counter_won = set_item(s.counter_won, first, tuple(won))
    n.counter_aside = s.counter_aside + (card,)
    back = min(moved, s.health[first])
    h = list(s.health)
    h[first] -= back
    h[p] += back
    n.health = tuple(h)
    n.ko_open = set_item(s.ko_open, first, ko_before if back == moved else s.ko_open[first])
    n.counter_last = None
    add_event(n, "counter-tie", None, t, "Both grabbed the counter-punch at once: it is set aside.")
    return n


def _cover(s: State, a: Cover):
    if s.phase != "scoring":
        return Refused("Targets are covered only when a round is scored by hand.")
    where = parse_target(a.target)
    if where is None or where[0] != a.player:
        return Refused("Cover one of your own boxer's targets.")
    if s.covers[a.player] is not None:
        return Refused("You have already covered a target.")
    n = s.clone()
    n.now = a.t
    n.covers = set_item(s.covers, a.player, where[1])
    add_event(n, "cover", a.player, a.t, f"{_who(a.player)} covers {target_label(*where)}.")
    return _maybe_finish(n, a.t)


def _choose(s: State, a: Choose):
    if s.phase != "scoring":
        return Refused("Targets are chosen only when a round is scored by hand.")
    q = 1 - a.player
    where = parse_target(a.target)
    if where is None or where[0] != q:
        return Refused("Choose one of your opponent's targets.")
    if s.covers[q] is None:
        return Refused("Wait until your opponent has covered a target.")
    if where[1] == s.covers[q]:
        return Refused("That target is covered: choose one of the other two.")
    if s.chooses[a.player] is not None:
        return Refused("You have already chosen.")
    n = s.clone()
    n.now = a.t
    n.chooses = set_item(s.chooses, a.player, where[1])
    add_event(n, "choose", a.player, a.t, f"{_who(a.player)} scores {target_label(*where)}.")
    return _maybe_finish(n, a.t)


def _maybe_finish(n: State, t: int) -> State:
    if None not in n.covers and None not in n.chooses:
        finish_round(n, t, n.covers, n.chooses)
    return n


_HANDLERS = {Ready: _ready, Split: _split, Take: _take, Place: _place, Return: _return,
             Claim: _claim, Cover: _cover, Choose: _choose}

RULES = JabRules()

__all__ = ["RULES", "JabRules", "Ready", "Split", "Take", "Place", "Return", "Claim", "Cover", "Choose",
           "Tick", "CLAIMS", "placement_refusal", "claim_refusal", "opportunities", "stall_deadline",
           "tiles", "tile_claim", "TARGETS"]
