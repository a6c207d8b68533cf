"""Edit → Staff accounts: an Administrator adds, disables and resets accounts and clears a
sign-in wait in the window;
the menu is an Administrator's only, and the dialog's refusals keep what was typed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord
from ethics_desk.staff.accounts import list_accounts, sign_in
from ethics_desk.storage.database import Database
from ethics_desk.ui.accounts_dialog import AccountForm, AccountsDialog
from ethics_desk.ui.main_window import MainWindow
from tests.conftest import CLOCK
from tests.ui.conftest import sign_in_through_dialog, signed_in_context, type_keys


def _fill_form(qtbot: QtBot, login: str, name: str, role: Role, password: str,
               again: str) -> None:
    form = next(w for w in QApplication.topLevelWidgets()
                if isinstance(w, AccountForm) and w.isVisible())
    if form.login.isVisible():
        type_keys(form.login, login)
        type_keys(form.name, name)
        form.roles.setCurrentIndex(form.roles.findData(role.value))
    type_keys(form.first, password)
    type_keys(form.again, again)
    form._check()


def test_an_administrator_adds_an_account_who_then_chooses_their_own_password(
        qtbot: QtBot, demo_database: Database) -> None:
    admin = signed_in_context(demo_database, "admin", "demo")
    window = MainWindow(admin)
    qtbot.addWidget(window)
    assert window.findChild(type(window.new_action), "actionAccounts").isVisible()
    dialog = AccountsDialog(admin, window)
    qtbot.addWidget(dialog)

    def refuse_then_close() -> None:  # two different passwords: told, and typed again
        _fill_form(qtbot, "mortiz", "María Ortiz", Role.CLERK, "a first passphrase", "another")
        form = next(w for w in QApplication.topLevelWidgets()
                    if isinstance(w, AccountForm) and w.isVisible())
        assert "differ" in form.message.text() and form.login.text() == "mortiz"
        type_keys(form.first, "a first passphrase")
        type_keys(form.again, "a first passphrase")
        form._check()

    QTimer.singleShot(50, refuse_then_close)
    dialog.add()
    made = {a.login: a for a in list_accounts(demo_database)}["mortiz"]
    assert made.role is Role.CLERK and made.name == "María Ortiz"
    assert "Added María Ortiz (mortiz)" in dialog.message.text()
    dialog.table.selectRow([a.login for a in dialog.accounts].index("mortiz"))
    dialog.disable()
    assert {a.login: a for a in list_accounts(demo_database)}["mortiz"].disabled


def test_the_staff_accounts_menu_is_an_administrators_only(
        qtbot: QtBot, demo_database: Database) -> None:
    clerk = signed_in_context(demo_database, "clerk", "demo")
    window = MainWindow(clerk)
    qtbot.addWidget(window)
    action = window.findChild(type(window.new_action), "actionAccounts")
    assert not action.isVisible() and not action.isEnabled()
    assert sign_in_through_dialog(clerk, "clerk", "demo").role is Role.CLERK


@pytest.mark.sqlite_file  # a file's Argon2 and growing delay; the server's: test_accounts_on_server
def test_an_administrator_clears_a_sign_in_wait_in_the_window_on_record(
        qtbot: QtBot, demo_database: Database) -> None:
    for _ in range(3):
        with pytest.raises(UserError):
            sign_in(demo_database, "clerk", "not the password", clock=CLOCK)
    with pytest.raises(UserError, match="Wait"):
        sign_in(demo_database, "clerk", "demo", clock=CLOCK)
    admin = signed_in_context(demo_database, "admin", "demo")
    dialog = AccountsDialog(admin)
    qtbot.addWidget(dialog)
    dialog.table.selectRow([a.login for a in dialog.accounts].index("clerk"))
    assert dialog.clear_delay_button.isEnabled()
    qtbot.mouseClick(dialog.clear_delay_button, Qt.MouseButton.LeftButton)
    assert "may try their password again at once" in dialog.message.text()
    assert sign_in(demo_database, "clerk", "demo", clock=CLOCK).login == "clerk"
    with demo_database.read_session() as session:
        [record] = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "account.clear_delay"))
    assert record.actor == "admin" and "(clerk)" in record.summary
