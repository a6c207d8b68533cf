"""The recovery sheet's paper: made from the database's present record key, saved as a private PDF
or printed, and recorded as made (audited, never the key).

What the sheet holds and how its lines are read back is :mod:`ethics_desk.storage.recovery_sheet`;
the paper is drawn by :mod:`ethics_desk.documents.render.recovery_sheet` with the office's
letterhead.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.storage import record_key
from ethics_desk.storage.recovery_sheet import record_made, sheet_of

if TYPE_CHECKING:
    from ethics_desk.core.clock import Clock
    from ethics_desk.storage.database import Database


@dataclass(frozen=True)
class MadeSheet:
    """A recovery sheet made: where, for which key, and its PDF."""

    path: Path | None
    key_id: str
    pdf: bytes


def render_recovery_sheet(database: Database, *, actor: str, clock: Clock) -> tuple[str, bytes]:
    """The sheet's PDF for ``database``'s present key, and the key id (nothing recorded)."""
    from ethics_desk.documents.making import render_for_recovery
    from ethics_desk.documents.render.data import letterhead_from_settings
    from ethics_desk.documents.render.recovery_sheet import RecoverySheetPaper
    from ethics_desk.office.settings import office_today
    from ethics_desk.storage.addresses import sqlite_path
    from ethics_desk.storage.failures import translate_errors
    from ethics_desk.storage.journal import key_id_of

    path = sqlite_path(database.url)
    if path is None:
        raise UserError("A database server keeps its record key itself, in a table only the "
                        "owner role may read: it has no recovery sheet.",
                        "IT keeps the server's dumps and its own recovery plan.")
    with translate_errors(), database.engine.connect() as conn:
        key_id = key_id_of(conn)
    if key_id is None:
        raise UserError("This database has no record key yet.", "Open it once with this version.")
    key = record_key.find_key(key_id)
    if key is None:
        raise record_key.missing_key(key_id)
    with database.read_session() as session:
        letterhead = letterhead_from_settings(session)
        today: date = office_today(session, clock)
    paper = RecoverySheetPaper(letterhead=letterhead, database_name=path.name,
                               database_path=str(path), made_on=today, made_by=actor,
                               sheet=sheet_of(key_id, key))
    return key_id, render_for_recovery(database, paper)


def make_recovery_sheet(database: Database, dest: Path, *, actor: str,
                        clock: Clock) -> MadeSheet:
    """Write the recovery sheet of ``database``'s key into the new file ``dest`` (private to
    the user; an existing file is never written over), then record it as made, audited."""
    from ethics_desk.storage.private_files import write_private

    if dest.exists():
        raise StorageError(f"{dest} already exists; a recovery sheet is never written over a "
                           "file.", "Choose a new file name.")
    if not dest.parent.is_dir():
        raise StorageError(f"There is no folder {dest.parent} to write the sheet in.",
                           "Create the folder first, or choose another.")
    key_id, pdf = render_recovery_sheet(database, actor=actor, clock=clock)
    try:
        write_private(dest, pdf)
    except OSError as exc:
        raise StorageError(f"The recovery sheet cannot be written to {dest}: "
                           f"{exc.strerror or exc}.", "Choose a folder you can write to.") from exc
    record_made(database, key_id, actor=actor, clock=clock, where=f"saved as {dest.name}")
    return MadeSheet(dest, key_id, pdf)
