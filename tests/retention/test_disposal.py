"""Disposal of a case file at the end of its retention period: the Records officer's list, the
act itself (one transaction), what it destroys and keeps, its permanent log, and who may.

Local Schedule GR, GR1000-24 (complaints: two years after resolution), GR1000-03a (the Board's
minutes: permanent); Local Government Code § 202.002 (no record destroyed while a hold stands).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, text

from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role
from ethics_desk.models import (
    Attachment,
    AuditRecord,
    Ballot,
    BoardVote,
    Complainant,
    Complaint,
    Deadline,
    Determination,
    DisposalRecord,
    HoldKind,
    IssuedDocument,
    Respondent,
    Review,
)
from ethics_desk.retention.disposal import CASE_FILE, disposal_list, disposal_log, dispose
from ethics_desk.retention.holds import place_hold
from ethics_desk.storage.database import Database, make_engine, resolve_url
from ethics_desk.workflow import ReturnDefective, ReturnUnsworn
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import frivolous
from tests.conftest import CLOCK, set_workstation_zone
from tests.factories import (
    CLERK,
    DESK_CLERK,
    complete_intake,
    filed_case,
    reviewed_case,
    sworn_oath,
)
from tests.retention.conftest import (
    DAY,
    ELIGIBLE_ON,
    RECORDS,
    RESOLVED_ON,
    on,
    person,
    resolved_case,
)


def _count(database: Database, model: object, case_id: int) -> int:
    with database.read_session() as session:
        return int(session.scalar(select(func.count()).select_from(model)  # type: ignore[arg-type]
                                  .where(model.complaint_id == case_id)) or 0)  # type: ignore[attr-defined]


def test_a_pending_case_is_never_on_the_list_and_its_disposal_is_refused(
        controller: WorkflowController, database: Database) -> None:
    pending = reviewed_case(controller)
    years_later = on(ELIGIBLE_ON.replace(year=2040))
    listed = disposal_list(database, account=RECORDS, clock=years_later)
    assert pending not in {line.case_id for line in (*listed.eligible, *listed.held)}
    with pytest.raises(UserError, match=r"is not resolved .*GR1000-24; § 2-83\(h\)\(1\)"):
        dispose(database, pending, account=RECORDS, clock=years_later)
    assert _count(database, Complainant, pending) == 1


@pytest.mark.parametrize("returned", ["unsworn", "defective"])
def test_a_returned_complaint_is_listed_two_years_after_its_return_and_disposed_of(
        controller: WorkflowController, database: Database, returned: str) -> None:
    """GR1000-24: a complaint returned as not sworn (§ 2-83(c), last paragraph) or as defective
    (§ 2-83(d)(3)) has ended; its file goes on the list when the period has run from the return."""
    if returned == "unsworn":
        case = filed_case(controller, complete_intake(oath=sworn_oath(sworn=False)))
        controller.fire(case, ReturnUnsworn(returned_on=RESOLVED_ON))
    else:
        case = reviewed_case(controller, determination=Determination.DOES_NOT_COMPLY)
        controller.fire(case, ReturnDefective(returned_on=RESOLVED_ON))
    before = disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON - DAY))
    assert case not in {line.case_id for line in before.eligible}
    [line] = disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON)).eligible
    assert (line.case_id, line.resolved_on, line.eligible_on) == (case, RESOLVED_ON, ELIGIBLE_ON)
    entry = dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    assert entry.series == "GR1000-24 Complaints" and entry.eligible_on == ELIGIBLE_ON
    assert _count(database, Complainant, case) == 0


def test_a_resolved_case_is_listed_on_the_day_two_years_after_its_resolution_and_not_before(
        controller: WorkflowController, database: Database) -> None:
    case = resolved_case(controller)
    before = disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON - DAY))
    assert [line.case_id for line in before.eligible] == []
    with pytest.raises(UserError, match="may not be destroyed before 2028-11-30"):
        dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON - DAY))
    due = disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON))
    [line] = due.eligible
    assert (line.case_id, line.eligible_on) == (case, ELIGIBLE_ON)
    assert line.case_number.startswith("ERB-")


def test_disposal_destroys_the_case_file_and_keeps_the_boards_votes(
        controller: WorkflowController, database: Database) -> None:
    case = frivolous(controller)  # votes, ballots, a hearing, a show-cause order, sanctions
    with database.read_session() as session:
        complaint = session.get(Complaint, case)
        assert complaint is not None and complaint.resolved_on is not None
        resolved = complaint.resolved_on
        votes_before = session.scalar(select(func.count()).select_from(BoardVote)
                                      .where(BoardVote.complaint_id == case))
        ballots_before = session.scalar(select(func.count()).select_from(Ballot).join(BoardVote)
                                        .where(BoardVote.complaint_id == case))
    assert votes_before and ballots_before
    entry = dispose(database, case, account=RECORDS, clock=on(resolved.replace(year=resolved.year + 2)))
    for part in CASE_FILE:
        if part.parent is None:
            assert _count(database, part.model, case) == 0, part.kind
    with database.read_session() as session:
        complaint = session.get(Complaint, case)
        assert complaint is not None
        assert (complaint.facts, complaint.nature, complaint.complainant_names,
                complaint.respondent_names) == ("", "", "", "")
        assert "pena" not in complaint.search_key
        assert complaint.case_number == entry.case_number
        assert session.scalar(select(func.count()).select_from(BoardVote)
                              .where(BoardVote.complaint_id == case)) == votes_before
        assert session.scalar(select(func.count()).select_from(Ballot).join(BoardVote)
                              .where(BoardVote.complaint_id == case)) == ballots_before
    assert entry.destroyed["sanctions and referrals"] == 3
    assert entry.destroyed["complainants"] == 1 and entry.destroyed["reviews"] == 4
    assert "GR1000-03a" in entry.kept


def test_the_disposal_log_survives_and_names_what_was_destroyed(
        controller: WorkflowController, database: Database, eligible_day: object) -> None:
    case = resolved_case(controller)
    with database.read_session() as session:
        deadlines = session.scalar(select(func.count()).select_from(Deadline)
                                   .where(Deadline.complaint_id == case))
        number = session.scalar(select(Complaint.case_number).where(Complaint.id == case))
    entry = dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    [logged] = disposal_log(database, account=RECORDS)
    assert logged == entry
    assert (logged.case_number, logged.series) == (number, "GR1000-24 Complaints")
    assert logged.disposed_by == RECORDS.display and logged.disposed_on == ELIGIBLE_ON
    assert "Local Schedule GR" in logged.authority and "§ 202.002" in logged.authority
    assert logged.destroyed["deadlines"] == deadlines
    assert logged.destroyed["exhibits, with their bytes"] == 1
    assert logged.destroyed["respondents"] == 1
    with database.engine.connect() as conn:
        for statement in ("DELETE FROM disposal_record",
                          "UPDATE disposal_record SET disposed_by = 'nobody'"):
            with pytest.raises(Exception, match="the disposal log is permanent"), conn.begin():
                conn.execute(text(statement))
    with database.read_session() as session:
        [row] = session.scalars(select(DisposalRecord))
        assert json.loads(row.destroyed)["respondents"] == 1
        actions = session.scalars(select(AuditRecord.action)
                                  .where(AuditRecord.complaint_id == case)).all()
    assert actions[-1] == "retention.dispose"


def test_a_case_is_disposed_of_once(controller: WorkflowController, database: Database) -> None:
    case = resolved_case(controller)
    dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    with pytest.raises(UserError, match="disposed of already"):
        dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON + DAY))
    assert len(disposal_log(database, account=RECORDS)) == 1
    assert disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON + DAY)).eligible == ()


@pytest.mark.parametrize("role", [r for r in Role if r is not Role.RECORDS])
def test_disposal_is_refused_to_every_role_but_the_records_officer(
        controller: WorkflowController, database: Database, role: Role) -> None:
    case = resolved_case(controller)
    someone = person(role)
    with pytest.raises(NotAllowed, match="Disposing of a case is for: Records officer"):
        dispose(database, case, account=someone, clock=on(ELIGIBLE_ON))
    with pytest.raises(NotAllowed, match="The disposal list is for: Records officer"):
        disposal_list(database, account=someone, clock=on(ELIGIBLE_ON))
    assert _count(database, Respondent, case) == 1
    assert _count(database, Review, case) == 4


def test_the_list_shows_a_held_case_with_the_reason_it_is_held(
        controller: WorkflowController, database: Database) -> None:
    free, held = resolved_case(controller), resolved_case(controller)
    with database.read_session() as session:
        number = session.scalar(select(Complaint.case_number).where(Complaint.id == held))
    assert number is not None
    place_hold(database, account=RECORDS, clock=CLOCK, kind=HoldKind.AUDIT,
               reason="City Auditor's review of the ethics program, AU-27-03", case_numbers=[number])
    listed = disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON))
    assert [line.case_id for line in listed.eligible] == [free]
    [line] = listed.held
    assert line.case_id == held
    assert "Audit hold" in line.held_because and "AU-27-03" in line.held_because
    assert "Rosa Records" in line.held_because


def test_disposal_leaves_no_exhibit_and_no_issued_paper_with_their_bytes(
        controller: WorkflowController, database: Database) -> None:
    from ethics_desk.documents.issuing import issue

    case = resolved_case(controller)
    issue(database, case, "receipt", account=DESK_CLERK, clock=CLOCK)
    assert _count(database, Attachment, case) == 1
    assert _count(database, IssuedDocument, case) == 1
    entry = dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    assert _count(database, Attachment, case) == 0
    assert _count(database, IssuedDocument, case) == 0
    assert entry.destroyed["papers issued, with their bytes"] == 1
    with database.engine.connect() as conn:
        left = conn.execute(text("SELECT count(*) FROM attachment UNION ALL "
                                 "SELECT count(*) FROM issued_document")).scalars().all()
    assert left == [0, 0]


def test_a_disposed_case_still_opens_with_its_number_history_and_no_party(
        controller: WorkflowController, database: Database) -> None:
    from ethics_desk.cases.case_file import load_case

    case = resolved_case(controller)
    dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    opened = load_case(database, case, account=CLERK)
    assert opened.number.startswith("ERB-")
    assert (opened.complainants, opened.respondents, opened.documents, opened.deadlines,
            opened.reviews) == ((), (), (), (), ())
    assert (opened.nature, opened.facts) == ("", "")
    assert any("Disposed of" in line.summary for line in opened.timeline)


def test_no_trigram_of_a_destroyed_name_stays_in_the_search_index(
        controller: WorkflowController, database: Database) -> None:
    if database.engine.dialect.name != "sqlite":
        pytest.skip("the FTS5 table is SQLite's; the server's GIN entries go with VACUUM")
    case = frivolous(controller)
    with database.read_session() as session:
        complaint = session.get(Complaint, case)
        assert complaint is not None and complaint.resolved_on is not None
        resolved, words = complaint.resolved_on, complaint.search_words.split()
    names = [w for w in words if w.isalpha() and w not in ("erb", "draft")]
    trigrams = {name[i:i + 3] for name in names for i in range(len(name) - 2)}
    assert trigrams

    def indexed() -> set[str]:
        with database.engine.begin() as conn:
            conn.exec_driver_sql("CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocabulary USING "
                                 "fts5vocab(main, complaint_search, 'row')")
            return {str(term) for (term,) in conn.exec_driver_sql(
                "SELECT term FROM temp.vocabulary")}

    assert trigrams <= indexed()
    dispose(database, case, account=RECORDS, clock=on(resolved.replace(year=resolved.year + 2)))
    assert trigrams & indexed() == set()


def test_every_connection_overwrites_what_it_deletes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite builds differ in their default (Debian's overwrites, Python's for Windows does
    not): the application asks every connection to overwrite deleted content itself."""
    executed: list[str] = []

    class Recording(sqlite3.Cursor):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            executed.append(sql)
            return super().execute(sql, *args)

    class Connection(sqlite3.Connection):
        def cursor(self, factory: Any = Recording) -> Any:
            return super().cursor(factory)

    connect = sqlite3.dbapi2.connect  # what SQLAlchemy's driver calls
    monkeypatch.setattr(sqlite3.dbapi2, "connect",
                        lambda *args, **kwargs: connect(*args, factory=Connection, **kwargs))
    engine = make_engine(resolve_url(tmp_path / "ethics-desk.sqlite"))
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA secure_delete").scalar() == 1
    finally:
        engine.dispose()
    assert "PRAGMA secure_delete = ON" in executed


def test_no_name_of_a_case_disposed_of_stays_in_the_database_file(
        controller: WorkflowController, database: Database) -> None:
    if database.engine.dialect.name != "sqlite":
        pytest.skip("a server's files are its own; the file's bytes are read here")
    case = frivolous(controller)
    with database.read_session() as session:
        complaint = session.get(Complaint, case)
        assert complaint is not None and complaint.resolved_on is not None
        resolved, name = complaint.resolved_on, complaint.complainant_names
    path = Path(str(database.engine.url.database))

    def occurrences() -> int:
        return sum(part.read_bytes().count(name.encode())
                   for part in path.parent.glob(path.name + "*"))

    assert name and occurrences() > 0
    dispose(database, case, account=RECORDS, clock=on(resolved.replace(year=resolved.year + 2)))
    with database.engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    assert occurrences() == 0


def test_the_disposal_list_asks_the_same_few_questions_however_many_cases_are_eligible(
        controller: WorkflowController, database: Database) -> None:
    """The hold check is asked of every case at once, not one query per case."""
    from sqlalchemy import event

    def statements() -> int:
        seen: list[str] = []

        def record(*args: Any) -> None:
            seen.append(args[2])

        event.listen(database.engine, "before_cursor_execute", record)
        try:
            listed = disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON))
        finally:
            event.remove(database.engine, "before_cursor_execute", record)
        assert listed.eligible
        return len(seen)

    resolved_case(controller)
    one = statements()
    for _ in range(4):
        resolved_case(controller)
    assert len(disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON)).eligible) == 5
    assert statements() == one


def test_a_case_becomes_eligible_on_the_offices_day_not_the_workstations(
        controller: WorkflowController, database: Database,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At 8 p.m. the evening before, in San Antonio, it is already the eligible day in Tokyo: a
    workstation left on Tokyo time neither lists the case nor destroys it a day early."""
    case = resolved_case(controller)
    set_workstation_zone(monkeypatch, "Asia/Tokyo")
    evening = on(ELIGIBLE_ON - DAY, hour=20)
    assert evening().astimezone().date() == ELIGIBLE_ON  # the workstation's own date
    listed = disposal_list(database, account=RECORDS, clock=evening)
    assert case not in [line.case_id for line in listed.eligible]
    with pytest.raises(UserError, match="may not be destroyed before 2028-11-30"):
        dispose(database, case, account=RECORDS, clock=evening)
    assert case in [line.case_id for line in
                    disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON, hour=9)).eligible]


def test_every_table_of_a_case_file_is_destroyed_by_name_or_declared_kept() -> None:
    """A row left to a cascade would be gone but its journal records kept, with every value it
    had (a paper's stated dates name the respondent): each table of a case is named."""
    from ethics_desk.retention.disposal import KEPT_TABLES
    from ethics_desk.storage.case_tables import case_tables

    destroyed = {part.model.__tablename__ for part in CASE_FILE}
    assert set(case_tables()) - {"complaint"} == destroyed | KEPT_TABLES
    assert not destroyed & KEPT_TABLES
