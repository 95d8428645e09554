"""Keyboard / gamepad focus in tests: walk a seat's focus to a thing as a person would (ui.focus's
rules: next-group presses to reach its group, then the direction buttons within it), and walk
every focusable thing checking the focus is always drawn."""

from __future__ import annotations

from collections import deque

import pygame

from tabletop.ui import gfx
from tabletop.ui.focus import group_of
from tests.ui_helpers import frames, key


def next_group(table, agent) -> None:
    """The agent's next-group control: a pad's right shoulder, else the keyboard's."""
    pad = getattr(agent, "pad", None)
    if pad is not None:
        pad.press(agent.app, "rightshoulder")
    elif table.shared_input or not getattr(agent, "next_key", None):
        key(agent.app, "page down")
    else:
        key(agent.app, agent.next_key)


def own_moves(table, seat) -> int:
    """How many moves ``seat`` has made (the record's, which every game keeps; the computer's go on)."""
    return sum(1 for a in table.session.record.actions if a.get("player") == seat)


def _hot(table, payload, seat):
    return next(h for h in table.focusables(seat) if h.payload == payload)


def walk_to(table, seat, agent, payload, limit=60) -> None:
    """Move ``seat``'s focus onto ``payload`` with the agent's own buttons. A focus not shown yet is
    first shown with a confirm (which does nothing else)."""
    if not table.show_focus.get(seat) or table.focused(seat) is None:
        acted = own_moves(table, seat)
        agent.confirm()
        assert table.show_focus[seat] and own_moves(table, seat) == acted, "a confirm acted on a focus not shown"
    seen: dict = {}
    for _ in range(limit):
        cur = table.focused(seat)
        assert cur is not None, "no focus shown after a move"
        if cur.payload == payload:
            return
        target = _hot(table, payload, seat)
        if group_of(cur) != group_of(target):
            next_group(table, agent)
            continue
        seen[cur.payload] = seen.get(cur.payload, 0) + 1
        dx = target.rect.centerx - cur.rect.centerx
        dy = target.rect.centery - cur.rect.centery
        same_row = cur.rect.top < target.rect.bottom and cur.rect.bottom > target.rect.top
        vertical = not same_row
        if seen[cur.payload] > 1 and dx and dy:
            vertical = not vertical
        if vertical:
            agent.move("down" if dy > 0 else "up")
        else:
            agent.move("right" if dx > 0 else "left")
    raise AssertionError(f"could not reach {payload}; focus is on {table.focused(seat).payload}")


# -- the whole walk -------------------------------------------------------------------------------

MOVES = ("left", "right", "up", "down", "next", "prev")


def check_drawn(app, table, seat) -> None:
    """The seat's focus is on a thing drawn this frame, inside the window, not covered by a thing drawn
    after it, and its ring is on the screen."""
    hot = table.focused(seat)
    assert hot is not None, "the focus is not shown"
    assert table.show_focus.get(seat), "the focus ring is off"
    assert hot in table.focusables(seat), "the focus is on something not drawn now"
    w, h = app.screen.get_size()
    assert pygame.Rect(0, 0, w, h).contains(hot.rect), f"{hot.payload} is not wholly in the window"
    mine = table.focusables(seat)
    later = table.hots[table.hots.index(hot) + 1 :]
    over = [o for o in later if o in mine and o.rect.collidepoint(hot.rect.center)]  # another seat's are not drawn
    assert not over, f"{hot.payload} is covered by {over[0].payload}"
    ring = hot.rect.inflate(app.vp.s(16), app.vp.s(16))
    points = [(ring.centerx, ring.top + 1), (ring.centerx, ring.bottom - 2), (ring.left + 1, ring.centery)]
    points.append((ring.right - 2, ring.centery))
    lit = [p for p in points if 0 <= p[0] < w and 0 <= p[1] < h and tuple(app.screen.get_at(p))[:3] == gfx.HILITE]
    assert len(lit) >= 2, f"the focus ring around {hot.payload} is not drawn ({lit})"


def walk_everything(app, table, seat, press) -> set:
    """Explore the focus graph of ``seat`` with real presses (``press(move)``): from every thing reached,
    every move. Checks after each press that the focus is drawn (``check_drawn``), that left / right
    never leave a group, that no move acts (the seat adds no move to the record). Returns the payloads reached;
    the caller compares them with every focusable thing."""
    acted = own_moves(table, seat)
    if not table.show_focus.get(seat) or table.focused(seat) is None:
        press("confirm")
    check_drawn(app, table, seat)
    edges: dict = {}  # payload -> {move: payload}, as last seen (next / prev go to a group's last focus)
    for _ in range(3000):
        node = table.focused(seat).payload
        todo = [m for m in MOVES if m not in edges.get(node, {})]
        move = todo[0] if todo else None
        if move is None:  # everything tried here: one step towards the nearest thing with a move not tried
            path = _path_to_untried(edges, node)
            if path is None:
                break
            move = path[0]
        before = table.focused(seat)
        press(move)
        check_drawn(app, table, seat)
        after = table.focused(seat)
        if move in ("left", "right"):
            assert group_of(after) == group_of(before), f"{move} left the group: {before.payload} -> {after.payload}"
        edges.setdefault(node, {})[move] = after.payload
    else:
        raise AssertionError("the walk did not end")
    assert own_moves(table, seat) == acted, "moving the focus acted"
    return set(edges) | {p for e in edges.values() for p in e.values()}


def _path_to_untried(edges, start):
    """The moves (along edges seen) to the nearest thing with a move not tried yet; None if there is none."""
    back = {start: None}
    q = deque([start])
    while q:
        n = q.popleft()
        if any(m not in edges.get(n, {}) for m in MOVES):
            path = []
            while back[n] is not None:
                n, move = back[n]
                path.append(move)
            return list(reversed(path))
        for move, m in edges.get(n, {}).items():
            if m not in back:
                back[m] = (n, move)
                q.append(m)
    return None


def key_presser(app, keys: dict):
    """``press(move)`` for a keyboard: ``keys`` maps a move (and "confirm") to a key name."""

    def press(move):
        key(app, keys[move])

    return press


def pad_presser(app, pad):
    buttons = {
        "left": "dpleft",
        "right": "dpright",
        "up": "dpup",
        "down": "dpdown",
        "next": "rightshoulder",
        "prev": "leftshoulder",
        "confirm": "a",
    }

    def press(move):
        pad.press(app, buttons[move])
        frames(app, 1)

    return press


SHARED_KEYS = {
    "left": "left",
    "right": "right",
    "up": "up",
    "down": "down",
    "next": "page down",
    "prev": "page up",
    "confirm": "return",
}
