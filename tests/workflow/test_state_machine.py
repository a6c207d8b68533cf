"""A Hypothesis state machine that drives random cases through the workflow.

Whatever order the clerk's actions come in — allowed or not, on any day — the invariants hold:
the audit chain verifies, an unsworn complaint never reaches review, every open deadline falls
on a business day, case numbers are unique, and the controller's "allowed" answer matches what
firing the event does.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import event as hypothesis_event
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from sqlalchemy import select

from ethics_desk.board.findings import alleged_against
from ethics_desk.core.errors import RuleError
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import (
    CaseState,
    Complaint,
    Deadline,
    DeadlineStatus,
    DefectItem,
    Determination,
    Disposition,
    KnowledgeBasis,
    Provision,
    Respondent,
    Review,
    ReviewerRole,
    SanctionFactor,
    SanctionKind,
    VoteChoice,
)
from ethics_desk.storage.audit import verify_chain
from ethics_desk.workflow import (
    Accept,
    BallotData,
    DiscardDraft,
    Event,
    FileComplaint,
    FileReply,
    FileResponse,
    Finding,
    ForwardCampaignFinance,
    ForwardForReview,
    ForwardResponse,
    ForwardToBoard,
    GiveRuleNotice,
    GrantMoreTime,
    ImposeSanctions,
    NotCured,
    OrderShowCause,
    Payload,
    RecordComplainantReceipt,
    RecordCure,
    RecordFrivolousVote,
    RecordHearing,
    RecordRespondentReceipt,
    RecordReview,
    RecordShowCauseHearing,
    RequestHearing,
    Resolve,
    ReturnDefective,
    ReturnUnsworn,
    SanctionData,
    ScheduleHearing,
    VoteData,
    Withdraw,
)
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import seat_board
from tests.conftest import CLOCK, OFFICE_TZ, examples
from tests.factories import complete_intake, sworn_oath

START = datetime(2026, 1, 5, 9, 0, tzinfo=OFFICE_TZ)
REACHES_REVIEW = {CaseState.UNDER_REVIEW, CaseState.RETURNED_DEFECTIVE,
                  CaseState.CAMPAIGN_FINANCE, CaseState.ACCEPTED, CaseState.AWAITING_RESPONSE,
                  CaseState.RESPONSE_FILED, CaseState.REPLY_FILED, CaseState.SHOW_CAUSE}


class WorkflowMachine(RuleBasedStateMachine):
    """Random clerks' actions on a few cases, on days that move forward."""

    cases = Bundle("cases")

    @initialize()
    def open_database(self) -> None:
        """A fresh database file for each run."""
        self.folder = Path(tempfile.mkdtemp(prefix="ethics-desk-sm-"))
        self.database = open_database(self.folder / "sm.sqlite", clock=CLOCK)
        self.now = START
        self.controller = WorkflowController.unrestricted(self.database, "Clerk", clock=lambda: self.now)
        self.campaign_provision = self._provision("2-307")
        # The nine members who vote serve on the Board throughout (a quorum of them decides).
        seat_board(self.database, tuple(f"Member {n}" for n in range(1, 10)))

    def teardown(self) -> None:
        """Close and delete the run's database."""
        if hasattr(self, "database"):
            self.database.dispose()
            shutil.rmtree(self.folder, ignore_errors=True)

    def _provision(self, section: str) -> int:
        from ethics_desk.models import Provision

        with self.database.read_session() as session:
            found = session.scalar(select(Provision.id).where(Provision.section == section))
            assert found is not None
            return found

    def _fire(self, case_id: int, payload: Payload) -> None:
        """Fire, checking that "allowed" predicts whether the guards let it through."""
        option = next(o for o in self.controller.available_events(case_id)
                      if o.event is payload.event)
        try:
            result = self.controller.fire(case_id, payload)
        except RuleError:
            return  # blocked by a guard or by the event's own data: nothing may have changed
        hypothesis_event(f"reached {result.state.value}")
        assert option.allowed, f"{payload.event} went through although blocked: {option.why_not}"

    # -- the passage of time ---------------------------------------------------------------------

    @rule(days=st.integers(min_value=0, max_value=9))
    def time_passes(self, days: int) -> None:
        """The office moves on a few days."""
        self.now += timedelta(days=days)

    # -- intake ----------------------------------------------------------------------------------

    @rule(target=cases, sworn=st.sampled_from([True, True, False]), campaign=st.booleans(),
          belief=st.sampled_from(["personal", "personal", "stated", "unstated"]))
    def file_a_complaint(self, sworn: bool, campaign: bool, belief: str) -> int:
        """A complaint is taken at the counter and filed (or held back by a guard)."""
        oath = sworn_oath(sworn=sworn, sworn_on=self.now.date())
        if belief != "personal":
            oath = replace(oath, knowledge=KnowledgeBasis.INFORMATION_AND_BELIEF,
                           source_and_basis="A neighbour's account." if belief == "stated"
                           else "")
        intake = complete_intake(oath=oath, provision_ids=[self.campaign_provision] if campaign
                                 else [])
        draft = self.controller.save_draft(intake)
        self._fire(draft.complaint_id, FileComplaint())
        return draft.complaint_id

    # -- the process -----------------------------------------------------------------------------

    @rule(case_id=cases)
    def forward_for_review(self, case_id: int) -> None:
        """(d)(1)."""
        self._fire(case_id, ForwardForReview())

    @rule(case_id=cases)
    def return_unsworn(self, case_id: int) -> None:
        """(c), last ¶."""
        self._fire(case_id, ReturnUnsworn())

    @rule(case_id=cases, role=st.sampled_from(list(ReviewerRole)),
          complies=st.booleans())
    def record_a_review(self, case_id: int, role: ReviewerRole, complies: bool) -> None:
        """(d)(1): one reviewer's finding."""
        if complies:
            payload = RecordReview(role=role, determination=Determination.SUBSTANTIALLY_COMPLIES)
        else:
            payload = RecordReview(role=role, determination=Determination.DOES_NOT_COMPLY,
                                   defects=((DefectItem.C6_FACTS_AND_DATES, "No dates."),))
        self._fire(case_id, payload)

    @rule(case_id=cases, complies=st.booleans())
    def all_four_reviewers_report(self, case_id: int, complies: bool) -> None:
        """(d)(1): the four reviews arrive together, all finding the same."""
        for role in ReviewerRole:
            self.record_a_review(case_id, role, complies)

    @rule(case_id=cases)
    def accept(self, case_id: int) -> None:
        """(d)(3)."""
        self._fire(case_id, Accept())

    @rule(case_id=cases)
    def return_defective(self, case_id: int) -> None:
        """(d)(3)."""
        self._fire(case_id, ReturnDefective())

    @rule(case_id=cases)
    def forward_campaign_finance(self, case_id: int) -> None:
        """(d)(2)."""
        self._fire(case_id, ForwardCampaignFinance())

    @rule(case_id=cases, cured=st.booleans())
    def cure_or_not(self, case_id: int, cured: bool) -> None:
        """(d)(2): the statement or report is filed in time, or not."""
        if cured:
            self._fire(case_id, RecordCure(filed_on=self.now.date(), verified_by="Deputy Clerk"))
        else:
            self._fire(case_id, NotCured())

    @rule(case_id=cases)
    def forward_to_board(self, case_id: int) -> None:
        """(d)(3), (e)."""
        self._fire(case_id, ForwardToBoard())

    @rule(case_id=cases, sworn=st.booleans())
    def respond(self, case_id: int, sworn: bool) -> None:
        """(e)(1): every respondent files a response."""
        with self.database.read_session() as session:
            ids = list(session.scalars(select(Respondent.id).where(
                Respondent.complaint_id == case_id)))
        for respondent_id in ids:
            self._fire(case_id, FileResponse(respondent_id=respondent_id,
                                             received_on=self.now.date(), sworn=sworn,
                                             copy_mailed_on=self.now.date()))

    @rule(case_id=cases)
    def reply(self, case_id: int) -> None:
        """(e)(3)."""
        self._fire(case_id, FileReply(received_on=self.now.date(), sworn=True))

    @rule(case_id=cases, disposition=st.sampled_from(
        [Disposition.DISMISSED, Disposition.NO_VIOLATION, Disposition.VIOLATION_FOUND]))
    def resolve(self, case_id: int, disposition: Disposition) -> None:
        """(d)(4)."""
        self._fire(case_id, Resolve(disposition=disposition))

    @rule(case_id=cases)
    def withdraw(self, case_id: int) -> None:
        """The complainant withdraws, at any stage before resolution (§ 2-83(d)(4))."""
        self._fire(case_id, Withdraw(received_on=self.now.date()))

    @rule(case_id=cases, steps=st.integers(min_value=1, max_value=20), data=st.data())
    def take_steps_the_controller_allows(self, case_id: int, steps: int,
                                         data: st.DataObject) -> None:
        """Whatever the UI would offer as buttons, chosen at random, a few days apart."""
        for _ in range(steps):
            allowed = [o.event for o in self.controller.available_events(case_id) if o.allowed]
            if not allowed:
                return
            self._allowed_step(case_id, data.draw(st.sampled_from(allowed)), data)
            self.now += timedelta(days=data.draw(st.integers(min_value=0, max_value=4)))

    def _allowed_step(self, case_id: int, event: Event, data: st.DataObject) -> None:
        """Fire ``event`` with the data a clerk would enter for it."""
        today = self.now.date()
        nine = VoteData(today, tuple(BallotData(f"Member {n}", VoteChoice.YES if n <= yes
                                                else VoteChoice.NO)
                                     for yes in [data.draw(st.integers(5, 9))]
                                     for n in range(1, 10)))
        with self.database.read_session() as session:
            respondent_id = session.scalar(select(Respondent.id).where(
                Respondent.complaint_id == case_id).limit(1)) or 0
            complaint = session.get(Complaint, case_id)
            assert complaint is not None
            alleged = tuple(Finding(r, p) for r, ids in alleged_against(complaint).items()
                            for p in sorted(ids))
            gifts = session.scalar(select(Provision.id).where(Provision.section == "2-45")) or 0
        disposition = data.draw(st.sampled_from([Disposition.DISMISSED,
                                                 Disposition.VIOLATION_FOUND]))
        payloads: dict[Event, Payload] = {
            Event.FILE: FileComplaint(),
            Event.DISCARD: DiscardDraft(),
            Event.FORWARD_FOR_REVIEW: ForwardForReview(),
            Event.RETURN_UNSWORN: ReturnUnsworn(),
            Event.ACCEPT: Accept(),
            Event.RETURN_DEFECTIVE: ReturnDefective(),
            Event.FORWARD_CAMPAIGN_FINANCE: ForwardCampaignFinance(),
            Event.RECORD_CURE: RecordCure(filed_on=today, verified_by="Deputy Clerk"),
            Event.NOT_CURED: NotCured(),
            Event.FORWARD_TO_BOARD: ForwardToBoard(),
            Event.RECORD_RESPONDENT_RECEIPT: RecordRespondentReceipt(
                respondent_id=respondent_id, received_on=today),
            Event.RECORD_COMPLAINANT_RECEIPT: RecordComplainantReceipt(
                respondent_id=respondent_id, received_on=today),
            Event.FILE_REPLY: FileReply(received_on=today, sworn=True),
            Event.REQUEST_HEARING: RequestHearing(),
            Event.ORDER_SHOW_CAUSE: OrderShowCause(
                vote=nine, explanation="Filed on the eve of the election.",
                hearing_at=self.now + timedelta(days=10), place="Council Chambers"),
            Event.RECORD_SHOW_CAUSE_HEARING: RecordShowCauseHearing(
                held_on=today, appeared="the complainant", concluded=data.draw(st.booleans())),
            Event.RECORD_FRIVOLOUS_VOTE: RecordFrivolousVote(vote=nine, particulars="Groundless."),
            Event.IMPOSE_SANCTIONS: ImposeSanctions(
                sanctions=(SanctionData(SanctionKind.CIVIL_PENALTY,
                                        data.draw(st.integers(1, 60_000))),),
                factors_considered={SanctionFactor.SERIOUSNESS: "Serious."}),
            # a violation found names the provisions found, those alleged (§ 2-85(b))
            Event.RESOLVE: Resolve(disposition=disposition, findings=alleged if disposition
                                   is Disposition.VIOLATION_FOUND else ()),
            Event.GIVE_RULE_NOTICE: GiveRuleNotice(respondent_id=respondent_id,
                                                   provision_ids=(gifts,), given_on=today),
            Event.SCHEDULE_HEARING: ScheduleHearing(hearing_at=self.now + timedelta(days=4),
                                                    place="Council Chambers"),
            Event.RECORD_HEARING: RecordHearing(held_on=today, appeared="the parties"),
            Event.GRANT_MORE_TIME: GrantMoreTime(
                respondent_id=respondent_id, days=data.draw(st.integers(1, 30)),
                granted_on=today, granted_by="the Chair"),
            Event.WITHDRAW: Withdraw(received_on=today),
            Event.FORWARD_RESPONSE: ForwardResponse(respondent_id=respondent_id,
                                                    forwarded_on=today),
        }
        if event is Event.RECORD_REVIEW:
            self.all_four_reviewers_report(case_id, data.draw(st.booleans()))
        elif event is Event.FILE_RESPONSE:
            self.respond(case_id, True)
        else:
            self._fire(case_id, payloads[event])

    # -- invariants ------------------------------------------------------------------------------

    @precondition(lambda self: hasattr(self, "database"))
    @invariant()
    def the_audit_chain_verifies(self) -> None:
        """Every act is chained; nothing was lost or reordered."""
        with self.database.read_session() as session:
            assert verify_chain(session) == []

    @precondition(lambda self: hasattr(self, "database"))
    @invariant()
    def an_unsworn_complaint_never_reaches_review(self) -> None:
        """(c), last ¶."""
        with self.database.read_session() as session:
            for complaint in session.scalars(select(Complaint)):
                if complaint.oath is not None and complaint.oath.sworn is False:
                    assert complaint.state not in REACHES_REVIEW
                    assert session.scalar(select(Review.id).where(
                        Review.complaint_id == complaint.id)) is None

    @precondition(lambda self: hasattr(self, "database"))
    @invariant()
    def every_open_deadline_is_on_a_business_day(self) -> None:
        """Due dates never land on a weekend, holiday or closure."""
        with self.database.read_session() as session:
            calendars = load_calendars(session)
            for deadline in session.scalars(select(Deadline).where(
                    Deadline.status == DeadlineStatus.OPEN)):
                calendar = calendars.state if deadline.calendar == "state" else calendars.city
                assert calendar.is_business_day(deadline.due_on), deadline.explanation

    @precondition(lambda self: hasattr(self, "database"))
    @invariant()
    def case_numbers_are_unique_and_only_on_filed_cases(self) -> None:
        """ERB-YYYY-NNN once each; drafts have none."""
        with self.database.read_session() as session:
            rows = session.execute(select(Complaint.case_number, Complaint.state)).all()
        numbers = [n for n, _ in rows if n]
        assert len(numbers) == len(set(numbers))
        assert all((n is None) == (s in (CaseState.DRAFT, CaseState.DISCARDED)) for n, s in rows)

    @precondition(lambda self: hasattr(self, "database"))
    @invariant()
    def a_case_that_has_ended_has_no_running_clock(self) -> None:
        """Returned or resolved: every clock is stopped."""
        ended = (CaseState.RETURNED_UNSWORN, CaseState.RETURNED_DEFECTIVE, CaseState.RESOLVED)
        with self.database.read_session() as session:
            running = session.scalar(select(Deadline.id).join(
                Complaint, Complaint.id == Deadline.complaint_id).where(
                Complaint.state.in_(ended), Deadline.status == DeadlineStatus.OPEN).limit(1))
        assert running is None


WorkflowMachine.TestCase.settings = settings(
    max_examples=examples(40), stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_workflow_keeps_its_invariants = WorkflowMachine.TestCase

