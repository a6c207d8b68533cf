"""The inbox never freezes, paints without work and stays flat in memory (issue 17).

A search is asked off the GUI thread at each keystroke, one at a time, a newer one drops an
older one, the first page shows before the count; rows come worded, so painting counts
nothing; the model keeps built rows for a bounded window of pages, however far the clerk
scrolls.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import date, timedelta, tzinfo
from typing import Any

import pytest
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from ethics_desk.cases.inbox import (
    ALL_CASES,
    PAGE_SIZE,
    BusinessDayCounter,
    InboxFilter,
    InboxLine,
    InboxRow,
    RowPage,
    SortKey,
    Urgency,
    saved_view,
)
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.core.errors import StorageError
from ethics_desk.storage.database import Database
from ethics_desk.ui.models import inbox_model
from ethics_desk.ui.models.inbox_delegate import InboxCellDelegate
from ethics_desk.ui.models.inbox_loader import UNEXPECTED
from ethics_desk.ui.models.inbox_model import InboxModel
from ethics_desk.ui.screens.inbox_screen import InboxScreen
from tests.cases.test_inbox import CaseSpec, insert_cases
from tests.ui.test_inbox_screen import context_on, open_inbox, searched

TODAY = date(2026, 11, 30)


class RecordingSource:
    """The real inbox query, recording the thread of each read; reads of ``slow_text`` wait
    for :attr:`gate`, and so does the count while :attr:`hold_count` is set."""

    def __init__(self, query: InboxQuery, *, slow_text: str | None = None,
                 hold_count: bool = False, fail: Exception | None = None) -> None:
        self.query = query
        self.today = query.today
        self.slow_text = slow_text
        self.hold_count = hold_count
        self.fail = fail
        self.gate = threading.Event()
        self.slow_started = threading.Event()
        self.threads: list[int] = []
        self.asked: list[str] = []
        """The words of each first page read, in order."""
        self.counted: list[str] = []
        """The words of each list counted, in order."""

    def page(self, inbox_filter: InboxFilter, offset: int = 0,
             limit: int = PAGE_SIZE) -> list[Any]:
        return self.rows(inbox_filter, offset, limit).built()

    def rows(self, inbox_filter: InboxFilter, offset: int = 0, limit: int = PAGE_SIZE) -> RowPage:
        self.threads.append(threading.get_ident())
        if offset == 0:
            self.asked.append(inbox_filter.text)
        if self.fail is not None and inbox_filter.text:
            raise self.fail
        if inbox_filter.text == self.slow_text:
            self.slow_started.set()
            assert self.gate.wait(30)
        return self.query.rows(inbox_filter, offset, limit)

    def count(self, inbox_filter: InboxFilter) -> int:
        self.threads.append(threading.get_ident())
        self.counted.append(inbox_filter.text)
        if self.hold_count:
            assert self.gate.wait(30)
        return self.query.count(inbox_filter)

    def rows_of(self, ids: Sequence[int]) -> RowPage:
        return self.query.rows_of(ids)


def _inbox(qtbot: QtBot, database: Database, source: RecordingSource) -> InboxScreen:
    screen = open_inbox(qtbot, context_on(database, TODAY))
    screen.model.set_query(source)
    screen.show_view(ALL_CASES)
    return screen


def _complainants(screen: InboxScreen) -> list[str]:
    return [screen.model.row_at(r).complainant for r in range(screen.model.rowCount())]


def test_a_newer_keystrokes_result_wins_over_an_older_slow_one(qtbot: QtBot,
                                                                database: Database) -> None:
    insert_cases(database, [CaseSpec(complainant="Ana Ruiz"), CaseSpec(complainant="Ana Peña"),
                            CaseSpec(complainant="Tuan Nguyen")])
    source = RecordingSource(InboxQuery(database, TODAY), slow_text="ana")
    screen = _inbox(qtbot, database, source)
    qtbot.keyClicks(screen.search, "ana")
    qtbot.waitUntil(source.slow_started.is_set)  # "ana" is being read, and waits
    screen.search.setText("nguyen")
    searched(qtbot, screen)
    assert _complainants(screen) == ["Tuan Nguyen"]
    source.gate.set()  # the old, slow answer comes now: it is dropped
    qtbot.waitUntil(lambda: screen.model.loader.dropped >= 1)
    assert _complainants(screen) == ["Tuan Nguyen"]
    assert screen.inbox_filter.text == "nguyen" and screen.status.text() == "1 shown"


def test_each_keystroke_is_asked_at_once_and_keys_typed_meanwhile_when_it_answers(
        qtbot: QtBot, database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    insert_cases(database, [CaseSpec(complainant="Ana Ruiz"), CaseSpec(complainant="Tuan Nguyen")])
    monkeypatch.setattr(InboxScreen, "SEARCH_PAUSE_MS", 60_000)  # no pause in typing counts
    source = RecordingSource(InboxQuery(database, TODAY), slow_text="a")
    screen = _inbox(qtbot, database, source)
    qtbot.waitUntil(lambda: screen.model.settled)
    source.asked.clear()
    qtbot.keyClicks(screen.search, "a")
    qtbot.waitUntil(source.slow_started.is_set)  # asked at the keystroke, not after a pause
    qtbot.keyClicks(screen.search, "na")  # typed while "a" is read
    assert source.asked == ["a"]  # one search at a time
    source.gate.set()
    qtbot.waitUntil(lambda: not screen.searching)  # "a" answered: "ana" asked at once
    assert source.asked == ["a", "ana"]
    assert _complainants(screen) == ["Ana Ruiz"] and screen.inbox_filter.text == "ana"


def test_only_the_list_of_the_last_search_typed_is_counted(
        qtbot: QtBot, database: Database) -> None:
    insert_cases(database, [CaseSpec(complainant=f"Pena {n}") for n in range(PAGE_SIZE + 5)])
    source = RecordingSource(InboxQuery(database, TODAY))
    screen = _inbox(qtbot, database, source)
    qtbot.waitUntil(lambda: screen.model.settled)
    source.asked.clear()
    source.counted.clear()
    qtbot.keyClicks(screen.search, "pena")
    qtbot.waitUntil(lambda: screen.model.settled)
    assert source.asked == ["p", "pena"]  # each shown as it came …
    assert source.counted == ["pena"]  # … but a count, which reads every match, only for the last
    assert screen.model.total == PAGE_SIZE + 5


def test_no_query_runs_and_no_row_is_worded_on_the_gui_thread_while_the_clerk_types(
        qtbot: QtBot, database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    insert_cases(database, [CaseSpec(complainant=f"Pena {n}") for n in range(PAGE_SIZE + 5)])
    source = RecordingSource(InboxQuery(database, TODAY))
    screen = _inbox(qtbot, database, source)
    # The view opened is read, worded and counted in workers too: wait until all of it has come
    # back, so that nothing it still words is counted as the search's (the flake on a server).
    qtbot.waitUntil(lambda: screen.model.settled)
    source.threads.clear()
    worded: list[int] = []
    line = inbox_model.inbox_line  # type: ignore[attr-defined]

    def wording(row: InboxRow, zone: tzinfo) -> InboxLine:
        worded.append(threading.get_ident())
        return line(row, zone)

    monkeypatch.setattr(inbox_model, "inbox_line", wording)
    qtbot.keyClicks(screen.search, "pena")
    searched(qtbot, screen)
    qtbot.waitUntil(lambda: screen.model.total is not None)  # the count is read too
    assert source.threads  # the search and its count were read …
    assert threading.get_ident() not in source.threads  # … each in a worker thread
    assert screen.model.rowCount() == PAGE_SIZE and screen.model.total == PAGE_SIZE + 5
    qtbot.waitUntil(lambda: screen.model.settled)  # the first screenful, then the rest
    column = inbox_model.COLUMN_OF[SortKey.COMPLAINANT]
    names = [screen.model.index(row, column).data() for row in range(PAGE_SIZE)]
    assert all(name.startswith("Pena ") for name in names) and len(set(names)) == PAGE_SIZE
    # every search asked while typing ("p" at once, then "pena" when it answered) was worded
    assert len(worded) >= PAGE_SIZE and threading.get_ident() not in worded


def test_the_first_page_is_shown_before_the_count(qtbot: QtBot, database: Database) -> None:
    insert_cases(database, [CaseSpec(complainant=f"Complainant {n}") for n in range(450)])
    source = RecordingSource(InboxQuery(database, TODAY), hold_count=True)
    screen = _inbox(qtbot, database, source)
    qtbot.keyClicks(screen.search, "complainant")
    searched(qtbot, screen)
    assert screen.model.rowCount() == PAGE_SIZE and screen.model.total is None
    assert screen.status.text() == "200+ shown (scroll down for more)"
    source.gate.set()
    qtbot.waitUntil(lambda: screen.model.total == 450)
    assert screen.status.text() == "200 of 450 shown (scroll down for more)"


def test_painting_counts_no_business_day_and_words_no_row(
        qtbot: QtBot, database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    insert_cases(database, [CaseSpec(complainant=f"Ana {n}", due_on=TODAY + timedelta(days=n))
                            for n in range(-3, 12)])
    screen = open_inbox(qtbot, context_on(database, TODAY))
    screen.show_view(ALL_CASES)
    counted: list[date] = []
    worded: list[InboxRow] = []
    days_left, line = BusinessDayCounter.days_left, inbox_model.inbox_line  # type: ignore[attr-defined]

    def counting(self: BusinessDayCounter, today: date, due: date) -> int:
        counted.append(due)
        return days_left(self, today, due)

    def wording(row: InboxRow, zone: tzinfo) -> InboxLine:
        worded.append(row)
        return line(row, zone)

    painted: list[int] = []
    paint_row = screen.model.paint_row

    def painting(row: int) -> tuple[tuple[str, ...], Urgency] | None:
        painted.append(row)
        return paint_row(row)

    monkeypatch.setattr(BusinessDayCounter, "days_left", counting)
    monkeypatch.setattr(inbox_model, "inbox_line", wording)
    monkeypatch.setattr(screen.model, "paint_row", painting)
    screen.model.scheme_changed()  # every cell is styled again from the rows' texts
    screen.table.viewport().grab()  # paints every visible cell
    assert sorted(set(painted)) == list(range(screen.model.rowCount()))  # all 15 rows painted
    assert screen.model.index(3, 8).data(inbox_model.ROW_ROLE) is not None
    assert counted == [] and worded == []


def test_scrolling_to_the_end_keeps_few_pages_built_and_shows_every_case_once(
        qtbot: QtBot, database: Database) -> None:
    ids = insert_cases(database, [CaseSpec(complainant=f"Complainant {n}") for n in range(230)])
    query = InboxQuery(database, TODAY)
    model = InboxModel(query, saved_view(ALL_CASES), page_size=20, pages_kept=3)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.setItemDelegate(InboxCellDelegate(model, view))
    view.resize(900, 300)
    view.show()
    qtbot.waitExposed(view)
    most = 0
    while model.canFetchMore():
        rows = model.rowCount()
        view.scrollToBottom()
        qtbot.waitUntil(lambda: model.rowCount() > rows)  # noqa: B023 - read at once
        most = max(most, model.pages_built)
    assert model.rowCount() == 230 and most <= 3
    shown = [model.row_at(r).id for r in range(model.rowCount())]  # old pages read again
    assert shown == query.ids(saved_view(ALL_CASES)) and sorted(shown) == sorted(ids)
    assert len(set(shown)) == 230 and model.pages_built <= 3
    view.scrollToTop()
    view.selectRow(0)
    assert model.row_of(shown[0]) == 0 and model.row_of(shown[-1]) == 229
    assert model.index(0, 0).data() == model.row_at(0).case_number


def test_a_database_locked_during_a_search_is_told_in_the_status_line(
        qtbot: QtBot, database: Database) -> None:
    insert_cases(database, [CaseSpec(complainant="Ana Ruiz")])
    locked = StorageError("The database is busy: another desk is writing to it.",
                          "Wait a moment and try again.")
    source = RecordingSource(InboxQuery(database, TODAY), fail=locked)
    screen = _inbox(qtbot, database, source)
    qtbot.keyClicks(screen.search, "ana")
    searched(qtbot, screen)
    assert screen.status.text() == ("The database is busy: another desk is writing to it. "
                                    "Wait a moment and try again.")
    assert _complainants(screen) == ["Ana Ruiz"] and screen.search.text() == "ana"


def test_a_bug_in_a_search_is_one_plain_message_not_a_traceback(
        qtbot: QtBot, database: Database) -> None:
    source = RecordingSource(InboxQuery(database, TODAY), fail=RuntimeError("a bug"))
    screen = _inbox(qtbot, database, source)
    qtbot.keyClicks(screen.search, "ana")
    searched(qtbot, screen)
    assert screen.status.text() == f"{UNEXPECTED.problem} {UNEXPECTED.fix}"
    assert "Traceback" not in screen.status.text()


def test_the_database_is_closed_only_after_the_inbox_queries_under_way_are_done() -> None:
    from ethics_desk.ui.models import inbox_loader

    release = threading.Event()
    inbox_loader._run_in_a_worker(lambda: release.wait(30) and None)
    assert not inbox_loader.wait_for_queries(0.05)  # one still runs, holding its connection
    release.set()
    assert inbox_loader.wait_for_queries(5)
