"""The intake's papers as PDF bytes, from the database: the data is resolved here, the
renderers in ``ethics_desk.documents.render`` lay it out. No Qt; the UI only shows and prints the bytes.

Issuing (frozen bytes with a SHA-256 in ``issued_document``) comes with the letters issue; until
then these are previews, and each print is recorded in the audit trail by the caller.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from ethics_desk.core.errors import UserError
from ethics_desk.documents.render.base import Renderer
from ethics_desk.documents.render.data import (
    InfoSheetPaper,
    Letterhead,
    complaint_paper_from_case,
    complaint_paper_from_intake,
    letterhead_from_settings,
    receipt_paper_from_case,
    unsworn_return_paper_from_case,
)
from ethics_desk.documents.render.info_sheet import InfoSheetRenderer
from ethics_desk.documents.render.receipt import ReceiptRenderer
from ethics_desk.documents.render.sworn_complaint import SwornComplaintRenderer
from ethics_desk.documents.render.unsworn_return import UnswornReturnRenderer
from ethics_desk.intake.record import Intake
from ethics_desk.models import Complaint
from ethics_desk.storage.database import Database


def letterhead(database: Database) -> Letterhead:
    """The office's letterhead from Settings."""
    with database.read_session() as session:
        return letterhead_from_settings(session)


def _for_case(database: Database, case_id: int, renderer: Renderer[Any],
              resolve: Callable[[Complaint, Letterhead], Any]) -> bytes:
    """Resolve a case's paper inside one read session, then render it outside it."""
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        if complaint is None:
            raise UserError(f"There is no complaint with id {case_id}.", "Refresh the list.")
        paper = resolve(complaint, letterhead_from_settings(session))
    return renderer.render(paper)


def sworn_complaint_for_intake(database: Database, intake: Intake,
                               provision_citations: list[str]) -> bytes:
    """The complaint with its affidavit and notary jurat, for signing at the counter."""
    paper = complaint_paper_from_intake(intake, provision_citations, letterhead(database))
    return SwornComplaintRenderer().render(paper)


def sworn_complaint_for_case(database: Database, case_id: int) -> bytes:
    """The sworn complaint as filed (with its case number)."""
    return _for_case(database, case_id, SwornComplaintRenderer(), complaint_paper_from_case)


def receipt(database: Database, case_id: int) -> bytes:
    """The filing receipt for the complainant."""
    return _for_case(database, case_id, ReceiptRenderer(), receipt_paper_from_case)


def unsworn_return(database: Database, case_id: int, issued_on: date) -> bytes:
    """The letter returning an unsworn complaint (§ 2-83(c), last paragraph)."""
    return _for_case(database, case_id, UnswornReturnRenderer(),
                     lambda c, head: unsworn_return_paper_from_case(c, head, issued_on))


def info_sheet(database: Database) -> bytes:
    """The one-page "How to file an ethics complaint" sheet (§ 2-83(b))."""
    return InfoSheetRenderer().render(InfoSheetPaper(letterhead=letterhead(database)))
