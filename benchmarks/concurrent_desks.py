"""Several workstations writing to one database at the same moment: nothing is lost or doubled.

``python benchmarks/concurrent_desks.py [--db URL|FILE] [--desks 4] [--acts 250]``

``--desks`` processes start together (they wait on one barrier) and each does ``--acts``
audited acts on the same database, as clerks at several desks do in a busy hour, in turn:

* **file** a complaint (its draft saved, then filed: the next case number is taken);
* **view** a case (the case window's audit record: every view moves the audit chain's head);
* **review**: forward one of the desk's filed cases to the reviewers of § 2-83(d)(1), or
  record a review of a case under review in this desk's reviewer role (the four desks are the
  four reviewers, so two reviews of one case often land at the same moment).

Afterwards the database is checked: how many acts failed (any exception, with the messages
seen), whether two cases share a case number, whether a year's numbers have a gap, whether
the audit chain verifies, and whether every act left its audit record. The last line printed
is one JSON object with the figures; the exit status is 1 when any figure is wrong.

Without ``--db`` the run uses a new SQLite file in a temporary folder. A PostgreSQL URL must
name an empty database (``createdb`` one first); it is set up as IT sets up the office's
server (``ethics-desk server setup``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

OFFICE = ZoneInfo("America/Chicago")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=OFFICE)
"""The run's pinned time (the office's Monday morning): the figures do not depend on the date."""


@dataclass
class DeskReport:
    """What one desk did: acts by kind, failures by message."""

    desk: int
    acts: Counter[str] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0


def _desk(desk: int, url: str, acts: int, barrier: Any, queue: Any) -> None:
    """One workstation's busy hour (runs in a process of its own)."""
    from sqlalchemy import select

    from ethics_desk.core.account import Account
    from ethics_desk.core.clock import fixed_clock
    from ethics_desk.core.roles import Role
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.models import CaseState, Complaint, Determination, ReviewerRole
    from ethics_desk.office.actions import record_access
    from ethics_desk.workflow import FileComplaint, ForwardForReview, RecordReview
    from ethics_desk.workflow.controller import WorkflowController
    from tests.factories import complete_intake

    clock = fixed_clock(NOW)
    database = open_database(url, clock=clock, create=False)
    actor = f"Desk {desk + 1}"
    clerk = Account(desk + 1, f"desk{desk + 1}", actor, Role.CLERK)
    controller = WorkflowController.unrestricted(database, actor, clock=clock)
    role = list(ReviewerRole)[desk % len(ReviewerRole)]
    chance = random.Random(desk)
    report = DeskReport(desk)
    mine: list[int] = []
    reviewed: set[int] = set()
    barrier.wait()
    started = time.perf_counter()

    def cases(state: CaseState) -> list[int]:
        with database.read_session() as session:
            return list(session.scalars(select(Complaint.id).where(Complaint.state == state)))

    for number in range(acts):
        kind = ("file", "view", "review")[number % 3]
        try:
            if kind == "file":
                draft = controller.save_draft(complete_intake())
                controller.fire(draft.complaint_id, FileComplaint())
                mine.append(draft.complaint_id)
            elif kind == "view":
                filed = cases(CaseState.FILED) + cases(CaseState.UNDER_REVIEW)
                if filed:
                    case_id = chance.choice(filed)
                    record_access(database, account=clerk, action="view.case", clock=clock,
                                  complaint_id=case_id, summary="Opened the case")
            else:
                waiting = [c for c in cases(CaseState.FILED) if c in mine]
                if waiting:
                    controller.fire(waiting[0], ForwardForReview())
                else:
                    under = [c for c in cases(CaseState.UNDER_REVIEW) if c not in reviewed]
                    if under:
                        case_id = chance.choice(under)
                        reviewed.add(case_id)
                        controller.fire(case_id, RecordReview(
                            role=role, determination=Determination.SUBSTANTIALLY_COMPLIES))
            report.acts[kind] += 1
        except Exception as exc:  # the figure is the point: count it, say what it was
            report.failures[f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}"] += 1
    report.seconds = time.perf_counter() - started
    database.dispose()
    queue.put(report)


def _check(url: str) -> dict[str, Any]:
    """Case numbers, gaps, the audit chain."""
    from sqlalchemy import func, select

    from ethics_desk.core.clock import fixed_clock
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.models import AuditRecord, Complaint
    from ethics_desk.storage.audit import verify_chain

    database = open_database(url, clock=fixed_clock(NOW), create=False)
    try:
        with database.read_session() as session:
            numbers = [n for n in session.scalars(select(Complaint.case_number)) if n]
            doubled = [n for n, count in Counter(numbers).items() if count > 1]
            by_year: dict[str, list[int]] = {}
            for case_number in numbers:
                _, year, seq = case_number.split("-")
                by_year.setdefault(year, []).append(int(seq))
            gaps = sum(max(seqs) - len(set(seqs)) for seqs in by_year.values())
            problems = verify_chain(session)
            audited = session.scalar(select(func.count()).select_from(AuditRecord)) or 0
    finally:
        database.dispose()
    return {"cases_filed": len(numbers), "duplicate_numbers": len(doubled), "number_gaps": gaps,
            "chain_problems": len(problems), "audit_records": audited}


def main() -> int:
    """Run the desks, check the database, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="a PostgreSQL URL of an empty database, or a new file")
    parser.add_argument("--desks", type=int, default=4)
    parser.add_argument("--acts", type=int, default=250)
    args = parser.parse_args()
    from ethics_desk.core.clock import fixed_clock
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.addresses import describe
    from ethics_desk.storage.database import resolve_url

    url = args.db or str(Path(tempfile.mkdtemp(prefix="desks-")) / "desks.sqlite")
    if resolve_url(url).get_backend_name() == "sqlite":
        open_database(url, clock=fixed_clock(NOW)).dispose()  # created and migrated once
    else:  # as IT sets up the office's server
        from ethics_desk.maintenance.server import setup_server

        setup_server(url, clock=fixed_clock(NOW), backup_folder=Path(tempfile.mkdtemp()))
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(args.desks)
    queue = context.Queue()
    desks = [context.Process(target=_desk, args=(n, url, args.acts, barrier, queue))
             for n in range(args.desks)]
    started = time.perf_counter()
    for process in desks:
        process.start()
    reports: list[DeskReport] = [queue.get(timeout=1800) for _ in desks]
    for process in desks:
        process.join(timeout=60)
    wall = time.perf_counter() - started
    acts = sum((r.acts for r in reports), Counter[str]())
    failures = sum((r.failures for r in reports), Counter[str]())
    checked = _check(url)
    figures: dict[str, Any] = {
        "database": resolve_url(url).get_backend_name(),
        "where": describe(resolve_url(url)),
        "desks": args.desks, "acts_per_desk": args.acts, "acts_done": sum(acts.values()),
        "acts_by_kind": dict(acts), "failures": sum(failures.values()),
        "failure_messages": dict(failures.most_common(5)), "seconds": round(wall, 2),
        "acts_per_second": round(sum(acts.values()) / wall, 1) if wall else None,
        **checked,
    }
    print(json.dumps(figures, ensure_ascii=False))
    wrong = (figures["failures"] or checked["duplicate_numbers"] or checked["number_gaps"]
             or checked["chain_problems"] or figures["acts_done"] != args.desks * args.acts)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
