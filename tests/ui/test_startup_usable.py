"""Usable as soon as shown: the ORM loads behind the sign-in dialog, nothing of a case is read
before someone signs in (§ 2-83(h)), and the main window — built only once the ORM is loaded —
answers a search or opens a case typed the moment it takes keys; the start-up benchmark's probe
does nothing in normal use."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import func, select

from ethics_desk.cases.inbox import ALL_CASES, saved_view
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.first_look import FirstLook, first_look
from ethics_desk.models import AuditRecord
from ethics_desk.storage.database import Database
from ethics_desk.storage.location import KEY_FOLDER_ENV
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.startup_probe import GRAB_ENV, MARKS_ENV, SEARCH_ENV, StartupProbe
from tests.cases.test_inbox import CaseSpec, insert_cases
from tests.conftest import KEYS, NOW
from tests.ui.conftest import (
    CLERK_LOGIN,
    CLERK_PASSWORD,
    make_account,
    sign_in_through_dialog,
    type_text,
)

SPECS = [CaseSpec(complainant="Ana Szczepańska", received_on=date(2026, 10, 5)),
         CaseSpec(complainant="Ana Ruiz", received_on=date(2026, 10, 6)),
         CaseSpec(complainant="Jan Szczepański", respondents=("Lena Szczepańska",),
                  received_on=date(2026, 11, 2)),
         CaseSpec(complainant="Robert Garza", received_on=date(2026, 11, 3))]


def _at_start(database: Database, db_arg: str) -> AppContext:
    """The context as the application makes it at start: from the first look (the ORM not
    loaded), then the clerk signed in through the real dialog."""
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    look = first_look(db_arg)
    assert look is not None
    context = AppContext(first_look=look, clock=lambda: NOW)
    assert not context.loaded
    context.account = sign_in_through_dialog(context, CLERK_LOGIN, CLERK_PASSWORD)
    return context


def _orm_ids(database: Database, context: AppContext, text: str) -> list[int]:
    query = InboxQuery(database, NOW.date(), context.signed_in)
    return query.ids(saved_view(ALL_CASES).with_text(text))


def test_signing_in_loads_the_orm_so_the_main_window_is_never_shown_before_it(
        qtbot: QtBot, database: Database, db_arg: str) -> None:
    context = _at_start(database, db_arg)
    assert context.loaded  # the sign-in read the account through the ORM
    window = MainWindow(context)
    qtbot.addWidget(window)
    assert window.inbox_screen.model.rowCount() == 0  # nothing due on the tests' day, but asked


def test_a_search_typed_the_moment_the_window_takes_keys_is_answered_with_the_inbox_query_rows(
        qtbot: QtBot, database: Database, db_arg: str) -> None:
    insert_cases(database, SPECS)
    context = _at_start(database, db_arg)
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()  # no wait for the first paint: the keys come at once
    inbox = window.inbox_screen
    inbox.show_view(ALL_CASES)
    type_text(qtbot, inbox.search, "szczepansk")
    qtbot.waitUntil(lambda: inbox.model.inbox_filter.text == "szczepansk"
                    and inbox.model.rowCount() == 2)
    shown = [inbox.model.case_id(row) for row in range(inbox.model.rowCount())]
    assert shown == _orm_ids(database, context, "szczepansk")
    assert "2 shown" in inbox.status.text()


def test_a_case_opened_from_the_keyboard_the_moment_the_window_is_shown_opens_once(
        qtbot: QtBot, database: Database, db_arg: str) -> None:
    ids = insert_cases(database, SPECS)
    context = _at_start(database, db_arg)
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    inbox = window.inbox_screen
    inbox.show_view(ALL_CASES)
    type_text(qtbot, inbox.search, "garza")
    qtbot.waitUntil(lambda: inbox.model.inbox_filter.text == "garza"
                    and inbox.model.rowCount() == 1)
    qtbot.keyClick(inbox.search, Qt.Key.Key_Down)  # to the list, its first row chosen
    with qtbot.waitSignal(inbox.case_requested, timeout=2000):
        qtbot.keyClick(inbox.table, Qt.Key.Key_Return)
    assert list(window.case_windows) == [ids[3]]
    for opened in window.case_windows.values():
        qtbot.addWidget(opened)
    assert window.case_windows[ids[3]].isVisible()


def _loading_behind_the_dialog(qtbot: QtBot, db_arg: str, *,
                               started: Callable[[FirstLook], bool] | None = None) -> AppContext:
    """The loading behind the sign-in dialog run to its end on a first look at ``db_arg``
    (``started``: what must hold of the look once it has begun, waited for first)."""
    from ethics_desk.ui.app import load_in_steps

    look = first_look(db_arg)
    assert look is not None
    context = AppContext(first_look=look, clock=lambda: NOW)
    done: list[bool] = []
    load_in_steps(context, lambda: done.append(True))
    if started is not None:
        qtbot.waitUntil(lambda: started(look))
    qtbot.waitUntil(lambda: bool(done))
    return context


def test_nothing_of_a_case_is_read_while_the_orm_loads_behind_the_sign_in_dialog(
        qtbot: QtBot, database: Database, db_arg: str) -> None:
    from ethics_desk.ui.app import LOADING_STEPS

    insert_cases(database, SPECS)
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    with database.read_session() as session:
        recorded = session.scalar(select(func.count()).select_from(AuditRecord))
    context = _loading_behind_the_dialog(qtbot, db_arg)
    assert context.loaded and context.account is None
    assert "ethics_desk.ui.main_window" in LOADING_STEPS  # loaded meanwhile, not before
    with context.database.read_session() as session:  # no read of a case was recorded
        assert session.scalar(select(func.count()).select_from(AuditRecord)) == recorded
    with pytest.raises(RuntimeError, match="nobody is signed in"):
        context.inbox_query(NOW.date())
    context.database.dispose()


@pytest.mark.sqlite_file
def test_a_large_files_check_begins_as_the_loading_behind_the_dialog_starts(
        qtbot: QtBot, database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.storage import read_only

    monkeypatch.setattr(read_only, "QUICK_CHECK_IN_BACKGROUND_BYTES", 0)  # every file large
    before = first_look(db_arg)
    assert before is not None and before.check is None  # not begun by the look itself
    context = _loading_behind_the_dialog(  # begun with the first step, not the opening
        qtbot, db_arg, started=lambda look: look.check is not None)
    assert context.first_look is not None
    assert context.database._quick_check is context.first_look.check
    context.database.dispose()


def test_what_the_loading_made_is_left_out_of_the_collectors_walks(
        qtbot: QtBot, database: Database, db_arg: str) -> None:
    """A full collection walked everything the loading made, about 40 ms, in the middle of
    the sign-in after Enter: it is collected once behind the dialog, then frozen."""
    import gc

    gc.unfreeze()
    context = _loading_behind_the_dialog(qtbot, db_arg)
    assert gc.get_freeze_count() > 10_000  # the modules, classes and mappers loaded
    context.database.dispose()


def test_the_start_up_probe_is_inert_in_normal_use(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    marks = tmp_path / "marks.jsonl"
    monkeypatch.setenv(MARKS_ENV, str(marks))
    monkeypatch.setenv(SEARCH_ENV, "garza")
    monkeypatch.setenv(GRAB_ENV, str(tmp_path / "screen.png"))
    probe = StartupProbe.from_environment(interactive=True)  # a start with the sign-in dialog
    assert probe.marks is None and probe.search is None and probe.grab is None
    probe.mark("ready")
    assert not marks.exists()
    monkeypatch.delenv(MARKS_ENV)
    monkeypatch.delenv(SEARCH_ENV)
    monkeypatch.delenv(GRAB_ENV)
    unset = StartupProbe.from_environment(interactive=False)  # --quit-when-ready alone
    assert unset.marks is None and unset.search is None and unset.grab is None


def test_a_benchmarked_start_types_its_search_when_ready_and_quits_once_it_is_answered(
        tmp_path: Path, database: Database, db_arg: str) -> None:
    insert_cases(database, SPECS)
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    marks = tmp_path / "marks.jsonl"
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           KEY_FOLDER_ENV: str(KEYS), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "ETHICS_DESK_USER": CLERK_LOGIN, "ETHICS_DESK_PASSWORD": CLERK_PASSWORD,
           MARKS_ENV: str(marks), SEARCH_ENV: "szczepansk"}
    result = subprocess.run([sys.executable, "-m", "ethics_desk", "--db", db_arg,
                             "--quit-when-ready"], env=env, capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    moments = [json.loads(line) for line in marks.read_text(encoding="utf-8").splitlines()]
    assert [m["mark"] for m in moments] == ["first_look", "loaded", "signed_in",
                                            "window_built", "ready", "search_typed", "usable"]
    assert moments[0]["loaded"] is False  # the start looked first, without SQLAlchemy
    usable = moments[-1]
    assert usable["view"] == ALL_CASES and usable["rows"] == 2
    context = AppContext(database, clock=lambda: NOW)
    context.account = sign_in_through_dialog(context, CLERK_LOGIN, CLERK_PASSWORD)
    assert usable["ids"] == _orm_ids(database, context, "szczepansk")


def test_a_smoke_test_start_draws_its_window_into_a_picture_when_ready(
        tmp_path: Path, database: Database, db_arg: str) -> None:
    from PIL import Image

    insert_cases(database, SPECS)
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    marks, screen = tmp_path / "marks.jsonl", tmp_path / "screen.png"
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           KEY_FOLDER_ENV: str(KEYS), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "ETHICS_DESK_USER": CLERK_LOGIN, "ETHICS_DESK_PASSWORD": CLERK_PASSWORD,
           MARKS_ENV: str(marks), GRAB_ENV: str(screen)}
    result = subprocess.run([sys.executable, "-m", "ethics_desk", "--db", db_arg,
                             "--quit-when-ready"], env=env, capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    moments = {m["mark"]: m for m in map(json.loads, marks.read_text(encoding="utf-8").splitlines())}
    assert moments["grabbed"]["saved"] is True
    with Image.open(screen) as image:
        assert image.width >= 800 and image.height >= 600
        assert len(image.convert("RGB").getcolors(maxcolors=1 << 20) or ()) > 20  # not blank
