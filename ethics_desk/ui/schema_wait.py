"""Waiting for IT's upgrade: a workstation that finds the office's server not yet set up, or at
an older schema, says so and checks again by itself until IT has run ``ethics-desk server
setup``; then it opens, without the clerk starting it again.

Only the setup command creates or upgrades a shared database
(:class:`~ethics_desk.maintenance.server.SchemaNotReady`); the workstation never does. The check is
the application's own opening (``try_open``), run on the interface's thread every
:data:`CHECK_EVERY_SECONDS` seconds and at once on "Check now": on a set-up server it takes a
moment, and a server that cannot be reached answers at once too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.office_time import stamp
from ethics_desk.ui.accessibility import announce, spoken
from ethics_desk.ui.office_display import office_time_zone
from ethics_desk.ui.sizing import fit_to_screen

if TYPE_CHECKING:
    from ethics_desk.storage.database import Database

CHECK_EVERY_SECONDS = 15
"""How often the waiting workstation checks whether IT's setup has finished."""


def waiting_line(seconds: int = CHECK_EVERY_SECONDS) -> str:
    """What the dialog says it is doing."""
    return (f"Ethics Desk checks again every {seconds} seconds and opens by itself when IT has "
            "finished. You can also check now, or quit and start it later.")


class SchemaWaitDialog(QDialog):
    """The problem and its fix, a line saying that Ethics Desk checks again by itself, when it
    last checked, and two buttons: Check now and Quit (Esc). Accepted once ``try_open``
    opens the database, which :attr:`database` then holds."""

    def __init__(self, problem: StorageError, try_open: Callable[[], Database], *,
                 clock: Clock, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("schemaWaitDialog")
        self.setWindowTitle("Ethics Desk — waiting for IT to set up the database")
        self.try_open = try_open
        self.clock = clock
        self.database: Database | None = None
        self.problem = QLabel(self)
        self.problem.setObjectName("schemaWaitProblem")
        self.fix = QLabel(self)
        self.fix.setObjectName("schemaWaitFix")
        self.waiting = QLabel(waiting_line(), self)
        self.waiting.setObjectName("schemaWaitWaiting")
        self.last_check = QLabel("", self)  # not announced: it changes at every check
        self.last_check.setObjectName("schemaWaitLastCheck")
        for label in (self.problem, self.fix, self.waiting, self.last_check):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.problem.font()
        font.setBold(True)
        self.problem.setFont(font)

        self.check_button = QPushButton("&Check now", self)
        self.check_button.setObjectName("schemaWaitCheckNow")
        self.check_button.setAccessibleName("Check now")
        self.check_button.setAccessibleDescription("Check at once whether IT has finished")
        self.check_button.setDefault(True)
        self.check_button.clicked.connect(self.check_now)
        self.quit_button = QPushButton("&Quit", self)
        self.quit_button.setObjectName("schemaWaitQuit")
        self.quit_button.setAccessibleName("Quit")
        self.quit_button.setAccessibleDescription("Stop waiting and close Ethics Desk")
        self.quit_button.clicked.connect(self.reject)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.quit_button)
        layout = QVBoxLayout(self)
        for label in (self.problem, self.fix, self.waiting, self.last_check):
            layout.addWidget(label)
        layout.addStretch(1)
        layout.addLayout(buttons)
        fit_to_screen(self, 620, 340)

        self.timer = QTimer(self)
        self.timer.setInterval(int(CHECK_EVERY_SECONDS * 1000))
        self.timer.timeout.connect(self.check)
        self.problem.setText(problem.problem)  # read out with the dialog as it opens
        self.fix.setText(problem.fix)
        self.timer.start()

    def show_problem(self, problem: UserError) -> None:
        """Show ``problem`` and its fix (the last one found); a new one is announced."""
        if (problem.problem, problem.fix) == (self.problem.text(), self.fix.text()):
            return
        self.problem.setText(problem.problem)
        self.fix.setText(problem.fix)
        announce(self, spoken(f"{problem.problem} {problem.fix}"), urgent=True)

    def check_now(self) -> None:
        """Check at once (the button), and say the outcome even when it has not changed."""
        self.check()
        if self.database is None and self.timer.isActive():
            announce(self, f"Not ready yet. {self.last_check.text()}")
            self.timer.start()  # the next check a full interval from now

    def check(self) -> None:
        """Try to open the database: accepted when it opens; otherwise the problem found is
        shown and, when it is the database's (not set up yet, server unreachable), waited
        out. Any other problem stops the waiting: quitting is what is left."""
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            database = self.try_open()
        except StorageError as error:
            self._checked()
            self.show_problem(error)
            return
        except UserError as error:
            self._checked()
            self.timer.stop()
            self.check_button.setEnabled(False)
            self.waiting.setText("This is not something IT's setup changes, so Ethics Desk has "
                                 "stopped checking. Quit, and start it again once it is put "
                                 "right.")
            self.show_problem(error)
            self.quit_button.setFocus()
            return
        except BaseException:
            self.timer.stop()  # a bug: reported once by the crash handler, not at every check
            raise
        finally:
            QGuiApplication.restoreOverrideCursor()
        self.database = database
        self.timer.stop()
        self.accept()

    def _checked(self) -> None:
        when = stamp(self.clock(), office_time_zone(), seconds=True, with_zone=False,
                     with_date=False)
        self.last_check.setText(f"Last checked at {when}.")

    def done(self, result: int) -> None:
        """Stop checking when the dialog closes, however it closes (Quit, Esc, opened)."""
        self.timer.stop()
        super().done(result)


def wait_for_schema(problem: StorageError, try_open: Callable[[], Database], *, clock: Clock,
                    parent: QWidget | None = None) -> Database | None:
    """Show :class:`SchemaWaitDialog` until the database opens (returned) or the clerk quits
    (None)."""
    dialog = SchemaWaitDialog(problem, try_open, clock=clock, parent=parent)
    try:
        opened = dialog.exec() == QDialog.DialogCode.Accepted
        return dialog.database if opened else None
    finally:
        dialog.deleteLater()
