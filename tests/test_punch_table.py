"""Punch! table: whole matches played through the real scene with synthetic
mouse, keyboard and a real SDL virtual gamepad; secrecy on one screen
(R-PUN-9); every phase (redeal R-PUN-3, draft R-PUN-5, exchange R-PUN-7,
Robo-Box R-PUN-8, breaks R-PUN-4) playable."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.games.punch.rules.resolve import INDEX
from tabletop.session import Seat, Session
from tests.focus_helpers import walk_to
from tests.ui_helpers import (
    KeyboardHalf,
    PadPlayer,
    VirtualPad,
    click,
    drag,
    frames,
    key,
    key_down,
    key_up,
    make_app,
    pass_beat,
    top,
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
        pass_beat(app, table)
        st = table.session.state
        if not table.busy() and (table.session.outcome() is not None or any(st.waiting[s] for s in table.humans)):
            break
        frames(app, 1, dt=16)
    frames(app, 1)
    pass_beat(app, table)


def hot(table, payload):
    return next(h for h in table.hots if h.payload == payload)


def button(table, label_start, seat=None):
    return next(
        h
        for h in table.hots
        if h.kind == "button" and str(h.payload).startswith(label_start) and (seat is None or h.seat in (None, seat))
    )


def has_button(table, label_start):
    return any(h.kind == "button" and str(h.payload).startswith(label_start) for h in table.hots)


def hand_codes(table, seat):
    from tabletop.games.punch.rules.resolve import CODES

    return [CODES[k] for k, n in enumerate(table.session.state.hands[seat]) if n]


HUMAN_BOT = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "computer", level="easy")]


# -- against the computer, with the mouse ------------------------------------------------


def test_mouse_plays_a_whole_match_against_the_computer(app):
    table = start(app, HUMAN_BOT, secrecy="curtain")
    assert table.secrecy.mode == "open"  # against the computer the hand is simply shown
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
        if (clicks + drags) % 2:
            drag(
                app,
                hot(table, ("hand", 0, code)).rect.center,
                next(h for h in table.hots if h.payload == ("slot", 0)).rect.center,
            )
            drags += 1
        else:
            click(app, hot(table, ("hand", 0, code)).rect.center)
            clicks += 1
        now = table.session.state
        laid = now.choice[0] == INDEX[code] or [e for e in now.log if e.get("type") == "reveal"][-1]["cards"][0] == code
        assert now is not st and laid, "the card was not laid"
    settle(app, table)
    frames(app, 2)
    assert table.session.state.phase == "game_over"
    assert clicks > 5 and drags > 5, (clicks, drags)
    assert len(table.session.state.history) == 1
    # the result panel names the winner
    head, why = table.result_text()
    assert "wins the game" in head
    # look at the table afterwards and scroll back through the match's plays
    frames(app, 20)  # the result lets presses go for a moment (ui.scene GUARD_MS)
    look = next(it for it in table.result_menu.items if it.label == "Look at the table")
    click(app, look.rect.center)
    assert table.result_dismissed
    click(app, button(table, "Match history").rect.center)
    assert table.history_open and len(table.history_lines[1]) > 22
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    frames(app, 2)
    assert table.history_page == 6


# -- two people on one screen ------------------------------------------------------------

Keys = KeyboardHalf


Pad = PadPlayer


def focus_on(table, seat, agent, payload, limit=60):
    """Walk the seat's focus to ``payload`` with its own buttons (tests.focus_helpers)."""
    walk_to(table, seat, agent, payload, limit)


def open_hand(app, table, seat, agent):
    """Curtain: ask for the cards; peek: hold the peek control. Returns a closer."""
    if table.secrecy.mode == "curtain":
        assert table.curtain_seat() == seat
        assert not any(h.payload[0] == "hand" for h in table.hots if isinstance(h.payload, tuple))
        assert str(table.focused(seat).payload).startswith("Show ")
        agent.confirm()
        assert table.secrecy.shown == seat
        return lambda: None
    assert not any(
        isinstance(h.payload, tuple) and h.payload[0] == "hand" and h.payload[1] == seat for h in table.hots
    ), "a hand is pointable while its owner is not peeking"
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
        assert now.choice[seat] == INDEX[code]
    else:  # this commit revealed the pair
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


# -- nothing on screen tells which card was laid (R-PUN-9) --------------------------------


def _screen_after_red_commits(secrecy, code_index):
    app = make_app()
    app.settings.animation_speed = SPEED
    try:
        seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="keys-right")]
        table = start(app, seats, secrecy=secrecy, seed=21)
        red = Keys(app, "keys-left")
        close = open_hand(app, table, 0, red)
        code = hand_codes(table, 0)[code_index]
        focus_on(table, 0, red, ("hand", 0, code))
        red.confirm()
        close()
        frames(app, 3)
        assert table.session.state.choice[0] == INDEX[code]
        assert not any(isinstance(h.payload, tuple) and h.payload[1] == 0 for h in table.hots)
        return code, pygame.image.tobytes(app.screen, "RGB")
    finally:
        pygame.quit()


@pytest.mark.parametrize("secrecy", ["curtain", "peek"])
def test_the_screen_is_the_same_whichever_card_was_laid(secrecy):
    code_a, shot_a = _screen_after_red_commits(secrecy, 0)
    code_b, shot_b = _screen_after_red_commits(secrecy, -1)
    assert code_a != code_b
    assert shot_a == shot_b


# -- the other phases ------------------------------------------------------------------------


def test_mouse_drafts_and_programs_a_robo_box_row_against_the_computer(app):
    from tabletop.games.punch.rules.resolve import CODES

    table = start(app, HUMAN_BOT, mode="advanced", robo_box=True)
    st = table.session.state
    assert st.phase == "draft" and table.can_act(0)
    want = ["p1", "p1", "p2", "p2", "p3", "p3", "nothing", "block", "dodge", "dodge"]
    for i, code in enumerate(want):
        src = hot(table, ("hand", 0, code)).rect.center
        if i % 3 == 0:
            drag(app, src, next(h for h in table.hots if h.payload == ("pile", 0)).rect.center)
        else:
            click(app, src)
    assert sorted(table.selection(0)) == sorted(want)
    click(app, hot(table, ("picked", 0, "dodge")).rect.center)  # one goes back
    assert not has_button(table, "Fight with these")  # 9 picked: not yet
    assert len(table.selection(0)) == 9
    click(app, hot(table, ("hand", 0, "block")).rect.center)
    click(app, button(table, "Fight with these 10").rect.center)
    settle(app, table)
    st = table.session.state
    assert st.phase == "program"
    assert list(st.hands[0]) == [2, 2, 2, 1, 2, 1]
    row = ["p3", "block", "dodge", "p1", "p2"]
    for i, code in enumerate(row):
        src = hot(table, ("hand", 0, code)).rect.center
        if i % 2:
            click(app, src)
        else:
            drag(app, src, next(h for h in table.hots if h.payload == ("prog", 0, i)).rect.center)
    assert table.selection(0) == row
    click(app, button(table, "Lay out these 5").rect.center)
    assert table.busy() or table.session.state.waiting[1]
    settle(app, table)
    reveals = [e for e in table.session.state.log if e.get("type") == "reveal"]
    assert [e["cards"][0] for e in reveals] == row[: len(reveals)] and len(reveals) >= 1
    assert CODES


def test_keyboard_exchanges_and_swaps_while_the_gamepad_keeps_its_cards(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="gamepad")]
        table = start(app, seats, secrecy="curtain", seed=8, exchange=True)
        red, blue = Keys(app, "keys-left"), Pad(app, pad)
        settle(app, table)
        if table.session.state.phase == "redeal":
            for seat, agent in ((0, red), (1, blue)):
                if table.session.state.waiting[seat]:
                    open_hand(app, table, seat, agent)
                    focus_on(table, seat, agent, "Keep this hand")
                    agent.confirm()
        assert table.session.state.phase == "exchange"
        open_hand(app, table, 0, red)
        first, last = hand_codes(table, 0)[0], hand_codes(table, 0)[-1]
        for code in (first, last):
            focus_on(table, 0, red, ("hand", 0, code))
            red.confirm()
        assert sorted(table.selection(0)) == sorted([first, last])
        red.back()  # Shift takes the last pick back
        assert table.selection(0) == [first]
        focus_on(table, 0, red, ("hand", 0, last))
        red.confirm()
        focus_on(table, 0, red, "Exchange 2")
        red.confirm()
        assert {"type": "exchange", "seat": 0, "count": 2} in table.session.state.log
        open_hand(app, table, 1, blue)
        focus_on(table, 1, blue, "Keep all my cards")
        blue.confirm()
        assert {"type": "exchange", "seat": 1, "count": 0} in table.session.state.log
        settle(app, table)
        st = table.session.state
        assert st.phase == "choose"
        open_hand(app, table, 0, red)
        focus_on(table, 0, red, "Swap a card")
        red.confirm()
        code = hand_codes(table, 0)[0]
        focus_on(table, 0, red, ("hand", 0, code))
        red.confirm()
        st = table.session.state
        assert st.swapped[0] and st.log[-1]["type"] == "swap" and st.waiting[0]
        assert table.secrecy.shown == 0  # still Red's turn to choose
        code = hand_codes(table, 0)[0]
        focus_on(table, 0, red, ("hand", 0, code))
        red.confirm()
        assert table.session.state.choice[0] is not None
        choose_card(app, table, 1, blue, 0)
        assert [e for e in table.session.state.log if e.get("type") == "reveal"][-1]["cards"][0] == code
    finally:
        pad.unplug()


def test_gamepad_drafts_and_programs_while_the_keyboard_peeks(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="gamepad")]
        table = start(app, seats, secrecy="peek", seed=4, mode="advanced", robo_box=True)
        agents = {0: Keys(app, "keys-left"), 1: Pad(app, pad)}
        picks = {0: ["block"] * 5 + ["dodge"] * 5, 1: ["p3"] * 5 + ["p2"] * 5}
        for seat in (0, 1):
            close = open_hand(app, table, seat, agents[seat])
            for code in picks[seat]:
                focus_on(table, seat, agents[seat], ("hand", seat, code))
                agents[seat].confirm()
            focus_on(table, seat, agents[seat], "Fight with these 10")
            agents[seat].confirm()
            close()
        settle(app, table)
        st = table.session.state
        assert st.phase == "program"
        assert list(st.hands[0]) == [0, 0, 0, 0, 5, 5] and list(st.hands[1]) == [0, 5, 5, 0, 0, 0]
        rows = {0: ["dodge", "block", "dodge", "block", "dodge"], 1: ["p3", "p3", "p2", "p3", "p2"]}
        for seat in (0, 1):
            close = open_hand(app, table, seat, agents[seat])
            for code in rows[seat]:
                focus_on(table, seat, agents[seat], ("hand", seat, code))
                agents[seat].confirm()
            focus_on(table, seat, agents[seat], "Lay out these 5")
            agents[seat].confirm()
            close()
        assert table.busy()
        settle(app, table)
        reveals = [e for e in table.session.state.log if e.get("type") == "reveal"]
        assert [e["cards"] for e in reveals] == [list(p) for p in zip(rows[0], rows[1], strict=True)][: len(reveals)]
        assert table.session.state.stamina[1] < 10  # Red's dodges sent Blue's punches back
    finally:
        pad.unplug()


def _deck_with_four_blocks_on_top():
    from tabletop.games.punch.rules.resolve import CODES, TOTALS

    rest = [c for c, n in zip(CODES, TOTALS, strict=True) for _ in range(n)]
    top = ["block"] * 4 + ["p1", "p2", "p3", "nothing", "dodge", "p2"]
    for c in top:
        rest.remove(c)
    red = top + rest
    blue = [c for c, n in zip(CODES, TOTALS, strict=True) for _ in range(n)]
    blue = blue[::2] + blue[1::2]
    return {"decks": [red, blue]}


def test_keyboard_shows_a_hand_of_four_and_redeals(app):
    seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="keys-right")]
    table = start(app, seats, secrecy="curtain", setup=_deck_with_four_blocks_on_top())
    st = table.session.state
    assert st.phase == "redeal" and st.waiting == (True, False)
    red = Keys(app, "keys-left")
    open_hand(app, table, 0, red)
    focus_on(table, 0, red, button(table, "Show Block").payload)
    red.confirm()
    assert any(e["type"] == "redeal" and e["seat"] == 0 for e in table.session.state.log)


def test_history_opens_and_closes_with_keys_and_pad(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="gamepad")]
        table = start(app, seats, secrecy="curtain")
        Keys(app, "keys-left").history()
        assert table.history_open
        assert not any(isinstance(h.payload, tuple) for h in table.hots)
        Pad(app, pad).history()
        assert not table.history_open
        Pad(app, pad).history()
        assert table.history_open
        Keys(app, "keys-left").back()
        assert not table.history_open
    finally:
        pad.unplug()


def test_history_opens_with_the_mouse_and_h_against_the_computer(app):
    table2 = start(app, HUMAN_BOT)
    click(app, button(table2, "Match history").rect.center)
    assert table2.history_open
    click(app, button(table2, "Close").rect.center)
    assert not table2.history_open
    key(app, "h")
    assert table2.history_open


def test_mouse_and_keyboard_people_share_the_screen_peeking(app):
    """Red plays with the mouse (holding ` to peek), Blue with the right-hand keys."""
    seats = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "human", scheme="keys-right")]
    table = start(app, seats, secrecy="peek", seed=9)
    blue = Keys(app, "keys-right")
    for turn in range(4):
        settle(app, table)
        st = table.session.state
        assert not any(isinstance(h.payload, tuple) and h.payload[1] == 0 for h in table.hots)
        click(app, (300, 480))  # clicking a face-down hand does nothing
        assert table.session.state is st
        key_down(app, "`")
        code = pick_code(table, 0, turn)
        if turn % 2:
            click(app, hot(table, ("hand", 0, code)).rect.center)
        else:
            drag(
                app,
                hot(table, ("hand", 0, code)).rect.center,
                next(h for h in table.hots if h.payload == ("slot", 0)).rect.center,
            )
        key_up(app, "`")
        assert table.session.state.choice[0] == INDEX[code]
        # the pointer does not stay over the column of the card laid
        assert pygame.mouse.get_pos() == app.vp.p(640, 250)
        choose_card(app, table, 1, blue, turn)
        reveal = [e for e in table.session.state.log if e.get("type") == "reveal"][-1]
        assert reveal["cards"][0] == code and reveal["play"] == turn + 1
    settle(app, table)
    assert table.session.state.play == 5
    # the history lists every play so far, and scrolls
    blue.history()
    assert table.history_open
    assert sum(line.startswith("Round 1, play") for line in table.history_lines[1]) == 4
    blue.back()
    assert not table.history_open


def test_a_peek_key_let_go_during_the_pause_hides_the_cards_again(app):
    seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="keys-right")]
    table = start(app, seats, secrecy="peek")
    key_down(app, "tab")
    assert table.secrecy.visible(0) and any(h.payload == ("hand", 0, hand_codes(table, 0)[0]) for h in table.hots)
    key(app, "escape")
    assert type(top(app)).__name__ == "PauseScene"
    key_up(app, "tab")
    top(app).resume()
    frames(app, 2)
    assert top(app) is table
    assert not table.secrecy.visible(0)
    assert not any(isinstance(h.payload, tuple) and h.payload[:2] == ("hand", 0) for h in table.hots)


def test_a_gamepad_alone_plays_blue_against_the_computer(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "computer", level="strong"), Seat("Blue", "human", scheme="gamepad")]
        table = start(app, seats, secrecy="peek", seed=12)
        assert table.secrecy.mode == "open" and table.shared_input
        agent = Pad(app, pad)
        for turn in range(6):
            settle(app, table)
            st = table.session.state
            if st.phase == "redeal":
                focus_on(table, 1, agent, "Keep this hand")
                agent.confirm()
                continue
            assert st.phase == "choose" and st.waiting[1]
            assert any(h.payload[:2] == ("hand", 1) for h in table.hots if isinstance(h.payload, tuple))
            code = pick_code(table, 1, turn)
            focus_on(table, 1, agent, ("hand", 1, code))
            agent.confirm()
            assert table.session.state.choice[1] is not None or table.session.state.play > st.play
        settle(app, table)
        assert sum(table.session.state.played[1]) >= 5
        agent.history()
        assert table.history_open
    finally:
        pad.unplug()


def test_both_cards_turn_together_and_the_meters_move_when_they_do(app):
    from tabletop.games.punch.rules.resolve import CODES, TOTALS

    full = [c for c, n in zip(CODES, TOTALS, strict=True) for _ in range(n)]
    red = sorted(full, key=lambda c: c != "p3")  # Punch 3s on top
    blue = sorted(full, key=lambda c: c != "nothing")  # Do Nothings on top
    seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="keys-right")]
    table = start(app, seats, secrecy="curtain", setup={"decks": [red, blue]})
    if table.session.state.phase == "redeal":  # both hands qualify: keep them
        for seat, agent in ((0, Keys(app, "keys-left")), (1, Keys(app, "keys-right"))):
            open_hand(app, table, seat, agent)
            focus_on(table, seat, agent, "Keep this hand")
            agent.confirm()
    for seat, agent, code in ((0, Keys(app, "keys-left"), "p3"), (1, Keys(app, "keys-right"), "nothing")):
        open_hand(app, table, seat, agent)
        focus_on(table, seat, agent, ("hand", seat, code))
        agent.confirm()
    assert table.session.state.stamina == (10, 7)  # the rules have resolved the pair...
    assert table.busy() and table.shown_stamina() == (10, 10)  # ...but the cards have not turned yet
    assert "Blue loses 3" not in " ".join(table.caption)
    frames(app, 12, dt=16)
    assert table.anim is not None and table.anim["flipped"]
    assert table.shown_stamina() == (10, 7)
    assert table.caption[0] == "Red's Punch 3 catches Blue doing nothing: Blue loses 3 stamina (7 left)."
    settle(app, table)
    assert not table.busy()


def test_the_table_message_box_and_the_secrecy_curtain_hide_what_is_under_them():
    """Playtest: the table's message box and the 'please look away' curtain were nearly opaque, so
    the table's texts showed through as grey ghosts. Drawn over black and over white they are the same."""
    app = make_app()
    try:
        spec = registry.get("punch")
        session = Session.new(spec, [Seat("Ana", "human"), Seat("Ben", "human")], seed=2, autosave=False)
        table = spec.make_table(app, session)
        app.push(table)
        vp = app.vp
        for draw, inside in (
            (lambda s: table.draw_message(s, vp, "A message for the table"), vp.r(540, 350, 200, 20)),
            (lambda s: table.secrecy.draw_curtain(s, vp, 0), vp.r(300, 210, 680, 260)),
        ):
            seen = []
            for ground in ((0, 0, 0), (255, 255, 255)):
                surf = pygame.Surface(app.screen.get_size())
                surf.fill(ground)
                draw(surf)
                seen.append(pygame.image.tobytes(surf.subsurface(inside), "RGB"))
            assert seen[0] == seen[1]
    finally:
        pygame.quit()
