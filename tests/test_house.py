"""The shape of the house (issue 19): every game folder has the rooms docs/engine.md describes, no import
circle anywhere in tabletop/, no private name imported from another module, and no package's __init__
binds a name that one of its submodules would replace."""

import ast
import importlib
import importlib.util
import pkgutil
import re
from pathlib import Path

import grimp
import pytest

import tabletop.games

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tabletop"
GAMES = sorted(m.name for m in pkgutil.iter_modules(tabletop.games.__path__) if m.ispkg)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_folder_has_the_rooms_the_engine_doc_describes(game):
    folder = PACKAGE / "games" / game
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    for room in ("rules/", "table/", "layout.py", "data/", "help.md", "bot.py"):
        assert room in doc, f"docs/engine.md does not describe {room}"
    assert (folder / "__init__.py").is_file() and (folder / "help.md").is_file()
    assert (folder / "rules" / "__init__.py").is_file(), "the pure rules are the rules/ package"
    assert (folder / "table" / "__init__.py").is_file() and (folder / "table" / "layout.py").is_file()
    assert (folder / "bot.py").is_file() or (folder / "bots" / "__init__.py").is_file()
    data = sorted(p.name for p in (folder / "data").glob("*.json"))
    assert data, "the data files are under data/"
    assert not list(folder.glob("*.json")), "no data file outside data/"
    assert not list(folder.glob("table_*.py")), "the table's modules are in table/"


def test_no_import_circle_in_tabletop():
    graph = grimp.build_graph("tabletop", cache_dir=None)
    circles = []
    for module in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(importer=imported, imported=module):
                circles.append(f"{module} <-> {imported}")
    assert circles == []


def _sources():
    return sorted(p for p in PACKAGE.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_private_name_is_imported_from_another_module():
    crossing = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        crossing.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {alias.name}")
    assert crossing == []


def test_no_package_init_binds_the_name_of_one_of_its_submodules():
    clashes = []
    for init in PACKAGE.rglob("__init__.py"):
        package = importlib.import_module(_module_name(init))
        submodules = {m.name for m in pkgutil.iter_modules(package.__path__)}
        tree = ast.parse(init.read_text(encoding="utf-8"))
        for node in tree.body:
            names = []
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.ImportFrom):
                # "from . import x" binds the submodule x itself: that is no clash
                if node.level and node.module is None:
                    continue
                names = [a.asname or a.name for a in node.names]
            clashes += [f"{_module_name(init)}.{n}" for n in names if n in submodules]
    assert clashes == []


def test_every_doc_the_code_points_at_exists():
    missing = []
    for path in _sources():
        for doc in re.findall(r"docs/[\w.-]+\.md", path.read_text(encoding="utf-8")):
            if not (ROOT / doc).is_file():
                missing.append(f"{path.relative_to(ROOT)}: {doc}")
    assert missing == []


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:  # the parent is a module, not a package: the name is not a module
        return False


def _module_aliases(path: Path, tree) -> set[str]:
    """Names a file binds to one of our modules (``import tabletop.x as m``, ``from tabletop.y import m``)."""
    here = _module_name(path) if path.is_relative_to(PACKAGE) else ""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.asname for a in node.names if a.asname and a.name.startswith("tabletop")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".") if path.name == "__init__.py" else here.split(".")[:-1]
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            if base.startswith("tabletop"):
                for a in node.names:
                    if _is_module(f"{base}.{a.name}"):
                        out.add(a.asname or a.name)
    return out


def test_no_private_name_of_a_module_is_read_from_outside_it():
    crossing = []
    for path in _sources() + sorted((ROOT / "tests").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = _module_aliases(path, tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in modules
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                crossing.append(f"{path.relative_to(ROOT)}:{node.lineno} reads {node.value.id}.{node.attr}")
    assert crossing == []


def test_the_readme_is_a_players_page_with_the_quick_start_where_ci_reads_it():
    """Issue 30: the README is for players first (download, first start, controls, settings and saves);
    developer material is in docs/ behind one link; CI still finds the two quick-start commands."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    for marker, command in (
        ("<!-- play-command -->", "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/tabletop"),
        (
            "<!-- test-command -->",
            'python3 -m venv .venv && .venv/bin/pip install -e ".[dev]" && .venv/bin/python -m pytest',
        ),
    ):
        at = lines.index(marker)
        assert lines[at + 1] == "```bash" and lines[at + 2] == command  # .ci/run reads the line two after
    heads = [line for line in lines if line.startswith("## ")]
    for players in ("## Download", "## The first start", "## Controls", "## Settings and saves"):
        assert heads.index(players) < heads.index("## From the source code")
    assert "frame p50" not in text and "easiest loses to newcomer" not in text  # in docs/, not here
    assert "docs/development.md" in text and (ROOT / "docs" / "development.md").is_file()
    assert "any size." not in text and "640x360" in text  # what really happens to a small window
