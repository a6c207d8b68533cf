"""The audit trail browsed: the records a person may see, filtered, and whether the chain holds.

The trail (:mod:`ethics_desk.storage.audit`) is one hash-chained list of every act, view,
print and export of the office. The Compliance Auditor, the Records officer and the
Administrator browse it (:data:`~ethics_desk.core.permissions.ACT_ROLES`, ``AUDIT_TRAIL``),
each within a scope this module decides, deny by default (:func:`scope_condition`):

- a case's records only to one who receives the case
  (:func:`ethics_desk.staff.scope.case_condition`): the Compliance Auditor, from the forwarding
  for review. A person who may not see a case cannot tell it exists (§ 2-83(h)(1)), so its
  records are neither listed nor counted, and a case number they may not name gets the answer a
  number never used gets;
- the records that name no case, by the families each role may read
  (:data:`~ethics_desk.core.permissions.TRAIL_NO_CASE`):
  the office's own acts (accounts and sign-ins, settings, the calendar, the letters' wording,
  backups and the record key, the Board's roster) to all three; the retention schedule's and the
  Public Information Act's to the Records officer, whose they are. A list of cases shown
  (``view.list``) names its cases by id, and is read by no one but the person shown it;
- every person's own records (the actor is their account).

A browse (:func:`open_trail`) is itself a read on record (``view.audit``: at once, or queued
while another desk writes, :mod:`ethics_desk.storage.queued_records`); the chain is verified
once for it (:func:`chain_state`), and each line says whether the chain verifies up to it.
Pages are read newest first by the record's sequence (a keyset, never an offset). The
filtered records are exported to a CSV file (:func:`export_csv`, UTF-8 with a byte-order mark,
written beside itself and then put in place), recorded in the same transaction. No Qt here.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import io
import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, tzinfo
from pathlib import Path
from typing import Any

from sqlalchemy import ColumnElement, and_, false, func, or_, select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import stamp
from ethics_desk.core.permissions import (
    HOLDS_ANY_CASE,
    TRAIL_CASE_RECORDS,
    TRAIL_NO_CASE,
    TRAIL_OFFICE_ACTS,
    Act,
)
from ethics_desk.models import AuditRecord, Complaint
from ethics_desk.office.settings import time_zone
from ethics_desk.staff.acting import service
from ethics_desk.staff.scope import case_condition, no_such_case
from ethics_desk.storage.audit import CHAIN_FUNCTION, ChainProblem, verify_chain
from ethics_desk.storage.database import Database

READ = "view.audit"
"""The audit action of a browse of the trail (a read on record)."""
EXPORTED = "export.audit"
"""The audit action of the trail exported to a CSV file."""
PAGE = 200
"""How many records a page holds."""

OFFICE_ACTS = TRAIL_OFFICE_ACTS
NO_CASE_ACTS = TRAIL_NO_CASE
CASE_RECORDS = TRAIL_CASE_RECORDS

FAMILIES: dict[str, str] = {
    "account": "Account", "board": "Board", "backup": "Backup", "calendar": "Calendar",
    "database": "Database", "document": "Paper", "draft": "Draft", "enclosure": "Enclosure",
    "event": "Step", "export": "Exported", "mail": "Mail", "note": "Note", "pia": "Public "
    "Information Act", "preview": "Previewed", "print": "Printed", "provisions": "Provisions",
    "record": "Hearing record", "record_key": "Record key", "reference": "Reference data",
    "retention": "Retention", "save": "Saved", "setting": "Settings", "view": "Read",
    "witness": "Witness", "wording": "Wording",
}
"""Each family of audit action in words."""

ACT_CHOICES: tuple[tuple[str, str], ...] = (
    ("Every act", ""), ("Steps of a case", "event."), ("Reads of a case", "view."),
    ("Previews", "preview."), ("Prints", "print."), ("Exports", "export."),
    ("Papers issued", "document."), ("Mail", "mail."), ("Accounts and signing in", "account."),
    ("Settings", "setting."), ("Calendar", "calendar."), ("Board", "board."),
    ("Retention", "retention."), ("Public Information Act", "pia."), ("Backups", "backup."),
    ("Audit trail", "view.audit"))
"""The act filters a screen offers: their words and the action prefix each keeps."""


NAMED_ACTS: dict[str, str] = {
    READ: "Read: the audit trail", EXPORTED: "Exported: the audit trail",
    "view.list": "Read: a list of cases", "view.access": "Read: who saw the case",
}
"""Actions whose words are not their family's and their name's."""


def act_words(action: str) -> str:
    """An audit action in plain words: ``event.forward_for_review`` → "Step: Forward to the
    reviewers" (the workflow table's label), ``account.sign_in`` → "Account: sign in"."""
    if action in NAMED_ACTS:
        return NAMED_ACTS[action]
    family, _, rest = action.partition(".")
    if action.startswith("record_key."):
        family, rest = "record_key", action.removeprefix("record_key.")
    head = FAMILIES.get(family, _name_words(family).capitalize())
    if rest in _titles():
        return f"{head}: {_titles()[rest]}"
    if family == "event" and rest in _step_labels():  # a step of § 2-83 by its own label
        return f"{head}: {_step_labels()[rest]}"
    words = _name_words(rest)
    return f"{head}: {words}" if words else head


def _name_words(name: str) -> str:
    """An action's or a detail's own name in words ("sign_in" → "sign in"): names the
    application gave its records, not an enum's values, which have labels of their own."""
    return " ".join(part for part in re.split(r"[_.\-]+", name) if part)


@functools.cache  # read once: the tables do not change while the application runs
def _step_labels() -> dict[str, str]:
    from ethics_desk.workflow.table import BY_EVENT

    return {str(event): row.label for event, row in BY_EVENT.items()}


@functools.cache
def _titles() -> dict[str, str]:
    from ethics_desk.documents.kinds import KINDS

    return {kind: entry.title for kind, entry in KINDS.items()}


@dataclass(frozen=True)
class TrailFilter:
    """What a browse keeps: a person (their login or a part of their name), an act (the start
    of its action, :data:`ACT_CHOICES`), a case number, and a period of the office's days (the
    first and last day, each may be open)."""

    who: str = ""
    act: str = ""
    case_number: str = ""
    start: date | None = None
    end: date | None = None

    def __post_init__(self) -> None:
        if self.start is not None and self.end is not None and self.end < self.start:
            raise UserError(f"The period ends ({self.end:%Y-%m-%d}) before it begins "
                            f"({self.start:%Y-%m-%d}).",
                            "Enter a last day on or after the first day.")

    def words(self) -> dict[str, str]:
        """The filter as the browse's record and the export keep it (the case is the record's
        own case, so that it is seen only by those who may see the case)."""
        kept = {"who": self.who.strip(), "act": self.act.strip(),
                "from": f"{self.start:%Y-%m-%d}" if self.start else "",
                "to": f"{self.end:%Y-%m-%d}" if self.end else ""}
        return {key: value for key, value in kept.items() if value}


@dataclass(frozen=True)
class TrailLine:
    """One record as the trail shows it: when, who, what, which case, the detail in words, and
    whether the chain verifies up to it."""

    seq: int
    at: datetime
    when: str
    actor: str
    action: str
    act: str
    case_number: str
    summary: str
    detail: str
    verified: bool

    @property
    def chain(self) -> str:
        """Whether the chain verifies up to this record, in words."""
        return "Verified" if self.verified else "Not verified"

    def full_text(self) -> str:
        """Everything the record says, for the screen's reading pane."""
        lines = [f"When: {self.when}", f"Who: {self.actor}", f"Act: {self.act}",
                 f"Case: {self.case_number or 'none'}", f"What: {self.summary}"]
        if self.detail:
            lines += ["Detail:", self.detail]
        lines.append("Chain: " + ("the chain verifies from the first record up to this one"
                                  if self.verified else
                                  "the chain does not verify up to this record"))
        return "\n".join(lines)


@dataclass(frozen=True)
class ChainState:
    """The chain verified once for a browse: whether it holds, the sequence of the first
    record it does not verify (None: every record it holds), and the finding in words."""

    holds: bool
    breaks_at: int | None
    words: str

    def verifies(self, seq: int) -> bool:
        """Whether the chain verifies from the first record up to the record ``seq``."""
        return self.breaks_at is None or seq < self.breaks_at


@dataclass(frozen=True)
class TrailPage:
    """A page of the trail, newest first: its lines and the key of the next page (None: the
    last page)."""

    lines: list[TrailLine]
    next_before: int | None


@dataclass(frozen=True)
class Trail:
    """A browse: the chain's state, verified once, and the first page."""

    chain: ChainState
    first: TrailPage
    filters: TrailFilter = field(default_factory=TrailFilter)


def _own(account: Account) -> ColumnElement[bool]:
    return or_(AuditRecord.actor == account.login,
               AuditRecord.actor.endswith(f" ({account.login})", autoescape=True))


def scope_condition(account: Account) -> ColumnElement[bool]:
    """The condition on :class:`AuditRecord` that keeps exactly the records ``account`` may
    read in the trail (deny by default: a role the table does not give the trail reads none, a
    disabled account none)."""
    if account.disabled or account.role not in NO_CASE_ACTS:
        return false()
    families = NO_CASE_ACTS[account.role]
    no_case = and_(AuditRecord.complaint_id.is_(None),
                   or_(*(AuditRecord.action.startswith(f, autoescape=True) for f in families)))
    cases: ColumnElement[bool] = false()
    if account.role in CASE_RECORDS:
        cases = AuditRecord.complaint_id.in_(select(Complaint.id).where(case_condition(account)))
    return or_(_own(account), no_case, cases)


def _case_id(session: Session, account: Account, number: str) -> int:
    """The id of the case numbered ``number`` if ``account`` may name it in the trail, else the
    answer a number never used gets (§ 2-83(h)(1))."""
    wanted = number.strip().upper()
    query = select(Complaint.id).where(func.upper(Complaint.case_number) == wanted)
    if account.role not in HOLDS_ANY_CASE:
        query = query.where(case_condition(account)) if account.role in CASE_RECORDS \
            else query.where(false())
    found = session.scalar(query)
    if found is None:
        raise no_such_case(number.strip())
    return int(found)


def _conditions(session: Session, account: Account, filters: TrailFilter,
                zone: tzinfo) -> list[ColumnElement[bool]]:
    conditions = [scope_condition(account)]
    if filters.who.strip():
        conditions.append(func.lower(AuditRecord.actor).contains(filters.who.strip().lower(),
                                                                 autoescape=True))
    if filters.act.strip():
        conditions.append(AuditRecord.action.startswith(filters.act.strip(), autoescape=True))
    if filters.case_number.strip():
        conditions.append(AuditRecord.complaint_id == _case_id(session, account,
                                                               filters.case_number))
    if filters.start is not None:
        conditions.append(AuditRecord.at >= datetime.combine(filters.start, time(), zone))
    if filters.end is not None:
        conditions.append(AuditRecord.at < datetime.combine(filters.end + timedelta(days=1),
                                                            time(), zone))
    return conditions


def _value_words(value: Any) -> str:
    """A detail's value in words: a list by commas, a mapping as "key: value" by semicolons,
    yes and no for a truth, "none" for nothing."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(_value_words(item) for item in value)
    if isinstance(value, dict):
        return "; ".join(f"{_key_words(key)}: {_value_words(item)}"
                         for key, item in value.items())
    return str(value)


def _key_words(key: object) -> str:
    return _name_words(str(key))


def detail_words(detail: str) -> str:
    """A record's detail (its JSON) in plain lines, one a key: "States allegation on face:
    yes"."""
    try:
        value: Any = json.loads(detail or "{}")
    except ValueError:
        return detail
    if not isinstance(value, dict):
        return _value_words(value)
    return "\n".join(f"{_key_words(key).capitalize()}: {_value_words(item)}"
                     for key, item in value.items())


def _lines(session: Session, account: Account, filters: TrailFilter, chain: ChainState,
           zone: tzinfo, *, before: int | None, limit: int | None) -> TrailPage:
    conditions = _conditions(session, account, filters, zone)
    if before is not None:
        conditions.append(AuditRecord.seq < before)
    query = (select(AuditRecord, Complaint.case_number, Complaint.id)
             .outerjoin(Complaint, Complaint.id == AuditRecord.complaint_id)
             .where(*conditions).order_by(AuditRecord.seq.desc()))
    if limit is not None:
        query = query.limit(limit + 1)
    rows = session.execute(query).all()
    more = limit is not None and len(rows) > limit
    rows = rows[:limit] if limit is not None else rows
    lines = [TrailLine(r.seq, r.at, stamp(r.at, zone, seconds=True), r.actor, r.action,
                       act_words(r.action),
                       (number or f"Draft {case_id}") if r.complaint_id is not None else "",
                       r.summary, detail_words(r.detail), chain.verifies(r.seq))
             for r, number, case_id in rows]
    return TrailPage(lines, lines[-1].seq if more and lines else None)


_REASONS = (("altered", "was altered after it was written"),
            ("does not follow", "does not follow the record before it (one was deleted or "
                                "reordered)"),
            ("missing", "comes after a gap: a record before it is missing or out of order"),
            ("voucher", "is not the one its disposal's voucher names"))


def _reason(problem: ChainProblem) -> str:
    return next((words for key, words in _REASONS if key in problem.message),
                "does not verify")


def _chain(session: Session, account: Account, zone: tzinfo) -> ChainState:
    problems = server_chain_problems(session)
    if problems is None:
        problems = verify_chain(session)
    if not problems:
        return ChainState(True, None, "The chain verifies: every record, from the first to the "
                                      "newest, is as it was written.")
    located = [p for p in problems if p.seq is not None]
    if not located:
        return ChainState(False, None, "The chain's head does not match its newest record: "
                                       "records newer than the last one shown were removed, or "
                                       "the head was edited. Run “ethics-desk check” and call "
                                       "IT.")
    first = min(located, key=lambda p: p.seq or 0)
    assert first.seq is not None
    shown = session.execute(select(AuditRecord.at, AuditRecord.actor, AuditRecord.action)
                            .where(AuditRecord.seq == first.seq,
                                   scope_condition(account))).first()
    if shown is None:
        where = "at a record outside what you may see"
    else:
        where = (f"at the record of {stamp(shown.at, zone, seconds=True)} by {shown.actor} "
                 f"({act_words(shown.action)}), which {_reason(first)}")
    return ChainState(False, first.seq,
                      f"The chain breaks {where}: the records before it verify; it and every "
                      "record after it are marked “Not verified”. Run “ethics-desk check” and "
                      "call IT.")


def server_chain_problems(session: Session) -> list[ChainProblem] | None:
    """On a server, the chain's breaks as the owner's :data:`CHAIN_FUNCTION` finds them (a
    person reads only their part of the trail); None on a file, verified here instead."""
    if session.get_bind().dialect.name != "postgresql":
        return None
    from sqlalchemy import text

    exists = session.scalar(text("SELECT to_regprocedure(:f) IS NOT NULL"),
                            {"f": f"{CHAIN_FUNCTION}()"})
    if not exists:
        return None
    return [ChainProblem(None if seq is None else int(seq), str(message)) for seq, message in
            session.execute(text(f"SELECT seq, message FROM {CHAIN_FUNCTION}()"))]


def _read_record(database: Database, account: Account, clock: Clock,
                 filters: TrailFilter) -> None:
    from ethics_desk.storage import queued_records

    case_id = None
    if filters.case_number.strip():
        with database.read_session() as session:
            case_id = _case_id(session, account, filters.case_number)
    queued_records.record(database, [queued_records.Pending(
        clock(), account.display, READ, "Read the audit trail", complaint_id=case_id,
        detail=filters.words())])


@service(Act.AUDIT_TRAIL, "Reading the audit trail")
def open_trail(database: Database, filters: TrailFilter, *, account: Account, clock: Clock,
               limit: int = PAGE) -> Trail:
    """A browse of the trail: recorded as a read (``view.audit``) first, the chain verified
    once, then the first page of the records ``account`` may read that ``filters`` keeps,
    newest first. A case number the person may not name is refused as one never used."""
    _read_record(database, account, clock, filters)
    with database.read_session() as session:
        zone = time_zone(session)
        chain = _chain(session, account, zone)
        first = _lines(session, account, filters, chain, zone, before=None, limit=limit)
    return Trail(chain, first, filters)


@service(Act.AUDIT_TRAIL, "Reading the audit trail")
def next_page(database: Database, trail: Trail, before: int, *, account: Account,
              limit: int = PAGE) -> TrailPage:
    """The page of ``trail`` after the record ``before`` (the key :class:`TrailPage` gives),
    with the chain's state of the browse (read once, when it was opened)."""
    with database.read_session() as session:
        return _lines(session, account, trail.filters, trail.chain, time_zone(session),
                      before=before, limit=limit)


@service(Act.AUDIT_TRAIL, "Reading the audit trail")
def count(database: Database, filters: TrailFilter, *, account: Account) -> int:
    """How many records ``account`` may read that ``filters`` keeps (a record outside the
    person's scope is never counted)."""
    with database.read_session() as session:
        return int(session.scalar(select(func.count()).select_from(AuditRecord).where(
            *_conditions(session, account, filters, time_zone(session)))) or 0)


CSV_HEADINGS = ("When", "Who", "Act", "Case", "What", "Detail", "Chain")


def csv_text(lines: list[TrailLine]) -> str:
    """The lines as CSV, headings first (without the byte-order mark)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADINGS)
    for line in lines:
        writer.writerow((line.when, line.actor, line.act, line.case_number, line.summary,
                         line.detail, line.chain))
    return out.getvalue()


def write_guarded(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` readable by this user only, beside it first and then put in
    place (a file half written never takes its name), never over the record; one
    :class:`UserError` naming the fix when it cannot be written."""
    from ethics_desk.storage.private_files import write_private

    try:
        write_private(path, data)
    except OSError as error:
        raise UserError(f"The audit trail could not be saved to {path} "
                        f"({error.strerror or error}).",
                        "Choose a folder you may write to, then export again. Nothing was "
                        "lost.") from error


@service(Act.AUDIT_TRAIL, "Exporting the audit trail")
def export_csv(database: Database, filters: TrailFilter, path: Path, *, account: Account,
               clock: Clock) -> int:
    """Write every record ``account`` may read that ``filters`` keeps, newest first, to the CSV
    file ``path`` (UTF-8 with a byte-order mark, so that a spreadsheet reads its accents), with
    the chain's state of each; recorded (``export.audit``) in the same transaction, which the
    file's failure rolls back. How many records were written."""
    from ethics_desk.storage import audit

    written = False
    try:
        with database.unit_of_work() as session:
            zone = time_zone(session)
            chain = _chain(session, account, zone)
            lines = _lines(session, account, filters, chain, zone, before=None,
                           limit=None).lines
            case_id = _case_id(session, account, filters.case_number) \
                if filters.case_number.strip() else None
            audit.append(session, actor=account.display, action=EXPORTED, at=clock(),
                         complaint_id=case_id,
                         summary=f"Exported {len(lines)} record(s) of the audit trail to "
                                 f"{path.name}", detail=filters.words())
            write_guarded(path, csv_text(lines).encode("utf-8-sig"))
            written = True
    except BaseException:
        if written:  # the record was not written: neither is the file
            with contextlib.suppress(OSError):
                path.unlink()
        raise
    return len(lines)
