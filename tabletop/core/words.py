"""Counts in words: the one way a count meets its noun ("1 card", "3 cards", "0 matches").

Every text a player reads that says a number of things says it through ``plural``, so no screen
reads "1 cards" or "2 match"; the words check (tests/test_words.py) looks at every drawn text."""

from __future__ import annotations

_IRREGULAR = {"person": "people"}  # nouns whose plural is not made by the rule below


def plural(n: int, one: str, many: str | None = None) -> str:
    """ "1 card", "2 cards", "0 matches": ``n`` with its noun in the right form. ``many`` is the plural
    when the rule (an "s", or "es" after ch, sh, s, x, z) does not make it."""
    return f"{n} {noun(n, one, many)}"


def noun(n: int, one: str, many: str | None = None) -> str:
    """The noun alone in the form that agrees with ``n`` ("card" or "cards"), for "(3 cards left)"-like texts
    where the number is written elsewhere."""
    if n == 1:
        return one
    if many:
        return many
    head, _, last = one.rpartition(" ")  # "hit point" -> "hit points": the last word takes the plural
    word = _IRREGULAR.get(last) or (last + "es" if last.endswith(("ch", "sh", "s", "x", "z")) else last + "s")
    return f"{head} {word}" if head else word
