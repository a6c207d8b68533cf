"""Signing out and the idle lock at a shared counter computer (§ 2-83(h)): File → Sign out and
the lock close every case and show the sign-in dialog, where the same person or another signs
in; the window is then built for that person's role and opens on their own last screen, and an
intake's typing is kept as a draft."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.core.roles import Role
from ethics_desk.intake.drafts import list_drafts
from ethics_desk.models import AuditRecord
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.desk import Desk
from ethics_desk.ui.main_window import SCREENS, MainWindow
from ethics_desk.ui.sign_in import SignInDialog
from ethics_desk.workflow.controller import WorkflowController
from tests.ui.conftest import CLERK_PASSWORD, type_keys

DEMO_PASSWORD = "demo"


@pytest.fixture
def desks() -> Iterator[list[Desk]]:
    """The desks a test makes; whatever they still show is closed after it."""
    made: list[Desk] = []
    yield made
    for desk in made:
        for dialog in (desk.sign_in_dialog, desk.lock.dialog):
            if dialog is not None:
                dialog.finished.disconnect()
                dialog.close()
        if desk.window is not None:
            desk.window.closed.disconnect()
            desk.stop()
            desk.window.close()
        app = QApplication.instance()
        assert app is not None
        app.removeEventFilter(desk.lock)


def _desk(desks: list[Desk], context: AppContext, minutes: int = 0) -> Desk:
    desk = Desk(context, lock_minutes=minutes, starts=False)
    desks.append(desk)
    desk.open_window()
    return desk


def _action(window: MainWindow, name: str) -> QAction:
    action = window.findChild(QAction, name)
    assert isinstance(action, QAction)
    return action


def _shown_text() -> list[str]:
    """Everything a person or a screen reader can read in the application's shown widgets."""
    texts: list[str] = []
    for widget in QApplication.allWidgets():
        if not widget.isVisible():
            continue
        texts += [widget.windowTitle(), widget.accessibleName(), widget.accessibleDescription(),
                  widget.toolTip()]
        if isinstance(widget, QLabel | QAbstractButton | QLineEdit):
            texts.append(widget.text())
    return texts


def _sign_in(qtbot: QtBot, dialog: SignInDialog, login: str, password: str) -> None:
    """Type a login and a password into the sign-in (or locked) dialog and press Enter."""
    dialog.login.clear()
    type_keys(dialog.login, login)
    type_keys(dialog.password, password)
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)


def _visible_windows() -> list[QWidget]:
    return [w for w in QApplication.topLevelWidgets() if w.isVisible()]


def _sign_outs(database: Database, login: str) -> list[AuditRecord]:
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord).where(
            AuditRecord.action == "account.sign_out", AuditRecord.actor == login)).all())


def test_signing_out_hides_every_case_and_closes_the_case_windows(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    from tests.factories import filed_case

    case_id = filed_case(controller)
    desks: list[Desk] = []
    desk = _desk(desks, context)
    window = desk.window
    assert window is not None
    case_window = window.open_case(case_id)
    assert case_window is not None and case_window.isVisible()
    assert any("ERB-2026-001" in text for text in _shown_text())
    sign_out = _action(window, "actionSignOut")
    assert sign_out.shortcut().toString() == "Ctrl+L"
    sign_out.trigger()
    assert not case_window.isVisible() and not window.isVisible()
    assert desk.window is None and context.account is None
    dialog = desk.sign_in_dialog
    assert dialog is not None and _visible_windows() == [dialog]
    assert not any("ERB-2026-001" in text for text in _shown_text())
    [record] = _sign_outs(database, "maria")
    assert record.summary == "Maria Clerk (maria) signed out"
    dialog.finished.disconnect()
    dialog.close()


def test_the_next_persons_role_decides_the_window_and_each_opens_on_their_own_last_screen(
        qtbot: QtBot, demo_context: AppContext, desks: list[Desk]) -> None:
    desk = _desk(desks, demo_context)
    clerks = desk.window
    assert clerks is not None and clerks.new_action.isVisible()
    clerks.go("mail")
    _action(clerks, "actionSignOut").trigger()
    assert desk.sign_in_dialog is not None
    _sign_in(qtbot, desk.sign_in_dialog, "auditor", DEMO_PASSWORD)
    auditors = desk.window
    assert auditors is not None and auditors is not clerks and auditors.isVisible()
    shown = {key for row, key in enumerate(SCREENS)
             if not auditors.navigation.item(row).isHidden()}
    assert shown == {"inbox", "calendar", "audit"}  # the Compliance Auditor's, no others
    assert not auditors.new_action.isVisible()
    assert not _action(auditors, "actionAccounts").isVisible()
    assert auditors.current_screen() == "inbox"  # not the clerk's Mail
    assert "Compliance Auditor" in auditors.staff_label.text()
    auditors.go("calendar")
    _action(auditors, "actionSignOut").trigger()
    assert desk.sign_in_dialog is not None
    _sign_in(qtbot, desk.sign_in_dialog, "maria", CLERK_PASSWORD)
    again = desk.window
    assert again is not None and again.current_screen() == "mail"  # the clerk's own
    assert again.new_action.isVisible()
    _action(again, "actionSignOut").trigger()
    assert desk.sign_in_dialog is not None
    _sign_in(qtbot, desk.sign_in_dialog, "auditor", DEMO_PASSWORD)
    assert desk.window is not None and desk.window.current_screen() == "calendar"


def test_the_idle_lock_hides_every_window_until_the_same_persons_password(
        qtbot: QtBot, context: AppContext, desks: list[Desk]) -> None:
    desk = _desk(desks, context, minutes=10)
    window = desk.window
    assert window is not None
    window.go("calendar")
    desk.lock.lock()
    dialog = desk.lock.dialog
    assert dialog is not None and dialog.isVisible() and _visible_windows() == [dialog]
    assert dialog.login.text() == "maria" and not dialog.login.isReadOnly()
    type_keys(dialog.password, CLERK_PASSWORD)
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    assert desk.window is window and window.isVisible()  # as it was
    assert window.current_screen() == "calendar" and not desk.lock.locked


def test_another_person_signs_in_at_the_lock_and_the_first_ones_intake_is_kept_as_a_draft(
        qtbot: QtBot, demo_context: AppContext, demo_database: Database,
        desks: list[Desk]) -> None:
    desk = _desk(desks, demo_context, minutes=10)
    clerks = desk.window
    assert clerks is not None
    clerk = demo_context.signed_in
    clerks.open_intake(None)
    wizard = clerks.wizard
    assert wizard is not None and wizard.isVisible()
    type_keys(wizard.currentPage().name, "Lorenzo Typed-Before-The-Lock")  # type: ignore[attr-defined]
    desk.lock.lock()
    assert not wizard.isVisible()
    assert desk.lock.dialog is not None
    _sign_in(qtbot, desk.lock.dialog, "chair", DEMO_PASSWORD)
    chairs = desk.window
    assert chairs is not None and chairs is not clerks and chairs.isVisible()
    assert demo_context.signed_in.role is Role.CHAIR
    assert not clerks.isVisible() and not wizard.isVisible()
    shown = {key for row, key in enumerate(SCREENS) if not chairs.navigation.item(row).isHidden()}
    assert shown == {"inbox", "calendar", "board"}
    assert not chairs.new_action.isVisible()
    drafts = list_drafts(demo_database, account=clerk)
    assert "Lorenzo Typed-Before-The-Lock" in [d.complainant for d in drafts]
    [record] = _sign_outs(demo_database, "maria")
    assert record.summary == "Maria Clerk (maria) signed out"
    assert "another person signed in at the idle lock" in str(record.detail)


def test_sign_out_at_the_lock_closes_everything_and_asks_who_is_next(
        qtbot: QtBot, context: AppContext, database: Database, desks: list[Desk]) -> None:
    desk = _desk(desks, context, minutes=10)
    desk.lock.lock()
    dialog = desk.lock.dialog
    assert dialog is not None
    qtbot.mouseClick(dialog.quit_button, Qt.MouseButton.LeftButton)
    assert desk.window is None and context.account is None
    assert desk.sign_in_dialog is not None and _visible_windows() == [desk.sign_in_dialog]
    assert len(_sign_outs(database, "maria")) == 1
