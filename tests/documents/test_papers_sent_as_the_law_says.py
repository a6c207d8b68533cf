"""Papers sent and signed as § 2-83 says: the cure notice of (d)(2) goes by first class mail and
the mail ledger records it no other way (a record made before it checked is certified as it
stands, saying so); the (g)(3) notification is the Board's, signed for the Board by its Chair;
and the affidavit asks the complainant to sign before the officer recorded to administer the
oath, a notary or another (§ 2-83(c))."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import RuleError
from ethics_desk.documents.issuing import issue
from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.making import render_letter
from ethics_desk.mail.batch import default_method
from ethics_desk.mail.ledger import mailings_for_case, record_mailing
from ethics_desk.models import (
    BoardMember,
    BoardRole,
    BoardTerm,
    Mailing,
    MailMethod,
    Route,
)
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ForwardCampaignFinance, RecordCure
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import frivolous
from tests.conftest import CLOCK, NOW, OFFICE_TZ
from tests.documents.render.helpers import flat, screenshot, text_of
from tests.factories import (
    DESK_CLERK,
    complete_intake,
    filed_case,
    provision_id,
    reviewed_case,
    sworn_oath,
)

CURE_NOTICE = "cf-cure-notice"
ADDRESS = "411 W. Nueva St.\nSan Antonio, TX 78207"


def _cured(controller: WorkflowController, database: Database) -> int:
    """A campaign-finance complaint cured in time and resolved, § 2-83(d)(2)."""
    intake = complete_intake(provision_ids=[provision_id(database, "2-306")],
                             route=Route.CAMPAIGN_FINANCE)
    case = reviewed_case(controller, intake=intake)
    controller.fire(case, ForwardCampaignFinance())
    controller.fire(case, RecordCure(filed_on=NOW.date(), verified_by="Maria Clerk"))
    return case


def _mail(database: Database, document_id: int, method: MailMethod) -> int:
    return record_mailing(database, document_id, recipient_name="José Peña",
                          recipient_role="complainant", recipient_ref="complainant",
                          address=ADDRESS, method=method,
                          tracking_number="9407 1118" if method is MailMethod.CERTIFIED_RRR
                          else "", mailed_on=NOW.date(), account=DESK_CLERK, clock=CLOCK)


def test_the_cure_notice_goes_by_first_class_mail_as_the_kind_table_says() -> None:
    assert KINDS[CURE_NOTICE].sent_by is MailMethod.FIRST_CLASS
    assert "first class" not in KINDS[CURE_NOTICE].title  # the method is stated once
    assert default_method(CURE_NOTICE) is MailMethod.FIRST_CLASS


@pytest.mark.parametrize("method", [MailMethod.CERTIFIED_RRR, MailMethod.EMAIL])
def test_the_ledger_refuses_the_cure_notice_by_any_other_way_citing_d2(
        controller: WorkflowController, database: Database, method: MailMethod) -> None:
    case = _cured(controller, database)
    ref = issue(database, case, CURE_NOTICE, account=DESK_CLERK, clock=CLOCK)
    with pytest.raises(RuleError) as refused:
        _mail(database, ref.document_id, method)
    assert refused.value.citation == "§ 2-83(d)(2)"
    assert "by first class mail" in str(refused.value) and "first class" in refused.value.fix
    assert mailings_for_case(database, case, account=DESK_CLERK) == []
    _mail(database, ref.document_id, MailMethod.FIRST_CLASS)
    [mailed] = mailings_for_case(database, case, account=DESK_CLERK)
    assert mailed.method is MailMethod.FIRST_CLASS


def test_the_certificate_never_calls_a_certified_item_first_class(
        controller: WorkflowController, database: Database) -> None:
    case = _cured(controller, database)
    ref = issue(database, case, CURE_NOTICE, account=DESK_CLERK, clock=CLOCK)
    with database.unit_of_work() as session:  # logged before the ledger checked the method
        session.add(Mailing(complaint_id=case, document_id=ref.document_id,
                            recipient_name="José Peña", address=ADDRESS,
                            method=MailMethod.CERTIFIED_RRR, tracking_number="9407 1118",
                            mailed_on=NOW.date()))
    pdf = render_letter(database, case, "certificate-of-mailing", account=DESK_CLERK,
                        clock=CLOCK)
    screenshot("certificate-of-mailing-certified-cure", pdf)
    text = flat(text_of(pdf))
    assert "(first class mail)" not in text
    assert "Certified mail, return receipt requested, no. 9407 1118" in text
    assert ("§ 2-83(d)(2) sends this paper by first class mail; it is recorded as sent by "
            "certified mail, return receipt requested.") in text
    assert "Mailed on" not in text and "Sent on" in text


def _chair(database: Database, name: str, starts_on: date, ends_on: date | None) -> None:
    with database.unit_of_work() as session:
        member = BoardMember(name=name, name_folded=name.casefold(), is_staff=False)
        session.add(member)
        session.flush()
        session.add(BoardTerm(member_id=member.id, role=BoardRole.CHAIR, starts_on=starts_on,
                              ends_on=ends_on))


def test_the_referral_is_signed_for_the_board_by_its_chair_not_the_clerk(
        controller: WorkflowController, database: Database) -> None:
    case = frivolous(controller)
    _chair(database, "Rosa Elizondo", date(2024, 1, 1), date(2026, 6, 30))  # no longer Chair
    _chair(database, "Bảo Trần", date(2026, 7, 1), None)
    day = datetime(2026, 12, 11, 10, 0, tzinfo=OFFICE_TZ)
    pdf = render_letter(database, case, "referral", account=DESK_CLERK, clock=fixed_clock(day))
    screenshot("referral-signed-by-the-chair", pdf)
    text = flat(text_of(pdf))
    assert "For the Ethics Review Board, Bảo Trần Chair, Ethics Review Board" in text
    assert "Rosa Elizondo" not in text
    signed = text[text.index("For the Ethics Review Board,"):]
    assert "City Clerk" not in signed


def _affidavit(database: Database, case: int) -> str:
    pdf = render_letter(database, case, "sworn-complaint", account=DESK_CLERK, clock=CLOCK)
    return flat(text_of(pdf))


def test_the_affidavit_asks_to_sign_before_the_judge_not_a_notary(
        controller: WorkflowController, database: Database) -> None:
    oath = sworn_oath(officer_title="Judge, County Court at Law No. 3",
                      notary_name="Hon. Irma Salas", notary_commission_number="",
                      notary_commission_expires=None)
    case = filed_case(controller, complete_intake(oath=oath))
    pdf = render_letter(database, case, "sworn-complaint", account=DESK_CLERK, clock=CLOCK)
    screenshot("sworn-complaint-before-a-judge", pdf)
    text = flat(text_of(pdf))
    assert ("Sign below only in front of the officer who administers the oath (Judge, County "
            "Court at Law No. 3), after swearing to the complaint.") in text
    assert "notary" not in text.lower()


def test_the_affidavit_before_a_notary_still_says_the_notary(
        controller: WorkflowController, database: Database) -> None:
    text = _affidavit(database, filed_case(controller))
    assert "Sign below only in front of the notary, after swearing to the complaint." in text
