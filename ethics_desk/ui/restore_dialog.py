"""File → Restore a backup…: an Administrator chooses a backup, sees what it holds, and puts it
in place of the database.

What the backup holds and whether it verifies is
:func:`ethics_desk.maintenance.restore.describe_backup`, shown as the command line shows it; the
restore is :func:`ethics_desk.maintenance.restore.restore_backup` (the database as it was kept
beside it, the backup written in through SQLite, every check, one audit record). Both run off
the GUI thread behind a progress dialog. Before the restore the main window lets go of the
database (its case windows and the intake are closed, its connections disposed: the restore
takes the file's exclusive lock); after it, Ethics Desk closes, so that nothing goes on with
sessions, screens or a signed-in account read from the database that was replaced — starting
it again opens the restored database, and whoever signs in is one of its accounts.

Nothing here writes a row: the description shown is recorded as a read (never waiting, queued
while another desk writes), and the restore's record is the domain's, in its own transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QProgressDialog,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.models.inbox_loader import QUERY_WAIT_SECONDS, wait_for_queries
from ethics_desk.ui.sizing import fit_to_screen

if TYPE_CHECKING:
    from ethics_desk.maintenance.backup_description import BackupDescription
    from ethics_desk.maintenance.restore import RestoreReport
    from ethics_desk.ui.context import AppContext


Told = Callable[[str], None]
"""Told the step of the work that runs now ("verifying the restored records")."""


class Job(QObject):
    """One piece of long work, run in a thread of its own: ``step`` as each of its steps
    starts, then ``done`` with its result, or ``failed`` with what it raised — a
    :class:`UserError`, or a bug, which is raised again on the GUI thread (its crash dialog
    and log) rather than lost in the worker's."""

    step = Signal(str)
    done = Signal(object)
    failed = Signal(object)

    def __init__(self, work: Callable[[Told], object]) -> None:
        super().__init__()
        self.work = work

    @Slot()
    def run(self) -> None:
        """Do the work, telling its steps; say how it ended."""
        try:
            result = self.work(self.step.emit)
        except Exception as error:  # handed to the GUI thread, raised there if a bug
            self.failed.emit(error)
            return
        self.done.emit(result)


class Background(QObject):
    """Runs a :class:`Job` in its :attr:`worker_thread` behind a progress dialog without a
    Cancel (a restore is not stopped half-way) that names the step under way, then calls back
    on the GUI thread."""

    def __init__(self, parent: QWidget, label: str, work: Callable[[Told], object],
                 done: Callable[[object], None], failed: Callable[[UserError], None]) -> None:
        super().__init__(parent)
        self.job = Job(work)
        self.worker_thread = QThread(self)
        self.job.moveToThread(self.worker_thread)
        self.progress = QProgressDialog(label, "", 0, 0, parent)
        self.progress.setObjectName("restoreProgress")
        self.progress.setWindowTitle("Ethics Desk — restore")
        self.progress.setAccessibleName(label)
        self.progress.setCancelButton(None)  # Qt's way to have none
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(0)
        self._done, self._failed = done, failed
        self.label = label
        self.steps: list[str] = []
        self.job.step.connect(self._step)
        self.worker_thread.started.connect(self.job.run)
        self.job.done.connect(self._finish_done)
        self.job.failed.connect(self._finish_failed)

    def _step(self, step: str) -> None:
        self.steps.append(step)
        self.progress.setLabelText(f"{self.label}\n\nNow: {step}…")

    def start(self) -> None:
        """Begin the work in the background."""
        self.progress.show()
        self.worker_thread.start()

    @property
    def running(self) -> bool:
        """Whether the work is still going on."""
        return self.worker_thread.isRunning()

    def _stop(self) -> None:
        self.worker_thread.quit()
        self.worker_thread.wait()
        self.progress.reset()
        self.progress.hide()

    def _finish_done(self, result: object) -> None:
        self._stop()
        self._done(result)

    def _finish_failed(self, error: object) -> None:
        self._stop()
        if not isinstance(error, UserError):
            assert isinstance(error, BaseException)
            raise error  # a bug: the crash dialog and the log, on the GUI thread
        self._failed(error)


class RestoreDialog(QDialog):
    """Choose a backup file, see what it holds, restore it (an Administrator's act).

    :attr:`restoring` is emitted just before the restore begins, for the main window to let go
    of the database; :attr:`report` is the restore's, once it is done (the dialog is then
    accepted, and Ethics Desk closes).
    """

    restoring = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        from ethics_desk.storage.addresses import sqlite_path

        super().__init__(parent)
        self.context = context
        self.target: Path | None = sqlite_path(context.database.url)
        self.description: BackupDescription | None = None
        self.report: RestoreReport | None = None
        self.background: Background | None = None
        self.setObjectName("restoreDialog")
        self.setWindowTitle("Ethics Desk — restore a backup")
        layout = QVBoxLayout(self)
        intro = QLabel(
            f"Put a backup in place of the database {context.description}. The database as it "
            "is now is kept beside it first, the backup must pass every check, and the restore "
            "is recorded in the audit trail. Ethics Desk then closes: start it again to work "
            "in the restored database. Close Ethics Desk on every other window or computer "
            "that has this file open first.", self)
        intro.setWordWrap(True)
        intro.setObjectName("restoreIntro")
        layout.addWidget(intro)
        row = QHBoxLayout()
        label = QLabel("Backup &file:", self)
        self.path = QLineEdit(self)
        self.path.setObjectName("restorePath")
        self.path.setPlaceholderText("a .sqlite file made by a backup")
        buddy(label, self.path)
        self.choose_button = QPushButton("&Choose…", self)
        self.choose_button.setObjectName("restoreChoose")
        self.choose_button.setAccessibleName("Choose the backup file")
        self.look_button = QPushButton("&Show what it holds", self)
        self.look_button.setObjectName("restoreLook")
        row.addWidget(label)
        row.addWidget(self.path, 1)
        row.addWidget(self.choose_button)
        row.addWidget(self.look_button)
        layout.addLayout(row)
        held = QLabel("&What the backup holds:", self)
        self.held = QPlainTextEdit(self)
        self.held.setObjectName("restoreDescription")
        self.held.setReadOnly(True)
        self.held.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        buddy(held, self.held)
        layout.addWidget(held)
        layout.addWidget(self.held, 1)
        self.message = StatusLine(self, urgent=True)
        self.message.setObjectName("restoreMessage")
        self.message.setAccessibleName("Restore message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.restore_button = QPushButton("&Restore this backup", self)
        self.restore_button.setObjectName("restoreRun")
        self.restore_button.setEnabled(False)
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.choose_button.clicked.connect(self.choose)
        self.look_button.clicked.connect(self.look)
        self.path.returnPressed.connect(self.look)
        self.path.textEdited.connect(self._forget)
        self.restore_button.clicked.connect(self.restore)
        if self.target is None:  # a database server
            from ethics_desk.maintenance.restore import SERVER_REFUSAL

            self.message.setText(f"{SERVER_REFUSAL.problem} {SERVER_REFUSAL.fix}")
            for widget in (self.path, self.choose_button, self.look_button):
                widget.setEnabled(False)
        give_alt_keys(self)  # Close too
        fit_to_screen(self, 860, 600)

    def first_field(self) -> QWidget:
        """Where the cursor goes first: the backup file's path."""
        return self.path

    # -- choosing and looking ----------------------------------------------------------------

    def choose(self) -> None:
        """Choose the backup file in the system's file dialog, then show what it holds."""
        start = str(self.target.parent) if self.target is not None else ""
        name, _ = QFileDialog.getOpenFileName(self, "Choose the backup to restore", start,
                                              "Ethics Desk backups (*.sqlite);;All files (*)")
        if name:
            self.path.setText(name)
            self.look()

    def _forget(self) -> None:
        """The path changed: what was shown was of another file."""
        self.description = None
        self.restore_button.setEnabled(False)

    def look(self) -> None:
        """Read what the backup holds (off the GUI thread) and show it."""
        from ethics_desk.maintenance.backup_description import describe_backup

        text = self.path.text().strip()
        self._forget()
        if not text:
            self.message.setText("Choose the backup file first (Choose…), or type its path.")
            return
        self.held.setPlainText("")
        self.message.setText("")
        self._run("Reading the backup and checking it…",
                  lambda told: describe_backup(text, progress=told),
                  self._shown)

    def _shown(self, result: object) -> None:
        from ethics_desk.maintenance.backup_description import BackupDescription

        assert isinstance(result, BackupDescription)
        if attempt(self, lambda: self._on_record(result)) is FAILED:
            return
        self.description = result
        self.held.setPlainText("\n".join(result.lines()))
        refusal: UserError | None = result.refusal()
        if refusal is None and self.target is not None and result.path == self.target.resolve():
            refusal = UserError(f"{result.path} is the database itself; it cannot be restored "
                                "over itself.", "Choose a backup file.")
        if refusal is not None:
            self.message.setText(f"{refusal.problem} {refusal.fix}")
            return
        self.message.setText("This backup verifies: “Restore this backup” puts it in place "
                             "of the database.")
        self.restore_button.setEnabled(True)

    def _on_record(self, description: BackupDescription) -> None:
        """The description shown is a read on record in the database it would replace
        (:data:`ethics_desk.maintenance.restore.DESCRIBED`), written or queued, never waiting."""
        from ethics_desk.maintenance.backup_description import DESCRIBED
        from ethics_desk.storage import queued_records

        queued_records.record(self.context.database, [queued_records.Pending(
            self.context.now(), self.context.actor, DESCRIBED,
            f"Looked at what the backup {description.path.name} holds, to restore it",
            detail={"file": str(description.path)})])

    # -- restoring ---------------------------------------------------------------------------

    def restore(self) -> None:
        """Ask, let go of the database, and restore the backup shown (off the GUI thread)."""
        from ethics_desk.core.permissions import Act, who_may
        from ethics_desk.maintenance.restore import restore_backup

        description, target = self.description, self.target
        if description is None or target is None:
            return
        if not self.context.may(Act.BACKUP_AND_CHECK):
            self.message.setText(f"Restoring a backup is for: {who_may(Act.BACKUP_AND_CHECK)}. "
                                 f"You are signed in as {self.context.actor}.")
            return
        asked = QMessageBox.question(
            self, "Ethics Desk — restore this backup?",
            f"Restore this backup over {target}?\n\n{description.path.name}: "
            f"{description.cases} case(s), {description.audit_records} audit record(s). The "
            "database as it is now is kept beside it; Ethics Desk closes afterwards.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        if asked != QMessageBox.StandardButton.Yes:
            return
        self.restoring.emit()
        wait_for_queries(QUERY_WAIT_SECONDS)  # no inbox read left holding a connection
        self.context.database.dispose()  # the restore takes the file's exclusive lock
        clock, actor, source = self.context.clock, self.context.actor, description.path
        self._run("Restoring the backup: keeping the database as it was, writing the backup "
                  "in, checking it…",
                  lambda told: restore_backup(source, target, clock=clock, actor=actor,
                                              progress=told),
                  self._restored)

    def _restored(self, result: object) -> None:
        from ethics_desk.maintenance.restore import RestoreReport

        assert isinstance(result, RestoreReport)
        self.report = result
        lines = result.lines()
        self.message.setText(lines[0])
        QMessageBox.information(self, "Ethics Desk — the backup was restored",
                                "\n\n".join(lines) + "\n\nEthics Desk closes now; start it "
                                "again to work in the restored database.")
        self.accept()

    def _run(self, label: str, work: Callable[[Told], object],
             done: Callable[[object], None]) -> None:
        for widget in (self.path, self.choose_button, self.look_button, self.restore_button):
            widget.setEnabled(False)

        def finished(result: object) -> None:
            self._idle()
            done(result)

        def failed(error: UserError) -> None:
            self._idle()
            self.message.setText(f"{error.problem} {error.fix}".strip())

        self.background = Background(self, label, work, finished, failed)
        self.background.start()

    def _idle(self) -> None:
        for widget in (self.path, self.choose_button, self.look_button):
            widget.setEnabled(True)
        self.path.setFocus(Qt.FocusReason.OtherFocusReason)

    def reject(self) -> None:
        """Close — but not while the backup is being read or restored (it is not stopped
        half-way)."""
        if self.busy:
            return
        super().reject()

    @property
    def busy(self) -> bool:
        """Whether reading or restoring is going on."""
        return self.background is not None and self.background.running
