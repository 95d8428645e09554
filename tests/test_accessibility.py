"""Issue 37, "Everyone can play": text contrast, colours for every colour vision, the accessibility
settings (checked at the door) and what each changes on screen."""

from __future__ import annotations

import itertools

import pytest

from tabletop import settings as settings_mod
from tabletop.ui import gfx

# the colours texts are drawn in, and what they are drawn on (a disabled row's DIM is exempt, as WCAG says)
TEXT_COLOURS = {"white": gfx.WHITE, "gold": gfx.GOLD, "highlight": gfx.HILITE, "grey": gfx.GREY}
TEXT_COLOURS |= {"green": gfx.GREEN, "refusal": gfx.REFUSE}
TEXT_COLOURS |= {f"{vision} seat {i + 1}": c for vision, cs in gfx.PALETTES.items() for i, c in enumerate(cs)}
BACKGROUNDS = {"felt": gfx.FELT, "dark felt": gfx.FELT_DARK, "panel": gfx.PANEL}
BACKGROUNDS |= {"menu row": gfx.ROW, "focused menu row": gfx.ROW_FOCUS}


def linear(v: float) -> float:
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(c) -> float:
    r, g, b = (linear(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG 2's contrast ratio."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_text_colour_reads_at_4_5_to_1_on_every_background():
    low = [
        f"{t} on {b}: {contrast(tc, bc):.1f}"
        for (t, tc), (b, bc) in itertools.product(TEXT_COLOURS.items(), BACKGROUNDS.items())
        if contrast(tc, bc) < 4.5
    ]
    assert not low, low


# Machado, Oliveira and Fernandes (2009), full severity, on linear RGB
SIMULATE = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.01182, 0.04294, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.3039)),
}


def seen_as(colour, vision: str) -> tuple:
    """CIE L*a*b* of ``colour`` as eyes with ``vision`` see it ("usual": as it is)."""
    rgb = [linear(v) for v in colour]
    if vision != "usual":
        m = SIMULATE[vision]
        rgb = [max(0.0, min(1.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3)]
    r, g, b = rgb
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b)
    xyz += ((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,)
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz]
    return (116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2]))


def closest_seats(colours, vision: str) -> float:
    seen = [seen_as(c, vision) for c in colours]
    return min(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5 for a, b in itertools.combinations(seen, 2))


@pytest.mark.parametrize("vision", ["usual", "protanopia", "deuteranopia", "tritanopia"])
def test_each_colour_vision_palette_keeps_every_two_seats_apart_for_those_eyes(vision):
    """A colour difference (CIE76) of 20 is plain at a glance; a palette keeps its seats apart for usual eyes too."""
    assert closest_seats(gfx.PALETTES[vision], vision) >= 20
    assert closest_seats(gfx.PALETTES[vision], "usual") >= 20


def test_the_usual_palette_runs_two_seats_together_for_red_weak_eyes():
    """Why the setting is there: the usual red and purple seats look alike without red vision."""
    assert closest_seats(gfx.PALETTES["usual"], "protanopia") < 10


@pytest.mark.parametrize(
    "key, good, bad",
    [
        ("text_size", 150, 130),
        ("colour_vision", "tritanopia", "blue"),
        ("reduce_motion", True, "yes"),
        ("hold_toggles", True, 1),
    ],
)
def test_accessibility_settings_are_checked_at_the_door(tmp_path, key, good, bad):
    s = settings_mod.Settings()
    setattr(s, key, good)
    with pytest.raises(ValueError, match=key):
        setattr(s, key, bad)
    path = tmp_path / "settings.json"
    path.write_text(f'{{"version": 1, "{key}": {settings_mod.msgspec.json.encode(bad).decode()}}}')
    loaded = settings_mod.load(path)
    assert getattr(loaded, key) == settings_mod.DEFAULTS[key]
    assert len(loaded.messages) == 1 and key in loaded.messages[0]


@pytest.mark.parametrize("game_id", ["punch", "boxing-the-game"])
def test_the_peek_button_can_be_a_press_to_open_and_a_press_to_close(game_id):
    """With "Peek button: Press to open" a player's cards stay shown after the key is let go, hide at the
    next press, and the table says "Press", not "Hold"."""
    import pygame

    from tests.test_secret_tables import start_peeking, texts_shown
    from tests.ui_helpers import key_down, key_up, make_app

    app = make_app()
    app.settings.hold_toggles = True
    table = start_peeking(app, game_id)
    shown = texts_shown(app, table)
    assert any("Tab" in t and "hide" in t for t in shown), shown
    assert not table.secrecy.visible(0)
    key_down(app, "tab")
    key_up(app, "tab")
    assert table.secrecy.visible(0)  # open after the key is let go
    key_down(app, "tab")
    assert not table.secrecy.visible(0)
    key_up(app, "tab")
    assert not table.secrecy.visible(0)
    pygame.quit()


def strike_table(reduce_motion: bool):
    """A stand-in for the Square Ring's table in the middle of a strike that lands on seat 1."""
    from types import SimpleNamespace

    from tabletop.games.square_ring.table.anim import Step

    pose = ((12, 13), (2, 6), (10, 10), (0, 0))
    step = Step("strike", 1000, pose, pose, areas={0: [13]}, taken=[False, True])
    anim = SimpleNamespace(p=0.0, current=lambda: step)
    anim.progress = lambda: anim.p
    settings = settings_mod.Settings()
    settings.reduce_motion = reduce_motion
    return SimpleNamespace(anim=anim, app=SimpleNamespace(settings=settings), shown_pose=lambda: pose)


def test_a_strike_in_the_square_ring_is_shaded_steadily_not_blinking(monkeypatch):
    """The squares a strike lands on blinked five times a second; now one steady shade (at most one flash
    a strike, and a strike lasts its whole step)."""
    import pygame

    from tabletop.games.square_ring.table import ring

    pygame.init()
    vp, surf = gfx.Viewport((1280, 720)), pygame.Surface((1280, 720))
    shades: list = []
    monkeypatch.setattr(ring, "shade_squares", lambda surf, vp, area, colour, alpha: shades.append(alpha))
    t = strike_table(False)
    for k in range(100):
        t.anim.p = k / 100
        ring.anim_overlay(t, surf, vp)
    assert len(shades) == 100 and len(set(shades)) == 1


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_reduce_motion_stops_the_boxer_who_is_hit_from_shaking(monkeypatch, reduce_motion):
    import pygame

    from tabletop.games.square_ring.table import ring

    pygame.init()
    vp, surf = gfx.Viewport((1280, 720)), pygame.Surface((1280, 720))
    where: list = []
    monkeypatch.setattr(ring, "draw_piece", lambda t, surf, vp, seat, x, y, deg: where.append((seat, x)))
    t = strike_table(reduce_motion)
    for k in range(35, 75):
        t.anim.p = k / 100
        ring.pieces(t, surf, vp)
    hit = {x for seat, x in where if seat == 1}
    assert (len(hit) == 1) == reduce_motion


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_reduce_motion_keeps_animations_at_the_normal_speed_or_slower(reduce_motion):
    import pygame

    from tabletop.bench import busy_table
    from tabletop.core import registry
    from tests.ui_helpers import make_app

    app = make_app()
    app.settings.animation_speed = 4.0
    app.settings.reduce_motion = reduce_motion
    table = busy_table(registry.get("stabby-jack"), app)
    assert table.anim_factor() == (1.0 if reduce_motion else 4.0)
    pygame.quit()


def test_jabs_slowest_table_gives_both_players_the_same_slower_hands_and_replays_true():
    """R-JAB-5: hands move at one bounded speed for everyone. The slowest table (1 s across) is a game
    option: a card placed sooner than the slow hand could get there is refused for either player, and the
    record keeps the option, so its replay plays the same game."""
    from tabletop.core import playout, record, registry
    from tabletop.core.game import Refused
    from tabletop.games.jab.rules import RULES
    from tabletop.games.jab.rules.actions import Place, Take
    from tabletop.games.jab.rules.hands import min_travel_ms
    from tests.jab_helpers import ok, start

    slow, usual = start(options={"hand_speed_ms": 1000}), start()
    for player in (0, 1):
        target = "p0.head" if player == 1 else "p1.head"
        fast_enough = min_travel_ms(player, 0, target, 350)
        slow_travel = min_travel_ms(player, 0, target, 1000)
        assert slow_travel > 2 * fast_enough
        t0 = max(slow.now, slow.go_at)
        held = ok(slow, Take(player, "left", t0))
        assert isinstance(RULES.apply(held, Place(player, "left", target, t0 + fast_enough)), Refused)
        assert not isinstance(RULES.apply(held, Place(player, "left", target, t0 + slow_travel)), Refused)
        held = ok(usual, Take(player, "left", t0))  # the usual table: the fast hand is there in time
        assert not isinstance(RULES.apply(held, Place(player, "left", target, t0 + fast_enough)), Refused)
    spec = registry.get("jab")
    game = playout.play(spec, seed=5, options={"hand_speed_ms": 1000, "stall_ms": 40000, "countdown_ms": 0})
    assert game.record.options["hand_speed_ms"] == 1000 and game.record.options["stall_ms"] == 40000
    again = record.replay(game.record, spec)
    assert again.history == game.state.history and again.tokens == game.state.tokens


def test_the_square_rings_two_pieces_carry_different_marks_even_for_one_boxer_twice():
    """Two Ingas on the ring both showed "I": only their colour told them apart."""
    from types import SimpleNamespace

    from tabletop.games.square_ring.table import ring

    def table(a, b):
        return SimpleNamespace(boxer=lambda seat: SimpleNamespace(name=(a, b)[seat]))

    assert {ring.piece_mark(table("Inga", "Inga"), s) for s in (0, 1)} == {"1", "2"}
    assert [ring.piece_mark(table("Inga", "Fredo"), s) for s in (0, 1)] == ["I", "F"]


def test_settings_window_size_resizes_the_window_and_is_kept():
    import pygame

    from tabletop.ui.launcher import SettingsScene
    from tests.ui_helpers import frames, make_app

    app = make_app()
    app.start()
    scene = SettingsScene(app)
    app.push(scene)
    row = next(it for it in scene.menu.items if it.label == "Window size")
    assert row.value == (1280, 720)
    while row.value != (800, 600):
        row.cycle(1)
    frames(app, 2)
    assert app.screen.get_size() == (800, 600) and app.vp.size == (800, 600)
    assert app.settings.window == [800, 600]
    pygame.quit()


def test_a_table_under_settings_shows_the_colour_vision_palette_at_once(game):
    """Every game whose table shows the first seat's colour (its bar, name, pieces) shows it in the
    palette chosen in Settings at once, with no new game; a table that shows no seat colour has nothing
    to change."""
    import pygame

    from tabletop.bench import busy_table
    from tests.ui_helpers import frames, make_app

    def pixels(app, colour) -> int:
        return pygame.transform.threshold(None, app.screen, colour, (0, 0, 0, 0), set_behavior=0)

    app = make_app()
    busy_table(game, app)
    frames(app, 30)
    tritan = gfx.PALETTES["tritanopia"][0]
    assert pixels(app, tritan) == 0
    if pixels(app, gfx.PALETTES["usual"][0]) <= 100:  # this table shows no seat in its colour
        pygame.quit()
        return
    app.settings.colour_vision = "tritanopia"
    app.apply_look()
    frames(app, 2)
    assert pixels(app, tritan) > 100  # the first seat's bar, name and piece in its new colour
    app.settings.colour_vision = "usual"
    app.apply_look()
    pygame.quit()
