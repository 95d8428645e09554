"""The JAB table driven headless through the whole program: synthetic mouse
and keyboard events and a real SDL virtual gamepad move the four hands,
take, carry and let go of cards and make claims (R-JAB-5, R-JAB-6, R-JAB-8,
R-JAB-12, R-JAB-16); the checks are on the game state."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.core.game import Refused
from tabletop.games.jab.rules import content as C
from tabletop.games.jab.rules.actions import Place, Take
from tabletop.games.jab.rules.hands import RECTS, inside
from tabletop.games.jab.table import hud
from tabletop.session import Seat, Session
from tabletop.ui.pause import PauseScene, ReconnectScene
from tests.jab_helpers import decks
from tests.ui_helpers import VirtualPad, busy_app, cut_words, drag, frames, key, key_down, key_up, make_app, top

UNIT = 80  # design pixels per table unit; the tests run at 1280x720, one design pixel per pixel


@pytest.fixture
def app():
    a = make_app()
    yield a
    pygame.quit()


def start(
    app, red="keys-left", blue="keys-right", options=None, setup=None, seed=11, ready=True, names=("Red", "Blue")
):
    spec = registry.get("jab")
    seats = [
        Seat(names[0], "human", scheme=red) if red != "computer" else Seat(names[0], "computer", level="hard"),
        Seat(names[1], "human", scheme=blue) if blue != "computer" else Seat(names[1], "computer", level="hard"),
    ]
    opts = {"countdown_ms": 0}
    opts.update(options or {})
    session = Session.new(spec, seats, opts, seed=seed, setup=setup, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    if ready:
        for seat in (0, 1):
            if session.seats[seat].kind == "human":
                table.ready(seat)
        for _ in range(120):  # a computer gets ready after its reaction time
            if session.state.phase == "playing":
                break
            frames(app)
        assert session.state.phase == "playing"
    return table, session


def px(name):
    x, y = RECTS[name][:2]
    return (int(x * UNIT), int(y * UNIT))


def hand_in(table, seat, h, name):
    return inside(name, *table.hands.at(seat, h))


def steer_keys(app, table, seat, h, name, keys, limit=120, then=None):
    """Hold direction keys (up, left, down, right) until the hand is over ``name``; ``then(held keys)``
    runs there before the keys are let go."""
    held = set()
    for _ in range(limit):
        if hand_in(table, seat, h, name):
            break
        x, y = table.hands.at(seat, h)
        tx, ty = RECTS[name][:2]
        want = set()
        if tx - x > 0.2:
            want.add(keys[3])
        elif x - tx > 0.2:
            want.add(keys[1])
        if ty - y > 0.2:
            want.add(keys[2])
        elif y - ty > 0.2:
            want.add(keys[0])
        for k in held - want:
            pygame.event.post(
                pygame.event.Event(pygame.KEYUP, key=pygame.key.key_code(k), mod=0, unicode="", scancode=0)
            )
        for k in want - held:
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(k), mod=0, unicode="", scancode=0)
            )
        held = want
        frames(app)
    assert hand_in(table, seat, h, name)
    if then is not None:
        then(held)
    for k in held:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.key.key_code(k), mod=0, unicode="", scancode=0))
    frames(app)


def act(table, action):
    """Test set-up moves through the table's own submit (and its clock); they must be accepted."""
    res = table.submit(action)
    assert not isinstance(res, Refused), res.reason
    return res


def play_out(app, table, session, target_of):
    """Both boxers take with every hand that can, wait, and place where ``target_of(player, hand, state)``
    says, until the round is over; hands get time to travel both ways."""
    while session.state.phase == "playing":
        st = session.state
        for p in (0, 1):
            for h, hand in ((0, "left"), (1, "right")):
                if st.decks[p * 2 + h] and st.held[p * 2 + h] is None:
                    act(table, Take(player=p, hand=hand, t=table.t))
        frames(app, 12)
        for p in (0, 1):
            for h, hand in ((0, "left"), (1, "right")):
                st = session.state
                if st.phase == "playing" and st.held[p * 2 + h] is not None:
                    act(table, Place(player=p, hand=hand, target=target_of(p, h, st), t=table.t))
        frames(app, 12)


RED_LEFT = ("w", "a", "s", "d")  # keys-left: left hand
RED_RIGHT = ("t", "f", "g", "h")  # keys-left: right hand


# -- R-JAB-5: hands ---------------------------------------------------------------------


def test_right_hand_cannot_take_from_the_left_deck(app):
    table, session = start(app)
    before = session.state.decks

    def take_there(held):
        assert hand_in(table, 0, 1, "p0.deck.left")
        key(app, "space")  # Red's right-hand take key, over the left deck

    steer_keys(app, table, 0, 1, "p0.deck.left", RED_RIGHT, then=take_there)
    st = session.state
    assert st.decks == before and st.held[0] is None and st.held[1] is None
    assert "only from your right deck" in table.notes[0][0]
    frames(app, 30)  # let go there, the right hand does not rest on the left deck: it slides off
    assert not hand_in(table, 0, 1, "p0.deck.left")
    key(app, "left shift")  # the left hand, still over its own deck, does take
    assert session.state.held[0] is not None and session.state.held[0][0] == before[0][-1]


def test_keyboard_hand_punches_the_opponent(app):
    table, session = start(app)
    card = session.state.decks[0][-1]
    key(app, "left shift")
    assert session.state.held[0][0] == card
    steer_keys(app, table, 0, 0, "p1.head", RED_LEFT)
    key(app, "left shift")
    st = session.state
    assert st.held[0] is None and st.piles[4][-1] == card


def test_mouse_drag_from_deck_to_target_places_the_card(app):
    table, session = start(app, red="mouse")
    card = session.state.decks[0][-1]
    drag(app, px("p0.deck.left"), px("p1.right"), steps=4)
    frames(app, 40)  # the hand follows at the top speed, never jumps
    st = session.state
    assert st.held[0] is None
    assert st.piles[3 + 2][-1] == card  # Blue's right body


def test_mouse_release_away_from_targets_sends_the_card_back(app):
    table, session = start(app, red="mouse")
    deck_before = session.state.decks[0]
    drag(app, px("p0.deck.left"), (640, 640), steps=4)  # empty table between the decks
    frames(app, 40)
    st = session.state
    assert st.held[0] is None and st.decks[0] == deck_before
    assert all(not p for p in st.piles)
    assert table.card_flights or "back" in table.notes[0][0]


def test_mouse_hand_moves_at_a_bounded_speed(app):
    table, session = start(app, red="mouse")
    start_pos = table.hands.at(0, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1200, 60), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    x, y = table.hands.at(0, 0)
    moved = ((x - start_pos[0]) ** 2 + (y - start_pos[1]) ** 2) ** 0.5
    assert 0 < moved <= 16 / 350 * 16 + 1e-6  # one 16 ms frame at the table width in 0.35 s
    frames(app, 30)
    assert abs(table.hands.at(0, 0)[0] - 15.0) < 0.01


def test_right_click_carries_with_the_right_hand_and_a_block_needs_a_match(app):
    # Blue punches Red's head with a blue Jab; Red's right deck starts with a red Cross (no match)
    setup = {"decks": decks(p0_right=["red cross", "yellow jab"], p1_left=["blue jab"])}
    table, session = start(app, red="mouse", setup=setup)
    table.submit(Take(player=1, hand="left", t=table.t))
    frames(app, 20)
    table.submit(Place(player=1, hand="left", target="p0.head", t=table.t))
    assert session.state.piles[1][-1] == C.parse_card(1, "blue jab")
    drag(app, px("p0.deck.right"), px("p0.head"), button=3, steps=4)
    frames(app, 40)
    st = session.state
    assert st.piles[1][-1] == C.parse_card(1, "blue jab")  # refused block: not placed
    assert st.decks[1][-1] == C.parse_card(0, "red cross")  # back on the right deck
    assert "match" in table.notes[0][0]


# -- claims ------------------------------------------------------------------------------


def test_refused_claim_says_why_and_locks_claims(app):
    table, session = start(app)
    key(app, "z")  # Red claims a combo that is not there
    st = session.state
    assert st.combo_won == ((), ())
    assert st.lockout[0] > table.t - 40
    assert "Refused" in table.notes[0][0]
    key(app, "z")  # too eager
    assert "eager" in table.notes[0][0].lower() or "Refused" in table.notes[0][0]


def _counter_position(app, gap_frames, names=("Red", "Blue")):
    setup = {
        "decks": decks(p0_left=["green jab"], p1_left=["green cross"]),
        "counter": ["green", "red", "yellow", "blue", "purple"],
    }
    table, session = start(app, setup=setup, names=names)
    table.submit(Take(player=0, hand="left", t=table.t))
    table.submit(Take(player=1, hand="left", t=table.t))
    frames(app, 20)
    table.submit(Place(player=0, hand="left", target="p1.head", t=table.t))
    table.submit(Place(player=1, hand="left", target="p0.head", t=table.t))
    assert session.state.piles[1] and session.state.piles[4]
    return table, session


def test_counter_punch_claimed_by_both_within_50_ms_is_set_aside(app):
    table, session = _counter_position(app, 0)
    green = 3
    key_down(app, "x")  # Red: claim counter-punch (keys-left)
    frames(app, 1)  # 16 ms later ...
    key_down(app, ",")  # ... Blue: claim counter-punch (keys-right)
    key_up(app, "x")
    key_up(app, ",")
    st = session.state
    assert st.counter_aside == (green,)
    assert st.counter_won == ((), ()) and st.health == (5, 5)


def test_counter_punch_claimed_first_by_a_clear_margin_is_won(app):
    table, session = _counter_position(app, 0)
    key(app, "x")  # Red claims ...
    frames(app, 5)  # ... Blue is 100 ms late
    key(app, ",")
    st = session.state
    assert st.counter_won[0] == (3,) and st.health == (6, 4)
    assert "Counter-Punch!" in " ".join(s[0] for s in table.shouts)


def test_event_sentences_use_the_seat_names_even_names_like_player_2(app):
    table, session = _counter_position(app, 0, names=("Player 2", "Player 1"))
    key(app, "x")  # the first seat ("Player 2") claims the counter-punch
    assert session.state.counter_won[0] == (3,)
    said = [line for line in table.log if line.startswith("Counter-punch!")]
    assert len(said) == 1 and said[0].startswith("Counter-punch! Player 2 takes")


def test_each_event_is_told_once_even_after_the_state_was_copied(app):
    import copy

    table, session = _counter_position(app, 0)
    table.last_state = copy.deepcopy(session.state)  # equal events, new objects (as after loading a save)
    before = list(table.log)
    key(app, "x")
    assert session.state.counter_won[0] == (3,)
    assert len(before) < 6 and table.log == before + [table.log[-1]]  # one new line, nothing told again
    assert table.log[-1].startswith("Counter-punch! Red takes")


def test_clinch_pauses_until_both_are_ready(app):
    table, session = start(app, setup={"health": [0, 10], "tokens": [0, 0]})
    key(app, "left shift")  # Red holds a card ...
    assert session.state.held[0] is not None
    key(app, "v")  # ... and clinches
    st = session.state
    assert st.phase == "clinch" and st.health == (2, 8) and st.held[0] is None
    key(app, "space")  # Red ready
    assert session.state.phase == "clinch"
    key(app, "return")  # Blue ready
    assert session.state.phase == "playing"


# -- rounds -------------------------------------------------------------------------------


def test_split_choice_and_three_two_one_count(app):
    table, session = start(app, options={"countdown_ms": 3000}, ready=False)
    assert session.state.phase == "between"
    key(app, "d")
    key(app, "d")  # Red: two more cards in the left deck
    key(app, "space")
    key(app, "return")
    st = session.state
    assert st.phase == "playing" and len(st.decks[0]) == 14 and len(st.decks[1]) == 11
    assert len(st.decks[2]) == 12  # Blue took the default halves
    assert table.counting() == 3
    key(app, "left shift")
    assert session.state.held[0] is None  # no card before the count ends
    frames(app, 200)
    assert table.counting() == 0
    key(app, "left shift")
    assert session.state.held[0] is not None


def test_a_claim_key_mashed_during_the_count_locks_that_players_claims_R_JAB_6(app):
    table, session = start(app, options={"countdown_ms": 3000}, ready=False)
    key(app, "space")
    key(app, "return")
    assert table.counting() == 3
    key(app, "z")  # Red presses Combo before the count ends
    st = session.state
    assert st.lockout[0] > table.t and st.lockout[1] == 0
    assert "Refused" in table.notes[0][0] and "count" in table.notes[0][0]


def test_a_pads_a_button_between_rounds_only_readies_R_JAB_6(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        table, session = start(app, red="gamepad", blue="keys-right", ready=False)
        pad.press(app, "a")  # A is "confirm" (ready) and Combo: in a pause it readies
        st = session.state
        assert st.ready[0] and st.lockout == (0, 0) and not any(e["kind"] == "refused" for e in st.events)
    finally:
        pad.unplug()
        frames(app, 2)


def test_scoring_screen_after_a_round_and_ready_starts_the_next(app):
    table, session = start(app)
    play_out(app, table, session, lambda p, h, st: f"p{1 - p}.head")
    st = session.state
    assert st.phase == "between" and st.scoring["round"] == 1
    assert st.scoring["lines"][0]["covered"] == "p1.head"  # the only pile with punches is covered
    key(app, "space")  # Ready does not wait for the row-by-row score
    assert session.state.phase == "between" and session.state.ready == (True, False)
    key(app, "return")
    assert session.state.phase == "playing" and session.state.round == 2 and table.t < 200


# -- gamepads -------------------------------------------------------------------------------


def _steer_pad(app, table, pad, seat, h, name, limit=120):
    stick = "left" if h == 0 else "right"
    for _ in range(limit):
        if hand_in(table, seat, h, name):
            break
        x, y = table.hands.at(seat, h)
        tx, ty = RECTS[name][:2]
        d = max(1e-6, ((tx - x) ** 2 + (ty - y) ** 2) ** 0.5)
        pad.axis(stick + "x", (tx - x) / d)
        pad.axis(stick + "y", (ty - y) / d)
        frames(app)
    pad.axis(stick + "x", 0)
    pad.axis(stick + "y", 0)
    frames(app)
    assert hand_in(table, seat, h, name)


def test_real_virtual_gamepad_sticks_and_shoulders_play_a_card(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        table, session = start(app, red="gamepad", blue="computer", ready=False)
        assert not isinstance(top(app), ReconnectScene)
        pad.press(app, "start")  # before the round, Start is Ready (not pause)
        assert session.state.ready[0] or session.state.phase == "playing"
        assert top(app) is table
        for _ in range(120):
            if session.state.phase == "playing":
                break
            frames(app)
        card = session.state.decks[0][-1]
        pad.press(app, "leftshoulder")
        assert session.state.held[0] is not None and session.state.held[0][0] == card
        _steer_pad(app, table, pad, 0, 0, "p1.head")
        pad.press(app, "leftshoulder")
        assert card in session.state.piles[4]
        # the right stick moves the right hand, the left one stays
        left = table.hands.at(0, 0)
        pad.axis("rightx", -1.0)
        frames(app, 5)
        pad.axis("rightx", 0)
        frames(app, 1)
        assert table.hands.at(0, 0) == left and table.hands.at(0, 1)[0] < RECTS["p0.deck.right"][0] - 1
        pad.press(app, "start")  # start pauses during play
        assert isinstance(top(app), PauseScene)
    finally:
        pad.unplug()
        frames(app, 2)


def test_unplugged_gamepad_pauses_returns_held_cards_and_stops_the_clock(app):
    pad = VirtualPad()
    frames(app, 3)
    table, session = start(app, red="gamepad", blue="keys-right")
    pad.press(app, "rightshoulder")
    assert session.state.held[1] is not None
    pad.unplug()
    frames(app, 3)
    assert isinstance(top(app), ReconnectScene)
    assert session.state.held[1] is None and len(session.state.decks[1]) == 13
    t = table.t
    frames(app, 30)
    assert table.t == t  # the round clock stands still
    pad2 = VirtualPad()
    try:
        frames(app, 3)
        assert top(app) is table
        frames(app, 3)
        assert table.t > t
    finally:
        pad2.unplug()
        frames(app, 2)


# -- the computer -----------------------------------------------------------------------------


def test_computer_opponent_plays_through_its_hands(app):
    table, session = start(app, red="keys-left", blue="computer")
    start_pos = table.hands.at(1, 0), table.hands.at(1, 1)
    frames(app, 300)  # about five seconds
    st = session.state
    theirs = [c for pile in st.piles[:3] for c in pile if C.owner(c) == 1]
    assert len(theirs) >= 3
    assert (table.hands.at(1, 0), table.hands.at(1, 1)) != start_pos


def test_scoring_by_hand_cover_and_choose_with_the_hands(app):
    table, session = start(app, options={"scoring": "hand"})
    count = [0]

    def spread(p, h, st):
        count[0] += 1
        return f"p{1 - p}.{('left', 'head', 'right')[count[0] % 3]}"

    play_out(app, table, session, spread)
    assert session.state.phase == "scoring"
    steer_keys(app, table, 0, 0, "p0.head", RED_LEFT)
    key(app, "left shift")  # Red covers their head
    assert session.state.covers[0] == 1
    # Blue sits at the top: the arrows (their right-hand keys) steer the hand on the screen's right,
    # which is their boxer's left hand (R-JAB-5: hands are the rules' own; keys follow the person)
    steer_keys(app, table, 1, 0, "p1.left", ("up", "left", "down", "right"))
    key(app, "right shift")  # Blue covers their left body
    steer_keys(app, table, 0, 0, "p1.head", RED_LEFT)
    key(app, "left shift")  # Red scores Blue's head
    steer_keys(app, table, 1, 0, "p0.left", ("up", "left", "down", "right"))
    key(app, "right shift")  # Blue scores Red's left body
    st = session.state
    assert st.phase == "between" and st.scoring["lines"][0]["chosen"] == "p1.head"
    assert st.scoring["lines"][1]["chosen"] == "p0.left" and st.scoring["lines"][0]["covered"] == "p1.left"


def test_a_win_by_decision_shows_the_last_score_then_the_result(app):
    table, session = start(app, setup={"health": [5, 3], "tokens": [2, 0]})
    # Red spreads punches, Blue piles them all on one target (which Red then covers)
    play_out(
        app,
        table,
        session,
        lambda p, h, st: f"p1.{('left', 'head', 'right')[(h + len(st.decks[h])) % 3]}" if p == 0 else "p0.head",
    )
    assert session.outcome() is not None and session.outcome().winner == 0
    assert table.busy() and table.result_menu is None  # the final score first
    key(app, "space")
    assert not table.busy()
    frames(app, 2)
    assert table.result_menu is not None
    assert "Rounds: R1" in table.result_text()[1]


def test_two_gamepads_each_move_their_own_players_hands(app):
    pads = [VirtualPad(), VirtualPad()]
    try:
        frames(app, 3)
        table, session = start(app, red="gamepad", blue="gamepad")
        assert not isinstance(top(app), ReconnectScene)
        red_pad = next(p for p in pads if table.router.pad_of[0] == p.instance_id)
        blue_pad = next(p for p in pads if table.router.pad_of[1] == p.instance_id)
        before = [table.hands.at(s, h) for s in (0, 1) for h in (0, 1)]
        blue_pad.axis("lefty", 1.0)  # Blue pushes the left stick
        frames(app, 4)
        blue_pad.axis("lefty", 0)
        frames(app, 1)
        after = [table.hands.at(s, h) for s in (0, 1) for h in (0, 1)]
        # Blue sits at the top: the left stick steers the hand on the screen's left (their boxer's right)
        assert after[0] == before[0] and after[1] == before[1] and after[2] == before[2]
        assert after[3] != before[3]
        red_pad.press(app, "rightshoulder")  # Red takes with the right hand only
        st = session.state
        assert st.held[1] is not None and st.held[0] is None and st.held[2] is None and st.held[3] is None
    finally:
        for p in pads:
            p.unplug()
        frames(app, 2)


def test_escape_pauses_play_returns_held_cards_and_stops_the_clock(app):
    table, session = start(app)
    key(app, "left shift")
    assert session.state.held[0] is not None
    key(app, "escape")
    assert isinstance(top(app), PauseScene)
    assert session.state.held[0] is None and len(session.state.decks[0]) == 12
    t = table.t
    frames(app, 20)
    assert table.t == t
    key(app, "escape")  # back to the fight
    assert top(app) is table
    frames(app, 2)
    assert table.t == t and table.counting() == 2  # "2, 1" before the clock runs again
    frames(app, 120)
    assert table.t == t and table.counting() == 1
    frames(app, 10)
    assert table.counting() == 0 and table.t > t


def test_a_fight_taken_up_again_from_continue_starts_with_a_count(app):
    """A kept game resumed mid-round does not throw the player straight into a running clock
    against a computer that acts at once: the same short count as after a pause."""
    table, session = start(app, blue="computer")
    frames(app, 30)
    app.pop(table)
    resumed = Session.from_record(registry.get("jab"), session.record, autosave=False)
    again = resumed.spec.make_table(app, resumed)
    app.push(again)
    n, t = len(resumed.record.actions), again.t
    frames(app, 70)
    assert again.counting() == 1 and again.t == t and len(resumed.record.actions) == n  # nobody moved
    frames(app, 60)
    assert again.counting() == 0 and again.t > t


def test_mouse_player_clicks_the_claim_buttons(app):
    table, session = start(app, red="mouse")
    frames(app, 2)
    hot = next(h for h in table.hots if h.kind == "button" and h.seat == 0 and h.rect.collidepoint(450, 626))
    assert hot is not None
    from tests.ui_helpers import click

    click(app, (450, 626))  # Red's "Combo" button: no combo is open
    st = session.state
    assert st.lockout[0] > 0 and st.combo_won == ((), ()) and st.held == (None,) * 4
    assert "Refused" in table.notes[0][0]


def test_stagger_on_a_boxer_in_danger_then_the_knockout_key_wins(app):
    setup = {"decks": decks(p1_left=["red haymaker", "red jab"]), "health": [0, 10], "tokens": [0, 0]}
    table, session = start(app, setup=setup)
    for _ in range(2):  # Blue: a red Haymaker, then a red Jab on it
        table.submit(Take(player=1, hand="left", t=table.t))
        frames(app, 20)
        table.submit(Place(player=1, hand="left", target="p0.head", t=table.t))
        frames(app, 20)
    st = session.state
    assert st.ko_open[1] and "Stagger!" in " ".join(s[0] for s in table.shouts)
    assert table.hots and any(h.kind == "button" for h in table.hots)
    key(app, ".")  # Blue's tile key (keys-right) now flips it to Knockout
    out = session.outcome()
    assert out is not None and out.winner == 1 and "knockout" in out.reason
    assert table.busy() and table.result_menu is None  # "Knockout!" is seen first
    frames(app, 110)
    assert table.result_menu is not None and table.result_text()[0] == "Blue wins!"


def test_mouse_player_grabs_the_counter_punch_card_itself(app):
    setup = {
        "decks": decks(p0_left=["green jab"], p1_left=["green cross"]),
        "counter": ["green", "red", "yellow", "blue", "purple"],
    }
    table, session = start(app, red="mouse", setup=setup)
    table.submit(Take(player=0, hand="left", t=table.t))
    table.submit(Take(player=1, hand="left", t=table.t))
    frames(app, 20)
    table.submit(Place(player=0, hand="left", target="p1.head", t=table.t))
    table.submit(Place(player=1, hand="left", target="p0.head", t=table.t))
    frames(app, 2)
    from tests.ui_helpers import click

    click(app, (640, 350))  # the counter-punch card in the middle of the table
    st = session.state
    assert st.counter_won[0] == (3,) and st.health == (6, 4)


def test_mouse_player_at_the_top_seat_against_the_keyboard(app):
    table, session = start(app, red="keys-left", blue="mouse")
    card = session.state.decks[3][-1]  # Blue's right deck (on the left of the screen)
    # the left button works the hand on the person's left as they sit: for the top seat, the boxer's right
    drag(app, px("p1.deck.right"), px("p0.left"), button=1, steps=4)
    key(app, "left shift")  # meanwhile Red takes a card with the keyboard
    frames(app, 40)
    st = session.state
    assert st.piles[0][-1] == card and st.held[0] is not None and st.held[2] is None


def test_mouse_play_in_a_1920x1080_window():
    app = make_app((1920, 1080))
    try:
        table, session = start(app, red="mouse")
        card = session.state.decks[0][-1]
        scale = 1.5
        start_px = tuple(int(v * scale) for v in px("p0.deck.left"))
        end_px = tuple(int(v * scale) for v in px("p1.head"))
        drag(app, start_px, end_px, steps=4)
        frames(app, 40)
        assert session.state.piles[4][-1] == card
    finally:
        pygame.quit()


def test_each_hand_has_a_precise_mode_on_the_pad(app):
    """Issue 34: the right hand had no d-pad, so a pad player could not place it precisely (a full
    stick moves a hand about 365 px in 100 ms, against a 96 px card). Holding that hand's trigger makes
    its stick slow, either hand; the hints and the Controls screen say so."""
    from tabletop.games.jab.table.input import hand_line
    from tabletop.input import rebind

    pad = VirtualPad()
    try:
        frames(app, 3)
        table, session = start(app, red="gamepad", blue="computer")

        def moved(stick, trigger):
            h = 0 if stick == "left" else 1
            before = table.hands.at(0, h)
            if trigger:
                pad.axis(trigger, 1.0)
                frames(app, 2)
            pad.axis(stick + "y", -1.0)  # from the deck towards the middle of the table
            frames(app, 6)
            after = table.hands.at(0, h)
            pad.axis(stick + "y", 0)
            if trigger:
                pad.axis(trigger, 0)
            for _ in range(60):  # back to its deck (the magnet) for the next try
                frames(app, 1)
                if table.hands.at(0, h) == before:
                    break
            return abs(after[1] - before[1])

        for stick, trigger in (("right", "righttrigger"), ("left", "lefttrigger")):
            precise, full = moved(stick, trigger), moved(stick, None)
            assert 0 < precise < full * 0.25, f"{stick} hand: {precise:.3f} units held precise, {full:.3f} not"
        assert all(session.state.held[i] is None for i in (0, 1))  # a trigger no longer takes
        line = hand_line(app.settings, "gamepad")
        assert "hold LT/RT" in line and "LB/RB take" in line, line
        labels = [rebind.action_label(a) for a in rebind.actions(app.settings.bindings, "gamepad")]
        assert "Real time, right hand: precise (hold: slow stick)" in labels
        assert rebind.inputs_for(app.settings.bindings, "gamepad", "r_fine") == ["righttrigger"]
    finally:
        pad.unplug()
        frames(app, 2)


@pytest.mark.parametrize(  # (more sizes and languages: tests/test_tables_fit.py, over every game)
    ("size", "text_size", "language"), [((800, 600), 150, "de"), ((1280, 720), 100, "es")]
)
def test_the_busy_table_cuts_no_word(size, text_size, language, monkeypatch):
    """Issue 37: the top player's keys line ended in "…" in Spanish and German ("… nehmen Umschalt recht…"),
    at 800x600 the Ready button's key ("Leerta…"), a won counter card's title and points ("Kont…", "+…") and
    the Spanish body target ("Costado izquier…"). On the busiest table no text a player reads, on the screen,
    a button or a card, ends with "…"; and each player's keys line names that player's own keys."""
    from tabletop.games.jab.table.input import hand_help

    app, table = busy_app("jab", size, text_size, language, monkeypatch)
    try:
        assert cut_words(app) == []
        for seat in (0, 1):
            own = hand_help(app.settings, table.shown_scheme[seat])
            other = hand_help(app.settings, table.shown_scheme[1 - seat])
            line = hud.hand_line_of(table, table.shown_scheme[seat])
            assert all(part in line for part in own) and not any(part in line for part in other)
    finally:
        pygame.quit()


@pytest.mark.parametrize("language", ["de", "es"])  # (two people at 800x600: tests/test_tables_fit.py, every game)
def test_a_finished_games_table_cuts_no_word(language, monkeypatch):
    """Issue 37: on a finished game's table (under the result, and what "Look at the table" shows) the won
    Clinch tile in a bonus box said "CLI…" at every size, a small won combo card "KOMB…" and "Schw…", and at
    800x600 between two people the top player's keys line ended "… Springen Strg links" cut. No text a player
    reads there, on the screen or on a card, ends with "…"."""
    from tabletop.bench import finished_session

    monkeypatch.setenv("TABLETOP_LANGUAGE", language)
    app = make_app(size=(1280, 720))
    app.start()
    try:
        spec = registry.get("jab")
        app.push(spec.make_table(app, finished_session(spec, 3, 1)))
        assert cut_words(app, 1) == []
    finally:
        pygame.quit()
