"""Reading and writing the player's files safely.

Writes are atomic (a temporary file in the same folder, then a rename), so a
crash never leaves half a file. A file that cannot be read is set aside as
``NAME.bad`` (never deleted) and the caller gets a one-line message.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

MAX_BYTES = 5_000_000


class BadFile(ValueError):
    pass


def write_atomic(path: Path, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_json(path: Path, data) -> None:
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True))


def read_json(path: Path):
    """The parsed JSON of ``path``; raises BadFile with a one-line reason."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise BadFile(f"{path.name}: too large ({size} bytes)")
        raw = path.read_bytes()
    except OSError as e:
        raise BadFile(f"{path.name}: cannot be read ({e.strerror})") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadFile(f"{path.name}: not UTF-8 text") from None
    except RecursionError:
        raise BadFile(f"{path.name}: nested too deeply") from None
    except json.JSONDecodeError as e:
        raise BadFile(f"{path.name}: not valid JSON ({e.msg}, line {e.lineno})") from None


def set_aside(path: Path) -> Path:
    """Rename a bad file to NAME.bad (NAME.bad.2, ... if taken) and return the new path."""
    path = Path(path)
    target = path.with_name(path.name + ".bad")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.bad.{n}")
        n += 1
    os.replace(path, target)
    return target
