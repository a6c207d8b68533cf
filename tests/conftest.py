"""Shared fixtures: a fresh database per test, a controller at a fixed time, and the
demonstration database. Both databases are made once per run and copied for each test that uses
them (creating and migrating a database takes a tenth of a second or more, the demonstration
seconds).

By default the databases are SQLite files, copied file by file. With
``ETHICS_DESK_TEST_DATABASE`` set to a PostgreSQL URL (one whose role may create databases),
they live on that server instead: each is made once as a template database and every test gets
``CREATE DATABASE … TEMPLATE`` of it, dropped afterwards. Tests about files themselves (a backup
of the file, a read-only file, ``sqlite3`` probes) carry the ``sqlite_file`` marker and are
skipped there, with the reason.

Nothing here imports Qt: the Qt side of the run (the ``gui`` marker, offscreen drawing, the
``None`` guard) is the plugin :mod:`tests.qt_plugin`, so ``pytest -m "not gui"`` runs the domain
without loading PySide6.
"""

from __future__ import annotations

import ast
import atexit
import faulthandler
import functools
import gc
import itertools
import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from zoneinfo import ZoneInfo

import pytest
from argon2 import PasswordHasher
from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, make_url

from ethics_desk.core.clock import fixed_clock
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.server import setup_server
from ethics_desk.storage.database import Database
from ethics_desk.storage.location import KEY_FOLDER_ENV
from ethics_desk.workflow.controller import WorkflowController

if TYPE_CHECKING:
    from tests.mail.smtp_server import LoopbackSMTP

pytest_plugins = ["tests.qt_plugin"]

TEST_KEYS_ENV = "ETHICS_DESK_TEST_KEY_FOLDER"
_KEYS_INHERITED = bool(os.environ.get(TEST_KEYS_ENV))
KEYS = Path(os.environ.get(TEST_KEYS_ENV) or tempfile.mkdtemp(prefix="ethics-desk-test-keys-"))
"""The suite's record keys (:mod:`ethics_desk.storage.record_key`): key files in a folder of
the run's own, never the credential store of the person running the tests. Set before any
database is made, and inherited by every command the tests start (a helper process that
imports this module again keeps the run's folder, :data:`TEST_KEYS_ENV`)."""
os.environ[TEST_KEYS_ENV] = str(KEYS)
os.environ[KEY_FOLDER_ENV] = str(KEYS)
if not _KEYS_INHERITED:  # the run that made the folder removes it (its helpers only use it)
    atexit.register(shutil.rmtree, KEYS, ignore_errors=True)

OFFICE_TZ = ZoneInfo("America/Chicago")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=OFFICE_TZ)
"""The tests' "now": Monday 30 November 2026, 10:00 in San Antonio."""
CLOCK = fixed_clock(NOW)
"""The tests' clock, stopped at :data:`NOW`: every act a test records is stamped by a pinned
clock, never the machine's (the suite passes on any date)."""


DEMO_TODAY = NOW.date()
"""The day the demonstration database is built for: pinned, never the real date."""


SERVER_ENV = "ETHICS_DESK_TEST_DATABASE"
"""A PostgreSQL URL: the suite's databases are made on that server instead of in files. Several
URLs, separated by spaces, each of its own cluster, let as many workers (``-n``) share the run:
worker ``gwN`` takes the (N+1)th."""


def server_urls() -> list[str]:
    """The PostgreSQL servers of :data:`SERVER_ENV`, in order (none: SQLite files)."""
    return os.environ.get(SERVER_ENV, "").split()


def server_url() -> URL | None:
    """The PostgreSQL server this process runs against (a worker's own, when there are several),
    or None for SQLite files."""
    urls = server_urls()
    if not urls:
        return None
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    index = int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else 0
    return make_url(urls[index % len(urls)])


class TestServer:
    """Makes and drops the suite's databases on the PostgreSQL server of ``SERVER_ENV``.

    Names carry the process id, so two runs (or workers) on one server never meet.
    """

    __test__ = False  # not a test class, for pytest

    def __init__(self, url: URL) -> None:
        self.url = url
        self.admin = create_engine(url, isolation_level="AUTOCOMMIT", pool_size=1)
        self._names = itertools.count(1)

    def url_of(self, name: str) -> str:
        """The URL of the database ``name`` on this server (as ``--db`` takes it)."""
        return self.url.set(database=name).render_as_string(hide_password=False)

    def new_name(self, what: str) -> str:
        """A database name no other test of any run uses."""
        return f"ed_{os.getpid()}_{what}_{next(self._names)}"

    def create(self, name: str, template: str | None = None) -> str:
        """Create ``name`` (empty, or a copy of the database ``template``)."""
        like = f' TEMPLATE "{template}"' if template else ""
        with self.admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"{like}'))
        return self.url_of(name)

    def drop(self, name: str) -> None:
        """Drop ``name``, closing whatever still holds it."""
        with self.admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


_SERVER: TestServer | None = None


def test_server() -> TestServer | None:
    """The suite's server (made on first use), or None when the suite runs on files."""
    global _SERVER
    url = server_url()
    if url is None:
        return None
    if _SERVER is None:
        _SERVER = TestServer(url)
    return _SERVER


test_server.__test__ = False  # type: ignore[attr-defined]


DATABASE_FIXTURES = frozenset({"_new_database_template", "demo_template"})
"""The fixtures that make the suite's databases: a test using one (through any other fixture)
reads or writes the database that ``SERVER_ENV`` moves to a server."""
_SERVER_CALLS = ("test_server()", "server_url()", "SERVER_ENV")


@functools.cache
def _module_asks_for_the_server(path: Path) -> bool:
    try:
        source = path.read_text(encoding="utf-8")
    except OSError:
        return False
    return any(call in source for call in _SERVER_CALLS)


_DATE_MODULES = ("datetime", "ethics_desk.core.clock", "ethics_desk.deadlines",
                 "ethics_desk.documents", "ethics_desk.cli", "tests.signing_in")
"""Dates, clocks, the deadline rules, the papers (each dated), the commands (run on the
machine's clock) and signing in (whose attempts are stamped)."""
_DATE_NAMES = frozenset({"NOW", "CLOCK", "DEMO_TODAY", "TODAY", "OFFICE_TZ"})


@functools.cache
def _module_reads_dates(path: Path) -> bool:
    """Whether a test module works with dates: it imports ``datetime``, a clock or the deadline
    rules, the papers or the commands, or the suite's pinned "now" (the run at a later date
    is over these)."""
    if path.name.startswith("test_cli"):
        return True  # the commands run as a subprocess, on the machine's clock
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return True  # pytest reports the module's own problem; it stays in every run
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(
                alias.name.startswith(_DATE_MODULES) for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module and (
                node.module.startswith(_DATE_MODULES)
                or any(alias.name in _DATE_NAMES for alias in node.names)):
            return True
    return False


HANG_FILE_ENV = "ETHICS_DESK_TEST_HANG_FILE"
"""Where a run that is sent SIGUSR1 (CI's timeout) writes every thread's stack."""


_DUMP = pytest.StashKey[TextIO]()
"""The open file of :data:`HANG_FILE_ENV`, while the run lasts."""


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """A process of the run that crashes (a segmentation fault in Qt's or a library's code)
    writes where each of its threads was to the same file as a hang, which CI shows: a worker
    of ``-n`` that dies takes its stderr with it. (After every plugin's set-up, so pytest's
    own faulthandler, which writes to that stderr, is replaced.)"""
    dump = session.config.stash.get(_DUMP, None)
    if dump is not None:
        faulthandler.enable(file=dump, all_threads=True)


def pytest_configure(config: pytest.Config) -> None:
    """The markers of tests about SQLite files, of tests on the suite's database and of tests
    that read dates; and no two workers on one server, whose login roles are the whole
    cluster's."""
    workers = config.getoption("numprocesses", None) or 0
    if server_urls() and isinstance(workers, int) and workers > len(server_urls()):
        raise pytest.UsageError(
            f"{SERVER_ENV} names {len(server_urls())} PostgreSQL server(s) for {workers} "
            "workers, and a server's login roles belong to its whole cluster: two workers on "
            "one would change the same staff member's role at once. Give each worker a cluster "
            f"of its own (several URLs in {SERVER_ENV}, separated by spaces), or run in one "
            "process (leave out -n, or give -p no:xdist).")
    hang_file = os.environ.get(HANG_FILE_ENV)
    if hang_file and hasattr(signal, "SIGUSR1"):
        # A run that hangs is ended by CI's `timeout -s USR1`: every thread's stack is written
        # to this file first, so the hang is named. (pytest's faulthandler_timeout waits on a
        # timed lock, which never ends under the later-date run's shifted clock; and the
        # captured stderr of a test that is killed is lost.)
        dump = open(hang_file, "a", encoding="utf-8")  # noqa: SIM115 - open while the run lasts
        faulthandler.register(signal.SIGUSR1, file=dump, all_threads=True)
        config.stash[_DUMP] = dump
    config.addinivalue_line(
        "markers", "sqlite_file: about a SQLite file itself (skipped on a server database)")
    config.addinivalue_line(
        "markers", "database: reads or writes the suite's database (added by the fixtures; "
                   "the run on a server is `-m database`, the rest never touches a server)")
    config.addinivalue_line(
        "markers", "dates: works with dates, a clock or records stamped by one (added by the "
                   "fixtures; the run with the machine's clock years ahead is `-m dates`)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests that touch the suite's database; on a server, skip the tests about files,
    saying why."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        path = Path(str(item.path))
        if fixtures & DATABASE_FIXTURES or _module_asks_for_the_server(path):
            item.add_marker(pytest.mark.database)
            item.add_marker(pytest.mark.dates)  # every record is stamped by the clock
        elif _module_reads_dates(path):
            item.add_marker(pytest.mark.dates)
    if server_url() is None:
        return
    skip = pytest.mark.skip(reason=f"about a SQLite file; {SERVER_ENV} runs on a server")
    for item in items:
        if item.get_closest_marker("sqlite_file"):
            item.add_marker(skip)


def pytest_report_header() -> list[str]:
    """Say which print system the printing tests go through (tests/printing_env.py), and
    which database the suite runs on."""
    from tests.printing_env import describe_printing

    url = server_url()
    where = (f"database: PostgreSQL at {url.render_as_string(hide_password=True)}" if url
             else "database: SQLite files")
    return [describe_printing(), where]


def pytest_unconfigure(config: pytest.Config) -> None:
    """Close the server's administrative connection."""
    if _SERVER is not None:
        _SERVER.admin.dispose()


REPEAT_ENV = "ETHICS_DESK_TEST_REPEAT"
"""Set by ``.ci/run`` for the suite's second run (at a later date, on PostgreSQL):
the property tests there check the same properties with a quarter of the examples, the first
run having made the full search."""


def examples(count: int) -> int:
    """The examples a property test tries: ``count``, or a quarter of it (at least 5) in a
    repeated run of the suite (:data:`REPEAT_ENV`)."""
    return max(5, count // 4) if os.environ.get(REPEAT_ENV) else count


def read_zone_again() -> None:
    """Make the process read ``TZ`` again, where it can (POSIX). Windows has no
    ``time.tzset``: there the suite runs in the machine's own zone, which is set to the office's
    before the run (CI's Windows stage under Wine: ``TZ=CST6CDT``, a rule Windows' C runtime
    reads; ``.github/workflows/windows.yml``: ``tzutil``)."""
    tzset = getattr(time, "tzset", None)
    if tzset is not None:
        tzset()


def set_workstation_zone(monkeypatch: pytest.MonkeyPatch, zone: str) -> None:
    """Put this process — the workstation — in ``zone`` (an IANA name), for a test that shows
    the office's zone decides and not the machine's. Only POSIX lets a running process change its
    zone (``time.tzset``); on Windows the test is skipped, and the Linux runs check the rule."""
    if getattr(time, "tzset", None) is None:
        pytest.skip("a running process changes its zone only where time.tzset exists (POSIX)")
    monkeypatch.setenv("TZ", zone)
    read_zone_again()


def put_in_office_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Put this process in the office's zone where it can change its zone (POSIX). Not on
    Windows: its C runtime reads ``TZ`` once, and only as a rule such as ``CST6CDT``; an IANA
    name there would put the process in UTC (see :func:`read_zone_again`)."""
    if getattr(time, "tzset", None) is None:
        return
    monkeypatch.setenv("TZ", "America/Chicago")
    read_zone_again()


@pytest.fixture(scope="session")
def qapp_cls() -> type:
    """pytest-qt's QApplication is the application's own (:class:`ethics_desk.ui.fonts.DeskApplication`):
    its fonts registered as on a desk, so the offscreen platform on Windows measures real text.
    (Qt is imported here, only for a run that starts the QApplication.)"""
    from ethics_desk.ui.fonts import DeskApplication

    return DeskApplication


@pytest.fixture(autouse=True)
def _office_time_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run every test in the office's time zone, whatever the machine's (where the platform
    lets a process change its zone: :func:`put_in_office_zone`)."""
    put_in_office_zone(monkeypatch)
    yield
    monkeypatch.undo()
    read_zone_again()


@pytest.fixture(autouse=True)
def _nothing_left_frozen() -> Iterator[None]:
    """A start's loading freezes what it loaded out of the garbage collector's walks
    (:func:`ethics_desk.ui.app.load_now`); in the suite's one process the next test's garbage
    would be kept with it, so each test's freezing is undone when it ends."""
    yield
    if gc.get_freeze_count():
        gc.unfreeze()


@pytest.fixture(autouse=True)
def _no_user_data(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every test away from the real data folder, the ETHICS_DESK_DB of the shell and the
    machine-wide database setting."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.delenv("ETHICS_DESK_DB", raising=False)
    monkeypatch.delenv("ETHICS_DESK_USER", raising=False)
    monkeypatch.delenv("ETHICS_DESK_PASSWORD", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    # The machine-wide settings (storage/location.py: /etc/xdg/EthicsDesk on Linux) of the
    # machine the tests run on are not the tests'.
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(home / "site-config"))
    monkeypatch.setenv("HOME", str(home))


def _shipped_hasher() -> PasswordHasher:
    from ethics_desk.staff import accounts

    return accounts._HASHER


SHIPPED_HASHER = _shipped_hasher()
"""The application's own Argon2id hasher, as imported (before the tests' lighter one)."""


@pytest.fixture(autouse=True, scope="session")
def _quick_password_hashing() -> Iterator[None]:
    """Hash the tests' passwords with Argon2id at its lightest cost: the hundreds of accounts
    the tests sign in with would otherwise take minutes. The shipped cost is argon2-cffi's
    default (``tests/staff`` checks it on a hasher of its own)."""
    from argon2 import PasswordHasher

    from ethics_desk.staff import accounts

    accounts._HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    yield
    accounts._HASHER = SHIPPED_HASHER


@pytest.fixture(autouse=True)
def _every_database_closed() -> Iterator[None]:
    """Close the connections of every database a test opened, when it ends (a window's context
    opens its own): on a server a connection left to the garbage collector warns in whichever
    test happens to be running then."""
    opened: list[Database] = []
    original = Database.__init__

    def tracked(self: Database, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        opened.append(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Database, "__init__", tracked)
        yield
    for database in opened:
        no_query_in_flight()
        database.dispose()  # idempotent; a database still used later reconnects


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where this test's database file lives."""
    return tmp_path / "ethics-desk.sqlite"


def _checkpointed(database: Database) -> None:
    """Write the database's write-ahead log into its file and close it (a copy is then whole)."""
    try:
        with database.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        database.dispose()  # the last connection closed: nothing is left in a WAL


def _copy_sqlite(template: Path, copy: Path) -> Path:
    """A file copy of a closed, checkpointed SQLite database."""
    wal = template.with_name(template.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0, f"{template.name}'s WAL was not checkpointed"
    shutil.copyfile(template, copy)
    return copy


@pytest.fixture(scope="session")
def _new_database_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path | str]:
    """A database created and migrated once per run, with its reference data, then closed:
    a file, or the name of a template database on the server."""
    server = test_server()
    if server is None:
        path = tmp_path_factory.mktemp("new-template") / "ethics-desk.sqlite"
        _checkpointed(open_database(path, clock=CLOCK))
        yield path
        return
    name = server.new_name("template")
    setup_server(server.create(name), clock=CLOCK,
                 backup_folder=tmp_path_factory.mktemp("setup-backups"))
    yield name
    server.drop(name)


def no_query_in_flight() -> None:
    """Wait until the window's background reads (the inbox's worker threads) are done with the
    test's database before it is closed: a connection still held by one would be dropped
    unclosed later, its warning landing on whichever test runs then."""
    loader = sys.modules.get("ethics_desk.ui.models.inbox_loader")
    if loader is not None:
        assert loader.wait_for_queries(30), "an inbox query still runs 30 s after its test"


def copy_of(template: Path | str, folder: Path, file_name: str) -> Iterator[Database]:
    """A copy of ``template`` opened as the application opens it, closed (and on a server
    dropped) afterwards."""
    server = test_server()
    if server is None:
        assert isinstance(template, Path)
        db = open_database(_copy_sqlite(template, folder / file_name), create=False,
                           clock=CLOCK)
        yield db
        no_query_in_flight()
        db.dispose()
        return
    assert isinstance(template, str)
    name = server.new_name("test")
    db = open_database(server.create(name, template), create=False, clock=CLOCK)
    try:
        yield db
    finally:
        no_query_in_flight()
        db.dispose()
        server.drop(name)


@pytest.fixture
def database(db_path: Path, _new_database_template: Path | str) -> Iterator[Database]:
    """A freshly created and migrated database (a copy of one made so once per run)."""
    yield from copy_of(_new_database_template, db_path.parent, db_path.name)


@pytest.fixture
def smtp(tmp_path: Path) -> Iterator[LoopbackSMTP]:
    """The office's mail server for one test: aiosmtpd on loopback, on a port of its own
    (:mod:`tests.mail.smtp_server`), stopped afterwards."""
    from tests.mail.smtp_server import LoopbackSMTP

    server = LoopbackSMTP(tmp_path).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def db_arg(database: Database, db_path: Path) -> str:
    """The suite's database as ``--db`` names it: the file's path, or the server's URL."""
    if database.url.get_backend_name() == "sqlite":
        return str(db_path)
    return database.url.render_as_string(hide_password=False)


@pytest.fixture
def controller(database: Database) -> WorkflowController:
    """The workflow controller for clerk "Maria Clerk" at :data:`NOW`."""
    return WorkflowController.unrestricted(database, "Maria Clerk", clock=CLOCK)


# -- the demonstration database -----------------------------------------------------------------


@dataclass(frozen=True)
class DemoTemplate:
    """The demonstration database as built once for the run — a closed SQLite file whose
    write-ahead log has been checkpointed into it, or a template database on the server — and
    the builder's (case number, state) list.

    Tests never open the template itself; each opens a copy (:meth:`copy`).
    """

    template: Path | str
    cases: list[tuple[str, str]]

    def copy(self, folder: Path) -> Iterator[Database]:
        """A copy of the demonstration (a file in ``folder``, or a database on the server),
        opened as the application opens it; closed and dropped when the generator ends."""
        return copy_of(self.template, folder, "demo.sqlite")


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoTemplate]:
    """The demonstration database (every state of § 2-83), built once per run for
    :data:`DEMO_TODAY` in the office's time zone; copy it with :meth:`DemoTemplate.copy`."""
    from ethics_desk.demo.build import build_demo

    server = test_server()
    name = server.new_name("demo") if server is not None else ""
    where: Path | str = (tmp_path_factory.mktemp("demo-template") / "demo.sqlite"
                         if server is None else name)
    with pytest.MonkeyPatch.context() as patch:
        put_in_office_zone(patch)
        try:
            if server is not None:
                setup_server(server.create(name), clock=CLOCK,
                             backup_folder=tmp_path_factory.mktemp("setup-backups"))
            built = open_database(where if server is None else server.url_of(name),
                                  clock=CLOCK)
            try:
                cases = build_demo(built, today=DEMO_TODAY)
            finally:
                if server is None:
                    _checkpointed(built)
                else:
                    built.dispose()
        finally:
            patch.undo()
            read_zone_again()
    yield DemoTemplate(where, cases)
    if server is not None:
        server.drop(name)


@pytest.fixture
def demo_database(demo_template: DemoTemplate, tmp_path: Path) -> Iterator[Database]:
    """A fresh copy of the demonstration database for this test alone (it may write to it)."""
    yield from demo_template.copy(tmp_path)
