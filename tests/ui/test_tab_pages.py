"""Tab pages built when first chosen: the label is there at once, the page built once in its
placeholder's place, and the tab chosen stays chosen whichever page is built."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from ethics_desk.ui.tab_pages import TabPages


def _tabs(qtbot: QtBot, built: list[str]) -> tuple[QTabWidget, TabPages]:
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("first"), "&First")
    pages = TabPages(tabs)
    for name in ("second", "third"):
        def build(name: str = name) -> QWidget:
            built.append(name)
            return QLabel(name)
        pages.add(name, f"&{name.title()}", build, keys=frozenset(name[:2]))
    return tabs, pages


def test_a_tab_has_its_label_before_its_page_is_built(qtbot: QtBot) -> None:
    built: list[str] = []
    tabs, pages = _tabs(qtbot, built)
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["&First", "&Second", "&Third"]
    assert tabs.widget(1).accessibleName() == "Second"
    assert built == [] and not pages.is_built("second")
    assert pages.waiting_keys() == {"s", "e", "t", "h"}


def test_choosing_a_tab_builds_its_page_once_and_keeps_it_chosen(qtbot: QtBot) -> None:
    built: list[str] = []
    tabs, pages = _tabs(qtbot, built)
    tabs.show()
    chosen: list[int] = []
    tabs.currentChanged.connect(chosen.append)
    tabs.setCurrentIndex(2)
    page = tabs.currentWidget()
    assert built == ["third"] and isinstance(page, QLabel) and page.text() == "third"
    assert chosen == [2] and page.isVisible()
    assert pages.waiting_keys() == {"s", "e"}
    tabs.setCurrentIndex(0)
    tabs.setCurrentIndex(2)
    assert built == ["third"] and tabs.currentWidget() is page is pages.page("third")


def test_a_page_asked_for_is_built_without_changing_the_tab_chosen(qtbot: QtBot) -> None:
    built: list[str] = []
    tabs, pages = _tabs(qtbot, built)
    tabs.setCurrentIndex(2)
    third = tabs.currentWidget()
    chosen: list[int] = []
    tabs.currentChanged.connect(chosen.append)
    second = pages.page("second")  # before the chosen tab
    assert tabs.indexOf(second) == 1 and tabs.tabText(1) == "&Second"
    assert tabs.currentWidget() is third and tabs.currentIndex() == 2 and chosen == []
    assert pages.build_all() == [third, second] and built == ["third", "second"]


def test_a_first_tab_built_later_is_built_at_once_as_it_is_chosen_at_once(qtbot: QtBot) -> None:
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    pages = TabPages(tabs)
    pages.add("only", "&Only", lambda: QLabel("only"))
    page = tabs.currentWidget()
    assert pages.is_built("only") and isinstance(page, QLabel) and page.text() == "only"
    assert tabs.count() == 1 and tabs.tabText(0) == "&Only"
