"""One event of the action phase: speeds and the resolution table (R-BTG-4).

Pure functions shared by the rules and the computer players. ``mods`` is the
tuple of effects a fighter carries all match (character trait + upgrades).
"""

from __future__ import annotations

from dataclasses import dataclass

from .content import CARDS, PUNCHES, Effect

BONUS_GAP = 6  # "6+ speed greater"
FEINT_CARRY = 2  # a Feint 6+ faster than a punch: next action +2


def _applies(e: Effect, move: str | None, event: int, same_stance: bool) -> bool:
    if e.moves is not None and move not in e.moves:
        return False
    if e.event is not None and e.event != event:
        return False
    if e.stance == "same" and not same_stance:
        return False
    if e.stance == "differs" and same_stance:
        return False
    return True


def total(effects, kind: str, move: str | None, event: int, same_stance: bool) -> int:
    return sum(e.amount for e in effects if e.kind == kind and _applies(e, move, event, same_stance))


def mod_total(mods, kind: str) -> int:
    """Sum of an unconditional match-long effect (cleanup momentum, judge discount...)."""
    return sum(e.amount for e in mods if e.kind == kind)


def speed(card_id: int, event: int, bid: int, carry: int, mods, same_stance: bool) -> int:
    card = CARDS[card_id]
    return (
        card.speed
        + bid
        + carry
        + total(card.effects, "speed", card.move, event, same_stance)
        + total(mods, "speed", card.move, event, same_stance)
    )


@dataclass(frozen=True)
class Clash:
    """The table's verdict for one event, before card effects.

    ``code`` names the table row (used by ``explain``); ``chooser`` is the seat
    who may switch stance (None if nobody), ``can_force`` whether they may also
    switch the opponent's.
    """

    code: str
    landed: tuple[bool, bool]
    knockdown: tuple[bool, bool]
    momentum: tuple[int, int]
    carry: tuple[int, int]
    chooser: int | None = None
    can_force: bool = False


def clash(move0: str, speed0: int, move1: str, speed1: int, same_stance: bool) -> Clash:
    moves, speeds = (move0, move1), (speed0, speed1)
    p0, p1 = move0 in PUNCHES, move1 in PUNCHES
    if p0 and p1:
        landed = _punch_vs_punch(move0, speed0, move1, speed1, same_stance)
        kd = (landed[0] and move0 == "uppercut", landed[1] and move1 == "uppercut")
        if (move0 == "jab") == (move1 == "jab"):
            code = "tie_same" if speed0 == speed1 and same_stance else "tie_differs" if speed0 == speed1 else "faster"
        else:
            jab = 0 if move0 == "jab" else 1
            code = "jab_beats_power" if landed[jab] else "cross_beats_jab"
        return Clash(code, landed, kd, (0, 0), (0, 0))
    if not p0 and not p1 and move0 == move1:  # Block/Block or Feint/Feint
        carry = [0, 0]
        if speed0 != speed1:
            w = 0 if speed0 > speed1 else 1
            carry[w] = abs(speed0 - speed1) // 2
        return Clash("same_" + move0, (False, False), (False, False), (0, 0), (carry[0], carry[1]))
    # mixed: order so that index a is the "winner" of the rock-paper-scissors
    if p0 or p1:
        puncher = 0 if p0 else 1
        other = 1 - puncher
        gap = speeds[puncher] - speeds[other]
        if moves[other] == "feint":
            carry = [0, 0]
            if -gap >= BONUS_GAP:
                carry[other] = FEINT_CARRY
            landed = [False, False]
            landed[puncher] = True
            return Clash(
                "punch_beats_feint",
                (landed[0], landed[1]),
                (False, False),
                (0, 0),
                (carry[0], carry[1]),
                chooser=puncher,
                can_force=gap >= BONUS_GAP,
            )
        # block vs punch
        mom = [0, 0]
        if -gap >= BONUS_GAP:
            mom[other] = 1
        if gap >= BONUS_GAP or (moves[puncher] == "hook" and gap > 0):
            mom[puncher] = 1
        landed = [False, False]
        landed[other] = True
        return Clash("block_stops_punch", (landed[0], landed[1]), (False, False), (mom[0], mom[1]), (0, 0))
    # feint vs block
    feinter = 0 if move0 == "feint" else 1
    gap = speeds[feinter] - speeds[1 - feinter]
    mom = [0, 0]
    if gap >= BONUS_GAP:
        mom[feinter] = 1
    landed = [False, False]
    landed[feinter] = True
    return Clash("feint_beats_block", (landed[0], landed[1]), (False, False), (mom[0], mom[1]), (0, 0), chooser=feinter)


def _punch_vs_punch(m0, s0, m1, s1, same_stance):
    same_class = (m0 == "jab") == (m1 == "jab")
    if same_class:
        if s0 > s1:
            return (True, False)
        if s1 > s0:
            return (False, True)
        return (True, True) if same_stance else (False, False)
    # a Jab against a Cross/Hook/Uppercut (R-BTG-4: lands unless a strictly faster Cross)
    if m0 == "jab":
        return (False, True) if m1 == "cross" and s1 > s0 else (True, False)
    return (True, False) if m0 == "cross" and s0 > s1 else (False, True)


@dataclass(frozen=True)
class EventResult:
    clash: Clash
    speeds: tuple[int, int]
    points: tuple[int, int]  # points scored in this event (already times the event number)
    momentum: tuple[int, int]  # momentum gained (before the cap)
    carry: tuple[int, int]  # speed carried to the owner's next event


def resolve_event(
    event: int, cards: tuple[int, int], bids: tuple[int, int], carry: tuple[int, int], mods: tuple, same_stance: bool
) -> EventResult:
    """Resolve event ``event`` (1..3) between the two slotted cards."""
    c0, c1 = CARDS[cards[0]], CARDS[cards[1]]
    assert c0.move is not None and c1.move is not None, "only move cards are slotted"
    s0 = speed(cards[0], event, bids[0], carry[0], mods[0], same_stance)
    s1 = speed(cards[1], event, bids[1], carry[1], mods[1], same_stance)
    cl = clash(c0.move, s0, c1.move, s1, same_stance)
    points, mom, nxt = [0, 0], list(cl.momentum), list(cl.carry)
    for p, c in ((0, c0), (1, c1)):
        if not cl.landed[p]:
            continue
        if c.is_punch:
            base = 1 if c.move == "jab" else 2
            base += total(c.effects, "bonus_points", c.move, event, same_stance)
            base += total(mods[p], "bonus_points", c.move, event, same_stance)
            points[p] = base * event
        for effects in (c.effects, mods[p]):
            mom[p] += total(effects, "momentum_on_land", c.move, event, same_stance)
            nxt[p] += total(effects, "carry_on_land", c.move, event, same_stance)
    return EventResult(cl, (s0, s1), (points[0], points[1]), (mom[0], mom[1]), (nxt[0], nxt[1]))
