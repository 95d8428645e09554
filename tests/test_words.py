"""Words a player reads (issue 17): default names are never a card colour, a player types their own
name on the setup screen and the table calls them by it, a result is said from the player's side."""

import functools
import re

import pygame
import pytest

from tabletop.core import registry
from tabletop.ui import gfx
from tabletop.ui.name_entry import CARD_COLOURS, NameEntry
from tabletop.ui.setup import Setup
from tests.ui_helpers import frames, key, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 1)
    yield a
    pygame.quit()


def test_default_names_are_no_card_colour_of_any_game():
    colours = set(CARD_COLOURS)
    colours |= {c.lower() for c in registry.get("jab").extra.get("colours", ())}
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
    assert top(app) is setup and setup.names[0] == "Zoë"
    assert any(it.label.startswith("Zoë") for it in setup.menu.items)
    setup.start()
    frames(app, 2)
    table = top(app)
    assert table.session.seats[0].name == "Zoë"
    assert app.settings["last_setup"]["punch"]["names"][0] == "Zoë"  # remembered for next time


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


GAMES = ["jab", "punch", "stabby-jack", "square-ring", "boxing-the-game"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_log_line_names_a_player_and_counts_in_the_right_form(game_id):
    lines, names = game_lines(game_id)
    assert len(lines) > 40  # real games, many kinds of line
    nameless = [t for t in lines if not any(n in t for n in names) and not BELLS.match(t) and t not in TABLE_LINES]
    assert not nameless, f"{game_id}: lines that name no player: {nameless[:5]}"
    wrong = [t for t in lines if ONE_MANY.search(t) or MANY_ONE.search(t)]
    assert not wrong, f"{game_id}: a count and its noun disagree: {wrong[:5]}"
    bare = [t for t in lines if re.search(r"\(\+\d+\)", t)]
    assert not bare, f"{game_id}: a bare (+N) says not what it adds: {bare[:5]}"


@pytest.mark.parametrize("game_id", GAMES)
def test_card_names_have_one_capitalisation(game_id):
    lines, _names = game_lines(game_id)
    mixed = set()
    for name in card_names(game_id):
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)
        for t in lines:
            mixed |= {(name, m.group(0), t) for m in pattern.finditer(t) if m.group(0) != name}
    assert not mixed, f"{game_id}: card names written another way: {sorted(mixed)[:5]}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_result_says_how_and_tells_the_story(game_id):
    from tabletop.bench import finished_session
    from tabletop.ui import result

    spec = registry.get(game_id)
    session = finished_session(spec, 3, 1)
    report = result.build(session)
    head = result.headline(session, report)
    assert report.how and report.how in head  # not just "You win!": how it was won
    assert head.startswith(("You win", "You lose: ", "A draw"))
    assert report.numbers and all(len(values) == len(session.seats) for _label, values in report.numbers)
    assert report.moments  # a few key moments, in sentences naming the seats
    assert all(not ONE_MANY.search(m) and not MANY_ONE.search(m) for m in report.moments)
    people = finished_session(spec, 3, 2)
    winner = people.outcome().winner
    if winner is not None:
        assert result.headline(people, result.build(people)).startswith(f"{people.seats[winner].name} wins ")


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
        for _ in range(len(setup.names[0])):
            pad.press(app, "b")  # B takes letters back
        assert entry.text == ""
        # Z is two rows down, six keys along; O one row up, one back; E one more row up
        for button in ["dpdown"] * 2 + ["dpright"] * 5 + ["a"] + ["dpup", "dpleft", "a", "dpup", "a"]:
            pad.press(app, button)
        assert entry.text == "Zoe"  # a capital first, then small letters
        pad.press(app, "start")  # keeps the name
        assert top(app) is setup and setup.names[0] == "Zoe"
        setup.menu.focus = next(i for i, it in enumerate(setup.menu.items) if it.key == "name0")
        pad.press(app, "a")
        pad.press(app, "b")
        assert top(app).text == "Zo"
        for _ in range(3):
            pad.press(app, "b")  # past an empty box, B leaves it and keeps the old name
        assert top(app) is setup and setup.names[0] == "Zoe"
    finally:
        pad.unplug()
        frames(app, 2)
