"""Time full-text search on 100,000 cases (issue 34: each query at most 50 ms on two cores, the
same on the server).

``python benchmarks/full_text_search.py [--db big.sqlite|URL] [--count 100000] [--repeat 5]``

Without ``--db`` the database is built once by ``make_big_db.py`` (its complaints, each with a
statement of facts, and parties) and given, with bulk inserts, the rest of a case's text: an
allegation and a note for every filed case, and for one case in three an exhibit whose text
(about 150 words, as read from a one-page letter or invoice) is stored as the attachment's
``extracted_text`` — the database's triggers index each row as it is inserted, as they do a
clerk's. One exhibit alone holds the word "quixotic". The file is kept under the temporary
folder, named after the schema's head revision and the count, and reused by the next run.
With ``--db`` a database is timed as it is (a server's URL: the same queries on PostgreSQL,
connected as the owner, whose rows the scope's condition still limits); ``--copy-to URL`` first
copies the cached file's cases onto an empty server database (:func:`copy_to_server`).

Each query of :data:`QUERIES` — a rare word, a common one, a phrase, a word start, a name with
its accent typed without, several words — is timed through
:func:`ethics_desk.cases.full_text.search_documents` (parsing, the one SELECT within the
scope, the results' places) as the City Clerk's staff (every case) and as a Board member (the
cases before the Board, none they are a party of): the first run warms the caches and is not
counted, then the median of ``--repeat``. The audit record each search writes is timed apart
(``audit_ms``): it is a write of the audit trail, not part of the query. The last line printed
is one JSON object with the figures and ``"met"``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any
from unittest import mock

from sqlalchemy import insert, select

from ethics_desk.cases import full_text
from ethics_desk.core.account import Account
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import NoteKind
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import Allegation, Attachment, CaseNote, Complaint, StaffAccount
from ethics_desk.storage import queued_records
from ethics_desk.storage.migrate import head_revision

TARGET_MS = 50.0
TODAY = date(2026, 11, 30)
CHUNK = 10_000
CLERK = Account(1, "benchmark", "Benchmark Clerk", Role.CLERK)
MEMBER = Account(2, "bmember", "Benchmark Member", Role.MEMBER)
QUERIES = ("quixotic", "city", '"parking contract"', "contra*", "pena", "vehicle private event")
"""A word in one exhibit, a word in most cases, a phrase, a word start, an accented name typed
without its accent, and three words."""

WORDS = ("the", "city", "council", "contract", "parking", "garage", "vendor", "invoice",
         "payment", "travel", "vehicle", "private", "event", "fleet", "truck", "catering",
         "permit", "zoning", "variance", "lobbyist", "gift", "dinner", "tickets", "campaign",
         "contribution", "donor", "report", "disclosure", "meeting", "agenda", "vote", "recusal",
         "relative", "employment", "hiring", "procurement", "bid", "award", "consultant", "fee",
         "reimbursement", "mileage", "overtime", "timesheet", "purchase", "card", "laptop",
         "software", "license", "grant", "nonprofit", "board", "member", "respondent",
         "complainant", "witness", "statement", "email", "memo", "letter")
NAMES = ("Peña", "Núñez", "García", "Hernández", "Muñoz", "Nguyễn", "Treviño", "Ibáñez")
NOTES = ("{name} called about the {a} {b}.", "Visit from {name}'s lawyer about the {a}.",
         "E-mail from {name}: asks when the {a} {b} will be heard.")


def _make_big_db() -> Any:
    """``benchmarks/make_big_db.py``, imported from beside this script."""
    path = Path(__file__).resolve().parent / "make_big_db.py"
    spec = importlib.util.spec_from_file_location("benchmark_make_big_db", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def cached_path(count: int) -> Path:
    """Where the database of ``count`` cases for this schema is kept between runs."""
    return Path(tempfile.gettempdir()) / f"ethics-desk-full-text-{head_revision()}-{count}.sqlite"


def _paragraph(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


def add_the_cases_text(out: Path, seed: int) -> dict[str, int]:
    """Give each filed case an allegation and a note, and one in three an exhibit's text."""
    rng = random.Random(seed)
    database = open_database(out, clock=fixed_clock(datetime.now(UTC)))
    now = datetime.now(UTC)
    rows: dict[str, list[dict[str, Any]]] = {"allegation": [], "note": [], "exhibit": []}
    try:
        with database.engine.connect() as conn:
            cases = list(conn.execute(select(Complaint.id).where(
                Complaint.case_number.is_not(None))).scalars())
        rare = rng.randrange(len(cases))
        for position, case in enumerate(cases):
            rows["allegation"].append({
                "id": 10_000_000 + position, "complaint_id": case, "position": 0,
                "provision_id": None, "respondent_id": None,
                "description": _paragraph(rng, 25), "version": 1})
            rows["note"].append({
                "id": 10_000_000 + position, "complaint_id": case, "kind": NoteKind.CALL,
                "text": rng.choice(NOTES).format(name=rng.choice(NAMES), a=rng.choice(WORDS),
                                                 b=rng.choice(WORDS)),
                "written_by": "Benchmark Clerk (benchmark)", "written_at": now, "version": 1})
            if position % 3 == 0 or position == rare:
                body = "\n".join(_paragraph(rng, 30) for _ in range(5))
                if position == rare:
                    body += "\nThe Quixotic Holdings parking contract was amended twice."
                rows["exhibit"].append({
                    "id": 10_000_000 + position, "complaint_id": case,
                    "file_name": "exhibit-a.pdf", "media_type": "application/pdf",
                    "size": 1, "sha256": "0" * 64, "content": b"%", "added_at": now,
                    "added_by": "Benchmark Clerk (benchmark)", "extracted_text": body,
                    "textless_pages": "", "version": 1})
        with database.engine.begin() as conn:
            for model, name in ((Allegation, "allegation"), (CaseNote, "note"),
                                (Attachment, "exhibit")):
                table = model.__table__  # type: ignore[attr-defined]
                for first in range(0, len(rows[name]), CHUNK):
                    conn.execute(insert(table), rows[name][first:first + CHUNK])
    finally:
        database.dispose()
    return {name: len(found) for name, found in rows.items()}


def prepare(db: str | None, count: int, seed: int) -> tuple[str, dict[str, Any]]:
    """The database to time, and what building it took (nothing when it was reused)."""
    if db is not None:
        return db, {}
    path = cached_path(count)
    done = Path(f"{path}.complete")
    if path.exists() and done.exists():
        return str(path), {}
    started = time.perf_counter()
    make = _make_big_db()
    make.build(path, count, TODAY, seed)
    added = add_the_cases_text(path, seed)
    done.write_text(json.dumps(added))
    return str(path), {"built": True, "build_s": round(time.perf_counter() - started, 1),
                       **added}


COPIED = ("complaint", "complainant", "respondent", "witness", "deadline", "allegation",
          "case_note", "attachment")
"""What a search reads, and the scope's condition: the tables copied onto a server."""


def copy_to_server(source: str, url: str) -> dict[str, Any]:
    """Copy the cached file's cases onto the empty database at ``url``, set up first by
    ``server setup`` (its schema and roles): rows in bulk as a superuser with the triggers off
    (``session_replication_role``), then the full-text index filled once from the tables, as
    revision 0033 fills it. The journal is not kept for these rows: a benchmark's copy."""
    from sqlalchemy import MetaData, create_engine, text

    from ethics_desk.maintenance.server import setup_server
    from ethics_desk.storage import full_text_table

    started = time.perf_counter()
    setup_server(url, clock=fixed_clock(datetime.now(UTC)),
                 backup_folder=Path(tempfile.gettempdir()))
    reading = create_engine(f"sqlite:///{source}")
    writing = create_engine(url)
    tables = MetaData()
    tables.reflect(writing, only=COPIED)
    try:
        with reading.connect() as read, writing.begin() as write:
            write.exec_driver_sql("SET session_replication_role = replica")
            for name in COPIED:
                table = tables.tables[name]
                columns = [column.name for column in table.columns]
                result = read.execute(text(f"SELECT {', '.join(columns)} FROM {name}"))
                while chunk := result.fetchmany(CHUNK):
                    write.execute(insert(table), [dict(zip(columns, row, strict=True))
                                                  for row in chunk])
            write.exec_driver_sql("SET session_replication_role = DEFAULT")
            write.exec_driver_sql(full_text_table.POSTGRESQL_EMPTY)
            for statement in full_text_table.POSTGRESQL_FILL:
                write.exec_driver_sql(statement)
            write.exec_driver_sql("ANALYZE")
    finally:
        reading.dispose()
        writing.dispose()
    return {"copied_s": round(time.perf_counter() - started, 1)}


PEOPLE = {Role.CLERK: ("ftsbenchclerk", "Benchmark Clerk"),
          Role.MEMBER: ("ftsbenchmember", "Benchmark Member")}
PASSWORD = "a benchmark's passphrase"


def people_on_server(url: str) -> dict[Role, tuple[str, Account]]:
    """A clerk's and a Board member's accounts on the server at ``url``, each with their own
    server role (made once, as the owner), and the address each connects at — so that the
    searches run under row-level security, as a desk's do."""
    from sqlalchemy import make_url

    from ethics_desk.staff.accounts import (
        add_account,
        create_first_administrator,
        needs_first_administrator,
    )
    from ethics_desk.storage.server_roles import add_person

    clock = fixed_clock(datetime.now(UTC))
    database = open_database(url, clock=clock, create=False, migrate=False)
    people: dict[Role, tuple[str, Account]] = {}
    try:
        with database.engine.connect() as conn:
            known = {row[0]: row for row in conn.execute(select(
                StaffAccount.login, StaffAccount.id, StaffAccount.name, StaffAccount.role))}
        if needs_first_administrator(database):
            admin = create_first_administrator(database, "ftsbenchadmin", "Benchmark Admin",
                                               PASSWORD, clock=clock)
        else:
            row = next(r for r in known.values() if r[3] is Role.ADMIN)
            admin = Account(row[1], row[0], row[2], Role.ADMIN)
        for role, (login, name) in PEOPLE.items():
            if login in known:
                account = Account(known[login][1], login, name, role)
            else:
                account = add_account(database, login, name, role, PASSWORD, by=admin,
                                      clock=clock)
                with database.engine.begin() as conn:
                    add_person(conn, login, role, PASSWORD)
            address = make_url(url).set(username=login, password=PASSWORD)
            people[role] = (address.render_as_string(hide_password=False), account)
    finally:
        database.dispose()
    return people


def _timed(run: Any, repeat: int) -> tuple[float, Any]:
    run()  # warm
    times = []
    answer = None
    for _ in range(repeat):
        started = time.perf_counter()
        answer = run()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), answer


def measure(db: str, repeat: int, as_people: bool = False) -> dict[str, Any]:
    """Each query's median time for each account, and the audit record's apart."""
    clock = fixed_clock(datetime.now(UTC))
    database = open_database(db, clock=clock, create=False, migrate=False)
    figures: dict[str, Any] = {"db": db, "dialect": database.engine.dialect.name,
                               "target_ms": TARGET_MS, "queries": {}}
    try:
        with database.read_session() as session:
            figures["cases"] = session.scalar(select(Complaint.id).order_by(
                Complaint.id.desc()).limit(1))
        slowest = 0.0
        with mock.patch.object(queued_records, "record", lambda *a, **k: True):
            for account in (CLERK, MEMBER):
                for words in QUERIES:
                    ms, found = _timed(lambda w=words, a=account: full_text.search_documents(
                        database, w, account=a, clock=clock), repeat)
                    slowest = max(slowest, ms)
                    figures["queries"][f"{account.role.value}: {words}"] = {
                        "median_ms": round(ms, 1), "results": len(found.hits),
                        "more": found.more}
        audit_ms, _ = _timed(lambda: full_text.search_documents(
            database, "quixotic", account=CLERK, clock=clock), repeat)
        figures["with_audit_record_ms"] = round(audit_ms, 1)
        if figures["dialect"] == "postgresql" and as_people:
            for role, (address, account) in people_on_server(db).items():
                desk = open_database(address, clock=clock, create=False, migrate=False)
                try:
                    with mock.patch.object(queued_records, "record", lambda *a, **k: True):
                        for words in QUERIES:
                            ms, found = _timed(lambda w=words, a=account, d=desk:
                                               full_text.search_documents(
                                                   d, w, account=a, clock=clock), repeat)
                            slowest = max(slowest, ms)
                            figures["queries"][f"{role.value}'s own role: {words}"] = {
                                "median_ms": round(ms, 1), "results": len(found.hits),
                                "more": found.more}
                finally:
                    desk.dispose()
        figures["slowest_ms"] = round(slowest, 1)
        figures["met"] = slowest <= TARGET_MS
    finally:
        database.dispose()
    return figures


def main(argv: list[str] | None = None) -> int:
    """Build or reuse the database, time the searches, print the figures (JSON last)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=None,
                        help="a SQLite file or a server's URL to time as it is (default: the "
                             "cached file, built by make_big_db.py and this script)")
    parser.add_argument("--count", type=int, default=100_000, help="complaints (default 100000)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=283)
    parser.add_argument("--copy-to", default=None, metavar="URL",
                        help="copy the cached file's cases onto this empty server database "
                             "(as a superuser: it is set up first) and time the searches there")
    parser.add_argument("--as-people", action="store_true",
                        help="on a server, also time the searches connected as a clerk's and a "
                             "Board member's own roles, under row-level security (their "
                             "accounts and roles are made once, as the owner)")
    args = parser.parse_args(argv)
    db, built = prepare(args.db, args.count, args.seed)
    if args.copy_to:
        built |= copy_to_server(db, args.copy_to)
        db = args.copy_to
    if built.get("built"):
        print(f"Built {db} in {built['build_s']} s", file=sys.stderr)
    figures = measure(db, max(1, args.repeat), args.as_people) | built
    print(json.dumps(figures, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
