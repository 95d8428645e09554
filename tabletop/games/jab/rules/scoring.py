"""Round end, scoring (R-JAB-14), round win (R-JAB-15) and re-setup (R-JAB-16).

``pile_score(pile, attacker)`` scores one target pile for the attacker:
the defender's blocks are removed (k cards) and with them the attacker's k
highest-value punches; the rest is summed.

``breakdown(state, attacker, covered, chosen)`` is one line of the scoring
screen, a dict::

    {"attacker", "defender", "covered", "chosen"   (target names, e.g. "p1.head"),
     "pile_scores": {target name: points, ...} (what each of the defender's
                    three piles would give),
     "blocks_removed": [cards], "punches_removed": [cards], "punches_kept": [cards],
     "punch_points", "combo_points", "counter_points", "bonus",
     "ding_penalty", "clinch_penalty", "penalties", "total"}

``state.scoring`` after a round is {"round", "lines": [line for attacker 0,
line for attacker 1], "totals": [t0, t1], "winner": seat or None,
"token_from": seat whose health token became the round-win token or None,
"cutman": [seats helped], "reason": why the round ended}.
"""

from __future__ import annotations

from tabletop.core.i18n import N_

from . import content as C
from .hands import TARGETS, target_name
from .say import Say
from .state import State, add_event, who


def pile_score(pile: tuple, attacker: int) -> tuple[int, list, list, list]:
    """(points, blocks removed, punches removed, punches kept) for ``attacker``."""
    blocks = [c for c in pile if C.owner(c) != attacker]
    punches = sorted((c for c in pile if C.owner(c) == attacker), key=C.value, reverse=True)
    k = len(blocks)
    removed, kept = punches[:k], punches[k:]
    return sum(C.value(c) for c in kept), blocks, removed, kept


def best_choices(state: State, attacker: int) -> tuple[int, int]:
    """Optimal (covered, chosen) target indices on the defender's boxer:
    the defender covers the pile the attacker would score most on, the
    attacker takes the better of the other two (ties: left, head, right)."""
    d = 1 - attacker
    scores = [pile_score(state.piles[d * 3 + i], attacker)[0] for i in range(3)]
    covered = max(range(3), key=lambda i: (scores[i], -i))
    chosen = max((i for i in range(3) if i != covered), key=lambda i: (scores[i], -i))
    return covered, chosen


def best_choice_given_cover(state: State, attacker: int, covered: int) -> int:
    d = 1 - attacker
    scores = [pile_score(state.piles[d * 3 + i], attacker)[0] for i in range(3)]
    return max((i for i in range(3) if i != covered), key=lambda i: (scores[i], -i))


def breakdown(state: State, attacker: int, covered: int, chosen: int) -> dict:
    d = 1 - attacker
    pile_scores = {target_name(d, i): pile_score(state.piles[d * 3 + i], attacker)[0] for i in range(3)}
    pts, blocks, removed, kept = pile_score(state.piles[d * 3 + chosen], attacker)
    combo_pts = sum(C.COMBOS[c][2] for c in state.combo_won[attacker])
    counter_pts = sum(C.COUNTERS[c][2] for c in state.counter_won[attacker])
    ding = C.N["ding_penalty"] if state.ding_by == attacker else 0
    clinch = C.N["clinch_penalty"] if state.clinch_by == attacker else 0
    return {
        "attacker": attacker,
        "defender": d,
        "covered": target_name(d, covered),
        "chosen": target_name(d, chosen),
        "pile_scores": pile_scores,
        "blocks_removed": blocks,
        "punches_removed": removed,
        "punches_kept": kept,
        "punch_points": pts,
        "combo_points": combo_pts,
        "counter_points": counter_pts,
        "bonus": combo_pts + counter_pts,
        "ding_penalty": ding,
        "clinch_penalty": clinch,
        "penalties": ding + clinch,
        "total": pts + combo_pts + counter_pts - ding - clinch,
    }


def projected_totals(state: State) -> list[int]:
    """Each player's total if the round were scored now with the best choices
    (a live score for the table; also the bot's Ding! sense)."""
    out = []
    for a in (0, 1):
        covered, chosen = best_choices(state, a)
        out.append(breakdown(state, a, covered, chosen)["total"])
    return out


def end_round(s: State, t: int, reason: str) -> None:
    """Stop play at once (mutates the fresh clone ``s``): held cards go back,
    any counter-punch window closes, knockouts lapse; then score."""
    s.now = t
    decks = list(s.decks)
    held = list(s.held)
    for i, h in enumerate(held):
        if h is not None:
            decks[i] = decks[i] + (h[0],)
            held[i] = None
    s.decks, s.held = tuple(decks), tuple(held)
    s.counter_last = None
    s.ko_open = (False, False)
    s.ready = (False, False)
    add_event(s, "round-end", None, t, reason)
    s.end_reason = reason
    if s.options.get("scoring") == "hand":
        s.phase = "scoring"
        s.covers, s.chooses = (None, None), (None, None)
    else:
        c0, ch0 = best_choices(s, 0)  # attacker 0 on boxer 1
        c1, ch1 = best_choices(s, 1)
        finish_round(s, t, covers=(c1, c0), chooses=(ch0, ch1))


def finish_round(s: State, t: int, covers, chooses) -> None:
    """Score with covers[d] (target on d's own boxer) and chooses[a] (target on
    a's opponent), award the round, then set up the next round or end the game."""
    lines = [breakdown(s, a, covers[1 - a], chooses[a]) for a in (0, 1)]
    totals = [lines[0]["total"], lines[1]["total"]]
    winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    health, tokens = list(s.health), list(s.tokens)
    token_from = None
    if winner is not None:
        loser = 1 - winner
        token_from = loser if health[loser] > 0 else winner
        health[token_from] -= 1
        tokens[winner] += 1
    s.health, s.tokens = tuple(health), tuple(tokens)
    text = (
        Say(
            N_("Round {round}: {0} {a}, {1} {b}: a draw, nobody wins the round."),
            round=s.round,
            a=totals[0],
            b=totals[1],
        )
        if winner is None
        else Say(
            N_("Round {round}: {0} {a}, {1} {b}: {who} wins the round."),
            round=s.round,
            a=totals[0],
            b=totals[1],
            who=who(winner),
        )
    )
    add_event(s, "score", winner, t, text)
    s.history = s.history + ({"round": s.round, "totals": totals, "winner": winner},)
    s.scoring = {
        "round": s.round,
        "lines": lines,
        "totals": totals,
        "winner": winner,
        "token_from": token_from,
        "cutman": [],
        "reason": s.end_reason,
    }
    if winner is not None and tokens[winner] >= C.N["round_wins_to_win"]:
        s.phase, s.winner = "over", winner
        s.end_reason = Say(N_("{who} wins {n} rounds: a win by decision."), who=who(winner), n=tokens[winner])
        add_event(s, "decision", winner, t, s.end_reason)
        return
    # cutman (R-JAB-16)
    for p in (0, 1):
        if health[p] == 0:
            give = min(C.N["cutman"], health[1 - p])
            health[p] += give
            health[1 - p] -= give
            s.scoring["cutman"].append(p)
            add_event(s, "cutman", p, t, Say(N_("The cutman patches up {who}: +{n} health."), who=who(p), n=give))
    s.health = tuple(health)
    setup_round(s)


def setup_round(s: State, decks=None, combo=None, counter=None) -> None:
    """Everything back to its setup place: fresh shuffled decks split in
    halves (R-JAB-16), shuffled combo and counter decks, tiles on the table."""
    if decks is None:
        assert s.rng is not None, "a view is never set up"
        rng = s.rng.copy()
        decks = []
        for p in (0, 1):
            cards = list(range(p * 25, p * 25 + 25))
            rng.shuffle(cards)
            half = len(cards) // 2
            decks += [tuple(cards[:half]), tuple(cards[half:])]
        combo = list(range(len(C.COMBOS)))
        rng.shuffle(combo)
        counter = list(range(len(C.COUNTERS)))
        rng.shuffle(counter)
        s.rng = rng
    s.decks = tuple(decks)
    s.held = (None,) * 4
    s.released = (None,) * 4
    s.piles = ((),) * 6
    s.combo, s.counter = tuple(combo), tuple(counter)
    s.combo_won = ((), ())
    s.counter_won = ((), ())
    s.counter_aside = ()
    s.counter_last = None
    s.ding_by = s.clinch_by = None
    s.ko_open = (False, False)
    s.out_t = (None, None)
    s.ready = (False, False)
    s.covers = s.chooses = (None, None)
    s.phase = "between"


def target_label(boxer: int, index: int) -> str:
    """Words for a target, naming the boxer's seat as a placeholder (see state.render)."""
    return f"{who(boxer)}'s {('left body', 'head', 'right body')[index]}"


__all__ = [
    "pile_score",
    "best_choices",
    "projected_totals",
    "breakdown",
    "end_round",
    "finish_round",
    "setup_round",
    "TARGETS",
]
