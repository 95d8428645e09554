"""Which lessons a player has finished, and which games offered their
tutorial already: kept in the settings under "tutorial", read defensively
(whatever is malformed there is simply not counted)."""

from __future__ import annotations


def _data(settings) -> dict:
    raw = settings.tutorial
    return raw if isinstance(raw, dict) else {}


def finished(settings, game_id: str) -> set[str]:
    done = _data(settings).get("done")
    ids = done.get(game_id) if isinstance(done, dict) else None
    return {i for i in ids if isinstance(i, str)} if isinstance(ids, list) else set()


def mark_finished(settings, game_id: str, lesson_id: str) -> None:
    data = dict(_data(settings))
    before = data.get("done")
    done = dict(before) if isinstance(before, dict) else {}
    ids = sorted(finished(settings, game_id) | {lesson_id})
    done[game_id] = ids
    data["done"] = done
    settings.tutorial = data
    settings.save()


def was_offered(settings, game_id: str) -> bool:
    offered = _data(settings).get("offered")
    return isinstance(offered, list) and game_id in offered


def mark_offered(settings, game_id: str) -> None:
    data = dict(_data(settings))
    offered = (
        [g for g in data.get("offered", []) if isinstance(g, str)] if isinstance(data.get("offered"), list) else []
    )
    if game_id not in offered:
        offered.append(game_id)
    data["offered"] = offered
    settings.tutorial = data
    settings.save()
