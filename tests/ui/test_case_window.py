"""The case view, driven through its buttons and forms: § 2-83(d) and (e) from filing on."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.models import AuditRecord, CaseState, DeadlineStatus
from ethics_desk.storage.database import Database
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.case.forms import ActionDialog, DefectsTable
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.models.rows import RowsModel
from ethics_desk.workflow import ForwardForReview
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import complete_intake, filed_case, provision_id
from tests.workflow.helpers import audit_actions, case, deadlines


def _window(qtbot: QtBot, context: AppContext, case_id: int) -> CaseWindow:
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _act(qtbot: QtBot, window: CaseWindow, event: str) -> ActionDialog:
    button = window.action_buttons[event]
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.dialog
    assert isinstance(dialog, ActionDialog)
    return dialog


def _choose(dialog: ActionDialog, key: str, text: str) -> None:
    combo = dialog.inputs[key]
    assert isinstance(combo, QComboBox)
    index = combo.findText(text, Qt.MatchFlag.MatchContains)
    assert index >= 0, (key, text)
    combo.setCurrentIndex(index)


def _save(qtbot: QtBot, dialog: ActionDialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def _review_all(qtbot: QtBot, window: CaseWindow, finding: str) -> None:
    for _ in range(4):
        dialog = _act(qtbot, window, "record_review")
        combo = dialog.inputs["role"]
        combo.setCurrentIndex(1)  # the first reviewer still waiting
        _choose(dialog, "determination", finding)
        if finding == "Does not comply":
            table = dialog.inputs["defects"]
            assert isinstance(table, DefectsTable)
            table.add()
            item = table.table.cellWidget(0, 0)
            item.setCurrentIndex(item.findText("§ 2-83(c)(6)", Qt.MatchFlag.MatchStartsWith))
            table.table.cellWidget(0, 1).setText("No dates are given.")
        _save(qtbot, dialog)
        assert not dialog.isVisible(), dialog.message.text()


def test_a_case_goes_through_review_acceptance_response_and_reply(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database, tmp_path: Path) -> None:
    case_id = filed_case(controller)
    window = _window(qtbot, context, case_id)
    assert "ERB-2026-001 — Filed" in window.header.text()
    _save(qtbot, _act(qtbot, window, "forward_for_review"))
    assert case(database, case_id).state is CaseState.UNDER_REVIEW
    assert not window.action_buttons["accept"].isEnabled()
    assert "Waiting for the review" in window.action_buttons["accept"].toolTip()
    assert "Waiting for the review" in window.reasons.toolTip()  # one line; its tooltip lists
    window.why_button.click()  # and Why not? unfolds each greyed step with its reason
    assert "Waiting for the review" in window.reasons_list.text()
    reviews = deadlines(database, case_id, "review")
    assert len(reviews) == 4 and {d.due_on for d in reviews} == {date(2026, 12, 7)}
    _review_all(qtbot, window, "Substantially complies")
    assert all(d.status is DeadlineStatus.MET for d in deadlines(database, case_id, "review"))
    _save(qtbot, _act(qtbot, window, "accept"))
    assert case(database, case_id).state is CaseState.ACCEPTED
    _save(qtbot, _act(qtbot, window, "forward_to_board"))
    assert case(database, case_id).state is CaseState.AWAITING_RESPONSE
    [response] = deadlines(database, case_id, "response")
    assert (response.trigger_basis, response.due_on) == ("presumed", date(2026, 12, 17))
    dialog = _act(qtbot, window, "file_response")
    _choose(dialog, "respondent", "Nguyễn Thị Minh Khai")
    _save(qtbot, dialog)  # not ticked as sworn: refused, and the form stays with its answers
    assert dialog.isVisible() and "must be sworn" in dialog.message.text()
    dialog.inputs["sworn"].setChecked(True)
    scan = tmp_path / "sworn-response.pdf"
    scan.write_bytes(b"%PDF-1.4 response")
    dialog.inputs["scan"].load(scan)
    _save(qtbot, dialog)
    assert not dialog.isVisible()
    assert case(database, case_id).state is CaseState.RESPONSE_FILED
    with database.read_session() as session:
        from ethics_desk.models import Attachment, Filing

        [filing] = session.scalars(select(Filing).where(Filing.complaint_id == case_id))
        stored = session.get(Attachment, filing.attachment_id)
        assert stored is not None and stored.file_name == "sworn-response.pdf"
    listed = [d for d in window.documents.rows() if d.file_name == "sworn-response.pdf"]
    assert listed and listed[0].section == "Response (§ 2-83(e)(1))"
    [reply_clock] = deadlines(database, case_id, "reply")
    assert reply_clock.due_on == date(2026, 12, 10)
    dialog = _act(qtbot, window, "file_reply")
    dialog.inputs["sworn"].setChecked(True)
    _save(qtbot, dialog)
    assert case(database, case_id).state is CaseState.REPLY_FILED
    events = [a for a in audit_actions(database, case_id) if a.startswith("event.")]
    assert events == ["event.file", "event.forward_for_review", *["event.record_review"] * 4,
                      "event.accept", "event.forward_to_board", "event.file_response",
                      "event.file_reply"]
    history = [line.summary for line in window.timeline.rows()]
    assert any("Sworn reply" in s for s in history)


def test_a_defective_complaint_is_returned_from_the_case_view(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    case_id = filed_case(controller)
    window = _window(qtbot, context, case_id)
    _save(qtbot, _act(qtbot, window, "forward_for_review"))
    _review_all(qtbot, window, "Does not comply")
    assert not window.action_buttons["accept"].isEnabled()
    _save(qtbot, _act(qtbot, window, "return_defective"))
    assert case(database, case_id).state is CaseState.RETURNED_DEFECTIVE
    assert "§ 2-83(c)(6) — a statement of the facts and the dates or period of the alleged " \
        "violation: No dates are given." in window.reviews.toPlainText()


def test_a_campaign_finance_complaint_is_forwarded_and_its_cure_recorded(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    intake = complete_intake(provision_ids=[provision_id(database, "2-307")])
    case_id = filed_case(controller, intake)
    window = _window(qtbot, context, case_id)
    _save(qtbot, _act(qtbot, window, "forward_for_review"))
    [clock] = deadlines(database, case_id, "cf_forward")
    assert clock.due_on == date(2026, 12, 7)
    assert "accept" not in window.action_buttons or \
        not window.action_buttons["accept"].isEnabled()
    forward = window.action_buttons["forward_campaign_finance"]  # (d)(2) waits for no review
    assert forward.isEnabled(), forward.toolTip()
    _save(qtbot, _act(qtbot, window, "forward_campaign_finance"))
    assert case(database, case_id).state is CaseState.CAMPAIGN_FINANCE
    dialog = _act(qtbot, window, "record_cure")
    _choose(dialog, "kind", "Amended report")
    _save(qtbot, dialog)
    assert case(database, case_id).state is CaseState.RESOLVED
    assert "event.record_cure" in audit_actions(database, case_id)


def test_a_change_made_at_another_workstation_is_not_overwritten(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, database: Database,
        monkeypatch: pytest.MonkeyPatch) -> None:
    case_id = filed_case(controller)
    window = _window(qtbot, context, case_id)
    other = WorkflowController.unrestricted(database, "Ana Ruiz", clock=context.clock)
    other.fire(case_id, ForwardForReview())  # another clerk, after this window was opened
    shown: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.case.case_window.show_user_error",
                        lambda parent, error: shown.append(str(error)))
    dialog = _act(qtbot, window, "forward_for_review")
    _save(qtbot, dialog)
    assert shown and "changed by Ana Ruiz" in shown[0] and "nothing was saved" in shown[0]
    with database.read_session() as session:
        forwards = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "event.forward_for_review")).all()
    assert len(forwards) == 1  # the second forward was not written
    assert "Under review" in window.header.text()  # the window now shows the change


def test_every_deadline_shows_how_it_was_counted(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview())
    window = _window(qtbot, context, case_id)
    view = window.deadlines_view
    row = next(i for i, d in enumerate(window.deadlines.rows()) if d.subject == "chair")
    view.selectRow(row)
    text = window.explanation.toPlainText()
    assert "City Code § 2-83(d)(1)" in text and "Due: Monday 2026-12-07" in text
    assert "Saturday 2026-12-05" in text


def test_an_attachment_opens_only_after_its_hash_is_verified(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, database: Database,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy import text

    opened: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.case.case_window.QDesktopServices.openUrl",
                        lambda url: opened.append(url.toLocalFile()))
    case_id = filed_case(controller)
    window = _window(qtbot, context, case_id)
    path = window.open_attachment()
    assert path is not None and path.read_bytes() == b"%PDF-1.4 test" and opened == [str(path)]
    with database.engine.begin() as conn:  # the stored file altered behind the application
        conn.execute(text("UPDATE attachment SET content = :content"), {"content": b"\x00"})
    errors: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda parent, error, title="": errors.append(str(error)))
    assert window.open_attachment() is None
    assert errors and "no longer matches the SHA-256" in errors[0]
    assert len(opened) == 1


def test_the_exhibits_opened_from_a_case_are_removed_when_its_window_closes(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, database: Database,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import stat

    from ethics_desk.storage.private_files import exhibits_folder

    opened: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.case.case_window.QDesktopServices.openUrl",
                        lambda url: opened.append(url.toLocalFile()))
    case_id = filed_case(controller)
    window = _window(qtbot, context, case_id)
    first, second = window.open_attachment(), window.open_attachment()
    assert first is not None and second is not None and opened == [str(first), str(second)]
    assert exhibits_folder() in first.parents and first.read_bytes() == b"%PDF-1.4 test"
    assert stat.S_IMODE(first.stat().st_mode) == 0o600  # § 2-83(h)(1): the user's only
    assert stat.S_IMODE(exhibits_folder().stat().st_mode) == 0o700
    assert audit_actions(database, case_id).count("view.attachment") == 2  # each view audited
    window.close()
    assert not first.exists() and not second.exists()
    assert list(exhibits_folder().iterdir()) == []


def test_the_case_views_tables_are_sound_models(qtmodeltester: object, qtbot: QtBot,
                                                context: AppContext,
                                                controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview())
    window = _window(qtbot, context, case_id)
    for model in (window.documents, window.deadlines, window.timeline):
        assert isinstance(model, RowsModel) and model.rowCount() > 0
        qtmodeltester.check(model)  # type: ignore[attr-defined]




def test_the_case_window_fits_a_1280_pixel_screen_in_every_state_its_steps_wrapping(
        qtbot: QtBot, demo_context: AppContext) -> None:
    from ethics_desk.models import Complaint

    with demo_context.database.read_session() as session:
        cases: dict[str, int] = {}
        for complaint in session.scalars(select(Complaint).order_by(Complaint.id)):
            cases.setdefault(str(complaint.state), complaint.id)
    widest = []
    for state, case_id in cases.items():
        window = CaseWindow(demo_context, case_id)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        qtbot.waitExposed(window)
        buttons = list(window.action_buttons.values())
        widest.append((window.minimumSizeHint().width(), state))
        assert window.width() <= 1280, state
        assert all(window.rect().contains(b.geometry().translated(
            b.parentWidget().mapTo(window, b.pos()) - b.pos()).topRight())
            for b in buttons if b.isVisible()), state
        window.close()
    assert max(widest)[0] <= 1280, widest
