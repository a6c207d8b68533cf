"""The first start at the desk: the first Administrator's page (staff accounts, the recovery
sheet, sign out) opens while the office has no Clerk's account, and a Clerk then signs in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.ui.accounts_dialog import AccountForm, AccountsDialog
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.desk import Desk
from ethics_desk.ui.sign_in import ChangePasswordDialog, SignInDialog
from tests.conftest import NOW
from tests.ui.conftest import type_keys

ADMIN_PASSWORD = "the first administrator's passphrase"
FIRST_PASSWORD = "given by the administrator"
CLERK_PASSWORD = "the clerk's very own passphrase"


@pytest.fixture
def desk(database: Database) -> Iterator[Desk]:
    """A new database's desk (no account yet), as the application starts it; closed after."""
    context = AppContext(database, clock=lambda: NOW)
    made = Desk(context, lock_minutes=0, starts=True)
    yield made
    if made.sign_in_dialog is not None:
        made.sign_in_dialog.finished.disconnect()
        made.sign_in_dialog.close()
    if made.window is not None:
        made.window.closed.disconnect()
        made.window.close()
    made.stop()


def _visible(kind: type) -> object:
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible())


def _first_sign_in(qtbot: QtBot, desk: Desk) -> None:
    dialog = SignInDialog(desk.context)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.first
    type_keys(dialog.name, "Ada Admin")
    dialog.login.clear()
    type_keys(dialog.login, "ada")
    type_keys(dialog.password, ADMIN_PASSWORD)
    type_keys(dialog.again, ADMIN_PASSWORD)
    qtbot.keyClick(dialog.again, Qt.Key.Key_Return)
    assert dialog.account is not None and dialog.account.role is Role.ADMIN
    desk.context.account = dialog.account
    desk.open_window()


def _add_a_clerk(qtbot: QtBot) -> None:
    """In Edit → Staff accounts (opened from the page): Add…, the clerk's form, Close."""

    def fill_the_form() -> None:
        form = _visible(AccountForm)
        assert isinstance(form, AccountForm)
        type_keys(form.login, "maria")
        type_keys(form.name, "Maria Clerk")
        form.roles.setCurrentIndex(form.roles.findData(Role.CLERK.value))
        type_keys(form.first, FIRST_PASSWORD)
        type_keys(form.again, FIRST_PASSWORD)
        form._check()

    def in_the_accounts_dialog() -> None:
        dialog = _visible(AccountsDialog)
        assert isinstance(dialog, AccountsDialog)
        QTimer.singleShot(50, fill_the_form)
        dialog.add()
        assert "Added Maria Clerk (maria)" in dialog.message.text()
        dialog.accept()

    QTimer.singleShot(50, in_the_accounts_dialog)


def test_first_start_accounts_sign_out_and_the_clerk_signs_in(
        qtbot: QtBot, desk: Desk) -> None:
    _first_sign_in(qtbot, desk)
    window = desk.window
    assert window is not None
    page = window.first_start_page
    assert page is not None and page.isVisible()  # shown by itself, not the sheet's dialog alone
    assert window.recovery_sheet_dialog is None
    assert page.accounts_state.text() == "Not yet: no Clerk's account."
    assert "Edit → Staff accounts" in page.accounts_button.accessibleDescription()
    assert not window.new_action.isVisible()  # an Administrator takes no complaint
    page.reject()  # Later …
    first_start = window.findChild(QAction, "actionFirstStart")
    assert isinstance(first_start, QAction) and first_start.isVisible()
    first_start.trigger()  # … and back again
    assert page.isVisible()
    _add_a_clerk(qtbot)
    qtbot.mouseClick(page.accounts_button, Qt.MouseButton.LeftButton)
    assert page.accounts_state.text() == "Done: the office has a Clerk's account."
    assert page.sheet_button.isVisible()  # a SQLite file: its record key has a sheet
    qtbot.mouseClick(page.sign_out_button, Qt.MouseButton.LeftButton)
    assert desk.window is None and not window.isVisible()
    dialog = desk.sign_in_dialog
    assert dialog is not None and dialog.isVisible()

    def choose_own_password() -> None:
        change = _visible(ChangePasswordDialog)
        assert isinstance(change, ChangePasswordDialog)
        type_keys(change.old, FIRST_PASSWORD)
        type_keys(change.new, CLERK_PASSWORD)
        type_keys(change.again, CLERK_PASSWORD)
        qtbot.keyClick(change.again, Qt.Key.Key_Return)

    QTimer.singleShot(50, choose_own_password)
    dialog.login.clear()
    type_keys(dialog.login, "maria")
    type_keys(dialog.password, FIRST_PASSWORD)
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    clerks = desk.window
    assert clerks is not None and clerks.isVisible()
    assert desk.context.signed_in.login == "maria"
    assert clerks.new_action.isVisible() and clerks.first_start_page is None
    assert not clerks.offer_first_start()


def test_the_first_start_page_is_not_offered_once_a_clerk_exists(
        qtbot: QtBot, desk: Desk) -> None:
    from ethics_desk.staff import accounts

    _first_sign_in(qtbot, desk)
    window = desk.window
    assert window is not None and window.first_start_page is not None
    accounts.add_account(desk.context.database, "maria", "Maria Clerk", Role.CLERK,
                         FIRST_PASSWORD, by=desk.context.signed_in, clock=lambda: NOW)
    assert not window.offer_first_start()
    window.first_start_page.refresh()
    assert window.first_start_page.accounts_state.text().startswith("Done")
