"""Starting the application: the QApplication, the database, the main window, and failures.

A database that cannot be opened (locked, read-only, written by a newer version) is a dialog
that says what to do, never a traceback.

A current database is first looked at without SQLAlchemy (:mod:`ethics_desk.maintenance.first_look`):
the sign-in dialog (:mod:`ethics_desk.ui.sign_in`) is shown from that look, and the ORM is
loaded while it is on screen. Nothing of a case is read, and the main window is not built,
before someone has signed in (§ 2-83(h)); the desk locks itself after the office's idle time,
and File → Sign out hands it to the next person without quitting (:mod:`ethics_desk.ui.desk`).
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from PySide6.QtCore import QSize, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from ethics_desk import __version__
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.ui import none_guard, palette
from ethics_desk.ui.fonts import DeskApplication

if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.maintenance.first_look import FirstLook
    from ethics_desk.storage.database import Database
    from ethics_desk.ui.context import AppContext
    from ethics_desk.ui.startup_probe import StartupProbe


def application() -> QApplication:
    """The one QApplication (its fonts registered: :mod:`ethics_desk.ui.fonts`), created with
    the organisation and application names."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    none_guard.guard()  # before the first window: see the module
    app = DeskApplication(sys.argv[:1])
    app.setOrganizationName("EthicsDesk")
    app.setApplicationName("Ethics Desk")
    app.setApplicationVersion(__version__)
    app.setWindowIcon(window_icon())
    palette.follow(app)
    return app


WINDOW_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""The sizes of ``resources/icons/ethics-desk-N.png`` (drawn by ``installer/make_icon.py``, with
the executables' ``.ico``): every window's title bar, the taskbar and Alt+Tab."""


def window_icon() -> QIcon:
    """The application's icon for every window, from the PNGs (built into QtGui: no plugin)."""
    from ethics_desk.core.resources import resource_path

    icon = QIcon()
    for size in WINDOW_ICON_SIZES:
        icon.addFile(str(resource_path("icons", f"ethics-desk-{size}.png")), QSize(size, size))
    return icon


def open_with_dialogs(database_arg: str | None, *, interactive: bool,
                      clock: Clock) -> Database | None:
    """Open the database; a problem is a dialog (Retry for a busy database), or stderr.

    A server not yet set up, or at an older schema, is IT's to upgrade: interactively, the
    waiting dialog (:mod:`ethics_desk.ui.schema_wait`) checks again until it opens.
    """
    from ethics_desk.maintenance.opening import SchemaNotReady, open_database

    while True:
        try:
            database = open_database(database_arg, clock=clock)
        except SchemaNotReady as exc:
            if not interactive:
                print(f"ethics-desk: {exc}", file=sys.stderr)
                return None
            from ethics_desk.ui.schema_wait import wait_for_schema

            waited = wait_for_schema(exc, lambda: open_database(database_arg, clock=clock),
                                     clock=clock)
            if waited is None:
                return None
            database = waited
        except UserError as exc:
            if not interactive:
                print(f"ethics-desk: {exc}", file=sys.stderr)
                return None
            busy = "busy" in exc.problem
            buttons = (QMessageBox.StandardButton.Retry | QMessageBox.StandardButton.Cancel
                       if busy else QMessageBox.StandardButton.Close)
            box = QMessageBox(QMessageBox.Icon.Critical, "Ethics Desk — the database cannot be "
                              "opened", exc.problem, buttons)
            box.setInformativeText(exc.fix)
            if box.exec() != QMessageBox.StandardButton.Retry:
                return None
            continue
        try:
            database.check_writable()
        except StorageError as exc:
            if not interactive:
                print(f"ethics-desk: warning: {exc}", file=sys.stderr)
            else:
                QMessageBox.warning(None, "Ethics Desk — changes cannot be saved",
                                    f"{exc.problem}\n\nYou can look at the records, but "
                                    f"nothing can be saved. {exc.fix}")
        return database


def open_context(database_arg: str | None, *, interactive: bool, clock: Clock,
                 behind_dialog: bool | None = None) -> AppContext | None:
    """The application's context: from a first look at a current database, else opened fully.

    The full opening (creating, migrating after a backup, refusing a newer or unusable
    database, with its dialogs) is :func:`open_with_dialogs`. With the sign-in dialog to
    come (``behind_dialog``, by default ``interactive``), an office's server is not reached
    here at all: the dialog asks it while it is on screen
    (:func:`~ethics_desk.maintenance.first_look.server_look`), and the full opening follows
    when it must (:func:`sign_in_at_start`).
    """
    from ethics_desk.maintenance.first_look import first_look, server_look
    from ethics_desk.ui.context import AppContext

    asks_later = interactive if behind_dialog is None else behind_dialog
    look: FirstLook | None = server_look(database_arg) if asks_later else None
    if look is None:
        look = first_look(database_arg)
    if look is not None:
        return AppContext(first_look=look, clock=clock)
    database = open_with_dialogs(database_arg, interactive=interactive, clock=clock)
    return None if database is None else AppContext(database, clock=clock)


LOADING_STEPS = ("sqlalchemy.orm", "ethics_desk.models", None, "ethics_desk.staff.accounts",
                 "ethics_desk.cases.inbox_query", "ethics_desk.ui.screens.inbox_screen",
                 "ethics_desk.ui.main_window", "ethics_desk.ui.desk", "ethics_desk.cases.views")
"""What is loaded after the sign-in dialog is shown, in turn: modules, and (None) the database
opened through the ORM with its mappers configured and the sign-in's connections opened; then
what Sign in and the main window need (the accounts, the inbox's SQL, the window's screens, the
desk that opens it, the saved views it lists), so that after Enter only the password's check
and the inbox's first page remain. Most take about a tenth of a second."""


SERVER_ANSWER_POLL_MS = 50
"""How often the loading looks again whether the office's server has answered the first look,
once only opening the database is left."""


def load_in_steps(context: AppContext, finished: Callable[[], None] | None = None) -> None:
    """Load the ORM after the window is shown, one step per turn of the event loop.

    Between the steps the window paints and handles what the clerk did; a screen that needs
    the database before the end opens it at once (:attr:`AppContext.database`). A database
    that cannot be opened now is left to the screen that needs it next, which says why. An
    office's server the sign-in dialog is still asking is opened once it has answered (the
    modules are loaded meanwhile); one found not at this revision is left to the full path.
    """
    steps = list(LOADING_STEPS)

    def step() -> None:
        _begin_check(context)  # now that the dialog is on screen
        if not steps:
            _keep_what_is_loaded()
            if finished is not None:
                finished()
            return
        if steps[0] is None and context.waiting_for_server:
            if len(steps) == 1:  # all else loaded: look again in a moment
                QTimer.singleShot(SERVER_ANSWER_POLL_MS, step)
                return
            steps.append(steps.pop(0))  # the modules first, the database once it answered
        _load_step(context, steps.pop(0))
        QTimer.singleShot(0, step)

    QTimer.singleShot(0, step)


def load_now(context: AppContext) -> None:
    """Every step of :data:`LOADING_STEPS` at once: a start without the dialog (a smoke test, a
    benchmark) loads what the dialog would have loaded behind itself, before signing in."""
    _begin_check(context)
    for module in LOADING_STEPS:
        _load_step(context, module)
    _keep_what_is_loaded()


def _keep_what_is_loaded() -> None:
    """What the loading made — modules, classes, the ORM's mappers and compiled statements,
    Qt's wrappers — lives as long as the application: collected once, while the person still
    types, and then left out of the garbage collector's walks (:func:`gc.freeze`). Each full
    collection walked it all again, about 40 ms on a GUI thread that had just loaded it — one
    in the middle of the sign-in after Enter, another as the first search was typed."""
    import gc

    gc.collect()
    gc.freeze()


def _begin_check(context: AppContext) -> None:
    """A large file's ``quick_check`` begun as the loading starts, on its own thread
    (:meth:`~ethics_desk.maintenance.first_look.FirstLook.begin_check`; once)."""
    if context.first_look is not None:
        context.first_look.begin_check()


def _load_step(context: AppContext, module: str | None) -> None:
    with contextlib.suppress(UserError):  # the screen that needs the database says why
        if module is None:
            context.load()
            context.database.open_connections()  # the sign-in's, opened before Enter
        else:
            importlib.import_module(module)


PASSWORD_ENV = "ETHICS_DESK_PASSWORD"
"""Where a start without a dialog (``--quit-when-ready``, a scheduled check) finds the password."""


def sign_in_at_start(context: AppContext, *, interactive: bool) -> Account | None:
    """The person at the desk: through the sign-in dialog, or (not ``interactive``) from
    ``ETHICS_DESK_USER`` (else the operating-system login) and ``ETHICS_DESK_PASSWORD``, a
    refusal on stderr. On a database without any account, that first sign-in creates its first
    Administrator. None when nobody signed in."""
    from ethics_desk.ui.sign_in import OPEN_FULLY, SignInDialog, desk_login

    if interactive:
        load_in_steps(context)  # the ORM loads while the person types
        dialog = SignInDialog(context)
        while (result := dialog.exec()) == OPEN_FULLY:
            # The server was not at this revision: the full path, with its messages and
            # dialogs, then the same dialog again, with what was typed.
            assert context.first_look is not None
            database = open_with_dialogs(context.first_look.address, interactive=True,
                                         clock=context.clock)
            if database is None:
                context.unopened = True
                return None
            context.opened(database)
            dialog.reconsider(go_on=False)
        return dialog.account if result == SignInDialog.DialogCode.Accepted else None
    import os

    from ethics_desk.staff import accounts

    password = os.environ.get(PASSWORD_ENV)
    if password is None:
        print(f"ethics-desk: Nobody to sign in: give the password in {PASSWORD_ENV} (and the "
              "login in ETHICS_DESK_USER), or start without --quit-when-ready.", file=sys.stderr)
        return None
    try:
        if accounts.needs_first_administrator(context.database):
            return accounts.create_first_administrator(context.database, desk_login(),
                                                       desk_login(), password, clock=context.clock)
        return accounts.sign_in_at_desk(context.database, desk_login(), password,
                                        clock=context.clock,
                                        workstation=accounts.this_workstation())
    except UserError as exc:
        print(f"ethics-desk: {exc.problem} {exc.fix}".strip(), file=sys.stderr)
        return None


def run_gui(database_arg: str | None = None, quit_when_ready: bool = False, *,
            quit_when_loaded: bool = False, clock: Clock) -> int:
    """Open the database, sign in and show the main window; returns the exit code.

    With ``quit_when_ready`` the application signs in from the environment
    (:func:`sign_in_at_start`) and exits 0 as soon as the main window is shown and populated
    (for smoke tests and start-up benchmarks); ``quit_when_loaded`` is the same (the ORM is
    loaded by the sign-in). Such a start first loads at once what the dialog loads behind
    itself (:func:`load_now`), and a benchmark's :class:`~ethics_desk.ui.startup_probe.StartupProbe`
    notes its moments and types a search once ready (inert unless its environment variables are
    set, and always for a start with the dialog). ``clock`` is the application's one clock (the
    command line's), held by its :class:`AppContext`.
    """
    from ethics_desk.storage.private_files import remove_leftover_exhibits
    from ethics_desk.ui.errors import install_crash_handler
    from ethics_desk.ui.startup_probe import StartupProbe

    interactive = not (quit_when_ready or quit_when_loaded)
    probe = StartupProbe.from_environment(interactive=interactive)  # inert unless benchmarked
    app = application()
    if interactive:
        install_crash_handler()
    remove_leftover_exhibits()  # copies of exhibits a closed window could not remove (§ 2-83(h))
    context = open_context(database_arg, interactive=interactive, clock=clock)
    if context is None:
        return 2
    probe.mark("first_look", loaded=context.loaded)
    try:
        if not interactive:  # as behind the dialog: what follows is what follows Enter
            load_now(context)
            probe.mark("loaded")
        account = sign_in_at_start(context, interactive=interactive)
        if account is None:
            return 2 if not interactive or context.unopened else 0
        probe.mark("signed_in")
        context.account = account
        code = run_desk(app, context, interactive=interactive, probe=probe)
    finally:
        if context.loaded:
            context.database.dispose()
    if interactive:
        leave(code)
    return code


def run_desk(app: QApplication, context: AppContext, *, interactive: bool,
             probe: StartupProbe | None = None) -> int:
    """The desk (:class:`~ethics_desk.ui.desk.Desk`) for the person signed in, until Quit; the
    event loop's exit code. A day's copy under way at Quit is stopped, never waited for."""
    # Imported once someone has signed in (loaded meanwhile behind the dialog).
    from ethics_desk.ui.desk import Desk

    app.setQuitOnLastWindowClosed(False)  # the desk quits: a sign-out closes the window
    desk = Desk(context, lock_minutes=context.lock_minutes() if interactive else 0,
                starts=interactive, parent=app)
    if probe is not None and not interactive:
        desk.window_opened.connect(lambda window: probe.mark("window_built"))
        desk.window_opened.connect(lambda window: probe.attach(window, app.quit))
    desk.open_window()
    try:
        return app.exec()
    finally:
        desk.stop()
        desk.deleteLater()


def leave(code: int) -> NoReturn:
    """End the process with ``code`` once the window is closed, the database disposed (the
    records it queued written) and the settings saved: the exit functions run, the logs and
    streams are flushed, and the interpreter's teardown of every object — two seconds and more
    once the ORM is loaded, after the window is already gone — is skipped, so that Quit ends
    Ethics Desk within a second (``benchmarks/quit.py``)."""
    import atexit
    import logging
    import os

    atexit._run_exitfuncs()
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)
