"""Attacks on the office's server, made with the driver and plain SQL — not through Ethics Desk —
by the person at a workstation, with what that workstation connects as. Each is refused by
PostgreSQL itself: an error, or nothing read or changed.

Issue 28, finding 2: whoever can connect as a workstation could raise their own role, delete
every account, read the password hashes and every pending complaint (§ 2-83(h)(1)), write audit
records naming another person, and empty the journal's values under a made-up disposal voucher
— and ``check`` then found nothing wrong. Here each of those, and granting, ``SET ROLE``, turning
off row-level security, ``TRUNCATE``, and every ``SECURITY DEFINER`` function called with forged
arguments, is the rule it checks.

Each attack is made twice: as each person's own server role
(:mod:`ethics_desk.storage.server_roles`), as the desks connect, and as the one shared
workstations' role through which the desks of earlier versions connected, after the setup that
converts an office has taken every right from it.

PostgreSQL only (these are the server's own rules): they run when the suite has its server
(``ETHICS_DESK_TEST_DATABASE``), as ``.ci/run`` gives it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from ethics_desk.core.permissions import ACT_ROLES, Act
from ethics_desk.core.roles import Role
from ethics_desk.documents.issuing import issue
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.server import setup_server
from ethics_desk.reports.annual_report import Edition, issue_annual_report
from ethics_desk.staff.accounts import add_account, create_first_administrator
from ethics_desk.storage.server_roles import add_person
from ethics_desk.workflow import ForwardForReview
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, server_url, test_server
from tests.factories import complete_intake, filed_case
from tests.signing_in import PASSWORD

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")

SHARED = "the shared workstations' role"
PERSONS = "each person's own role"

@dataclass(frozen=True)
class Office:
    """An office set up on the server, with a case at each stage and a paper issued."""

    kind: str  # how the people connect: SHARED or PERSONS
    url: str
    owner: str
    draft: int  # a draft at the counter: the Clerk's staff's alone
    at_the_clerk: int  # filed, not yet forwarded: the Clerk's staff's alone, § 2-83(c)
    in_review: int  # forwarded for review, (d)(1): the reviewers', not the Board members'
    logins: dict[Role, str]  # each role's person (logins no other run uses: roles are the
    # server's, not the database's)
    people: dict[Role, str]  # each role's person's connection address

    def connect(self, role: Role) -> sa.Engine:
        """An engine connected as the person of ``role`` would connect at their desk."""
        return sa.create_engine(self.people[role], poolclass=sa.pool.NullPool)


@pytest.fixture(scope="module", params=[SHARED, PERSONS])
def office(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Office]:
    """The office, set up once for the module and each way of connecting (every attack is
    rolled back, succeeded or not)."""
    server = test_server()
    assert server is not None
    name = server.new_name("server_attacks")
    url = server.create(name)
    desk = f"ed_desk_{name.split('_', 1)[1]}"
    tag = name.split("_", 1)[1].replace("_", "")
    logins = {role: f"p{tag}{role.value}" for role in Role}
    with server.admin.connect() as conn:
        conn.execute(sa.text(f"CREATE ROLE {desk} LOGIN"))
    try:
        setup_server(url, clock=CLOCK, backup_folder=tmp_path_factory.mktemp("setup"),
                     workstations=desk)
        desk_url = sa.make_url(url).set(username=desk, password=None).render_as_string(
            hide_password=False)
        database = open_database(url, clock=CLOCK)  # as IT: the shared role may no more
        try:
            admin = create_first_administrator(database, logins[Role.ADMIN], "Test Administrator",
                                               PASSWORD, clock=CLOCK)
            accounts = {role: add_account(database, logins[role], f"Test {role.label}", role,
                                          PASSWORD, by=admin, clock=CLOCK)
                        for role in Role if role is not Role.ADMIN}
            clerk = WorkflowController(database, accounts[Role.CLERK], clock=CLOCK)
            draft = clerk.save_draft(complete_intake()).complaint_id
            at_the_clerk = filed_case(clerk)
            in_review = filed_case(clerk)
            clerk.fire(in_review, ForwardForReview())
            issue(database, at_the_clerk, "receipt", account=accounts[Role.CLERK],
                  clock=CLOCK)
            issue_annual_report(database, CLOCK().year, edition=Edition.CONFIDENTIAL,
                                account=accounts[Role.CLERK], clock=CLOCK)
        finally:
            database.dispose()
        people = {role: desk_url for role in Role}
        if request.param == PERSONS:
            owner = sa.create_engine(url, poolclass=sa.pool.NullPool)
            try:
                with owner.begin() as conn:
                    for role, login in logins.items():
                        add_person(conn, login, role, PASSWORD)
            finally:
                owner.dispose()
            people = {role: sa.make_url(url).set(username=login, password=None)
                      .render_as_string(hide_password=False) for role, login in logins.items()}
        yield Office(kind=request.param, url=url, owner=str(server.url.username), draft=draft,
                     at_the_clerk=at_the_clerk, in_review=in_review, logins=logins,
                     people=people)
    finally:
        server.drop(name)
        with server.admin.connect() as conn:
            conn.execute(sa.text(f"DROP ROLE IF EXISTS {desk}"))
            for login in logins.values():
                conn.execute(sa.text(f'DROP ROLE IF EXISTS "{login}"'))


Outcome = Callable[[Sequence[sa.Row[object]] | int], bool]


def _rows(result: Sequence[sa.Row[object]] | int) -> bool:
    """An attack worked when it read or changed anything."""
    return bool(result)


def _true(result: Sequence[sa.Row[object]] | int) -> bool:
    """An attack worked when its last statement answered true (a check of what it did)."""
    return isinstance(result, Sequence) and bool(result) and bool(result[0][0])


def attempt(engine: sa.Engine, statements: Sequence[str], params: dict[str, object] | None = None,
            worked: Outcome = _rows) -> str | None:
    """Run ``statements`` in one transaction, always rolled back: None when the server refused
    (an error, or the last statement read or changed nothing), else what it let through."""
    try:
        conn = engine.connect()
    except DBAPIError:  # refused at the door (the shared role of old may not connect)
        return None
    with conn:
        transaction = conn.begin()
        try:
            result: Sequence[sa.Row[object]] | int = 0
            for statement in statements:
                answer = conn.execute(sa.text(statement), params or {})
                result = list(answer.all()) if answer.returns_rows else answer.rowcount
        except DBAPIError:
            return None
        finally:
            transaction.rollback()
    return f"{statements[-1]!r} gave {result!r}" if worked(result) else None


def _owner_sees(office: Office, sql: str, params: dict[str, object]) -> int:
    engine = sa.create_engine(office.url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            return len(conn.execute(sa.text(sql), params).all())
    finally:
        engine.dispose()


def _refused(office: Office, role: Role, statements: Sequence[str],
             params: dict[str, object] | None = None, worked: Outcome = _rows) -> None:
    engine = office.connect(role)
    try:
        let_through = attempt(engine, statements, params, worked)
    finally:
        engine.dispose()
    assert let_through is None, f"as the {role.label}: {let_through}"


# -- the accounts: changed only through the Administrator's functions ---------------------------

def test_a_board_member_cannot_raise_their_own_role(office: Office) -> None:
    _refused(office, Role.MEMBER, ["UPDATE staff_account SET role = 'clerk' "
                                   "WHERE login = :login"], {"login": office.logins[Role.MEMBER]})


def test_no_one_deletes_the_accounts_to_become_the_first_administrator(
        office: Office) -> None:
    for role in (Role.MEMBER, Role.CLERK, Role.ADMIN):
        _refused(office, role, ["DELETE FROM staff_account"])


def test_no_one_adds_an_account_by_sql(office: Office) -> None:
    for role in (Role.MEMBER, Role.ADMIN):
        _refused(office, role, [
            "INSERT INTO staff_account (login, name, role, password_hash, must_change_password, "
            "failed_attempts, created_at, created_by, version) VALUES ('mallory', 'Mallory', "
            "'admin', 'x', false, 0, now(), 'mallory', 1)"])


def test_no_one_reads_a_password_hash(office: Office) -> None:
    for role in Role:
        _refused(office, role, ["SELECT password_hash FROM staff_account"])


# -- the case scope of § 2-83(d) and (h)(1), on the server ----------------------------------------

CASE_TABLES = {
    "complaint": "SELECT * FROM complaint WHERE id = :case",
    "complainant": "SELECT * FROM complainant WHERE complaint_id = :case",
    "respondent": "SELECT * FROM respondent WHERE complaint_id = :case",
    "allegation": "SELECT * FROM allegation WHERE complaint_id = :case",
    "oath": "SELECT * FROM oath WHERE complaint_id = :case",
    "case_text": "SELECT * FROM case_text WHERE complaint_id = :case",  # the full-text index
    "audit_record": "SELECT * FROM audit_record WHERE complaint_id = :case",
    "journal_record": "SELECT * FROM journal_record WHERE table_name = 'complaint' "
                      "AND row_key = CAST(:case AS text)",
}
"""How each table holding a case's content is read for one case (what must be refused)."""


def _case_reads(office: Office, role: Role, case: int) -> None:
    for table, sql in CASE_TABLES.items():
        assert _owner_sees(office, sql, {"case": case}), f"the fixture has no {table} row"
        _refused(office, role, [sql], {"case": case})


def test_a_board_member_reads_no_complaint_before_the_board_receives_it(
        office: Office) -> None:
    for case in (office.draft, office.at_the_clerk, office.in_review):
        _case_reads(office, Role.MEMBER, case)


def test_a_reviewer_reads_no_complaint_before_it_is_forwarded_for_review(
        office: Office) -> None:
    for role in (Role.CHAIR, Role.AUDITOR, Role.ATTORNEY):
        for case in (office.draft, office.at_the_clerk):
            _case_reads(office, role, case)


def test_the_records_officer_and_the_administrator_read_no_case(
        office: Office) -> None:
    for role in (Role.RECORDS, Role.ADMIN):
        for case in (office.draft, office.at_the_clerk, office.in_review):
            _case_reads(office, role, case)


def test_the_mail_queue_and_drafts_are_not_read_outside_the_scope(
        office: Office) -> None:
    """Finding 8, on the server: the papers issued on a case the person does not receive."""
    for sql in ("SELECT * FROM issued_document WHERE complaint_id = :case",
                "SELECT * FROM mailing m JOIN issued_document i ON i.id = m.document_id "
                "RIGHT JOIN complaint c ON c.id = i.complaint_id WHERE c.id = :case"):
        assert _owner_sees(office, sql, {"case": office.at_the_clerk})
        for role in (Role.MEMBER, Role.CHAIR, Role.RECORDS, Role.ADMIN):
            _refused(office, role, [sql], {"case": office.at_the_clerk})


def test_only_the_roles_that_issue_the_annual_report_read_it_and_no_one_changes_it(
        office: Office) -> None:
    """The Board's edition holds every count exactly (§ 2-83(h)(1)); an issued report is
    frozen like any paper."""
    read = "SELECT sha256 FROM office_report"
    assert _owner_sees(office, read, {}) == 1
    issuers = ACT_ROLES[Act.ANNUAL_REPORT]
    for role in set(Role) - issuers:
        _refused(office, role, [read])
    if office.kind == PERSONS:  # the shared role of old reads as no one
        engine = office.connect(Role.CLERK)
        try:
            assert attempt(engine, [read]) is not None  # the Clerk's staff read it
        finally:
            engine.dispose()
    for role in Role:
        _refused(office, role, ["UPDATE office_report SET sha256 = 'forged'"])
        _refused(office, role, ["DELETE FROM office_report"])


def test_the_owners_search_finds_no_word_of_a_case_the_person_does_not_receive(
        office: Office) -> None:
    """The full-text search the owner's function makes for a person, called by hand: every case
    of the fixture is before the Board, so a member, the Records officer and the Administrator
    find nothing of their words, and no snippet."""
    search = ("SELECT count(*) > 0 FROM ethics_desk_full_text('truck', 'truck', 50, 2000, "
              "'MaxWords=5')")
    assert _owner_sees(office, "SELECT 1 FROM case_text WHERE body LIKE :w", {"w": "%truck%"})
    for role in (Role.MEMBER, Role.RECORDS, Role.ADMIN):
        _refused(office, role, [search], worked=_true)


def test_no_one_writes_the_full_text_index_but_its_triggers(office: Office) -> None:
    """A case's words are what its records say: no desk adds, changes, hides or empties them."""
    for role in (Role.CLERK, Role.MEMBER, Role.RECORDS, Role.ADMIN):
        for attack in ("INSERT INTO case_text (id, complaint_id, part, body) "
                       "VALUES (999999, :case, 'note', 'planted words')",
                       "UPDATE case_text SET body = 'nothing here' WHERE complaint_id = :case",
                       "DELETE FROM case_text WHERE complaint_id = :case",
                       "TRUNCATE case_text"):
            _refused(office, role, [attack], {"case": office.at_the_clerk})


def test_a_board_member_changes_no_case_and_no_calendar(
        office: Office) -> None:
    _refused(office, Role.MEMBER, ["UPDATE complaint SET state = 'resolved' WHERE id = :case"],
             {"case": office.in_review})
    _refused(office, Role.MEMBER, [
        "INSERT INTO calendar_day (calendar, day, name, kind, version) "
        "VALUES ('city', '2026-12-07', 'Made-up closure', 'closure', 1)"])
    _refused(office, Role.MEMBER, ["DELETE FROM board_member"])


# -- the audit trail: its actor is the person connected ------------------------------------------

def test_no_one_writes_an_audit_record_naming_another_person(
        office: Office) -> None:
    _refused(office, Role.MEMBER, [
        "INSERT INTO audit_record (seq, at, actor, action, complaint_id, summary, detail, "
        "prev_hash, hash) SELECT max(seq) + 1, now(), :clerk, "
        "'case.open', :case, 'Opened the case', '{}', max(hash), repeat('0', 64) "
        "FROM audit_record"],
        {"case": office.in_review, "clerk": f"Test City Clerk staff ({office.logins[Role.CLERK]})"})


def test_no_one_changes_or_removes_the_audit_trail(office: Office) -> None:
    for role in (Role.MEMBER, Role.CLERK, Role.ADMIN):
        for statement in ("UPDATE audit_record SET actor = 'x'", "DELETE FROM audit_record",
                          "TRUNCATE audit_record"):
            _refused(office, role, [statement])


# -- the journal and the disposal vouchers --------------------------------------------------------

FORGED_JOURNAL_VOUCHER = (
    "INSERT INTO journal_redaction (seq, table_name, op, row_key, before_sha, after_sha, mac, "
    "redacted_at, reason) SELECT seq, table_name, op, row_key, NULL, "
    "encode(sha256(convert_to(after, 'UTF8')), 'hex'), mac, now(), 'made-up disposal' "
    "FROM journal_record WHERE table_name = 'complaint' AND row_key = CAST(:case AS text) "
    "AND op = 'insert'")
FORGED_AUDIT_VOUCHER = (
    "INSERT INTO audit_redaction (seq, hash, summary_sha, detail_sha, redacted_at, reason) "
    "SELECT seq, hash, encode(sha256(convert_to(summary, 'UTF8')), 'hex'), "
    "encode(sha256(convert_to(detail, 'UTF8')), 'hex'), now(), 'made-up disposal' "
    "FROM audit_record WHERE complaint_id = :case ORDER BY seq LIMIT 1")


def test_no_journal_value_is_emptied_under_a_made_up_disposal(office: Office) -> None:
    for role in (Role.MEMBER, Role.CLERK, Role.RECORDS):
        _refused(office, role, [
            FORGED_JOURNAL_VOUCHER,
            "SELECT ethics_desk_journal_redact(array_agg(seq)) FROM journal_redaction "
            "WHERE reason = 'made-up disposal'"], {"case": office.at_the_clerk}, worked=_true)


def test_no_audit_record_is_emptied_under_a_made_up_disposal(office: Office) -> None:
    for role in (Role.MEMBER, Role.CLERK, Role.RECORDS):
        _refused(office, role, [
            FORGED_AUDIT_VOUCHER,
            "SELECT ethics_desk_audit_redact(array_agg(seq), 'gone') FROM audit_redaction "
            "WHERE reason = 'made-up disposal'"], {"case": office.at_the_clerk}, worked=_true)


def test_no_one_writes_the_journal_or_reads_its_key(office: Office) -> None:
    for role in (Role.MEMBER, Role.CLERK, Role.ADMIN):
        for statement in ("SELECT * FROM journal_key", "UPDATE journal_record SET after = NULL",
                          "DELETE FROM journal_record", "TRUNCATE journal_record",
                          "INSERT INTO journal_record (seq, table_name, op, row_key, prev_mac, "
                          "mac) VALUES (999999, 'complaint', 'insert', '1', 'x', 'y')"):
            _refused(office, role, [statement])


# -- the schema and the server's own rules --------------------------------------------------------

def test_no_one_truncates_a_table(office: Office) -> None:
    for role in (Role.MEMBER, Role.CLERK, Role.ADMIN):
        for table in ("complaint", "staff_account", "audit_record", "disposal_record",
                      "journal_redaction"):
            _refused(office, role, [f"TRUNCATE {table} CASCADE"])


def test_no_one_turns_off_row_level_security_or_the_triggers(office: Office) -> None:
    for role in (Role.MEMBER, Role.CLERK, Role.ADMIN):
        for statement in ("ALTER TABLE complaint DISABLE ROW LEVEL SECURITY",
                          "ALTER TABLE complaint NO FORCE ROW LEVEL SECURITY",
                          "ALTER TABLE staff_account DISABLE ROW LEVEL SECURITY",
                          "ALTER TABLE complaint DISABLE TRIGGER ALL",
                          "CREATE POLICY everything ON complaint USING (true)"):
            _refused(office, role, [statement])


def test_turning_row_security_off_reads_nothing_more(office: Office) -> None:
    _refused(office, Role.MEMBER, ["SET row_security = off",
                                   "SELECT * FROM complaint WHERE id = :case"],
             {"case": office.at_the_clerk})


def test_no_one_grants_a_right(office: Office) -> None:
    for role in (Role.MEMBER, Role.CLERK, Role.ADMIN):
        for table, right in (("staff_account", "UPDATE"), ("complaint", "SELECT"),
                             ("journal_key", "SELECT"), ("audit_record", "DELETE")):
            _refused(office, role, [
                f"GRANT {right} ON {table} TO PUBLIC",
                f"SELECT has_table_privilege('public', '{table}', '{right}')"], worked=_true)
        _refused(office, role, ["GRANT pg_read_all_data TO CURRENT_USER",
                                "SELECT pg_has_role('pg_read_all_data', 'MEMBER')"],
                 worked=_true)


def test_no_one_becomes_another_role(office: Office) -> None:
    for role in (Role.MEMBER, Role.CLERK, Role.ADMIN):
        for statement in (f'SET ROLE "{office.owner}"',
                          f'SET SESSION AUTHORIZATION "{office.owner}"',
                          "SET ROLE pg_read_all_data",
                          "CREATE ROLE mallory LOGIN SUPERUSER",
                          "ALTER ROLE CURRENT_USER SUPERUSER"):
            _refused(office, role, [statement, "SELECT current_user = session_user"],
                     worked=lambda result: not _true(result))


# -- every SECURITY DEFINER function, called with forged arguments --------------------------------

FORGED_CALLS: dict[str, list[str]] = {
    "ethics_desk_journal_append": [
        "SELECT ethics_desk_journal_append('complaint', 'insert', '999', NULL, '{}')"],
    "ethics_desk_journal_redact": [
        "SELECT ethics_desk_journal_redact(ARRAY[1, 2, 3]::bigint[])"],
    "ethics_desk_audit_redact": [
        "SELECT ethics_desk_audit_redact(ARRAY[1, 2, 3]::bigint[], 'gone')"],
    "ethics_desk_person_add": [
        "SELECT ethics_desk_person_add('{owner}', 'admin', 'SCRAM-SHA-256$4096:forged')",
        "SELECT ethics_desk_person_add('mallory', 'admin', 'a password in clear')",
        "SELECT ethics_desk_person_add('mallory', 'superuser', 'SCRAM-SHA-256$4096:forged')"],
    "ethics_desk_person_disable": ["SELECT ethics_desk_person_disable('{owner}')"],
    "ethics_desk_account_add": [
        "SELECT ethics_desk_account_add('{owner}', 'IT', 'admin', 'x', now()::timestamp, false)",
        "SELECT ethics_desk_account_add('mallory', 'Mallory', 'superuser', 'x', "
        "now()::timestamp, false)",
        "SELECT ethics_desk_account_add('pg_mallory', 'Mallory', 'admin', 'x', "
        "now()::timestamp, false)"],
    "ethics_desk_name_key_set": [
        "SELECT ethics_desk_name_key_set('{owner}', 'IT', 'it')",
        "SELECT ethics_desk_name_key_set('{member}', 'Someone Else', 'someone else')",
        "SELECT ethics_desk_name_key_set('{member}', 'Test Ethics Review Board member', 'someone else')"],
    "ethics_desk_person_password": [
        "SELECT ethics_desk_person_password('{owner}', 'SCRAM-SHA-256$4096:forged')",
        "SELECT ethics_desk_person_password('mallory', 'a password in clear')"],
}
"""Each ``SECURITY DEFINER`` function a person could call, with forged arguments (the one that
only reads — ``ethics_desk_journal_forged``, which names the journal records whose MAC does not
verify, for ``check`` — is called too, and must change nothing; the triggers' functions are
called as a function, which the server refuses for a trigger function)."""
READ_ONLY_FUNCTIONS = frozenset({"ethics_desk_journal_forged", "ethics_desk_acts_as",
                                 "ethics_desk_received_cases", "ethics_desk_disposed_here",
                                 "ethics_desk_audit_chain", "ethics_desk_statistics",
                                 "ethics_desk_full_text"})


def _definer_functions(office: Office) -> dict[str, str]:
    engine = sa.create_engine(office.url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            return {str(name): str(returns) for name, returns in conn.execute(sa.text(
                "SELECT p.proname, format_type(p.prorettype, NULL) FROM pg_proc p "
                "JOIN pg_namespace n ON n.oid = p.pronamespace "
                "WHERE n.nspname = 'public' AND p.prosecdef")).all()}
    finally:
        engine.dispose()


def test_every_security_definer_function_is_attacked_here(office: Office) -> None:
    functions = _definer_functions(office)
    called = {name for name, returns in functions.items() if returns != "trigger"}
    assert called == set(FORGED_CALLS) | READ_ONLY_FUNCTIONS


def test_every_security_definer_function_refuses_forged_arguments(office: Office) -> None:
    functions = _definer_functions(office)
    for role in (Role.MEMBER, Role.CLERK, Role.RECORDS, Role.ADMIN):
        for calls in FORGED_CALLS.values():
            for call in calls:
                _refused(office, role, [call.replace("{owner}", office.owner)
                                        .replace("{member}", office.logins[Role.MEMBER])],
                         worked=lambda _result: True)
        for name in sorted(name for name, returns in functions.items() if returns == "trigger"):
            _refused(office, role, [f'SELECT "{name}"()'], worked=lambda _result: True)
        _refused(office, role, [
            "SELECT count(*) FROM ethics_desk_journal_forged(1, 1000000)",
            "SELECT count(*) <> (SELECT count(*) FROM journal_record) FROM journal_record"],
            worked=_true)
        # outside a disposal recorded in the same transaction, no case's journal is reached
        _refused(office, role, ["SELECT ethics_desk_disposed_here('complaint', "
                                "CAST(:case AS text))"], {"case": office.at_the_clerk},
                 worked=_true)
        # whether a complaint exists is not told: one the person does not receive is as one
        # never filed
        # outside a disposal recorded in the same transaction, no case's journal is reached
        _refused(office, role, ["SELECT ethics_desk_disposed_here('complaint', "
                                "CAST(:case AS text))"], {"case": office.at_the_clerk},
                 worked=_true)
        # whether a complaint exists is not told: the person's own complaints are all the
        # functions of their scope name, and one they do not receive is as one never filed
        # the chain verified for a reader of the trail tells only where it breaks — on a whole
        # chain nothing, so not even how many records there are (and no one else may call it)
        _refused(office, role, ["SELECT count(*) > 0 FROM ethics_desk_audit_chain()"],
                 worked=_true)
        # the office's counts, only for those the permission table lets count them
        if role not in ACT_ROLES[Act.STATISTICS] or office.kind == SHARED:
            _refused(office, role, [
                "SELECT count(*) > 0 FROM ethics_desk_statistics('2020-01-01', '2030-12-31', "
                "'2026-11-30', '2020-01-01', '2031-01-01', '2019-01-01')"], worked=_true)
        _refused(office, role, [
            "SELECT (SELECT count(*) FROM ethics_desk_received_cases()) "
            "<> (SELECT count(*) FROM complaint) OR ethics_desk_acts_as(:other)"],
            {"other": Role.CLERK.value if role is not Role.CLERK else Role.MEMBER.value},
            worked=_true)


def test_the_journal_check_holds_after_every_attack(office: Office) -> None:
    """The attacks were rolled back; had one been let through, ``check`` would have to name it."""
    from ethics_desk.maintenance.integrity import JOURNAL, RECORDS, run_checks

    results = {r.name: r for r in run_checks(office.url)}
    assert results[JOURNAL].ok and results[RECORDS].ok, results
