"""Alembic environment: runs migrations on the connection Ethics Desk hands it."""

from __future__ import annotations

from alembic import context

from ethics_desk.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    """Migrate on ``config.attributes['connection']`` (set by ``ethics_desk.storage.migrate``)."""
    connection = config.attributes["connection"]
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=True, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():  # pragma: no cover - offline SQL generation is not used
    raise SystemExit("Ethics Desk migrations run online only.")
run_migrations_online()
