"""The Statistics screen shows the office's figures as the domain counts them: each tab's table
and chart say the same counts as the records (issue 33)."""

from __future__ import annotations

import hashlib
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCharts import QAbstractBarSeries, QBarCategoryAxis
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot
from sqlalchemy import func, select

from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord, OfficeReport
from ethics_desk.reports.annual_report import Edition
from ethics_desk.reports.statistics import ACTION, OfficeStatistics
from ethics_desk.storage.database import Database
from ethics_desk.ui.annual_report_dialog import AnnualReportDialog
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import SCREENS, MainWindow, screen_number
from ethics_desk.ui.palette import DARK, LIGHT, Scheme
from ethics_desk.ui.screens.statistics_screen import OWN_DATES, PartTab, StatisticsScreen
from ethics_desk.workflow.controller import WorkflowController
from tests.reports.test_statistics import _november
from tests.ui.conftest import Desktop, make_account, signed_in_context


def _screen(qtbot: QtBot, context: AppContext) -> tuple[MainWindow, StatisticsScreen]:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.go("statistics")
    screen = window.statistics_screen
    assert isinstance(screen, StatisticsScreen)
    qtbot.waitUntil(lambda: screen.show_button.isVisible() and screen.width() > 400)
    qtbot.waitUntil(lambda: screen.figures is not None)  # counted as it opens
    return window, screen


def _count_november(qtbot: QtBot, screen: StatisticsScreen) -> None:
    screen.choose(OWN_DATES)
    screen.start.set_date(date(2026, 11, 1))
    screen.end.set_date(date(2026, 11, 30))
    shown = screen.figures
    qtbot.mouseClick(screen.show_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: screen.figures is not shown)


def _table(tab: PartTab) -> dict[str, tuple[str, ...]]:
    return {row[0]: row[1:] for row in tab.model.rows()}


def _chart(tab: PartTab) -> dict[str, dict[str, int]]:
    """The chart's bars as drawn: for each set, each category's count."""
    series = tab.chart.chart.series()
    assert len(series) == 1
    bars = series[0]
    assert isinstance(bars, QAbstractBarSeries)
    axis = next(axis for axis in tab.chart.chart.axes() if isinstance(axis, QBarCategoryAxis))
    categories = axis.categories()
    return {bar_set.label(): {categories[index]: round(bar_set.at(index))
                              for index in range(bar_set.count())}
            for bar_set in bars.barSets()}


def test_the_tables_and_charts_count_a_known_month_as_the_records_say(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    _november(controller)
    _window, screen = _screen(qtbot, context)
    _count_november(qtbot, screen)
    figures = screen.figures
    assert figures is not None and (figures.start, figures.end) == (date(2026, 11, 1),
                                                                    date(2026, 11, 30))
    received = _table(screen.tab("received"))
    assert received["Complaints received"][-1] == "6"
    assert (received["Sworn"][-1], received["Not sworn"][-1]) == ("5", "1")
    assert received["Naming no provision"][-1] == "1"
    assert _chart(screen.tab("received"))["Complaints"] == {
        "Ethics Code": 4, "Campaign finance (§§ 2-306/2-307)": 2, "Sworn": 5, "Not sworn": 1}

    endings = _table(screen.tab("endings"))
    assert endings["Cases ended"][-1] == "5"
    assert endings["Returned as not sworn"][-1] == "1"
    assert endings["Returned as defective"][-1] == "1"
    drawn = _chart(screen.tab("endings"))["Cases"]
    assert drawn["Returned as not sworn"] == drawn["Returned as defective"] == 1
    assert sum(drawn.values()) == 5

    steps = {row[0]: row[2:] for row in screen.tab("steps").model.rows()}
    assert steps["Resolved"] == ("3", "4", "13")
    step_chart = _chart(screen.tab("steps"))
    assert step_chart["Median"]["Resolved"] == 4
    assert step_chart["90th percentile"]["Resolved"] == 13

    deadlines = screen.tab("deadlines").model.rows()
    total = next(row for row in deadlines if row[0] == "Every clock of § 2-83")
    assert int(total[1]) == figures.deadlines_total.due
    assert int(total[2]) == figures.deadlines_total.met
    met = _chart(screen.tab("deadlines"))["Met"]
    assert sum(met.values()) == (figures.deadlines_total.met
                                 + figures.public_information.clocks_total.met)
    assert "6 complaint(s) received, 5 ended" in screen.summary.text()


def test_each_count_is_on_record_as_a_count_of_the_office(
        qtbot: QtBot, context: AppContext, database: Database) -> None:
    def counts() -> int:
        with database.read_session() as session:
            return session.scalar(select(func.count()).select_from(AuditRecord).where(
                AuditRecord.action == ACTION)) or 0

    _window, screen = _screen(qtbot, context)
    first = counts()
    assert first >= 1  # the screen counts this year to date as it opens
    _count_november(qtbot, screen)
    assert counts() == first + 1


def test_a_period_of_the_list_fills_the_dates_and_own_dates_are_typed(
        qtbot: QtBot, context: AppContext) -> None:
    _window, screen = _screen(qtbot, context)
    today = context.today()
    assert screen.chosen_period() is not None
    assert (screen.start.date(), screen.end.date()) == (date(today.year, 1, 1), today)
    assert not screen.start.isEnabled()
    screen.choose(f"year-{today.year - 1}")
    assert (screen.start.date(), screen.end.date()) == (date(today.year - 1, 1, 1),
                                                        date(today.year - 1, 12, 31))
    screen.choose(OWN_DATES)
    assert screen.start.isEnabled() and screen.end.isEnabled()


def test_a_missing_day_is_named_and_the_figures_shown_stay(
        qtbot: QtBot, context: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda _parent, error, _title="": said.append(str(error)))
    _window, screen = _screen(qtbot, context)
    shown = screen.figures
    assert shown is not None
    screen.choose(OWN_DATES)
    screen.start.set_date(None)
    qtbot.mouseClick(screen.show_button, Qt.MouseButton.LeftButton)
    assert len(said) == 1 and "first day" in said[0]
    assert screen.figures is shown


def test_ctrl_0_goes_to_the_tenth_screen(qtbot: QtBot, context: AppContext) -> None:
    assert SCREENS.index("statistics") == 9 and screen_number("statistics") == "0"
    window, _screen_shown = _screen(qtbot, context)
    window.go("inbox")
    QTest.keySequence(window, QKeySequence("Ctrl+0"))
    assert window.current_screen() == "statistics"


def test_only_the_clerks_staff_and_the_administrator_see_the_statistics(
        qtbot: QtBot, database: Database) -> None:
    seen: dict[Role, bool] = {}
    for role in Role:
        login = f"stat.{role.value}"
        make_account(database, login, f"Stat {role.label}", role)
        window = MainWindow(signed_in_context(database, login))
        qtbot.addWidget(window)
        seen[role] = window.allows("statistics")
        window.close()
    assert {role for role, may in seen.items() if may} == {Role.CLERK, Role.ADMIN}


def test_each_chart_is_named_and_told_in_words_for_a_screen_reader(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    _november(controller)
    _window, screen = _screen(qtbot, context)
    _count_november(qtbot, screen)
    for key in ("received", "endings", "steps", "deadlines", "board", "requests"):
        view = screen.tab(key).chart.view
        assert view.accessibleName().startswith("Chart: ")
        assert view.focusPolicy() == Qt.FocusPolicy.NoFocus  # the table is the way in
    spoken = screen.tab("received").chart.view.accessibleDescription()
    assert "Sworn: Complaints 5" in spoken and "Not sworn: Complaints 1" in spoken


def test_the_charts_are_drawn_again_in_the_desktops_new_colours(
        qtbot: QtBot, context: AppContext, desktop: Desktop) -> None:
    _window, screen = _screen(qtbot, context)
    chart = screen.tab("received").chart.chart
    assert chart.backgroundBrush().color().name() == LIGHT.base
    desktop.switch_to(Scheme.DARK)
    assert chart.backgroundBrush().color().name() == DARK.base
    assert chart.titleBrush().color().name() == DARK.text


def test_the_count_runs_off_the_gui_thread_while_the_window_paints(
        qtbot: QtBot, context: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from ethics_desk.ui.screens import statistics_screen

    threads: list[threading.Thread] = []
    counted = statistics_screen.office_statistics

    def count(*args: Any, **kwargs: Any) -> OfficeStatistics:
        threads.append(threading.current_thread())
        return counted(*args, **kwargs)

    monkeypatch.setattr(statistics_screen, "office_statistics", count)
    _screen(qtbot, context)
    assert threads and all(thread is not threading.main_thread() for thread in threads)


def _report_dialog(qtbot: QtBot, screen: StatisticsScreen, places: list[Path],
                   monkeypatch: pytest.MonkeyPatch) -> AnnualReportDialog:
    """The screen's Issue the annual report… dialog, the save dialog answering ``places`` in
    turn (then cancelled)."""
    answers = iter(places)
    monkeypatch.setattr(AnnualReportDialog, "ask_where",
                        lambda _self, _year, _edition: next(answers, None))
    qtbot.mouseClick(screen.report_button, Qt.MouseButton.LeftButton)
    dialog = screen.findChild(AnnualReportDialog)
    assert dialog is not None
    qtbot.waitExposed(dialog)
    return dialog


def test_the_clerk_issues_the_boards_annual_report_from_the_statistics_screen(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, database: Database,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _november(controller)
    _window, screen = _screen(qtbot, context)
    target = tmp_path / "annual-report.pdf"
    dialog = _report_dialog(qtbot, screen, [target], monkeypatch)
    assert dialog.year.value() == context.today().year
    dialog.confidential.setChecked(True)
    qtbot.mouseClick(dialog.issue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.issued is not None and not dialog.isVisible())
    issued = dialog.issued
    assert issued is not None and issued.edition is Edition.CONFIDENTIAL
    assert hashlib.sha256(target.read_bytes()).hexdigest() == issued.sha256
    with database.read_session() as session:
        assert session.scalar(select(func.count()).select_from(OfficeReport)) == 1
    assert screen.summary.text().startswith(
        f"Issued the annual report for {issued.period_start.year}, confidential edition for "
        "the Ethics Review Board")


def test_a_place_that_cannot_be_written_is_said_and_another_is_asked(
        qtbot: QtBot, context: AppContext, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda _parent, error, _title="": said.append(str(error)))
    _window, screen = _screen(qtbot, context)
    target = tmp_path / "second try.pdf"
    dialog = _report_dialog(qtbot, screen, [tmp_path, target], monkeypatch)  # a folder first
    qtbot.mouseClick(dialog.issue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.saved_to == target)
    assert len(said) == 1 and "could not be saved" in said[0]
    assert target.read_bytes().startswith(b"%PDF")


def test_the_administrator_counts_but_does_not_issue_the_annual_report(
        qtbot: QtBot, database: Database) -> None:
    make_account(database, "stat.admin", "Stat Administrator", Role.ADMIN)
    _window, screen = _screen(qtbot, signed_in_context(database, "stat.admin"))
    assert screen.figures is not None
    assert not screen.report_button.isEnabled()
    assert screen.report_button.toolTip().startswith("Only the City Clerk")
