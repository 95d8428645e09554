"""One device alone, through the real App and its event loop (issue 30): a person with only a gamepad, or
only a keyboard, goes from the launcher through a game's setup to several turns, leaves, and resumes
from Continue. Every hint and button label drawn at the table names the device they use (never
"click" to a pad player, never the d-pad to a keyboard player); the focus ring shows from the first
frame a table opens (a new game and a resumed one); and no press is swallowed: every confirm lands on
a focus that is shown, so it acts."""

from __future__ import annotations

import re

import pygame
import pytest

from tabletop.core import registry
from tabletop.session import Session
from tabletop.ui import gfx
from tabletop.ui.table import TableScene
from tabletop.ui.tiles import TileMenu
from tests.focus_helpers import check_drawn
from tests.ui_helpers import VirtualPad, frames, key, make_app, top

# words that name another device than the player's
NOT_FOR_PAD = [r"\b[Cc]lick", r"\b[Dd]rag\b", r"\bEnter\b", r"\bEsc\b", r"\(H\)", r"\bH history", r"keyboard\)"]
NOT_FOR_PAD += [r"\b[Aa]rrows?\b", r"\bSpace\b", r"\bWASD\b", r"\bBackspace\b", r"\bPage Up\b"]
NOT_FOR_KEYS = [r"\b[Cc]lick", r"\b[Dd]rag\b", r"\b[Dd]-pad\b", r"\(X\)", r"\bLB\b", r"\bRB\b", r"\bA chooses"]
FORBIDDEN = {"pad": [re.compile(p) for p in NOT_FOR_PAD], "keys": [re.compile(p) for p in NOT_FOR_KEYS]}
PRIMARY = ("Lock in", "Fight with", "Lay out", "Ready", "Keep")  # the buttons that finish a choice


class Keys:
    name = "keys"
    moves = {"up": "up", "down": "down", "left": "left", "right": "right", "next": "page down", "prev": "page up"}

    def __init__(self, app):
        self.app = app

    def move(self, d):
        key(self.app, self.moves[d])

    def confirm(self):
        key(self.app, "return")

    def pause(self):
        key(self.app, "escape")


class Pad:
    name = "pad"
    moves = {"up": "dpup", "down": "dpdown", "left": "dpleft", "right": "dpright"}
    moves |= {"next": "rightshoulder", "prev": "leftshoulder"}

    def __init__(self, app):
        self.app = app
        self.pad = VirtualPad()
        frames(app, 3)

    def move(self, d):
        self.pad.press(self.app, self.moves[d])

    def confirm(self):
        self.pad.press(self.app, "a")

    def pause(self):
        self.pad.press(self.app, "start")


class TextSpy:
    """Every text the program renders while it is on (gfx.text is where all text becomes pixels)."""

    def __init__(self):
        self.seen: list[str] = []
        self.real = gfx.text

    def __enter__(self):
        def spy(s, *a, **k):
            self.seen.append(s)
            return self.real(s, *a, **k)

        gfx.text = spy
        return self

    def __exit__(self, *exc):
        gfx.text = self.real


def wrong_words(texts, device) -> list[str]:
    return sorted({t for t in texts for p in FORBIDDEN[device] if p.search(t)})


def menu_to(agent, want) -> None:
    """Move the top menu's focus to the item ``want(item)`` picks, with the agent's buttons."""
    app = agent.app
    for _ in range(40):
        menu = top(app).menu
        if want(menu.items[menu.focus]):
            return
        agent.move("next" if isinstance(menu, TileMenu) else "down")
    raise AssertionError(f"no such item in {[it.label for it in top(app).menu.items]}")


def settle(app, table, limit=600):
    """Until the person must choose (nothing animating) or the game is over."""
    for _ in range(limit):
        if table.session.outcome() is not None:
            return
        if not table.busy() and set(table.rules.to_act(table.session.state)) & set(table.humans):
            frames(app, 2)
            return
        frames(app, 1, dt=50)


def shown_focus(app, table, seat) -> None:
    """The seat's focus is shown and drawn: a confirm now acts on it (it cannot be swallowed)."""
    check_drawn(app, table, seat)


def walk_to(agent, table, seat, payload, limit=40) -> None:
    from tabletop.ui.focus import group_of

    for _ in range(limit):
        cur = table.focused(seat)
        assert cur is not None and table.show_focus.get(seat), "the focus is not shown"
        if cur.payload == payload:
            return
        target = next(h for h in table.focusables(seat) if h.payload == payload)
        if group_of(cur) != group_of(target):
            agent.move("next")
        elif abs(target.rect.centery - cur.rect.centery) > min(cur.rect.h, target.rect.h) // 2:
            agent.move("down" if target.rect.centery > cur.rect.centery else "up")
        else:
            agent.move("right" if target.rect.centerx > cur.rect.centerx else "left")
    raise AssertionError(f"could not reach {payload}")


def finishes(h, seat) -> bool:
    return h.kind == "button" and (str(h.payload).startswith(PRIMARY) or h.payload == ("lock", seat))


def one_choice(agent, table, seat) -> None:
    """Finish a choice if a button can, else confirm a card: the focused one, or the next one when the
    focused one was the last confirmed (a second confirm would take it back)."""
    items = table.focusables(seat)
    done = [h for h in items if finishes(h, seat)]
    cur = table.focused(seat)
    cards = [h for h in items if h.kind == "card" and not (isinstance(h.payload, tuple) and h.payload[0] == "slot")]
    if done:
        walk_to(agent, table, seat, done[0].payload)
    elif cards and (cur is None or cur.kind != "card" or cur.payload == getattr(agent, "last", None)):
        others = [h for h in cards if h.payload != getattr(agent, "last", None)] or cards
        walk_to(agent, table, seat, others[0].payload)
    shown_focus(agent.app, table, seat)
    agent.last = table.focused(seat).payload
    agent.confirm()


def acting(table) -> int:
    """The person whose choice the game waits for (the first person when none is asked)."""
    return next((s for s in table.rules.to_act(table.session.state) if s in table.humans), table.humans[0])


def play_turns(agent, table, turns, until=None) -> int:
    """Play ``turns`` choices with the agent's device (stopping once ``until`` moves are made); returns
    how many moves the people made (one against the computer; in a game without computer players, the
    people at this screen in turn)."""
    app = agent.app

    def moves() -> int:
        return sum(1 for a in table.session.record.actions if a.get("player") in table.humans)

    before = moves()
    for _ in range(turns):
        settle(app, table)
        if table.session.outcome() is not None or (until is not None and moves() - before >= until):
            break
        one_choice(agent, table, acting(table))
    return moves() - before


def jab_round(agent, table) -> None:
    """JAB between rounds: the Ready button has the focus from the first frame; confirm readies."""
    check_drawn(agent.app, table, 0)
    agent.confirm()
    frames(agent.app, 3)
    assert table.session.state.ready[0]  # Ready, at the first press


def open_game(agent, gid):
    """From the launcher to the game's table: its tile, then Start on its setup screen."""
    spec = registry.get(gid)
    menu_to(agent, lambda it: it.key == gid)
    agent.confirm()
    assert type(top(agent.app)).__name__ == "Setup"
    menu_to(agent, lambda it: it.key == "start")
    agent.confirm()
    table = top(agent.app)
    assert isinstance(table, TableScene) and table.spec is spec
    return table


def leave_and_continue(agent):
    """Pause, leave to the menu, and resume the game from Continue: the table it opens."""
    app = agent.app
    agent.pause()
    menu_to(agent, lambda it: it.label.startswith("Leave to the menu"))
    agent.confirm()
    assert type(top(app)).__name__ == "Launcher"
    menu_to(agent, lambda it: it.label.startswith("Continue"))
    agent.confirm()
    agent.confirm()  # the newest kept game
    menu_to(agent, lambda it: it.label == "Resume")
    agent.confirm()
    table = top(app)
    assert isinstance(table, TableScene)
    return table


@pytest.mark.parametrize("device", ["keys", "pad"])
def test_one_device_alone_from_the_launcher_to_turns_and_back_from_continue(game, device, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))  # a Continue list with this game alone
    new = Session.new.__func__
    monkeypatch.setattr(Session, "new", classmethod(lambda cls, *a, **k: new(cls, *a, **{"seed": 3, **k})))
    app = make_app()
    agent = Pad(app) if device == "pad" else Keys(app)
    try:
        app.start()
        frames(app, 2)
        with TextSpy() as spy:
            agent.move("right")  # the device is used once in the launcher: from here on it is "the last one"
            table = open_game(agent, game.id)
            frames(app, 1)
            realtime = table.spec.dynamics.clocked
            if realtime:
                jab_round(agent, table)
                frames(app, 30, dt=50)
            else:
                settle(app, table)
                shown_focus(app, table, acting(table))  # the ring from the first frame: no press to show it
                # two moves, then leave and resume (a game over by then has nothing to keep: its result is up)
                assert play_turns(agent, table, 10, until=2) >= 1
            if table.session.outcome() is not None:
                for _ in range(300):
                    if table.showing_result():
                        break
                    frames(app, 1, dt=50)
                assert table.showing_result()
            else:
                table = leave_and_continue(agent)
                frames(app, 1)
                if not realtime:
                    settle(app, table)
                    shown_focus(app, table, acting(table))
                    assert play_turns(agent, table, 8) >= 1  # the first confirm after resuming acts
                else:
                    assert not any(table.show_focus.values()) or table.session.state.phase == "between"
            assert not wrong_words(spy.seen, device), wrong_words(spy.seen, device)
    finally:
        if isinstance(agent, Pad):
            agent.pad.unplug()
        pygame.quit()
