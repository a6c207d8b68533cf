"""The office's database server: set up and upgraded by IT, used by every workstation.

On a server, only ``ethics-desk server setup URL`` — run by IT as the role that owns the
database — creates or upgrades the schema. A workstation that finds no schema, or an older
one, says so and names that command (:class:`SchemaNotReady`; the application then waits for
IT's setup and opens by itself); one that finds a newer schema asks for the newer version
of the application (:func:`ethics_desk.storage.migrate.check_not_newer`). Two setups started at
once take turns on one advisory lock (:data:`SETUP_LOCK`); the second finds the work done.

Before an existing schema is upgraded, every record is copied into a verified SQLite file
(:func:`ethics_desk.maintenance.transfer.copy_records`), so an upgrade can always be undone by IT.

The setup also makes the group role of each office role and the functions through which an
Administrator makes each person's own login role (:mod:`ethics_desk.storage.server_roles`); the
owner needs ``CREATEROLE`` for that, and is told so.

Each person connects as their own role (:mod:`ethics_desk.storage.server_roles`), whose office
role's group has only the rights a workstation needs
(:func:`ethics_desk.storage.server_roles.rights_of`): read and write the
case records, add to the audit trail but never change, delete or truncate it, read the record's
journal but never write it (its triggers do, as the owner) nor read its key, and no DDL. The
setup makes the first Administrator (:func:`make_first_administrator`), or converts an office
whose desks shared one workstations' role (:func:`convert_office`), and takes every right from
that role (:func:`retire_workstations`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

from ethics_desk.core.clock import Clock, file_stamp
from ethics_desk.core.errors import StorageError
from ethics_desk.storage import audit, journal
from ethics_desk.storage.database import Database, make_engine
from ethics_desk.storage.failures import WRITER_LOCK, translate_errors
from ethics_desk.storage.server_roles import rights_of

SETUP_LOCK = WRITER_LOCK + 1
"""The advisory lock a setup holds while it creates or upgrades the schema."""

_ROLE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")


@dataclass(frozen=True)
class SetupReport:
    """What a setup did."""

    before: str | None  # the schema revision found (None: a new database)
    after: str
    backup: Path | None
    workstations: str | None  # the shared role of old, its rights taken (None: none named)
    first_administrator: str | None = None  # the login of the Administrator made
    converted: tuple[tuple[str, str], ...] = ()  # each login with its temporary password


def grant_workstations(database: Database, role: str) -> None:
    """Give ``role`` exactly what a workstation needs, and nothing more: the shared
    workstations' role of an office of old. The setup no longer grants it (each person is their
    own role); an office of old is converted and the role's rights taken
    (:func:`convert_office`, :func:`retire_workstations`)."""
    if not _ROLE.match(role):
        raise StorageError(f"“{role}” is not a role name this command accepts.",
                           "Use letters, digits and underscores, starting with a letter.")
    with translate_errors(), database.engine.begin() as conn:
        exists = conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"),
                              {"r": role}).scalar()
        if not exists:
            raise StorageError(
                f"There is no role “{role}” on the server.",
                f"Create it first (CREATE ROLE {role} LOGIN PASSWORD '…'), then run the setup "
                "again.")
        for statement in rights_of(role, str(conn.execute(text(
                "SELECT current_database()")).scalar())):
            conn.execute(text(statement))


def setup_server(url: URL | str, *, clock: Clock, backup_folder: Path,
                 workstations: str | None = None,
                 first_administrator: tuple[str, str, str] | None = None,
                 convert: bool = False) -> SetupReport:
    """Create or upgrade the schema on the server at ``url`` (as its owner); then make the
    office's first Administrator (``first_administrator``: login, name, password), or convert
    an office of old (``convert``: :func:`convert_office`), and take every right from the
    shared workstations' role of old (``workstations``: :func:`retire_workstations`) — each
    person connects as their own role now, and no role is granted a workstation's rights."""
    from ethics_desk.storage.database import resolve_url

    where_url = url if isinstance(url, URL) else resolve_url(url)
    if where_url.get_backend_name() != "postgresql":
        raise StorageError("“server setup” is for a PostgreSQL server; a SQLite file is set up "
                           "by opening it.", "Give the server's address, e.g. "
                           "postgresql+psycopg://owner@dbserver/ethics.")
    engine = make_engine(where_url)
    try:
        return _setup(Database(where_url, engine), clock=clock, backup_folder=backup_folder,
                      workstations=workstations, first_administrator=first_administrator,
                      convert=convert)
    except StorageError as error:
        if "does not let" in error.problem:  # a workstation's role, not the owner
            raise StorageError(
                f"The role {where_url.username or '(none)'} may not create or change the "
                "schema of this database.",
                "Run “ethics-desk server setup” with the address of the role that owns the "
                "database (IT's), not the workstations' role.") from error
        raise
    finally:
        engine.dispose()


def _setup(database: Database, *, clock: Clock, backup_folder: Path,
           workstations: str | None, first_administrator: tuple[str, str, str] | None,
           convert: bool) -> SetupReport:
    """The setup itself, holding :data:`SETUP_LOCK` while the schema is looked at and changed."""
    from ethics_desk.maintenance.opening import load_reference_data
    from ethics_desk.storage.migrate import check_not_newer, current_revision, head_revision, upgrade

    engine = database.engine
    backup: Path | None = None
    with translate_errors(), engine.connect() as held:
        held.execute(text("SELECT pg_advisory_lock(:k)"), {"k": SETUP_LOCK})
        held.commit()
        try:
            before = check_not_newer(engine, database.description)
            if before is not None and before != head_revision():
                backup = _backup_before_upgrade(database, backup_folder, clock)
            if before != head_revision():
                upgrade(engine)
            load_reference_data(database, clock=clock)
            _people(engine)
            after = current_revision(engine) or head_revision()
        finally:
            held.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": SETUP_LOCK})
            held.commit()
    made = None
    if first_administrator is not None:
        made = make_first_administrator(database, *first_administrator, clock=clock)
    converted = convert_office(database, clock=clock) if convert else []
    if workstations:
        retire_workstations(database, workstations)
    return SetupReport(before=before, after=after, backup=backup, workstations=workstations,
                       first_administrator=made, converted=tuple(converted))


def _people(engine: Engine) -> None:
    """The group role of each office role and the person functions
    (:mod:`ethics_desk.storage.server_roles`), made by the owner, who needs ``CREATEROLE``."""
    from ethics_desk.reports import statistics
    from ethics_desk.staff import server_policies
    from ethics_desk.storage import server_roles

    try:
        with engine.begin() as conn:
            server_roles.create_groups(conn)
            server_roles.install_functions(conn)
            server_roles.grant_groups(conn)
            server_roles.install_audit_actor(conn)
            _install_disposer_check(conn)
            server_policies.install(conn)
            statistics.install_server_function(conn)
    except DBAPIError as exc:
        if "permission denied to create role" not in str(exc.orig):
            raise
        user = engine.url.username or "(none)"
        raise StorageError(
            f"The role {user} may not create the roles of the office's people on this server.",
            f"Ask the server's administrator to run “ALTER ROLE {user} CREATEROLE” once, then "
            "run “ethics-desk server setup” again.") from exc


def _backup_before_upgrade(database: Database, folder: Path, clock: Clock) -> Path:
    from ethics_desk.maintenance.transfer import copy_records
    from ethics_desk.storage.migrate import head_revision

    if not folder.is_dir():
        raise StorageError(f"The folder {folder} for the backup before the upgrade does not exist.",
                           "Create it, or name another with --backup-folder.")
    name = database.url.database or "ethics"
    path = folder / f"{name}.before-{head_revision()}-{file_stamp(clock)}.sqlite"
    copy_records(database, path, as_it_is=True)
    return path


CONVERTED_BY = "Ethics Desk server setup"
"""The audit trail's actor of an office's conversion, made by IT as the database's owner (not a
person of the office)."""


def make_first_administrator(database: Database, login: str, name: str, password: str, *,
                             clock: Clock) -> str:
    """The office's first Administrator, made by IT as the database's owner
    (``server setup --first-administrator``): their account and their own login role on the
    server. The login as stored."""
    from ethics_desk.staff.accounts import create_first_administrator

    return create_first_administrator(database, login, name, password, clock=clock).login


def convert_office(database: Database, *, clock: Clock) -> list[tuple[str, str]]:
    """Make each account of an office of old its person's own login role, in its office role's
    group, in one transaction with its audit record (IT, as the database's owner). Each enabled
    account gets a new temporary password, to be changed at its first sign-in; a disabled one's
    role may not log in. The application's password hashes are replaced by
    :data:`~ethics_desk.staff.accounts.SERVER_PASSWORD`. Returns each enabled login with its
    temporary password, to be given once to IT (never recorded); an account already converted
    is left as it is."""
    import secrets

    from sqlalchemy import select

    from ethics_desk.models import StaffAccount
    from ethics_desk.staff.accounts import SERVER_PASSWORD
    from ethics_desk.storage import audit, server_roles

    given: list[tuple[str, str]] = []
    with database.unit_of_work() as session:
        rows = list(session.scalars(select(StaffAccount).where(
            StaffAccount.password_hash != SERVER_PASSWORD).order_by(StaffAccount.login)))
        conn = session.connection()
        for row in rows:
            temporary = secrets.token_urlsafe(12)
            server_roles.add_person(conn, row.login, row.role, temporary)
            if row.disabled_at is not None:
                server_roles.disable_person(conn, row.login)
            else:
                given.append((row.login, temporary))
            row.password_hash = SERVER_PASSWORD
            row.must_change_password = True
        if rows:
            audit.append(session, actor=CONVERTED_BY, action="account.convert", at=clock(),
                         summary=f"Made {len(rows)} account(s) their person's own role on the "
                                 "server, each with a temporary password to be changed",
                         detail={"logins": [row.login for row in rows]})
    return given


def retire_workstations(database: Database, role: str) -> None:
    """Take every right on this office's database from the shared workstations' role of old:
    its tables, sequences, functions and schema, and connecting (its password was on every
    desk). The role itself is IT's to drop once no other database needs it."""
    if not _ROLE.match(role):
        raise StorageError(f"“{role}” is not a role name this command accepts.",
                           "Use letters, digits and underscores, starting with a letter.")
    with translate_errors(), database.engine.begin() as conn:
        if not conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"),
                            {"r": role}).scalar():
            raise StorageError(f"There is no role “{role}” on the server.",
                               "Give the workstations' role of old as IT created it, or leave "
                               "out --workstations.")
        name = str(conn.execute(text("SELECT current_database()")).scalar())
        for statement in (f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {role}",
                          f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {role}",
                          f"REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM {role}",
                          f"REVOKE ALL ON SCHEMA public FROM {role}",
                          f'REVOKE ALL ON DATABASE "{name}" FROM {role}'):
            conn.execute(text(statement))


def _install_disposer_check(conn: Connection) -> None:
    """Replace the disposal's functions by their versions that begin with
    :func:`~ethics_desk.storage.server_roles.disposer_check` (databases set up before it)."""
    if journal.has_redactions(conn):
        conn.exec_driver_sql(journal.pg_redact_function())
        conn.exec_driver_sql(audit.pg_redact_function())
