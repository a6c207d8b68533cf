"""Opening the database the way the application and every command do.

Resolve where it is, refuse one written by a newer version, back up an existing database
(verified) before migrating it, apply the migrations, and load the reference data
(the provisions catalogue, the known Fiesta San Jacinto Days) on first use. A database server is
never created or upgraded here: that is IT's ``ethics-desk server setup``
(:mod:`ethics_desk.storage.server`), and a workstation that finds it not yet done says so.
"""

from __future__ import annotations

import contextlib
import os

from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from ethics_desk.core.clock import Clock, file_stamp
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.resources import resource_path
from ethics_desk.deadlines.closures import KNOWN_FIESTA_DAYS
from ethics_desk.intake.catalogue import read_provisions_csv
from ethics_desk.models import CalendarDay, Provision
from ethics_desk.storage import audit
from ethics_desk.storage.backup import backup_sqlite
from ethics_desk.storage.database import Database, make_engine, resolve_url, sqlite_path, translate_errors
from ethics_desk.storage.migrate import check_not_newer, head_revision, upgrade

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
    engine = make_engine(url, create_folder=create)
    database = Database(url, engine)
    where = database.description
    try:
        with translate_errors():
            current = check_not_newer(engine, where)
            if path is None and url.get_backend_name() != "sqlite":
                # A shared server: only IT's "server setup" creates or upgrades the schema.
                from ethics_desk.storage.server import no_schema_yet, older_schema

                if current is None:
                    raise no_schema_yet(where)
                if current != head_revision():
                    raise older_schema(where, current, head_revision())
            elif migrate and current != head_revision():
                if current is not None and path is not None:
                    stamp = file_stamp(clock)
                    backup_sqlite(path, path.with_name(f"{path.stem}.before-{head_revision()}-"
                                                       f"{stamp}.sqlite"), clock=clock)
                upgrade(engine)
                load_reference_data(database, clock=clock)
                if current is not None and current < OFFICE_PAPERS:
                    bring_in_old_papers(database, clock=clock)
            elif current is None:
                raise StorageError(f"{where} is not an Ethics Desk database.",
                                   "Open it once with the application to create it.")
    except OperationalError as exc:  # pragma: no cover - translated above; kept for clarity
        engine.dispose()
        raise StorageError(str(exc)) from exc
    except BaseException:
        engine.dispose()
        raise
    return database


def bring_in_old_papers(database: Database, *, clock: Clock) -> None:
    """On the upgrade of a desk's own file to :data:`OFFICE_PAPERS`: store the wording files and
    the enclosure this desk kept itself, so its letters read as before (audited). One that
    cannot be used is left for Settings → Letter wording, which lists it."""
    from ethics_desk.office.wording import bring_in_this_desk

    with contextlib.suppress(UserError):
        bring_in_this_desk(database, actor=SYSTEM_ACTOR, clock=clock)


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
