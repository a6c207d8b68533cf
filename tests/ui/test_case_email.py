"""The Papers tab's "Send by e-mail…": an issued paper reaches the loopback SMTP server at the
address recorded (with who gave it) from the dialog, and the ledger lists it; a refusal keeps
the dialog open with what was typed."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.mail.email import email_recipients
from ethics_desk.models import MailMethod
from ethics_desk.ui.case.papers_panel import EmailDialog, PapersPanel
from ethics_desk.ui.context import AppContext
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import DESK_CLERK
from tests.mail.smtp_server import LoopbackSMTP
from tests.mail.test_email import configure
from tests.ui.test_case_documents import RESPONDENT, forwarded_case, issue_notice


def _dialog(qtbot: QtBot, context: AppContext, controller: WorkflowController
            ) -> tuple[PapersPanel, EmailDialog, int]:
    case_id = forwarded_case(controller)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    issue_notice(panel)
    [issued] = panel.issued.rows()
    panel.select_issued(issued.document_id)
    assert panel.email_button.isEnabled()
    dialog = panel.open_email_dialog()
    assert dialog is not None
    return panel, dialog, case_id


def test_a_paper_is_sent_by_email_from_the_papers_tab_to_an_address_recorded_there(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        smtp: LoopbackSMTP) -> None:
    configure(context.database, smtp.port)
    panel, dialog, case_id = _dialog(qtbot, context, controller)
    assert dialog.recipient.currentText() == f"{RESPONDENT} (respondent)"  # as issued
    assert dialog.address.text() == ""  # none recorded at intake
    dialog.address.setText("minh.khai@example.org")
    dialog.given_by.setText("the respondent, by telephone")
    dialog.accept()
    assert dialog.result_sent is not None
    assert smtp.received[0].recipients == ["minh.khai@example.org"]
    [mailing] = panel.mailings.rows()
    assert mailing.method is MailMethod.EMAIL and mailing.address == "minh.khai@example.org"
    respondent = next(p for p in email_recipients(context.database, case_id,
                                                  account=DESK_CLERK) if p.role == "respondent")
    assert respondent.given_by == "the respondent, by telephone"


def test_an_address_without_who_gave_it_is_refused_and_nothing_is_sent(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        smtp: LoopbackSMTP, monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.ui.case import papers_panel
    from tests.ui.test_case_documents import _recording_attempt

    configure(context.database, smtp.port)
    shown: list[str] = []
    monkeypatch.setattr(papers_panel, "attempt", _recording_attempt(shown))
    panel, dialog, _case = _dialog(qtbot, context, controller)
    dialog.address.setText("minh.khai@example.org")
    dialog.accept()
    assert shown == ["Say who gave this address."]
    assert dialog.address.text() == "minh.khai@example.org"  # nothing typed is lost
    assert smtp.received == [] and panel.mailings.rows() == []
