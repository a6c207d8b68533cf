"""A screen reader's user hears what a sighted clerk reads: every field by its label, each
table by what it lists, a refused field's problem at once, a status line when it changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from ethics_desk.ui import accessibility
from ethics_desk.ui.accessibility import StatusLine, buddy, spoken
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.intake.wizard import IntakeWizard
from tests.ui import intake_driver as drive

Heard = list[tuple[str, bool]]


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> Heard:
    """What the screen reader was told, in order, as (text, interrupts)."""
    told: Heard = []

    def send(event: QAccessibleAnnouncementEvent) -> None:
        told.append((event.message(), event.politeness()
                     == QAccessible.AnnouncementPoliteness.Assertive))

    monkeypatch.setattr(accessibility, "_send", send)
    return told


def test_a_label_is_read_without_its_alt_key_markup_or_colon() -> None:
    assert spoken("Na&me:") == "Name"
    assert spoken("<b>Unfinished &drafts</b> (double-click or Enter to resume)") == (
        "Unfinished drafts (double-click or Enter to resume)")
    assert spoken("Fish && &Chips:") == "Fish & Chips"
    assert spoken("Street or mailing\n  &address:") == "Street or mailing address"


def test_a_field_held_in_a_box_with_its_message_is_named_after_its_label(
        qtbot: QtBot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    inner = QLineEdit(holder)
    label = QLabel("Civil &penalty, dollars:", holder)
    buddy(label, holder)
    assert label.buddy() is holder
    assert inner.accessibleName() == "Civil penalty, dollars"
    named = QLineEdit()
    qtbot.addWidget(named)
    named.setAccessibleName("Search the provisions")
    buddy(QLabel("&Provisions:"), named)
    assert named.accessibleName() == "Search the provisions"  # its own name is kept


def test_every_field_of_the_complainant_step_is_named_after_its_label(
        qtbot: QtBot, context: AppContext) -> None:
    wizard = IntakeWizard(context)
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.currentPage()
    assert [page.name.accessibleName(), page.address.accessibleName(),
            page.phone.accessibleName(), page.email.accessibleName()] == [
        "Name", "Street or mailing address", "Telephone", "E-mail (optional)"]


def test_a_refused_step_tells_its_problems_at_once_and_each_field_keeps_its_own(
        qtbot: QtBot, context: AppContext, heard: Heard) -> None:
    wizard = IntakeWizard(context)
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    drive.next_page(qtbot, wizard)  # nothing typed: the step is refused
    page = wizard.currentPage()
    assert wizard.currentId() == 0
    assert heard and heard[-1][1], heard  # an interruption, as a refusal should be
    text = heard[-1][0]
    assert text.startswith(("1 problem to fix: ", f"{text.split(' ')[0]} problems to fix: "))
    assert page.name.accessibleDescription() and page.name.accessibleDescription() in text
    drive.fill_complainant(qtbot, wizard)
    drive.next_page(qtbot, wizard)
    assert wizard.currentId() == 1
    assert page.name.accessibleDescription() == ""  # fixed: the problem is gone


def test_a_status_line_is_heard_each_time_it_says_something_new(
        qtbot: QtBot, heard: Heard) -> None:
    line = StatusLine()
    qtbot.addWidget(line)
    line.setText("Saved <b>2</b> change(s).")
    line.setText("Saved <b>2</b> change(s).")
    line.setText("")
    refusal = StatusLine(urgent=True)
    qtbot.addWidget(refusal)
    refusal.setText("The printer is offline.")
    assert heard == [("Saved 2 change(s).", False), ("The printer is offline.", True)]


def test_the_settings_screen_says_aloud_that_its_changes_were_saved(
        qtbot: QtBot, context: AppContext, heard: Heard) -> None:
    from ethics_desk.ui.screens.settings_screen import SettingsScreen

    screen = SettingsScreen(context)
    qtbot.addWidget(screen)
    screen.show()
    screen.save()
    assert heard and heard[-1] == (screen.status.text(), False)


def test_each_table_of_the_case_window_is_named_after_what_it_lists(
        qtbot: QtBot, demo_context: AppContext, tmp_path: Path) -> None:
    from ethics_desk.ui.case.case_window import CaseWindow
    from tests.ui.window_tour import _mailed_case

    window = CaseWindow(demo_context, _mailed_case(demo_context))
    qtbot.addWidget(window)
    names = {view.objectName(): view.accessibleName()
             for view in (window.documents_view, window.deadlines_view, window.timeline_view,
                          window.papers.kinds_view, window.papers.issued_view,
                          window.papers.mailings_view)}
    assert names == {
        "documentsView": "Documents of the case", "deadlinesView": "Deadlines of the case",
        "timelineView": "History of the case", "kindsView": "Documents that apply now",
        "issuedView": "Papers issued in this case", "mailingsView": "Papers mailed in this case"}


def test_the_drafts_list_is_named_in_words_not_markup(
        qtbot: QtBot, context: AppContext) -> None:
    from ethics_desk.ui.screens.new_complaint import NewComplaintScreen

    screen = NewComplaintScreen(context)
    qtbot.addWidget(screen)
    assert screen.drafts.accessibleName() == (
        "Unfinished drafts (double-click or Enter to resume)")


def test_each_new_step_of_the_wizard_is_announced_by_its_number_and_title(
        qtbot: QtBot, context: AppContext, heard: Heard) -> None:
    wizard = IntakeWizard(context)
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    drive.fill_complainant(qtbot, wizard)
    drive.next_page(qtbot, wizard)
    assert ("Step 2 of 8: 2. The respondents — § 2-83(c)(3)–(4)", False) in heard


def test_a_saved_action_is_announced_with_the_case_state_it_led_to(
        qtbot: QtBot, context: AppContext, heard: Heard) -> None:
    from ethics_desk.workflow.controller import WorkflowController
    from tests.conftest import CLOCK
    from tests.factories import filed_case
    from tests.ui.test_case_window import _act, _save, _window

    case_id = filed_case(WorkflowController.unrestricted(context.database, "Maria Clerk", clock=CLOCK))
    window = _window(qtbot, context, case_id)
    _save(qtbot, _act(qtbot, window, "forward_for_review"))
    assert window.case is not None and window.case.state.value == "under_review"
    assert (f"Saved. {window.case.number} is now {window.case.state.label}.", False) in heard
