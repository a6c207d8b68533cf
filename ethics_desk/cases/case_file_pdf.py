"""The whole case file as one PDF, with a bookmark for every part and every paper.

For the City Attorney's Office and the Records officer (and the City Clerk's staff, who keep
the file), each within the cases they may see (:func:`_case_in_scope`): the pages the application
words itself — a cover naming the case, the day and who made it (marked "Confidential —
§ 2-83(h)(1)" while the complaint is pending), the contents, the mail ledger, the reviews and
decisions, the Board's votes and ballots, the deadlines with how each was counted, the notes and
the access record — are made with ReportLab in the application's embedded fonts
(:mod:`ethics_desk.documents.render.fonts`: "Łukasz Wróbel", "Иван Петров" and "李小龙" print),
and joined by pypdf with the recorded bytes of the sworn complaint, of every exhibit (each
checked against its SHA-256; an exhibit that is not a PDF is named on a page of its own and
carried inside the PDF as an embedded file) and of every issued paper (checked against its
SHA-256, a void paper said to be void in its bookmark).

Making the file is one read of the case; once the file is written where the person chose, one
transaction records it (``export.case_file``: who, when, which case, the file's SHA-256 and its
page count), so the record never claims a copy that was not made. No Qt here.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from pypdf import PdfReader, PdfWriter
from pypdf.errors import PdfReadError
from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import (
    Flowable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from sqlalchemy import exists, select
from sqlalchemy.orm import Session, selectinload, undefer

from ethics_desk.cases.case_file import CaseFile, _read_case
from ethics_desk.core.account import Account
from ethics_desk.core.case_numbers import is_case_number
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.office_time import office_date, stamp
from ethics_desk.core.permissions import Act
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import BoardAction, NoteKind, VoteChoice
from ethics_desk.documents import kinds, making
from ethics_desk.documents.issuing import stored_bytes
from ethics_desk.documents.render import fonts
from ethics_desk.models import (
    Attachment,
    AuditRecord,
    BoardVote,
    Complaint,
    Decision,
    IssuedDocument,
    Mailing,
    RequestedRecord,
)
from ethics_desk.office import settings
from ethics_desk.staff.acting import service
from ethics_desk.staff.scope import case_for, no_such_case
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

CONFIDENTIAL = "Confidential — § 2-83(h)(1)"
"""The marking of every page the application words while the complaint is pending."""
ACTION = "export.case_file"
"""The audit action of a case file made (a read of the case: it is in its access history)."""

COVER = "Cover"
CONTENTS = "Contents"
SWORN_COMPLAINT = "The sworn complaint"
EXHIBITS = "Exhibits and filed papers"
ISSUED = "Issued papers"
MAIL_LEDGER = "Mail ledger"
REVIEWS = "Reviews and decisions"
VOTES = "The Board's votes and ballots"
DEADLINES = "Deadlines and how each was counted"
NOTES = "Notes of calls, visits and e-mails"
ACCESS = "Access record"
PARTS = (COVER, CONTENTS, SWORN_COMPLAINT, EXHIBITS, ISSUED, MAIL_LEDGER, REVIEWS, VOTES,
         DEADLINES, NOTES, ACCESS)
"""The parts of the file, in their order: one top-level bookmark each."""


@dataclass(frozen=True)
class Bookmark:
    """One entry of the file's outline: its title, the page it opens (0-based) and its own
    entries (an exhibit, a paper)."""

    title: str
    page: int
    children: tuple[Bookmark, ...] = ()


@dataclass(frozen=True)
class CaseFilePdf:
    """The whole case file made: its bytes, SHA-256, page count and outline."""

    case_id: int
    number: str
    pdf: bytes
    sha256: str
    page_count: int
    bookmarks: tuple[Bookmark, ...]
    part_pages: dict[str, int] = field(default_factory=dict)
    """Each part's number of pages, by its title (:data:`PARTS`)."""


@dataclass(frozen=True)
class _Piece:
    """Pages to join, with the bookmark they open under their part."""

    title: str
    pdf: bytes
    attachment: tuple[str, bytes] | None = None


@dataclass
class _Part:
    """One part of the file (:data:`PARTS`) and the pieces it joins, in order."""

    title: str
    pieces: list[_Piece]


# -- scope ------------------------------------------------------------------------------------


def _case_in_scope(session: Session, account: Account, case_id: int) -> Complaint:
    """The complaint ``case_id`` if ``account`` may have its whole file, else the answer a case
    that does not exist gets (§ 2-83(h)(1)).

    The City Clerk's staff and the City Attorney's Office: the cases they receive
    (:func:`ethics_desk.staff.scope.case_for`). The Records officer, who receives no complaint
    to work: a filed case a logged Public Information Act request names — "the records they
    touch" — which § 2-83(h)(3) gives them to answer."""
    if account.role is Role.RECORDS and not account.disabled:
        complaint = session.get(Complaint, case_id)
        if complaint is not None and complaint.case_number is not None and session.scalar(
                select(exists().where(RequestedRecord.complaint_id == case_id))):
            return complaint
    return case_for(session, account, case_id)


@service(Act.CASE_FILE, "Finding the case whose whole file is made")
def case_file_case(database: Database, number: str, *, account: Account) -> int:
    """The id of the case numbered ``number`` (``ERB-2026-001``), if ``account`` may have its
    whole file; any other is answered as a case that does not exist."""
    text = number.strip().upper()
    if not is_case_number(text):
        raise UserError(f"“{number}” is not a case number.",
                        "Give a case number such as ERB-2026-001.")
    with database.read_session() as session:
        case_id = session.scalar(select(Complaint.id).where(Complaint.case_number == text))
        if case_id is None:
            raise no_such_case(text)
        try:
            _case_in_scope(session, account, case_id)
        except UserError:
            raise no_such_case(text) from None
        return case_id


# -- making -----------------------------------------------------------------------------------


@service(Act.CASE_FILE, "Making the whole case file")
def make_case_file(database: Database, case_id: int, *, account: Account,
                   clock: Clock) -> CaseFilePdf:
    """The whole case file of ``case_id`` as one PDF (nothing recorded: :func:`save_case_file`
    records the file once it is written)."""
    now = clock()
    with database.read_session() as session:
        complaint = _case_in_scope(session, account, case_id)
        zone = settings.time_zone(session)
        case = _read_case(session, case_id)
        parts = _parts(session, complaint, case, zone, now)
        office = str(settings.get(session, "office.name") or "")
    return _assemble(case, parts, account=account, now=now, zone=zone, office=office)


@service(Act.CASE_FILE, "Saving the whole case file")
def save_case_file(database: Database, case_id: int, save: Callable[[bytes], str], *,
                   account: Account, clock: Clock) -> CaseFilePdf:
    """Make the whole case file (:func:`make_case_file`), hand it to ``save`` (which writes it
    where the person chose and gives back the file's name), then record it in one transaction
    with its audit record: who, when, which case, the file's SHA-256 and page count. A failure
    of ``save`` is raised as it is, nothing recorded."""
    made = make_case_file(database, case_id, account=account, clock=clock)
    name = save(made.pdf)
    with database.unit_of_work() as session:
        audit.append(session, actor=account.display, action=ACTION, complaint_id=case_id,
                     summary=f"Made the whole case file of {made.number} ({made.page_count} "
                             f"pages, SHA-256 {made.sha256[:12]}…) as {name}",
                     at=clock(),
                     detail={"sha256": made.sha256, "page_count": made.page_count,
                             "size": len(made.pdf), "file": name})
    return made


def write_case_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` readable by this user only, never over the record: first to a
    temporary file beside it, then put in its place, so an interrupted or refused write leaves
    no partial file. A file that cannot be written is one :class:`UserError` naming the problem
    and the fix."""
    from ethics_desk.storage.private_files import write_private

    try:
        write_private(path, data)
    except OSError as exc:
        raise UserError(f"The case file could not be saved to {path} "
                        f"({exc.strerror or exc}).",
                        "Choose a folder you may write to, then save again. Nothing was "
                        "lost.") from exc


# -- the parts --------------------------------------------------------------------------------


def _parts(session: Session, complaint: Complaint, case: CaseFile, zone: ZoneInfo,
           now: datetime) -> list[_Part]:
    """Every part after the cover and the contents, read in ``session``."""
    marking = CONFIDENTIAL if case.state.is_pending else ""
    header = f"{case.number} — the whole case file"
    issued = list(session.scalars(select(IssuedDocument).options(
        undefer(IssuedDocument.content)).where(IssuedDocument.complaint_id == case.id)
        .order_by(IssuedDocument.id)))
    return [
        _Part(SWORN_COMPLAINT, [_sworn_complaint(session, complaint, issued, now, header,
                                                 marking)]),
        _Part(EXHIBITS, _exhibits(session, case, header, marking)),
        _Part(ISSUED, [_issued_piece(document, zone) for document in issued]),
        _Part(MAIL_LEDGER, [_Piece(MAIL_LEDGER, _page(header, marking, MAIL_LEDGER,
                                                      _ledger(session, case.id)))]),
        _Part(REVIEWS, [_Piece(REVIEWS, _page(header, marking, REVIEWS,
                                              _reviews(session, case)))]),
        _Part(VOTES, [_Piece(VOTES, _page(header, marking, VOTES,
                                          _votes(session, case.id)))]),
        _Part(DEADLINES, [_Piece(DEADLINES, _page(header, marking, DEADLINES,
                                                  _deadlines(case)))]),
        _Part(NOTES, [_Piece(NOTES, _page(header, marking, NOTES, _notes(case, zone)))]),
        _Part(ACCESS, [_Piece(ACCESS, _page(header, marking, ACCESS,
                                            _access(session, case.id, zone)))]),
    ]


def _sworn_complaint(session: Session, complaint: Complaint, issued: list[IssuedDocument],
                     now: datetime, header: str, marking: str) -> _Piece:
    """The sworn complaint: the recorded paper if one was issued, else the complaint with its
    affidavit as the record holds it."""
    recorded = [d for d in issued if d.kind == "sworn-complaint" and d.voided_at is None]
    if recorded:
        return _Piece(f"{SWORN_COMPLAINT} (issued document {recorded[-1].id}, SHA-256 verified)",
                      stored_bytes(recorded[-1]))
    try:
        _person, pdf = making.letter_in(session, complaint, "sworn-complaint", now=now)
    except UserError as refused:
        return _Piece(SWORN_COMPLAINT, _page(header, marking, SWORN_COMPLAINT, [
            _p("The sworn complaint cannot be shown as a paper of the case: "
               f"{refused.problem}")]))
    return _Piece(f"{SWORN_COMPLAINT} (as the record holds it)", pdf)


def _exhibits(session: Session, case: CaseFile, header: str, marking: str) -> list[_Piece]:
    """Each exhibit and filed paper with its bytes, checked against its SHA-256: a PDF as it
    is, any other file named on a page of its own and carried as an embedded file."""
    lines = {d.attachment_id: d for d in case.documents if d.attachment_id is not None}
    attachments = session.scalars(select(Attachment).where(
        Attachment.complaint_id == case.id).order_by(Attachment.id)).all()
    pieces: list[_Piece] = []
    for attachment in attachments:
        content = attachment.content
        digest = hashlib.sha256(content).hexdigest()
        if digest != attachment.sha256:
            raise StorageError(f"“{attachment.file_name}” no longer matches the SHA-256 recorded "
                               "when it was filed; the stored copy is damaged or was altered. "
                               "No case file was made.",
                               "Restore the database from a backup and run “ethics-desk check”.")
        line = lines.get(attachment.id)
        described = f"{line.section}: {line.description}" if line is not None else "Attachment"
        title = f"{attachment.file_name} — {described}"
        if _readable_pdf(content):
            pieces.append(_Piece(title, content))
            continue
        pieces.append(_Piece(title, _page(header, marking, attachment.file_name, [
            _p(described),
            _rows([("File", attachment.file_name), ("Kind", attachment.media_type),
                   ("Size", f"{attachment.size:,} bytes"), ("SHA-256", digest)]),
            _p("This exhibit is not a PDF, so its pages cannot be shown here. The file itself "
               "is attached to this PDF, unchanged (open the attachments of this file in the "
               "PDF reader).")]), attachment=(attachment.file_name, content)))
    return pieces


def _readable_pdf(content: bytes) -> bool:
    if not content.startswith(b"%PDF"):
        return False
    try:
        return len(PdfReader(io.BytesIO(content)).pages) > 0
    except (PdfReadError, ValueError, KeyError, TypeError):
        return False


def _issued_piece(document: IssuedDocument, zone: ZoneInfo) -> _Piece:
    void = " — VOID" if document.voided_at is not None else ""
    to = f" to {document.recipient}" if document.recipient else ""
    title = (f"{kinds.title_of(document.kind)}{to}, issued "
             f"{office_date(document.issued_at, zone).isoformat()}{void}")
    return _Piece(title, stored_bytes(document))


def _ledger(session: Session, case_id: int) -> list[Flowable]:
    rows = session.execute(select(Mailing, IssuedDocument.kind).outerjoin(
        IssuedDocument, IssuedDocument.id == Mailing.document_id).where(
        Mailing.complaint_id == case_id).order_by(Mailing.id)).all()
    if not rows:
        return [_p("Nothing was mailed or handed over on this case.")]
    return [_table(("Paper", "To", "How", "Mailed", "Became of it"), [
        (kinds.title_of(kind) if kind else "—", f"{m.recipient_name}\n{m.address}".strip(),
         m.method.label + (f"\n{m.tracking_number}" if m.tracking_number else ""),
         m.mailed_on.isoformat() if m.mailed_on else "not yet",
         f"{m.outcome.label} {m.outcome_on or ''}".strip() if m.outcome else "—")
        for m, kind in rows], (1.5, 1.8, 1.3, 0.9, 1.5))]


def _reviews(session: Session, case: CaseFile) -> list[Flowable]:
    flow: list[Flowable] = [_h("The reviews of § 2-83(d)(1)")]
    if not case.reviews:
        flow.append(_p("No review was recorded."))
    for review in case.reviews:
        done = review.completed_on.isoformat() if review.completed_on else "not completed"
        determination = review.determination.label if review.determination else "none yet"
        flow.append(_p(f"<b>{fonts.markup(review.role.label)}</b> — "
                       f"{fonts.markup(review.reviewer_name)}: received "
                       f"{review.received_on.isoformat()}, completed {done}; "
                       f"{fonts.markup(determination)}.", marked=True))
        for citation, requires, note in review.defects:
            flow.append(_p(f"Defect, {citation}: {requires}" + (f" — {note}" if note else "")))
        if review.notes:
            flow.append(_p(review.notes))
    flow.append(_h("Decisions"))
    decisions = session.scalars(select(Decision).where(Decision.complaint_id == case.id)
                                .order_by(Decision.decided_on, Decision.id)).all()
    if not decisions:
        flow.append(_p("No decision was recorded."))
    flow.extend(_p(f"{d.decided_on.isoformat()}: {d.kind.label}"
                   + (f" — {d.disposition.label}" if d.disposition else "")
                   + (f". {d.notes}" if d.notes else "") + f" (recorded by {d.recorded_by})")
                for d in decisions)
    return flow


def _votes(session: Session, case_id: int) -> list[Flowable]:
    votes = session.scalars(select(BoardVote).options(selectinload(BoardVote.ballots)).where(
        BoardVote.complaint_id == case_id).order_by(BoardVote.meeting_on, BoardVote.id)).all()
    if not votes:
        return [_p("The Board took no vote on this case.")]
    flow: list[Flowable] = []
    for vote in votes:
        outcome = "carried" if vote.carried else "failed"
        flow.append(_h(f"{vote.meeting_on.isoformat()}: {_words(vote.action)}"))
        flow.append(_p(f"{vote.summary} — {vote.yes_count} yes of {vote.present_count} present, "
                       f"{vote.required_yes} required: {outcome}"
                       + (" (a record vote)" if vote.is_record_vote else "") + "."))
        if vote.ballots:
            flow.append(_table(("Member", "Vote"), [(b.member_name, _words(b.choice))
                                                    for b in vote.ballots], (4.0, 3.0)))
    return flow


def _deadlines(case: CaseFile) -> list[Flowable]:
    if not case.deadlines:
        return [_p("No deadline runs on this case.")]
    flow: list[Flowable] = []
    for line in case.deadlines:
        flow.append(_h(f"{line.title} ({line.citation})"))
        flow.append(_p(f"Started {line.trigger_on.isoformat()} ({line.trigger_basis}); due "
                       f"{line.due_on.isoformat()}; {line.outcome}."))
        if line.explanation:
            flow.append(_p(line.explanation, small=True))
    return flow


def _notes(case: CaseFile, zone: ZoneInfo) -> list[Flowable]:
    if not case.notes:
        return [_p("No note was added to this case.")]
    return [_table(("When", "Kind", "Who", "Note"), [
        (stamp(n.written_at, zone), _words(n.kind), n.written_by, n.text) for n in case.notes],
        (1.2, 0.8, 1.3, 3.7))]


def _access(session: Session, case_id: int, zone: ZoneInfo) -> list[Flowable]:
    rows = [r for r in session.scalars(select(AuditRecord).where(
        AuditRecord.complaint_id == case_id).order_by(AuditRecord.seq)) if audit.is_access(r.action)]
    if not rows:
        return [_p("No read of this case is recorded.")]
    return [_p("Every read of the case on record, oldest first (the lists that showed it among "
               "others are in the access history on the case's window)."),
            _table(("When", "Who", "What"), [(stamp(r.at, zone), r.actor, r.summary)
                                             for r in rows], (1.5, 1.6, 3.9))]


def _words(value: BoardAction | VoteChoice | NoteKind) -> str:
    return value.label


# -- pages the application words ------------------------------------------------------------

_STYLES: dict[str, ParagraphStyle] = {}


def _style(name: str) -> ParagraphStyle:
    if not _STYLES:
        fonts.register_fonts()
        base = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=10, leading=13,
                              spaceAfter=5)
        _STYLES.update({
            "body": base,
            "small": ParagraphStyle("small", parent=base, fontSize=8.5, leading=11),
            "cell": ParagraphStyle("cell", parent=base, fontSize=8.5, leading=10.5,
                                   spaceAfter=0),
            "head": ParagraphStyle("head", parent=base, fontName=fonts.BOLD, fontSize=11,
                                   leading=14, spaceBefore=6),
            "title": ParagraphStyle("title", parent=base, fontName=fonts.BOLD, fontSize=16,
                                    leading=20, spaceAfter=10),
            "cover": ParagraphStyle("cover", parent=base, fontName=fonts.BOLD, fontSize=22,
                                    leading=28, spaceAfter=14),
        })
    return _STYLES[name]


def _p(text: str, *, small: bool = False, marked: bool = False) -> Paragraph:
    """A paragraph of ``text`` (user text unless ``marked``: escaped, fallback fonts marked)."""
    return Paragraph(text if marked else fonts.markup(text), _style("small" if small else "body"))


def _h(text: str) -> Paragraph:
    return Paragraph(fonts.markup(text), _style("head"))


def _table(head: Sequence[str], rows: Sequence[Sequence[str]],
           widths: Sequence[float]) -> Table:
    cell = _style("cell")
    data = [[Paragraph(f"<b>{fonts.markup(h)}</b>", cell) for h in head]]
    data += [[Paragraph(fonts.markup(str(value)), cell) for value in row] for row in rows]
    table = Table(data, colWidths=[w * inch for w in widths], repeatRows=1)
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                               ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey)]))
    return table


def _rows(pairs: Sequence[tuple[str, str]]) -> Table:
    cell = _style("cell")
    table = Table([[Paragraph(f"<b>{fonts.markup(k)}</b>", cell), Paragraph(fonts.markup(v), cell)]
                   for k, v in pairs], colWidths=[1.3 * inch, 5.7 * inch])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return table


def _page(header: str, marking: str, title: str, flow: Sequence[Flowable], *,
          titled: bool = True) -> bytes:
    """Pages titled ``title`` (shown unless not ``titled``), each with ``header`` and
    ``marking`` at its top and foot."""
    out = io.BytesIO()
    document = SimpleDocTemplate(out, pagesize=LETTER, leftMargin=0.75 * inch,
                                 rightMargin=0.75 * inch, topMargin=0.9 * inch,
                                 bottomMargin=0.8 * inch, title=f"{header}: {title}")

    def decorate(canvas: Any, _doc: Any) -> None:
        canvas.saveState()
        width, height = LETTER
        fonts.draw_centred(canvas, width / 2, height - 0.5 * inch, header, fonts.REGULAR, 8)
        if marking:
            fonts.draw_centred(canvas, width / 2, height - 0.65 * inch, marking,
                               fonts.BOLD, 9)
            fonts.draw_centred(canvas, width / 2, 0.45 * inch, marking, fonts.BOLD, 9)
        canvas.restoreState()

    heading = [Paragraph(fonts.markup(title), _style("title"))] if titled else []
    document.build([*heading, *flow],
                   onFirstPage=decorate, onLaterPages=decorate)
    return out.getvalue()


def _cover(case: CaseFile, *, account: Account, now: datetime, zone: ZoneInfo, office: str,
           marking: str) -> bytes:
    people = ", ".join(p.name for p in case.complainants) or "—"
    respondents = ", ".join(p.name for p in case.respondents) or "—"
    flow: list[Flowable] = [Spacer(1, 1.2 * inch)]
    if marking:
        flow.append(Paragraph(fonts.markup(marking), _style("head")))
    flow += [
        Paragraph(fonts.markup(f"Case {case.number}"), _style("cover")),
        _p("The whole case file: the sworn complaint, its exhibits, every paper issued, the "
           "mail ledger, the reviews and decisions, the Board's votes, the deadlines and the "
           "access record (City Code § 2-83)."),
        Spacer(1, 0.2 * inch),
        _rows([("Complainant", people), ("Respondent", respondents),
               ("State", case.state.label),
               ("Received", stamp(case.received_at, zone) if case.received_at else "—"),
               ("Made on", stamp(now, zone)), ("Made by", account.display)]
              + ([("Office", office)] if office else [])),
    ]
    if marking:
        flow += [Spacer(1, 0.3 * inch),
                 _p("The complaint is pending. Nothing about it — not even whether it was "
                    "filed — may be told to anyone but the respondent, the complainant and a "
                    "witness or potential witness (§ 2-83(h)(1)). Its making is recorded in "
                    "the case's access history.")]
    return _page(f"{case.number} — the whole case file", marking, COVER, flow, titled=False)


def _contents(case: CaseFile, entries: Sequence[tuple[str, int, int]], marking: str) -> bytes:
    """The contents: each part (depth 0) and each paper in it (depth 1) with its first page
    (1-based)."""
    cell = _style("cell")
    rows = [[Paragraph(("" if depth == 0 else "\u2003") + (
        f"<b>{fonts.markup(title)}</b>" if depth == 0 else fonts.markup(title)), cell),
        Paragraph(str(page), cell)] for title, depth, page in entries]
    table = Table(rows, colWidths=[6.3 * inch, 0.7 * inch])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("ALIGN", (1, 0), (1, -1), "RIGHT")]))
    return _page(f"{case.number} — the whole case file", marking, CONTENTS,
                 [_p("Pages are numbered as the PDF reader numbers them; each part and each "
                     "paper is also a bookmark."), table])


# -- joining ----------------------------------------------------------------------------------


def _pages(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def _assemble(case: CaseFile, parts: list[_Part], *, account: Account, now: datetime,
              zone: ZoneInfo, office: str) -> CaseFilePdf:
    marking = CONFIDENTIAL if case.state.is_pending else ""
    cover = _cover(case, account=account, now=now, zone=zone, office=office, marking=marking)
    counts = [[_pages(piece.pdf) for piece in part.pieces] for part in parts]
    contents_pages = 1
    while True:  # the contents' own length moves every page after it
        entries: list[tuple[str, int, int]] = [(COVER, 0, 1), (CONTENTS, 0, 2)]
        page = 1 + _pages(cover) + contents_pages
        for part, pages in zip(parts, counts, strict=True):
            entries.append((_part_title(part), 0, page))
            if part.title in (EXHIBITS, ISSUED):
                start = page
                for piece, count in zip(part.pieces, pages, strict=True):
                    entries.append((piece.title, 1, start))
                    start += count
            page += sum(pages)
        contents = _contents(case, entries, marking)
        if _pages(contents) == contents_pages:
            break
        contents_pages = _pages(contents)

    writer = PdfWriter()
    bookmarks: list[Bookmark] = []
    part_pages: dict[str, int] = {}
    for title, pdf in ((COVER, cover), (CONTENTS, contents)):
        start = len(writer.pages)
        writer.append(PdfReader(io.BytesIO(pdf)))
        bookmarks.append(Bookmark(title, start))
        part_pages[title] = len(writer.pages) - start
    for part in parts:
        start = len(writer.pages)
        children: list[Bookmark] = []
        for piece in part.pieces:
            children.append(Bookmark(piece.title, len(writer.pages)))
            writer.append(PdfReader(io.BytesIO(piece.pdf)), import_outline=False)
            if piece.attachment is not None:
                writer.add_attachment(filename=piece.attachment[0], data=piece.attachment[1])
        listed = part.title in (EXHIBITS, ISSUED)
        bookmarks.append(Bookmark(_part_title(part), start, tuple(children) if listed else ()))
        part_pages[part.title] = len(writer.pages) - start
    for mark in bookmarks:
        parent = writer.add_outline_item(title=mark.title, page_number=mark.page)
        for child in mark.children:
            writer.add_outline_item(title=child.title, page_number=child.page, parent=parent)
    writer.add_metadata({"/Title": f"{case.number} — the whole case file",
                         "/Creator": "Ethics Desk", "/Author": account.display,
                         "/Subject": marking or "City Code § 2-83"})
    out = io.BytesIO()
    writer.write(out)
    pdf = out.getvalue()
    return CaseFilePdf(case.id, case.number, pdf, hashlib.sha256(pdf).hexdigest(),
                       len(writer.pages), tuple(bookmarks), part_pages)


def _part_title(part: _Part) -> str:
    if part.title == SWORN_COMPLAINT:
        return part.pieces[0].title
    if part.title in (EXHIBITS, ISSUED):
        return f"{part.title} ({len(part.pieces)})"
    return part.title


def outline_of(pdf: bytes) -> list[tuple[str, int, int]]:
    """The outline of ``pdf`` as (title, depth, 0-based page), in order: what a PDF reader
    shows as its bookmarks."""
    reader = PdfReader(io.BytesIO(pdf))
    found: list[tuple[str, int, int]] = []

    def walk(items: list[Any], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                page = reader.get_destination_page_number(item)
                found.append((str(item.title), depth, -1 if page is None else page))

    walk(reader.outline, 0)
    return found


def describe(made: CaseFilePdf) -> str:
    """The file made in one line, for a message or the command line."""
    return (f"the whole case file of {made.number}: {made.page_count} pages, SHA-256 "
            f"{made.sha256}")

