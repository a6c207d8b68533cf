"""The inbox screen: what is due today on start-up, search as the clerk types (accents or not),
urgency in words as well as colour, lazy pages, SQL sorting, and opening a case from the list."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import date, datetime, timedelta

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from ethics_desk.cases.inbox import (
    ALL_CASES,
    ALL_PENDING,
    DUE_TODAY,
    OVERDUE,
    InboxFilter,
    SortKey,
    Urgency,
    saved_view,
)
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.models import ReviewerRole
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.models.inbox_model import (
    CASE_ID_ROLE,
    COLUMN_OF,
    DUE_COLUMN,
    URGENCY_ROLE,
    InboxModel,
)
from ethics_desk.ui.palette import SCHEMES, Scheme
from ethics_desk.ui.screens.inbox_screen import CUSTOM, InboxScreen
from tests.cases.test_inbox import CaseSpec, insert_cases
from tests.conftest import NOW, OFFICE_TZ, DemoTemplate
from tests.ui.conftest import Desktop, clerk_context, type_text

TODAY = NOW.date()


@pytest.fixture(scope="module")
def demo_database(demo_template: DemoTemplate,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """The demonstration data, one copy for the module; the inbox only reads it."""
    yield from demo_template.copy(tmp_path_factory.mktemp("inbox-ui"))


def context_on(database: Database, day: date = TODAY) -> AppContext:
    """The app's context with the clock at 10:00 on ``day`` in San Antonio."""
    moment = datetime(day.year, day.month, day.day, 10, 0, tzinfo=OFFICE_TZ)
    context = clerk_context(database)
    context.clock = lambda: moment
    return context


def open_inbox(qtbot: QtBot, context: AppContext, *, show: bool = True) -> InboxScreen:
    """The inbox screen, shown at the size it has in the main window."""
    screen = InboxScreen(context)
    qtbot.addWidget(screen)
    if show:
        screen.resize(1180, 720)
        screen.show()
        qtbot.waitExposed(screen)
    return screen


def searched(qtbot: QtBot, screen: InboxScreen) -> None:
    """Wait for the search typed to be asked (after the pause) and its first page shown."""
    qtbot.waitUntil(lambda: not screen.searching)


def case_numbers(screen: InboxScreen) -> list[str]:
    """The Case column, top to bottom, of the rows loaded."""
    model = screen.model
    return [model.row_at(row).case_number for row in range(model.rowCount())]


def double_click_row(qtbot: QtBot, screen: InboxScreen, row: int) -> None:
    """Double-click in the middle of the Case cell of ``row``.

    A real double-click is press, release, double-click, release; ``QTest.mouseDClick`` sends
    only the last two, so the first click comes first.
    """
    centre = QPoint(screen.table.visualRect(screen.model.index(row, 0)).center())
    qtbot.mouseClick(screen.table.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(screen.table.viewport(), Qt.MouseButton.LeftButton, pos=centre)


# -- the model --------------------------------------------------------------------------------


@pytest.mark.parametrize("force_py", [False, True], ids=["qt-tester", "python-tester"])
@pytest.mark.parametrize("view", [ALL_PENDING, DUE_TODAY, ALL_CASES])
def test_the_inbox_model_passes_the_qt_model_tester(qtmodeltester: ModelTester,
                                                    demo_database: Database, view: str,
                                                    force_py: bool) -> None:
    model = InboxModel(InboxQuery(demo_database, TODAY), saved_view(view), page_size=10)
    qtmodeltester.check(model, force_py=force_py)
    model.fetchMore()
    model.sort(COLUMN_OF[SortKey.STATE], Qt.SortOrder.DescendingOrder)
    model.set_filter(saved_view(view).with_text("a"))


def test_every_row_carries_its_case_id(demo_database: Database) -> None:
    model = InboxModel(InboxQuery(demo_database, TODAY), saved_view(ALL_CASES))
    for row in range(model.rowCount()):
        assert model.index(row, 5).data(CASE_ID_ROLE) == model.row_at(row).id


# -- start-up ---------------------------------------------------------------------------------


def test_the_inbox_opens_on_what_is_due_today(qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    assert screen.current_view() == DUE_TODAY
    assert sorted(case_numbers(screen)) == ["ERB-2026-033", "ERB-2026-040"]
    assert all(screen.model.row_at(r).next_due_on == TODAY for r in range(screen.model.rowCount()))
    assert screen.status.text() == "2 shown"
    assert screen.search.placeholderText() == "Search by case number or name"


def test_an_empty_day_says_nothing_is_due_today_and_points_to_what_is_overdue(
        qtbot: QtBot, demo_database: Database) -> None:
    day = date(2026, 12, 8)
    overdue = InboxQuery(demo_database, day).count(saved_view(OVERDUE))
    assert overdue > 1
    screen = open_inbox(qtbot, context_on(demo_database, day))
    assert screen.model.rowCount() == 0
    qtbot.waitUntil(lambda: "overdue" in screen.status.text())
    assert screen.status.text() == (f"Nothing is due today. {overdue} cases are overdue: "
                                    f"choose {OVERDUE} to see them.")


def test_the_cases_overdue_are_counted_off_the_window_s_thread(
        qtbot: QtBot, demo_database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """At a million cases the count of the overdue is longer than the list: the window is
    shown with "Nothing is due today." and the count told when it comes."""
    counted_on: list[threading.Thread] = []
    count = InboxQuery.count

    def noted(query: InboxQuery, inbox_filter: InboxFilter) -> int:
        if inbox_filter == saved_view(OVERDUE):
            counted_on.append(threading.current_thread())
        return count(query, inbox_filter)

    monkeypatch.setattr(InboxQuery, "count", noted)
    screen = open_inbox(qtbot, context_on(demo_database, date(2026, 12, 8)))
    qtbot.waitUntil(lambda: "overdue" in screen.status.text())
    assert counted_on and threading.main_thread() not in counted_on


def test_a_new_database_says_nothing_is_due_today(qtbot: QtBot, database: Database) -> None:
    screen = open_inbox(qtbot, context_on(database))
    assert screen.status.text() == "Nothing is due today."


# -- search -----------------------------------------------------------------------------------


def test_typing_pena_without_the_tilde_finds_pena(qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_CASES)
    qtbot.keyClicks(screen.search, "pena")
    searched(qtbot, screen)
    rows = [screen.model.row_at(r) for r in range(screen.model.rowCount())]
    assert "ERB-2026-006" in case_numbers(screen)
    assert rows and all("Peña" in row.complainant + row.respondents for row in rows)
    assert screen.status.text() == f"{len(rows)} shown"


def test_typing_pena_with_the_tilde_finds_pena(qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_CASES)
    type_text(qtbot, screen.search, "Peña")
    searched(qtbot, screen)
    assert screen.search.text() == "Peña"
    assert "ERB-2026-006" in case_numbers(screen)
    assert all("Peña" in screen.model.row_at(r).complainant + screen.model.row_at(r).respondents
               for r in range(screen.model.rowCount()))


def test_the_list_shows_the_last_word_typed_key_by_key(qtbot: QtBot,
                                                       demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_CASES)
    every = screen.model.rowCount()
    for char in "nguy":
        qtbot.keyClick(screen.search, char)
    searched(qtbot, screen)
    assert screen.inbox_filter.text == "nguy"
    assert 0 < screen.model.rowCount() < every
    assert all("Nguy" in screen.model.row_at(r).complainant + screen.model.row_at(r).respondents
               for r in range(screen.model.rowCount()))


def test_a_search_outside_the_view_says_where_it_looked(qtbot: QtBot,
                                                        demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    qtbot.keyClicks(screen.search, "zzzz")
    searched(qtbot, screen)
    assert screen.status.text() == ("No case in “Due today” matches “zzzz”. Choose All cases to "
                                    "search every case.")


# -- opening a case ---------------------------------------------------------------------------


def test_double_click_asks_for_the_case(qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_PENDING)
    expected = screen.model.case_id(3)
    with qtbot.waitSignal(screen.case_requested, timeout=2000) as signal:
        double_click_row(qtbot, screen, 3)
    assert signal.args == [expected]


def test_enter_asks_for_the_case(qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_PENDING)
    screen.table.setFocus()
    screen.table.selectRow(2)
    with qtbot.waitSignal(screen.case_requested, timeout=2000) as signal:
        qtbot.keyClick(screen.table, Qt.Key.Key_Return)
    assert signal.args == [screen.model.case_id(2)]


def test_ctrl_f_goes_to_the_search_tab_to_the_filters_and_down_to_the_list(
        qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is screen)
    screen.table.setFocus()
    qtbot.keyClick(screen.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is screen.search
    qtbot.keyClick(screen.search, Qt.Key.Key_Tab)  # "in documents", beside the search
    assert QApplication.focusWidget() is screen.in_documents
    qtbot.keyClick(screen.in_documents, Qt.Key.Key_Tab)  # the filters: the row under it
    assert QApplication.focusWidget() is screen.state
    screen.refresh_button.setFocus()
    QTest.keyClick(screen.refresh_button, Qt.Key.Key_Tab)  # the last of the filter row
    assert QApplication.focusWidget() is screen.table
    screen.search.setFocus()
    qtbot.keyClick(screen.search, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is screen.table
    assert screen.table.currentIndex().row() == 0
    with qtbot.waitSignal(screen.case_requested, timeout=2000) as signal:
        qtbot.keyClick(screen.table, Qt.Key.Key_Enter)
    assert signal.args == [screen.model.case_id(0)]


# -- urgency ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("urgency", "words"), [(Urgency.OVERDUE, "⚠ OVERDUE"),
                                                (Urgency.DUE_TODAY, "● TODAY"),
                                                (Urgency.DUE_SOON, "◐ Soon")])
def test_urgency_is_shown_in_words_as_well_as_colour(qtbot: QtBot, demo_database: Database,
                                                     urgency: Urgency, words: str) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_PENDING)
    model = screen.model
    rows = [r for r in range(model.rowCount())
            if model.index(r, 0).data(URGENCY_ROLE) == urgency.value]
    assert rows
    for row in rows:
        due = model.index(row, DUE_COLUMN)
        assert str(due.data()).startswith(words)
        assert due.data(Qt.ItemDataRole.BackgroundRole) is not None
        tip = str(due.data(Qt.ItemDataRole.ToolTipRole))
        assert model.row_at(row).next_due_title in tip and "business day" in tip + "due today"


def test_the_urgent_rows_take_the_new_schemes_tints_when_the_desktop_changes(
        qtbot: QtBot, demo_database: Database, desktop: Desktop) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_PENDING)
    model = screen.model

    def tints(scheme: Scheme) -> dict[Urgency, tuple[str, str]]:
        colours = SCHEMES[scheme]
        return {Urgency.OVERDUE: (colours.overdue_back, colours.overdue_fore),
                Urgency.DUE_TODAY: (colours.due_today_back, colours.due_today_fore),
                Urgency.DUE_SOON: (colours.due_soon_back, colours.due_soon_fore)}

    def shown() -> dict[Urgency, set[tuple[str, str]]]:
        seen: dict[Urgency, set[tuple[str, str]]] = {}
        for row in range(model.rowCount()):
            due = model.index(row, DUE_COLUMN)
            back = due.data(Qt.ItemDataRole.BackgroundRole)
            if back is not None:
                fore = due.data(Qt.ItemDataRole.ForegroundRole)
                seen.setdefault(model.row_at(row).urgency, set()).add(
                    (back.color().name(), fore.color().name()))
        return seen

    for scheme in (Scheme.LIGHT, Scheme.DARK, Scheme.HIGH_CONTRAST):
        desktop.switch_to(scheme)
        assert shown() == {urgency: {tint} for urgency, tint in tints(scheme).items()}, scheme


def test_later_deadlines_are_plain(qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_PENDING)
    model = screen.model
    later = [r for r in range(model.rowCount()) if model.row_at(r).urgency is Urgency.LATER]
    assert later
    for row in later:
        due = model.index(row, DUE_COLUMN)
        assert str(due.data()) == model.row_at(row).next_due_on.isoformat()  # type: ignore[union-attr]
        assert due.data(Qt.ItemDataRole.BackgroundRole) is None
    overdue = next(r for r in range(model.rowCount())
                   if model.row_at(r).case_number == "ERB-2026-022")
    tip = model.index(overdue, COLUMN_OF[SortKey.DAYS_LEFT]).data(Qt.ItemDataRole.ToolTipRole)
    assert "overdue by 4 business days" in tip
    assert model.index(overdue, COLUMN_OF[SortKey.DAYS_LEFT]).data() == "-4"


# -- pages, sorting, filters, refresh ---------------------------------------------------------


def test_only_the_first_page_is_loaded_until_more_is_fetched(qtbot: QtBot,
                                                             database: Database) -> None:
    insert_cases(database, [CaseSpec(complainant=f"Complainant {n}",
                                     due_on=TODAY + timedelta(days=n % 20))
                            for n in range(450)])
    screen = open_inbox(qtbot, context_on(database))
    screen.show_view(ALL_CASES)
    model = screen.model
    assert model.rowCount() == 200 and model.canFetchMore()
    assert screen.status.text() == "200+ shown (scroll down for more)"  # counted after
    qtbot.waitUntil(lambda: screen.status.text() == "200 of 450 shown (scroll down for more)")
    model.fetchMore()
    assert model.rowCount() == 400 and model.canFetchMore()
    model.fetchMore()
    assert model.rowCount() == 450 and not model.canFetchMore()
    assert screen.status.text() == "450 shown"
    ids = [model.case_id(row) for row in range(450)]
    assert ids == InboxQuery(database, TODAY).ids(saved_view(ALL_CASES))


def test_scrolling_to_the_end_fetches_the_next_page(qtbot: QtBot, database: Database) -> None:
    insert_cases(database, [CaseSpec(complainant=f"Complainant {n}") for n in range(230)])
    screen = open_inbox(qtbot, context_on(database))
    screen.show_view(ALL_CASES)
    assert screen.model.rowCount() == 200
    screen.table.scrollToBottom()
    qtbot.waitUntil(lambda: screen.model.rowCount() == 230)


def test_clicking_a_heading_sorts_in_sql(qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_CASES)
    header = screen.table.horizontalHeader()
    column = COLUMN_OF[SortKey.COMPLAINANT]
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    assert screen.inbox_filter.sort is SortKey.COMPLAINANT
    first = screen.inbox_filter.descending
    names = [screen.model.row_at(r).complainant for r in range(screen.model.rowCount())]
    assert names == sorted(names, key=str.lower, reverse=first)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    assert screen.inbox_filter.descending is not first
    assert screen.current_view() == ALL_CASES  # a view keeps its name in another order


def test_the_filters_show_the_view_and_make_a_custom_one(qtbot: QtBot,
                                                         demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    screen.show_view(ALL_PENDING)
    assert screen.state.currentText() == "Pending (any)"
    screen.choose(screen.reviewer, ReviewerRole.CHAIR)
    assert screen.inbox_filter.reviewer is ReviewerRole.CHAIR
    assert screen.current_view() == CUSTOM
    assert screen.model.rowCount() and all(
        screen.model.row_at(r).state.is_pending for r in range(screen.model.rowCount()))
    screen.show_view(DUE_TODAY)
    assert screen.reviewer.currentText() == "Any reviewer"
    assert screen.views.findText(CUSTOM) < 0


def test_refresh_shows_what_was_saved_since(qtbot: QtBot, database: Database) -> None:
    screen = open_inbox(qtbot, context_on(database))
    assert screen.model.rowCount() == 0
    [case_id] = insert_cases(database, [CaseSpec(complainant="Zoë Ødegård", due_on=TODAY)])
    screen.refresh()
    assert [screen.model.case_id(r) for r in range(screen.model.rowCount())] == [case_id]
    assert screen.status.text() == "1 shown"


def test_a_database_problem_is_told_in_the_status_line(qtbot: QtBot, demo_database: Database,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.core.errors import StorageError

    screen = open_inbox(qtbot, context_on(demo_database))
    before = case_numbers(screen)

    def busy(*_args: object) -> list[object]:
        raise StorageError("The database is busy.", "Wait a moment and try again.")

    monkeypatch.setattr(screen.model.query, "rows", busy)
    qtbot.keyClicks(screen.search, "x")
    searched(qtbot, screen)
    assert screen.status.text() == "The database is busy. Wait a moment and try again."
    assert case_numbers(screen) == before
    assert screen.search.text() == "x"  # nothing typed is lost


def test_a_database_busy_at_start_up_leaves_an_empty_list_and_the_reason(
        qtbot: QtBot, demo_database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.core.errors import StorageError

    def busy(*_args: object) -> list[object]:
        raise StorageError("The database is busy.", "Wait a moment and try again.")

    rows = InboxQuery.rows
    monkeypatch.setattr(InboxQuery, "rows", busy)
    screen = open_inbox(qtbot, context_on(demo_database))
    assert screen.model.rowCount() == 0
    assert screen.status.text() == "The database is busy. Wait a moment and try again."
    monkeypatch.setattr(InboxQuery, "rows", rows)  # the database is free again
    screen.refresh()
    assert screen.status.text() == "2 shown"


def test_the_inbox_writes_nothing_but_the_record_of_each_list_shown(
        qtbot: QtBot, demo_database: Database) -> None:
    import json

    from sqlalchemy import event, select

    from ethics_desk.cases.list_reads import ACTION
    from ethics_desk.models import AuditRecord

    writes: list[str] = []

    def watch(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if statement.lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            writes.append(statement)

    context = context_on(demo_database)  # signing in is written (its audit record), then:
    with demo_database.read_session() as session:
        before = session.scalar(select(AuditRecord.seq).order_by(AuditRecord.seq.desc()))
    event.listen(demo_database.engine, "before_cursor_execute", watch)
    try:
        screen = open_inbox(qtbot, context)
        for view in (ALL_PENDING, ALL_CASES):
            screen.show_view(view)
        qtbot.keyClicks(screen.search, "erb")
        searched(qtbot, screen)
        with demo_database.read_session() as session:
            shown = session.scalar(select(AuditRecord.seq).order_by(AuditRecord.seq.desc()))
        screen.refresh()  # the same cases again: not recorded again
        with demo_database.read_session() as session:
            assert session.scalar(select(AuditRecord.seq).order_by(
                AuditRecord.seq.desc())) == shown
        screen.model.set_filter(InboxFilter(sort=SortKey.STATE))
    finally:
        event.remove(demo_database.engine, "before_cursor_execute", watch)
    assert {w.split("(")[0].split(" SET ")[0].strip() for w in writes} <= {
        "INSERT INTO audit_record", "UPDATE setting"}  # the record, and the chain's head
    with demo_database.read_session() as session:
        added = list(session.scalars(select(AuditRecord).where(AuditRecord.seq > before)))
    assert added and {r.action for r in added} == {ACTION}  # § 2-83(h): each list on record
    assert {json.loads(r.detail)["list"] for r in added} == {"inbox", "search results"}


def _overflow(qtbot: QtBot, screen: InboxScreen, width: int) -> int:
    """How many pixels the columns take beyond the list, with the screen ``width`` wide."""
    screen.resize(width, 720)
    qtbot.wait(10)  # the layout settles and the columns are fitted
    header = screen.table.horizontalHeader()
    return header.length() - screen.table.viewport().width()


def test_the_columns_fill_the_list_without_scrolling_sideways_at_usual_widths(
        qtbot: QtBot, demo_database: Database) -> None:
    screen = open_inbox(qtbot, context_on(demo_database))
    for width in (1250, 990, 966, 950):  # 966: the first-run window on a 1280 × 800 screen
        assert _overflow(qtbot, screen, width) == 0, width
    assert not screen.columns_set_by_hand


def test_column_widths_set_by_hand_are_kept_for_that_person_only(
        qtbot: QtBot, demo_database: Database) -> None:
    from ethics_desk.core.roles import Role
    from tests.ui.conftest import make_account, signed_in_context

    maria = context_on(demo_database)
    first = open_inbox(qtbot, maria)
    header = first.table.horizontalHeader()
    header.resizeSection(2, 333)  # the complainant's column, widened by hand
    assert first.columns_set_by_hand
    again = open_inbox(qtbot, maria)  # the next day, or after signing in again
    assert again.columns_set_by_hand
    assert again.table.horizontalHeader().sectionSize(2) == 333
    make_account(demo_database, "ana", "Ana Other", Role.CLERK)
    other = open_inbox(qtbot, signed_in_context(demo_database, "ana"))
    assert not other.columns_set_by_hand  # Ana's inbox is fitted, not Maria's widths
    assert other.table.horizontalHeader().sectionSize(2) != 333
