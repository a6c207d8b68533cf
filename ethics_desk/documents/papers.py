"""The intake's papers as PDF bytes, from the database: the sworn complaint, the filing receipt,
the return of an unsworn complaint and the information sheet. No Qt; the UI only shows and
prints the bytes.

Each goes through its row of :data:`ethics_desk.documents.kinds.KINDS` — its data, its renderer
and its state check — like every other document: a paper asked for in a state where it does not
apply is refused, naming the state and the rule. At the counter a complaint is a draft, so only
the sworn complaint for signing and the information sheet are made there; the receipt and the
return letter are made once the Clerk has recorded the complaint's receipt.

These are previews; each print is recorded in the audit trail by the caller, and each is made
on the caller's ``today`` (from the application's clock).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import date

from pypdf import PdfReader, PdfWriter

from ethics_desk.core.vocabulary import Language
from ethics_desk.documents.kinds import render_at_counter, render_letter
from ethics_desk.intake.record import Intake
from ethics_desk.storage.audit import Viewer
from ethics_desk.storage.database import Database


def sworn_complaint_for_intake(database: Database, intake: Intake,
                               provision_citations: list[str], *, today: date) -> bytes:
    """The complaint with its affidavit and notary jurat, for signing at the counter (§ 2-83(c))."""
    return render_at_counter(database, "sworn-complaint", today=today, intake=intake,
                             provision_citations=provision_citations)


def sworn_complaint_for_case(database: Database, case_id: int, *, today: date,
                             seen_by: Viewer | None = None) -> bytes:
    """The sworn complaint as stored (a filed case with its case number, or a saved draft);
    shown to ``seen_by``, it is audited as a preview (:func:`render_letter`)."""
    return render_letter(database, case_id, "sworn-complaint", today=today, seen_by=seen_by)


def receipt(database: Database, case_id: int, *, today: date,
            language: Language = Language.ENGLISH, seen_by: Viewer | None = None) -> bytes:
    """The filing receipt for the complainant (§ 2-83(a), (c)), dated the day of filing."""
    return render_letter(database, case_id, "receipt", today=today, language=language,
                         seen_by=seen_by)


def unsworn_return(database: Database, case_id: int, issued_on: date, *,
                   language: Language = Language.ENGLISH,
                   seen_by: Viewer | None = None) -> bytes:
    """The letter returning an unsworn complaint (§ 2-83(c), last paragraph)."""
    return render_letter(database, case_id, "unsworn-return", today=issued_on,
                         language=language, seen_by=seen_by)


def info_sheet(database: Database, *, today: date,
               languages: Sequence[Language] = (Language.ENGLISH,)) -> bytes:
    """The one-page "How to file an ethics complaint" sheet (§ 2-83(b)), in each of
    ``languages`` in turn: English and Spanish together make one PDF, each language's sheet on
    its own page (printed back to back, one sheet answers either reader)."""
    sheets = [render_at_counter(database, "info-sheet", today=today, language=language)
              for language in dict.fromkeys(languages)]
    if len(sheets) == 1:
        return sheets[0]
    writer = PdfWriter()
    for sheet in sheets:
        writer.append(PdfReader(io.BytesIO(sheet)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
