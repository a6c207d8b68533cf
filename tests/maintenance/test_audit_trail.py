"""The audit trail browsed: each filter keeps its records, each person reads only their scope
(a case they do not receive is neither listed nor counted, § 2-83(h)(1)), the chain's state is
shown and a tampered record is named at its place, browsing is itself on record, and the CSV
export reads back."""

from __future__ import annotations

import csv
import sqlite3
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role
from ethics_desk.maintenance import audit_trail
from ethics_desk.maintenance.audit_trail import TrailFilter, export_csv, open_trail
from ethics_desk.models import AuditRecord
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database
from ethics_desk.storage.journal import register_functions
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case, reviewed_case

AUDITOR = Account(31, "cauditor", "Carmen Auditor", Role.AUDITOR)
RECORDS = Account(32, "rkeeper", "Rita Keeper", Role.RECORDS)
ADMIN = Account(33, "itadmin", "Ivan Admin", Role.ADMIN)
CLERK = Account(34, "mclerk", "Maria Clerk", Role.CLERK)
MEMBER = Account(35, "bmember", "Berta Member", Role.MEMBER)


def _append(database: Database, *, actor: str, action: str, summary: str, at: datetime,
            complaint_id: int | None = None) -> None:
    with database.unit_of_work() as session:
        audit.append(session, actor=actor, action=action, summary=summary, at=at,
                     complaint_id=complaint_id)


@pytest.fixture
def office(database: Database, controller: WorkflowController) -> tuple[int, int]:
    """A case in review (the Auditor receives it), a case only filed (they do not), and the
    office's acts on known days: sign-ins, a setting, a list of cases shown."""
    received = reviewed_case(controller)
    unseen = filed_case(controller)
    _append(database, actor="itadmin", action="account.sign_in", summary="Signed in",
            at=datetime(2026, 11, 2, 15, tzinfo=UTC))
    _append(database, actor="Rita Keeper (rkeeper)", action="setting.change",
            summary="Changed the letterhead", at=datetime(2026, 11, 20, 15, tzinfo=UTC))
    # 23:30 in San Antonio on 30 November is 1 December in UTC: the office's day is the 30th
    _append(database, actor="Ivan Admin (itadmin)", action="backup.automatic",
            summary="Backed up", at=datetime(2026, 12, 1, 5, 30, tzinfo=UTC))
    _append(database, actor="Maria Clerk", action="view.list", summary="Was shown the inbox",
            at=datetime(2026, 11, 21, 15, tzinfo=UTC))
    return received, unseen


def _summaries(database: Database, filters: TrailFilter, account: Account) -> list[str]:
    return [line.summary for line in open_trail(database, filters, account=account,
                                                clock=CLOCK).first.lines
            if line.action != audit_trail.READ]


def test_the_person_filter_keeps_that_persons_records(
        database: Database, office: tuple[int, int]) -> None:
    assert _summaries(database, TrailFilter(who="itadmin"), ADMIN) == ["Backed up",
                                                                      "Signed in"]
    assert _summaries(database, TrailFilter(who="keeper"), ADMIN) == ["Changed the letterhead"]


def test_the_act_filter_keeps_the_actions_that_begin_so(
        database: Database, office: tuple[int, int]) -> None:
    assert _summaries(database, TrailFilter(act="account."), ADMIN) == ["Signed in"]
    steps = open_trail(database, TrailFilter(act="event."), account=AUDITOR, clock=CLOCK)
    assert steps.first.lines and all(line.action.startswith("event.")
                                     for line in steps.first.lines)
    assert all(line.act.startswith("Step: ") for line in steps.first.lines)


def test_the_case_filter_keeps_the_records_of_that_case(
        database: Database, office: tuple[int, int]) -> None:
    lines = open_trail(database, TrailFilter(case_number="erb-2026-001"), account=AUDITOR,
                       clock=CLOCK).first.lines
    assert lines and {line.case_number for line in lines} == {"ERB-2026-001"}
    assert "Step: File the complaint" in [line.act for line in lines]  # the table's label


def test_the_period_is_counted_in_the_offices_days(
        database: Database, office: tuple[int, int]) -> None:
    last_of_november = TrailFilter(start=date(2026, 11, 30), end=date(2026, 11, 30))
    assert "Backed up" in _summaries(database, last_of_november, ADMIN)
    assert "Backed up" not in _summaries(database, TrailFilter(start=date(2026, 12, 1)), ADMIN)
    assert _summaries(database, TrailFilter(start=date(2026, 11, 1), end=date(2026, 11, 19)),
                      ADMIN) == ["Signed in"]


def test_a_period_that_ends_before_it_begins_is_refused() -> None:
    with pytest.raises(UserError, match=r"ends .* before it begins"):
        TrailFilter(start=date(2026, 11, 30), end=date(2026, 11, 1))


@pytest.mark.parametrize("account", [CLERK, MEMBER], ids=["clerk", "member"])
def test_a_role_outside_the_act_is_refused_by_the_service(
        database: Database, office: tuple[int, int], account: Account, tmp_path: Path) -> None:
    with pytest.raises(NotAllowed, match="Compliance Auditor or Records officer or "
                                         "Administrator"):
        open_trail(database, TrailFilter(), account=account, clock=CLOCK)
    with pytest.raises(NotAllowed):
        audit_trail.count(database, TrailFilter(), account=account)
    with pytest.raises(NotAllowed):
        export_csv(database, TrailFilter(), tmp_path / "trail.csv", account=account,
                   clock=CLOCK)
    assert not (tmp_path / "trail.csv").exists()


def test_the_auditor_never_sees_or_counts_a_record_of_a_case_they_do_not_receive(
        database: Database, office: tuple[int, int]) -> None:
    received, unseen = office
    with database.read_session() as session:
        of_unseen = session.scalar(select(AuditRecord.id).where(
            AuditRecord.complaint_id == unseen).limit(1))
    assert of_unseen is not None  # the case not received has records
    trail = open_trail(database, TrailFilter(), account=AUDITOR, clock=CLOCK)
    shown = {line.case_number for line in trail.first.lines}
    assert "ERB-2026-001" in shown and "ERB-2026-002" not in shown
    with database.read_session() as session:
        of_received = len(session.scalars(select(AuditRecord.id).where(
            AuditRecord.complaint_id == received)).all())
    # the case received, the reference data loaded, the sign-in, the setting, the backup and
    # this read: nothing else
    assert audit_trail.count(database, TrailFilter(), account=AUDITOR) \
        == len(trail.first.lines) == of_received + 5
    assert "Was shown the inbox" not in _summaries(database, TrailFilter(), AUDITOR)
    with pytest.raises(UserError) as hidden:
        open_trail(database, TrailFilter(case_number="ERB-2026-002"), account=AUDITOR,
                   clock=CLOCK)
    with pytest.raises(UserError) as missing:
        open_trail(database, TrailFilter(case_number="ERB-2026-999"), account=AUDITOR,
                   clock=CLOCK)
    assert str(hidden.value).replace("002", "999") == str(missing.value)


def test_the_records_officer_and_the_administrator_read_no_cases_records(
        database: Database, office: tuple[int, int]) -> None:
    for account in (RECORDS, ADMIN):
        lines = open_trail(database, TrailFilter(), account=account, clock=CLOCK).first.lines
        assert [line for line in lines if line.case_number] == []
        assert "Changed the letterhead" in [line.summary for line in lines]
    with pytest.raises(UserError, match="There is no case ERB-2026-001"):
        open_trail(database, TrailFilter(case_number="ERB-2026-001"), account=ADMIN,
                   clock=CLOCK)


def test_browsing_the_trail_is_a_read_on_record(
        database: Database, office: tuple[int, int]) -> None:
    received, _ = office
    open_trail(database, TrailFilter(case_number="ERB-2026-001", act="event."),
               account=AUDITOR, clock=CLOCK)
    with database.read_session() as session:
        read = session.scalars(select(AuditRecord).where(
            AuditRecord.action == audit_trail.READ)).one()
    assert read.actor == AUDITOR.display and read.complaint_id == received
    assert '"act": "event."' in read.detail and "ERB" not in read.detail
    # the case filter's read is the case's record: the Administrator never sees it
    assert "Read the audit trail" not in [line.summary for line in open_trail(
        database, TrailFilter(who="cauditor"), account=ADMIN, clock=CLOCK).first.lines]


def test_the_pages_follow_each_other_newest_first(
        database: Database, office: tuple[int, int]) -> None:
    trail = open_trail(database, TrailFilter(), account=AUDITOR, clock=CLOCK, limit=4)
    seen = list(trail.first.lines)
    before = trail.first.next_before
    while before is not None:
        page = audit_trail.next_page(database, trail, before, account=AUDITOR, limit=4)
        seen += page.lines
        before = page.next_before
    seqs = [line.seq for line in seen]
    assert seqs == sorted(set(seqs), reverse=True)
    assert len(seen) == audit_trail.count(database, TrailFilter(), account=AUDITOR)


def test_the_chain_verifies_up_to_every_record_when_it_holds(
        database: Database, office: tuple[int, int]) -> None:
    trail = open_trail(database, TrailFilter(), account=ADMIN, clock=CLOCK)
    assert trail.chain.holds and "The chain verifies" in trail.chain.words
    assert {line.chain for line in trail.first.lines} == {"Verified"}


def _tamper(db_path: Path, seq: int) -> None:
    conn = sqlite3.connect(db_path)
    register_functions(conn)
    try:
        conn.execute("DROP TRIGGER audit_record_no_update")
        conn.execute("UPDATE audit_record SET summary = 'Nothing happened' WHERE seq = ?",
                     (seq,))
        conn.commit()
    finally:
        conn.close()


@pytest.mark.sqlite_file
def test_a_tampered_record_is_named_at_its_place(
        database: Database, office: tuple[int, int], db_path: Path) -> None:
    with database.read_session() as session:
        setting = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "setting.change")).one().seq
    _tamper(db_path, setting)
    trail = open_trail(database, TrailFilter(), account=ADMIN, clock=CLOCK)
    assert not trail.chain.holds and trail.chain.breaks_at == setting
    assert "was altered after it was written" in trail.chain.words
    assert "Rita Keeper (rkeeper)" in trail.chain.words
    marks = {line.seq: line.chain for line in trail.first.lines}
    assert {mark for seq, mark in marks.items() if seq < setting} == {"Verified"}
    assert {mark for seq, mark in marks.items() if seq >= setting} == {"Not verified"}


@pytest.mark.sqlite_file
def test_a_break_outside_the_persons_scope_is_told_without_its_content(
        database: Database, office: tuple[int, int], db_path: Path) -> None:
    _, unseen = office
    with database.read_session() as session:
        hidden = session.scalars(select(AuditRecord.seq).where(
            AuditRecord.complaint_id == unseen)).first()
    assert hidden is not None
    _tamper(db_path, hidden)
    trail = open_trail(database, TrailFilter(), account=AUDITOR, clock=CLOCK)
    assert trail.chain.breaks_at == hidden
    assert "outside what you may see" in trail.chain.words
    assert "ERB-2026-002" not in trail.chain.words


def test_the_csv_reads_back_and_its_export_is_on_record(
        database: Database, office: tuple[int, int], tmp_path: Path) -> None:
    target = tmp_path / "trail.csv"
    written = export_csv(database, TrailFilter(who="itadmin"), target, account=ADMIN,
                         clock=CLOCK)
    assert target.read_bytes().startswith("\ufeff".encode())
    with target.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == list(audit_trail.CSV_HEADINGS)
    assert [row[4] for row in rows[1:]] == ["Backed up", "Signed in"] and written == 2
    assert rows[1][1] == "Ivan Admin (itadmin)" and rows[1][2] == "Backup: automatic"
    assert rows[1][0].startswith("2026-11-30 23:30:00") and rows[1][6] == "Verified"
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(
            AuditRecord.action == audit_trail.EXPORTED)).one()
    assert record.actor == ADMIN.display and "trail.csv" in record.summary


def test_an_unwritable_path_is_one_message_and_leaves_no_record(
        database: Database, office: tuple[int, int], tmp_path: Path) -> None:
    target = tmp_path / "no such folder" / "trail.csv"
    with pytest.raises(UserError, match="could not be saved") as refused:
        export_csv(database, TrailFilter(), target, account=ADMIN, clock=CLOCK)
    assert "Choose a folder you may write to" in refused.value.fix
    with database.read_session() as session:
        assert session.scalar(select(AuditRecord.id).where(
            AuditRecord.action == audit_trail.EXPORTED)) is None


def test_a_records_detail_is_told_in_plain_lines() -> None:
    assert audit_trail.detail_words('{"role": "chair", "defects": [], "met": true, '
                                    '"moved": {"from_day": "2026-11-02", "to": null}}') == (
        "Role: chair\nDefects: \nMet: yes\nMoved: from day: 2026-11-02; to: none")
