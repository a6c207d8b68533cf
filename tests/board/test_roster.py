"""The Board roster: terms decide who serves on a date; a member who is a party is flagged."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from ethics_desk.board import roster
from ethics_desk.core.errors import UserError
from ethics_desk.models import AuditRecord, BoardRole
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK, filed_case


def _names(rows: list[roster.MemberRow]) -> list[str]:
    return [r.name for r in rows]


def test_who_serves_on_a_date_follows_from_the_terms(database: Database) -> None:
    a = roster.add_member(database, "Alma Reyes", role=BoardRole.MEMBER,
                         starts_on=date(2024, 1, 1), ends_on=date(2025, 12, 31), account=CLERK, clock=CLOCK)
    roster.add_member(database, "Ben Ortiz", role=BoardRole.CHAIR, starts_on=date(2025, 6, 1),
                     account=CLERK, clock=CLOCK)
    roster.add_member(database, "Cora Diaz", role=BoardRole.MEMBER, starts_on=date(2026, 1, 1),
                     account=CLERK, clock=CLOCK)
    roster.add_member(database, "Dee Staff", role=BoardRole.STAFF, starts_on=date(2020, 1, 1),
                     account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        assert _names(roster.members_on(session, date(2025, 3, 1))) == ["Alma Reyes"]
        assert _names(roster.members_on(session, date(2026, 3, 1))) == ["Ben Ortiz", "Cora Diaz"]
        everyone = roster.roster(session, date(2026, 3, 1))
        assert [r.status for r in everyone if r.id == a] == ["Former member"]
    roster.add_term(database, a, role=BoardRole.VICE_CHAIR, starts_on=date(2026, 2, 1),
                   account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        assert _names(roster.members_on(session, date(2026, 3, 1))) == [
            "Ben Ortiz", "Alma Reyes", "Cora Diaz"]


def test_overlapping_terms_and_two_chairs_at_once_are_refused(database: Database) -> None:
    a = roster.add_member(database, "Alma Reyes", role=BoardRole.MEMBER,
                         starts_on=date(2024, 1, 1), account=CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="overlaps"):
        roster.add_term(database, a, role=BoardRole.CHAIR, starts_on=date(2025, 1, 1),
                       account=CLERK, clock=CLOCK)
    roster.add_member(database, "Ben Ortiz", role=BoardRole.CHAIR, starts_on=date(2025, 1, 1),
                     account=CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="one Chair at a time"):
        roster.add_member(database, "Cora Diaz", role=BoardRole.CHAIR,
                         starts_on=date(2026, 1, 1), account=CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="before it starts"):
        roster.add_member(database, "Dan Ruiz", role=BoardRole.MEMBER,
                         starts_on=date(2026, 1, 1), ends_on=date(2025, 1, 1), account=CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="already on the roster"):
        roster.add_member(database, "ALMA  REYES", role=BoardRole.MEMBER,
                         starts_on=date(2026, 1, 1), account=CLERK, clock=CLOCK)


def test_a_member_who_is_a_party_is_flagged_on_that_case(database: Database,
                                                         controller: WorkflowController) -> None:
    case_id = filed_case(controller)  # the complainant is José Peña
    roster.add_member(database, "Jose Pena", role=BoardRole.MEMBER, starts_on=date(2024, 1, 1),
                     account=CLERK, clock=CLOCK)
    roster.add_member(database, "Ben Ortiz", role=BoardRole.MEMBER, starts_on=date(2024, 1, 1),
                     account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        voters = roster.voters_for(session, case_id, date(2026, 11, 30))
        flagged = roster.members_who_are_parties(session, case_id, date(2026, 11, 30))
    assert {v.name: v.is_party for v in voters} == {"Jose Pena": True, "Ben Ortiz": False}
    assert [v.name for v in flagged] == ["Jose Pena"]
    assert "party to this complaint" in flagged[0].label


def test_pending_elections_find_a_respondent_among_the_candidates(database: Database) -> None:
    roster.add_election(database, date(2027, 5, 1), "General Election",
                       "Nguyễn Thị Minh Khai; Sam Lee", account=CLERK, clock=CLOCK)
    roster.add_election(database, date(2026, 5, 2), "Past Election", "Nguyen Thi Minh Khai",
                       account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        pending = roster.pending_elections_for(session, ["NGUYEN THI MINH KHAI"],
                                              date(2026, 11, 30))
        assert [e.name for e in pending] == ["General Election"]
        assert roster.pending_elections_for(session, ["Someone Else"], date(2026, 11, 30)) == []


def test_roster_changes_are_audited_and_the_chain_verifies(database: Database) -> None:
    a = roster.add_member(database, "Alma Reyes", role=BoardRole.MEMBER,
                         starts_on=date(2024, 1, 1), account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        term_id = roster.roster(session, date(2026, 1, 1))[0].terms[0].id
    roster.end_term(database, term_id, date(2026, 6, 30), account=CLERK, clock=CLOCK)
    roster.add_term(database, a, role=BoardRole.MEMBER, starts_on=date(2026, 7, 1),
                    account=CLERK, clock=CLOCK)
    election = roster.add_election(database, date(2027, 5, 1), "General Election", "",
                                  account=CLERK, clock=CLOCK)
    roster.remove_election(database, election, account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        actions = session.scalars(select(AuditRecord.action).where(
            AuditRecord.action.like("board.%")).order_by(AuditRecord.seq)).all()
        assert actions == ["board.member_add", "board.term_end", "board.term_add",
                           "board.election_add", "board.election_remove"]
        assert verify_chain(session) == []


def test_a_board_member_may_not_change_the_roster_and_nothing_is_written(
        database: Database) -> None:
    from ethics_desk.core.errors import NotAllowed
    from ethics_desk.models import BoardMember, Election
    from tests.factories import MEMBER, rows_and_records

    before = rows_and_records(database, BoardMember)
    with pytest.raises(NotAllowed, match="City Clerk staff"):
        roster.add_member(database, "Alma Member", role=BoardRole.CHAIR,
                          starts_on=date(2026, 1, 1), account=MEMBER, clock=CLOCK)
    assert rows_and_records(database, BoardMember) == before
    elections = rows_and_records(database, Election)
    with pytest.raises(NotAllowed):
        roster.add_election(database, date(2027, 5, 1), "General Election", "Alma Member",
                            account=MEMBER, clock=CLOCK)
    assert rows_and_records(database, Election) == elections
