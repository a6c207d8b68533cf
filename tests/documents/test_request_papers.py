"""The papers of a Public Information Act request: each states its dates and rules, renders
in the bundled fonts, and is kept as issued (Gov't Code ch. 552; City Code § 2-83(h)(3))."""

from __future__ import annotations

from datetime import date

import pytest

from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import Language, RequestChannel, RulingBy, RulingOutcome
from ethics_desk.documents.request_papers import (
    issue_paper,
    issued_paper,
    issued_papers,
    paper_choices,
    preview_paper,
)
from ethics_desk.public_information import (
    NewRequest,
    log_request,
    record_clarification_asked,
    record_cost_estimate,
    record_exceptions,
    record_ruling,
    record_ruling_asked,
    release_information,
    typed_cost_items,
)
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.documents.render.helpers import flat, fonts_used, screenshot, text_of
from tests.factories import filed_case

RECORDS = Account(901, "rrecords", "Rosa Records", Role.RECORDS)
TODAY = date(2026, 11, 30)
EXCEPTIONS = ("§ 552.101 — information confidential by law: City Code § 2-83(h)(1)",)


def _logged(database: Database, **changes: object) -> int:
    values: dict[str, object] = {
        "requester_name": "María Gómez", "channel": RequestChannel.EMAIL,
        "asked_for": "Every ethics complaint filed in 2026", "received_on": TODAY,
        "requester_address": "P.O. Box 2171\nSan Antonio, TX 78297"}
    values.update(changes)
    return log_request(database, NewRequest(**values), account=RECORDS, clock=CLOCK).request_id


def test_the_request_papers_are_the_six_of_the_act() -> None:
    assert [kind for kind, _label in paper_choices()] == [
        "pia-acknowledgement", "pia-ruling-request", "pia-ruling-notice", "pia-clarification",
        "pia-cost-estimate", "pia-release-letter"]


def test_the_acknowledgement_states_the_dates_and_their_rules(database: Database) -> None:
    pdf = preview_paper(database, _logged(database), "pia-acknowledgement", account=RECORDS, clock=CLOCK)
    screenshot("pia-acknowledgement", pdf)
    text = flat(text_of(pdf))
    assert "Acknowledgement of Your Request for Information" in text
    assert "Request PIA-2026-001" in text
    assert "Monday, December 14, 2026" in text  # the 10th business day, § 552.301(b), (d)
    assert "Monday, December 21, 2026" in text  # the 15th, § 552.301(e), (e-1)
    assert "§ 552.221(d)" in text and "§§ 552.0031 and 662.003" in text
    assert all(font.embedded and "DejaVuSans" in font.base_font for font in fonts_used(pdf))


def test_the_acknowledgement_to_a_pending_complaints_requester_names_no_complaint(
        controller: WorkflowController) -> None:
    database = controller.database
    case_id = filed_case(controller)
    from ethics_desk.models import Complaint

    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None and complaint.case_number is not None
        number = complaint.case_number
    request_id = _logged(database, case_numbers=(number,))
    text = flat(text_of(preview_paper(database, request_id, "pia-acknowledgement", account=RECORDS,
                                      clock=CLOCK)))
    assert number not in text  # § 2-83(h)(1): not even that it exists
    record_exceptions(database, request_id, account=RECORDS, exceptions=EXCEPTIONS, clock=CLOCK)
    letter = flat(text_of(preview_paper(database, request_id, "pia-ruling-request", account=RECORDS,
                                        clock=CLOCK)))
    assert number in letter and "Open Records Division" in letter  # the Attorney General's


def test_the_notice_that_a_ruling_was_asked_is_in_spanish_when_asked(
        database: Database) -> None:
    request_id = _logged(database)
    record_ruling_asked(database, request_id, account=RECORDS, asked_on=TODAY, told_on=TODAY, clock=CLOCK,
                        exceptions=EXCEPTIONS)
    pdf = preview_paper(database, request_id, "pia-ruling-notice", account=RECORDS, clock=CLOCK,
                        language=Language.SPANISH)
    screenshot("pia-ruling-notice-es", pdf)
    text = flat(text_of(pdf))
    assert "Procurador General" in text and "§ 552.301(d)" in text
    assert "lunes, 14 de diciembre de 2026" in text and "Solicitud PIA-2026-001" in text


def test_the_letter_to_the_attorney_general_has_no_spanish_template(database: Database) -> None:
    with pytest.raises(UserError, match="no template in Español"):
        preview_paper(database, _logged(database), "pia-ruling-request", account=RECORDS, clock=CLOCK,
                      language=Language.SPANISH)


def test_the_release_letter_needs_a_release_and_states_the_ruling(database: Database) -> None:
    request_id = _logged(database)
    with pytest.raises(UserError, match="Record the release first"):
        preview_paper(database, request_id, "pia-release-letter", account=RECORDS, clock=CLOCK)
    record_ruling_asked(database, request_id, account=RECORDS, asked_on=TODAY, told_on=TODAY, clock=CLOCK,
                        exceptions=EXCEPTIONS)
    record_ruling(database, request_id, account=RECORDS, by=RulingBy.ATTORNEY_GENERAL,
                  outcome=RulingOutcome.PARTIAL, decided_on=TODAY, reference="OR2026-01234", clock=CLOCK)
    release_information(database, request_id, account=RECORDS, released_on=TODAY, clock=CLOCK)
    pdf = preview_paper(database, request_id, "pia-release-letter", account=RECORDS, clock=CLOCK)
    screenshot("pia-release-letter", pdf)
    text = flat(text_of(pdf))
    assert "the Attorney General's ruling of November 30, 2026 (OR2026-01234)" in text
    assert "Partial release" in text and "§ 552.352" in text


def test_an_issued_paper_is_kept_as_its_bytes_and_audited(database: Database) -> None:
    request_id = _logged(database)
    issued = issue_paper(database, request_id, "pia-acknowledgement", account=RECORDS, clock=CLOCK)
    assert issued.recipient == "María Gómez" and issued.issued_by == RECORDS.display
    assert [p.paper_id for p in issued_papers(database, request_id, account=RECORDS)] == [
        issued.paper_id]
    kept = issued_paper(database, issued.paper_id, account=RECORDS)
    import hashlib

    assert hashlib.sha256(kept).hexdigest() == issued.sha256
    from sqlalchemy import select

    from ethics_desk.models import AuditRecord

    with database.read_session() as session:
        actions = list(session.scalars(select(AuditRecord.action)))
    assert "pia.issue" in actions


def test_no_one_else_can_make_a_request_paper(database: Database) -> None:
    request_id = _logged(database)
    clerk = Account(904, "maria", "Maria Clerk", Role.CLERK)
    with pytest.raises(NotAllowed):
        preview_paper(database, request_id, "pia-acknowledgement", account=clerk, clock=CLOCK)
    with pytest.raises(NotAllowed):
        issue_paper(database, request_id, "pia-acknowledgement", account=clerk, clock=CLOCK)


def test_the_spanish_release_letter_states_the_ruling_and_its_outcome_in_spanish(
        database: Database) -> None:
    request_id = _logged(database)
    record_ruling_asked(database, request_id, account=RECORDS, asked_on=TODAY, told_on=TODAY, clock=CLOCK,
                        exceptions=EXCEPTIONS)
    record_ruling(database, request_id, account=RECORDS, by=RulingBy.ATTORNEY_GENERAL,
                  outcome=RulingOutcome.PARTIAL, decided_on=TODAY, reference="OR2026-01234", clock=CLOCK)
    release_information(database, request_id, account=RECORDS, released_on=TODAY, clock=CLOCK)
    pdf = preview_paper(database, request_id, "pia-release-letter", account=RECORDS, clock=CLOCK,
                        language=Language.SPANISH)
    text = flat(text_of(pdf))
    assert "el dictamen de la Procuraduría General de Texas, del 30 de noviembre de 2026" in text
    assert "entrega parcial" in text
    assert "Partial release" not in text and "Attorney General's ruling" not in text


@pytest.mark.parametrize(("changes", "received"), [
    ({"channel": RequestChannel.MAIL, "received_on": None, "postmarked_on": date(2026, 11, 23)},
     "(recibida el tercer día hábil después del matasellos del 23 de noviembre de 2026, "
     "§ 552.301(a-1) del Código de Gobierno de Texas)"),
    ({}, "(recibida por correo electrónico el 30 de noviembre de 2026)")])
def test_the_spanish_acknowledgement_says_how_the_request_was_received_in_spanish(
        database: Database, changes: dict[str, object], received: str) -> None:
    text = flat(text_of(preview_paper(database, _logged(database, **changes),
                                      "pia-acknowledgement", account=RECORDS, clock=CLOCK,
                                      language=Language.SPANISH)))
    assert received in text
    assert "received" not in text and "postmark" not in text and "Gov't" not in text


def test_the_letter_asking_for_a_ruling_lists_the_exceptions_claimed(database: Database) -> None:
    request_id = _logged(database)
    with pytest.raises(UserError, match=r"No exception claimed.*§ 552\.301\(b\)"):
        preview_paper(database, request_id, "pia-ruling-request", account=RECORDS, clock=CLOCK)
    record_exceptions(database, request_id, account=RECORDS, clock=CLOCK, exceptions=(
        "§ 552.101 — information confidential by law: City Code § 2-83(h)(1)",
        "§ 552.103 — information relating to litigation"))
    pdf = preview_paper(database, request_id, "pia-ruling-request", account=RECORDS, clock=CLOCK)
    screenshot("pia-ruling-request", pdf)
    text = flat(text_of(pdf))
    assert "The exceptions claimed (Government Code § 552.301(b))" in text
    assert "§ 552.101 — information confidential by law: City Code § 2-83(h)(1)" in text
    assert "§ 552.103 — information relating to litigation" in text


def test_the_request_to_clarify_states_its_question_and_that_the_days_run_again(
        database: Database) -> None:
    request_id = _logged(database)
    with pytest.raises(UserError, match="No request for clarification"):
        preview_paper(database, request_id, "pia-clarification", account=RECORDS, clock=CLOCK)
    record_clarification_asked(database, request_id, account=RECORDS, asked_on=TODAY,
                               question="Which departments do you mean?", clock=CLOCK)
    issued = issue_paper(database, request_id, "pia-clarification", account=RECORDS,
                         clock=CLOCK)
    pdf = issued_paper(database, issued.paper_id, account=RECORDS)
    screenshot("pia-clarification", pdf)
    text = flat(text_of(pdf))
    assert "Request to Clarify Your Request for Information" in text
    assert "Which departments do you mean?" in text
    assert "§ 552.222(b)" in text and "City of Dallas v. Abbott" in text
    assert "run again from the day we receive your answer" in text


def test_the_itemized_statement_lists_each_charge_the_total_and_the_answer_date(
        database: Database) -> None:
    request_id = _logged(database)
    with pytest.raises(UserError, match="No statement of estimated charges"):
        preview_paper(database, request_id, "pia-cost-estimate", account=RECORDS, clock=CLOCK)
    record_cost_estimate(database, request_id, account=RECORDS, sent_on=TODAY, clock=CLOCK,
                         items=typed_cost_items(["Paper copies; 120; 0.10",
                                                 "Labor, hours; 2.5; 15.00"]))
    issued = issue_paper(database, request_id, "pia-cost-estimate", account=RECORDS,
                         clock=CLOCK)
    assert issued.title == "Itemized Statement of Estimated Charges"
    pdf = issued_paper(database, issued.paper_id, account=RECORDS)
    screenshot("pia-cost-estimate", pdf)
    text = flat(text_of(pdf))
    assert "Paper copies: 120 × $0.10 $12.00" in text
    assert "Labor, hours: 2.5 × $15.00 $37.50" in text
    assert "Total estimated charges $49.50" in text
    assert "Monday, December 14, 2026" in text  # the 10th business day after it is sent
    assert "§ 552.2615(a)" in text and "§ 552.2615(b)" in text and "considered withdrawn" in text
