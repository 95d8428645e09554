"""Keep every room's word catalogues in step with the code: ``python -m tools.catalogues``.

A room is the engine (``tabletop/``, its games left out) or one game folder (``tabletop/games/NAME``).
For each room this extracts the texts marked with ``_``, ``N_``, ``ngettext`` and ``N_plural`` into
``ROOM/locale/messages.pot``, brings every language's ``messages.po`` up to date with it (a new
language's file is made with Babel's plural rules for that language) and compiles the ``.mo`` the
program reads.

``--check`` changes nothing and fails, one line per fault, when a template is not what the code says,
a translation is missing or fuzzy, or a ``.mo`` is not the ``.po`` compiled (CI runs it).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tabletop"
LANGUAGES = ("es", "de")  # tabletop.core.i18n.LANGUAGES without English, the language of the code
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "N_plural": (1, 2)}


def rooms() -> list[Path]:
    games = sorted(p.parent for p in (PACKAGE / "games").glob("*/__init__.py"))
    return [PACKAGE, *games]


def extract(room: Path) -> Catalog:
    """The room's template: every marked text in its Python files (the engine's leaves the games out)."""
    catalog = Catalog(project="tabletop", msgid_bugs_address="", copyright_holder="", fuzzy=False)
    skip = PACKAGE / "games"

    def keep(dirname: str) -> bool:
        path = Path(dirname).resolve()
        return not (room == PACKAGE and (path == skip or skip in path.parents)) and "__pycache__" not in path.parts

    for filename, lineno, message, comments, context in extract_from_dir(
        room, keywords=KEYWORDS, directory_filter=keep
    ):
        catalog.add(message, None, [(f"{room.name}/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def _po_bytes(catalog: Catalog, **options: bool) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=True, **options)
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _body(data: bytes) -> bytes:
    """A file's entries without its header, whose dates change on every run."""
    text = data.decode()
    return text.split("\n\n", 1)[1].encode() if "\n\n" in text else data


def _language_file(room: Path, code: str) -> Path:
    return room / "locale" / code / "LC_MESSAGES" / "messages.po"


def update(room: Path) -> None:
    template = extract(room)
    (room / "locale").mkdir(exist_ok=True)
    (room / "locale" / "messages.pot").write_bytes(_po_bytes(template, no_location=True))
    for code in LANGUAGES:
        path = _language_file(room, code)
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=code, project="tabletop", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        path.write_bytes(_po_bytes(catalog, no_location=True))
        path.with_suffix(".mo").write_bytes(_mo_bytes(catalog))


def check(room: Path) -> list[str]:
    faults: list[str] = []
    name = room.relative_to(ROOT)
    template = extract(room)
    pot = room / "locale" / "messages.pot"
    if not pot.exists() or _body(pot.read_bytes()) != _body(_po_bytes(template, no_location=True)):
        faults.append(f"{name}: the template is not what the code marks (run python -m tools.catalogues)")
    for code in LANGUAGES:
        path = _language_file(room, code)
        if not path.exists():
            faults.append(f"{name}: no {code} catalogue")
            continue
        with path.open("rb") as f:
            catalog = read_po(f, locale=code)
        wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
        have = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
        for key in sorted(wanted):
            message = have.get(key)
            strings = (
                []
                if message is None
                else (list(message.string) if isinstance(message.string, tuple) else [message.string])
            )
            if message is None or not all(strings):
                faults.append(f"{name} {code}: no translation for {key!r}")
            elif message.fuzzy:
                faults.append(f"{name} {code}: fuzzy translation for {key!r}")
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != _mo_bytes(catalog):
            faults.append(f"{name} {code}: messages.mo is not messages.po compiled")
    return faults


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail on any fault")
    parser.add_argument("--room", help="only this room: 'tabletop' or a game folder's name, e.g. 'jab'")
    args = parser.parse_args(argv)
    chosen = [r for r in rooms() if args.room in (None, r.name)]
    if not chosen:
        print(f"catalogues: no room called {args.room!r}")
        return 2
    if args.check:
        faults = [line for room in chosen for line in check(room)]
        for line in faults:
            print(line)
        print(f"catalogues: {len(faults)} faults in {len(chosen)} rooms")
        return 1 if faults else 0
    for room in chosen:
        update(room)
        print(f"updated {room.relative_to(ROOT)}/locale")
    return 0


if __name__ == "__main__":
    sys.exit(main())
