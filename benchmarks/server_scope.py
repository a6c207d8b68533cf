"""What the server's row-level security costs a person's list of cases.

``python benchmarks/server_scope.py --server postgresql+psycopg://postgres@HOST/postgres
[--cases 100000]``

On a new database of the server (made and dropped here; the role in ``--server`` must create
databases and roles), the schema is set up as IT sets it up
(:func:`~ethics_desk.maintenance.server.setup_server`), ``--cases`` filed complaints are written in
bulk in every state, and the City Clerk's staff, a Compliance Auditor and a Board member each
get their own server role (:mod:`ethics_desk.storage.server_roles`). Each then reads, as their
own role, what the inbox reads first — the count of the cases they receive and the first
hundred by number — and so does IT, the owner, to whom no policy applies. The medians of five
runs are compared.

The target: a person's count and first page each take at most :data:`TARGET_MS` more than the
owner's, at 100,000 cases — the policies of
:mod:`ethics_desk.staff.server_policies` are one test a statement for the Clerk's staff, a
condition on the row's state for a reviewer, and one set, computed once a statement, for a
Board member (whose parties are found by name).

The last line printed is one JSON object: ``{"cases", "owner_ms", "people": {role: {"count_ms",
"page_ms", "cases_seen"}}, "target_ms", "met"}``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_MS = 250.0
"""What the policies may add to a person's count or first page, at 100,000 cases."""

PASSWORD = "a passphrase for the benchmark"
STATES = ("filed", "under_review", "accepted", "awaiting_response", "response_filed",
          "show_cause", "resolved")

COUNT = "SELECT count(*) FROM complaint"
PAGE = ("SELECT id, case_number, respondent_names FROM complaint "
        "ORDER BY case_year, case_seq LIMIT 100")


def _median_ms(engine: object, sql: str) -> tuple[float, int]:
    import sqlalchemy as sa

    assert isinstance(engine, sa.Engine)
    times: list[float] = []
    rows = 0
    with engine.connect() as conn:
        for _ in range(5):
            started = time.perf_counter()
            result = conn.execute(sa.text(sql)).all()
            times.append((time.perf_counter() - started) * 1000)
            rows = int(result[0][0]) if sql == COUNT else len(result)
    return statistics.median(times), rows


def measure(server: str, cases: int) -> dict[str, object]:
    """Set up a database on ``server`` with ``cases`` complaints and time each person's reads."""
    import sqlalchemy as sa

    from ethics_desk.core.clock import fixed_clock
    from ethics_desk.core.roles import Role
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.maintenance.server import setup_server
    from ethics_desk.staff.accounts import add_account, create_first_administrator
    from ethics_desk.storage.server_roles import add_person

    clock = fixed_clock(datetime(2026, 11, 30, 16, 0, tzinfo=UTC))
    tag = f"{os.getpid()}"
    name = f"ed_bench_scope_{tag}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    url = sa.make_url(server).set(database=name)
    logins = {role: f"bench{tag}{role.value}" for role in (Role.ADMIN, Role.CLERK,
                                                            Role.AUDITOR, Role.MEMBER)}
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        with tempfile.TemporaryDirectory() as folder:
            setup_server(url, clock=clock, backup_folder=Path(folder))
        database = open_database(url.render_as_string(hide_password=False), clock=clock)
        try:
            first = create_first_administrator(database, logins[Role.ADMIN], "Bench Admin",
                                               PASSWORD, clock=clock)
            for role, login in logins.items():
                if role is not Role.ADMIN:
                    add_account(database, login, f"Bench {role.label}", role, PASSWORD,
                                by=first, clock=clock)
            with database.engine.begin() as conn:
                for role, login in logins.items():
                    add_person(conn, login, role, PASSWORD)
                conn.exec_driver_sql("ALTER TABLE complaint DISABLE TRIGGER USER")
                states = ", ".join(f"'{state}'" for state in STATES)
                conn.exec_driver_sql(
                    "INSERT INTO complaint (case_number, case_year, case_seq, state, "
                    "route_confirmed, created_at, created_by, updated_at, updated_by, facts, "
                    "nature, complainant_names, respondent_names, next_due_title, search_key, "
                    "search_words, version) SELECT 'ERB-2020-' || g, 2020, g, "
                    f"(ARRAY[{states}])[1 + mod(g, {len(STATES)})], false, now(), 'bench', "
                    "now(), 'bench', '', '', '', 'Respondent ' || g, '', '', '', 1 "
                    f"FROM generate_series(1, {cases}) g")
                conn.exec_driver_sql("ALTER TABLE complaint ENABLE TRIGGER USER")
                conn.exec_driver_sql("ANALYZE complaint")
        finally:
            database.dispose()
        owner = sa.create_engine(url, poolclass=sa.pool.NullPool)
        owner_count, _ = _median_ms(owner, COUNT)
        owner_page, _ = _median_ms(owner, PAGE)
        owner.dispose()
        people: dict[str, dict[str, float | int]] = {}
        for role, login in logins.items():
            if role is Role.ADMIN:
                continue
            engine = sa.create_engine(url.set(username=login, password=PASSWORD),
                                      poolclass=sa.pool.NullPool)
            try:
                count_ms, seen = _median_ms(engine, COUNT)
                page_ms, _ = _median_ms(engine, PAGE)
            finally:
                engine.dispose()
            people[role.value] = {"count_ms": round(count_ms, 1), "page_ms": round(page_ms, 1),
                                  "cases_seen": seen}
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            for login in logins.values():
                conn.exec_driver_sql(f'DROP ROLE IF EXISTS "{login}"')
        admin.dispose()
    scale = cases / 100_000
    met = all(max(p["count_ms"] - owner_count, p["page_ms"] - owner_page)
              <= TARGET_MS * max(scale, 1.0) for p in people.values())
    return {"cases": cases, "owner_ms": {"count_ms": round(owner_count, 1),
                                         "page_ms": round(owner_page, 1)},
            "people": people, "target_ms": TARGET_MS, "met": met}


def main() -> int:
    """Measure and print one JSON object on the last line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True,
                        help="a role that may create databases and roles, e.g. "
                             "postgresql+psycopg://postgres@127.0.0.1/postgres")
    parser.add_argument("--cases", type=int, default=100_000)
    args = parser.parse_args()
    print(json.dumps(measure(args.server, args.cases)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
