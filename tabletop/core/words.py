"""Counts in words: the one way a count meets its noun ("1 card", "3 cards", "0 matches").

Every text a player reads that says a number of things says it through ``plural``, so no screen
reads "1 cards" or "2 match"; the words check (tests/test_words.py) looks at every drawn text."""

from __future__ import annotations

# nouns whose plural is not the noun with an "s"
_IRREGULAR = {
    "match": "matches",
    "punch": "punches",
    "person": "people",
    "box": "boxes",
    "knockdown": "knockdowns",
    "ace": "aces",
}


def plural(n: int, one: str, many: str | None = None) -> str:
    """ "1 card", "2 cards", "0 matches": ``n`` with its noun in the right form. ``many`` is the plural
    when it is not the noun with an "s" (and not a known one like "match" -> "matches")."""
    return f"{n} {noun(n, one, many)}"


def noun(n: int, one: str, many: str | None = None) -> str:
    """The noun alone in the form that agrees with ``n`` ("card" or "cards"), for "(3 cards left)"-like texts
    where the number is written elsewhere."""
    if n == 1:
        return one
    return many or _IRREGULAR.get(one) or one + "s"
