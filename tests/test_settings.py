"""Settings survive bad files: one line, the file kept as .bad, defaults used (issue 2, item 7)."""

import json

from tabletop import settings


def test_missing_file_gives_defaults_quietly(tmp_path):
    s = settings.load(tmp_path / "settings.json")
    assert s.window == [1280, 720] and s.messages == []


def test_corrupt_file_is_set_aside_and_reported_in_one_line(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"sound": tru')
    s = settings.load(path)
    assert s.sound is True
    assert len(s.messages) == 1 and "settings.json" in s.messages[0] and "\n" not in s.messages[0]
    assert (tmp_path / "settings.json.bad").read_text() == '{"sound": tru'
    assert not path.exists()


def test_a_bad_value_is_replaced_and_named_and_the_rest_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"sound": False, "volume": "loud", "window": [1600, 900]}))
    s = settings.load(path)
    assert s.sound is False and s.window == [1600, 900]
    assert s.volume == settings.DEFAULTS["volume"]
    assert "volume" in s.messages[0]
    assert json.loads((tmp_path / "settings.json.bad").read_text())["volume"] == "loud"
    assert json.loads(path.read_text())["sound"] is False  # the cleaned file was written back


def test_a_bad_value_s_message_says_what_it_must_be(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 2, "window": [1600, 9]}))
    s = settings.load(path)
    assert s.volume == 0.7 and s.window == [1280, 720]
    assert s.messages[0].startswith("settings.json: volume must be a number at most 1.0, not 2; using 0.7 (and 1 more)")


def test_saving_is_atomic_and_round_trips(tmp_path):
    path = tmp_path / "settings.json"
    s = settings.load(path)
    s.secrecy = "peek"
    s.save()
    assert settings.load(path).secrecy == "peek"
    left = [p.name for p in tmp_path.iterdir() if p.name != "settings.json.lock"]  # programs take turns on it
    assert left == ["settings.json"]  # no temporary file left


def test_malformed_bindings_fall_back_to_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"bindings": {"keys": {"keys-left": "wasd"}}}))
    s = settings.load(path)
    assert s.bindings["keys"]["keys-left"]["w"] == ["up", "l_up"]
    assert "keys-left" in s.messages[0]


def test_saving_keeps_the_settings_in_use_whole(tmp_path):
    """A screen holds the very dictionaries (the controls screen edits ``bindings``): saving keeps them."""
    s = settings.load(tmp_path / "settings.json")
    held = s.bindings
    s.volume = 0.5
    s.save()
    assert s.bindings is held and held and s.volume == 0.5
    assert settings.load(tmp_path / "settings.json").bindings == held
