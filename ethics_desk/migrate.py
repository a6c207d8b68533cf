"""Schema migrations (Alembic) applied at start, after a verified backup of an existing database.

A database whose schema revision this version does not know was written by a newer Ethics Desk
and is refused with a message, never "upgraded" or opened half-way.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

from ethics_desk.errors import StorageError

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


def alembic_config() -> Config:
    """The Alembic configuration, built in code (no alembic.ini to ship or lose)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def head_revision() -> str:
    """The newest schema revision this version of Ethics Desk knows."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "the migrations folder has no revision"
    return head


def current_revision(engine: Engine) -> str | None:
    """The schema revision recorded in the database, or None for an empty database."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def known_revisions() -> set[str]:
    """Every revision in this version's migration scripts."""
    script = ScriptDirectory.from_config(alembic_config())
    return {rev.revision for rev in script.walk_revisions()}


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
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
