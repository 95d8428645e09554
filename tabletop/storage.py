"""Writing the player's files safely, and setting bad ones aside.

Writes are atomic (a temporary file ``.NAME.*.tmp`` in the same folder, then a
rename), so a crash never leaves half a file; temporary files left by a
killed program are removed at the next start (``clean_stale``). A file that
cannot be used is set aside as ``NAME.bad`` (never deleted). Reading and
checking files is the door's job (``tabletop.validate``).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class TooLarge(OSError):
    """Writing this would make a file the loader refuses; nothing was written."""

    def __init__(self, why: str):
        super().__init__(why)
        self.strerror = why


def write_atomic(path: Path, text: str, max_bytes: int | None = None) -> None:
    path = Path(path)
    data = text.encode("utf-8")
    if max_bytes is not None and len(data) > max_bytes:
        raise TooLarge(f"it would be larger than {max_bytes:,} bytes")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_json(path: Path, data, max_bytes: int | None = None) -> None:
    import json

    write_atomic(path, json.dumps(data, indent=1, sort_keys=True), max_bytes)


def set_aside(path: Path) -> Path:
    """Rename a bad file to NAME.bad (NAME.bad.2, ... if taken) and return the new path."""
    path = Path(path)
    target = path.with_name(path.name + ".bad")
    n = 2
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{path.name}.bad.{n}")
        n += 1
    os.replace(path, target)
    return target


def set_aside_said(path: Path) -> str:
    """Set a bad file aside; the words for a message: "set aside as X.bad" or why it stays."""
    try:
        return f"set aside as {set_aside(path).name}"
    except OSError as e:
        return f"left where it is ({e.strerror or 'the folder cannot be changed'})"


def clean_stale(folder: Path) -> int:
    """Remove temporary files a killed program left in ``folder`` (ours only: ``.*.tmp``)."""
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        if name.startswith(".") and name.endswith(".tmp"):
            try:
                os.unlink(Path(folder) / name)
                removed += 1
            except OSError:
                pass
    return removed
