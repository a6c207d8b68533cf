"""Every transition of the § 2-83 workflow, and every guard that blocks one."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import ConflictError, RuleError
from ethics_desk.intake.record import Intake, RespondentData
from ethics_desk.models import (
    BoardVote,
    CaseState,
    CureKind,
    DeadlineStatus,
    DefectItem,
    Determination,
    Disposition,
    Filing,
    KnowledgeBasis,
    PartyRole,
    ReviewerRole,
    Route,
    Sanction,
    SanctionFactor,
    SanctionKind,
    VoteChoice,
)
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database
from ethics_desk.workflow import (
    Accept,
    BallotData,
    Delivery,
    DiscardDraft,
    Event,
    FileComplaint,
    FileReply,
    FileResponse,
    ForwardCampaignFinance,
    ForwardForReview,
    ForwardToBoard,
    ImposeSanctions,
    NotCured,
    OrderShowCause,
    RecordCure,
    RecordFrivolousVote,
    RecordRespondentReceipt,
    RecordReview,
    RecordShowCauseHearing,
    RequestHearing,
    Resolve,
    ReturnDefective,
    ReturnUnsworn,
    SanctionData,
    VoteData,
)
from ethics_desk.workflow.controller import WorkflowController
from ethics_desk.workflow.table import TRANSITIONS
from tests.board_cases import seat_board
from tests.conftest import NOW, OFFICE_TZ
from tests.factories import complete_intake, filed_case, provision_id, reviewed_case, sworn_oath
from tests.workflow.helpers import audit_actions, case, deadlines, reviews

TODAY = NOW.date()
NINE_MEMBERS = [f"Member {n}" for n in range(1, 10)]


def option(controller: WorkflowController, case_id: int, event: Event):
    """The controller's answer for one event."""
    return next(o for o in controller.available_events(case_id) if o.event is event)


def vote(yes: int, no: int = 0, *, abstain: int = 0, recused: int = 0,
         meeting_on: date = TODAY) -> VoteData:
    """A vote of members present with the given counts."""
    choices = ([VoteChoice.YES] * yes + [VoteChoice.NO] * no + [VoteChoice.ABSTAIN] * abstain
               + [VoteChoice.RECUSED] * recused)
    return VoteData(meeting_on, tuple(BallotData(f"Member {i + 1}", c)
                                      for i, c in enumerate(choices)))


def accepted_case(controller: WorkflowController, **kwargs: object) -> int:
    """A case forwarded to the Board, awaiting the response; nine members serve on the Board."""
    seat_board(controller.database, tuple(NINE_MEMBERS))
    case_id = reviewed_case(controller, **kwargs)  # type: ignore[arg-type]
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    return case_id


# -- filing -----------------------------------------------------------------------------------

def test_filing_assigns_sequential_case_numbers_per_year(controller: WorkflowController) -> None:
    first = filed_case(controller)
    second = filed_case(controller)
    assert case(controller.database, first).case_number == "ERB-2026-001"
    assert case(controller.database, second).case_number == "ERB-2026-002"


def test_case_numbers_restart_each_year(database: Database) -> None:
    early = WorkflowController.unrestricted(database, "Clerk",
                               clock=lambda: datetime(2025, 12, 31, 16, tzinfo=OFFICE_TZ))
    late = WorkflowController.unrestricted(database, "Clerk", clock=lambda: NOW)
    assert case(database, filed_case(early)).case_number == "ERB-2025-001"
    assert case(database, filed_case(late)).case_number == "ERB-2026-001"


def test_filing_records_receipt_and_starts_the_prompt_forward_policy_clock(
        controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    stored = case(controller.database, case_id)
    assert stored.state is CaseState.FILED
    assert stored.received_at == NOW
    assert stored.received_by == "Maria Clerk"
    [prompt] = deadlines(controller.database, case_id, "prompt_forward")
    assert prompt.due_on == date(2026, 12, 1)
    assert "Office policy, not statute" in prompt.explanation


@pytest.mark.parametrize(("change", "citation"), [
    ({"complainant": replace(complete_intake().complainant, name="")}, "§ 2-83(c)(1)"),
    ({"respondents": [RespondentData(name="", title="Director")]}, "§ 2-83(c)(3)"),
    ({"oath": sworn_oath(sworn=None)}, "§ 2-83(c)"),
    ({"oath": sworn_oath(notary_name="")}, "§ 2-83(c); Gov't Code § 602.002"),
    ({"oath": sworn_oath(officer_title="")}, "§ 2-83(c); Gov't Code § 602.002"),
])
def test_a_complaint_without_what_its_record_needs_cannot_be_filed(
        controller: WorkflowController, change: dict[str, object], citation: str) -> None:
    draft = controller.save_draft(replace(complete_intake(), **change))  # type: ignore[arg-type]
    answer = option(controller, draft.complaint_id, Event.FILE)
    assert not answer.allowed
    assert answer.reasons[0].citation == citation
    with pytest.raises(RuleError) as raised:
        controller.fire(draft.complaint_id, FileComplaint())
    assert citation in str(raised.value)
    assert case(controller.database, draft.complaint_id).state is CaseState.DRAFT


@pytest.mark.parametrize("change", [
    {"complainant": replace(complete_intake().complainant, phone="")},
    {"complainant": replace(complete_intake().complainant, phone="+44 20 7946 0958")},
    {"complainant": replace(complete_intake().complainant, address="")},
    {"respondents": []},
    {"respondents": [RespondentData(name="Ana Ruiz", title="")]},
    {"nature": ""},
    {"facts": "", "violation_start": None},
    {"oath": sworn_oath(affirmation=None)},
    {"oath": sworn_oath(knowledge=KnowledgeBasis.INFORMATION_AND_BELIEF, source_and_basis="")},
], ids=["no phone", "phone abroad", "no address", "no respondent", "no title", "no nature",
        "no facts", "no affidavit", "no source and basis"])
def test_a_sworn_complaint_lacking_a_c_element_is_filed_and_goes_to_the_reviewers(
        controller: WorkflowController, change: dict[str, object]) -> None:
    draft = controller.save_draft(replace(complete_intake(), **change))  # type: ignore[arg-type]
    assert option(controller, draft.complaint_id, Event.FILE).allowed
    controller.fire(draft.complaint_id, FileComplaint())
    stored = case(controller.database, draft.complaint_id)
    assert stored.state is CaseState.FILED and stored.received_at is not None
    assert option(controller, draft.complaint_id, Event.FORWARD_FOR_REVIEW).allowed


def test_a_receipt_in_the_future_is_refused(controller: WorkflowController) -> None:
    draft = controller.save_draft(complete_intake())
    with pytest.raises(RuleError, match="future"):
        controller.fire(draft.complaint_id, FileComplaint(received_at=NOW + timedelta(days=2)))


def test_a_draft_can_be_discarded_but_a_filed_case_cannot(controller: WorkflowController) -> None:
    draft = controller.save_draft(Intake())
    controller.fire(draft.complaint_id, DiscardDraft(reason="complainant left"))
    assert case(controller.database, draft.complaint_id).state is CaseState.DISCARDED
    filed = filed_case(controller)
    with pytest.raises(RuleError, match="Not possible while the case is “Filed”"):
        controller.fire(filed, DiscardDraft())


def test_a_filed_complaint_is_not_edited_as_a_draft(controller: WorkflowController) -> None:
    filed = filed_case(controller)
    with pytest.raises(RuleError, match="already filed"):
        controller.save_draft(complete_intake(), filed)


# -- (c), last paragraph: unsworn ---------------------------------------------------------------

def test_unsworn_complaint_is_never_forwarded_to_auditor(controller: WorkflowController) -> None:
    case_id = filed_case(controller, complete_intake(oath=sworn_oath(sworn=False)))
    answer = option(controller, case_id, Event.FORWARD_FOR_REVIEW)
    assert not answer.allowed
    assert "not sworn" in answer.why_not and "§ 2-83(c), last paragraph" in answer.why_not
    with pytest.raises(RuleError, match="not sworn"):
        controller.fire(case_id, ForwardForReview())
    assert reviews(controller.database, case_id) == []


def test_unsworn_complaint_is_returned_to_the_complainant(controller: WorkflowController) -> None:
    case_id = filed_case(controller, complete_intake(oath=sworn_oath(sworn=False)))
    assert deadlines(controller.database, case_id) == []  # no clock runs for it
    controller.fire(case_id, ReturnUnsworn())
    stored = case(controller.database, case_id)
    assert stored.state is CaseState.RETURNED_UNSWORN
    assert stored.resolved_on == TODAY


def test_a_sworn_complaint_is_not_returned_as_unsworn(controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    assert not option(controller, case_id, Event.RETURN_UNSWORN).allowed
    with pytest.raises(RuleError, match="sworn"):
        controller.fire(case_id, ReturnUnsworn())


# -- (d)(1): the four independent reviews --------------------------------------------------------

def test_forwarding_starts_four_independent_review_clocks(controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview(received_on={
        ReviewerRole.CHAIR: date(2026, 11, 30), ReviewerRole.VICE_CHAIR: date(2026, 11, 30),
        ReviewerRole.COMPLIANCE_AUDITOR: date(2026, 11, 30),
        ReviewerRole.CITY_ATTORNEY: date(2026, 11, 30)}))
    clocks = {d.subject: d for d in deadlines(controller.database, case_id, "review")}
    assert set(clocks) == {role.value for role in ReviewerRole}
    assert {d.due_on for d in clocks.values()} == {date(2026, 12, 7)}
    assert case(controller.database, case_id).state is CaseState.UNDER_REVIEW
    [prompt] = deadlines(controller.database, case_id, "prompt_forward")
    assert prompt.status is DeadlineStatus.MET
    [forward] = deadlines(controller.database, case_id, "ethics_forward")
    assert forward.due_on == date(2026, 12, 14)  # (d)(3): 10 business days


def test_the_informational_notice_starts_no_respondent_clock(
        controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    result = controller.fire(case_id, ForwardForReview())
    assert "for information only" in result.summary
    assert deadlines(controller.database, case_id, "response") == []


def test_each_reviewer_keeps_their_own_deadline(database: Database) -> None:
    filed_on = datetime(2026, 11, 2, 9, tzinfo=OFFICE_TZ)
    early = WorkflowController.unrestricted(database, "Clerk", clock=lambda: filed_on)
    case_id = filed_case(early)
    early.fire(case_id, ForwardForReview())
    later = WorkflowController.unrestricted(database, "Clerk", clock=lambda: NOW)
    later.fire(case_id, RecordReview(role=ReviewerRole.CHAIR, completed_on=date(2026, 11, 6)))
    later.fire(case_id, RecordReview(role=ReviewerRole.CITY_ATTORNEY,
                                     completed_on=date(2026, 11, 20)))
    status = {d.subject: d.status for d in deadlines(database, case_id, "review")}
    assert status[ReviewerRole.CHAIR.value] is DeadlineStatus.MET
    assert status[ReviewerRole.CITY_ATTORNEY.value] is DeadlineStatus.MISSED
    assert status[ReviewerRole.VICE_CHAIR.value] is DeadlineStatus.OPEN


def test_a_reviewer_records_one_review_only(controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview())
    controller.fire(case_id, RecordReview(role=ReviewerRole.CHAIR))
    with pytest.raises(RuleError, match="already recorded"):
        controller.fire(case_id, RecordReview(role=ReviewerRole.CHAIR))


def test_a_finding_of_non_compliance_must_name_its_defects(
        controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview())
    with pytest.raises(RuleError, match="name its defects"):
        controller.fire(case_id, RecordReview(role=ReviewerRole.COMPLIANCE_AUDITOR,
                                              determination=Determination.DOES_NOT_COMPLY))


def test_a_review_cannot_be_completed_before_it_was_received(
        controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview())
    with pytest.raises(RuleError, match="before the reviewer received"):
        controller.fire(case_id, RecordReview(role=ReviewerRole.CHAIR,
                                              completed_on=date(2026, 11, 1)))


# -- (d)(3): accept or return ------------------------------------------------------------------

def test_acceptance_waits_for_all_four_reviews(controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview())
    controller.fire(case_id, RecordReview(role=ReviewerRole.COMPLIANCE_AUDITOR))
    answer = option(controller, case_id, Event.ACCEPT)
    assert not answer.allowed
    assert "Chair of the Ethics Review Board" in answer.why_not
    assert "§ 2-83(d)(1)" in answer.why_not


def test_a_complaint_that_substantially_complies_is_accepted(
        controller: WorkflowController) -> None:
    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    assert case(controller.database, case_id).state is CaseState.ACCEPTED


def test_a_complaint_that_does_not_comply_cannot_be_accepted_and_is_returned_with_its_defects(
        controller: WorkflowController) -> None:
    case_id = reviewed_case(controller, determination=Determination.DOES_NOT_COMPLY)
    answer = option(controller, case_id, Event.ACCEPT)
    assert not answer.allowed and "does not substantially comply" in answer.why_not
    result = controller.fire(case_id, ReturnDefective())
    assert "§ 2-83(c)(6)" in result.summary
    stored = case(controller.database, case_id)
    assert stored.state is CaseState.RETURNED_DEFECTIVE
    assert deadlines(controller.database, case_id, status=DeadlineStatus.OPEN) == []


def test_a_complaint_without_an_allegation_on_its_face_is_not_accepted(
        controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview())
    for role in ReviewerRole:
        controller.fire(case_id, RecordReview(
            role=role, states_allegation_on_face=False,
            defects=((DefectItem.FACE_ALLEGATION, "Alleges rudeness only."),)))
    assert "if true, is a violation" in option(controller, case_id, Event.ACCEPT).why_not
    assert option(controller, case_id, Event.RETURN_DEFECTIVE).allowed


def test_a_compliant_complaint_is_not_returned_as_defective(
        controller: WorkflowController) -> None:
    case_id = reviewed_case(controller)
    assert "substantially complies" in option(controller, case_id,
                                              Event.RETURN_DEFECTIVE).why_not


def test_forwarding_to_the_board_starts_the_response_clock_from_presumed_receipt(
        controller: WorkflowController) -> None:
    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    [response] = deadlines(controller.database, case_id, "response")
    assert response.trigger_basis == "presumed"
    assert response.trigger_on == date(2026, 12, 3)  # mailed 30 Nov + 3 days
    assert response.due_on == date(2026, 12, 17)
    [forward] = deadlines(controller.database, case_id, "ethics_forward")
    assert forward.status is DeadlineStatus.MET
    [opinion] = deadlines(controller.database, case_id, "opinion")
    assert opinion.due_on == date(2027, 3, 1)  # 90 days from 30 Nov is Sunday 28 Feb


def test_a_recorded_delivery_moves_the_response_deadline(controller: WorkflowController) -> None:
    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    stored = case(controller.database, case_id)
    respondent_id = _respondent_ids(controller.database, case_id)[0]
    controller.fire(case_id, ForwardToBoard(deliveries=(
        Delivery(respondent_id, mailed_on=date(2026, 11, 30), received_on=date(2026, 11, 30),
                 detail="hand delivery"),)))
    [response] = deadlines(controller.database, case_id, "response")
    assert response.trigger_basis == "actual" and response.due_on == date(2026, 12, 14)
    assert stored.case_number
    controller.fire(case_id, RecordRespondentReceipt(respondent_id=respondent_id,
                                                     received_on=date(2026, 11, 30)))
    open_response = deadlines(controller.database, case_id, "response", DeadlineStatus.OPEN)
    assert [d.due_on for d in open_response] == [date(2026, 12, 14)]


def _respondent_ids(database: Database, case_id: int) -> list[int]:
    with database.read_session() as session:
        from ethics_desk.models import Respondent

        return list(session.scalars(select(Respondent.id).where(
            Respondent.complaint_id == case_id).order_by(Respondent.position)))


# -- (d)(2): campaign finance ------------------------------------------------------------------

def _campaign_case(controller: WorkflowController) -> int:
    """A §§ 2-306/2-307 complaint forwarded and found by all four reviewers to comply."""
    intake = complete_intake(provision_ids=[provision_id(controller.database, "2-306")])
    case_id = reviewed_case(controller, intake=intake)
    assert case(controller.database, case_id).route is Route.CAMPAIGN_FINANCE
    return case_id


def test_a_campaign_finance_complaint_is_forwarded_to_the_respondent_within_five_days(
        controller: WorkflowController) -> None:
    case_id = _campaign_case(controller)
    [clock] = deadlines(controller.database, case_id, "cf_forward")
    assert clock.due_on == date(2026, 12, 7)
    assert not option(controller, case_id, Event.ACCEPT).allowed
    controller.fire(case_id, ForwardCampaignFinance())
    assert case(controller.database, case_id).state is CaseState.CAMPAIGN_FINANCE
    [clock] = deadlines(controller.database, case_id, "cf_forward")
    assert clock.status is DeadlineStatus.MET


def test_an_ethics_code_complaint_does_not_take_the_campaign_finance_route(
        controller: WorkflowController) -> None:
    case_id = reviewed_case(controller)
    assert "§ 2-306 or § 2-307" in option(controller, case_id,
                                         Event.FORWARD_CAMPAIGN_FINANCE).why_not


def test_a_timely_verified_cure_resolves_a_campaign_finance_complaint(
        controller: WorkflowController) -> None:
    case_id = _campaign_case(controller)
    controller.fire(case_id, ForwardCampaignFinance())
    with pytest.raises(RuleError, match="timely"):
        controller.fire(case_id, RecordCure(filed_on=TODAY, timely=False, verified_by="Ana"))
    with pytest.raises(RuleError, match="verified"):
        controller.fire(case_id, RecordCure(filed_on=TODAY, verified_by=""))
    result = controller.fire(case_id, RecordCure(kind=CureKind.AMENDED_REPORT, filed_on=TODAY,
                                                 verified_by="Ana Ruiz, Deputy City Clerk"))
    assert "first class mail" in result.summary
    stored = case(controller.database, case_id)
    assert stored.state is CaseState.RESOLVED and stored.resolved_on == TODAY


def test_an_uncured_campaign_finance_complaint_goes_on_to_the_board(
        controller: WorkflowController) -> None:
    case_id = _campaign_case(controller)
    controller.fire(case_id, ForwardCampaignFinance())
    controller.fire(case_id, NotCured())
    assert case(controller.database, case_id).state is CaseState.ACCEPTED
    controller.fire(case_id, ForwardToBoard())
    assert case(controller.database, case_id).state is CaseState.AWAITING_RESPONSE


# -- (e): response, reply, hearing -------------------------------------------------------------

def test_a_sworn_response_stops_the_clock_and_starts_the_complainants_reply_clock(
        controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    respondent_id = _respondent_ids(controller.database, case_id)[0]
    with pytest.raises(RuleError, match="must be sworn"):
        controller.fire(case_id, FileResponse(respondent_id=respondent_id, received_on=TODAY))
    result = controller.fire(case_id, FileResponse(
        respondent_id=respondent_id, received_on=TODAY, sworn=True, forwarded_on=TODAY,
        copy_mailed_on=TODAY))
    assert "reply due 2026-12-10" in result.summary  # presumed 3 Dec + 5 business days
    [response] = deadlines(controller.database, case_id, "response")
    assert response.status is DeadlineStatus.MET
    assert case(controller.database, case_id).state is CaseState.RESPONSE_FILED


def test_a_reply_needs_a_response_first(controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    assert not option(controller, case_id, Event.FILE_REPLY).allowed
    with pytest.raises(RuleError):
        controller.fire(case_id, FileReply(received_on=TODAY, sworn=True))


def test_a_sworn_reply_is_filed_after_the_response(controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    respondent_id = _respondent_ids(controller.database, case_id)[0]
    controller.fire(case_id, FileResponse(respondent_id=respondent_id, received_on=TODAY,
                                          sworn=True, copy_received_on=TODAY))
    with pytest.raises(RuleError, match="must be sworn"):
        controller.fire(case_id, FileReply(received_on=TODAY))
    controller.fire(case_id, FileReply(received_on=TODAY, sworn=True))
    assert case(controller.database, case_id).state is CaseState.REPLY_FILED
    [reply] = deadlines(controller.database, case_id, "reply")
    assert reply.status is DeadlineStatus.MET


def test_either_party_may_request_a_hearing(controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    controller.fire(case_id, RequestHearing(party=PartyRole.RESPONDENT,
                                            party_name="Nguyễn Thị Minh Khai"))
    with controller.database.read_session() as session:
        [request] = session.scalars(select(Filing).where(Filing.complaint_id == case_id))
        assert request.party_name == "Nguyễn Thị Minh Khai"


# -- (f), (g): show cause, frivolous, sanctions --------------------------------------------------

HEARING = datetime(2026, 12, 15, 14, 0, tzinfo=OFFICE_TZ)


def _order(case_id: int, controller: WorkflowController, the_vote: VoteData) -> object:
    return controller.fire(case_id, OrderShowCause(
        vote=the_vote, explanation="Filed the day after the respondent announced a candidacy.",
        hearing_at=HEARING, place="City Council Chambers, 114 W. Commerce St."))


def test_a_failed_show_cause_vote_is_recorded_but_orders_nothing(
        controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    result = _order(case_id, controller, vote(yes=5, no=4))  # 9 present need 6
    assert "failed" in result.summary  # type: ignore[attr-defined]
    assert case(controller.database, case_id).state is CaseState.AWAITING_RESPONSE
    with controller.database.read_session() as session:
        [recorded] = session.scalars(select(BoardVote))
        assert not recorded.carried and recorded.required_yes == 6


def test_two_thirds_of_those_present_order_the_complainant_to_show_cause(
        controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    result = _order(case_id, controller, vote(yes=6, no=3))
    assert ("Present: 9 of the 9 members serving; recused: 0; quorum: 5"
            in result.summary)  # type: ignore[attr-defined]
    assert "needed: at least 6 yes votes" in result.summary  # type: ignore[attr-defined]
    assert case(controller.database, case_id).state is CaseState.SHOW_CAUSE


def test_a_show_cause_hearing_must_be_in_the_future_and_explained(
        controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    with pytest.raises(RuleError, match="still to come"):
        controller.fire(case_id, OrderShowCause(vote=vote(6), explanation="Timing.",
                                                hearing_at=NOW - timedelta(hours=1),
                                                place="Room 1"))
    with pytest.raises(RuleError, match=r"\(f\)\(4\)\(a\)"):
        controller.fire(case_id, OrderShowCause(vote=vote(6), hearing_at=HEARING, place="Room 1"))
    assert case(controller.database, case_id).state is CaseState.AWAITING_RESPONSE


def test_a_board_member_who_is_a_party_cannot_vote(controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    seat_board(controller.database, ("José Peña",))  # the complainant, on the Board
    conflicted = VoteData(TODAY, (BallotData("José Peña", VoteChoice.YES),
                                  *vote(6).ballots))
    with pytest.raises(RuleError, match="party to this complaint"):
        _order(case_id, controller, conflicted)
    recused = VoteData(TODAY, (BallotData("JOSE PENA", VoteChoice.RECUSED), *vote(6).ballots))
    result = _order(case_id, controller, recused)
    assert "recused: 1;" in result.summary  # type: ignore[attr-defined]


def _show_cause_case(controller: WorkflowController) -> int:
    case_id = accepted_case(controller)
    _order(case_id, controller, vote(yes=7, no=2))
    return case_id


def test_frivolousness_is_voted_only_after_the_hearing(controller: WorkflowController) -> None:
    case_id = _show_cause_case(controller)
    answer = option(controller, case_id, Event.RECORD_FRIVOLOUS_VOTE)
    assert not answer.allowed and "§ 2-83(f)(5)" in answer.why_not
    controller.fire(case_id, RecordShowCauseHearing(held_on=TODAY, appeared="the complainant",
                                                    counsel="Lucía Gómez", concluded=False))
    assert not option(controller, case_id, Event.RECORD_FRIVOLOUS_VOTE).allowed
    controller.fire(case_id, RecordShowCauseHearing(held_on=TODAY, appeared="the complainant",
                                                    concluded=True))
    assert option(controller, case_id, Event.RECORD_FRIVOLOUS_VOTE).allowed


def _heard_case(controller: WorkflowController) -> int:
    case_id = _show_cause_case(controller)
    controller.fire(case_id, RecordShowCauseHearing(held_on=TODAY, appeared="the complainant"))
    return case_id


def test_a_record_vote_of_two_thirds_determines_the_complaint_frivolous(
        controller: WorkflowController) -> None:
    case_id = _heard_case(controller)
    controller.fire(case_id, RecordFrivolousVote(vote=vote(yes=8, no=1),
                                                 particulars="Groundless; filed to harass."))
    stored = case(controller.database, case_id)
    assert stored.state is CaseState.RESOLVED
    assert deadlines(controller.database, case_id, status=DeadlineStatus.OPEN) == []


def test_a_frivolous_determination_needs_a_record_vote(controller: WorkflowController) -> None:
    case_id = _heard_case(controller)
    voice = replace(vote(yes=9), is_record_vote=False)
    with pytest.raises(RuleError, match="record vote"):
        controller.fire(case_id, RecordFrivolousVote(vote=voice, particulars="Groundless."))


def test_a_failed_frivolous_vote_returns_the_complaint_to_the_merits(
        controller: WorkflowController) -> None:
    case_id = _heard_case(controller)
    controller.fire(case_id, RecordFrivolousVote(vote=vote(yes=5, no=4)))
    assert case(controller.database, case_id).state is CaseState.AWAITING_RESPONSE


def _frivolous_case(controller: WorkflowController) -> int:
    case_id = _heard_case(controller)
    controller.fire(case_id, RecordFrivolousVote(vote=vote(yes=9), particulars="Groundless."))
    return case_id


PENALTY_DUE_ON = date(2027, 1, 4)
FACTORS = {SanctionFactor.SERIOUSNESS: "A false sworn statement.",
           SanctionFactor.DETERRENCE: "Deterrence needs a penalty.", SanctionFactor.JUSTICE: "None."}


def test_a_civil_penalty_may_not_exceed_five_hundred_dollars(
        controller: WorkflowController) -> None:
    case_id = _frivolous_case(controller)
    with pytest.raises(RuleError, match=r"\$500\.00"):
        controller.fire(case_id, ImposeSanctions(
            sanctions=(SanctionData(SanctionKind.CIVIL_PENALTY, 50_001),),
            factors_considered=FACTORS, vote=vote(yes=9), penalty_due_on=PENALTY_DUE_ON))
    controller.fire(case_id, ImposeSanctions(
        sanctions=(SanctionData(SanctionKind.CIVIL_PENALTY, 50_000),
                   SanctionData(SanctionKind.ATTORNEYS_FEES, 125_000),
                   SanctionData(SanctionKind.REFERRAL, agency="Bexar County District Attorney")),
        factors_considered=FACTORS, vote=vote(yes=9), penalty_due_on=PENALTY_DUE_ON))
    with controller.database.read_session() as session:
        kinds = sorted(s.kind.value for s in session.scalars(select(Sanction)))
    assert kinds == ["attorneys_fees", "civil_penalty", "referral"]


def test_sanctions_follow_only_a_frivolous_determination_with_the_factors_considered(
        controller: WorkflowController) -> None:
    resolved = accepted_case(controller)
    controller.fire(resolved, Resolve(disposition=Disposition.NO_VIOLATION))
    assert not option(controller, resolved, Event.IMPOSE_SANCTIONS).allowed
    case_id = _frivolous_case(controller)
    with pytest.raises(RuleError, match=r"\(g\)\(1\)"):
        controller.fire(case_id, ImposeSanctions(
            sanctions=(SanctionData(SanctionKind.CIVIL_PENALTY, 10_000),)))


# -- (d)(4): resolution ----------------------------------------------------------------------------

def test_resolving_a_case_stops_its_clocks(controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    result = controller.fire(case_id, Resolve(disposition=Disposition.DISMISSED))
    assert "respondents are to be notified" in result.summary
    assert deadlines(controller.database, case_id, status=DeadlineStatus.OPEN) == []
    assert case(controller.database, case_id).next_due_on is None


def test_frivolous_and_cured_are_not_plain_resolutions(controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    for disposition in (Disposition.FRIVOLOUS, Disposition.CURED):
        with pytest.raises(RuleError):
            controller.fire(case_id, Resolve(disposition=disposition))


# -- the controller itself ---------------------------------------------------------------------------

def test_every_event_has_exactly_one_row_with_a_citation() -> None:
    assert {t.event for t in TRANSITIONS} == set(Event)
    assert all(t.citation and t.label for t in TRANSITIONS)


def test_available_events_explain_why_the_rest_are_not_possible(
        controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    options = controller.available_events(case_id)
    allowed = {o.event for o in options if o.allowed}
    assert allowed == {Event.FORWARD_FOR_REVIEW, Event.WITHDRAW}
    assert all(o.why_not for o in options if not o.allowed)


def test_every_transition_writes_its_audit_record_and_the_chain_verifies(
        controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    actions = audit_actions(controller.database, case_id)
    assert actions[:3] == ["draft.create", "event.file", "event.forward_for_review"]
    assert actions.count("event.record_review") == 4
    assert actions[-2:] == ["event.accept", "event.forward_to_board"]
    with controller.database.read_session() as session:
        assert verify_chain(session) == []


def test_a_stale_edit_is_refused_with_who_and_when(controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    seen = case(controller.database, case_id).version
    other = WorkflowController.unrestricted(controller.database, "Ana Ruiz", clock=lambda: NOW)
    other.fire(case_id, ForwardForReview())
    with pytest.raises(ConflictError, match="changed by Ana Ruiz"):
        controller.fire(case_id, ReturnUnsworn(), expected_version=seen)


def test_a_refused_event_changes_nothing(controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    before = (case(controller.database, case_id).version,
              audit_actions(controller.database, case_id))
    with pytest.raises(RuleError):
        controller.fire(case_id, ForwardForReview(forwarded_on=date(2026, 11, 1)))
    after = (case(controller.database, case_id).version,
             audit_actions(controller.database, case_id))
    assert before == after


def test_a_receipt_recorded_after_the_response_does_not_reopen_the_clock(
        controller: WorkflowController) -> None:
    case_id = accepted_case(controller)
    respondent_id = _respondent_ids(controller.database, case_id)[0]
    controller.fire(case_id, FileResponse(respondent_id=respondent_id, received_on=TODAY,
                                          sworn=True))
    with pytest.raises(RuleError, match="already filed a response"):
        controller.fire(case_id, RecordRespondentReceipt(respondent_id=respondent_id,
                                                         received_on=TODAY))
    assert deadlines(controller.database, case_id, "response", DeadlineStatus.OPEN) == []


def test_two_reviewers_recording_their_own_reviews_from_the_same_view_both_succeed(
        controller: WorkflowController, database: Database) -> None:
    from ethics_desk.core.clock import fixed_clock
    from ethics_desk.models import Determination, ReviewerRole
    from ethics_desk.workflow import ForwardForReview, RecordReview

    case_id = filed_case(controller)
    seen = controller.fire(case_id, ForwardForReview()).version  # both reviewers opened this
    attorney, auditor = (WorkflowController.unrestricted(database, name, clock=fixed_clock(
        NOW + timedelta(minutes=minutes))) for name, minutes in (("Ana Ruiz", 1), ("Li Wei", 2)))
    first = attorney.fire(case_id, RecordReview(
        role=ReviewerRole.CITY_ATTORNEY, determination=Determination.SUBSTANTIALLY_COMPLIES),
        expected_version=seen)
    assert first.version > seen  # the case has changed since the auditor opened it
    auditor.fire(case_id, RecordReview(
        role=ReviewerRole.COMPLIANCE_AUDITOR, determination=Determination.SUBSTANTIALLY_COMPLIES),
        expected_version=seen)
    recorded = {r.role for r in reviews(database, case_id) if r.determination is not None}
    assert recorded == {ReviewerRole.CITY_ATTORNEY, ReviewerRole.COMPLIANCE_AUDITOR}
    with pytest.raises(RuleError, match="already recorded"):  # the guards still decide
        attorney.fire(case_id, RecordReview(role=ReviewerRole.CITY_ATTORNEY,
                                            determination=Determination.DOES_NOT_COMPLY),
                      expected_version=seen)


def test_any_other_act_on_a_case_changed_since_it_was_opened_is_still_a_conflict(
        controller: WorkflowController) -> None:
    from ethics_desk.workflow import ForwardForReview

    case = filed_case(controller)
    seen = controller.fire(case, ForwardForReview()).version - 1
    with pytest.raises(ConflictError, match="after you opened it"):
        controller.fire(case, ForwardForReview(), expected_version=seen)
