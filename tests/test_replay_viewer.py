"""The replay viewer a player can use (issue 14, point 4): step back as well as
forward, a scrubber (mouse, keys, gamepad), the next round, computers labelled
as computers, working result-panel buttons, and a chosen side's secrets only."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import playout, registry
from tabletop.core import record as rec
from tests.ui_helpers import click, frames, key, make_app, top


@pytest.fixture
def app():
    a = make_app()
    a.start()
    frames(a, 2)
    yield a
    pygame.quit()


def watch(app, game_id, seed=3, players=None):
    from tabletop.ui.replay import ReplayScene

    spec = registry.get(game_id)
    result = playout.play(spec, seed=seed)
    record = result.record
    if players is not None:
        record.players = players
    scene = ReplayScene(app, spec, record)
    app.push(scene)
    frames(app, 2)
    return scene, spec, record


def state_at(spec, record, n):
    cut = rec.Record(record.game, record.seed, record.options, record.players, record.setup, record.actions[:n])
    return rec.replay(cut, spec)


def pad(app, scene, name):
    scene.handle(pygame.event.Event(pygame.USEREVENT), [(0, name, True)])
    frames(app)


def test_step_forward_and_back_lands_on_the_same_positions(app):
    scene, spec, record = watch(app, "punch")
    key(app, "space")  # pause
    for _ in range(5):
        key(app, "right")
    assert scene.index == 5
    key(app, "left")
    key(app, "left")
    assert scene.index == 3
    assert spec.rules.summary(scene.session.state) == spec.rules.summary(state_at(spec, record, 3))
    assert scene.table in app.stack and app.stack[-1] is scene  # the rebuilt table is the one drawn


def test_the_scrubber_follows_the_mouse_keys_and_gamepad(app):
    scene, spec, record = watch(app, "stabby-jack")
    n = len(record.actions)
    track = scene.track
    click(app, (track.x + track.w // 2, track.centery))
    assert abs(scene.index - n // 2) <= 1 and not scene.playing
    assert spec.rules.summary(scene.session.state) == spec.rules.summary(state_at(spec, record, scene.index))
    key(app, "end")
    assert scene.index == n
    key(app, "home")
    assert scene.index == 0
    key(app, "3")
    assert scene.index == round(n * 0.3)
    at = scene.index
    pad(app, scene, "righttrigger")
    assert scene.index == at + max(1, n // 10)
    pad(app, scene, "dpleft")
    assert scene.index == at + max(1, n // 10) - 1


def test_next_round_jumps_to_where_a_round_starts(app):
    scene, spec, record = watch(app, "punch")
    assert len(scene.rounds) > 2
    key(app, "page down")
    first = scene.index
    assert first == scene.rounds[1]
    before = state_at(spec, record, first - 1)
    after = state_at(spec, record, first)
    assert (before.match, before.round) != (after.match, after.round)
    pad(app, scene, "rightshoulder")
    assert scene.index == scene.rounds[2]
    key(app, "page up")
    assert scene.index == scene.rounds[1]


def test_computer_seats_are_labelled_and_people_are_not(app):
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "computer", "level": "easy"}]
    scene, spec, record = watch(app, "boxing-the-game", players=players)
    seats = scene.session.seats
    assert [s.kind for s in seats] == ["human", "computer"]
    assert scene.side == 0  # one person: watched from that person's side by default


def test_watching_a_side_shows_only_that_sides_secrets(app):
    players = [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "human"}]
    scene, spec, record = watch(app, "punch", players=players)
    assert scene.side is None  # two people: nobody's secrets until a side is chosen
    assert not scene.table.secrecy.visible(0) and not scene.table.secrecy.visible(1)
    key(app, "v")
    assert scene.side == 0 and scene.table.secrecy.visible(0) and not scene.table.secrecy.visible(1)
    key(app, "right")
    key(app, "left")  # a rebuilt table keeps the side
    assert scene.table.secrecy.visible(0) and not scene.table.secrecy.visible(1)
    pad(app, scene, "y")
    assert scene.side == 1 and scene.table.secrecy.visible(1) and not scene.table.secrecy.visible(0)


def test_a_side_watched_in_punch_has_its_hand_face_up_even_when_a_computer_played_it(app):
    """Two computers played; watching from the first one's side shows its hand (not the backs),
    and watching from the other side hides it again."""
    from tabletop.games.punch.table.layout import CARD_H, HALF_W, HALF_X, HAND_Y

    scene, spec, record = watch(app, "punch")
    for _ in range(4):
        key(app, "right")

    def seat0_hand() -> bytes:
        frames(app)
        r = app.vp.r(HALF_X[0] + 8, HAND_Y - 36, HALF_W - 16, CARD_H + 44)
        return pygame.image.tobytes(app.screen.subsurface(r), "RGB")

    assert scene.side is None
    hidden = seat0_hand()
    key(app, "v")
    assert scene.side == 0 and seat0_hand() != hidden
    key(app, "v")
    assert scene.side == 1 and seat0_hand() == hidden


def test_the_result_panel_buttons_work(app):
    scene, spec, record = watch(app, "punch")
    key(app, "end")
    for _ in range(200):
        frames(app)
        if scene.table.result_menu is not None:
            break
    menu = scene.table.result_menu
    assert menu is not None and [it.label for it in menu.items][0] == "Watch again"
    click(app, menu.items[0].rect.center)  # Watch again
    assert scene.index <= 1 and scene.playing
    key(app, "end")
    for _ in range(50):
        frames(app)
    menu = scene.table.result_menu
    click(app, menu.items[2].rect.center)  # Back to the menu
    assert type(top(app)).__name__ == "Launcher"


def test_back_from_a_replay_opened_on_the_result_panel_returns_to_it(app):
    """Playtest: "Watch the replay" on a finished game's result panel, then Esc (or B, or the bar's
    button) went to the launcher, so Rematch was gone. Back returns to the result panel, and Rematch
    there starts a new game; "Back to the menu" still goes to the launcher."""
    from tabletop.session import Session
    from tabletop.ui.replay import ReplayScene

    spec = registry.get("punch")
    record = playout.play(spec, seed=3).record
    record.players[0] = {"name": "Ana", "kind": "human"}
    session = Session.from_record(spec, record, autosave=False)
    table = spec.make_table(app, session)
    app.push(table)
    for _ in range(400):
        frames(app, 1, dt=50)
        if table.showing_result():
            break
    frames(app, 20)  # the result lets presses go for a moment (ui.scene GUARD_MS)
    assert table.showing_result() and table.result_menu is not None
    watch = next(it for it in table.result_menu.items if "replay" in it.label)
    click(app, watch.rect.center)
    assert isinstance(top(app), ReplayScene)
    key(app, "escape")
    assert top(app) is table and table.showing_result()
    click(app, watch.rect.center)
    frames(app, 2)
    scene = top(app)
    back = next(r for r, callback in scene.buttons if callback == scene.back)  # the bar's Back button
    click(app, back.center)
    assert top(app) is table and table.showing_result()
    rematch = next(it for it in table.result_menu.items if it.label == "Rematch")
    click(app, rematch.rect.center)
    assert top(app) is not table and top(app).session.outcome() is None


def test_the_replay_bar_hides_the_table_text_under_it(app):
    """Playtest: the replay's bar of buttons was nearly opaque, and the table's own hint line under
    it showed through as grey ghosts between the buttons. Drawn over black and over white, it is
    the same."""
    scene, _spec, _record = watch(app, "square-ring")
    seen = []
    for ground in ((0, 0, 0), (255, 255, 255)):
        surf = pygame.Surface(app.screen.get_size())
        surf.fill(ground)
        scene.draw(surf, app.vp)
        seen.append(pygame.image.tobytes(surf.subsurface(app.vp.r(0, 679, 1280, 38)), "RGB"))
    assert seen[0] == seen[1]


def test_the_viewer_names_the_controls_of_the_device_in_use_and_rings_what_confirm_does(app, monkeypatch):
    """Issue 34: the viewer had no focus ring and no pad hint (its mapping was only in a comment)."""
    from tabletop.input import hints
    from tabletop.ui import gfx

    scene, _spec, _record = watch(app, "punch")
    seen: list[str] = []
    real = gfx.draw_fitted
    monkeypatch.setattr(gfx, "draw_fitted", lambda surf, text, *a, **k: seen.append(text) or real(surf, text, *a, **k))
    rings: list = []
    real_rect = pygame.draw.rect
    monkeypatch.setattr(
        pygame.draw,
        "rect",
        lambda surf, colour, r, *a, **k: rings.append((colour, r)) or real_rect(surf, colour, r, *a, **k),
    )
    for device, named, never in ((hints.PAD, "A: play", "Space"), (hints.KEYS, "Space or Enter", "d-pad")):
        app.last_device = device
        seen.clear()
        rings.clear()
        scene.draw(app.screen, app.vp)
        line = next(t for t in seen if "play / pause" in t)
        assert named in line and never not in line, line
        play = next(r for r, cb in scene.buttons if cb == scene.toggle)
        assert any(c == gfx.HILITE and pygame.Rect(r).contains(play) for c, r in rings), "no ring on what confirm does"
