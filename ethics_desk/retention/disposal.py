"""When a case may be destroyed, the Records officer's disposal list, the disposal itself, and
its permanent log.

**Eligibility.** A complaint file (Local Schedule GR, GR1000-24) is kept until the office's
period for the series has run from the complaint's end (:data:`ENDED`): its resolution
(§ 2-83(d)(4)), or its return to the complainant as not sworn (§ 2-83(c), last paragraph) or as
defective (§ 2-83(d)(3)), which ends that complaint as surely (a complaint filed again is a new
one) — two years by default, longer where the office has adopted more
(:mod:`ethics_desk.retention.series`). A pending complaint is never eligible, never destroyed
(§ 2-83(h)(1)). The period ends on the anniversary of the resolution or return; one resolved on
29 February becomes eligible on 1 March (never a day early).

**Disposal** is one recorded act of the Records officer, in one transaction: refused while any
hold stands (:func:`ethics_desk.retention.holds.reasons_held`, Local Government Code
§ 202.002), it destroys every row of the case file (:data:`CASE_FILE`: parties, witnesses,
allegations, exhibits and their bytes, filings, deadlines, reviews, decisions, hearings,
show-cause orders, sanctions, papers issued and their bytes, mail, entries into a hearing's
record, notes), empties the complaint's own text, and writes the permanent :class:`DisposalRecord`
with its audit record. What is kept, and why:

- the complaint's row, reduced to its case number, state and dates: the audit trail (which is
  append-only) and the Board's minutes name the case by it;
- the Board's votes on the case and each member's ballot (``board_vote``, ``ballot``): the
  minutes of the governing body, kept permanently (GR1000-03a). A vote row holds the meeting,
  the counts and the result, never a party's words;
- the audit trail — each act, who did it and when — with the summary and detail of each of the
  case's records emptied (they may name its parties), and the history of the holds on the case.

Every row destroyed or emptied is also in the record's journal
(:mod:`ethics_desk.storage.journal`), which keeps what each row was: :func:`_redact_journal`
empties those journal records under sealed vouchers, so no value of the case file survives
there while the journal still proves itself.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import Connection, delete, select, text
from sqlalchemy.orm import Session

from ethics_desk.cases.listing import refresh_listing
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock, utc_now
from ethics_desk.core.errors import ConflictError, RuleError, UserError
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import CaseState
from ethics_desk.models import (
    Allegation,
    Attachment,
    CaseNote,
    CivilPenalty,
    Complainant,
    Complaint,
    Cure,
    Deadline,
    Decision,
    DisposalRecord,
    DocumentItem,
    Filing,
    Hearing,
    IssuedDocument,
    Mailing,
    Oath,
    PartyLink,
    RecordEntry,
    Respondent,
    ResponseForward,
    Review,
    ReviewDefect,
    RuleNotice,
    Sanction,
    SanctionFactorNote,
    ShowCauseFactor,
    ShowCauseOrder,
    StatedDate,
    ViolationFinding,
    Witness,
)
from ethics_desk.office.settings import office_today
from ethics_desk.retention.holds import (
    HoldReason,
    reasons_by_case,
    reasons_held,
    refusal,
)
from ethics_desk.retention.series import (
    COMPLAINTS,
    MINUTES,
    SCHEDULE,
    SERIES,
    AdoptedSeries,
    years_for,
)
from ethics_desk.retention.series import adopted as adopted_series
from ethics_desk.staff.acting import service
from ethics_desk.staff.scope import no_such_case
from ethics_desk.storage import audit, full_text_table, journal, search_table
from ethics_desk.storage.database import Database

AUTHORITY = (f"{SCHEDULE}, {COMPLAINTS} (complaints: the office's period after resolution); "
             "Local Government Code § 202.002 (no hold stood)")
"""The authority each disposal is made under, as the log states it."""

KEPT = (f"The case number, its state and dates; the Board's votes on the case and each "
        f"member's ballot, the minutes of the governing body, kept permanently ({MINUTES}); "
        "the audit trail.")
"""What a disposal keeps, as the log states it."""


@dataclass(frozen=True)
class Part:
    """One kind of row of a case file: its table's model, how the log names it, and how a
    row is found from the case (its own ``complaint_id``, or its parent's)."""

    model: Any
    kind: str
    parent: Any = None
    """The model of the parent row whose id the row's ``link`` holds (None: the case)."""
    link: str = "complaint_id"


CASE_FILE: tuple[Part, ...] = (
    Part(RecordEntry, "entries into a hearing's record"),
    Part(Mailing, "mailings"),
    Part(StatedDate, "dates stated in the papers issued", IssuedDocument, "document_id"),
    Part(IssuedDocument, "papers issued, with their bytes"),
    Part(ShowCauseFactor, "notes on the show-cause factors", ShowCauseOrder, "order_id"),
    Part(ShowCauseOrder, "orders to show cause"),
    Part(SanctionFactorNote, "notes on the sanction factors", Sanction, "sanction_id"),
    Part(CivilPenalty, "civil penalties and their payment or waiver", Sanction, "sanction_id"),
    Part(Sanction, "sanctions and referrals"),
    Part(Hearing, "hearings"),
    Part(ResponseForward, "responses forwarded to the complainant, § 2-83(e)"),
    Part(Filing, "responses, replies and hearing requests"),
    Part(ViolationFinding, "provisions found violated, § 2-85(b)"),
    Part(RuleNotice, "notices of a rule not alleged, § 2-85(c)"),
    Part(CaseNote, "notes of calls, visits and e-mails"),
    Part(DocumentItem, "entries on the lists of documents"),
    Part(Attachment, "exhibits, with their bytes"),
    Part(Allegation, "allegations"),
    Part(PartyLink, "Board members found or linked as parties"),
    Part(Witness, "witnesses"),
    Part(Respondent, "respondents"),
    Part(Complainant, "complainants"),
    Part(Oath, "the affidavit and oath"),
    Part(ReviewDefect, "defects found in review", Review, "review_id"),
    Part(Review, "reviews"),
    Part(Decision, "decisions"),
    Part(Cure, "campaign-finance cures"),
    Part(Deadline, "deadlines"),
)
"""Every kind of row that belongs to a case file, in the order a disposal destroys them (a row
before the rows it refers to). The Board's votes and ballots are not here: they are kept
(:data:`KEPT_TABLES`). Each row is destroyed by name, so that its journal records are emptied
too — a row left to a cascade would keep them."""

KEPT_TABLES = frozenset({"board_vote", "ballot"})
"""The tables of a case that a disposal keeps: the Board's votes, part of its minutes."""

EMPTIED: dict[str, Any] = {
    "facts": "", "nature": "", "violation_period": None, "violation_start": None,
    "violation_end": None, "complainant_names": "", "respondent_names": "",
    "next_due_title": "", "next_due_on": None,
}
"""The complaint's own content, and what a disposal leaves in its place."""


ENDED = frozenset({CaseState.RESOLVED, CaseState.RETURNED_UNSWORN, CaseState.RETURNED_DEFECTIVE})
"""The states of a complaint whose file's GR1000-24 period runs: resolved (§ 2-83(d)(4)), or
returned to the complainant as not sworn (§ 2-83(c), last paragraph) or as defective
(§ 2-83(d)(3)); the day of the resolution or return is the complaint's ``resolved_on``."""


def eligible_on(resolved_on: date, years: int) -> date:
    """The day a complaint resolved on ``resolved_on`` becomes eligible for disposal after a
    period of ``years``: the anniversary (29 February: the next 1 March)."""
    try:
        return resolved_on.replace(year=resolved_on.year + years)
    except ValueError:  # 29 February in a year that has none
        return date(resolved_on.year + years, 3, 1)


def eligible_date(complaint: Complaint, years: int) -> date | None:
    """The day ``complaint`` becomes eligible, or None: a complaint neither resolved nor
    returned (:data:`ENDED`) never is."""
    if complaint.state not in ENDED or complaint.resolved_on is None:
        return None
    return eligible_on(complaint.resolved_on, years)


@dataclass(frozen=True)
class DisposalLine:
    """A resolved case on the disposal list: its number and dates, and any holds on it."""

    case_id: int
    version: int
    case_number: str
    resolved_on: date
    eligible_on: date
    held: tuple[HoldReason, ...] = ()

    @property
    def held_because(self) -> str:
        """The holds on the case, in words ("" when none)."""
        return "; ".join(r.text for r in self.held)


@dataclass(frozen=True)
class DisposalList:
    """The Records officer's list on a day: the cases eligible now, and the held ones."""

    today: date
    series: AdoptedSeries
    eligible: tuple[DisposalLine, ...]
    held: tuple[DisposalLine, ...]


@dataclass(frozen=True)
class LogEntry:
    """One disposal, as the permanent log records it."""

    id: int
    case_number: str
    series: str
    resolved_on: date
    eligible_on: date
    disposed_on: date
    disposed_at: datetime
    disposed_by: str
    authority: str
    destroyed: dict[str, int]
    kept: str

    @property
    def destroyed_text(self) -> str:
        """"2 complainants, 1 respondent, …" (what was destroyed, counted by kind)."""
        return "; ".join(f"{kind}: {count}" for kind, count in self.destroyed.items()
                         if count) or "nothing but the complaint's own text"

    @property
    def total(self) -> int:
        """How many rows were destroyed in all."""
        return sum(self.destroyed.values())


def _disposed_ids(session: Session) -> set[int]:
    return set(session.scalars(select(DisposalRecord.complaint_id)))


@service(Act.RETENTION, "The disposal list")
def disposal_list(database: Database, *, account: Account, clock: Clock) -> DisposalList:
    """The cases eligible for disposal today (no hold on them), and the resolved or returned
    cases held, each with the reasons; numbers and dates only, never a case's content."""
    with database.read_session() as session:
        day = office_today(session, clock)
        years = years_for(session, COMPLAINTS)
        assert years is not None, "complaint files have a period"
        series = next(s for s in adopted_series(session) if s.series.code == COMPLAINTS)
        gone = _disposed_ids(session)
        holding = reasons_by_case(session)  # the one blocking check, for every case at once
        rows = session.execute(
            select(Complaint.id, Complaint.version, Complaint.case_number, Complaint.resolved_on)
            .where(Complaint.state.in_(ENDED), Complaint.resolved_on.is_not(None),
                   Complaint.case_number.is_not(None))
            .order_by(Complaint.resolved_on, Complaint.case_year, Complaint.case_seq)).all()
        eligible: list[DisposalLine] = []
        held: list[DisposalLine] = []
        for case_id, version, number, resolved in rows:
            if case_id in gone or resolved is None or number is None:
                continue
            when = eligible_on(resolved, years)
            reasons = tuple(holding.get(case_id, ()))
            if when > day and all(r.hold_id is None for r in reasons):
                reasons = ()  # not yet eligible and on no legal hold: not listed at all
            line = DisposalLine(case_id, version, number, resolved, when, reasons)
            if reasons:
                held.append(line)
            elif when <= day:
                eligible.append(line)
    return DisposalList(day, series, tuple(eligible), tuple(held))


def _redact_journal(conn: Connection, deleted: Sequence[tuple[str, str]], *, reason: str,
                    at: datetime) -> None:
    """Empty the record's journal of the rows a disposal destroyed or emptied: each
    ``(table, row_key)`` pair (the complaint's own row, and the case's audit records, are among
    them: they stay, emptied). The journal keeps every value each row ever had; a disposal leaves
    none of the case's content there, and the chain still verifies
    (:func:`ethics_desk.storage.journal.redact_rows`, each record under a sealed voucher)."""
    journal.redact_rows(conn, deleted, reason=reason, at=at)


@service(Act.RETENTION, "Disposing of a case")
def dispose(database: Database, case_id: int, *, account: Account, clock: Clock,
            seen_version: int | None = None) -> LogEntry:
    """Destroy the case file of ``case_id`` (see the module) and write its permanent log
    entry, in one transaction with its audit record. Refused to anyone but the Records
    officer, for a case not resolved, not yet eligible, already disposed of, or held."""
    now = utc_now(clock)

    def act(session: Session) -> LogEntry:
        day = office_today(session, clock)
        complaint = session.get(Complaint, case_id)
        if complaint is None or complaint.case_number is None:
            raise no_such_case(str(case_id))
        number = complaint.case_number
        if seen_version is not None and complaint.version != seen_version:
            raise ConflictError(f"{number} was changed after the disposal list was shown; "
                                "nothing was destroyed.",
                                "Refresh the list and look at the case again.")
        done = session.scalar(select(DisposalRecord).where(DisposalRecord.complaint_id
                                                            == case_id))
        if done is not None:
            raise UserError(f"{number} was disposed of already, on {done.disposed_on} by "
                            f"{done.disposed_by}.", "Refresh the disposal list.")
        years = years_for(session, COMPLAINTS)
        assert years is not None
        series = SERIES[COMPLAINTS]
        when = eligible_date(complaint, years)
        if when is None:
            raise RuleError(f"{number} is not resolved or returned (it is "
                            f"“{complaint.state.label}”): a complaint file is kept until its "
                            "period has run from the resolution or the return to the "
                            "complainant, and a pending complaint is never destroyed",
                            f"{series.citation}; § 2-83(h)(1)",
                            "Only a case on the disposal list can be disposed of.")
        if when > day:
            raise RuleError(f"{number} may not be destroyed before {when.isoformat()}: "
                            f"{years} years after its resolution or return on "
                            f"{complaint.resolved_on.isoformat() if complaint.resolved_on else ''}",
                            series.citation, "Wait until the day it appears on the "
                            "disposal list.")
        reasons = reasons_held(session, case_id)
        if reasons:
            raise refusal(number, reasons)
        resolved = complaint.resolved_on
        assert resolved is not None
        destroyed, rows = _destroy(session, case_id)
        for name, value in EMPTIED.items():
            setattr(complaint, name, value)
        refresh_listing(complaint)  # no party is left: the number alone is searched
        complaint.updated_at, complaint.updated_by = now, account.display
        session.flush()
        rows.append(("complaint", str(case_id)))
        record = DisposalRecord(
            complaint_id=case_id, case_number=number, series_code=series.code,
            series_title=series.title, resolved_on=resolved, eligible_on=when, disposed_on=day,
            disposed_at=now, disposed_by=account.display, authority=AUTHORITY,
            destroyed=json.dumps(destroyed, ensure_ascii=False), kept=KEPT)
        session.add(record)
        session.flush()
        reason = f"Disposal of {number} under {series.code} ({series.citation}; {AUTHORITY})"
        emptied = audit.redact_case(
            session, case_id, at=now, reason=reason,
            summary=f"(Emptied by the disposal of {number} on {day.isoformat()}: it named the "
                    "case's parties.)")
        rows.extend(("audit_record", str(i)) for i in emptied)
        total = sum(destroyed.values())
        audit.append(session, actor=account.display, action="retention.dispose", at=now,
                     complaint_id=case_id,
                     summary=f"Disposed of {number} ({series.citation}, resolved "
                             f"{resolved.isoformat()}, eligible {when.isoformat()}): {total} "
                             f"records of the case file destroyed; the Board's votes kept "
                             f"({MINUTES})",
                     detail={"disposal": record.id, "destroyed": destroyed})
        _redact_journal(session.connection(), rows, reason=reason, at=now)
        if session.get_bind().dialect.name == "sqlite":
            # FTS5 marks a deleted entry and drops it only when its segments are merged: merge
            # them all now, so that no trigram of a destroyed name stays in the file's index
            session.execute(text(search_table.SQLITE_OPTIMIZE))
            # the same for the full-text index, whose entries of the case the deletes removed
            session.execute(text(full_text_table.SQLITE_OPTIMIZE))
        return _entry(record)

    return database.write(act)


def _destroy(session: Session, case_id: int) -> tuple[dict[str, int], list[tuple[str, str]]]:
    """Delete every row of the case file; the counts by kind and each (table, row key)."""
    counts: dict[str, int] = {}
    rows: list[tuple[str, str]] = []
    for part in CASE_FILE:
        model = part.model
        if part.parent is None:
            where = model.complaint_id == case_id
        else:
            parents = select(part.parent.id).where(part.parent.complaint_id == case_id)
            where = getattr(model, part.link).in_(parents)
        ids = list(session.scalars(select(model.id).where(where)))
        counts[part.kind] = len(ids)
        if ids:
            session.execute(delete(model).where(model.id.in_(ids)),
                            execution_options={"synchronize_session": False})
            rows += [(model.__tablename__, str(i)) for i in ids]
    session.expire_all()
    return counts, rows


def _entry(record: DisposalRecord) -> LogEntry:
    destroyed = json.loads(record.destroyed)
    return LogEntry(record.id, record.case_number, f"{record.series_code} {record.series_title}",
                    record.resolved_on, record.eligible_on, record.disposed_on,
                    record.disposed_at, record.disposed_by, record.authority,
                    {str(k): int(v) for k, v in destroyed.items()}, record.kept)


@service(Act.RETENTION, "The disposal log")
def disposal_log(database: Database, *, account: Account) -> list[LogEntry]:
    """Every disposal, newest first (the permanent log)."""
    with database.read_session() as session:
        return [_entry(r) for r in session.scalars(
            select(DisposalRecord).order_by(DisposalRecord.disposed_at.desc(),
                                            DisposalRecord.id.desc()))]


@service(Act.RETENTION, "Adopting a retention period")
def adopt_period(database: Database, code: str, years: int, *, account: Account,
                 clock: Clock) -> None:
    """Adopt a retention period for the series ``code``: never below the State's minimum
    (the setting refuses it), recorded with its audit record."""
    from ethics_desk.office import settings

    series = SERIES.get(code)
    if series is None or series.setting is None:
        raise UserError(f"The series {code} has no period the office can adopt.",
                        "A permanent series is kept forever.")
    key = series.setting
    now = utc_now(clock)

    def save(session: Session) -> None:
        if settings.get(session, key) != years:
            settings.set_value(session, key, years, actor=account.display, at=now)

    database.write(save)
