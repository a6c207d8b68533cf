"""Crash safety stays proven: a short run of the crash drill (``benchmarks/crash_drill.py``),
and the drill's own rules shown to catch a partial case and a lost commit.

The drill kills a separate writer process (SIGKILL) while it files complaints, forwards and
reviews them and issues and mails papers as a signed-in clerk; after each kill every check of
``ethics-desk check`` must pass on the file as the writer left it, no case may be partial, and
every commit the writer reported must be there. The writer's clock is pinned and the drill
waits on the writer's lines, not on the wall clock, so this runs under libfaketime too.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from sqlalchemy import delete, select

from ethics_desk.models import AuditRecord, Complaint, Deadline
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import filed_case

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def crash_drill() -> Iterator[ModuleType]:
    """The drill's module, imported from its file as the benchmark tests import the scripts."""
    spec = importlib.util.spec_from_file_location("crash_drill_under_test",
                                                  ROOT / "benchmarks" / "crash_drill.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, spec.name, module)  # its dataclasses look themselves up
        spec.loader.exec_module(module)
        yield module


@pytest.mark.sqlite_file
def test_a_writer_killed_mid_work_leaves_every_check_passing_and_every_reported_commit(
        crash_drill: ModuleType, tmp_path: Path) -> None:
    seen: list[str] = []
    report = crash_drill.drill(tmp_path / "drill.sqlite", kills=4, seed=83, max_lines=8,
                               max_delay=0.05, progress=seen.append)

    assert report.failures == []
    assert report.failed == 0
    assert report.kills == 4 and len(seen) == 4
    assert report.commits_by_act["sign-in"] == 4  # each writer signed in before it was killed
    assert report.reported_commits > 4  # and committed the Clerk's work after signing in
    assert report.audit_records >= report.reported_commits
    assert report.wal_trials > 0  # the killed writers' logs, damaged in copies
    assert report.lost_acts_unreported == 0  # every reported commit a damaged log lost is told


def test_a_sworn_filed_complaint_without_its_deadline_is_found_partial(
        crash_drill: ModuleType, database: Database, controller: WorkflowController) -> None:
    filed_case(controller)
    with database.read_session() as session:
        assert crash_drill.partial_cases(session) == []  # the domain's own filing is whole
    with database.unit_of_work() as session:
        session.execute(delete(Deadline))

    with database.read_session() as session:
        problems = crash_drill.partial_cases(session)

    assert len(problems) == 1
    assert "ERB-2026-001 is partial" in problems[0]
    assert "“promptly forward” deadlines of § 2-83(d)(1)" in problems[0]


def test_a_reported_commit_the_database_does_not_hold_is_a_failure(
        crash_drill: ModuleType, database: Database, controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    with database.read_session() as session:
        filing = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "event.file")).one()
        number = session.get(Complaint, case_id).case_number  # type: ignore[union-attr]
        held = {"commit": "file", "action": "event.file", "audit_seq": filing.seq,
                "complaint_id": case_id, "case_number": number}
        lost = {**held, "audit_seq": filing.seq + 1}
        renumbered = {**held, "case_number": "ERB-2026-002"}

        assert crash_drill.missing_commits(session, [held]) == []
        assert crash_drill.missing_commits(session, [lost]) == [
            f"the writer's reported file (audit record {filing.seq + 1}, event.file) is "
            "missing: no such record"]
        assert crash_drill.missing_commits(session, [renumbered]) == [
            f"the writer's reported file (audit record {filing.seq}, event.file) is in the "
            "audit trail but ERB-2026-002 is not filed"]

