"""Words a player reads (issue 17): default names are never a card colour, a player types their own
name on the setup screen and the table calls them by it, a result is said from the player's side."""

import functools
import re

import pygame
import pytest

from tabletop.core import registry
from tabletop.ui import gfx
from tabletop.ui.name_entry import NameEntry, reserved_names
from tabletop.ui.setup import Setup
from tests.game_helpers import declares, shipped
from tests.ui_helpers import frames, key, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def test_default_names_are_no_card_colour_of_any_game():
    colours = set(reserved_names())
    assert colours  # some game keeps its card colours from players' names
    assert not {n.lower() for n in gfx.PLAYER_NAMES} & colours
    assert len(set(gfx.PLAYER_NAMES)) == 6 >= max(s.max_players for s in registry.load_all().values())


def type_text(app, text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 1)


def test_a_player_types_their_name_and_the_game_uses_it(app):
    setup = Setup(app, registry.get("punch"))
    app.push(setup)
    frames(app, 1)
    row = next(i for i, it in enumerate(setup.menu.items) if it.key == "name0")
    setup.menu.focus = row
    key(app, "return")
    entry = top(app)
    assert isinstance(entry, NameEntry)
    for _ in range(10):
        key(app, "backspace")
    type_text(app, "Blue")
    key(app, "return")  # a card colour is refused with a reason, the box stays
    assert top(app) is entry and "card colour" in entry.error
    for _ in range(4):
        key(app, "backspace")
    type_text(app, "Zoë")
    key(app, "return")
    assert top(app) is setup and setup.seat_names()[0] == "Zoë"
    assert any(it.label.startswith("Zoë") for it in setup.menu.items)
    setup.start()
    frames(app, 2)
    table = top(app)
    assert table.session.seats[0].name == "Zoë"
    assert app.settings.name == "Zoë"  # the first person's name is the player's own: kept for every game


def test_result_is_said_from_the_players_side(app):
    from tabletop.bench import finished_session

    spec = registry.get("punch")
    for people in (1, 2):
        session = finished_session(spec, 3, people)
        table = spec.make_table(app, session)
        app.push(table)
        frames(app, 200)
        winner = session.outcome().winner
        head = table.headline()
        how = f"{session.state.wins[winner]} matches to {session.state.wins[1 - winner]}"  # and how it was won
        if people == 1:
            assert head.startswith(
                f"You win {how}" if winner == 0 else f"You lose: {session.seats[winner].name} wins {how}"
            )
        else:
            assert head.startswith(f"{session.seats[winner].name} wins {how}") and "You" not in head
        labels = [it.label for it in table.result_menu.items]
        assert labels[:2] == ["Rematch", "Watch the replay"] and "Back to the menu" in labels
        table.result_menu.items[1].action()
        frames(app, 30)
        from tabletop.ui.replay import ReplayScene

        assert isinstance(top(app), ReplayScene) and top(app).source is session.record
        app.pop()
        app.pop()


# -- every log line of every game, from seeded computer games (issue 17, point 4) ------------------------------------

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"]
# a round's bell names nobody: it is the table speaking, not a player acting
BELLS = re.compile(r"^Round \d+: (fight|ding ding ding)!$")
TABLE_LINES = {"The discard pile is shuffled to make a new draw pile."}  # Stabby Jack's deck, nobody's move
PLURALS = "cards|points|rounds|matches|judges|punches|combos|knockdowns|turns|wins|hands|stat cards|blocks"
ONE_MANY = re.compile(rf"(?<![\d/.\-–])\b1 ({PLURALS})\b")
MANY_ONE = re.compile(
    r"(?<![\d/.\-–])\b(0|[2-9]|\d\d+) (card|point|round|match|judge|punch|combo|knockdown|turn)\b(?!s)"
)


def seats_of(spec) -> int:
    return spec.min_players if spec.max_players <= 2 else 4


@functools.cache
def game_lines(game_id: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every log line of two seeded computer games of ``game_id`` as players read them, and the names they may use."""
    from tabletop.core import playout

    spec = registry.get(game_id)
    n = seats_of(spec)
    lines: dict = {}
    for seed in (1, 2):
        seen: dict = {}

        def keep(_action, state, seen=seen):
            for e in spec.rules.events(state, NAMES[:n]):
                seen.setdefault(e["n"], e["text"])

        playout.play(spec, seed=seed, players=n, on_action=keep, check=False)
        lines.update({t: None for t in seen.values()})
    names = list(NAMES[:n])
    if game_id == "square-ring":  # its log names each player's boxer, as its table does
        from tabletop.games.square_ring.rules.content import BOXERS

        names = [b.name for b in BOXERS.values()]
    return tuple(lines), tuple(names)


def card_names(game_id: str) -> set[str]:
    if game_id == "jab":
        from tabletop.games.jab.rules.content import TYPE_NAMES

        return set(TYPE_NAMES)
    if game_id == "punch":
        from tabletop.games.punch.rules.content import CONTENT

        KINDS = CONTENT.kinds

        return {k.name for k in KINDS}
    if game_id == "boxing-the-game":
        from tabletop.games.boxing_the_game.rules.content import CARDS

        return {c.name for c in CARDS}
    if game_id == "square-ring":
        from tabletop.games.square_ring.rules.content import BOXERS

        return {c.name for b in BOXERS.values() for c in b.cards}
    return {"Stabby Jack", "Joker", "Ace", "King", "Queen", "Jack"}


def test_every_log_line_names_a_player_and_counts_in_the_right_form(game):
    lines, names = game_lines(game.id)
    assert lines or not declares(game, "events")  # a game that tells events told some
    assert len(lines) > 40 or not shipped(game)  # the program's own games: real games, many kinds of line
    nameless = [t for t in lines if not any(n in t for n in names) and not BELLS.match(t) and t not in TABLE_LINES]
    assert not nameless, f"{game.id}: lines that name no player: {nameless[:5]}"
    wrong = [t for t in lines if ONE_MANY.search(t) or MANY_ONE.search(t)]
    assert not wrong, f"{game.id}: a count and its noun disagree: {wrong[:5]}"
    bare = [t for t in lines if re.search(r"\(\+\d+\)", t)]
    assert not bare, f"{game.id}: a bare (+N) says not what it adds: {bare[:5]}"


def test_card_names_have_one_capitalisation(game):
    lines, _names = game_lines(game.id)
    mixed = set()
    for name in card_names(game.id):
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)
        for t in lines:
            mixed |= {(name, m.group(0), t) for m in pattern.finditer(t) if m.group(0) != name}
    assert not mixed, f"{game.id}: card names written another way: {sorted(mixed)[:5]}"


def test_a_knockout_is_told_with_its_round():
    from tabletop.bench import finished_session
    from tabletop.ui import result

    spec = registry.get("square-ring")
    for seed in range(1, 30):  # the first seeded bout that ends by knockout (a sturdy boxer against a fragile one)
        session = finished_session(spec, seed, 1, {"boxer0": "fredo", "boxer1": "sol"})
        if any(e["kind"] == "ko" for e in session.state.log):
            break
    else:
        raise AssertionError("no seeded bout ended by knockout")
    report = result.build(session)
    assert f"by knockout in round {session.state.round}" in result.headline(session, report)


def test_a_big_moment_sweeps_across_and_the_result_waits_for_it(app):
    from tabletop.bench import finished_session
    from tabletop.paths import asset_path
    from tabletop.ui.sound import NAMES as SOUNDS

    assert all(asset_path("sounds", f"{name}.wav").exists() for name in SOUNDS)  # every moment has its sound
    spec = registry.get("punch")
    table = spec.make_table(app, finished_session(spec, 3, 1))
    app.push(table)
    frames(app, 200)
    assert table.showing_result()
    table.moment("Knockout!", "Ana's Punch 3 catches Ben doing nothing", sound="knockout")
    assert not table.showing_result()  # the moment is shown first
    frames(app, 200)
    assert not table.moments and table.showing_result()
    app.pop()


def test_a_player_types_their_name_with_a_gamepad_alone(app):
    from tests.ui_helpers import VirtualPad

    setup = Setup(app, registry.get("punch"))
    app.push(setup)
    pad = VirtualPad()
    try:
        frames(app, 3)
        setup.menu.focus = next(i for i, it in enumerate(setup.menu.items) if it.key == "name0")
        pad.press(app, "a")
        entry = top(app)
        assert isinstance(entry, NameEntry)
        for _ in range(len(entry.text)):
            pad.press(app, "b")  # B takes letters back
        assert entry.text == ""
        # Z is two rows down, six keys along; O one row up, one back; E one more row up
        for button in ["dpdown"] * 2 + ["dpright"] * 5 + ["a"] + ["dpup", "dpleft", "a", "dpup", "a"]:
            pad.press(app, button)
        assert entry.text == "Zoe"  # a capital first, then small letters
        pad.press(app, "start")  # keeps the name
        assert top(app) is setup and setup.seat_names()[0] == "Zoe"
        setup.menu.focus = next(i for i, it in enumerate(setup.menu.items) if it.key == "name0")
        pad.press(app, "a")
        pad.press(app, "b")
        assert top(app).text == "Zo"
        for _ in range(3):
            pad.press(app, "b")  # past an empty box, B leaves it and keeps the old name
        assert top(app) is setup and setup.seat_names()[0] == "Zoe"
    finally:
        pad.unplug()
        frames(app, 2)


# -- the words check on every text drawn in walks through each game (issue 30) ----------------------------------------


def test_every_text_drawn_in_a_walk_through_the_game_passes_the_words_check(app, game):
    """A table of computers played for a while, the busiest table, a finished game against the computer
    and between two people (result screens), and the game's replay: every text drawn in them has no
    template left, no None, no ruling id, and each count agrees with its noun."""
    from tabletop.bench import busy_table, finished_session
    from tabletop.core import playout
    from tabletop.ui.replay import ReplayScene
    from tests import words_check

    n = seats_of(game)
    with words_check.collect() as seen:
        seen += computers_play(app, game)
        busy_table(game, app)
        frames(app, 30)
        app.pop()
        for people in (1, 2):
            table = game.make_table(app, finished_session(game, 3, people))
            app.push(table)
            for _ in range(300):  # until the last move's animations end and the result panel is up
                if table.showing_result():
                    break
                frames(app)
            frames(app, 30)
            assert table.showing_result()
            app.pop()
        app.push(ReplayScene(app, game, playout.play(game, seed=3, players=n).record))
        frames(app, 300, dt=40)
        app.pop()
    assert len(set(seen)) > (50 if shipped(game) else 20)  # real screens, many texts (fewer in the least game)
    wrong = words_check.problems(seen)
    assert not wrong, f"{game.id}:\n" + "\n".join(wrong[:12])


def punch_session(upto=None, **options):
    """A Punch! game between two people at one computer, played by computers to its end (or to the first
    state ``upto`` likes), with its record."""
    from tabletop.core import playout
    from tabletop.session import Seat, Session

    spec = registry.get("punch")
    played = playout.play(spec, seed=3, options=options, check=False)
    session = Session.new(spec, [Seat("Ana", "human"), Seat("Ben", "human")], options, seed=3, autosave=False)
    if upto is None:
        session.state = played.state
        session.record.actions = list(played.record.actions)
        return session
    from tabletop.core.record import replay

    found: list = []

    def keep(i, _action, state):
        if not found and upto(state):
            found.append((i, state))

    replay(played.record, spec, on_state=keep)
    i, session.state = found[0]
    session.record.actions = list(played.record.actions[: i + 1])
    return session


def test_punch_says_1_match_to_0_and_a_hand_of_1_card(app):
    """Issue 30: "Ben wins 1 matches to 0" and "Ben's hand (1 cards)"."""
    from tests import words_check

    spec = registry.get("punch")
    with words_check.collect() as seen:
        app.push(spec.make_table(app, punch_session(matches_to_win=1)))
        frames(app, 300)
        app.pop()
        late = punch_session(lambda st: st.phase == "choose" and 1 in st.hand_sizes)
        assert 1 in late.state.hand_sizes
        app.push(spec.make_table(app, late))
        frames(app, 30)
        app.pop()
    assert any(" 1 match to 0" in t for t in seen)
    assert any(t.endswith("'s hand (1 card)") for t in seen)
    assert not words_check.problems(seen)


def computers_play(app, spec, frame_count=400) -> list[str]:
    """Every text drawn while a table of computers plays ``spec`` for a while (seeded)."""
    from tabletop.bench import computer_seat
    from tabletop.session import Session
    from tests import words_check

    seats = [computer_seat(spec, NAMES[i], 0) for i in range(seats_of(spec))]  # people, if it has no computer
    with words_check.collect() as seen:
        app.push(spec.make_table(app, Session.new(spec, seats, seed=5, autosave=False)))
        frames(app, frame_count, dt=40)
        app.pop()
    return seen


def test_the_square_rings_recap_says_who_lost_the_hp(app):
    """Issue 30: "Last exchange · Fredo: Cross (-3 HP)": who lost the 3 HP?"""
    recaps = [t for t in computers_play(app, registry.get("square-ring"), 800) if t.startswith("Last exchange")]
    assert recaps and not any("(-" in t for t in recaps)
    assert any(re.search(r"\) lost \d+ HP", t) for t in recaps)


def test_boxing_says_what_its_score_key_counts_and_a_prize_pick_names_no_mouse(app):
    """Issue 30: "10 won · 9 lost · 8 knocked down" said not what; "picks a prize (click it or drag it…)"
    was told to a keyboard player too."""
    seen = computers_play(app, registry.get("boxing-the-game"), 600)
    key = [t for t in seen if "knocked down" in t]
    assert key and all(t.startswith("Round points:") for t in key)
    picks = [t for t in seen if "picks a prize" in t]
    assert picks and not any("click" in t or "drag" in t for t in picks)


def test_the_words_check_is_not_blind():
    from tests import words_check

    bad = ["Ana won: {0} wins by knockout!", "Winner: None", "Blocks a Haymaker (R-JAB-5)", "Ben's hand (1 cards)"]
    bad += ["Ben wins 1 matches to 0", "3 lesson finished"]
    assert len(words_check.problems(bad)) == len(bad)
    good = ["You own 25 punch cards", "Ben's hand (1 card)", "Ben wins 2 matches to 1"]
    good += ["Punch 3 card", "1 of 13 lessons finished", "Round 2"]
    assert words_check.problems(good) == []
