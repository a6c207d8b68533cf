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
the office stores in Settings (:func:`ethics_desk.documents.wording.enclosure`). Until the office
stores one, the notice is issued only with how the Code was provided to the respondent recorded
(:class:`~ethics_desk.documents.render.letter_data.CodeProvided`: the day and the way, e.g.
"handed over at the counter"), which the notice states in place of listing the Code as enclosed
and the audit record keeps; the shipped placeholder page is never sent as if it were the Code
(§ 2-83(e)).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.errors import PdfReadError
from sqlalchemy import select
from sqlalchemy.orm import Session, undefer

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.office_time import office_date
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents import kinds, making, stated_dates, wording
from ethics_desk.documents.builders.response import check_code_provided
from ethics_desk.documents.render.letter_data import CodeProvided
from ethics_desk.models import Complaint, IssuedDocument, Mailing
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader, service
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

    @property
    def title(self) -> str:
        """What the paper is, as the table of kinds names it."""
        return kinds.title_of(self.kind)


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

    @property
    def title(self) -> str:
        """What the paper is, as the table of kinds names it."""
        return kinds.title_of(self.kind)


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
    summary = (f"Issued {kinds.quoted_title(kind)}{to} ({pages} page{'s' if pages != 1 else ''}, "
               f"SHA-256 {sha[:12]}…)")
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


def _render_and_issue(session: Session, complaint: Complaint, kind: str, *,
                      recipient_index: int | None, account: Account, now: datetime,
                      language: Language, previewed: str | None,
                      replaces: IssuedDocument | None = None,
                      detail: dict[str, Any] | None = None,
                      code_provided: CodeProvided | None = None) -> IssuedDocument:
    """Render ``kind`` from the record and the office's wording in ``session`` and freeze it
    there (:func:`_issue_in`); the (e) notice is frozen as its packet with the Ethics Code.

    ``previewed`` is the SHA-256 of the paper the person looked at: if the rendering differs
    (the record, the wording or the day changed since), nothing is issued and they are asked to
    look again. A correction (``replaces``) says under its title which copy it replaces, and,
    with no ``recipient_index``, goes to the recipient of the copy it replaces."""
    zone = settings.time_zone(session)
    replaces_on = office_date(replaces.issued_at, zone) if replaces is not None else None
    if recipient_index is None:
        recipient_index = _same_recipient(session, complaint, kind, replaces)
    encloses_code = kinds.rule_for(kind).encloses_code
    if encloses_code and code_provided is None and not wording.code_stored(session):
        _refuse_without_code(session, complaint, kind, recipient_index)
    person, paper = making.letter_in(session, complaint, kind, recipient_index=recipient_index,
                                    now=now, language=language,
                                    replaces_issued_on=replaces_on,
                                    code_provided=code_provided)
    if previewed is not None and hashlib.sha256(paper).hexdigest() != previewed.lower():
        raise UserError(f"The {kinds.title_of(kind)} to {person.name} is no longer the paper "
                        "you previewed: the case, the office's wording or the day has changed "
                        "since. Nothing was issued.",
                        "Preview it again, check it, and issue it then.")
    facts = {"language": language.value, **(detail or {})}
    note = "" if language is Language.ENGLISH else f", in {language.label}"
    pdf = paper
    if encloses_code and wording.code_stored(session):
        enclosed = wording.enclosure(session)
        reader = wording.enclosure_reader(enclosed.content, enclosed.label,
                                          placeholder=enclosed.placeholder)
        pdf = respondent_packet(paper, reader)
        note += " with the Ethics Code enclosed"
        facts.update({"enclosure": enclosed.label,
                      "enclosure_placeholder": enclosed.placeholder,
                      "enclosure_sha256": wording.sha256(enclosed.content),
                      "enclosure_pages": len(reader.pages),
                      "notice_pages": page_count(paper)})
    elif encloses_code and code_provided is not None:
        # No Code stored: the notice alone, saying how the Code was provided (§ 2-83(e)).
        provided = check_code_provided(code_provided, office_date(now, zone))
        note += (f" without the Ethics Code enclosed: it was provided on "
                 f"{provided.on.isoformat()} ({provided.way})")
        facts.update({"enclosure": None, "code_provided_on": provided.on.isoformat(),
                      "code_provided_way": provided.way, "notice_pages": page_count(paper)})
    return _issue_in(session, complaint.id, kind, person.name, pdf, account=account, now=now,
                     replaces=replaces, detail=facts, note=note,
                     respondent_id=person.respondent_id)


def _refuse_without_code(session: Session, complaint: Complaint, kind: str,
                         recipient_index: int | None) -> None:
    """Refuse the (e) notice when the office has stored no Ethics Code and the Clerk has not
    recorded how the Code was provided: the respondent "shall also be provided with a copy of
    the Ethics Code", § 2-83(e), and a placeholder page is not one."""
    people = making.recipients_in(session, complaint, kind)
    index = recipient_index or 0
    name = people[index].name if 0 <= index < len(people) else "the respondent"
    raise UserError(f"The office has stored no Ethics Code, so the notice to {name} would go "
                    "without the copy of the Code § 2-83(e) requires. Nothing was issued.",
                    f"Store the Code in {wording.SETTINGS_PLACE}, or record the day and the way "
                    f"the Code was provided to {name} (e.g. “handed over at the counter”, "
                    "“link e-mailed”), preview the notice again and issue it.")


def _same_recipient(session: Session, complaint: Complaint, kind: str,
                    replaces: IssuedDocument | None) -> int:
    """The index of the recipient a corrected copy goes to: the one the voided copy was
    issued to (by name; the copy of one respondent's response, by that respondent too)."""
    if replaces is None:
        return 0
    people = making.recipients_in(session, complaint, kind)
    about = next(iter(stated_dates.respondents_stated(session, replaces.id)), None)
    for index, person in enumerate(people):
        if person.name == replaces.recipient and (
                about is None or person.respondent_id is None or person.respondent_id == about):
            return index
    raise UserError(f"{replaces.recipient or 'The recipient'} of document {replaces.id} is no "
                    f"longer among those the {kind} goes to.",
                    "Choose the recipient of the corrected copy and preview it again.")


@service(Act.MAIL_PAPERS, "Issuing a paper")
def issue(database: Database, case_id: int, kind: str, *, recipient_index: int = 0,
          account: Account, clock: Clock, language: Language = Language.ENGLISH,
          previewed: str | None = None, code_provided: CodeProvided | None = None) -> IssuedRef:
    """Issue ``kind`` to the case's ``recipient_index``-th recipient: the paper is rendered
    here, from the record and the office's wording, in the transaction that freezes it —
    bytes, SHA-256, page count and the dates it states — so an issued paper is what the record
    said when it was issued; no caller hands in the bytes. The (e) notice is issued as its
    packet with the Ethics Code enclosed (a missing or unreadable enclosure refuses it, naming
    the file and the fix); while the office has stored no Code, it is refused unless
    ``code_provided`` records the day and the way the Code was provided to the respondent,
    which the notice states and the audit record keeps (§ 2-83(e)).

    ``previewed``: the SHA-256 of the preview the person looked at
    (:func:`ethics_desk.documents.making.render_letter`, the same rendering); a paper that no
    longer matches it is refused, nothing issued. Its audit record gives its ``language``; one
    in another language than English also says so in the summary ("…, in Español
    (Spanish)")."""
    with database.unit_of_work() as session:
        complaint = case_for(session, account, case_id)
        document = _render_and_issue(session, complaint, kind, recipient_index=recipient_index,
                                     account=account, now=clock(), language=language,
                                     previewed=previewed, code_provided=code_provided)
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
            f"Reprinted the issued {kinds.quoted_title(d.kind)}"
            f"{' (VOID)' if d.voided_at is not None else ''} "
            f"(document {d.id}, SHA-256 verified)", d.complaint_id,
            {"document_id": d.id, "sha256": d.sha256}) for d in found]
    with database.unit_of_work() as session:
        audit.append_many(session, entries, at=clock())
    return contents


@service(Act.MAIL_PAPERS, "Saving an issued paper")
def save_issued(database: Database, document_id: int, save: Callable[[bytes], str], *,
                account: Account, clock: Clock) -> str:
    """Hand the issued bytes, checked against their SHA-256, to ``save`` (which writes them
    where the person chose and gives back the file's name), then audit the export: recorded
    only once the file is written, so the record never claims a copy that was not made. A
    failure of ``save`` (``OSError``, ``UserError``) is raised as it is, nothing recorded."""
    with database.read_session() as session:
        document = _document(session, document_id, account)
        content = stored_bytes(document)
        kind, complaint_id, sha = document.kind, document.complaint_id, document.sha256
        void = " (VOID)" if document.voided_at is not None else ""
    name = save(content)
    with database.unit_of_work() as session:
        audit.append_many(session, [audit.Entry(
            account.display, f"export.{kind}",
            f"Saved the issued {kinds.title_of(kind).lower()}{void} (document {document_id}, "
            f"SHA-256 verified) as {name}", complaint_id,
            {"document_id": document_id, "sha256": sha, "file": name})], at=clock())
    return name


@service(Act.MAIL_PAPERS, "Voiding and reissuing a paper")
def void_and_reissue(database: Database, document_id: int, *, account: Account, reason: str,
                     clock: Clock, recipient_index: int | None = None,
                     language: Language = Language.ENGLISH,
                     previewed: str | None = None,
                     code_provided: CodeProvided | None = None) -> IssuedRef:
    """Void an issued document with the reason and issue its correction, in one transaction.

    The correction is rendered here from the record as it is now (like :func:`issue`), has the
    same kind, says under its title the day of the copy it replaces, and points back to it; it
    goes to the case's ``recipient_index``-th recipient, or, without one, to the recipient of
    the voided copy. ``previewed`` and ``code_provided`` as for :func:`issue`. Both acts are
    audited.
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
        complaint = case_for(session, account, old.complaint_id)
        old.voided_at, old.voided_by, old.void_reason = now, account.display, reason
        session.flush()
        audit.append(session, actor=account.display, action="document.void",
                     complaint_id=old.complaint_id,
                     summary=f"Voided {kinds.quoted_title(old.kind)} issued to {old.recipient or '—'} "
                             f"(document {old.id}): {reason}", at=now,
                     detail={"document_id": old.id, "sha256": old.sha256, "reason": reason})
        new = _render_and_issue(session, complaint, old.kind, recipient_index=recipient_index,
                                account=account, now=now, language=language,
                                previewed=previewed, replaces=old,
                                detail={"void_reason": reason}, code_provided=code_provided)
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
    is recorded for it in the mail ledger — not an e-mailed courtesy copy of a paper the statute
    sends by mail, which still waits for its mailing (:mod:`ethics_desk.mail.email`).
    """
    mailed = select(Mailing.document_id).where(Mailing.document_id.is_not(None),
                                               Mailing.mailed_on.is_not(None),
                                               Mailing.courtesy_copy.is_(False))
    with database.read_session() as session:
        rows = session.execute(
            select(IssuedDocument, Complaint.case_number)
            .join(Complaint, Complaint.id == IssuedDocument.complaint_id)
            .where(IssuedDocument.voided_at.is_(None), IssuedDocument.id.not_in(mailed),
                   case_condition(account))
            .order_by(IssuedDocument.issued_at, IssuedDocument.id)).all()
        return [QueueItem(d.id, d.complaint_id, number or "", d.kind, d.recipient, d.page_count,
                          d.issued_at, d.issued_by) for d, number in rows]
