"""Words in the player's language: every text a player reads goes through a gettext catalogue.

The program is split into rooms, each with its own catalogue: the engine (``tabletop/locale``) and
every game folder (``GAME/locale``), so a game written elsewhere brings its words with it. A module
asks for its room's translators once, at the top::

    from tabletop.core.i18n import words
    _, ngettext = words(__name__)

    _("Fight")                                             # a sentence or label
    ngettext("{n} card", "{n} cards", n).format(n=n)       # a count, by the language's plural rules

Texts kept in module-level constants are marked with ``N_`` (found by extraction, left as they are)
and translated with ``_`` where they are shown, so a change of language needs no restart (a count's
two forms kept as data: ``N_plural(one, many)``, said with ``ngettext``). The texts a
game gives the engine's screens (its name, blurb, options, levels, buttons, lessons) are marked in the
game's folder and shown through ``game_text(spec, text)``, which reads that game's catalogue. How a game
adds its words, and its help pages (``help.CODE.md``): docs/languages.md.

Catalogues live at ``ROOM/locale/CODE/LC_MESSAGES/messages.po`` with the compiled ``.mo`` beside it
and the template at ``ROOM/locale/messages.pot``; ``python -m tools.catalogues`` extracts, updates
and compiles them all (``--check`` for CI). Plural rules come from the catalogue's header, written by
Babel for each language. The pseudo-language ``qps`` (accented and a third longer) is made here, not
read from a file: it shows at a glance any text that skipped the catalogue and any text that does
not fit.
"""

from __future__ import annotations

import gettext
import locale
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.core.registry import GameSpec

DOMAIN = "messages"
# The languages a player can choose, each named in its own language.
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "de": "Deutsch"}
PSEUDO = "qps"  # for tests and the text-fit walk; chosen with TABLETOP_LANGUAGE=qps, never offered

_language = "en"


def language() -> str:
    """The code of the language texts are in now."""
    return _language


def set_language(code: str) -> str:
    """Speak ``code`` from now on; an unknown code means English. Returns the code in use."""
    global _language
    _language = code if code in LANGUAGES or code == PSEUDO else "en"
    return _language


def system_language() -> str:
    """The system's language when we have a catalogue for it, else English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        for part in value.split(":"):
            code = part[:2].lower()
            if code in LANGUAGES:
                return code
    try:
        found = locale.getlocale()[0] or ""
    except ValueError:
        found = ""
    return found[:2].lower() if found[:2].lower() in LANGUAGES else "en"


def N_(text: str) -> str:
    """Marks a module-level text for the catalogue; it is translated with ``_`` where it is shown."""
    return text


def N_plural(one: str, many: str) -> tuple[str, str]:
    """Marks a count's text kept as data (its two English forms) for the catalogue; it is said with
    ``ngettext(one, many, n)`` where it is shown (the online server sends such texts to its clients)."""
    return one, many


_ACCENTED = str.maketrans(
    "AaBCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅåƁÇçĐđÉéĜĝĤĥÎîĴĵĶķĻļÑñÖöŘřŠšŢţÛûŴŵÝýŽž",
)


def pseudo(text: str) -> str:
    """``text`` accented and about a third longer, its {fields}, %s and markup kept as they are. The length is
    added at the end in runs of five dots with a space between, so a long text still breaks into lines."""
    out: list[str] = []
    depth = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "{":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif ch == "%" and i + 1 < len(text) and depth == 0:
            out.append(text[i : i + 2])
            i += 2
            continue
        out.append(ch if depth else ch.translate(_ACCENTED))
        i += 1
    letters = sum(c.isalpha() for c in text)
    dots = "·" * max(1, round(letters * 0.35)) if letters else ""
    return "".join(out) + " ".join(dots[i : i + 5] for i in range(0, len(dots), 5))


class _Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


@cache
def _room(module: str) -> Path | None:
    """The folder whose ``locale`` holds ``module``'s words: the nearest one up from the module."""
    found = sys.modules.get(module)
    file = getattr(found, "__file__", None)
    if not file:
        return None
    folder = Path(file).resolve().parent
    for place in (folder, *folder.parents):
        if (place / "locale").is_dir():
            return place
        if (place / "__init__.py").exists() is False:
            return None  # left the packages: this module's room has no catalogue
    return None


@cache
def _catalogue(room: str | None, code: str) -> gettext.NullTranslations:
    """``room``: the folder as text (a text key is looked up faster than a path: ``_`` runs every frame)."""
    if code == PSEUDO:
        return _Pseudo()
    if code == "en" or room is None:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=str(Path(room) / "locale"), languages=[code], fallback=True)


def words(module: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """The translators of ``module``'s room: ``_`` for a text, ``ngettext`` for a count's text."""
    found = _room(module)
    room = None if found is None else str(found)

    def _(text: str) -> str:
        return _catalogue(room, _language).gettext(text) if text else text  # "" would be the header

    def ngettext(one: str, many: str, n: int) -> str:
        return _catalogue(room, _language).ngettext(one, many, n)

    return _, ngettext


def game_text(spec: GameSpec, text: str) -> str:
    """A text the engine shows that a game provides (its name, blurb, option labels, level names, button
    labels ...), in the player's language from that game's own catalogue (the game marks it with ``N_``)."""
    return words(type(spec.rules).__module__)[0](text) if text else text
