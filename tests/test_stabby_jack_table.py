"""The Stabby Jack table driven like players do: mouse clicks and drags, the
keyboard and a real (SDL virtual) gamepad, with a computer seat playing too.
Each test checks the game state a player would expect afterwards."""

import pygame
import pytest

from tabletop.core import registry
from tabletop.games.stabby_jack.rules import RULES
from tabletop.games.stabby_jack.rules.content import parse_card
from tabletop.games.stabby_jack.rules.state import ACE, DECLARE, JACK, OVER, PLACE, TRAIN, hp, xp_value
from tabletop.games.stabby_jack.rules.text import events
from tabletop.session import Seat, Session
from tests.ui_helpers import VirtualPad, click, cut_words, drag, frames, key, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def table_for(app, setup=None, kinds=("human", "human", "computer"), seed=11):
    registry.load_all()
    spec = registry.get("stabby-jack")
    names = ["Red", "Blue", "Gold", "Green", "Violet", "Teal"]
    seats = [
        Seat(names[i], k) if k == "human" else Seat(names[i], "computer", level="easy") for i, k in enumerate(kinds)
    ]
    session = Session.new(spec, seats, {}, seed=seed, setup=setup, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    return table


def hot(table, payload):
    found = [h for h in table.hots if h.payload == payload]
    assert found, f"{payload} is not something a player can point at now"
    return found[-1]


def spot(table, payload):
    """A point where the mouse hits this card (overlapped cards show only a strip)."""
    h = hot(table, payload)
    if h.kind != "card":
        return h.rect.center
    for dy in (0.5, 0.3, 0.7):
        for k in range(1, 20):
            pos = (h.rect.left + h.rect.w * k // 20, h.rect.top + int(h.rect.h * dy))
            if table.hot_at(pos, ("card",), table.acting_seat()) is h:
                return pos
    raise AssertionError(f"{payload} is covered")


def button(table, starts):
    found = [h for h in table.hots if h.kind == "button" and str(h.payload).startswith(starts)]
    assert found, f"no button {starts!r}; buttons: {[h.payload for h in table.hots if h.kind == 'button']}"
    return found[0]


def stat_index(state, seat, code):
    return state.players[seat].stats.index(parse_card(code))


def codes(cards):
    return sorted(c.code() for c in cards)


def position(stats, draw=(), xp=None, damage=None, first=0):
    setup = {"stats": stats, "draw": list(draw), "first": first}
    if xp is not None:
        setup["xp"] = xp
    if damage is not None:
        setup["damage"] = damage
    return setup


THREE = [["9S", "5H", "3D", "4C"], ["6S", "8H", "7D", "2C"], ["5S", "6H", "4D", "3C"]]


def test_click_fight_beats_a_monster_and_passes_the_turn(app):
    t = table_for(app, position(THREE, draw=["7S"]))
    assert "Red's turn" in t.banner_text()
    click(app, spot(t, ("declare", "fight")))
    s = t.session.state
    assert codes(s.players[0].xp) == ["7S"] and s.turn == 1 and s.phase == DECLARE
    frames(app, 2)
    assert "Blue's turn" in t.banner_text()
    assert t.recent["cards"] == [parse_card("7S")]  # the monster stays shown for a moment
    assert "7 of ♠: a physical monster, 7 to beat; your attack is 9" in t.explain_text()


def test_drag_train_onto_pile_then_drawn_card_onto_a_stat(app):
    t = table_for(app, position(THREE, draw=["7H"]))
    drag(app, spot(t, ("declare", "train")), spot(t, ("declare", "train")))  # a click: declares
    s = t.session.state
    assert s.phase == TRAIN and s.drawn == parse_card("7H")
    frames(app, 1)
    i = stat_index(s, 0, "3D")
    # the table explains the drawn card before the choice
    assert "7 of ♥" in t.explain_text()
    drag(app, spot(t, ("drawn",)), spot(t, ("stat", 0, i)))
    s = t.session.state
    assert codes(s.players[0].stats) == codes([parse_card(c) for c in ["9S", "5H", "7H", "4C"]])
    assert s.turn == 1


def test_pointing_at_a_stat_card_warns_before_a_deadly_training(app):
    stats = [["9S", "2H", "3D", "4C"], THREE[1], THREE[2]]
    t = table_for(app, position(stats, draw=["5S"], damage=[1, 0, 0]))
    click(app, spot(t, ("declare", "train")))
    s = t.session.state
    heart = stat_index(s, 0, "2H")
    pos = spot(t, ("stat", 0, heart))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.mouse.set_pos(pos)
    frames(app, 3)
    assert "you would die" in t.preview_text
    click(app, pos)
    s = t.session.state
    assert s.players[0].deaths == 1 and len(s.players[0].stats) == 4 and s.players[0].xp == ()


def test_declare_card_dropped_on_the_draw_pile_and_refused_drop_goes_back(app):
    t = table_for(app, position(THREE, draw=["4S"]))
    pile = [h for h in t.hots if h.kind == "zone" and h.payload == ("pile",)][0]
    drag(app, spot(t, ("declare", "rest")), (640, 700))  # dropped on nothing: refused
    assert t.session.state.phase == DECLARE and t.session.state.turn == 0
    assert t.message
    drag(app, spot(t, ("declare", "fight")), pile.rect.center)
    assert codes(t.session.state.players[0].xp) == ["4S"]


def test_keyboard_train_replaces_the_focused_stat_card(app):
    t = table_for(app, position(THREE, draw=["10C"]))
    # no mouse used: the focus shows from the first frame, on Train, and the first Enter acts on it
    assert t.session.state.phase == DECLARE and t.show_focus[0] and t.focused(0).payload == ("declare", "train")
    key(app, "return")
    s = t.session.state
    assert s.phase == TRAIN and s.drawn == parse_card("10C")
    key(app, "right")  # move along Red's stats row
    focused = t.focused(0).payload
    assert focused[0] == "stat" and focused[1] == 0
    old = s.players[0].stats[focused[2]]
    key(app, "return")
    s = t.session.state
    assert parse_card("10C") in s.players[0].stats and old not in s.players[0].stats and s.turn == 1


def test_keyboard_rest_heals_blue(app):
    t = table_for(app, position(THREE, damage=[0, 3, 0], first=1))
    assert t.acting_seat() == 1
    key(app, "right")
    key(app, "right")  # Train -> Fight -> Rest
    assert t.focused(1).payload == ("declare", "rest")
    key(app, "return")
    assert t.session.state.players[1].damage == 2


def test_gamepad_shields_against_stabby_jack_with_a_monarch(app):
    t = table_for(app, position(THREE, draw=["JH"], xp=[["QS", "4D"], [], []], damage=[3, 0, 0]))
    pad = VirtualPad()
    try:
        frames(app, 2)
        pad.press(app, "dpright")  # Train -> Fight
        assert t.focused(0).payload == ("declare", "fight")
        pad.press(app, "a")
        s = t.session.state
        assert s.phase == JACK
        assert "Stabby Jack" in t.explain_text()
        assert t.focused(0).payload == ("xp", 0, 0)  # the Queen is offered first
        pad.press(app, "a")
        s = t.session.state
        assert codes(s.players[0].xp) == ["4D"] and s.players[0].damage == 3 and s.turn == 1
    finally:
        pad.unplug()
        frames(app, 2)


def test_take_the_hit_button(app):
    t = table_for(app, position(THREE, draw=["JC"], xp=[["KD"], [], []]))
    click(app, spot(t, ("declare", "train")))
    assert t.session.state.phase == JACK
    click(app, button(t, "Take 2 damage").rect.center)
    s = t.session.state
    assert s.players[0].damage == 2 and codes(s.players[0].xp) == ["KD"]


def test_ace_swap_by_clicking_mine_then_theirs(app):
    t = table_for(app, position(THREE, draw=["AH"]))
    click(app, spot(t, ("declare", "fight")))
    s = t.session.state
    assert s.phase == ACE
    mine = stat_index(s, 0, "9S")
    theirs = stat_index(s, 1, "6S")
    click(app, spot(t, ("stat", 0, mine)))
    assert t.ace_sel == ("stat", 0, mine)
    # Blue's 2♣ shares neither suit nor value with the 9♠: not offered
    assert not [h for h in t.hots if h.kind == "card" and h.payload == ("stat", 1, stat_index(s, 1, "2C"))]
    click(app, spot(t, ("stat", 1, theirs)))
    s = t.session.state
    assert parse_card("6S") in s.players[0].stats and parse_card("9S") in s.players[1].stats
    assert s.turn == 1


def test_ace_swap_by_dragging_my_card_onto_theirs_and_back_cancels(app):
    t = table_for(app, position(THREE, draw=["AD"]))
    key(app, "return")  # the first Enter shows the focus (on Train)
    key(app, "return")  # Train: the Ace comes up instead
    s = t.session.state
    assert s.phase == ACE
    mine = stat_index(s, 0, "5H")
    click(app, spot(t, ("stat", 0, mine)))
    key(app, "backspace")  # back: choose again
    assert t.ace_sel is None
    theirs = stat_index(s, 2, "6H")
    drag(app, spot(t, ("stat", 0, mine)), spot(t, ("stat", 2, theirs)))
    s = t.session.state
    assert parse_card("6H") in s.players[0].stats and parse_card("5H") in s.players[2].stats
    assert hp(s.players[0]) == 6


def test_gamepad_alone_makes_an_ace_swap(app):
    t = table_for(app, position(THREE, draw=["AC"]))
    pad = VirtualPad()
    try:
        frames(app, 2)
        pad.press(app, "a")  # the focus shows from the first frame: the first A trains, the Ace comes up
        assert t.session.state.phase == ACE
        first = t.focused(0).payload
        assert first[:2] == ("stat", 0)
        pad.press(app, "a")  # pick my card
        assert t.ace_sel == first
        for _ in range(12):  # move down to another player's matching card
            if t.focused(0).payload[1] != 0:
                break
            pad.press(app, "dpdown")
        theirs = t.focused(0).payload
        assert theirs[1] != 0 and t.preview_text  # the swap is explained before it is made
        mine_card = t.session.state.players[0].stats[first[2]]
        their_card = t.session.state.players[theirs[1]].stats[theirs[2]]
        pad.press(app, "a")
        s = t.session.state
        assert s.players[0].stats[first[2]] == their_card and s.players[theirs[1]].stats[theirs[2]] == mine_card
        assert s.turn == 1
    finally:
        pad.unplug()
        frames(app, 2)


def test_level_up_by_choosing_xp_cards(app):
    xp = [["2S", "3S", "4D", "5S", "6D", "7S"], [], []]
    t = table_for(app, position(THREE, draw=["8D"], xp=xp))
    click(app, button(t, "Level up").rect.center)
    assert t.lvl_sel == set()
    for i in range(4):
        click(app, spot(t, ("xp", 0, i)))
    assert not [h for h in t.hots if h.kind == "button" and str(h.payload).startswith("Spend")]  # 4 XP: not enough
    click(app, spot(t, ("xp", 0, 4)))
    click(app, button(t, "Spend 5 XP").rect.center)
    s = t.session.state
    assert codes(s.players[0].xp) == ["7S"] and parse_card("8D") in s.players[0].stats
    assert len(s.players[0].stats) == 5 and s.phase == DECLARE and s.turn == 0  # still Red's turn to declare


def test_at_eight_stats_a_level_up_card_can_be_let_go_or_placed(app):
    eight = ["9S", "5H", "3D", "4C", "2S", "2H", "2D", "2C"]
    xp = [["2S", "3S", "4D", "5S", "6D"], [], []]
    t = table_for(app, position([eight, THREE[1], THREE[2]], draw=["10H", "10S"], xp=xp))
    click(app, button(t, "Level up").rect.center)
    for i in range(5):
        click(app, spot(t, ("xp", 0, i)))
    click(app, button(t, "Spend").rect.center)
    s = t.session.state
    assert s.phase == PLACE and s.drawn == parse_card("10H")
    discard = [h for h in t.hots if h.kind == "zone" and h.payload == ("discard",)][0]
    drag(app, spot(t, ("drawn",)), discard.rect.center)
    s = t.session.state
    assert s.phase == DECLARE and parse_card("10H") not in s.players[0].stats and len(s.players[0].stats) == 8


def test_computer_turn_is_shown_before_play_goes_on(app):
    t = table_for(app, position(THREE, first=2, draw=["8S", "9C", "10D", "4H"]))
    assert t.session.state.turn == 2
    assert not [h for h in t.hots if h.kind in ("card", "button")]  # people cannot act for the computer
    for _ in range(200):
        frames(app, 1, dt=20)
        if t.session.state.turn != 2:
            break
    s = t.session.state
    assert s.turn == 0
    assert t.busy() and t.recent["seat"] == 2 and t.recent["lines"]
    assert not [h for h in t.hots if h.kind == "card"]  # Red waits while Gold's move is shown
    frames(app, 80, dt=20)
    assert not t.busy() and [h for h in t.hots if h.kind == "card"]


def _human_move(app, t, pad, n):
    """One human choice, by mouse, keyboard or gamepad in turn; returns the device used."""
    s = t.session.state
    me = s.turn
    way = ("mouse", "keys", "pad")[n % 3]
    legal = RULES.legal_actions(s, me)
    if s.phase == DECLARE:
        choice = ("fight", "train", "rest", "fight")[n % 4]
        if way == "mouse":
            click(app, spot(t, ("declare", choice)))
        else:
            press = (
                (lambda b: key(app, {"right": "right", "left": "left", "a": "return"}[b]))
                if way == "keys"
                else (lambda b: pad.press(app, {"right": "dpright", "left": "dpleft", "a": "a"}[b]))
            )
            if not t.show_focus.get(me):
                press("a")  # after the mouse, the first confirm only shows the focus
            target = next(h for h in t.hots if h.payload == ("declare", choice))
            while t.focused(me).payload != ("declare", choice):  # the focus stays where it was: towards it
                press("right" if target.rect.centerx > t.focused(me).rect.centerx else "left")
            press("a")
        return way
    if s.phase in (TRAIN, PLACE):
        target = legal[n % len(legal)]
        if way == "mouse" and hasattr(target, "stat"):
            drag(app, spot(t, ("drawn",)), spot(t, ("stat", me, target.stat)))
        elif way == "mouse":
            click(app, button(t, "Keep my stats").rect.center)
        else:
            focused = t.focused(me).payload
            assert focused[:2] == ("stat", me)  # the first focus is on the stats row
            for _ in range(1 if t.show_focus.get(me) else 2):  # after the mouse, a first confirm shows it
                key(app, "return") if way == "keys" else pad.press(app, "a")
        return way
    if s.phase == JACK:
        if way == "mouse":
            click(app, button(t, "Take").rect.center)
        else:
            for _ in range(1 if t.show_focus.get(me) else 2):  # after the mouse, a first confirm shows it
                key(app, "return") if way == "keys" else pad.press(app, "a")  # the first Monarch shields
        return way
    if s.phase == ACE:
        a = legal[0]
        click(app, spot(t, ("stat", me, a.stat)))
        click(app, spot(t, ("stat", a.other, a.other_stat)))
        return way
    raise AssertionError(s.phase)


def test_three_player_game_two_people_and_a_computer_for_many_turns(app):
    t = table_for(app, None, seed=2024)
    pad = VirtualPad()
    try:
        frames(app, 2)
        moves = 0
        computer_turns = 0
        while t.session.state.turns < 45 and t.session.state.phase != OVER:
            s = t.session.state
            before = len(t.session.record.actions)
            if s.turn == 2:
                frames(app, 30, dt=100)
                computer_turns += s.turn == 2 and t.session.state.turn != 2
            else:
                frames(app, 1)
                while t.busy():
                    frames(app, 5, dt=100)
                _human_move(app, t, pad, moves)
                moves += 1
                assert len(t.session.record.actions) == before + 1, f"move {moves} in {s.phase} did nothing"
            assert RULES.invariants(t.session.state) == []
        s = t.session.state
        assert s.turns >= 45 or s.phase == OVER
        assert moves >= 25 and computer_turns >= 10
        assert sum(p.deaths for p in s.players) + sum(xp_value(p.xp) for p in s.players) > 0
    finally:
        pad.unplug()
        frames(app, 2)


def test_six_players_fit_the_table(app):
    kinds = ("human",) * 6
    t = table_for(app, None, kinds=kinds)
    rects = [h.rect for h in t.hots if h.kind == "card"]
    assert len(rects) == 3  # only the declare cards until a card is drawn
    assert top(app) is t
    w, h = app.screen.get_size()
    assert all(0 <= r.left and r.right <= w and 0 <= r.top and r.bottom <= h for r in rects)


def test_winning_fight_ends_the_game_and_names_the_winner(app):
    setup = {
        "stats": [["10S", "9S", "5H", "9C", "8C"], ["6S", "8H", "7D", "2C"], ["5S", "6H", "4D", "3C"]],
        "xp": [["QD", "KS", "4S", "5S", "6S", "7S", "2D"], [], []],
        "draw": ["8S"],
        "first": 0,
    }
    t = table_for(app, setup)
    click(app, spot(t, ("declare", "fight")))
    s = t.session.state
    assert s.phase == OVER and s.winner == 0
    head, why = t.result_text()
    assert head == "Red wins!" and why.startswith("Red ")
    frames(app, 2)
    assert not [h for h in t.hots if h.kind == "card"]  # nothing left to play


def test_after_a_reshuffle_the_table_still_shows_the_card_just_drawn_R_SJ_1(app):
    from collections import Counter

    from tabletop.games.stabby_jack.rules.content import full_deck

    free = Counter(full_deck(3, False))
    free.subtract(parse_card(c) for row in THREE for c in row)
    setup = position(THREE)
    setup["discard"] = [c.code() for c in free.elements()]  # the draw pile starts empty
    t = table_for(app, setup)
    click(app, spot(t, ("declare", "fight")))
    frames(app, 2)
    said = " ".join(events(t.session.state))
    assert "shuffled" in said
    shown = t.recent["cards"]
    assert shown and f"goes on an adventure and draws the {shown[0].name()}" in said.replace("{0}", "")


@pytest.mark.parametrize(
    "size, text_size, language",
    [((800, 600), 150, "de"), ((800, 600), 150, "es"), ((1280, 720), 100, "de"), ((1280, 720), 100, "es")]
    + [((800, 600), 150, "qps")],
    ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v),
)
def test_the_busy_table_and_the_level_up_lesson_cut_no_word(size, text_size, language, monkeypatch):
    """Issue 37: at 800x600 the declare cards cut "Trainieren", "ein Monster", "nuevo atributo"; the
    level-up button its German and Spanish; a row "Ordenador (Principiante)"; six rows in the pseudo-language
    their XP row's heading. On the busiest table (six players, deaths) and in the level-up lesson (a computer
    beside you, the level-up button), the fitting rule ends no drawn text with "…", on the screen or on a
    card's face."""
    from tabletop.bench import busy_table
    from tabletop.tutorial import open_tutorial
    from tabletop.tutorial.coach import start_lesson

    monkeypatch.setenv("TABLETOP_LANGUAGE", language)  # as tools/pose.py: the pseudo-language is no setting
    spec = registry.get("stabby-jack")
    app = make_app(size=size, text_size=text_size)
    try:
        app.start()
        frames(app, 1)
        busy_table(spec, app)
        cut = cut_words(app, 1)  # a frame drawn in full: every card face and row made anew
        open_tutorial(app, spec.id)
        app.push(start_lesson(app, spec, 4))  # "Level up": its button shows at once
        frames(app, 30)
        table = next(s for s in reversed(app.stack) if getattr(s, "tutor", None) is not None)
        assert table.derived()["can_level"]
        assert cut + cut_words(app, 1) == []
    finally:
        pygame.quit()


def test_a_rows_name_xp_and_headings_grow_with_the_text_size_where_the_row_has_room(monkeypatch):
    """Issue 37: Stabby Jack's rows kept their size at every Text size. Three players at 1280x720 leave
    room: at 150% a row's name, XP and suit headings are drawn a fifth larger or more, its cards no smaller."""
    from tabletop.ui import gfx

    drawn: dict[int, dict[str, int]] = {}
    text = gfx.text

    def record(s, px, *a, **k):
        drawn[size].setdefault(s, px)
        return text(s, px, *a, **k)

    monkeypatch.setattr(gfx, "text", record)
    cards: dict[int, tuple] = {}
    for size in (100, 150):
        drawn[size] = {}
        app = make_app(text_size=size)
        try:
            app.start()
            frames(app, 1)
            table = table_for(app, None, kinds=("human", "human", "computer"))
            table.invalidate()
            app.draw()
            cards[size] = table.derived()["cw"], table.derived()["ch"]  # the rows' cards' width and height
        finally:
            pygame.quit()
    heads = [s for s in drawn[100] if s.startswith(("♠ ", "♣ "))]
    assert heads and all(s in drawn[150] for s in heads)
    for s in ["Blue", "Gold", "XP 0/10", *heads]:
        assert drawn[150][s] >= 1.2 * drawn[100][s], (s, drawn[100][s], drawn[150][s])
    assert cards[150] == cards[100]
