"""The Square Ring table: bouts played through the real scene with synthetic
mouse, keyboard and a real SDL virtual gamepad; secrecy on one screen
(curtain and peek), React's partial reveal, Bursts, reordering, cooldowns,
the board preview and the animated reveal."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import registry
from tabletop.games.square_ring.table import draw as table_draw
from tabletop.games.square_ring.table.layout import hand_layout
from tabletop.games.square_ring.table.ring import candidate
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
SHORT = {"rounds": 1, "exchanges": 4}


@pytest.fixture
def app():
    a = make_app()
    a.settings.animation_speed = SPEED
    yield a
    pygame.quit()


def start(app, seats, secrecy="curtain", seed=3, setup=None, **options):
    app.settings.secrecy = secrecy
    spec = registry.get("square-ring")
    opts = dict(SHORT)
    opts.update(options)
    session = Session.new(spec, seats, opts, seed=seed, setup=setup, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    frames(app, 2)
    return table


def settle(app, table, limit=1500):
    """Let the reveal (and any computer) finish until a person has something to do."""
    for _ in range(limit):
        if table.session.outcome() is not None and not table.busy():
            break
        if not table.busy() and any(table.needs(s) for s in table.humans):
            break
        frames(app, 1, dt=16)
    frames(app, 1)
    pass_beat(app, table)  # two people behind curtains: the reveal is looked at, then a click goes on


def hot(table, payload):
    return next(h for h in table.hots if h.payload == payload)


def has(table, payload):
    return any(h.payload == payload for h in table.hots)


def button(table, label, seat=None):
    return next(h for h in table.hots if h.kind == "button" and h.payload == label and (seat is None or h.seat == seat))


def usable(table, seat):
    """Card ids the seat may lay now (cooldowns left out), steps last so that attacks get played."""
    st = table.session.state
    own = table.boxer(seat)
    ids = [c.id for c in own.cards if c.id not in st.cooldown[seat]]
    return sorted(ids, key=lambda c: own.by_id[c].kind == "step")


HUMAN_BOT = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "computer", level="easy")]


# -- against the computer, with the mouse ------------------------------------------------


def test_mouse_bout_against_the_computer(app):
    table = start(app, HUMAN_BOT, seed=4)
    assert table.secrecy.mode == "open"
    exchanges = 0
    saw_reveal = saw_hit_text = False
    while table.session.outcome() is None:
        settle(app, table)
        st = table.session.state
        if st.result is not None:
            break
        if st.phase == "footwork":
            click(app, button(table, "Stay facing").rect.center)
            continue
        if st.phase == "stick":
            click(app, button(table, "Stay").rect.center)
            continue
        assert st.phase in ("declare", "choose", "react"), st.phase
        ids = usable(table, 0)
        a, b = ids[exchanges % len(ids)], ids[(exchanges + 3) % len(ids)]
        if exchanges % 2:
            click(app, hot(table, ("hand", 0, a)).rect.center)
            drag(app, hot(table, ("hand", 0, b)).rect.center, hot(table, ("slot", 0, 1)).rect.center)
        else:
            drag(app, hot(table, ("hand", 0, a)).rect.center, hot(table, ("slot", 0, 0)).rect.center)
            click(app, hot(table, ("hand", 0, b)).rect.center)
        assert table.selection(0) == [a, b]
        before = len(st.log)
        click(app, button(table, "Lock in").rect.center)
        # the computer may still be choosing: wait for the reveal to start
        for _ in range(200):
            if (
                table.anim is not None
                or table.session.state.phase not in ("declare", "choose", "react")
                or table.session.outcome() is not None
            ):
                break
            frames(app, 1)
        if table.anim is not None:
            saw_reveal = True
            # the board lags the rules while the cards turn over
            assert table.shown_pose()[0] == st.pos
        log = table.session.state.log[before:]
        reveal = [e for e in log if e["kind"] == "reveal"]
        assert reveal
        if st.dazed[0]:  # a dazed boxer's cards are shuffled
            assert reveal[0]["cards"][0] in (a, b)
        else:
            assert reveal[0]["cards"][0] == a, "the cards were committed in the order laid"
        saw_hit_text = saw_hit_text or any(e["kind"] == "hit" for e in log)
        exchanges += 1
    settle(app, table)
    frames(app, 3)
    assert exchanges >= 2 and saw_reveal
    st = table.session.state
    assert st.result is not None and st.phase == "over"
    head, why = table.result_text()
    assert why


def test_preview_follows_the_cards_already_laid(app):
    table = start(app, HUMAN_BOT, seed=1, boxer0="inga", boxer1="fredo")
    st = table.session.state
    assert st.pos[0] == 7  # c2, facing north
    click(app, hot(table, ("hand", 0, "forward")).rect.center)
    # hovering the Cross: its area is shown from c3 (after the step), i.e. c4 and c5
    pos = hot(table, ("hand", 0, "cross")).rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    cand = candidate(table, 0)
    assert cand == ("cross", 1)
    sq, f, _trail = table.plan(0, table.selection(0)[: cand[1]])
    from tabletop.games.square_ring.rules import attack_preview

    area = attack_preview(table.session.state, 0, "cross", sq, f)
    assert sq == 12 and set(area) == {17, 22}
    # the computer's hand is public: pointing at one of its attacks shows where it would land from its square
    rect = app.vp.rect(dict(hand_layout(table, 1))["jab"])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert table.threat == (1, "jab")
    assert "Fredo's card" in table_draw.caption_text(table)[0]
    # with the keyboard the focused card is previewed instead (the pointer is forgotten)
    key(app, "right")
    assert table.mouse_pos is None and table.show_focus.get(0)
    assert candidate(table, 0)[0] == table.focused(0).payload[2]
    # Backspace takes the last card back
    key(app, "backspace")
    assert table.selection(0) == []
    # while dragging, the preview starts from the slot under the card: over the 2nd slot, after the 1st card
    click(app, hot(table, ("hand", 0, "forward")).rect.center)
    start_pos = hot(table, ("hand", 0, "jab")).rect.center
    target = hot(table, ("slot", 0, 1)).rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    frames(app)
    for k in range(1, 5):
        p = (start_pos[0] + (target[0] - start_pos[0]) * k // 4, start_pos[1] + (target[1] - start_pos[1]) * k // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        frames(app)
    assert candidate(table, 0) == ("jab", 1)
    assert "from c3" in table_draw.caption_text(table)[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    frames(app)
    assert table.selection(0) == ["forward", "jab"]
    click(app, button(table, "Clear").rect.center)
    assert table.selection(0) == []
    # H opens the bout log over the table (no cards to point at), H closes it
    key(app, "h")
    assert table.log_open and not has(table, ("hand", 0, "jab"))
    key(app, "h")
    assert not table.log_open and has(table, ("hand", 0, "jab"))


def test_reorder_take_back_burst_and_cooldown(app):
    table = start(app, HUMAN_BOT, seed=2, boxer0="inga", boxer1="fredo")
    st = table.session.state
    assert table.slot_count(0) == 3 and st.bursts[0] == 1
    for cid in ("jab", "cross", "uppercut"):
        click(app, hot(table, ("hand", 0, cid)).rect.center)
    assert table.selection(0) == ["jab", "cross", "uppercut"]
    # drag the third onto the first: they swap
    drag(app, hot(table, ("slot", 0, 2)).rect.center, hot(table, ("slot", 0, 0)).rect.center)
    assert table.selection(0) == ["uppercut", "cross", "jab"]
    # click a laid card: back to the hand; drag one back to the hand too
    click(app, hot(table, ("slot", 0, 1)).rect.center)
    assert table.selection(0) == ["uppercut", "jab"]
    drag(app, hot(table, ("slot", 0, 1)).rect.center, hot(table, ("hand", 0, "hook")).rect.center)
    assert table.selection(0) == ["uppercut"]
    for cid in ("forward", "hook"):
        click(app, hot(table, ("hand", 0, cid)).rect.center)
    assert button(table, "Lock in ⚡")
    click(app, button(table, "Lock in ⚡").rect.center)
    settle(app, table)
    st = table.session.state
    assert st.bursts[0] == 0, "three cards use a Burst"
    assert any(e["kind"] == "burst" for e in st.log)
    if st.phase in ("footwork", "stick"):
        click(app, button(table, "Stay facing" if st.phase == "footwork" else "Stay").rect.center)
        settle(app, table)
        st = table.session.state
    if st.result is None and st.exchange == 2:
        assert "uppercut" in st.cooldown[0]
        assert table.slot_count(0) == 2, "no Burst left: two slots"
        before = list(table.selection(0))
        click(app, hot(table, ("hand", 0, "uppercut")).rect.center)
        assert table.selection(0) == before
        assert "cooling down" in table.message


def test_keys_reorder_by_lifting_a_laid_slot_and_swapping(app):
    seats = [Seat("Red", "human", scheme="keys-right"), Seat("Blue", "computer", level="easy")]
    table = start(app, seats, seed=2, boxer0="inga", boxer1="fredo")
    keys = Keys(app, "keys-right")
    assert table.slot_count(0) == 3
    for cid in ("jab", "cross", "uppercut"):
        focus_on(table, 0, keys, ("hand", 0, cid))
        keys.confirm()
    assert table.selection(0) == ["jab", "cross", "uppercut"]
    # confirm on the 3rd slot lifts it (nothing moves yet); confirm on the 1st swaps the two
    focus_on(table, 0, keys, ("slot", 0, 2))
    keys.confirm()
    assert table.lifted[0] == 2 and table.selection(0) == ["jab", "cross", "uppercut"]
    assert "lifted" in table_draw.status_text(table, 0)
    focus_on(table, 0, keys, ("slot", 0, 0))
    keys.confirm()
    assert table.selection(0) == ["uppercut", "cross", "jab"] and table.lifted[0] is None
    # Backspace puts a lifted card down again instead of taking a card back
    keys.confirm()
    assert table.lifted[0] == 0
    key(app, "backspace")
    assert table.lifted[0] is None and table.selection(0) == ["uppercut", "cross", "jab"]
    # lifted, then a hand card confirmed: that card takes the slot and the lifted one goes back to the hand
    focus_on(table, 0, keys, ("slot", 0, 1))
    keys.confirm()
    focus_on(table, 0, keys, ("hand", 0, "hook"))
    keys.confirm()
    assert table.selection(0) == ["uppercut", "hook", "jab"]
    # the same slot confirmed twice: back to the hand
    focus_on(table, 0, keys, ("slot", 0, 2))
    keys.confirm()
    keys.confirm()
    assert table.selection(0) == ["uppercut", "hook"] and table.lifted[0] is None
    # the mouse still takes a card back with one click on its slot
    click(app, hot(table, ("slot", 0, 1)).rect.center)
    assert table.selection(0) == ["uppercut"]
    focus_on(table, 0, keys, ("hand", 0, "jab"))
    keys.confirm()
    focus_on(table, 0, keys, ("slot", 0, 1))
    keys.confirm()
    focus_on(table, 0, keys, ("slot", 0, 0))
    keys.confirm()
    assert table.selection(0) == ["jab", "uppercut"]
    focus_on(table, 0, keys, "Lock in")
    keys.confirm()
    settle(app, table)
    first = [e for e in table.session.state.log if e["kind"] == "reveal"][0]
    assert first["cards"][0] == "jab", "the cards are played in the order the keys arranged"


def test_keys_point_at_the_computers_cards_to_preview_them(app):
    seats = [Seat("Red", "human", scheme="keys-right"), Seat("Blue", "computer", level="easy")]
    table = start(app, seats, seed=1, boxer0="inga", boxer1="fredo")
    keys = Keys(app, "keys-right")
    keys.move("left")
    assert not has(table, ("look", 0, "jab")), "the chooser's own hand is chosen from, not looked at"
    focus_on(table, 0, keys, ("look", 1, "jab"))
    frames(app, 1)
    assert table.mouse_pos is None and table.threat == (1, "jab")
    text, _help = table_draw.caption_text(table)
    assert text.startswith("Fredo's card: Jab") and "c3" in text  # Fredo on c4 facing south hits c3
    # confirming a card one only looks at changes nothing
    keys.confirm()
    assert table.selection(0) == [] and table.session.state.log == ()
    # back to the own hand: its card is the one being chosen, previewed from the order, no threat
    focus_on(table, 0, keys, ("hand", 0, "cross"))
    frames(app, 1)
    assert table.threat is None and candidate(table, 0)[0] == "cross"
    keys.confirm()
    assert table.selection(0) == ["cross"]
    # the mouse cannot pick the computer's card up, and pointing at it previews it as before
    pos = hot(table, ("look", 1, "hook")).rect.center
    drag(app, pos, hot(table, ("slot", 0, 1)).rect.center)
    assert table.selection(0) == ["cross"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert table.threat == (1, "hook") and not has(table, ("look", 1, "hook"))


def test_the_reveal_animates_moves_then_attacks(app):
    # Blue steps forward into Red's Jab: the step slides first, then the hit flashes with the damage
    seats = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "human", scheme="keys-right")]
    table = start(app, seats, secrecy="peek", seed=5, boxer0="inga", boxer1="fredo")
    key_down(app, "`")
    assert table.secrecy.visible(0)
    click(app, hot(table, ("hand", 0, "jab")).rect.center)
    click(app, hot(table, ("hand", 0, "back")).rect.center)
    click(app, button(table, "Lock in").rect.center)
    key_up(app, "`")
    blue = Keys(app, "keys-right")
    blue.peek(True)
    for cid in ("forward", "hook"):
        focus_on(table, 1, blue, ("hand", 1, cid))
        blue.confirm()
    focus_on(table, 1, blue, "Lock in")
    st = table.session.state
    blue.confirm()
    blue.peek(False)
    assert table.anim is not None
    kinds, hp_during = [], []
    for _ in range(400):
        a = table.anim
        if a is None:
            break
        cur = a.current()
        if cur is not None and (not kinds or kinds[-1] != cur.kind):
            kinds.append(cur.kind)
            hp_during.append(table.shown_pose()[2][1])
        frames(app, 1)
    assert kinds[:3] == ["flip", "move", "strike"]
    full = table.boxer(1).hp
    assert hp_during[0] == full and hp_during[1] == full  # nothing lost before the attacks
    now = table.session.state
    assert now.hp[1] == st.hp[1] - 1 or now.exchange == 2 and now.round_damage[0] >= 1


def test_the_reveal_says_when_a_daze_shuffled_the_cards_r_sqr_7(app):
    from tabletop.games.square_ring.rules import Commit

    seats = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "human", scheme="keys-right")]
    table = start(
        app,
        seats,
        secrecy="peek",
        seed=5,
        boxer0="inga",
        boxer1="fredo",
        setup={"pos": ["c2", "c3"], "reacts": [0, 0], "bursts": [0, 0]},
    )
    # Inga's Uppercut dazes Fredo; nobody is dazed in this reveal, so none of its flips says "shuffled"
    table.submit(Commit(0, ("uppercut", "turn-left-45")))
    table.submit(Commit(1, ("turn-left-45", "turn-right-45")))
    assert not any(st.data.get("shuffled") for st in table.anim.steps if st.kind == "flip")
    settle(app, table)
    assert table.session.state.dazed == (False, True)
    table.submit(Commit(1, ("turn-left-45", "turn-left-90")))
    table.submit(Commit(0, ("turn-left-45", "turn-right-45")))
    first = table.anim.current()
    assert first.kind == "flip" and first.data["k"] == 0 and first.data["shuffled"] == (1,)
    frames(app, 1)
    text, focus_help = table_draw.caption_text(table)
    assert not focus_help and "Fredo's cards were shuffled" in text
    later = [st for st in table.anim.steps[1:] if st.kind == "flip"]
    assert later and not any(st.data["shuffled"] for st in later), "only the first flip says it"


def test_footwork_turns_animate_to_the_facing_the_rules_logged(app):
    from tabletop.games.square_ring.rules import Commit, Footwork

    seats = [Seat("Red", "human", scheme="mouse"), Seat("Blue", "human", scheme="keys-right")]
    table = start(
        app, seats, secrecy="peek", seed=5, boxer0="inga", boxer1="fredo", setup={"reacts": [0, 0], "bursts": [0, 0]}
    )
    # both make a favoured step (Inga forward-left to b3, Fredo forward to c3), then both turn
    table.submit(Commit(0, ("forward-left", "turn-left-90")))
    table.submit(Commit(1, ("forward", "turn-right-90")))
    settle(app, table)
    assert table.session.state.phase == "footwork"
    table.submit(Footwork(0, 1))
    assert table.anim is None, "the first answer stays secret"
    table.submit(Footwork(1, -1))
    st = table.session.state
    logged = {e["seat"]: e["facing"] for e in st.log if e["kind"] == "footwork"}
    assert logged == {0: "NE", 1: "SE"}
    turn = table.anim.current()
    assert turn.kind == "turn" and turn.p0[1] == (0, 4)
    assert turn.p1[1] == (1, 3), "the pieces turn to the logged facings before the second cards"


Keys = KeyboardHalf


Pad = PadPlayer


def focus_on(table, seat, agent, payload, limit=60):
    """Walk the seat's focus to ``payload`` with its own buttons (tests.focus_helpers)."""
    walk_to(table, seat, agent, payload, limit)


def open_hand(table, seat, agent):
    if table.secrecy.mode == "curtain":
        if table.secret_now():
            assert table.curtain_seat() == seat
            assert not any(isinstance(h.payload, tuple) and h.payload[0] == "hand" for h in table.hots)
            assert str(table.focused(seat).payload).startswith("Show ")
            agent.confirm()
            assert table.secrecy.shown == seat
        return lambda: None
    if table.secret_now():
        assert not any(
            isinstance(h.payload, tuple) and h.payload[0] == "hand" and h.payload[1] == seat for h in table.hots
        ), "a hand is pointable while its owner is not peeking"
        agent.peek(True)
        assert table.secrecy.visible(seat)
        return lambda: agent.peek(False)
    return lambda: None


def play_bout(app, table, agents, react_seat=None):
    turn = 0
    reacted = False
    while table.session.outcome() is None:
        settle(app, table)
        st = table.session.state
        if st.result is not None:
            break
        seat = next(s for s in (0, 1) if table.needs(s))
        agent = agents[seat]
        close = open_hand(table, seat, agent)
        if st.phase in ("footwork", "stick"):
            label = "Stay facing" if st.phase == "footwork" else "Stay"
            focus_on(table, seat, agent, label)
            agent.confirm()
            close()
            continue
        if st.phase == "react":
            other = 1 - seat
            shown = table_draw.this_exchange_cards(table, other)
            assert shown[0] == (st.peek, True), "the reactor sees the other's first card"
            assert not any(up for _c, up in shown[1:]), "and only the first"
            reacted = True
        if (
            seat == react_seat
            and st.phase == "declare"
            and st.declares[seat] is None
            and st.reacts[seat]
            and not st.dazed[seat]
        ):
            focus_on(table, seat, agent, "React ◉")
            agent.confirm()
            close()
            assert table.session.state.declares[seat] is True or table.session.state.reactor == seat
            continue
        ids = usable(table, seat)
        picks = [ids[(turn * 5 + seat) % len(ids)], ids[(turn * 5 + seat + 2) % len(ids)]]
        for cid in picks:
            focus_on(table, seat, agent, ("hand", seat, cid))
            agent.confirm()
        assert table.selection(seat) == picks
        if table.slot_count(seat) == 2:
            assert table.focused(seat).payload == "Lock in", "a full order puts the focus on Lock in"
        focus_on(table, seat, agent, "Lock in")
        agent.confirm()
        close()
        assert (
            table.pending[seat]
            or table.session.state.commits[seat] is not None
            or table.session.state.exchange != st.exchange
            or table.busy()
        )
        turn += 1
    return turn, reacted


def test_keyboard_and_gamepad_bout_behind_the_curtain_with_a_react(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="gamepad")]
        table = start(app, seats, secrecy="curtain", seed=11, boxer0="inga", boxer1="fredo")
        assert top(app) is table and table.secrecy.mode == "curtain"
        turns, reacted = play_bout(app, table, {0: Keys(app, "keys-left"), 1: Pad(app, pad)}, react_seat=0)
        st = table.session.state
        assert st.result is not None and turns >= 4
        assert reacted and st.reacts[0] == 0
    finally:
        pad.unplug()


def test_two_keyboards_bout_peeking(app):
    seats = [Seat("Red", "human", scheme="keys-left"), Seat("Blue", "human", scheme="keys-right")]
    table = start(app, seats, secrecy="peek", seed=7, boxer0="sol", boxer1="mei")
    assert table.secrecy.mode == "peek"
    turns, _ = play_bout(app, table, {0: Keys(app, "keys-left"), 1: Keys(app, "keys-right")})
    assert table.session.state.result is not None and turns >= 4


def test_gamepad_alone_against_the_computer(app):
    pad = VirtualPad()
    try:
        frames(app, 3)
        seats = [Seat("Red", "human", scheme="gamepad"), Seat("Blue", "computer", level="easy")]
        table = start(app, seats, seed=8, boxer0="bruno", boxer1="sol")
        agent = Pad(app, pad)
        st = table.session.state
        for cid in ("jab", "right"):
            focus_on(table, 0, agent, ("hand", 0, cid))
            agent.confirm()
        assert len(table.selection(0)) == 2
        agent.pad.press(app, "b")  # B takes the last card back
        assert len(table.selection(0)) == 1
        focus_on(table, 0, agent, ("hand", 0, "forward"))
        agent.confirm()
        focus_on(table, 0, agent, "Lock in")
        agent.confirm()
        settle(app, table)
        now = table.session.state
        first = [e for e in now.log if e["kind"] == "reveal"][0]
        assert first["cards"][0] == "jab" and now is not st
        agent.pad.press(app, "x")  # X opens the bout log
        assert table.log_open
    finally:
        pad.unplug()


# -- every word whole (issue 37) --------------------------------------------------------------


@pytest.mark.parametrize(
    "size, text_size, language",
    [((800, 600), 150, "de"), ((800, 600), 150, "es"), ((1280, 720), 100, "de"), ((1280, 720), 100, "es")],
)
def test_no_word_is_cut_short_on_the_busy_table_or_while_planning(size, text_size, language, monkeypatch):
    """Issue 37: at 800x600 the table cut its card names ("Aufwärtsh…", "Treffen &…"), the status line ("Lay 2
    cards in order…"), the turn buttons ("Links dr…") and, in Spanish, the Undo button ("↶ Des…"). On the
    busiest table (a footwork choice after the reveal) and while cards are laid, no text on the screen or on
    a card's face ends with "…" and none is cut by the fitting rule."""
    from tabletop.bench import busy_table
    from tabletop.ui import gfx
    from tests.test_text_fit import visible_texts

    monkeypatch.setenv("TABLETOP_LANGUAGE", language)
    app = make_app(size=size)
    try:
        app.settings.text_size = text_size
        app.apply_look()
        app.start()
        frames(app, 1)
        seen: list = []
        cut: list = []

        def look(table):
            table.shown_key = None
            seen.extend(visible_texts(app))  # every text as it stands, on the screen and in card faces
            app.draw()
            cut.extend(s for _box, s in gfx.CUT)

        busy = busy_table(registry.get("square-ring"), app)
        for _ in range(2):  # the reveal, then the choice after it
            look(busy)
            frames(app, 40)
        app.stack.pop()
        table = start(app, HUMAN_BOT, seed=3, rounds=3)  # three rounds: a Burst to spend, a 3rd slot
        settle(app, table)
        look(table)
        for cid in usable(table, 0)[:2]:  # an attack first: a card name on the slot's narrow face
            table.place(0, cid)
        assert len(table.selection(0)) == 2
        look(table)
        assert not sorted({s for s in seen if s.endswith("…")} | set(cut))
        assert any("Lock in" in s or "Festlegen" in s or "confirma" in s for s in seen), "the planning status shows"
    finally:
        pygame.quit()


def test_every_card_name_stands_whole_on_every_card_in_every_language(app, monkeypatch):
    """A name too long for its card in one line wraps, and a word too long for the card's width is broken at
    a syllable with a hyphen ("Aufwärts-/haken"), never cut: every card of every boxer, drawn at the hand's
    and the slots' sizes of the three window sizes in every language, has every text whole, and each title
    or keyword in lines reads as it is again."""
    from tabletop.core import i18n
    from tabletop.games.square_ring.rules.content import BOXERS
    from tabletop.games.square_ring.table import cards as tc
    from tabletop.games.square_ring.table.layout import ATK_H, ATK_W, SLOT_H, SLOT_W, STEP_H, STEP_W
    from tabletop.ui import gfx

    drawn: list = []  # (text, cut) of every text fitted on a card
    fitted = gfx.fitted

    def spy(s, box, px, bold=False, min_px=None, lines=0, grow=True):
        out = fitted(s, box, px, bold, min_px, lines, grow)
        drawn.append((s, out[2]))
        return out

    monkeypatch.setattr(gfx, "fitted", spy)
    was = i18n.language()
    try:
        for code in ("en", "es", "de", "qps"):
            i18n.set_language(code)
            say = i18n.words(tc.__name__)[0]  # the game's catalogue, as its cards say them
            names = {say(c.name) for b in BOXERS.values() for c in b.cards}
            names |= {say(w) for w in tc.STEP_WORDS.values()} | {say("Turn left"), say("Turn right")}
            names |= {say(k) for k in tc.KEYWORD_LABEL.values()}
            for size in ((800, 600), (1280, 720), (1920, 1080)):
                vp = gfx.Viewport(size)
                for w, h, big in ((ATK_W, ATK_H, False), (STEP_W, STEP_H, False), (SLOT_W, SLOT_H, True)):
                    r = vp.r(0, 0, w, h)
                    tc.render.cache_clear()
                    drawn.clear()
                    for b in BOXERS.values():
                        for c in b.cards:
                            if big or (c.kind == "attack") == (w == ATK_W):
                                tc.render(b.id, c.id, 0, r.w, r.h, big)
                    assert drawn and not [s for s, cut in drawn if cut], (code, size, r.size)
                    for s, _cut in drawn:
                        if "\n" in s and not s[0].isdigit():
                            assert {
                                s.replace("-\n", "-").replace("\n", " "),
                                s.replace("-\n", "").replace("\n", " "),
                            } & names, s
    finally:
        i18n.set_language(was)
