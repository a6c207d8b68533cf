"""The record proves itself: every change to every row is journalled in its transaction with its
values before and after, sealed with a key the database does not hold; ``check`` replays the
journal against the tables and names what differs; an exhibit opens only as the journal holds
it; anchors carried by backups and packets catch a rewrite by someone who holds the key.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from ethics_desk.cases.case_file import verified_attachment
from ethics_desk.core.errors import StorageError
from ethics_desk.maintenance.integrity import (
    ANCHORS,
    JOURNAL,
    PAPERS,
    RECORDS,
    TRIGGERS,
    Anchor,
    run_checks,
)
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import Attachment
from ethics_desk.storage import journal, record_key
from ethics_desk.storage.database import Database
from ethics_desk.storage.read_only import ReadOnlyKind
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, DemoTemplate
from tests.factories import CLERK, complete_intake, filed_case

ROOT = Path(__file__).resolve().parents[2]


def journal_of(database: Database, table: str) -> list[tuple[str, str, str | None, str | None]]:
    """The journal's records of ``table``: op, row key, before, after (oldest first)."""
    with database.engine.connect() as conn:
        return [(str(op), str(key), before, after) for op, key, before, after in conn.execute(
            text("SELECT op, row_key, before, after FROM journal_record WHERE table_name = :t "
                 "ORDER BY seq"), {"t": table})]


def failing(db: str | Path, anchors: list[Anchor] | None = None) -> dict[str, list[str]]:
    """The checks that fail on ``db``, with what they found."""
    return {r.name: r.details for r in run_checks(db, anchors or []) if not r.ok}


def as_tamperer(path: Path) -> sqlite3.Connection:
    """The file opened with a SQLite tool, without this computer's record key."""
    return sqlite3.connect(path, isolation_level=None)


def unjournalled(conn: sqlite3.Connection, table: str, statement: str,
                 params: tuple[object, ...] = ()) -> None:
    """``statement`` run on ``table`` with its triggers dropped, and then put back exactly."""
    triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND "
                            "tbl_name = ?", (table,)).fetchall()
    for name, _ in triggers:
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute(statement, params)
    for _, sql in triggers:
        conn.execute(sql)


def test_every_change_to_a_record_is_journalled_with_its_values_before_and_after(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    [inserted] = [r for r in journal_of(database, "complaint") if r[0] == "insert"]
    assert inserted[1] == str(case_id) and inserted[2] is None
    assert json.loads(inserted[3] or "{}")["id"] == case_id
    updates = [r for r in journal_of(database, "complaint") if r[0] == "update"]
    assert updates, "filing the case changed it after it was first written"
    last_before, last_after = json.loads(updates[-1][2] or "{}"), json.loads(updates[-1][3] or "{}")
    assert last_after["state"] == "filed" and last_before != last_after
    with database.engine.connect() as conn:
        recorded = journal.recorded_state(conn, "complaint", str(case_id))
    assert recorded is not None and recorded["state"] == "filed"
    assert not failing(database.url)


def test_each_exhibit_is_journalled_by_the_sha256_of_its_bytes_not_the_bytes(
        controller: WorkflowController, database: Database) -> None:
    filed_case(controller)
    [(_, key, _, after)] = [r for r in journal_of(database, "attachment") if r[0] == "insert"]
    with database.read_session() as session:
        attachment = session.get(Attachment, int(key))
        assert attachment is not None
        assert json.loads(after or "{}")["content"] == attachment.sha256


@pytest.mark.sqlite_file
def test_the_record_key_is_never_in_the_database_file(
        controller: WorkflowController, database: Database, db_path: Path) -> None:
    filed_case(controller)
    database.dispose()
    with sqlite3.connect(db_path) as conn:
        key_id = conn.execute("SELECT value FROM setting WHERE key = 'journal.key'").fetchone()[0]
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    key = record_key.find_key(key_id)
    assert key is not None
    stored = db_path.read_bytes()
    assert key not in stored and key.hex().encode() not in stored
    assert key.hex().upper().encode() not in stored


@pytest.mark.sqlite_file
def test_a_sqlite_tool_without_the_key_cannot_change_a_record(
        controller: WorkflowController, database: Database, db_path: Path) -> None:
    filed_case(controller)
    conn = as_tamperer(db_path)
    try:
        with pytest.raises(sqlite3.OperationalError, match="ethics_desk_mac"):
            conn.execute("UPDATE complaint SET facts = 'Never alleged'")
    finally:
        conn.close()
    assert not failing(db_path)


@pytest.mark.sqlite_file
def test_a_record_changed_with_the_triggers_dropped_and_put_back_is_named_by_check(
        controller: WorkflowController, database: Database, db_path: Path) -> None:
    case_id = filed_case(controller)
    conn = as_tamperer(db_path)
    try:
        unjournalled(conn, "respondent", "UPDATE respondent SET title = 'Former official'")
    finally:
        conn.close()
    found = failing(db_path)
    assert set(found) == {RECORDS}
    assert any(line.startswith("respondent ") and "(title)" in line for line in found[RECORDS])
    assert case_id


@pytest.mark.sqlite_file
def test_a_swapped_exhibit_with_its_hash_replaced_is_refused_on_opening_and_named_by_check(
        controller: WorkflowController, database: Database, db_path: Path) -> None:
    import hashlib

    case_id = filed_case(controller)
    with database.read_session() as session:
        [attachment_id] = session.scalars(text(
            "SELECT id FROM attachment WHERE complaint_id = :c"), {"c": case_id}).all()
    forged = b"%PDF-1.4 a different exhibit"
    conn = as_tamperer(db_path)
    try:
        unjournalled(conn, "attachment", "UPDATE attachment SET content = ?, sha256 = ?",
                     (forged, hashlib.sha256(forged).hexdigest()))
    finally:
        conn.close()
    with pytest.raises(StorageError, match="not the exhibit the record's journal holds"):
        verified_attachment(database, attachment_id, account=CLERK, clock=CLOCK)
    found = failing(db_path)
    assert PAPERS in found and found[PAPERS][0].startswith(f"attachment {attachment_id}:")
    assert "SHA-256 differs" in found[PAPERS][0]
    assert "truck.pdf" not in found[PAPERS][0]  # the Administrator is not told the exhibit
    named = {r.name: r.details for r in run_checks(db_path, names_cases=True) if not r.ok}
    assert "truck.pdf" in named[PAPERS][0]  # the Clerk's staff are


@pytest.mark.sqlite_file
def test_a_journal_record_rewritten_to_match_an_edit_is_caught_by_its_mac(
        controller: WorkflowController, database: Database, db_path: Path) -> None:
    filed_case(controller)
    conn = as_tamperer(db_path)
    try:
        unjournalled(conn, "complaint", "UPDATE complaint SET facts = 'Never alleged'")
        names = [r[1] for r in conn.execute("PRAGMA table_info(complaint)")]
        values = ", ".join(f"'{n}', t.\"{n}\"" for n in names)
        unjournalled(conn, "journal_record",
                     f"UPDATE journal_record SET after = (SELECT json_object({values}) FROM "
                     "complaint AS t) WHERE seq = (SELECT max(seq) FROM journal_record WHERE "
                     "table_name = 'complaint')")
    finally:
        conn.close()
    found = failing(db_path)
    assert JOURNAL in found and "MAC does not verify" in found[JOURNAL][0]


@pytest.mark.sqlite_file
def test_a_dropped_journal_trigger_is_reported_even_before_anything_changes(
        database: Database, db_path: Path) -> None:
    conn = as_tamperer(db_path)
    try:
        conn.execute("DROP TRIGGER journal_deadline_update")
    finally:
        conn.close()
    found = failing(db_path)
    assert set(found) == {TRIGGERS}
    assert "journal_deadline_update is missing" in found[TRIGGERS][0]


@pytest.mark.sqlite_file
def test_a_desk_without_the_record_key_opens_it_read_only_and_is_told_which_key_to_import(
        database: Database, db_path: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    key_id = journal.key_of_file(db_path)
    assert key_id is not None
    database.dispose()
    monkeypatch.setenv(record_key.KEY_FOLDER_ENV, str(tmp_path / "another desk's keys"))
    record_key.forget_cached_keys()
    opened = open_database(db_path, clock=CLOCK)
    try:
        reason = opened.read_only_reason()
        assert reason is not None and reason.kind is ReadOnlyKind.KEY_MISSING
        assert f"record key ({key_id})" in reason.problem
        assert "cannot be verified or changed on this computer" in reason.problem
        assert reason.fix == record_key.missing_key(key_id).fix
        assert "ethics-desk key import --sheet" in reason.fix
    finally:
        opened.dispose()
    found = failing(db_path)
    assert set(found) == {JOURNAL} and "not on this computer" in found[JOURNAL][0]


@pytest.mark.sqlite_file
def test_an_exported_key_opens_the_database_on_another_computer(
        database: Database, db_path: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    database.dispose()
    with sqlite3.connect(db_path) as conn:
        key_id = conn.execute("SELECT value FROM setting WHERE key = 'journal.key'").fetchone()[0]
    record_key.export_key(key_id, tmp_path / "key.txt")
    assert (tmp_path / "key.txt").stat().st_mode & 0o077 == 0 or sys.platform == "win32"
    monkeypatch.setenv(record_key.KEY_FOLDER_ENV, str(tmp_path / "another desk's keys"))
    record_key.forget_cached_keys()
    assert record_key.import_key(tmp_path / "key.txt") == key_id
    open_database(db_path, clock=CLOCK).dispose()
    assert not failing(db_path)


@pytest.mark.sqlite_file
@pytest.mark.parametrize("carried", ["typed from a packet", "an automatic backup"])
def test_a_rewrite_by_someone_holding_the_key_is_caught_against_an_older_anchor(
        carried: str, controller: WorkflowController, database: Database, db_path: Path,
        tmp_path: Path) -> None:
    from ethics_desk.maintenance.auto_backup import daily_backup

    filed_case(controller)
    database.dispose()
    earlier = tmp_path / "earlier.sqlite"
    with sqlite3.connect(db_path) as conn:
        conn.execute("VACUUM INTO ?", (str(earlier),))
    again = open_database(db_path, clock=CLOCK)
    filed_case(WorkflowController.unrestricted(again, "Maria Clerk", clock=CLOCK))
    if carried == "an automatic backup":
        taken = daily_backup(again, actor="Maria Clerk", clock=CLOCK)
        assert taken is not None and taken.verified
    with again.engine.connect() as conn:
        anchor = journal.head(conn)  # what a backup or a packet carried away
    again.dispose()
    assert anchor is not None
    # Someone with the key puts the earlier file back and records other things after it: a
    # journal that verifies in itself, but is not the one the anchor saw.
    for leftover in tmp_path.glob("ethics-desk.sqlite*"):
        leftover.unlink()
    shutil.copyfile(earlier, db_path)
    rewritten = open_database(db_path, clock=CLOCK)
    writer = WorkflowController.unrestricted(rewritten, "Maria Clerk", clock=CLOCK)
    other = complete_intake(facts="Nothing of the kind was ever alleged.")
    while True:
        filed_case(writer, other)
        with rewritten.engine.connect() as conn:
            reached = journal.head(conn)
        assert reached is not None
        if reached[0] >= anchor[0]:
            break
    rewritten.dispose()
    if carried == "an automatic backup":
        found = failing(db_path)
        assert set(found) == {ANCHORS}
        assert "the backup ethics-desk.daily-" in found[ANCHORS][0]
    else:
        assert not failing(db_path), "in itself, the rewritten journal verifies"
        found = failing(db_path, [Anchor(anchor[0], anchor[1][:16], "the packet of Monday")])
        assert set(found) == {ANCHORS}
        assert "the packet of Monday" in found[ANCHORS][0]
    assert "is not the one the anchor names" in found[ANCHORS][0] \
        or "no longer reaches record" in found[ANCHORS][0]


def test_an_anchor_beyond_the_journal_says_newer_records_were_removed(
        database: Database) -> None:
    with database.engine.connect() as conn:
        top = journal.head(conn)
    assert top is not None
    found = failing(database.url, [Anchor(top[0] + 5, "0" * 16, "a Board packet")])
    assert "no longer reaches record" in found[ANCHORS][0]


@pytest.mark.parametrize("typed", ["12", "12:abc", "x:0123456789abcdef", "12:" + "g" * 16])
def test_an_anchor_typed_wrongly_is_one_message_saying_how_it_is_written(typed: str) -> None:
    with pytest.raises(StorageError) as refused:
        journal.parse_anchor(typed)
    assert "is not a record anchor" in refused.value.problem and "16 digits" in refused.value.fix


def _drill() -> object:
    import importlib.util

    spec = importlib.util.spec_from_file_location("tamper_drill_for_tests",
                                                  ROOT / "benchmarks" / "tamper_drill.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


DRILL = _drill()
KINDS = sorted(DRILL.KINDS)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def compacted_demo(demo_template: DemoTemplate, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demonstration database as one file without free pages, as the drill tampers it."""
    assert isinstance(demo_template.template, Path)
    folder = tmp_path_factory.mktemp("tamper-demo")
    compacted = DRILL.compact(demo_template.template, folder / "demo.sqlite")  # type: ignore[attr-defined]
    assert not failing(compacted), "the untampered demonstration passes every check"
    return Path(compacted)


@pytest.mark.sqlite_file
@pytest.mark.parametrize("kind", KINDS)
def test_check_detects_each_kind_of_tampering_by_someone_without_the_key(
        kind: str, compacted_demo: Path, tmp_path: Path) -> None:
    copy = tmp_path / "tampered.sqlite"
    done = DRILL.tamper(compacted_demo, copy, kind, random.Random(kind))  # type: ignore[attr-defined]
    caught, _ = DRILL.detected(copy)  # type: ignore[attr-defined]
    assert caught, f"not detected: {done}"


def test_the_drill_has_about_thirty_kinds_or_more() -> None:
    assert len(KINDS) >= 30


def _settings_added(database: Database, start: int, count: int) -> None:
    """``count`` rows of about a kilobyte each, journalled like any row."""
    with database.engine.begin() as conn:
        conn.execute(text("INSERT INTO setting (key, value, version) VALUES (:k, :v, 1)"),
                     [{"k": f"drill.{i:06d}", "v": f"{i} " + "x" * 1000}
                      for i in range(start, start + count)])


def _verified_with_peak(database: Database) -> tuple[journal.Verification, int]:
    """The journal verified, and the most memory Python held meanwhile (bytes)."""
    import tracemalloc

    tracemalloc.start()
    try:
        with database.engine.connect() as conn:
            found = journal.verify(conn)
            conn.rollback()
        return found, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_check_replays_the_journal_holding_a_few_rows_at_a_time_however_many_there_are(
        database: Database) -> None:
    _settings_added(database, 0, 3_000)
    found, small = _verified_with_peak(database)
    assert not found.chain and not found.rows_differ and found.rows > 3_000
    _settings_added(database, 3_000, 9_000)
    found, large = _verified_with_peak(database)
    assert not found.chain and not found.rows_differ and found.rows > 12_000
    assert large < 1.3 * small, (
        f"four times the rows took {large / small:.1f} times the memory: the replay holds "
        "every row")
