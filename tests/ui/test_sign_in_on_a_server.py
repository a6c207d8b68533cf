"""Signing in on an office's PostgreSQL server: the dialog is shown before ``psycopg`` is
imported or the server reached; the server is asked while the password is typed, and whatever
it answers ends where the full opening ends, with nothing typed lost."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy import text

from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.storage.location import KEY_FOLDER_ENV
from ethics_desk.ui.app import open_context, sign_in_at_start
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.sign_in import OPEN_FULLY, SignInDialog
from tests.conftest import CLOCK, KEYS, server_url
from tests.ui.conftest import CLERK_LOGIN, CLERK_PASSWORD, make_account, type_keys

UNREACHABLE = "postgresql+psycopg://desk:s3cret-word@127.0.0.1:1/ethics"
"""A server address nothing answers at (port 1 refuses at once), with a password."""

on_the_server = pytest.mark.skipif(
    server_url() is None, reason="the first look at a real server needs the suite's PostgreSQL "
                                 "server (ETHICS_DESK_TEST_DATABASE)")

_SHOWN = """
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from ethics_desk.core.clock import system_clock
from ethics_desk.ui.app import application, load_in_steps, open_context
from ethics_desk.ui.sign_in import SignInDialog

app = application()
context = open_context(sys.argv[1], interactive=True, clock=system_clock)
dialog = SignInDialog(context)
seen = {}

class Shown(QObject):
    def eventFilter(self, watched, event):
        if watched is dialog and event.type() == QEvent.Type.Show and "shown" not in seen:
            seen.update(shown=True, psycopg="psycopg" in sys.modules,
                        sqlalchemy="sqlalchemy" in sys.modules, intro=dialog.intro.text(),
                        password_field_enabled=dialog.password.isEnabled())
        return False

def answered(current):
    seen.update(current=current)
    QTimer.singleShot(0, loaded)

def loaded():
    if not context.loaded and context.first_look.current:
        QTimer.singleShot(20, loaded)  # the loading opens it once the server answered
        return
    seen.update(loaded=context.loaded, first_administrator=dialog.first)
    if dialog.isVisible():
        dialog.reject()

shown = Shown()
dialog.installEventFilter(shown)
dialog.server_answered.connect(answered)
load_in_steps(context)
seen.update(result=dialog.exec())
print(json.dumps(seen))
"""


def _shown(address: str, tmp_path: Path) -> dict[str, object]:
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           KEY_FOLDER_ENV: str(KEYS), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "ETHICS_DESK_USER": CLERK_LOGIN}
    result = subprocess.run([sys.executable, "-c", _SHOWN, address], env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    seen: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return seen


def test_the_dialog_for_a_server_is_shown_before_psycopg_is_imported_or_the_server_reached(
        tmp_path: Path) -> None:
    seen = _shown(UNREACHABLE, tmp_path)
    assert seen["psycopg"] is False and seen["sqlalchemy"] is False
    assert seen["password_field_enabled"] is True
    intro = str(seen["intro"])
    assert "desk:***@127.0.0.1:1/ethics" in intro and "s3cret-word" not in intro
    # Nobody answered: the dialog ends for the full path to say why.
    assert seen["current"] is False and seen["result"] == OPEN_FULLY


@on_the_server
def test_a_server_at_this_revision_answers_behind_the_dialog_which_loads_the_orm_meanwhile(
        tmp_path: Path, database: Database, db_arg: str) -> None:
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    seen = _shown(db_arg, tmp_path)
    assert seen["psycopg"] is False and seen["sqlalchemy"] is False
    assert seen["current"] is True and seen["loaded"] is True
    assert seen["first_administrator"] is False and seen["result"] == 0  # rejected by the script


def _waiting_dialog(qtbot: QtBot, db_arg: str) -> tuple[AppContext, SignInDialog]:
    context = open_context(db_arg, interactive=True, clock=CLOCK)
    assert context is not None and context.waiting_for_server
    dialog = SignInDialog(context)
    qtbot.addWidget(dialog)
    dialog.show()  # the server is asked once the event loop turns: nothing has answered yet
    return context, dialog


@on_the_server
def test_sign_in_pressed_before_the_server_answered_waits_for_it_then_signs_in(
        qtbot: QtBot, database: Database, db_arg: str) -> None:
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    context, dialog = _waiting_dialog(qtbot, db_arg)
    dialog.login.clear()
    type_keys(dialog.login, CLERK_LOGIN)
    type_keys(dialog.password, CLERK_PASSWORD)
    QTest.keyClick(dialog.password, Qt.Key.Key_Return)
    assert dialog.account is None and not context.loaded
    assert dialog.message.text().startswith("Reaching the database server")
    assert dialog.password.text() == CLERK_PASSWORD  # kept for when it answers
    qtbot.waitUntil(lambda: dialog.account is not None, timeout=30_000)
    assert dialog.account is not None and dialog.account.login == CLERK_LOGIN
    assert context.loaded and dialog.password.text() == ""


@on_the_server
def test_a_server_without_accounts_turns_the_dialog_into_the_first_administrators_form(
        qtbot: QtBot, database: Database, db_arg: str) -> None:
    _context, dialog = _waiting_dialog(qtbot, db_arg)
    assert not dialog.first and dialog.sign_in_button.text() == "&Sign in"
    dialog.login.clear()
    type_keys(dialog.login, "ada")
    type_keys(dialog.password, "administrator's passphrase")
    QTest.keyClick(dialog.password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.first, timeout=30_000)
    assert dialog.name.isVisible() and dialog.again.isVisible()
    assert dialog.login.text() == "ada" and dialog.password.text() == "administrator's passphrase"
    assert "first Administrator" in dialog.message.text() and dialog.account is None
    type_keys(dialog.name, "Ada Admin")
    type_keys(dialog.again, "administrator's passphrase")
    QTest.keyClick(dialog.again, Qt.Key.Key_Return)
    assert dialog.account is not None, dialog.message.text()
    assert dialog.account.role is Role.ADMIN and dialog.account.name == "Ada Admin"


def _through_sign_in_at_start(context: AppContext, then: Callable[[SignInDialog], None],
                              monkeypatch: pytest.MonkeyPatch) -> list[dict[str, str]]:
    """Run the interactive sign-in: at the first showing the clerk types the login and the
    password and presses Enter before the server answers; ``then`` acts on each later showing.
    What the dialog held at each showing."""
    real_exec = SignInDialog.exec
    showings: list[dict[str, str]] = []

    def exec_(dialog: SignInDialog) -> int:
        showings.append({"login": dialog.login.text(), "password": dialog.password.text(),
                         "message": dialog.message.text()})
        dialog.show()
        if len(showings) == 1:
            dialog.login.clear()
            type_keys(dialog.login, CLERK_LOGIN)
            type_keys(dialog.password, CLERK_PASSWORD)
            QTest.keyClick(dialog.password, Qt.Key.Key_Return)
            showings[0]["message"] = dialog.message.text()
        else:
            QTimer.singleShot(0, dialog, lambda: then(dialog))
        return real_exec(dialog)

    monkeypatch.setattr(SignInDialog, "exec", exec_)
    context.account = sign_in_at_start(context, interactive=True)
    return showings


def test_an_unreachable_server_gives_the_full_openings_message_after_the_dialog(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    boxes: list[tuple[str, str]] = []

    def capture(box: QMessageBox) -> int:
        boxes.append((box.text(), box.informativeText()))
        return int(QMessageBox.StandardButton.Close)

    monkeypatch.setattr(QMessageBox, "exec", capture)
    context = open_context(UNREACHABLE, interactive=True, clock=CLOCK)
    assert context is not None and context.waiting_for_server
    showings = _through_sign_in_at_start(context, lambda dialog: None, monkeypatch)
    assert len(showings) == 1 and showings[0]["message"].startswith("Reaching the database")
    [(problem, _fix)] = boxes
    assert "cannot be reached" in problem and "s3cret-word" not in problem
    assert context.account is None and context.unopened  # the start fails, as it did


@on_the_server
def test_a_server_of_a_newer_version_is_refused_with_the_full_openings_message(
        qtbot: QtBot, database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch) -> None:
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    with database.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'ffff'"))
    boxes: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.append(box.text()) or
                        int(QMessageBox.StandardButton.Close))
    context = open_context(db_arg, interactive=True, clock=CLOCK)
    assert context is not None
    showings = _through_sign_in_at_start(context, lambda dialog: None, monkeypatch)
    assert len(showings) == 1
    assert len(boxes) == 1 and "newer version of Ethics Desk" in boxes[0]
    assert context.account is None and context.unopened


@on_the_server
def test_a_server_to_upgrade_waits_for_it_then_signs_in_with_what_was_typed(
        qtbot: QtBot, database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.maintenance.opening import SchemaNotReady
    from ethics_desk.storage.migrate import REVISIONS, head_revision
    from ethics_desk.ui import schema_wait

    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    with database.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": REVISIONS[-2]})
    waited: list[SchemaNotReady] = []

    def wait(problem: SchemaNotReady, try_open: Callable[[], Database], **_: object) -> Database:
        waited.append(problem)  # the waiting dialog, until IT's setup has run:
        with database.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = :v"),
                         {"v": head_revision()})
        return try_open()

    monkeypatch.setattr(schema_wait, "wait_for_schema", wait)
    context = open_context(db_arg, interactive=True, clock=CLOCK)
    assert context is not None

    def press_sign_in(dialog: SignInDialog) -> None:
        QTest.keyClick(dialog.password, Qt.Key.Key_Return)

    showings = _through_sign_in_at_start(context, press_sign_in, monkeypatch)
    assert len(waited) == 1 and "ethics-desk server setup" in waited[0].fix
    assert len(showings) == 2
    assert showings[1] == {"login": CLERK_LOGIN, "password": CLERK_PASSWORD,
                           "message": "The database is open now: press Sign in to go on."}
    assert context.account is not None and context.account.login == CLERK_LOGIN
    assert context.loaded and not context.unopened


def test_quit_before_the_server_answered_ends_the_start_as_a_quit(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    boxes: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.append(box.text()) or
                        int(QMessageBox.StandardButton.Close))
    real_exec = SignInDialog.exec

    def quit_at_once(dialog: SignInDialog) -> int:
        QTimer.singleShot(0, dialog, lambda: QTest.mouseClick(dialog.quit_button,
                                                              Qt.MouseButton.LeftButton))
        return real_exec(dialog)

    monkeypatch.setattr(SignInDialog, "exec", quit_at_once)
    context = open_context(UNREACHABLE, interactive=True, clock=CLOCK)
    assert context is not None
    assert sign_in_at_start(context, interactive=True) is None
    assert boxes == [] and not context.unopened  # nothing to say: the person quit
