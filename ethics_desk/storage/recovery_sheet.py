"""The recovery sheet: a SQLite database's record key on one printed page, for the office's safe.

The journal of a SQLite database is sealed with a key kept outside the file
(:mod:`ethics_desk.storage.record_key`). A computer that dies with the only copy of the key
takes the record's proof with it: no backup verifies anywhere else. The recovery sheet is the
key written so that a person can type it back from paper:

* the **key id** (what the database records, in hexadecimal) in eight groups of four, with a
  check of two letters;
* the **key** itself in base32 (``A``–``Z``, ``2``–``7``: no ``0``, ``1`` or ``8`` to mistake
  for ``O``, ``I`` or ``B``) on four lines of four groups of four, each line with a check of two
  letters, so that a mistyped group is named by its line. The four lines hold the 32 bytes of
  the key and 8 bytes of a check over the key id and the key together, which catches a key id
  mistyped in a way its own check missed, and lines taken from two sheets.

:func:`make_recovery_sheet` renders the page (its kind, ``recovery-sheet``, in
:data:`ethics_desk.documents.kinds.KINDS`; :mod:`ethics_desk.documents.render.recovery_sheet`)
into a new file, private to the user, then records it in one transaction: the audit record
``record_key.recovery_sheet`` ("Recovery sheet made", naming the key id, never the key) and the
setting :data:`SHEET_SETTING`, which holds the key id the sheet was made for. A database whose
setting does not name its present key has never had its sheet made: :func:`sheet_missing` says
so, and ``backup``, ``check``, the daily backup's status line and the window's first sign-in of
an Administrator remind until it is (:data:`REMINDER`).

:func:`read_sheet` brings the key back from what was typed (or read from the sheet's PDF by
:func:`read_sheet_pdf`), checking each line; :func:`import_from_sheet` keeps it on this computer
as ``ethics-desk key import FILE`` does. A database server keeps its key itself and has no
sheet.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.storage import record_key

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

    from ethics_desk.core.clock import Clock
    from ethics_desk.storage.database import Database

SHEET_SETTING = "journal.recovery_sheet"
"""The ``setting`` row that records the sheet as made: the key id it was made for."""
ACTION = "record_key.recovery_sheet"
"""The audit record's action ("Recovery sheet made")."""
GROUP = 4
"""Letters or digits in a group, as printed and typed."""
ID_GROUPS = 8
"""The key id's groups: 32 hexadecimal digits."""
KEY_LINES = 4
"""The key's lines on the sheet."""
LINE_GROUPS = 4
"""Groups on each of the key's lines."""
CHECK_LETTERS = 2
"""The check after each line: two base32 letters (10 bits of SHA-256)."""
SHEET_CHECK_BYTES = 8
"""The check over the key id and the key, carried in the key's lines after the key."""
_B32 = re.compile(r"^[A-Z2-7]*$")
_HEX = re.compile(r"^[0-9a-f]*$")
_READ_AS = str.maketrans({"0": "O", "1": "I", "8": "B"})
"""Digits base32 does not use, read as the letters they are mistaken for."""

REMINDER = ("The recovery sheet of this database's record key has never been made: if this "
            "computer is lost, no backup can be verified or restored anywhere else.")
"""The reminder's problem, in words; :func:`reminder` adds how to make it."""


@dataclass(frozen=True)
class SheetLine:
    """One line of the sheet: its label, its groups, and its check."""

    label: str
    """"Key id", or "Line 1" … "Line 4" of the key."""
    groups: tuple[str, ...]
    check: str

    @property
    def text(self) -> str:
        """The groups and the check as printed and typed: ``ABCD EFGH IJKL MNOP  XY``."""
        return " ".join(self.groups) + "  " + self.check


@dataclass(frozen=True)
class Sheet:
    """What the sheet prints of the key: its id's line and the key's lines."""

    key_id: str
    id_line: SheetLine
    key_lines: tuple[SheetLine, ...]


class SheetError(UserError):
    """A line typed from the sheet (or read from its PDF) is wrong; ``line`` names it."""

    def __init__(self, line: str, problem: str, fix: str) -> None:
        super().__init__(problem, fix)
        self.line = line


def _check(kind: str, number: int, data: str) -> str:
    """The check of a line: two base32 letters of SHA-256 over what it is and what it holds."""
    digest = hashlib.sha256(f"ethics-desk recovery sheet {kind} {number} {data}".encode()).digest()
    return base64.b32encode(digest[:5]).decode("ascii")[:CHECK_LETTERS]


def _sheet_check(key_id: str, key: bytes) -> bytes:
    return hashlib.sha256(b"ethics-desk recovery sheet\0" + key_id.encode("ascii") + b"\0"
                          + key).digest()[:SHEET_CHECK_BYTES]


def _groups(data: str) -> tuple[str, ...]:
    return tuple(data[i:i + GROUP] for i in range(0, len(data), GROUP))


def sheet_of(key_id: str, key: bytes) -> Sheet:
    """The lines the sheet prints for the key ``key`` of ``key_id``."""
    if not record_key.KEY_ID.match(key_id) or len(key) != record_key.KEY_BYTES:
        raise ValueError("not a record key and its identifier")
    encoded = base64.b32encode(key + _sheet_check(key_id, key)).decode("ascii")
    per_line = GROUP * LINE_GROUPS
    lines = tuple(SheetLine(f"Line {n}", _groups(part), _check("key", n, part))
                  for n, part in ((n, encoded[(n - 1) * per_line:n * per_line])
                                  for n in range(1, KEY_LINES + 1)))
    return Sheet(key_id, SheetLine("Key id", _groups(key_id), _check("id", 0, key_id)), lines)


def _squeezed(text: str) -> str:
    """What was typed, without spaces, hyphens and dots."""
    return re.sub(r"[\s\-.·]", "", text)


def read_id_line(text: str) -> str:
    """The key id typed from the sheet (its eight groups, with or without its check)."""
    typed = _squeezed(text)
    data, check = typed[:32].lower(), typed[32:].upper().translate(_READ_AS)
    if len(typed) not in (32, 32 + CHECK_LETTERS) or not _HEX.match(data):
        raise SheetError("Key id", f"The key id “{text.strip()}” is not the sheet's: it has "
                                   f"eight groups of four digits and letters a–f, then a check "
                                   f"of two letters.", "Type the line “Key id” again as the "
                                                       "sheet prints it.")
    if check and check != _check("id", 0, data):
        raise SheetError("Key id", "The key id does not match its check: one of its groups is "
                                   "mistyped.", "Type the line “Key id” again, group by group.")
    return data


def read_key_line(number: int, text: str) -> str:
    """Line ``number`` of the key typed from the sheet, checked; its four groups, joined."""
    typed = _squeezed(text).upper().translate(_READ_AS)
    size = GROUP * LINE_GROUPS
    label = f"Line {number}"
    if len(typed) != size + CHECK_LETTERS or not _B32.match(typed):
        raise SheetError(label, f"{label} of the key “{text.strip()}” is not as the sheet prints "
                                f"it: four groups of four letters and digits 2–7, then a check "
                                f"of two.", f"Type {label} again as the sheet prints it.")
    data, check = typed[:size], typed[size:]
    if check != _check("key", number, data):
        raise SheetError(label, f"{label} of the key does not match its check ({check}): one of "
                                "its groups is mistyped.",
                         f"Type {label} again, group by group; the other lines are right.")
    return data


def read_sheet(id_text: str, line_texts: Sequence[str]) -> tuple[str, bytes]:
    """The key id and the key from the lines typed from the sheet; a :class:`SheetError`
    names the first line that is wrong."""
    key_id = read_id_line(id_text)
    if len(line_texts) != KEY_LINES:
        raise SheetError("Line", f"The key has {KEY_LINES} lines on the sheet, not "
                                 f"{len(line_texts)}.", "Type each of its lines.")
    data = "".join(read_key_line(n, text) for n, text in enumerate(line_texts, start=1))
    raw = base64.b32decode(data)
    key, check = raw[:record_key.KEY_BYTES], raw[record_key.KEY_BYTES:]
    if check != _sheet_check(key_id, key):
        raise SheetError("Key id", "Every line matches its check, but the key id and the key do "
                                   "not belong together: the key id is mistyped, or the lines "
                                   "come from two sheets.",
                         "Type the key id again from the same sheet as the lines.")
    return key_id, key


_PDF_ID = re.compile(r"Key id\s+((?:[0-9a-f]{4}\s+){7}[0-9a-f]{4})\s+([A-Z2-7]{2})\b")
_PDF_LINE = re.compile(r"Line\s+([1-9])\s+((?:[A-Z2-7]{4}\s+){3}[A-Z2-7]{4})\s+([A-Z2-7]{2})\b")


def read_sheet_pdf(path: Path) -> tuple[str, bytes]:
    """The key id and the key from the recovery sheet's PDF at ``path`` (the file saved for
    IT), read with pypdf and checked line by line as typed lines are."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        if not path.is_file() or path.stat().st_size > 10_000_000:  # a sheet is some 30 KB
            raise StorageError(f"{path} is not a recovery sheet's PDF file.",
                               "Give the PDF “ethics-desk key sheet” wrote, or type the sheet "
                               "with “ethics-desk key import --sheet”.")
        text = "\n".join(page.extract_text() or "" for page in PdfReader(path).pages[:2])
    except (OSError, PyPdfError, ValueError) as exc:
        raise StorageError(f"{path} cannot be read as a recovery sheet's PDF.",
                           "Give the PDF “ethics-desk key sheet” wrote, or type the sheet with "
                           "“ethics-desk key import --sheet”.") from exc
    found_id = _PDF_ID.search(text)
    lines = {int(m.group(1)): f"{m.group(2)} {m.group(3)}" for m in _PDF_LINE.finditer(text)}
    if found_id is None or sorted(lines) != list(range(1, KEY_LINES + 1)):
        raise StorageError(f"{path} is not a recovery sheet: its key id and four lines are not "
                           "in it.", "Give the PDF “ethics-desk key sheet” wrote, or type the "
                                     "sheet with “ethics-desk key import --sheet”.")
    return read_sheet(f"{found_id.group(1)} {found_id.group(2)}",
                      [lines[n] for n in range(1, KEY_LINES + 1)])


def import_from_sheet(key_id: str, key: bytes) -> str:
    """Keep the key read from a sheet on this computer, as ``key import FILE`` keeps one."""
    return record_key.keep_imported(key_id, key)


# -- whether it was made ------------------------------------------------------------------------


def sheet_missing(conn: Connection) -> str | None:
    """The key id of this SQLite database when its recovery sheet has never been made (for its
    present key); None when it has, or the database has no key (a server, an older file)."""
    from sqlalchemy import text

    from ethics_desk.storage.journal import key_id_of

    key_id = key_id_of(conn)
    if key_id is None:
        return None
    made = conn.execute(text("SELECT value FROM setting WHERE key = :k"),
                        {"k": SHEET_SETTING}).scalar()
    return None if made == key_id else key_id


def sheet_missing_for_file(path: Path) -> str | None:
    """:func:`sheet_missing` for the SQLite file at ``path``, read without writing it (None
    also when it cannot be read: the checks say why)."""
    import sqlite3

    from ethics_desk.storage.journal import KEY_SETTING
    from ethics_desk.storage.sqlite_file import read_only

    try:
        conn = read_only(path)
        try:
            key_id, made = conn.execute(
                "SELECT (SELECT value FROM setting WHERE key = ?), "
                "(SELECT value FROM setting WHERE key = ?)", (KEY_SETTING, SHEET_SETTING)
            ).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    if key_id is None:
        return None
    return None if made == key_id else str(key_id)


def sheet_missing_for(database: Database) -> str | None:
    """:func:`sheet_missing` for an open database (None on a server: it keeps its own key)."""
    from ethics_desk.storage.addresses import sqlite_path
    from ethics_desk.storage.failures import translate_errors

    if sqlite_path(database.url) is None:
        return None
    with translate_errors(), database.engine.connect() as conn:
        return sheet_missing(conn)


WINDOW_REMINDER = (f"{REMINDER} Make it now: File → Recovery sheet…, then lock it away, apart "
                   "from the backups.")
"""The daily backup's status line says so, to an Administrator."""


def reminder(command: str = "ethics-desk key sheet FILE.pdf") -> str:
    """The reminder in one line: the problem and how to make the sheet."""
    return (f"{REMINDER} An Administrator makes it with “{command}” (or File → Recovery "
            "sheet… in the window), prints it and locks it away, apart from the backups.")


def record_made(database: Database, key_id: str, *, actor: str, clock: Clock,
                where: str) -> None:
    """Record the sheet of ``key_id`` as made, in one transaction with its audit record
    ("where": saved to a file, printed — never the key)."""
    from sqlalchemy.orm import Session

    from ethics_desk.models import Setting
    from ethics_desk.storage import audit

    def act(session: Session) -> None:
        row = session.get(Setting, SHEET_SETTING)
        if row is None:
            session.add(Setting(key=SHEET_SETTING, value=key_id))
        else:
            row.value = key_id
        audit.append(session, actor=actor, action=ACTION, at=clock(),
                     summary=f"Recovery sheet made for the record key {key_id} ({where})",
                     detail={"key_id": key_id, "where": where})

    database.write(act)
