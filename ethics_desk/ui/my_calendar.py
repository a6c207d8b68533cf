"""View → My deadlines in Outlook…: one's own deadlines as calendar invitations, or one file.

The person signed in asks for their deadlines to go to their own mailbox as invitations (or
stops them), sends what their calendar is owed now, or saves their open deadlines as one
``.ics`` file. Each button calls :mod:`ethics_desk.mail.calendar`, which decides who may and
records each act; the sending runs on a worker thread (:func:`ethics_desk.ui.operations.operate`)
so the window keeps painting while the mail server answers.

While the window is open, :func:`send_owed_quietly` also sends what the person's calendar is
owed in the background (at sign-in and every :data:`~ethics_desk.ui.main_window.
CALENDAR_SYNC_MS` after), so a date that moves or a deadline met reaches their calendar
without anyone pressing **Send now**; a mail server that is down is logged and tried again.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.mail import calendar as outlook
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.operations import operate

if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.core.clock import Clock
    from ethics_desk.storage.database import Database

log = logging.getLogger(__name__)


def send_owed_quietly(database: Database, account: Account,
                      clock: Clock) -> outlook.CalendarSent | None:
    """Send ``account``'s calendar what it is owed, if they asked for invitations (run on a
    worker thread by the window; never raises: a server that fails, or a bug, is logged and
    the rest is sent next time). What was sent, or None when nothing was tried."""
    try:
        if outlook.subscription(database, account=account) is None:
            return None
        sent = outlook.send_calendar(database, account=account, clock=clock)
    except Exception:  # the background sending must never stop the desk: logged
        log.exception("sending the calendar of %s in the background failed", account.login)
        return None
    if sent.problem:
        log.warning("the calendar of %s is still owed %d message(s): %s", account.login,
                    sent.left, sent.problem)
    return sent


class MyCalendarDialog(QDialog):
    """One's deadlines in one's own calendar: ask, stop, send now, or save as a file."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("myCalendarDialog")
        self.setWindowTitle("My deadlines in Outlook")
        about = QLabel(
            "Each open deadline of the cases you receive, as an all-day event on its due day, "
            "named by the case number and the step — never a party. A date that moves is moved "
            "in your calendar, and a deadline met or cancelled is taken out.", self)
        about.setWordWrap(True)
        self.mailbox = QLineEdit(self)
        self.mailbox.setObjectName("calendarMailbox")
        self.mailbox.setPlaceholderText("your own address, e.g. maria.ortiz@example.org")
        found = attempt(self, lambda: outlook.subscription(context.database,
                                                           account=context.signed_in))
        subscribed = None if found is FAILED else found
        if subscribed is not None:
            self.mailbox.setText(subscribed.mailbox)
        label = QLabel("&Your mailbox:", self)
        buddy(label, self.mailbox)
        self.opt_in_button = QPushButton("Send me &invitations", self)
        self.opt_in_button.clicked.connect(self.ask)
        self.opt_out_button = QPushButton("S&top them", self)
        self.opt_out_button.clicked.connect(self.stop)
        self.send_button = QPushButton("Send &now", self)
        self.send_button.setToolTip("Send what your calendar is owed: new, moved and cancelled "
                                    "deadlines since the last time")
        self.send_button.clicked.connect(self.send_now)
        self.file_button = QPushButton("Save as .ics &file…", self)
        self.file_button.clicked.connect(lambda: self.save_file())
        self.status = StatusLine(self)
        self.status.setObjectName("calendarStatus")
        self.status.setText(f"Invitations go to {subscribed.mailbox}." if subscribed else
                            "Your deadlines do not go to your calendar.")
        offer(context, Act.OWN_CALENDAR, "have their deadlines in their calendar",
              self.opt_in_button, self.opt_out_button, self.send_button, self.file_button)
        form = QFormLayout()
        form.addRow(label, self.mailbox)
        row = QHBoxLayout()
        for button in (self.opt_in_button, self.opt_out_button, self.send_button,
                       self.file_button):
            row.addWidget(button)
        row.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        for closing in close.buttons():
            declare(None, closing)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(form)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(close)
        give_alt_keys(self)

    def _send(self) -> None:
        done = operate(self, "Sending your deadlines to your calendar", lambda: (
            outlook.send_calendar(self.context.database, account=self.context.signed_in,
                                  clock=self.context.clock)))
        if done is not FAILED:
            self.status.setText(done.summary)

    def ask(self) -> None:
        """Ask for invitations to the mailbox typed, then send what is owed."""
        mailbox = self.mailbox.text()
        done = attempt(self, lambda: outlook.opt_in(self.context.database, mailbox,
                                                    account=self.context.signed_in,
                                                    clock=self.context.clock))
        if done is not FAILED:
            self._send()

    def stop(self) -> None:
        """Stop the invitations, then send the cancellations."""
        done = attempt(self, lambda: outlook.opt_out(self.context.database,
                                                     account=self.context.signed_in,
                                                     clock=self.context.clock))
        if done is not FAILED:
            self._send()

    def send_now(self) -> None:
        """Send what the calendar is owed now."""
        self._send()

    def save_file(self, path: Path | None = None) -> Path | None:
        """Save one's open deadlines as one ``.ics`` file (asked for where, unless given)."""
        if path is None:
            chosen, _filter = QFileDialog.getSaveFileName(
                self, "Save my deadlines", "deadlines.ics", "Calendar (*.ics)")
            if not chosen:
                return None
            path = Path(chosen)
        if path.suffix.lower() != ".ics":
            path = path.with_suffix(".ics")
        data = attempt(self, lambda: outlook.calendar_file(self.context.database,
                                                           account=self.context.signed_in,
                                                           clock=self.context.clock))
        if data is FAILED:
            return None
        written = attempt(self, lambda: _write(path, data))
        if written is FAILED:
            return None
        self.status.setText(f"Saved {data.count(b'BEGIN:VEVENT')} deadline(s) to {path.name}.")
        return path


def _write(path: Path, data: bytes) -> None:
    """Write the file readable by this user only, never over the record
    (:func:`ethics_desk.storage.private_files.write_private`); a failure said with its fix."""
    from ethics_desk.storage.private_files import write_private

    try:
        write_private(path, data)
    except OSError as exc:
        raise UserError(f"The calendar file could not be saved to {path} "
                        f"({exc.strerror or exc}).",
                        "Choose a folder you may write to, then save again.") from exc
