"""The Papers tab's lists show each recipient's name whole at the desk's size: the paper's
title, long, is the column that gives way (shortened at its end, whole in the tooltip)."""

from __future__ import annotations

from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from ethics_desk.documents.issuing import issue
from ethics_desk.mail.ledger import record_mailing
from ethics_desk.models import MailMethod
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.context import AppContext
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import filed_case


def _whole(view: QTableView, column: int) -> list[str]:
    """The texts of ``column`` that do not fit their cell."""
    model, metrics = view.model(), view.fontMetrics()
    width = view.horizontalHeader().sectionSize(column)
    texts = [str(model.index(row, column).data()) for row in range(model.rowCount())]
    return [text for text in texts if metrics.horizontalAdvance(text) + 8 > width]


def test_the_recipients_of_issued_and_mailed_papers_are_shown_whole(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    ref = issue(context.database, case_id, "receipt", account=context.signed_in,
                clock=context.clock)
    record_mailing(context.database, ref.document_id, recipient_name=ref.recipient,
                   recipient_role="complainant", recipient_ref="complainant",
                   address="411 W. Nueva St.", method=MailMethod.FIRST_CLASS,
                   mailed_on=context.today(), account=context.signed_in, clock=context.clock)
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    window.resize(1100, 780)
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentWidget(window.papers)
    panel = window.papers
    panel.refresh()
    qtbot.waitUntil(lambda: panel.issued.rowCount() == 1 and panel.mailings.rowCount() == 1)
    assert _whole(panel.issued_view, 1) == []  # Recipient
    assert _whole(panel.mailings_view, 1) == []  # To
    assert not panel.issued_view.horizontalScrollBar().isVisible()
