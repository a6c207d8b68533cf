"""§ 2-83(h)(1): a paper about a pending complaint goes only to whom it was issued, a party or a
recorded witness; anyone else is refused with the citation, and nothing is recorded."""

from __future__ import annotations

import pytest

from ethics_desk.cases import witnesses
from ethics_desk.core.errors import RuleError
from ethics_desk.documents.issuing import issue
from ethics_desk.mail.ledger import mailings_for_case, record_mailing
from ethics_desk.models import MailMethod
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK as CLERK_ACCOUNT
from tests.factories import DESK_CLERK, filed_case

CLERK = "María Ortiz"
COMPLAINANT = "José Peña"


def hand(database: Database, document_id: int, name: str) -> int:
    return record_mailing(database, document_id, recipient_name=name,
                          method=MailMethod.HAND_DELIVERY, mailed_on=CLOCK().date(),
                          account=DESK_CLERK, clock=CLOCK)


@pytest.fixture
def receipt(controller: WorkflowController) -> tuple[int, int]:
    case_id = filed_case(controller)
    ref = issue(controller.database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    assert ref.recipient == COMPLAINANT
    return case_id, ref.document_id


def test_a_paper_of_a_pending_complaint_is_not_handed_to_a_stranger(
        database: Database, receipt: tuple[int, int]) -> None:
    case_id, document_id = receipt
    with pytest.raises(RuleError) as refused:
        hand(database, document_id, "A Reporter")
    assert refused.value.citation == "§ 2-83(h)(1)"
    assert "A Reporter" in refused.value.problem and "Witnesses tab" in refused.value.fix
    assert mailings_for_case(database, case_id, account=DESK_CLERK) == []


def test_it_goes_to_whom_it_was_issued_and_to_a_recorded_witness(
        database: Database, receipt: tuple[int, int]) -> None:
    case_id, document_id = receipt
    hand(database, document_id, "jose pena")  # the same person, typed without accents
    key = witnesses.identifiers(database, case_id, account=CLERK_ACCOUNT)[0].key
    witnesses.add_witness(database, case_id, "Rosa Díaz", key, "", account=CLERK_ACCOUNT, clock=CLOCK)
    hand(database, document_id, "Rosa Díaz")
    assert [m.recipient_name for m in mailings_for_case(database, case_id, account=DESK_CLERK)] == [
        "jose pena", "Rosa Díaz"]
