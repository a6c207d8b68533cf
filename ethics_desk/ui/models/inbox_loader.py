"""The inbox's queries, run off the GUI thread, of which only the newest request's answers count.

Each request of the inbox table (a search the clerk paused in typing) takes a new number; its
jobs — the first page, then the count — run in the application's few inbox worker threads, so a slow
query never holds up the window, and a slow older query never holds up a newer one. A job
whose request is no longer the newest when its turn comes is not run at all (a newer keystroke
cancels it), and the answer of one that was already running is dropped: the list always shows
the last request's rows. The worker threads never touch Qt (a signal emitted from a Python
thread corrupts PySide's reference counts): answers and failures wait in a queue, which a timer
of the GUI thread empties every :data:`POLL_MS` while any job is out.

A :class:`~ethics_desk.core.errors.UserError` (a locked or unreachable database, as
:func:`ethics_desk.storage.database.translate_errors` words it) comes back as itself, for the
status line to show; anything else is a bug, written to the log, and reaches the screen as one
plain message, never a traceback.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from ethics_desk.core.errors import UserError

log = logging.getLogger(__name__)

WORKERS = 2
"""Worker threads: a newer search need not wait for an older, slow one to finish."""

_JOBS: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
_WORKERS: list[threading.Thread] = []
_STARTING = threading.Lock()
_DONE = threading.Lock()
_outstanding = 0
"""Jobs queued or running (guarded by :data:`_DONE`)."""


def _work() -> None:
    global _outstanding
    while True:
        job = _JOBS.get()
        try:
            job()
        finally:
            with _DONE:
                _outstanding -= 1


WAIT_STEP_SECONDS = 0.005
"""How often closing looks again whether the queries under way are done."""


def wait_for_queries(timeout: float) -> bool:
    """Wait until no inbox query is queued or running, at most ``timeout`` seconds; whether
    none is. Called before the database is closed, so that no query is cut off holding a
    connection that would then be dropped unclosed.

    It looks every few milliseconds rather than waiting on a condition with a timeout: a timed
    wait on a lock is measured by the kernel against its own monotonic clock, so under a
    shifted clock (the suite's run with the date years ahead, libfaketime) it never ended."""
    deadline = time.monotonic() + timeout
    while True:
        with _DONE:
            if _outstanding == 0:
                return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(WAIT_STEP_SECONDS)


def _run_in_a_worker(job: Callable[[], None]) -> None:
    """Queue ``job`` for the application's inbox worker threads (started on first need;
    daemons, so that a query under way never holds up closing the application)."""
    global _outstanding
    with _DONE:
        _outstanding += 1
    _JOBS.put(job)
    with _STARTING:
        if len(_WORKERS) < WORKERS:
            worker = threading.Thread(target=_work, name="inbox-query", daemon=True)
            _WORKERS.append(worker)
            worker.start()


QUERY_WAIT_SECONDS = 5.0
"""How long closing the database waits for an inbox query under way (each is short)."""

POLL_MS = 1
"""How often the GUI thread looks for answers while a job is out (a precise timer, so that an
answer waits half a millisecond on average; it costs nothing while no job is out)."""

UNEXPECTED = UserError("The list could not be read: something unexpected went wrong.",
                       "Press F5 to ask the database again; the details are in the log.")
"""What the status line says when a query raised something no message foresaw (a bug)."""


class _Channel:
    """What the worker threads share with the GUI thread: the newest request's number and
    the queue of answers. A plain object: a worker thread never touches a Qt object (reading
    even a Python attribute of one from another thread corrupts PySide's reference counts)."""

    def __init__(self) -> None:
        self.newest = 0
        self.answers: queue.SimpleQueue[tuple[bool, int, str, object]] = queue.SimpleQueue()

    def run(self, request: int, kind: str, job: Callable[[], Any]) -> None:
        """In a worker thread: run ``job`` unless a newer request came; queue what it gave."""
        if request != self.newest:
            self.answers.put((False, request, kind, None))  # cancelled before it started
            return
        try:
            answer: object = job()
            answered = True
        except UserError as error:
            answer, answered = error, False
        except Exception:  # a bug must not take the window down with it: logged, told
            log.exception("an inbox query failed unexpectedly")
            answer, answered = UNEXPECTED, False
        self.answers.put((answered, request, kind, answer))


class InboxLoader(QObject):
    """Runs jobs for numbered requests in worker threads; answers only for the newest.

    :attr:`answered` carries ``(request, kind, answer)`` and :attr:`failed` ``(request, kind,
    error)`` in the GUI thread, each only while ``request`` is still the newest.
    """

    answered = Signal(int, str, object)
    failed = Signal(int, str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._channel = _Channel()
        self._out = 0
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.setTimerType(Qt.TimerType.PreciseTimer)
        self._poll.timeout.connect(self._deliver)
        self.dropped = 0
        """How many jobs were cancelled before they ran or had their answers dropped."""

    @property
    def newest(self) -> int:
        """The number of the newest request."""
        return self._channel.newest

    @property
    def idle(self) -> bool:
        """Whether every job submitted has been answered (or dropped) in the GUI thread."""
        return self._out == 0

    def next_request(self) -> int:
        """A new request's number: every older request's answers are dropped from now on."""
        self._channel.newest += 1
        return self._channel.newest

    def submit(self, request: int, kind: str, job: Callable[[], Any]) -> None:
        """Run ``job`` in a worker thread for ``request``; its answer comes back as ``kind``."""
        self._out += 1
        if not self._poll.isActive():
            self._poll.start()
        channel = self._channel
        _run_in_a_worker(lambda: channel.run(request, kind, job))

    def _deliver(self) -> None:
        """In the GUI thread: hand on what arrived, the newest request's only."""
        while True:
            try:
                answered, request, kind, payload = self._channel.answers.get_nowait()
            except queue.Empty:
                return
            self._out -= 1
            if not self._out:
                self._poll.stop()
            if request != self._channel.newest:  # a newer request came: this one is dropped
                self.dropped += 1
                continue
            (self.answered if answered else self.failed).emit(request, kind, payload)
