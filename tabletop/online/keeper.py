"""The online server's writer thread (``Keeper``): files are written there in the order asked, never on
the network's loop, so a slow disk holds up no room. No pygame here.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

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
