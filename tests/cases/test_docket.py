"""The docket: the inbox's list exported to .xlsx and .csv holds exactly the rows, columns and
order the inbox shows the person exporting it — every page of it — within their scope, and each
export is one disclosure on record naming every case; a file that cannot be written is one
clear refusal that leaves neither a part of a file nor a record.

Run on the demonstration database (every state of § 2-83, one account per role)."""

from __future__ import annotations

import csv
import io
import json
import os
from datetime import date, datetime
from pathlib import Path

import pytest
from openpyxl import load_workbook
from sqlalchemy import func, select, update

from ethics_desk.cases import docket
from ethics_desk.cases.access import LIST_EXPORTED, access_history
from ethics_desk.cases.docket import CONFIDENTIAL, DocketFormat, export_docket
from ethics_desk.cases.inbox import (
    ALL_CASES,
    ALL_PENDING,
    COLUMNS,
    CUSTOM,
    DRAFTS,
    InboxFilter,
    InboxRow,
    saved_view,
    view_name,
)
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import CaseState
from ethics_desk.models import AuditRecord, Complaint
from ethics_desk.staff.scope import receives
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, NOW
from tests.test_cli_unknowable import demo_account

TODAY = NOW.date()
TITLES = [column.title for column in COLUMNS]


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """An empty folder to export to (the demonstration's copy is beside it)."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


def inbox_rows(database: Database, account: Account, inbox_filter: InboxFilter,
               page: int = 5) -> list[InboxRow]:
    """The rows the inbox shows ``account``, read as the inbox reads them: page after page
    (``page`` rows each, so that the demonstration's list takes several)."""
    query = InboxQuery(database, TODAY, account)
    rows: list[InboxRow] = []
    while True:
        got = query.page(inbox_filter, len(rows), page)
        rows += got
        if len(got) < page:
            return rows


def sheet_rows(path: Path) -> tuple[list[object], list[tuple[object, ...]]]:
    """The header and the rows of an exported workbook (below its title row)."""
    sheet = load_workbook(path).active
    values = list(sheet.iter_rows(values_only=True))
    return list(values[1]), values[2:]


def export_records(database: Database) -> list[AuditRecord]:
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord).where(
            AuditRecord.action == LIST_EXPORTED).order_by(AuditRecord.seq)))


def audit_count(database: Database) -> int:
    with database.read_session() as session:
        return session.scalar(select(func.count()).select_from(AuditRecord)) or 0


def test_the_workbook_holds_every_row_of_the_view_in_the_inboxs_order_and_columns(
        demo_database: Database, tmp_path: Path) -> None:
    clerk = demo_account(demo_database, Role.CLERK)
    pending = saved_view(ALL_PENDING)
    shown = inbox_rows(demo_database, clerk, pending)
    assert len(shown) > 10  # more than two of the inbox's pages here
    done = export_docket(demo_database, tmp_path / "docket.xlsx", pending, account=clerk,
                         clock=CLOCK)
    header, rows = sheet_rows(tmp_path / "docket.xlsx")
    assert header == TITLES
    assert [row[0] for row in rows] == [row.case_number for row in shown]
    assert list(done.case_numbers) == [row.case_number for row in shown]
    assert done.count == len(shown) and done.format is DocketFormat.XLSX
    for row, cells in zip(shown, rows, strict=True):
        assert cells[2:4] == (row.complainant, row.respondents)
        assert cells[5] == row.state_label
        assert cells[8] == row.business_days_left


def test_dates_are_date_cells_and_the_header_is_frozen_filtered_and_titled(
        demo_database: Database, tmp_path: Path) -> None:
    clerk = demo_account(demo_database, Role.CLERK)
    export_docket(demo_database, tmp_path / "docket.xlsx", saved_view(ALL_PENDING),
                  account=clerk, clock=CLOCK)
    sheet = load_workbook(tmp_path / "docket.xlsx").active
    last = sheet.max_row
    assert sheet.freeze_panes == "A3"
    assert sheet.auto_filter.ref == f"A2:I{last}"
    title = str(sheet["A1"].value)
    assert ALL_PENDING in title and TODAY.isoformat() in title and CONFIDENTIAL in title
    assert ALL_PENDING in sheet.title and TODAY.isoformat() in sheet.title
    received, due = (TITLES.index("Received") + 1, TITLES.index("Due") + 1)
    for number in range(3, last + 1):
        for column in (received, due):
            cell = sheet.cell(number, column)
            if cell.value is not None:
                assert cell.is_date and isinstance(cell.value, datetime), cell.coordinate
                assert cell.number_format == "yyyy-mm-dd"
        assert isinstance(sheet.cell(number, 9).value, int | None)
    assert any(sheet.cell(number, due).value is not None for number in range(3, last + 1))
    names = [str(sheet.cell(number, 3).value) for number in range(3, last + 1)]
    assert sheet.column_dimensions["C"].width >= max(len(name) for name in names)


def test_a_list_without_a_pending_complaint_is_not_marked_confidential(
        demo_database: Database, tmp_path: Path) -> None:
    clerk = demo_account(demo_database, Role.CLERK)
    settled = InboxFilter(states=frozenset(state for state in CaseState
                                           if not state.is_pending))
    done = export_docket(demo_database, tmp_path / "done.xlsx", settled, account=clerk,
                         clock=CLOCK)
    assert done.count and not done.confidential
    assert CONFIDENTIAL not in str(load_workbook(tmp_path / "done.xlsx").active["A1"].value)


def test_the_csv_starts_with_the_byte_order_mark_and_reads_back_as_the_list(
        demo_database: Database, tmp_path: Path) -> None:
    clerk = demo_account(demo_database, Role.CLERK)
    every = saved_view(ALL_CASES)
    shown = inbox_rows(demo_database, clerk, every)
    done = export_docket(demo_database, tmp_path / "docket.csv", every, account=clerk,
                         clock=CLOCK)
    data = (tmp_path / "docket.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and done.format is DocketFormat.CSV
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert rows[0] == TITLES
    assert [row[0] for row in rows[1:]] == [row.case_number for row in shown]
    for row, cells in zip(shown, rows[1:], strict=True):
        assert cells[2] == row.complainant  # accents as written ("Peña", "Søren")
        assert cells[7] == (row.next_due_on.isoformat() if row.next_due_on else "")
        if row.received_at is None:
            assert cells[1] == ""
        else:
            assert isinstance(date.fromisoformat(cells[1]), date)


def test_a_board_members_export_holds_only_the_cases_the_member_receives(
        demo_database: Database, tmp_path: Path) -> None:
    member = demo_account(demo_database, Role.MEMBER)
    clerk = demo_account(demo_database, Role.CLERK)
    every = saved_view(ALL_CASES)
    done = export_docket(demo_database, tmp_path / "member.xlsx", every, account=member,
                         clock=CLOCK)
    everything = export_docket(demo_database, tmp_path / "clerk.xlsx", every, account=clerk,
                               clock=CLOCK)
    with demo_database.read_session() as session:
        theirs = {c.case_number or f"Draft {c.id}" for c in session.scalars(select(Complaint))
                  if receives(session, member, c)}
    _header, rows = sheet_rows(tmp_path / "member.xlsx")
    assert {row[0] for row in rows} == theirs == set(done.case_numbers)
    assert [row[0] for row in rows] == [r.case_number for r in inbox_rows(demo_database, member,
                                                                          every)]
    assert 0 < done.count < everything.count  # another role's scope, not the clerk's


def test_a_role_that_receives_no_complaint_exports_an_empty_list(
        demo_database: Database, tmp_path: Path) -> None:
    records = demo_account(demo_database, Role.RECORDS)
    done = export_docket(demo_database, tmp_path / "records.xlsx", saved_view(ALL_CASES),
                         account=records, clock=CLOCK)
    header, rows = sheet_rows(tmp_path / "records.xlsx")
    assert done.count == 0 and header == TITLES and rows == []


def test_the_record_of_an_export_names_who_when_the_file_the_view_and_every_case(
        demo_database: Database, tmp_path: Path) -> None:
    clerk = demo_account(demo_database, Role.CLERK)
    pending = saved_view(ALL_PENDING)
    done = export_docket(demo_database, tmp_path / "docket.xlsx", pending, account=clerk,
                         clock=CLOCK)
    [record] = export_records(demo_database)
    detail = json.loads(record.detail)
    assert record.actor == clerk.display and record.at == CLOCK()
    assert record.complaint_id is None
    assert detail["file"] == "docket.xlsx" and detail["view"] == ALL_PENDING
    assert detail["case_numbers"] == list(done.case_numbers)
    ids = [row.id for row in inbox_rows(demo_database, clerk, pending)]
    assert detail["cases"] == ids
    assert "docket.xlsx" in record.summary and str(done.count) in record.summary
    history = access_history(demo_database, ids[-1], account=clerk, clock=CLOCK)
    assert any(line.action == LIST_EXPORTED and "docket.xlsx" in line.summary
               for line in history)


def test_the_record_of_a_searched_export_keeps_no_word_searched_for(
        demo_database: Database, tmp_path: Path) -> None:
    clerk = demo_account(demo_database, Role.CLERK)
    [first] = inbox_rows(demo_database, clerk, saved_view(ALL_CASES))[:1]
    word = first.complainant.split()[-1]
    done = export_docket(demo_database, tmp_path / "found.csv",
                         saved_view(ALL_CASES).with_text(word), account=clerk, clock=CLOCK)
    assert first.case_number in done.case_numbers
    [record] = export_records(demo_database)
    assert word not in record.summary and word not in record.detail
    assert "searched" in record.summary


def test_a_name_that_is_not_a_spreadsheets_is_refused_before_anything_is_read(
        demo_database: Database, out: Path) -> None:
    clerk = demo_account(demo_database, Role.CLERK)
    before = audit_count(demo_database)
    with pytest.raises(UserError) as refused:
        export_docket(demo_database, out / "docket.pdf", saved_view(ALL_PENDING),
                      account=clerk, clock=CLOCK)
    assert ".xlsx" in refused.value.fix and ".csv" in refused.value.fix
    assert list(out.iterdir()) == [] and audit_count(demo_database) == before


def test_a_folder_that_does_not_exist_is_one_clear_refusal_leaving_no_file_and_no_record(
        demo_database: Database, out: Path) -> None:
    clerk = demo_account(demo_database, Role.CLERK)
    before = audit_count(demo_database)
    target = out / "gone" / "docket.xlsx"
    with pytest.raises(UserError) as refused:
        export_docket(demo_database, target, saved_view(ALL_PENDING), account=clerk,
                      clock=CLOCK)
    assert str(target) in refused.value.problem and "nothing was written" in refused.value.problem
    assert "folder you may write to" in refused.value.fix
    assert list(out.iterdir()) == [] and audit_count(demo_database) == before


def test_a_file_that_cannot_be_replaced_is_kept_as_it_was_with_no_partial_file_nor_record(
        demo_database: Database, out: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clerk = demo_account(demo_database, Role.CLERK)
    target = out / "docket.xlsx"
    target.write_bytes(b"yesterday's list")
    before = audit_count(demo_database)

    def open_in_excel(source: object, destination: object) -> None:
        raise PermissionError(13, "Permission denied")  # Windows, while Excel holds the file

    monkeypatch.setattr(docket, "_put_in_place", open_in_excel)
    with pytest.raises(UserError) as refused:
        export_docket(demo_database, target, saved_view(ALL_PENDING), account=clerk,
                      clock=CLOCK)
    assert "Permission denied" in refused.value.problem and "close the file" in refused.value.fix
    assert target.read_bytes() == b"yesterday's list"
    assert sorted(os.listdir(out)) == ["docket.xlsx"]
    assert audit_count(demo_database) == before


def test_a_view_is_named_as_the_inbox_names_it() -> None:
    assert view_name(saved_view(ALL_PENDING).with_text("garza")) == ALL_PENDING
    assert view_name(saved_view(DRAFTS)) == DRAFTS
    assert view_name(InboxFilter(text="x", reviewer=None, states=frozenset())) == CUSTOM


def test_a_name_a_spreadsheet_would_take_for_a_formula_arrives_as_its_text(
        demo_database: Database, out: Path) -> None:
    clerk = demo_account(demo_database, Role.CLERK)
    pending = saved_view(ALL_PENDING)
    first = inbox_rows(demo_database, clerk, pending)[0]
    typed = '=HYPERLINK("http://example.invalid","Garza")'
    with demo_database.unit_of_work() as session:  # as if typed so at the counter
        session.execute(update(Complaint).where(Complaint.id == first.id)
                        .values(complainant_names=typed))
    export_docket(demo_database, out / "list.xlsx", pending, account=clerk, clock=CLOCK)
    export_docket(demo_database, out / "list.csv", pending, account=clerk, clock=CLOCK)
    sheet = load_workbook(out / "list.xlsx").active
    assert (sheet["C3"].value, sheet["C3"].data_type) == (typed, "s")
    rows = list(csv.reader(io.StringIO((out / "list.csv").read_text(encoding="utf-8-sig"))))
    assert rows[1][2] == "'" + typed
