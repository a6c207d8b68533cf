"""Witnesses of § 2-83(h)(1) are recorded with who identified them — a party or another
witness — and each recording, or taking off, is audited."""

from __future__ import annotations

import pytest

from ethics_desk.cases import witnesses
from ethics_desk.core.errors import UserError
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK as CLERK_ACCOUNT
from tests.factories import complete_intake, filed_case
from tests.workflow.helpers import audit_actions

CLERK = "María Ortiz"


def test_a_witness_identified_by_a_party_then_one_identified_by_that_witness(
        database: Database, controller: WorkflowController) -> None:
    case = filed_case(controller)
    people = witnesses.identifiers(database, case, account=CLERK_ACCOUNT)
    complainant = next(p for p in people if p.label.endswith("(complainant)"))
    first = witnesses.add_witness(database, case, "  Rosa   Díaz ", complainant.key,
                                  "210-555-0101", account=CLERK_ACCOUNT, clock=CLOCK)
    assert first.name == "Rosa Díaz" and first.identified_by == complainant.label
    by_witness = next(p for p in witnesses.identifiers(database, case, account=CLERK_ACCOUNT)
                      if p.label == "Rosa Díaz (witness)")
    second = witnesses.add_witness(database, case, "Li Wei", by_witness.key, "", account=CLERK_ACCOUNT,
                                   clock=CLOCK)
    assert second.identified_by == "Rosa Díaz (witness)"
    lines = witnesses.witnesses(database, case, account=CLERK_ACCOUNT)
    assert [w.name for w in lines] == ["Rosa Díaz", "Li Wei"]
    assert audit_actions(database, case)[-2:] == ["witness.add", "witness.add"]


def test_a_witness_no_party_or_witness_identified_is_refused_with_the_citation(
        database: Database, controller: WorkflowController) -> None:
    case = filed_case(controller)
    with pytest.raises(UserError, match=r"§ 2-83\(h\)\(1\)"):
        witnesses.add_witness(database, case, "Rosa Díaz", "respondent:99999", "", account=CLERK_ACCOUNT,
                              clock=CLOCK)
    assert witnesses.witnesses(database, case, account=CLERK_ACCOUNT) == []


def test_a_witness_needs_a_name_and_a_filed_complaint(
        database: Database, controller: WorkflowController) -> None:
    case = filed_case(controller)
    key = witnesses.identifiers(database, case, account=CLERK_ACCOUNT)[0].key
    with pytest.raises(UserError, match="needs a name"):
        witnesses.add_witness(database, case, "   ", key, "", account=CLERK_ACCOUNT, clock=CLOCK)
    draft = controller.save_draft(complete_intake()).complaint_id
    draft_key = witnesses.identifiers(database, draft, account=CLERK_ACCOUNT)[0].key
    with pytest.raises(UserError, match="filed complaint"):
        witnesses.add_witness(database, draft, "Rosa Díaz", draft_key, "", account=CLERK_ACCOUNT,
                              clock=CLOCK)


def test_taking_a_witness_off_says_why_and_is_audited(
        database: Database, controller: WorkflowController) -> None:
    case = filed_case(controller)
    key = witnesses.identifiers(database, case, account=CLERK_ACCOUNT)[0].key
    line = witnesses.add_witness(database, case, "Rosa Díaz", key, "", account=CLERK_ACCOUNT, clock=CLOCK)
    with pytest.raises(UserError, match="Say why"):
        witnesses.remove_witness(database, case, line.witness_id, " ", account=CLERK_ACCOUNT, clock=CLOCK)
    witnesses.remove_witness(database, case, line.witness_id, "Entered on the wrong case",
                             account=CLERK_ACCOUNT, clock=CLOCK)
    assert witnesses.witnesses(database, case, account=CLERK_ACCOUNT) == []
    assert audit_actions(database, case)[-1] == "witness.remove"


def test_a_board_member_may_not_record_a_witness_and_nothing_is_written(
        database: Database, controller: WorkflowController) -> None:
    from ethics_desk.core.errors import NotAllowed
    from ethics_desk.models import Witness
    from tests.factories import MEMBER, rows_and_records

    case = filed_case(controller)
    key = witnesses.identifiers(database, case, account=CLERK_ACCOUNT)[0].key
    before = rows_and_records(database, Witness)
    with pytest.raises(NotAllowed, match="City Clerk staff"):
        witnesses.add_witness(database, case, "Rosa Díaz", key, "", account=MEMBER, clock=CLOCK)
    assert rows_and_records(database, Witness) == before
