"""The inbox's queries, run off the GUI thread, of which only the newest request's answers count.

Each request of the inbox table (a search the clerk paused in typing) takes a new number; its
jobs — the first page, then the count — run in the application's few inbox worker threads, so a slow
query never holds up the window, and a slow older query never holds up a newer one. A job
whose request is no longer the newest when its turn comes is not run at all (a newer keystroke
cancels it), and the answer of one that was already running is dropped: the list always shows
the last request's rows. Answers and failures reach the GUI thread through queued signals.

A :class:`~ethics_desk.core.errors.UserError` (a locked or unreachable database, as
:func:`ethics_desk.storage.database.translate_errors` words it) comes back as itself, for the
status line to show; anything else is a bug, written to the log, and reaches the screen as one
plain message, never a traceback.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from ethics_desk.core.errors import UserError

log = logging.getLogger(__name__)

WORKERS = 2
"""Worker threads: a newer search need not wait for an older, slow one to finish."""

_JOBS: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
_WORKERS: list[threading.Thread] = []
_STARTING = threading.Lock()


def _work() -> None:
    while True:
        _JOBS.get()()


def _run_in_a_worker(job: Callable[[], None]) -> None:
    """Queue ``job`` for the application's inbox worker threads (started on first need;
    daemons, so that a query under way never holds up closing the application)."""
    _JOBS.put(job)
    with _STARTING:
        if len(_WORKERS) < WORKERS:
            worker = threading.Thread(target=_work, name="inbox-query", daemon=True)
            _WORKERS.append(worker)
            worker.start()


UNEXPECTED = UserError("The list could not be read: something unexpected went wrong.",
                       "Press F5 to ask the database again; the details are in the log.")
"""What the status line says when a query raised something no message foresaw (a bug)."""


class InboxLoader(QObject):
    """Runs jobs for numbered requests in worker threads; answers only for the newest.

    :attr:`answered` carries ``(request, kind, answer)`` and :attr:`failed` ``(request, kind,
    error)`` to the thread the loader lives in (the GUI thread), each only while ``request`` is
    still the newest.
    """

    answered = Signal(int, str, object)
    failed = Signal(int, str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._newest = 0
        self.dropped = 0
        """How many jobs were cancelled before they ran or had their answers dropped."""

    @property
    def newest(self) -> int:
        """The number of the newest request."""
        return self._newest

    def next_request(self) -> int:
        """A new request's number: every older request's answers are dropped from now on."""
        self._newest += 1
        return self._newest

    def submit(self, request: int, kind: str, job: Callable[[], Any]) -> None:
        """Run ``job`` in a worker thread for ``request``; its answer comes back as ``kind``."""
        _run_in_a_worker(lambda: self._run(request, kind, job))

    def _run(self, request: int, kind: str, job: Callable[[], Any]) -> None:
        if request != self._newest:
            self.dropped += 1
            return  # cancelled: a newer request came before this one started
        try:
            answer = job()
        except UserError as error:
            self._emit(self.failed, request, kind, error)
            return
        except Exception:  # a bug must not take the window down with it: logged, told
            log.exception("an inbox query failed unexpectedly")
            self._emit(self.failed, request, kind, UNEXPECTED)
            return
        self._emit(self.answered, request, kind, answer)

    def _emit(self, signal: Any, request: int, kind: str, payload: object) -> None:
        if request != self._newest:
            self.dropped += 1
            return  # a newer request came while this one ran: its answer is dropped
        try:
            signal.emit(request, kind, payload)
        except RuntimeError:  # the screen was closed while the query ran
            log.debug("an inbox answer came after its screen was closed")
