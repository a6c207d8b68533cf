"""Measure every text a window shows against the room it is given: what a person at 1280 × 720
would see cut — a label, a button, a tab, a list's heading or cell, a choice in a drop-down,
a value shown in a field — named, with the room it had and the room it needs.

A list may name one column that gives way when the window is narrow (a paper's title, a case's
parties: the longest, least needed at a glance); its cells may be shortened there, but only
with the whole text in their tooltip. Every other column shows its texts whole.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QTableView,
    QWidget,
)

from ethics_desk.ui.column_widths import GIVES_WAY

_CELL_PADDING = 8  # the style's margins about a cell's text (4 each side)
_HEADER_PADDING = 8
_TAB_PADDING = 8


def _plain(text: str) -> str:
    """A caption as drawn: its mnemonic ampersands taken out (a doubled one is one)."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _name(widget: QWidget) -> str:
    return f"{type(widget).__name__} {widget.objectName() or widget.accessibleName()!r}"


def _label(label: QLabel) -> str | None:
    text = label.text()
    if not text or not label.isVisible():
        return None
    if label.wordWrap():
        needs = label.heightForWidth(label.width())
        if needs > label.height() + 1:
            return f"{_name(label)} {text[:40]!r}: {label.height()} px high, needs {needs}"
        return None
    needs = label.minimumSizeHint().width()
    if needs > label.width() + 1:
        return f"{_name(label)} {text[:40]!r}: {label.width()} px wide, needs {needs}"
    return None


def _button(button: QAbstractButton) -> str | None:
    if not button.isVisible() or not button.text():
        return None
    if not isinstance(button, (QPushButton, QCheckBox, QRadioButton)):
        return None
    needs = button.minimumSizeHint().width()
    if isinstance(button, QPushButton):
        metrics = button.fontMetrics()
        needs = metrics.horizontalAdvance(_plain(button.text())) + 12
        if not button.icon().isNull():
            needs += button.iconSize().width() + 4
    if needs > button.width() + 1:
        return f"{_name(button)} {_plain(button.text())!r}: {button.width()} px, needs {needs}"
    return None


def _tabs(bar: QTabBar) -> list[str]:
    if not bar.isVisible():
        return []
    metrics = bar.fontMetrics()
    cut = []
    for index in range(bar.count()):
        text = _plain(bar.tabText(index))
        needs = metrics.horizontalAdvance(text) + _TAB_PADDING
        if not bar.tabIcon(index).isNull():
            needs += bar.iconSize().width()
        rect = bar.tabRect(index)
        if needs > rect.width() or rect.left() < 0 or rect.right() > bar.width():
            cut.append(f"tab {text!r}: {rect.width()} px, needs {needs}")
    return cut


def _combo(combo: QComboBox) -> str | None:
    """The choice shown on the closed drop-down, whole in its edit field (the open list
    widens to its longest choice)."""
    if not combo.isVisible() or combo.isEditable() or not combo.currentText():
        return None
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, combo)
    needs = combo.fontMetrics().horizontalAdvance(combo.currentText()) + 4
    if not combo.itemIcon(combo.currentIndex()).isNull():
        needs += combo.iconSize().width() + 4
    if needs > field.width() + 1:
        return (f"{_name(combo)} choice {combo.currentText()!r}: {field.width()} px, "
                f"needs {needs}")
    return None


def _field(field: QLineEdit) -> str | None:
    """A value shown, not typed: a read-only field's text whole."""
    if not field.isVisible() or not field.isReadOnly() or not field.text():
        return None
    needs = field.fontMetrics().horizontalAdvance(field.text()) + 12
    if needs > field.width() + 1:
        return f"{_name(field)} {field.text()[:40]!r}: {field.width()} px, needs {needs}"
    return None


def _table(view: QTableView) -> list[str]:
    if not view.isVisible():
        return []
    model = view.model()
    if model is None:
        return []
    header = view.horizontalHeader()
    named = view.property(GIVES_WAY)
    gives_way = set(named) if isinstance(named, (list, tuple)) else {named}
    metrics = view.fontMetrics()
    heading = header.fontMetrics()
    cut: list[str] = []
    width = view.viewport().width()
    for column in range(model.columnCount()):
        if header.isSectionHidden(column):
            continue
        size = header.sectionSize(column)
        title = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
        lines = title.splitlines() or [""]
        needs = max(heading.horizontalAdvance(line) for line in lines) + _HEADER_PADDING
        if header.isSortIndicatorShown() and header.sortIndicatorSection() == column:
            needs += 12
        where = header.sectionViewportPosition(column)
        if where + size > width + 1 and view.horizontalScrollBar().value() == 0:
            cut.append(f"{_name(view)} column {title!r}: beyond the list's right edge")
        if needs > size + 1:
            cut.append(f"{_name(view)} heading {title!r}: {size} px, needs {needs}")
        for row in range(min(model.rowCount(), 200)):
            index = model.index(row, column, QModelIndex())
            text = index.data(Qt.ItemDataRole.DisplayRole)
            if text is None or not str(text):
                continue
            text = str(text).splitlines()[0]
            font = index.data(Qt.ItemDataRole.FontRole)
            used = QFontMetrics(font) if font is not None else metrics
            if view.wordWrap():  # wraps onto more lines: each word whole, the row tall enough
                if view.rowHeight(row) < view.sizeHintForRow(row):
                    cut.append(f"{_name(view)} row {row + 1}: {view.rowHeight(row)} px high, "
                               f"needs {view.sizeHintForRow(row)}")
                text = max(text.split(), key=used.horizontalAdvance)
            needs = used.horizontalAdvance(text) + _CELL_PADDING
            if index.data(Qt.ItemDataRole.DecorationRole) is not None:
                needs += view.iconSize().width() if view.iconSize().width() > 0 else 20
            if needs <= size + 1:
                continue
            if column in gives_way:
                tip = index.data(Qt.ItemDataRole.ToolTipRole)
                if tip is not None and text in str(tip):
                    continue
                cut.append(f"{_name(view)} {title!r} cell {text[:40]!r}: shortened with no "
                           "tooltip")
                continue
            cut.append(f"{_name(view)} {title!r} cell {text[:40]!r}: {size} px, needs {needs}")
    return cut


def cut_texts(part: QWidget) -> list[str]:
    """Every text in ``part`` (and its children) shown with less room than it needs."""
    cut: list[str] = []
    for label in part.findChildren(QLabel):
        found = _label(label)
        if found:
            cut.append(found)
    for button in part.findChildren(QAbstractButton):
        found = _button(button)
        if found:
            cut.append(found)
    for bar in part.findChildren(QTabBar):
        cut += _tabs(bar)
    for combo in part.findChildren(QComboBox):
        found = _combo(combo)
        if found:
            cut.append(found)
    for field in part.findChildren(QLineEdit):
        if isinstance(field.parentWidget(), QComboBox):
            continue
        found = _field(field)
        if found:
            cut.append(found)
    for view in part.findChildren(QTableView):
        if isinstance(view.parentWidget(), QComboBox) or isinstance(view, QHeaderView):
            continue
        cut += _table(view)
    return cut
