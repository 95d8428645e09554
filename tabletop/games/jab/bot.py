"""The JAB computer player, headless bot-vs-bot play and a fast random driver.

``JabBot(seat, level, seed).intents(view, hands, t)`` returns this frame's
hand intents (hands.MoveTo / Grab / Release) and button presses
(hands.Press(action) for claims, Ready, Cover, Choose). It plays through the
same hand model and speed limit as a person, sees only ``view`` (the
rules' ``view_for``), and checks ``placement_refusal`` before releasing a
card, so it never attempts an illegal placement.

Levels (``LEVELS``) change reaction time (delay before acting on something
new), attention (chance to notice a block, stagger, combo, counter-punch or
other claim at all), hand pace and whether both hands work at once:

* easy: slow, one hand at a time, misses most chances, never calls Ding!;
  (normal and hard call Ding! only when it turns a likely lost round into a won one)
* normal: a club boxer;
* hard: quick, both hands, sees nearly everything.

Driving it from a table, every frame at round-clock time ``t``: call
``intents(rules.view_for(state, seat), hands, t)``; feed MoveTo/MoveBy to
``hands.advance`` together with the human hands' intents; turn Grab into
``queries.grab_action``, Release into ``queries.release_action`` and Press into
its ``action``, and submit those; then send ``Tick(t)``. When
``state.round`` changes the round clock restarts at 0.

``headless_play(spec, seed, ...)`` runs two bots at simulated time (16 ms
steps), records every state-changing action and checks the invariants after
each (GameSpec.headless_play). ``random_game(seed)`` applies random legal
actions fast (tests and benchmarks).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

from tabletop.core.actions import Action
from tabletop.core.game import Bot, Refused
from tabletop.core.i18n import N_
from tabletop.core.playout import driver_random
from tabletop.core.rng import Rng

from .rules import RULES
from .rules import content as C
from .rules.actions import CLAIMS, Choose, Claim, Cover, Ready, Tick
from .rules.hands import (
    RECTS,
    SIDES,
    Grab,
    MoveTo,
    Press,
    Release,
    deck_name,
    inside,
    start_hands,
    target_name,
)
from .rules.queries import (
    can_block,
    claim_refusal,
    counter_open,
    placement_refusal,
)
from .rules.scoring import best_choice_given_cover, best_choices, pile_score, projected_totals


@dataclass(frozen=True)
class Style:
    """How a boxer at the table plays, in human terms."""

    reaction_ms: int  # the quickest it acts on something new (a moment's reaction is up to half slower)
    block: float  # chance to notice a block chance (or a Haymaker to cover)
    combo: float  # ... a combo chance (to complete or to build toward)
    counter: float  # ... a counter-punch chance (to claim, to set up or to avoid giving away)
    stagger: float  # ... a stagger chance
    claim: float  # ... a knockout or clinch chance
    judgement: float  # 0: any place will do; 1: always the best place it sees for a card
    pace: float  # hand speed, a share of the top speed
    both_hands: bool  # works with both hands at once
    ding: bool  # calls Ding! when it turns a likely lost round into a won one
    think_ms: int  # pause after taking a card, before moving it
    blocks: bool = True  # plays blocks at all
    random: bool = False  # a button masher: any legal target, any claim it sees


def style_at(skill: float) -> Style:
    """A boxer from a newcomer's first match (0) to a sharp, steady fighter (1).

    Reaction 1200 down to 450 ms, the pause after taking a card 1100 down to 300 ms,
    hand speed 45% up to 85% of the top speed, noticing blocks, combos and counter-punches
    from 5% of the time up to 95% (a knockout or clinch from 30%), judgement (which card goes where) from none to
    full, Ding! called from 0.4 up and both hands at once from 0.6 up."""
    x = skill
    return Style(
        reaction_ms=int(1200 - 750 * x),
        block=0.05 + 0.9 * x,
        combo=0.05 + 0.9 * x,
        counter=0.05 + 0.9 * x,
        stagger=0.05 + 0.9 * x,
        claim=0.3 + 0.65 * x,
        judgement=x,
        pace=0.45 + 0.4 * x,
        both_hands=x >= 0.6,
        ding=x >= 0.4,
        think_ms=int(1100 - 800 * x),
    )


# Computer levels (easiest first) and the scripted people of the ladder, all through the same
# hands, speed limit and claim buttons as a person at the table.
SKILL = {  # marked for the catalogue: the engine shows a level's name in the player's language
    N_("Beginner"): 0.0,
    N_("Novice"): 0.17,
    N_("Club boxer"): 0.33,
    N_("Prospect"): 0.5,
    N_("Contender"): 0.67,
    N_("Pro"): 0.83,
    N_("Champion"): 1.0,
}
MODEL_SKILL = {"newcomer": 0.1, "decent": 0.6, "good": 1.0}
STYLES = {name: style_at(x) for name, x in {**SKILL, **MODEL_SKILL}.items()}
# a uniform-random player (any legal target, a claim now and then) at a newcomer's hand pace
STYLES["random"] = Style(900, 0.5, 0.3, 0.3, 0.0, 0.3, 0.0, 0.5, False, False, 800, random=True)
LEVELS = tuple(SKILL)
MODELS = tuple(MODEL_SKILL)
# names older records and settings used
ALIASES = {"easy": "Beginner", "normal": "Club boxer", "hard": "Champion", "strong": "Champion"}
STEP_MS = 16
MIN_REACTION_MS = 150  # nobody at the table, computer or model, acts on something new sooner
HAND_GAP_MS = 250  # a computer's hand acts no sooner than this after its previous action
SLOWER = 0.5  # a moment's reaction is the typical one up to this much slower
COUNTER_WORTH = 4.0  # 2 points and a health token, in points
NEVER = -(10**9)


def _second(values) -> int:
    """What an attacker scores from these three piles: the defender covers the best one."""
    a, b, c = values
    return a + b + c - max(values) - min(values)


def _tops(view, boxer: int) -> list:
    return [view.piles[boxer * 3 + i][-1] if view.piles[boxer * 3 + i] else None for i in range(3)]


def _combo_done(types, tops) -> int:
    """How many of the combo's punch types show on top of these targets."""
    shown = {C.ctype(c) for c in tops if c is not None}
    return sum(ty in shown for ty in types)


class JabBot(Bot):
    def __init__(self, seat: int, level: str = "Champion", seed: int = 0):
        level = ALIASES.get(level, level)
        if level not in STYLES:
            raise ValueError(f"JAB computer level must be one of {', '.join(LEVELS)}")
        super().__init__(seat=seat, level=level, seed=seed)
        st = self.style = STYLES[level]
        self.reaction, self.pace, self.both_hands, self.smart_ding, self.think = (
            st.reaction_ms,
            st.pace,
            st.both_hands,
            st.ding,
            st.think_ms,
        )
        self.rng = Rng(seed)
        self.seen: dict = {}  # something new -> (when it may be acted on, noticed?)
        self.plans: list[str | None] = [None, None]  # per hand: target name, or None
        self.took: list[tuple | None] = [None, None]  # per hand: the card and table the plan is for
        self.last_act = [NEVER, NEVER]  # per hand: time of its last take or let-go
        self.round = -1
        self.next_hand = 0

    # -- helpers ---------------------------------------------------------------
    def notice(self, key, t, sure: bool = False, rate: float = 1.0) -> bool:
        """True once something new has been seen for a moment's reaction time, if
        noticed at all (``sure``: always noticed, e.g. the ready call)."""
        got = self.seen.get(key)
        if got is None:
            delay = max(MIN_REACTION_MS, int(self.reaction * (1 + SLOWER * self.rng.random())))
            got = self.seen[key] = (t + delay, sure or self.rng.random() < rate)
        return got[1] and t >= got[0]

    def hand_free(self, h, t) -> bool:
        """A hand acts again only a human moment after its previous action."""
        return t - self.last_act[h] >= HAND_GAP_MS

    def choose(self, view):
        """One legal action now (turn-style interface): a valid claim or Ready, else a Tick."""
        for it in self.intents(view, start_hands(), view.now):
            if isinstance(it, Press):
                return it.action
        return Tick(view.now)

    # -- the frame ---------------------------------------------------------------
    def intents(self, view, hands, t: int) -> list:
        me = self.seat
        if view.round != self.round:
            self.round, self.seen, self.plans, self.took = view.round, {}, [None, None], [None, None]
            self.last_act = [NEVER, NEVER]
        off = self.off_play(view, t)
        if off is not None:
            return off
        out: list = []
        if t < view.go_at:
            return [MoveTo(me, h, *RECTS[deck_name(me, h)][:2], self.pace) for h in (0, 1)]
        self._look(view, t)
        want_counter = self._claims(view, t, out)
        if out:
            return out
        busy = [view.held[me * 2 + h] is not None for h in (0, 1)]
        for h in (0, 1):
            if busy[h]:
                self._carry(view, hands, t, h, want_counter, out)
            elif not want_counter and (self.both_hands or not any(busy)):
                if not self.both_hands and h != self._pick_hand(view, t):
                    continue
                self._fetch(view, hands, t, h, out)
                busy[h] = True
        return out

    def off_play(self, view, t) -> list | None:
        """Outside the fight: Ready after a reaction, the scoring choices; None while fighting."""
        me = self.seat
        ph = view.phase
        if ph in ("between", "clinch"):
            self.plans = [None, None]
            if not view.ready[me] and self.notice(("ready", ph, view.round, view.clinch_by), t, True):
                return [Press(Ready(me, t))]
            return []
        if ph == "scoring":
            return self._score(view, t)
        return None if ph == "playing" else []

    def _look(self, view, t) -> None:
        """Start the reaction clock on what is new: the decks turning up, each deck's new top
        card, each punch landing on this boxer (noticed as a block chance or not)."""
        me = self.seat
        self.notice(("go", view.go_at), t, True)
        for h in (0, 1):
            self.notice(("top", h, len(view.decks[me * 2 + h])), t, True)
        for i, top in enumerate(_tops(view, me)):
            if top is not None and C.owner(top) != me:
                self.notice(("punch", i, top), t, rate=self.style.block if self.style.blocks else 0.0)

    def _pick_hand(self, view, t) -> int:
        """One hand at a time: the deck whose top card has the better use (with judgement),
        else turn about."""
        me = self.seat
        tops = [view.decks[me * 2 + h][-1] if view.decks[me * 2 + h] else None for h in (0, 1)]
        if tops[0] is None or tops[1] is None:
            return 0 if tops[1] is None else 1
        if self.rng.random() < self.style.judgement:
            worth = [self._best(view, t, tops[h], h)[0] for h in (0, 1)]
            if worth[0] != worth[1]:
                return 0 if worth[0] > worth[1] else 1
        return self.next_hand

    def _claims(self, view, t, out) -> bool:
        me = self.seat
        want_counter = False
        for what in ("knockout", "clinch", "counter", "combo", "ding"):
            if what == "counter":
                shut = not (view.counter and counter_open(view, C.COUNTERS[view.counter[-1]][1]))
            else:
                shut = claim_refusal(view, me, what) is not None
            if shut:  # a chance that opens again is new again
                self.seen.pop(("open", what), None)
                continue
            if t < view.lockout[me] or not self.notice(("open", what), t, True):
                continue
            # one attention roll per chance: per combo card, per counter card, per
            # knockout chance (health changes make a new one), per clinch tile
            key = {
                "combo": len(view.combo),
                "counter": len(view.counter),
                "knockout": view.health,
                "clinch": view.clinch_by,
                "ding": None,
            }[what]
            st = self.style
            rate = {"combo": st.combo, "counter": st.counter, "ding": 1.0}.get(what, st.claim)
            if not self.notice((what, key), t, rate=rate):
                continue
            if what == "ding" and not self._ding_pays(view):
                continue
            if what == "counter" and claim_refusal(view, me, "counter") is not None:
                want_counter = True  # empty the hands first
                for h in (0, 1):
                    if view.held[me * 2 + h] is not None and self.hand_free(h, t):
                        out.append(Release(me, h))
                        self.last_act[h] = t
                continue
            out.append(Press(Claim(me, what, t)))
            return False
        return want_counter

    def _ding_pays(self, view) -> bool:
        """Ding! only when the opponent's remaining cards would likely win them a
        round we lead now, and we still lead after the 5-point penalty."""
        if not self.smart_ding:
            return self.style.random and self.rng.random() < 0.5
        me = self.seat
        totals = projected_totals(view)
        later = totals[1 - me] + view.cards_left(1 - me) // 2  # rough: what their last cards add
        return totals[me] - C.N["ding_penalty"] > totals[1 - me] and totals[me] <= later

    def _fetch(self, view, hands, t, h, out) -> None:
        me = self.seat
        deck = view.decks[me * 2 + h]
        if not deck:
            return
        name = deck_name(me, h)
        x, y = hands.at(me, h)
        if not inside(name, x, y):
            out.append(MoveTo(me, h, *RECTS[name][:2], self.pace))
        elif (
            self.hand_free(h, t)
            and self.notice(("go", view.go_at), t, True)
            and self.notice(("top", h, len(deck)), t, True)
        ):
            out.append(Grab(me, h))
            self.plans[h] = None
            self.next_hand = 1 - h
            self.last_act[h] = t

    def _carry(self, view, hands, t, h, want_counter, out) -> None:
        me = self.seat
        card, taken = view.held[me * 2 + h]
        side = SIDES[h]
        if t - taken < self.think:
            return
        if self.took[h] != (card, view.piles) or self.plans[h] is None:  # something changed: think again
            fresh, self.took[h] = self.took[h] is None or self.took[h][0] != card, (card, view.piles)
            plan = self.plans[h]
            valid = plan is not None and placement_refusal(view, me, side, plan) is None
            if self.style.random:
                if not valid:
                    self.plans[h] = self._random_target(view, side)
            elif fresh or not valid or self.rng.random() < self.style.judgement:
                self.plans[h] = self._best(view, t, card, h)[1]
        plan = self.plans[h]
        assert plan is not None  # just thought of, or the one still valid
        cx, cy = RECTS[plan][:2]
        x, y = hands.at(me, h)
        if inside(plan, x, y) and placement_refusal(view, me, side, plan, t) is None:
            if self.hand_free(h, t) and self._seen_long_enough(view, plan, t):
                out.append(Release(me, h))
                self.plans[h] = None
                self.last_act[h] = t
        else:
            out.append(MoveTo(me, h, cx, cy, self.pace))

    def _seen_long_enough(self, view, plan: str, t: int) -> bool:
        """A block goes down only on a punch seen for a moment's reaction: when another punch landed on
        the target while the card was on its way, it waits to see that one first."""
        me = self.seat
        if not plan.startswith(f"p{me}."):
            return True
        i = next(i for i in range(3) if target_name(me, i) == plan)
        top = view.piles[me * 3 + i][-1]
        got = self.seen.get(("punch", i, top))
        return got is not None and t >= got[0]

    def _best(self, view, t, card, h) -> tuple[float, str]:
        """The best place it sees for ``card`` (held in or on top of hand ``h``'s deck), with
        how much it looks worth in points. Each idea counts only if noticed; without
        judgement a card goes to any place it sees."""
        me, opp = self.seat, 1 - self.seat
        st = self.style
        rnd = self.rng.random
        sees_stagger, sees_combo, sees_counter = rnd() < st.stagger, rnd() < st.combo, rnd() < st.counter
        careless = rnd() >= st.judgement  # this card goes anywhere it sees
        other = self.plans[1 - h]
        best, best_worth = target_name(opp, 0), -1e9
        for boxer, i in [(opp, 0), (opp, 1), (opp, 2), (me, 0), (me, 1), (me, 2)]:
            name = target_name(boxer, i)
            if name == other:
                continue
            if boxer == me:
                top = view.piles[me * 3 + i][-1] if view.piles[me * 3 + i] else None
                if top is None or C.owner(top) == me or not can_block(top, card):
                    continue
                if not self.notice(("punch", i, top), t, rate=st.block if st.blocks else 0.0):
                    continue
            if careless:
                worth = rnd()
            else:
                worth = self._worth(view, card, h, boxer, i, sees_stagger, sees_combo, sees_counter) + 0.1 * rnd()
            if worth > best_worth:
                best, best_worth = name, worth
        return best_worth, best

    def _worth(self, view, card, h, boxer, i, sees_stagger, sees_combo, sees_counter) -> float:
        """Points this placement looks worth: the change in what each side would score,
        what a block of it could cost, staggers, combos and counter-punches."""
        me, opp = self.seat, 1 - self.seat
        st = self.style
        piles = view.piles
        pile = piles[boxer * 3 + i]
        top = pile[-1] if pile else None
        attacker = me if boxer == opp else opp
        vals = [pile_score(piles[boxer * 3 + j], attacker)[0] for j in range(3)]
        new = list(vals)
        new[i] = pile_score(pile + (card,), attacker)[0]
        change = _second(new) - _second(vals) + 0.25 * (new[i] - vals[i])
        their = [view.decks[opp * 2 + s][-1] for s in (0, 1) if view.decks[opp * 2 + s]]
        their += [held[0] for held in view.held[opp * 2 : opp * 2 + 2] if held is not None]
        if boxer == opp:
            worth = change
            blocker = next((c for c in their if can_block(card, c)), None)
            if blocker is not None:  # they can block it with a card they have at hand
                hit = list(new)
                hit[i] = pile_score(pile + (card, blocker), me)[0]
                worth -= 0.6 * st.judgement * (_second(new) - _second(hit) + 0.25 * (new[i] - hit[i]))
            if top is not None and C.owner(top) == me and C.ctype(top) == C.HAYMAKER:
                if C.colour(top) == C.colour(card) and sees_stagger:
                    worth += 4.0 + (20.0 if view.health[opp] == 0 else 0.0)
                else:
                    worth -= 1.0  # keeps the Haymaker open for a later stagger
            if C.ctype(card) == C.HAYMAKER and sees_stagger:
                mine = [view.decks[me * 2 + s][-1] for s in (0, 1) if view.decks[me * 2 + s]]
                if any(C.colour(c) == C.colour(card) for c in mine if c != card):
                    worth += 1.5
        else:
            worth = -change  # a block takes away what they would score
            if top is not None and C.ctype(top) == C.HAYMAKER:
                threat = any(C.colour(c) == C.colour(top) for c in their)
                worth += (3.0 + (20.0 if view.health[me] == 0 else 0.0)) if threat else 1.0
        if sees_combo and view.combo:
            ctypes, _, pts = C.COMBOS[view.combo[-1]][1], None, C.COMBOS[view.combo[-1]][2]
            tops = _tops(view, boxer)
            before = _combo_done(ctypes, tops)
            tops[i] = card
            after = _combo_done(ctypes, tops)
            step = pts + 1.0 if after == len(ctypes) else 0.4 * pts * (after - before) / len(ctypes)
            worth += step if boxer == opp else -step  # on this boxer, the combo is the opponent's
        if sees_counter and view.counter:
            col = C.COUNTERS[view.counter[-1]][1]
            shows = [any(c is not None and C.colour(c) == col for c in _tops(view, b)) for b in (0, 1)]
            tops = _tops(view, boxer)
            tops[i] = card
            shows[boxer] = any(c is not None and C.colour(c) == col for c in tops)
            if shows[0] and shows[1]:
                first = 0.75 if view.held[me * 2 + 1 - h] is None else 0.35  # who will claim it first
                worth += (2 * first - 1) * COUNTER_WORTH
        return worth

    def _random_target(self, view, side) -> str:
        """Any place this card may legally go, uniformly."""
        me = self.seat
        names = [target_name(b, i) for b in (0, 1) for i in range(3)]
        ok = [n for n in names if placement_refusal(view, me, side, n) is None]
        return ok[self.rng.randrange(len(ok))] if ok else target_name(1 - me, self.rng.randrange(3))

    def _score(self, view, t) -> list:
        me = self.seat
        if not self.notice(("score", view.round, view.covers, view.chooses), t, True):
            return []
        if view.covers[me] is None:
            covered, _ = best_choices(view, 1 - me)
            return [Press(Cover(me, target_name(me, covered), t))]
        if view.chooses[me] is None and view.covers[1 - me] is not None:
            chosen = best_choice_given_cover(view, me, view.covers[1 - me])
            return [Press(Choose(me, target_name(1 - me, chosen), t))]
        return []


_WEIGHTS = {
    "place": 6.0,
    "take": 6.0,
    "return": 0.3,
    "claim": 0.4,
    "split": 0.2,
    "ready": 3.0,
    "cover": 1.0,
    "choose": 1.0,
}


def random_game(seed: int, options=None, max_actions: int = 50_000, on_action=None, rules=RULES):
    """Random legal actions (weighted toward placing cards) until the game
    ends; returns (final state, list of actions). Every action is accepted."""
    random = driver_random(seed)
    state = rules.new_state(rules.check_options(options or {}), seed, 2)
    actions: list[Action] = []
    # bound once: this loop is the throughput benchmark's inner loop
    outcome, to_act, legal_actions, apply = rules.outcome, rules.to_act, rules.legal_actions, rules.apply
    weight = _WEIGHTS
    while outcome(state) is None and len(actions) < max_actions:
        seats = to_act(state)
        acts = legal_actions(state, seats[int(random() * len(seats))]) if seats else []
        if not acts or random() < 0.03:
            action = Tick(state.now + int(random() * 3000))
        else:
            weights = [weight[a.kind] for a in acts]
            x = random() * sum(weights)
            action = next((a for a, upto in zip(acts, accumulate(weights), strict=True) if x < upto), acts[-1])
        res = apply(state, action)
        if isinstance(res, Refused):
            raise AssertionError(f"legal action {action} refused: {res.reason}")
        if res is not state:
            state = res
            actions.append(action)
            if on_action is not None:
                on_action(action, state)
    return state, actions


def random_game_count(seed: int):
    """``random_game`` in the core's shape: (final state, number of actions)."""
    state, actions = random_game(seed)
    return state, len(actions)


__all__ = [
    "JabBot",
    "random_game_count",
    "LEVELS",
    "MODELS",
    "ALIASES",
    "STYLES",
    "random_game",
    "CLAIMS",
    "STEP_MS",
]
