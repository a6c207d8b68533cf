"""The main window: screens, menus, status bar, remembered geometry, the statute, start-up."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import SCREENS, MainWindow
from ethics_desk.workflow import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.factories import complete_intake


def _window(qtbot: QtBot, context: AppContext) -> MainWindow:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_status_bar_shows_the_database_and_the_staff_member(
        qtbot: QtBot, context: AppContext, database: Database) -> None:
    window = _window(qtbot, context)
    assert database.description in window.database_label.text()
    assert window.staff_label.text() == "At the desk: Maria Clerk"


def test_every_screen_is_reachable_from_the_keyboard(qtbot: QtBot, context: AppContext) -> None:
    window = _window(qtbot, context)
    for number, key in enumerate(SCREENS, start=1):
        action = window.findChild(type(window.new_action), f"actionGo_{key}")
        assert action.shortcut().toString() == f"Ctrl+{number}"
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
    screen.fields["staff.name"].setText("Ana Ruiz")
    screen.save_button.click()
    assert "Saved 1 change" in screen.status.text()
    assert window.staff_label.text() == "At the desk: Ana Ruiz"


def test_the_date_style_chosen_in_settings_is_how_date_fields_show_dates(
        qtbot: QtBot, context: AppContext) -> None:
    from datetime import date

    from PySide6.QtWidgets import QComboBox

    from ethics_desk.core.dates import DateStyle
    from ethics_desk.ui.date_field import DateField, office_style, set_office_style

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
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    leftover = tmp_path / "cache" / "EthicsDesk" / "exhibits" / "window-crashed" / "x"
    leftover.mkdir(parents=True)
    (leftover / "affidavit.pdf").write_bytes(b"%PDF-1.4 a copy a crash left behind")
    result = subprocess.run([sys.executable, "-m", "ethics_desk", "--db",
                             str(tmp_path / "smoke.sqlite"), "--quit-when-ready"],
                            env=env, capture_output=True, text=True, timeout=60, check=False,
                            umask=0o022)
    assert result.returncode == 0, result.stderr
    offscreen_only = "This plugin does not support propagateSizeHints()"
    assert result.stderr.replace(offscreen_only, "").strip() == ""
    assert stat.S_IMODE((tmp_path / "smoke.sqlite").stat().st_mode) == 0o600  # § 2-83(h)(1)
    assert list((tmp_path / "cache" / "EthicsDesk" / "exhibits").iterdir()) == []


def test_starting_on_an_existing_database_loads_neither_sqlalchemy_nor_holidays_first(
        tmp_path: Path, database: Database) -> None:
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "ethics_desk", "--db",
                             database.description, "--quit-when-ready"],
                            env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()
                if line.startswith("import time:")}
    assert "ethics_desk.ui.screens.inbox_screen" in imported
    assert {name for name in imported
            if name.split(".")[0] in ("sqlalchemy", "holidays", "alembic")} == set()


def test_a_database_from_a_newer_version_is_refused_with_a_message(tmp_path: Path) -> None:
    import sqlite3

    from ethics_desk.storage.opening import open_database

    path = tmp_path / "newer.sqlite"
    open_database(path, clock=CLOCK).dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'ffff'")
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
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

    from ethics_desk.storage.opening import open_database
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


def test_a_read_only_database_opens_with_a_warning_that_nothing_can_be_saved(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from ethics_desk.storage.opening import open_database
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


# -- start-up from a first look (the ORM loaded after the window is shown) ----------------------

_FIRST_SCREEN = """
import json, sys
from datetime import datetime
from zoneinfo import ZoneInfo

from ethics_desk.storage.first_look import first_look
from ethics_desk.ui.app import application
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow

app = application()
moment = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("America/Chicago"))
context = AppContext(first_look=first_look(sys.argv[1]), clock=lambda: moment)
window = MainWindow(context)
seen = {}

def ready():
    inbox = window.inbox_screen
    seen.update(screen=window.current_screen(), view=inbox.current_view(),
                cases=[inbox.model.row_at(row).complainant
                       for row in range(inbox.model.rowCount())],
                status=inbox.status.text(), staff=window.staff_label.text(),
                database=window.database_label.text(),
                sqlalchemy="sqlalchemy" in sys.modules)
    app.quit()

window.ready.connect(ready)
window.show()
app.exec()
print(json.dumps(seen))
"""


def _due_today(database: Database) -> None:
    from datetime import timedelta

    from tests.cases.test_inbox import CaseSpec, insert_cases

    today = NOW.date()
    insert_cases(database, [CaseSpec(complainant="Ana Ruiz", due_on=today),
                            CaseSpec(complainant="José Peña", due_on=today),
                            CaseSpec(complainant="Late One", due_on=today - timedelta(days=3))])


def test_the_window_shows_due_today_from_the_database_before_sqlalchemy_is_loaded(
        tmp_path: Path, context: AppContext, database: Database) -> None:
    _due_today(database)
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           "XDG_CONFIG_HOME": str(tmp_path / "cfg"), "TZ": "America/Chicago"}
    result = subprocess.run([sys.executable, "-c", _FIRST_SCREEN, database.description],
                            env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen == {"screen": "inbox", "view": "Due today", "cases": ["Ana Ruiz", "José Peña"],
                    "status": "2 shown", "staff": "At the desk: Maria Clerk",
                    "database": f"Database: {database.description}", "sqlalchemy": False}


def test_a_window_from_a_first_look_shows_what_one_from_the_database_shows(
        qtbot: QtBot, context: AppContext, database: Database) -> None:
    from ethics_desk.storage.first_look import first_look

    _due_today(database)
    look = first_look(database.description)
    assert look is not None
    early = _window(qtbot, AppContext(first_look=look, clock=lambda: NOW))
    assert not early.context.loaded
    full = _window(qtbot, context)
    for window in (early, full):
        assert window.inbox_screen.current_view() == "Due today"
    early_model, full_model = early.inbox_screen.model, full.inbox_screen.model
    assert [early_model.row_at(row) for row in range(early_model.rowCount())] == \
        [full_model.row_at(row) for row in range(full_model.rowCount())]
    assert early.inbox_screen.status.text() == full.inbox_screen.status.text() == "2 shown"
    assert early.staff_label.text() == full.staff_label.text() == "At the desk: Maria Clerk"
    assert early.database_label.text() == full.database_label.text()


def test_nothing_due_today_says_how_many_are_overdue_from_the_first_look(
        qtbot: QtBot, database: Database) -> None:
    from datetime import timedelta

    from ethics_desk.storage.first_look import first_look
    from tests.cases.test_inbox import CaseSpec, insert_cases

    insert_cases(database, [CaseSpec(due_on=NOW.date() - timedelta(days=3))])
    window = _window(qtbot, AppContext(first_look=first_look(database.description),
                                       clock=lambda: NOW))
    assert window.inbox_screen.status.text() == ("Nothing is due today. 1 case is overdue: "
                                                 "choose Overdue to see it.")
    assert not window.context.loaded


def test_the_orm_is_loaded_after_the_window_is_shown_and_on_first_need_before(
        qtbot: QtBot, database: Database) -> None:
    from ethics_desk.storage.first_look import first_look
    from ethics_desk.ui.app import load_in_steps

    _due_today(database)
    context = AppContext(first_look=first_look(database.description), clock=lambda: NOW)
    window = _window(qtbot, context)
    assert not context.loaded
    window.inbox_screen.show_view("Overdue")  # another view needs SQL: the ORM opens now
    assert context.loaded
    model = window.inbox_screen.model
    assert [model.row_at(row).complainant for row in range(model.rowCount())] == ["Late One"]
    later = AppContext(first_look=first_look(database.description), clock=lambda: NOW)
    _window(qtbot, later)
    finished: list[bool] = []
    load_in_steps(later, lambda: finished.append(True))
    qtbot.waitUntil(lambda: finished == [True])
    assert later.loaded and later.database.description == database.description


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
    assert open_context(db_arg, interactive=True, clock=CLOCK) is None
    assert len(shown) == 1 and "newer version of Ethics Desk" in shown[0]
