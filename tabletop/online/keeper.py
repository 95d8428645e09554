"""What the online server keeps on disk, off the network's loop: the writer thread (``Keeper``), where
files are written in the order asked, so a slow disk holds up no room, and a hosted room's game kept as
a local game is (``KeptGame``). No pygame here.
"""

from __future__ import annotations

import copy
import dataclasses
import logging
import queue
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.core.registry import GameSpec
from tabletop.session import Session

from . import hosted

log = logging.getLogger("tabletop.online")


class Keeper:
    """Writes files on one thread of its own, in the order asked, so the network loop never waits for
    a disk. Each job is a function; a failing job is logged and the next one runs."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.thread: threading.Thread | None = None

    def put(self, job: Callable[[], object]) -> None:
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="tabletop-keeper", daemon=True)
            self.thread.start()
        self.jobs.put(job)

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            try:
                job()
            except Exception:
                log.exception("while writing a room's game")

    def close(self, timeout: float = 5.0) -> None:
        """Finish the writes asked for (at most ``timeout`` seconds) and stop the thread."""
        if self.thread is not None:
            self.jobs.put(None)
            self.thread.join(timeout)
            self.thread = None


class KeptGame:
    """A room's game kept as a local game is (a game hosted from the launcher: ``Server(autosave=True)``).
    A copy of the room's game (``mirror``) belongs to the writer thread, which applies each change in the
    order asked and saves it; changes that pile up while a save is written are saved together. The
    network's loop only asks (``keep``), and never waits."""

    def __init__(self, keeper: Keeper, kept_file: Path | None) -> None:
        self.keeper = keeper
        self.kept_file = kept_file  # the kept game's file (a hosted room's file lies beside it)
        self.unsaved: deque[Callable[[Any], object]] = deque()
        self.save_asked = False
        self.mirror: Session | None = None

    def start(self, spec: GameSpec, session: Session, room: hosted.HostedRoom | None) -> None:
        """Keep ``session`` from now on (in its kept file when it has one, else in a new one), and
        ``room`` beside it: so Continue can host it again."""
        record = copy.deepcopy(session.record)  # now, on the loop: later changes come as changes
        seats = [dataclasses.replace(seat) for seat in session.seats]
        options, seed, setup = session.options, session.seed, session.setup

        def mirror(_none: None) -> None:
            if self.kept_file is not None:  # the kept game goes on in its own file
                self.mirror = Session.from_record(spec, record, path=self.kept_file)
            else:
                self.mirror = Session.new(spec, seats, options, seed=seed, setup=setup, autosave=True)
                self.kept_file = self.mirror.save_path
            if room is not None and self.kept_file is not None:
                hosted.keep(self.kept_file, room)

        self.keep(mirror)

    def keep(self, change: Callable[[Any], object]) -> None:
        """Ask the writer thread to apply ``change(mirror)`` (the kept Session, or None before there is
        one) and save."""
        self.unsaved.append(change)
        if not self.save_asked:
            self.save_asked = True
            self.keeper.put(self._save)

    def _save(self) -> None:
        self.save_asked = False
        changes = []
        while self.unsaved:
            changes.append(self.unsaved.popleft())
        for change in changes:
            change(self.mirror)
        if self.mirror is not None and changes:
            self.mirror.save()
            if self.mirror.outcome() is not None and self.kept_file is not None:
                hosted.forget(self.kept_file)  # finished: nothing to host again

    def close(self) -> None:
        """After the writes asked for: the kept game's journal is synced and unlocked (Continue can open it)."""
        self.keep(lambda m: m.close() if m is not None else None)
