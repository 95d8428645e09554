"""The story of a finished Stabby Jack game for its result screen (``Rules.report``), from its log sentences:
told apart by their sentences as kept (language-free English, see said.py), shown in the player's language."""

from __future__ import annotations

from tabletop.core.game import Report
from tabletop.core.i18n import words

from .said import key
from .state import totals

_, ngettext = words(__name__)

_BIG = (" dies,", "stabs", "in Stabby Jack's way", "levels up")  # the moments worth retelling, most telling first


def report(state, events: list[dict]) -> Report:
    n = len(state.players)
    kept = [e.get("said", e["text"]) for e in events]  # each sentence as kept, with every phrase in it
    texts = [e["text"] for e in events]
    rounds = max(1, (state.turns + n - 1) // n)
    w = state.winner
    if w is None:
        how = ngettext("after {n} round", "after {n} rounds", rounds).format(n=rounds)
    elif "tiebreak" in key(state.result or ""):
        how = ngettext("on the tiebreak after {n} round", "on the tiebreak after {n} rounds", rounds).format(n=rounds)
    else:
        how = ngettext("with {xp} XP after {n} round", "with {xp} XP after {n} rounds", rounds).format(
            xp=totals(state.players[w])["xp"], n=rounds
        )
    first: dict[str, int] = {}  # each kind of moment once, with how often it happened
    times: dict[str, int] = {}
    rank: dict[str, int] = {}
    for i, (said, t) in enumerate(zip(kept, texts, strict=True)):
        k = next((k for k, b in enumerate(_BIG) if b in said), None)
        if k is not None:
            first.setdefault(t, i)
            times[t] = times.get(t, 0) + 1
            rank.setdefault(t, k)
    chosen = sorted(first, key=lambda t: (rank[t], -first[t]))[:6]
    moments = [
        t
        if times[t] == 1
        else ngettext("{moment} ({n} time).", "{moment} ({n} times).", times[t]).format(
            moment=t.rstrip("."), n=times[t]
        )
        for t in sorted(chosen, key=lambda t: first[t])
    ]

    def does(seat: int, what: str) -> str:
        """How many sentences say that ``seat`` did ``what`` ("{who} beats the")."""
        return str(sum(1 for s in kept if what in s and f'"who":"{{{seat}}}"' in s))

    seats = range(n)
    numbers = (
        (_("XP"), tuple(str(totals(p)["xp"]) for p in state.players)),
        (_("HP left"), tuple(str(totals(p)["hp"]) for p in state.players)),
        (_("Fights won"), tuple(does(s, "{who} beats the") for s in seats)),
        (_("Fights lost"), tuple(does(s, "{who} loses to the") for s in seats)),
        (_("Level-ups"), tuple(does(s, "{who} levels up") for s in seats)),
        (_("Stabbed by Jack"), tuple(does(s, "stabs {who}") for s in seats)),
        (_("Deaths"), tuple(str(p.deaths) for p in state.players)),
    )
    return Report(how, tuple(moments), numbers)
