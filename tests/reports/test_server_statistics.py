"""The office's statistics on the office's server: the City Clerk's staff and the Administrator
(``Act.STATISTICS``), each connected as their own role, count the office's whole records —
though their row-level security hides the Public Information Act requests from the one and every
case from the other — through the owner's function (:data:`STATISTICS_FUNCTION`), which
returns counts, dates and the application's vocabularies only, and which PostgreSQL itself
refuses to anyone else.

PostgreSQL only (the server's own rules): they run when the suite has its server.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import ACT_ROLES, Act
from ethics_desk.core.roles import Role
from ethics_desk.deadlines import ClockKind
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import RequestChannel
from ethics_desk.public_information import (
    NewRequest,
    close_request,
    log_request,
    release_information,
)
from ethics_desk.reports.statistics import (
    STATISTICS_ARGUMENTS,
    STATISTICS_FUNCTION,
    OfficeStatistics,
    office_statistics,
)
from ethics_desk.staff.accounts import add_account, create_first_administrator, sign_in
from ethics_desk.storage.database import Database
from ethics_desk.storage.server_roles import add_person
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, server_url, test_server
from tests.factories import CLERK
from tests.reports.test_statistics import NOVEMBER, TO_YEAR_END, _november
from tests.signing_in import PASSWORD

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")

CALL = (f"SELECT figure, lines FROM {STATISTICS_FUNCTION}(:start, :end, :today, "
        "CAST(:start AS timestamp), CAST(:after AS timestamp), :reach)")
PERIOD = {"start": NOVEMBER[0], "end": NOVEMBER[1], "today": date(2026, 11, 30),
          "after": date(2026, 12, 1), "reach": date(2025, 11, 1)}
_RUN = f"{os.getpid()}"


@dataclass
class People:
    """An account of each office role, each with a server role of its own."""

    database: Database
    accounts: dict[Role, Account] = field(default_factory=dict)

    def desk(self, role: Role) -> Database:
        """The database as ``role``'s person opens it at their desk (their own server role)."""
        login = self.accounts[role].login
        return open_database(self.database.url.set(username=login, password=None)
                             .render_as_string(hide_password=False), clock=CLOCK)

    def engine(self, role: Role) -> sa.Engine:
        """A plain connection as ``role``'s person, for SQL typed at their desk."""
        return sa.create_engine(self.database.url.set(username=self.accounts[role].login,
                                                      password=None),
                                poolclass=sa.pool.NullPool)


@pytest.fixture
def people(database: Database) -> Iterator[People]:
    server = test_server()
    assert server is not None
    found = People(database)
    logins = {role: f"st{_RUN}{role.value}" for role in Role}
    try:
        admin = create_first_administrator(database, logins[Role.ADMIN], "Stat Administrator",
                                           PASSWORD, clock=CLOCK)
        for role in Role:
            if role is not Role.ADMIN:
                add_account(database, logins[role], f"Stat {role.label}", role, PASSWORD,
                            by=admin, clock=CLOCK)
        with database.engine.begin() as conn:
            for role, login in logins.items():
                add_person(conn, login, role, PASSWORD)
        for role, login in logins.items():
            found.accounts[role] = sign_in(database, login, PASSWORD, clock=CLOCK)
        yield found
    finally:
        with database.engine.begin() as conn:  # their right to connect to this database
            made = set(conn.scalars(sa.text("SELECT rolname FROM pg_roles WHERE rolname = "
                                            "ANY(:logins)"), {"logins": list(logins.values())}))
            for login in made:
                conn.execute(sa.text(f'DROP OWNED BY "{login}"'))
        database.dispose()
        with server.admin.connect() as conn:
            for login in logins.values():
                conn.execute(sa.text(f'DROP ROLE IF EXISTS "{login}"'))


def _requests(database: Database) -> None:
    """One request under the Public Information Act, received, released and closed in
    November (its clocks: the release's met, the ruling's two cancelled)."""
    records = Account(904, "rrecords", "Rosa Records", Role.RECORDS)
    view = log_request(database, NewRequest(
        requester_name="María Gómez", channel=RequestChannel.EMAIL,
        asked_for="The Board's 2026 meeting minutes", received_on=date(2026, 11, 2)),
        account=records, clock=CLOCK)
    release_information(database, view.request_id, account=records,
                        released_on=date(2026, 11, 5), clock=CLOCK)
    close_request(database, view.request_id, account=records, closed_on=date(2026, 11, 6),
                  clock=CLOCK)


def _seen(people: People, role: Role, sql: str) -> int:
    engine = people.engine(role)
    try:
        with engine.connect() as conn:
            return int(conn.execute(sa.text(sql)).scalar_one())
    finally:
        engine.dispose()


def _counted_at_the_desk(people: People, role: Role, start: date, end: date) -> OfficeStatistics:
    desk = people.desk(role)
    try:
        return office_statistics(desk, start=start, end=end, account=people.accounts[role],
                                 clock=CLOCK)
    finally:
        desk.dispose()


def test_the_clerk_and_the_administrator_count_the_offices_whole_records_on_the_server(
        controller: WorkflowController, database: Database, people: People) -> None:
    _november(controller)
    _requests(database)
    # what each reads with their own role: the Clerk's staff no request, the Administrator no
    # case — the counts below are the owner's
    assert _seen(people, Role.CLERK, "SELECT count(*) FROM information_request") == 0
    assert _seen(people, Role.ADMIN, "SELECT count(*) FROM complaint") == 0
    assert _seen(people, Role.ADMIN, "SELECT count(*) FROM decision") == 0
    whole = office_statistics(database, start=TO_YEAR_END[0], end=TO_YEAR_END[1],
                              account=CLERK, clock=CLOCK)  # as IT: every row
    for role in (Role.CLERK, Role.ADMIN):
        figures = _counted_at_the_desk(people, role, *TO_YEAR_END)
        assert figures == whole, role
        assert figures.received.total == 6
        assert {line.key: line.count for line in figures.received.by_route} == {
            "ethics_code": 4, "campaign_finance": 2}
        assert (figures.received.sworn, figures.received.no_provision) == (5, 1)
        assert {line.label.split()[1]: line.count for line in figures.received.by_provision} \
            == {"2-49": 3, "2-50": 1, "2-306": 1, "2-307": 1}
        endings = figures.endings
        assert (endings.returned_unsworn, endings.returned_defective, endings.not_cured,
                endings.total) == (1, 1, 1, 5)
        steps = {step.key: (step.cases, step.median, step.p90) for step in figures.steps}
        assert steps["forwarded_for_review"] == (4, 1, 3)
        assert steps["resolved"] == (3, 4, 13)
        prompt = next(t for t in figures.deadlines if t.key == "prompt_forward")
        assert (prompt.met, prompt.missed, prompt.cancelled) == (3, 1, 1)
        pia = figures.public_information
        assert (pia.received, pia.released, pia.closed) == (1, 1, 1)
        clocks = pia.clocks_total
        assert (clocks.met, clocks.missed, clocks.cancelled, clocks.due) == (1, 0, 2, 3)


def test_a_closure_that_moved_clocks_is_counted_for_the_administrator_on_the_server(
        controller: WorkflowController, database: Database, people: People) -> None:
    from ethics_desk.deadlines.closures import add_closure

    _november(controller)
    add_closure(database, date(2026, 12, 1), "Ice storm", account=CLERK, clock=CLOCK)
    whole = office_statistics(database, start=TO_YEAR_END[0], end=TO_YEAR_END[1],
                              account=CLERK, clock=CLOCK)
    figures = _counted_at_the_desk(people, Role.ADMIN, *TO_YEAR_END)
    prompt = next(t for t in figures.deadlines if t.key == "prompt_forward")
    assert prompt.moved_by_closures == 1
    assert figures == whole


@pytest.mark.parametrize("role", [role for role in Role
                                  if role not in ACT_ROLES[Act.STATISTICS]])
def test_the_server_refuses_the_count_to_a_role_without_the_act(
        database: Database, people: People, role: Role) -> None:
    engine = people.engine(role)
    try:
        with pytest.raises(DBAPIError, match="permission denied"), engine.connect() as conn:
            conn.execute(sa.text(CALL), PERIOD).all()
    finally:
        engine.dispose()


def test_the_server_refuses_the_count_to_a_clerk_whose_account_is_disabled(
        database: Database, people: People) -> None:
    """The grant is the group's; the function's first statement asks the account itself."""
    with database.engine.begin() as conn:
        conn.execute(sa.text("UPDATE staff_account SET disabled_at = now() WHERE login = :l"),
                     {"l": people.accounts[Role.CLERK].login})
    engine = people.engine(Role.CLERK)
    try:
        with pytest.raises(DBAPIError, match="only those who may count the office's "
                                             "statistics"), engine.connect() as conn:
            conn.execute(sa.text(CALL), PERIOD).all()
    finally:
        engine.dispose()


def _vocabulary() -> set[str]:
    """Every word the function may return: the values of the application's vocabularies."""
    import ethics_desk.models as models

    words = {kind.value for kind in ClockKind}
    for name in dir(models):
        found = getattr(models, name)
        if isinstance(found, type) and issubclass(found, StrEnum):
            words |= {member.value for member in found}
    return words | {"accepted", "resolved", "forwarded_campaign_finance", "forwarded_to_board",
                    "response_filed"}


_DAY = re.compile(r"\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2}(\.\d+)?)?")


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in _texts(item)]
    assert value is None or isinstance(value, bool | int), value
    return []


def test_the_count_returns_no_text_of_a_record(demo_database: Database) -> None:
    """On the demonstration's records (names, subjects, requesters, notes …): every value
    returned is a number, a truth, a date or a word of the application's vocabularies."""
    _requests(demo_database)
    vocabulary = _vocabulary()
    with demo_database.engine.connect() as conn:
        names = {str(row[0]) for row in conn.execute(sa.text(
            "SELECT requester_name FROM information_request UNION SELECT name FROM respondent "
            "UNION SELECT name FROM complainant"))}
        rows = conn.execute(sa.text(CALL), {**PERIOD, "start": date(2020, 1, 1),
                                            "end": date(2026, 12, 31),
                                            "reach": date(2019, 1, 1)}).all()
    assert len(rows) > 20 and names
    assert [figure for figure, _lines in rows].count("version") == 1
    words = [text for figure, lines in rows if figure != "version" for text in _texts(lines)]
    assert words
    assert [word for word in words if word not in vocabulary and not _DAY.fullmatch(word)] \
        == []
    assert not names & set(words)


def test_a_server_whose_function_is_missing_says_to_run_the_setup_again(
        database: Database) -> None:
    with database.engine.begin() as conn:
        conn.execute(sa.text(f"DROP FUNCTION {STATISTICS_FUNCTION}({STATISTICS_ARGUMENTS})"))
    with pytest.raises(UserError, match="server setup"):
        office_statistics(database, start=NOVEMBER[0], end=NOVEMBER[1], account=CLERK,
                          clock=CLOCK)
