"""A case opens in one frame after its rows are read: read once, and each tab that lists more
of the case (its papers, its witnesses, the papers entered into a hearing's record) read only
when it is first shown."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.cases import case_file, hearing_record, witnesses
from ethics_desk.ui.case import case_window as case_window_module
from ethics_desk.ui.case import papers_panel
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import filed_case


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
