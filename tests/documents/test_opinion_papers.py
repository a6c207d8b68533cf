"""The papers of §§ 2-85(c) and 2-87(a), made from the record: the written notice of a rule not
alleged goes to the respondent given it, with its ten-business-day date; the Board's written
opinion on a decision on the merits goes to everyone § 2-87(a) names — the complainant, each
respondent, the City Attorney's Office, the Compliance Auditor, the Board members who did not
take part and the City Clerk — and is never made for a complaint not decided on the merits."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import select

from ethics_desk.cases.steps import outstanding_steps
from ethics_desk.core.clock import fixed_clock
from ethics_desk.documents.issuing import issue
from ethics_desk.documents.kinds import kinds_offered
from ethics_desk.documents.making import recipients, render_letter
from ethics_desk.models import Complaint, Disposition, Language, Respondent
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Accept, Finding, ForwardToBoard, GiveRuleNotice, Resolve, Withdraw
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import MEMBERS, TODAY, awaiting_response, later, seat_board, vote
from tests.conftest import NOW, OFFICE_TZ
from tests.documents.render.helpers import flat, screenshot, text_of
from tests.factories import DESK_CLERK, complete_intake, provision_id, reviewed_case

GIVEN = date(2026, 12, 1)
RESPOND_BY = date(2026, 12, 15)
"""Ten business days after Tuesday 1 December 2026, counted by hand: Dec 2, 3, 4, 7, 8, 9, 10,
11, 14, 15."""
DECIDED = date(2026, 12, 16)


def _at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 17, 0, tzinfo=OFFICE_TZ)


def _respondent(database: Database, case_id: int) -> int:
    with database.read_session() as session:
        found = session.scalar(select(Respondent.id).where(Respondent.complaint_id == case_id))
    assert found is not None
    return found


def _noticed(controller: WorkflowController) -> tuple[int, int, int]:
    """A case alleging § 2-49, awaiting the response, whose respondent is given notice of
    § 2-45, not alleged."""
    seat_board(controller.database)
    alleged = [provision_id(controller.database, "2-49")]
    case_id = reviewed_case(controller, intake=complete_intake(provision_ids=alleged))
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    respondent = _respondent(controller.database, case_id)
    gifts = provision_id(controller.database, "2-45")
    later(controller, _at(GIVEN)).fire(case_id, GiveRuleNotice(
        respondent_id=respondent, provision_ids=(gifts,), given_on=GIVEN))
    return case_id, respondent, gifts


def _steps(database: Database, case_id: int, citation: str) -> list[str]:
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        return [s.what for s in outstanding_steps(session, complaint) if citation in s.citation]


def _offered(database: Database, case_id: int, kind: str) -> bool:
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        return kind in dict(kinds_offered(session, complaint, NOW))


def test_the_notice_of_a_rule_not_alleged_goes_to_the_respondent_with_the_date_to_respond(
        controller: WorkflowController, database: Database) -> None:
    case_id = awaiting_response(controller)
    assert recipients(database, case_id, "rule-notice", account=DESK_CLERK) == []
    case_id, _respondent_id, _gifts = _noticed(controller)
    [person] = recipients(database, case_id, "rule-notice", account=DESK_CLERK)
    assert person.role == "respondent"
    pdf = render_letter(database, case_id, "rule-notice", account=DESK_CLERK,
                        clock=fixed_clock(_at(GIVEN)))
    screenshot("case-rule-notice", pdf)
    text = flat(text_of(pdf))
    for phrase in ("Notice of a Rule Not Alleged in the Complaint", f"Dear {person.name}:",
                   "§ 2-45 Gifts", "December 1, 2026", "Tuesday, December 15, 2026",
                   "§ 2-85(c)", "ten business days to respond"):
        assert phrase in text, phrase


def test_the_notice_is_owed_to_the_respondent_until_it_is_issued(
        controller: WorkflowController, database: Database) -> None:
    case_id, _respondent_id, _gifts = _noticed(controller)
    [owed] = _steps(database, case_id, "§ 2-85(c)")
    assert owed.startswith("Send ") and "§ 2-45 Gifts" in owed
    issue(database, case_id, "rule-notice", account=DESK_CLERK, clock=fixed_clock(_at(GIVEN)))
    assert _steps(database, case_id, "§ 2-85(c)") == []


def _violation_found(controller: WorkflowController) -> int:
    """Resolved on 16 December 2026 by a vote of five of the seven members (two did not take
    part): § 2-49, alleged, and § 2-45, after its notice, found violated."""
    case_id, respondent, gifts = _noticed(controller)
    public_property = provision_id(controller.database, "2-49")
    later(controller, _at(DECIDED)).fire(case_id, Resolve(
        disposition=Disposition.VIOLATION_FOUND, vote=vote(4, 1, on=DECIDED),
        notes="The logs show the truck at a private event on three Saturdays.",
        findings=(Finding(respondent, public_property), Finding(respondent, gifts))))
    return case_id


def test_the_written_opinion_goes_to_everyone_section_2_87_a_names(
        controller: WorkflowController, database: Database) -> None:
    case_id = _violation_found(controller)
    people = recipients(database, case_id, "written-opinion", account=DESK_CLERK)
    absent = list(MEMBERS[5:])
    assert [p.role for p in people] == ["complainant", "respondent", "city_attorney",
                                        "compliance_auditor", *["board_member"] * len(absent),
                                        "city_clerk"]
    assert [p.name for p in people if p.role == "board_member"] == absent
    assert _steps(database, case_id, "§ 2-87(a)") != []
    pdf = render_letter(database, case_id, "written-opinion", recipient_index=2,
                        account=DESK_CLERK, clock=fixed_clock(_at(DECIDED)))
    screenshot("case-written-opinion", pdf)
    text = flat(text_of(pdf))
    for phrase in ("Written Opinion of the Ethics Review Board", "§ 2-87(a)",
                   "Violation found", "December 16, 2026", "§ 2-49", "§ 2-45 Gifts",
                   "alleged in the complaint", "written notice given under § 2-85(c) on "
                   "December 1, 2026", "The logs show the truck", "COPY (§ 2-87(a))",
                   "the City Attorney's Office", "the Compliance Auditor", "the City Clerk",
                   f"did not take part: {absent[0]} and {absent[1]}"):
        assert phrase in text, phrase


def test_the_written_opinion_in_spanish_for_the_complainant(
        controller: WorkflowController, database: Database) -> None:
    case_id = _violation_found(controller)
    pdf = render_letter(database, case_id, "written-opinion", account=DESK_CLERK,
                        clock=fixed_clock(_at(DECIDED)), language=Language.SPANISH)
    screenshot("case-written-opinion-es", pdf)
    text = flat(text_of(pdf))
    for phrase in ("Opinión escrita de la Junta de Revisión de Ética", "Violación comprobada",
                   "16 de diciembre de 2026", "Copias (§ 2-87(a))", "la Secretaría Municipal"):
        assert phrase in text, phrase
    assert "Written Opinion" not in text


def test_the_written_opinion_is_owed_to_the_parties_until_issued(
        controller: WorkflowController, database: Database) -> None:
    case_id = _violation_found(controller)
    owed = _steps(database, case_id, "§ 2-87(a)")
    assert len(owed) == 1 and "written opinion" in owed[0]
    clock = fixed_clock(_at(DECIDED))
    for index in range(len(recipients(database, case_id, "written-opinion",
                                      account=DESK_CLERK))):
        issue(database, case_id, "written-opinion", recipient_index=index, account=DESK_CLERK,
              clock=clock)
    assert _steps(database, case_id, "§ 2-87(a)") == []


def test_no_written_opinion_is_made_for_a_withdrawn_complaint(
        controller: WorkflowController, database: Database) -> None:
    case_id = awaiting_response(controller)
    controller.fire(case_id, Withdraw(received_on=TODAY))
    assert not _offered(database, case_id, "written-opinion")
    assert _steps(database, case_id, "§ 2-87(a)") == []
