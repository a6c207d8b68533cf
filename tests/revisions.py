"""A database file moved between revisions of the schema, and looked at without the models:
what the tests of each migration (``tests/storage/test_migration_*.py``) and of a check on an
older revision need — the file as an older version left it, its tables, one value."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

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


def plan(path: Path, sql: str, parameters: Sequence[Any] = (), *, analyze: bool = False) -> str:
    """SQLite's plan for ``sql`` with ``parameters`` on the file, in one line (after gathering
    statistics, as ``ANALYZE`` does on a tuned database, when ``analyze``)."""
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            if analyze:
                conn.exec_driver_sql("ANALYZE")
            return " ".join(str(row[-1]) for row in conn.exec_driver_sql(
                f"EXPLAIN QUERY PLAN {sql}", tuple(parameters)))
    finally:
        engine.dispose()
