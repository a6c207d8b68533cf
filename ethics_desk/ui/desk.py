"""The desk of one computer through the day: the window of whoever is signed in, and the turn
from one person to the next.

A shared counter computer is used by several people in turn. :class:`Desk` holds the main window
of the person signed in and hands the desk over without quitting:

* **File → Sign out** (Ctrl+L), and "Sign out" at the idle lock, close every case window, the
  intake (its draft is saved first, as closing it always does: nothing typed is lost) and every
  dialog, remember the person's screen, close the main window itself, record the sign-out as
  the sign-in is recorded (:func:`ethics_desk.staff.accounts.sign_out`), and show the sign-in
  dialog, where anyone may sign in. Nothing of a case exists on screen, or for a screen reader,
  while nobody is signed in.
* **Another person signing in at the idle lock** (:class:`~ethics_desk.ui.sign_in.IdleLock`)
  signs the first one out the same way, then opens the window for the second.
* **The window is built for each person** (:class:`~ethics_desk.ui.main_window.MainWindow`):
  the screens and menu entries of their role, on the screen they last used.

Quit (or closing the main window) ends the application; the sign-in dialog's Quit does too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QWidget

from ethics_desk.ui.sign_in import IdleLock, SignInDialog

if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.ui.context import AppContext
    from ethics_desk.ui.main_window import MainWindow


class Desk(QObject):
    """The main window of the person signed in (:attr:`window`, None while nobody is), the
    idle lock (:attr:`lock`), and the sign-in dialog between two people (:attr:`sign_in_dialog`).

    ``starts`` is whether a window opened here does what a window the person starts does — the
    day's backup, and for an Administrator the first start's page or the recovery sheet (a
    smoke test's window does neither).
    """

    window_opened = Signal(object)  # the MainWindow built for the person who signed in, about
    # to be shown
    signed_out = Signal()  # everything closed; the sign-in dialog is shown

    def __init__(self, context: AppContext, *, lock_minutes: int, starts: bool = True,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.starts = starts
        self.window: MainWindow | None = None
        self.sign_in_dialog: SignInDialog | None = None
        self._leaving: MainWindow | None = None
        """The window last closed at a sign-out, kept until Qt has deleted it."""
        self.lock = IdleLock(context, lock_minutes, self)
        self.lock.switched.connect(self._switch_to)
        self.lock.signed_out.connect(lambda: self.sign_out(how="the idle lock"))

    def open_window(self) -> MainWindow:
        """The main window for the person signed in, shown on their last screen."""
        from ethics_desk.ui.main_window import MainWindow

        window = MainWindow(self.context)
        window.sign_out_requested.connect(self.sign_out)
        window.closed.connect(lambda: self._closed(window))
        self.window = window
        self.window_opened.emit(window)
        window.show()
        if self.starts:
            window.start_daily_backup()
            window.start_calendar_sync()  # the person's deadlines, if they asked for them
            if not window.offer_first_start():  # the first Administrator, before any Clerk
                window.offer_recovery_sheet()  # an Administrator, while it was never made
        self.lock.restart()
        return window

    def sign_out(self, how: str = "File → Sign out") -> None:
        """Close everything the person signed in had open (an intake's draft saved), record the
        sign-out, and show the sign-in dialog for the next person."""
        if self.context.account is None:
            return
        self._leave(how)
        self._ask_who()
        self.signed_out.emit()

    def _leave(self, how: str | None) -> None:
        """The person signed in leaves: everything of theirs closed, the sign-out recorded as
        ``how`` it happened — None when it is recorded already (by the sign-in of someone
        else at the idle lock)."""
        from ethics_desk.core.errors import UserError
        from ethics_desk.staff import accounts
        from ethics_desk.ui.errors import show_user_error

        account = self.context.signed_in
        self._put_away()
        if how is None:
            self.context.account = None
            return
        try:
            accounts.sign_out(self.context.database, account, clock=self.context.clock,
                              workstation=accounts.this_workstation(), how=how)
        except UserError as exc:  # told, never a reason to stay signed in
            show_user_error(None, exc)
        finally:
            self.context.account = None

    def _put_away(self) -> None:
        """Close the main window (its intake, with the draft saved, and its case windows; the
        day's copy under way stopped; the person's screen remembered) and every other window
        showing anything of a case, the ones the lock hid too."""
        window, self.window = self.window, None
        if window is not None:
            window.close()
            window.deleteLater()
            self._leaving = window
        hidden = list(self.lock.hidden)
        for other in QApplication.topLevelWidgets():
            if other is self.sign_in_dialog or other is self.lock.dialog:
                continue
            if other.isVisible() or other in hidden:
                other.close()
        self.lock.hidden = []

    def _ask_who(self) -> None:
        """Show the sign-in dialog (it does not block): anyone may sign in; Quit ends the
        application."""
        dialog = SignInDialog(self.context)
        dialog.finished.connect(lambda result: self._answered(dialog, result))
        self.sign_in_dialog = dialog
        dialog.show()

    def _answered(self, dialog: SignInDialog, result: int) -> None:
        self.sign_in_dialog = None
        dialog.deleteLater()
        if result != SignInDialog.DialogCode.Accepted or dialog.account is None:
            QApplication.quit()
            return
        self.context.account = dialog.account
        self.open_window()

    def _switch_to(self, account: Account) -> None:
        """Another person signed in at the idle lock: the first signed out (recorded by that
        sign-in, :func:`ethics_desk.staff.accounts.sign_in_at_desk`), the desk theirs."""
        self._leave(None)
        self.context.account = account
        self.open_window()

    def _closed(self, window: QWidget) -> None:
        """The person's window was closed (Quit, the title bar): the application ends; a
        window the desk closed at a sign-out does not end it."""
        if window is self.window:
            self.window = None
            QApplication.quit()

    def stop(self) -> None:
        """At the application's end: stop the day's copy under way (nothing half-made kept)."""
        if self.window is not None:
            self.window.stop_daily_backup()
