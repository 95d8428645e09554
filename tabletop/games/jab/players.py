"""Who plays a JAB seat without a person: the computer at a level or one of the ladder's scripted
people (``make_bot``), a computer seat on the online server (``RealtimeDriver``) and two computers
playing a whole game headless at simulated time (``headless_play``). This sits above the computer
(``bot.py``) and the scripted people (``models.py``), which both build on ``JabBot``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tabletop.core.game import Refused
from tabletop.core.playout import Playout, PlayoutError
from tabletop.core.record import Record

from .bot import LEVELS, STEP_MS, JabBot
from .models import GridModel, is_model
from .rules.actions import Claim, Place, Return, Take, Tick
from .rules.hands import Grab, Hands, Press, Release, advance, start_hands
from .rules.queries import grab_action, release_action


def make_bot(seat: int, level: str = "Champion", seed: int = 0) -> JabBot:
    """The computer at ``level``, or the ladder's scripted person of that name."""
    if is_model(level):
        return GridModel(seat, level, seed)
    return JabBot(seat, level, seed)


def carry_out(intents: Iterable, hands: Hands, t: int, state: Callable[[], Any], act: Callable[[Any], Any]) -> list:
    """The one executor of a computer's intents for a frame (the table, the server's computer seats
    and ``headless_play`` all use it): a take or a let-go becomes the rules action the hands make
    (``grab_action`` / ``release_action`` on ``state()``, the game as it stands now), a press is sent
    as is, and the hand moves are returned for ``advance``. ``act`` sends an action and returns the
    rules' answer; a refused press ends the frame, and so do a new round and the game's end."""
    first = state()
    moves = []
    for it in intents:
        st = state()
        if st.round != first.round or st.phase == "over":
            break
        if isinstance(it, Grab):
            a = grab_action(hands, it.player, it.hand, t)
        elif isinstance(it, Release):
            a = release_action(st, hands, it.player, it.hand, t)
        elif isinstance(it, Press):
            if isinstance(act(it.action), Refused):
                break
            continue
        else:
            moves.append(it)
            continue
        if a is not None:
            act(a)
    return moves


def about(action) -> tuple:
    """What an action is about: its kind and its hand (a take, a placing, a return) or its claim."""
    if isinstance(action, (Take, Place, Return)):
        return (action.kind, action.hand)
    if isinstance(action, Claim):
        return (action.kind, action.what)
    return (action.kind,)


class RealtimeDriver:
    """A computer seat in real time that only sees views and sends actions. ``drive(view, live, dt, n)``
    moves its hands in a real-time state held by a session (the server's) on that state's clock;
    ``frame(view, t, dt, n)`` does the same in a real-time state of its own, at round clock ``t``
    (a client's seat: the online benchmark, tests). Both return the actions to send now; each
    action is asked once per view number ``n`` (no repeats while it is on its way)."""

    def __init__(self, seat: int, level: str = "hard", seed: int = 0, cross_ms: int = 350):
        self.bot = make_bot(seat, level, seed)
        self.seat = seat
        self.cross = cross_ms
        self.sent: dict = {}
        self.own: Live | None = None  # ``frame``'s real-time state
        self.round = None

    def frame(self, view, t: int, dt: int, n: int) -> list:
        if self.own is None or view.round != self.round:  # a new round: every hand at rest again
            self.round, self.own = view.round, JAB_REALTIME.new_state(view)
        self.own.clock = t
        return self.drive(view, self.own, dt, n)

    def drive(self, view, live: Live, dt: int, n: int) -> list:
        out: list = []

        def send(a) -> None:
            key = about(a)
            if self.sent.get(key) != n:
                self.sent[key] = n
                out.append(a)

        t = live.clock
        moves = carry_out(self.bot.intents(view, live.hands, t), live.hands, t, lambda: view, send)
        live.hands = advance(live.hands, dt, moves, self.cross)
        return out


# -- drivers -------------------------------------------------------------------------


def headless_play(
    spec, seed, options=None, players=None, levels=None, check=True, max_actions=100_000, on_action=None
) -> Playout:
    """Two computer players at simulated time; returns a core Playout."""
    rules = spec.rules
    if players not in (None, 2):
        raise PlayoutError("JAB is for exactly 2 players")
    levels = list(levels or [LEVELS[-1], LEVELS[-1]])
    opts = rules.check_options(options or {})
    state = rules.new_state(opts, seed, 2)
    record = Record(
        game=spec.id,
        seed=seed,
        options=opts,
        players=[{"name": f"Computer {i + 1}", "kind": "computer", "level": levels[i]} for i in (0, 1)],
    )
    bots = [make_bot(i, levels[i], seed * 31 + i) for i in (0, 1)]
    hands = start_hands()
    cross = opts["hand_speed_ms"]
    count = 0
    t = 0

    def do(action):
        nonlocal state, count
        res = rules.apply(state, action)
        if isinstance(res, Refused):
            raise PlayoutError(f"jab seed {seed}: {action} was refused: {res.reason}")
        if res is state:
            return
        state = res
        record.add(action)
        count += 1
        if on_action is not None:
            on_action(action, state)
        if check:
            broken = rules.invariants(state)
            if broken:
                raise PlayoutError(f"jab seed {seed}: after action {count} ({action}): " + "; ".join(broken))
        if count >= max_actions:
            raise PlayoutError(f"jab seed {seed}: no result after {count} actions")

    steps = 0
    while rules.outcome(state) is None:
        rnd = state.round
        moves = []
        order = (0, 1) if steps % 2 == 0 else (1, 0)
        for seat in order:
            if rules.outcome(state) is not None or state.round != rnd:
                break
            view = rules.view_for(state, seat)
            moves += carry_out(bots[seat].intents(view, hands, t), hands, t, lambda: state, do)
        steps += 1
        if state.round != rnd:
            t = 0  # the round clock restarted
            continue
        if rules.outcome(state) is not None:
            break
        hands = advance(hands, STEP_MS, moves, cross)
        t += STEP_MS
        do(Tick(t))
        if t > 3_600_000:
            raise PlayoutError(f"jab seed {seed}: a round lasted an hour")
    out = rules.outcome(state)
    return Playout(record=record, state=state, actions=count, winner=out.winner, finished=True)


# -- what the engine asks of a real-time game (tabletop.core.realtime) ------------------------


@dataclass
class Live:
    """JAB's real-time state, held by the session (local or remote): the round clock and the four hands."""

    clock: int
    hands: Hands


class JabRealtime:
    """JAB's answers to the engine's real-time questions (``RealtimeRules``)."""

    def tick_action(self, t: int) -> Tick:
        return Tick(t=t)

    def clock_of(self, state) -> int:
        return int(state.now)

    def round_of(self, state) -> int:
        return int(state.round)

    def stage_of(self, state) -> str:
        return str(state.phase)

    def hand_speed_ms(self, options: dict) -> int:
        return int(options["hand_speed_ms"])

    def new_state(self, state) -> Live:
        return Live(clock=int(state.now), hands=start_hands())

    def make_driver(self, seat: int, level: str, seed: int, cross_ms: int) -> RealtimeDriver:
        return RealtimeDriver(seat, level, seed, cross_ms)


JAB_REALTIME = JabRealtime()
