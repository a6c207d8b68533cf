"""The papers and mail screenshot tour: a case window's Papers tab with the (e) notice
previewed, then issued, and the Mail screen with a queued notice and a returned receipt, then
after its envelopes were printed; saved as PNG when ``ETHICS_DESK_SCREENSHOTS`` is set, and
always checked to render at a usable size."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from ethics_desk.mail.batch import BatchPaper
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.mail_screen import MailScreen
from ethics_desk.workflow.controller import WorkflowController
from tests.ui.test_case_documents import forwarded_case
from tests.ui.test_mail_screen import pdf_printer, returned_receipt
from tests.ui.test_screenshot_tour import shoot


def _no_message(box: QMessageBox) -> int:
    raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")


def test_tour_of_the_papers_and_the_mail(qtbot: QtBot, context: AppContext,
                                         controller: WorkflowController,
                                         monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    monkeypatch.setattr(QMessageBox, "exec", _no_message)
    case_id = forwarded_case(controller)
    returned_receipt(context, case_id)
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    window.resize(1100, 780)
    window.show()
    qtbot.waitExposed(window)
    panel = window.papers
    window.tabs.setCurrentWidget(panel)
    panel.choose_kind("respondent-notice")
    panel.code_way.setText("handed over at the counter")  # no Code stored (§ 2-83(e))
    assert panel.preview() is not None
    shoot(window, "papers-1-notice-previewed", qtbot)
    assert panel.issue() is not None
    assert panel.reprint() is not None
    shoot(window, "papers-2-notice-issued", qtbot)

    screen = MailScreen(context)
    qtbot.addWidget(screen)
    screen.resize(990, 720)  # the main window's stack at its first-run size
    screen.show()
    qtbot.waitExposed(screen)
    assert screen.queue.rowCount() == 1 and screen.returned.rowCount() == 1
    screen.select_document(screen.queue.rows()[0].document_id)
    shoot(screen, "mail-1-queue-and-returned")
    batch = screen.print_batch(BatchPaper.ENVELOPES, pdf_printer(tmp_path / "envelopes.pdf"))
    assert batch is not None
    with qtbot.waitSignal(batch.finished, timeout=20_000):
        pass
    assert "Sent the #10 envelopes to the printer" in screen.status.text()
    shoot(screen, "mail-2-envelopes-sent")
    window.close()
