"""The recovery sheet in the window: an Administrator signing in to a database whose sheet was
never made is asked to print or save it; either records it as made (and the window stops
asking); "Later" records nothing; the daily backup's status line reminds an Administrator until
it is made; a clerk is neither asked nor offered File → Recovery sheet…."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrinter
from pytestqt.qtbot import QtBot

from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.storage.recovery_sheet import REMINDER, sheet_missing_for
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from tests.ui.conftest import ADMIN_PASSWORD, make_account, signed_in_context

pytestmark = pytest.mark.sqlite_file


@pytest.fixture
def admin(database: Database) -> AppContext:
    make_account(database, "maria", "Maria Clerk", Role.CLERK)  # its first Administrator, ada
    return signed_in_context(database, "ada", ADMIN_PASSWORD)


def shown(qtbot: QtBot, context: AppContext) -> MainWindow:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def backup_line(qtbot: QtBot, window: MainWindow) -> str:
    with qtbot.waitSignal(window.backup_status_shown, timeout=60000) as shown_line:
        window.start_daily_backup()
    backup = window.daily_backup
    assert backup is not None
    qtbot.waitUntil(lambda: not backup.running)
    return str(shown_line.args[0])


def test_an_administrator_is_asked_until_the_sheet_is_saved_and_then_never_again(
        qtbot: QtBot, admin: AppContext, tmp_path: Path) -> None:
    window = shown(qtbot, admin)
    assert REMINDER in backup_line(qtbot, window)
    assert window.offer_recovery_sheet()
    dialog = window.recovery_sheet_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.later_button.click()
    assert sheet_missing_for(admin.database) is not None
    assert window.offer_recovery_sheet()  # asked again: "Later" made nothing
    dialog = window.recovery_sheet_dialog
    assert dialog is not None
    assert dialog.save_sheet(tmp_path / "sheet.pdf")
    assert not dialog.isVisible() and dialog.made
    assert REMINDER not in window.backup_label.text() and window.backup_label.isHidden()
    assert len(PdfReader(tmp_path / "sheet.pdf").pages) == 1
    assert sheet_missing_for(admin.database) is None
    assert not window.offer_recovery_sheet()
    assert REMINDER not in backup_line(qtbot, window)


def test_printing_the_sheet_records_it_as_made(
        qtbot: QtBot, admin: AppContext, tmp_path: Path) -> None:
    window = shown(qtbot, admin)
    window.findChild(QAction, "actionRecoverySheet").trigger()
    dialog = window.recovery_sheet_dialog
    assert dialog is not None
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert dialog.print_sheet(printer)
    assert (tmp_path / "printed.pdf").stat().st_size > 0
    assert sheet_missing_for(admin.database) is None


def test_a_clerk_is_never_asked_and_has_no_recovery_sheet_entry(
        qtbot: QtBot, context: AppContext) -> None:
    window = shown(qtbot, context)
    assert not window.offer_recovery_sheet()
    assert window.recovery_sheet_dialog is None
    action = window.findChild(QAction, "actionRecoverySheet")
    assert action is not None and not action.isVisible()
    assert REMINDER not in backup_line(qtbot, window)


def test_on_a_new_computer_the_key_typed_from_the_sheet_is_kept_and_a_wrong_line_named(
        qtbot: QtBot, admin: AppContext, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.storage import record_key
    from ethics_desk.storage.journal import key_id_of
    from ethics_desk.storage.recovery_sheet import sheet_of

    with admin.database.engine.connect() as conn:
        key_id = key_id_of(conn)
    assert key_id is not None
    key = record_key.find_key(key_id)
    assert key is not None
    sheet = sheet_of(key_id, key)
    window = shown(qtbot, admin)
    monkeypatch.setenv(record_key.KEY_FOLDER_ENV, str(tmp_path / "the new computer's keys"))
    record_key.forget_cached_keys()
    try:
        window.findChild(QAction, "actionKeyFromSheet").trigger()
        dialog = window.key_from_sheet_dialog
        assert dialog is not None and dialog.isVisible()
        dialog.id_field.setText(sheet.id_line.text)
        typed = [line.text for line in sheet.key_lines]
        check = sheet.key_lines[1].check
        wrong = typed[1][:-2] + ("ZZ" if check != "ZZ" else "YY")  # never its check
        for field, text in zip(dialog.line_fields, [typed[0], wrong, *typed[2:]], strict=True):
            field.setText(text)
        assert not dialog.keep_typed()
        assert "Line 2 of the key does not match its check" in dialog.message.text()
        assert dialog.line_fields[1].text() == wrong  # nothing typed is lost
        assert record_key.find_key(key_id) is None
        dialog.line_fields[1].setText(typed[1])
        assert dialog.keep_typed()
        assert not dialog.isVisible() and dialog.key_id == key_id
        record_key.forget_cached_keys()
        assert record_key.find_key(key_id) == key
    finally:
        record_key.forget_cached_keys()


def test_a_clerk_has_no_entry_to_bring_the_key(qtbot: QtBot, context: AppContext) -> None:
    action = shown(qtbot, context).findChild(QAction, "actionKeyFromSheet")
    assert action is not None and not action.isVisible()
