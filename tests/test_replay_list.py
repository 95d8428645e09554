"""The Replays list: each finished game's line says who won in words."""

from __future__ import annotations

import re

import pygame
import pytest

from tabletop.core import playout


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def test_a_replays_line_names_the_winner(home, game):
    """Playtest: the Replays list showed "Ana won: {0} wins by knockout!" (the rules' sentence with
    its seat placeholder left in)."""
    from tabletop import session
    from tabletop.ui.kept import ReplaysScene
    from tests.ui_helpers import frames, make_app

    p = playout.play(game, seed=1, check=False)
    names = ["Ana", "Ben", "Cy", "Di"][: len(p.record.players)]
    p.record.players = [dict(pl, name=n) for pl, n in zip(p.record.players, names, strict=True)]
    session.Session.from_record(game, p.record).finish()
    app = make_app()
    app.start()
    scene = ReplaysScene(app)
    app.push(scene)
    frames(app, 2)
    lines = [it.label for it in scene.menu.items if game.name in it.label]
    assert len(lines) == 1, [it.label for it in scene.menu.items]
    winner = names[p.winner] if p.winner is not None else None
    assert not re.search(r"[{}]|None", lines[0]), lines[0]
    assert winner is None or re.search(rf"{winner} (won|wins)", lines[0]), lines[0]
