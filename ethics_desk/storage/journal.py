"""The record's journal: every change to every row, sealed with a key the database does not hold.

The audit trail says who did what; the journal proves what the records were. Each insert, update
and delete of a row of any table (but the journal itself and Alembic's revision row) writes one
``journal_record`` in the same transaction, by a trigger of the database: the table, the row's
key, its values before and after (as JSON; a paper's or exhibit's bytes by their SHA-256), and
an HMAC-SHA-256 over those and the previous record's MAC. The records form one chain from the
first (``seq`` 1). Because the triggers are the database's own, a change made by any program —
the application, a SQL tool, a script — is journalled or refused.

The key (:mod:`ethics_desk.storage.record_key`) is never in the database:

* **SQLite**: the application registers ``ethics_desk_mac`` (and ``ethics_desk_digest``) on
  each of its connections; the triggers call them. A program without them (the ``sqlite3``
  shell) cannot change a record at all unless it drops the triggers — which ``check`` reports —
  and what it then changes no longer matches the journal.
* **PostgreSQL**: the key is in ``journal_key``, readable only by the role that owns the
  database (IT's); the triggers call :data:`APPEND_FUNCTION`, which runs with the owner's rights
  (``SECURITY DEFINER``) and computes the MAC on the server. The workstations' role may neither
  read the key nor write the journal, nor drop or disable a trigger (it owns no table).

:func:`verify` replays the journal against the tables: it reports every gap, reordering,
truncation, forged or altered record, every row whose values differ from their last journalled
state (a paper or exhibit whose bytes differ is named as such), every row added or removed
outside the journal, and every missing or altered trigger. A rewrite by someone who holds the
key is still caught against an *anchor* — the journal's head (``seq`` and MAC) carried by each
backup and printed on each Board packet (:func:`head`, :func:`verify_anchor`).

A migration that changes a table's columns calls :func:`install` again, so that the triggers
journal the columns the table has; each row whose other values are as recorded is then journalled
again, as a ``baseline``, in its new shape.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import groupby
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, text

from ethics_desk.core.errors import StorageError
from ethics_desk.storage import record_key, search_table

TABLE = "journal_record"
KEY_TABLE = "journal_key"
"""PostgreSQL only: the key's two HMAC pads, readable by the owner role only."""
UNJOURNALLED = frozenset({TABLE, KEY_TABLE, "alembic_version"})
"""The tables whose rows are not journalled: the journal itself, the server's key, and
Alembic's revision row (which the schema check reads). Nor is SQLite's search index
(:func:`ethics_desk.cases.search_table.is_index_table`): it is the complaints' own columns again,
kept by the database, and checked against them by ``check``."""
KEY_SETTING = "journal.key"
"""The ``setting`` row naming a SQLite database's key (its identifier, not the key)."""
GENESIS = "0" * 64
"""The ``prev_mac`` of the first record."""
SEPARATOR = "\x1f"
"""Between the fields a MAC covers: the unit separator, which no JSON text holds raw."""
OPS = ("insert", "update", "delete", "baseline")
"""What a record says happened to its row; ``baseline`` is a row that was there when the
journal began (the migration that created it journals every existing row so)."""
APPEND_FUNCTION = "ethics_desk_journal_append"
FORGED_FUNCTION = "ethics_desk_journal_forged"
REDACT_FUNCTION = "ethics_desk_journal_redact"
REDACTION_TABLE = "journal_redaction"
"""The redactions' vouchers (:class:`ethics_desk.models.JournalRedaction`): a journalled table
whose rows name the records whose values a disposal removed (:func:`redact_rows`)."""
WRITER_LOCK = 2_083_000
"""The advisory lock of :mod:`ethics_desk.storage.database` (every writer's), taken by the
server's append too."""


# -- the MAC ----------------------------------------------------------------------------------

def message(seq: int, table: str, op: str, row_key: str, before: str | None,
            after: str | None, prev_mac: str) -> bytes:
    """The bytes a record's MAC covers: its fields, as stored, with the previous MAC."""
    return SEPARATOR.join((str(seq), table, op, row_key, before or "", after or "",
                           prev_mac)).encode("utf-8")


def seal(key: bytes, seq: int, table: str, op: str, row_key: str, before: str | None,
         after: str | None, prev_mac: str) -> str:
    """The HMAC-SHA-256 of a record (hexadecimal)."""
    return hmac.new(key, message(seq, table, op, row_key, before, after, prev_mac),
                    hashlib.sha256).hexdigest()


def pads(key: bytes) -> tuple[bytes, bytes]:
    """HMAC's inner and outer padded keys (RFC 2104), which the server's function hashes with
    its built-in SHA-256: ``H(outer || H(inner || message))`` is HMAC-SHA-256."""
    block = key.ljust(64, b"\0")
    return bytes(b ^ 0x36 for b in block), bytes(b ^ 0x5C for b in block)


def _sqlite_mac(key_id: str | None, seq: int, table: str, op: str, row_key: str,
                before: str | None, after: str | None, prev_mac: str) -> str:
    """``ethics_desk_mac(...)`` as the SQLite triggers call it."""
    if not key_id:
        raise sqlite3.OperationalError("the journal's key setting is missing")
    key = record_key.find_key(key_id)
    if key is None:
        raise sqlite3.OperationalError(f"record key {key_id} is not on this computer")
    return seal(key, int(seq), str(table), str(op), str(row_key), before, after, str(prev_mac))


def _digest(value: bytes | str | None) -> str | None:
    """``ethics_desk_digest(x)``: the SHA-256 of a paper's or exhibit's bytes (hexadecimal)."""
    if value is None:
        return None
    data = value.encode("utf-8") if isinstance(value, str) else bytes(value)
    return hashlib.sha256(data).hexdigest()


def register_functions(connection: sqlite3.Connection) -> None:
    """Give a SQLite connection the two functions the journal's triggers call."""
    connection.create_function("ethics_desk_mac", 8, _sqlite_mac)
    connection.create_function("ethics_desk_digest", 1, _digest, deterministic=True)


# -- the triggers -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Column:
    """A column as the journal writes it: bytes by their digest."""

    name: str
    binary: bool


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _lit(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def journalled_tables(conn: Connection) -> list[str]:
    """The tables of the database whose rows are journalled (all but :data:`UNJOURNALLED`)."""
    if conn.dialect.name == "sqlite":
        names = conn.execute(text(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name")).scalars()
    else:
        names = conn.execute(text(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "ORDER BY tablename")).scalars()
    return [name for name in names
            if name not in UNJOURNALLED and not search_table.is_index_table(name)]


def columns_of(conn: Connection, table: str) -> tuple[list[Column], str]:
    """The table's columns in order, and its primary key's column (one, in every table)."""
    if conn.dialect.name == "sqlite":
        rows = conn.exec_driver_sql(f"PRAGMA table_info({_q(table)})").all()
        columns = [Column(str(r[1]), "BLOB" in str(r[2]).upper()) for r in rows]
        keys = [str(r[1]) for r in sorted(rows, key=lambda r: r[5]) if r[5]]
    else:
        rows = conn.execute(text(
            "SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a "
            "WHERE a.attrelid = CAST(:t AS regclass) AND a.attnum > 0 AND NOT a.attisdropped "
            "ORDER BY a.attnum"), {"t": _q(table)}).all()
        columns = [Column(str(r[0]), str(r[1]) == "bytea") for r in rows]
        keys = list(conn.execute(text(
            "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid "
            "AND a.attnum = ANY(i.indkey) WHERE i.indrelid = CAST(:t AS regclass) "
            "AND i.indisprimary"), {"t": _q(table)}).scalars())
    if len(keys) != 1:
        raise StorageError(f"The table {table} has no single-column primary key, so its rows "
                           "cannot be journalled.", "Call IT: the schema was changed by hand.")
    return columns, keys[0]


def row_json(dialect: str, alias: str, columns: list[Column]) -> str:
    """The SQL expression of a row's values as JSON text, the same in a trigger (``alias``
    NEW or OLD) and in the check's reading of the table (``alias`` the table's)."""
    parts: list[str] = []
    for column in columns:
        value = f"{alias}.{_q(column.name)}"
        if column.binary:
            value = (f"ethics_desk_digest({value})" if dialect == "sqlite"
                     else f"encode(sha256({value}), 'hex')")
        parts += [_lit(column.name), value]
    if dialect == "sqlite":
        return f"json_object({', '.join(parts)})"
    chunks = [parts[i:i + 100] for i in range(0, len(parts), 100)]  # 100 arguments a call
    return " || ".join(f"jsonb_build_object({', '.join(chunk)})" for chunk in chunks) + "::text" \
        if len(chunks) > 1 else f"json_build_object({', '.join(parts)})::text"


def key_expression(dialect: str, alias: str, key: str) -> str:
    """The SQL expression of a row's key as text."""
    return f"CAST({alias}.{_q(key)} AS TEXT)"


def sqlite_triggers(table: str, columns: list[Column], key: str) -> dict[str, str]:
    """The three SQLite triggers that journal ``table``: name → its ``CREATE TRIGGER``."""
    triggers: dict[str, str] = {}
    for op, event in (("insert", "INSERT"), ("update", "UPDATE"), ("delete", "DELETE")):
        row = "OLD" if op == "delete" else "NEW"
        before = row_json("sqlite", "OLD", columns) if op != "insert" else "NULL"
        after = row_json("sqlite", "NEW", columns) if op != "delete" else "NULL"
        name = f"journal_{table}_{op}"
        triggers[name] = (
            f"CREATE TRIGGER {_q(name)} AFTER {event} ON {_q(table)} BEGIN "
            f"INSERT INTO {TABLE} (seq, table_name, op, row_key, before, after, prev_mac, mac) "
            f"SELECT n.seq, {_lit(table)}, {_lit(op)}, n.k, n.b, n.a, n.prev, "
            f"ethics_desk_mac((SELECT value FROM setting WHERE key = {_lit(KEY_SETTING)}), "
            f"n.seq, {_lit(table)}, {_lit(op)}, n.k, n.b, n.a, n.prev) "
            f"FROM (SELECT coalesce(last.seq, 0) + 1 AS seq, "
            f"coalesce(last.mac, {_lit(GENESIS)}) AS prev, "
            f"{key_expression('sqlite', row, key)} AS k, {before} AS b, {after} AS a "
            f"FROM (SELECT 1) AS one LEFT JOIN (SELECT seq, mac FROM {TABLE} "
            f"ORDER BY seq DESC LIMIT 1) AS last) AS n; END")
    return triggers


APPEND_ONLY_SQLITE = {
    "journal_record_no_update": (
        f"CREATE TRIGGER journal_record_no_update BEFORE UPDATE ON {TABLE} "
        "WHEN NOT (NEW.seq IS OLD.seq AND NEW.table_name IS OLD.table_name AND NEW.op IS OLD.op "
        "AND NEW.row_key IS OLD.row_key AND NEW.prev_mac IS OLD.prev_mac AND NEW.mac IS OLD.mac "
        "AND (NEW.before IS NULL OR NEW.before IS OLD.before) "
        "AND (NEW.after IS NULL OR NEW.after IS OLD.after)) "
        "BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END"),
    "journal_record_no_delete": (f"CREATE TRIGGER journal_record_no_delete BEFORE DELETE ON {TABLE} "
                                 "BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END"),
}
"""The triggers that refuse to change or delete a journal record on SQLite. The one change let
through is a redaction's (:func:`redact_rows`): a value set to NULL, nothing else touched; a
value removed without the sealed voucher of :data:`REDACTION_TABLE` is reported by
:func:`verify`."""

PG_SETTINGS = "SET search_path = public, pg_temp SET TimeZone = 'UTC' SET extra_float_digits = 1"
"""The settings the server's journal functions run with: the same JSON text on every desk."""


def _pg_append_function() -> str:
    return (
        f"CREATE OR REPLACE FUNCTION {APPEND_FUNCTION}(tbl text, op text, k text, b text, a text) "
        f"RETURNS void LANGUAGE plpgsql SECURITY DEFINER {PG_SETTINGS} AS $fn$\n"
        "DECLARE last_seq bigint; last_mac text; inner_pad bytea; outer_pad bytea; msg text;\n"
        "BEGIN\n"
        "  IF pg_trigger_depth() < 1 THEN\n"
        "    RAISE EXCEPTION 'the journal is written by its triggers only';\n"
        "  END IF;\n"
        f"  PERFORM pg_advisory_xact_lock({WRITER_LOCK});\n"
        f"  SELECT p.inner_pad, p.outer_pad INTO inner_pad, outer_pad FROM {KEY_TABLE} p "
        "WHERE p.id = 1;\n"
        "  IF NOT FOUND THEN RAISE EXCEPTION 'the record key is missing'; END IF;\n"
        f"  SELECT j.seq, j.mac INTO last_seq, last_mac FROM {TABLE} j ORDER BY j.seq DESC "
        "LIMIT 1;\n"
        "  last_seq := coalesce(last_seq, 0) + 1;\n"
        f"  last_mac := coalesce(last_mac, '{GENESIS}');\n"
        "  msg := last_seq::text || chr(31) || tbl || chr(31) || op || chr(31) || k || chr(31) "
        "|| coalesce(b, '') || chr(31) || coalesce(a, '') || chr(31) || last_mac;\n"
        f"  INSERT INTO {TABLE} (seq, table_name, op, row_key, before, after, prev_mac, mac) "
        "VALUES (last_seq, tbl, op, k, b, a, last_mac, encode(sha256(outer_pad || "
        "sha256(inner_pad || convert_to(msg, 'UTF8'))), 'hex'));\n"
        "END $fn$")


def _pg_forged_function() -> str:
    return (
        f"CREATE OR REPLACE FUNCTION {FORGED_FUNCTION}(from_seq bigint, to_seq bigint) "
        f"RETURNS SETOF bigint LANGUAGE plpgsql STABLE SECURITY DEFINER {PG_SETTINGS} "
        "AS $fn$\n"
        "DECLARE inner_pad bytea; outer_pad bytea;\n"
        "BEGIN\n"
        f"  SELECT p.inner_pad, p.outer_pad INTO inner_pad, outer_pad FROM {KEY_TABLE} p "
        "WHERE p.id = 1;\n"
        "  IF NOT FOUND THEN RAISE EXCEPTION 'the record key is missing'; END IF;\n"
        f"  RETURN QUERY SELECT j.seq FROM {TABLE} j WHERE j.seq BETWEEN from_seq AND to_seq "
        "AND j.mac IS DISTINCT FROM encode(sha256(outer_pad || sha256(inner_pad || "
        "convert_to(j.seq::text || chr(31) || j.table_name || chr(31) || j.op || chr(31) || "
        "j.row_key || chr(31) || coalesce(j.before, '') || chr(31) || coalesce(j.after, '') "
        "|| chr(31) || j.prev_mac, 'UTF8'))), 'hex') ORDER BY j.seq;\n"
        "END $fn$")


def _pg_append_only_function() -> str:
    """The server's guard on the journal (its statement triggers, from revision 0009): no
    update, delete or truncate — but the redaction function's own update of values to NULL."""
    return (
        "CREATE OR REPLACE FUNCTION journal_record_append_only() RETURNS trigger "
        "LANGUAGE plpgsql AS $fn$ BEGIN "
        "IF TG_OP = 'UPDATE' AND current_setting('ethics_desk.redacting', true) = 'on' THEN "
        "RETURN NULL; END IF; "
        "RAISE EXCEPTION 'the journal is append-only' USING ERRCODE = 'insufficient_privilege'; "
        "END $fn$")


DISPOSED_HERE = ("SELECT d.complaint_id FROM disposal_record d "
                 "WHERE d.xmin = pg_current_xact_id()::xid")
"""PostgreSQL: the cases whose disposal was recorded by the running transaction (the
``disposal_record`` rows it inserted). A voucher of a redaction, and the emptying it allows, is
for a record of one of these cases only."""


def _deleted_here(alias: str, table: str, key: str) -> str:
    """The server's condition that the running transaction deleted the row ``key`` (SQL) of
    ``table``: its journal record of the deletion, as ``alias``, was written by it."""
    return (f"SELECT 1 FROM {TABLE} {alias} WHERE {alias}.table_name = {_lit(table)} "
            f"AND {alias}.row_key = {key} AND {alias}.op = 'delete' "
            f"AND {alias}.xmin = pg_current_xact_id()::xid")


def pg_of_a_case_disposed_here(tbl: str, key: str) -> str:
    """The server's condition that the journal's record of the row ``key`` of the table ``tbl``
    (SQL expressions) is of a case whose disposal the running transaction recorded
    (:data:`DISPOSED_HERE`): the complaint's own row, one of its audit records, or a row of its
    case (:func:`ethics_desk.storage.case_tables.case_tables`) that the transaction deleted,
    whose values named the case or (for a row of a row, a review's defect say) named a row of
    the case's the transaction deleted too."""
    from ethics_desk.storage.case_tables import case_tables

    names_the_case = "CAST({a}.before AS jsonb) ->> 'complaint_id' IN (SELECT CAST(" \
        "h.complaint_id AS text) FROM (" + DISPOSED_HERE + ") h)"
    ways = [f"({tbl} = 'complaint' AND {key} IN (SELECT CAST(h.complaint_id AS text) "
            f"FROM ({DISPOSED_HERE}) h))",
            f"({tbl} = 'audit_record' AND EXISTS (SELECT 1 FROM audit_record a "
            f"WHERE CAST(a.id AS text) = {key} AND a.complaint_id IN ({DISPOSED_HERE})))"]
    for table, link in case_tables().items():
        if table == "complaint":
            continue
        if "." not in link:
            ways.append(f"({tbl} = {_lit(table)} AND EXISTS ({_deleted_here('x', table, key)} "
                        f"AND {names_the_case.format(a='x')}))")
        else:
            parent_table, reference = link.split(".")
            parent = _deleted_here("y", parent_table,
                                   f"CAST(x.before AS jsonb) ->> {_lit(reference)}")
            ways.append(f"({tbl} = {_lit(table)} AND EXISTS ({_deleted_here('x', table, key)} "
                        f"AND EXISTS ({parent} AND {names_the_case.format(a='y')})))")
    return "(" + "\n      OR ".join(ways) + ")"


def pg_owner_exempt(table: str = "TG_RELID") -> str:
    """The server's condition that the session is the owner's of ``table`` (SQL; in a trigger's
    function its own table): IT's, who copies an office's record in whole, vouchers and all,
    and who could drop these checks anyway."""
    return ("pg_has_role(session_user, (SELECT c.relowner FROM pg_class c "
            f"WHERE c.oid = CAST({table} AS regclass)), 'MEMBER')")


VOUCHER_GUARD = "journal_redaction_of_a_disposal"
"""PostgreSQL: the trigger (and its function) that refuses a voucher in :data:`REDACTION_TABLE`
for a record not of a case whose disposal the same transaction recorded."""


def pg_voucher_guard() -> str:
    """The statements that install :data:`VOUCHER_GUARD` (see :func:`pg_redact_function`)."""
    return (
        f"CREATE OR REPLACE FUNCTION {VOUCHER_GUARD}() RETURNS trigger LANGUAGE plpgsql "
        f"SECURITY DEFINER {PG_SETTINGS} AS $fn$\n"
        "BEGIN\n"
        f"  IF NOT {pg_owner_exempt()}\n"
        f"     AND NOT {pg_of_a_case_disposed_here('NEW.table_name', 'NEW.row_key')} THEN\n"
        "    RAISE EXCEPTION USING MESSAGE = 'journal record ' || NEW.seq || ' is of no case "
        "whose disposal this transaction recorded: its values are not removed', "
        "ERRCODE = 'insufficient_privilege';\n"
        "  END IF;\n"
        "  RETURN NEW;\n"
        "END $fn$;\n"
        f"REVOKE ALL ON FUNCTION {VOUCHER_GUARD}() FROM PUBLIC;\n"
        f"DROP TRIGGER IF EXISTS {VOUCHER_GUARD} ON {REDACTION_TABLE};\n"
        f"CREATE TRIGGER {VOUCHER_GUARD} BEFORE INSERT ON {REDACTION_TABLE} FOR EACH ROW "
        f"EXECUTE FUNCTION {VOUCHER_GUARD}()")


def pg_redact_function() -> str:
    """``ethics_desk_journal_redact(seqs)``: remove the values of the journal records named, each
    of which must have its voucher in :data:`REDACTION_TABLE` matching the record as it is (its
    fields, its MAC and the SHA-256 of each value removed) and be of a case whose disposal the
    same transaction recorded (:func:`pg_of_a_case_disposed_here`); runs as the owner. A
    person's own role may call it only as the Records officer
    (:func:`ethics_desk.storage.server_roles.disposer_check`). Followed by the statements of
    :func:`pg_voucher_guard`: no voucher is written outside such a disposal either."""
    from ethics_desk.storage.server_roles import disposer_check

    sha = "coalesce(encode(sha256(convert_to({v}, 'UTF8')), 'hex'), '')"
    return (
        f"CREATE OR REPLACE FUNCTION {REDACT_FUNCTION}(seqs bigint[]) RETURNS integer "
        f"LANGUAGE plpgsql SECURITY DEFINER {PG_SETTINGS} AS $fn$\n"
        "DECLARE n integer := 0; r record;\n"
        "BEGIN\n"
        + disposer_check() +
        f"  PERFORM pg_advisory_xact_lock({WRITER_LOCK});\n"
        "  PERFORM set_config('ethics_desk.redacting', 'on', true);\n"
        f"  FOR r IN SELECT j.*, v.before_sha, v.after_sha, v.mac AS vouched_mac, v.seq AS vseq "
        f"FROM {TABLE} j LEFT JOIN {REDACTION_TABLE} v ON v.seq = j.seq "
        "WHERE j.seq = ANY(seqs) ORDER BY j.seq LOOP\n"
        "    IF r.vseq IS NULL OR r.vouched_mac <> r.mac\n"
        "       OR (r.before IS NOT NULL AND r.before_sha IS NOT NULL AND "
        f"{sha.format(v='r.before')} <> r.before_sha)\n"
        "       OR (r.after IS NOT NULL AND r.after_sha IS NOT NULL AND "
        f"{sha.format(v='r.after')} <> r.after_sha) THEN\n"
        "      RAISE EXCEPTION USING MESSAGE = 'journal record ' || r.seq || "
        "' has no voucher matching it';\n"
        "    END IF;\n"
        f"    IF NOT {pg_owner_exempt(_lit(TABLE))}\n"
        f"       AND NOT {pg_of_a_case_disposed_here('r.table_name', 'r.row_key')} THEN\n"
        "      RAISE EXCEPTION USING MESSAGE = 'journal record ' || r.seq || ' is of no case "
        "whose disposal this transaction recorded', ERRCODE = 'insufficient_privilege';\n"
        "    END IF;\n"
        f"    UPDATE {TABLE} SET before = CASE WHEN r.before_sha IS NULL THEN before END, "
        "after = CASE WHEN r.after_sha IS NULL THEN after END WHERE seq = r.seq;\n"
        "    n := n + 1;\n"
        "  END LOOP;\n"
        "  PERFORM set_config('ethics_desk.redacting', 'off', true);\n"
        "  RETURN n;\n"
        "END $fn$;\n" + pg_voucher_guard())


def pg_trigger_function(table: str, columns: list[Column], key: str) -> tuple[str, str]:
    """The server's trigger function for ``table``: its name and ``CREATE FUNCTION``."""
    name = f"journal_row_{table}"
    new, old = row_json("postgresql", "NEW", columns), row_json("postgresql", "OLD", columns)
    new_key, old_key = key_expression("pg", "NEW", key), key_expression("pg", "OLD", key)
    body = (
        f"CREATE OR REPLACE FUNCTION {_q(name)}() RETURNS trigger LANGUAGE plpgsql "
        f"SECURITY DEFINER {PG_SETTINGS} AS $fn$\n"
        "BEGIN\n"
        "  IF TG_OP = 'INSERT' THEN\n"
        f"    PERFORM {APPEND_FUNCTION}({_lit(table)}, 'insert', {new_key}, NULL, {new});\n"
        "  ELSIF TG_OP = 'UPDATE' THEN\n"
        f"    PERFORM {APPEND_FUNCTION}({_lit(table)}, 'update', {new_key}, {old}, {new});\n"
        "  ELSE\n"
        f"    PERFORM {APPEND_FUNCTION}({_lit(table)}, 'delete', {old_key}, {old}, NULL);\n"
        "  END IF;\n"
        "  RETURN NULL;\n"
        "END $fn$")
    return name, body


def trigger_name(table: str) -> str:
    """The server's one trigger on ``table``."""
    return f"journal_{table}"


def install(conn: Connection, *, key_id: str | None = None) -> None:
    """Create (or re-create, after a migration changed columns) the journal's triggers and
    functions on every journalled table, and journal every row not yet journalled as its
    ``baseline``. On SQLite ``key_id`` names the key when the journal is new."""
    dialect = conn.dialect.name
    if dialect == "sqlite":
        raw = conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        register_functions(raw)
        if key_id is not None:
            conn.execute(text("INSERT INTO setting (key, value, version) VALUES (:k, :v, 1)"),
                         {"k": KEY_SETTING, "v": key_id})
        for name, sql in APPEND_ONLY_SQLITE.items():
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {name}")
            conn.exec_driver_sql(sql)
        for table in journalled_tables(conn):
            columns, key = columns_of(conn, table)
            for name, sql in sqlite_triggers(table, columns, key).items():
                conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {_q(name)}")
                conn.exec_driver_sql(sql)
    elif dialect == "postgresql":
        conn.exec_driver_sql(_pg_append_function())
        conn.exec_driver_sql(_pg_forged_function())
        conn.exec_driver_sql(_pg_append_only_function())
        redacts = has_redactions(conn)
        if redacts:
            conn.exec_driver_sql(pg_redact_function())
        for function in (APPEND_FUNCTION, FORGED_FUNCTION) + ((REDACT_FUNCTION,) if redacts else ()):
            conn.exec_driver_sql(f"REVOKE ALL ON FUNCTION {function} FROM PUBLIC")
        conn.exec_driver_sql(f"GRANT EXECUTE ON FUNCTION {FORGED_FUNCTION} TO PUBLIC")
        if redacts:  # a disposal is the Records officer's act, at any desk (the voucher stays)
            conn.exec_driver_sql(f"GRANT EXECUTE ON FUNCTION {REDACT_FUNCTION} TO PUBLIC")
        for table in journalled_tables(conn):
            columns, key = columns_of(conn, table)
            function, body = pg_trigger_function(table, columns, key)
            conn.exec_driver_sql(body)
            conn.exec_driver_sql(f"REVOKE ALL ON FUNCTION {_q(function)}() FROM PUBLIC")
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {_q(trigger_name(table))} ON "
                                 f"{_q(table)}")
            conn.exec_driver_sql(f"CREATE TRIGGER {_q(trigger_name(table))} AFTER INSERT OR "
                                 f"UPDATE OR DELETE ON {_q(table)} FOR EACH ROW EXECUTE "
                                 f"FUNCTION {_q(function)}()")
    else:  # pragma: no cover - refused when the database is opened
        raise StorageError(f"The journal cannot be kept on {dialect}.", "Use SQLite or PostgreSQL.")
    if dialect == "postgresql":
        pg_baseline_feed(conn)
    _journal_baseline(conn)


def _journal_baseline(conn: Connection) -> None:
    """Journal as its ``baseline`` each row the journal has never recorded (every row there
    before the journal began), and — when a migration added or dropped a table's columns — each
    row of that table in its new shape, but only when its other values are the ones recorded,
    so that a row changed outside the journal is still reported by :func:`verify`."""
    dialect = conn.dialect.name
    if dialect == "postgresql":
        conn.exec_driver_sql("SET LOCAL TimeZone = 'UTC'")
        conn.exec_driver_sql("SET LOCAL extra_float_digits = 1")
    journalled: dict[tuple[str, str], str | None] = {
        (str(t), str(k)): (None if op == "delete" or a is None else str(a))
        for t, k, op, a in conn.execute(text(
            f"SELECT j.table_name, j.row_key, j.op, j.after FROM {TABLE} j JOIN "
            f"(SELECT max(seq) AS seq FROM {TABLE} GROUP BY table_name, row_key) m "
            "ON m.seq = j.seq")).all()}
    for table in journalled_tables(conn):
        columns, key = columns_of(conn, table)
        names = {c.name for c in columns}
        rows = conn.execute(text(
            f"SELECT {key_expression(dialect, 't', key)}, {row_json(dialect, 't', columns)} "
            f"FROM {_q(table)} AS t ORDER BY t.{_q(key)}")).all()
        for row_key, after in rows:
            where = (table, str(row_key))
            if where not in journalled:
                _append_baseline(conn, table, str(row_key), str(after))
                continue
            recorded = journalled[where]
            if recorded is not None and recorded != str(after) \
                    and _reshaped(recorded, names) and _same_on_common(recorded, str(after)):
                _append_baseline(conn, table, str(row_key), str(after))


def _reshaped(recorded: str, names: set[str]) -> bool:
    """Whether a journalled state has other columns than ``names`` (its table's now)."""
    try:
        values = json.loads(recorded)
    except ValueError:
        return False
    return isinstance(values, dict) and set(values) != names


def _same_on_common(recorded: str, now: str) -> bool:
    """Whether two journalled states of a row agree on every column both have."""
    old, new = json.loads(recorded), json.loads(now)
    return isinstance(new, dict) and all(old[k] == new[k] for k in old if k in new)


def _append_baseline(conn: Connection, table: str, row_key: str, after: str) -> None:
    if conn.dialect.name == "sqlite":
        conn.execute(text(
            f"INSERT INTO {TABLE} (seq, table_name, op, row_key, before, after, prev_mac, mac) "
            "SELECT n.seq, :t, 'baseline', :k, NULL, :a, n.prev, ethics_desk_mac("
            f"(SELECT value FROM setting WHERE key = {_lit(KEY_SETTING)}), n.seq, :t, "
            "'baseline', :k, NULL, :a, n.prev) FROM (SELECT coalesce(last.seq, 0) + 1 AS seq, "
            f"coalesce(last.mac, {_lit(GENESIS)}) AS prev FROM (SELECT 1) AS one LEFT JOIN "
            f"(SELECT seq, mac FROM {TABLE} ORDER BY seq DESC LIMIT 1) AS last) AS n"),
            {"t": table, "k": row_key, "a": after})
    else:
        # The append function is for triggers only: a baseline goes through a temporary
        # trigger on a one-row table of the owner's, dropped at once.
        conn.execute(text("SELECT set_config('ethics_desk.baseline', :v, true)"),
                     {"v": json.dumps([table, row_key, after])})
        conn.exec_driver_sql("INSERT INTO journal_baseline_feed DEFAULT VALUES")


def pg_baseline_feed(conn: Connection) -> None:
    """The server's temporary means of journalling the rows that were there before the
    journal: a table whose insert trigger appends the row named in a transaction setting."""
    conn.exec_driver_sql("CREATE TEMPORARY TABLE IF NOT EXISTS journal_baseline_feed "
                         "(id serial) ON COMMIT DROP")
    conn.exec_driver_sql(
        "CREATE OR REPLACE FUNCTION pg_temp.journal_baseline() RETURNS trigger LANGUAGE plpgsql "
        "AS $fn$ DECLARE v json := current_setting('ethics_desk.baseline')::json; BEGIN "
        f"PERFORM {APPEND_FUNCTION}(v->>0, 'baseline', v->>1, NULL, v->>2); RETURN NULL; "
        "END $fn$")
    # A later revision's install() in the same transaction (an upgrade that runs 0009 and a
    # revision after it at once) finds the feed and its trigger already there.
    conn.exec_driver_sql("DROP TRIGGER IF EXISTS journal_baseline ON journal_baseline_feed")
    conn.exec_driver_sql("CREATE TRIGGER journal_baseline AFTER INSERT ON journal_baseline_feed "
                         "FOR EACH ROW EXECUTE FUNCTION pg_temp.journal_baseline()")


# -- redaction (a disposal's) ------------------------------------------------------------------

def _sha(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def redact_rows(conn: Connection, rows: Iterable[tuple[str, str]], *, reason: str,
                at: datetime) -> int:
    """Remove from the journal the values of the rows named (``(table, row_key)``), which a
    disposal has just destroyed or emptied, keeping the chain verifiable: how many records lost
    values.

    Each record of a row that is gone loses its values; a row that remains (a tombstone, say)
    keeps its present values in its last record, and loses every earlier value. Each record's MAC
    is checked first (a record that does not verify is not redacted: the disposal is refused),
    then a voucher is written for it in :data:`REDACTION_TABLE` — its fields, its MAC and the
    SHA-256 of each value removed — and journalled like any row, so every redaction is itself a
    sealed record. :func:`verify` then takes the voucher for the record's MAC. Runs in the
    caller's transaction.
    """
    dialect = conn.dialect.name
    if not has_redactions(conn):
        raise StorageError("This database cannot yet remove values from its journal.",
                           "Open it with this version of Ethics Desk first, so that it is "
                           "upgraded (revision 0010).")
    wanted = sorted(set(rows))
    live: set[tuple[str, str]] = set()
    for table in {t for t, _ in wanted}:
        _, key_column = columns_of(conn, table)
        keys = [k for t, k in wanted if t == table]
        for chunk in range(0, len(keys), 500):
            part = keys[chunk:chunk + 500]
            row_key_sql = key_expression(dialect, "t", key_column)
            found = conn.execute(text(
                f"SELECT {row_key_sql} FROM {_q(table)} AS t WHERE "
                f"{row_key_sql} IN ({', '.join(_lit(k) for k in part)})"))
            live.update((table, str(k)) for k in found.scalars())
    key: bytes | None = None
    if dialect == "sqlite":
        key_id = key_id_of(conn)
        key = record_key.find_key(key_id) if key_id else None
        if key is None:
            raise record_key.missing_key(key_id or "(none)")
    vouchers: list[dict[str, Any]] = []
    for table, row_key in wanted:
        found_records = conn.execute(text(
            f"SELECT seq, table_name, op, row_key, before, after, prev_mac, mac FROM {TABLE} "
            "WHERE table_name = :t AND row_key = :k ORDER BY seq"),
            {"t": table, "k": row_key}).all()
        if not found_records:
            continue
        last_seq = int(found_records[-1][0])
        if (table, row_key) not in live and found_records[-1][2] != "delete":
            raise StorageError(f"The journal's record of {table} {row_key} cannot be redacted: "
                               "the row is not in the table, yet the journal never recorded "
                               "its deletion.", "Run “ethics-desk check” and call IT.")
        seqs = [int(r[0]) for r in found_records]
        forged = (_forged_on_server(conn, seqs[0], seqs[-1]) if dialect == "postgresql"
                  else set())
        for seq, tname, op, rkey, before, after, prev_mac, mac in found_records:
            seq = int(seq)
            keep_after = (table, row_key) in live and seq == last_seq
            remove_before = before is not None
            remove_after = after is not None and not keep_after
            if not (remove_before or remove_after):
                continue
            if seq in forged or (key is not None and not hmac.compare_digest(
                    seal(key, seq, str(tname), str(op), str(rkey), before, after,
                         str(prev_mac)), str(mac))):
                raise StorageError(f"Journal record {seq} ({table} {row_key}) does not verify, "
                                   "so it is not redacted and nothing was destroyed.",
                                   "Run “ethics-desk check” and call IT before disposing.")
            vouchers.append({"seq": seq, "table_name": str(tname), "op": str(op),
                             "row_key": str(rkey),
                             "before_sha": _sha(str(before)) if remove_before else None,
                             "after_sha": _sha(str(after)) if remove_after else None,
                             "mac": str(mac), "redacted_at": at.astimezone(UTC),
                             "reason": reason})
    if not vouchers:
        return 0
    from sqlalchemy import insert

    from ethics_desk.models import JournalRedaction

    conn.execute(insert(JournalRedaction), vouchers)
    seqs = [v["seq"] for v in vouchers]
    if dialect == "postgresql":
        for chunk in range(0, len(seqs), 5000):
            conn.execute(text(f"SELECT {REDACT_FUNCTION}(CAST(:s AS bigint[]))"),
                         {"s": seqs[chunk:chunk + 5000]})
    else:
        conn.execute(text(
            f"UPDATE {TABLE} SET before = CASE WHEN :b IS NULL THEN before END, "
            "after = CASE WHEN :a IS NULL THEN after END WHERE seq = :seq"),
            [{"b": v["before_sha"], "a": v["after_sha"], "seq": v["seq"]} for v in vouchers])
    return len(vouchers)


# -- reading and verifying ------------------------------------------------------------------

def key_id_of(conn: Connection) -> str | None:
    """The identifier of a SQLite database's key (None when it has no journal yet)."""
    value = conn.execute(text("SELECT value FROM setting WHERE key = :k"),
                         {"k": KEY_SETTING}).scalar()
    return str(value) if value is not None else None


def has_redactions(conn: Connection) -> bool:
    """Whether the database has the redactions' table (a revision from 0010 on)."""
    from sqlalchemy import inspect

    return inspect(conn).has_table(REDACTION_TABLE)


def has_journal(conn: Connection) -> bool:
    """Whether the database has the journal's table (a revision from 0009 on)."""
    from sqlalchemy import inspect

    return inspect(conn).has_table(TABLE)


def head(conn: Connection) -> tuple[int, str] | None:
    """The journal's newest record: its ``seq`` and MAC (None when empty or absent)."""
    if not has_journal(conn):
        return None
    last = conn.execute(text(f"SELECT seq, mac FROM {TABLE} ORDER BY seq DESC LIMIT 1")).first()
    return (int(last[0]), str(last[1])) if last is not None else None


def _read_file(path: Path, sql: str,
               parameters: tuple[object, ...] = ()) -> tuple[object, ...] | None:
    """The first row ``sql`` reads from the SQLite file at ``path``, without writing it; None
    when there is none or the file cannot be read so."""
    from ethics_desk.storage.sqlite_file import read_only

    try:
        conn = read_only(path)
        try:
            row = conn.execute(sql, parameters).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return tuple(row) if row is not None else None


def head_of_file(path: Path) -> tuple[int, str] | None:
    """The journal head of the SQLite file at ``path`` (a backup), read without writing it;
    None when it has no journal or cannot be read."""
    last = _read_file(path, f"SELECT seq, mac FROM {TABLE} ORDER BY seq DESC LIMIT 1")
    return (int(str(last[0])), str(last[1])) if last is not None else None


def key_of_file(path: Path) -> str | None:
    """The record key identifier the SQLite file at ``path`` names (None: none, unreadable)."""
    row = _read_file(path, "SELECT value FROM setting WHERE key = ?", (KEY_SETTING,))
    return str(row[0]) if row is not None else None


def newest_audit_of_file(path: Path) -> datetime | None:
    """The time (naive UTC) of the newest audit record in the SQLite file at ``path``."""
    row = _read_file(path, "SELECT at FROM audit_record ORDER BY seq DESC LIMIT 1")
    try:
        return datetime.fromisoformat(str(row[0])) if row is not None else None
    except ValueError:
        return None


def key_missing_for_file(path: Path) -> str | None:
    """The key identifier of the SQLite file at ``path`` when this computer lacks its key
    (None when it has it, or the file has no journal)."""
    if _read_file(path, "SELECT 1 FROM sqlite_master WHERE name = ?", (TABLE,)) is None:
        return None
    key_id = key_of_file(path) or "(not recorded)"
    return key_id if record_key.find_key(key_id) is None else None


def format_anchor(anchor: tuple[int, str]) -> str:
    """An anchor as it is printed and typed: ``SEQ:MAC``."""
    return f"{anchor[0]}:{anchor[1]}"


ANCHOR_DIGITS = 16
"""The fewest hexadecimal digits of a MAC an anchor may be typed with (64 bits)."""


def parse_anchor(value: str) -> tuple[int, str]:
    """``SEQ:MAC`` (the MAC whole, or its first 16 or more digits) as an anchor."""
    seq_text, _, mac = value.strip().partition(":")
    mac = mac.strip().lower()
    if not seq_text.strip().isdigit() or len(mac) < ANCHOR_DIGITS or len(mac) > 64 \
            or any(c not in "0123456789abcdef" for c in mac):
        raise StorageError(f"“{value}” is not a record anchor.",
                           "Type it as printed: the journal record's number, a colon, and at "
                           "least the first 16 digits of its MAC (e.g. 1234:3fa2…).")
    return int(seq_text), mac


def verify_anchor(conn: Connection, anchor: tuple[int, str]) -> str | None:
    """What is wrong with the journal against ``anchor`` (a head it once had); None if it
    still holds that record with that MAC."""
    seq, mac = anchor
    found = conn.execute(text(f"SELECT mac FROM {TABLE} WHERE seq = :s"), {"s": seq}).scalar()
    if found is None:
        return (f"the journal no longer reaches record {seq} that the anchor names: newer "
                "records were removed, or the database was replaced by an older copy")
    if not str(found).startswith(mac):
        return (f"journal record {seq} is not the one the anchor names (its MAC differs): the "
                "journal was rewritten from that record on, or earlier")
    return None


@dataclass
class Verification:
    """What :func:`verify` found: problems in the chain, in the rows, in the triggers, and
    the papers' and exhibits' bytes that differ (each in words)."""

    records: int = 0
    rows: int = 0
    papers: int = 0
    chain: list[str] = field(default_factory=list)
    rows_differ: list[str] = field(default_factory=list)
    papers_differ: list[str] = field(default_factory=list)
    triggers: list[str] = field(default_factory=list)
    redacted: int = 0
    """Records whose values a recorded disposal removed (each vouched for)."""
    unverifiable: str | None = None
    """Why the MACs could not be verified here (the key is not on this computer)."""


MAX_NAMED = 50
"""How many problems of one kind are named before the rest are counted."""
STREAM_BATCH = 1000
"""How many rows :func:`verify` reads at a time from each of its streams (a server's cursor on
PostgreSQL): what it holds does not grow with the record."""


def _add(problems: list[str], line: str) -> None:
    if len(problems) < MAX_NAMED:
        problems.append(line)
    elif len(problems) == MAX_NAMED:
        problems.append("… and more of the same kind")


def expected_triggers(conn: Connection) -> dict[str, str]:
    """Every trigger the journal needs (SQLite: name → SQL; PostgreSQL: name → table)."""
    wanted: dict[str, str] = {}
    if conn.dialect.name == "sqlite":
        wanted.update(APPEND_ONLY_SQLITE)
        for table in journalled_tables(conn):
            columns, key = columns_of(conn, table)
            wanted.update(sqlite_triggers(table, columns, key))
    else:
        for table in journalled_tables(conn):
            wanted[trigger_name(table)] = table
    return wanted


def _trigger_problems(conn: Connection) -> list[str]:
    problems: list[str] = []
    wanted = expected_triggers(conn)
    if conn.dialect.name == "sqlite":
        found = {str(n): str(s) for n, s in conn.execute(text(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")).all()}
        for name, sql in wanted.items():
            if name not in found:
                _add(problems, f"the trigger {name} is missing: changes to its table are not "
                               "journalled")
            elif found[name] != sql:
                _add(problems, f"the trigger {name} was altered: it no longer journals its "
                               "table's changes as it must")
        return problems
    found_pg = {str(n): (str(t), str(e)) for n, t, e in conn.execute(text(
        "SELECT t.tgname, c.relname, t.tgenabled FROM pg_trigger t JOIN pg_class c "
        "ON c.oid = t.tgrelid WHERE NOT t.tgisinternal")).all()}
    for name, table in wanted.items():
        have = found_pg.get(name)
        if have is None or have[0] != table:
            _add(problems, f"the trigger {name} on {table} is missing: changes to it are not "
                           "journalled")
        elif have[1] == "D":
            _add(problems, f"the trigger {name} on {table} is disabled: changes to it are not "
                           "journalled")
    for table in journalled_tables(conn):
        columns, key = columns_of(conn, table)
        function, body = pg_trigger_function(table, columns, key)
        source = conn.execute(text(
            "SELECT prosrc FROM pg_proc WHERE proname = :n"), {"n": function}).scalar()
        if source is None or str(source).strip() not in body:
            _add(problems, f"the journal's function for {table} is missing or was altered")
    return problems


def _forged_on_server(conn: Connection, first: int, last: int) -> set[int]:
    return {int(s) for s in conn.execute(text(
        f"SELECT * FROM {FORGED_FUNCTION}(:a, :b)"), {"a": first, "b": last}).scalars()}


def records(conn: Connection) -> Iterator[tuple[int, str, str, str, str | None, str | None, str, str]]:
    """Every journal record in order: seq, table, op, row key, before, after, prev MAC, MAC."""
    result = conn.execution_options(yield_per=5000).execute(text(
        f"SELECT seq, table_name, op, row_key, before, after, prev_mac, mac FROM {TABLE} "
        "ORDER BY seq"))
    for row in result:
        yield (int(row[0]), str(row[1]), str(row[2]), str(row[3]),
               None if row[4] is None else str(row[4]), None if row[5] is None else str(row[5]),
               str(row[6]), str(row[7]))


def _current_rows(conn: Connection, table: str) -> Iterable[tuple[str, str]]:
    """The table's rows as the journal writes them (key, values), streamed in the order of
    their keys as text (the journal's row index's order; see :func:`_replay_table`)."""
    columns, key = columns_of(conn, table)
    dialect = conn.dialect.name
    return ((str(k), str(v)) for k, v in conn.execution_options(
        yield_per=STREAM_BATCH).execute(text(
        f"SELECT {key_expression(dialect, 't', key)}, {row_json(dialect, 't', columns)} "
        f"FROM {_q(table)} AS t ORDER BY {key_expression(dialect, 't', key)}{_bytewise(conn)}")))


def binary_columns(conn: Connection, table: str) -> list[str]:
    """The columns of ``table`` that hold a paper's or exhibit's bytes."""
    return [c.name for c in columns_of(conn, table)[0] if c.binary]


def describe_row(table: str, row_key: str, values: str | None, *, names: bool) -> str:
    """A row named for a person: the table and key, and (``names``: for a reader who receives
    every case) a paper's file name, a title, a person's name or a case number when it has
    one."""
    name = ""
    if values and names:
        try:
            data = json.loads(values)
        except ValueError:
            data = {}
        for field_name in ("file_name", "title", "name", "case_number"):
            if isinstance(data, dict) and data.get(field_name):
                name = f" (“{data[field_name]}”)"
                break
    return f"{table} {row_key}{name}"


def _differences(before: str, now: str) -> list[str]:
    try:
        old, new = json.loads(before), json.loads(now)
    except ValueError:
        return ["its values"]
    if not isinstance(old, dict) or not isinstance(new, dict):
        return ["its values"]
    names = [k for k in old if old.get(k) != new.get(k)] + [k for k in new if k not in old]
    return names or ["the form of its values"]


@dataclass(frozen=True)
class _Removed:
    """A value a redaction removed from the journal, known by its SHA-256 alone."""

    sha: str


@dataclass(frozen=True)
class _Voucher:
    """A row of :data:`REDACTION_TABLE`."""

    table: str
    op: str
    row_key: str
    before_sha: str | None
    after_sha: str | None
    mac: str


def _vouchers_of(conn: Connection, seq: int | None = None) -> dict[int, _Voucher]:
    """The redactions' vouchers (of the one record ``seq`` when given), by record."""
    if not has_redactions(conn):
        return {}
    where = "" if seq is None else f" WHERE seq = {int(seq)}"
    return {int(r[0]): _Voucher(str(r[1]), str(r[2]), str(r[3]),
                                None if r[4] is None else str(r[4]),
                                None if r[5] is None else str(r[5]), str(r[6]))
            for r in conn.execute(text(
                "SELECT seq, table_name, op, row_key, before_sha, after_sha, mac "
                f"FROM {REDACTION_TABLE}{where}"))}


def _voucher_problem(voucher: _Voucher | None, table: str, op: str, row_key: str,
                     before: str | None, after: str | None, mac: str) -> str | None:
    """What is wrong with a record whose values are gone, against its voucher (None: nothing)."""
    if voucher is None:
        return ("has lost its values outside a recorded disposal (no voucher of a redaction "
                "names it): its MAC cannot be verified")
    if (voucher.table, voucher.op, voucher.row_key, voucher.mac) != (table, op, row_key, mac):
        return "is not the record its redaction's voucher names (forged or altered)"
    needs_before = op in ("update", "delete")
    needs_after = op in ("insert", "update", "baseline")
    if (needs_before and before is None and not voucher.before_sha) \
            or (needs_after and after is None and not voucher.after_sha):
        return "has lost a value its redaction's voucher did not remove"
    if (before is not None and voucher.before_sha and _sha(before) != voucher.before_sha) \
            or (after is not None and voucher.after_sha and _sha(after) != voucher.after_sha):
        return "holds a value that is not the one its redaction's voucher names"
    return None


def _same(recorded: str | _Removed | None, value: str | _Removed | None) -> bool:
    """Whether a row's last journalled state is the value a later record says it had."""
    if isinstance(recorded, _Removed) or isinstance(value, _Removed):
        left = recorded.sha if isinstance(recorded, _Removed) else (
            _sha(recorded) if recorded is not None else None)
        right = value.sha if isinstance(value, _Removed) else (
            _sha(value) if value is not None else None)
        return left == right
    return recorded == value


def verify(conn: Connection, *, names: bool = False) -> Verification:
    """Replay the whole journal against the tables (see the module); reads only. A row that
    differs is named by its table and key, and with ``names`` (a reader who receives every
    case) by its paper's file name, title, person's name or case number too.

    The journal is read as a stream, twice, so that memory does not grow with the record: once
    in ``seq`` order for the chain (links, MACs, vouchers), then table by table in the order of
    its rows' keys (the journal's index), each row's records replayed in ``seq`` order and its
    last state set beside the row as it is now, the table read in the same key order. One row
    is held at a time.
    """
    found = Verification()
    dialect = conn.dialect.name
    if dialect == "postgresql":
        conn.exec_driver_sql("SET LOCAL TimeZone = 'UTC'")
        conn.exec_driver_sql("SET LOCAL extra_float_digits = 1")
    found.triggers = _trigger_problems(conn)
    key: bytes | None = None
    forged: set[int] = set()
    last_seq = conn.execute(text(f"SELECT max(seq) FROM {TABLE}")).scalar() or 0
    if dialect == "sqlite":
        key_id = key_id_of(conn)
        if key_id is None:
            found.unverifiable = ("the database names no record key (its journal setting was "
                                  "removed)")
        else:
            key = record_key.find_key(key_id)
            if key is None:
                found.unverifiable = (f"the record key {key_id} is not on this computer "
                                      "(ethics-desk key import)")
    else:
        try:
            with conn.begin_nested():
                forged = _forged_on_server(conn, 1, int(last_seq))
        except Exception as exc:  # the server's key or function is gone
            found.unverifiable = f"the server could not verify the MACs: {getattr(exc, 'orig', exc)}"
    _verify_chain(conn, found, key, forged)
    tables = journalled_tables(conn)
    for table in sorted(set(tables) | set(_journal_tables(conn))):
        _replay_table(conn, found, table, present=table in tables, names=names)
    return found


def _verify_chain(conn: Connection, found: Verification, key: bytes | None,
                  forged: set[int]) -> None:
    """The chain in ``seq`` order: no record missing, reordered, forged or altered, each
    record whose values a disposal removed held to its voucher."""
    expected, prev = 1, GENESIS
    for seq, table, op, row_key, before, after, prev_mac, mac, voucher in _journal(conn):
        found.records += 1
        if seq != expected:
            _add(found.chain, f"journal record {expected} is missing or out of order (found "
                              f"{seq} next)")
        if prev_mac != prev:
            _add(found.chain, f"journal record {seq} does not follow the record before it "
                              "(records were removed, inserted or reordered)")
        expected, prev = seq + 1, mac
        if _values_removed(op, before, after):
            problem = _voucher_problem(voucher, table, op, row_key, before, after, mac)
            if problem:
                _add(found.chain, f"journal record {seq} {problem}")
            elif voucher is not None:
                found.redacted += 1
        elif (key is not None and not hmac.compare_digest(
                seal(key, seq, table, op, row_key, before, after, prev_mac), mac)) or seq in forged:
            _add(found.chain, f"journal record {seq} is forged or was altered (its MAC does not "
                              "verify)")
        if op not in OPS:
            _add(found.chain, f"journal record {seq} names an unknown change “{op}”")


def _values_removed(op: str, before: str | None, after: str | None) -> bool:
    """Whether a record lacks a value its change must have (a redaction removed it)."""
    return ((before is None and op in ("update", "delete"))
            or (after is None and op in ("insert", "update", "baseline")))


_JournalRow = tuple[int, str, str, str, str | None, str | None, str, str, _Voucher | None]


def _journal(conn: Connection, table: str | None = None) -> Iterator[_JournalRow]:
    """The journal's records with their redactions' vouchers, streamed: every record in ``seq``
    order, or (``table``) that table's records in the order of their rows' keys (as Python
    orders text) and, for each row, in ``seq`` order — the order of the journal's row index."""
    vouched = has_redactions(conn)
    voucher_columns = (", v.seq, v.table_name, v.op, v.row_key, v.before_sha, v.after_sha, "
                       "v.mac" if vouched else "")
    join = f" LEFT JOIN {REDACTION_TABLE} v ON v.seq = j.seq" if vouched else ""
    if table is None:
        where, order, parameters = "", "j.seq", {}
    else:
        where, parameters = " WHERE j.table_name = :t", {"t": table}
        order = f"j.row_key{_bytewise(conn)}, j.seq"
    result = conn.execution_options(yield_per=STREAM_BATCH).execute(text(
        f"SELECT j.seq, j.table_name, j.op, j.row_key, j.before, j.after, j.prev_mac, "
        f"j.mac{voucher_columns} FROM {TABLE} j{join}{where} ORDER BY {order}"), parameters)
    for row in result:
        voucher = None if not vouched or row[8] is None else _Voucher(
            str(row[9]), str(row[10]), str(row[11]), None if row[12] is None else str(row[12]),
            None if row[13] is None else str(row[13]), str(row[14]))
        yield (int(row[0]), str(row[1]), str(row[2]), str(row[3]),
               None if row[4] is None else str(row[4]), None if row[5] is None else str(row[5]),
               str(row[6]), str(row[7]), voucher)


def _bytewise(conn: Connection) -> str:
    """The collation that orders text as Python does (by code point), for the merge of
    :func:`_replay_table`, whatever a column declares: the bytes of UTF-8 (SQLite's ``BINARY``,
    the server's ``"C"``)."""
    return ' COLLATE "C"' if conn.dialect.name == "postgresql" else " COLLATE BINARY"


def _journal_tables(conn: Connection) -> list[str]:
    """The tables the journal names, read from its row index one name at a time."""
    return [str(name) for name in conn.execute(text(
        f"WITH RECURSIVE t(name) AS (SELECT min(table_name) FROM {TABLE} UNION ALL "
        f"SELECT (SELECT min(table_name) FROM {TABLE} WHERE table_name > t.name) FROM t "
        "WHERE t.name IS NOT NULL) SELECT name FROM t WHERE name IS NOT NULL")).scalars()]


def _replay_row(found: Verification, table: str, row_key: str,
                history: Iterable[_JournalRow], names: bool) -> str | _Removed | None:
    """Replay one row's records (in ``seq`` order): each change must start from the state the
    record before it left. Returns the row's last journalled state (None: deleted, or never
    recorded with values)."""
    state: str | _Removed | None = None
    for seq, _, op, _, before, after, _, mac, voucher in history:
        if op not in OPS:
            continue
        before_value: str | _Removed | None = before
        after_value: str | _Removed | None = after
        if _values_removed(op, before, after) and voucher is not None and _voucher_problem(
                voucher, table, op, row_key, before, after, mac) is None:
            if before is None and voucher.before_sha:
                before_value = _Removed(voucher.before_sha)
            if after is None and voucher.after_sha:
                after_value = _Removed(voucher.after_sha)
        if op == "insert" and state is not None:
            _add(found.chain, f"journal record {seq} inserts {table} {row_key}, which was "
                              "already there")
        if op in ("update", "delete") and not _same(state, before_value):
            _add(found.rows_differ, f"{describe_row(table, row_key, before, names=names)} was "
                                    "changed outside "
                                    f"the journal before journal record {seq}")
        if op == "delete":
            state = None
        elif after_value is not None:
            state = after_value
    return state


def _replay_table(conn: Connection, found: Verification, table: str, *, present: bool,
                  names: bool) -> None:
    """One table's rows against their journal: both read in key order and merged, so that
    one row is held at a time. A table no longer in the database (``present`` false) has
    every row the journal holds removed."""
    binary = binary_columns(conn, table) if present else []
    recorded = ((row_key, _replay_row(found, table, row_key, history, names))
                for row_key, history in groupby(_journal(conn, table), key=lambda r: r[3]))
    current = iter(_current_rows(conn, table)) if present else iter(())
    last = next(recorded, None)
    row = next(current, None)
    while last is not None or row is not None:
        if row is None or (last is not None and last[0] < row[0]):
            assert last is not None
            if last[1] is not None:
                shown = last[1] if isinstance(last[1], str) else None
                gone = "" if present else " (its whole table is gone)"
                _add(found.rows_differ, f"{describe_row(table, last[0], shown, names=names)} was "
                                        "removed "
                                        f"outside the journal{gone}")
            last = next(recorded, None)
            continue
        found.rows += 1
        if binary:
            found.papers += 1
        row_key, now = row
        state = last[1] if last is not None and last[0] == row_key else None
        if state is None:
            _add(found.rows_differ, f"{describe_row(table, row_key, now, names=names)} was added "
                                    "outside "
                                    "the journal")
        elif isinstance(state, _Removed):
            _add(found.chain, f"the journal's record of {table} {row_key} was redacted, yet "
                              "the row remains as it was (a disposal removes the row or "
                              "empties it)")
        elif state != now:
            changed = _differences(state, now)
            name = describe_row(table, row_key, state, names=names)
            papers = [c for c in changed if c in binary]
            if papers:
                _add(found.papers_differ, f"{name}: its bytes are not the ones recorded "
                                          "(SHA-256 differs)")
            others = [c for c in changed if c not in binary]
            if others:
                _add(found.rows_differ, f"{name} differs from its journalled state "
                                        f"({', '.join(others[:6])})")
        if last is not None and last[0] == row_key:
            last = next(recorded, None)
        row = next(current, None)


def recorded_state(conn: Connection, table: str, row_key: str) -> dict[str, Any] | None:
    """A row's values as the journal last recorded them, its record's MAC verified; None when
    the journal holds no verifiable record of the row (or says it was deleted)."""
    last = conn.execute(text(
        f"SELECT seq, table_name, op, row_key, before, after, prev_mac, mac FROM {TABLE} "
        "WHERE table_name = :t AND row_key = :k ORDER BY seq DESC LIMIT 1"),
        {"t": table, "k": row_key}).first()
    if last is None or last[5] is None:
        return None
    seq = int(last[0])
    if last[4] is None and str(last[2]) == "update":  # a redacted record: its voucher vouches
        voucher = _vouchers_of(conn, seq).get(seq)
        if _voucher_problem(voucher, str(last[1]), str(last[2]), str(last[3]), None,
                            str(last[5]), str(last[7])) is not None:
            return None
    elif conn.dialect.name == "sqlite":
        key_id = key_id_of(conn)
        key = record_key.find_key(key_id) if key_id else None
        if key is None:
            raise record_key.missing_key(key_id or "(none)")
        if not hmac.compare_digest(seal(key, seq, str(last[1]), str(last[2]), str(last[3]),
                                        last[4], last[5], str(last[6])), str(last[7])):
            return None
    elif _forged_on_server(conn, seq, seq):
        return None
    data = json.loads(str(last[5]))
    return data if isinstance(data, dict) else None


def row_problem(conn: Connection, table: str, row_key: str) -> str | None:
    """What is wrong with one row against its journal, in words (None: it is exactly what its
    records say, each of them sealed): the row was added outside the journal, a record of it does
    not verify, one change does not start from the state the record before it left, or the row
    differs from its newest record. Reads only that row's records, so that it can be asked at
    every sign-in.

    On SQLite the MACs are verified with the record key; on a computer without the key (the
    database is then opened read-only) the values alone are compared, which still catches a row
    edited without touching the journal. On PostgreSQL the server verifies the MACs."""
    history = list(_row_history(conn, table, row_key))
    dialect = conn.dialect.name
    if dialect == "sqlite":
        key_id = key_id_of(conn)
        key = record_key.find_key(key_id) if key_id else None
        for seq, tname, op, rkey, before, after, prev_mac, mac, _ in history:
            if key is not None and not _values_removed(op, before, after) \
                    and not hmac.compare_digest(seal(key, seq, tname, op, rkey, before, after,
                                                     prev_mac), mac):
                return f"journal record {seq} of it is forged or was altered"
    elif history and _forged_on_server(conn, history[0][0], history[-1][0]) & {
            record[0] for record in history}:
        return "a journal record of it is forged or was altered"
    found = Verification()
    state = _replay_row(found, table, row_key, history, False)
    if found.chain or found.rows_differ:
        return "it was changed outside the journal"
    columns, key_column = columns_of(conn, table)
    now = conn.execute(text(
        f"SELECT {row_json(dialect, 't', columns)} FROM {_q(table)} AS t "
        f"WHERE {key_expression(dialect, 't', key_column)} = :k"), {"k": row_key}).scalar()
    if now is None:
        return None if state is None else "it was removed outside the journal"
    if state is None:
        return "it was added outside the journal"
    if not isinstance(state, str) or state != str(now):
        return "it differs from its journalled state"
    return None


def _row_history(conn: Connection, table: str, row_key: str) -> Iterator[_JournalRow]:
    """One row's journal records in ``seq`` order, with their redactions' vouchers."""
    for seq, tname, op, rkey, before, after, prev_mac, mac in conn.execute(text(
            f"SELECT seq, table_name, op, row_key, before, after, prev_mac, mac FROM {TABLE} "
            "WHERE table_name = :t AND row_key = :k ORDER BY seq"), {"t": table, "k": row_key}):
        seq = int(seq)
        voucher = None
        if _values_removed(str(op), before, after):
            voucher = _vouchers_of(conn, seq).get(seq)
        yield (seq, str(tname), str(op), str(rkey), None if before is None else str(before),
               None if after is None else str(after), str(prev_mac), str(mac), voucher)
