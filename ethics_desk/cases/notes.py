"""Notes on a case: the call from the complainant, the visit of the respondent's lawyer, an e-mail.

A note records who wrote it (the signed-in account), when (the clock), how the matter came to
the office (:class:`~ethics_desk.core.vocabulary.NoteKind`) and what was said. Notes are part
of the case file (:func:`ethics_desk.cases.case_file.load_case` reads them with the rest of the
case) and as confidential as the complaint, § 2-83(h)(1): whoever does not receive the case
cannot read its notes nor tell that it has any. No paper sent to a party is built from them.

Adding a note is one audited act (:data:`~ethics_desk.core.permissions.Act.ADD_NOTE`, the City
Clerk's staff). A note is never changed or removed: a correction is a new note, as the journal
keeps every record that was. No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import CaseState, NoteKind
from ethics_desk.models import CaseNote
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_for
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

MAX_NOTE = 10_000
"""The longest note, in characters (a long call fits; a document is filed, not noted)."""


@dataclass(frozen=True)
class NoteLine:
    """A note as the case window lists it."""

    note_id: int
    kind: NoteKind
    text: str
    written_by: str
    written_at: datetime


def _line(note: CaseNote) -> NoteLine:
    return NoteLine(note.id, note.kind, note.text, note.written_by, note.written_at)


def notes_in(session: Session, case_id: int) -> list[NoteLine]:
    """The case's notes, oldest first, read in the session of a service that found the case
    through the account's scope (the case file's)."""
    return [_line(note) for note in session.scalars(
        select(CaseNote).where(CaseNote.complaint_id == case_id)
        .order_by(CaseNote.written_at, CaseNote.id))]


@case_reader("Reading a case's notes")
def notes(database: Database, case_id: int, *, account: Account) -> list[NoteLine]:
    """The notes of a case ``account`` receives, oldest first; for any other case, the answer
    a case that does not exist gets (§ 2-83(h)(1))."""
    with database.read_session() as session:
        case_for(session, account, case_id)
        return notes_in(session, case_id)


@service(Act.ADD_NOTE, "Adding a note to a case")
def add_note(database: Database, case_id: int, kind: NoteKind, text: str, *,
             account: Account, clock: Clock) -> NoteLine:
    """Add a note of ``kind`` saying ``text`` to the case, written by ``account`` at
    ``clock()``, with its audit record, in one transaction."""
    text = text.strip()
    if not text:
        raise UserError("The note is empty.",
                        "Type what was said: who called, wrote or came, and about what.")
    if len(text) > MAX_NOTE:
        raise UserError(f"The note is longer than {MAX_NOTE:,} characters.",
                        "Shorten it, or file the document on the case instead.")
    if not isinstance(kind, NoteKind):
        raise UserError("Say what kind of note it is.",
                        "Choose a call, a visit, an e-mail or other.")

    def record(session: Session) -> NoteLine:
        complaint = case_for(session, account, case_id)  # the scope: as a case never filed
        if complaint.state is CaseState.DISCARDED:
            raise UserError("A discarded draft takes no notes.",
                            "Add the note to the complaint that was filed instead.")
        note = CaseNote(complaint_id=case_id, kind=kind, text=text,
                        written_by=account.display, written_at=clock())
        session.add(note)
        session.flush()
        audit.append(session, actor=account.display, action="note.add", complaint_id=case_id,
                     at=note.written_at, summary=f"Added a note ({kind.label.lower()})",
                     detail={"note_id": note.id, "kind": kind.value})
        return _line(note)

    return database.write(record)
