"""Each action's label and citation are stated once, in the workflow table: the case window's
button and the form it opens both read them, for every event the window offers."""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from ethics_desk.cases.case_file import load_case
from ethics_desk.models import BoardAction, CaseState, VoteRule
from ethics_desk.storage.database import Database
from ethics_desk.ui.case.forms import ActionDialog, Kind, form_for
from ethics_desk.ui.case.vote_entry import VoteEntry
from ethics_desk.ui.context import AppContext
from ethics_desk.workflow import Accept, Event, FileResponse, ForwardCampaignFinance
from ethics_desk.workflow.controller import WorkflowController
from ethics_desk.workflow.table import BY_EVENT
from tests.board_cases import awaiting_response, frivolous, show_cause
from tests.conftest import NOW
from tests.factories import CLERK, complete_intake, filed_case, provision_id, reviewed_case
from tests.ui.test_case_window import _window
from tests.workflow.helpers import case

NO_FORM = {Event.FILE, Event.RECORD_COMPLAINANT_RECEIPT, Event.WAIVE_PENALTY}
"""Events the case window has no form for: filing is the intake wizard's; the complainant's
receipt of a response's copy is recorded from the mail ledger; a civil penalty's waiver is
recorded on the form of its payment (one button, "paid in full" or "waived")."""


def _cases(controller: WorkflowController, database: Database) -> dict[CaseState, int]:
    """A case in each state in which the case window offers actions."""
    accepted = reviewed_case(controller)
    controller.fire(accepted, Accept())
    campaign = reviewed_case(controller, intake=complete_intake(
        provision_ids=[provision_id(database, "2-307")]))
    controller.fire(campaign, ForwardCampaignFinance())
    responded = awaiting_response(controller)
    respondent = load_case(database, responded, account=CLERK).respondents[0].id
    controller.fire(responded, FileResponse(respondent_id=respondent, received_on=NOW.date(),
                                            sworn=True))
    return {
        CaseState.DRAFT: controller.save_draft(complete_intake()).complaint_id,
        CaseState.FILED: filed_case(controller),
        CaseState.UNDER_REVIEW: reviewed_case(controller),
        CaseState.CAMPAIGN_FINANCE: campaign,
        CaseState.ACCEPTED: accepted,
        CaseState.AWAITING_RESPONSE: awaiting_response(controller),
        CaseState.RESPONSE_FILED: responded,
        CaseState.SHOW_CAUSE: show_cause(controller),
        CaseState.RESOLVED: frivolous(controller),
    }


def test_each_action_forms_label_and_citation_are_the_workflow_tables(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    walked: set[Event] = set()
    for state, case_id in _cases(controller, database).items():
        assert case(database, case_id).state is state
        window = _window(qtbot, context, case_id)
        options = {o.event: o for o in context.controller().available_events(case_id)}
        assert window.action_buttons, state
        for name, button in window.action_buttons.items():
            event = Event(name)
            row = BY_EVENT[event]
            assert button.text().replace("&", "") == row.label, (state, event)
            if button.isEnabled():
                assert button.toolTip() == row.citation
            dialog = window.start(options[event])
            assert isinstance(dialog, ActionDialog)
            assert dialog.form.event is event
            assert (dialog.form.title, dialog.form.citation) == (row.label, row.citation)
            assert dialog.windowTitle() == f"{row.label} — {row.citation}"
            assert any(f"<b>{row.label}</b> ({row.citation})" in label.text()
                       for label in dialog.findChildren(QLabel))
            dialog.close()
            walked.add(event)
        window.close()
    assert walked == set(Event) - NO_FORM


def test_every_form_is_the_form_of_the_event_asked_for(controller: WorkflowController,
                                                        database: Database) -> None:
    loaded = load_case(database, filed_case(controller), account=CLERK)
    for event in Event:
        form = form_for(event, loaded, date(2026, 11, 30), "Maria Clerk", database, CLERK)
        assert (form is None) == (event in NO_FORM), event
        if form is not None:
            assert form.event is event
            assert (form.title, form.citation) == (BY_EVENT[event].label, BY_EVENT[event].citation)


VOTE_FORMS: dict[Event, BoardAction] = {Event.ORDER_SHOW_CAUSE: BoardAction.SHOW_CAUSE,
                                        Event.RECORD_FRIVOLOUS_VOTE: BoardAction.FRIVOLOUS,
                                        Event.RESOLVE: BoardAction.DISPOSITION,
                                        Event.IMPOSE_SANCTIONS: BoardAction.SANCTIONS}


def test_each_vote_on_a_form_is_counted_by_the_rule_of_the_action_it_decides(
        qtbot: QtBot, controller: WorkflowController, database: Database) -> None:
    loaded = load_case(database, filed_case(controller), account=CLERK)
    rules: dict[BoardAction, VoteRule] = {}
    for event, action in VOTE_FORMS.items():
        form = form_for(event, loaded, date(2026, 11, 30), "Maria Clerk", database, CLERK)
        assert form is not None
        [spec] = [f for f in form.fields if f.kind is Kind.VOTE]
        assert spec.vote_action is action
        dialog = ActionDialog(form, lambda _payload: False)
        qtbot.addWidget(dialog)
        entry = dialog.inputs[spec.key]
        assert isinstance(entry, VoteEntry)
        assert entry.rule is action.vote_rule
        rules[action] = entry.rule
    assert rules == {BoardAction.SHOW_CAUSE: VoteRule.TWO_THIRDS,
                     BoardAction.FRIVOLOUS: VoteRule.TWO_THIRDS,
                     BoardAction.DISPOSITION: VoteRule.MAJORITY,
                     BoardAction.SANCTIONS: VoteRule.TWO_THIRDS}  # the office's default

