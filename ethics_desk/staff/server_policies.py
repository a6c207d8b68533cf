"""The case scope and the permission table, stated by PostgreSQL itself on the office's server.

On a file the application is the only door, and its services decide (:mod:`ethics_desk.staff.acting`).
On a server each person connects as their own role (:mod:`ethics_desk.storage.server_roles`),
so whoever can type SQL at a desk meets the server's rules, not the window's (issue 28). This
module states those rules, generated from the same tables the application reads — never
written a second time:

- **Who receives a complaint** (§ 2-83(d), (h)(1)) is :func:`ethics_desk.staff.scope.role_condition`,
  compiled for each office role into the policy of that role's group on ``complaint``: the
  Clerk's staff every complaint, each (d)(1) reviewer from the forwarding for review, the
  Board's members from the (d)(3) forwarding, a member who is — or may be — a party never, the
  Records officer and the Administrator none, a disabled account none. A condition that needs
  the person (a party's name) is computed once per statement by :data:`RECEIVED_FUNCTION`, so
  that a list of a hundred thousand cases costs one set, not a function call a row.
- **Row-level security** on every table that holds a case's content (:func:`case_tables`): a
  group reads and writes a row only when it may read the row's complaint; a table below another
  (a ballot below its vote) follows its parent's rows. A case's table that is only added to
  (:data:`CASE_ADDED_ONLY`: the notes) is inserted into by the roles of its act alone, and
  changed by no one.
- **Writes per office role**: each table that is not a case's is written only by the groups
  whose office role the permission table gives the act that writes it (:data:`WRITTEN_BY`);
  the case tables by the roles that move a complaint or work on one (:func:`case_writers`); the
  accounts by no group (the Administrator's functions do that); the audit trail is added to by
  everyone, naming themselves only (:func:`ethics_desk.storage.server_roles.install_audit_actor`).
- **Owner's functions that act for a role** begin with :func:`act_check`, derived from the
  permission table: the audit trail's chain (:func:`trail_reader_check`) and the office's
  statistics (:func:`statistics_check`), each granted to the groups of its act alone.
- **The full-text index** (:func:`_full_text_policies`): a case's words are read under its
  complaint's scope, as every case table, and written by its triggers alone.
- **Saved views of the inbox** (:data:`SAVED_VIEWS_TABLE`, issue 33): each person reads their
  own views and those shared with the office, and adds, changes and removes only their own — a
  view shared only by a role the permission table lets share (:func:`_saved_view_policies`).
- **A person's calendar** (:data:`CALENDAR_TABLES`, issue 34): each person reads and writes
  only their own opt-in and their own events (:func:`_calendar_policies`).

A Board member's or a Clerk's folded name (:func:`ethics_desk.core.folding.fold`, which the
server cannot compute the same way) is kept for the function in :data:`NAME_KEY_TABLE`, written only through
:data:`NAME_KEY_FUNCTION` by the application when an account is added or renamed, and by
``server setup`` for every account: a member whose key is missing or older than their name
receives no complaint until it is written again (deny by default).

The database's owner (IT) is not subject to row-level security: the setup, the upgrade and the
server's own backups read everything, as PostgreSQL's owner always can.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, Connection, literal_column, select, text
from sqlalchemy.engine import Dialect

from ethics_desk.core.folding import fold
from ethics_desk.core.permissions import (
    ACT_ROLES,
    EVENT_ROLES,
    HOLDS_ANY_CASE,
    KEPT_FROM_THEIR_OWN,
    TRAIL_NO_CASE,
    Act,
)
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import CaseState
from ethics_desk.models import Base, Complaint
from ethics_desk.models.register import REGISTER_VIEW
from ethics_desk.staff.scope import role_condition
from ethics_desk.storage import full_text_table
from ethics_desk.storage.case_tables import NOT_CASE_CONTENT, case_tables
from ethics_desk.storage.server_roles import group_role, group_roles

ACTS_AS_FUNCTION = "ethics_desk_acts_as"
"""``ethics_desk_acts_as(role text) → boolean``: whether the person connected (``session_user``)
has an account of that office role, not disabled — and for a Board member, whose parties are
found by name, a name the server knows (:data:`NAME_KEY_TABLE`)."""
RECEIVED_FUNCTION = "ethics_desk_received_cases"
"""``ethics_desk_received_cases() → SETOF integer``: the complaints the person connected
receives (the server's :func:`ethics_desk.staff.scope.case_condition`), nothing they could not
read anyway."""
DISPOSED_HERE_FUNCTION = "ethics_desk_disposed_here"
"""``ethics_desk_disposed_here(table, row_key) → boolean``: whether the journal's records of that
row are of a case whose disposal the running transaction recorded
(:func:`ethics_desk.storage.journal.pg_of_a_case_disposed_here`) — the records the Records
officer reads, to write their vouchers, while disposing of the case, and no other."""
NAME_KEY_TABLE = "ethics_desk_name_key"
"""The folded name of each account, with the name it was folded from (the owner's alone)."""
NAME_KEY_FUNCTION = "ethics_desk_name_key_set"
"""``ethics_desk_name_key_set(login, name, folded)``: an account's folded name, written by an
Administrator (who adds and renames accounts) or IT."""
SAVED_VIEWS_TABLE = "saved_view"
"""The saved views of the inbox, each owned by the login that saved it."""
CALENDAR_TABLES = ("calendar_feed", "calendar_event")
"""A person's deadlines in their own calendar (issue 34): their opt-in and each event sent,
each row owned by the login it names."""
POLICY = "ethics_desk_scope"
"""The name of every policy this module makes (one per table and command kind)."""

WRITTEN_BY: dict[str, tuple[Act, ...]] = {
    "calendar_day": (Act.EDIT_CALENDAR,),
    "provision": (Act.EDIT_SETTINGS,),
    "office_paper": (Act.EDIT_WORDING,),
    "board_member": (Act.MANAGE_BOARD,),
    "board_term": (Act.MANAGE_BOARD,),
    "election": (Act.MANAGE_BOARD,),
    "information_request": (Act.PUBLIC_INFORMATION,),
    "request_paper": (Act.PUBLIC_INFORMATION,),
    "requested_record": (Act.PUBLIC_INFORMATION,),
    "legal_hold": (Act.LEGAL_HOLD,),
    "legal_hold_case": (Act.LEGAL_HOLD,),
    "disposal_record": (Act.RETENTION,),
    "journal_redaction": (Act.RETENTION,),
    "audit_redaction": (Act.RETENTION,),
    "office_report": (Act.ANNUAL_REPORT,),
}
"""The acts of the permission table that write each table that is not a case's content; a
table not named here and not a case's is written by no group (the reference data, the
accounts, the journal, the schema's version: the owner, the triggers and the functions do)."""

ADDED_ONLY = frozenset({"disposal_record", "journal_redaction", "audit_redaction",
                        "office_report"})
"""Tables a group may add to but never change or remove from (the disposal log is permanent,
Local Schedule GR; a voucher is kept with its disposal; an issued report is frozen like any
paper)."""

OFFICE_REPORTS_TABLE = "office_report"
"""The office's issued reports (the annual report, its Board's edition confidential,
§ 2-83(h)(1)): read and added to by the roles of ``Act.ANNUAL_REPORT`` alone."""

CASE_ACTS = (Act.TAKE_COMPLAINT, Act.MAIL_PAPERS, Act.RECORD_WITNESSES, Act.LINK_PARTIES,
             Act.ENTER_INTO_RECORD, Act.ADD_NOTE)
"""The acts outside the workflow that write a case's records."""

CASE_ADDED_ONLY: dict[str, Act] = {"case_note": Act.ADD_NOTE}
"""A case's tables that are added to and never changed or removed (a correction is a new row),
each with the one act that adds to it: only the groups whose office role the permission table
gives that act may insert a row, of a complaint they may read; no group updates one, and only
the retention schedule's disposal deletes one, with its whole case file."""

_SETTINGS_BY_ACT: dict[Act, str] = {
    Act.EDIT_SETTINGS: "true",
    Act.BACKUP_AND_CHECK: "key LIKE 'backup.%'",
}
"""Which settings each act writes (every group moves the audit trail's head, kept there)."""


def case_writers() -> frozenset[Role]:
    """The office roles that write a case's records: who moves a complaint by an event of the
    workflow, and who may do an act on a case (:data:`CASE_ACTS`)."""
    roles: set[Role] = set()
    for event_roles in EVENT_ROLES.values():
        roles |= event_roles
    for act in CASE_ACTS:
        roles |= ACT_ROLES[act]
    return frozenset(roles)


def _sql(condition: ColumnElement[bool], dialect: Dialect) -> str:
    return str(condition.compile(dialect=dialect, compile_kwargs={"literal_binds": True}))


def _person_condition(role: Role, dialect: Dialect, *, name_folded: str = "k.name_folded",
                      account_id: str = "me.id", parties: bool = True) -> str:
    """``role_condition`` for ``role``, the person's folded name and account id being the SQL
    expressions given (``parties=False``: without the person's own parties)."""
    condition = role_condition(role, literal_column(name_folded), literal_column(account_id),
                               parties=parties)
    # Compiled inside a query of the complaints, so that its subqueries correlate with the
    # complaint (compiled alone, each would read every complaint instead)
    query = str(select(Complaint.id).where(condition).compile(
        dialect=dialect, compile_kwargs={"literal_binds": True}))
    head = "SELECT complaint.id \nFROM complaint \nWHERE "
    assert query.startswith(head), query
    return query[len(head):]


def _needs_the_person(role: Role, dialect: Dialect) -> bool:
    """Whether ``role``'s condition names the person (a Board member's parties) — or reads a
    case's other tables, which the person's own policies would guard in turn: it is then
    computed by :data:`RECEIVED_FUNCTION`, as the owner, once per statement."""
    condition = _person_condition(role, dialect)
    return "me." in condition or "k." in condition or " FROM " in condition.upper()


def received_function(dialect: Dialect) -> str:
    """The SQL of :data:`RECEIVED_FUNCTION`: the person's account read once, then the one query
    of their office role (each planned on its own: a Board member's is the state of the case
    and an anti-join for each way of being a party)."""
    branches: list[str] = []
    for role in Role:
        condition = _person_condition(role, dialect, name_folded="folded", account_id="me_id")
        if condition == "false":
            continue
        named = " AND folded IS NOT NULL" if role in KEPT_FROM_THEIR_OWN else ""
        branches.append(f"  {'IF' if not branches else 'ELSIF'} me_role = '{role.value}'"
                        f"{named} THEN\n"
                        f"    RETURN QUERY SELECT complaint.id FROM complaint WHERE {condition};\n")
    return (
        f"CREATE OR REPLACE FUNCTION {RECEIVED_FUNCTION}() RETURNS SETOF integer "
        "LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $fn$\n"
        "DECLARE me_role text; me_id integer; folded text;\n"
        "BEGIN\n"
        f"  SELECT a.role, a.id, k.name_folded INTO me_role, me_id, folded FROM staff_account a "
        f"LEFT JOIN {NAME_KEY_TABLE} k ON k.account_id = a.id AND k.name = a.name "
        "WHERE a.login = session_user AND a.disabled_at IS NULL;\n"
        + "".join(branches) +
        "  END IF;\n"
        "END $fn$")


def _acts_as_function() -> str:
    board = ", ".join(f"'{role.value}'" for role in Role if role in KEPT_FROM_THEIR_OWN)
    return (
        f"CREATE OR REPLACE FUNCTION {ACTS_AS_FUNCTION}(office_role text) RETURNS boolean "
        "LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $fn$\n"
        f"SELECT EXISTS (SELECT 1 FROM staff_account me LEFT JOIN {NAME_KEY_TABLE} k "
        "ON k.account_id = me.id AND k.name = me.name WHERE me.login = session_user "
        "AND me.disabled_at IS NULL AND me.role = office_role "
        f"AND (k.name_folded IS NOT NULL OR office_role NOT IN ({board})))\n"
        "$fn$")


def _disposed_here_function() -> str:
    from ethics_desk.storage.journal import pg_of_a_case_disposed_here

    return (
        f"CREATE OR REPLACE FUNCTION {DISPOSED_HERE_FUNCTION}(tbl text, row_key text) "
        "RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER "
        "SET search_path = public, pg_temp AS $fn$\n"
        f"SELECT {pg_of_a_case_disposed_here('tbl', 'row_key')}\n"
        "$fn$")


def _acts_as(role: Role) -> str:
    """The policy's test that the person acts in ``role`` (an init plan: once a statement)."""
    return f"(SELECT {ACTS_AS_FUNCTION}('{role.value}'))"


def _acts_as_any(roles: frozenset[Role] | set[Role]) -> str:
    return "(" + " OR ".join(_acts_as(role) for role in Role if role in roles) + ")" \
        if roles else "false"


def _complaint_scope(role: Role, dialect: Dialect) -> str:
    """The rows of ``complaint`` a person in ``role`` reads (and, a writer, writes)."""
    condition = _person_condition(role, dialect)
    if condition == "false":
        return "false"
    if _needs_the_person(role, dialect):
        condition = f"complaint.id IN (SELECT {RECEIVED_FUNCTION}())"
    return f"{_acts_as(role)} AND ({condition})"


def _complaint_check(role: Role, dialect: Dialect) -> str:
    """What a complaint row a person in ``role`` adds or changes must satisfy: the role's reach
    without the person's own parties when that needs no other table (the Clerk's staff: any
    row) — a complaint being added is no one's case yet, while which rows the person may change
    at all is :func:`_complaint_scope`; otherwise the scope itself."""
    condition = _person_condition(role, dialect, parties=False)
    if condition == "false" or "SELECT" in condition.upper():
        return _complaint_scope(role, dialect)
    return f"{_acts_as(role)} AND ({condition})"


def _name_key_function() -> str:
    from ethics_desk.storage.server_roles import _may_manage

    return (
        f"CREATE OR REPLACE FUNCTION {NAME_KEY_FUNCTION}(person text, person_name text, "
        "folded text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER "
        "SET search_path = public, pg_temp AS $fn$\n"
        "DECLARE found integer;\n"
        "BEGIN\n"
        + _may_manage() +
        "  SELECT a.id INTO found FROM staff_account a WHERE a.login = person "
        "AND a.name = person_name;\n"
        "  IF found IS NULL THEN\n"
        "    RAISE EXCEPTION 'there is no account % named so in this office', person "
        "USING ERRCODE = 'invalid_parameter_value';\n"
        "  END IF;\n"
        "  IF folded IS NULL OR folded = '' OR (person_name ~ '^[ -~]*$' "
        "AND folded IS DISTINCT FROM btrim(lower(person_name))) THEN\n"
        "    RAISE EXCEPTION 'the name key of % is not its name folded', person "
        "USING ERRCODE = 'invalid_parameter_value';\n"
        "  END IF;\n"
        f"  INSERT INTO {NAME_KEY_TABLE} (account_id, name, name_folded) "
        "VALUES (found, person_name, folded) ON CONFLICT (account_id) DO UPDATE "
        "SET name = EXCLUDED.name, name_folded = EXCLUDED.name_folded;\n"
        "END $fn$")


def _groups(roles: frozenset[Role] | set[Role]) -> str:
    return ", ".join(group_role(role) for role in Role if role in roles) or "NONE"


def _case_policies(table: str, column: str, dialect: Dialect) -> list[str]:
    """A case's table: on ``complaint`` each group's own scope (:func:`_complaint_scope`) and
    the retention schedule's reach of a resolved complaint; below it, the rows of a complaint
    (or a parent row) the person may read."""
    everyone = _groups(set(Role))
    writers = case_writers()
    keepers = ACT_ROLES[Act.RETENTION]
    statements = [f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY"]
    statements += [f"DROP POLICY IF EXISTS {name} ON {table}" for name in _policy_names(table)]
    if table == "complaint":
        for role in Role:
            scope = _complaint_scope(role, dialect)
            if scope == "false":
                continue
            name = f"{POLICY}_{role.value}"
            statements.append(f"CREATE POLICY {name} ON complaint FOR SELECT TO "
                              f"{group_role(role)} USING ({scope})")
            if role in writers:
                check = _complaint_check(role, dialect)
                statements.append(f"CREATE POLICY {name}_write ON complaint FOR ALL TO "
                                  f"{group_role(role)} USING ({scope}) WITH CHECK ({check})")
        resolved = f"{_acts_as_any(keepers)} AND complaint.state = '{CaseState.RESOLVED.value}'"
        for command in ("SELECT", "UPDATE", "DELETE"):
            check = f" WITH CHECK ({resolved})" if command == "UPDATE" else ""
            statements.append(
                f"CREATE POLICY {POLICY}_retention_{command.lower()} ON complaint FOR {command} "
                f"TO {_groups(keepers)} USING ({resolved}){check}")
        rights = ["DELETE, UPDATE"]
    elif table in CASE_ADDED_ONLY:
        scope = f"EXISTS (SELECT 1 FROM complaint c WHERE c.id = {table}.{column})"
        adders = ACT_ROLES[CASE_ADDED_ONLY[table]]
        return [*statements,
                f"CREATE POLICY {POLICY}_read ON {table} FOR SELECT TO {everyone} "
                f"USING ({scope})",
                f"CREATE POLICY {POLICY}_add ON {table} FOR INSERT TO {_groups(adders)} "
                f"WITH CHECK ({_acts_as_any(adders)} AND {scope})",
                f"CREATE POLICY {POLICY}_retention_delete ON {table} FOR DELETE TO "
                f"{_groups(keepers)} USING ({scope})",
                f"REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON {table} FROM {everyone}",
                f"GRANT INSERT ON {table} TO {_groups(adders)}",
                f"GRANT DELETE ON {table} TO {_groups(keepers)}"]
    else:
        if "." not in column:
            scope = f"EXISTS (SELECT 1 FROM complaint c WHERE c.id = {table}.{column})"
        else:
            parent, reference = column.split(".")
            scope = f"EXISTS (SELECT 1 FROM {parent} p WHERE p.id = {table}.{reference})"
        statements += [
            f"CREATE POLICY {POLICY}_read ON {table} FOR SELECT TO {everyone} USING ({scope})",
            f"CREATE POLICY {POLICY}_write ON {table} FOR ALL TO {_groups(writers)} "
            f"USING ({scope}) WITH CHECK ({scope})",
            f"CREATE POLICY {POLICY}_retention_delete ON {table} FOR DELETE TO "
            f"{_groups(keepers)} USING ({scope})"]
        rights = ["DELETE"]
    return [*statements,
            f"REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON {table} FROM {everyone}",
            f"GRANT INSERT, UPDATE, DELETE ON {table} TO {_groups(writers)}",
            f"GRANT {rights[0]} ON {table} TO {_groups(keepers)}"]


def _policy_names(table: str) -> list[str]:
    """Every name this module has given a policy on ``table`` (dropped before they are made
    again: a setup states the rules afresh)."""
    names = [f"{POLICY}_{suffix}" for suffix in ("read", "write", "add", "retention_select",
                                                 "retention_update", "retention_delete")]
    if table == "complaint":
        names += [f"{POLICY}_{role.value}{write}" for role in Role for write in ("", "_write")]
    return names


def register_readers() -> frozenset[Role]:
    """Who reads the register of filed cases (:class:`~ethics_desk.models.register.CaseRegister`:
    numbers, states, dates): who may name any filed case, and who does the acts that name a case
    by its number — legal holds, Public Information Act requests, the retention schedule."""
    roles = set(HOLDS_ANY_CASE)
    for act in (Act.LEGAL_HOLD, Act.PUBLIC_INFORMATION, Act.RETENTION):
        roles |= ACT_ROLES[act]
    return frozenset(roles)


def _register_grants() -> list[str]:
    return [f"REVOKE ALL ON {REGISTER_VIEW} FROM PUBLIC",
            f"REVOKE ALL ON {REGISTER_VIEW} FROM {_groups(set(Role))}",
            f"GRANT SELECT ON {REGISTER_VIEW} TO {_groups(register_readers())}"]


def _naming_policies() -> list[str]:
    """The tables that name a case by its id without being its content: a legal hold's cases
    and a Public Information Act request's records. The requests (their requesters, what they
    ask for) are read and written by the roles that handle requests only; a hold's cases by the
    roles that keep every case's retention (:data:`~ethics_desk.core.permissions.HOLDS_ANY_CASE`,
    the retention schedule's), and otherwise by whoever receives the case — and placed or
    released by a role that may place holds, on a case it may name. A hold itself (its kind and
    reason) is read by the roles that place holds or keep retention, and by whoever may read one
    of its cases."""
    everyone = _groups(set(Role))
    requests = _groups(ACT_ROLES[Act.PUBLIC_INFORMATION])
    keepers = _groups(HOLDS_ANY_CASE | ACT_ROLES[Act.RETENTION])
    placers = _groups(ACT_ROLES[Act.LEGAL_HOLD])
    holders = ACT_ROLES[Act.LEGAL_HOLD] | HOLDS_ANY_CASE | ACT_ROLES[Act.RETENTION]
    case = "EXISTS (SELECT 1 FROM complaint c WHERE c.id = legal_hold_case.complaint_id)"
    named = f"({case} OR {_acts_as_any(HOLDS_ANY_CASE)})"
    statements = []
    for table in ("information_request", "request_paper", "requested_record"):
        statements += [
            f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
            f"DROP POLICY IF EXISTS {POLICY}_requests ON {table}",
            f"CREATE POLICY {POLICY}_requests ON {table} FOR ALL TO {requests} USING (true) "
            "WITH CHECK (true)"]
    statements += [
        "ALTER TABLE legal_hold_case ENABLE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS {POLICY}_read ON legal_hold_case",
        f"CREATE POLICY {POLICY}_read ON legal_hold_case FOR SELECT TO {everyone} "
        f"USING ({case})",
        f"DROP POLICY IF EXISTS {POLICY}_keepers ON legal_hold_case",
        f"CREATE POLICY {POLICY}_keepers ON legal_hold_case FOR SELECT TO {keepers} "
        "USING (true)",
        f"DROP POLICY IF EXISTS {POLICY}_write ON legal_hold_case",
        f"CREATE POLICY {POLICY}_write ON legal_hold_case FOR ALL TO {placers} "
        f"USING ({named}) WITH CHECK ({named})",
        "ALTER TABLE legal_hold ENABLE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS {POLICY}_read ON legal_hold",
        f"CREATE POLICY {POLICY}_read ON legal_hold FOR SELECT TO {everyone} USING (EXISTS "
        "(SELECT 1 FROM legal_hold_case c WHERE c.hold_id = legal_hold.id))",
        f"DROP POLICY IF EXISTS {POLICY}_write ON legal_hold",
        f"CREATE POLICY {POLICY}_write ON legal_hold FOR ALL TO {_groups(holders)} "
        "USING (true) WITH CHECK (true)",
    ]
    return statements


def trail_reader_check() -> str:
    """The first lines of :data:`~ethics_desk.storage.audit.CHAIN_FUNCTION`: a person may call
    it only as one whom the permission table lets read the trail (``Act.AUDIT_TRAIL``), by
    their account in this office, not disabled."""
    return act_check(Act.AUDIT_TRAIL, "only those who may read the audit trail verify it here")


def statistics_check() -> str:
    """The first lines of the owner's count of the office's statistics
    (:data:`ethics_desk.reports.statistics.STATISTICS_FUNCTION`): a person may call it only as
    one whom the permission table lets count them (``Act.STATISTICS``), by their account in
    this office, not disabled."""
    return act_check(Act.STATISTICS, "only those who may count the office's statistics "
                                     "count them here")


def act_check(act: Act, refusal: str) -> str:
    """PL/pgSQL that refuses (``insufficient_privilege``, saying ``refusal``) a person whose
    account in this office is not of a role the permission table gives ``act``, or is
    disabled — the first statement of an owner's function that does the act for them. IT (no
    person's role) passes."""
    from ethics_desk.storage.server_roles import is_a_person

    roles = ", ".join(f"'{role.value}'" for role in Role if role in ACT_ROLES[act])
    words = refusal.replace("'", "''")
    return (
        f"  IF {is_a_person()} AND NOT EXISTS (SELECT 1 FROM staff_account a "
        f"WHERE a.login = session_user AND a.role IN ({roles}) "
        "AND a.disabled_at IS NULL) THEN\n"
        f"    RAISE EXCEPTION '{words}' "
        "USING ERRCODE = 'insufficient_privilege';\n"
        "  END IF;\n")


def act_groups(act: Act) -> str:
    """The server's groups of the office roles the permission table gives ``act``, as SQL lists
    them (``NONE`` for no role)."""
    return _groups(ACT_ROLES[act])


def _trail_policies() -> list[str]:
    """The audit trail browsed (``Act.AUDIT_TRAIL``): besides what every person reads, each
    role the table gives the trail reads the records that name no case of the families
    :data:`~ethics_desk.core.permissions.TRAIL_NO_CASE` gives it (the office's own acts; the
    Records officer's retention and requests) — the same scope the application's query adds
    (:mod:`ethics_desk.maintenance.audit_trail`); the records of a case only as they read the
    case (:func:`_audit_policies`)."""
    statements = []
    for role in Role:
        name = f"{POLICY}_trail_{role.value}"
        statements.append(f"DROP POLICY IF EXISTS {name} ON audit_record")
        families = TRAIL_NO_CASE.get(role, ()) if role in ACT_ROLES[Act.AUDIT_TRAIL] else ()
        if not families:
            continue
        kept = " OR ".join(f"left(action, {len(f)}) = '{f}'" for f in families)
        statements.append(
            f"CREATE POLICY {name} ON audit_record FOR SELECT TO {group_role(role)} USING "
            f"({_acts_as(role)} AND complaint_id IS NULL AND ({kept}))")
    return statements


def _audit_policies() -> list[str]:
    """Each person reads the audit records of the complaints they receive and the records
    they wrote themselves; the Clerk's staff read every record (their access history and the
    office's activity). Everyone adds records (naming themselves: the actor trigger)."""
    everyone = _groups(set(Role))
    own = ("(actor = session_user::text OR right(actor, length(session_user::text) + 3) "
           "= ' (' || session_user::text || ')')")
    return [
        "ALTER TABLE audit_record ENABLE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS {POLICY}_read ON audit_record",
        f"CREATE POLICY {POLICY}_read ON audit_record FOR SELECT TO {everyone} USING "
        f"({own} OR (complaint_id IS NOT NULL AND EXISTS (SELECT 1 FROM complaint c "
        f"WHERE c.id = audit_record.complaint_id)) OR {_acts_as(Role.CLERK)})",
        f"DROP POLICY IF EXISTS {POLICY}_add ON audit_record",
        f"CREATE POLICY {POLICY}_add ON audit_record FOR INSERT TO {everyone} WITH CHECK (true)",
        f"GRANT INSERT ON audit_record TO {everyone}",
    ]


def _office_report_policies() -> list[str]:
    """An issued report is read and issued by the roles the permission table gives
    ``Act.ANNUAL_REPORT`` (the confidential edition holds every count exactly); every other
    role reads no row of it."""
    issuers = _groups(ACT_ROLES[Act.ANNUAL_REPORT])
    return [
        f"ALTER TABLE {OFFICE_REPORTS_TABLE} ENABLE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS {POLICY}_issuers ON {OFFICE_REPORTS_TABLE}",
        f"CREATE POLICY {POLICY}_issuers ON {OFFICE_REPORTS_TABLE} FOR ALL TO {issuers} "
        "USING (true) WITH CHECK (true)"]


def _journal_policies() -> list[str]:
    """The journal holds every value a record ever had: each group reads the records of the
    tables it reads whole (the calendar, the roster, the settings …); the records of a case's
    tables, of the tables that name a case, of the saved views of the inbox (a person's own
    views are not everyone's to read) and of the accounts (whose password hashes of old they
    keep) only the Clerk's staff, who receive every complaint — and the accounts' not even
    they. ``check`` verifies the journal as IT, or through the owner's functions."""
    everyone = _groups(set(Role))
    kept = sorted(set(case_tables()) | NOT_CASE_CONTENT | {"information_request",
                                                           "request_paper", SAVED_VIEWS_TABLE,
                                                           OFFICE_REPORTS_TABLE,
                                                           *CALENDAR_TABLES})
    listed = ", ".join(f"'{name}'" for name in kept)
    return [
        "ALTER TABLE journal_record ENABLE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS {POLICY}_read ON journal_record",
        f"CREATE POLICY {POLICY}_read ON journal_record FOR SELECT TO {everyone} USING "
        f"(table_name <> 'staff_account' AND (table_name <> ALL(ARRAY[{listed}]) "
        f"OR {_acts_as(Role.CLERK)}))",
        f"DROP POLICY IF EXISTS {POLICY}_disposal ON journal_record",
        f"CREATE POLICY {POLICY}_disposal ON journal_record FOR SELECT TO "
        f"{_groups(ACT_ROLES[Act.RETENTION])} USING ({_acts_as_any(ACT_ROLES[Act.RETENTION])} "
        f"AND {DISPOSED_HERE_FUNCTION}(table_name, row_key))",
    ]


def _saved_view_policies() -> list[str]:
    """A saved view of the inbox names no complaint: every group reads the views of the person
    connected and the ones shared with the office; whoever may keep views
    (:data:`~ethics_desk.core.permissions.Act.KEEP_VIEWS`) adds, changes and removes rows whose
    owner is themselves (``session_user``), and a row they write is shared only if their office
    role may share (:data:`~ethics_desk.core.permissions.Act.SHARE_VIEWS`). A view shared by
    another is read, never changed."""
    everyone = _groups(set(Role))
    keepers = ACT_ROLES[Act.KEEP_VIEWS]
    sharers = ACT_ROLES[Act.SHARE_VIEWS]
    table = SAVED_VIEWS_TABLE
    own = f"(owner_login = session_user::text AND {_acts_as_any(keepers)})"
    return [
        f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS {POLICY}_read ON {table}",
        f"CREATE POLICY {POLICY}_read ON {table} FOR SELECT TO {everyone} "
        "USING (owner_login = session_user::text OR shared)",
        f"DROP POLICY IF EXISTS {POLICY}_own ON {table}",
        f"CREATE POLICY {POLICY}_own ON {table} FOR ALL TO {_groups(keepers)} USING ({own}) "
        f"WITH CHECK ({own} AND (NOT shared OR {_acts_as_any(sharers)}))",
        f"REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON {table} FROM {everyone}",
        f"GRANT INSERT, UPDATE, DELETE ON {table} TO {_groups(keepers)}",
    ]


FULL_TEXT_FUNCTION = "ethics_desk_full_text"
"""``ethics_desk_full_text(query text, probe text, lim integer, few integer, options text) →
TABLE``: the entries of the full-text index holding ``query`` (a ``to_tsquery`` text; ``probe``
its words in any order, which the index counts without reading an entry) in the complaints the
person connected receives, newest first, at most ``lim``, each with its case number and a
snippet (``ts_headline`` with ``options``). Run as the owner, so that the GIN index answers the
words: under the index's own row policy PostgreSQL must check every entry's complaint before
the words (``@@`` is not leakproof), reading all of them. The person's scope is their office
role's condition (:func:`_person_condition`), tested on each candidate's complaint; ``few``
matches or fewer, counted in the index, are looked up and sorted, more are walked newest
first (:func:`ethics_desk.cases.full_text.statement`). Each row also says where it is (an
allegation's position, a note's kind and time, an exhibit's file name, a paper's kind and
recipient, a document's pages without text), read here as the owner: the person's own
policies would each build their scope again."""


def _quoted(sql: str) -> str:
    """``sql`` as a PostgreSQL string literal."""
    return "'" + sql.replace("'", "''") + "'"


def full_text_function(dialect: Dialect) -> str:
    """The SQL of :data:`FULL_TEXT_FUNCTION`: the person's account read once, then their
    office role's one query, in either plan."""
    config = f"'{full_text_table.PG_CONFIGURATION}'::regconfig"
    source = f"t.id / {full_text_table.ID_FACTOR}"

    def of(table: str, column: str) -> str:
        return f"(SELECT s.{column}::text FROM {table} s WHERE s.id = {source})"

    # where each result is, read here too: the person's own policies would read each table's
    # rows through the complaints' scope again, once a statement
    columns = ("t.id, t.complaint_id, t.part, complaint.case_number::text, "
               f"ts_headline({config}, t.body, $1, $3), "
               f"CASE t.part WHEN 'allegation' THEN {of('allegation', 'position')} "
               f"WHEN 'note' THEN {of('case_note', 'kind')} "
               f"WHEN 'exhibit' THEN {of('attachment', 'file_name')} "
               f"WHEN 'paper' THEN {of('issued_document', 'kind')} END, "
               f"CASE t.part WHEN 'note' THEN {of('case_note', 'written_at')} "
               f"WHEN 'paper' THEN {of('issued_document', 'recipient')} END, "
               f"CASE t.part WHEN 'exhibit' THEN {of('attachment', 'textless_pages')} "
               f"WHEN 'paper' THEN {of('issued_document', 'textless_pages')} END")
    branches: list[str] = []
    for role in Role:
        # planned with the values of each call (EXECUTE), as the application's own query is:
        # a plan made once for any word and person would walk the index for a rare word
        condition = _person_condition(role, dialect, name_folded="$4::text",
                                      account_id="$5::integer")
        if condition == "false":
            continue
        named = " AND folded IS NOT NULL" if role in KEPT_FROM_THEIR_OWN else ""
        walk = (f"SELECT {columns} FROM {full_text_table.TABLE} t JOIN complaint ON "
                f"complaint.id = t.complaint_id WHERE t.words @@ $1 AND ({condition}) "
                "ORDER BY t.id DESC LIMIT $2")
        looked_up = (f"WITH found AS MATERIALIZED (SELECT f.id FROM {full_text_table.TABLE} f "
                     f"WHERE f.words @@ $1) SELECT {columns} FROM found JOIN "
                     f"{full_text_table.TABLE} t ON t.id = found.id JOIN complaint ON "
                     f"complaint.id = t.complaint_id WHERE ({condition}) "
                     "ORDER BY t.id DESC LIMIT $2")
        using = " USING tsq, lim, options, folded, me_id"
        branches.append(
            f"  {'IF' if not branches else 'ELSIF'} me_role = '{role.value}'{named} THEN\n"
            f"    IF matches < few THEN\n      RETURN QUERY EXECUTE {_quoted(looked_up)}{using};\n"
            f"    ELSE\n      RETURN QUERY EXECUTE {_quoted(walk)}{using};\n    END IF;\n")
    return (
        f"CREATE OR REPLACE FUNCTION {FULL_TEXT_FUNCTION}(query text, probe text, lim integer, "
        "few integer, options text) RETURNS TABLE (entry_id bigint, case_id integer, entry_part text, "
        "case_number text, snippet text, place text, place_detail text, textless text) "
        "LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $fn$\n"
        "DECLARE me_role text; me_id integer; folded text; tsq tsquery; matches integer;\n"
        "BEGIN\n"
        f"  SELECT a.role, a.id, k.name_folded INTO me_role, me_id, folded FROM staff_account a "
        f"LEFT JOIN {NAME_KEY_TABLE} k ON k.account_id = a.id AND k.name = a.name "
        "WHERE a.login = session_user AND a.disabled_at IS NULL;\n"
        f"  tsq := to_tsquery({config}, query);\n"
        f"  SELECT count(*) INTO matches FROM (SELECT 1 FROM {full_text_table.TABLE} p "
        f"WHERE p.words @@ to_tsquery({config}, probe) LIMIT few) AS counted;\n"
        + "".join(branches) +
        "  END IF;\n"
        "END $fn$")


def _full_text_policies() -> list[str]:
    """The full-text index (:mod:`ethics_desk.storage.full_text_table`): a case's words, read
    by each group only for the complaints it may read, and written by no group — its
    triggers write it as the owner, in the transaction of the change they follow."""
    everyone = _groups(set(Role))
    table = full_text_table.TABLE
    scope = f"EXISTS (SELECT 1 FROM complaint c WHERE c.id = {table}.complaint_id)"
    return [f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
            *(f"DROP POLICY IF EXISTS {name} ON {table}" for name in _policy_names(table)),
            f"CREATE POLICY {POLICY}_read ON {table} FOR SELECT TO {everyone} USING ({scope})",
            f"REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON {table} FROM {everyone}"]


def _calendar_policies() -> list[str]:
    """A person's opt-in and the events sent to their calendar are theirs alone: whoever may
    have their deadlines in their calendar (:data:`~ethics_desk.core.permissions.Act.OWN_CALENDAR`)
    reads, adds, changes and removes the rows whose login is themselves (``session_user``),
    and no one reads another's (an event's summary names a case)."""
    everyone = _groups(set(Role))
    owners = ACT_ROLES[Act.OWN_CALENDAR]
    own = f"(login = session_user::text AND {_acts_as_any(owners)})"
    statements: list[str] = []
    for table in CALENDAR_TABLES:
        statements += [
            f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
            f"DROP POLICY IF EXISTS {POLICY}_own ON {table}",
            f"CREATE POLICY {POLICY}_own ON {table} FOR ALL TO {_groups(owners)} USING ({own}) "
            f"WITH CHECK ({own})",
            f"REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON {table} FROM {everyone}",
            f"GRANT INSERT, UPDATE, DELETE ON {table} TO {_groups(owners)}",
        ]
    return statements


def _setting_policies() -> list[str]:
    everyone = _groups(set(Role))
    statements = [
        "ALTER TABLE setting ENABLE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS {POLICY}_read ON setting",
        f"CREATE POLICY {POLICY}_read ON setting FOR SELECT TO {everyone} USING (true)",
        f"DROP POLICY IF EXISTS {POLICY}_head ON setting",
        f"CREATE POLICY {POLICY}_head ON setting FOR ALL TO {everyone} "
        "USING (key = 'audit.head') WITH CHECK (key = 'audit.head')",
        f"REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON setting FROM {everyone}",
        f"GRANT INSERT, UPDATE ON setting TO {everyone}",
    ]
    for act, keys in _SETTINGS_BY_ACT.items():
        name = f"{POLICY}_{act.value}"
        statements += [
            f"DROP POLICY IF EXISTS {name} ON setting",
            f"CREATE POLICY {name} ON setting FOR ALL TO {_groups(ACT_ROLES[act])} "
            f"USING ({keys}) WITH CHECK ({keys})",
            f"GRANT DELETE ON setting TO {_groups(ACT_ROLES[act])}"]
    return statements


def _table_grants() -> list[str]:
    everyone = _groups(set(Role))
    cases = case_tables()
    statements = []
    for table in Base.metadata.sorted_tables:
        name = table.name
        if name in cases or name in {"audit_record", "setting", "staff_account",
                                     SAVED_VIEWS_TABLE, *CALENDAR_TABLES}:
            continue
        statements.append(f"REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON {name} FROM {everyone}")
        acts = WRITTEN_BY.get(name, ())
        writers: set[Role] = set()
        for act in acts:
            writers |= ACT_ROLES[act]
        if writers:
            rights = "INSERT" if name in ADDED_ONLY else "INSERT, UPDATE, DELETE"
            statements.append(f"GRANT {rights} ON {name} TO {_groups(writers)}")
    return statements


def _name_key_table() -> list[str]:
    return [
        f"CREATE TABLE IF NOT EXISTS {NAME_KEY_TABLE} (account_id integer PRIMARY KEY "
        "REFERENCES staff_account (id) ON DELETE CASCADE, name text NOT NULL, "
        "name_folded text NOT NULL)",
        f"REVOKE ALL ON {NAME_KEY_TABLE} FROM PUBLIC",
        f"REVOKE ALL ON {NAME_KEY_TABLE} FROM {_groups(set(Role))}",
    ]


def install(conn: Connection) -> None:
    """Make (or make again) the server's statement of the rules, as the schema's owner: the
    name keys, the function that says who receives a complaint, the policies and the grants of
    every group (:func:`ethics_desk.storage.server_roles.grant_groups` first gave each group a
    workstation's rights, which this narrows)."""
    for statement in _name_key_table():
        conn.exec_driver_sql(statement)
    _journal_name_keys(conn)
    for body in (_acts_as_function(), received_function(conn.dialect), _name_key_function(),
                 _disposed_here_function()):
        conn.exec_driver_sql(body.replace("%", "%%"))
    conn.exec_driver_sql(f"REVOKE ALL ON FUNCTION {DISPOSED_HERE_FUNCTION}(text, text) FROM "
                         "PUBLIC")
    conn.exec_driver_sql(f"GRANT EXECUTE ON FUNCTION {DISPOSED_HERE_FUNCTION}(text, text) TO "
                         f"{_groups(ACT_ROLES[Act.RETENTION])}")
    from ethics_desk.storage.audit import CHAIN_FUNCTION, pg_chain_function

    conn.exec_driver_sql(pg_chain_function(trail_reader_check()).replace("%", "%%"))
    conn.exec_driver_sql(f"REVOKE ALL ON FUNCTION {CHAIN_FUNCTION}() FROM PUBLIC")
    conn.exec_driver_sql(f"GRANT EXECUTE ON FUNCTION {CHAIN_FUNCTION}() TO "
                         f"{_groups(ACT_ROLES[Act.AUDIT_TRAIL])}")
    for function in (f"{ACTS_AS_FUNCTION}(text)", f"{RECEIVED_FUNCTION}()",
                     f"{NAME_KEY_FUNCTION}(text, text, text)"):
        conn.exec_driver_sql(f"REVOKE ALL ON FUNCTION {function} FROM PUBLIC")
    searching = f"{FULL_TEXT_FUNCTION}(text, text, integer, integer, text)"
    conn.exec_driver_sql(f"DROP FUNCTION IF EXISTS {searching}")  # its columns may change
    conn.exec_driver_sql(full_text_function(conn.dialect).replace("%", "%%"))
    conn.exec_driver_sql(f"REVOKE ALL ON FUNCTION {searching} FROM PUBLIC")
    for function in (f"{ACTS_AS_FUNCTION}(text)", f"{RECEIVED_FUNCTION}()", searching):
        conn.exec_driver_sql(f"GRANT EXECUTE ON FUNCTION {function} TO {_groups(set(Role))}")
    conn.exec_driver_sql(f"GRANT EXECUTE ON FUNCTION {NAME_KEY_FUNCTION}(text, text, text) TO "
                         f"{_groups(ACT_ROLES[Act.MANAGE_ACCOUNTS])}")
    for old in ("ethics_desk_receives(integer)", "ethics_desk_resolved(integer)"):
        conn.exec_driver_sql(f"DROP FUNCTION IF EXISTS {old} CASCADE")  # earlier versions'
    statements = []
    for table, column in case_tables().items():
        statements += _case_policies(table, column, conn.dialect)
    statements += (_audit_policies() + _trail_policies() + _journal_policies()
                   + _setting_policies() + _full_text_policies()
                   + _table_grants() + _register_grants() + _naming_policies()
                   + _saved_view_policies() + _office_report_policies()
                   + _calendar_policies())
    for statement in statements:
        conn.exec_driver_sql(statement.replace("%", "%%"))
    keep_name_keys(conn)


def _journal_name_keys(conn: Connection) -> None:
    """The name keys' changes are journalled like every record's (the journal's own trigger
    and function for the table, :mod:`ethics_desk.storage.journal`)."""
    from ethics_desk.storage import journal

    columns, key = journal.columns_of(conn, NAME_KEY_TABLE)
    function, body = journal.pg_trigger_function(NAME_KEY_TABLE, columns, key)
    conn.exec_driver_sql(body.replace("%", "%%"))
    conn.exec_driver_sql(f'REVOKE ALL ON FUNCTION "{function}"() FROM PUBLIC')
    trigger = journal.trigger_name(NAME_KEY_TABLE)
    conn.exec_driver_sql(f'DROP TRIGGER IF EXISTS "{trigger}" ON {NAME_KEY_TABLE}')
    conn.exec_driver_sql(f'CREATE TRIGGER "{trigger}" AFTER INSERT OR UPDATE OR DELETE ON '
                         f'{NAME_KEY_TABLE} FOR EACH ROW EXECUTE FUNCTION "{function}"()')


def set_name_key(conn: Connection, login: str, name: str) -> None:
    """Write the folded name of the account ``login`` named ``name`` (an account added or
    renamed on the server), in the caller's transaction."""
    conn.execute(text(f"SELECT {NAME_KEY_FUNCTION}(:l, :n, :f)"),
                 {"l": login, "n": name, "f": fold(name)})


def keep_name_keys(conn: Connection) -> int:
    """Write the name key of every account whose key is missing or older than its name (the
    setup, as the owner); how many were written."""
    rows = conn.execute(text(
        f"SELECT a.id, a.name FROM staff_account a LEFT JOIN {NAME_KEY_TABLE} k "
        "ON k.account_id = a.id WHERE k.account_id IS NULL OR k.name <> a.name")).all()
    for account_id, name in rows:
        conn.execute(text(
            f"INSERT INTO {NAME_KEY_TABLE} (account_id, name, name_folded) VALUES (:i, :n, :f) "
            "ON CONFLICT (account_id) DO UPDATE SET name = EXCLUDED.name, "
            "name_folded = EXCLUDED.name_folded"), {"i": account_id, "n": name, "f": fold(name)})
    return len(rows)


__all__ = ["group_roles", "install", "keep_name_keys", "received_function", "set_name_key"]
