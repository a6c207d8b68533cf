"""Opening the database the way the application and every command do.

Resolve where it is, refuse one written by a newer version, back up an existing database
(verified) before migrating it, apply the migrations, and load the reference data
(the provisions catalogue, the known Fiesta San Jacinto Days) on first use.
"""

from __future__ import annotations

import csv
import os
from datetime import date, datetime
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from ethics_desk import audit
from ethics_desk.backup import backup_sqlite
from ethics_desk.db import Database, make_engine, resolve_url, sqlite_path, translate_errors
from ethics_desk.errors import StorageError
from ethics_desk.migrate import check_not_newer, head_revision, upgrade
from ethics_desk.models import CalendarDay, Provision
from ethics_desk.resources import resource_path

SYSTEM_ACTOR = "Ethics Desk"
CAMPAIGN_FINANCE_SECTIONS = frozenset({"2-306", "2-307"})
"""§ 2-83(d)(2): complaints alleging a violation of these sections take the campaign-finance route."""

KNOWN_FIESTA_DAYS = {date(2023, 4, 28), date(2025, 5, 2)}
"""Fiesta San Jacinto Days from City announcements; the office sets later years in the calendar."""


def open_database(db: str | os.PathLike[str] | None = None, *, create: bool = True,
                  migrate: bool = True) -> Database:
    """Open (creating or migrating as needed) the database named by ``db``/``ETHICS_DESK_DB``.

    ``create=False`` refuses a SQLite file that does not exist instead of creating it.
    """
    url = resolve_url(db)
    path = sqlite_path(url)
    engine = make_engine(url, create_folder=create)
    database = Database(url, engine)
    where = database.description
    try:
        with translate_errors():
            current = check_not_newer(engine, where)
            if migrate and current != head_revision():
                if current is not None and path is not None:
                    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
                    backup_sqlite(path, path.with_name(f"{path.stem}.before-{head_revision()}-"
                                                       f"{stamp}.sqlite"))
                upgrade(engine)
                load_reference_data(database)
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


def load_reference_data(database: Database) -> None:
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
        audit.append(session, actor=SYSTEM_ACTOR, action="reference.load",
                     summary=f"Loaded the provisions catalogue ({count} provisions) and "
                             f"{len(KNOWN_FIESTA_DAYS)} Fiesta San Jacinto Days",
                     detail={"provisions": count})


def read_provisions_csv(path: Path) -> list[Provision]:
    """Provisions from a catalogue file (columns: code, section, title, division, effective, note)."""
    provisions = []
    with path.open(encoding="utf-8", newline="") as handle:
        for line, row in enumerate(csv.DictReader(handle), start=2):
            try:
                effective = date.fromisoformat(row["effective"]) if row.get("effective") else None
                provisions.append(Provision(
                    code=row["code"].strip(), section=row["section"].strip(),
                    title=row["title"].strip(), division=(row.get("division") or "").strip(),
                    effective_on=effective, note=(row.get("note") or "").strip(),
                    campaign_finance_route=row["section"].strip() in CAMPAIGN_FINANCE_SECTIONS))
            except (KeyError, ValueError) as exc:
                raise StorageError(f"{path.name}, line {line}: {exc} is not valid.",
                                   "Fix that line of the provisions catalogue.") from exc
    return provisions
