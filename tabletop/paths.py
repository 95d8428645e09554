"""Where things are: shipped assets (also inside a one-file build) and the
player's own settings and saves (platform user directories).

This is the only module that knows about a frozen (PyInstaller) build.
"""

from __future__ import annotations

import os
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


def _make(path: Path) -> None:
    """Create a folder if it can be; if not, writing there fails later and is reported then."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
