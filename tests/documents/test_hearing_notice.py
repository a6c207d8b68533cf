"""The notice of the hearing a party requested under § 2-83(e)(4): to the complainant and to each
respondent, with its date, time and place and who asked for it, in English and in Spanish, and
made only while the hearing is still to come (its notice is posted at least 72 hours before it,
Gov't Code § 551.043)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from ethics_desk.cases.steps import outstanding_steps
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import UserError
from ethics_desk.documents.issuing import issue
from ethics_desk.documents.kinds import KINDS, kinds_offered
from ethics_desk.documents.making import recipients, render_letter
from ethics_desk.models import Complaint, Language, PartyRole
from ethics_desk.storage.database import Database
from ethics_desk.workflow import RecordHearing, RequestHearing, ScheduleHearing
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import awaiting_response, later
from tests.conftest import CLOCK, NOW, OFFICE_TZ
from tests.documents.render.helpers import flat, screenshot, text_of
from tests.factories import DESK_CLERK

HEARING = datetime(2026, 12, 10, 17, 30, tzinfo=OFFICE_TZ)
PLACE = "City Council Chambers, 114 W. Commerce St."


def _scheduled(controller: WorkflowController) -> int:
    case_id = awaiting_response(controller)
    controller.fire(case_id, RequestHearing(party=PartyRole.RESPONDENT,
                                            party_name="Nguyễn Thị Minh Khai",
                                            received_on=NOW.date()))
    controller.fire(case_id, ScheduleHearing(hearing_at=HEARING, place=PLACE))
    return case_id


def _offered(database: Database, case_id: int, when: datetime) -> bool:
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        return "hearing-notice" in dict(kinds_offered(session, complaint, when))


def test_the_notice_goes_to_the_complainant_and_each_respondent_with_the_hearing(
        controller: WorkflowController, database: Database) -> None:
    case_id = _scheduled(controller)
    people = recipients(database, case_id, "hearing-notice", account=DESK_CLERK)
    assert [(p.name, p.role) for p in people] == [("José Peña", "complainant"),
                                                  ("Nguyễn Thị Minh Khai", "respondent")]
    pdf = render_letter(database, case_id, "hearing-notice", recipient_index=1,
                        account=DESK_CLERK, clock=CLOCK)
    screenshot("case-hearing-notice-1", pdf)
    text = flat(text_of(pdf))
    for phrase in ("Notice of a Hearing", "Dear Nguyễn Thị Minh Khai:", "ERB-2026-001",
                   "Thursday, December 10, 2026", "5:30 p.m.", PLACE,
                   "Nguyễn Thị Minh Khai (respondent)", "§ 2-83(e)(4)",
                   "may attend the hearing and be heard", "Gov't Code § 551.043",
                   "at least 72 hours"):
        assert phrase in text, phrase
    assert KINDS["hearing-notice"].citation == "§ 2-83(e)(4); Gov't Code § 551.043"


def test_the_notice_in_spanish_says_the_same_in_spanish(
        controller: WorkflowController, database: Database) -> None:
    case_id = _scheduled(controller)
    pdf = render_letter(database, case_id, "hearing-notice", account=DESK_CLERK, clock=CLOCK,
                        language=Language.SPANISH)
    screenshot("case-hearing-notice-es", pdf)
    text = flat(text_of(pdf))
    for phrase in ("Aviso de una audiencia", "Estimado(a) José Peña:", "jueves",
                   "10 de diciembre de 2026", PLACE, "Nguyễn Thị Minh Khai (persona denunciada)",
                   "§ 2-83(e)(4)", "pueden asistir a la audiencia y ser escuchados", "Gov't Code § 551.043"):
        assert phrase in text, phrase
    assert "Notice of a Hearing" not in text and "Requested by" not in text


def test_the_notice_is_offered_only_while_the_scheduled_hearing_is_to_come(
        controller: WorkflowController, database: Database) -> None:
    case_id = awaiting_response(controller)
    controller.fire(case_id, RequestHearing(party=PartyRole.COMPLAINANT, received_on=NOW.date()))
    assert not _offered(database, case_id, NOW)  # requested, not yet scheduled
    controller.fire(case_id, ScheduleHearing(hearing_at=HEARING, place=PLACE))
    assert _offered(database, case_id, NOW)
    assert not _offered(database, case_id, HEARING + timedelta(minutes=1))
    with pytest.raises(UserError, match="which is past"):
        render_letter(database, case_id, "hearing-notice", account=DESK_CLERK,
                      clock=fixed_clock(HEARING + timedelta(hours=1)))
    after = later(controller, HEARING - timedelta(hours=1))
    after.fire(case_id, RecordHearing(held_on=HEARING.date(), appeared="José Peña"))
    assert not _offered(database, case_id, HEARING - timedelta(hours=1))  # held


def _hearing_steps(database: Database, case_id: int) -> list[str]:
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        return [str(s) for s in outstanding_steps(session, complaint) if "(e)(4)" in s.citation]


def test_a_requested_hearing_is_owed_its_date_then_its_notice_to_each_party(
        controller: WorkflowController, database: Database) -> None:
    case_id = awaiting_response(controller)
    assert _hearing_steps(database, case_id) == []
    controller.fire(case_id, RequestHearing(party=PartyRole.RESPONDENT,
                                            party_name="Nguyễn Thị Minh Khai",
                                            received_on=NOW.date()))
    assert _hearing_steps(database, case_id) == [
        "Schedule the hearing Nguyễn Thị Minh Khai requested (Schedule the requested hearing) "
        "(§ 2-83(e)(4))"]
    controller.fire(case_id, ScheduleHearing(hearing_at=HEARING, place=PLACE))
    owed = _hearing_steps(database, case_id)
    assert [s.split(" of the date")[0] for s in owed] == ["Notify José Peña",
                                                          "Notify Nguyễn Thị Minh Khai"]
    assert all(s.endswith("(§ 2-83(e)(4); Gov't Code § 551.043)") for s in owed)
    issue(database, case_id, "hearing-notice", recipient_index=0, account=DESK_CLERK,
          clock=CLOCK)
    [owed_one] = _hearing_steps(database, case_id)
    assert owed_one.startswith("Notify Nguyễn Thị Minh Khai of the date, time and place")
    issue(database, case_id, "hearing-notice", recipient_index=1, account=DESK_CLERK,
          clock=CLOCK)
    assert _hearing_steps(database, case_id) == []


def test_a_hearing_held_owes_no_notice(controller: WorkflowController,
                                       database: Database) -> None:
    case_id = awaiting_response(controller)
    controller.fire(case_id, RequestHearing(party=PartyRole.COMPLAINANT, received_on=NOW.date()))
    controller.fire(case_id, ScheduleHearing(hearing_at=HEARING, place=PLACE))
    assert len(_hearing_steps(database, case_id)) == 2
    later(controller, HEARING + timedelta(hours=2)).fire(
        case_id, RecordHearing(held_on=HEARING.date(), appeared="José Peña"))
    assert _hearing_steps(database, case_id) == []
