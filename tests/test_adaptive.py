"""Issue 40: the "Adaptive" computer seat moves one level up after the person wins, one down after
the person loses, keeps the level in the settings per game, and never changes it during a game."""

import pytest

from tabletop import adaptive, settings
from tabletop.core import registry
from tabletop.session import Seat, Session
from tabletop.ui.setup import remembered_seat, seat_choices


def _finish(session, person_plays: str):
    """Plays the session to its end: the person's seat by a computer level, the computer by its own bot."""
    spec = session.spec
    person = spec.make_bot(seat=0, level=person_plays, seed=7)
    for _ in range(20_000):
        if session.outcome() is not None:
            return session.outcome()
        for seat in spec.rules.to_act(session.state):
            bot = person if seat == 0 else session.bots[seat]
            session.submit(bot.choose(session.view(seat)))
    raise AssertionError("the game did not end")


def _game(kept, person_plays: str, seed: int):
    spec = registry.get("punch")
    level = adaptive.level_now(kept, spec)
    seats = [Seat("You", "human"), Seat("Computer", "computer", level=level, adaptive=True)]
    session = Session.new(spec, seats, {}, seed=seed, autosave=False)
    out = _finish(session, person_plays)
    assert session.bots[1].level == level  # the level it started with, the whole game through
    return out, adaptive.after_game(kept, session)


def test_adaptive_moves_up_after_a_win_and_down_after_a_loss_and_is_kept(tmp_path):
    path = tmp_path / "settings.json"
    kept = settings.load(path)
    spec = registry.get("punch")
    assert adaptive.level_now(kept, spec) == "Beginner"  # a first game: the easiest
    out, line = _game(kept, "Contender", seed=11)
    assert out.winner == 0  # the person (played by the strongest level) won
    assert line == "Next time: Sparring partner (one level up)"
    assert settings.load(path).adaptive["punch"] == "Sparring partner"  # kept in the file
    out, line = _game(settings.load(path), "random", seed=12)
    assert out.winner == 1  # the person (playing at random) lost
    assert line == "Next time: Beginner (one level down)"
    assert settings.load(path).adaptive == {"punch": "Beginner"}


def test_a_step_never_goes_past_either_end_and_a_draw_stays():
    levels = ["Beginner", "Club boxer", "Contender"]
    assert adaptive.step(levels, "Contender", True) == "Contender"
    assert adaptive.step(levels, "Beginner", False) == "Beginner"
    assert adaptive.step(levels, "Club boxer", None) == "Club boxer"
    assert adaptive.step(levels, "Club boxer", True) == "Contender"
    assert adaptive.step(levels, "Club boxer", False) == "Beginner"


def test_a_game_without_an_adaptive_seat_moves_nothing(tmp_path):
    kept = settings.load(tmp_path / "settings.json")
    spec = registry.get("punch")
    seats = [Seat("You", "human"), Seat("Computer", "computer", level="Beginner")]
    session = Session.new(spec, seats, {}, seed=3, autosave=False)
    _finish(session, "Contender")
    assert adaptive.after_game(kept, session) == "" and kept.adaptive == {}


@pytest.mark.needs("computer")
def test_every_game_offers_the_adaptive_computer_and_remembers_the_choice(game):
    assert (adaptive.SEAT, "Computer: Adaptive") in seat_choices(game)
    assert remembered_seat(game, adaptive.SEAT) == adaptive.SEAT


def test_an_adaptive_seat_survives_a_saved_game():
    from tabletop.core import record as rec

    seat = Seat("Computer", "computer", level="Contender", adaptive=True)
    assert Seat.from_json(seat.to_json(), 1) == seat
    saved = rec.Record(game="punch", seed=1, options={}, players=[Seat("You").to_json(), seat.to_json()])
    back = rec.parse(saved.dumps())
    assert Seat.from_json(back.players[1], 1) == seat
