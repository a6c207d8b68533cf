"""What a start-up benchmark or smoke test measures of a real start: inert in normal use.

``ethics-desk --quit-when-ready`` signs in from the environment and quits once the main window
is shown with the inbox's rows (*ready*). Two environment variables, read only on such a start
(never by a start with the sign-in dialog), make it report and do more:

* :data:`MARKS_ENV` names a file to which each moment of the start is appended as one JSON line
  ``{"mark": NAME, "at": SECONDS_SINCE_THE_EPOCH, ...}`` (the wall clock, so that the program
  that started the process measures from its own start): the first look taken, ``loaded``
  (the ORM and what the sign-in dialog loads behind itself, :data:`ethics_desk.ui.app.LOADING_STEPS`:
  what follows is what follows Enter), the account signed in (the Argon2id check, slow on
  purpose), the window built, ``ready`` with the rows the inbox shows, and ``usable``.
* :data:`SEARCH_ENV` is a search to type the moment the window can take keys: on *ready* the
  inbox is put on "All cases" and the text is typed into its search box one key event per
  character, as at the keyboard; the start is *usable* (and the application quits) when the
  inbox shows that search's answer, whatever the way the inbox answers it (at once or on a
  worker thread). The ``usable`` mark carries the case ids shown, for the benchmark to compare
  with the database.
* :data:`GRAB_ENV` names a PNG file: on *ready* the main window is drawn into it, with the
  platform's style and fonts (CI's Windows stage looks at the window of Qt's ``windows``
  platform under Wine this way).

Nothing here reads a case before someone has signed in (§ 2-83(h)): the probe is attached to
the main window, which is built only for a signed-in account, and reads only what it shows.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtGui import QKeyEvent

from ethics_desk.core.clock import Clock, system_clock

if TYPE_CHECKING:
    from ethics_desk.ui.main_window import MainWindow

MARKS_ENV = "ETHICS_DESK_STARTUP_MARKS"
"""The file a ``--quit-when-ready`` start appends its moments to (benchmarks only)."""

SEARCH_ENV = "ETHICS_DESK_STARTUP_SEARCH"
"""The search a ``--quit-when-ready`` start types once ready, quitting when it is answered."""

GRAB_ENV = "ETHICS_DESK_STARTUP_GRAB"
"""The PNG a ``--quit-when-ready`` start draws the main window into once ready."""


class StartupProbe:
    """The moments of one start, written to ``marks`` (if given), and the ``search`` typed once
    the window is ready (if given). Made by :meth:`from_environment` for a start without the
    sign-in dialog; a start with it has none."""

    def __init__(self, marks: Path | None = None, search: str | None = None, *,
                 grab: Path | None = None, clock: Clock = system_clock) -> None:
        self.marks = marks
        self.search = search
        self.grab = grab
        """Where the window is drawn once it is ready (None: nowhere)."""
        self.clock = clock
        """The machine's real time (never a fixed ``--today``): the start is timed from outside."""
        self.answered = False
        """Whether the search was answered (the application then quits)."""

    @classmethod
    def from_environment(cls, *, interactive: bool) -> StartupProbe:
        """The probe the environment asks for; an inert one for an interactive start (the
        variables are for smoke tests and benchmarks alone) or when neither is set."""
        if interactive:
            return cls()
        marks = os.environ.get(MARKS_ENV, "").strip()
        search = os.environ.get(SEARCH_ENV, "")
        grab = os.environ.get(GRAB_ENV, "").strip()
        return cls(Path(marks) if marks else None, search if search.strip() else None,
                   grab=Path(grab) if grab else None)

    def mark(self, name: str, **detail: Any) -> None:
        """Note that the start reached ``name`` now (nothing without a marks file)."""
        if self.marks is None:
            return
        with self.marks.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"mark": name, "at": self.clock().timestamp(), **detail}) + "\n")

    def attach(self, window: MainWindow, quit_app: Callable[[], None]) -> None:
        """Mark ``ready`` when the window is shown with its rows, then quit — or, with a
        search, type it and quit once it is answered."""

        def ready() -> None:
            if window.property("startupProbeReady"):
                return  # a second show (none on such a start): measured once
            window.setProperty("startupProbeReady", True)
            inbox = window.inbox_screen
            self.mark("ready", screen=window.current_screen(), rows=inbox.model.rowCount())
            if self.grab is not None:
                self._grab_window(window)
            if self.search is None:
                quit_app()
                return
            self._type_search(window, quit_app)

        window.ready.connect(ready)

    def _grab_window(self, window: MainWindow) -> None:
        """Draw the window into :attr:`grab`, once everything queued has been handled."""
        assert self.grab is not None
        QCoreApplication.processEvents()
        saved = window.grab().save(str(self.grab), "PNG")
        self.mark("grabbed", file=str(self.grab), saved=saved)

    def _type_search(self, window: MainWindow, quit_app: Callable[[], None]) -> None:
        from ethics_desk.cases.inbox import ALL_CASES

        assert self.search is not None
        search = self.search
        inbox = window.inbox_screen
        model = inbox.model

        def answered() -> None:
            if self.answered or model.inbox_filter.text != search:
                return
            self.answered = True
            # One more turn of the event loop: the rows are painted before the mark.
            QTimer.singleShot(0, lambda: finish())

        def finish() -> None:
            shown = [model.case_id(row) for row in range(model.rowCount())]
            self.mark("usable", rows=len(shown), more=model.has_more, ids=shown,
                      view=inbox.current_view(), status=inbox.status.text())
            quit_app()

        model.modelReset.connect(answered)
        inbox.show_view(ALL_CASES)
        inbox.focus_search()
        self.mark("search_typed", text=search)
        target = inbox.search
        for char in search:  # posted, as the keyboard's events are: handled in turn
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QCoreApplication.postEvent(target, QKeyEvent(
                    kind, 0, Qt.KeyboardModifier.NoModifier, char))
