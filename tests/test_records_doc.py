"""Every record written out in docs/records.md is a real record: it parses
and replays without a refusal, so a person can copy one and edit it (issue 6)."""

import json
import re
from pathlib import Path

import pytest

from tabletop.core import record as rec
from tabletop.core import registry

DOC = Path(__file__).resolve().parent.parent / "docs" / "records.md"


def _records():
    out = []
    for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        try:
            data = json.loads(block)
        except ValueError:
            continue  # fragments of a record (a setup object alone) are shown too
        if isinstance(data, dict) and data.get("format") == "tabletop-record":
            out.append(data)
    return out


RECORDS = _records()


@pytest.mark.parametrize("data", RECORDS, ids=[f"{r['game']}-{i}" for i, r in enumerate(RECORDS)])
def test_documented_record_replays(data):
    r = rec.parse(json.dumps(data))
    rec.replay(r, registry.get(r.game))


@pytest.mark.parametrize("data", RECORDS, ids=[f"{r['game']}-{i}" for i, r in enumerate(RECORDS)])
def test_documented_record_passes_the_door(data, tmp_path):
    from tabletop import validate

    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    validate.load_record(path)  # raises validate.Invalid with the first problem
