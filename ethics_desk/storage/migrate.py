"""Schema migrations (Alembic) applied at start, after a verified backup of an existing database.

A database whose schema revision this version does not know was written by a newer Ethics Desk
and is refused with a message, never "upgraded" or opened half-way.

Reading the revision needs no Alembic: it is one row in ``alembic_version``, compared with
:data:`REVISIONS` (a test keeps that list equal to the migration scripts). Alembic itself is
imported only when a migration is actually due, which keeps the application's start fast;
SQLAlchemy only when a function here is called (the start-up path reads :data:`REVISIONS`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ethics_desk.core.errors import StorageError

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Engine

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
REVISIONS: tuple[str, ...] = ("0001", "0002", "0003", "0004", "0005", "0006", "0007",
                              "0008", "0009", "0010", "0011", "0012", "0013", "0014", "0015",
                              "0016", "0017", "0018", "0019", "0020", "0023", "0025",
                              "0027", "0028", "0029", "0030", "0032", "0033", "0034",
                              "0035", "0036")
"""Every revision of the schema this version knows, oldest first."""


def alembic_config() -> Config:
    """The Alembic configuration, built in code (no alembic.ini to ship or lose)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def head_revision() -> str:
    """The newest schema revision this version of Ethics Desk knows."""
    return REVISIONS[-1]


def known_revisions() -> set[str]:
    """Every revision this version knows."""
    return set(REVISIONS)


def current_revision(engine: Engine) -> str | None:
    """The schema revision recorded in the database, or None for an empty database."""
    from sqlalchemy import inspect, text

    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return None
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


class SchemaNotReady(StorageError):
    """The server's database is not yet at the schema this version needs — not set up, or at
    an older revision — and only IT's ``ethics-desk server setup`` changes that. A workstation
    that meets it says so and waits for the setup (the interface checks again by itself)
    instead of changing the shared schema."""


def no_schema_yet(where: str) -> SchemaNotReady:
    """The message of a workstation that finds an empty server database."""
    return SchemaNotReady(
        f"The database {where} has no Ethics Desk records yet; on a server, IT creates them.",
        "Ask IT to run “ethics-desk server setup” with this address, as the database's owner; "
        "then start Ethics Desk again.")


def older_schema(where: str, current: str, head: str) -> SchemaNotReady:
    """The message of a workstation that finds an older schema on the server."""
    return SchemaNotReady(
        f"The database {where} is at schema {current}; this version of Ethics Desk needs "
        f"{head}. On a server, only IT upgrades the schema, once for every desk.",
        "Ask IT to run “ethics-desk server setup” with this address (it makes a verified "
        "backup first); until then, use a workstation that has the previous version.")


def check_the_servers_schema(engine: Engine, where: str) -> None:
    """Refuse, as the desk's opening does, an office's server not at this version's schema
    (:class:`SchemaNotReady`, or a newer version's): what the sign-in checks first, as the
    person, where nothing could be read before (``Database.awaits_the_person``)."""
    current = check_not_newer(engine, where)
    if current is None:
        raise no_schema_yet(where)
    if current != head_revision():
        raise older_schema(where, current, head_revision())


def check_not_newer(engine: Engine, where: str) -> str | None:
    """The database's revision; a revision unknown here means a newer version wrote it."""
    current = current_revision(engine)
    if current is not None and current not in known_revisions():
        raise StorageError(
            f"The database {where} was written by a newer version of Ethics Desk "
            f"(schema {current}); this version cannot open it safely.",
            "Install the newer version of Ethics Desk, or open another database (--db PATH).")
    return current


def upgrade(engine: Engine) -> None:
    """Apply every migration up to the head, in one transaction."""
    from alembic import command

    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
