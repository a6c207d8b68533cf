"""Tab moves through every window in the order a clerk reads it.

The rule, for the Tab stops of one stop's part (the visible widgets that take focus by Tab and
pass it to no proxy — disabled ones too, since a selection enables them), each placed by its
rectangle in the part:

* **Rows first.** Where a clear horizontal band (no Tab stop crosses it) divides the stops, they
  are read band by band, top to bottom: a form row's field comes after every stop of the row
  above it, a row of buttons after the table above it.
* **Then columns.** Within one band, where a clear vertical band divides the stops, they are
  read column by column, left to right: a label's field and the button beside it, in line.
* Each band and column is read by the same rule, again and again, down to single stops; stops
  that overlap both ways (which a layout never makes) are read by their top, then left, edge.
* **Panes and boxes are read whole.** A pane of a splitter, a group box and a scroll area
  count as one rectangle for the rule, and what is inside is read by the rule before anything
  after it: the left pane of a splitter before the right, a box's fields before what follows
  the box, a scrolled form's fields before the buttons under it.
* **Columns of a list.** A widget marked ``readingOrder = "columns"`` lays one list down its
  columns (the vote entry's members, by name); it is read column by column first.

The Tab order, read from the window through ``QWidget.nextInFocusChain()``, must be exactly
that order — it is also where Qt puts the cursor when a window opens without one — and no Tab
stop may hold other Tab stops (a scroll area or frame is a container, not a field).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QGroupBox, QSplitter, QWidget
from pytestqt.qtbot import QtBot

from ethics_desk.ui.context import AppContext
from tests.ui.window_tour import Stop, tour


def tab_stops(window: QWidget, part: QWidget) -> list[QWidget]:
    """The part's Tab stops (disabled ones too) in the order Tab reaches them, from the window's
    start."""
    found: list[QWidget] = []
    seen: set[int] = set()
    widget: QWidget | None = window.nextInFocusChain()
    while widget is not None and widget is not window and id(widget) not in seen:
        seen.add(id(widget))
        if (widget.focusPolicy() & Qt.FocusPolicy.TabFocus) == Qt.FocusPolicy.TabFocus \
                and widget.isVisible() and widget.focusProxy() is None \
                and widget.window() is window and (widget is part or part.isAncestorOf(widget)):
            found.append(widget)
        widget = widget.nextInFocusChain()
    return found


@dataclass
class _Item:
    """A Tab stop, or a pane or box read whole (with the stops inside it)."""

    rect: QRect
    widget: QWidget | None = None
    inside: list[_Item] = field(default_factory=list)
    by_columns: bool = False


def _rect(widget: QWidget, part: QWidget) -> QRect:
    return QRect(widget.mapTo(part, QPoint(0, 0)), widget.size())


def _is_block(widget: QWidget) -> bool:
    parent = widget.parentWidget()
    return (isinstance(widget, QGroupBox | QAbstractScrollArea) or isinstance(parent, QSplitter)
            or widget.property("readingOrder") == "columns")


def _items(stops: list[QWidget], part: QWidget, container: QWidget) -> list[_Item]:
    """The stops inside ``container``, each alone or in the outermost block holding it."""
    items: list[_Item] = []
    blocks: dict[int, tuple[QWidget, list[QWidget]]] = {}
    for stop in stops:
        outermost: QWidget | None = None
        ancestor = stop.parentWidget()
        while ancestor is not None and ancestor is not container:
            if _is_block(ancestor):
                outermost = ancestor
            ancestor = ancestor.parentWidget()
        if outermost is None:
            items.append(_Item(_rect(stop, part), stop))
        else:
            blocks.setdefault(id(outermost), (outermost, []))[1].append(stop)
    for block, inside in blocks.values():
        items.append(_Item(_rect(block, part), inside=_items(inside, part, block),
                           by_columns=block.property("readingOrder") == "columns"))
    return items


def _split(items: list[_Item], vertical: bool) -> list[list[_Item]]:
    """The items in bands divided by clear gaps: rows (``vertical`` False) or columns."""
    def span(item: _Item) -> tuple[int, int]:
        r = item.rect
        return (r.left(), r.left() + r.width()) if vertical else (r.top(), r.top() + r.height())

    bands: list[list[_Item]] = []
    end = None
    for item in sorted(items, key=span):
        start, stop = span(item)
        if end is None or start >= end:
            bands.append([item])
            end = stop
        else:
            bands[-1].append(item)
            end = max(end, stop)
    return bands


def reading_order(items: list[_Item], by_columns: bool = False) -> list[QWidget]:
    """The Tab stops of ``items`` in reading order, by the rule of this module."""
    if len(items) == 1:
        item = items[0]
        return [item.widget] if item.widget is not None else reading_order(item.inside,
                                                                            item.by_columns)
    for vertical in ((True, False) if by_columns else (False, True)):
        bands = _split(items, vertical)
        if len(bands) > 1:
            return [w for band in bands for w in reading_order(band)]
    ordered = sorted(items, key=lambda item: (item.rect.top(), item.rect.left()))
    return [w for item in ordered for w in reading_order([item])]


def _describe(widget: QWidget, part: QWidget) -> str:
    text = getattr(widget, "text", None)
    label = text() if callable(text) and isinstance(text(), str) and text() else ""
    r = _rect(widget, part)
    return (f"{type(widget).__name__}({widget.objectName() or label[:24]!r} at "
            f"{r.x()},{r.y()})")


def _problems(stop: Stop) -> list[str]:
    stops = tab_stops(stop.window, stop.part)
    problems = [f"{stop.name}: {_describe(w, stop.part)} holds other Tab stops"
                for w in stops if any(w is not o and w.isAncestorOf(o) for o in stops)]
    expected = reading_order(_items(stops, stop.part, stop.part))
    if expected != stops:
        problems.append(f"{stop.name}:\n  Tab:      "
                        + ", ".join(_describe(w, stop.part) for w in stops)
                        + "\n  expected: " + ", ".join(_describe(w, stop.part) for w in expected))
    return problems


def test_tab_follows_the_layout_in_every_window_a_clerk_meets(
        qtbot: QtBot, demo_context: AppContext, tmp_path: Path) -> None:
    problems: list[str] = []
    seen: list[Stop] = []  # the tour's windows stay referenced while it goes on
    for stop in tour(qtbot, demo_context, tmp_path):
        seen.append(stop)
        assert tab_stops(stop.window, stop.part), f"{stop.name} has no Tab stop"
        problems += _problems(stop)
    assert problems == [], "\n".join(problems)


def test_the_reading_order_reads_rows_then_columns_and_a_splitter_pane_whole(
        qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout

    window = QWidget()
    qtbot.addWidget(window)
    name, kind = QLineEdit(window), QLineEdit(window)
    form = QFormLayout()
    form.addRow("Name:", name)
    form.addRow("Kind:", kind)
    splitter = QSplitter(window)
    left = QWidget(splitter)
    first, second = QLineEdit(left), QLineEdit(left)
    column = QVBoxLayout(left)
    column.addWidget(first)
    column.addSpacing(60)  # the right pane's field lies beside this gap: still read after
    column.addWidget(second)
    right = QLineEdit(splitter)
    back, save = QPushButton("Back", window), QPushButton("Save", window)
    row = QHBoxLayout()
    row.addWidget(back)
    row.addWidget(save)
    layout = QVBoxLayout(window)
    layout.addLayout(form)
    layout.addWidget(splitter)
    layout.addLayout(row)
    window.show()
    qtbot.waitExposed(window)
    stops = [save, right, second, back, kind, first, name]
    assert reading_order(_items(stops, window, window)) == [name, kind, first, second, right,
                                                            back, save]
