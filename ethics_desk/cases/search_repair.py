"""Building the search index again from the complaints, when ``check`` finds it disagreeing.

The index is the database's own (:mod:`ethics_desk.cases.search_index`); it can only disagree
with the complaints if someone changed the file or the server outside the application (or a
disk failed). Rebuilding reads nothing but the complaints' own search columns, which ``check``
verifies against the parties (the listing check) and the journal. One transaction, audited.
"""

from __future__ import annotations

from sqlalchemy import text

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.permissions import Act
from ethics_desk.staff.acting import service
from ethics_desk.storage import audit, search_table
from ethics_desk.storage.database import Database

AUDIT_ACTION = "database.search_rebuilt"


@service(Act.BACKUP_AND_CHECK, "Building the search index again")
def rebuild_search_index(database: Database, *, account: Account, clock: Clock) -> int:
    """Build the index again (and its triggers, on SQLite); returns the cases indexed."""
    with database.unit_of_work() as session:
        if session.get_bind().dialect.name == "sqlite":
            for statement in search_table.SQLITE_DROP:
                session.execute(text(statement))
            for statement in (*search_table.SQLITE_INDEX, search_table.SQLITE_REBUILD):
                session.execute(text(statement))
        else:
            for statement in (*search_table.POSTGRESQL_DROP, *search_table.POSTGRESQL_INDEX):
                session.execute(text(statement))
        count = int(session.execute(text("SELECT count(*) FROM complaint")).scalar_one())
        audit.append(session, actor=account.display, action=AUDIT_ACTION, at=clock(),
                     summary=f"The search index was built again from the {count} case(s)",
                     detail={"cases": count})
    return count
