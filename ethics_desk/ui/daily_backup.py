"""The day's automatic backup, taken off the GUI thread so that the window opens at once.

The work is the domain's (:func:`ethics_desk.maintenance.auto_backup.daily_backup`: the copy,
its verification, the rotation, the office's record with its audit entry); this module only
runs it in a thread of its own and hands the status bar's line back to the GUI thread. A copy
that fails, and even a bug in taking it, never stops the desk: it is logged and shown on the
status bar. Closing the window (Quit, signing out) stops a copy under way within moments rather
than waiting seconds for it: nothing half-made is kept or recorded, and the next start of the
day takes it (:class:`ethics_desk.maintenance.backup.BackupStopped`).
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from ethics_desk.core.clock import Clock

if TYPE_CHECKING:
    from ethics_desk.storage.database import Database

log = logging.getLogger(__name__)

UNEXPECTED = ("The last backup failed: something unexpected went wrong while taking it. The "
              "details are in the log; please send it to IT. The records themselves are safe.")
"""The status bar's line when taking the copy raised something no message foresaw (a bug)."""


class DailyBackupWorker(QObject):
    """Takes the day's copy if it is due and words the status bar's line (in its own thread)."""

    done = Signal(str)  # the status bar's line; "" when all is well

    def __init__(self, database: Database, *, actor: str, clock: Clock,
                 remind_of_the_sheet: bool = False) -> None:
        super().__init__()
        self.stop = threading.Event()
        """Set to stop a copy under way (:meth:`DailyBackup.stop`)."""
        self.database = database
        self.actor = actor
        self.clock = clock
        self.remind_of_the_sheet = remind_of_the_sheet
        """Whether the line also says that the recovery sheet was never made (for an
        Administrator, who can make it)."""

    @Slot()
    def run(self) -> None:
        """Take the copy (when due), then emit the line the status bar shows now."""
        from ethics_desk.maintenance.auto_backup import daily_backup, desk_status

        try:
            taken = daily_backup(self.database, actor=self.actor, clock=self.clock,
                                 stop=self.stop)
            line = desk_status(self.database, clock=self.clock, taken=taken) or ""
        except Exception:  # a bug in the backup must not stop the desk: logged, shown
            log.exception("the automatic daily backup failed unexpectedly")
            line = UNEXPECTED
        self.done.emit(" ".join(part for part in (line, self._sheet_line()) if part))

    def _sheet_line(self) -> str:
        """The recovery sheet's reminder, or "" (made, not asked for, or unreadable)."""
        from ethics_desk.core.errors import UserError
        from ethics_desk.storage.recovery_sheet import WINDOW_REMINDER, sheet_missing_for

        if not self.remind_of_the_sheet:
            return ""
        try:
            return WINDOW_REMINDER if sheet_missing_for(self.database) is not None else ""
        except UserError:
            return ""


class DailyBackup(QObject):
    """Runs one :class:`DailyBackupWorker` in a :class:`QThread`; :attr:`done` carries its line
    to the GUI thread. :meth:`wait` (at close) lets a copy under way finish first."""

    done = Signal(str)

    def __init__(self, database: Database, *, actor: str, clock: Clock,
                 parent: QObject | None = None, remind_of_the_sheet: bool = False) -> None:
        super().__init__(parent)
        self.worker = DailyBackupWorker(database, actor=actor, clock=clock,
                                        remind_of_the_sheet=remind_of_the_sheet)
        self.worker_thread = QThread(self)
        self.worker.moveToThread(self.worker_thread)
        self.worker_thread.started.connect(self.worker.run)
        self.worker.done.connect(self._finished)
        # The thread ends as soon as the work is done, without waiting for the GUI thread.
        self.worker.done.connect(self.worker_thread.quit, Qt.ConnectionType.DirectConnection)

    @property
    def running(self) -> bool:
        """Whether the copy is still being taken."""
        return self.worker_thread.isRunning()

    def start(self) -> None:
        """Begin in the background."""
        self.worker_thread.start()

    def wait(self) -> None:
        """Block until the thread has ended (a copy under way is finished, never cut off)."""
        if self.worker_thread.isRunning():
            self.worker_thread.quit()
        self.worker_thread.wait()

    def stop(self) -> None:
        """Stop a copy under way and wait for the thread to end (moments: the copy's reads are
        interrupted, nothing of it is kept; the next start of the day takes it)."""
        self.worker.stop.set()
        self.wait()

    def _finished(self, line: str) -> None:
        self.done.emit(line)
