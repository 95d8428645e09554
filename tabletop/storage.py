"""Writing the player's files safely, and setting bad ones aside.

- Whole files are written atomically (a temporary file ``.NAME.PID.*.tmp`` in
  the same folder, then a rename), so a crash never leaves half a file.
  Start-up cleanup (``clean_stale``) removes only temporary files whose
  program is gone (its process id is no longer running) or that are older
  than ``STALE_S``: another program's write in progress is never touched.
- A ``Journal`` is a file this program appends lines to (a kept game's moves,
  see docs/records.md). Each line is written with one ``write`` as it comes,
  so a killed program loses at most the line being written; the ``fsync``
  that makes it survive a power cut runs on a background thread, off the
  frame. An open journal is locked by the operating system (``fcntl.flock``,
  or ``msvcrt.locking`` on Windows): a second program cannot open it, and the
  lock dies with the program that held it, so a crash never leaves a game
  locked.
- A file that cannot be used is set aside as ``NAME.bad`` (never deleted).

Reading and checking files is the door's job (``tabletop.validate``).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import stat
import sys
import tempfile
import threading
import time
from pathlib import Path

from tabletop.core.i18n import words

_, ngettext = words(__name__)

SYNC_EVERY_S = 0.1  # at most this often a journal is fsynced (a real-time game appends every frame)
STALE_S = 600  # a temporary file this old is stale whoever made it (a write takes milliseconds)


class TooLarge(OSError):
    """Writing this would make a file the loader refuses; nothing was written."""

    def __init__(self, why: str):
        super().__init__(why)
        self.strerror = why


class InUse(OSError):
    """Another program has this file open (its journal is locked)."""

    def __init__(self, why: str):
        super().__init__(why)
        self.strerror = why


def write_atomic(path: Path, text: str, max_bytes: int | None = None) -> None:
    path = Path(path)
    data = text.encode("utf-8")
    if max_bytes is not None and len(data) > max_bytes:
        raise TooLarge(_("it would be larger than {n} bytes").format(n=f"{max_bytes:,}"))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = temp_file(path)
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


def temp_file(path: Path) -> tuple[int, str]:
    """A new temporary file beside ``path``, named after this program's process id (``clean_stale``)."""
    return tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)


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
        return _("set aside as {file}").format(file=set_aside(path).name)
    except OSError as e:
        return _("left where it is ({why})").format(why=e.strerror or _("the folder cannot be changed"))


def _running(pid: int) -> bool:
    """Whether a process with this id runs now (True when it cannot be told: Windows)."""
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return True  # os.kill would end it on Windows; such files go by their age alone
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: it runs
        return True
    return True


def _stale(folder: Path, name: str, now: float) -> bool:
    """A temporary file of ours (``.NAME.PID.*.tmp``) whose program is gone or that is old."""
    if not (name.startswith(".") and name.endswith(".tmp")):
        return False
    parts = name[1:-4].rsplit(".", 2)
    if len(parts) < 3 or not parts[1].isdigit():
        return True  # an earlier version's name, without a process id
    if not _running(int(parts[1])):
        return True
    try:
        return now - (folder / name).lstat().st_mtime > STALE_S
    except OSError:
        return False


def clean_stale(folder: Path) -> int:
    """Remove temporary files a killed program left in ``folder`` (ours only, never a live program's)."""
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    now = time.time()
    for name in names:
        if _stale(Path(folder), name, now):
            try:
                os.unlink(Path(folder) / name)
                removed += 1
            except OSError:
                pass
    return removed


# -- journals: append-only, locked while open ------------------------------------------------

_OPEN = os.O_RDWR | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
_FLAGS = _OPEN | os.O_CREAT | os.O_APPEND
_LOCK_AT = 2**30  # Windows locks are mandatory: the byte locked lies far past anything written


def _lock(fd: int, unlock: bool = False) -> bool:
    """Lock an open file for this program, without waiting (False if another program holds
    it), or with ``unlock`` let it go."""
    try:
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, _LOCK_AT, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK if unlock else msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN if unlock else fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


_held: dict[str, Journal] = {}  # journals this program has open, by path
_held_lock = threading.Lock()


def in_use(path: Path) -> bool:
    """Whether another program has the journal at ``path`` open (never creates the file)."""
    path = Path(path)
    with _held_lock:
        if str(path) in _held:
            return False
    try:
        if not stat.S_ISREG(path.lstat().st_mode):
            return False
        fd = os.open(path, _OPEN | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        if not _lock(fd):
            return True
        _lock(fd, unlock=True)
        return False
    finally:
        os.close(fd)


class Journal:
    """A file this program appends lines to, locked while it is open (raises InUse if another
    program has it). ``append`` writes at once; ``fsync`` follows on the syncing thread."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.size = 0
        self.error: OSError | None = None  # a failed fsync, raised by the next append
        self._io = threading.Lock()  # the fd is written, synced, cut and closed one at a time
        with _held_lock:
            before = _held.get(str(self.path))
        if before is not None:  # a game this program opened before and left open
            before.close()
        self.fd = os.open(self.path, _FLAGS | getattr(os, "O_NONBLOCK", 0), 0o644)
        if not stat.S_ISREG(os.fstat(self.fd).st_mode):
            os.close(self.fd)
            raise OSError(f"{self.path.name} is not a regular file")
        if not _lock(self.fd):
            os.close(self.fd)
            raise InUse("it is open in another tabletop window")
        try:
            st = os.fstat(self.fd)
            if os.name == "posix" and st.st_nlink == 0:  # removed by its owner while we waited
                raise InUse("it is no longer kept")
            self.size = st.st_size
        except BaseException:
            self.close()
            raise
        with _held_lock:
            _held[str(self.path)] = self

    def append(self, text: str) -> None:
        """Add ``text`` (whole lines) to the end of the file with one write; fsync comes later."""
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        data = text.encode("utf-8")
        with self._io:
            if self.fd < 0:
                raise OSError("the game's journal is closed")
            view = memoryview(data)
            while view:
                view = view[os.write(self.fd, view) :]
        self.size += len(data)
        _syncer.want(self)

    def cut(self) -> None:
        """Empty the file (its lines are now in the whole record written beside it)."""
        with self._io:
            os.ftruncate(self.fd, 0)
            os.fsync(self.fd)
        self.size = 0

    def sync(self) -> None:
        with self._io:
            if self.fd >= 0:
                try:
                    os.fsync(self.fd)
                except OSError as e:
                    self.error = e

    def close(self) -> None:
        """Sync, unlock and close (again: nothing)."""
        _syncer.forget(self)
        with self._io:
            if self.fd < 0:
                return
            try:
                os.fsync(self.fd)
            except OSError:
                pass
            _lock(self.fd, unlock=True)
            os.close(self.fd)
            self.fd = -1
        with _held_lock:
            if _held.get(str(self.path)) is self:
                del _held[str(self.path)]


class _Syncer:
    """One background thread that fsyncs the journals appended to."""

    def __init__(self):
        self.cond = threading.Condition()
        self.dirty: list[Journal] = []
        self.thread: threading.Thread | None = None

    def want(self, journal: Journal) -> None:
        with self.cond:
            if journal not in self.dirty:
                self.dirty.append(journal)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self.run, name="tabletop-fsync", daemon=True)
                self.thread.start()
            self.cond.notify()

    def forget(self, journal: Journal) -> None:
        with self.cond:
            if journal in self.dirty:
                self.dirty.remove(journal)

    def run(self) -> None:
        while True:
            with self.cond:
                while not self.dirty:
                    self.cond.wait()
                journals, self.dirty = self.dirty, []
            for journal in journals:
                journal.sync()
            time.sleep(SYNC_EVERY_S)  # moves made meanwhile share the next fsync


_syncer = _Syncer()


@atexit.register
def close_all() -> None:
    """Every open journal synced and closed (the program is ending)."""
    with _held_lock:
        journals = list(_held.values())
    for journal in journals:
        journal.close()


@contextlib.contextmanager
def held(lock_path: Path, wait_s: float = 2.0):
    """This program alone, among those that hold ``lock_path`` too, for a read-then-write of a
    file they share. Waits at most ``wait_s`` (then goes on: a lock never hangs the program)."""
    try:
        fd = os.open(lock_path, _OPEN | os.O_CREAT, 0o644)
    except OSError:
        fd = -1
    got = False
    if fd >= 0:
        deadline = time.monotonic() + wait_s
        while not (got := _lock(fd)) and time.monotonic() < deadline:
            time.sleep(0.02)
    try:
        yield
    finally:
        if fd >= 0:
            if got:
                _lock(fd, unlock=True)
            os.close(fd)
