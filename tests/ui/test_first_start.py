"""The first start at the desk: the first Administrator's page (staff accounts, the recovery
sheet, sign out) opens while the office has no Clerk's account, and a Clerk then signs in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QWizard
from pytestqt.qtbot import QtBot

from ethics_desk.core.roles import Role
from ethics_desk.models import NoteKind
from ethics_desk.storage.database import Database
from ethics_desk.ui.accounts_dialog import AccountForm, AccountsDialog
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.desk import Desk
from ethics_desk.ui.find_case import FindCaseDialog
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.sign_in import ChangePasswordDialog, SignInDialog
from tests.conftest import NOW
from tests.ui.conftest import type_keys, type_text
from tests.ui.intake_driver import drive_to_review, exhibit_pdf

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
    _first_start_to_the_clerk(qtbot, desk)


def _first_start_to_the_clerk(qtbot: QtBot, desk: Desk) -> MainWindow:
    """The first Administrator's start, a Clerk added, signed out, the Clerk signed in (with
    a password of their own): the Clerk's window."""
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
    # A SQLite file's record key has a sheet to print; a server keeps its own keys.
    on_a_file = desk.context.database.url.get_backend_name() == "sqlite"
    assert page.sheet_button.isVisible() is on_a_file
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
    return clerks


def test_a_new_clerks_first_day(qtbot: QtBot, desk: Desk, tmp_path: Path) -> None:
    """First start → accounts → sign out → the Clerk signs in → files a sworn complaint →
    prints its receipt → mails it → notes a call → finds the case again with Ctrl+K."""
    clerks = _first_start_to_the_clerk(qtbot, desk)
    clerks.new_action.trigger()  # File → New complaint (Ctrl+N)
    wizard = clerks.wizard
    assert wizard is not None and wizard.isVisible()
    drive_to_review(qtbot, wizard, exhibit_pdf(tmp_path))
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    case_id = wizard.filed_case_id
    papers = wizard.result_dialog
    assert case_id is not None and papers is not None
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "receipt.pdf"))
    assert papers.print_current(printer) >= 1  # printed, and so issued
    papers.close()
    case_window = clerks.open_case(case_id)
    assert isinstance(case_window, CaseWindow)
    qtbot.addWidget(case_window)
    panel = case_window.papers
    panel.refresh()
    [receipt] = panel.issued.rows()
    assert receipt.kind == "receipt" and receipt.recipient == "José Peña"
    panel.select_issued(receipt.document_id)
    mailing = panel.open_mailing_dialog()
    assert mailing is not None
    mailing.accept()  # first class, to the address taken at the counter, today
    assert mailing.mailing_id is not None
    [mailed] = panel.mailings.rows()
    assert mailed.mailed_on == NOW.date()
    case_window.tabs.setCurrentWidget(case_window.notes)
    note = case_window.notes
    note.kind.setCurrentIndex(note.kind.findData(NoteKind.CALL.value))
    type_text(qtbot, note.text, "Mr. Pena called: he will bring the truck logs on Monday.")
    note.add_button.click()
    assert [line.written_by for line in note.model.rows()] == ["Maria Clerk (maria)"]
    case_window.close()
    find = clerks.findChild(QAction, "actionFindCase")
    assert find is not None
    find.trigger()  # Edit → Find a case… (Ctrl+K)
    dialog = clerks.findChild(FindCaseDialog)
    assert dialog is not None and dialog.isVisible()
    type_text(qtbot, dialog.search, "pena")
    qtbot.waitUntil(lambda: not dialog.searching)
    assert [row.id for row in dialog.model.rows()] == [case_id]
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: case_id in clerks.case_windows
                    and clerks.case_windows[case_id].isVisible())
    qtbot.addWidget(clerks.case_windows[case_id])


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
