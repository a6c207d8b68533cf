"""The tables of a case: every table that holds a complaint's content, read from the schema.

A row of such a table belongs to one complaint — by its own ``complaint_id``, or (a ballot below
its vote, a paper's stated dates below the paper) through the row above it. The server's
row-level security guards them (:mod:`ethics_desk.staff.server_policies`), and the journal
recognises by them the rows a disposal destroyed
(:func:`ethics_desk.storage.journal.pg_of_a_case_disposed_here`). The disposal itself names
each (:data:`ethics_desk.retention.disposal.CASE_FILE`, checked against :func:`case_tables` by
a test).
"""

from __future__ import annotations

from ethics_desk.models import Base

NOT_CASE_CONTENT = frozenset({"disposal_record", "legal_hold_case", "requested_record",
                              "audit_record"})
"""Tables with a complaint column that are not a case's content, each with its own rule: the
disposal log names a case that is gone (the Records officer's, Local Schedule GR); a legal hold
and a Public Information Act request name a case by number for the Records officer and the
City Attorney's Office (:data:`~ethics_desk.core.permissions.HOLDS_ANY_CASE`, § 2-83(h)(3));
the audit trail has a rule of its own (:func:`_audit_policies`)."""

def case_tables() -> dict[str, str]:
    """Every table holding a case's content, with the column that names its complaint for
    its policy — or, for a table below another with no complaint column of its
    own (a ballot below its vote), ``"parent.fk"``: its parent's table and the column, never
    empty, that names the parent's row; such a row follows its parent's."""
    tables: dict[str, str] = {"complaint": "id"}
    for table in Base.metadata.sorted_tables:  # parents before children
        if table.name in NOT_CASE_CONTENT or table.name == "complaint":
            continue
        if "complaint_id" in table.c:
            tables[table.name] = "complaint_id"
            continue
        parents = sorted(f"{fk.column.table.name}.{fk.parent.name}" for fk in table.foreign_keys
                         if fk.column.table.name in tables and not fk.parent.nullable)
        if parents:
            tables[table.name] = parents[0]
    return tables
