"""Every crash leaves a trace: the program's log and hard crashes, in ``logs/`` in the data folder.

The packaged programs on Windows and macOS have no console, so what would go to stderr is lost;
here it is kept. ``tabletop.log`` (rotating: LOG_BYTES, then ``.1`` ... ``.LOG_KEEP``) gets what the
``tabletop`` loggers say: a screen that stopped on an error with its traceback, settings and saves
messages, the online part's warnings. ``crash.log`` gets what ``faulthandler`` writes when the
interpreter itself dies (a segfault in a library, an abort). ``tabletop --logs`` prints the
folder and opens it in the file manager. No pygame here."""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

from tabletop import __version__, paths

LOG_BYTES = 1_000_000
LOG_KEEP = 3
CRASH_BYTES = 1_000_000  # a crash.log past this is started again (the last one kept as crash.log.1)
log = logging.getLogger("tabletop")
_started: dict[str, object] = {}  # the handler and the crash file of this run, once started


def folder() -> Path:
    return paths.data_dir() / "logs"


def start(faults: bool = True) -> str:
    """Keep this run's log (and, with ``faults``, hard crashes); "" or, when the folder cannot be
    written, one line for the player (play goes on without a log). Once a run."""
    if _started:
        return ""
    where = folder()
    try:
        where.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            where / "tabletop.log", maxBytes=LOG_BYTES, backupCount=LOG_KEEP, encoding="utf-8", errors="replace"
        )
        crash = _crash_file(where) if faults else None
    except OSError as e:
        return f"The log cannot be written ({e.strerror or e}); play goes on without it."
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(handler)
    if log.level == logging.NOTSET or log.level > logging.INFO:
        log.setLevel(logging.INFO)
    _started["handler"] = handler
    if crash is not None:
        faulthandler.enable(crash, all_threads=True)
        _started["crash"] = crash
    log.info("tabletop %s on %s, Python %s", __version__, platform.platform(), platform.python_version())
    return ""


def _crash_file(where: Path):
    path = where / "crash.log"
    try:
        if path.stat().st_size > CRASH_BYTES:
            os.replace(path, where / "crash.log.1")
    except FileNotFoundError:
        pass
    return open(path, "a", encoding="utf-8")  # noqa: SIM115 - open for the whole run: faulthandler writes to it


def stop() -> None:
    """The log and crash file closed (tests; the end of the program leaves them to the interpreter)."""
    handler = _started.pop("handler", None)
    if isinstance(handler, logging.Handler):
        log.removeHandler(handler)
        handler.close()
    crash = _started.pop("crash", None)
    if crash is not None:
        faulthandler.disable()
        crash.close()  # type: ignore[attr-defined]


def show() -> int:
    """``tabletop --logs``: print the logs folder and open it in the file manager when there is a desktop."""
    where = folder()
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        print(f"tabletop: the logs folder {where} cannot be made ({e.strerror or e})", file=sys.stderr)
        return 1
    print(where)
    opener = _opener()
    if opener:
        try:
            subprocess.Popen([*opener, str(where)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError:
            pass  # the path is printed: that is enough
    return 0


def _opener() -> list[str]:
    """How this system opens a folder in its file manager ([] when there is no desktop to open it on)."""
    if sys.platform == "win32":
        return ["explorer"]
    if sys.platform == "darwin":
        return ["open"]
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return []
    found = shutil.which("xdg-open")
    return [found] if found else []
