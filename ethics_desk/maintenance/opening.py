"""Opening the database the way the application and every command do.

Resolve where it is, refuse a file of another application (looked at read-only, left as it
was), refuse one written by a newer version, back up an existing database
(verified, into the office's backup folder: :mod:`ethics_desk.maintenance.auto_backup`) before
migrating it, apply the migrations, and load the reference data
(the provisions catalogue, the known Fiesta San Jacinto Days) on first use. SQLite's
``quick_check`` runs on an existing file before anything is written to it
(:meth:`~ethics_desk.storage.database.Database.start_quick_check`): a damaged file is opened
read-only (:mod:`ethics_desk.storage.read_only`), and never upgraded. A SQLite file whose
journal is behind its record anchor has lost committed acts
(:func:`ethics_desk.storage.record_anchor.lost_acts`): it is opened read-only for that reason,
nothing is migrated, and every change is refused naming the acts and the backup that holds
them. A SQLite file whose record key is not on this computer (a dead PC, a backup brought to a
new one) is opened read-only too (:func:`ethics_desk.storage.read_only.key_missing`): every
record can be read, printed and exported, none changed; an older one that needs an upgrade is
refused, since an upgrade writes. A database server is
never created or upgraded here: that is IT's ``ethics-desk server setup``
(:mod:`ethics_desk.maintenance.server`), and a workstation that finds it not yet done says so.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from sqlalchemy import Engine, func, select
from sqlalchemy.exc import OperationalError

from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.resources import resource_path
from ethics_desk.deadlines.closures import KNOWN_FIESTA_DAYS
from ethics_desk.intake.catalogue import read_provisions_csv
from ethics_desk.maintenance import auto_backup
from ethics_desk.models import CalendarDay, Provision
from ethics_desk.storage import audit, record_anchor
from ethics_desk.storage.addresses import sqlite_path
from ethics_desk.storage.database import Database, make_engine, resolve_url
from ethics_desk.storage.failures import translate_errors
from ethics_desk.storage.migrate import SchemaNotReady as SchemaNotReady
from ethics_desk.storage.migrate import check_not_newer, head_revision, upgrade
from ethics_desk.storage.migrate import no_schema_yet as no_schema_yet
from ethics_desk.storage.migrate import older_schema as older_schema
from ethics_desk.storage.read_only import key_missing
from ethics_desk.storage.sqlite_file import SQLITE_HEADER, WAL_VERSION_BYTE, schema_names

SYSTEM_ACTOR = "Ethics Desk"
OFFICE_PAPERS = "0006"
"""The revision that keeps the office's wording and enclosure in the database."""


def open_database(db: str | os.PathLike[str] | None = None, *, clock: Clock, create: bool = True,
                  migrate: bool = True) -> Database:
    """Open (creating or migrating as needed) the database named by ``db``/``ETHICS_DESK_DB``.

    ``create=False`` refuses a SQLite file that does not exist instead of creating it. The
    ``clock`` stamps the backup taken before a migration and the reference data's audit record.
    """
    url = resolve_url(db)
    path = sqlite_path(url)
    if path is not None:
        refuse_another_applications_file(path)
    engine = make_engine(url, create_folder=create)
    database = Database(url, engine)
    database.start_quick_check()  # before the first write; in the background on a large file
    where = database.description
    try:
        if path is None and _waits_for_the_person(engine):
            database.awaits_the_person = True  # the sign-in, as the person, checks the schema
            return database
        with translate_errors(path):
            current = check_not_newer(engine, where)
            lost = record_anchor.lost_acts(path) \
                if path is not None and current is not None else None
            if lost is not None:  # nothing is written, not even a migration: restore or accept
                if migrate and current != head_revision():
                    raise lost.error()
                _refuse_without_key(engine)  # the lost acts need the key to be accepted
                database.refuse_changes(record_anchor.reason(lost))
                return database
            if path is None and url.get_backend_name() != "sqlite":
                # A shared server: only IT's "server setup" creates or upgrades the schema.
                if current is None:
                    raise no_schema_yet(where)
                if current != head_revision():
                    raise older_schema(where, current, head_revision())
            elif migrate and current != head_revision():
                if path is not None:  # an upgrade writes: not without the key
                    _refuse_without_key(engine)
                reason = database.read_only_reason()  # a damaged file is never upgraded
                if reason is not None:
                    raise reason.error()
                taken = None
                if current is not None and path is not None:
                    # Into the office's backup folder, verified, the folder rotated.
                    taken = auto_backup.before_migration(path, head_revision(), clock=clock)
                upgrade(engine)
                load_reference_data(database, clock=clock)
                if current is not None and current < OFFICE_PAPERS:
                    bring_in_old_papers(database, clock=clock)
                if taken is not None:  # recorded once the schema is this version's
                    auto_backup.record_quietly(database, taken, actor=SYSTEM_ACTOR)
            elif current is None:
                raise StorageError(f"{where} is not an Ethics Desk database yet.",
                                   "Open it once with the application to create it.")
            if path is not None:
                missing = key_missing_of(engine)
                if missing is not None:  # read, printed and exported; never changed
                    database.refuse_changes(key_missing(path, missing))
    except OperationalError as exc:  # pragma: no cover - translated above; kept for clarity
        engine.dispose()
        raise StorageError(str(exc)) from exc
    except BaseException:
        engine.dispose()
        raise
    return database


def _waits_for_the_person(engine: Engine) -> bool:
    """Whether the office's server, reached by its address alone, lets nobody in before the
    person signs in with their own password (:func:`~ethics_desk.storage.server_door.
    waits_for_the_person`); a server that lets this desk in (single sign-on, IT's address
    naming its role) is opened as ever."""
    from ethics_desk.storage.server_door import waits_for_the_person

    if engine.url.get_backend_name() != "postgresql" or engine.url.username:
        return False
    try:
        with engine.connect():
            return False
    except OperationalError as exc:
        return waits_for_the_person(engine.url.username, str(exc.orig))


def key_missing_of(engine: Engine) -> str | None:
    """The identifier of the record key of the SQLite database ``engine`` opens when this
    computer does not have it (``(not recorded)`` if the file names none); None when it has
    it, or the file has no journal yet (:mod:`ethics_desk.storage.record_key`)."""
    from ethics_desk.storage import journal, record_key

    with engine.connect() as conn:
        if not journal.has_journal(conn):
            return None
        key_id = journal.key_id_of(conn)
    if key_id is None:
        return "(not recorded)"
    return key_id if record_key.find_key(key_id) is None else None


def _refuse_without_key(engine: Engine) -> None:
    """Refuse, naming the key to import, what must write into a SQLite file whose record key is
    not on this computer (an upgrade, accepting lost acts): no change could be sealed in it."""
    from ethics_desk.storage import record_key

    missing = key_missing_of(engine)
    if missing is not None:
        raise record_key.missing_key(missing)


def refuse_another_applications_file(path: Path) -> None:
    """Refuse a file that is not an Ethics Desk database, before anything touches it.

    A SQLite file of another application (it has tables, but no ``alembic_version``) would
    otherwise be converted, thirty tables added to it, and a file that is not SQLite at all
    would be written over; either is refused with nothing changed — the file is read with a
    read-only connection, before the pragmas of :func:`make_engine` (which would turn on WAL in
    its header). An empty file (0 bytes) and a SQLite file with nothing in it are a new
    database and may become one — but never one named as a database's companion
    (``office.sqlite-wal``, :func:`ethics_desk.storage.write_targets.refuse_companion_as_database`);
    a file that does not exist is :func:`make_engine`'s to create or refuse.
    """
    from ethics_desk.storage.write_targets import refuse_companion_as_database

    refuse_companion_as_database(path)
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return
        with path.open("rb") as file:
            header = file.read(WAL_VERSION_BYTE + 1)
    except OSError:
        return  # unreadable: SQLite's own message ("cannot be opened") says it better
    fix = "give the path of an Ethics Desk database, or a new file name."
    if header[:len(SQLITE_HEADER)] != SQLITE_HEADER:
        raise StorageError(f"{path} is not an Ethics Desk database, or it is damaged (it does "
                           "not begin as a SQLite database does) — nothing was changed;",
                           f"{fix[:-1]}; if it was the office's database, restore the latest "
                           "backup.")
    wal = path.with_name(path.name + "-wal")
    # A file in WAL mode with no log beside it has nothing outside the file: it is read as it is
    # (``immutable``), or SQLite would leave a -wal and a -shm beside another program's file.
    as_it_is = header[WAL_VERSION_BYTE:] == b"\x02" and not wal.exists()
    with translate_errors(path):
        names = schema_names(path, immutable=as_it_is)
    if names and "alembic_version" not in names:
        raise StorageError(f"{path} is not an Ethics Desk database (it has tables of another "
                           "application) — nothing was changed;", fix)


def bring_in_old_papers(database: Database, *, clock: Clock) -> None:
    """On the upgrade of a desk's own file to :data:`OFFICE_PAPERS`: store the wording files and
    the enclosure this desk kept itself, so its letters read as before (audited). One that
    cannot be used is left for Settings → Letter wording, which lists it."""
    from ethics_desk.documents.wording import bring_in_on_upgrade

    with contextlib.suppress(UserError):
        bring_in_on_upgrade(database, actor=SYSTEM_ACTOR, clock=clock)


def load_reference_data(database: Database, *, clock: Clock) -> None:
    """The provisions catalogue and the known Fiesta days, loaded once into an empty database."""
    with database.unit_of_work() as session:
        if session.scalar(select(func.count()).select_from(Provision)):
            return
        count = 0
        for row in read_provisions_csv(resource_path("provisions.csv")):
            session.add(row)
            count += 1
        for day in sorted(KNOWN_FIESTA_DAYS):
            session.add(CalendarDay(calendar="city", day=day, name="Fiesta San Jacinto Day",
                                    kind="fiesta"))
        audit.append(session, actor=SYSTEM_ACTOR, action="reference.load", at=clock(),
                     summary=f"Loaded the provisions catalogue ({count} provisions) and "
                             f"{len(KNOWN_FIESTA_DAYS)} Fiesta San Jacinto Days",
                     detail={"provisions": count})
