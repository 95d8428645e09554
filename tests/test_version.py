"""The version (issue 21): written once in tabletop/__init__.py, read by
pyproject.toml, printed by --version, noted in every record, and described
for players in CHANGELOG.md."""

import json
import re
import tomllib
from pathlib import Path

import pytest

import tabletop
from tabletop.core import playout, registry
from tabletop.core import record as rec

ROOT = Path(__file__).resolve().parent.parent


def test_pyproject_reads_the_version_from_the_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tabletop.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", tabletop.__version__)


def _changelog_versions():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d\d-\d\d)$", text, re.M), text


def test_the_changelog_describes_this_version_first():
    versions, _ = _changelog_versions()
    assert versions, "CHANGELOG.md has no '## [x.y.z] - YYYY-MM-DD' headings"
    assert versions[0][0] == tabletop.__version__
    numbers = [tuple(int(n) for n in v.split(".")) for v, _ in versions]
    assert numbers == sorted(numbers, reverse=True), "newest version first"
    dates = [d for _, d in versions]
    assert dates == sorted(dates, reverse=True)


def test_every_changelog_entry_says_something():
    versions, text = _changelog_versions()
    for version, _ in versions:
        body = text.split(f"## [{version}]", 1)[1].split("\n## ", 1)[0]
        assert body.count("\n- ") >= 1, f"{version}: no changes listed"


def test_a_record_notes_the_version_that_wrote_it():
    data = json.loads(playout.play(registry.get("punch"), seed=5).record.dumps())
    assert data["app"] == tabletop.__version__


def test_a_record_from_before_the_app_field_still_loads_and_replays():
    data = playout.play(registry.get("punch"), seed=6).record.to_json()
    del data["app"]  # as 0.1.0 wrote them
    r = rec.parse(json.dumps(data))
    assert rec.replay(r, registry.get("punch")) is not None


@pytest.mark.parametrize("bad", [5, ["0.2.0"], {"v": 1}])
def test_an_app_field_that_is_not_text_is_refused_in_one_line(bad):
    data = playout.play(registry.get("punch"), seed=7).record.to_json()
    data["app"] = bad
    with pytest.raises(rec.BadRecord) as e:
        rec.parse(json.dumps(data))
    assert "app" in str(e.value) and "\n" not in str(e.value)
