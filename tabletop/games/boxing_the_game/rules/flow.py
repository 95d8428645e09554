"""Boxing: The Game round flow: events, scoring, prizes and cleanup (R-BTG-4..7).

Each function works on a state that the caller has already cloned.
"""

from __future__ import annotations

from tabletop.core.game import Outcome

from .content import CARDS, UPGRADE_TYPES
from .resolve import mod_total, resolve_event
from .state import HIDDEN

SLOTS = 3


def judge_cost(player, card_id: int) -> int:
    """Momentum a player must spend to pick this judge (0 for other cards)."""
    card = CARDS[card_id]
    if not card.judge:
        return 0
    return max(0, -card.momentum - mod_total(player.mods, "judge_discount"))


def affordable_slots(state, player):
    """Prize-row slots this player may pick now."""
    me = state.players[player]
    return [i for i, c in enumerate(state.prizes) if c != HIDDEN and judge_cost(me, c) <= me.momentum]


def without(row, slot):
    return row[:slot] + (HIDDEN,) + row[slot + 1 :]


def _gain(s, seat, n):
    p = s.players[seat]
    before = p.momentum
    p.momentum = min(s.options["max_momentum"], p.momentum + n)
    return p.momentum - before


def draw(s, seat, n, log):
    p = s.players[seat]
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                return
            pile = list(p.discard)
            s.rng.shuffle(pile)
            p.deck, p.discard = tuple(pile), ()
            log.append({"type": "reshuffle", "player": seat, "cards": len(pile)})
        p.hand = p.hand + p.deck[:1]
        p.deck = p.deck[1:]


def run_events(s):
    """Resolve events until a stance choice is owed or the round is over."""
    log = list(s.log)
    a, b = s.players
    mods = (a.mods, b.mods)
    while s.event < SLOTS:
        k = s.event + 1
        same = a.stance == b.stance
        res = resolve_event(k, (a.slots[k - 1], b.slots[k - 1]), (a.bids[k - 1], b.bids[k - 1]), s.carry, mods, same)
        cl = res.clash
        gained = tuple(_gain(s, i, res.momentum[i]) for i in range(2))
        s.points = (s.points[0] + res.points[0], s.points[1] + res.points[1])
        s.carry = res.carry if k < SLOTS else (0, 0)  # same round only (R-BTG-4)
        s.event = k
        entry = {
            "type": "event",
            "round": s.round,
            "event": k,
            "cards": [a.slots[k - 1], b.slots[k - 1]],
            "speeds": list(res.speeds),
            "code": cl.code,
            "landed": list(cl.landed),
            "knockdown": list(cl.knockdown),
            "points": list(res.points),
            "momentum": list(gained),
            "carry": list(res.carry) if k < SLOTS else [0, 0],
            "same_stance": same,
            "chooser": cl.chooser,
            "can_force": cl.can_force,
        }
        log.append(entry)
        if any(cl.knockdown):
            s.round_kd = cl.knockdown
            for i in range(2):
                if cl.knockdown[i]:
                    s.players[i].knockdowns += 1
            break
        if cl.chooser is not None:
            s.pending = (cl.chooser, cl.can_force)
            s.phase = "reveal"
            s.log = tuple(log)
            return s
    s.log = tuple(log)
    return _score_round(s)


def _score_round(s):
    log = list(s.log)
    pts = tuple(s.points[i] + len(s.players[i].judges) for i in range(2))
    kd = s.round_kd
    if kd[0] and kd[1]:
        scores = (10, 10)
    elif kd[0] or kd[1]:
        scores = (10, 8) if kd[0] else (8, 10)
    elif pts[0] == pts[1]:
        scores = (10, 10)
    else:
        scores = (10, 9) if pts[0] > pts[1] else (9, 10)
    for i in range(2):
        s.players[i].scores = s.players[i].scores + (scores[i],)
    log.append(
        {
            "type": "round",
            "round": s.round,
            "points": list(pts),
            "judges": [len(p.judges) for p in s.players],
            "knockdown": list(kd),
            "scores": list(scores),
        }
    )
    s.log = tuple(log)
    s.pending = None
    target = s.options["knockdowns_to_win"]
    ko = [i for i in range(2) if kd[i] and s.players[i].knockdowns >= target]
    if ko:
        return _finish(s, ko[0] if len(ko) == 1 else _by_sheet(s), "KO" if len(ko) == 1 else "double KO")
    if all(c == HIDDEN for c in s.prizes):
        return _cleanup(s)
    s.phase = "prize"
    if scores[0] == scores[1]:
        s.secret_prize = True
        s.prize_order = ()
        for i, p in enumerate(s.players):
            p.choice = None if affordable_slots(s, i) else (-1,)
        if all(p.choice is not None for p in s.players):
            log = list(s.log)
            secret_draft(s, log)
            s.log = tuple(log)
    else:
        s.secret_prize = False
        w = 0 if scores[0] > scores[1] else 1
        s.prize_order = (w, 1 - w)
    return after_prize_step(s)


def _by_sheet(s):
    """The seat with the higher total on the score sheet, or None if equal."""
    t0, t1 = (sum(p.scores) for p in s.players)
    return None if t0 == t1 else (0 if t0 > t1 else 1)


def _finish(s, winner, reason):
    s.result = Outcome(winner, reason)
    s.phase = "over"
    s.pending = None
    s.prize_order = ()
    for p in s.players:
        p.choice = None
    s.log = s.log + (
        {"type": "match", "winner": winner, "reason": reason, "totals": [sum(p.scores) for p in s.players]},
    )
    return s


def draft(s, seat, card_id, paid, how, log):
    p = s.players[seat]
    card = CARDS[card_id]
    cost = judge_cost(p, card_id) if paid else 0
    p.momentum -= cost
    gained = _gain(s, seat, card.momentum) if card.momentum > 0 else 0
    replaced = None
    if card.judge:
        p.judges = p.judges + (card_id,)
    elif card.upgrade:
        old = [u for u in p.upgrades if CARDS[u].upgrade == card.upgrade]
        if old:
            replaced = old[0]
            s.exile = s.exile + (replaced,)
        p.upgrades = tuple(u for u in p.upgrades if u != replaced) + (card_id,)
        p.upgrades = tuple(sorted(p.upgrades, key=lambda u: UPGRADE_TYPES.index(CARDS[u].upgrade)))
    else:
        p.discard = p.discard + (card_id,)
    log.append(
        {
            "type": "draft",
            "player": seat,
            "card": card_id,
            "how": how,
            "paid": cost,
            "gained": gained,
            "replaced": replaced,
        }
    )


def secret_draft(s, log):
    picks = [p.choice[0] for p in s.players]
    for p in s.players:
        p.choice = None
    log.append({"type": "secret_picks", "slots": picks})
    if picks[0] == picks[1] and picks[0] != -1:
        s.exile = s.exile + (s.prizes[picks[0]],)
        log.append({"type": "exile", "card": s.prizes[picks[0]], "why": "same"})
        s.prizes = without(s.prizes, picks[0])
        rest = [c for c in s.prizes if c != HIDDEN]
        s.prizes = (HIDDEN,) * SLOTS
        if len(rest) == 2:
            first = s.rng.randrange(2)
            draft(s, 0, rest[first], False, "random", log)
            draft(s, 1, rest[1 - first], False, "random", log)
        elif len(rest) == 1:
            draft(s, s.rng.randrange(2), rest[0], False, "random", log)
    else:
        for seat in (0, 1):
            if picks[seat] != -1:
                card = s.prizes[picks[seat]]
                s.prizes = without(s.prizes, picks[seat])
                draft(s, seat, card, True, "pick", log)
            else:
                log.append({"type": "pass", "player": seat})
    s.secret_prize = False


def after_prize_step(s):
    """Skip pickers who cannot afford anything, check a judges win, then clean up when done."""
    log = list(s.log)
    target = s.options["judges_to_win"]
    winners = [i for i, p in enumerate(s.players) if len(p.judges) >= target]
    if winners:
        s.log = tuple(log)
        # both reaching the target at once: the score sheet decides (referee decision)
        return _finish(
            s, winners[0] if len(winners) == 1 else _by_sheet(s), "judges" if len(winners) == 1 else "double judges"
        )
    while s.prize_order and not affordable_slots(s, s.prize_order[0]):
        log.append({"type": "pass", "player": s.prize_order[0]})
        s.prize_order = s.prize_order[1:]
    s.log = tuple(log)
    if s.secret_prize or s.prize_order:
        return s
    for c in s.prizes:
        if c != HIDDEN:
            s.exile = s.exile + (c,)
            s.log = s.log + ({"type": "exile", "card": c, "why": "left"},)
    s.prizes = (HIDDEN,) * SLOTS
    return _cleanup(s)


def _cleanup(s):
    log = list(s.log)
    for i, p in enumerate(s.players):
        p.discard = p.discard + p.slots + p.hand
        p.slots, p.hand, p.bids = (), (), (0, 0, 0)
        extra = mod_total(p.mods, "cleanup_momentum")
        if p.scores and p.scores[-1] < s.players[1 - i].scores[-1]:
            extra += mod_total(p.mods, "comeback_momentum")
        if extra:
            got = _gain(s, i, extra)
            if got:
                log.append({"type": "bonus_momentum", "player": i, "amount": got})
        draw(s, i, s.options["hand_size"], log)
    row = list(s.prizes)
    main = list(s.main)
    for k in range(SLOTS):
        if row[k] == HIDDEN and main:
            row[k] = main.pop(0)
    s.prizes, s.main = tuple(row), tuple(main)
    s.event, s.carry, s.points, s.round_kd = 0, (0, 0), (0, 0), (False, False)
    s.log = tuple(log)
    if s.round >= s.options["rounds"]:
        return _finish(s, _by_sheet(s), "points")  # equal totals: a draw (R-BTG-5)
    s.round += 1
    s.phase = "plan"
    s.log = s.log + ({"type": "round_start", "round": s.round},)
    return s
