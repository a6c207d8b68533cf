"""Tamper drill: does ``ethics-desk check`` catch an attacker who has the file but not the key?

``python benchmarks/tamper_drill.py [--tamperings 1000] [--seed 2083] [--db DEMO.sqlite]``

The demonstration database (built here, or the file given with ``--db``) is compacted into one
self-contained file; then, ``--tamperings`` times, a fresh copy of it is tampered with one change
drawn at random from :data:`KINDS` — each as someone with a SQLite tool and the application's
source, but not this computer's record key, would make it:

* a record's values changed, a row added or deleted, in every kind of table (review findings,
  deadlines, oaths, ballots, votes, sanctions, addresses, a complaint's state, facts, received
  date and route, mailings, exhibits' and papers' bytes with their hashes, accounts, settings,
  calendar days) — the journal's triggers dropped for the change and put back exactly as they
  were, since with them in place no change can be made without the key;
* the audit trail rewritten (records edited, inserted, deleted or cut, its SHA-256 chain
  recomputed and its head set, its triggers put back), or its triggers merely dropped;
* the journal itself edited, a record removed, cut, reordered or forged, its triggers dropped;
* the file itself: cut short, or a page overwritten;
* the write-ahead log damaged while it holds committed acts: 1–4 closures committed by the
  application to the copy (``wal_autocheckpoint = 0``: the log is not folded into the file),
  the file, its ``-wal`` and its record anchor taken as a power cut leaves them, then 1–16 bytes
  of the ``-wal`` flipped in its header, a frame's header or a frame's page. SQLite's recovery
  drops the log from the damaged frame on; each journal record so lost must be reported by
  ``check`` (:mod:`ethics_desk.storage.record_anchor`).

After each, :func:`ethics_desk.maintenance.integrity.run_checks` runs on the copy as ``ethics-desk
check`` does; the tampering is detected when at least one check fails. Every miss is printed with
its kind and what was done. The target is at least 99.9 % detected. The last line printed is one
JSON object: ``{"tamperings", "detected", "rate", "kinds", "by_kind", "wal_damage",
"lost_acts_unreported", "missed", "not_made", "seconds", "met"}`` (``not_made``: a tampering the
database's own constraints refused to let the attacker make, which is not counted;
``lost_acts_unreported``: damaged logs that lost committed acts ``check`` did not report, whose
target is 0; ``met``: the rate and that target both reached).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_RATE = 0.999
"""At least 99.9 % of the tamperings detected."""
PAGE = 4096

Tampering = Callable[[sqlite3.Connection, random.Random, Path], str]
"""One kind: changes the open copy (or its file) and says in words what it did."""


# -- what an attacker with the file can do -------------------------------------------------------

def without_triggers(conn: sqlite3.Connection, table: str, *statements: str,
                     params: tuple[object, ...] = ()) -> None:
    """Run ``statements`` on ``table`` with its triggers dropped, then put them back exactly."""
    triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' "
                            "AND tbl_name = ?", (table,)).fetchall()
    for name, _ in triggers:
        conn.execute(f'DROP TRIGGER "{name}"')
    for statement in statements:
        conn.execute(statement, params if "?" in statement else ())
    for _, sql in triggers:
        conn.execute(sql)


def pick(conn: sqlite3.Connection, rng: random.Random, table: str, where: str = "1") -> int:
    """A random row id of ``table``."""
    ids = [row[0] for row in conn.execute(f"SELECT id FROM {table} WHERE {where}")]
    if not ids:
        raise LookupError(f"no {table} row where {where}")
    return rng.choice(ids)


def edit(table: str, column: str, value: Callable[[object, random.Random], object],
         where: str = "1") -> Tampering:
    """A kind: one column of one random row changed to ``value(old)``."""
    def tamper(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
        row = pick(conn, rng, table, where)
        old = conn.execute(f"SELECT {column} FROM {table} WHERE id = ?", (row,)).fetchone()[0]
        new = value(old, rng)
        without_triggers(conn, table, f"UPDATE {table} SET {column} = ? WHERE id = {row}",
                         params=(new,))
        return f"{table} {row}: {column} {old!r} → {new!r}"
    return tamper


def delete_row(table: str, where: str = "1") -> Tampering:
    """A kind: one random row deleted (its dependants' references left dangling or not)."""
    def tamper(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
        row = pick(conn, rng, table, where)
        conn.execute("PRAGMA foreign_keys = OFF")
        without_triggers(conn, table, f"DELETE FROM {table} WHERE id = {row}")
        return f"{table} {row} deleted"
    return tamper


def copy_row(table: str) -> Tampering:
    """A kind: a row added, a copy of an existing one under a new id."""
    def tamper(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
        row = pick(conn, rng, table)
        columns = [r[1] for r in conn.execute(f"PRAGMA table_info({table})") if r[1] != "id"]
        names = ", ".join(columns)
        without_triggers(conn, table, f"INSERT INTO {table} ({names}) SELECT {names} FROM "
                                      f"{table} WHERE id = {row}")
        return f"{table}: a copy of row {row} inserted"
    return tamper


def swap_bytes(table: str) -> Tampering:
    """A kind: a paper's or exhibit's bytes replaced, and the hash beside them too."""
    def tamper(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
        row = pick(conn, rng, table)
        forged = b"%PDF-1.4 forged " + rng.randbytes(64)
        statements = [f"UPDATE {table} SET content = ? WHERE id = {row}"]
        columns = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
        without_triggers(conn, table, *statements, params=(forged,))
        if "sha256" in columns:
            without_triggers(conn, table, f"UPDATE {table} SET sha256 = ? WHERE id = {row}",
                             params=(hashlib.sha256(forged).hexdigest(),))
        return f"{table} {row}: its bytes swapped (hash replaced too)"
    return tamper


def other_text(old: object, rng: random.Random) -> object:
    return f"{old} (amended {rng.randint(1, 99)})"


def other_day(old: object, rng: random.Random) -> object:
    day = date.fromisoformat(str(old)[:10]) if old else date(2026, 11, 2)
    return day.replace(day=max(1, min(28, day.day + rng.choice((-3, -1, 1, 3))))).isoformat() \
        if day.day not in (1,) else day.replace(day=2).isoformat()


def other_number(old: object, rng: random.Random) -> object:
    """Another amount in cents: lower when there is room (a penalty may be at its limit)."""
    amount = int(float(str(old))) if old is not None else 0
    return amount - rng.choice((1, 100, 2500)) if amount > 2500 else amount + 1


def other_moment(old: object, rng: random.Random) -> object:
    moment = datetime.fromisoformat(str(old))
    return (moment.replace(day=max(1, min(28, moment.day + rng.choice((-2, -1, 1, 2)))))
            if moment.day < 28 else moment.replace(day=27)).isoformat(sep=" ")


def setting_changed(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    """One of the office's settings (a policy day, the letterhead) given another value."""
    keys = [r[0] for r in conn.execute("SELECT key FROM setting WHERE key NOT IN "
                                       "('journal.key', 'audit.head')")]
    key = rng.choice(keys)
    without_triggers(conn, "setting", "UPDATE setting SET value = value || ' ' WHERE key = ?",
                     params=(key,))
    return f"the setting {key} changed"


def flipped(old: object, _rng: random.Random) -> object:
    return 0 if old else 1


def chosen(*values: str) -> Callable[[object, random.Random], object]:
    def value(old: object, rng: random.Random) -> object:
        return rng.choice([v for v in values if v != old] or list(values))
    return value


# -- the audit trail, rewritten with its chain recomputed ---------------------------------------

def _rechain(conn: sqlite3.Connection) -> None:
    """Recompute every audit record's SHA-256 link and hash, and its head, as the source says."""
    from ethics_desk.storage.audit import GENESIS, HEAD_KEY, record_hash

    rows = conn.execute("SELECT id, seq, at, actor, action, complaint_id, summary, detail "
                        "FROM audit_record ORDER BY seq").fetchall()
    prev = GENESIS
    updates = []
    for row_id, seq, at, actor, action, complaint_id, summary, detail in rows:
        stamp = datetime.fromisoformat(str(at)).replace(tzinfo=UTC)
        record = SimpleNamespace(seq=seq, at=stamp, actor=actor, action=action,
                                 complaint_id=complaint_id, summary=summary, detail=detail,
                                 prev_hash=prev)
        digest = record_hash(record)  # type: ignore[arg-type]
        updates.append((prev, digest, row_id))
        prev = digest
    statements = [("UPDATE audit_record SET prev_hash = ?, hash = ? WHERE id = ?", u)
                  for u in updates]
    triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' "
                            "AND tbl_name IN ('audit_record', 'setting')").fetchall()
    for name, _ in triggers:
        conn.execute(f'DROP TRIGGER "{name}"')
    for statement, params in statements:
        conn.execute(statement, params)
    head = json.dumps({"seq": rows[-1][1] if rows else 0, "hash": prev})
    conn.execute("UPDATE setting SET value = ? WHERE key = ?", (head, HEAD_KEY))
    for _, sql in triggers:
        conn.execute(sql)


def audit_edit(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    seq = rng.choice([r[0] for r in conn.execute("SELECT seq FROM audit_record")])
    without_triggers(conn, "audit_record",
                     f"UPDATE audit_record SET summary = 'Nothing happened' WHERE seq = {seq}")
    _rechain(conn)
    return f"audit record {seq} edited, chain recomputed"


def audit_delete(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    seq = rng.choice([r[0] for r in conn.execute("SELECT seq FROM audit_record")])
    without_triggers(conn, "audit_record", f"DELETE FROM audit_record WHERE seq = {seq}",
                     f"UPDATE audit_record SET seq = seq - 1 WHERE seq > {seq}")
    _rechain(conn)
    return f"audit record {seq} deleted, later ones renumbered, chain recomputed"


def audit_insert(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    seq = rng.choice([r[0] for r in conn.execute("SELECT seq FROM audit_record")])
    without_triggers(
        conn, "audit_record", f"UPDATE audit_record SET seq = seq + 1000000 WHERE seq >= {seq}",
        "UPDATE audit_record SET seq = seq - 1000000 + 1 WHERE seq >= 1000000",
        "INSERT INTO audit_record (seq, at, actor, action, complaint_id, summary, detail, "
        f"prev_hash, hash) SELECT {seq}, at, actor, 'view.case', complaint_id, 'Looked at it', "
        f"'{{}}', '', '' FROM audit_record WHERE seq = {seq + 1}")
    _rechain(conn)
    return f"a forged audit record inserted at {seq}, chain recomputed"


def audit_cut(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    top = conn.execute("SELECT max(seq) FROM audit_record").fetchone()[0]
    k = rng.randint(1, 5)
    without_triggers(conn, "audit_record", f"DELETE FROM audit_record WHERE seq > {top - k}")
    _rechain(conn)
    return f"the newest {k} audit record(s) cut, head set"


def audit_triggers_dropped(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    name = rng.choice(["audit_record_no_update", "audit_record_no_delete"])
    conn.execute(f"DROP TRIGGER {name}")
    return f"the trigger {name} dropped"


# -- the journal itself --------------------------------------------------------------------------

def _journal_seqs(conn: sqlite3.Connection) -> list[int]:
    return [r[0] for r in conn.execute("SELECT seq FROM journal_record")]


def journal_edit(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    seq = rng.choice([r[0] for r in conn.execute(
        "SELECT seq FROM journal_record WHERE after IS NOT NULL")])
    without_triggers(conn, "journal_record", "UPDATE journal_record SET after = "
                     f"replace(after, '\"', '\"x') WHERE seq = {seq}")
    return f"journal record {seq}: its after-values edited"


def journal_edit_with_row(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    """A record changed and its newest journal record rewritten to match (the MAC cannot be)."""
    row = pick(conn, rng, "complaint")
    without_triggers(conn, "complaint", f"UPDATE complaint SET facts = 'Never alleged' "
                                        f"WHERE id = {row}")
    current = conn.execute("SELECT seq FROM journal_record WHERE table_name = 'complaint' AND "
                           f"row_key = '{row}' ORDER BY seq DESC LIMIT 1").fetchone()[0]
    names = [r[1] for r in conn.execute("PRAGMA table_info(complaint)")]
    parts = ", ".join(f"'{n}', t.\"{n}\"" for n in names)
    without_triggers(conn, "journal_record",
                     f"UPDATE journal_record SET after = (SELECT json_object({parts}) FROM "
                     f"complaint AS t WHERE t.id = {row}) WHERE seq = {current}")
    return f"complaint {row}: facts rewritten, its journal record {current} rewritten to match"


def journal_delete(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    seq = rng.choice(_journal_seqs(conn))
    without_triggers(conn, "journal_record", f"DELETE FROM journal_record WHERE seq = {seq}")
    return f"journal record {seq} deleted"


def journal_cut(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    top = max(_journal_seqs(conn))
    k = rng.randint(1, 20)
    without_triggers(conn, "journal_record", f"DELETE FROM journal_record WHERE seq > {top - k}")
    return f"the newest {k} journal record(s) cut"


def journal_reorder(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    a = rng.choice(_journal_seqs(conn)[:-1])
    without_triggers(conn, "journal_record",
                     f"UPDATE journal_record SET seq = -1 WHERE seq = {a}",
                     f"UPDATE journal_record SET seq = {a} WHERE seq = {a + 1}",
                     f"UPDATE journal_record SET seq = {a + 1} WHERE seq = -1")
    return f"journal records {a} and {a + 1} swapped"


def journal_forge(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    """A row changed and a journal record for it appended, with a made-up MAC."""
    row = pick(conn, rng, "respondent")
    without_triggers(conn, "respondent", f"UPDATE respondent SET title = 'Former official' "
                                         f"WHERE id = {row}")
    names = [r[1] for r in conn.execute("PRAGMA table_info(respondent)")]
    parts = ", ".join(f"'{n}', t.\"{n}\"" for n in names)
    top, mac = conn.execute("SELECT seq, mac FROM journal_record ORDER BY seq DESC "
                            "LIMIT 1").fetchone()
    before = conn.execute("SELECT after FROM journal_record WHERE table_name = 'respondent' "
                          f"AND row_key = '{row}' ORDER BY seq DESC LIMIT 1").fetchone()[0]
    conn.execute("INSERT INTO journal_record (seq, table_name, op, row_key, before, after, "
                 f"prev_mac, mac) SELECT {top + 1}, 'respondent', 'update', '{row}', ?, "
                 f"json_object({parts}), ?, ? FROM respondent AS t WHERE t.id = {row}",
                 (before, mac, rng.randbytes(32).hex()))
    return f"respondent {row}: title changed, a journal record forged for it"


def journal_values_emptied(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    """A record's values set to NULL, the one change the journal's guard lets through — but
    only a disposal's, under its voucher."""
    seq = rng.choice([r[0] for r in conn.execute(
        "SELECT seq FROM journal_record WHERE after IS NOT NULL")])
    conn.execute(f"UPDATE journal_record SET before = NULL, after = NULL WHERE seq = {seq}")
    return f"journal record {seq}: its values emptied with no voucher"


def journal_values_emptied_with_voucher(conn: sqlite3.Connection, rng: random.Random,
                                        _path: Path) -> str:
    """A record's values emptied, and a voucher for it written with the triggers dropped."""
    seq = rng.choice([r[0] for r in conn.execute(
        "SELECT seq FROM journal_record WHERE after IS NOT NULL AND op <> 'update'")])
    without_triggers(conn, "journal_redaction",
                     "INSERT INTO journal_redaction (seq, table_name, op, row_key, before_sha, "
                     "after_sha, mac, redacted_at, reason) SELECT seq, table_name, op, row_key, "
                     "NULL, lower(hex(randomblob(32))), mac, '2026-12-01 00:00:00', 'made up' "
                     f"FROM journal_record WHERE seq = {seq}")
    conn.execute(f"UPDATE journal_record SET after = NULL WHERE seq = {seq}")
    return f"journal record {seq}: its values emptied under a voucher made outside the journal"


def journal_trigger_dropped(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                                        "AND name LIKE 'journal_%'")]
    name = rng.choice(names)
    conn.execute(f'DROP TRIGGER "{name}"')
    return f"the journal's trigger {name} dropped (and left so)"


def journal_trigger_replaced(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                                        "AND name LIKE 'journal_%_update' AND tbl_name = "
                                        "'deadline'")]
    name = rng.choice(names)
    conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute(f'CREATE TRIGGER "{name}" AFTER UPDATE ON deadline BEGIN SELECT 1; END')
    return f"the journal's trigger {name} replaced by one that journals nothing"


def key_setting_changed(conn: sqlite3.Connection, rng: random.Random, _path: Path) -> str:
    without_triggers(conn, "setting", "UPDATE setting SET value = ? WHERE key = 'journal.key'",
                     params=(rng.randbytes(16).hex(),))
    return "the database's record key identifier replaced"


# -- the file ------------------------------------------------------------------------------------

def file_cut(_conn: sqlite3.Connection, rng: random.Random, path: Path) -> str:
    size = path.stat().st_size
    keep = rng.randrange(PAGE, size - PAGE, PAGE) if size > 2 * PAGE else PAGE
    with path.open("r+b") as handle:
        handle.truncate(keep)
    return f"the file cut from {size} to {keep} bytes"


def page_overwritten(_conn: sqlite3.Connection, rng: random.Random, path: Path) -> str:
    pages = path.stat().st_size // PAGE
    page = rng.randrange(1, pages)  # not the header page: that is "not a database"
    with path.open("r+b") as handle:
        handle.seek(page * PAGE)
        handle.write(rng.randbytes(PAGE))
    return f"page {page + 1} of {pages} overwritten"


def page_zeroed(_conn: sqlite3.Connection, rng: random.Random, path: Path) -> str:
    pages = path.stat().st_size // PAGE
    page = rng.randrange(1, pages)
    with path.open("r+b") as handle:
        handle.seek(page * PAGE)
        handle.write(bytes(PAGE))
    return f"page {page + 1} of {pages} zeroed"


FILE_KINDS = {"file cut short", "a page overwritten", "a page zeroed"}


# -- the write-ahead log, damaged while committed acts are in it ---------------------------------

WAL_HEADER = 32
"""The bytes of a write-ahead log's header (magic, version, page size, salts, checksum)."""
FRAME_HEADER = 24
"""The bytes before each frame's page: its page number, commit size, salts and checksum."""
WAL_ACTS = (1, 4)
"""How many committed acts the log holds when it is damaged (the issue's trials held 4)."""


def _wal_offsets(size: int, region: str, rng: random.Random, count: int) -> list[int]:
    """``count`` byte offsets of a log of ``size`` bytes in ``region``: its header, a frame's
    header, or a frame's page."""
    frames = (size - WAL_HEADER) // (FRAME_HEADER + PAGE)
    offsets: set[int] = set()
    while len(offsets) < count:
        frame = WAL_HEADER + rng.randrange(frames) * (FRAME_HEADER + PAGE)
        if region == "header":
            offsets.add(rng.randrange(WAL_HEADER))
        elif region == "frame header":
            offsets.add(frame + rng.randrange(FRAME_HEADER))
        else:
            offsets.add(frame + FRAME_HEADER + rng.randrange(PAGE))
    return sorted(offsets)


def wal_damage(region: str) -> Tampering:
    """A kind: 1–16 bytes of the ``-wal`` flipped in ``region`` while it holds 1–4 committed,
    not yet checkpointed acts (the file given is the copy the acts were committed to, its log
    and anchor beside it, as a power cut leaves them)."""
    def tamper(_conn: sqlite3.Connection, rng: random.Random, path: Path) -> str:
        wal = path.with_name(path.name + "-wal")
        size = wal.stat().st_size
        offsets = _wal_offsets(size, region, rng, rng.randint(1, 16))
        with wal.open("r+b") as handle:
            for offset in offsets:
                handle.seek(offset)
                byte = handle.read(1)[0]
                handle.seek(offset)
                handle.write(bytes([byte ^ rng.randrange(1, 256)]))
        return (f"{len(offsets)} byte(s) of the write-ahead log's {region} flipped "
                f"({size} bytes, offsets {offsets[0]}–{offsets[-1]})")
    return tamper


def commit_acts_in_the_log(original: Path, copy: Path, rng: random.Random) -> int:
    """``copy``: ``original`` with 1–4 closures committed by the application, the log not
    folded into the file (``wal_autocheckpoint=0``), as a power cut would leave it — file, log
    and record anchor; the journal's head after the acts."""
    from sqlalchemy import event

    from ethics_desk.core.clock import fixed_clock
    from ethics_desk.core.errors import UserError
    from ethics_desk.deadlines.closures import add_closure
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage import journal
    from tests.factories import CLERK

    writer = copy.with_name("writer.sqlite")
    shutil.copyfile(original, writer)
    clock = fixed_clock(datetime(2026, 11, 30, 16, 0, tzinfo=UTC))
    database = open_database(writer, clock=clock, create=False)
    try:
        database.engine.dispose()  # the next connections never fold the log into the file
        event.listen(database.engine, "connect",
                     lambda conn, _record: conn.execute("PRAGMA wal_autocheckpoint = 0"))
        acts, day = rng.randint(*WAL_ACTS), date(2027, 1, 4) + timedelta(days=rng.randrange(300))
        while acts:
            try:
                add_closure(database, day, f"Closure {day}", account=CLERK, clock=clock)
                acts -= 1
            except UserError:
                pass  # already closed, or not a business day: the next one
            day += timedelta(days=1)
        with database.engine.connect() as conn:
            head = int(conn.exec_driver_sql(f"SELECT max(seq) FROM {journal.TABLE}").scalar() or 0)
        for suffix in ("", "-wal", "-anchor"):  # while it is open: nothing folded, as a crash
            shutil.copyfile(writer.with_name(writer.name + suffix),
                            copy.with_name(copy.name + suffix))
    finally:
        database.dispose()
    for leftover in writer.parent.glob("writer.sqlite*"):
        leftover.unlink()
    return head


WAL_KINDS = {"write-ahead log header flipped": wal_damage("header"),
             "write-ahead log frame header flipped": wal_damage("frame header"),
             "write-ahead log page flipped": wal_damage("page")}
"""The log damaged while it holds committed acts (issue 27, finding 3)."""

KINDS: dict[str, Tampering] = {
    "review finding": edit("review", "determination",
                           chosen("complies", "substantially_complies", "does_not_comply")),
    "review notes": edit("review", "notes", other_text),
    "deadline status": edit("deadline", "status", chosen("met", "missed", "cancelled", "open")),
    "deadline due date": edit("deadline", "due_on", other_day),
    "oath details": edit("oath", "notary_name", other_text),
    "ballot": edit("ballot", "choice", chosen("yes", "no", "abstain", "recused")),
    "vote carried": edit("board_vote", "carried", flipped),
    "sanction amount": edit("sanction", "amount_cents", other_number),
    "respondent address": edit("respondent", "address", other_text),
    "respondent title": edit("respondent", "title", other_text),
    "complainant address": edit("complainant", "address", other_text),
    "complaint state": edit("complaint", "state", chosen("resolved", "discarded", "filed",
                                                         "under_review")),
    "complaint facts": edit("complaint", "facts", other_text),
    "complaint received date": edit("complaint", "received_at", other_moment,
                                    "received_at IS NOT NULL"),
    "complaint route": edit("complaint", "route", chosen("ethics_code", "campaign_finance")),
    "mailing deleted": delete_row("mailing"),
    "allegation deleted": delete_row("allegation"),
    "calendar day deleted": delete_row("calendar_day"),
    "mailing added": copy_row("mailing"),
    "exhibit swapped": swap_bytes("attachment"),
    "issued paper swapped": swap_bytes("issued_document"),
    "account role raised": edit("staff_account", "role", chosen("admin", "chair")),
    "calendar day renamed": edit("calendar_day", "name", other_text),
    "office setting changed": setting_changed,
    "audit record edited": audit_edit,
    "audit record deleted": audit_delete,
    "audit record inserted": audit_insert,
    "audit records cut": audit_cut,
    "audit triggers dropped": audit_triggers_dropped,
    "journal record edited": journal_edit,
    "journal record rewritten with its row": journal_edit_with_row,
    "journal record deleted": journal_delete,
    "journal records cut": journal_cut,
    "journal records reordered": journal_reorder,
    "journal record forged": journal_forge,
    "journal values emptied": journal_values_emptied,
    "journal values emptied under a made-up voucher": journal_values_emptied_with_voucher,
    "journal trigger dropped": journal_trigger_dropped,
    "journal trigger replaced": journal_trigger_replaced,
    "record key identifier replaced": key_setting_changed,
    "file cut short": file_cut,
    "a page overwritten": page_overwritten,
    "a page zeroed": page_zeroed,
    **WAL_KINDS,
}
"""Every kind of tampering the drill draws from."""


# -- the drill -------------------------------------------------------------------------------

def build_demo(folder: Path) -> Path:
    """The demonstration database, built in ``folder`` and compacted into one file."""
    from ethics_desk.core.clock import fixed_clock
    from ethics_desk.demo.build import build_demo as build
    from ethics_desk.maintenance.opening import open_database

    built = folder / "demo-built.sqlite"
    now = datetime(2026, 11, 30, 16, 0, tzinfo=UTC)
    database = open_database(built, clock=fixed_clock(now))
    try:
        build(database, today=now.date())
    finally:
        database.dispose()
    return compact(built, folder / "demo.sqlite")


def compact(source: Path, dest: Path) -> Path:
    """``source`` as one file without free pages or a write-ahead log (``VACUUM INTO``)."""
    conn = sqlite3.connect(source)
    try:
        conn.execute("VACUUM INTO ?", (str(dest),))
    finally:
        conn.close()
    return dest


def tamper(original: Path, copy: Path, kind: str, rng: random.Random) -> str:
    """A fresh ``copy`` of ``original`` with one tampering of ``kind``; what was done."""
    if kind in WAL_KINDS:
        commit_acts_in_the_log(original, copy, rng)
        return KINDS[kind](None, rng, copy)  # type: ignore[arg-type]
    shutil.copyfile(original, copy)
    if kind in FILE_KINDS:
        return KINDS[kind](None, rng, copy)  # type: ignore[arg-type]
    conn = sqlite3.connect(copy, isolation_level=None)  # no record key: no ethics_desk_mac
    try:
        conn.execute("BEGIN")
        done = KINDS[kind](conn, rng, copy)
        conn.execute("COMMIT")
    finally:
        conn.close()
    return done


def lost_acts(copy: Path, head: int) -> tuple[int | None, bool]:
    """How many journal records committed before the damage (up to ``head``) ``copy`` no longer
    holds, and whether ``check``'s lost-acts check reports them; None for a copy SQLite can no
    longer read at all (then any failed check reports it)."""
    from ethics_desk.storage.record_anchor import Unreadable, file_head
    from ethics_desk.storage.record_anchor import lost_acts as found_lost

    try:
        now = file_head(copy)
    except Unreadable:
        return None, False
    lost = head - (now.seq if now is not None else 0)
    return max(lost, 0), found_lost(copy) is not None


def detected(copy: Path) -> tuple[bool, list[str]]:
    """Whether ``check`` fails on ``copy``, and the failing checks' names."""
    from ethics_desk.core.errors import StorageError
    from ethics_desk.maintenance.integrity import run_checks

    try:
        failing = [r.name for r in run_checks(copy) if not r.ok]
    except StorageError as refused:  # a file check itself refuses to read: detected
        return True, [refused.problem]
    return bool(failing), failing


def drill(original: Path, work: Path, *, tamperings: int, seed: int,
          kinds: list[str] | None = None, progress: bool = True) -> dict[str, object]:
    """Run the drill (see the module); the figures as a dictionary."""
    rng = random.Random(seed)
    names = kinds or sorted(KINDS)
    clean, failing = detected(original)
    if clean:  # the control: untouched, the copy must pass every check
        raise SystemExit(f"the untampered database does not pass check ({', '.join(failing)}): "
                         "nothing could be learnt from tampering with it")
    by_kind: dict[str, list[int]] = {name: [0, 0] for name in names}
    wal = {"trials": 0, "trials_losing_acts": 0, "journal_records_lost": 0,
           "copies_unreadable": 0, "lost_acts_unreported": 0}
    missed: list[dict[str, str]] = []
    not_made: list[dict[str, str]] = []
    started = time.perf_counter()
    copy = work / "tampered.sqlite"
    for n in range(tamperings):
        kind = names[n % len(names)] if kinds else rng.choice(names)
        try:
            done = tamper(original, copy, kind, random.Random(rng.random()))
        except (LookupError, sqlite3.Error) as exc:  # not counted: nothing was changed
            not_made.append({"kind": kind, "why": str(exc)})
            continue
        caught, failing = detected(copy)
        if kind in WAL_KINDS:
            anchored = json.loads(copy.with_name(copy.name + "-anchor").read_text())
            lost, reported = lost_acts(copy, int(anchored["seq"]))
            wal["trials"] += 1
            wal["copies_unreadable"] += int(lost is None)
            wal["trials_losing_acts"] += int(bool(lost))
            wal["journal_records_lost"] += lost or 0
            if (lost and not reported) or (lost is None and not caught):
                wal["lost_acts_unreported"] += 1
                print(f"UNREPORTED  {kind}: {done}: {lost} journal record(s) lost",
                      file=sys.stderr)
        by_kind[kind][0] += 1
        by_kind[kind][1] += int(caught)
        if not caught:
            missed.append({"kind": kind, "done": done})
            print(f"MISSED  {kind}: {done}", file=sys.stderr)
        if progress and (n + 1) % 50 == 0:
            print(f"{n + 1}/{tamperings} tamperings, {len(missed)} missed", file=sys.stderr)
        for leftover in work.glob("tampered.sqlite*"):
            leftover.unlink()
        for leftover in work.glob("writer.sqlite*"):
            leftover.unlink()
    total = sum(made for made, _ in by_kind.values())
    caught_all = sum(caught for _, caught in by_kind.values())
    return {"tamperings": total, "detected": caught_all,
            "rate": round(caught_all / total, 5) if total else 1.0, "kinds": len(names),
            "target_rate": TARGET_RATE,
            "by_kind": {k: {"made": v[0], "detected": v[1]} for k, v in by_kind.items()},
            "wal_damage": wal, "lost_acts_unreported": wal["lost_acts_unreported"],
            "missed": missed, "not_made": not_made, "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    """Run the drill and print its figures; non-zero when the rate is below the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tamperings", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2083)
    parser.add_argument("--db", type=Path, help="a demonstration database to copy (built if "
                                                "not given)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tamper-drill-") as folder:
        work = Path(folder)
        os.environ.setdefault("ETHICS_DESK_KEY_FOLDER", str(work / "keys"))
        print("building the demonstration database…", file=sys.stderr)
        original = compact(args.db, work / "demo.sqlite") if args.db else build_demo(work)
        figures = drill(original, work, tamperings=args.tamperings, seed=args.seed)
    rate = figures["rate"]
    figures["met"] = isinstance(rate, float | int) and rate >= TARGET_RATE \
        and figures["lost_acts_unreported"] == 0
    print(json.dumps(figures))
    return 0 if figures["met"] else 1


if __name__ == "__main__":
    sys.exit(main())
