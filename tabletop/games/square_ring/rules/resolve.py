"""Resolving one action of an exchange (R-SQR-5, R-SQR-6): both cards at
once, movements first, then attacks. Pure and fast: the computer players
call these functions thousands of times per decision.
"""

from __future__ import annotations

from .board import STEP_TO, presses, pressure_sides
from .content import Card

# Why a step did not happen (for the log).
OFF_RING = "off-ring"
PRESSURE = "pressure"
CROSSING = "crossing"
SAME_LOST = "same-square-lost"
SAME_TIE = "same-square-tie"
BLOCKED = "blocked"

STEP_CARDS = tuple(Card(id=f"step{s}", name="step", kind="step", step=s) for s in range(8))


class Result:
    """What one action did. Fields are pairs indexed by seat."""

    __slots__ = (
        "pos",
        "facing",
        "hp",
        "moved",
        "nulled",
        "attacked",
        "landed",
        "damage",
        "protected",
        "dazed",
        "stick",
        "footwork",
    )

    def __init__(self, pos, facing, hp, moved, nulled, attacked, landed, damage, protected, dazed, stick, footwork):
        self.pos = pos
        self.facing = facing
        self.hp = hp
        self.moved = moved  # really changed square
        self.nulled = nulled  # reason a step did not happen, or None
        self.attacked = attacked  # played an attack card
        self.landed = landed  # the attack's area held the opponent
        self.damage = damage  # damage TAKEN by each seat
        self.protected = protected  # a landed Counter saved this seat
        self.dazed = dazed  # this seat was hit by a Daze attack
        self.stick = stick  # this seat earned Stick-and-Move (tuple of steps)
        self.footwork = footwork  # this seat made a favoured step


def resolve_moves(pos, facing, hp, cards):
    """Movements of one action. Returns (pos, facing, moved, nulled)."""
    p0, p1 = pos
    f = [facing[0], facing[1]]
    dest = [p0, p1]
    stepping = [False, False]
    nulled: list[str | None] = [None, None]
    turning = [False, False]
    for i in (0, 1):
        c = cards[i]
        if c is None:
            continue
        if c.kind == "step":
            d = STEP_TO[pos[i]][(facing[i] + c.step) % 8]
            if d < 0:
                nulled[i] = OFF_RING
            else:
                dest[i] = d
                stepping[i] = True
        elif c.kind == "turn":
            f[i] = (facing[i] + c.turn) % 8
            turning[i] = True
    if stepping[0] or stepping[1]:
        # Pressure: judged on the places before the action.
        restricted = [False, False]
        for a in (0, 1):
            b = 1 - a
            if stepping[b] and presses(pos[a], facing[a], pos[b]):
                restricted[b] = dest[b] in pressure_sides(facing[a], pos[b])
        for a in (0, 1):
            b = 1 - a
            lifted = turning[a] or (stepping[a] and not restricted[a])
            if restricted[b] and not lifted:
                stepping[b] = False
                nulled[b] = PRESSURE
                dest[b] = pos[b]
        if stepping[0] and stepping[1]:
            x0, y0 = p0 % 5, p0 // 5
            x1, y1 = p1 % 5, p1 // 5
            d0, d1 = dest
            if (x0 + d0 % 5 == x1 + d1 % 5) and (y0 + d0 // 5 == y1 + d1 // 5):
                stepping = [False, False]
                nulled = [CROSSING, CROSSING]
                dest = [p0, p1]
            elif d0 == d1:
                if hp[0] == hp[1]:
                    stepping = [False, False]
                    nulled = [SAME_TIE, SAME_TIE]
                    dest = [p0, p1]
                else:
                    loser = 0 if hp[0] < hp[1] else 1
                    stepping[loser] = False
                    nulled[loser] = SAME_LOST
                    dest[loser] = pos[loser]
        for i in (0, 1):
            j = 1 - i
            if stepping[i] and dest[i] == dest[j] and not stepping[j]:
                stepping[i] = False
                nulled[i] = BLOCKED
                dest[i] = pos[i]
    return (dest[0], dest[1]), (f[0], f[1]), (stepping[0], stepping[1]), (nulled[0], nulled[1])


def resolve_action(pos, facing, hp, cards) -> Result:
    """One action: ``cards`` is a pair of Card or None (no card this action)."""
    npos, nfacing, moved, nulled = resolve_moves(pos, facing, hp, cards)
    c0, c1 = cards
    att = (c0 is not None and c0.kind == "attack", c1 is not None and c1.kind == "attack")
    landed = (
        att[0] and bool(c0.masks[npos[0] * 8 + nfacing[0]] >> npos[1] & 1),
        att[1] and bool(c1.masks[npos[1] * 8 + nfacing[1]] >> npos[0] & 1),
    )
    taken = [c1.power if landed[1] else 0, c0.power if landed[0] else 0]
    protected = [False, False]
    if landed[0] or landed[1]:
        counter = (landed[0] and c0.counter, landed[1] and c1.counter)
        if counter[0] and att[1] and not counter[1]:
            protected[0] = taken[0] > 0
            taken[0] = 0
        if counter[1] and att[0] and not counter[0]:
            protected[1] = taken[1] > 0
            taken[1] = 0
    hp0 = max(0, hp[0] - taken[0])
    hp1 = max(0, hp[1] - taken[1])
    dazed = (landed[1] and c1.daze and taken[0] > 0, landed[0] and c0.daze and taken[1] > 0)
    stick = (
        c0.stick_steps if landed[0] and taken[0] == 0 else (),
        c1.stick_steps if landed[1] and taken[1] == 0 else (),
    )
    footwork = (moved[0] and c0.favoured, moved[1] and c1.favoured)
    return Result(
        npos,
        nfacing,
        (hp0, hp1),
        moved,
        nulled,
        att,
        landed,
        (hp[0] - hp0, hp[1] - hp1),
        tuple(protected),
        dazed,
        stick,
        footwork,
    )
