"""A party's preferred language, recorded at intake, chooses the language of the papers made
for a case; a kind with no Spanish template stays English and is refused in Spanish."""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import replace
from datetime import date

import pytest
from pypdf import PdfReader
from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.documents import papers
from ethics_desk.documents.issuing import issue
from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.making import language_of, recipients, render_letter
from ethics_desk.intake.drafts import load_intake
from ethics_desk.intake.record import Intake, RespondentData
from ethics_desk.models import AuditRecord, Complaint, Disposition, Language
from ethics_desk.office.actions import save_settings
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Accept, ForwardToBoard, Resolve
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.documents.render.helpers import flat, text_of
from tests.factories import CLERK, DESK_CLERK, complete_intake, filed_case, reviewed_case

TODAY = date(2026, 11, 30)


def last_audit(database: Database, action: str) -> AuditRecord:
    """The newest audit record of an action."""
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(AuditRecord.action == action)
                                 .order_by(AuditRecord.seq.desc())).first()
        assert record is not None
        return record


def _spanish_intake() -> Intake:
    intake = complete_intake()
    intake.complainant.preferred_language = Language.SPANISH
    return intake


def test_the_preferred_language_is_stored_at_intake_and_read_back_with_the_draft(
        controller: WorkflowController, database: Database) -> None:
    intake = complete_intake()
    intake.complainant.preferred_language = Language.SPANISH
    intake.respondents = [replace(intake.respondents[0], preferred_language=Language.SPANISH),
                          RespondentData(name="Chris Ortiz", title="Inspector")]
    draft = controller.save_draft(intake)
    loaded, _version = load_intake(database, draft.complaint_id, account=CLERK)
    assert loaded.complainant.preferred_language is Language.SPANISH
    assert [r.preferred_language for r in loaded.respondents] == [Language.SPANISH,
                                                                   Language.ENGLISH]
    with database.read_session() as session:
        complaint = session.get(Complaint, draft.complaint_id)
        assert complaint is not None
        assert complaint.complainants[0].preferred_language is Language.SPANISH


def test_a_party_of_whom_no_language_was_recorded_prefers_english(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    assert [r.language for r in recipients(database, case, "receipt",
                                           account=DESK_CLERK)] == [Language.ENGLISH]


def test_each_recipient_carries_the_language_recorded_for_them(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller, _spanish_intake())
    assert [r.language for r in recipients(database, case, "receipt",
                                           account=DESK_CLERK)] == [Language.SPANISH]
    assert [r.language for r in recipients(database, case, "envelope", account=DESK_CLERK)] == [
        Language.SPANISH, Language.ENGLISH]


def test_the_receipt_of_a_case_is_printed_in_spanish_when_asked(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller, _spanish_intake())
    text = flat(text_of(render_letter(database, case, "receipt", account=DESK_CLERK,
                                      clock=CLOCK, language=Language.SPANISH)))
    assert "Comprobante de una denuncia de ética jurada" in text
    assert "de noviembre de 2026" in text and "ERB-2026-001" in text
    english = flat(text_of(papers.receipt(database, case, account=DESK_CLERK, clock=CLOCK)))
    assert "Receipt for a Sworn Ethics Complaint" in english


def test_the_notice_of_resolution_words_the_disposition_in_spanish(
        controller: WorkflowController, database: Database) -> None:
    case = reviewed_case(controller)
    controller.fire(case, Accept())
    controller.fire(case, ForwardToBoard())
    controller.fire(case, Resolve(disposition=Disposition.DISMISSED, notes="Not supported."))
    text = flat(text_of(render_letter(database, case, "resolution-notice", account=DESK_CLERK,
                                      clock=CLOCK, language=Language.SPANISH)))
    assert "Resolución: Desestimada por la Junta de Revisión de Ética" in text
    assert "Not supported." in text and "§ 2-83(d)(4)" in text


def test_a_kind_without_a_spanish_template_is_refused_in_spanish_and_stays_english(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller, _spanish_intake())
    with pytest.raises(UserError, match="no template in Español") as refused:
        render_letter(database, case, "envelope", account=DESK_CLERK, clock=CLOCK,
                      language=Language.SPANISH)
    assert "receipt" in refused.value.fix and "sworn-complaint" in refused.value.fix
    english = flat(text_of(render_letter(database, case, "labels",
                                         account=DESK_CLERK, clock=CLOCK)))
    assert "José Peña" in english


def test_a_spanish_speaking_complainant_swears_to_a_spanish_complaint(
        controller: WorkflowController, database: Database) -> None:
    intake = _spanish_intake()
    at_the_counter = flat(text_of(papers.sworn_complaint_for_intake(database, intake, [],
                                                                    today=TODAY)))
    assert "Declaración jurada — § 2-83(c)" in at_the_counter
    assert "Affidavit" not in at_the_counter and "Sworn Ethics Complaint" not in at_the_counter
    case = filed_case(controller, intake)
    assert [r.language for r in recipients(database, case, "sworn-complaint",
                                           account=DESK_CLERK)] == [Language.SPANISH]
    filed = flat(text_of(render_letter(database, case, "sworn-complaint", account=DESK_CLERK,
                                       clock=CLOCK, language=Language.SPANISH)))
    assert "Denuncia de ética jurada" in filed and "Caso ERB-2026-001" in filed
    english = flat(text_of(papers.sworn_complaint_for_intake(database, complete_intake(), [],
                                                             today=TODAY)))
    assert "Affidavit — § 2-83(c)" in english


def test_the_table_marks_every_complainant_facing_paper_spanish() -> None:
    assert {k for k, r in KINDS.items() if Language.SPANISH in r.languages} == {
        "sworn-complaint", "info-sheet", "receipt", "unsworn-return", "defect-letter",
        "cf-cure-notice", "response-copy", "hearing-notice",
        "show-cause-order", "frivolous-determination", "resolution-notice",
        "written-opinion",  # the Board's written opinion, a copy to the complainant, § 2-87(a)
        # and the Public Information Act's letters to the requester (Gov't Code ch. 552)
        "pia-acknowledgement", "pia-ruling-notice", "pia-release-letter", "pia-clarification",
        "pia-cost-estimate"}
    assert all(Language.ENGLISH in rule.languages for rule in KINDS.values())


def test_the_information_sheet_in_both_languages_is_one_pdf_with_a_sheet_each(
        database: Database) -> None:
    both = papers.info_sheet(database, today=TODAY,
                             languages=(Language.ENGLISH, Language.SPANISH))
    pages = [flat(page.extract_text()) for page in PdfReader(io.BytesIO(both)).pages]
    assert len(pages) == 2
    assert "How to File an Ethics Complaint" in pages[0]
    assert "Cómo presentar una denuncia de ética" in pages[1]


def test_an_issued_paper_records_its_language_in_the_audit_trail(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller, _spanish_intake())
    pdf = render_letter(database, case, "receipt", account=DESK_CLERK, clock=CLOCK,
                        language=Language.SPANISH)
    issue(database, case, "receipt", account=DESK_CLERK, clock=CLOCK, language=Language.SPANISH,
          previewed=hashlib.sha256(pdf).hexdigest())
    record = last_audit(database, "document.issue")
    assert json.loads(record.detail)["language"] == "es"
    assert "in Español (Spanish)" in record.summary


@pytest.mark.parametrize(("typed", "language"), [("es", Language.SPANISH),
                                                  ("Spanish", Language.SPANISH),
                                                  ("español", Language.SPANISH),
                                                  ("EN", Language.ENGLISH)])
def test_a_language_is_named_by_its_code_or_its_name(typed: str, language: Language) -> None:
    assert language_of(typed) is language


def test_an_unknown_language_is_refused_listing_the_languages() -> None:
    with pytest.raises(UserError, match="no language “fr”") as refused:
        language_of("fr")
    assert "es (Español (Spanish))" in refused.value.fix


def test_a_spanish_paper_names_the_office_and_its_signatory_in_spanish(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller, _spanish_intake())
    text = flat(text_of(render_letter(database, case, "receipt", account=DESK_CLERK,
                                      clock=CLOCK, language=Language.SPANISH)))
    assert "Oficina de la Secretaría Municipal" in text and "CIUDAD DE SAN ANTONIO" in text
    assert "City Clerk" not in text and "City of San Antonio" not in text


def test_an_office_name_the_office_changed_prints_as_typed_until_its_spanish_is_set(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller, _spanish_intake())
    save_settings(database, {"office.name": "Office of the Municipal Clerk"}, account=CLERK,
                  clock=CLOCK)

    def spanish() -> str:
        return flat(text_of(render_letter(database, case, "receipt", account=DESK_CLERK,
                                          clock=CLOCK, language=Language.SPANISH)))

    assert "Office of the Municipal Clerk" in spanish()
    assert "Oficina de la Secretaría Municipal" not in spanish()
    save_settings(database, {"office.name_es": "Oficina del Secretario Municipal"},
                  account=CLERK, clock=CLOCK)
    assert "Oficina del Secretario Municipal" in spanish()
    assert "Office of the Municipal Clerk" in flat(text_of(render_letter(
        database, case, "receipt", account=DESK_CLERK, clock=CLOCK)))
