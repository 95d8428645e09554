"""Undo (issue 18 point 4) in the rules, the session, the record and its readers.

A player takes back their own last moves until something was revealed or drawn, or
another player has moved since (Board Game Arena's rule); an undo is an entry in the
record, which replays by rewinding."""

import asyncio
import json
from dataclasses import dataclass, field
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import replay as replay_cli
from tabletop import validate
from tabletop.core import record as rec
from tabletop.core import registry
from tabletop.core.actions import Action
from tabletop.core.game import Outcome, Refused, Rules
from tabletop.core.registry import TURNS, GameSpec, TileSpec
from tabletop.core.rng import Rng
from tabletop.core.undo import ONLINE_UNDO, History, Undo
from tabletop.online import protocol as P
from tabletop.session import Seat, Session
from tests.online_helpers import start_server, url

REFUSED = "action 1 (undo) was refused: You can't take that back: "


def spec_of(gid):
    registry.load_all()
    return registry.get(gid)


def vs_computer(gid, seed=3):
    spec = spec_of(gid)
    if not spec.has_computer:  # a game without computer players: a second person, played by first moves
        return Session.new(spec, [Seat("Ann"), Seat("Bo")], seed=seed, autosave=False)
    seats = [Seat("Ann"), Seat("Computer", "computer", level=spec.bot_levels[0])]
    return Session.new(spec, seats, seed=seed, autosave=False)


def first_undoable(session, seat=0, limit=400):
    """Play the game on (the person's first legal move, the computer's own choices) until a move of
    the person's may be taken back; returns (state before it, the move)."""
    rules = session.rules
    for _ in range(limit):
        waiting = list(rules.to_act(session.state))
        assert waiting and session.outcome() is None
        if seat in waiting:
            before = session.state
            move = rules.legal_actions(session.state, seat)[0]
            assert session.submit(move)
            if session.undo_why(seat) == "":
                return before, move
        else:
            other = waiting[0]
            bot = session.bots.get(other)
            session.submit(bot.choose(session.view(other)) if bot else rules.legal_actions(session.state, other)[0])
    raise AssertionError("no move could be taken back")


def write(tmp_path, record_json):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_json))
    return path


def test_undo_is_refused_after_a_draw_with_the_reason():
    """Stabby Jack: training draws a card, which cannot be taken back; placing it can."""
    session = vs_computer("stabby-jack")
    assert session.submit(session.rules.legal_actions(session.state, 0)[0]).phase in ("train", "place", "declare")
    session2 = vs_computer("stabby-jack")
    train = next(a for a in session2.rules.legal_actions(session2.state, 0) if getattr(a, "choice", "") == "train")
    before_draw = session2.state
    after = session2.submit(train)
    assert after.drawn is not None or after.turned
    why = session2.undo_why(0)
    assert why == "You can't take that back: a card was drawn."
    assert session2.submit(Undo(0)) == Refused(why)
    assert session2.state is after and session2.state is not before_draw


def test_undo_is_refused_after_a_reveal_and_after_the_other_players_move():
    session = vs_computer("punch")
    rules = session.rules
    while session.state.phase != "choose":  # a redeal offer at the start: keep the hands
        for seat in rules.to_act(session.state):
            session.submit(next(a for a in rules.legal_actions(session.state, seat) if a.kind == "keep_hand"))
    mine = rules.legal_actions(session.state, 0)[0]
    theirs = session.bots[1].choose(session.view(1))
    session.submit(theirs)  # the computer has chosen in secret
    session.submit(mine)  # both chosen: the cards are shown
    assert session.undo_why(0) == "You can't take that back: the cards were revealed."
    # a person's choice made first, then the other's secret choice: the other has moved since
    session.submit(rules.legal_actions(session.state, 0)[0])
    assert session.undo_why(0) == ""
    session.submit(session.bots[1].choose(session.view(1)))
    assert session.undo_why(0) == "You can't take that back: the cards were revealed."


def test_the_other_players_move_is_a_barrier_even_when_it_revealed_nothing():
    """Boxing: The Game's character pick is secret; once the other has also picked, both show."""
    session = vs_computer("boxing-the-game")
    first = session.rules.legal_actions(session.state, 1)[0]
    session.submit(first)  # the computer's secret pick
    assert session.undo_why(0) == "You can't take that back: another player has moved since."
    assert session.undo_why(1) == ""  # the one who moved may


def test_a_move_that_drew_nothing_is_taken_back_and_then_there_is_nothing_left():
    """Stabby Jack between two people: Ann rests (nothing drawn), takes it back, and then has
    nothing more to take back (the deal is where the game began)."""
    setup = {
        "stats": [["10S", "9S", "3H"], ["2S", "5H"]],
        "xp": [["2D", "3D", "4D", "5D", "6D"], []],
        "draw": ["4S", "5S"],
        "first": 0,
    }
    spec = spec_of("stabby-jack")
    session = Session.new(spec, [Seat("Ann"), Seat("Ben")], seed=4, setup=setup, autosave=False)
    start = session.state
    rest = next(a for a in session.rules.legal_actions(start, 0) if getattr(a, "choice", "") == "rest")
    session.submit(rest)  # Ann rests: her turn ends, nothing drawn
    assert session.undo_seat() == 0
    assert session.submit(Undo(0)) is start
    assert session.undo_why(0) == "You can't take that back: there is nothing to take back."


def test_jab_says_it_is_played_in_real_time():
    spec = spec_of("jab")
    session = Session.new(spec, [Seat("Ann"), Seat("Ben")], seed=1, autosave=False)
    why = session.undo_why(0)
    assert why == "JAB: Realtime Boxing is played in real time: moves cannot be taken back."
    assert session.submit(Undo(0)) == Refused(why)
    assert session.record.actions == []


@pytest.mark.parametrize(
    "entry, message",
    [
        ({"type": "undo"}, "action 1: undo.player is missing"),
        ({"type": "undo", "player": 0, "steps": 2}, "action 1: undo: unknown field 'steps'"),
        ({"type": "undo", "player": "Ann"}, "action 1: undo.player must be a whole number, not 'Ann'"),
        ({"type": "undo", "player": 5}, f"{REFUSED}there is no such player."),
        ({"type": "undo", "player": 1}, f"{REFUSED}another player has moved since."),
    ],
)
def test_malformed_undo_entries_are_refused_with_one_line(tmp_path, entry, message):
    session = vs_computer("stabby-jack")
    rest = next(a for a in session.rules.legal_actions(session.state, 0) if getattr(a, "choice", "") == "rest")
    session.submit(rest)
    data = session.record.to_json()
    data["actions"] = data["actions"] + [entry]
    path = write(tmp_path, data)
    with pytest.raises(validate.Invalid) as e:
        validate.load_record(path)
    assert str(e.value).startswith(message) and "\n" not in str(e.value)
    code, text = replay_cli.summary(str(path))
    assert code in (1, 2) and message in text and "\n" not in text


def test_an_undo_with_nothing_to_take_back_stops_a_replay(tmp_path):
    data = vs_computer("punch").record.to_json()
    data["actions"] = [{"type": "undo", "player": 0}]
    code, text = replay_cli.summary(str(write(tmp_path, data)))
    assert code == 1
    assert text.endswith("action 0 (undo) was refused: You can't take that back: there is nothing to take back.")
    data = Session.new(spec_of("jab"), [Seat("A"), Seat("B")], seed=1, autosave=False).record.to_json()
    data["actions"] = [{"type": "undo", "player": 0}]
    code, text = replay_cli.summary(str(write(tmp_path, data)))
    assert code == 1 and "played in real time" in text


@pytest.mark.needs("undo")
def test_a_resumed_game_may_take_back_what_it_could_before(game):
    session = vs_computer(game.id, seed=8)
    before, _ = first_undoable(session)
    text = session.record.dumps()
    resumed = Session.from_record(session.spec, rec.parse(text), autosave=False)
    assert resumed.undo_why(0) == ""
    assert resumed.submit(Undo(0)) == before
    # "Continue" hands over the state the door replayed: the same holds
    kept = Session.from_record(session.spec, rec.parse(text), autosave=False, state=session.state)
    assert kept.undo_why(0) == "" and kept.submit(Undo(0)) == before


# -- random games with undos: they replay exactly and never lose or make a card ---------------------


def random_play_with_undos(gid, seed, picks, undo_mask):
    """A game of random legal moves (``picks`` choose them) where after each move an undo is
    asked when ``undo_mask`` says so; returns the session."""
    spec = spec_of(gid)
    players = min(3, spec.max_players)
    session = Session.new(spec, [Seat(f"P{i}") for i in range(players)], seed=seed, autosave=False)
    rules = session.rules
    for pick, ask in zip(picks, undo_mask, strict=False):
        if session.outcome() is not None:
            break
        waiting = list(rules.to_act(session.state))
        seat = waiting[pick % len(waiting)]
        legal = rules.legal_actions(session.state, seat)
        assert session.submit(legal[pick % len(legal)])
        assert rules.invariants(session.state) == []
        if ask:
            asker = session.undo_seat()
            before_undo = session.state
            result = session.submit(Undo(pick % players if asker is None else asker))
            if isinstance(result, Refused):
                assert session.state is before_undo
            assert rules.invariants(session.state) == []
    return session


@pytest.mark.needs("undo")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 10_000), min_size=5, max_size=60),
    mask=st.lists(st.booleans(), min_size=5, max_size=60),
)
def test_random_games_with_undos_replay_identically_and_keep_every_card(game, seed, picks, mask):
    session = random_play_with_undos(game.id, seed, picks, mask)
    replayed = rec.replay(rec.parse(session.record.dumps()), session.spec)
    assert replayed == session.state
    assert session.rules.invariants(replayed) == []  # every game's invariants count its cards


# -- a sixth game gets undo with no code of its own --------------------------------------------------


@dataclass(frozen=True)
class Pick(Action):
    kind: ClassVar[str] = "pick"
    player: int
    n: int


@dataclass(frozen=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"
    player: int


@dataclass
class DiceState:
    rng: Rng
    marks: tuple = (0, 0)
    rolled: tuple = ()
    turn: int = 0
    events: tuple = field(default=())


class DiceRules(Rules):
    """A made-up game that says nothing about undo: picks are plain moves, a roll is random."""

    id = "dice"
    actions = (Pick, Roll)

    def new_state(self, options, seed, players, setup=None):
        return DiceState(Rng(seed))

    def to_act(self, state):
        return (state.turn,)

    def legal_actions(self, state, player):
        return [Pick(player, 1), Roll(player)]

    def apply(self, state, action):
        if action.player != state.turn:
            return Refused("Not your turn.")
        if isinstance(action, Pick):
            marks = list(state.marks)
            marks[action.player] += action.n
            return DiceState(state.rng, tuple(marks), state.rolled, state.turn, state.events)
        rng = state.rng.copy()
        roll = rng.randrange(6)
        return DiceState(rng, state.marks, state.rolled + (roll,), 1 - state.turn, state.events)

    def outcome(self, state):
        return Outcome(0) if state.marks[0] >= 5 else None


def test_a_new_game_gets_undo_from_what_its_rules_already_say():
    spec = GameSpec(
        id="dice",
        name="Dice",
        blurb="Mark or roll.",
        rules=DiceRules(),
        min_players=2,
        max_players=2,
        dynamics=TURNS,
        hidden_info=False,
        make_table=print,
        order=50,
        tile=TileSpec(),
        max_game_length=20,
    )
    history = History(spec.rules, 2, rec.undo_off(spec))
    s0 = spec.rules.new_state({}, 1, 2)
    s1 = history.apply(s0, Pick(0, 1))
    s2 = history.apply(s1, Pick(0, 1))
    assert history.apply(s2, Undo(0)) is s1 and history.apply(s1, Undo(0)) is s0
    s1 = history.apply(s0, Pick(0, 1))
    s2 = history.apply(s1, Roll(0))
    assert history.apply(s2, Undo(0)) == Refused("You can't take that back: a random result was drawn.")
    assert history.apply(s2, Undo(1)) == Refused("You can't take that back: a random result was drawn.")


# -- online: refused, with the reason ------------------------------------------------------------------


def test_online_play_refuses_undo_with_a_clear_reason():
    from tabletop.online.client import Client

    async def main():
        server = await start_server()
        a, b = Client(url(server.port)), Client(url(server.port))
        await a.connect()
        await a.create("punch", [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": ""}])
        await b.connect()
        await b.join(a.room, name="Bo")
        await a.wait(lambda: 0 in a.views and not a.status.get("paused", True))
        room = server.rooms[a.room]
        before = list(room.session.record.actions)
        msg_id = await a.act(0, Undo(0))
        await a.wait(lambda: any(r["id"] == msg_id for r in a.refused))
        reason = next(r["reason"] for r in a.refused if r["id"] == msg_id)
        assert reason == ONLINE_UNDO
        assert room.session.record.actions == before
        await a.close()
        await b.close()
        await server.close()

    asyncio.run(main())
    assert P.parse(P.dumps({"type": "act", "seat": 0, "id": 1, "action": {"type": "undo", "player": 0}}))
