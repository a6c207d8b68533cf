"""The Records officer's paper: the disposal list of a day and the permanent log of
destruction, resolved from the records and made as the kind ``retention-certificate`` of
:data:`ethics_desk.documents.kinds.KINDS`. Making it is recorded in the audit trail."""

from __future__ import annotations

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock, utc_now
from ethics_desk.core.permissions import Act
from ethics_desk.documents.making import render_for_records
from ethics_desk.documents.render.data import letterhead_from_settings
from ethics_desk.documents.render.retention_certificate import (
    DestroyedCase,
    ListedCase,
    RetentionPaper,
    SeriesLine,
)
from ethics_desk.retention.disposal import disposal_list, disposal_log
from ethics_desk.retention.series import adopted
from ethics_desk.staff.acting import service
from ethics_desk.storage import journal, queued_records
from ethics_desk.storage.database import Database


@service(Act.RETENTION, "The retention certificate")
def retention_paper(database: Database, *, account: Account, clock: Clock) -> RetentionPaper:
    """The paper's data: the series, today's disposal list, the whole log, the journal's head."""
    listed = disposal_list(database, account=account, clock=clock)
    log = disposal_log(database, account=account)
    with database.read_session() as session:
        letterhead = letterhead_from_settings(session)
        series = tuple(SeriesLine(a.series.code, a.series.title, a.period, a.minimum)
                       for a in adopted(session))
        anchor = journal.head(session.connection())
    return RetentionPaper(
        letterhead=letterhead, list_day=listed.today, produced_at=clock(),
        produced_by=account.display, series=series,
        eligible=tuple(ListedCase(line.case_number, line.resolved_on, line.eligible_on)
                       for line in listed.eligible),
        held=tuple(ListedCase(line.case_number, line.resolved_on, line.eligible_on,
                              line.held_because) for line in listed.held),
        log=tuple(DestroyedCase(e.case_number, e.series, e.resolved_on, e.disposed_at,
                                e.disposed_by, e.destroyed_text, e.authority, e.kept)
                  for e in log),
        record_anchor=anchor)


@service(Act.RETENTION, "The retention certificate")
def render_certificate(database: Database, *, account: Account, clock: Clock) -> bytes:
    """The paper as PDF bytes; its making is audited (who, when, how many cases it lists)."""
    paper = retention_paper(database, account=account, clock=clock)
    pdf = render_for_records(database, paper)
    queued_records.record(database, [queued_records.Pending(  # never waits for a writer
        utc_now(clock), account.display, "retention.certificate",
        f"Made the disposal list of {paper.list_day.isoformat()} and the log of destruction "
        f"({len(paper.eligible)} eligible, {len(paper.held)} held, {len(paper.log)} destroyed)")])
    return pdf
