"""Run by ``test_windows_fit`` in a process of its own, on an offscreen screen of a given size:
open each window a clerk meets, and print as JSON where each one and its own buttons lie.

A process of its own, because the screen's size is fixed when Qt starts (the offscreen
platform's ``configfile``) and the suite's own application already has one.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QAbstractScrollArea, QApplication, QWidget

from ethics_desk.ui import none_guard


def _scrolled(widget: QWidget, window: QWidget) -> bool:
    """Inside a scroll area of the window: reached by scrolling, so not held to the screen."""
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def _rect(r: QRect) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def main() -> None:
    """Open the windows, show each, and print one JSON object on the last line."""
    none_guard.guard()
    app = QApplication(sys.argv[:1])
    from ethics_desk.cases.case_file import load_case
    from ethics_desk.documents import papers
    from ethics_desk.storage.opening import open_database
    from ethics_desk.ui.calendar_editor import CalendarEditorDialog
    from ethics_desk.ui.case.case_window import CaseWindow
    from ethics_desk.ui.case.forms import ActionDialog, form_for
    from ethics_desk.ui.context import AppContext
    from ethics_desk.ui.documents import FilingPapersDialog
    from ethics_desk.ui.intake.wizard import IntakeWizard
    from ethics_desk.ui.main_window import MainWindow
    from ethics_desk.ui.pdf_view import PdfPreviewDialog
    from ethics_desk.ui.statute_dialog import StatuteDialog
    from ethics_desk.workflow import WorkflowController
    from ethics_desk.workflow.events import Event
    from tests.conftest import CLOCK
    from tests.factories import filed_case

    database = open_database(Path(tempfile.mkdtemp()) / "fit.sqlite", clock=CLOCK)
    case_id = filed_case(WorkflowController(database, "Maria Clerk", clock=CLOCK))
    context = AppContext(database, clock=CLOCK)
    main_window = MainWindow(context)
    windows: dict[str, QWidget] = {
        "main window": main_window,
        "§ 2-83 text": StatuteDialog(main_window),
        "filing papers": FilingPapersDialog(context, case_id, main_window),
        "information sheet": PdfPreviewDialog(
            "How to file", papers.info_sheet(database, today=context.today()), main_window),
        "intake wizard": IntakeWizard(context, parent=main_window),
        "case window": CaseWindow(context, case_id),
        "closures and holidays": CalendarEditorDialog(context, main_window),
    }
    # Every action's form, as the case window opens it (the largest carry a vote entry).
    case = load_case(database, case_id)
    for event in Event:
        form = form_for(event, case, context.today(), "Maria Clerk", database)
        if form is not None:
            windows[f"form: {form.title}"] = ActionDialog(form, lambda _payload: False, main_window)
    available = app.primaryScreen().availableGeometry()
    report: dict[str, object] = {"screen": _rect(available), "windows": {}}
    for name, window in windows.items():
        window.show()
        app.processEvents()
        buttons = [b for b in window.findChildren(QAbstractButton)
                   if b.isVisible() and b.window() is window and not _scrolled(b, window)]
        report["windows"][name] = {  # type: ignore[index]
            "frame": _rect(window.frameGeometry()),
            "buttons": {(b.text() or b.objectName() or type(b).__name__):
                        _rect(QRect(b.mapToGlobal(QPoint(0, 0)), b.size())) for b in buttons},
        }
        window.hide()
    database.dispose()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
