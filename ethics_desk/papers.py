"""The intake's papers as PDF bytes, from the database: the data is resolved here, the
renderers in ``ethics_desk.reports`` lay it out. No Qt; the UI only shows and prints the bytes.

Issuing (frozen bytes with a SHA-256 in ``issued_document``) comes with the letters issue; until
then these are previews, and each print is recorded in the audit trail by the caller.
"""

from __future__ import annotations

from datetime import date

from ethics_desk.db import Database
from ethics_desk.errors import UserError
from ethics_desk.intake import Intake
from ethics_desk.models import Complaint
from ethics_desk.reports.data import (
    InfoSheetPaper,
    Letterhead,
    complaint_paper_from_case,
    complaint_paper_from_intake,
    letterhead_from_settings,
    receipt_paper_from_case,
    unsworn_return_paper_from_case,
)


def letterhead(database: Database) -> Letterhead:
    """The office's letterhead from Settings."""
    with database.read_session() as session:
        return letterhead_from_settings(session)


def sworn_complaint_for_intake(database: Database, intake: Intake,
                               provision_citations: list[str]) -> bytes:
    """The complaint with its affidavit and notary jurat, for signing at the counter."""
    from ethics_desk.reports.sworn_complaint import SwornComplaintRenderer

    paper = complaint_paper_from_intake(intake, provision_citations, letterhead(database))
    return SwornComplaintRenderer().render(paper)


def sworn_complaint_for_case(database: Database, case_id: int) -> bytes:
    """The sworn complaint as filed (with its case number)."""
    from ethics_desk.reports.sworn_complaint import SwornComplaintRenderer

    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        if complaint is None:
            raise UserError(f"There is no complaint with id {case_id}.", "Refresh the list.")
        paper = complaint_paper_from_case(complaint, letterhead_from_settings(session))
    return SwornComplaintRenderer().render(paper)


def receipt(database: Database, case_id: int) -> bytes:
    """The filing receipt for the complainant."""
    from ethics_desk.reports.receipt import ReceiptRenderer

    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        if complaint is None:
            raise UserError(f"There is no complaint with id {case_id}.", "Refresh the list.")
        paper = receipt_paper_from_case(complaint, letterhead_from_settings(session))
    return ReceiptRenderer().render(paper)


def unsworn_return(database: Database, case_id: int, issued_on: date) -> bytes:
    """The letter returning an unsworn complaint (§ 2-83(c), last paragraph)."""
    from ethics_desk.reports.unsworn_return import UnswornReturnRenderer

    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        if complaint is None:
            raise UserError(f"There is no complaint with id {case_id}.", "Refresh the list.")
        paper = unsworn_return_paper_from_case(complaint, letterhead_from_settings(session),
                                               issued_on)
    return UnswornReturnRenderer().render(paper)


def info_sheet(database: Database) -> bytes:
    """The one-page "How to file an ethics complaint" sheet (§ 2-83(b))."""
    from ethics_desk.reports.info_sheet import InfoSheetRenderer

    return InfoSheetRenderer().render(InfoSheetPaper(letterhead=letterhead(database)))
