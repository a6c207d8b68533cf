"""The office's people on the server: a group role per office role, a login role per person.

On PostgreSQL each person is their own database role, so that the server itself — not the
workstation — knows who is asking (issue 28):

- **A group role per office role**, named from :class:`~ethics_desk.core.roles.Role`
  (:func:`group_role`: ``ethics_desk_clerk``, ``ethics_desk_auditor`` … ``ethics_desk_admin``),
  created ``NOLOGIN`` by ``ethics-desk server setup`` (:func:`create_groups`). What each group may
  read and write is granted to the group, never to a person.
- **A login role per person**, named by their login and a member of exactly one group, created
  only through :data:`ADD_FUNCTION`, a ``SECURITY DEFINER`` function owned by the schema's owner
  (:func:`install_functions`), which only an Administrator of this office — or IT, as the
  database's owner, for the first Administrator — may call. It refuses a login that is already
  another kind of role on the server (IT's own, a superuser, PostgreSQL's ``pg_…`` roles) and a
  person who is already in another office role's group.
- **Passwords are PostgreSQL's own** (SCRAM-SHA-256): the workstation computes the verifier with
  libpq (:func:`scram_verifier`) and sends only that; the password itself never travels in a
  statement, so it cannot reach the server's log, and no application hash is kept. Where IT has
  single sign-on (Kerberos/GSSAPI, SSPI), ``pg_hba.conf`` says so and no password is set.

The owner that runs the setup needs ``CREATEROLE`` (IT gives it once: ``ALTER ROLE owner
CREATEROLE``). Roles belong to the whole server, not to one database: one office per server is
the simple case; a person who is in two offices on one server has the same office role in both.
"""

from __future__ import annotations

from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine import URL

from ethics_desk.core.errors import StorageError
from ethics_desk.core.roles import Role
from ethics_desk.storage.server_door import REFUSED_AT_CONNECTION

GROUP_PREFIX = "ethics_desk_"
"""The beginning of every group role's name (the rest is the office role's value)."""

ADD_FUNCTION = "ethics_desk_person_add"
"""``ethics_desk_person_add(login, office_role, verifier)``: a person's login role, made or
taken again, in the group of ``office_role``, with the password's SCRAM-SHA-256 verifier."""
DISABLE_FUNCTION = "ethics_desk_person_disable"
"""``ethics_desk_person_disable(login)``: the person's role may no longer connect."""
PASSWORD_FUNCTION = "ethics_desk_person_password"
"""``ethics_desk_person_password(login, verifier)``: a new password — the person's own, or any
person's by an Administrator (a reset)."""

LOGIN_PATTERN = "^[a-z][a-z0-9._-]{1,59}$"
"""A login as :func:`ethics_desk.staff.accounts.normal_login` keeps it (checked again on the
server, which trusts no caller)."""


def group_role(role: Role) -> str:
    """The group role of the office role ``role`` (``ethics_desk_clerk``)."""
    return f"{GROUP_PREFIX}{role.value}"


def group_roles() -> dict[Role, str]:
    """Every office role's group role, in the order :class:`Role` lists them."""
    return {role: group_role(role) for role in Role}


def create_groups(conn: Connection) -> None:
    """Create each group role that is not there yet, ``NOLOGIN`` (two setups at once: the
    second finds it made)."""
    for name in group_roles().values():
        conn.exec_driver_sql(
            f"DO $do$ BEGIN CREATE ROLE {name} NOLOGIN; "
            "EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $do$")


def _sql_list(values: list[str]) -> str:
    return ", ".join("'" + value.replace("'", "''") + "'" for value in values)


def _may_manage(indent: str = "  ") -> str:
    """The check that opens the functions that change another person: the caller (the
    session's own role, whatever role it has set) is an Administrator of this office, or IT
    (the database's owner)."""
    return (
        f"{indent}IF NOT (EXISTS (SELECT 1 FROM staff_account a WHERE a.login = session_user "
        f"AND a.role = '{Role.ADMIN.value}' AND a.disabled_at IS NULL) "
        "OR session_user = (SELECT pg_get_userbyid(d.datdba) FROM pg_database d "
        "WHERE d.datname = current_database())) THEN\n"
        f"{indent}  RAISE EXCEPTION 'only an Administrator of this office manages its people' "
        "USING ERRCODE = 'insufficient_privilege';\n"
        f"{indent}END IF;\n")


_OF_THIS_OFFICE = (
    "  IF found IS NULL OR NOT EXISTS (SELECT 1 FROM staff_account a WHERE a.login = person) "
    "THEN\n"
    "    RAISE EXCEPTION 'there is no person % in this office', person "
    "USING ERRCODE = 'invalid_parameter_value';\n"
    "  END IF;\n")
"""The check that the person changed has an account in this office's database."""

_A_PERSON = (
    "  SELECT r.oid, r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication "
    "OR r.rolbypassrls INTO found, privileged FROM pg_roles r WHERE r.rolname = person;\n"
    "  IF found IS NOT NULL AND (privileged OR NOT EXISTS (SELECT 1 FROM pg_auth_members m "
    "JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = found "
    "AND g.rolname = ANY(groups))) THEN\n"
    "    RAISE EXCEPTION 'the role % on the server is not an Ethics Desk person''s', person "
    "USING ERRCODE = 'insufficient_privilege';\n"
    "  END IF;\n")
"""The check that a login names an Ethics Desk person's role (or none yet): never IT's, a
privileged role, or one in no office role's group."""


def _scram(argument: str) -> str:
    return (f"  IF {argument} IS NULL OR {argument} !~ '^SCRAM-SHA-256\\$' THEN\n"
            "    RAISE EXCEPTION 'a password reaches the server as its SCRAM-SHA-256 verifier "
            "only' USING ERRCODE = 'invalid_password';\n"
            "  END IF;\n")


def _settings() -> str:
    return "SET search_path = public, pg_temp"


def _add_function() -> str:
    groups = list(group_roles().values())
    return (
        f"CREATE OR REPLACE FUNCTION {ADD_FUNCTION}(person text, office_role text, "
        f"verifier text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER {_settings()} "
        "AS $fn$\n"
        f"DECLARE groups text[] := ARRAY[{_sql_list(groups)}]; found oid; privileged boolean; "
        "wanted text; stale text;\n"
        "BEGIN\n"
        + _may_manage() +
        f"  IF person IS NULL OR person !~ '{LOGIN_PATTERN}' OR person LIKE 'pg\\_%' "
        f"OR person LIKE '{GROUP_PREFIX}%' THEN\n"
        "    RAISE EXCEPTION '% cannot be a person''s login', person "
        "USING ERRCODE = 'invalid_parameter_value';\n"
        "  END IF;\n"
        f"  wanted := '{GROUP_PREFIX}' || office_role;\n"
        "  IF office_role IS NULL OR NOT wanted = ANY(groups) THEN\n"
        "    RAISE EXCEPTION 'there is no office role %', office_role "
        "USING ERRCODE = 'invalid_parameter_value';\n"
        "  END IF;\n"
        + _scram("verifier")
        + _A_PERSON +
        # A person's role left by an office that is gone (no database it may connect to any
        # more: a dropped test database, a retired office) is taken over: out of its old group.
        "  IF found IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_database d, "
        "aclexplode(d.datacl) a WHERE a.grantee = found AND a.privilege_type = 'CONNECT') "
        "THEN\n"
        "    FOR stale IN SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g "
        "ON g.oid = m.roleid WHERE m.member = found AND g.rolname = ANY(groups) "
        "AND g.rolname <> wanted LOOP\n"
        "      EXECUTE format('REVOKE %I FROM %I', stale, person);\n"
        "    END LOOP;\n"
        "  END IF;\n"
        "  IF EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
        "WHERE m.member = found AND g.rolname = ANY(groups) AND g.rolname <> wanted) THEN\n"
        "    RAISE EXCEPTION '% has another office role on this server', person "
        "USING ERRCODE = 'insufficient_privilege';\n"
        "  END IF;\n"
        "  IF found IS NULL THEN\n"
        "    EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', person, verifier);\n"
        "  ELSE\n"
        "    EXECUTE format('ALTER ROLE %I LOGIN PASSWORD %L', person, verifier);\n"
        "  END IF;\n"
        "  EXECUTE format('GRANT %I TO %I', wanted, person);\n"
        "  EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), person);\n"
        "END $fn$")


def _disable_function() -> str:
    groups = list(group_roles().values())
    return (
        f"CREATE OR REPLACE FUNCTION {DISABLE_FUNCTION}(person text) RETURNS void "
        f"LANGUAGE plpgsql SECURITY DEFINER {_settings()} AS $fn$\n"
        f"DECLARE groups text[] := ARRAY[{_sql_list(groups)}]; found oid; privileged boolean;\n"
        "BEGIN\n"
        + _may_manage() + _A_PERSON + _OF_THIS_OFFICE +
        "  EXECUTE format('ALTER ROLE %I NOLOGIN', person);\n"
        "END $fn$")


def _password_function() -> str:
    groups = list(group_roles().values())
    return (
        f"CREATE OR REPLACE FUNCTION {PASSWORD_FUNCTION}(person text, verifier text) "
        f"RETURNS void LANGUAGE plpgsql SECURITY DEFINER {_settings()} AS $fn$\n"
        f"DECLARE groups text[] := ARRAY[{_sql_list(groups)}]; found oid; privileged boolean;\n"
        "BEGIN\n"
        "  IF person IS DISTINCT FROM session_user THEN\n"
        + _may_manage("    ") +
        "  END IF;\n"
        + _scram("verifier") + _A_PERSON + _OF_THIS_OFFICE +
        "  EXECUTE format('ALTER ROLE %I PASSWORD %L', person, verifier);\n"
        "END $fn$")


ACCOUNT_FUNCTION = "ethics_desk_account_add"
"""``ethics_desk_account_add(login, name, office_role, created_by, created_at, must_change)``:
a person's account in this office, its password the server's (``server:scram``) — the only way
an account is added on the server: no group inserts into ``staff_account``."""
SERVER_PASSWORD = "server:scram"
"""What an account's ``password_hash`` holds on a server, where PostgreSQL checks the password."""


def _account_function() -> str:
    groups = list(group_roles().values())
    return (
        f"CREATE OR REPLACE FUNCTION {ACCOUNT_FUNCTION}(person text, person_name text, "
        "office_role text, by_login text, made_at timestamp, must_change boolean) "
        f"RETURNS integer LANGUAGE plpgsql SECURITY DEFINER {_settings()} AS $fn$\n"
        f"DECLARE groups text[] := ARRAY[{_sql_list(groups)}]; made integer; found oid; "
        "privileged boolean;\n"
        "BEGIN\n"
        + _may_manage() + _A_PERSON +
        f"  IF person IS NULL OR person !~ '{LOGIN_PATTERN}' OR person LIKE 'pg\\_%' "
        f"OR person LIKE '{GROUP_PREFIX}%' THEN\n"
        "    RAISE EXCEPTION '% cannot be a person''s login', person "
        "USING ERRCODE = 'invalid_parameter_value';\n"
        "  END IF;\n"
        f"  IF office_role IS NULL OR NOT '{GROUP_PREFIX}' || office_role = ANY(groups) THEN\n"
        "    RAISE EXCEPTION 'there is no office role %', office_role "
        "USING ERRCODE = 'invalid_parameter_value';\n"
        "  END IF;\n"
        "  IF person_name IS NULL OR btrim(person_name) = '' THEN\n"
        "    RAISE EXCEPTION 'an account needs its person''s name' "
        "USING ERRCODE = 'invalid_parameter_value';\n"
        "  END IF;\n"
        "  INSERT INTO staff_account (login, name, role, password_hash, must_change_password, "
        "failed_attempts, created_at, created_by, version) VALUES (person, person_name, "
        f"office_role, '{SERVER_PASSWORD}', coalesce(must_change, true), 0, made_at, "
        "coalesce(by_login, session_user::text), 1) RETURNING id INTO made;\n"
        "  RETURN made;\n"
        "END $fn$")


FUNCTIONS: dict[str, tuple[str, frozenset[Role]]] = {
    f"{ADD_FUNCTION}(text, text, text)": ("add", frozenset({Role.ADMIN})),
    f"{DISABLE_FUNCTION}(text)": ("disable", frozenset({Role.ADMIN})),
    f"{PASSWORD_FUNCTION}(text, text)": ("password", frozenset(Role)),
    f"{ACCOUNT_FUNCTION}(text, text, text, text, timestamp, boolean)": (
        "account", frozenset({Role.ADMIN})),
}
"""Each person function's signature, and the office roles whose groups may call it (the
function checks the caller again: an Administrator of this office, or the person's own)."""


def install_functions(conn: Connection) -> None:
    """Create (or replace) the person functions as the schema's owner, callable only by the
    groups :data:`FUNCTIONS` names."""
    for body in (_add_function(), _disable_function(), _password_function(),
                 _account_function()):
        conn.exec_driver_sql(body.replace("%", "%%"))  # the driver's placeholders are %
    for signature, (_what, roles) in FUNCTIONS.items():
        conn.exec_driver_sql(f"REVOKE ALL ON FUNCTION {signature} FROM PUBLIC")
        for role in Role:
            verb = "GRANT" if role in roles else "REVOKE"
            preposition = "TO" if role in roles else "FROM"
            conn.exec_driver_sql(f"{verb} EXECUTE ON FUNCTION {signature} {preposition} "
                                 f"{group_role(role)}")


STAFF_COLUMNS_READ = ("id", "login", "name", "role", "must_change_password", "failed_attempts",
                      "locked_until", "disabled_at", "created_at", "created_by", "version")
"""The columns of ``staff_account`` every group reads (who the office's people are); never
``password_hash``, and no group writes the table: the Administrator's functions do."""


STAFF_COLUMNS_CHANGED = ("must_change_password", "version")
"""The columns of ``staff_account`` a person changes on their own row (a new password chosen;
the row's version) — and an Administrator on any row, with ``disabled_at`` (an account disabled
or enabled again). Every other column is written by no group: an account is added by
:data:`ACCOUNT_FUNCTION`, its role, login and name by none."""


def grant_groups(conn: Connection) -> None:
    """Give each group role a workstation's rights (:func:`rights_of`)
    but on ``staff_account``: its :data:`STAFF_COLUMNS_READ` to read, nothing to write. No
    group, nor PUBLIC, may connect to the database: each person is given that
    (:data:`ADD_FUNCTION`)."""
    database = str(conn.execute(text("SELECT current_database()")).scalar())
    # PostgreSQL lets every role connect to a new database: only this office's people may.
    conn.exec_driver_sql(f'REVOKE CONNECT ON DATABASE "{database}" FROM PUBLIC')
    for name in group_roles().values():
        for statement in rights_of(name, database, connect=False):
            conn.exec_driver_sql(statement)
        conn.exec_driver_sql(f"REVOKE ALL ON staff_account FROM {name}")
        conn.exec_driver_sql(f"GRANT SELECT ({', '.join(STAFF_COLUMNS_READ)}) ON staff_account "
                             f"TO {name}")
        conn.exec_driver_sql(f"GRANT UPDATE ({', '.join(STAFF_COLUMNS_CHANGED)}) ON "
                             f"staff_account TO {name}")
    conn.exec_driver_sql(f"GRANT UPDATE (disabled_at) ON staff_account TO {group_role(Role.ADMIN)}")
    everyone = ", ".join(group_roles().values())
    for statement in (
            "ALTER TABLE staff_account ENABLE ROW LEVEL SECURITY",
            "DROP POLICY IF EXISTS ethics_desk_accounts_read ON staff_account",
            f"CREATE POLICY ethics_desk_accounts_read ON staff_account FOR SELECT TO {everyone} "
            "USING (true)",
            "DROP POLICY IF EXISTS ethics_desk_accounts_own ON staff_account",
            f"CREATE POLICY ethics_desk_accounts_own ON staff_account FOR UPDATE TO {everyone} "
            "USING (login = session_user) WITH CHECK (login = session_user)",
            "DROP POLICY IF EXISTS ethics_desk_accounts_admin ON staff_account",
            f"CREATE POLICY ethics_desk_accounts_admin ON staff_account FOR UPDATE TO "
            f"{group_role(Role.ADMIN)} USING (true) WITH CHECK (true)"):
        conn.exec_driver_sql(statement)


def is_a_person() -> str:
    """The SQL condition that the session's own role is an Ethics Desk person's (a member of
    an office role's group) — not IT's, nor the shared workstations' role of old."""
    return ("EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
            "JOIN pg_roles p ON p.oid = m.member WHERE p.rolname = session_user "
            f"AND g.rolname = ANY(ARRAY[{_sql_list(list(group_roles().values()))}]))")


def disposer_check() -> str:
    """The first lines of the functions that empty records for a disposal (the journal's
    values, the audit trail's summaries): a person may call them only as one whom the permission
    table lets dispose of records (:data:`~ethics_desk.core.permissions.ACT_ROLES`,
    ``Act.RETENTION``: the Records officer), by their account in this office."""
    from ethics_desk.core.permissions import ACT_ROLES, Act

    roles = [role.value for role in Role if role in ACT_ROLES[Act.RETENTION]]
    return (
        f"  IF {is_a_person()} AND NOT EXISTS (SELECT 1 FROM staff_account a "
        f"WHERE a.login = session_user AND a.role = ANY(ARRAY[{_sql_list(roles)}]) "
        "AND a.disabled_at IS NULL) THEN\n"
        "    RAISE EXCEPTION 'only the Records officer empties records for a disposal' "
        "USING ERRCODE = 'insufficient_privilege';\n"
        "  END IF;\n")


AUDIT_ACTOR_FUNCTION = "ethics_desk_audit_actor"
AUDIT_ACTOR_TRIGGER = "audit_record_actor"


def _audit_actor_function() -> str:
    return (
        f"CREATE OR REPLACE FUNCTION {AUDIT_ACTOR_FUNCTION}() RETURNS trigger "
        "LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $fn$\n"
        "BEGIN\n"
        f"  IF {is_a_person()}\n"
        "     AND NEW.actor IS DISTINCT FROM session_user::text\n"
        "     AND right(NEW.actor, length(session_user::text) + 3) "
        "IS DISTINCT FROM ' (' || session_user::text || ')' THEN\n"
        "    RAISE EXCEPTION 'an audit record names the person who writes it, %', session_user "
        "USING ERRCODE = 'insufficient_privilege';\n"
        "  END IF;\n"
        "  RETURN NEW;\n"
        "END $fn$")


def install_audit_actor(conn: Connection) -> None:
    """The trigger by which the server refuses an audit record that a person writes naming
    anyone but themselves (``session_user``: the role they connected as, whatever role they
    set): its actor is their login, or "Name (login)" as the application names them."""
    conn.exec_driver_sql(_audit_actor_function().replace("%", "%%"))
    conn.exec_driver_sql(f"REVOKE ALL ON FUNCTION {AUDIT_ACTOR_FUNCTION}() FROM PUBLIC")
    conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {AUDIT_ACTOR_TRIGGER} ON audit_record")
    conn.exec_driver_sql(f"CREATE TRIGGER {AUDIT_ACTOR_TRIGGER} BEFORE INSERT ON audit_record "
                         f"FOR EACH ROW EXECUTE FUNCTION {AUDIT_ACTOR_FUNCTION}()")


def scram_verifier(conn: Connection, login: str, password: str) -> str:
    """The SCRAM-SHA-256 verifier of ``password`` for ``login``, computed here by libpq
    (``PQencryptPasswordConn``): what the server keeps instead of the password."""
    raw = conn.connection.driver_connection
    pgconn = getattr(raw, "pgconn", None)
    if pgconn is None:  # pragma: no cover - the server's driver is psycopg
        raise StorageError("This installation's database driver cannot compute a password "
                           "verifier.", "Install Ethics Desk with the server driver "
                           "(python -m pip install \"ethics-desk[server]\").")
    verifier = pgconn.encrypt_password(password.encode("utf-8"), login.encode("utf-8"),
                                       b"scram-sha-256")
    return bytes(verifier).decode("ascii")


def add_person(conn: Connection, login: str, role: Role, password: str | None) -> None:
    """Make (or take again) ``login``'s role on the server in ``role``'s group, through
    :data:`ADD_FUNCTION`; ``password`` None: single sign-on, where the server's
    ``pg_hba.conf`` authenticates the person (a verifier no password matches is set)."""
    import secrets

    secret = password if password is not None else secrets.token_urlsafe(48)
    conn.execute(text(f"SELECT {ADD_FUNCTION}(:p, :r, :v)"),
                 {"p": login, "r": role.value, "v": scram_verifier(conn, login, secret)})


def disable_person(conn: Connection, login: str) -> None:
    """``login``'s role may no longer connect (its records keep its name)."""
    conn.execute(text(f"SELECT {DISABLE_FUNCTION}(:p)"), {"p": login})


def set_password(conn: Connection, login: str, password: str) -> None:
    """A new password for ``login`` (the person's own, or an Administrator's reset)."""
    conn.execute(text(f"SELECT {PASSWORD_FUNCTION}(:p, :v)"),
                 {"p": login, "v": scram_verifier(conn, login, password)})


def is_the_owner(engine: Engine) -> bool:
    """Whether ``engine`` connects as IT's role: the database's owner (or a superuser), to whom
    no policy applies."""
    from ethics_desk.storage.failures import translate_errors

    with translate_errors(), engine.connect() as conn:
        return bool(conn.execute(text(
            "SELECT pg_has_role(session_user, d.datdba, 'MEMBER') OR r.rolsuper "
            "FROM pg_database d, pg_roles r WHERE d.datname = current_database() "
            "AND r.rolname = session_user")).scalar())


def refuse_unless_the_owner(engine: Engine, doing: str) -> None:
    """Refuse, in words, work that reads every record of the server — the checks, a backup —
    to a role that is not IT's, the database's owner: row-level security lets a person's role
    read only part of the records, and the rest would be reported missing, or silently left
    out of a copy (:mod:`ethics_desk.staff.server_policies`). ``doing`` is what reads them,
    in words ("the checks read")."""
    if engine.url.get_backend_name() != "postgresql":
        return
    if not is_the_owner(engine):
        raise StorageError(
            f"On the office's server {doing} every record, which only IT's role, the "
            f"database's owner, may read ({engine.url.username or 'this role'} may not).",
            "Ask IT to do it with the address of the role that owns the database.")


def person_url(url: URL, login: str, password: str | None) -> URL:
    """The office's address ``url`` (server and database) as ``login`` connects to it: with
    the typed password, or none where IT set up single sign-on (libpq's ``gssencmode`` is left
    at its default, ``prefer``) — never a password the address had before (``URL.set`` keeps
    what it is given None for)."""
    return URL.create(url.drivername, username=login, password=password or None, host=url.host,
                      port=url.port, database=url.database, query=url.query)


def session_user_of(url: URL, login: str, password: str | None) -> str | None:
    """The role PostgreSQL authenticated (``session_user``) when ``login`` connects to the
    office's database with ``password`` — None when the server refuses them at the door
    (:data:`REFUSED_AT_CONNECTION`). A server that cannot be reached is a
    :class:`~ethics_desk.core.errors.StorageError`, as anywhere."""
    from sqlalchemy import create_engine
    from sqlalchemy.exc import OperationalError
    from sqlalchemy.pool import NullPool

    from ethics_desk.storage.failures import translate_errors

    engine = create_engine(person_url(url, login, password), poolclass=NullPool)
    try:
        try:
            with engine.connect() as conn:
                return str(conn.execute(text("SELECT session_user")).scalar())
        except OperationalError as exc:
            said = str(exc.orig)
            if any(why in said for why in REFUSED_AT_CONNECTION) \
                    or f'role "{login}" does not exist' in said:
                return None
            with translate_errors():
                raise
    finally:
        engine.dispose()
    return None  # pragma: no cover - translate_errors raises


def rights_of(role: str, database: str, *, connect: bool = True) -> list[str]:
    """The statements that give ``role`` what a workstation needs, and nothing more (see the
    module): the shared workstations' role of old, and each office role's group
    (:func:`grant_groups`), which is not given ``connect``:
    a group is the server's, and only this office's people connect to its database."""
    return [
        *([f'GRANT CONNECT ON DATABASE "{database}" TO {role}'] if connect else []),
        f"GRANT USAGE ON SCHEMA public TO {role}",
        f"REVOKE CREATE ON SCHEMA public FROM {role}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}",
        f"REVOKE UPDATE, DELETE, TRUNCATE ON audit_record FROM {role}",
        # The disposal log is permanent (Local Schedule GR; revision 0012)
        f"REVOKE UPDATE, DELETE, TRUNCATE ON disposal_record FROM {role}",
        # The record's journal is written by its triggers, as the owner, only; its
        # key is the owner's alone (ethics_desk.storage.journal).
        f"REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON journal_record FROM {role}",
        f"REVOKE ALL ON journal_key FROM {role}",
        # A redaction's voucher is written once, with its disposal, and kept.
        f"REVOKE UPDATE, DELETE, TRUNCATE ON journal_redaction FROM {role}",
        f"REVOKE UPDATE, DELETE, TRUNCATE ON audit_redaction FROM {role}",
        f"REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON alembic_version FROM {role}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {role}"]
