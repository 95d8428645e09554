"""The story of a finished bout of The Square Ring for its result screen (``Rules.report``), from its log.
The log names the boxers, as the table does."""

from __future__ import annotations

from tabletop.core.game import Report
from tabletop.core.i18n import words

from .content import BOXERS

_, ngettext = words(__name__)


def report(state, events: list[dict]) -> Report:
    log = state.log
    w = state.result.winner if state.result else None
    ko = any(e["kind"] == "ko" for e in log)
    if ko:
        how = _("by knockout in round {round}").format(round=state.round)
    elif w is not None:
        how = _("on rounds, {more} to {less}").format(more=state.round_wins[w], less=state.round_wins[1 - w])
    else:
        how = _("on rounds, {n} all").format(n=state.round_wins[0])
    moments = []
    for e in log:
        if e["kind"] == "round":
            a, b = e["damage"]
            if e["winner"] is None:
                moments.append(_("Round {round} is a draw, {a} to {b} damage.").format(round=e["round"], a=a, b=b))
            else:
                w_ = e["winner"]
                moments.append(
                    _("Round {round} goes to {seat}, {more} to {less} damage.").format(
                        round=e["round"], seat=f"{{{w_}}}", more=max(a, b), less=min(a, b)
                    )
                )
        elif e["kind"] == "ko":
            s = e["seat"]
            moments.append(
                _("{seat}'s {boxer} is knocked out in round {round}.").format(
                    seat=f"{{{s}}}", boxer=_(BOXERS[state.boxers[s]].name), round=e["round"]
                )
            )
    moments = moments[-6:]

    def per_seat(kind: str, value=lambda e: 1) -> tuple[str, ...]:
        return tuple(str(sum(value(e) for e in log if e["kind"] == kind and e.get("seat") == s)) for s in (0, 1))

    numbers = (
        (_("Rounds won"), tuple(str(x) for x in state.round_wins)),
        (_("Damage dealt"), per_seat("hit", lambda e: e.get("damage", 0))),
        (_("Punches landed"), per_seat("hit")),
        (_("Punches missed"), per_seat("miss")),
        (
            _("Opponent dazed"),
            tuple(str(sum(1 for e in log if e["kind"] == "daze" and e.get("seat") == 1 - s)) for s in (0, 1)),
        ),
        (_("HP left"), tuple(str(h) for h in state.hp)),
    )
    return Report(how, tuple(moments), numbers)
