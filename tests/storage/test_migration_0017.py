"""Upgrading to revision 0017 adds the Clerk's decisions on Board members and parties
(``party_link``), journalled like every table, to a file made before, with the possible matches
of the complaints already filed; the revision can be taken back."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import CaseParty, Complaint, PartyLink, SamePerson
from ethics_desk.staff.accounts import add_account, create_first_administrator
from ethics_desk.staff.scope import receives
from ethics_desk.storage.database import Database
from ethics_desk.storage.migrate import alembic_config
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import complete_intake, filed_case
from tests.signing_in import PASSWORD


def _database_at_0016(path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0016")
    engine.dispose()


def _triggers(engine: sa.Engine) -> list[str]:
    with engine.connect() as conn:
        return list(conn.execute(sa.text(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' "
            "AND tbl_name = 'party_link'")).scalars())


@pytest.mark.sqlite_file
def test_an_older_file_gets_the_table_with_its_journal_triggers_and_can_go_back(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0016(path)
    database = open_database(path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        assert "party_link" in sa.inspect(database.engine).get_table_names()
        assert len(_triggers(database.engine)) == 3  # insert, update, delete
    finally:
        database.dispose()
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0016")
        assert "party_link" not in sa.inspect(engine).get_table_names()
        assert _triggers(engine) == []
    finally:
        engine.dispose()


@pytest.mark.sqlite_file
def test_an_office_upgrading_has_its_filed_complaints_matched_against_the_board(
        tmp_path: Path) -> None:
    path = tmp_path / "office.sqlite"
    database = open_database(path, clock=CLOCK)
    try:
        member = _member_account(database, "Jose Pena")
        controller = WorkflowController.unrestricted(database, "Maria Clerk", clock=CLOCK)
        intake = complete_intake()
        case = filed_case(controller, replace(
            intake, complainant=replace(intake.complainant, name="Ruth Alvarado"),
            respondents=[replace(intake.respondents[0], name="Peña, Dr. José A.")]))
    finally:
        database.dispose()
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    try:  # the office's file as revision 0016 left it: no party_link
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0016")
    finally:
        engine.dispose()
    database = open_database(path, clock=CLOCK)  # brought up to date again
    try:
        with database.read_session() as session:
            found = session.execute(sa.select(
                PartyLink.complaint_id, PartyLink.party, PartyLink.staff_account_id,
                PartyLink.decision)).all()
            complaint = session.get(Complaint, case)
            assert complaint is not None
            assert not receives(session, member, complaint)
        assert found == [(case, CaseParty.RESPONDENT, member.account_id, SamePerson.UNDECIDED)]
    finally:
        database.dispose()


def _member_account(database: Database, name: str) -> Account:
    admin = create_first_administrator(database, "ada", "Ada Lovelace", PASSWORD, clock=CLOCK)
    return add_account(database, "jpena", name, Role.MEMBER, PASSWORD, by=admin, clock=CLOCK)
