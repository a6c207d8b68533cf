"""Bad input at the command line: one line, ``ethics-desk: <problem> <fix>``, a non-zero exit,
never a traceback, and never a folder the user did not ask for.

Each input listed here once printed a traceback or created folders; the property test at the
end drives :func:`ethics_desk.cli.main` with generated argument lists for every command of the
real parser.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ethics_desk.cli import main
from ethics_desk.cli.common import PASSWORD_ENV, USER_ENV
from ethics_desk.cli.parser import build_parser
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.storage import database as database_module
from ethics_desk.storage import private_files
from ethics_desk.storage.database import Database
from ethics_desk.storage.location import default_database_path
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import examples
from tests.factories import filed_case
from tests.signing_in import ADMINISTRATOR, PASSWORD, account_of, sign_in_as
from tests.test_cli import assert_one_line_error, run


@pytest.fixture
def clerk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Account:
    """The commands of the test sign in as a member of the City Clerk's staff."""
    return sign_in_as(monkeypatch, database, Role.CLERK)


@pytest.fixture
def administrator(database: Database, monkeypatch: pytest.MonkeyPatch) -> Account:
    """The commands of the test sign in as the Administrator."""
    return sign_in_as(monkeypatch, database, Role.ADMIN)


@pytest.fixture
def posix(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules of a POSIX workstation, where ``//server/share`` is not a network path."""
    monkeypatch.setattr(private_files, "on_windows", lambda: False)


def folders_under(root: Path) -> set[Path]:
    return {path for path in root.rglob("*") if path.is_dir()}


# -- database addresses -----------------------------------------------------------------------


@pytest.mark.parametrize(("address", "words"), [
    ("mysql://clerk@dbserver/ethics", ("mysql://clerk@dbserver/ethics", "SQLite file",
                                       "PostgreSQL server")),
    ("oracle://clerk@dbserver/ethics", ("oracle://", "SQLite file or a PostgreSQL server")),
    ("mssql+pyodbc://clerk@dbserver/ethics", ("mssql+pyodbc://", "PostgreSQL server")),
    ("frobnicate://somewhere", ("frobnicate://somewhere", "SQLite file")),
    ("postgresql+asyncpg://clerk@dbserver/ethics", ("asynchronous driver", "asyncpg",
                                                   "postgresql+psycopg://")),
    ("postgresql+nosuchdriver://clerk@dbserver/ethics", ("nosuchdriver", "does not know")),
    ("sqlite+aiosqlite:///ethics.sqlite", ("asynchronous driver", "aiosqlite")),
])
@pytest.mark.parametrize("command", [("due", "2026-11-24", "3"), ("calendar", "2027"),
                                     ("check",), ("backup", "copy.sqlite"),
                                     ("closure", "add", "2026-12-01", "Snow")])
def test_an_address_of_a_database_ethics_desk_does_not_use_is_refused_naming_the_forms(
        capsys: pytest.CaptureFixture[str], address: str, words: tuple[str, ...],
        command: tuple[str, ...]) -> None:
    code, out, err = run(capsys, *command, "--db", address)
    assert out == ""
    assert_one_line_error(code, err, *words)


@pytest.mark.parametrize("address", ["mysql://x/y", "postgresql+asyncpg://u@h/d"])
def test_moving_the_records_to_an_address_ethics_desk_does_not_use_is_refused(
        capsys: pytest.CaptureFixture[str], administrator: Account, db_arg: str,
        address: str) -> None:
    code, _, err = run(capsys, "migrate-to", address, "--db", db_arg)
    assert_one_line_error(code, err, "PostgreSQL")


# -- folders that are not there -----------------------------------------------------------------


def test_demo_in_a_folder_that_does_not_exist_is_refused_and_creates_no_folder(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    before = folders_under(tmp_path)
    code, out, err = run(capsys, "demo", "--db", str(tmp_path / "nowhere" / "deeper" / "demo.sqlite"))
    assert out == ""
    assert_one_line_error(code, err, f"There is no folder {tmp_path / 'nowhere' / 'deeper'}",
                          "Create the folder first")
    assert folders_under(tmp_path) == before


def test_a_unc_database_path_is_refused_as_a_network_path_and_creates_no_folder_at_the_root(
        capsys: pytest.CaptureFixture[str]) -> None:
    before = set(os.listdir(Path("/").resolve()))
    code, _, err = run(capsys, "demo", "--db", "//ethicsfiles/share/demo.sqlite")
    assert_one_line_error(code, err, "//ethicsfiles/share/demo.sqlite", "network path (UNC)")
    assert set(os.listdir(Path("/").resolve())) == before


def test_the_default_database_still_gets_the_applications_own_data_folder(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    default = tmp_path / "AppData" / "Local" / "EthicsDesk" / "ethics-desk.sqlite"
    monkeypatch.setattr(database_module, "default_database_path", lambda: default)
    monkeypatch.setenv(USER_ENV, ADMINISTRATOR)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    code, _, err = run(capsys, "user", "list")
    assert code == 0, err
    assert default.parent.is_dir() and default.is_file()


def test_a_folder_given_as_the_database_is_named_as_a_folder(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "demo", "--db", str(tmp_path))
    assert_one_line_error(code, err, f"{tmp_path} is a folder, not a database file")
    code, _, err = run(capsys, "demo", "--db", f"{tmp_path / 'new'}{os.sep}")
    assert_one_line_error(code, err, "names a folder, not a database file")
    assert not (tmp_path / "new").exists()


def test_a_file_where_the_databases_folder_should_be_is_named_as_a_file(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a folder")
    code, _, err = run(capsys, "demo", "--db", str(tmp_path / "notes.txt" / "demo.sqlite"))
    assert_one_line_error(code, err, "notes.txt is a file, not a folder")
    assert (tmp_path / "notes.txt").read_text() == "not a folder"


def test_a_backup_to_a_unc_path_on_posix_is_refused_before_anything_is_written(
        capsys: pytest.CaptureFixture[str], administrator: Account, db_arg: str,
        posix: None) -> None:
    before = set(os.listdir(Path("/").resolve()))
    for dest in ("//ethicsfiles/backups/", "//ethicsfiles/backups/copy.sqlite",
                 r"\\ethicsfiles\backups"):
        code, _, err = run(capsys, "backup", dest, "--db", db_arg)
        assert_one_line_error(code, err, "Windows network path (UNC)", "Mount the share")
    assert set(os.listdir(Path("/").resolve())) == before


@pytest.mark.parametrize("command", [("backup", ""), ("backup", "   "), ("migrate-to", "")])
def test_an_empty_destination_is_refused_rather_than_read_as_this_folder_or_the_default(
        capsys: pytest.CaptureFixture[str], administrator: Account, db_arg: str,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]) -> None:
    monkeypatch.chdir(tmp_path)
    before = sorted(os.listdir(tmp_path))
    code, _, err = run(capsys, *command, "--db", db_arg)
    assert_one_line_error(code, err, "Say where")
    assert sorted(os.listdir(tmp_path)) == before
    assert not default_database_path().exists()


def test_an_empty_or_folder_pdf_destination_is_refused(
        capsys: pytest.CaptureFixture[str], clerk: Account, db_arg: str, tmp_path: Path) -> None:
    code, _, err = run(capsys, "packet", "--meeting", "2026-12-01", "--out", "", "--db", db_arg)
    assert_one_line_error(code, err, "--out FILE.pdf")
    code, _, err = run(capsys, "packet", "--meeting", "2026-12-01", "--out", str(tmp_path),
                       "--force", "--db", db_arg)
    assert_one_line_error(code, err, "is a folder")


@pytest.mark.parametrize("kind", ["missing", "file"])
def test_wording_bring_in_from_a_folder_that_is_not_one_is_refused(
        capsys: pytest.CaptureFixture[str], clerk: Account, db_arg: str, tmp_path: Path,
        kind: str) -> None:
    folder = tmp_path / "wording"
    if kind == "file":
        folder.write_text("not a folder")
    code, _, err = run(capsys, "wording", "bring-in", "--folder", str(folder), "--db", db_arg)
    assert_one_line_error(code, err, f"There is no folder {folder}")


# -- a database of another application ----------------------------------------------------------


@pytest.mark.parametrize("command", [
    ("due", "2026-11-24", "3"), ("calendar", "2027"), ("closure", "add", "2026-12-01", "Snow"),
    ("check",), ("backup", "copy.sqlite"), ("demo",), ("user", "list"), ("wording", "list"),
    ("access", "ERB-2026-001"), ("migrate-to", "copy.sqlite"),
    ("letter", "ERB-2026-001", "receipt", "--out", "preview.pdf"),
    ("packet", "--meeting", "2026-12-01", "--out", "packet.pdf"),
])
def test_every_command_refuses_a_database_of_another_application_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        command: tuple[str, ...]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(USER_ENV, ADMINISTRATOR)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    other = tmp_path / "inventory.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE invoice (id INTEGER PRIMARY KEY, customer TEXT)")
    conn.execute("INSERT INTO invoice (customer) VALUES ('Alamo Supply')")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    code, out, err = run(capsys, *command, "--db", str(other))
    assert out == ""
    assert_one_line_error(code, err, f"{other} is not an Ethics Desk database (it has tables "
                                     "of another application) — nothing was changed; give the "
                                     "path of an Ethics Desk database, or a new file name.")
    assert other.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["inventory.db"]


# -- values that overflow, and characters no value may hold ------------------------------------


@pytest.mark.parametrize(("typed", "words"), [
    ("20261124", "is not a date"),
    ("2026-W48-2", "is not a date"),
    ("2026-11-24T10:00", "is not a date"),
    ("2026-1-24", "is not a date"),
    ("２０２６-11-24", "is not a date"),
    ("2026-02-30", "is not a date: the calendar has no such day"),
    ("0001-01-01", "1900–2199"),
    ("1899-12-31", "1900–2199"),
    ("2200-01-01", "1900–2199"),
    ("9999-12-31", "1900–2199"),
])
def test_every_date_on_the_command_line_is_yyyy_mm_dd_within_1900_to_2199(
        capsys: pytest.CaptureFixture[str], clerk: Account, db_arg: str, tmp_path: Path,
        typed: str, words: str) -> None:
    out_pdf = tmp_path / "packet.pdf"
    for command in (("due", typed, "3"), ("closure", "add", typed, "Ice storm"),
                    ("closure", "remove", typed),
                    ("packet", "--meeting", typed, "--out", str(out_pdf))):
        code, out, err = run(capsys, *command, "--db", db_arg)
        assert out == ""
        assert_one_line_error(code, err, f"“{typed}” {words}" if words.startswith("is") else typed,
                              words, "YYYY-MM-DD, for example 2026-11-24")
    assert not out_pdf.exists()


@pytest.mark.parametrize(("name", "words"), [
    pytest.param("x" * 100_000, "at most 100 characters; this one has 100,000",
                 id="100,000 characters"),
    ("Ice storm\nclosure", "one line without control characters"),
])
def test_a_closure_name_the_domain_refuses_is_one_line_and_nothing_is_saved(
        capsys: pytest.CaptureFixture[str], clerk: Account, db_arg: str, name: str,
        words: str) -> None:
    code, out, err = run(capsys, "closure", "add", "2027-01-27", name, "--db", db_arg)
    assert out == ""
    assert_one_line_error(code, err, words)
    assert "x" * 200 not in err
    code, _, err = run(capsys, "closure", "remove", "2027-01-27", "--db", db_arg)
    assert_one_line_error(code, err, "No closure is set on 2027-01-27")


def test_the_first_and_last_days_of_the_years_kept_are_dates(
        capsys: pytest.CaptureFixture[str]) -> None:
    for start in ("1900-01-01", "2199-12-31"):
        code, out, _ = run(capsys, "due", start, "1000")
        assert code == 0 and out.startswith(("1903-", "2203-")), out


@pytest.mark.parametrize("number", ["12345678901234567890", "99999999999999999999", "²", "١٢"])
def test_a_case_number_too_large_or_not_ascii_is_answered_as_no_such_case(
        capsys: pytest.CaptureFixture[str], clerk: Account, db_arg: str, tmp_path: Path,
        number: str) -> None:
    out_pdf = str(tmp_path / "preview.pdf")
    for command in (("letter", number, "receipt", "--out", out_pdf), ("access", number),
                    ("packet", "--meeting", "2026-12-01", "--case", number, "--out", out_pdf)):
        code, _, err = run(capsys, *command, "--db", db_arg)
        assert code == 2 and err.startswith("ethics-desk: ") and err.count("\n") == 1, err
        assert number in err
        assert "Traceback" not in err
    assert not Path(out_pdf).exists()


@pytest.mark.parametrize("command", [
    ("due", "2026-11-24", "3", "--db", "office\0.sqlite"),
    ("check", "--db", "\0"),
    ("closure", "add", "2027-01-05", "Ice\0storm"),
    ("backup", "\0"),
    ("letter", "ERB-2026-001", "receipt", "--out", "a\0.pdf"),
])
def test_an_argument_with_a_nul_character_is_refused_before_anything_is_done(
        capsys: pytest.CaptureFixture[str], clerk: Account, db_arg: str,
        command: tuple[str, ...]) -> None:
    with_db = command if "--db" in command else (*command, "--db", db_arg)
    code, out, err = run(capsys, *with_db)
    assert out == ""
    assert_one_line_error(code, err, "NUL character", "\\0")


def test_an_argument_whose_bytes_are_not_utf8_is_refused(
        capsys: pytest.CaptureFixture[str], clerk: Account, db_arg: str) -> None:
    undecodable = "Ice storm \udcff"  # as Python reads the byte 0xFF from a POSIX argv
    code, _, err = run(capsys, "closure", "add", "2027-01-06", undecodable, "--db", db_arg)
    assert_one_line_error(code, err, "not readable text", "UTF-8")


def test_every_line_a_command_writes_on_stderr_begins_with_the_programs_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "calendar", "2199")  # no Fiesta day is set for 2199
    assert code == 0
    assert err and all(line.startswith("ethics-desk: warning: ") for line in err.splitlines())


# -- the property: whatever is typed --------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    """One command of the parser: its words, how many values it takes, and its options."""

    words: tuple[str, ...]
    positionals: int
    options: tuple[tuple[str, bool], ...]
    """Each option string, and whether a value follows it (``--force`` takes none)."""
    required: tuple[str, ...]
    """The options it cannot do without (``packet --meeting … --out …``)."""


def commands_of(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> list[Command]:
    """Every command of the real parser (``due``, ``closure add`` …, and ``closure`` alone);
    ``--help`` left out, as argparse's own."""
    found: list[Command] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                positionals = sum(1 for a in sub._actions if not a.option_strings
                                  and not isinstance(a, argparse._SubParsersAction))
                options = tuple((string, a.nargs != 0) for a in sub._actions
                                if not isinstance(a, argparse._HelpAction)
                                for string in a.option_strings)
                required = tuple(a.option_strings[-1] for a in sub._actions
                                 if a.option_strings and a.required)
                found.append(Command((*prefix, name), positionals, options, required))
                found.extend(commands_of(sub, (*prefix, name)))
    return found


COMMANDS = commands_of(build_parser())
"""Each command's words, values and options, read from the parser the application uses."""

ODD_VALUES = [
    "", " ", "\0", "a\0b", "李", "Ñandú", "\u202e", "\udcff", "-", "--", "-1", "0",
    "99999999999999999999", "12345678901234567890", "²", "9999-12-31", "0001-01-01",
    "2026-02-30", "2026-11-24", "ERB-2026-001", "ERB-2026-99999999999999999999", "receipt",
    "clerk", "ada", "admin", "afile", "afile/x.sqlite", "missing/x.sqlite", ".", "x.pdf",
    "copy.sqlite", "//server/share/", "//server/share/x", r"\\server\share\x",
    "mysql://x/y", "oracle://u@h/s", "postgresql+asyncpg://u@h/d", "frobnicate://x",
    "sqlite:///missing/x.sqlite",
]
"""Values that once broke a command, and their neighbours."""

DB_VALUES = [
    "", "\0", "a\0b", "\udcff", "ethics-desk.sqlite", "afile", "afile/x.sqlite", ".",
    "missing/", "missing/x.sqlite", "//server/share/x", r"\\server\share\x", "mysql://x/y",
    "oracle://u@h/s", "postgresql+asyncpg://u@h/d", "frobnicate://x",
    "sqlite:///missing/x.sqlite",
]
"""What ``--db`` is given: the example's database, and places where none can be made (a new
file would have ``demo`` build a whole demonstration)."""

SAFE_TEXT = st.text(st.characters(codec="utf-8", exclude_characters="/\\~"), max_size=12)
"""Generated text that never names a place outside the example's own folder."""

VALUES = st.one_of(st.sampled_from(ODD_VALUES), SAFE_TEXT,
                   st.integers(-10**22, 10**22).map(str),
                   st.dates().map(lambda day: day.isoformat()))


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A real command with as many values as it takes (or one more), its required options and
    a few others, each with a generated value; ``--db`` is one of :data:`DB_VALUES`."""
    command = draw(st.sampled_from(COMMANDS))
    arguments = list(command.words)
    arguments += draw(st.lists(VALUES, min_size=command.positionals,
                               max_size=command.positionals + 1))
    chosen = [(option, True) for option in command.required]
    chosen += draw(st.lists(st.sampled_from(command.options), max_size=3)
                   if command.options else st.just([]))
    for option, takes_value in chosen:
        arguments.append(option)
        if option == "--db":
            arguments.append(draw(st.one_of(st.sampled_from(DB_VALUES),
                                            SAFE_TEXT.map(lambda text: f"missing/{text}"))))
        elif takes_value:
            arguments.append(draw(VALUES))
    return arguments


@pytest.mark.sqlite_file
@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(arguments=command_lines())
@example(arguments=["due", "9999-12-31", "3"])
@example(arguments=["letter", "12345678901234567890", "receipt", "--out", "x.pdf",
                    "--user", "clerk"])
@example(arguments=["access", "99999999999999999999", "--user", "clerk"])
@example(arguments=["closure", "add", "2027-01-06", "\udcff", "--user", "clerk"])
@example(arguments=["check", "--db", "\0"])
@example(arguments=["check", "--db", "postgresql+asyncpg://u@h/d"])
@example(arguments=["demo", "--db", "//server/share/x"])
@example(arguments=["demo", "--db", "missing/x.sqlite"])
@example(arguments=["restore", "ethics-desk.sqlite", "--yes"])
@example(arguments=["restore", "afile", "--yes"])
@example(arguments=["restore", ".", "--db", "missing/x.sqlite"])
@example(arguments=["restore", "ethics-desk.sqlite", "--db", "afile/x.sqlite", "--yes"])
def test_whatever_is_typed_every_command_answers_in_lines_of_its_own_never_a_traceback(
        arguments: list[str], capsys: pytest.CaptureFixture[str], database: Database,
        controller: WorkflowController, db_path: Path,
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    seed = db_path.with_name("seed.sqlite")
    if not seed.exists():  # accounts for the Administrator and a clerk, and one filed case
        account_of(database, Role.CLERK)
        filed_case(controller)
        with database.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        database.dispose()
        shutil.copyfile(db_path, seed)
    here = tmp_path_factory.mktemp("example")
    shutil.copyfile(seed, here / "ethics-desk.sqlite")
    (here / "afile").write_text("a file, not a folder")
    monkeypatch.chdir(here)
    monkeypatch.setenv(USER_ENV, ADMINISTRATOR)  # "--user clerk" may be generated too
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    monkeypatch.setenv("ETHICS_DESK_DB", str(here / "ethics-desk.sqlite"))
    capsys.readouterr()

    code = main(arguments)  # no exception may escape

    out, err = capsys.readouterr()
    assert isinstance(code, int)
    assert "Traceback" not in out + err
    assert all(line.startswith("ethics-desk: ") for line in err.splitlines()), err
    if code != 0:
        assert err.strip(), f"exit status {code} without a word on stderr"
