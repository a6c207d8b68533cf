"""The crash drill: a writer killed mid-work, again and again, never leaves a damaged record.

``python benchmarks/crash_drill.py [--kills 200] [--seed S] [--db NEW_FILE] [--keep]``

A new SQLite database is built, as the office builds its own (created and migrated, its first
Administrator, and a City Clerk staff account whose person has chosen their password). Then,
``--kills`` times, the drill starts a separate writer process (``benchmarks/crash_writer.py``,
with this interpreter and this process's environment, plus the clerk's login and password as a
scheduled job is given them) that signs in and does the Clerk's real work of § 2-83 in a loop —
filing complaints, forwarding them for review, entering reviews, accepting or returning them,
previewing, issuing and mailing papers — each act one transaction with its audit record, and
printing one line after each commit naming what it committed. The drill reads those lines and
kills the writer (SIGKILL; ``TerminateProcess`` on Windows) at a random moment: after a random
number of its lines (at most ``--max-lines``), then a random pause (at most ``--max-delay``
seconds). The seed makes every choice repeatable (the moment in the writer's work a kill lands
on still depends on the machine's speed).

After each kill, on the file exactly as the killed writer left it (read-only):

* every check of ``ethics-desk check`` (:func:`ethics_desk.maintenance.integrity.run_checks`: the
  file's pages and references, the schema, the audit chain, the deadlines, the inbox listing)
  must pass — checks added later apply by themselves;
* no case may be partial (:func:`partial_cases` states the rules, from the models);
* every commit the writer reported before it died must be in the database
  (:func:`missing_commits`);
* a copy of the file as the writer left it, with 1–16 bytes of its write-ahead log flipped
  (:func:`damage_the_log`): SQLite's recovery drops the log from the damaged frame on, and
  every reported commit so lost must be reported by ``check`` as lost acts
  (:mod:`ethics_desk.storage.record_anchor`); ``lost_acts_unreported`` counts those that were
  not (target 0).

After the last kill the file is opened as the application opens it after a crash, and checked
once more. Progress goes to standard error; the last line printed is one JSON object:
``{"kills": N, "failed": F, "reported_commits": C, "seconds": S, "wal_damage": {...},
"lost_acts_unreported": U, ...}``, with each failure in
words in ``failures``. The exit status is 1 when any kill failed. The database is removed
afterwards unless ``--keep`` is given or a kill failed (it is kept to be looked at, and named).

Nothing here waits on the wall clock in a loop: the writer's clock is pinned (``--now``), and the
drill waits for the writer's lines (``select`` on its pipe; a reading thread on Windows), so the
drill runs under libfaketime as the test suite does. The writer is given the drill's own
environment, so that it finds the record key of the database where the drill keeps it
(``ETHICS_DESK_KEY_FOLDER``; when it is not set, ``keys`` beside the drill's database).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, Any
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select  # noqa: E402
from sqlalchemy.exc import SQLAlchemyError  # noqa: E402
from sqlalchemy.orm import Session, selectinload  # noqa: E402

from ethics_desk.cli.common import PASSWORD_ENV, USER_ENV  # noqa: E402
from ethics_desk.core.clock import Clock, fixed_clock  # noqa: E402
from ethics_desk.core.roles import Role  # noqa: E402
from ethics_desk.deadlines.clocks import ClockKind  # noqa: E402
from ethics_desk.maintenance.integrity import read_only_database_engine, run_checks  # noqa: E402
from ethics_desk.maintenance.opening import open_database  # noqa: E402
from ethics_desk.models import (  # noqa: E402
    AuditRecord,
    CaseState,
    Complaint,
    Deadline,
    DeadlineStatus,
    Decision,
    DecisionKind,
    Determination,
    IssuedDocument,
    Mailing,
    Review,
    ReviewerRole,
)
from ethics_desk.staff.accounts import (  # noqa: E402
    add_account,
    change_own_password,
    create_first_administrator,
)
from ethics_desk.storage.record_anchor import lost_acts  # noqa: E402

WRITER = Path(__file__).resolve().with_name("crash_writer.py")
"""The writer the drill starts and kills."""

OFFICE = ZoneInfo("America/Chicago")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=OFFICE)
"""The pinned time of every act of the drill (the office's Monday morning), whatever the date."""

KEY_FOLDER_ENV = "ETHICS_DESK_KEY_FOLDER"
"""The folder of the record's journal keys (:mod:`ethics_desk.storage.record_key`), when set."""

STALL_SECONDS = 300.0
"""How long the writer may go without printing a line before the drill says it hangs."""

FORWARDED = frozenset({CaseState.UNDER_REVIEW, CaseState.ACCEPTED, CaseState.RETURNED_DEFECTIVE})
"""The states of a case the writer has forwarded for review under § 2-83(d)(1)."""


@dataclass(frozen=True)
class Credentials:
    """The City Clerk staff account the writer signs in with."""

    login: str
    password: str


@dataclass
class Kill:
    """One run of the writer and its kill: what it reported, and what went wrong."""

    number: int
    lines: int
    """How many lines the drill waited for before the pause and the kill."""
    delay: float
    """The pause, in seconds, between that line and the kill."""
    commits: list[dict[str, Any]] = field(default_factory=list)
    """Every commit the writer reported before it died."""
    doing: str | None = None
    """The act the writer had begun and not reported committed when it was killed."""
    problems: list[str] = field(default_factory=list)

    @property
    def last_reported_seq(self) -> int:
        """The number of the last audit record the writer reported committed."""
        return max((int(c["audit_seq"]) for c in self.commits), default=0)


@dataclass
class DrillReport:
    """The figures of a drill; :meth:`as_json` is its last line."""

    seed: int
    kills: int = 0
    failed: int = 0
    """The kills after which anything was wrong (one more when the file, opened again by the
    application after the last kill, is wrong)."""
    reported_commits: int = 0
    seconds: float = 0.0
    kills_mid_act: int = 0
    """The kills that landed after the writer began an act and before it reported its commit."""
    kills_after_an_unreported_commit: int = 0
    """The kills that landed after a commit and before the writer could report it (the commit is
    there, and no rule asks more: what was not reported may or may not have been committed)."""
    commits_by_act: Counter[str] = field(default_factory=Counter)
    killed_during: Counter[str] = field(default_factory=Counter)
    cases_by_state: dict[str, int] = field(default_factory=dict)
    audit_records: int = 0
    failures: list[str] = field(default_factory=list)
    database: str | None = None
    wal_trials: int = 0
    """The kills after which a copy of the file had bytes of its write-ahead log flipped."""
    wal_trials_losing_commits: int = 0
    """Those whose damaged copy lost a commit the writer had reported."""
    wal_commits_lost: int = 0
    """The reported commits the damaged copies lost, in all."""
    wal_copies_unreadable: int = 0
    """Damaged copies SQLite could no longer read at all (each must fail a check)."""
    lost_acts_unreported: int = 0
    """Damaged copies that lost a reported commit, or could not be read, and whose check did
    not say so (target 0)."""

    def as_json(self) -> str:
        """The figures as one JSON object."""
        return json.dumps({
            "kills": self.kills, "failed": self.failed,
            "reported_commits": self.reported_commits, "seconds": round(self.seconds, 1),
            "seed": self.seed, "kills_mid_act": self.kills_mid_act,
            "kills_after_an_unreported_commit": self.kills_after_an_unreported_commit,
            "killed_during": dict(self.killed_during.most_common()),
            "commits_by_act": dict(self.commits_by_act.most_common()),
            "cases_by_state": self.cases_by_state, "audit_records": self.audit_records,
            "wal_damage": {"trials": self.wal_trials,
                           "trials_losing_commits": self.wal_trials_losing_commits,
                           "copies_unreadable": self.wal_copies_unreadable,
                           "reported_commits_lost": self.wal_commits_lost},
            "lost_acts_unreported": self.lost_acts_unreported,
            "database": self.database, "failures": self.failures}, ensure_ascii=False)


# -- the database ---------------------------------------------------------------------------------


def build_database(path: Path, clock: Clock) -> Credentials:
    """A new database at ``path``, created and migrated as the application does, with its first
    Administrator and a City Clerk staff account whose person has chosen their own password."""
    password = "a passphrase for the crash drill"
    database = open_database(path, clock=clock)
    try:
        admin = create_first_administrator(database, "drill-admin", "Drill Administrator",
                                           password, clock=clock)
        clerk = add_account(database, "drill-clerk", "Drill Clerk", Role.CLERK,
                            f"first {password}", by=admin, clock=clock)
        if clerk.must_change_password:  # as the person does at their first sign-in
            change_own_password(database, clerk, f"first {password}", password, clock=clock)
    finally:
        database.dispose()
    return Credentials("drill-clerk", password)


# -- the writer -----------------------------------------------------------------------------------


class WriterLines:
    """The writer's standard output, line by line, waited for without a clock loop: ``select``
    on the pipe (POSIX), or a reading thread (Windows, whose pipes ``select`` cannot wait on)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.buffer = b""
        self.ended = False
        self._queue: Any = None
        if os.name == "nt":  # pragma: no cover - Windows only
            import queue
            import threading

            self._queue = queue.Queue()
            threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:  # pragma: no cover - Windows only
        for line in iter(self.stream.readline, b""):
            self._queue.put(line)
        self._queue.put(b"")

    def _more(self, timeout: float) -> bool:
        """Read what the writer has printed; False when nothing came within ``timeout``."""
        if self._queue is not None:  # pragma: no cover - Windows only
            import queue

            try:
                chunk = self._queue.get(timeout=timeout)
            except queue.Empty:
                return False
        else:
            import select

            ready, _, _ = select.select([self.stream], [], [], timeout)
            if not ready:
                return False
            chunk = os.read(self.stream.fileno(), 65536)
        if not chunk:
            self.ended = True
        self.buffer += chunk
        return True

    def next_line(self, timeout: float = STALL_SECONDS) -> str | None:
        """The next whole line; None when the writer's output has ended. :class:`TimeoutError`
        when nothing came for ``timeout`` seconds."""
        while b"\n" not in self.buffer:
            if self.ended:
                return None
            if not self._more(timeout):
                raise TimeoutError(f"the writer printed nothing for {timeout:.0f} s")
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode("utf-8")

    def rest(self) -> list[str]:
        """Every whole line left, once the writer has died (a line it had not finished
        writing when it was killed is not one)."""
        lines = []
        while (line := self.next_line()) is not None:
            lines.append(line)
        return lines


def writer_environment(credentials: Credentials) -> dict[str, str]:
    """The drill's own environment (the key folder of the row journal, the time zone, a fake
    clock …), with the clerk's login and password as a scheduled job is given them."""
    return {**os.environ, USER_ENV: credentials.login, PASSWORD_ENV: credentials.password}


def kill_a_writer(path: Path, credentials: Credentials, *, number: int, rng: random.Random,
                  max_lines: int, max_delay: float, now: datetime = NOW) -> Kill:
    """Start a writer on ``path``, wait for a random number of its lines and a random pause,
    and kill it; what it reported, and whether it misbehaved (ended by itself, or hung)."""
    kill = Kill(number, rng.randint(1, max_lines), round(rng.uniform(0.0, max_delay), 4))
    command = [sys.executable, str(WRITER), "--db", str(path), "--now", now.isoformat(),
               "--seed", str(rng.randrange(2**32))]
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors,
                                   stdin=subprocess.DEVNULL, env=writer_environment(credentials),
                                   cwd=ROOT)
        assert process.stdout is not None
        lines = WriterLines(process.stdout)
        seen: list[str] = []
        ended_by_itself = False
        try:
            while len(seen) < kill.lines and (line := lines.next_line()) is not None:
                seen.append(line)
            if len(seen) == kill.lines:
                time.sleep(kill.delay)
        except TimeoutError as stalled:
            kill.problems.append(f"the writer hung: {stalled}")
        finally:  # killed whatever happens here, so that no writer outlives the drill
            ended_by_itself = process.poll() is not None
            if not ended_by_itself:
                if os.name == "nt":  # pragma: no cover - TerminateProcess
                    process.kill()
                else:
                    os.kill(process.pid, signal.SIGKILL)
            process.wait()
        seen += lines.rest()
        process.stdout.close()
        if ended_by_itself:
            errors.seek(0)
            said = errors.read().decode("utf-8", "replace").strip().splitlines()
            kill.problems.append(f"the writer ended by itself (status {process.returncode}) "
                                 f"before it was killed: {said[-1] if said else 'it said nothing'}")
    for line in seen:
        try:
            report = json.loads(line)
        except ValueError:
            kill.problems.append(f"the writer printed a line that is not its report: {line!r}")
            continue
        if "commit" in report:
            kill.commits.append(report)
            kill.doing = None
        else:
            kill.doing = report.get("doing")
    return kill


# -- after a kill ---------------------------------------------------------------------------------


def _detail(record: AuditRecord) -> dict[str, Any]:
    try:
        value = json.loads(record.detail or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def partial_cases(session: Session) -> list[str]:
    """Every case the records hold only in part, in words (empty when none is).

    Each act of the writer is one transaction, so each of these holds after any kill:

    * every complaint, a draft too, has its parties and its oath — one complainant with a name,
      an address and a telephone number (§ 2-83(c)(1)–(2)), at least one respondent with a name
      and a position (c)(3)–(4), an allegation (c)(5) and the oath record (c) — and exactly one
      "draft.create" audit record;
    * its state is the one its last "event.*" audit record moved it to (a draft: none);
    * a filed complaint has its case number ``ERB-YYYY-NNN`` from its year and number, its
      receipt (time and clerk), and exactly one "event.file" audit record naming that number;
      the numbers of a year run from 1 without a gap or a double;
    * a draft has no deadline; a sworn filed complaint has exactly one "promptly forward"
      deadline of § 2-83(d)(1), open only while it is filed; an unsworn one has none, and once
      returned (§ 2-83(c), last paragraph) it has its resolution decision and no open deadline;
    * a complaint forwarded for review has exactly one review and one review deadline for each
      of the four reviewers, one (d)(3) forwarding deadline and one "event.forward_for_review"
      audit record; a review is recorded (determination and date) exactly when its deadline is
      closed, and there are as many "event.record_review" audit records as recorded reviews;
    * an accepted complaint has all four reviews and its acceptance decision (§ 2-83(d)(3)); one
      returned as defective has the Compliance Auditor's finding with a defect, its decision,
      and no open deadline;
    * every issued document's bytes match its SHA-256, and it has exactly one "document.issue"
      audit record; every mailing has exactly one "mail.record" audit record; no such audit
      record names a document or a mailing that is not there.
    """
    problems: list[str] = []
    complaints = session.scalars(select(Complaint).options(
        selectinload(Complaint.complainants), selectinload(Complaint.respondents),
        selectinload(Complaint.allegations), selectinload(Complaint.oath))
        .order_by(Complaint.id)).all()
    records: dict[int | None, list[AuditRecord]] = defaultdict(list)
    for record in session.scalars(select(AuditRecord).order_by(AuditRecord.seq)):
        records[record.complaint_id].append(record)
    deadlines: dict[int, list[Deadline]] = defaultdict(list)
    for deadline in session.scalars(select(Deadline)):
        deadlines[deadline.complaint_id].append(deadline)
    reviews: dict[int, list[Review]] = defaultdict(list)
    for review in session.scalars(select(Review).options(selectinload(Review.defects))):
        reviews[review.complaint_id].append(review)
    decisions: dict[int, list[DecisionKind]] = defaultdict(list)
    for complaint_id, kind in session.execute(select(Decision.complaint_id, Decision.kind)):
        decisions[complaint_id].append(kind)
    numbers: dict[int, list[int]] = defaultdict(list)
    for complaint in complaints:
        found = _case_problems(complaint, records[complaint.id], deadlines[complaint.id],
                               reviews[complaint.id], decisions[complaint.id])
        name = complaint.case_number or f"draft {complaint.id}"
        problems += [f"{name} is partial: {problem}" for problem in found]
        if complaint.case_year is not None and complaint.case_seq is not None:
            numbers[complaint.case_year].append(complaint.case_seq)
    for year, seqs in sorted(numbers.items()):
        if sorted(seqs) != list(range(1, len(seqs) + 1)):
            problems.append(f"the case numbers of {year} are not 1 to {len(seqs)} without a "
                            f"gap or a double: {sorted(seqs)}")
    problems += _paper_problems(session, [r for rs in records.values() for r in rs])
    return problems


def _case_problems(complaint: Complaint, records: list[AuditRecord], deadlines: list[Deadline],
                   reviews: list[Review], decisions: list[DecisionKind]) -> list[str]:
    """What one complaint lacks (see :func:`partial_cases`)."""
    found: list[str] = []
    state = complaint.state
    actions = Counter(r.action for r in records)
    complainants, respondents = complaint.complainants, complaint.respondents
    if len(complainants) != 1 or not all(c.name and c.address and c.phone for c in complainants):
        found.append(f"{len(complainants)} complainant(s), not one with a name, an address and a "
                     "telephone number (§ 2-83(c)(1)–(2))")
    if not respondents or not all(r.name and r.title for r in respondents):
        found.append("no respondent with a name and a position or title (§ 2-83(c)(3)–(4))")
    if not complaint.allegations:
        found.append("no allegation (§ 2-83(c)(5))")
    if complaint.oath is None:
        found.append("no oath record (§ 2-83(c))")
    if actions["draft.create"] != 1:
        found.append(f"{actions['draft.create']} “draft.create” audit records, not one")
    events = [r for r in records if r.action.startswith("event.")]
    trail = _detail(events[-1]).get("to") if events else CaseState.DRAFT.value
    if trail != state.value:
        found.append(f"it is “{state.value}” but its audit trail last moved it to “{trail}”")
    sworn = bool(complaint.oath and complaint.oath.sworn)
    by_kind: dict[str, list[Deadline]] = defaultdict(list)
    for deadline in deadlines:
        by_kind[deadline.clock].append(deadline)
    open_deadlines = [d for d in deadlines if d.status is DeadlineStatus.OPEN]
    if state is CaseState.DRAFT:
        if deadlines:
            found.append(f"a draft with {len(deadlines)} deadline(s)")
        return found
    if state is not CaseState.DISCARDED:
        expected = (f"ERB-{complaint.case_year}-{complaint.case_seq:03d}"
                    if complaint.case_seq is not None else None)
        if complaint.case_number is None or complaint.case_number != expected:
            found.append(f"its case number {complaint.case_number} is not its year and number "
                         f"({complaint.case_year}, {complaint.case_seq})")
        if complaint.received_at is None or not complaint.received_by:
            found.append("filed without its receipt (time and clerk) (§ 2-83(c))")
        filed = [r for r in records if r.action == "event.file"]
        if len(filed) != 1 or _detail(filed[0]).get("case_number") != complaint.case_number:
            found.append(f"{len(filed)} “event.file” audit record(s), not one naming its number")
        prompt = by_kind[ClockKind.PROMPT_FORWARD.value]
        if sworn and len(prompt) != 1:
            found.append(f"{len(prompt)} “promptly forward” deadlines of § 2-83(d)(1), not one")
        if not sworn and prompt:
            found.append("an unsworn complaint with a “promptly forward” deadline")
        if sworn and prompt and (prompt[0].status is DeadlineStatus.OPEN) != \
                (state is CaseState.FILED):
            found.append(f"its “promptly forward” deadline is {prompt[0].status.value} while it "
                         f"is {state.value}")
    if state is CaseState.RETURNED_UNSWORN:
        if DecisionKind.RESOLUTION not in decisions or complaint.resolved_on is None:
            found.append("returned as not sworn without its resolution (§ 2-83(c))")
        if open_deadlines:
            found.append(f"returned as not sworn with {len(open_deadlines)} open deadline(s)")
    if state in FORWARDED:
        found += _review_problems(complaint, records, by_kind, reviews, decisions)
    return found


def _review_problems(complaint: Complaint, records: list[AuditRecord],
                     by_kind: dict[str, list[Deadline]], reviews: list[Review],
                     decisions: list[DecisionKind]) -> list[str]:
    """What a complaint forwarded for review lacks (see :func:`partial_cases`)."""
    found: list[str] = []
    state = complaint.state
    actions = Counter(r.action for r in records)
    roles = sorted(r.role.value for r in reviews)
    if roles != sorted(role.value for role in ReviewerRole):
        found.append(f"forwarded with the reviews {roles}, not one for each of the four "
                     "reviewers (§ 2-83(d)(1))")
    clocks = {d.subject: d for d in by_kind[ClockKind.REVIEW.value]}
    if len(by_kind[ClockKind.REVIEW.value]) != 4 or set(clocks) != {r.value for r in ReviewerRole}:
        found.append(f"{len(by_kind[ClockKind.REVIEW.value])} review deadlines, not one for each "
                     "reviewer (§ 2-83(d)(1))")
    if len(by_kind[ClockKind.ETHICS_FORWARD.value]) != 1:
        found.append(f"{len(by_kind[ClockKind.ETHICS_FORWARD.value])} forwarding deadlines of "
                     "§ 2-83(d)(3), not one")
    if actions["event.forward_for_review"] != 1:
        found.append(f"{actions['event.forward_for_review']} “event.forward_for_review” audit "
                     "records, not one")
    recorded = [r for r in reviews if r.determination is not None]
    for review in reviews:
        deadline = clocks.get(review.role.value)
        done = review.determination is not None and review.completed_on is not None
        if deadline is not None and done == (deadline.status is DeadlineStatus.OPEN):
            found.append(f"the {review.role.label}'s review is "
                         f"{'recorded' if done else 'not recorded'} but its deadline is "
                         f"{deadline.status.value}")
    if actions["event.record_review"] != len(recorded):
        found.append(f"{len(recorded)} recorded review(s) but {actions['event.record_review']} "
                     "“event.record_review” audit records")
    if state is CaseState.ACCEPTED and (len(recorded) != 4
                                        or DecisionKind.ACCEPT not in decisions):
        found.append("accepted without its four reviews and its decision (§ 2-83(d)(3))")
    if state is CaseState.RETURNED_DEFECTIVE:
        auditor = [r for r in reviews if r.role is ReviewerRole.COMPLIANCE_AUDITOR]
        if not auditor or auditor[0].determination is not Determination.DOES_NOT_COMPLY \
                or not auditor[0].defects or DecisionKind.RETURN_DEFECTIVE not in decisions:
            found.append("returned as defective without the Compliance Auditor's finding, its "
                         "defect and its decision (§ 2-83(d)(3))")
        if any(d.status is DeadlineStatus.OPEN for ds in by_kind.values() for d in ds):
            found.append("returned as defective with an open deadline")
    return found


def _paper_problems(session: Session, records: Iterable[AuditRecord]) -> list[str]:
    """Issued documents and mailings against their audit records (see :func:`partial_cases`)."""
    found: list[str] = []
    issued = Counter[int]()
    mailed = Counter[int]()
    for record in records:
        if record.action == "document.issue":
            issued[int(_detail(record).get("document_id") or 0)] += 1
        elif record.action == "mail.record":
            mailed[int(_detail(record).get("mailing_id") or 0)] += 1
    documents = set()
    for document in session.scalars(select(IssuedDocument)):
        documents.add(document.id)
        if hashlib.sha256(document.content).hexdigest() != document.sha256:
            found.append(f"issued document {document.id} ({document.kind}) does not match its "
                         "SHA-256")
        if issued[document.id] != 1:
            found.append(f"issued document {document.id} ({document.kind}) has "
                         f"{issued[document.id]} “document.issue” audit records, not one")
    mailings = set(session.scalars(select(Mailing.id)))
    found += [f"mailing {m} has {mailed[m]} “mail.record” audit records, not one"
              for m in sorted(mailings) if mailed[m] != 1]
    found += [f"an audit record of the issue of document {d}, which is not there"
              for d in sorted(set(issued) - documents)]
    found += [f"an audit record of mailing {m}, which is not there"
              for m in sorted(set(mailed) - mailings)]
    return found


def missing_commits(session: Session, commits: Iterable[dict[str, Any]]) -> list[str]:
    """Every commit the writer reported that the database does not hold, in words.

    A commit is there when its audit record is (the same number, action and case) and what it
    wrote is: the filed case's number, the forwarded case's four reviews, the recorded review's
    determination, the decision of an acceptance or a return, the issued document with its
    SHA-256, the mailing.
    """
    audit = {r.seq: r for r in session.execute(
        select(AuditRecord.seq, AuditRecord.action, AuditRecord.complaint_id))}
    missing = []
    for commit in commits:
        act, seq = commit["commit"], int(commit["audit_seq"])
        what = f"the writer's reported {act} (audit record {seq}, {commit['action']})"
        record = audit.get(seq)
        if record is None or record.action != commit["action"] \
                or record.complaint_id != commit.get("complaint_id"):
            missing.append(f"{what} is missing: "
                           + ("no such record" if record is None else
                              f"record {seq} is {record.action} of case {record.complaint_id}"))
            continue
        lacking = _what_lacks(session, commit)
        if lacking:
            missing.append(f"{what} is in the audit trail but {lacking}")
    return missing


def _what_lacks(session: Session, commit: dict[str, Any]) -> str:
    """What a reported commit wrote that is not there ("" when all of it is)."""
    act, case_id = commit["commit"], commit.get("complaint_id")
    complaint = session.get(Complaint, case_id) if case_id is not None else None
    if act in ("draft", "file", "forward", "review", "accept", "return-unsworn",
               "return-defective") and complaint is None:
        return f"case {case_id} is not there"
    if act == "file" and (complaint is None or complaint.case_number != commit["case_number"]
                          or complaint.state is CaseState.DRAFT):
        return f"{commit['case_number']} is not filed"
    if act in ("forward", "review"):
        found = {r.role.value: r for r in session.scalars(
            select(Review).where(Review.complaint_id == case_id))}
        if len(found) != 4:
            return f"case {case_id} has {len(found)} reviews, not four"
        if act == "review" and found[commit["role"]].determination is None:
            return f"the {commit['role']} review of case {case_id} is not recorded"
    decided = {"accept": DecisionKind.ACCEPT, "return-defective": DecisionKind.RETURN_DEFECTIVE,
               "return-unsworn": DecisionKind.RESOLUTION}.get(act)
    if decided is not None and session.scalar(select(Decision.id).where(
            Decision.complaint_id == case_id, Decision.kind == decided).limit(1)) is None:
        return f"case {case_id} has no {decided.value} decision"
    if act == "issue":
        document = session.get(IssuedDocument, commit["document_id"])
        if document is None or document.sha256 != commit["sha256"]:
            return f"document {commit['document_id']} with its SHA-256 is not there"
    if act == "mail" and session.get(Mailing, commit["mailing_id"]) is None:
        return f"mailing {commit['mailing_id']} is not there"
    return ""


def check_database(path: Path, commits: Iterable[dict[str, Any]]) -> list[str]:
    """Everything wrong with the file at ``path`` as it is, in words: a failed check of
    ``ethics-desk check``, a partial case, a reported commit that is not there. Read-only."""
    problems = [f"the check “{result.name}” fails: {'; '.join(result.details)}"
                for result in run_checks(path) if not result.ok]
    engine = read_only_database_engine(path)
    try:
        with Session(engine) as session:
            problems += partial_cases(session)
            problems += missing_commits(session, commits)
    finally:
        engine.dispose()
    return problems


def audit_head(path: Path) -> int:
    """The number of the last audit record in the file at ``path`` (read-only)."""
    engine = read_only_database_engine(path)
    try:
        with Session(engine) as session:
            return session.scalar(select(func.max(AuditRecord.seq))) or 0
    finally:
        engine.dispose()


WAL_HEADER = 32
"""The bytes of a write-ahead log's header, before its first frame."""
FRAME = 24 + 4096
"""A frame of the log: its 24-byte header and one page."""


def damage_the_log(path: Path, commits: Iterable[dict[str, Any]],
                   rng: random.Random) -> tuple[int, bool] | None:
    """A copy of the file as the killed writer left it — the file, its ``-wal`` and its record
    anchor, as a power cut would leave them — with 1–16 bytes of its log flipped (in the log's
    header, a frame's header or a frame's page): how many of the reported ``commits`` the copy
    no longer holds, and whether ``check`` reports lost acts on it — or -1, and whether a check
    fails, for a copy that can no longer be read at all (the frames dropped had been partly
    folded into the file already: "database disk image is malformed"). None when the log holds
    no frame to damage. The drill's file is not touched."""
    wal = path.with_name(path.name + "-wal")
    if not wal.exists() or wal.stat().st_size < WAL_HEADER + FRAME:
        return None
    copy = path.with_name("damaged-" + path.name)
    try:
        for suffix in ("", "-wal", "-anchor"):
            source = path.with_name(path.name + suffix)
            if source.exists():
                shutil.copyfile(source, copy.with_name(copy.name + suffix))
        damaged = copy.with_name(copy.name + "-wal")
        frames = (damaged.stat().st_size - WAL_HEADER) // FRAME
        region = rng.choice(("header", "frame header", "page"))
        with damaged.open("r+b") as handle:
            for _ in range(rng.randint(1, 16)):
                frame = WAL_HEADER + rng.randrange(frames) * FRAME
                offset = (rng.randrange(WAL_HEADER) if region == "header"
                          else frame + rng.randrange(24) if region == "frame header"
                          else frame + 24 + rng.randrange(FRAME - 24))
                handle.seek(offset)
                byte = handle.read(1)[0]
                handle.seek(offset)
                handle.write(bytes([byte ^ rng.randrange(1, 256)]))
        try:
            held = audit_head(copy)
        except (SQLAlchemyError, sqlite3.Error):  # the log's loss left pages that disagree
            return -1, any(not result.ok for result in run_checks(copy))
        lost = sum(1 for commit in commits if int(commit["audit_seq"]) > held)
        return lost, lost_acts(copy) is not None
    finally:
        for leftover in copy.parent.glob(f"{copy.name}*"):
            leftover.unlink()


# -- the drill ------------------------------------------------------------------------------------


def drill(path: Path, *, kills: int, seed: int, max_lines: int = 20, max_delay: float = 0.1,
          progress: Callable[[str], None] = lambda line: None) -> DrillReport:
    """Build a database at ``path`` (a new file) and kill ``kills`` writers on it, checking the
    file after each kill and, opened as the application opens it, after the last."""
    rng = random.Random(seed)
    damage = random.Random(seed + 1)  # the log's damage: the kills' choices stay as they were
    report = DrillReport(seed=seed)
    started = time.perf_counter()
    clock = fixed_clock(NOW)
    credentials = build_database(path, clock)
    commits: list[dict[str, Any]] = []
    for number in range(1, kills + 1):
        kill = kill_a_writer(path, credentials, number=number, rng=rng, max_lines=max_lines,
                             max_delay=max_delay)
        commits += kill.commits
        problems = kill.problems + check_database(path, commits)
        report.kills += 1
        report.commits_by_act.update(c["commit"] for c in kill.commits)
        if kill.doing is not None:
            report.kills_mid_act += 1
            report.killed_during[kill.doing] += 1
        if audit_head(path) > kill.last_reported_seq:  # committed, killed before it said so
            report.kills_after_an_unreported_commit += 1
        damaged = damage_the_log(path, commits, damage)
        if damaged is not None:
            report.wal_trials += 1
            report.wal_copies_unreadable += int(damaged[0] < 0)
            report.wal_trials_losing_commits += int(damaged[0] > 0)
            report.wal_commits_lost += max(damaged[0], 0)
            if damaged[0] and not damaged[1]:
                report.lost_acts_unreported += 1
                problems.append("bytes flipped in a copy's write-ahead log "
                                + (f"lost {damaged[0]} reported commit(s)" if damaged[0] > 0
                                   else "left it unreadable")
                                + ", and check did not report it")
        where = f"kill {number} (after {kill.lines} line(s) and {kill.delay:.3f} s, " + \
            (f"during “{kill.doing}”)" if kill.doing else "between acts)")
        if problems:
            report.failed += 1
            report.failures += [f"{where}: {problem}" for problem in problems]
        progress(f"{where}: {len(kill.commits)} commit(s) reported, "
                 + (f"{len(problems)} problem(s): {problems[0]}" if problems
                    else "every check holds"))
    reopened = open_database(path, clock=clock, create=False)  # as after a crash
    reopened.dispose()
    problems = check_database(path, commits)
    if problems:
        report.failed += 1
        report.failures += [f"opened again after the last kill: {p}" for p in problems]
    engine = read_only_database_engine(path)
    try:
        with Session(engine) as session:
            states = Counter(session.scalars(select(Complaint.state)))
            report.cases_by_state = {s.value: n for s, n in states.most_common()}
            report.audit_records = session.scalar(select(func.count(AuditRecord.seq))) or 0
    finally:
        engine.dispose()
    report.reported_commits = len(commits)
    report.seconds = time.perf_counter() - started
    return report


def main() -> int:
    """Run the drill, print the figures, exit 1 when any kill failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2083)
    parser.add_argument("--db", help="where to build the drill's database (a new file)")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument("--max-lines", type=int, default=20,
                        help="the most lines of the writer read before a kill")
    parser.add_argument("--max-delay", type=float, default=0.1,
                        help="the longest pause, in seconds, after the last line read")
    args = parser.parse_args()
    folder = None if args.db else Path(tempfile.mkdtemp(prefix="crash-drill-"))
    path = Path(args.db) if folder is None else folder / "drill.sqlite"
    if path.exists():
        parser.error(f"{path} exists; the drill builds a new database")
    # The record key of the drill's database goes beside it, not into the user's credential
    # store, unless a key folder is named already; the writers get the same environment.
    os.environ.setdefault(KEY_FOLDER_ENV, str(path.resolve().parent / "keys"))

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    report = drill(path, kills=args.kills, seed=args.seed, max_lines=args.max_lines,
                   max_delay=args.max_delay, progress=progress)
    keep = args.keep or report.failed > 0 or args.db
    report.database = str(path) if keep else None
    keys = Path(os.environ[KEY_FOLDER_ENV])
    if keep and keys.is_dir():
        progress(f"kept {path}; its record key is in {keys} ({KEY_FOLDER_ENV})")
    if not keep and folder is not None:
        with contextlib.suppress(OSError):
            shutil.rmtree(folder)
    print(report.as_json())
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
