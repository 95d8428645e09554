"""Stabby Jack rules: actions, setup and the reducer (pure Python).

Every choice is an explicit action of the active player; drawing, combat and
everything without a choice happen inside ``apply``. See resolve.py for the
mechanics and help.md for the rules in players' words.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import ClassVar

from tabletop.core.actions import Action
from tabletop.core.game import Option, Outcome, Refused, Rules, name_seats
from tabletop.core.i18n import N_, words
from tabletop.core.rng import Rng

from . import resolve
from .content import CONTENT, Card, decks_for, full_deck, parse_card
from .said import spoken
from .state import (
    ACE,
    CHOICE_PHASES,
    DECLARE,
    JACK,
    OVER,
    PHASES,
    PLACE,
    TRAIN,
    Player,
    State,
    hp,
    max_hp,
    totals,
    xp_value,
)

_, ngettext = words(__name__)

# -- actions -----------------------------------------------------------------


@dataclass(frozen=True)
class LevelUp(Action):
    """Spend XP cards (indices into the XP row) worth at least 5; only while declaring."""

    kind: ClassVar[str] = "level_up"
    player: int
    xp: tuple[int, ...]


@dataclass(frozen=True)
class Declare(Action):
    """Choose the turn's action: "train", "fight" or "rest"."""

    kind: ClassVar[str] = "declare"
    player: int
    choice: str


@dataclass(frozen=True)
class Replace(Action):
    """Put the drawn card in place of stat card ``stat`` (training, or a level-up at 8 stats)."""

    kind: ClassVar[str] = "replace"
    player: int
    stat: int


@dataclass(frozen=True)
class Decline(Action):
    """At 8 stats, let a level-up card go to the discard pile."""

    kind: ClassVar[str] = "decline"
    player: int


@dataclass(frozen=True)
class Shield(Action):
    """Give up the Monarch at XP index ``xp`` to stop Stabby Jack."""

    kind: ClassVar[str] = "shield"
    player: int
    xp: int


@dataclass(frozen=True)
class TakeHit(Action):
    """Let Stabby Jack deal his damage and keep the Monarchs."""

    kind: ClassVar[str] = "take_hit"
    player: int


@dataclass(frozen=True)
class Swap(Action):
    """Ace: swap own stat ``stat`` with stat ``other_stat`` of seat ``other`` (same suit or value)."""

    kind: ClassVar[str] = "swap"
    player: int
    stat: int
    other: int
    other_stat: int


CHOICES = ("train", "fight", "rest")


@lru_cache(maxsize=4096)
def _act(cls, *args):
    """One shared instance per distinct action (they are immutable values),
    so legal_actions does not build the same objects again every turn.
    Bounded, so a long session cannot grow it without end."""
    return cls(*args)


@cache
def _declares(player: int) -> tuple:
    return tuple(Declare(player, c) for c in CHOICES)


@cache
def _replaces(player: int, stats: int) -> tuple:
    return tuple(Replace(player, i) for i in range(stats))


# Minimal ways to pay for a level-up as (monsters, monarchs), for legal_actions.
_PAYMENTS = ((5, 0), (3, 1), (1, 2), (0, 3))


class StabbyJackRules(Rules):
    id = "stabby-jack"
    phases = PHASES
    actions = (LevelUp, Declare, Replace, Decline, Shield, TakeHit, Swap)
    state_types = (State, Player, Card)
    # the fields holding a seat number or None, at any depth (a joiner checks a host's views by them)
    seat_fields = ("turn", "winner")
    options = (
        Option(
            "jokers",
            N_("Jokers"),
            ((False, N_("Off")), (True, N_("On"))),
            False,
            N_("With Jokers on, each deck has two Jokers: a Joker drawn is a free level-up."),
        ),
        Option(
            "round_limit",
            N_("Round limit"),
            ((50, N_("50 rounds")), (100, N_("100 rounds")), (200, N_("200 rounds"))),
            100,
            N_("A game could last for ever: after this many rounds it ends, and the closest to winning wins."),
        ),
    )

    # -- setup -----------------------------------------------------------
    def new_state(self, options, seed, players, setup=None):
        options = self.check_options(options)
        if not (2 <= players <= 6):
            raise ValueError(f"Stabby Jack is for 2 to 6 players, not {players}")
        rng = Rng(seed)
        deck = full_deck(players, options["jokers"])
        s = State(players=(), draw=(), discard=(), rng=rng, options=dict(options), decks=decks_for(players))
        if setup is not None:
            return _from_setup(s, deck, players, setup)
        rng.shuffle(deck)
        s.draw = tuple(deck)
        s.players = tuple(Player((), (), 0, 0) for _ in range(players))
        for _ in range(CONTENT.starting_stats):  # dealt one at a time, specials discarded
            for seat in range(players):
                card = resolve.draw_numbered(s)
                s.set_player(seat, stats=s.players[seat].stats + (card,))
        s.log = ()
        s.say(N_("The cards are dealt; {who} begins."), who="{0}")
        return s

    # -- play ------------------------------------------------------------
    def to_act(self, state):
        return () if state.phase == OVER else (state.turn,)

    def legal_actions(self, state, player):
        if state.phase == OVER or player != state.turn:
            return []
        p = state.players[player]
        if state.phase == DECLARE:
            out = list(_declares(player))
            if resolve.can_level_up(state, player):
                monsters = [i for i, c in enumerate(p.xp) if not c.monarch]
                monarchs = [i for i, c in enumerate(p.xp) if c.monarch]
                for m, q in _PAYMENTS:
                    if m <= len(monsters) and q <= len(monarchs):
                        out.append(_act(LevelUp, player, tuple(sorted(monsters[:m] + monarchs[:q]))))
            return out
        if state.phase == TRAIN:
            return list(_replaces(player, len(p.stats)))
        if state.phase == PLACE:
            return list(_replaces(player, len(p.stats))) + [_act(Decline, player)]
        if state.phase == JACK:
            return [_act(Shield, player, i) for i, c in enumerate(p.xp) if c.monarch] + [_act(TakeHit, player)]
        if state.phase == ACE:
            return [_act(Swap, player, i, o, j) for i, o, j in resolve.ace_pairs(state, player)]
        return []

    def apply(self, state, action):
        why = self._refusal(state, action)
        if why:
            return Refused(why)
        s = state.clone()
        s.turned = ()
        seat = action.player
        if isinstance(action, LevelUp):
            resolve.spend_xp(s, seat, action.xp)
        elif isinstance(action, Declare):
            resolve.declare(s, seat, action.choice)
        elif isinstance(action, Replace):
            if s.phase == TRAIN:
                resolve.train(s, seat, action.stat)
            else:
                resolve.place(s, seat, action.stat)
        elif isinstance(action, Decline):
            resolve.place(s, seat, None)
        elif isinstance(action, Shield):
            resolve.jack_choice(s, seat, action.xp)
        elif isinstance(action, TakeHit):
            resolve.jack_choice(s, seat, None)
        else:
            resolve.swap(s, seat, action.stat, action.other, action.other_stat)
        if s.phase == resolve.END:
            resolve.end_turn(s)
        return s

    def _refusal(self, s: State, a) -> str:
        if s.phase == OVER:
            return _("The game is over.")
        if not isinstance(a, self.actions):
            return _("That is not a Stabby Jack action.")
        if a.player != s.turn:
            return _("It is not your turn.")
        p = s.players[a.player]
        phase = s.phase
        if isinstance(a, (LevelUp, Declare)):
            if phase != DECLARE:
                return _("Finish resolving the drawn card first.")
            if isinstance(a, Declare):
                return "" if a.choice in CHOICES else _("Declare train, fight or rest.")
            if len(set(a.xp)) != len(a.xp) or not all(0 <= i < len(p.xp) for i in a.xp):
                return _("Choose XP cards from your own XP row, each once.")
            if xp_value(p.xp[i] for i in a.xp) < CONTENT.level_cost:
                return _("A level-up costs at least {n} XP.").format(n=CONTENT.level_cost)
            if resolve.numbered_left(s) <= 0:
                return _("There is no numbered card left to draw for a level-up.")
            return ""
        if isinstance(a, Replace):
            if phase not in (TRAIN, PLACE):
                return _("There is no drawn card to place.")
            return "" if 0 <= a.stat < len(p.stats) else _("Choose one of your own stat cards.")
        if isinstance(a, Decline):
            if phase == TRAIN:
                return _("In training the drawn card must replace one of your stat cards.")
            return "" if phase == PLACE else _("There is no level-up card to decline.")
        if isinstance(a, (Shield, TakeHit)):
            if phase != JACK:
                return _("Stabby Jack is not here.")
            if isinstance(a, Shield) and not (0 <= a.xp < len(p.xp) and p.xp[a.xp].monarch):
                return _("Only a Queen or King from your XP row can shield you.")
            return ""
        if phase != ACE:
            return _("Swapping needs an Ace.")
        if a.other == a.player or not (0 <= a.other < len(s.players)):
            return _("Swap with another player.")
        theirs = s.players[a.other].stats
        if not (0 <= a.stat < len(p.stats) and 0 <= a.other_stat < len(theirs)):
            return _("Choose one of your stat cards and one of theirs.")
        mine, other = p.stats[a.stat], theirs[a.other_stat]
        if mine.suit != other.suit and mine.rank != other.rank:
            return _("The two cards must have the same suit or the same value.")
        return ""

    def outcome(self, state):
        if state.phase != OVER:
            return None
        return Outcome(state.winner, spoken(state.result))  # in the language of now, the seats "{0}".. left

    def undo_barrier(self, before, action, after):
        """Everything but the draw pile is face up: a move may be taken back unless it drew."""
        if after.rng != before.rng:
            return _("the cards were shuffled")
        if len(after.draw) < len(before.draw) or after.turned:
            return _("a card was drawn")
        return ""

    # -- looking ---------------------------------------------------------
    def view_for(self, state, viewer):
        """Everything is face up except the draw pile order (and the Rng that makes it)."""
        v = state.clone()
        v.hidden_draw = state.draw_count
        v.draw = ()
        v.rng = None
        return v

    def invariants(self, state):
        out: list[str] = []
        if state.is_view:
            return out
        n = len(state.players)
        held = list(state.draw) + list(state.discard) + ([state.drawn] if state.drawn else [])
        for seat, p in enumerate(state.players):
            held += p.stats
            held += p.xp
            if len(p.stats) > CONTENT.max_stats:
                out.append(f"seat {seat} has {len(p.stats)} stats, more than {CONTENT.max_stats}")
            if any(not c.numbered for c in p.stats):
                out.append(f"seat {seat} has a special card in the stats row")
            if any(not (c.numbered or (c.monarch and c.suit in "SD")) for c in p.xp):
                out.append(f"seat {seat} has a card in the XP row that cannot be won in combat")
            if p.damage < 0 or hp(p) <= 0:
                out.append(f"seat {seat} has {p.damage} damage with {max_hp(p.stats)} max HP and is not reborn")
        if Counter(held) != Counter(full_deck(n, state.options["jokers"])):
            out.append("cards were created or lost")
        if (state.phase in CHOICE_PHASES) != (state.drawn is not None):
            out.append(f"phase {state.phase} does not match drawn card {state.drawn}")
        if state.phase not in CHOICE_PHASES + (DECLARE, OVER):
            out.append(f"unknown phase {state.phase!r}")
        if not (0 <= state.turn < n):
            out.append(f"turn {state.turn} is not a seat")
        return out

    def round_of(self, state) -> tuple:
        return (state.turns,)  # a turn begins when it changes

    def summary(self, state):
        return {
            "turn": state.turn,
            "turns_played": state.turns,
            "phase": state.phase,
            "drawn": state.drawn.code() if state.drawn else None,
            "draw_pile": state.draw_count,
            "discard_pile": len(state.discard),
            "players": [
                dict(totals(p), stats_row=[c.code() for c in p.stats], xp_row=[c.code() for c in p.xp], deaths=p.deaths)
                for p in state.players
            ],
            "winner": state.winner,
            "result": spoken(state.result),
            "draw": [c.code() for c in state.draw],
            "discard": [c.code() for c in state.discard],
            "turned": [c.code() for c in state.turned],
            "flags": {"declared": state.declared, "after": state.after},
        }

    def events(self, state, names) -> list[dict]:
        first = state.logged - len(state.log)
        # "said": the sentence as kept, language-free (report tells the sentences apart by it)
        return [
            {"n": first + i, "kind": "log", "text": name_seats(spoken(t), names), "said": t}
            for i, t in enumerate(state.log)
        ]

    def report(self, state, events: list[dict]):
        from .report import report

        return report(state, events)


def _cards(value, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise ValueError(f"setup {where} must be a list of cards")
    return [parse_card(c) for c in value]


def _from_setup(s: State, deck: list[Card], n: int, setup: dict) -> State:
    """A hand-set position (see docs/records.md, "Stabby Jack")."""
    known = {"stats", "xp", "damage", "discard", "draw", "first"}
    extra = set(setup) - known
    if extra:
        raise ValueError(f"setup: unknown key(s) {', '.join(sorted(map(str, extra)))}")
    stats = setup.get("stats")
    if not isinstance(stats, list) or len(stats) != n:
        raise ValueError(f"setup stats must list the stats row of each of the {n} players")
    xp = setup.get("xp", [[] for _ in range(n)])
    damage = setup.get("damage", [0] * n)
    if not isinstance(xp, list) or len(xp) != n:
        raise ValueError(f"setup xp must list the XP row of each of the {n} players")
    if not isinstance(damage, list) or len(damage) != n or not all(type(d) is int and d >= 0 for d in damage):
        raise ValueError(f"setup damage must list {n} whole numbers, 0 or more")
    first = setup.get("first", 0)
    if type(first) is not int or not (0 <= first < n):
        raise ValueError(f"setup first must be a seat from 0 to {n - 1}")
    players = []
    used: list[Card] = []
    for seat in range(n):
        row = _cards(stats[seat], f"stats of seat {seat}")
        bag = _cards(xp[seat], f"xp of seat {seat}")
        if not row or len(row) > CONTENT.max_stats or any(not c.numbered for c in row):
            raise ValueError(f"setup stats of seat {seat}: 1 to {CONTENT.max_stats} numbered cards (2 to 10)")
        if any(not (c.numbered or (c.monarch and c.suit in "SD")) for c in bag):
            raise ValueError(f"setup xp of seat {seat}: only numbered cards and Diamond/Spade Queens and Kings")
        p = Player(tuple(row), tuple(bag), damage[seat], 0)
        if hp(p) <= 0:
            raise ValueError(f"setup damage of seat {seat} leaves no HP")
        players.append(p)
        used += row + bag
    discard = _cards(setup.get("discard", []), "discard")
    top = _cards(setup.get("draw", []), "draw")
    pool = Counter(deck)
    pool.subtract(used + discard + top)
    short = [c.code() for c, k in pool.items() if k < 0]
    if short:
        raise ValueError(f"setup uses more copies than the {s.decks} deck(s) hold of: {', '.join(sorted(short))}")
    rest = sorted(pool.elements())
    assert s.rng is not None
    s.rng.shuffle(rest)
    s.players = tuple(players)
    s.discard = tuple(discard)
    s.draw = tuple(rest) + tuple(reversed(top))  # setup lists the draw pile top first
    s.turn = first
    s.say(N_("A set position; {who} begins."), who=f"{{{first}}}")
    return s


RULES = StabbyJackRules()


def ended_by_limit(state) -> bool:
    """True when the round limit's tiebreak decided the game rather than the win conditions."""
    if state.phase != OVER:
        return False
    return state.winner is None or not all(resolve.conditions(state, state.winner))
