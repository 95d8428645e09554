"""Boxing: The Game table: matches played through the real scene with synthetic
mouse, keyboard and a real SDL virtual gamepad, for either corner; secret
choices on one screen (curtain and peek); events replayed one at a time
(R-BTG-3, R-BTG-4); prizes (R-BTG-6); knockdowns and the score sheet (R-BTG-5)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.games.boxing_the_game.rules.content import CARDS
from tabletop.games.boxing_the_game.rules.flow import affordable_slots
from tabletop.session import Seat, Session
from tests.focus_helpers import walk_to
from tests.ui_helpers import (
    KeyboardHalf,
    VirtualPad,
    click,
    drag,
    frames,
    key,
    key_down,
    key_up,
    make_app,
    pass_beat,
)

SPEED = 4.0


@pytest.fixture
def app():
    a = make_app()
    a.settings.animation_speed = SPEED
    yield a
    pygame.quit()


def start(app, seats, secrecy="curtain", seed=3, setup=None, **options):
    app.settings.secrecy = secrecy
    spec = registry.get("boxing-the-game")
    session = Session.new(spec, seats, options, seed=seed, setup=setup, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    return table


def settle(app, table, limit=1500):
    """Let the replay (and any computer) finish until a person must choose."""
    for _ in range(limit):
        pass_beat(app, table)
        if not table.busy() and (table.session.outcome() is not None or table.waiting_humans()):
            break
        frames(app, 1)
    frames(app, 1)
    pass_beat(app, table)


def hot(table, payload, seat=None):
    return next(h for h in table.hots if h.payload == payload and (seat is None or h.seat in (None, seat)))


def has(table, payload):
    return any(h.payload == payload for h in table.hots)


class Mouse:
    def __init__(self, app, table):
        self.app, self.table = app, table

    def choose(self, seat, payload):
        click(self.app, hot(self.table, payload, seat).rect.center)

    def drop(self, seat, payload, zone_payload):
        z = next(h for h in self.table.hots if h.kind == "zone" and h.payload == zone_payload)
        drag(self.app, hot(self.table, payload, seat).rect.center, z.rect.center)

    def peek(self, down):
        (key_down if down else key_up)(self.app, "`")


class Keys(KeyboardHalf):
    def __init__(self, app, table, scheme):
        super().__init__(app, scheme)
        self.table = table

    def choose(self, seat, payload):
        focus_on(self.table, seat, self, payload)
        self.confirm()


class Pad(Keys):
    def __init__(self, app, table, pad):
        self.app, self.table, self.pad = app, table, pad

    def move(self, d):
        self.pad.press(self.app, "dp" + d)

    def confirm(self):
        self.pad.press(self.app, "a")

    def back(self):
        self.pad.press(self.app, "b")

    def peek(self, down):
        self.pad.button("y", down)
        frames(self.app, 2)


def focus_on(table, seat, agent, payload, limit=60):
    """Walk the seat's focus to ``payload`` with its own buttons (tests.focus_helpers)."""
    walk_to(table, seat, agent, payload, limit)


def open_up(app, table, seat, agent):
    """Curtain: ask for the cards; peek: hold the peek control; open: nothing. Returns a closer."""
    mode = table.secrecy.mode
    if mode == "curtain":
        assert table.curtain_seat() == seat, (table.session.state.phase, table.secrecy.shown, table.busy(), table.beat)
        mine = [h for h in table.hots if isinstance(h.payload, tuple) and h.payload[0] in ("hand", "char", "prize")]
        assert not mine, "something private is pointable behind the curtain"
        shows = [h.payload for h in table.hots if str(h.payload).startswith("Show ")]
        assert shows, [h.payload for h in table.hots]
        agent.choose(seat, shows[0])
        assert table.secrecy.shown == seat
        return lambda: None
    if mode == "peek":
        assert not any(
            isinstance(h.payload, tuple) and h.payload[0] in ("hand", "char") and h.payload[1] == seat
            for h in table.hots
        ), "a hand is pointable while its owner is not peeking"
        agent.peek(True)
        assert table.secrecy.visible(seat)
        return lambda: agent.peek(False)
    return lambda: None


def plan_round(app, table, seat, agent, turn):
    """Put three cards in the slots (three different ways with the mouse), bid, lock in."""
    st = table.session.state
    hand = list(st.players[seat].hand)
    close = open_up(app, table, seat, agent)
    order = hand[turn % len(hand) :] + hand[: turn % len(hand)]
    if isinstance(agent, Mouse):
        agent.choose(seat, ("hand", seat, order[0]))  # click: first free slot
        agent.drop(seat, ("hand", seat, order[1]), ("slotzone", seat, 2))  # drag onto slot 3
        agent.drop(seat, ("hand", seat, order[2]), ("slotzone", seat, 1))  # drag onto slot 2
        planned = [order[0], order[2], order[1]]
    else:
        for c in order[:3]:
            agent.choose(seat, ("hand", seat, c))
        planned = order[:3]
    assert table.plan(seat)["slots"] == planned
    bids = [0, 0, 0]
    if st.players[seat].momentum:
        k = turn % 3
        agent.choose(seat, ("bid+", seat, k))
        bids[k] = 1
    assert table.plan(seat)["bids"] == bids
    agent.choose(seat, ("lock", seat))
    close()
    now = table.session.state
    assert now is not st, "locking in did nothing"
    return planned, bids


def play_match(app, table, agents, max_rounds=20):
    """Play for the human seats with their agents until the match ends; check each round's plan."""
    turn = 0
    plans = {}
    table.phases_seen = set()
    while table.session.outcome() is None:
        settle(app, table)
        st = table.session.state
        if table.session.outcome() is not None:
            break
        seat = table.waiting_humans()[0]
        agent = agents[seat]
        table.phases_seen.add(st.phase + ("-secret" if st.phase == "prize" and st.secret_prize else ""))
        if st.phase == "pick":
            close = open_up(app, table, seat, agent)
            pick = st.players[seat].dealt[turn % len(st.players[seat].dealt)]
            agent.choose(seat, ("char", seat, pick))
            close()
            me = table.session.state.players[seat]
            assert me.choice == (pick,) or me.character == pick
        elif st.phase == "plan":
            r = st.round
            plans[(r, seat)] = plan_round(app, table, seat, agent, turn)
            if table.session.state.phase != "plan" or table.session.state.round != r:
                check_round(table.session.state, r, plans)
        elif st.phase == "reveal":
            assert st.pending[0] == seat
            switch = turn % 2 == 0
            before = st.players[seat].stance
            agent.choose(seat, ("stance", seat, switch, False))
            changed = [e for e in table.session.state.log if e["type"] == "stance"][-1]
            assert changed["player"] == seat and (changed["stances"][seat] != before) == switch
        elif st.phase == "prize":
            close = open_up(app, table, seat, agent) if st.secret_prize else (lambda: None)
            k = affordable_slots(st, seat)[0]
            card = st.prizes[k]
            if isinstance(agent, Mouse) and turn % 2:
                agent.drop(seat, ("prize", k), ("corner", seat))
            else:
                agent.choose(seat, ("prize", k))
            close()
            now = table.session.state
            assert now is not st
            if not st.secret_prize:
                assert any(
                    e["type"] == "draft" and e["player"] == seat and e["card"] == card for e in now.log[len(st.log) :]
                )
        turn += 1
        assert turn < 400
    return plans


def check_round(st, r, plans):
    """The replayed events used exactly the cards and bids the players put down."""
    planned = next(e for e in st.log if e["type"] == "planned" and e["round"] == r)
    events = [e for e in st.log if e["type"] == "event" and e["round"] == r]
    for seat in (0, 1):
        if (r, seat) in plans:
            cards, bids = plans[(r, seat)]
            assert planned["bids"][seat] == bids
            assert [e["cards"][seat] for e in events] == cards[: len(events)]


HUMAN_RED = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "computer", level="easy")]


# -- whole matches ------------------------------------------------------------------------


def test_mouse_plays_a_match_against_the_computer(app):
    table = start(app, HUMAN_RED, seed=3)  # a full 12-round match
    assert table.secrecy.mode == "open"
    plans = play_match(app, table, {0: Mouse(app, table)})
    assert {"pick", "plan", "reveal", "prize"} <= table.phases_seen  # stance choice and prize picks too
    st = table.session.state
    assert any(k[0] == 2 for k in plans)  # several rounds were planned with the mouse
    assert len(st.players[0].scores) == len(st.players[1].scores) >= 1
    settle(app, table)
    frames(app, 2)
    assert table.result_menu is not None  # the result panel is up
    head, why = table.result_text()
    assert "Score sheet" in why


def test_keyboard_plays_blue_against_the_computer(app):
    seats = [Seat("Red", "computer", level="random"), Seat("Blue", "human", scheme="keys-right")]
    table = start(app, seats, seed=11, rounds=3)
    play_match(app, table, {1: Keys(app, table, "keys-right")})
    assert table.session.outcome() is not None
    assert "prize-secret" in table.phases_seen  # an even round's secret pick, by keyboard


def test_gamepad_alone_plays_red(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "human", scheme="gamepad"), Seat("Blue", "computer", level="easy")]
        table = start(app, seats, seed=7, rounds=3)
        play_match(app, table, {0: Pad(app, table, pad)})
        assert table.session.outcome() is not None
    finally:
        pad.unplug()


def test_two_people_mouse_and_gamepad_behind_the_curtain(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "human", scheme="gamepad")]
        table = start(app, seats, secrecy="curtain", seed=5, rounds=3)
        assert table.secrecy.mode == "curtain"
        play_match(app, table, {0: Mouse(app, table), 1: Pad(app, table, pad)})
        assert table.session.outcome() is not None
    finally:
        pad.unplug()


def test_two_keyboards_peek(app):
    seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="keys-right")]
    table = start(app, seats, secrecy="peek", seed=9, rounds=3)
    play_match(app, table, {0: Keys(app, table, "keys-left"), 1: Keys(app, table, "keys-right")})
    assert table.session.outcome() is not None


# -- the replay, knockdowns, secret prize picks ---------------------------------------------

TWO_PEOPLE = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "human", scheme="keys-right")]


def lock_plan(app, table, seat, agent, names, bids=None):
    """Open up, put the named cards in slots 1..3 in order, bid, lock in."""
    close = open_up(app, table, seat, agent)
    hand = list(table.session.state.players[seat].hand)
    for name in names:
        cid = next(c for c in hand if CARDS[c].name == name)
        hand.remove(cid)
        agent.choose(seat, ("hand", seat, cid))
    for k, b in enumerate(bids or ()):
        for _ in range(b):
            agent.choose(seat, ("bid+", seat, k))
    agent.choose(seat, ("lock", seat))
    close()


def knockdown_setup(app):
    """Two people (mouse, right keys) with characters chosen, whose hands make a knockdown possible:
    planned Jab, Uppercut, Block against Block, Hook, Block, event 1 is stopped and event 2's Uppercut
    (2 + 3 from Hammer Hale's trait) beats the Hook (3). Returns (table, red, blue)."""
    setup = {
        "boards": [["Hammer Hale"], ["Kid Lightning"]],
        "decks": [["Jab", "Uppercut", "Block", "Feint"], ["Block", "Hook", "Block", "Jab"]],
    }
    app.settings.animation_speed = 1.0
    table = start(app, TWO_PEOPLE, secrecy="peek", seed=1, setup=setup)
    red, blue = Mouse(app, table), Keys(app, table, "keys-right")
    for seat, agent in ((0, red), (1, blue)):
        close = open_up(app, table, seat, agent)
        agent.choose(seat, ("char", seat, table.session.state.players[seat].dealt[0]))
        close()
    settle(app, table)
    return table, red, blue


def test_events_are_revealed_one_at_a_time_and_a_knockdown_is_shown_big(app):
    table, red, blue = knockdown_setup(app)
    # event 1: Jab vs Block (stopped); event 2: Uppercut (2+3 trait) vs Hook (3): knockdown
    lock_plan(app, table, 0, red, ["Jab", "Uppercut", "Block"])
    assert not table.busy()  # nothing is revealed before both have planned
    lock_plan(app, table, 1, blue, ["Block", "Hook", "Block"])
    st = table.session.state
    assert st.players[0].scores == (10,) and st.players[1].scores == (8,)
    seen, kd_overlay = [], False
    for _ in range(600):
        frames(app, 1)
        n = len(table.ring["events"])
        if not seen or seen[-1] != n:
            seen.append(n)
            if table.busy():  # the corners still show the round before it is scored
                assert table.board_state().players[0].scores == ()
        if table.anim is not None and table.anim["flipped"] and table.anim["e"].get("knockdown", [0])[0]:
            kd_overlay = True
            assert table.shown_knockdowns(0) == 1
        if not table.busy():
            break
    assert seen[:3] == [0, 1, 2]  # one event after the other, and no event 3
    assert kd_overlay
    assert 3 not in table.ring["events"]  # the round ended at the knockdown
    assert table.shown_knockdowns(0) == 1
    assert table.board_state().players[0].scores == (10,)


def test_an_even_round_means_secret_prize_picks_behind_the_curtain(app):
    setup = {
        "boards": [["Kid Lightning"], ["The Anvil"]],
        "decks": [["Block", "Feint", "Block", "Jab"], ["Block", "Feint", "Block", "Jab"]],
        "main": ["Quick Jab", "Parry", "Judge"],
    }
    table = start(app, TWO_PEOPLE, secrecy="curtain", seed=2, setup=setup)
    red, blue = Mouse(app, table), Keys(app, table, "keys-right")
    for seat, agent in ((0, red), (1, blue)):
        settle(app, table)
        close = open_up(app, table, seat, agent)
        agent.choose(seat, ("char", seat, table.session.state.players[seat].dealt[0]))
        close()
    settle(app, table)
    lock_plan(app, table, 0, red, ["Block", "Feint", "Block"])
    settle(app, table)
    lock_plan(app, table, 1, blue, ["Block", "Feint", "Block"])
    settle(app, table)
    st = table.session.state
    assert st.phase == "prize" and st.secret_prize and st.players[0].scores == (10,) == st.players[1].scores
    prizes = st.prizes
    close = open_up(app, table, 0, red)
    red.choose(0, ("prize", 0))
    assert table.session.state.players[0].choice == (0,)
    assert table.curtain_seat() == 1  # Red's pick is hidden: Blue's turn behind the curtain
    close = open_up(app, table, 1, blue)
    blue.choose(1, ("prize", 1))
    settle(app, table)
    st = table.session.state
    drafts = [e for e in st.log if e["type"] == "draft"]
    assert {(e["player"], e["card"]) for e in drafts} == {(0, prizes[0]), (1, prizes[1])}
    assert st.round == 2 and st.phase == "plan"


def test_bids_cannot_pass_the_momentum_held_and_back_takes_a_card_back(app):
    table = start(app, HUMAN_RED, seed=4)
    red = Mouse(app, table)
    settle(app, table)
    red.choose(0, ("char", 0, table.session.state.players[0].dealt[0]))
    settle(app, table)
    have = table.session.state.players[0].momentum
    for _ in range(have + 1):
        red.choose(0, ("bid+", 0, 1))
    assert table.plan(0)["bids"] == [0, have, 0]
    assert "momentum" in table.message  # the extra token was refused, with a reason
    red.choose(0, ("bid-", 0, 1))
    assert table.plan(0)["bids"] == [0, have - 1, 0]
    hand = table.session.state.players[0].hand
    red.choose(0, ("hand", 0, hand[0]))
    red.choose(0, ("hand", 0, hand[1]))
    key(app, "backspace")  # the keyboard takes the last card back
    assert table.plan(0)["slots"] == [hand[0], None, None]
    red.choose(0, ("slot", 0, 0))  # clicking a slotted card takes it back too
    assert table.plan(0)["slots"] == [None, None, None]
    assert not has(table, ("lock", 0))  # three empty slots: Lock in is not offered (its bids may still be cleared)
    assert has(table, ("clear", 0))


def test_a_punch_6_faster_than_a_feint_lets_the_puncher_switch_the_other_stance_by_gamepad(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="gamepad")]
        setup = {
            "boards": [["Kid Lightning"], ["Lola Showtime"]],
            "decks": [["Feint", "Jab", "Block", "Block"], ["Jab", "Block", "Block", "Feint"]],
        }
        table = start(app, seats, secrecy="curtain", seed=6, setup=setup)
        red, blue = Keys(app, table, "keys-left"), Pad(app, table, pad)
        for seat, agent in ((0, red), (1, blue)):
            settle(app, table)
            close = open_up(app, table, seat, agent)
            agent.choose(seat, ("char", seat, table.session.state.players[seat].dealt[0]))
            close()
        settle(app, table)
        lock_plan(app, table, 0, red, ["Feint", "Jab", "Block"])
        settle(app, table)
        lock_plan(app, table, 1, blue, ["Jab", "Block", "Block"], bids=[6, 0, 0])  # Jab 5+6 against Feint 4
        settle(app, table)
        st = table.session.state
        assert st.phase == "reveal" and st.pending == (1, True)
        labels = {h.payload for h in table.hots if isinstance(h.payload, tuple) and h.payload[0] == "stance"}
        assert len(labels) == 4  # keep, switch me, switch Red, switch both
        assert table.curtain_seat() is None  # a public choice: no curtain
        before = [p.stance for p in st.players]
        blue.choose(1, ("stance", 1, False, True))  # force Red to switch, keep Blue's own
        after = [p.stance for p in table.session.state.players]
        assert after[0] != before[0] and after[1] == before[1]
    finally:
        pad.unplug()


def test_the_match_log_opens_scrolls_and_closes_and_blocks_choices_while_open(app):
    table = start(app, HUMAN_RED, seed=4)
    red = Mouse(app, table)
    settle(app, table)
    red.choose(0, ("char", 0, table.session.state.players[0].dealt[0]))
    settle(app, table)
    red.choose(0, ("log",))  # the mouse player's button in the header
    assert table.history_open and any("fights as" in s for s in table.history)
    assert not any(isinstance(h.payload, tuple) and h.payload[0] == "hand" for h in table.hots)
    key(app, "up")
    assert table.history_top in (0, 1)  # scrolls (as far as there is more to see)
    red.choose(0, ("close-log",))
    assert not table.history_open
    key(app, "h")  # and the H key
    assert table.history_open
    key(app, "backspace")
    assert not table.history_open
    assert any(isinstance(h.payload, tuple) and h.payload[0] == "hand" for h in table.hots)


def test_a_big_window_scales_the_table_and_the_mouse_still_plays():
    app = make_app((1920, 1080))
    app.settings.animation_speed = SPEED
    try:
        table = start(app, HUMAN_RED, seed=8, rounds=3)
        red = Mouse(app, table)
        red.choose(0, ("char", 0, table.session.state.players[0].dealt[0]))
        settle(app, table)
        card = next(h for h in table.hots if isinstance(h.payload, tuple) and h.payload[0] == "hand")
        assert (card.rect.w, card.rect.h) == (141, 210)  # 94x140 design units, times 1.5
        play_match(app, table, {0: red})
        assert len(table.session.state.players[0].scores) >= 1 and table.session.outcome() is not None
    finally:
        pygame.quit()


def test_a_judge_too_dear_is_refused_with_a_reason_and_an_affordable_prize_is_drafted_by_dragging(app):
    setup = {
        "boards": [["Kid Lightning"], ["The Anvil"]],
        "decks": [["Jab", "Jab", "Block", "Feint"], ["Feint", "Block", "Block", "Jab"]],
        "main": ["Chief Judge", "Quick Jab", "Parry"],
    }
    table = start(app, TWO_PEOPLE, secrecy="peek", seed=12, setup=setup)
    red, blue = Mouse(app, table), Keys(app, table, "keys-right")
    for seat, agent in ((0, red), (1, blue)):
        close = open_up(app, table, seat, agent)
        agent.choose(seat, ("char", seat, table.session.state.players[seat].dealt[0]))
        close()
    settle(app, table)
    lock_plan(app, table, 0, red, ["Jab", "Jab", "Block"])  # the first Jab lands on the Feint
    lock_plan(app, table, 1, blue, ["Feint", "Block", "Block"])
    settle(app, table)
    assert table.session.state.phase == "reveal"
    red.choose(0, ("stance", 0, False, False))
    settle(app, table)
    st = table.session.state
    assert st.phase == "prize" and st.prize_order[0] == 0 and st.players[0].momentum < 4
    judge, jab = st.prizes[0], st.prizes[1]
    red.drop(0, ("prize", 0), ("corner", 0))
    assert table.session.state is st and "momentum" in table.message  # refused, and why
    settle(app, table)  # the card slides back
    red.drop(0, ("prize", 1), ("corner", 0))
    st = table.session.state
    assert jab in st.players[0].discard and judge in st.prizes


def test_against_the_computer_the_controls_line_names_every_device_and_each_one_works(app):
    """Playtest: one person against the computer, set up with the default "plays with: Mouse", may
    use any device, but the sheet's line named only the mouse, so a keyboard or pad player was
    never told their keys. The line names the keys and the pad, and the keys and buttons it names
    do what it says."""
    from tabletop.games.boxing_the_game.table.sheet import controls_hint

    pad = VirtualPad()
    try:
        frames(app, 2)
        table = start(app, [Seat("Ana", "human", scheme="mouse"), Seat("Ben", "computer", level="easy")])
        settle(app, table)
        hint = controls_hint(table)
        for named in ("Click", "arrows", "Enter", "D-pad + A", "Backspace/B", "H/X"):
            assert named in hint
        assert table.focused(0) is not None and table.show_focus[0]  # no mouse used yet: the focus shows
        log = len(table.session.record.actions)
        key(app, "return")  # and Enter chooses what it shows
        assert len(table.session.record.actions) == log + 1
        key(app, "h")
        assert table.history_open
        key(app, "h")
        pad.press(app, "x")
        frames(app, 2)
        assert table.history_open
    finally:
        pad.unplug()
