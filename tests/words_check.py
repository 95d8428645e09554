"""The words check (issue 30): what a player reads has no template left in it (``{``, ``}``), no
``None``, no ruling id, and a count always agrees with its noun ("1 card", "2 cards").

``collect()`` turns on ``gfx.SEEN`` (every text the drawing helpers draw, whole), ``problems()`` says
what is wrong with the texts seen."""

from __future__ import annotations

import contextlib
import re

from tabletop.ui import gfx

NOUNS = "card|point|round|match|judge|punch|combo|knockdown|turn|hand|lesson|move|game|player|block|replay|person"
MANY = {"match": "matches", "punch": "punches", "person": "people"}
ONE_MANY = re.compile(
    rf"(?<![\d/.,:\-–+×])\b1 ({'|'.join(MANY.get(n, n + 's') for n in NOUNS.split('|'))})\b(?! (?:of|left|to go|in a))"
)
COMPOUND = r" (?:cards?|points?|wins?|rounds?|tokens?|decks?|piles?)\b"  # "25 punch cards": the noun is the next word
MANY_ONE = re.compile(rf"(?<![\d/.,:\-–+×#])\b(0|[2-9]|\d\d+) ({NOUNS})\b(?!s|es|['’-]|{COMPOUND})")
RULE_ID = re.compile(r"\bR-[A-Z]{2,4}-\d+")
NONE = re.compile(r"\bNone\b")


def problems(texts) -> list[str]:
    out = []
    for t in dict.fromkeys(texts):
        if "{" in t or "}" in t:
            out.append(f"a template left in: {t!r}")
        if NONE.search(t):
            out.append(f"None in: {t!r}")
        if RULE_ID.search(t):
            out.append(f"a ruling id in: {t!r}")
        for m in [*ONE_MANY.finditer(t), *MANY_ONE.finditer(t)]:
            before = t[: m.start()].split()
            if before and before[-1][:1].isupper() and before[-1].isalpha():
                continue  # a name with its number ("Punch 3 card", "Round 2 match"): no count
            out.append(f"a count and its noun disagree ({m.group(0)!r}) in: {t!r}")
    return out


@contextlib.contextmanager
def collect():
    """Every text drawn inside the ``with``, in a list. A ``collect`` inside another gives the outer
    one its texts too, and the outer one goes on collecting after it."""
    outer, seen = gfx.SEEN, []
    gfx.SEEN = seen
    try:
        yield seen
    finally:
        gfx.SEEN = outer
        if outer is not None:
            outer.extend(seen)
