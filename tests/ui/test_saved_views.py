"""Saved views in the inbox (issue 33): "Save this view…" keeps the filters, the order and the
columns shown under a name; the View list offers the seven views, then the person's own, then
the office's, marked "(office)"; choosing one applies it; "Manage views…" renames, shares and
deletes one's own; a refused name is told in the dialog, the name typed kept."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QLineEdit, QListWidget, QWidget
from pytestqt.qtbot import QtBot

from ethics_desk.cases.inbox import ALL_PENDING, DUE_TODAY, SAVED_VIEWS, SortKey
from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.models.inbox_model import COLUMN_OF
from ethics_desk.ui.saved_views import ManageViewsDialog, SaveViewDialog
from ethics_desk.ui.screens.inbox_screen import InboxScreen
from tests.conftest import DemoTemplate
from tests.ui.conftest import make_account, signed_in_context, type_text
from tests.ui.test_inbox_screen import context_on, open_inbox

JUAN_PASSWORD = "a deputy's own passphrase"


@pytest.fixture
def demo_database(demo_template: DemoTemplate,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """A copy of the demonstration for each test: the tests save views in it."""
    yield from demo_template.copy(tmp_path_factory.mktemp("saved-views"))


def _juan(database: Database) -> AppContext:
    """Another clerk of the office, signed in through the real dialog."""
    make_account(database, "juan", "Juan Deputy", Role.CLERK, JUAN_PASSWORD)
    return signed_in_context(database, "juan", JUAN_PASSWORD)


def _in_dialog(qtbot: QtBot, screen: InboxScreen, drive: Callable[[QWidget], None]) -> None:
    """Run ``drive`` on the saved views' dialog once it is open; it is closed after, whatever
    ``drive`` found (so that a failing check fails the test, never hangs it)."""
    def when_open() -> None:
        dialog = screen.view_dialog
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(10, when_open)
            return
        try:
            drive(dialog)
        finally:
            if dialog.isVisible():
                dialog.reject()

    QTimer.singleShot(0, when_open)


def _save_as(qtbot: QtBot, screen: InboxScreen, name: str, *, share: bool = False) -> None:
    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, SaveViewDialog)
        type_text(qtbot, dialog.name, name)
        dialog.shared.setChecked(share)
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)

    _in_dialog(qtbot, screen, fill)
    screen.save_view_dialog()


def _labels(screen: InboxScreen) -> list[str]:
    return [screen.views.itemText(i) for i in range(screen.views.count())]


def test_a_view_saved_is_in_the_clerks_list_next_time_and_applies_its_filter_order_and_columns(
        qtbot: QtBot, demo_database: Database) -> None:
    context = context_on(demo_database)
    screen = open_inbox(qtbot, context)
    screen.show_view(ALL_PENDING)
    screen.table.sortByColumn(COLUMN_OF[SortKey.RECEIVED], Qt.SortOrder.DescendingOrder)
    screen.set_hidden_columns(frozenset({SortKey.ROUTE}))
    wanted = screen.inbox_filter
    assert (wanted.sort, wanted.descending) == (SortKey.RECEIVED, True)
    _save_as(qtbot, screen, "Pending, newest first")
    assert screen.current_view() == "Pending, newest first"
    assert "Saved the view “Pending, newest first”" in screen.status.text()

    again = open_inbox(qtbot, context_on(demo_database))  # next time: a new inbox
    assert _labels(again)[:7] == [view.name for view in SAVED_VIEWS]
    assert _labels(again)[7:] == ["Pending, newest first"]
    assert again.current_view() == DUE_TODAY and not again.hidden_columns
    again.show_view("Pending, newest first")
    assert again.inbox_filter == wanted
    assert again.table.isColumnHidden(COLUMN_OF[SortKey.ROUTE])
    assert again.table.horizontalHeader().sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
    rows = [again.model.row_at(r) for r in range(again.model.rowCount())]
    assert rows and all(row.state.is_pending for row in rows)
    again.show_view(DUE_TODAY)  # the seven show every column, as they always did
    assert not again.table.isColumnHidden(COLUMN_OF[SortKey.ROUTE])

    other = open_inbox(qtbot, _juan(demo_database))
    assert _labels(other) == [view.name for view in SAVED_VIEWS]  # not another clerk's


def test_a_shared_view_is_offered_to_the_office_marked_and_managed_by_its_owner_only(
        qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_PENDING)
    _save_as(qtbot, screen, "Office pending", share=True)
    other = open_inbox(qtbot, _juan(demo_database))
    assert _labels(other)[7:] == ["Office pending (office)"]
    screen.show_view(ALL_PENDING)
    _save_as(qtbot, screen, "Shared after", share=True)
    other.refresh()  # F5: what others saved appears
    assert _labels(other)[7:] == ["Office pending (office)", "Shared after (office)"]
    other.show_view("Office pending (office)")
    assert other.current_view() == "Office pending"
    seen: list[list[str]] = []

    def look(dialog: QWidget) -> None:
        assert isinstance(dialog, ManageViewsDialog)
        seen.append([dialog.list.item(i).text() for i in range(dialog.list.count())])

    _in_dialog(qtbot, other, look)
    other.manage_views_dialog()
    assert seen == [[]]  # nothing of Juan's to change: the office's view is Maria's


def test_the_owner_renames_and_deletes_a_view_and_the_list_follows(
        qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_PENDING)
    _save_as(qtbot, screen, "Mine")

    def rename_then_delete(dialog: QWidget) -> None:
        assert isinstance(dialog, ManageViewsDialog)
        assert dialog.rename("Ours")
        assert [dialog.list.item(i).text() for i in range(dialog.list.count())] == ["Ours"]
        assert _labels(screen)[7:] == ["Ours"] and screen.current_view() == "Ours"
        assert not dialog.rename(DUE_TODAY)  # refused in the dialog, the reason shown
        assert "every inbox has" in dialog.problem.text() and dialog.problem.isVisible()
        assert dialog.delete(ask=False)
        assert dialog.list.count() == 0

    _in_dialog(qtbot, screen, rename_then_delete)
    screen.manage_views_dialog()
    assert _labels(screen) == [view.name for view in SAVED_VIEWS]
    assert screen.current_view() == ALL_PENDING


def test_a_refused_name_is_told_in_the_dialog_and_what_was_typed_stays(
        qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    told: list[tuple[str, str, bool]] = []

    def refuse(dialog: QWidget) -> None:
        assert isinstance(dialog, SaveViewDialog)
        type_text(qtbot, dialog.name, "due today")
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
        told.append((dialog.problem.text(), dialog.name.text(), dialog.isVisible()))

    _in_dialog(qtbot, screen, refuse)
    assert screen.save_view_dialog() is None
    [(problem, typed, open_still)] = told
    assert "“Due today” is the name of a view every inbox has" in problem
    assert "Choose another name" in problem
    assert typed == "due today" and open_still
    assert _labels(screen) == [view.name for view in SAVED_VIEWS]


def test_only_the_clerks_staff_may_tick_share_with_the_office(
        qtbot: QtBot, demo_database: Database) -> None:
    auditor = signed_in_context(demo_database, "auditor", "demo")
    screen = open_inbox(qtbot, auditor)
    assert screen.save_view_button.isEnabled()  # every role keeps its own views
    shared: list[tuple[bool, str]] = []

    def look(dialog: QWidget) -> None:
        assert isinstance(dialog, SaveViewDialog)
        shared.append((dialog.shared.isEnabled(), dialog.shared.toolTip()))

    _in_dialog(qtbot, screen, look)
    screen.save_view_dialog()
    assert shared == [(False, "Only the City Clerk staff share a view with the office.")]


def test_the_views_dialogs_fit_the_desk_and_name_every_control(
        qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    found: list[QWidget] = []

    def check(dialog: QWidget) -> None:
        found.append(dialog)
        size = dialog.size()
        assert size.width() <= 1280 and size.height() <= 720
        assert dialog.minimumSizeHint().width() <= 1280
        controls = [control for kind in (QLineEdit, QCheckBox, QAbstractButton, QListWidget)
                    for control in dialog.findChildren(kind)]
        for control in controls:
            if control.isVisibleTo(dialog):
                assert control.accessibleName() or (isinstance(control, QAbstractButton)
                                                    and control.text()), control

    _in_dialog(qtbot, screen, check)
    screen.save_view_dialog()
    _in_dialog(qtbot, screen, check)
    screen.manage_views_dialog()
    assert len(found) == 2


def test_the_columns_menu_hides_and_shows_a_column_but_never_the_case_number(
        qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    menu = screen.columns_menu()
    actions = {action.text(): action for action in menu.actions()}
    assert not actions["Case"].isEnabled()
    actions["Route"].setChecked(False)
    assert screen.table.isColumnHidden(COLUMN_OF[SortKey.ROUTE])
    assert screen.hidden_columns == frozenset({SortKey.ROUTE})
    screen.columns_menu().actions()[COLUMN_OF[SortKey.ROUTE]].setChecked(True)
    assert not screen.table.isColumnHidden(COLUMN_OF[SortKey.ROUTE])
