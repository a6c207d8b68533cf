"""Signing in at the desk: the dialog, the wait after wrong passwords, the first
Administrator, a reset password, and what each role's window offers and lists
(§ 2-83(d), (h)(1): a person who may not see a case cannot tell it exists)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.cases.inbox import ALL_CASES, saved_view
from ethics_desk.core.permissions import BOARD, Reach, may_see, reach_of
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import CaseState
from ethics_desk.models import AuditRecord, Complaint
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import SCREENS, MainWindow
from ethics_desk.ui.sign_in import SignInDialog
from tests.conftest import NOW
from tests.ui.conftest import (
    CLERK_PASSWORD,
    make_account,
    sign_in_through_dialog,
    signed_in_context,
    type_keys,
)

DEMO_PASSWORD = "demo"


def _dialog(qtbot: QtBot, context: AppContext, login: str, password: str) -> SignInDialog:
    dialog = SignInDialog(context)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.login.clear()
    type_keys(dialog.login, login)
    type_keys(dialog.password, password)
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    return dialog


@pytest.mark.sqlite_file  # a file's Argon2 and growing delay; the server's: test_accounts_on_server
def test_five_wrong_passwords_make_the_next_try_wait_seconds_never_lock_the_account(
        qtbot: QtBot, database: Database) -> None:
    make_account(database, "maria", "Maria Clerk", Role.CLERK)
    moment = [NOW]
    context = AppContext(database, clock=lambda: moment[0])
    for seconds in (1, 2, 4, 8, 16):
        dialog = _dialog(qtbot, context, "maria", "not the password")
        assert dialog.account is None
        assert dialog.message.text().startswith("The login or the password is not right. "
                                                f"Wait {seconds} second(s)")
        assert dialog.password.text() == ""  # emptied; the login is kept
        assert dialog.login.text() == "maria"
        moment[0] += timedelta(seconds=seconds)
    dialog = _dialog(qtbot, context, "maria", CLERK_PASSWORD)
    assert dialog.account is not None and dialog.account.login == "maria"


@pytest.mark.sqlite_file  # a file's Argon2 and growing delay; the server's: test_accounts_on_server
def test_an_unknown_login_gets_the_answer_a_wrong_password_gets(
        qtbot: QtBot, database: Database) -> None:
    make_account(database, "maria", "Maria Clerk", Role.CLERK)
    context = AppContext(database, clock=lambda: NOW)
    wrong = _dialog(qtbot, context, "maria", "not the password")
    unknown = _dialog(qtbot, context, "nobody", "not the password")
    assert wrong.account is None and unknown.account is None
    assert wrong.message.text() == unknown.message.text()


def test_the_first_sign_in_on_an_empty_database_creates_its_administrator(
        qtbot: QtBot, database: Database) -> None:
    context = AppContext(database, clock=lambda: NOW)
    dialog = SignInDialog(context)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.first and dialog.name.isVisible() and dialog.again.isVisible()
    type_keys(dialog.name, "Ada Admin")
    dialog.login.clear()
    type_keys(dialog.login, "ada")
    type_keys(dialog.password, "a long passphrase")
    type_keys(dialog.again, "a long passphrase")
    qtbot.keyClick(dialog.again, Qt.Key.Key_Return)
    assert dialog.account is not None and dialog.account.role is Role.ADMIN
    assert dialog.account.display == "Ada Admin (ada)"


def test_a_password_an_administrator_reset_is_changed_before_the_desk_opens(
        qtbot: QtBot, database: Database) -> None:
    from ethics_desk.staff import accounts
    from ethics_desk.ui.sign_in import ChangePasswordDialog

    make_account(database, "maria", "Maria Clerk", Role.CLERK)
    admin = next(a for a in accounts.list_accounts(database) if a.role is Role.ADMIN)
    accounts.reset_password(database, "maria", "given by the administrator", by=admin,
                            clock=lambda: NOW)
    context = AppContext(database, clock=lambda: NOW)

    def choose_new_password() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets()
                      if isinstance(w, ChangePasswordDialog) and w.isVisible())
        type_keys(dialog.old, "given by the administrator")
        type_keys(dialog.new, "my very own passphrase")
        type_keys(dialog.again, "my very own passphrase")
        qtbot.keyClick(dialog.again, Qt.Key.Key_Return)

    QTimer.singleShot(100, choose_new_password)
    dialog = _dialog(qtbot, context, "maria", "given by the administrator")
    assert dialog.account is not None and not dialog.account.must_change_password
    again = sign_in_through_dialog(context, "maria", "my very own passphrase")
    assert again.login == "maria"


# -- each role's window ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def demo_db(demo_template: object, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """One copy of the demonstration for the module (its accounts: one per role, "demo")."""
    yield from demo_template.copy(tmp_path_factory.mktemp("roles"))  # type: ignore[attr-defined]


def _role_window(qtbot: QtBot, database: Database, role: Role) -> MainWindow:
    window = MainWindow(signed_in_context(database, role.value, DEMO_PASSWORD))
    qtbot.addWidget(window)
    window.show()
    return window


EXPECTED_SCREENS: dict[Role, set[str]] = {
    Role.CLERK: set(SCREENS) - {"retention", "requests", "audit"},
    Role.AUDITOR: {"inbox", "calendar", "audit"},  # the trail of the cases they receive
    Role.ATTORNEY: {"inbox", "calendar", "retention", "requests"},  # holds; the Act's requests
    Role.CHAIR: {"inbox", "calendar", "board"},
    Role.VICE_CHAIR: {"inbox", "calendar", "board"},
    Role.MEMBER: {"inbox", "calendar", "board"},
    Role.RECORDS: {"inbox", "calendar", "retention", "requests", "audit"},
    Role.ADMIN: {"inbox", "calendar", "audit", "statistics"},
}


@pytest.mark.parametrize("role", list(Role))
def test_each_role_sees_the_screens_of_its_work_and_no_others(
        qtbot: QtBot, demo_db: Database, role: Role) -> None:
    window = _role_window(qtbot, demo_db, role)
    shown = {key for row, key in enumerate(SCREENS) if not window.navigation.item(row).isHidden()}
    assert shown == EXPECTED_SCREENS[role]
    for key in set(SCREENS) - shown:
        window.go(key)  # Ctrl+number, a remembered screen: the inbox instead
        assert window.current_screen() == "inbox"
    assert window.new_action.isVisible() is (role is Role.CLERK)


@pytest.mark.parametrize("role", list(Role))
def test_each_roles_inbox_lists_exactly_the_complaints_it_receives(
        qtbot: QtBot, demo_db: Database, role: Role) -> None:
    window = _role_window(qtbot, demo_db, role)
    inbox = window.inbox_screen
    listed = set(inbox.query.ids(saved_view(ALL_CASES)))
    account = window.context.signed_in
    with demo_db.read_session() as session:
        from ethics_desk.staff.scope import receives

        every = session.scalars(select(Complaint)).all()
        expected = {c.id for c in every if receives(session, account, c)}
        states = {c.id: c.state for c in every}
    assert listed == expected
    if role is Role.MEMBER:
        assert listed and all(reach_of(states[i], reached_the_board=True)
                              is Reach.BEFORE_THE_BOARD for i in listed)
    if role in (Role.RECORDS, Role.ADMIN):
        assert listed == set()
    assert inbox.query.count(saved_view(ALL_CASES)) == len(listed)  # counts tell nothing more


@pytest.mark.parametrize("role", [r for r in Role if r is not Role.CLERK])
def test_a_case_the_role_may_not_see_answers_as_one_that_does_not_exist(
        qtbot: QtBot, demo_db: Database, role: Role, monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.ui import errors

    window = _role_window(qtbot, demo_db, role)
    account = window.context.signed_in
    with demo_db.read_session() as session:
        from ethics_desk.staff.scope import receives

        hidden = next(c.id for c in session.scalars(select(Complaint).order_by(Complaint.id))
                      if not receives(session, account, c))
        missing = (session.scalar(select(Complaint.id).order_by(Complaint.id.desc())) or 0) + 1000
    told: list[str] = []
    monkeypatch.setattr(errors, "show_user_error",
                        lambda parent, error, title="": told.append(
                            f"{title}|{error.problem}|{error.fix}"))
    for case_id in (hidden, missing):
        assert window.open_case(case_id) is None  # no window, so no part of one reads anything
    assert len(told) == 2
    assert told[0].replace(str(hidden), "N") == told[1].replace(str(missing), "N")
    with demo_db.read_session() as session:
        opened_hidden = session.scalars(select(AuditRecord).where(
            AuditRecord.complaint_id == hidden, AuditRecord.action == "view.case",
            AuditRecord.actor == account.display)).all()
    assert opened_hidden == []  # nothing was read, so nothing to record


def test_a_board_member_who_is_a_respondent_never_receives_that_complaint_as_a_member(
        qtbot: QtBot, demo_db: Database) -> None:
    with demo_db.read_session() as session:
        complaint = session.scalars(select(Complaint).where(
            Complaint.state == CaseState.AWAITING_RESPONSE)).first()
        assert complaint is not None and complaint.respondents
        respondent = complaint.respondents[0].name
        case_id = complaint.id
    make_account(demo_db, "respmember", respondent, Role.MEMBER, "a member's passphrase")
    context = signed_in_context(demo_db, "respmember", "a member's passphrase")
    assert may_see(Role.MEMBER, Reach.BEFORE_THE_BOARD)  # a member receives such a case …
    window = MainWindow(context)
    qtbot.addWidget(window)
    listed = set(window.inbox_screen.query.ids(saved_view(ALL_CASES)))
    assert case_id not in listed  # … but not as a member when they are its respondent
    assert listed  # the Board's other complaints they do receive
    assert Role.MEMBER in BOARD


def test_a_reviewer_records_only_their_own_review(demo_db: Database) -> None:
    from ethics_desk.core.errors import NotAllowed
    from ethics_desk.core.vocabulary import ReviewerRole
    from ethics_desk.workflow import RecordReview

    context = signed_in_context(demo_db, "auditor", DEMO_PASSWORD)
    with demo_db.read_session() as session:
        case_id = session.scalar(select(Complaint.id).where(
            Complaint.state == CaseState.UNDER_REVIEW))
    assert case_id is not None
    with pytest.raises(NotAllowed, match="only your own review"):
        context.controller().fire(case_id, RecordReview(role=ReviewerRole.CITY_ATTORNEY))


def test_a_records_officer_cannot_fire_the_clerks_events_and_is_told_who_may(
        demo_db: Database) -> None:
    context = signed_in_context(demo_db, "records", DEMO_PASSWORD)
    with demo_db.read_session() as session:
        case_id = session.scalar(select(Complaint.id).where(Complaint.state == CaseState.FILED))
    assert case_id is not None
    with pytest.raises(Exception, match="There is no complaint with id"):
        context.controller().available_events(case_id)  # they do not even receive it
    clerk = signed_in_context(demo_db, "clerk", DEMO_PASSWORD)
    chair = signed_in_context(demo_db, "chair", DEMO_PASSWORD)
    with demo_db.read_session() as session:
        under_review = session.scalar(select(Complaint.id).where(
            Complaint.state == CaseState.UNDER_REVIEW))
    assert under_review is not None
    options = {o.event.value: o for o in chair.controller().available_events(under_review)}
    assert not options["accept"].allowed
    assert "Only the City Clerk staff may" in options["accept"].why_not
    assert any(o.allowed for o in clerk.controller().available_events(under_review))
