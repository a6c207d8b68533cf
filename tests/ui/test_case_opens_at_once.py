"""A case opens in one frame after its rows are read: read once, each tab but the summary built
when it is first chosen (its label and Alt-key there from the start, its letters kept from the
workflow buttons), and each tab that lists more of the case (its papers, its witnesses, the
papers entered into a hearing's record) read only when it is first shown."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from ethics_desk.cases import case_file, hearing_record, witnesses
from ethics_desk.ui.case import case_window as case_window_module
from ethics_desk.ui.case import papers_panel
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.case.papers_panel import PapersPanel
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.mnemonics import mnemonic_of, window_mnemonics
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import filed_case, reviewed_case


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each reading of a case was made."""
    counted: Counter[str] = Counter()

    def counting(name: str, read: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counted[name] += 1
            return read(*args, **kwargs)
        return wrapper

    for module, name, label in ((case_file, "load_case", "case"),
                                (case_window_module, "load_case", "case"),
                                (papers_panel, "papers_offered", "papers"),
                                (witnesses, "witnesses", "witnesses"),
                                (hearing_record, "entries", "hearing record")):
        monkeypatch.setattr(module, name, counting(label, getattr(module, name)))
    return counted


def test_a_case_opened_from_the_main_window_is_read_once(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        reads: Counter[str]) -> None:
    case_id = filed_case(controller)
    window = MainWindow(context)
    qtbot.addWidget(window)
    opened = window.open_case(case_id)
    assert isinstance(opened, CaseWindow)
    qtbot.addWidget(opened)
    assert reads["case"] == 1  # the opening, audited, is what the window shows
    assert opened.case is not None and opened.case.number in opened.windowTitle()


def test_the_tabs_nobody_has_looked_at_are_read_when_first_shown(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        reads: Counter[str]) -> None:
    window = CaseWindow(context, filed_case(controller))
    qtbot.addWidget(window)
    assert reads["papers"] == reads["witnesses"] == reads["hearing record"] == 0
    assert not window.papers.kinds.rows()
    window.show()
    qtbot.waitExposed(window)
    assert reads["papers"] == reads["witnesses"] == reads["hearing record"] == 0  # on Summary
    window.tabs.setCurrentWidget(window.papers)
    assert reads["papers"] == 1 and window.papers.kinds.rows()  # a filed case's receipt
    window.tabs.setCurrentWidget(window.witnesses)
    assert reads["witnesses"] == 1 and window.witnesses.identified_by.count() > 0
    window.tabs.setCurrentIndex(window.tabs.indexOf(window.documents_view.parentWidget()))
    assert reads["hearing record"] == 1


def test_a_tab_not_yet_shown_still_offers_only_what_the_role_may_do(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    window = CaseWindow(context, filed_case(controller))
    qtbot.addWidget(window)
    assert not window.witnesses.remove_button.isEnabled()  # nothing listed to take off yet
    assert not window.hearing_record.remove_button.isEnabled()
    assert not window.papers.issue_button.isEnabled()  # nothing previewed


LATER = ("documents", "papers", "witnesses", "reviews", "deadlines", "history", "notes",
         "access")
"""The case window's tabs whose widgets are built when the tab is first chosen."""


def test_a_case_window_opens_with_every_tab_labelled_and_only_the_summary_built(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    window = CaseWindow(context, filed_case(controller))
    qtbot.addWidget(window)
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "&Summary", "&Documents", "&Papers", "Witn&esses", "Re&views", "Dead&lines",
        "&History", "&Notes", "A&ccess"]
    assert not any(window.pages.is_built(name) for name in LATER)
    assert window.findChildren(PapersPanel) == []
    assert window.findChild(QTableView) is None  # no table of a tab nobody has chosen
    named = [window.tabs.widget(i).accessibleName() for i in range(window.tabs.count())]
    assert named[2:4] == ["Papers", "Witnesses"]


def test_clicking_a_tab_builds_its_widgets_then_shows_them_with_the_tab_still_chosen(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        reads: Counter[str]) -> None:
    window = CaseWindow(context, filed_case(controller))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    chosen: list[int] = []
    window.tabs.currentChanged.connect(chosen.append)
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(2).center())
    assert chosen == [2] and window.tabs.currentIndex() == 2
    assert window.pages.is_built("papers") and not window.pages.is_built("witnesses")
    panel = window.tabs.currentWidget()
    assert isinstance(panel, PapersPanel) and panel is window.papers
    qtbot.waitUntil(lambda: reads["papers"] == 1 and bool(panel.kinds.rows()))
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(0).center())
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(2).center())
    assert window.tabs.currentWidget() is panel  # built once, read again as it comes into view
    assert window.findChildren(PapersPanel) == [panel] and chosen == [2, 0, 2]


def test_a_tab_built_later_shows_the_case_as_last_read(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    window = CaseWindow(context, filed_case(controller))
    qtbot.addWidget(window)
    assert window.case is not None
    assert window.timeline_view.model().rowCount() == len(window.case.timeline) > 0
    assert window.deadlines_view.model().rowCount() == len(window.case.deadlines)
    assert window.explanation.toPlainText().startswith("Select a deadline")
    assert window.documents_view.model().rowCount() == len(window.case.documents)
    assert window.open_button.isEnabled() == any(d.attachment_id for d in window.case.documents)
    assert window.notes.model.rows() == list(window.case.notes)
    assert "Not yet forwarded for review" in window.reviews.toPlainText()


@pytest.mark.parametrize("name", LATER)
def test_each_tab_built_later_declares_the_alt_keys_its_controls_use(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, name: str) -> None:
    window = CaseWindow(context, filed_case(controller))
    qtbot.addWidget(window)
    page = window.pages.page(name)
    assert window.pages.keys_of(name) == set(window_mnemonics(page, shown_only=False))


@pytest.mark.parametrize("make", [filed_case, reviewed_case], ids=["filed", "reviewed"])
def test_the_workflow_buttons_get_the_alt_keys_they_would_with_every_tab_built(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        make: Callable[[WorkflowController], int]) -> None:
    window = CaseWindow(context, make(controller))
    qtbot.addWidget(window)
    before = {event: button.text() for event, button in window.action_buttons.items()}
    assert before and all(mnemonic_of(text) for text in before.values())
    window.pages.build_all()
    window.reload()
    assert {event: button.text() for event, button in window.action_buttons.items()} == before


def test_a_case_opened_from_the_main_window_is_read_with_its_warnings_in_one_read(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        monkeypatch: pytest.MonkeyPatch) -> None:
    case_id = filed_case(controller)
    window = MainWindow(context)
    qtbot.addWidget(window)
    database = context.database
    sessions: list[str] = []
    read_session = database.read_session

    def counted() -> Any:
        sessions.append("read")
        return read_session()

    monkeypatch.setattr(database, "read_session", counted)
    opened = window.open_case(case_id)
    assert isinstance(opened, CaseWindow)
    qtbot.addWidget(opened)
    # the case with its header's warnings (members who are parties, papers stating a wrong
    # date), then the steps the controller allows now: nothing else is read to open it
    assert len(sessions) == 2
