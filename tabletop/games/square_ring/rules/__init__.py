"""The Square Ring: rules as a pure reducer (rulings R-SQR-1..8).

Flow of an exchange (phase names as in ``State.phase``):

* ``declare``: players who may React (a token left, not dazed) say in
  secret whether they React (R-SQR-4). Skipped when nobody may.
* ``choose``: players lay 2 cards in order (3 with a Burst). When someone
  reacts, only the other player chooses here ...
* ``react``: ... and then the reactor, who sees the other's first card.
* the cards are resolved one action at a time (resolve.py); after an action
  in which someone made a favoured step, ``footwork`` asks them for an
  optional 45-degree turn; after the last action, ``stick`` asks players
  whose Stick-and-Move attack landed for their optional step.
* ``over``: the bout has ended.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, fields, replace
from typing import ClassVar

from tabletop.core.actions import Action
from tabletop.core.game import Option, Outcome, Refused, Rules
from tabletop.core.i18n import N_, words
from tabletop.core.rng import Rng
from tabletop.core.undo import changed

from . import board
from .content import BOXERS, RING
from .resolve import STEP_CARDS, resolve_action, resolve_moves
from .text import Said, action_sentences, said, sentence, stick_sentences, word

_, ngettext = words(__name__)

HIDDEN = "hidden"
PHASES = ("declare", "choose", "react", "footwork", "stick", "resolve", "over")  # every value of State.phase


@dataclass(frozen=True)
class Declare(Action):
    kind: ClassVar[str] = "declare"
    player: int
    react: bool


@dataclass(frozen=True)
class Commit(Action):
    kind: ClassVar[str] = "commit"
    player: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Footwork(Action):
    kind: ClassVar[str] = "footwork"
    player: int
    turn: int  # -1 left 45, 0 stay, 1 right 45


@dataclass(frozen=True)
class Stick(Action):
    kind: ClassVar[str] = "stick"
    player: int
    step: str | None  # a step name from the attack's list, or None to stay


@dataclass(frozen=True)
class State:
    boxers: tuple[str, str]
    rounds: int
    exchanges: int
    rng: Rng | None
    round: int = 1
    exchange: int = 1
    phase: str = "declare"
    pos: tuple[int, int] = (0, 0)
    facing: tuple[int, int] = (0, 0)
    hp: tuple[int, int] = (0, 0)
    round_damage: tuple[int, int] = (0, 0)  # damage dealt this round
    round_wins: tuple[int, int] = (0, 0)
    round_results: tuple = ()  # winner seat or None per finished round
    bursts: tuple[int, int] = (0, 0)
    reacts: tuple[int, int] = (0, 0)
    cooldown: tuple = ((), ())  # card ids that may not be chosen now
    dazed: tuple[bool, bool] = (False, False)  # dazed in this exchange
    declares: tuple = (None, None)  # None, True/False (HIDDEN in views)
    reactor: int | None = None
    peek: str | None = None  # the card the reactor saw
    commits: tuple = (None, None)  # None or card ids in resolution order
    action_index: int = 0  # next action of the exchange to resolve
    entitled: tuple = (None, None)  # footwork: True; stick: step indexes
    picks: tuple = (None, None)  # footwork / stick choices so far
    next_daze: tuple[bool, bool] = (False, False)
    next_cooldown: tuple = ((), ())
    earned: tuple = ((), ())  # Stick-and-Move steps earned this exchange
    log: tuple = ()
    result: Outcome | None = None


def _set(d, key, seat, value):
    pair = list(d[key])
    pair[seat] = value
    d[key] = tuple(pair)


def _other(seat):
    return 1 - seat


def may_react(state: State, seat: int) -> bool:
    return state.reacts[seat] > 0 and not state.dazed[seat]


def hand(state: State, seat: int):
    """The cards ``seat`` may choose from now (cooldowns removed), in hand order."""
    cool = state.cooldown[seat]
    return [c for c in BOXERS[state.boxers[seat]].cards if c.id not in cool]


def max_cards(state: State, seat: int) -> int:
    if state.bursts[seat] > 0 and not state.dazed[seat] and state.reactor is None:
        return 3
    return 2


def boxer_label(boxer) -> str:
    """How a boxer is named on the setup screen, with what they start with: HP, ⚡ Bursts, ◉ Reacts
    (in English: the setup screen translates it, each label being a text of data_words)."""
    return f"{boxer.name} · {boxer.style.lower()} · {boxer.hp} HP ⚡{boxer.bursts} ◉{boxer.reacts}"


BOXER_CHOICES = tuple((b.id, boxer_label(b)) for b in BOXERS.values())
CORNERS = (N_("Red"), N_("Blue"))


def boxer_said(boxers, seat: int) -> str | Said:
    """A boxer as the log names them (language-free, see text.py); in a mirror bout with their corner."""
    name = BOXERS[boxers[seat]].name
    return said(N_("{corner} {name}"), corner=CORNERS[seat], name=name) if boxers[0] == boxers[1] else name


def boxer_name(boxers, seat: int) -> str:
    """A boxer as the log and the table name them; in a mirror bout with their corner ("Red Inga")."""
    return word(boxer_said(boxers, seat))


class SquareRingRules(Rules):
    id = "square-ring"
    phases = PHASES
    actions = (Declare, Commit, Footwork, Stick)
    state_types = (State,)
    # the fields holding a seat number or None, at any depth (a joiner checks a host's views by them)
    seat_fields = ("reactor", "seat", "winner")
    options = (
        Option(
            "boxer0",
            N_("Red's boxer"),
            BOXER_CHOICES,
            "inga",
            N_("The first player's boxer: starting HP, ⚡ Bursts and ◉ Reacts."),
            main=True,
        ),
        Option(
            "boxer1",
            N_("Blue's boxer"),
            BOXER_CHOICES,
            "inga",  # the same boxer as Red's: a fair first bout, whoever the computer is
            N_("The second player's boxer: starting HP, ⚡ Bursts and ◉ Reacts."),
            main=True,
        ),
        Option("rounds", N_("Rounds"), ((1, "1"), (3, "3"), (5, "5")), 3, N_("Rounds in a bout.")),
        Option("exchanges", N_("Exchanges per round"), ((4, "4"), (6, "6"), (8, "8")), 6, N_("Exchanges in a round.")),
    )

    # -- setup ---------------------------------------------------------
    def new_state(self, options, seed, players, setup=None):
        opts = self.check_options(options)
        if players != 2:
            raise ValueError("The Square Ring is for exactly 2 players.")
        ids = (opts["boxer0"], opts["boxer1"])
        b = (BOXERS[ids[0]], BOXERS[ids[1]])
        start = RING["start"]
        state = State(
            boxers=ids,
            rounds=opts["rounds"],
            exchanges=opts["exchanges"],
            rng=Rng(seed),
            pos=(start[0][0], start[1][0]),
            facing=(start[0][1], start[1][1]),
            hp=(b[0].hp, b[1].hp),
            bursts=(b[0].bursts, b[1].bursts),
            reacts=(b[0].reacts, b[1].reacts),
        )
        if setup is not None:
            state = self._apply_setup(state, setup)
        return self._open_exchange(state)

    def _apply_setup(self, state: State, setup: dict) -> State:
        if not isinstance(setup, dict):
            raise ValueError("setup must be an object")
        known = {"pos", "facing", "hp", "bursts", "reacts", "round", "exchange", "round_wins"}
        extra = set(setup) - known
        if extra:
            raise ValueError(f"setup: unknown key(s) {', '.join(sorted(extra))} (known: {', '.join(sorted(known))})")
        d = {f.name: getattr(state, f.name) for f in fields(state)}

        def pair(key, conv):
            v = setup[key]
            if not isinstance(v, list) or len(v) != 2:
                raise ValueError(f"setup.{key} must be a list of two values, one per seat")
            try:
                return tuple(conv(x, i) for i, x in enumerate(v))
            except ValueError as e:
                raise ValueError(f"setup.{key}: {e}") from None

        def count(limit_of):
            def conv(x, i):
                lim = limit_of(i)
                if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= lim:
                    raise ValueError(f"{x!r} must be a whole number from 0 to {lim}")
                return x

            return conv

        bx = [BOXERS[s] for s in state.boxers]
        if "pos" in setup:
            d["pos"] = pair("pos", lambda x, i: board.parse_square(x))
            if d["pos"][0] == d["pos"][1]:
                raise ValueError("setup.pos: the boxers cannot share a square")
        if "facing" in setup:
            d["facing"] = pair("facing", lambda x, i: board.parse_facing(x))
        if "hp" in setup:
            d["hp"] = pair("hp", count(lambda i: bx[i].hp))
            if 0 in d["hp"]:
                raise ValueError("setup.hp: a boxer must start with some HP")
        if "bursts" in setup:
            d["bursts"] = pair("bursts", count(lambda i: bx[i].bursts))
        if "reacts" in setup:
            d["reacts"] = pair("reacts", count(lambda i: bx[i].reacts))
        if "round_wins" in setup:
            d["round_wins"] = pair("round_wins", count(lambda i: state.rounds))
        for key, lim in (("round", state.rounds), ("exchange", state.exchanges)):
            if key in setup:
                v = setup[key]
                if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= lim:
                    raise ValueError(f"setup.{key} must be a whole number from 1 to {lim}")
                d[key] = v
        if sum(d["round_wins"]) > d["round"] - 1:
            raise ValueError("setup.round_wins: more round wins than finished rounds")
        d["round_results"] = tuple(
            [0] * d["round_wins"][0] + [1] * d["round_wins"][1] + [None] * (d["round"] - 1 - sum(d["round_wins"]))
        )
        return State(**d)

    # -- flow ----------------------------------------------------------
    def _open_exchange(self, state: State) -> State:
        """Start an exchange: declare phase if anyone may React, else choose."""
        can = [may_react(state, s) for s in (0, 1)]
        return replace(
            state,
            phase="declare" if any(can) else "choose",
            declares=tuple(None if c else False for c in can),
            reactor=None,
            peek=None,
            commits=(None, None),
            action_index=0,
            entitled=(None, None),
            picks=(None, None),
            earned=((), ()),
        )

    def to_act(self, state: State):
        if state.result is not None:
            return ()
        if state.phase == "declare":
            return tuple(s for s in (0, 1) if state.declares[s] is None)
        if state.phase == "choose":
            if state.reactor is not None:
                other = _other(state.reactor)
                return (other,) if state.commits[other] is None else ()
            return tuple(s for s in (0, 1) if state.commits[s] is None)
        if state.phase == "react":
            return (state.reactor,)
        if state.phase in ("footwork", "stick"):
            return tuple(s for s in (0, 1) if state.entitled[s] is not None and state.picks[s] is None)
        return ()

    def legal_actions(self, state: State, player: int):
        if player not in self.to_act(state):
            return []
        if state.phase == "declare":
            return [Declare(player, False), Declare(player, True)]
        if state.phase in ("choose", "react"):
            ids = [c.id for c in hand(state, player)]
            out = [Commit(player, p) for p in itertools.permutations(ids, 2)]
            if max_cards(state, player) == 3:
                out += [Commit(player, p) for p in itertools.permutations(ids, 3)]
            return out
        if state.phase == "footwork":
            return [Footwork(player, t) for t in (0, -1, 1)]
        if state.phase == "stick":
            return [Stick(player, None)] + [Stick(player, board.STEPS[s]) for s in state.entitled[player]]
        return []

    def apply(self, state: State, action: Action):
        if state.result is not None:
            return Refused(_("The bout is over."))
        player = getattr(action, "player", None)
        if player not in (0, 1):
            return Refused(_("There is no such player."))
        if player not in self.to_act(state):
            return Refused(_("It is not your turn to choose."))
        d = {f.name: getattr(state, f.name) for f in fields(state)}
        if isinstance(action, Declare):
            if state.phase != "declare":
                return Refused(_("It is not the time to declare a React."))
            _set(d, "declares", player, bool(action.react))
            if any(x is None for x in d["declares"]):
                return State(**d)
            return self._settle_declares(d)
        if isinstance(action, Commit):
            if state.phase not in ("choose", "react"):
                return Refused(_("It is not the time to choose cards."))
            why = self._check_commit(state, player, action.cards)
            if why:
                return Refused(why)
            cards = tuple(action.cards)
            if state.dazed[player]:
                order = list(cards)
                rng = d["rng"].copy()
                rng.shuffle(order)
                d["rng"] = rng
                cards = tuple(order)
            _set(d, "commits", player, cards)
            if state.reactor is not None and player != state.reactor:
                d["phase"] = "react"
                d["peek"] = cards[0]
                return State(**d)
            if any(c is None for c in d["commits"]):
                return State(**d)
            return self._resolve(d)
        if isinstance(action, Footwork):
            if state.phase != "footwork":
                return Refused(_("There is no footwork turn to make now."))
            if action.turn not in (-1, 0, 1):
                return Refused(_("A footwork turn is 45 degrees left, right, or none."))
            _set(d, "picks", player, action.turn)
            if self.to_act(State(**d)):
                return State(**d)
            return self._finish_footwork(d)
        if isinstance(action, Stick):
            if state.phase != "stick":
                return Refused(_("There is no Stick-and-Move step to make now."))
            if action.step is not None:
                if action.step not in board.STEP_INDEX:
                    return Refused(_("That is not a step."))
                if board.STEP_INDEX[action.step] not in state.entitled[player]:
                    return Refused(_("That step is not listed on your Stick-and-Move attack."))
            _set(d, "picks", player, action.step or "")  # "" = stays put
            if self.to_act(State(**d)):
                return State(**d)
            return self._finish_stick(d)
        return Refused(_("The Square Ring has no such action."))

    def _check_commit(self, state: State, player: int, cards) -> str:
        n = len(cards)
        limit = max_cards(state, player)
        if n not in (2, 3):
            return _("Choose 2 cards (or 3 with a Burst).")
        if n == 3 and limit < 3:
            if state.bursts[player] == 0:
                return _("You have no Burst left.")
            if state.dazed[player]:
                return _("A dazed boxer cannot Burst.")
            return _("No Burst in an exchange with a React.")
        if len(set(cards)) != n:
            return _("Each card can be used only once in an exchange.")
        own = BOXERS[state.boxers[player]].by_id
        for cid in cards:
            if cid not in own:
                return _("That card is not in your hand.")
            if cid in state.cooldown[player]:
                return _("{card} is cooling down this exchange.").format(card=_(own[cid].name))
        return ""

    def _settle_declares(self, d) -> State:
        yes = [s for s in (0, 1) if d["declares"][s]]
        reactor = None
        if len(yes) == 1:
            reactor = yes[0]
        elif len(yes) == 2 and d["hp"][0] != d["hp"][1]:
            reactor = 0 if d["hp"][0] < d["hp"][1] else 1
        log = list(d["log"])
        if reactor is not None:
            _set(d, "reacts", reactor, d["reacts"][reactor] - 1)
            log.append(
                self._entry(
                    d,
                    "react",
                    said(N_("{name} reacts and will see the first card."), name=self._said(d, reactor)),
                    seat=reactor,
                )
            )
        elif len(yes) == 2:
            log.append(self._entry(d, "react", said(N_("Both called React with equal HP: nobody reacts."))))
        d["log"] = tuple(log)
        d["reactor"] = reactor
        d["phase"] = "choose"
        return State(**d)

    def _said(self, d, seat):
        return boxer_said(d["boxers"], seat)

    def _entry(self, d, kind, what: Said, **extra):
        e = {"round": d["round"], "exchange": d["exchange"], "kind": kind, **what}
        e.update(extra)
        return e

    def _resolve(self, d) -> State:
        """Both have committed: log the dazed shuffles (R-SQR-7), spend Bursts, run the actions."""
        log = list(d["log"])
        for s in (0, 1):
            if d["dazed"][s]:
                name = self._said(d, s)
                log.append(
                    self._entry(
                        d,
                        "shuffle",
                        said(
                            N_(
                                "{name} is dazed, so {name}'s cards were shuffled "
                                "into a random order before the reveal."
                            ),
                            name=name,
                        ),
                        seat=s,
                    )
                )
        for s in (0, 1):
            if len(d["commits"][s]) == 3:
                _set(d, "bursts", s, d["bursts"][s] - 1)
                log.append(
                    self._entry(
                        d,
                        "burst",
                        said(N_("{name} uses a Burst: three cards this exchange."), name=self._said(d, s)),
                        seat=s,
                    )
                )
        d["log"] = tuple(log)
        cool = [list(d["next_cooldown"][s]) for s in (0, 1)]
        for s in (0, 1):
            own = BOXERS[d["boxers"][s]].by_id
            cool[s] += [cid for cid in d["commits"][s] if own[cid].cooldown]
        d["next_cooldown"] = (tuple(cool[0]), tuple(cool[1]))
        d["action_index"] = 0
        return self._run(d)

    def _run(self, d) -> State:
        """Resolve actions from d['action_index'] until a choice or the exchange's end."""
        n = max(len(d["commits"][0]), len(d["commits"][1]))
        last_exchange = d["exchange"] == d["exchanges"]
        while d["action_index"] < n:
            k = d["action_index"]
            cards = tuple(
                BOXERS[d["boxers"][s]].by_id[d["commits"][s][k]] if k < len(d["commits"][s]) else None for s in (0, 1)
            )
            before = (d["pos"], d["facing"], d["hp"])
            r = resolve_action(d["pos"], d["facing"], d["hp"], cards)
            d["pos"], d["facing"], d["hp"] = r.pos, r.facing, r.hp
            d["round_damage"] = (d["round_damage"][0] + r.damage[1], d["round_damage"][1] + r.damage[0])
            d["next_daze"] = (d["next_daze"][0] or r.dazed[0], d["next_daze"][1] or r.dazed[1])
            d["earned"] = tuple(tuple(sorted(set(d["earned"][s]) | set(r.stick[s]))) for s in (0, 1))
            names = (self._said(d, 0), self._said(d, 1))
            d["log"] = d["log"] + tuple(
                self._entry(d, kind, text, action=k + 1, **extra)
                for kind, text, extra in action_sentences(names, cards, before, r)
            )
            d["action_index"] = k + 1
            if 0 in r.hp:
                return self._end_bout(d, ko=True)
            if not (last_exchange and k + 1 == n):
                ent = [True if r.footwork[s] else None for s in (0, 1)]
                if ent[0] or ent[1]:
                    d["phase"] = "footwork"
                    d["entitled"] = tuple(ent)
                    d["picks"] = (None, None)
                    return State(**d)
        stick = d["earned"]
        if not last_exchange and (stick[0] or stick[1]):
            d["phase"] = "stick"
            d["entitled"] = tuple(s if s else None for s in stick)
            d["picks"] = (None, None)
            return State(**d)
        return self._end_exchange(d)

    def _finish_footwork(self, d) -> State:
        log = list(d["log"])
        facing = list(d["facing"])
        for s in (0, 1):
            t = d["picks"][s]
            if d["entitled"][s] and t:
                facing[s] = (facing[s] + t) % 8
                log.append(
                    self._entry(
                        d,
                        "footwork",
                        said(
                            N_("{name} turns to face {facing} after the favoured step."),
                            name=self._said(d, s),
                            facing=board.FACING_NAMES[facing[s]],
                        ),
                        seat=s,
                        facing=board.FACINGS[facing[s]],
                    )
                )
        d["facing"] = tuple(facing)
        d["log"] = tuple(log)
        d["phase"], d["entitled"], d["picks"] = "resolve", (None, None), (None, None)
        return self._run(d)

    def _finish_stick(self, d) -> State:
        cards = tuple(STEP_CARDS[board.STEP_INDEX[p]] if p else None for p in d["picks"])
        before = d["pos"]
        pos, facing, moved, nulled = resolve_moves(d["pos"], d["facing"], d["hp"], cards)
        d["pos"] = pos
        names = (self._said(d, 0), self._said(d, 1))
        d["log"] = d["log"] + tuple(
            self._entry(d, kind, text, **extra)
            for kind, text, extra in stick_sentences(names, d["picks"], before, pos, nulled)
        )
        return self._end_exchange(d)

    def _end_exchange(self, d) -> State:
        d["dazed"], d["next_daze"] = d["next_daze"], (False, False)
        d["cooldown"], d["next_cooldown"] = d["next_cooldown"], ((), ())
        if d["exchange"] >= d["exchanges"]:
            return self._end_round(d)
        d["exchange"] += 1
        return self._open_exchange(State(**d))

    def _end_round(self, d) -> State:
        dmg = d["round_damage"]
        winner = None if dmg[0] == dmg[1] else (0 if dmg[0] > dmg[1] else 1)
        wins = list(d["round_wins"])
        if winner is None:
            text = said(
                N_("Round {round} is a draw: {a} and {b} dealt {damage} damage each."),
                round=d["round"],
                a=self._said(d, 0),
                b=self._said(d, 1),
                damage=dmg[0],
            )
        else:
            wins[winner] += 1
            text = said(
                N_("{name} wins round {round} ({more} to {less} damage)."),
                name=self._said(d, winner),
                round=d["round"],
                more=max(dmg),
                less=min(dmg),
            )
        d["round_wins"] = tuple(wins)
        d["round_results"] = d["round_results"] + (winner,)
        d["log"] = d["log"] + (self._entry(d, "round", text, winner=winner, damage=list(dmg)),)
        if d["round"] >= d["rounds"]:
            return self._end_bout(d, ko=False)
        bx = [BOXERS[b] for b in d["boxers"]]
        start = RING["start"]
        hp = tuple(min(bx[s].hp, d["hp"][s] + bx[s].recovery) for s in (0, 1))
        d.update(
            round=d["round"] + 1,
            exchange=1,
            pos=(start[0][0], start[1][0]),
            facing=(start[0][1], start[1][1]),
            hp=hp,
            round_damage=(0, 0),
            cooldown=((), ()),
            dazed=(False, False),
        )
        d["log"] = d["log"] + (
            self._entry(
                d,
                "recover",
                said(
                    N_("Round {round}: the boxers return to their corners and recover ({a} {hp_a} HP, {b} {hp_b} HP)."),
                    round=d["round"],
                    a=self._said(d, 0),
                    hp_a=hp[0],
                    b=self._said(d, 1),
                    hp_b=hp[1],
                ),
            ),
        )
        return self._open_exchange(State(**d))

    def _end_bout(self, d, ko: bool) -> State:
        if ko:
            down = [s for s in (0, 1) if d["hp"][s] == 0]
            if len(down) == 2:
                winner, why = None, said(N_("Double knockout: a draw."))
            else:
                winner = _other(down[0])
                why = said(N_("{name} wins by knockout."), name=self._said(d, winner))
        else:
            w0, w1 = d["round_wins"]
            if w0 == w1:
                winner, why = None, said(N_("A draw on rounds ({a} to {b})."), a=w0, b=w1)
            else:
                winner = 0 if w0 > w1 else 1
                why = said(
                    N_("{name} wins on rounds ({more} to {less})."),
                    name=self._said(d, winner),
                    more=max(w0, w1),
                    less=min(w0, w1),
                )
        # the log keeps the sentence language-free; the outcome says it in the language of the moment
        out = Outcome(winner, sentence(why))
        d["phase"] = "over"
        d["result"] = out
        d["entitled"], d["picks"] = (None, None), (None, None)
        d["log"] = d["log"] + (self._entry(d, "bout", why, winner=out.winner),)
        return State(**d)

    def outcome(self, state: State):
        return state.result

    def undo_barrier(self, before, action, after):
        """A secret declare, commit or step may be taken back until it is shown; a move that
        set anything else in motion (a reveal, a step, a peek, a random order) may not."""
        if after.rng != before.rng:
            return _("the order of the cards was drawn at random")
        if changed(before, after) <= {"commits", "declares", "picks"}:
            return ""
        if isinstance(action, Declare):
            return _("the React choices were revealed")
        if isinstance(action, Commit):
            return _("the cards were shown")
        return _("the fight moved on")

    # -- looking -------------------------------------------------------
    def view_for(self, state: State, viewer):
        """Hide the rng, the other's unrevealed cards, declares and picks."""
        commits = list(state.commits)
        declares = list(state.declares)
        picks = list(state.picks)
        revealed = state.phase in ("footwork", "stick", "resolve", "over")
        for s in (0, 1):
            if s == viewer:
                continue
            c = commits[s]
            if c is not None:
                if not revealed:
                    commits[s] = HIDDEN
                elif state.phase != "over" and state.phase != "stick":
                    commits[s] = tuple(c[: state.action_index]) + ("?",) * (len(c) - state.action_index)
            if declares[s] is not None:
                declares[s] = HIDDEN
            if picks[s] is not None:
                picks[s] = HIDDEN
        peek = state.peek if viewer is not None and viewer == state.reactor else None
        # next exchange's cooldowns come from the commits: show the other's only for cards already revealed
        cool = tuple(
            c if s == viewer else tuple(cid for cid in c if isinstance(commits[s], tuple) and cid in commits[s])
            for s, c in enumerate(state.next_cooldown)
        )
        return replace(
            state,
            rng=None,
            commits=tuple(commits),
            declares=tuple(declares),
            picks=tuple(picks),
            peek=peek,
            next_cooldown=cool,
        )

    def invariants(self, state: State):
        bad = []
        bx = [BOXERS[b] for b in state.boxers]
        for s in (0, 1):
            if not 0 <= state.pos[s] < board.SQUARES:
                bad.append(f"seat {s} is off the ring")
            if not 0 <= state.facing[s] < 8:
                bad.append(f"seat {s} has no valid facing")
            if not 0 <= state.hp[s] <= bx[s].hp:
                bad.append(f"seat {s} has {state.hp[s]} HP, outside 0..{bx[s].hp}")
            if not 0 <= state.bursts[s] <= bx[s].bursts:
                bad.append(f"seat {s} has {state.bursts[s]} Bursts")
            if not 0 <= state.reacts[s] <= bx[s].reacts:
                bad.append(f"seat {s} has {state.reacts[s]} Reacts")
            if state.round_damage[s] < 0:
                bad.append(f"seat {s} dealt negative damage")
            for cid in state.cooldown[s]:
                if cid not in bx[s].by_id:
                    bad.append(f"seat {s} has an unknown card {cid!r} cooling down")
            c = state.commits[s]
            if isinstance(c, tuple):
                if len(set(c)) != len(c) or any(x not in bx[s].by_id for x in c):
                    bad.append(f"seat {s} committed cards that are not in the hand: {c}")
        if state.pos[0] == state.pos[1]:
            bad.append("both boxers stand on the same square")
        finished = len(state.round_results)
        allowed = (state.round - 1, state.round) if state.phase == "over" else (state.round - 1,)
        if finished not in allowed:
            bad.append("the round results do not match the round number")
        if sum(state.round_wins) > finished:
            bad.append("more round wins than finished rounds")
        if (state.phase == "over") != (state.result is not None):
            bad.append("the phase and the result disagree")
        return bad

    def round_of(self, state) -> tuple:
        return (state.round,)  # a round begins when it changes

    def summary(self, state: State):
        return {
            "boxers": list(state.boxers),
            "round": state.round,
            "exchange": state.exchange,
            "phase": state.phase,
            "hp": list(state.hp),
            "squares": [board.name(p) for p in state.pos],
            "facings": [board.FACINGS[f] for f in state.facing],
            "round_damage": list(state.round_damage),
            "round_wins": list(state.round_wins),
            "bursts": list(state.bursts),
            "reacts": list(state.reacts),
            "winner": state.result.winner if state.result else None,
            "result": state.result.reason if state.result else None,
            "commits": [None if c is None else list(c) for c in state.commits],
            "cooldown": [list(c) for c in state.cooldown],
            "next_cooldown": [list(c) for c in state.next_cooldown],
            "flags": {
                "dazed": list(state.dazed),
                "next_daze": list(state.next_daze),
                "reactor": state.reactor,
                "declares": list(state.declares),
                "action_index": state.action_index,
                "entitled": [e if e is None or e is True else list(e) for e in state.entitled],
                "picks": list(state.picks),
                "earned": [list(e) for e in state.earned],
            },
        }

    def events(self, state: State, names) -> list[dict]:
        return [{"n": i, "kind": e["kind"], "text": sentence(e)} for i, e in enumerate(state.log)]

    def report(self, state: State, events: list[dict]):
        from .report import report

        return report(state, events)


RULES = SquareRingRules()


# -- helpers for the table --------------------------------------------------
def step_preview(state: State, seat: int, card_id: str, sq: int | None = None, facing: int | None = None):
    """Square a movement card would take ``seat`` to (-1 off the ring), ignoring the opponent."""
    card = BOXERS[state.boxers[seat]].by_id[card_id]
    sq = state.pos[seat] if sq is None else sq
    facing = state.facing[seat] if facing is None else facing
    if card.kind == "step":
        return board.step_destination(sq, facing, card.step)
    return sq


def attack_preview(state: State, seat: int, card_id: str, sq: int | None = None, facing: int | None = None):
    """Squares an attack card would hit from a square and facing (default: where the boxer is)."""
    card = BOXERS[state.boxers[seat]].by_id[card_id]
    sq = state.pos[seat] if sq is None else sq
    facing = state.facing[seat] if facing is None else facing
    if card.kind != "attack":
        return ()
    return board.mask_squares(card.mask(sq, facing))
