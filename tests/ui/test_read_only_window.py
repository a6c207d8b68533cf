"""The window on a database that takes no more data: a banner at the top says what happened and
what to do, and every action that would write is offered disabled, its tooltip that sentence;
reading and signing in go on."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord
from ethics_desk.storage import queued_records, read_only
from ethics_desk.storage.database import Database
from ethics_desk.storage.read_only import (
    clear_failed_check,
    damaged,
    failed_check,
    record_failed_check,
)
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.palette import STYLE_PROPERTY
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.ui.conftest import (
    ADMIN_PASSWORD,
    CLERK_LOGIN,
    CLERK_PASSWORD,
    make_account,
    signed_in_context,
)
from tests.ui.test_screenshot_tour import shoot

pytestmark = pytest.mark.sqlite_file

FAILED = ["SQLite integrity (PRAGMA integrity_check)"]


@pytest.fixture
def failed(database: Database, db_path: Path) -> AppContext:
    """A clerk signed in, through the dialog, to a database whose last check failed; one case
    filed before it did."""
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    filed_case(WorkflowController.unrestricted(database, "Maria Clerk", clock=CLOCK))
    record_failed_check(db_path, FAILED, at=CLOCK())
    return signed_in_context(database, CLERK_LOGIN, CLERK_PASSWORD)


def test_the_main_window_says_what_happened_and_offers_no_action_that_would_write(
        qtbot: QtBot, failed: AppContext, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[str] = []

    def shown(box: QMessageBox) -> int:
        told.append(box.text())
        return 0

    monkeypatch.setattr(QMessageBox, "exec", shown)
    reason = failed_check(db_path)
    assert reason is not None
    window = MainWindow(failed)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    banner = window.read_only_banner
    assert banner.isVisible()
    assert banner.text() == reason.sentence
    assert "failed its check" in banner.text() and "Restore the latest backup" in banner.text()
    assert banner.accessibleName() == "The database takes no more data"
    assert banner.property(STYLE_PROPERTY) == "error"
    for name in ("actionNew", "actionResume", "actionPassword"):
        action = window.findChild(QAction, name)
        assert action is not None and not action.isEnabled(), name
        assert action.toolTip() == reason.sentence
    window.go("new")
    assert not window.new_screen.start_button.isEnabled()
    assert window.new_screen.start_button.toolTip() == reason.sentence
    window.open_intake(None)  # Ctrl+N reached some other way: no wizard that cannot save
    assert window.wizard is None
    assert told == [reason.problem]
    window.go("inbox")
    shoot(window, "read-only-main", qtbot)


def test_a_case_opens_for_reading_and_none_of_its_actions_may_be_taken(
        qtbot: QtBot, failed: AppContext, db_path: Path) -> None:
    from ethics_desk.ui.case.case_window import CaseWindow

    reason = failed_check(db_path)
    assert reason is not None
    window = MainWindow(failed)
    qtbot.addWidget(window)
    case = window.open_case(1)
    assert isinstance(case, CaseWindow)
    case.resize(1280, 720)
    qtbot.waitExposed(case)
    assert case.action_buttons
    for button in case.action_buttons.values():
        assert not button.isEnabled()
        assert button.toolTip().startswith(reason.sentence)
    assert case.reasons.text() == f"⊘ Not possible now — {reason.sentence}"
    shoot(case, "read-only-case", qtbot)
    case.close()


def test_a_sound_database_shows_no_banner_and_a_window_left_open_sees_the_mode_come_and_go(
        qtbot: QtBot, context: AppContext, db_path: Path) -> None:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert not window.read_only_banner.isVisible()
    action = window.findChild(QAction, "actionNew")
    assert action is not None and action.isEnabled()
    record_failed_check(db_path, FAILED, at=CLOCK())  # another desk's check failed
    window.show_read_only()  # as when the window is active again
    assert window.read_only_banner.isVisible() and not action.isEnabled()
    sentence = window.read_only_banner.text()
    assert action.toolTip() == sentence
    clear_failed_check(db_path)  # a check held again
    window.show_read_only()
    assert not window.read_only_banner.isVisible() and action.isEnabled()
    assert action.toolTip() != sentence


def test_a_window_on_a_file_with_a_damaged_page_says_so_and_reads_on(
        qtbot: QtBot, database: Database, db_path: Path) -> None:
    from ethics_desk.maintenance.opening import open_database
    from tests.damaged_files import break_a_page, closed

    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    closed(database, db_path)
    break_a_page(db_path)
    damaged = open_database(db_path, clock=CLOCK, create=False)
    try:
        window = MainWindow(signed_in_context(damaged, CLERK_LOGIN, CLERK_PASSWORD))
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        assert window.read_only_banner.isVisible()
        assert window.read_only_banner.text().startswith(
            f"The database file {db_path.name} is damaged")
        window.close()
    finally:
        damaged.dispose()


def test_the_administrators_settings_and_accounts_are_shown_but_not_saved(
        qtbot: QtBot, database: Database, db_path: Path) -> None:
    from ethics_desk.ui.accounts_dialog import AccountsDialog

    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)  # and "ada", the first
    record_failed_check(db_path, FAILED, at=CLOCK())
    reason = failed_check(db_path)
    assert reason is not None
    window = MainWindow(signed_in_context(database, "ada", ADMIN_PASSWORD))
    qtbot.addWidget(window)
    restore = window.findChild(QAction, "actionRestore")
    assert restore is not None and restore.isEnabled()  # the fix stays offered
    window.go("settings")
    settings = window.settings_screen
    assert not settings.save_button.isEnabled()
    assert settings.save_button.toolTip() == reason.sentence
    accounts = AccountsDialog(window.context, window)
    qtbot.addWidget(accounts)
    assert accounts.table.rowCount() == 2  # read
    for button in (accounts.add_button, accounts.disable_button, accounts.reset_button):
        assert not button.isEnabled() and button.toolTip() == reason.sentence


def test_a_database_without_its_record_key_opens_in_the_window_read_only_with_the_banner(
        qtbot: QtBot, database: Database, db_path: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.storage import journal, record_key
    from ethics_desk.storage.read_only import key_missing
    from ethics_desk.ui.app import open_context
    from tests.damaged_files import closed
    from tests.ui.conftest import sign_in_through_dialog

    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    filed_case(WorkflowController.unrestricted(database, "Maria Clerk", clock=CLOCK))
    key_id = journal.key_of_file(db_path)
    assert key_id is not None
    closed(database, db_path)
    monkeypatch.setenv(record_key.KEY_FOLDER_ENV, str(tmp_path / "a new computer's keys"))
    record_key.forget_cached_keys()
    try:
        context = open_context(str(db_path), interactive=False, clock=CLOCK)
        assert context is not None and context.loaded  # the full opening, not a first look
        context.account = sign_in_through_dialog(context, CLERK_LOGIN, CLERK_PASSWORD)
        window = MainWindow(context)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        reason = key_missing(db_path, key_id)
        assert window.read_only_banner.isVisible()
        assert window.read_only_banner.text() == reason.sentence
        assert "cannot be verified or changed on this computer" in reason.sentence
        action = window.findChild(QAction, "actionNew")
        assert action is not None and not action.isEnabled()
        case = window.open_case(1)  # read, its actions offered disabled
        assert case is not None
        assert case.reasons.text().startswith(f"⊘ Not possible now — {reason.problem[:60]}")
        case.close()
        window.close()
        context.database.dispose()
    finally:
        record_key.forget_cached_keys()


def _checked_again(database: Database, monkeypatch: pytest.MonkeyPatch,
                   found: list[str]) -> threading.Event:
    """The database's opening check started again, as on a large file: still reading it until
    the event is set, then answering ``found``."""
    release = threading.Event()

    def held(path: Path) -> list[str]:
        release.wait(timeout=60)
        return found

    monkeypatch.setattr(read_only, "QUICK_CHECK_IN_BACKGROUND_BYTES", 0)
    monkeypatch.setattr(read_only, "quick_check", held)
    database._quick_check = None
    database.start_quick_check()
    return release


def test_a_damage_the_opening_check_finds_after_the_sign_in_is_shown_when_it_is_found(
        qtbot: QtBot, database: Database, db_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    found = ["Page 7: btreeInitPage() returns error code 11"]
    release = _checked_again(database, monkeypatch, found)
    try:
        context = signed_in_context(database, CLERK_LOGIN, CLERK_PASSWORD)  # did not wait
        assert database.checking
        window = MainWindow(context)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        assert database.checking and not window.read_only_banner.isVisible()
        release.set()
        qtbot.waitUntil(window.read_only_banner.isVisible, timeout=10_000)
        assert window.read_only_banner.text() == damaged(db_path, found).sentence
        action = window.findChild(QAction, "actionNew")
        assert action is not None and not action.isEnabled()
    finally:
        release.set()


def test_the_sign_in_queued_during_the_opening_check_is_written_once_the_check_holds(
        qtbot: QtBot, database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    release = _checked_again(database, monkeypatch, [])
    try:
        context = signed_in_context(database, CLERK_LOGIN, CLERK_PASSWORD)
        window = MainWindow(context)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        assert [p.action for p in queued_records.waiting(database.url)] == ["account.sign_in"]
        release.set()
        qtbot.waitUntil(lambda: not queued_records.waiting(database.url), timeout=10_000)
        assert not window.read_only_banner.isVisible()
        with database.read_session() as session:
            signed = session.scalars(select(AuditRecord.actor).where(
                AuditRecord.action == "account.sign_in")).all()
        assert CLERK_LOGIN in signed
    finally:
        release.set()
