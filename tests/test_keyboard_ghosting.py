"""The default two-player keyboard layout against common keyboard ghosting (issue 18, point 2).

Cheap keyboards read their keys through a wiring grid: any two keys are always seen, but three
keys held together may make a fourth appear or one of them vanish ("ghosting"), and this hits
keys that sit close together. Two people on one keyboard, each steering two hands, is exactly
where it bites. The rule checked here:

* Keys sit where they do on a standard US keyboard (centres in key widths, in
  ``tabletop.input.keyboard``). Two keys *touch* when their centres are at most 1.5 key widths
  apart (neighbours on a row, or on the rows above and below). A *cluster* is a set of keys
  that all touch one another.
* A *chord* is what one player may hold at one moment while playing JAB:
  - both hands steering, each with one direction key or a diagonal (two neighbouring
    directions), plus one press: either hand's take / let go, or jump;
  - a claim (combo, counter-punch, clinch / knockout, Ding!) pressed while each hand holds
    one direction key.
* No chord holds three keys of one cluster.
* The two players are far apart: no key of one player touches a key of the other, so no
  cluster ever holds both players' keys, and the two players' chords cannot ghost each other.
"""

from itertools import combinations, product

from tabletop.input.bindings import default_bindings
from tabletop.input.keyboard import KEYS, distance

DEFAULT_KEYS = default_bindings()["keys"]  # the engine's defaults and every game's own buttons
GAMEPAD_BUTTONS = default_bindings()["gamepad"]

TOUCH = 1.5


def touch(a, b) -> bool:
    return distance(a, b) <= TOUCH


def keys_for(scheme, button):
    return [k for k, bs in DEFAULT_KEYS[scheme].items() if button in bs]


def one_key(scheme, button):
    ks = keys_for(scheme, button)
    assert len(ks) == 1, (scheme, button, ks)
    return ks[0]


def steering(scheme, hand):
    """Every way one hand may be steered: one direction key, or a diagonal."""
    k = {d: one_key(scheme, f"{hand}_{d}") for d in ("up", "down", "left", "right")}
    singles = [(k[d],) for d in k]
    diagonals = [(k[v], k[h]) for v in ("up", "down") for h in ("left", "right")]
    return singles, singles + diagonals


def chords(scheme):
    l_single, l_any = steering(scheme, "l")
    r_single, r_any = steering(scheme, "r")
    presses = [one_key(scheme, b) for b in ("l_take", "r_take", "jump")]
    claims = [one_key(scheme, f"claim_{c}") for c in ("combo", "counter", "tile", "ding")]
    for a, b, p in product(l_any, r_any, presses):
        yield set(a) | set(b) | {p}
    for a, b, c in product(l_single, r_single, claims):
        yield set(a) | set(b) | {c}


def clusters_of_three(keys):
    return [trio for trio in combinations(sorted(keys), 3) if all(touch(x, y) for x, y in combinations(trio, 2))]


def test_every_key_of_the_two_player_layout_has_a_place():
    for scheme in ("keys-left", "keys-right"):
        for key in DEFAULT_KEYS[scheme]:
            assert key in KEYS, (scheme, key)


def test_no_chord_holds_three_keys_of_one_cluster():
    for scheme in ("keys-left", "keys-right"):
        n = 0
        for chord in chords(scheme):
            n += 1
            assert len(chord) >= 3
            assert not clusters_of_three(chord), (scheme, sorted(chord), clusters_of_three(chord))
        assert n > 100  # every combination was looked at


def test_the_two_players_keys_are_far_apart():
    left, right = DEFAULT_KEYS["keys-left"], DEFAULT_KEYS["keys-right"]
    close = [(a, b) for a in left for b in right if touch(a, b)]
    assert not close


def test_the_rule_catches_the_old_layout():
    """The layout before issue 18 broke both halves of the rule: a take key beside its hand's keys
    (W, A and Q all touch) and the two players side by side (H beside J, Y beside U)."""
    assert clusters_of_three({"w", "a", "q"}) == [("a", "q", "w")]
    assert touch("h", "j") and touch("y", "u")


def test_the_gamepad_can_steer_with_the_dpad_and_jump_with_a_stick_click():
    assert {b for k in ("dpup", "dpdown", "dpleft", "dpright") for b in GAMEPAD_BUTTONS[k]} >= {
        "l_up",
        "l_down",
        "l_left",
        "l_right",
    }
    assert "jump" in GAMEPAD_BUTTONS["leftstick"] and "jump" in GAMEPAD_BUTTONS["rightstick"]


def test_a_settings_file_with_the_old_default_keys_gets_the_new_layout(tmp_path):
    """Settings files keep every binding; one that still holds the layout from before issue 18, never
    changed by its player, is read with today's defaults; keys a player did change are kept."""
    import json

    from tabletop import settings
    from tabletop.input.bindings import PREVIOUS_KEYS, default_bindings, previous_layouts

    old = {"keys": {k: previous_layouts(k)[0] for k in PREVIOUS_KEYS}, "gamepad": previous_layouts("gamepad")[0]}
    # the layouts as files hold them: JAB's claims where they were (its spec says so; the engine names none)
    assert old["keys"]["keys-left"]["c"] == ["claim_tile"] and old["gamepad"]["a"] == ["confirm", "claim_combo"]
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"bindings": old}))
    s = settings.load(path)
    assert s.bindings["keys"]["keys-left"] == default_bindings()["keys"]["keys-left"]
    assert s.bindings["keys"]["keys-right"]["'"] == ["l_take"] and "jump" in s.bindings["gamepad"]["leftstick"]
    mine = dict(old["keys"]["keys-left"], q=["claim_combo"])  # a player's own change
    path.write_text(json.dumps({"bindings": {"keys": {"keys-left": mine}}}))
    assert settings.load(path).bindings["keys"]["keys-left"] == mine


def test_a_settings_file_with_the_last_pad_defaults_gets_the_precise_triggers(tmp_path):
    """Issue 34: the triggers held make a hand precise (they took, as LB and RB do). A settings file
    holding the pad's defaults from before, never changed, is read with today's."""
    import json

    from tabletop import settings
    from tabletop.input.bindings import default_bindings, previous_layouts

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"bindings": {"gamepad": previous_layouts("gamepad")[0]}}))
    pad = settings.load(path).bindings["gamepad"]
    assert pad == default_bindings()["gamepad"]
    assert (pad["lefttrigger"], pad["righttrigger"]) == (["l_fine"], ["r_fine"])
