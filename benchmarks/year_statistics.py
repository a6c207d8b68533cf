"""Time the office's statistics for a year on 100,000 cases (issue 33: at most 1 s on two cores).

``python benchmarks/year_statistics.py [--db big.sqlite] [--count 100000] [--year 2025] [--repeat 5]``

Without ``--db`` the database is built once by ``make_big_db.py`` (its complaints, parties and
open clocks) and then given, with bulk inserts, what a year's statistics count and
``make_big_db`` does not write: an allegation and an oath for each filed case, the four
reviews of each case forwarded, the decisions (acceptance, returns, the resolutions with their
dispositions), the closed clocks of the cases that ended, the sworn responses, Board votes,
sanctions and civil penalties. It is kept under the temporary folder, named after the schema's
head revision and the count, and reused by the next run.

:func:`ethics_desk.reports.statistics.office_statistics` is then timed for the whole ``--year``
(the first run warms the caches and is not counted): the median of ``--repeat`` runs. The last
line printed is one JSON object with the figures and ``"met"``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, cast
from zoneinfo import ZoneInfo

from sqlalchemy import Table, insert, select

from ethics_desk.core.account import Account
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.roles import Role
from ethics_desk.deadlines import ClockKind, clock
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import (
    Allegation,
    BoardAction,
    BoardVote,
    CaseState,
    CivilPenalty,
    Complaint,
    Deadline,
    DeadlineStatus,
    Decision,
    DecisionKind,
    Disposition,
    Filing,
    FilingKind,
    Oath,
    PartyRole,
    Provision,
    Review,
    ReviewerRole,
    Route,
    Sanction,
    SanctionKind,
)
from ethics_desk.reports.statistics import office_statistics
from ethics_desk.storage.migrate import head_revision

TARGET_S = 1.0
TODAY = date(2026, 11, 30)
OFFICE_TZ = ZoneInfo("America/Chicago")
CLERK = Account(1, "benchmark", "Benchmark Clerk", Role.CLERK)
CHUNK = 20_000
FORWARDED = {CaseState.UNDER_REVIEW, CaseState.RETURNED_DEFECTIVE, CaseState.CAMPAIGN_FINANCE,
             CaseState.ACCEPTED, CaseState.AWAITING_RESPONSE, CaseState.RESPONSE_FILED,
             CaseState.REPLY_FILED, CaseState.SHOW_CAUSE, CaseState.RESOLVED}
ACCEPTED = {CaseState.ACCEPTED, CaseState.AWAITING_RESPONSE, CaseState.RESPONSE_FILED,
            CaseState.REPLY_FILED, CaseState.SHOW_CAUSE}
BEFORE_THE_BOARD = {CaseState.AWAITING_RESPONSE, CaseState.RESPONSE_FILED,
                    CaseState.REPLY_FILED, CaseState.SHOW_CAUSE}
EVERY_ROW: dict[str, dict[str, Any]] = {"decision": {"disposition": None}}
"""The columns some rows of a table leave to their default, given to every row."""
DISPOSITIONS = (Disposition.DISMISSED, Disposition.NO_VIOLATION, Disposition.VIOLATION_FOUND,
                Disposition.WITHDRAWN, Disposition.FRIVOLOUS)


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
    return Path(tempfile.gettempdir()) / f"ethics-desk-statistics-{head_revision()}-{count}.sqlite"


def _insert(conn: Any, model: type[object], rows: list[dict[str, Any]]) -> None:
    table = cast(Table, model.__table__)  # type: ignore[attr-defined]
    for first in range(0, len(rows), CHUNK):
        conn.execute(insert(table), rows[first:first + CHUNK])


def add_the_years_work(out: Path, seed: int) -> dict[str, int]:
    """Give each filed case of ``out`` what the statistics count (see the module's text)."""
    rng = random.Random(seed)
    database = open_database(out, clock=fixed_clock(datetime.now(UTC)))
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in (
        "allegation", "oath", "review", "decision", "deadline", "filing", "vote", "sanction",
        "penalty")}
    try:
        with database.engine.connect() as conn:
            ethics = [row[0] for row in conn.execute(select(Provision.id).where(
                Provision.campaign_finance_route.is_(False)))]
            finance = [row[0] for row in conn.execute(select(Provision.id).where(
                Provision.campaign_finance_route.is_(True)))]
            cases = conn.execute(select(Complaint.id, Complaint.state, Complaint.route,
                                        Complaint.received_at, Complaint.resolved_on).where(
                Complaint.case_number.is_not(None))).all()
        now = datetime.now(UTC)
        ids = {name: 10_000_000 for name in rows}

        def new(name: str, **values: Any) -> int:
            ids[name] += 1
            # An executemany takes its columns from the first row: every row names them all.
            rows[name].append({"id": ids[name], "version": 1, **EVERY_ROW.get(name, {}),
                               **values})
            return ids[name]

        for case_id, state, route, received_at, resolved_on in cases:
            received = received_at.replace(tzinfo=UTC).astimezone(OFFICE_TZ).date()
            new("allegation", complaint_id=case_id, position=0, description="",
                provision_id=rng.choice(finance if route is Route.CAMPAIGN_FINANCE else ethics))
            new("oath", complaint_id=case_id, sworn=state is not CaseState.RETURNED_UNSWORN,
                sworn_on=received - timedelta(days=3))
            if state is CaseState.RETURNED_UNSWORN:
                new("decision", complaint_id=case_id, kind=DecisionKind.RESOLUTION,
                    decided_on=min(resolved_on or received, TODAY), recorded_at=now)
            if state not in FORWARDED:
                continue
            forwarded = received + timedelta(days=rng.choice((0, 1, 1, 1, 2, 3)))
            end = min(resolved_on or TODAY, TODAY)
            new("deadline", **_closed(case_id, ClockKind.PROMPT_FORWARD, received, forwarded))
            for role in ReviewerRole:
                done = min(forwarded + timedelta(days=rng.randint(1, 9)), end, TODAY)
                new("review", complaint_id=case_id, role=role, reviewer_name="",
                    received_on=forwarded, completed_on=None
                    if state is CaseState.UNDER_REVIEW else done, recorded_by="")
            decided = min(forwarded + timedelta(days=rng.randint(5, 14)), end)
            if state is CaseState.RETURNED_DEFECTIVE:
                new("decision", complaint_id=case_id, kind=DecisionKind.RETURN_DEFECTIVE,
                    decided_on=end, recorded_at=now)
                continue
            if state in ACCEPTED or state is CaseState.RESOLVED:
                new("decision", complaint_id=case_id, kind=DecisionKind.ACCEPT,
                    decided_on=decided, recorded_at=now)
                board_day = min(decided + timedelta(days=rng.randint(1, 6)), end)
                if state in BEFORE_THE_BOARD or state is CaseState.RESOLVED:
                    new("deadline", **_closed(case_id, ClockKind.ETHICS_FORWARD, forwarded,
                                              board_day))
                    if rng.random() < 0.7:
                        new("filing", complaint_id=case_id, kind=FilingKind.RESPONSE,
                            party_role=PartyRole.RESPONDENT, received_on=min(
                                board_day + timedelta(days=rng.randint(5, 20)), end),
                            sworn=True, recorded_at=now)
            if state is CaseState.RESOLVED:
                disposition = rng.choice(DISPOSITIONS)
                new("decision", complaint_id=case_id, kind=DecisionKind.RESOLUTION,
                    decided_on=end, disposition=disposition, recorded_at=now)
                if disposition is not Disposition.WITHDRAWN:
                    vote = new("vote", complaint_id=case_id, action=BoardAction.DISPOSITION,
                               meeting_on=end, present_count=7, yes_count=5, required_yes=4,
                               carried=True, summary="5 of 7", recorded_at=now)
                    if disposition is Disposition.FRIVOLOUS:
                        sanction = new("sanction", complaint_id=case_id, vote_id=vote,
                                       kind=SanctionKind.CIVIL_PENALTY, amount_cents=25_000,
                                       imposed_on=end)
                        paid = end + timedelta(days=30)
                        new("penalty", sanction_id=sanction, due_on=paid,
                            paid_on=paid if paid <= TODAY and rng.random() < 0.6 else None,
                            paid_cents=25_000 if paid <= TODAY else None)
        for row in rows["penalty"]:
            if row["paid_on"] is None:
                row["paid_cents"] = None
        with database.engine.begin() as conn:
            for name, model in (("allegation", Allegation), ("oath", Oath), ("review", Review),
                                ("decision", Decision), ("deadline", Deadline),
                                ("filing", Filing), ("vote", BoardVote),
                                ("sanction", Sanction), ("penalty", CivilPenalty)):
                _insert(conn, model, rows[name])
        with database.engine.connect() as conn:
            conn.exec_driver_sql("ANALYZE")
            conn.commit()
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        database.dispose()
    return {name: len(batch) for name, batch in rows.items()}


def _closed(case_id: int, kind: ClockKind, trigger: date, done: date) -> dict[str, Any]:
    rule = clock(kind)
    due = trigger + timedelta(days=rule.length + rule.length // 5 * 2)  # about, in weekdays
    return {"complaint_id": case_id, "clock": kind.value, "subject": "", "title": rule.title,
            "citation": rule.citation, "trigger_on": trigger, "length": rule.length,
            "due_on": due, "explanation": "", "status": DeadlineStatus.MET if done <= due
            else DeadlineStatus.MISSED, "closed_on": done}


def prepare(db: Path | None, count: int, seed: int) -> tuple[Path, dict[str, Any]]:
    """The database to time: ``db`` as it is, or the cached one, built when missing."""
    if db is not None:
        return db, {"built": False}
    out = cached_path(count)
    marker = Path(f"{out}.complete")
    if out.exists() and marker.exists():
        return out, {"built": False}
    marker.unlink(missing_ok=True)
    started = time.perf_counter()
    figures = _make_big_db().build(out, count, TODAY, seed)
    added = add_the_years_work(out, seed)
    marker.write_text(json.dumps(added), encoding="utf-8")
    return out, {"built": True, "build_s": round(time.perf_counter() - started, 1),
                 "complaints": figures["complaints"], "added": added}


def measure(path: Path, year: int, repeat: int) -> dict[str, Any]:
    """The median time of the year's statistics over ``repeat`` runs after a warm one."""
    database = open_database(path, clock=fixed_clock(datetime.now(UTC)))
    moment = fixed_clock(datetime(TODAY.year, TODAY.month, TODAY.day, 12, tzinfo=OFFICE_TZ))
    try:
        times, cpu = [], []
        for run in range(repeat + 1):
            started, used = time.perf_counter(), time.process_time()
            figures = office_statistics(database, start=date(year, 1, 1),
                                        end=date(year, 12, 31), account=CLERK, clock=moment)
            if run:
                times.append(time.perf_counter() - started)
                cpu.append(time.process_time() - used)
        with database.engine.connect() as conn:
            cases = conn.exec_driver_sql("SELECT count(*) FROM complaint").scalar_one()
    finally:
        database.dispose()
    median = _median(times)
    return {"benchmark": "statistics", "path": str(path), "cases": cases, "year": year,
            "received": figures.received.total, "ended": figures.endings.total,
            "deadlines_due": figures.deadlines_total.due,
            "step_pairs": sum(step.cases for step in figures.steps),
            "runs": repeat, "median_s": round(median, 3), "max_s": round(max(times), 3),
            "median_cpu_s": round(_median(cpu), 3),
            "target_s": TARGET_S, "met": median <= TARGET_S}


def _median(values: list[float]) -> float:
    # Not the standard library's ``statistics``: run as a script, this file is that name.
    ordered = sorted(values)
    return (ordered[(len(ordered) - 1) // 2] + ordered[len(ordered) // 2]) / 2


def main(argv: list[str] | None = None) -> int:
    """Build or reuse the database, time the statistics, print the figures (JSON last)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None,
                        help="a SQLite file to time as it is (default: the cached one, built "
                             "by make_big_db.py and this script)")
    parser.add_argument("--count", type=int, default=100_000, help="complaints (default 100000)")
    parser.add_argument("--year", type=int, default=TODAY.year - 1,
                        help=f"the year counted (default {TODAY.year - 1}, a whole year)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=283)
    args = parser.parse_args(argv)
    path, built = prepare(args.db, args.count, args.seed)
    if built.get("built"):
        print(f"Built {path} in {built['build_s']} s", file=sys.stderr)
    figures = measure(path, args.year, max(1, args.repeat)) | built
    print(json.dumps(figures, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
