"""The intake's papers as PDF bytes, from the database: the sworn complaint, the filing receipt,
the return of an unsworn complaint and the information sheet. No Qt; the UI only shows and
prints the bytes.

Each goes through its row of :data:`ethics_desk.documents.kinds.KINDS` — its data, its renderer
and its state check — like every other document: a paper asked for in a state where it does not
apply is refused, naming the state and the rule. At the counter a complaint is a draft, so only
the sworn complaint for signing and the information sheet are made there; the receipt and the
return letter are made once the Clerk has recorded the complaint's receipt.

A case's papers are previews by the signed-in account, audited as such and dated the office's
day at the clock's time; the counter's papers are made from what the clerk typed and the
office's wording, on the caller's ``today``. Issuing is :mod:`ethics_desk.documents.issuing`'s.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import date

from pypdf import PdfReader, PdfWriter

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents.making import render_at_counter, render_letter
from ethics_desk.intake.record import Intake
from ethics_desk.staff.acting import case_reader
from ethics_desk.storage.database import Database


def sworn_complaint_for_intake(database: Database, intake: Intake,
                               provision_citations: list[str], *, today: date,
                               language: Language | None = None) -> bytes:
    """The complaint with its affidavit and notary jurat, for signing at the counter (§ 2-83(c)),
    in ``language``: by default the language of the papers chosen for the complainant, so that a
    complainant who reads Spanish swears to a Spanish complaint."""
    return render_at_counter(database, "sworn-complaint", today=today, intake=intake,
                             provision_citations=provision_citations,
                             language=language or intake.complainant.preferred_language)


@case_reader("Previewing the sworn complaint")
def sworn_complaint_for_case(database: Database, case_id: int, *, account: Account,
                             clock: Clock) -> bytes:
    """The sworn complaint as stored (a filed case with its case number, or a saved draft),
    previewed by ``account`` (audited, :func:`render_letter`)."""
    return render_letter(database, case_id, "sworn-complaint", account=account, clock=clock)


@case_reader("Previewing the filing receipt")
def receipt(database: Database, case_id: int, *, account: Account, clock: Clock,
            language: Language = Language.ENGLISH) -> bytes:
    """The filing receipt for the complainant (§ 2-83(a), (c)), previewed by ``account``
    (audited)."""
    return render_letter(database, case_id, "receipt", account=account, clock=clock,
                         language=language)


@case_reader("Previewing the return of an unsworn complaint")
def unsworn_return(database: Database, case_id: int, *, account: Account, clock: Clock,
                   language: Language = Language.ENGLISH) -> bytes:
    """The letter returning an unsworn complaint (§ 2-83(c), last paragraph), previewed by
    ``account`` (audited)."""
    return render_letter(database, case_id, "unsworn-return", account=account, clock=clock,
                         language=language)


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
