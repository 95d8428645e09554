"""Where things are: shipped assets (also inside a one-file build) and the
player's own settings and saves (platform user directories).

This is the only module that knows about a frozen (PyInstaller) build.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

APP = "tabletop"


def _asset_root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


ASSETS = _asset_root()


def asset_path(*parts: str) -> Path:
    return ASSETS.joinpath(*parts)


def _home_override() -> Path | None:
    # TABLETOP_HOME puts settings and saves in one folder (tests, portable use).
    home = os.environ.get("TABLETOP_HOME")
    return Path(home) if home else None


def config_dir() -> Path:
    home = _home_override()
    if home:
        path = home / "config"
    else:
        import platformdirs

        path = Path(platformdirs.user_config_dir(APP, appauthor=False))
    _make(path)
    return path


def data_dir() -> Path:
    home = _home_override()
    if home:
        path = home / "data"
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP, appauthor=False))
    _make(path)
    return path


def saves_dir() -> Path:
    """Finished games (records)."""
    path = data_dir() / "saves"
    _make(path)
    return path


def games_dir() -> Path:
    """Kept games: one record per unfinished game."""
    path = data_dir() / "games"
    _make(path)
    return path


FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,119}")  # a plain name: no folder, no "..", no drive


def file_in(folder: Path, name: str) -> Path:
    """``folder / name`` for a name built from anything a peer or a file sent: only a plain file
    name (letters, digits, ``.``, ``_``, ``-``; not ``..``) that stays inside ``folder``. Raises
    ValueError otherwise, so no such name can ever reach a file outside its folder."""
    if not isinstance(name, str) or not FILE_NAME.fullmatch(name) or ".." in name:
        raise ValueError(f"{name!r:.40} is not a plain file name")
    path = Path(folder) / name
    if path.parent.resolve() != Path(folder).resolve():
        raise ValueError(f"{name!r:.40} is not a file in {folder}")
    return path


def _make(path: Path) -> None:
    """Create a folder if it can be; if not, writing there fails later and is reported then."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
