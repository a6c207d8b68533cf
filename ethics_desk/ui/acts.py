"""Which act of the permission table each control leads to, offered only to those it allows.

Every button and menu entry of the window that leads to an act carries the act in its Qt
property :data:`ACT_PROPERTY` — the value of an :class:`~ethics_desk.core.permissions.Act`, or
``event:<event>`` for a step of a case's workflow — and one that changes nothing (Refresh, Help,
Close, moving between screens, choosing a date) says :data:`HARMLESS`. The window asks the same
table as the services (:func:`ethics_desk.staff.acting.allowed`): a control whose act the
signed-in person may not do is greyed, its tooltip naming who may ("Only the City Clerk staff
change the Board's roster."). The service refuses the act anyway; the declaration lets a test
sign in as every role and find any control enabled for a role the table denies, and any new
control that declares nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:  # the table names the workflow's events, which load the ORM: imported when
    # an act is named, so that a date field or the PDF viewer can declare itself at start-up
    from ethics_desk.core.events import Event
    from ethics_desk.core.permissions import Act
    from ethics_desk.ui.context import AppContext

ACT_PROPERTY = "ethicsDeskAct"
"""The Qt property naming the act a control leads to."""

HARMLESS = "none"
"""The declaration of a control that leads to no act (it reads, moves or closes)."""


def declaration(act: Act | Event | None) -> str:
    """What :data:`ACT_PROPERTY` holds for ``act`` (None: a harmless control)."""
    if act is None:
        return HARMLESS
    from ethics_desk.core.events import Event

    return f"event:{act.value}" if isinstance(act, Event) else act.value


def declare(act: Act | Event | None, *controls: QObject) -> None:
    """Mark each of ``controls`` with the act it leads to (None: it leads to none)."""
    for control in controls:
        control.setProperty(ACT_PROPERTY, declaration(act))


def offer(context: AppContext, act: Act, doing: str, *controls: QWidget | QAction) -> bool:
    """Declare ``controls`` as leading to ``act`` and, unless the signed-in person may do it,
    grey them, their tooltip naming who may ("Only the … {doing}."); whether they may.

    Call it where the controls are made, and again wherever their enabling is worked out anew
    (a selection, a reload), after it: it only ever takes an enabling away."""
    from ethics_desk.core.permissions import who_may
    from ethics_desk.staff.acting import allowed

    declare(act, *controls)
    may = context.account is not None and allowed(context.account, act)
    if not may:
        for control in controls:
            control.setEnabled(False)
            control.setToolTip(f"Only the {who_may(act)} {doing}.")
            if isinstance(control, QAction):
                control.setStatusTip(control.toolTip())
    return may
