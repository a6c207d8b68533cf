"""The recovery sheet: the record key on one page, typed back line by line (a mistyped line is
named), read back from its PDF, made private and recorded as made without the key in any
record."""

from __future__ import annotations

import re
import secrets
import sqlite3
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from ethics_desk.maintenance.recovery_sheet import make_recovery_sheet
from ethics_desk.storage import record_key
from ethics_desk.storage.database import Database
from ethics_desk.storage.recovery_sheet import (
    KEY_LINES,
    SheetError,
    read_sheet,
    read_sheet_pdf,
    sheet_missing_for,
    sheet_missing_for_file,
    sheet_of,
)
from tests.conftest import CLOCK

pytestmark = pytest.mark.sqlite_file

KEY_ID = "0f3a9c2177b0e4d2a0b1c2d3e4f50617"
KEY = bytes(range(32))


def typed(sheet_text: str) -> str:
    """A line as a person types it: lower case, single spaces."""
    return " ".join(sheet_text.split()).lower()


def test_every_key_and_its_id_come_back_from_the_lines_the_sheet_prints() -> None:
    for _ in range(50):
        key_id, key = secrets.token_hex(16), secrets.token_bytes(32)
        sheet = sheet_of(key_id, key)
        assert len(sheet.key_lines) == KEY_LINES
        assert all(len(line.groups) == 4 and all(len(g) == 4 for g in line.groups)
                   for line in sheet.key_lines)
        assert read_sheet(typed(sheet.id_line.text),
                          [typed(line.text) for line in sheet.key_lines]) == (key_id, key)


def test_the_digits_base32_lacks_are_read_as_the_letters_they_look_like() -> None:
    sheet = sheet_of(KEY_ID, KEY)
    lines = [line.text.replace("O", "0").replace("I", "1").replace("B", "8")
             for line in sheet.key_lines]
    assert read_sheet(sheet.id_line.text, lines) == (KEY_ID, KEY)


@pytest.mark.parametrize("wrong", range(KEY_LINES))
def test_a_mistyped_group_is_named_by_its_line(wrong: int) -> None:
    sheet = sheet_of(KEY_ID, KEY)
    lines = [line.text for line in sheet.key_lines]
    group = sheet.key_lines[wrong].groups[2]
    swapped = group[1] + group[0] + group[2:] if group[0] != group[1] else "ZZZZ"
    lines[wrong] = lines[wrong].replace(group, swapped, 1)
    with pytest.raises(SheetError) as caught:
        read_sheet(sheet.id_line.text, lines)
    assert caught.value.line == f"Line {wrong + 1}"
    assert f"Line {wrong + 1} of the key does not match its check" in caught.value.problem


def test_a_mistyped_key_id_is_named_and_one_typed_without_its_check_is_caught_by_the_sheet(
        ) -> None:
    sheet = sheet_of(KEY_ID, KEY)
    lines = [line.text for line in sheet.key_lines]
    with pytest.raises(SheetError) as caught:
        read_sheet(sheet.id_line.text.replace("0f3a", "0f3b"), lines)
    assert caught.value.line == "Key id"
    with pytest.raises(SheetError, match="do not belong together"):
        read_sheet("0f3b9c2177b0e4d2a0b1c2d3e4f50617", lines)
    assert read_sheet(KEY_ID, lines) == (KEY_ID, KEY)


def test_a_line_of_the_wrong_length_says_what_the_sheet_prints() -> None:
    sheet = sheet_of(KEY_ID, KEY)
    lines = [line.text for line in sheet.key_lines]
    lines[1] = lines[1][:-4]
    with pytest.raises(SheetError, match=r"Line 2 of the key .* four groups of four"):
        read_sheet(sheet.id_line.text, lines)


def test_the_sheet_is_one_private_page_naming_the_database_and_the_day_and_is_recorded_as_made(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    assert sheet_missing_for(database) is not None
    assert sheet_missing_for_file(db_path) is not None
    made = make_recovery_sheet(database, tmp_path / "sheet.pdf", actor="Ada Lovelace (ada)",
                               clock=CLOCK)
    reader = PdfReader(tmp_path / "sheet.pdf")
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert db_path.name in text and "November 30, 2026" in text and made.key_id in text
    assert "ethics-desk key import --sheet" in text and "apart from the backups" in text
    assert (tmp_path / "sheet.pdf").stat().st_mode & 0o077 == 0 or sys.platform == "win32"
    key = record_key.find_key(made.key_id)
    assert key is not None
    assert read_sheet_pdf(tmp_path / "sheet.pdf") == (made.key_id, key)
    assert key.hex() not in str(reader.metadata)
    assert sheet_missing_for(database) is None
    database.dispose()
    assert sheet_missing_for_file(db_path) is None
    with sqlite3.connect(db_path) as conn:
        summary, detail = conn.execute(
            "SELECT summary, detail FROM audit_record WHERE action = 'record_key.recovery_sheet'"
        ).fetchone()
        journal = " ".join(str(row) for row in conn.execute("SELECT * FROM journal_record"))
    assert summary.startswith("Recovery sheet made for the record key " + made.key_id)
    for secret in (key.hex(), *sheet_of(made.key_id, key).key_lines[0].groups):
        assert secret not in summary + detail + journal


def test_a_sheet_is_never_written_over_a_file(database: Database, tmp_path: Path) -> None:
    from ethics_desk.core.errors import StorageError

    (tmp_path / "sheet.pdf").write_bytes(b"the office's own file")
    with pytest.raises(StorageError, match="never written over"):
        make_recovery_sheet(database, tmp_path / "sheet.pdf", actor="Ada", clock=CLOCK)
    assert (tmp_path / "sheet.pdf").read_bytes() == b"the office's own file"
    assert sheet_missing_for(database) is not None


def test_a_pdf_that_is_no_sheet_is_refused_naming_it(tmp_path: Path) -> None:
    from ethics_desk.core.errors import StorageError

    (tmp_path / "letter.pdf").write_bytes(b"%PDF-1.4 not a sheet")
    for given in (tmp_path / "letter.pdf", tmp_path, Path("/dev/zero")):
        with pytest.raises(StorageError, match=re.escape(str(given))):
            read_sheet_pdf(given)


def test_a_database_server_has_no_recovery_sheet_and_is_never_reminded_of_one() -> None:
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    from ethics_desk.core.errors import UserError
    from ethics_desk.maintenance.recovery_sheet import render_recovery_sheet

    url = make_url("postgresql+psycopg://ethics_desk@127.0.0.1:1/ethics")
    server = Database(url, create_engine(url))  # never connected: nothing here asks it
    try:
        assert sheet_missing_for(server) is None
        with pytest.raises(UserError, match="server keeps its record key itself"):
            render_recovery_sheet(server, actor="Ada", clock=CLOCK)
    finally:
        server.dispose()
