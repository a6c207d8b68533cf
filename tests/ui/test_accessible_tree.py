"""What a screen reader finds in every window: each control it can land on has a name, and
each table tells its column headers (issue: screen reader).

The walk goes through Qt's accessibility interfaces — the tree Qt hands to AT-SPI on Linux
and to UI Automation on Windows — from each window of :func:`tests.ui.window_tour.tour`.
The same count, taken from the real AT-SPI tree of the running application, is printed by
``.ci/atspi-walk``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtGui import QAccessible, QAccessibleInterface
from pytestqt.qtbot import QtBot

from ethics_desk.ui.context import AppContext
from tests.ui.window_tour import tour

Role = QAccessible.Role

INTERACTIVE = frozenset({
    Role.PushButton, Role.CheckBox, Role.RadioButton, Role.ComboBox, Role.EditableText,
    Role.SpinBox, Role.Slider, Role.List, Role.Table, Role.Tree, Role.PageTab, Role.Link,
    Role.ButtonMenu, Role.ButtonDropDown, Role.Dial, Role.HotkeyField, Role.MenuItem,
})
"""The roles a screen reader's user lands on and acts in (scroll bars are left out: the
screen reader names them by their orientation)."""

MARKUP = re.compile(r"<[a-zA-Z/][^>]*>")
"""Rich-text tags, which a screen reader would spell out."""

CONTAINERS = frozenset({Role.Table, Role.List, Role.Tree})
"""Roles whose children are items (cells, rows): their names are the data shown."""


@dataclass
class Walk:
    """What the walk of one window found."""

    interactive: int = 0
    unnamed: list[str] = field(default_factory=list)
    marked_up: list[str] = field(default_factory=list)
    headless_tables: list[str] = field(default_factory=list)


def _label(node: QAccessibleInterface) -> str:
    found = node.object()
    kind = type(found).__name__ if found is not None else "?"
    name = found.objectName() if found is not None else ""
    return f"{node.role().name} {kind} {name!r}"


def _headers(node: QAccessibleInterface) -> list[str]:
    return [child.text(QAccessible.Text.Name)
            for index in range(node.childCount())
            if (child := node.child(index)) is not None
            and child.role() == Role.ColumnHeader]


def walk(node: QAccessibleInterface | None, path: str, found: Walk, depth: int = 0) -> Walk:
    """Walk the shown part of the tree under ``node``."""
    if node is None or not node.isValid() or depth > 40 or node.state().invisible:
        return found
    role = node.role()
    name = node.text(QAccessible.Text.Name).strip()
    if role in INTERACTIVE:
        found.interactive += 1
        if not name:
            found.unnamed.append(f"{path}: {_label(node)}")
        elif MARKUP.search(name):
            found.marked_up.append(f"{path}: {_label(node)} {name!r}")
    if role == Role.Table:
        headers = _headers(node)
        if not headers or not all(text.strip() for text in headers):
            found.headless_tables.append(f"{path}: {_label(node)} headers {headers}")
    if role in CONTAINERS:
        return found
    step = f"{path}/{name[:24] or role.name}"
    for index in range(node.childCount()):
        walk(node.child(index), step, found, depth + 1)
    return found


def test_every_control_a_screen_reader_can_reach_has_a_name_and_every_table_its_headers(
        qtbot: QtBot, demo_context: AppContext, tmp_path: Path) -> None:
    total = Walk()
    stops = 0
    for stop in tour(qtbot, demo_context, tmp_path):
        stops += 1
        found = walk(QAccessible.queryAccessibleInterface(stop.window), stop.name, Walk())
        total.interactive += found.interactive
        total.unnamed += found.unnamed
        total.headless_tables += found.headless_tables
        total.marked_up += found.marked_up
    print(f"\naccessible walk: {stops} windows, {total.interactive} interactive elements, "
          f"{len(total.unnamed)} unnamed")
    for line in sorted(set(total.unnamed + total.headless_tables + total.marked_up)):
        print(line)
    assert stops >= 50 and total.interactive >= 400
    assert "\n".join(sorted(set(total.unnamed))) == ""
    assert "\n".join(sorted(set(total.headless_tables))) == ""
    assert "\n".join(sorted(set(total.marked_up))) == ""
