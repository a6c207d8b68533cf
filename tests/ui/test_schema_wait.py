"""A workstation that finds the office's server not yet set up, or at an older schema, waits for
IT's ``ethics-desk server setup``: it says so, checks again by itself and opens once the setup
has finished; "Check now" checks at once, Quit (or Esc) gives up; a server that cannot be
reached meanwhile is said and waited out; on the command line the message is printed instead."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QPushButton
from pytestqt.qtbot import QtBot

from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.maintenance.opening import SchemaNotReady, no_schema_yet, older_schema
from ethics_desk.storage.database import Database
from ethics_desk.ui import schema_wait
from ethics_desk.ui.mnemonics import mnemonic_of
from ethics_desk.ui.schema_wait import CHECK_EVERY_SECONDS, SchemaWaitDialog
from tests.conftest import CLOCK, server_url, test_server

WHERE = "postgresql+psycopg://desk@dbserver/ethics"
OLDER = older_schema(WHERE, "0004", "0005")
UNREACHABLE = StorageError("The database server cannot be reached, so nothing can be read or "
                           "saved just now.", "Check this workstation's network connection.")


class Server:
    """What each try to open finds, in turn; then the database, opened."""

    def __init__(self, *found: UserError) -> None:
        self.found = list(found)
        self.tries = 0
        self.opened = object()

    def open(self) -> Database:
        self.tries += 1
        if self.found:
            raise self.found.pop(0)
        return self.opened  # type: ignore[return-value]


def _dialog(qtbot: QtBot, server: Server, problem: StorageError = OLDER) -> SchemaWaitDialog:
    dialog = SchemaWaitDialog(problem, server.open, clock=CLOCK)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_a_schema_not_ready_is_a_storage_error_the_interface_tells_apart() -> None:
    for problem in (OLDER, no_schema_yet(WHERE)):
        assert isinstance(problem, SchemaNotReady) and isinstance(problem, StorageError)
        assert "ethics-desk server setup" in problem.fix


def test_the_dialog_says_the_problem_the_fix_and_that_it_checks_again_by_itself(
        qtbot: QtBot) -> None:
    dialog = _dialog(qtbot, Server())
    assert dialog.problem.text() == OLDER.problem and dialog.fix.text() == OLDER.fix
    assert f"every {CHECK_EVERY_SECONDS} seconds" in dialog.waiting.text()
    assert "opens by itself" in dialog.waiting.text()
    assert dialog.timer.isActive() and dialog.timer.interval() == CHECK_EVERY_SECONDS * 1000


def test_the_database_opens_by_itself_once_it_stops_being_refused(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schema_wait, "CHECK_EVERY_SECONDS", 0.02)
    server = Server(OLDER, OLDER)
    dialog = _dialog(qtbot, server)
    with qtbot.waitSignal(dialog.accepted, timeout=10_000):
        pass
    assert server.tries == 3
    assert dialog.database is server.opened and not dialog.timer.isActive()


def test_the_timer_checks_again_and_shows_when_it_last_checked(qtbot: QtBot) -> None:
    server = Server(OLDER)
    dialog = _dialog(qtbot, server)
    dialog.timer.timeout.emit()  # the interval has passed
    assert server.tries == 1 and dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.last_check.text() == f"Last checked at {CLOCK().astimezone():%H:%M:%S}."
    dialog.timer.timeout.emit()
    assert server.tries == 2 and dialog.result() == QDialog.DialogCode.Accepted


def test_check_now_tries_at_once(qtbot: QtBot) -> None:
    server = Server(OLDER)
    dialog = _dialog(qtbot, server)
    QTest.mouseClick(dialog.check_button, Qt.MouseButton.LeftButton)
    assert server.tries == 1 and dialog.isVisible() and dialog.timer.isActive()
    QTest.mouseClick(dialog.check_button, Qt.MouseButton.LeftButton)
    assert server.tries == 2 and dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.database is server.opened


def test_an_unreachable_server_meanwhile_is_said_and_waited_out(qtbot: QtBot) -> None:
    server = Server(UNREACHABLE, OLDER)
    dialog = _dialog(qtbot, server)
    dialog.check()
    assert dialog.problem.text() == UNREACHABLE.problem and dialog.fix.text() == UNREACHABLE.fix
    assert dialog.timer.isActive() and dialog.check_button.isEnabled()
    dialog.check()
    assert dialog.problem.text() == OLDER.problem  # the last problem found is the one shown
    dialog.check()
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_a_problem_no_setup_changes_stops_the_waiting_and_leaves_quit(qtbot: QtBot) -> None:
    wrong = UserError("This is not a database address.", "Give the address IT gave you.")
    dialog = _dialog(qtbot, Server(wrong))
    dialog.check()
    assert dialog.problem.text() == wrong.problem
    assert not dialog.timer.isActive() and not dialog.check_button.isEnabled()
    assert "stopped checking" in dialog.waiting.text()


@pytest.mark.parametrize("how", ["Quit", "Esc"])
def test_quit_or_escape_gives_up_waiting_and_opens_nothing(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    server = Server(OLDER)
    dialogs: list[SchemaWaitDialog] = []

    def close(dialog: SchemaWaitDialog) -> int:
        dialogs.append(dialog)
        dialog.show()
        if how == "Quit":
            QTest.mouseClick(dialog.quit_button, Qt.MouseButton.LeftButton)
        else:
            QTest.keyClick(dialog, Qt.Key.Key_Escape)
        return dialog.result()

    monkeypatch.setattr(SchemaWaitDialog, "exec", close)
    assert schema_wait.wait_for_schema(OLDER, server.open, clock=CLOCK) is None
    assert server.tries == 0 and not dialogs[0].timer.isActive()


def test_every_control_is_named_and_has_an_alt_key(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot, Server())
    buttons = dialog.findChildren(QPushButton)
    assert {b.accessibleName() for b in buttons} == {"Check now", "Quit"}
    assert sorted(mnemonic_of(b.text()) or "" for b in buttons) == ["c", "q"]
    assert dialog.check_button.isDefault()


def test_opening_waits_for_the_setup_then_warns_as_before(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.maintenance import opening
    from ethics_desk.ui import app

    class Opened:
        def check_writable(self) -> None:
            pass

    opened = Opened()
    found: list[object] = [OLDER]

    def open_database(_arg: str | None, *, clock: Callable[[], object]) -> object:
        if found:
            raise found.pop(0)  # type: ignore[misc]
        return opened

    waited: list[StorageError] = []

    def wait(problem: StorageError, try_open: Callable[[], Database], **_: object) -> Database:
        waited.append(problem)
        return try_open()

    monkeypatch.setattr(opening, "open_database", open_database)
    monkeypatch.setattr(schema_wait, "wait_for_schema", wait)
    found_database: object = app.open_with_dialogs("postgresql://desk@dbserver/ethics",
                                                   interactive=True, clock=CLOCK)
    assert found_database is opened
    assert waited == [OLDER]


def test_on_the_command_line_the_message_is_printed_and_nothing_waits(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    from ethics_desk.maintenance import opening
    from ethics_desk.ui import app

    def open_database(_arg: str | None, *, clock: Callable[[], object]) -> object:
        raise OLDER

    def wait(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the command line never waits")

    monkeypatch.setattr(opening, "open_database", open_database)
    monkeypatch.setattr(schema_wait, "wait_for_schema", wait)
    assert app.open_with_dialogs(str(tmp_path), interactive=False, clock=CLOCK) is None
    assert "ethics-desk server setup" in capsys.readouterr().err


@pytest.fixture
def office_one_revision_back() -> Iterator[str]:
    """The office's database on the suite's server, at the schema revision before this
    version's (as the previous version's setup left it)."""
    import sqlalchemy as sa
    from alembic import command

    from ethics_desk.storage.migrate import REVISIONS, alembic_config

    server = test_server()
    assert server is not None
    name = server.new_name("office")
    url = server.create(name)
    engine = sa.create_engine(url)
    try:
        with engine.begin() as conn:
            config = alembic_config()
            config.attributes["connection"] = conn
            command.upgrade(config, REVISIONS[-2])
    finally:
        engine.dispose()
    yield url
    server.drop(name)


@pytest.mark.skipif(server_url() is None,
                    reason="IT's setup of a shared schema needs the suite's PostgreSQL server")
def test_a_workstation_waits_on_an_older_server_schema_and_opens_after_its_setup(
        qtbot: QtBot, office_one_revision_back: str, tmp_path: Path) -> None:
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.maintenance.server import setup_server
    from ethics_desk.storage.migrate import REVISIONS, current_revision, head_revision

    office = office_one_revision_back
    with pytest.raises(SchemaNotReady) as refused:
        open_database(office, clock=CLOCK)
    assert f"schema {REVISIONS[-2]}" in refused.value.problem

    dialog = SchemaWaitDialog(refused.value, lambda: open_database(office, clock=CLOCK),
                              clock=CLOCK)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.check()
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.database is None

    setup_server(office, clock=CLOCK, backup_folder=tmp_path)  # IT's upgrade
    dialog.check()
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.database is not None
    try:
        assert current_revision(dialog.database.engine) == head_revision()
    finally:
        dialog.database.dispose()
