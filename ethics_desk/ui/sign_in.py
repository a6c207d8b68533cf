"""Signing in at the desk: who is here, before anything of a complaint is shown (§ 2-83(h)).

:class:`SignInDialog` is the first window of the application. It asks for a login and a
password and signs in through :func:`ethics_desk.staff.accounts.sign_in` (each wrong password
makes the next try wait a little longer, a minute at most; a wrong login and a wrong password
get the same answer, with the same wait). On a
database without any account it asks instead for the first Administrator's name, login and
password, twice. An account whose password an Administrator reset is asked for a new one before
it goes on.

The same dialog, in its *locked* form, covers the desk after the office's idle time
(Settings → Lock the desk after): the signed-in person's password opens it again as it was;
another person's login and password sign the first out (their cases closed, their intake's
draft kept) and open the desk for the second; "Sign out" signs the first out and asks for the
next person (:mod:`ethics_desk.ui.desk` does the turn).

The dialog is shown before the ORM is loaded; the database is opened through SQLAlchemy when
the clerk presses Sign in (usually loaded by then: the application loads it while the dialog is
on screen). On an office's PostgreSQL server it is shown before the server is even reached: the
server is asked on a thread while the password is typed, and Sign in waits for its answer. No
password is ever kept after the dialog, logged or put in a message.
"""

from __future__ import annotations

import contextlib
import os
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.sizing import fit_to_screen

if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.ui.context import AppContext


def desk_login() -> str:
    """The login the dialog offers first: ``ETHICS_DESK_USER``, else the operating-system
    login (the person may type another)."""
    import getpass

    given = os.environ.get("ETHICS_DESK_USER", "").strip()
    if given:
        return given
    try:
        return getpass.getuser()
    except Exception:  # no login name (a service account)
        return ""


OPEN_FULLY = 2
"""What :class:`SignInDialog` ends with when the office's server, asked while the dialog was
shown, is not at this version's revision (or cannot be reached): the full path opens it."""


class SignInDialog(QDialog):
    """The login and password (or, on a database without accounts, the first Administrator),
    Sign in (Enter) and Quit (Esc). Accepted with the signed-in :attr:`account`.

    ``locked_for`` makes it the lock of an idle desk: the login offered is that account's, and
    another may be typed (that person signs in in the first one's place); "Sign out" (Esc)
    rejects it, for the desk to sign the first person out.

    On an office's server not yet asked (:attr:`AppContext.waiting_for_server`), the dialog is
    the normal sign-in at once and asks the server on a thread once it is shown; when the
    server answers it goes on as on a database asked before (:meth:`reconsider`), or ends
    with :data:`OPEN_FULLY`. A Sign in pressed before the answer waits for it.
    """

    server_answered = Signal(bool)  # from the thread that asked: at this revision or not

    def __init__(self, context: AppContext, *, locked_for: Account | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.locked_for = locked_for
        self.account: Account | None = None
        self.first = locked_for is None and self._no_accounts_yet()
        self.setObjectName("signInDialog")
        self.setWindowTitle("Ethics Desk — locked" if locked_for is not None
                            else "Ethics Desk — sign in")
        self.setModal(True)
        layout = QVBoxLayout(self)
        self.intro = QLabel(self._intro(), self)
        self.intro.setObjectName("signInIntro")
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        self.name = QLineEdit(self)
        self.name.setObjectName("signInName")
        self.login = QLineEdit(self)
        self.login.setObjectName("signInLogin")
        self.password = QLineEdit(self)
        self.password.setObjectName("signInPassword")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.again = QLineEdit(self)
        self.again.setObjectName("signInPasswordAgain")
        self.again.setEchoMode(QLineEdit.EchoMode.Password)
        self.form = QFormLayout()
        for text, field in (("Your full &name:", self.name), ("&Login:", self.login),
                            ("&Password:", self.password), ("The password &again:", self.again)):
            label = QLabel(text, self)
            buddy(label, field)
            self.form.addRow(label, field)
        layout.addLayout(self.form)
        self.message = StatusLine(self, urgent=True)
        self.message.setObjectName("signInMessage")
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Sign-in message")
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(self)
        self.sign_in_button = QPushButton(self)
        self.sign_in_button.setObjectName("signInButton")
        self.sign_in_button.setDefault(True)
        self.quit_button = QPushButton("Sign &out" if locked_for is not None
                                       else "&Quit", self)
        self.quit_button.setObjectName("signInQuit")
        buttons.addButton(self.sign_in_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.quit_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.sign_in_button.clicked.connect(self.try_sign_in)
        self.quit_button.clicked.connect(self.reject)
        layout.addWidget(buttons)
        self._show_form(self.first)
        if locked_for is not None:
            self.login.setText(locked_for.login)
        else:
            self.login.setText(desk_login())
        fit_to_screen(self, 520, 300)
        first_field = (self.name if self.first else
                       self.password if self.login.text() else self.login)
        QTimer.singleShot(0, first_field, lambda: first_field.setFocus(
            Qt.FocusReason.OtherFocusReason))  # cancelled if the dialog is gone by then
        self.waiting = context.waiting_for_server
        """Whether the server of the first look has yet to answer this dialog (Sign in waits)."""
        self._asked = False
        """Whether that server has been asked."""
        self._sign_in_waiting = False
        """Whether Sign in was pressed before the server answered (it goes on when it does)."""
        self.server_answered.connect(self._server_answered, Qt.ConnectionType.QueuedConnection)

    def _show_form(self, first: bool) -> None:
        """The normal sign-in, or (``first``) the first Administrator's form; what is typed is
        kept."""
        self.first = first
        for field in (self.name, self.again):
            self.form.setRowVisible(field, first)
        self.intro.setText(self._intro())
        self.sign_in_button.setText(
            "&Create the Administrator and sign in" if first
            else "&Unlock" if self.locked_for is not None else "&Sign in")

    def _no_accounts_yet(self) -> bool:
        look = self.context.first_look
        if self.context.waiting_for_server:
            return False  # the normal sign-in until the server answers (_server_answered)
        errors: tuple[type[Exception], ...] = (UserError, *(look.ERRORS if look else ()))
        try:
            if not self.context.loaded and look is not None:  # before the ORM is loaded
                return not look.has_accounts()
            from ethics_desk.staff.accounts import needs_first_administrator

            return needs_first_administrator(self.context.database)
        except errors:
            return False  # the database answers at Sign in, with its message

    def showEvent(self, event: QShowEvent) -> None:
        """Once shown, ask a server the first look has not heard from (on a thread)."""
        super().showEvent(event)
        if self.waiting and not self._asked:
            self._asked = True
            QTimer.singleShot(0, self, self._ask_server)  # after the dialog is on screen

    def _ask_server(self) -> None:
        from ethics_desk.maintenance.first_look import ServerFirstLook

        look = self.context.first_look
        assert isinstance(look, ServerFirstLook)

        def ask() -> None:
            current = look.ask()  # psycopg imported and the server reached here, off screen
            with contextlib.suppress(RuntimeError):  # the dialog is gone: nobody to tell
                self.server_answered.emit(current)

        threading.Thread(target=ask, name="first look at the server",
                         daemon=True).start()  # quitting never waits for a server

    def _server_answered(self, current: bool) -> None:
        """The server answered the first look: at this revision, the sign-in (or the first
        Administrator's form) goes on; else the dialog ends with :data:`OPEN_FULLY`, for the
        full path to open the database with its messages (:func:`ethics_desk.ui.app.
        sign_in_at_start`), and shows again afterwards with what was typed."""
        self.waiting = False
        if not self.isVisible():
            return  # quit meanwhile
        if not current:
            self.done(OPEN_FULLY)
            return
        self.reconsider()

    def reconsider(self, *, go_on: bool = True) -> None:
        """Choose the form again now that the database has answered: the normal sign-in, or
        the first Administrator's form (whose name and second password are then asked for),
        what was typed kept. A Sign in pressed meanwhile goes on (``go_on``; after the full
        path's dialogs the message line asks for it again instead)."""
        waiting, self._sign_in_waiting = self._sign_in_waiting, False
        self.message.setText("")
        first = self.locked_for is None and self._no_accounts_yet()
        if first != self.first:
            self._show_form(first)
            if first and not self.password.text():
                self.name.setFocus(Qt.FocusReason.OtherFocusReason)
        if waiting and first:
            self.message.setText("This database has no account yet: type your full name and "
                                 "the password again to create its first Administrator.")
        elif waiting and go_on:
            self.try_sign_in()
        elif waiting:
            self.message.setText("The database is open now: press Sign in to go on.")

    def _intro(self) -> str:
        if self.locked_for is not None:
            return (f"The desk was locked after it was left idle. {self.locked_for.name}, type "
                    "your password to go on. Anyone else types their own login and password: "
                    f"what {self.locked_for.name} had open is closed first (an intake's draft "
                    "is kept).")
        if self.first:
            return ("This database has no account yet. The person who signs in now becomes its "
                    "first Administrator, who then creates an account for each person at the "
                    "desk (Edit → Staff accounts). Choose a password of 10 characters or more.")
        return ("Sign in with your own account. What you do and see is recorded under it "
                f"(§\u00a02-83(h)). Database: {self.context.description}")

    def try_sign_in(self) -> None:
        """Sign in with what is typed; a refusal is one line, the fields kept (the password
        emptied)."""
        if self.waiting:  # never a sign-in against a database the server has not confirmed
            self._sign_in_waiting = True
            self.message.setText(f"Reaching the database server ({self.context.description}): "
                                 "you are signed in as soon as it answers.")
            return
        from ethics_desk.staff import accounts

        database_clock = self.context.clock
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if self.first:
                if self.password.text() != self.again.text():
                    raise UserError("The two passwords differ.", "Type the same password twice.")
                account = accounts.create_first_administrator(
                    self.context.database, self.login.text(), self.name.text(),
                    self.password.text(), clock=database_clock)
            else:
                account = accounts.sign_in_at_desk(  # the lock's person out if someone else
                    self.context.database, self.login.text(), self.password.text(),
                    clock=database_clock, workstation=accounts.this_workstation(),
                    leaving=self.locked_for)
        except UserError as exc:
            self.password.clear()
            self.again.clear()
            self.message.setText(f"{exc.problem} {exc.fix}".strip())
            self.password.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        finally:
            QApplication.restoreOverrideCursor()
        self.password.clear()
        self.again.clear()
        if account.must_change_password:
            dialog = ChangePasswordDialog(self.context, account, forced=True, parent=self)
            if dialog.exec() != QDialog.DialogCode.Accepted or dialog.account is None:
                self.message.setText("Your password was reset by an Administrator; choose a new "
                                     "one to go on.")
                return
            account = dialog.account
        self.account = account
        self.accept()


class ChangePasswordDialog(QDialog):
    """The present password and the new one twice (File → Change my password, and after an
    Administrator's reset). Accepted with the updated :attr:`account`."""

    def __init__(self, context: AppContext, account: Account, *, forced: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.signed_in = account
        self.account: Account | None = None
        self.setObjectName("changePasswordDialog")
        self.setWindowTitle("Ethics Desk — choose a new password" if forced
                            else "Ethics Desk — change my password")
        layout = QVBoxLayout(self)
        intro = QLabel(("An Administrator reset your password. " if forced else "")
                       + "Type the password you signed in with, then a new one of 10 characters "
                       "or more, twice.", self)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.old = QLineEdit(self)
        self.new = QLineEdit(self)
        self.again = QLineEdit(self)
        for field, name, text in ((self.old, "passwordOld", "&Present password:"),
                                  (self.new, "passwordNew", "&New password:"),
                                  (self.again, "passwordAgain", "The new password &again:")):
            field.setObjectName(name)
            field.setEchoMode(QLineEdit.EchoMode.Password)
            label = QLabel(text, self)
            buddy(label, field)
            form.addRow(label, field)
        layout.addLayout(form)
        self.message = StatusLine(self, urgent=True)
        self.message.setObjectName("passwordMessage")
        self.message.setAccessibleName("Password message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        fit_to_screen(self, 480, 260)

    def save(self) -> None:
        """Change the password; a refusal is one line and the fields are emptied."""
        from ethics_desk.staff.accounts import change_own_password

        try:
            if self.new.text() != self.again.text():
                raise UserError("The two new passwords differ.", "Type the same one twice.")
            self.account = change_own_password(self.context.database, self.signed_in,
                                               self.old.text(), self.new.text(),
                                               clock=self.context.clock)
        except UserError as exc:
            for field in (self.old, self.new, self.again):
                field.clear()
            self.message.setText(f"{exc.problem} {exc.fix}".strip())
            self.old.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self.accept()


class IdleLock(QObject):
    """Locks the desk after ``minutes`` without a key press or a click in any window.

    Installed on the application: every key and mouse press restarts the timer. When it runs
    out (or :meth:`lock` is called), every window of the application is hidden and the locked
    :class:`SignInDialog` is shown (:attr:`dialog`). The signed-in person's password shows the
    windows again as they were; another person's sign-in is :attr:`switched` (that account),
    and "Sign out" is :attr:`signed_out`: the desk (:mod:`ethics_desk.ui.desk`) then closes
    what the first person had open and opens the window for the next.
    """

    switched = Signal(object)  # the Account of another person who signed in at the lock
    signed_out = Signal()  # "Sign out" at the lock

    def __init__(self, context: AppContext, minutes: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(max(1, minutes) * 60_000)
        self.timer.timeout.connect(self.lock)
        self.locked = False
        self.enabled = minutes > 0
        self.dialog: SignInDialog | None = None
        """The locked sign-in dialog while the desk is locked."""
        self.hidden: list[QWidget] = []
        """The windows the lock hid, shown again when the same person comes back."""
        app = QApplication.instance()
        if app is not None and self.enabled:
            app.installEventFilter(self)
            self.timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Restart the idle time on every key press, click and wheel turn."""
        if not self.locked and event.type() in (QEvent.Type.KeyPress,
                                                QEvent.Type.MouseButtonPress,
                                                QEvent.Type.Wheel):
            self.timer.start()
        return False

    def restart(self) -> None:
        """Count the idle time from now (a person signed in)."""
        if self.enabled:
            self.timer.start()

    def lock(self) -> None:
        """Hide every window and show the locked sign-in dialog (it does not block)."""
        account = self.context.account
        if self.locked or account is None:
            return
        self.locked = True
        self.hidden = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
        for window in self.hidden:
            window.hide()
        dialog = SignInDialog(self.context, locked_for=account)
        dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
        dialog.finished.connect(lambda result: self._answered(dialog, account, result))
        self.dialog = dialog
        dialog.show()

    def _answered(self, dialog: SignInDialog, locked_for: Account, result: int) -> None:
        self.locked = False
        self.dialog = None
        dialog.deleteLater()
        came = dialog.account if result == QDialog.DialogCode.Accepted else None
        if came is None:
            self.signed_out.emit()
        elif came.account_id != locked_for.account_id:
            self.switched.emit(came)  # the desk signs ``locked_for`` out first
        else:
            self.context.account = came
            for window in self.hidden:
                with contextlib.suppress(RuntimeError):  # a window closed meanwhile
                    window.show()
            self.restart()
        self.hidden = []
