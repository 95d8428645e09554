"""Punch! table: whole matches played through the real scene with synthetic
mouse, keyboard and a real SDL virtual gamepad; secrecy on one screen
(R-PUN-9); every phase (redeal R-PUN-3, draft R-PUN-5, exchange R-PUN-7,
Robo-Box R-PUN-8, breaks R-PUN-4) playable."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Seat, Session
from tests.ui_helpers import VirtualPad, click, drag, frames, key, key_down, key_up, make_app, top

SPEED = 4.0


@pytest.fixture
def app():
    a = make_app()
    a.settings["animation_speed"] = SPEED
    yield a
    pygame.quit()


def start(app, seats, secrecy="curtain", seed=3, setup=None, **options):
    app.settings["secrecy"] = secrecy
    spec = registry.get("punch")
    opts = {"matches_to_win": 1}
    opts.update(options)
    session = Session.new(spec, seats, opts, seed=seed, setup=setup, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    return table


def settle(app, table, limit=400):
    """Let the reveal animation (and any computer) finish."""
    for _ in range(limit):
        st = table.session.state
        if not table.busy() and (table.session.outcome() is not None
                                 or any(st.waiting[s] for s in table.humans)):
            break
        frames(app, 1, dt=16)
    frames(app, 1)


def hot(table, payload):
    return next(h for h in table.hots if h.payload == payload)


def button(table, label_start, seat=None):
    return next(h for h in table.hots if h.kind == "button" and str(h.payload).startswith(label_start)
                and (seat is None or h.seat in (None, seat)))


def has_button(table, label_start):
    return any(h.kind == "button" and str(h.payload).startswith(label_start) for h in table.hots)


def hand_codes(table, seat):
    from tabletop.games.punch.resolve import CODES
    return [CODES[k] for k, n in enumerate(table.session.state.hands[seat]) if n]


HUMAN_BOT = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "computer", level="easy")]


# -- against the computer, with the mouse ------------------------------------------------

def test_mouse_plays_a_whole_match_against_the_computer(app):
    table = start(app, HUMAN_BOT, secrecy="curtain")
    assert table.secrecy.mode == "open"      # against the computer the hand is simply shown
    st = table.session.state
    clicks = drags = 0
    while table.session.outcome() is None:
        settle(app, table)
        st = table.session.state
        if st.phase == "game_over":
            break
        if st.phase in ("break", "match_over"):
            click(app, button(table, "Red: ready").rect.center)
            continue
        if st.phase == "redeal":
            click(app, button(table, "Keep this hand").rect.center)
            continue
        assert st.phase == "choose" and st.waiting[0]
        code = hand_codes(table, 0)[0]
        before = sum(st.played[0]) + sum(st.hands[0])
        if (clicks + drags) % 2:
            drag(app, hot(table, ("hand", 0, code)).rect.center, next(
                h for h in table.hots if h.payload == ("slot", 0)).rect.center)
            drags += 1
        else:
            click(app, hot(table, ("hand", 0, code)).rect.center)
            clicks += 1
        now = table.session.state
        assert now is not st, "the card was not laid"
        assert sum(now.hands[0]) == sum(st.hands[0]) - 1 or now.phase != st.phase or now.match != st.match
        assert before
    settle(app, table)
    frames(app, 2)
    assert table.session.state.phase == "game_over"
    assert clicks > 5 and drags > 5, (clicks, drags)
    assert len(table.session.state.history) == 1
    # the result panel names the winner
    head, why = table.result_text()
    assert "wins the game" in head


# -- two people on one screen ------------------------------------------------------------

class Keys:
    """One person on a half of the keyboard."""

    def __init__(self, app, scheme):
        self.app = app
        left = scheme == "keys-left"
        self.dirs = {"up": "w", "down": "s", "left": "a", "right": "d"} if left else \
            {"up": "up", "down": "down", "left": "left", "right": "right"}
        self.ok = "space" if left else "return"
        self.peek_key = "tab" if left else "right ctrl"
        self.back_key = "left shift" if left else "backspace"
        self.history_key = "e" if left else "o"

    def move(self, d):
        key(self.app, self.dirs[d])

    def confirm(self):
        key(self.app, self.ok)

    def back(self):
        key(self.app, self.back_key)

    def peek(self, down):
        (key_down if down else key_up)(self.app, self.peek_key)

    def history(self):
        key(self.app, self.history_key)


class Pad:
    """One person with a real (virtual) SDL gamepad."""

    def __init__(self, app, pad):
        self.app, self.pad = app, pad

    def move(self, d):
        self.pad.press(self.app, "dp" + d)

    def confirm(self):
        self.pad.press(self.app, "a")

    def back(self):
        self.pad.press(self.app, "b")

    def peek(self, down):
        self.pad.button("y", down)
        frames(self.app, 2)

    def history(self):
        self.pad.press(self.app, "x")


def focus_on(table, seat, agent, payload, limit=30):
    """Walk the seat's focus to ``payload`` with its own direction buttons."""
    for _ in range(limit):
        cur = table.focused(seat)
        if cur is not None and cur.payload == payload:
            return
        target = hot(table, payload)
        dx = target.rect.centerx - cur.rect.centerx
        dy = target.rect.centery - cur.rect.centery
        if abs(dy) > target.rect.h // 2:
            agent.move("down" if dy > 0 else "up")
        else:
            agent.move("right" if dx > 0 else "left")
    raise AssertionError(f"could not reach {payload}; focus is on {table.focused(seat).payload}")


def open_hand(app, table, seat, agent):
    """Curtain: ask for the cards; peek: hold the peek control. Returns a closer."""
    if table.secrecy.mode == "curtain":
        assert table.curtain_seat() == seat, (table.secrecy.shown, table.session.state.phase, table.session.state.play, table.busy(), table.history_open)
        assert not any(h.payload[0] == "hand" for h in table.hots if isinstance(h.payload, tuple))
        assert str(table.focused(seat).payload).startswith("Show ")
        agent.confirm()
        assert table.secrecy.shown == seat
        return lambda: None
    assert not any(isinstance(h.payload, tuple) and h.payload[0] == "hand" and h.payload[1] == seat
                   for h in table.hots), "a hand is pointable while its owner is not peeking"
    agent.peek(True)
    assert table.secrecy.visible(seat)
    return lambda: agent.peek(False)


def pick_code(table, seat, turn):
    codes = hand_codes(table, seat)
    return codes[(turn * 7 + seat) % len(codes)]


def choose_card(app, table, seat, agent, turn):
    close = open_hand(app, table, seat, agent)
    code = pick_code(table, seat, turn)
    focus_on(table, seat, agent, ("hand", seat, code))
    st = table.session.state
    agent.confirm()
    close()
    now = table.session.state
    assert now is not st
    if now.waiting[1 - seat] and now.phase == "choose" and now.play == st.play:
        from tabletop.games.punch.resolve import INDEX
        assert now.choice[seat] == INDEX[code]
    else:   # this commit revealed the pair
        reveal = [e for e in now.log if e.get("type") == "reveal"][-1]
        assert reveal["cards"][seat] == code


def play_whole_match(app, table, agents):
    turn = 0
    while table.session.outcome() is None:
        settle(app, table)
        st = table.session.state
        if st.phase == "game_over":
            break
        seat = next(s for s in (0, 1) if st.waiting[s])
        agent = agents[seat]
        if st.phase in ("break", "match_over"):
            assert table.secrecy.shown is None
            focus_on(table, seat, agent, button(table, f"{table.names[seat]}: ready", seat).payload)
            agent.confirm()
            now = table.session.state
            assert not now.waiting[seat] or now.phase != st.phase
        elif st.phase == "redeal":
            close = open_hand(app, table, seat, agent)
            focus_on(table, seat, agent, "Keep this hand")
            agent.confirm()
            close()
            assert {"type": "keep", "seat": seat} in table.session.state.log
        else:
            assert st.phase == "choose"
            choose_card(app, table, seat, agent, turn)
            turn += 1
    return turn


def test_two_keyboards_play_a_whole_match_behind_the_curtain(app):
    seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="keys-right")]
    table = start(app, seats, secrecy="curtain", seed=11)
    assert table.secrecy.mode == "curtain"
    turns = play_whole_match(app, table, {0: Keys(app, "keys-left"), 1: Keys(app, "keys-right")})
    st = table.session.state
    assert st.phase == "game_over" and len(st.history) >= 1 and turns >= 2 * min(10, st.play - 1)
    assert sum(sum(p) for p in st.played) > 0
    assert any(e["type"] == "break" for e in st.log), "the match should reach a break"


def test_keyboard_and_gamepad_play_a_whole_match_peeking(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="gamepad")]
        table = start(app, seats, secrecy="peek", seed=5)
        assert top(app) is table and table.secrecy.mode == "peek"
        play_whole_match(app, table, {0: Keys(app, "keys-left"), 1: Pad(app, pad)})
        st = table.session.state
        assert st.phase == "game_over" and any(e["type"] == "break" for e in st.log)
    finally:
        pad.unplug()
