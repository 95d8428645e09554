"""Helpers for the tests of a room's words (issue 37): the texts its catalogue template holds, and a
language spoken for a while (English again after it, whatever happens)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from babel.messages.pofile import read_po

from tabletop.core import i18n


def marked(room: Path) -> set[str]:
    """Every text of ``room``'s template (``ROOM/locale/messages.pot``), the singular of a plural."""
    with (room / "locale" / "messages.pot").open("rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Texts in language ``code`` inside the block."""
    i18n.set_language(code)
    try:
        yield
    finally:
        i18n.set_language("en")


def english_left(lines, english: set[str]) -> list[str]:
    """The lines (said in the pseudo-language) that keep one of the ``english`` words: a text that
    skipped the catalogue (the pseudo-language accents every translated one)."""
    return [line for line in lines if set(re.findall(r"[A-Za-z]+", line)) & english]


def help_page(room: Path, code: str) -> str:
    """``room``'s help page in language ``code``, checked to have the English page's every section and
    table and no ruling id (those are for developers)."""
    text = (room / f"help.{code}.md").read_text(encoding="utf-8")
    english = (room / "help.md").read_text(encoding="utf-8")
    assert text.count("\n## ") == english.count("\n## "), f"help.{code}.md lacks sections of help.md"
    assert text.count("|---") == english.count("|---"), f"help.{code}.md lacks tables of help.md"
    assert not re.search(r"R-[A-Z]+-\d", text), f"help.{code}.md names a ruling"
    return text
