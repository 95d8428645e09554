"""Golden playthroughs (issue 36): for each game, a seeded computer game (seed 1, each seat at the
game's strongest level; random players for a game without computer players) written out as its
actions, every event and the summary. ``tests/test_playthroughs.py`` plays each again and diffs it
with the file, so any change to a game's play shows as a diff to read; when the change is meant,
write them again with one command:

    python -m tests.playthroughs

It writes one file per game in the program's folder and per game kept in tests/."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.core import playout, registry
from tabletop.core import record as rec
from tabletop.core.game import name_seats

FOLDER = Path(__file__).resolve().parent
SEED = 1


def playthrough(spec) -> dict:
    """The seeded computer game of ``spec``, as plain JSON data."""
    p = playout.play(spec, seed=SEED, check=True)
    names = [pl["name"] for pl in p.record.players]
    out = spec.rules.outcome(p.state)
    return {
        "game": spec.id,
        "seed": SEED,
        "players": p.record.players,
        "actions": p.record.actions,
        "events": [{"kind": e["kind"], "text": name_seats(e["text"], names)} for e in rec.game_events(p.record, spec)],
        "summary": name_seats(spec.rules.summary(p.state), names),
        "winner": out.winner if out else None,
        "reason": name_seats(out.reason, names) if out else None,
    }


def dumps(data: dict) -> str:
    """One action and one event a line: a change reads as a short diff."""
    lines = ["{"]
    for i, (key, value) in enumerate(data.items()):
        end = "," if i < len(data) - 1 else ""
        if key in ("actions", "events") and value:
            rows = ",\n".join("    " + json.dumps(v, sort_keys=True) for v in value)
            lines.append(f'  "{key}": [\n{rows}\n  ]{end}')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True)}{end}")
    return "\n".join([*lines, "}"]) + "\n"


def path_of(game_id: str) -> Path:
    return FOLDER / f"{game_id}.json"


def write_all() -> list[Path]:
    """Every golden playthrough written again: the program's games and those kept in tests/."""
    from tests.game_helpers import KEPT, shipped

    for package in KEPT:
        registry.add_package(package)
    written = []
    for spec in registry.load_all().values():
        if shipped(spec) or spec.id in KEPT.values():
            path = path_of(spec.id)
            path.write_text(dumps(playthrough(spec)), encoding="utf-8")
            written.append(path)
    return written
