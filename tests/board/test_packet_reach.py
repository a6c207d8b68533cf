"""Whose Board packet: each person's packet holds only the complaints they receive (§ 2-83(d)) —
a member of the Board only those forwarded to it under (d)(3), and never one to which they are
a party, of which they learn only what is sent to them as a party (§ 2-83(h)(1)). A case they
do not receive is refused exactly as one that does not exist, and the packet's records name the
signed-in account."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import select

from ethics_desk.board.agenda import agenda, meeting_agenda
from ethics_desk.cli import main
from ethics_desk.cli.common import PASSWORD_ENV, USER_ENV
from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.roles import Role
from ethics_desk.documents.board_packet import AUDIT_ACTION, record_packet_use, render_packet
from ethics_desk.intake.record import RespondentData
from ethics_desk.models import AuditRecord
from ethics_desk.staff.accounts import add_account, change_own_password
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Accept, ForwardToBoard
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import HEARING_AT, awaiting_response
from tests.conftest import CLOCK
from tests.documents.render.helpers import flat, pages_text
from tests.factories import complete_intake, reviewed_case
from tests.signing_in import PASSWORD, account_of

MEETING = HEARING_AT.date()
MEMBER_NAME = "Chris Ortiz"
"""A member of the Ethics Review Board who is the respondent of one complaint."""


@dataclass(frozen=True)
class Board:
    """The cases of a meeting and the people asking for its packet."""

    before_the_board: int  # ERB-2026-001, a complaint against someone else
    against_the_member: int  # ERB-2026-002, forwarded to the Board; the member is its respondent
    accepted_only: int  # ERB-2026-003, accepted but not yet forwarded under (d)(3)
    clerk: Account
    member: Account


@pytest.fixture
def board(controller: WorkflowController, database: Database) -> Board:
    first = awaiting_response(controller)
    intake = complete_intake(respondents=[RespondentData(
        name=MEMBER_NAME, title="Member, Ethics Review Board", department="City Clerk",
        address="P.O. Box 839966\nSan Antonio, TX 78283")])
    against = reviewed_case(controller, intake=intake)
    controller.fire(against, Accept())
    controller.fire(against, ForwardToBoard())
    accepted = reviewed_case(controller)
    controller.fire(accepted, Accept())
    clerk = account_of(database, Role.CLERK)
    member = add_account(database, "cortiz", MEMBER_NAME, Role.MEMBER, f"first {PASSWORD}",
                         by=account_of(database, Role.ADMIN), clock=CLOCK)
    member = change_own_password(database, member, f"first {PASSWORD}", PASSWORD, clock=CLOCK)
    return Board(first, against, accepted, clerk, member)


def _packet_text(database: Database, ids: list[int], account: Account) -> str:
    return flat("\n".join(pages_text(render_packet(database, MEETING, ids, clock=CLOCK,
                                                   account=account))))


def test_board_member_who_is_a_respondent_gets_no_sheet_of_that_case(
        board: Board, database: Database) -> None:
    theirs = meeting_agenda(database, MEETING, account=board.member)
    clerks = meeting_agenda(database, MEETING, account=board.clerk)
    with database.read_session() as session:
        assert [a.complaint_id for a in agenda(
            session, MEETING, within=case_condition(board.member))] == [
                a.complaint_id for a in theirs]
        everything = agenda(session, MEETING)
    assert [a.complaint_id for a in clerks] == [board.before_the_board,
                                               board.against_the_member, board.accepted_only]
    assert [a.complaint_id for a in everything] == [a.complaint_id for a in clerks]
    assert [a.complaint_id for a in theirs] == [board.before_the_board]
    text = _packet_text(database, [a.complaint_id for a in theirs], board.member)
    assert "1. ERB-2026-001" in text and "1 case(s) on the agenda" in text
    assert "ERB-2026-002" not in text and MEMBER_NAME not in text
    assert "ERB-2026-003" not in text


def test_a_case_the_member_does_not_receive_is_refused_as_one_that_does_not_exist(
        board: Board, database: Database) -> None:
    with pytest.raises(UserError) as missing:
        render_packet(database, MEETING, [9999], clock=CLOCK, account=board.member)
    for hidden in (board.against_the_member, board.accepted_only):
        with database.read_session() as session:
            before = session.scalars(select(AuditRecord.seq).where(
                AuditRecord.complaint_id == hidden)).all()
        with pytest.raises(UserError) as refused:
            render_packet(database, MEETING, [board.before_the_board, hidden], clock=CLOCK,
                          account=board.member)
        assert str(refused.value).replace(str(hidden), "N") == str(missing.value).replace(
            "9999", "N")
        with database.read_session() as session:
            assert session.scalars(select(AuditRecord.seq).where(
                AuditRecord.complaint_id == hidden)).all() == before
    assert "ERB-2026-002" in _packet_text(database, [board.against_the_member], board.clerk)


def test_the_packets_records_name_the_signed_in_account_and_only_its_cases(
        board: Board, database: Database) -> None:
    ids = [board.before_the_board, board.against_the_member]
    render_packet(database, MEETING, ids, clock=CLOCK, account=board.clerk)
    record_packet_use(database, MEETING, ids, action="print.board-packet", what="printed",
                      clock=CLOCK, account=board.member)
    with database.read_session() as session:
        records = session.execute(select(AuditRecord.action, AuditRecord.complaint_id,
                                         AuditRecord.actor)
                                  .where(AuditRecord.action.in_((AUDIT_ACTION,
                                                                 "print.board-packet")))
                                  .order_by(AuditRecord.seq)).all()
    assert [tuple(r) for r in records] == [
        (AUDIT_ACTION, board.before_the_board, board.clerk.display),
        (AUDIT_ACTION, board.against_the_member, board.clerk.display),
        ("print.board-packet", board.before_the_board, board.member.display)]


def test_the_member_at_the_command_line_gets_the_same_packet_and_the_same_refusal(
        board: Board, db_arg: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(USER_ENV, board.member.login)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    out_file = tmp_path / "packet.pdf"
    assert main(["packet", "--meeting", MEETING.isoformat(), "--out", str(out_file),
                 "--db", db_arg], clock=CLOCK) == 0
    assert "with 1 case(s)" in capsys.readouterr().out
    text = flat("\n".join(pages_text(out_file.read_bytes())))
    assert "1. ERB-2026-001" in text and "ERB-2026-002" not in text
    answers = []
    for number in ("ERB-2026-002", "ERB-2026-999"):
        code = main(["packet", "--meeting", MEETING.isoformat(), "--case", number, "--out",
                     str(tmp_path / f"{number}.pdf"), "--db", db_arg], clock=CLOCK)
        out, err = capsys.readouterr()
        answers.append((code, out, err.replace(number, "N")))
        assert not (tmp_path / f"{number}.pdf").exists()
    assert answers[0] == answers[1] == (2, "", "ethics-desk: There is no case N. "
                                                "Check the number in the inbox.\n")
