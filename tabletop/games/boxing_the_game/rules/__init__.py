"""Boxing: The Game rules: a deterministic reducer (see help.md for the rules in brief).

Flow of a match: ``pick`` (secret character choice, R-BTG-2) -> for each of 12
rounds: ``plan`` (both commit 3 cards + bids at once, R-BTG-3) -> events 1..3
resolve automatically (``reveal`` while a player owes a stance choice, R-BTG-4)
-> scoring (R-BTG-5) -> ``prize`` picks (R-BTG-6) -> cleanup (R-BTG-7) -> ``over``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import ClassVar

from tabletop.core.actions import Action
from tabletop.core.game import Option, Outcome, Refused, Rules
from tabletop.core.i18n import N_, words
from tabletop.core.rng import Rng
from tabletop.core.undo import changed

from . import setup as setup_mod
from .content import CARDS, CHARACTERS, MAIN_IDS, starter_ids
from .explain import explain as explain_event
from .flow import SLOTS, affordable_slots, after_prize_step, draft, draw, run_events, secret_draft, without
from .resolve import mod_total
from .state import HIDDEN, PHASES, Player, State

_, ngettext = words(__name__)

# -- actions ------------------------------------------------------------------


@dataclass(frozen=True)
class PickCharacter(Action):
    """Keep one of your dealt character boards (secret until both have picked)."""

    kind: ClassVar[str] = "pick"
    player: int
    character: int


@dataclass(frozen=True)
class Plan(Action):
    """Put three hand cards in slots 1..3 (in order) and bid momentum on each slot."""

    kind: ClassVar[str] = "plan"
    player: int
    cards: tuple[int, ...]
    bids: tuple[int, ...]


@dataclass(frozen=True)
class Stance(Action):
    """After landing a Punch on a Feint or a Feint on a Block: switch your stance or not,
    and (when allowed) force the opponent to switch."""

    kind: ClassVar[str] = "stance"
    player: int
    switch: bool
    force: bool = False


@dataclass(frozen=True)
class TakePrize(Action):
    """Draft the prize in slot 0..2 of the prize row."""

    kind: ClassVar[str] = "prize"
    player: int
    slot: int


def _other(stance: str) -> str:
    return "southpaw" if stance == "orthodox" else "orthodox"


class BoxingRules(Rules):
    id = "boxing-the-game"
    phases = PHASES
    actions = (PickCharacter, Plan, Stance, TakePrize)
    state_types = (State, Player)
    # the fields holding a seat number or None, at any depth (a joiner checks a host's views by them)
    seat_fields = ("viewer", "player", "winner")
    options = (
        Option(
            "rounds",
            N_("Rounds"),
            ((12, N_("12 (full match)")), (6, N_("6 (short match)")), (3, N_("3 (quick)"))),
            12,
            N_("How many rounds are scored if nobody wins early."),
            main=True,
        ),
        Option(
            "start_momentum",
            N_("Starting momentum"),
            tuple((n, str(n)) for n in range(0, 5)),
            2,
            N_("Momentum each boxer starts with."),
        ),
        Option(
            "max_momentum",
            N_("Momentum cap"),
            ((7, "7"), (5, "5"), (9, "9")),
            7,
            N_("Nobody can hold more momentum than this."),
        ),
        Option(
            "hand_size",
            N_("Cards drawn each round"),
            ((4, "4"), (5, "5")),
            4,
            N_("Cards in hand when planning; three are played."),
        ),
        Option(
            "boards_dealt",
            N_("Character boards dealt"),
            ((3, "3"), (2, "2"), (1, "1")),
            3,
            N_("How many character boards each player chooses from."),
        ),
        Option(
            "knockdowns_to_win",
            N_("Knockdowns for a KO"),
            ((3, "3"), (2, "2"), (4, "4")),
            3,
            N_("Landing this many knockdowns wins at once."),
        ),
        Option(
            "judges_to_win",
            N_("Judges to win"),
            ((3, "3"), (2, "2"), (4, "4")),
            3,
            N_("Holding this many judges wins at once."),
        ),
    )

    # -- setup -------------------------------------------------------------
    def new_state(self, options, seed, players, setup=None):
        if players != 2:
            raise ValueError("Boxing: The Game is for exactly 2 players")
        opts = self.check_options(options)
        rng = Rng(seed)
        fixed = setup_mod.parse(setup, opts)
        boards = list(range(len(CHARACTERS)))
        rng.shuffle(boards)
        k = opts["boards_dealt"]
        dealt = fixed.get("boards") or [tuple(boards[:k]), tuple(boards[k : 2 * k])]
        main = list(MAIN_IDS)
        rng.shuffle(main)
        main = setup_mod.complete(fixed.get("main", ()), main)
        decks = []
        for seat in range(2):
            d = list(starter_ids(seat))
            rng.shuffle(d)
            decks.append(setup_mod.complete(fixed["decks"][seat] if "decks" in fixed else (), d))
        s = State(options=opts, rng=rng)
        s.prizes = tuple(main[:SLOTS]) + (-1,) * (SLOTS - len(main[:SLOTS]))
        s.main = tuple(main[SLOTS:])
        s.players = tuple(Player(dealt=tuple(dealt[i]), deck=decks[i]) for i in range(2))
        log: list[dict] = []
        for i in range(2):
            draw(s, i, opts["hand_size"], log)
        s.log = tuple(log)
        return s

    # -- whose move --------------------------------------------------------
    def to_act(self, state):
        ph = state.phase
        if ph in ("pick", "plan") or (ph == "prize" and state.secret_prize):
            return tuple(i for i, p in enumerate(state.players) if p.choice is None)
        if ph == "reveal":
            return (state.pending[0],)
        if ph == "prize":
            return state.prize_order[:1]
        return ()

    def legal_actions(self, state, player):
        if player not in self.to_act(state):
            return []
        me = state.players[player]
        if state.phase == "pick":
            return [PickCharacter(player, c) for c in me.dealt]
        if state.phase == "plan":
            return [Plan(player, cards, bids) for cards in plan_orders(me.hand) for bids in bid_splits(me.momentum)]
        if state.phase == "reveal":
            out = [Stance(player, False, False), Stance(player, True, False)]
            if state.pending[1]:
                out += [Stance(player, False, True), Stance(player, True, True)]
            return out
        if state.phase == "prize":
            return [TakePrize(player, i) for i in affordable_slots(state, player)]
        return []

    def outcome(self, state):
        out = state.result
        if out is None:
            return None
        # the state keeps the reason's code ("KO", "points", ...); players read it in their language
        return Outcome(out.winner, _(_REASONS.get(out.reason, out.reason)))

    # -- apply -------------------------------------------------------------
    def apply(self, state, action):
        if state.result is not None:
            return Refused(_("The match is over."))
        player = getattr(action, "player", None)
        if player not in (0, 1):
            return Refused(_("There is no such player in this match."))
        if player not in self.to_act(state):
            return Refused(_not_your_turn(state, player))
        if isinstance(action, PickCharacter):
            return (
                self._pick(state, action)
                if state.phase == "pick"
                else Refused(_("Characters have already been chosen."))
            )
        if isinstance(action, Plan):
            return self._plan(state, action) if state.phase == "plan" else Refused(_("It is not the planning phase."))
        if isinstance(action, Stance):
            return (
                self._stance(state, action)
                if state.phase == "reveal"
                else Refused(_("Nobody is choosing a stance now."))
            )
        if isinstance(action, TakePrize):
            return (
                self._prize(state, action) if state.phase == "prize" else Refused(_("It is not time to pick prizes."))
            )
        return Refused(_("That is not an action in this game."))

    def _pick(self, state, a):
        me = state.players[a.player]
        if a.character not in me.dealt:
            return Refused(_("That character board was not dealt to you."))
        s = state.clone()
        s.players[a.player].choice = (a.character,)
        if all(p.choice is not None for p in s.players):
            log = list(s.log)
            for i, p in enumerate(s.players):
                p.character = p.choice[0]
                p.choice = None
                p.dealt = ()
                board = CHARACTERS[p.character]
                p.stance = board.stance
                p.momentum = min(
                    s.options["max_momentum"], s.options["start_momentum"] + mod_total(board.effects, "start_momentum")
                )
                log.append(
                    {
                        "type": "character",
                        "player": i,
                        "character": p.character,
                        "stance": p.stance,
                        "momentum": p.momentum,
                    }
                )
            s.phase = "plan"
            log.append({"type": "round_start", "round": 1})
            s.log = tuple(log)
        return s

    def _plan(self, state, a):
        problem = plan_problem(state, a.player, a.cards, a.bids)
        if problem:
            return Refused(problem)
        s = state.clone()
        s.players[a.player].choice = tuple(a.cards) + tuple(a.bids)
        if any(p.choice is None for p in s.players):
            return s
        for p in s.players:
            cards, bids = p.choice[:SLOTS], p.choice[SLOTS:]
            p.choice = None
            p.slots = cards
            p.bids = bids
            p.momentum -= sum(bids)  # spent whatever happens (R-BTG-3)
            p.discard = p.discard + tuple(c for c in p.hand if c not in cards)
            p.hand = ()
        s.event, s.carry, s.points, s.round_kd = 0, (0, 0), (0, 0), (False, False)
        s.log = s.log + ({"type": "planned", "round": s.round, "bids": [list(p.bids) for p in s.players]},)
        return run_events(s)

    def _stance(self, state, a):
        if a.force and not state.pending[1]:
            return Refused(
                _("You may only switch your opponent's stance after a Punch 6 or more faster than their Feint.")
            )
        s = state.clone()
        me, opp = s.players[a.player], s.players[1 - a.player]
        if a.switch:
            me.stance = _other(me.stance)
        if a.force:
            opp.stance = _other(opp.stance)
        s.pending = None
        s.log = s.log + (
            {
                "type": "stance",
                "player": a.player,
                "switch": a.switch,
                "force": a.force,
                "stances": [p.stance for p in s.players],
            },
        )
        return run_events(s)

    def _prize(self, state, a):
        if a.slot not in affordable_slots(state, a.player):
            if not (0 <= a.slot < SLOTS) or state.prizes[a.slot] == HIDDEN:
                return Refused(_("There is no prize in that slot."))
            return Refused(_("You do not have enough momentum to pay for that Judge."))
        s = state.clone()
        log = list(s.log)
        if not s.secret_prize:
            card = s.prizes[a.slot]
            s.prizes = without(s.prizes, a.slot)
            draft(s, a.player, card, True, "pick", log)
            s.prize_order = s.prize_order[1:]
        else:
            s.players[a.player].choice = (a.slot,)
            if all(p.choice is not None for p in s.players):
                secret_draft(s, log)
        s.log = tuple(log)
        return after_prize_step(s)

    def undo_barrier(self, before, action, after):
        """A secret pick or plan may be taken back until both are shown; a prize taken in turn
        may be taken back until new cards are dealt. Anything that moved the fight on may not."""
        if after.rng != before.rng:
            return _("the cards were shuffled")
        if changed(before, after) <= {"players", "prizes", "prize_order", "log"}:
            return ""
        if after.round != before.round:
            return _("the next round was dealt")
        if isinstance(action, PickCharacter):
            return _("the characters were revealed")
        if isinstance(action, Plan):
            return _("the plans were revealed")
        if isinstance(action, TakePrize):
            return _("the prizes were revealed")
        return _("the fight moved on")

    # -- looking -----------------------------------------------------------
    def view_for(self, state, viewer):
        v = state.clone()
        v.viewer = viewer
        v.rng = None
        v.main = (HIDDEN,) * len(state.main)
        for i, p in enumerate(v.players):
            mine = i == viewer
            p.unseen = tuple(sorted(p.deck if mine else p.deck + p.hand))
            p.deck = (HIDDEN,) * len(p.deck)
            if not mine:
                p.hand = (HIDDEN,) * len(p.hand)
                p.dealt = (HIDDEN,) * len(p.dealt)
                if p.choice is not None:
                    p.choice = ()  # committed, but secret
                if p.slots:
                    p.slots = tuple(c if k < v.event else HIDDEN for k, c in enumerate(p.slots))
        return v

    def invariants(self, state):
        bad = []
        seen: dict[int, str] = {}

        def put(cards, zone):
            for c in cards:
                if c == HIDDEN:
                    continue
                if c in seen:
                    bad.append(f"card {c} is both in {seen[c]} and {zone}")
                seen[c] = zone

        for i, p in enumerate(state.players):
            for zone in ("deck", "hand", "discard", "slots", "upgrades", "judges"):
                put(getattr(p, zone), f"player {i} {zone}")
            for zone in ("deck", "hand", "discard", "slots"):
                if any(CARDS[c].move is None for c in getattr(p, zone)):
                    bad.append(f"player {i} has a non-action card in their {zone}")
            for c in p.deck + p.hand + p.discard + p.slots:
                if CARDS[c].starter and c not in starter_ids(i):
                    bad.append(f"player {i} holds the other player's starter card {c}")
            if any(not CARDS[c].upgrade for c in p.upgrades) or len({CARDS[c].upgrade for c in p.upgrades}) != len(
                p.upgrades
            ):
                bad.append(f"player {i} has a wrong set of upgrades")
            if any(not CARDS[c].judge for c in p.judges):
                bad.append(f"player {i} holds a non-judge as a judge")
            if not 0 <= p.momentum <= state.options["max_momentum"]:
                bad.append(f"player {i} momentum {p.momentum} is outside 0..{state.options['max_momentum']}")
            if any(x not in (8, 9, 10) for x in p.scores):
                bad.append(f"player {i} has a round score other than 8, 9 or 10")
            if len(p.hand) > state.options["hand_size"]:
                bad.append(f"player {i} has too many cards in hand")
        put(state.main, "the main deck")
        put(state.prizes, "the prize row")
        put(state.exile, "the exile")
        if len(seen) != len(CARDS):
            missing = sorted(set(range(len(CARDS))) - set(seen))
            bad.append(f"cards missing: {missing[:10]}")
        if state.phase not in PHASES:
            bad.append(f"unknown phase {state.phase!r}")
        if len(state.players[0].scores) != len(state.players[1].scores):
            bad.append("the score sheet has rounds scored for one player only")
        return bad

    def round_of(self, state) -> tuple:
        return (state.round,)  # a round begins when it changes

    def summary(self, state):
        return {
            "phase": state.phase,
            "round": state.round,
            "characters": [CHARACTERS[p.character].name if p.character >= 0 else None for p in state.players],
            "stances": [p.stance for p in state.players],
            "momentum": [p.momentum for p in state.players],
            "scores": [list(p.scores) for p in state.players],
            "totals": [sum(p.scores) for p in state.players],
            "knockdowns": [p.knockdowns for p in state.players],
            "judges": [len(p.judges) for p in state.players],
            "upgrades": [[CARDS[c].name for c in p.upgrades] for p in state.players],
            "prizes": [CARDS[c].name if c != HIDDEN else None for c in state.prizes],
            "main_deck": len(state.main),
            "result": None if state.result is None else {"winner": state.result.winner, "reason": state.result.reason},
            "piles": [
                {zone: [_card_name(c) for c in getattr(p, zone)] for zone in ("deck", "hand", "discard", "slots")}
                for p in state.players
            ],
            "exile": [_card_name(c) for c in state.exile],
            "flags": {
                "event": state.event,
                "points": list(state.points),
                "carry": list(state.carry),
                "round_knockdowns": list(state.round_kd),
                "pending_stance": None if state.pending is None else list(state.pending),
                "prize_order": list(state.prize_order),
                "secret_prize": state.secret_prize,
                "committed": [p.choice is not None for p in state.players],
            },
        }

    def events(self, state, names) -> list[dict]:
        return [{"n": i, "kind": e.get("type", ""), "text": explain_event(e, names)} for i, e in enumerate(state.log)]

    def report(self, state, events: list[dict]):
        from .report import report

        return report(state, events)


def _card_name(c) -> str | None:
    return None if c == HIDDEN else CARDS[c].name


# -- helpers for the table and the bots ----------------------------------------


def plan_orders(hand):
    """Every ordered choice of 3 hand cards, in a stable order."""
    return list(permutations(hand, min(SLOTS, len(hand))))


def bid_splits(momentum: int):
    """Every way to bid at most ``momentum`` tokens on the 3 slots, in a stable order."""
    return [
        (a, b, c) for a in range(momentum + 1) for b in range(momentum + 1 - a) for c in range(momentum + 1 - a - b)
    ]


def plan_problem(state, player, cards, bids) -> str | None:
    """Why a plan is not allowed (a sentence), or None if it is fine."""
    me = state.players[player]
    need = min(SLOTS, len(me.hand))
    if len(cards) != need:
        return _("Put exactly {n} cards in your action slots.").format(n=need)
    if len(set(cards)) != len(cards):
        return _("Each card can go in only one slot.")
    if any(c not in me.hand for c in cards):
        return _("That card is not in your hand.")
    if len(bids) != SLOTS:
        return _("Give a bid (0 or more momentum) for each of the 3 slots.")
    if any(b < 0 for b in bids):
        return _("A bid cannot be negative.")
    if sum(bids) > me.momentum:
        return _("You bid {n} momentum but have only {m}.").format(n=sum(bids), m=me.momentum)
    return None


def _not_your_turn(state, player):
    if state.phase in ("pick", "plan", "prize") and state.players[player].choice is not None:
        return _("You have already made your choice; waiting for your opponent.")
    if state.phase == "reveal":
        return _("Your opponent is choosing a stance.")
    if state.phase == "prize":
        return _("It is your opponent's pick.")
    return _("It is not your turn.")


# how a match ended, by the reason's code kept in the state
_REASONS = {
    "KO": N_("KO"),
    "double KO": N_("double KO"),
    "judges": N_("judges"),
    "double judges": N_("double judges"),
    "points": N_("points"),
}

RULES = BoxingRules()
