"""The docket: the inbox's list exported as a spreadsheet, for Excel (.xlsx) or any program (.csv).

What is exported is what the inbox shows the person who exports it: the same query
(:meth:`~ethics_desk.cases.inbox_query.InboxQuery.every_row`, every row and not only the pages
the screen loaded), the same scope (only the complaints that person receives, § 2-83(d),
(h)(1)), the same columns in the same order (:data:`~ethics_desk.cases.inbox.COLUMNS`) and the
same texts, with the receipt and the due date as real dates and the business days left as a
number, so that a spreadsheet sorts and filters them as such.

* ``.xlsx`` (openpyxl): a title row naming the view, the office's date and, when the list
  holds a pending complaint, "Confidential — § 2-83(h)(1)"; the header row below it frozen
  and filtered; each column as wide as its longest text; the title again in the page header
  when it is printed.
* ``.csv``: UTF-8 with a byte-order mark (so that Excel reads "Peña" as it is written), the
  header row, then the rows; dates in ISO form.

A text that a spreadsheet would take for a formula (:data:`FORMULA_START`) is stored as text in
the workbook and, in the CSV, behind an apostrophe, as Excel itself writes one.

The list is read in one statement (one snapshot) and the file written beside the target,
readable by this user only (:mod:`ethics_desk.storage.private_files`), before the writers' lock
is taken; then one transaction appends the export's record
(:data:`~ethics_desk.cases.access.LIST_EXPORTED`: who, when, the file's name, the view and every
case exported — by id, so that it is in each case's access history, and by number) and puts the
file in place. A file that cannot be written leaves no record and no part of a file, and a
record that cannot be written leaves no file. Never over the record itself
(:func:`ethics_desk.storage.write_targets.refuse_record_target`). The words searched for are not
recorded (a disposal could not empty them from a record of no one case), only that the list
was searched. Time and the person are inputs; no Qt here.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, tzinfo
from enum import StrEnum
from pathlib import Path

from ethics_desk.cases.access import LIST_EXPORTED
from ethics_desk.cases.inbox import (
    COLUMNS,
    InboxFilter,
    InboxLine,
    SortKey,
    Urgency,
    inbox_line,
    view_name,
)
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import in_office_time, office_date
from ethics_desk.core.permissions import Act
from ethics_desk.office import settings
from ethics_desk.staff.acting import service
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database
from ethics_desk.storage.private_files import create_private_file, sync_folder
from ethics_desk.storage.write_targets import refuse_record_target

__all__ = ["CONFIDENTIAL", "DocketExport", "DocketFormat", "docket_cells",
           "docket_file_name", "docket_format", "docket_title", "export_docket"]

CONFIDENTIAL = "Confidential — § 2-83(h)(1)"
"""The mark of a list that holds a pending complaint."""
PARTIAL = ".partial"
"""The ending of the file written beside the target before it is put in place."""
WIDEST = 60
"""The widest a column is made, in characters (a long list of respondents wraps no further)."""
DATE_FORMAT = "yyyy-mm-dd"
"""How the date cells show their dates: as the inbox does, and as they sort."""

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a text as a formula: a name typed at the
counter as "=HYPERLINK(…)" must arrive as the text it is, never run."""

Cell = str | int | date | None
"""A value of the docket: text, the business days left, a date, or nothing."""


class DocketFormat(StrEnum):
    """The kinds of file the list is exported to, by their file name's ending."""

    XLSX = "xlsx"
    CSV = "csv"

    @property
    def label(self) -> str:
        """The kind as a file dialog offers it."""
        return {DocketFormat.XLSX: "Excel workbook (*.xlsx)",
                DocketFormat.CSV: "Comma-separated values, for any spreadsheet (*.csv)"}[self]


@dataclass(frozen=True)
class DocketExport:
    """What an export wrote: where, how, the view, and each case's number in the list's order."""

    path: Path
    format: DocketFormat
    view: str
    case_numbers: tuple[str, ...]
    confidential: bool

    @property
    def count(self) -> int:
        """How many cases the file lists."""
        return len(self.case_numbers)

    def sentence(self) -> str:
        """The export in words: "Exported 25 cases to …"."""
        cases = "1 case" if self.count == 1 else f"{self.count} cases"
        mark = f" ({CONFIDENTIAL})" if self.confidential else ""
        return f"Exported {cases} of “{self.view}” to {self.path}{mark}."


def docket_format(path: Path) -> DocketFormat:
    """The kind of file ``path`` names by its ending; any other is one clear refusal."""
    ending = path.suffix.lower().lstrip(".")
    for kind in DocketFormat:
        if ending == kind.value:
            return kind
    raise UserError(f"“{path.name}” is not a spreadsheet's name: the list is exported as an "
                    "Excel workbook (.xlsx) or a CSV file (.csv).",
                    "Give a file name ending in .xlsx or .csv.")


def docket_title(view: str, day: date, *, searched: bool, confidential: bool) -> str:
    """The title of the list: "Inbox: All pending, 2026-11-30 — Confidential — § 2-83(h)(1)"."""
    search = " (searched)" if searched else ""
    mark = f" — {CONFIDENTIAL}" if confidential else ""
    return f"Inbox: {view}{search}, {day.isoformat()}{mark}"


def docket_file_name(view: str, day: date, kind: DocketFormat = DocketFormat.XLSX) -> str:
    """The name a file dialog proposes: "Inbox All pending 2026-11-30.xlsx" (no character a
    file system refuses)."""
    text = f"Inbox {view} {day.isoformat()}"
    kept = "".join(c for c in text if c not in '<>:"/\\|?*' and ord(c) >= 32).strip(" .")
    return f"{kept}.{kind.value}"


def docket_cells(line: InboxLine, zone: tzinfo) -> tuple[Cell, ...]:
    """One row of the docket, in :data:`COLUMNS` order: the inbox's texts, with the receipt
    (the office's date) and the due date as dates and the business days left as a number."""
    row = line.row
    received = in_office_time(row.received_at, zone).date() if row.received_at else None
    texts = line.texts
    return (texts[0], received, texts[2], texts[3], texts[4], texts[5], texts[6],
            row.next_due_on, row.business_days_left)


# -- the two kinds of file -----------------------------------------------------------------------


def _csv_bytes(rows: Sequence[tuple[Cell, ...]]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow([column.title for column in COLUMNS])
    for cells in rows:
        writer.writerow(["" if value is None else
                         value.isoformat() if isinstance(value, date) else
                         f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_START)
                         else value for value in cells])
    return out.getvalue().encode("utf-8-sig")


_URGENT = (Urgency.OVERDUE, Urgency.DUE_TODAY)


def _sheet_name(view: str, day: date) -> str:
    """The sheet's name: at most 31 characters, none of those Excel refuses in one."""
    name = "".join(c for c in f"{view} {day.isoformat()}" if c not in "[]:*?/\\")
    if len(name) > 31:
        name = "".join(c for c in view if c not in "[]:*?/\\")[:31 - 11].rstrip() \
            + " " + day.isoformat()
    return name


def _xlsx_bytes(rows: Sequence[tuple[Cell, ...]], urgency: Sequence[Urgency], *, title: str,
                sheet: str) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    book = Workbook()
    ws = book.create_sheet(sheet, 0)  # typed as a worksheet, where ``book.active`` may be none
    book.remove(book.worksheets[1])  # the empty sheet every new workbook starts with
    ws.append([title])
    ws["A1"].font = Font(bold=True, size=12)
    ws.append([column.title for column in COLUMNS])
    bold = Font(bold=True)
    for cell in ws[2]:
        cell.font = bold
    due_columns = {number for number, column in enumerate(COLUMNS)
                   if column.key in (SortKey.DUE, SortKey.DAYS_LEFT)}
    for cells, level in zip(rows, urgency, strict=True):
        ws.append(list(cells))
        for number, cell in enumerate(ws[ws.max_row]):
            value = cells[number]
            if isinstance(value, date):
                cell.number_format = DATE_FORMAT
            elif isinstance(value, str) and value.startswith(FORMULA_START):
                cell.data_type = "s"  # kept as the text typed, not a formula
            if level in _URGENT and number in due_columns:
                cell.font = bold  # as the inbox draws a deadline near or past
    last = get_column_letter(len(COLUMNS))
    ws.freeze_panes = "A3"  # the title and the header stay in sight
    ws.auto_filter.ref = f"A2:{last}{max(ws.max_row, 2)}"
    for number, column in enumerate(COLUMNS):
        texts = [column.title] + [_shown(cells[number]) for cells in rows]
        ws.column_dimensions[get_column_letter(number + 1)].width = min(
            WIDEST, max(len(text) for text in texts) + 2)
    ws.print_title_rows = "1:2"
    header, footer = ws.oddHeader, ws.oddFooter
    assert header is not None and footer is not None  # a worksheet always has them
    header.center.text = title.replace("&", "&&")
    footer.center.text = "Page &P of &N"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _shown(value: Cell) -> str:
    if value is None:
        return ""
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


# -- the export -------------------------------------------------------------------------------


def _cannot_write(target: Path, exc: OSError) -> UserError:
    return UserError(f"The list could not be exported to {target} ({exc.strerror or exc}); "
                     "nothing was written.",
                     "Choose a folder you may write to (and close the file if another program "
                     "has it open), then export again.")


def _write_beside(target: Path, data: bytes) -> Path:
    """``data`` in a private file beside ``target``, flushed to the disk; its path."""
    partial = target.with_name(target.name + PARTIAL)
    try:
        create_private_file(partial)
        with partial.open("r+b") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise _cannot_write(target, exc) from exc
    return partial


def _put_in_place(partial: Path, target: Path) -> None:
    """Replace ``target`` by ``partial`` at once (on Windows this fails while another program,
    Excel, has the target open)."""
    os.replace(partial, target)


@service(Act.EXPORT_LIST, "Exporting the list")
def export_docket(database: Database, target: Path, inbox_filter: InboxFilter, *,
                  account: Account, clock: Clock, view: str = "") -> DocketExport:
    """Write every row of ``inbox_filter``'s list, as the inbox shows it to ``account``, to
    ``target`` (.xlsx or .csv, by its ending), put in place in the transaction that records
    the export.

    ``view`` names the list in the file and the record (by default the saved view the filter
    is, or :data:`CUSTOM`). A name of another kind, a target that is part of the record, and a
    file that cannot be written are each one :class:`UserError`; nothing is written then.
    """
    kind = docket_format(target)
    refuse_record_target(target)
    if target.is_dir():
        raise UserError(f"{target} is a folder.", "Give the name of the file to write in it.")
    now = clock()
    name = view or view_name(inbox_filter)
    searched = bool(inbox_filter.text.strip())
    with database.read_session() as session:
        zone = settings.time_zone(session)
    today = office_date(now, zone)
    query = InboxQuery(database, today, account)  # only what the person receives
    rows = query.every_row(inbox_filter).built()  # one statement: one snapshot of the list
    cells = [docket_cells(inbox_line(row, zone), zone) for row in rows]
    confidential = any(row.state.is_pending for row in rows)
    title = docket_title(name, today, searched=searched, confidential=confidential)
    data = (_csv_bytes(cells) if kind is DocketFormat.CSV else
            _xlsx_bytes(cells, [row.urgency for row in rows], title=title,
                        sheet=_sheet_name(name, today)))
    numbers = [row.case_number for row in rows]
    partial = _write_beside(target, data)  # before the writers' lock: other desks wait less
    placed = False
    try:
        with database.unit_of_work() as session:
            audit.append(session, actor=account.display, action=LIST_EXPORTED, at=now,
                         summary=f"Exported the list “{name}”{' (searched)' if searched else ''}"
                                 f" with {len(rows)} case(s) to {target.name}"
                                 f"{' (confidential, § 2-83(h))' if confidential else ''}",
                         detail={"file": target.name, "format": kind.value, "view": name,
                                 "searched": searched, "cases": [row.id for row in rows],
                                 "case_numbers": numbers})
            try:
                _put_in_place(partial, target)
            except OSError as exc:
                raise _cannot_write(target, exc) from exc
            placed = True
            with contextlib.suppress(OSError):  # the name is durable with the folder's next flush
                sync_folder(target.parent)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        if placed:  # the record was not kept: neither is the file
            with contextlib.suppress(OSError):
                target.unlink()
        raise
    return DocketExport(target, kind, name, tuple(numbers), confidential)
