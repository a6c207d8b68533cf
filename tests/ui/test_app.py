"""The main window: screens, menus, status bar, remembered geometry, the statute, start-up."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.models import AuditRecord
from ethics_desk.storage.database import Database
from ethics_desk.storage.location import KEY_FOLDER_ENV
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import SCREENS, MainWindow, screen_number
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, KEYS, NOW
from tests.factories import complete_intake


def _window(qtbot: QtBot, context: AppContext) -> MainWindow:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_status_bar_shows_the_database_and_who_is_signed_in(
        qtbot: QtBot, context: AppContext, database: Database) -> None:
    window = _window(qtbot, context)
    assert database.description in window.database_label.text()
    assert window.staff_label.text() == "Signed in: Maria Clerk (maria), City Clerk staff"


def test_every_screen_is_reachable_from_the_keyboard(qtbot: QtBot, context: AppContext) -> None:
    window = _window(qtbot, context)
    for key in SCREENS:
        action = window.findChild(type(window.new_action), f"actionGo_{key}")
        assert action.shortcut().toString() == f"Ctrl+{screen_number(key)}"
        if not window.allows(key):  # another role's screen (Retention): hidden, no shortcut
            assert not action.isEnabled()
            continue
        action.trigger()
        assert window.current_screen() == key


def test_the_window_remembers_its_size_and_last_screen(qtbot: QtBot,
                                                       context: AppContext) -> None:
    window = _window(qtbot, context)
    window.resize(710, 560)  # within the offscreen screen (800 × 600)
    window.go("settings")
    size = (window.width(), window.height())
    window.close()
    again = _window(qtbot, context)
    assert again.current_screen() == "settings"
    assert (again.width(), again.height()) == size
    assert size != (1180, 760)  # not merely the default size again


def test_unfinished_drafts_are_listed_for_resuming(qtbot: QtBot, context: AppContext,
                                                   controller: WorkflowController) -> None:
    draft = controller.save_draft(complete_intake())
    window = _window(qtbot, context)
    window.go("new")
    drafts = window.new_screen.drafts
    assert drafts.count() == 1 and "José Peña" in drafts.item(0).text()
    window.new_screen.resume_button.click()
    assert window.wizard is not None and window.wizard.draft_id == draft.complaint_id
    window.wizard.close()


def test_help_shows_the_text_of_section_2_83(qtbot: QtBot) -> None:
    from ethics_desk.ui.statute_dialog import StatuteDialog

    dialog = StatuteDialog()
    qtbot.addWidget(dialog)
    text = dialog.text.toPlainText()
    assert text.startswith("§ 2-83. Complaints.") and "Frivolous complaint" in text


def test_settings_are_saved_from_the_settings_screen(qtbot: QtBot, context: AppContext) -> None:
    window = _window(qtbot, context)
    window.go("settings")
    screen = window.settings_screen
    minutes = screen.fields["security.lock_minutes"]
    assert isinstance(minutes, QSpinBox)
    minutes.setValue(5)
    screen.save_button.click()
    assert "Saved 1 change" in screen.status.text()
    assert context.lock_minutes() == 5
    with context.database.read_session() as session:
        record = session.scalars(select(AuditRecord).order_by(AuditRecord.seq.desc())).first()
    assert record is not None and record.action == "setting.change"
    assert record.actor == "Maria Clerk (maria)"  # the signed-in account, never a setting


def test_the_date_style_chosen_in_settings_is_how_date_fields_show_dates(
        qtbot: QtBot, context: AppContext) -> None:
    from datetime import date

    from PySide6.QtWidgets import QComboBox

    from ethics_desk.core.dates import DateStyle
    from ethics_desk.ui.date_field import DateField
    from ethics_desk.ui.office_display import office_style, set_office_style

    window = _window(qtbot, context)
    window.go("settings")
    screen = window.settings_screen
    combo = screen.fields["display.date_style"]
    assert isinstance(combo, QComboBox) and combo.currentData() == "iso"
    combo.setCurrentIndex(combo.findData("us"))
    try:
        screen.save_button.click()
        assert office_style() is DateStyle.US
        field = DateField(today=date(2026, 11, 30), value=date(2026, 11, 3))
        qtbot.addWidget(field)
        assert field.text() == "11/03/2026"
    finally:
        set_office_style(DateStyle.ISO)


def test_quit_when_ready_starts_and_exits_cleanly(tmp_path: Path) -> None:
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           KEY_FOLDER_ENV: str(KEYS),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    leftover = tmp_path / "cache" / "EthicsDesk" / "exhibits" / "window-crashed" / "x"
    leftover.mkdir(parents=True)
    (leftover / "affidavit.pdf").write_bytes(b"%PDF-1.4 a copy a crash left behind")
    env |= {"ETHICS_DESK_USER": "ada", "ETHICS_DESK_PASSWORD": "the first administrator's"}
    result = subprocess.run([sys.executable, "-m", "ethics_desk", "--db",
                             str(tmp_path / "smoke.sqlite"), "--quit-when-ready"],
                            env=env, capture_output=True, text=True, timeout=60, check=False,
                            umask=0o022)
    assert result.returncode == 0, result.stderr
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.staff.accounts import list_accounts

    made = open_database(tmp_path / "smoke.sqlite", create=False, clock=CLOCK)
    try:  # the first sign-in on an empty database made its first Administrator
        assert [(a.login, a.role.value) for a in list_accounts(made)] == [("ada", "admin")]
    finally:
        made.dispose()
    offscreen_only = "This plugin does not support propagateSizeHints()"
    assert result.stderr.replace(offscreen_only, "").strip() == ""
    assert stat.S_IMODE((tmp_path / "smoke.sqlite").stat().st_mode) == 0o600  # § 2-83(h)(1)
    assert list((tmp_path / "cache" / "EthicsDesk" / "exhibits").iterdir()) == []


def test_quit_when_ready_without_a_password_signs_nobody_in_and_says_how(
        tmp_path: Path, database: Database) -> None:
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           KEY_FOLDER_ENV: str(KEYS),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    result = subprocess.run([sys.executable, "-m", "ethics_desk", "--db", database.description,
                             "--quit-when-ready"], env=env, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 2
    assert "ETHICS_DESK_PASSWORD" in result.stderr and "Traceback" not in result.stderr


def test_a_database_from_a_newer_version_is_refused_with_a_message(tmp_path: Path) -> None:
    import sqlite3

    from ethics_desk.maintenance.opening import open_database

    path = tmp_path / "newer.sqlite"
    open_database(path, clock=CLOCK).dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'ffff'")
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           KEY_FOLDER_ENV: str(KEYS)}
    result = subprocess.run([sys.executable, "-m", "ethics_desk", "--db", str(path),
                             "--quit-when-ready"], env=env, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 2
    assert "newer version of Ethics Desk" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_database_that_cannot_be_opened_is_a_dialog_naming_the_fix(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    from PySide6.QtWidgets import QMessageBox

    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.ui.app import open_with_dialogs

    path = tmp_path / "newer.sqlite"
    open_database(path, clock=CLOCK).dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'ffff'")
    shown: list[tuple[str, str]] = []

    def capture(box: QMessageBox) -> int:
        shown.append((box.text(), box.informativeText()))
        return int(QMessageBox.StandardButton.Close)

    monkeypatch.setattr(QMessageBox, "exec", capture)
    assert open_with_dialogs(str(path), interactive=True, clock=CLOCK) is None
    [(problem, fix)] = shown
    assert "newer version of Ethics Desk" in problem and "Install the newer version" in fix


def test_the_window_refuses_a_database_of_another_application_and_changes_nothing(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    from PySide6.QtWidgets import QMessageBox

    from ethics_desk.ui.app import open_with_dialogs

    other = tmp_path / "inventory.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE invoice (id INTEGER PRIMARY KEY, customer TEXT)")
    before = other.read_bytes()
    shown: list[tuple[str, str]] = []

    def capture(box: QMessageBox) -> int:
        shown.append((box.text(), box.informativeText()))
        return int(QMessageBox.StandardButton.Close)

    monkeypatch.setattr(QMessageBox, "exec", capture)
    assert open_with_dialogs(str(other), interactive=True, clock=CLOCK) is None
    [(problem, fix)] = shown
    assert "is not an Ethics Desk database (it has tables of another application)" in problem
    assert "nothing was changed" in problem and "a new file name" in fix
    assert other.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["inventory.db"]


def test_a_read_only_database_opens_with_a_warning_that_nothing_can_be_saved(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.ui.app import open_with_dialogs

    path = tmp_path / "ro.sqlite"
    open_database(path, clock=CLOCK).dispose()
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text: warnings.append(text))
    database = open_with_dialogs(f"sqlite:///file:{path}?mode=ro&uri=true", interactive=True, clock=CLOCK)
    assert database is not None
    database.dispose()
    [text] = warnings
    assert "read-only" in text and "nothing can be saved" in text


def test_a_case_opens_in_its_own_window_once(qtbot: QtBot, context: AppContext,
                                             controller: WorkflowController) -> None:
    from tests.factories import filed_case

    case_id = filed_case(controller)
    window = _window(qtbot, context)
    first = window.open_case(case_id)
    qtbot.addWidget(first)
    assert window.open_case(case_id) is first
    assert first.windowTitle() == "ERB-2026-001 — Filed"


# -- start-up: the sign-in dialog from a first look, the ORM loaded while it is shown ----------

_FIRST_SCREEN = """
import json, sys
from datetime import datetime
from zoneinfo import ZoneInfo

from PySide6.QtCore import QTimer

from ethics_desk.maintenance.first_look import first_look
from ethics_desk.ui.app import application, load_in_steps
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.sign_in import SignInDialog

app = application()
moment = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/Chicago"))
context = AppContext(first_look=first_look(sys.argv[1]), clock=lambda: moment)
seen = {}
dialog = SignInDialog(context)

def shown():
    seen.update(title=dialog.windowTitle(), login=dialog.login.text(),
                sqlalchemy="sqlalchemy" in sys.modules,
                first_administrator=dialog.first)
    load_in_steps(context, finished)

def finished():
    seen.update(loaded=context.loaded)
    dialog.reject()

QTimer.singleShot(0, shown)
dialog.exec()
print(json.dumps(seen))
"""


def test_the_sign_in_dialog_is_shown_before_sqlalchemy_is_loaded_which_loads_meanwhile(
        tmp_path: Path, context: AppContext, database: Database) -> None:
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           KEY_FOLDER_ENV: str(KEYS),
           "XDG_CONFIG_HOME": str(tmp_path / "cfg"), "TZ": "America/Chicago",
           "ETHICS_DESK_USER": "maria"}
    result = subprocess.run([sys.executable, "-c", _FIRST_SCREEN, database.description],
                            env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen == {"title": "Ethics Desk — sign in", "login": "maria", "sqlalchemy": False,
                    "first_administrator": False, "loaded": True}


def test_nothing_of_a_case_is_shown_before_someone_signs_in(database: Database) -> None:
    from ethics_desk.maintenance.first_look import first_look

    context = AppContext(first_look=first_look(database.description), clock=lambda: NOW)
    with pytest.raises(RuntimeError, match="nobody is signed in"):
        MainWindow(context)  # the inbox asks whose reach it lists: there is no one yet
    with pytest.raises(RuntimeError, match="nobody is signed in"):
        context.inbox_query(NOW.date())


@pytest.mark.sqlite_file
def test_the_sign_ins_connections_are_opened_behind_the_dialog_reading_nothing(
        database: Database) -> None:
    from ethics_desk.maintenance.first_look import first_look
    from ethics_desk.ui.app import load_now

    context = AppContext(first_look=first_look(database.description), clock=lambda: NOW)
    load_now(context)  # what the dialog loads behind itself
    pool = context.database.engine.pool
    assert pool.checkedin() >= 2 and pool.checkedout() == 0  # ready for Enter, none held
    context.database.dispose()


def test_open_context_looks_first_and_opens_fully_when_it_must(
        qtbot: QtBot, tmp_path: Path, database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox
    from sqlalchemy import text

    from ethics_desk.ui.app import open_context

    current = open_context(db_arg, interactive=True, clock=CLOCK)  # a file, or the server
    assert current is not None and not current.loaded
    fresh = open_context(str(tmp_path / "new.sqlite"), interactive=True, clock=CLOCK)  # created, migrated
    assert fresh is not None and fresh.loaded
    fresh.database.dispose()
    with database.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'ffff'"))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.text()) or
                        int(QMessageBox.StandardButton.Close))
    refused = open_context(db_arg, interactive=True, clock=CLOCK)
    if database.url.get_backend_name() == "sqlite":
        assert refused is None
        assert len(shown) == 1 and "newer version of Ethics Desk" in shown[0]
    else:  # a server is asked behind the sign-in dialog (tests/ui/test_sign_in_on_a_server.py)
        assert refused is not None and refused.waiting_for_server and shown == []
