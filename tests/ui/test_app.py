"""The main window: screens, menus, status bar, remembered geometry, the statute, start-up."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.db import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import SCREENS, MainWindow
from ethics_desk.workflow import WorkflowController
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


def test_quit_when_ready_starts_and_exits_cleanly(tmp_path: Path) -> None:
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    result = subprocess.run([sys.executable, "-m", "ethics_desk", "--db",
                             str(tmp_path / "smoke.sqlite"), "--quit-when-ready"],
                            env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    offscreen_only = "This plugin does not support propagateSizeHints()"
    assert result.stderr.replace(offscreen_only, "").strip() == ""
    assert (tmp_path / "smoke.sqlite").exists()


def test_a_database_from_a_newer_version_is_refused_with_a_message(tmp_path: Path) -> None:
    import sqlite3

    from ethics_desk.storage import open_database

    path = tmp_path / "newer.sqlite"
    open_database(path).dispose()
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

    from ethics_desk.storage import open_database
    from ethics_desk.ui.app import open_with_dialogs

    path = tmp_path / "newer.sqlite"
    open_database(path).dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'ffff'")
    shown: list[tuple[str, str]] = []

    def capture(box: QMessageBox) -> int:
        shown.append((box.text(), box.informativeText()))
        return int(QMessageBox.StandardButton.Close)

    monkeypatch.setattr(QMessageBox, "exec", capture)
    assert open_with_dialogs(str(path), interactive=True) is None
    [(problem, fix)] = shown
    assert "newer version of Ethics Desk" in problem and "Install the newer version" in fix


def test_a_read_only_database_opens_with_a_warning_that_nothing_can_be_saved(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from ethics_desk.storage import open_database
    from ethics_desk.ui.app import open_with_dialogs

    path = tmp_path / "ro.sqlite"
    open_database(path).dispose()
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text: warnings.append(text))
    database = open_with_dialogs(f"sqlite:///file:{path}?mode=ro&uri=true", interactive=True)
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
