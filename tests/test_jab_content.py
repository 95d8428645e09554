"""JAB content file: a broken content.json is reported with the file and the problem."""

import json

import pytest

from tabletop.games.jab.rules import content as C


def _write(tmp_path, change):
    data = json.loads(C.PATH.read_text())
    change(data)
    path = tmp_path / "content.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["types"].pop(), "types must be a list of at least 5 items, not 4"),
        (lambda d: d["types"][0].update(value="one"), "types[0].value must be a whole number, not 'one'"),
        (lambda d: d["colours"][1].update(symbol="triangle"), "distinct"),
        (lambda d: d["combo_cards"][0].update(types=["jab", "jab"]), "punch types must be distinct"),
        (lambda d: d["combo_cards"][0].update(types=["jab", "kick"]), "unknown punch type 'kick'"),
        (lambda d: d["counter_cards"][0].update(colour="pink"), "counter-punch card"),
        (lambda d: d["counter_cards"][1].update(id="red"), "card ids must be distinct"),
        (lambda d: d["numbers"].pop("ding_penalty"), "ding_penalty"),
        (lambda d: d.pop("haymaker"), "haymaker is missing"),
    ],
)
def test_bad_content_names_the_file_and_the_problem_R_JAB_2_3(tmp_path, change, words):
    path = _write(tmp_path, change)
    with pytest.raises(C.ContentError) as e:
        C.load_content(path)
    assert str(path) in str(e.value) and words in str(e.value)


def test_unreadable_json_is_reported(tmp_path):
    path = tmp_path / "content.json"
    path.write_text("{ not json")
    with pytest.raises(C.ContentError, match="cannot be read as JSON"):
        C.load_content(path)


def test_shipped_content_loads():
    assert C.load_content(C.PATH)["numbers"]["round_wins_to_win"] == 3
