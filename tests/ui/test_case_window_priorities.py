"""The case window tells what matters first: an overdue deadline in the overdue colour with its
business days as the deadline engine counts them, the steps this person may take before the
greyed ones, the reasons in one line that unfolds, and a warning told apart from a block by its
sign, colour and words in every colour scheme."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.cases.inbox import BusinessDayCounter
from ethics_desk.core.roles import Role
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.models import Complaint, Deadline, DeadlineStatus
from ethics_desk.storage.database import Database
from ethics_desk.ui import palette
from ethics_desk.ui.case.case_window import OUTCOME, CaseWindow
from ethics_desk.ui.palette import SCHEMES, Scheme
from tests.conftest import NOW
from tests.ui.test_every_role_every_action import messages, window_as

__all__ = ["messages"]  # every message box answered at once (a fixture of every test here)

TODAY = NOW.date()


def _overdue(database: Database) -> tuple[int, Deadline, int]:
    """The demonstration's case whose next open deadline is past, that deadline, and how many
    business days past it is on the City's calendar (the engine's counter, as the inbox's)."""
    with database.read_session() as session:
        calendars = load_calendars(session)
        for complaint in session.scalars(select(Complaint).order_by(Complaint.id)):
            open_ones = sorted((d for d in session.scalars(select(Deadline).where(
                Deadline.complaint_id == complaint.id,
                Deadline.status == DeadlineStatus.OPEN))), key=lambda d: (d.due_on, d.id))
            if open_ones and open_ones[0].due_on < TODAY:
                first = open_ones[0]
                calendar = calendars.state if first.calendar == "state" else calendars.city
                left = BusinessDayCounter(calendar).days_left(TODAY, first.due_on)
                return complaint.id, first, -left
    raise AssertionError("the demonstration has an overdue deadline")


def _case_window(qtbot: QtBot, database: Database, role: Role, case_id: int) -> CaseWindow:
    window = window_as(qtbot, database, role)
    case = window.open_case(case_id)
    assert isinstance(case, CaseWindow)
    qtbot.addWidget(case)
    case.show()
    qtbot.waitExposed(case)
    return case


def test_an_overdue_deadline_says_by_how_many_business_days_in_the_overdue_colour(
        qtbot: QtBot, demo_database: Database) -> None:
    case_id, deadline, days = _overdue(demo_database)
    window = _case_window(qtbot, demo_database, Role.CLERK, case_id)
    words = f"Overdue by {days} business day{'' if days == 1 else 's'}"
    overdue = palette.colours().overdue
    assert words in window.header.text() and overdue in window.header.text()
    rows = window.deadlines.rows()
    row = next(n for n, line in enumerate(rows) if line.id == deadline.id)
    cell = window.deadlines.index(row, OUTCOME)
    assert cell.data(Qt.ItemDataRole.DisplayRole) == f"⚠ {words}"  # not a plain "Open"
    assert cell.data(Qt.ItemDataRole.ForegroundRole).name() == overdue
    for number, line in enumerate(rows):  # a clock still running says its days left, uncoloured
        if line.status is DeadlineStatus.OPEN and line.due_on > TODAY:
            later = window.deadlines.index(number, OUTCOME)
            assert "business day" in later.data(Qt.ItemDataRole.DisplayRole)
            assert later.data(Qt.ItemDataRole.ForegroundRole) is None


def test_a_reviewer_sees_their_own_steps_first_and_the_reasons_in_one_line(
        qtbot: QtBot, demo_database: Database) -> None:
    """The finding: a reviewer's case window opened under six grey lines of "Not possible
    now"; now the steps they may take lead, and the rest wait behind one line."""
    with demo_database.read_session() as session:
        case_id = session.scalars(select(Complaint.id).where(
            Complaint.state == "under_review").order_by(Complaint.id)).first()
    assert case_id is not None
    window = _case_window(qtbot, demo_database, Role.AUDITOR, case_id)
    buttons = [window.actions_row.itemAt(n).widget() for n in range(window.actions_row.count())]
    buttons = [b for b in buttons if isinstance(b, QPushButton)]
    enabled = [b.isEnabled() for b in buttons]
    assert True in enabled and False in enabled, [b.text() for b in buttons]
    assert enabled == sorted(enabled, reverse=True), "a greyed step comes before an allowed one"
    for button in buttons:
        if not button.isEnabled():
            assert button.toolTip() and button.accessibleDescription().startswith(
                "Not possible now: ")
    reasons = window.reasons
    assert reasons.isVisible() and "\n" not in reasons.text()
    assert reasons.text().startswith("⊘ Not possible now")
    assert len(reasons.text()) < 120, reasons.text()  # one line, not one per step
    assert not window.reasons_list.isVisible()
    window.why_button.click()
    assert window.reasons_list.isVisible()
    greyed = [b for b in buttons if not b.isEnabled()]
    assert window.reasons_list.text().count("⊘") == len(greyed) > 1
    assert window.why_button.accessibleName()


@pytest.mark.parametrize("scheme", list(Scheme), ids=[scheme.value for scheme in Scheme])
def test_a_warning_and_a_block_differ_in_sign_colour_and_words_in_every_scheme(
        scheme: Scheme) -> None:
    colours = SCHEMES[scheme]
    assert colours.warning != colours.error
    for name in ("warning", "error", "overdue"):
        for back in (colours.window, colours.base):
            assert palette.contrast_ratio(getattr(colours, name), back) >= 4.5, (name, back)


def test_the_header_names_a_warning_as_one_and_the_reasons_as_a_block(
        qtbot: QtBot, demo_database: Database) -> None:
    from ethics_desk.documents.stated_dates import StalePaper

    with demo_database.read_session() as session:
        case_id = session.scalars(select(Complaint.id).where(
            Complaint.state == "under_review").order_by(Complaint.id)).first()
    assert case_id is not None
    window = _case_window(qtbot, demo_database, Role.CLERK, case_id)
    issued = NOW
    window.stale = [StalePaper(1, case_id, "ERB-2026-035", "respondent-notice", "Ana Ruiz",
                               issued, issued.date(), "Respondent's sworn response",
                               date(2026, 12, 1),
                               date(2026, 12, 2))]
    assert window.case is not None
    window._show_header_and_summary(window.case)
    header = window.header.text()
    assert "⚠ Warning:" in header and palette.colours().warning in header
    assert "⊘" not in header
    assert window.reasons.text().startswith("⊘ Not possible now")
    assert window.reasons.property(palette.STYLE_PROPERTY) == "error, regular"
    assert "⚠" not in window.reasons.text()
