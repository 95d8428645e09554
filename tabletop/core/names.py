"""A player's name: the one rule for records, settings, the setup screens and the online protocol.

A name is 1 to ``MAX_NAME`` characters with something visible in it. It holds no control
character, and nothing that is there without being seen: no invisible character (zero-width
spaces, word joiners, fillers that look blank), no character that turns the text around
(right-to-left overrides and isolates) and no tag character. Two names that look the same are
then the same text, so ``told_apart`` can tell the people at one table apart. Letters with
combining marks and emoji (their joiners and variation selectors included) are names like any.

``check_name`` refuses a name that breaks the rule (a file or a message: the door);
``clean_name`` makes what a player typed into a name (leaving out what is hidden, and saying so).
Pure Python: no pygame.
"""

from __future__ import annotations

import unicodedata

from .i18n import words
from .jsonfile import Invalid, check_text, short

_, ngettext = words(__name__)

MAX_NAME = 32  # characters of a player's name (a computer's: "Computer 2 (Sparring partner)")
ZWJ = "\u200d"  # joins emoji into one picture (a family, a skin tone): kept only between two emoji
# characters of other categories that draw nothing: Hangul fillers, the blank Braille cell, Ogham space
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u1680\u034f")


def _selector(c: str) -> bool:
    """A variation selector: it changes how the character before it is drawn, and is seen only on an emoji."""
    o = ord(c)
    return 0xFE00 <= o <= 0xFE0F or 0xE0100 <= o <= 0xE01EF or 0x180B <= o <= 0x180F


def _emoji_side(c: str) -> bool:
    """A character an emoji joiner may follow or lead to (a symbol, a skin tone, a variation selector)."""
    return unicodedata.category(c) in ("So", "Sk", "Mn")


def hidden_at(text: str, i: int, typing: bool = False) -> bool:
    """Whether character ``i`` of ``text`` is one a name may not hold: drawn as nothing, turning
    the text around, a tag, a control character. While ``typing``, a joiner at the end waits for
    the emoji that comes next."""
    c = text[i]
    cat = unicodedata.category(c)
    if c == ZWJ:
        before = i > 0 and _emoji_side(text[i - 1])
        after = i + 1 < len(text) and unicodedata.category(text[i + 1]) == "So"
        return not (before and (after or (typing and i + 1 == len(text))))
    if _selector(c):
        return not (i > 0 and unicodedata.category(text[i - 1]) in ("So", "Sk"))
    return cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") or c in BLANK


def describe(c: str) -> str:
    """A character by its number and name ("U+202E right-to-left override"), for a line about it."""
    return f"U+{ord(c):04X} {unicodedata.name(c, '').lower()}".rstrip()


def check_name(value: object, what: str = "name") -> str:
    """``value`` if it is a name by the rule above; else Invalid, one line that says why."""
    if not isinstance(value, str):
        raise Invalid(_("{what} must be text, not {value}").format(what=what, value=short(value)))
    if not value or len(value) > MAX_NAME:
        raise Invalid(
            _("{what} must be 1 to {max} characters long, not {n}").format(what=what, max=MAX_NAME, n=len(value))
        )
    check_text(value)
    bad = next((c for i, c in enumerate(value) if hidden_at(value, i)), None)
    if bad is not None:
        raise Invalid(
            _("{what} holds a character that is not seen or that turns the text around ({character}): {value}").format(
                what=what, character=describe(bad), value=short(value)
            )
        )
    if not any(unicodedata.category(c)[0] in "LNPS" and c not in BLANK for c in value):
        raise Invalid(_("{what} has nothing visible in it: {value}").format(what=what, value=short(value)))
    return value


def clean_name(text: str, typing: bool = False) -> tuple[str, str]:
    """What a player typed or pasted, as a name: composed (NFC), every space one plain space, and
    nothing hidden (``hidden_at``); not yet cut to length. Returns (the text, a one-line message
    naming what was left out, or ""). While ``typing``, spaces at the ends stay and a joiner at the
    end waits for its emoji."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(" " if c.isspace() else c for c in text)
    left_out = [c for i, c in enumerate(text) if hidden_at(text, i, typing)]
    kept = "".join(c for i, c in enumerate(text) if not hidden_at(text, i, typing))
    if not typing:
        kept = " ".join(kept.split())
    if not left_out:
        return kept, ""
    n = len(left_out)
    said = ngettext(
        "Left out {n} character that cannot be seen or that turns the text around ({character}).",
        "Left out {n} characters that cannot be seen or that turn the text around ({character}).",
        n,
    )
    return kept, said.format(n=n, character=describe(left_out[0]))


def same(a: str, b: str) -> bool:
    """Two names a player would take for one: the same letters, whatever their case or composition."""
    return _fold(a) == _fold(b)


def _fold(name: str) -> str:
    name = " ".join("".join(c for c in name if c != ZWJ and not _selector(c)).split())
    return unicodedata.normalize("NFKC", name).casefold()


def told_apart(names: list[str]) -> list[str]:
    """The names of the seats at one table, each a name of its own: a name met before gets a
    number ("Ana", "Ana (2)"), cut so it keeps within ``MAX_NAME``."""
    out: list[str] = []
    for name in names:
        given, k = name, 2
        while any(same(given, o) for o in out):
            tail = f" ({k})"
            given = name[: MAX_NAME - len(tail)].rstrip() + tail
            k += 1
        out.append(given)
    return out


def computer_name(level: str, number: int | None = None) -> str:
    """A computer seat's name: the computer at its level ("Computer (Beginner)"); with ``number``,
    one of several ("Computer 2 (Beginner)")."""
    if number is None:
        return _("Computer ({level})").format(level=level)[:MAX_NAME]
    return _("Computer {n} ({level})").format(n=number, level=level)[:MAX_NAME]
