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
  same-side deck (refused sooner after that hand's last Place or Return than
  the hand could travel back from where it let go).
* ``Place(player, hand, target, t)``: put the held card on a target
  "p0.left" / "p0.head" / "p0.right" / "p1.*". On the opponent's boxer it is
  a punch (always allowed); on your own boxer it is a block (R-JAB-4). It is
  refused if it comes sooner after its Take than a hand could travel
  (hands.min_travel_ms, R-JAB-5). ``placement_refusal`` tells why not.
* ``Return(player, hand, t, at=None)``: the held card goes back on top of its
  deck; ``at`` is where the hand let go (None: over its own deck). Timed like
  a Place: refused sooner after the Take than the hand could get there, and
  the hand's next Take waits for its way back (R-JAB-5).
* ``Claim(player, what, t)``: what is "combo", "counter", "knockout",
  "clinch" or "ding" (R-JAB-6). A claim that is not valid is still accepted
  as an action: it changes nothing but locks the claimer out of claims for
  1 s (an event of kind "refused" says why); so is a claim during the
  count-down, a clinch pause or between rounds (R-JAB-6). A claim during the
  lockout, during by-hand scoring or after the game, is Refused.
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
``tiles(state)``, ``tile_claim(state, p)`` (all in queries.py);
``scoring.projected_totals(state)`` (live score). ``state.events`` explains
what happened, newest last, each with a running ``seq`` (a new event has a
larger seq than any before it) and a sentence whose seats are "{0}" / "{1}":
``render(text, names)`` fills in the names (also for ``end_reason`` and the
scoring reason); event kinds: "round", "resume", "punch", "block", "stagger",
"danger", "knockout-open", "combo", "counter", "counter-tie", "clinch",
"ding", "out", "round-end", "cover", "choose", "score", "cutman", "decision",
"knockout", "refused" (a wrong claim).
``state.scoring`` is the last round's score step by step (scoring.py).

Modules of this package: actions.py (the verbs), queries.py (questions),
play.py (one handler per verb), scoring.py (round end and re-setup), setup.py
(hand-written positions, invariants), state.py, content.py, hands.py.
"""

from __future__ import annotations

from functools import cache, lru_cache

from tabletop.core.game import Option, Outcome, Refused, Rules, name_seats
from tabletop.core.i18n import N_, words
from tabletop.core.rng import Rng

from . import content as C
from .actions import CLAIMS, Choose, Claim, Cover, Place, Ready, Return, Split, Take, Tick
from .hands import SIDES, TARGET_NAMES, min_travel_ms, target_name, travel_ms
from .play import HANDLERS
from .queries import can_block, stall_deadline, tiles
from .say import Say, tell
from .scoring import end_round, setup_round
from .state import PHASES, State, who

_, ngettext = words(__name__)


# legal_actions is called at every step of a random or bot game; the actions
# are immutable values, so the 27 set-up moves at one time are built once and
# shared. Bounded, so a long session does not grow it without end.
@lru_cache(maxsize=256)
def _splits(player: int, t: int) -> tuple:
    return tuple([Split(player, k, t) for k in range(26)] + [Ready(player, t)])


@cache
def _routes(player: int, h: int, speed: int) -> tuple:
    """(pile index, target name, least travel ms from the deck) for each of the six targets."""
    return tuple((j, TARGET_NAMES[j], min_travel_ms(player, h, TARGET_NAMES[j], speed)) for j in range(6))


class JabRules(Rules):
    id = "jab"
    phases = PHASES
    actions = (Ready, Split, Take, Place, Return, Claim, Cover, Choose, Tick)
    state_types = (State,)
    # the fields holding a seat number or None, at any depth (a joiner checks a host's views by them)
    seat_fields = ("ding_by", "clinch_by", "winner", "player", "attacker", "defender")
    options = (
        Option(
            "scoring",
            N_("Scoring"),
            (("auto", N_("Automatic (best choices)")), ("hand", N_("By hand"))),
            "auto",
            N_("Who covers and chooses the scored piles after a round."),
        ),
        Option(
            "assist",
            N_("Practice aid"),
            ((False, N_("Off (tournament)")), (True, N_("Highlight chances"))),
            False,
            N_("Highlight open combos, counter-punches, staggers and blocks you can make."),
            main=True,
        ),
        Option(
            "hand_speed_ms",
            N_("Hand speed"),
            (
                (250, N_("Fast (table in 0.25 s)")),
                (350, N_("Normal (table in 0.35 s)")),
                (500, N_("Slow (table in 0.5 s)")),
                (700, N_("Very slow (0.7 s)")),
                (1000, N_("Slowest (1 s)")),  # a calm table: no fast reactions needed (docs/accessibility.md)
            ),
            350,
            N_("Top speed of every hand, the same for every device."),
        ),
        Option(
            "claim_lockout_ms",
            N_("Claim lockout"),
            ((500, N_("0.5 s")), (1000, N_("1 s")), (2000, N_("2 s"))),
            1000,
            N_("No claims for this long after a wrong claim."),
        ),
        Option(
            "counter_window_ms",
            N_("Counter-punch tie window"),
            ((25, N_("25 ms")), (50, N_("50 ms")), (100, N_("100 ms"))),
            50,
            N_("Two counter-punch grabs this close are simultaneous."),
        ),
        Option(
            "stall_ms",
            N_("Stall limit"),
            ((5000, N_("5 s")), (10000, N_("10 s")), (20000, N_("20 s")), (40000, N_("40 s"))),
            10000,
            N_("Round ends if the only player with cards places none for this long."),
        ),
        Option(
            "countdown_ms",
            N_("Count-down"),
            ((0, N_("None")), (1000, N_("1 s")), (3000, N_("3-2-1"))),
            3000,
            N_("Count before play starts or resumes."),
        ),
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
            return tuple(
                p
                for p in (0, 1)
                if state.covers[p] is None or (state.chooses[p] is None and state.covers[1 - p] is not None)
            )
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
                out += _splits(player, t)
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
                    rel = state.released[player * 2 + h]
                    when = tt if rel is None else max(tt, rel[1] + travel_ms(player, h, rel[0], speed))
                    if state.decks[player * 2 + h] and when < end:
                        out.append(Take(player, side, when))
                    continue
                card, taken = held
                own = player * 3
                for j, name, travel in _routes(player, h, speed):
                    if own <= j < own + 3:  # a block: same test as placement_refusal, inlined for speed
                        pile = state.piles[j]
                        if not pile or C.owner(pile[-1]) == player or not can_block(pile[-1], card):
                            continue
                    when = taken + travel
                    if when < t:
                        when = t
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
                out += [
                    Choose(player, target_name(1 - player, i), t) for i in range(3) if i != state.covers[1 - player]
                ]
        return out

    def apply(self, state: State, action):
        if state.phase == "over":
            if isinstance(action, Tick):
                return state
            return Refused(_("The game is over."))
        t = getattr(action, "t", None)
        if not isinstance(t, int) or t < 0:
            return Refused(_("Every action needs a time t (milliseconds, 0 or more)."))
        if t < state.now:
            return Refused(_("That action is timed before the previous one: time cannot run backwards."))
        if not isinstance(action, Tick) and getattr(action, "player", None) not in (0, 1):
            return Refused(_("The player must be 0 or 1."))
        s = self._settle(state, t)
        handler = HANDLERS.get(type(action))
        if handler is None:
            return Refused(_("JAB does not know that action.")) if not isinstance(action, Tick) else s
        return handler(s, action)

    def _settle(self, state: State, t: int) -> State:
        """Timed effects due by ``t`` (today: the stall rule)."""
        deadline = stall_deadline(state)
        if deadline is not None and t >= deadline:
            n = state.clone()
            p = 0 if state.out_t[1] is not None else 1
            end_round(
                n,
                deadline,
                Say(
                    N_("{who} placed no card for {n} s while the other was out of cards: the round ends."),
                    who=who(p),
                    n=state.options["stall_ms"] // 1000,
                ),
            )
            return n
        return state

    def outcome(self, state: State):
        if state.phase != "over":
            return None
        return Outcome(state.winner, tell(end_said(state)))

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

    def round_of(self, state) -> tuple:
        return (state.round,)  # a round begins when it changes

    def summary(self, state: State) -> dict:
        return {
            "round": state.round,
            "phase": state.phase,
            "now": state.now,
            "health": list(state.health),
            "tokens": list(state.tokens),
            "cards_left": [state.cards_left(0), state.cards_left(1)],
            "piles": {
                target_name(b, i): [
                    C.card_name(c) + (" (block)" if C.owner(c) == b else "") for c in state.piles[b * 3 + i]
                ]
                for b in (0, 1)
                for i in range(3)
            },
            "combos_won": [[C.COMBOS[c][0] for c in w] for w in state.combo_won],
            "counters_won": [[C.COUNTERS[c][0] for c in w] for w in state.counter_won],
            "tiles": tiles(state),
            "history": list(state.history),
            "winner": state.winner,
            "end_reason": state.end_reason,
            "deck_tops": [C.card_name(d[-1]) if d else None for d in state.decks],
            "deck_sizes": [len(d) for d in state.decks],
            "held": [None if h is None else C.card_name(h[0]) for h in state.held],
            "flags": {
                "ding_by": state.ding_by,
                "clinch_by": state.clinch_by,
                "ko_open": list(state.ko_open),
                "lockout": list(state.lockout),
                "out_t": list(state.out_t),
                "ready": list(state.ready),
                "go_at": state.go_at,
            },
        }

    def events(self, state: State, names) -> list[dict]:
        return [
            {
                "n": e["seq"] - 1,
                "kind": e["kind"],
                "text": name_seats(tell(e.get("say", e["text"])), names),
                "player": e["player"],
                "round": e["round"],
            }
            for e in state.events
        ]

    def report(self, state: State, events: list[dict]):
        from .report import report

        return report(state, events)


def end_said(state: State):
    """The end reason as ``tell`` says it: from the game's last decision or knockout event, whose
    sentence survives a state read back from JSON (a kept game, an online view), else the reason."""
    for e in reversed(state.events):
        say = e.get("say")
        if say and e["kind"] == "decision":
            return say
        if say and e["kind"] == "knockout":
            return say[2]["reason"]
    return state.end_reason


def _mask(deck: tuple, top_visible: bool) -> tuple:
    if not deck:
        return deck
    if top_visible:
        return (-1,) * (len(deck) - 1) + (deck[-1],)
    return (-1,) * len(deck)


RULES = JabRules()
