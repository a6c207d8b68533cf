"""A database file moved between revisions of the schema, and looked at without the models:
what the tests of each migration (``tests/storage/test_migration_*.py``) and of a check on an
older revision need — the file as an older version left it, its tables, one value."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command

from ethics_desk.storage.migrate import alembic_config


def back_to(path: Path, revision: str) -> None:
    """The file ``path`` downgraded to ``revision``, as an older version left it."""
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, revision)
    finally:
        engine.dispose()


def tables(path: Path) -> set[str]:
    """The names of the file's tables."""
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def scalar(path: Path, sql: str) -> object:
    """The one value ``sql`` reads from the file."""
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            return conn.execute(sa.text(sql)).scalar_one()
    finally:
        engine.dispose()


def audit_count(path: Path) -> int:
    """How many audit records the file holds."""
    return int(str(scalar(path, "SELECT count(*) FROM audit_record")))
