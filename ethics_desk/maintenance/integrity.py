"""``ethics-desk check``: is the database sound, and can its records be trusted?

Each check answers one question and names what it found wrong:

* the SQLite file's pages (``PRAGMA integrity_check``) and its references
  (``PRAGMA foreign_key_check``);
* the schema revision: one this version knows (not written by a newer version, not missing);
* the audit trail's hash chain (:func:`ethics_desk.storage.audit.verify_chain`): no record edited,
  removed or reordered;
* the record's journal (:mod:`ethics_desk.storage.journal`): its keyed chain verifies (no record
  forged, altered, removed, inserted or reordered), every row of every table is the row its last
  journal record says, every issued paper and exhibit has the bytes recorded, every table's
  triggers are there as they must be, and the journal still holds every anchor given (the heads
  carried by backups and printed on Board packets);
* no committed act was lost: a SQLite file's journal reaches the head its record anchor, beside
  the file, last recorded (:mod:`ethics_desk.storage.record_anchor`) — else the lost journal
  records are named, and the newest backup that holds them;
* every open deadline falls on a business day of the current calendars (a calendar-day clock,
  the § 2-87(a) opinion, may fall on an office closure, which does not move it), and is the date
  the deadline engine gives on them today (a calendar edited without recomputing shows up here);
* on an older schema revision this version knows (the application upgrades it when it opens
  it), a check that reads what that revision does not have yet — a column, a table, the search
  index — is not run, and says so; it is neither a failure nor a pass (:func:`not_run_on`);
* every change of a staff account the journal shows (created, given another role, disabled,
  enabled, given a new password) has the ``account.*`` audit record of the act that makes it,
  naming its login (:func:`_accounts_check`);
* as a warning, not a broken record: every issued paper that states a date which no longer
  holds — a closure moved the response date it gives (:mod:`ethics_desk.documents.stated_dates`);
  the Papers tab of its case offers the corrected reissue.

What a check finds names a case (its number), a party or a paper only for a viewer who receives
every case, the City Clerk's staff (``names_cases``). For anyone else — the Administrator who
runs ``check``, a restore's description of a backup — it is counted, with "ask the Clerk's
staff": § 2-83(h)(1) keeps a pending complaint from those who do not receive it.

A SQLite file is opened read-only (``mode=ro``): checking never writes, never creates a file and
never switches a backup copy's journal mode. A file whose folder cannot be written (a read-only
folder or share) or whose disk is full is not damaged for it, although SQLite cannot then make
the shared-memory file (``-shm``) its reads of a write-ahead-logged file go through: the check
says which of the two it is, in one line, and runs every check on the file as it is (SQLite's
``immutable`` mode, which needs no ``-shm``).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import Engine, create_engine, select
from sqlalchemy.engine import URL
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.deadlines import ClockKind, CountUnit, DayKind, clock, format_day
from ethics_desk.deadlines.schedule import load_calendars, recompute_open
from ethics_desk.models import AuditRecord, Complaint, Deadline, DeadlineStatus
from ethics_desk.storage import audit, journal, record_anchor, sqlite_file
from ethics_desk.storage.addresses import sqlite_path
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database, make_engine, resolve_url
from ethics_desk.storage.migrate import current_revision, head_revision, known_revisions
from ethics_desk.storage.read_only import ReadOnlyKind
from ethics_desk.storage.record_anchor import LostActs
from ethics_desk.storage.server_roles import refuse_unless_the_owner
from ethics_desk.storage.sqlite_file import read_only, unwritable, verify_sqlite_file
from ethics_desk.storage.sqlite_uri import file_uri


@dataclass(frozen=True)
class CheckResult:
    """One check: its name, whether it holds, and what was found (problems, or a note)."""

    name: str
    ok: bool
    details: list[str] = field(default_factory=list)
    warning: bool = False
    """The check holds, but found something for the office to act on (not a broken record)."""
    not_run: bool = False
    """The check could not run on the database as it is (an older schema revision lacks what
    it reads): neither held nor failed; ``details`` say why and when it runs."""


INTEGRITY = "SQLite integrity (PRAGMA integrity_check)"
FOREIGN_KEYS = "References between records (PRAGMA foreign_key_check)"
SCHEMA = "Schema revision"
AUDIT = "Audit trail hash chain"
APPEND_ONLY = "The audit trail is append-only at the database"
DEADLINE_DAYS = "Open deadlines fall on business days"
DEADLINE_DATES = "Open deadlines agree with the current calendars"
LISTING = "The inbox listing agrees with the records"
SEARCH_INDEX = "The search index holds every case as it is"
FULL_TEXT = "The full-text index holds every case's words as they are, and no disposed case's"
JOURNAL = "The journal of every change verifies (keyed MAC chain)"
RECORDS = "Every record is as its journal last recorded it"
PAPERS = "Issued papers and exhibits have the bytes recorded"
TRIGGERS = "Every table's changes are journalled (triggers)"
ANCHORS = "The journal holds every anchor (backups, Board packets)"
STALE_PAPERS = "Issued papers state the dates that hold now"
LOST_ACTS = "No committed act was lost (the record anchor beside the file)"
ACCOUNTS = "Every change of a staff account is on record (account.* audit records)"
JOURNAL_CHECKS = (TRIGGERS, JOURNAL, RECORDS, PAPERS)
AS_IT_IS = "The file is read as it is, without writing beside it"
SEARCH_INDEX_REVISION = "0016"
FULL_TEXT_REVISION = "0033"
"""The schema revision that adds the search index (:mod:`ethics_desk.cases.search_index`)."""
NOT_IN_SCHEMA = ("no such column", "no such table", "does not exist")
"""How SQLite and PostgreSQL say that a column or table a check reads is not in the schema."""
ASK_THE_CLERK = "ask the Clerk's staff which (they see the cases; this account does not)"
"""What a check says, instead of naming cases, to a viewer who receives none."""


def run_checks(db: URL | str | os.PathLike[str] | None,
               anchors: Sequence[Anchor] = (), *, from_backups: bool = True,
               names_cases: bool = False,
               progress: Callable[[str], object] | None = None) -> list[CheckResult]:
    """Every check on the database named by ``db`` (a URL, a path, or None for the default),
    the journal against each of ``anchors`` too, and (``from_backups``) against the anchors
    of a SQLite file's automatic backups (:func:`backup_anchors`).

    ``names_cases``: the results are read by someone who receives every case (the City
    Clerk's staff), so a problem names its case, party or paper; by default it is counted
    (:data:`ASK_THE_CLERK`), for the Administrator and the Records officer.

    ``progress`` is told the name of each check as it starts (a terminal shows it: a large
    database takes a while).

    A SQLite file that does not exist raises :class:`StorageError`: checking never creates one.
    """
    def step(names: tuple[str, ...],
             run: Callable[[], list[CheckResult]]) -> list[CheckResult]:
        if progress is not None:
            progress(", ".join(names))
        return _guarded(names, run)

    url = db if isinstance(db, URL) else resolve_url(db)
    path = sqlite_path(url)
    if path is not None:
        if not path.is_file():
            raise StorageError(f"There is no database at {path}.",
                               "Check the path given with --db (check never creates a database).")
        condition = _unwritable_condition(path)
        parameters = {"immutable": "1"} if condition is not None else {}
        engine = _read_only_engine(path, **parameters)
    else:
        condition, parameters = None, {}
        engine = make_engine(url, create_folder=False)
        try:
            refuse_unless_the_owner(engine, "the checks read")
        except BaseException:
            engine.dispose()
            raise
    try:
        results = [CheckResult(AS_IT_IS, True, condition)] if condition is not None else []
        if path is not None and progress is not None:
            progress("the file")
        results += _file_checks(path, **parameters) if path is not None else []
        results += [_lost_acts_check(path, **parameters)] if path is not None else []
        [schema] = step((SCHEMA,), lambda: [_schema_check(engine)])
        results.append(schema)
        if not schema.ok:
            why = "not checked: the schema revision is missing, unknown or unreadable"
            results.extend(CheckResult(name, False, [why])
                           for name in (APPEND_ONLY, AUDIT, *JOURNAL_CHECKS, ACCOUNTS,
                                        DEADLINE_DAYS,
                                        DEADLINE_DATES, LISTING, SEARCH_INDEX, FULL_TEXT,
                                        STALE_PAPERS))
            return results
        results += step((APPEND_ONLY,), lambda: [_append_only_check(engine)])
        found = [*anchors, *(backup_anchors(path, engine)
                             if path is not None and from_backups else [])]
        results += step(JOURNAL_CHECKS + ((ANCHORS,) if found else ()),
                            lambda: _journal_checks(engine, found, names_cases))
        results += step((ACCOUNTS,), lambda: [_accounts_check(engine)])
        with Session(engine) as session:
            results += step((AUDIT,), lambda: [_audit_check(session)])
            results += step((DEADLINE_DAYS, DEADLINE_DATES),
                                lambda: _deadline_checks(session, names_cases))
            results += step((LISTING,), lambda: [_listing_check(session, names_cases)])
            results += step((SEARCH_INDEX,),
                                lambda: [_search_index_check(session, names_cases)])
            results += step((FULL_TEXT,), lambda: [_full_text_check(session, names_cases)])
            results += step((STALE_PAPERS,),
                                lambda: [_stale_papers_check(session, names_cases)])
        revision = current_revision(engine)
        if revision is not None and revision != head_revision():
            results = [not_run_on(revision, result) for result in results]
        return results
    finally:
        engine.dispose()


def not_run_on(revision: str, result: CheckResult) -> CheckResult:
    """``result`` of a check on a database of the older schema ``revision`` (one this version
    knows: it upgrades it when it opens it): a check that failed because that revision does not
    have what it reads — a column or a table (the error says so), or the search index (before
    :data:`SEARCH_INDEX_REVISION`) — did not run, and says so; any other result is as it is."""
    head = head_revision()
    if result.ok:
        return result
    lacking = [detail.removeprefix("could not be read: ") for detail in result.details
               if detail.startswith("could not be read: ")
               and any(words in detail for words in NOT_IN_SCHEMA)]
    if result.name == SEARCH_INDEX and revision < SEARCH_INDEX_REVISION:
        lacking = [f"the search index comes with revision {SEARCH_INDEX_REVISION}"]
    if result.name == FULL_TEXT and revision < FULL_TEXT_REVISION:
        lacking = [f"the full-text index comes with revision {FULL_TEXT_REVISION}"]
    if not lacking:
        return result
    return CheckResult(result.name, True, [
        f"not run: revision {revision} does not have what it reads yet ({lacking[0]}); it runs "
        f"once the database is upgraded to {head}"], not_run=True)


def read_only_database_engine(path: Path) -> Engine:
    """An engine that reads the SQLite file at ``path`` and can never write it, on a folder or
    disk that cannot be written too (``immutable`` then, as the checks read it)."""
    parameters = {"immutable": "1"} if _unwritable_condition(path) is not None else {}
    return _read_only_engine(path, **parameters)


def _read_only_engine(path: Path, **parameters: str) -> Engine:
    """An engine on ``path`` that cannot write (SQLite ``mode=ro``), whatever the file's mode
    (``parameters``: ``immutable="1"`` for a file on a folder or disk that cannot be written)."""

    def connect() -> sqlite3.Connection:
        conn = sqlite3.connect(file_uri(path, mode="ro", **parameters), uri=True)
        conn.execute(f"PRAGMA busy_timeout = {sqlite_file.BUSY_TIMEOUT_MS}")
        journal.register_functions(conn)
        return sqlite_file.stop_when_asked(conn)

    return create_engine("sqlite://", creator=connect, poolclass=NullPool)


def _unwritable_condition(path: Path) -> list[str] | None:
    """Why ``path`` cannot be read the ordinary read-only way although it may be sound — its
    folder is read-only, or its disk is full — in one line each; None when it can be read so
    (or cannot for another reason, which the checks then report)."""
    try:
        conn = read_only(path)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
        return None
    except sqlite3.Error:
        pass
    why = unwritable(path.resolve().parent)
    if why is None:
        return None
    lines = [why]
    wal = path.with_name(path.name + "-wal")
    with contextlib.suppress(OSError):
        if wal.stat().st_size:
            lines.append(f"its write-ahead log {wal.name} holds changes that cannot be read "
                         "without writing beside the file: the checks see the file as it was "
                         "when the log was last folded into it")
    lines.append("every check below reads the file as it is (nothing can change it meanwhile "
                 "from this computer); free space or write access is needed to use it")
    return lines


def _guarded(names: tuple[str, ...],
             checks: Callable[[], list[CheckResult]]) -> list[CheckResult]:
    """Run checks; a database that cannot be read fails them with the reason, not a traceback.
    Asked to stop (a backup being stopped, :func:`ethics_desk.storage.sqlite_file.stoppable`),
    the checks left are not run: they fail, saying so."""
    if sqlite_file.stop_requested():
        return [CheckResult(name, False, ["not run: stopped"]) for name in names]
    try:
        return checks()
    except (SQLAlchemyError, sqlite3.Error) as exc:
        reason = getattr(exc, "orig", None) or exc
        return [CheckResult(name, False, [f"could not be read: {reason}"]) for name in names]
    except (ValueError, TypeError) as exc:  # a stored value garbled past reading (a date, say)
        return [CheckResult(name, False, [f"could not be read: a stored value is damaged ({exc})"])
                for name in names]


def _file_checks(path: Path, **parameters: str) -> list[CheckResult]:
    """The page and reference checks of the SQLite file (the same ones a backup copy passes)."""
    problems = verify_sqlite_file(path, **parameters)
    references = [p for p in problems if p.startswith("foreign key:")]
    pages = [p for p in problems if p not in references]
    return [CheckResult(INTEGRITY, not pages, pages),
            CheckResult(FOREIGN_KEYS, not references and not pages,
                        references or (["not checked: the file cannot be read"] if pages else []))]


def _schema_check(engine: Engine) -> CheckResult:
    """The recorded schema revision is one this version knows."""
    current = current_revision(engine)
    head = head_revision()
    if current is None:
        return CheckResult(SCHEMA, False, ["no schema revision is recorded: this is not an Ethics "
                                           "Desk database, or it was never opened by the "
                                           "application"])
    if current not in known_revisions():
        return CheckResult(SCHEMA, False, [f"revision {current} was written by a newer version of "
                                           "Ethics Desk; install that version to use it"])
    if current != head:
        return CheckResult(SCHEMA, True, [f"revision {current}; opening the database with this "
                                          f"version upgrades it to {head} after a verified "
                                          "backup"])
    return CheckResult(SCHEMA, True, [f"revision {current}, the newest this version knows"])


def _lost_acts_check(path: Path, **parameters: str) -> CheckResult:
    """The journal reaches the head its record anchor last recorded
    (:mod:`ethics_desk.storage.record_anchor`): no committed act was dropped (a damaged
    write-ahead log, an older copy put in the file's place)."""
    from ethics_desk.storage import record_anchor

    lost = record_anchor.lost_acts(path, **parameters)
    if lost is not None:
        return CheckResult(LOST_ACTS, False, [lost.problem, lost.fix])
    anchored = record_anchor.read_anchor(path)
    if anchored is None:
        return CheckResult(LOST_ACTS, True, [f"no record anchor beside the file yet "
                                             f"({record_anchor.anchor_path(path).name}): the "
                                             "next act saved writes it"])
    try:
        found = record_anchor.file_head(path, **parameters)
    except record_anchor.Unreadable as exc:
        return CheckResult(LOST_ACTS, False, [f"not checked: the file cannot be read ({exc})"])
    if found is not None and anchored.key != found.key:
        return CheckResult(LOST_ACTS, True, [f"the record anchor beside the file is another "
                                             f"database's (record key {anchored.key}): the next "
                                             "act saved replaces it"])
    return CheckResult(LOST_ACTS, True, [f"the journal holds record {anchored.seq}, the newest "
                                         "its anchor records"])


def _append_only_check(engine: Engine) -> CheckResult:
    """The database itself refuses to change or delete an audit record (its triggers)."""
    from sqlalchemy import text

    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            found = set(conn.execute(text(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' "
                "AND tbl_name = 'audit_record'")).scalars())
            wanted = {"audit_record_no_update", "audit_record_no_delete"}
        elif conn.dialect.name == "postgresql":
            found = set(conn.execute(text(
                "SELECT tgname FROM pg_trigger WHERE tgrelid = 'audit_record'::regclass "
                "AND NOT tgisinternal AND tgenabled <> 'D'")).scalars())
            wanted = {"audit_record_no_update", "audit_record_no_delete",
                      "audit_record_no_truncate"}
        else:
            return CheckResult(APPEND_ONLY, False, [f"not known how to check on {conn.dialect.name}"])
    missing = sorted(wanted - found)
    if missing:
        return CheckResult(APPEND_ONLY, False, [
            f"missing or disabled: {', '.join(missing)} — the audit trail could be changed "
            "at the database; ask IT to restore them (the schema's first revision creates them)"])
    return CheckResult(APPEND_ONLY, True, ["the database refuses to change or delete an audit "
                                           "record"])


@dataclass(frozen=True)
class Anchor:
    """A head the journal once had (``seq`` and its MAC, or the MAC's first digits), and where
    it was found: a backup's file name, a packet's date, or "given with --anchor"."""

    seq: int
    mac: str
    source: str


def backup_anchors(path: Path, engine: Engine) -> list[Anchor]:
    """The record anchors of the automatic backups of the SQLite file ``path``: each copy in
    its backup folder (:mod:`ethics_desk.maintenance.auto_backup`) that seals its journal with the
    same key carries the head the journal had when it was taken. A copy taken before the
    database was last restored is left out: the restore began another history from an earlier
    copy (its audit record says which)."""
    from ethics_desk.storage.backup_files import RESTORED, backups_in, existing_folder

    folder = existing_folder(path)
    if folder is None:
        return []
    with engine.connect() as conn:
        if not journal.has_journal(conn):
            return []
        key_id = journal.key_id_of(conn)
        restored = conn.execute(select(AuditRecord.at).where(AuditRecord.action == RESTORED)
                                .order_by(AuditRecord.seq.desc()).limit(1)).scalar()
    anchors = []
    for copy in sorted(backups_in(folder, path.stem), key=lambda c: c.taken):
        if copy.path.resolve() == path.resolve() or journal.key_of_file(copy.path) != key_id:
            continue
        newest = journal.newest_audit_of_file(copy.path)
        if restored is not None and (newest is None or newest < restored.replace(tzinfo=None)):
            continue
        head = journal.head_of_file(copy.path)
        if head is not None:
            anchors.append(Anchor(head[0], head[1], f"the backup {copy.path.name}"))
    return anchors


def _counted(found: list[str], what: str) -> list[str]:
    """``found`` (one line per case, paper or row) told as a count, naming none of them."""
    return [f"{len(found)} {what}: {ASK_THE_CLERK}"] if found else []


def _journal_checks(engine: Engine, anchors: Sequence[Anchor],
                    names_cases: bool = False) -> list[CheckResult]:
    """The journal replayed against the tables (:func:`ethics_desk.storage.journal.verify`);
    a row is named by its table and key, and (``names_cases``) its paper's file name, title,
    person's name or case number."""
    with engine.connect() as conn:
        if not journal.has_journal(conn):
            why = ["not checked: this revision has no journal yet (it begins when the "
                   "application upgrades the database)"]
            return [CheckResult(name, True, why) for name in JOURNAL_CHECKS]
        found = journal.verify(conn, names=names_cases)
        anchored = [(anchor, journal.verify_anchor(conn, (anchor.seq, anchor.mac)))
                    for anchor in anchors]
        conn.rollback()
    chain = list(found.chain)
    if found.unverifiable:
        chain.insert(0, f"the MACs could not be verified: {found.unverifiable}")
    results = [
        CheckResult(TRIGGERS, not found.triggers, found.triggers
                    or ["every table's inserts, updates and deletes are journalled"]),
        CheckResult(JOURNAL, not chain, chain
                    or [f"{found.records} record(s), every link and MAC holds"
                        + (f" ({found.redacted} emptied by a disposal, each by its sealed "
                           "voucher)" if found.redacted else "")]),
        CheckResult(RECORDS, not found.rows_differ, found.rows_differ
                    or [f"{found.rows} row(s), each as last journalled"]),
        CheckResult(PAPERS, not found.papers_differ, found.papers_differ
                    or [f"{found.papers} paper(s) and exhibit(s) re-hashed, each as recorded"]),
    ]
    if anchors:
        wrong = [f"{anchor.source} ({anchor.seq}:{anchor.mac[:16]}): {problem}"
                 for anchor, problem in anchored if problem is not None]
        results.append(CheckResult(ANCHORS, not wrong, wrong or [
            f"{len(anchors)} anchor(s), each still in the journal"]))
    return results


ACCOUNT_ACTS: dict[str, tuple[str, ...]] = {
    "created": ("account.create",),
    "given a new password": ("account.reset", "account.password", "account.convert"),
    "given a re-made hash of its password at sign-in": ("account.sign_in",),
    "disabled": ("account.disable",),
    "enabled again": ("account.reset",),
    "given another role": ("account.role",),
    "renamed": ("account.rename",),
    "removed": ("account.remove",),
}
"""Each change of a staff account the journal can show, and the audit records (naming the
account's login) of the acts that make it."""


def _account_changes(before: dict[str, object] | None,
                     after: dict[str, object] | None) -> list[str]:
    """The changes one journal record of a ``staff_account`` row makes, in the words of
    :data:`ACCOUNT_ACTS` (never a value of the password's hash)."""
    if before is None:
        return ["created"] if after is not None else []
    if after is None:
        return ["removed"]
    changes = []
    if before.get("password_hash") != after.get("password_hash"):
        hashes = [str(v.get("password_hash") or "") for v in (before, after)]
        old, new = (h.split("$")[1:4] for h in hashes)
        # other Argon2 parameters: the sign-in re-made it (a server's marker is no hash)
        rehashed = old != new and all(h.startswith("$argon2") for h in hashes)
        changes.append("given a re-made hash of its password at sign-in" if rehashed
                       else "given a new password")
    if before.get("disabled_at") is None and after.get("disabled_at") is not None:
        changes.append("disabled")
    if before.get("disabled_at") is not None and after.get("disabled_at") is None:
        changes.append("enabled again")
    if before.get("role") != after.get("role"):
        changes.append("given another role")
    if before.get("name") != after.get("name") or before.get("login") != after.get("login"):
        changes.append("renamed")
    return changes


def _accounts_check(engine: Engine) -> CheckResult:
    """Every change the journal shows of a staff account — created, given another role,
    disabled or enabled, given a new password — has the audit record of the act that makes it,
    naming the account's login; a change without one was made outside the application's acts
    (by SQL on the server, or by a program holding the record key). Named by login, never by a
    hash."""
    import json
    from collections import Counter

    from sqlalchemy import text

    with engine.connect() as conn:
        if not journal.has_journal(conn):
            return CheckResult(ACCOUNTS, True, ["not checked: this revision has no journal yet"])
        acts: Counter[tuple[str, str]] = Counter()
        for action, detail in conn.execute(text(
                "SELECT action, detail FROM audit_record WHERE action LIKE 'account.%' "
                "ORDER BY seq")):
            try:
                data = json.loads(detail or "{}")
            except ValueError:
                continue
            if not isinstance(data, dict):
                continue
            logins = data.get("logins") if isinstance(data.get("logins"), list) else [
                data.get("login")]
            for login in logins or []:
                if isinstance(login, str):
                    acts[(login, str(action))] += 1
        changes: Counter[tuple[str, str]] = Counter()
        for op, before, after in conn.execute(text(
                f"SELECT op, before, after FROM {journal.TABLE} WHERE table_name = "
                "'staff_account' ORDER BY seq")):
            if op == "baseline":
                continue
            old = json.loads(before) if before else None
            new = json.loads(after) if after else None
            login = str((new or old or {}).get("login", "?"))
            for change in _account_changes(old, new):
                changes[(login, change)] += 1
        conn.rollback()
    wrong = []
    for (login, change), count in sorted(changes.items()):
        actions = ACCOUNT_ACTS[change]
        recorded = sum(acts[(login, action)] for action in actions)
        if count > recorded:
            wrong.append(f"the account “{login}” was {change} {count - recorded} time(s) with "
                         f"no audit record of it ({' or '.join(actions)}): made outside Ethics "
                         "Desk's acts; ask IT to compare it with the newest backup")
    if wrong:
        return CheckResult(ACCOUNTS, False, wrong)
    return CheckResult(ACCOUNTS, True, [f"{sum(changes.values())} change(s) of staff accounts, "
                                        "each with its audit record"])


def _audit_check(session: Session) -> CheckResult:
    """No audit record was edited, removed or reordered since it was written."""
    problems = verify_chain(session)
    if problems:
        return CheckResult(AUDIT, False, [p.message for p in problems])
    count = session.scalar(select(AuditRecord.seq).order_by(AuditRecord.seq.desc()).limit(1)) or 0
    return CheckResult(AUDIT, True, [f"{count} record(s), every link and hash holds"])


def _deadline_checks(session: Session, names_cases: bool = False) -> list[CheckResult]:
    """Open deadlines against the current calendars: on business days, and recomputed.

    A deadline on a closed day, or one the engine now dates differently, means a calendar
    changed without the open deadlines being recomputed (design § 3). Nothing is saved. Each
    is named by its case and title (``names_cases``), or counted.
    """
    calendars = load_calendars(session)
    rows = session.execute(
        select(Deadline, Complaint.case_number, Complaint.id).join(
            Complaint, Complaint.id == Deadline.complaint_id)
        .where(Deadline.status == DeadlineStatus.OPEN).order_by(Deadline.due_on, Deadline.id)
        .execution_options(yield_per=1000))  # a batch at a time, however many are open
    count = 0
    on_closed_days = []
    closed_for: set[str] = set()  # the office's closures, which name no case
    for deadline, number, complaint_id in rows:
        count += 1
        calendar = calendars.state if deadline.calendar == "state" else calendars.city
        info = calendar.classify(deadline.due_on)
        reason = info[1] if info is not None else None
        if info is not None and info[0] is DayKind.CLOSURE and _counts_calendar_days(deadline):
            reason = None  # a closure does not move a calendar-day clock (§ 311.014(b))
        if reason is not None:
            closed_for.add(f"{deadline.calendar} calendar: {reason}")
            on_closed_days.append(
                f"{number or f'Draft {complaint_id}'}: “{deadline.title}” ({deadline.citation}) "
                f"is due {format_day(deadline.due_on)}, which is not a business day on the "
                f"{deadline.calendar} calendar ({reason})")
    moved = recompute_open(session, calendars, apply=False)
    ids = sorted({m.complaint_id for m in moved})
    numbers = {complaint_id: number or f"Draft {complaint_id}"
               for start in range(0, len(ids), 500)
               for complaint_id, number in session.execute(
                   select(Complaint.id, Complaint.case_number)
                   .where(Complaint.id.in_(ids[start:start + 500])))}
    session.rollback()
    stale = [f"{numbers.get(m.complaint_id, m.complaint_id)}: “{m.title}”"
             f" is stored as due "
             f"{m.old_due.isoformat()} but the calendars give {m.new_due.isoformat()}"
             for m in moved]
    if not names_cases:
        on_closed_days = _counted(on_closed_days, "open deadline(s) fall on a day that is not "
                                                  "a business day ("
                                  + "; ".join(sorted(closed_for)) + ")")
        stale = _counted(stale, "open deadline(s) are stored with another date than the "
                                "calendars give")
    return [CheckResult(DEADLINE_DAYS, not on_closed_days,
                        on_closed_days or [f"{count} open deadline(s)"]),
            CheckResult(DEADLINE_DATES, not stale, stale)]


def _counts_calendar_days(deadline: Deadline) -> bool:
    """Whether the deadline's clock counts calendar days (the § 2-87(a) opinion)."""
    try:
        return clock(ClockKind(deadline.clock)).unit is CountUnit.CALENDAR_DAYS
    except ValueError:
        return False


def _stale_papers_check(session: Session, names_cases: bool = False) -> CheckResult:
    """Issued papers, not voided, stating a date that no longer holds: a warning naming each
    (``names_cases``), or counting them (the check holds; the fix is the corrected reissue
    from the case's Papers tab)."""
    from ethics_desk.documents.stated_dates import stale_papers

    papers = stale_papers(session)
    if names_cases:
        found = [f"{stale.sentence()}: reissue it corrected from the case's Papers tab"
                 for stale in papers]
    elif papers:
        found = [f"{len(papers)} issued paper(s) state a date that no longer holds, each to be "
                 f"reissued corrected from its case's Papers tab: {ASK_THE_CLERK}"]
    else:
        found = []
    return CheckResult(STALE_PAPERS, True, found, warning=bool(found))


def _search_index_check(session: Session, names_cases: bool = False) -> CheckResult:
    """The database's search index exists, is kept by the database, and holds exactly what the
    complaints' search columns hold (:mod:`ethics_desk.cases.search_index`)."""
    from sqlalchemy import text

    from ethics_desk.cases import search_index
    from ethics_desk.storage import search_table

    fix = ("searches would miss cases: ask IT to restore the latest verified backup, or run "
           "“ethics-desk repair-search” on this database")
    if session.get_bind().dialect.name == "sqlite":
        found = set(session.execute(text(
            "SELECT name FROM sqlite_master WHERE name = :t OR (type = 'trigger' AND "
            "tbl_name = 'complaint' AND name LIKE :p)"),
            {"t": search_table.TABLE, "p": search_table.TABLE + "%"}).scalars())
        wanted = {search_table.TABLE, *search_table.SQLITE_TRIGGERS}
        if missing := sorted(wanted - found):
            return CheckResult(SEARCH_INDEX, False, [f"missing: {', '.join(missing)} — {fix}"])
        streamed = session.connection().execution_options(yield_per=5000)
        wrong = search_index.sqlite_disagreements(  # both in id order, merged as they are read
            streamed.execute(text("SELECT id, search_key, search_words FROM complaint "
                                  "ORDER BY id")),
            streamed.execute(text(f"SELECT id, sz FROM {search_table.TABLE}_docsize "
                                  "ORDER BY id")))
        if wrong and not names_cases:
            return CheckResult(SEARCH_INDEX, False, [
                f"the index does not hold what {len(wrong)} case(s) hold — {fix}"])
        if wrong:
            shown = ", ".join(str(case_id) for case_id in wrong[:10])
            more = f" and {len(wrong) - 10} more" if len(wrong) > 10 else ""
            return CheckResult(SEARCH_INDEX, False, [
                f"the index does not hold what case(s) {shown}{more} hold (by id) — {fix}"])
        return CheckResult(SEARCH_INDEX, True, ["the trigram index holds every case's number "
                                                "and names as they are"])
    found = set(session.execute(text(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'complaint' "
        "AND schemaname = current_schema()")).scalars())
    if missing := sorted(set(search_table.POSTGRESQL_INDEXES) - found):
        return CheckResult(SEARCH_INDEX, False, [f"missing: {', '.join(missing)} — {fix}"])
    return CheckResult(SEARCH_INDEX, True, ["the trigram indexes on the cases' numbers and "
                                            "names are in place (the server keeps them)"])


def _full_text_check(session: Session, names_cases: bool = False) -> CheckResult:
    """The full-text index (:mod:`ethics_desk.storage.full_text_table`) exists with its
    triggers, holds one entry for each piece of text of every case — of its case, as long as
    the piece — and nothing of a case disposed of (its words are destroyed with it). Read
    without writing, the entries and the pieces merged in the order of their ids."""
    from sqlalchemy import text

    from ethics_desk.storage import full_text_table as index

    fix = ("searches would miss or show wrong words: ask IT to restore the latest verified "
           "backup, or run “ethics-desk repair-search” on this database")
    sqlite = session.get_bind().dialect.name == "sqlite"
    if sqlite:
        found = set(session.execute(text(
            "SELECT name FROM sqlite_master WHERE name = :t OR (type = 'trigger' AND "
            "name LIKE :p)"), {"t": index.TABLE, "p": index.TABLE + "%"}).scalars())
        wanted = {index.TABLE, *index.sqlite_trigger_names()}
        entries = (f"SELECT id, c1, length(c0) FROM {index.TABLE}_content ORDER BY id")
    else:
        found = set(session.execute(text(
            "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal UNION "
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")).scalars())
        wanted = {index.TABLE, *(name for name, _table in index.pg_trigger_names())}
        entries = f"SELECT id, complaint_id, length(body) FROM {index.TABLE} ORDER BY id"
    if missing := sorted(wanted - found):
        return CheckResult(FULL_TEXT, False, [f"missing: {', '.join(missing)} — {fix}"])
    body = "body" if sqlite else "pg_body"
    pieces = " UNION ALL ".join(
        f"SELECT r.id * {index.ID_FACTOR} + {part.code} AS id, "
        f"{part.complaint.format(row='r')} AS complaint_id, "
        f"length({getattr(part, body).format(row='r')}) AS size FROM {part.table} AS r "
        f"WHERE {getattr(part, body).format(row='r')} <> ''" for part in index.PARTS)
    streamed = session.connection().execution_options(yield_per=5000)
    expected = streamed.execute(text(f"SELECT id, complaint_id, size FROM ({pieces}) AS p "
                                     "ORDER BY id"))
    held = streamed.execute(text(entries))
    wrong: set[int] = set()
    rows = iter(held)
    pending = next(rows, None)
    count = 0
    for entry_id, case_id, size in expected:
        count += 1
        while pending is not None and int(pending[0]) < int(entry_id):
            wrong.add(int(pending[1]))  # an entry of no piece of text
            pending = next(rows, None)
        if pending is None or int(pending[0]) != int(entry_id) \
                or (int(pending[1]), int(pending[2])) != (int(case_id), int(size)):
            wrong.add(int(case_id))
        if pending is not None and int(pending[0]) == int(entry_id):
            pending = next(rows, None)
    while pending is not None:
        wrong.add(int(pending[1]))
        pending = next(rows, None)
    disposed = set(session.execute(text(
        f"SELECT DISTINCT complaint_id FROM ({entries}) AS e(id, complaint_id, size) "
        "WHERE complaint_id IN (SELECT complaint_id FROM disposal_record)")).scalars()) \
        if not sqlite else set(session.execute(text(
            f"SELECT DISTINCT c1 FROM {index.TABLE}_content "
            "WHERE c1 IN (SELECT complaint_id FROM disposal_record)")).scalars())
    problems = []
    if disposed:
        problems.append(f"the index still holds words of {len(disposed)} case(s) disposed of"
                        + (f" (by id: {', '.join(str(i) for i in sorted(disposed)[:10])})"
                           if names_cases else "") + f" — {fix}")
    if wrong - disposed:
        shown = sorted(wrong - disposed)
        named = (f" (by id: {', '.join(str(i) for i in shown[:10])}"
                 + (f" and {len(shown) - 10} more" if len(shown) > 10 else "") + ")"
                 if names_cases else "")
        problems.append(f"the index does not hold what {len(shown)} case(s) hold{named} — "
                        f"{fix}")
    if problems:
        return CheckResult(FULL_TEXT, False, problems)
    return CheckResult(FULL_TEXT, True, [f"{count} piece(s) of the cases' text indexed as "
                                         "they are; no disposed case's words"])


def _listing_check(session: Session, names_cases: bool = False) -> CheckResult:
    """The stored names, search key and next deadline match the records they summarise: each
    case that does not is named (``names_cases``), or counted."""
    from sqlalchemy.orm import selectinload

    from ethics_desk.cases.listing import names, search_key_for
    from ethics_desk.cases.search_index import words_of
    from ethics_desk.models import Complaint, Deadline, DeadlineStatus

    # The open deadlines in the cases' order, each case's next one first, merged with the cases
    # as both are read: memory does not grow with the record.
    deadlines = session.execute(
        select(Deadline.complaint_id, Deadline.due_on, Deadline.title)
        .where(Deadline.status == DeadlineStatus.OPEN)
        .order_by(Deadline.complaint_id, Deadline.due_on, Deadline.id)
        .execution_options(yield_per=5000))
    open_deadlines = iter(deadlines)
    pending = next(open_deadlines, None)
    wrong: list[str] = []
    count = 0
    query = select(Complaint).options(selectinload(Complaint.complainants),
                                      selectinload(Complaint.respondents),
                                      selectinload(Complaint.witnesses)).order_by(Complaint.id)
    for complaint in session.scalars(query).yield_per(2000):
        count += 1
        while pending is not None and pending[0] < complaint.id:
            pending = next(open_deadlines, None)
        due, title = (pending[1], pending[2]) if pending is not None \
            and pending[0] == complaint.id else (None, "")
        if (complaint.complainant_names != names([c.name for c in complaint.complainants])
                or complaint.respondent_names != names([r.name for r in complaint.respondents])
                or complaint.search_key != search_key_for(complaint)
                or complaint.search_words != words_of(complaint.search_key)
                or complaint.next_due_on != due or complaint.next_due_title != title):
            wrong.append(f"{complaint.display_number}: the inbox would show it wrongly "
                         "(stored names, search key or next deadline are out of date)")
    deadlines.close()  # the last case's later deadlines are not read (a server's cursor)
    if not names_cases:
        wrong = _counted(wrong, "case(s) the inbox would show wrongly (stored names, search "
                                "key or next deadline are out of date)")
    return CheckResult(LISTING, not wrong, wrong or [f"{count} case(s) listed correctly"])


def accept_lost_acts(database: Database, *, actor: str, clock: Clock) -> LostActs:
    """An Administrator accepts the acts the SQLite database has lost: one audit record,
    ``database.lost_acts_accepted``, names them (their sequence numbers, the anchor's head,
    the backup that held them), and the anchor is set to the database's head. The database then
    takes writes again. Raises :class:`UserError` when it has lost nothing."""
    path = sqlite_path(database.url)
    lost = record_anchor.lost_acts(path) if path is not None else None
    if path is None or lost is None:
        raise UserError("The database has lost no committed act: there is nothing to accept.",
                        "Run ethics-desk check to see what it holds.")

    def record(session: Session) -> None:
        audit.append(
            session, actor=actor, action=record_anchor.ACCEPTED, at=clock(),
            summary=(f"Accepted the loss of journal {lost.numbers} (committed, then lost from "
                     "the database)"
                     + (f"; the backup {lost.backup.name} holds them" if lost.backup else "")),
            detail={"first": lost.first, "last": lost.last, "rewritten": lost.rewritten,
                    "anchor": {"seq": lost.anchor.seq, "mac": lost.anchor.mac},
                    "head": lost.head, "backup": lost.backup.name if lost.backup else None})

    with database.lifting(ReadOnlyKind.LOST_ACTS):
        database.write(record)
    # the commit kept the higher, lost, head
    record_anchor.record_head(database.engine, path, force=True,
                              wait_ms=sqlite_file.BUSY_TIMEOUT_MS)
    return lost
