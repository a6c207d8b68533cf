"""Issuing documents: a previewed PDF becomes a frozen record — bytes, SHA-256, who and when.

An issued document is never regenerated: a reprint gives back the stored bytes (refused if they
no longer match their SHA-256), and a correction is "void and reissue" — the old record keeps
its bytes and says why and by whom it was voided, the new one points back to it. Each act is
one transaction with its audit record, so the case timeline shows it. No Qt here.

Issuing also keeps each date the paper states — the response date of the (e) notice, the reply
date of a response's copy, the reviewers' dates, the show-cause hearing — in the same
transaction (:mod:`ethics_desk.documents.stated_dates`), so that a later closure that moves one
names the paper it made wrong.

The (e) notice goes out as a packet: the notice followed by the Ethics Code enclosure, the PDF
the office stores in Settings (:func:`ethics_desk.office.wording.enclosure`) or, until then, the
shipped placeholder ``resources/ethics-code-placeholder.pdf``.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.errors import PdfReadError
from sqlalchemy import select
from sqlalchemy.orm import Session, undefer

from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.office_time import office_date
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents import stated_dates
from ethics_desk.models import Complaint, IssuedDocument, Mailing
from ethics_desk.office import settings, wording
from ethics_desk.staff.accounts import Account
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.permissions import Act
from ethics_desk.staff.scope import case_condition, case_for
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

RESPONDENT_NOTICE = "respondent-notice"
"""The kind of the (e) packet: the notice to a respondent with the Ethics Code enclosed."""

MAX_KIND = 40
MAX_RECIPIENT = 300


@dataclass(frozen=True)
class IssuedRef:
    """An issued document as lists and the case view show it (without its bytes)."""

    document_id: int
    complaint_id: int
    kind: str
    recipient: str
    sha256: str
    page_count: int
    issued_at: datetime
    issued_by: str
    voided_at: datetime | None = None
    voided_by: str | None = None
    void_reason: str | None = None
    replaces_id: int | None = None

    @property
    def is_void(self) -> bool:
        """Whether the document was voided (and, normally, reissued)."""
        return self.voided_at is not None


@dataclass(frozen=True)
class QueueItem:
    """An issued document still to be mailed or handed over."""

    document_id: int
    complaint_id: int
    case_number: str
    kind: str
    recipient: str
    page_count: int
    issued_at: datetime
    issued_by: str


def _ref(document: IssuedDocument) -> IssuedRef:
    return IssuedRef(document.id, document.complaint_id, document.kind, document.recipient,
                     document.sha256, document.page_count, document.issued_at,
                     document.issued_by, document.voided_at, document.voided_by,
                     document.void_reason, document.replaces_id)


def page_count(pdf: bytes) -> int:
    """The number of pages of a PDF; bytes that are not a readable PDF are refused."""
    try:
        return len(PdfReader(io.BytesIO(pdf)).pages)
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise UserError("The document is not a readable PDF, so it cannot be issued.",
                        "Preview it again; if the preview fails too, report the problem.") from exc


def _document(session: Session, document_id: int,
              account: Account | None = None) -> IssuedDocument:
    document = session.get(IssuedDocument, document_id)
    # A paper of a case the person does not receive is one never issued, § 2-83(h)(1).
    if document is None or (account is not None and not _received(session, account, document)):
        raise UserError(f"There is no issued document with id {document_id}.",
                        "Refresh the case; it may have been removed with its case.")
    return document


def _issue_in(session: Session, case_id: int, kind: str, recipient: str, pdf: bytes, *,
              account: Account, now: datetime, replaces: IssuedDocument | None = None,
              detail: dict[str, Any] | None = None, note: str = "",
              respondent_id: int | None = None) -> IssuedDocument:
    """Write one issued document, the dates it states (:mod:`ethics_desk.documents.stated_dates`;
    ``respondent_id``: the respondent a copy is about) and its "document.issue" audit record in
    ``session``."""
    kind, recipient = kind.strip(), recipient.strip()
    if not kind or len(kind) > MAX_KIND:
        raise UserError(f"“{kind}” is not a document kind.", "This is a bug; please report it.")
    if len(recipient) > MAX_RECIPIENT:
        raise UserError(f"The recipient is longer than {MAX_RECIPIENT} characters.",
                        "Shorten it to the name and role.")
    complaint = case_for(session, account, case_id)
    actor = account.display
    pages = page_count(pdf)
    sha = hashlib.sha256(pdf).hexdigest()
    document = IssuedDocument(complaint_id=complaint.id, kind=kind, recipient=recipient,
                              content=pdf, sha256=sha, page_count=pages, issued_at=now,
                              issued_by=actor, replaces_id=replaces.id if replaces else None)
    session.add(document)
    session.flush()
    stated = stated_dates.record(session, document, respondent_id=respondent_id)
    to = f" to {recipient}" if recipient else ""
    summary = f"Issued the {kind}{to} ({pages} page{'s' if pages != 1 else ''}, SHA-256 {sha[:12]}…)"
    if replaces is not None:
        summary += f", replacing document {replaces.id}"
    audit.append(session, actor=actor, action="document.issue", complaint_id=complaint.id,
                 summary=summary + note, at=now,
                 detail={"document_id": document.id, "kind": kind, "recipient": recipient,
                         "sha256": sha, "page_count": pages, "size": len(pdf),
                         "replaces_id": document.replaces_id,
                         "stated_dates": [{"label": item.label,
                                           "date": item.stated_on.isoformat()}
                                          for item in stated],
                         **(detail or {})})
    return document


@service(Act.MAIL_PAPERS, "Issuing a paper")
def issue(database: Database, case_id: int, kind: str, recipient: str, pdf: bytes, *,
          account: Account, clock: Clock, language: Language = Language.ENGLISH,
          respondent_id: int | None = None) -> IssuedRef:
    """Freeze the previewed ``pdf`` as issued to ``recipient``: bytes, SHA-256, page count, and
    the dates it states (``respondent_id``: the respondent the copy is about, where the
    recipient's name does not say, e.g. the copy of one respondent's response).
    Its audit record gives its ``language``; one in another language than English also says so
    in the summary ("…, in Español (Spanish)")."""
    detail = {"language": language.value}
    note = "" if language is Language.ENGLISH else f", in {language.label}"
    with database.unit_of_work() as session:
        document = _issue_in(session, case_id, kind, recipient, pdf, account=account,
                             now=clock(), detail=detail, note=note,
                             respondent_id=respondent_id)
        return _ref(document)


def _received(session: Session, account: Account, document: IssuedDocument) -> bool:
    try:
        case_for(session, account, document.complaint_id)
    except UserError:
        return False
    return True


def stored_bytes(document: IssuedDocument) -> bytes:
    """The document's stored bytes, refused when they no longer match its SHA-256."""
    content = document.content
    if hashlib.sha256(content).hexdigest() != document.sha256:
        raise StorageError(f"The stored copy of document {document.id} ({document.kind}) no "
                           "longer matches the SHA-256 recorded when it was issued: the stored "
                           "copy is damaged or was altered.",
                           "Do not print or send it. Restore the database from a backup and run "
                           "“ethics-desk check”.")
    return content


@service(Act.MAIL_PAPERS, "Printing an issued paper")
def reprint(database: Database, document_id: int, *, account: Account,
            clock: Clock) -> bytes:
    """The issued bytes again, exactly, after checking them against their SHA-256 (audited)."""
    [content] = reprint_many(database, [document_id], account=account, clock=clock)
    return content


@service(Act.MAIL_PAPERS, "Printing issued papers")
def reprint_many(database: Database, document_ids: Sequence[int], *, account: Account,
                 clock: Clock) -> list[bytes]:
    """The issued bytes of each document again, exactly, in order, each checked against its
    SHA-256; one audit record per document, all in one transaction (a print run's letters)."""
    wanted = list(document_ids)
    with database.read_session() as session:
        # Loaded with their bytes in one query; _document then finds each in the session.
        list(session.scalars(select(IssuedDocument).options(
            undefer(IssuedDocument.content)).where(IssuedDocument.id.in_(set(wanted)))))
        found = [_document(session, i, account) for i in wanted]
        contents = [stored_bytes(document) for document in found]
        entries = [audit.Entry(
            account.display, f"print.{d.kind}",
            f"Reprinted the issued {d.kind}{' (VOID)' if d.voided_at is not None else ''} "
            f"(document {d.id}, SHA-256 verified)", d.complaint_id,
            {"document_id": d.id, "sha256": d.sha256}) for d in found]
    with database.unit_of_work() as session:
        audit.append_many(session, entries, at=clock())
    return contents


@service(Act.MAIL_PAPERS, "Voiding and reissuing a paper")
def void_and_reissue(database: Database, document_id: int, new_pdf: bytes, *,
                     account: Account,
                     reason: str, recipient: str | None = None,
                     clock: Clock, language: Language = Language.ENGLISH,
                     respondent_id: int | None = None) -> IssuedRef:
    """Void an issued document with the reason and issue its correction, in one transaction.

    The correction has the same kind (and recipient, unless ``recipient`` is given) and points
    back to the voided one; both acts are audited.
    """
    reason = reason.strip()
    if not reason:
        raise UserError("Say why the document is being voided.",
                        "Enter the reason (e.g. “wrong address”) and try again.")
    now = clock()
    with database.unit_of_work() as session:
        old = _document(session, document_id, account)
        if old.voided_at is not None:
            replacement = session.scalar(select(IssuedDocument.id).where(
                IssuedDocument.replaces_id == old.id))
            by = f" and replaced by document {replacement}" if replacement else ""
            raise UserError(f"Document {old.id} was already voided on "
                            f"{office_date(old.voided_at, settings.time_zone(session))} by "
                            f"{old.voided_by}{by}.",
                            "Correct the current document instead.")
        old.voided_at, old.voided_by, old.void_reason = now, account.display, reason
        session.flush()
        audit.append(session, actor=account.display, action="document.void",
                     complaint_id=old.complaint_id,
                     summary=f"Voided the {old.kind} issued to {old.recipient or '—'} "
                             f"(document {old.id}): {reason}", at=now,
                     detail={"document_id": old.id, "sha256": old.sha256, "reason": reason})
        new = _issue_in(session, old.complaint_id, old.kind,
                        old.recipient if recipient is None else recipient, new_pdf,
                        account=account, now=now, replaces=old, respondent_id=respondent_id,
                        detail={"void_reason": reason, "language": language.value})
        return _ref(new)


def respondent_packet(notice_pdf: bytes, enclosure: PdfReader) -> bytes:
    """The notice's pages followed by the enclosure's, as one PDF."""
    try:
        notice = PdfReader(io.BytesIO(notice_pdf))
        writer = PdfWriter()
        writer.append(notice)
        writer.append(enclosure)
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise UserError("The notice is not a readable PDF, so the packet cannot be made.",
                        "Preview the notice again; if it fails too, report the problem.") from exc
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@service(Act.MAIL_PAPERS, "Issuing the notice to a respondent")
def issue_respondent_packet(database: Database, case_id: int, recipient: str,
                            notice_pdf: bytes, *, account: Account,
                            clock: Clock, respondent_id: int | None = None) -> IssuedRef:
    """Issue the (e) packet to a respondent: the notice followed by the Ethics Code enclosure.

    A missing or unreadable enclosure refuses the packet with a message naming the file and
    the fix; nothing is issued. An enclosed placeholder is said so in the audit record.
    """
    with database.read_session() as session:
        enclosed = wording.enclosure(session)
    reader = wording.enclosure_reader(enclosed.content, enclosed.label,
                                      placeholder=enclosed.placeholder)
    packet = respondent_packet(notice_pdf, reader)
    enclosure_pages = len(reader.pages)
    with database.unit_of_work() as session:
        note = (" with the PLACEHOLDER in place of the Ethics Code (set the Code in Settings)"
                if enclosed.placeholder else " with the Ethics Code enclosed")
        document = _issue_in(session, case_id, RESPONDENT_NOTICE, recipient, packet,
                             account=account, now=clock(), note=note, respondent_id=respondent_id,
                             detail={"enclosure": enclosed.label,
                                     "enclosure_placeholder": enclosed.placeholder,
                                     "enclosure_sha256": wording.sha256(enclosed.content),
                                     "enclosure_pages": enclosure_pages,
                                     "notice_pages": page_count(notice_pdf)})
        return _ref(document)


def respondent_packet_bytes(database: Database, notice_pdf: bytes) -> bytes:
    """The (e) packet's bytes (notice + enclosure), for a correction by void and reissue."""
    with database.read_session() as session:
        enclosed = wording.enclosure(session)
    return respondent_packet(notice_pdf, wording.enclosure_reader(
        enclosed.content, enclosed.label, placeholder=enclosed.placeholder))


@case_reader("Reading the papers issued on a case")
def issued_for_case(database: Database, case_id: int, *, account: Account) -> list[IssuedRef]:
    """Every document issued on a case, voided ones included, oldest first (a case ``account``
    does not receive gets the answer of one that does not exist)."""
    with database.read_session() as session:
        case_for(session, account, case_id)
        return [_ref(d) for d in session.scalars(select(IssuedDocument).where(
            IssuedDocument.complaint_id == case_id).order_by(IssuedDocument.id))]


@case_reader("Listing the papers waiting to be mailed")
def print_queue(database: Database, *, account: Account) -> list[QueueItem]:
    """Issued documents, not voided, with no mailing or hand delivery recorded yet, of the
    cases ``account`` receives (:func:`ethics_desk.staff.scope.case_condition`).

    Each issued document has one recipient; it leaves the queue when a mailing with a date
    is recorded for it in the mail ledger.
    """
    mailed = select(Mailing.document_id).where(Mailing.document_id.is_not(None),
                                               Mailing.mailed_on.is_not(None))
    with database.read_session() as session:
        rows = session.execute(
            select(IssuedDocument, Complaint.case_number)
            .join(Complaint, Complaint.id == IssuedDocument.complaint_id)
            .where(IssuedDocument.voided_at.is_(None), IssuedDocument.id.not_in(mailed),
                   case_condition(account))
            .order_by(IssuedDocument.issued_at, IssuedDocument.id)).all()
        return [QueueItem(d.id, d.complaint_id, number or "", d.kind, d.recipient, d.page_count,
                          d.issued_at, d.issued_by) for d, number in rows]
