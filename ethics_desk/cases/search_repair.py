"""Building the search indexes again from the records, when ``check`` finds them disagreeing:
the inbox's index of numbers and names, and the full-text index of the cases' words.

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
from ethics_desk.storage import audit, full_text_table, search_table
from ethics_desk.storage.database import Database

AUDIT_ACTION = "database.search_rebuilt"


@service(Act.BACKUP_AND_CHECK, "Building the search index again")
def rebuild_search_index(database: Database, *, account: Account, clock: Clock) -> int:
    """Build both indexes again, with their triggers, from the complaints and the pieces of
    their text; returns the cases indexed."""
    with database.unit_of_work() as session:
        if session.get_bind().dialect.name == "sqlite":
            for statement in (*search_table.SQLITE_DROP, *full_text_table.SQLITE_DROP):
                session.execute(text(statement))
            for statement in (*search_table.SQLITE_INDEX, search_table.SQLITE_REBUILD,
                              *full_text_table.SQLITE_INDEX, *full_text_table.SQLITE_FILL):
                session.execute(text(statement))
        else:
            for statement in (*search_table.POSTGRESQL_DROP, *search_table.POSTGRESQL_INDEX,
                              *full_text_table.POSTGRESQL_INDEX, full_text_table.POSTGRESQL_EMPTY,
                              *full_text_table.POSTGRESQL_FILL):
                session.execute(text(statement))
        count = int(session.execute(text("SELECT count(*) FROM complaint")).scalar_one())
        audit.append(session, actor=account.display, action=AUDIT_ACTION, at=clock(),
                     summary=f"The search index was built again from the {count} case(s)",
                     detail={"cases": count})
    return count
