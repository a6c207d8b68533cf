"""GUI test fixtures: Qt settings in a temporary folder, the app context, typing helpers, a
desktop whose colour settings a test switches."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.models import StaffAccount
from ethics_desk.storage.database import Database
from ethics_desk.ui import palette
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.palette import Scheme
from tests.conftest import CLOCK, NOW


@pytest.fixture(autouse=True)
def _qt_settings_in_tmp(tmp_path: Path, qapp: QApplication) -> Iterator[None]:
    """Window geometry and the last screen go to a file of this test's own."""
    QCoreApplication.setOrganizationName("EthicsDeskTests")
    QCoreApplication.setApplicationName("Ethics Desk")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "qt-settings"))
    yield


class Desktop:
    """The desktop's colour settings as the application reads them (``styleHints()``), which a
    test switches the way a clerk does in the desktop's settings: the setting changes, then Qt
    announces it with the real hints' signal, which :func:`ethics_desk.ui.palette.follow`
    has connected as the application does at start."""

    def __init__(self, qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
        self._announcer = qapp.styleHints()
        palette.follow(qapp)
        self._scheme, self._contrast = Qt.ColorScheme.Light, Qt.ContrastPreference.NoPreference
        monkeypatch.setattr(QGuiApplication, "styleHints", staticmethod(lambda: self))

    def colorScheme(self) -> Qt.ColorScheme:
        return self._scheme

    def accessibility(self) -> Desktop:
        return self

    def contrastPreference(self) -> Qt.ContrastPreference:
        return self._contrast

    def switch_to(self, scheme: Scheme) -> None:
        """Set the desktop to ``scheme`` (high contrast over a light desktop)."""
        contrast = (Qt.ContrastPreference.HighContrast if scheme is Scheme.HIGH_CONTRAST
                    else Qt.ContrastPreference.NoPreference)
        colours = Qt.ColorScheme.Dark if scheme is Scheme.DARK else Qt.ColorScheme.Light
        if contrast != self._contrast:
            self._contrast = contrast
            self._announcer.accessibility().contrastPreferenceChanged.emit(contrast)
        if colours != self._scheme:
            self._scheme = colours
            self._announcer.colorSchemeChanged.emit(colours)


@pytest.fixture
def desktop(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> Iterator[Desktop]:
    """A light desktop the test switches to dark or high contrast; the application's palette
    is given back afterwards."""
    before = qapp.palette()
    yield Desktop(qapp, monkeypatch)
    qapp.setPalette(before)


CLERK_LOGIN = "maria"
CLERK_PASSWORD = "clerk's own passphrase"
"""The tests' clerk, "Maria Clerk (maria)", of the City Clerk's staff."""


def make_account(database: Database, login: str, name: str, role: Role,
                 password: str = CLERK_PASSWORD) -> None:
    """An account on ``database`` (made by its Administrator, created first when there is none)."""
    from ethics_desk.staff import accounts

    with database.read_session() as session:
        if session.scalars(select(StaffAccount).where(StaffAccount.login == login)).first():
            return  # made already (a database a module shares)
    if accounts.needs_first_administrator(database):
        admin = accounts.create_first_administrator(database, "ada", "Ada Admin", ADMIN_PASSWORD,
                                                    clock=CLOCK)
    else:
        with database.read_session() as session:
            row = session.scalars(select(StaffAccount).where(
                StaffAccount.role == Role.ADMIN)).first()
            assert row is not None
            admin = Account(row.id, row.login, row.name, row.role)
    with database.read_session() as session:
        demonstration = accounts.is_demonstration(session)
    first = password if demonstration else f"first {password}"  # the Administrator's choice
    made = accounts.add_account(database, login, name, role, first, by=admin, clock=CLOCK)
    if made.must_change_password:  # as the person does at their first sign-in
        accounts.change_own_password(database, made, first, password, clock=CLOCK)


ADMIN_PASSWORD = "administrator's passphrase"


def sign_in_through_dialog(context: AppContext, login: str, password: str) -> Account:
    """Sign in as a person does: the login and the password typed into the real sign-in dialog,
    Enter pressed; the dialog's account (it fails the test if the dialog refused)."""
    from ethics_desk.ui.sign_in import SignInDialog

    dialog = SignInDialog(context)
    try:
        dialog.show()
        dialog.login.clear()
        type_keys(dialog.login, login)
        type_keys(dialog.password, password)
        QTest.keyClick(dialog.password, Qt.Key.Key_Return)
        assert dialog.account is not None, dialog.message.text()
        return dialog.account
    finally:
        dialog.close()
        dialog.deleteLater()


def signed_in_context(database: Database, login: str = CLERK_LOGIN,
                      password: str = CLERK_PASSWORD) -> AppContext:
    """The application's context on ``database`` at the tests' time, ``login`` signed in
    through the sign-in dialog."""
    context = AppContext(database, clock=lambda: NOW)
    context.account = sign_in_through_dialog(context, login, password)
    return context


def clerk_context(database: Database) -> AppContext:
    """The application's context on ``database`` for clerk "Maria Clerk" at the tests' time,
    signed in through the real dialog."""
    make_account(database, CLERK_LOGIN, "Maria Clerk", Role.CLERK)
    return signed_in_context(database)


@pytest.fixture
def context(database: Database) -> AppContext:
    """The application's context for clerk "Maria Clerk" at the tests' fixed time."""
    return clerk_context(database)


@pytest.fixture
def demo_context(demo_database: Database) -> AppContext:
    """The same on this test's copy of the demonstration database (built for the tests' day)."""
    return clerk_context(demo_database)


def type_keys(widget: QWidget, text: str) -> None:
    """Type into a widget one key event per character, without a ``qtbot``."""
    widget.setFocus()
    for char in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier,
                                                     char))


def type_text(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Type into a widget one key event per character (``keyClicks`` aborts on non-ASCII)."""
    widget.setFocus()
    for char in text:
        if char == "\n":
            qtbot.keyClick(widget, Qt.Key.Key_Return)
            continue
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier,
                                                     char))
