"""The first start's page: what the office's first Administrator does before the desk can take
a complaint.

The first person to sign in to a new database becomes its Administrator (:mod:`ethics_desk.ui.sign_in`),
who keeps the accounts and the backups but takes no complaint (§ 2-83: the City Clerk's staff
do) — their inbox is empty and there is no *New complaint*. Until the office has an account of
the City Clerk's staff (:func:`ethics_desk.staff.accounts.office_has_clerk`), this page opens
at each of their sign-ins, and from Edit → First start…, with the three steps:

1. create the staff accounts, at least one Clerk (Edit → Staff accounts…);
2. print the recovery sheet of the record key (File → Recovery sheet…; a SQLite database only:
   a server keeps its own key);
3. sign out (File → Sign out, Ctrl+L), so that a Clerk signs in as themselves.

It can be left ("Later") and opened again (Edit → First start…, an Administrator's at any
time); each step says whether it is done. The same steps at
the command line are in docs/it/commands.md (``ethics-desk user add``, ``ethics-desk key
sheet``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.ui.accessibility import StatusLine
from ethics_desk.ui.sizing import fit_to_screen

if TYPE_CHECKING:
    from ethics_desk.ui.context import AppContext


def first_start_due(context: AppContext) -> bool:
    """Whether the person signed in is an Administrator whose office has no Clerk yet."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.staff.accounts import office_has_clerk

    if not context.may(Act.MANAGE_ACCOUNTS):
        return False
    try:
        return not office_has_clerk(context.database)
    except UserError:
        return False  # the database's own trouble is told elsewhere


class FirstStartPage(QDialog):
    """The three steps of the first start, each with its button and whether it is done; not
    modal: the window behind it stays usable, and "Later" leaves it for Edit → First start…
    The main window gives what its buttons open: Edit → Staff accounts, File → Recovery sheet,
    File → Sign out."""

    def __init__(self, context: AppContext, parent: QWidget | None, *,
                 accounts: Callable[[], None], sheet: Callable[[], None],
                 sign_out: Callable[[], None]) -> None:
        super().__init__(parent)
        self.context = context
        self._open_accounts = accounts
        self._sign_out_now = sign_out
        self.setObjectName("firstStartPage")
        self.setWindowTitle("Ethics Desk — first start")
        self.setModal(False)
        layout = QVBoxLayout(self)
        intro = QLabel(
            f"<p><b>Welcome, {self.context.signed_in.name}: you are this office's first "
            "Administrator.</b></p><p>An Administrator keeps the accounts and the backups but "
            "takes no complaint: under § 2-83 the City Clerk's staff do, so your inbox stays "
            "empty and there is no New complaint. Before the desk can take complaints:</p>",
            self)
        intro.setObjectName("firstStartIntro")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        steps = QGridLayout()
        self.accounts_button = QPushButton("&Staff accounts…", self)
        self.accounts_button.setObjectName("firstStartAccounts")
        self.accounts_state = StatusLine(self)
        self.sheet_button = QPushButton("Print the &recovery sheet…", self)
        self.sheet_button.setObjectName("firstStartSheet")
        self.sheet_state = StatusLine(self)
        self.sign_out_button = QPushButton("Sign &out", self)
        self.sign_out_button.setObjectName("firstStartSignOut")
        rows = (
            ("1. Create an account for each person at the desk, at least one of the City "
             "Clerk's staff (Edit → Staff accounts…). Each chooses their own password at their "
             "first sign-in.", self.accounts_button, self.accounts_state),
            ("2. Print the recovery sheet of this database's record key and lock it away, apart "
             "from the backups (File → Recovery sheet…).", self.sheet_button, self.sheet_state),
            ("3. Sign out (File → Sign out, Ctrl+L), so that a Clerk signs in with their own "
             "account.", self.sign_out_button, None),
        )
        for row, (text, button, state) in enumerate(rows):
            label = QLabel(text, self)
            label.setWordWrap(True)
            button.setAccessibleDescription(text)
            steps.addWidget(label, row, 0)
            steps.addWidget(button, row, 1, Qt.AlignmentFlag.AlignTop)
            if state is not None:
                state.setAccessibleName(f"Step {row + 1}")
                steps.addWidget(state, row, 2, Qt.AlignmentFlag.AlignTop)
        steps.setColumnStretch(0, 1)
        layout.addLayout(steps)
        later = QLabel("This page opens at each of your sign-ins until the office has a Clerk's "
                       "account, and from Edit → First start…", self)
        later.setWordWrap(True)
        layout.addWidget(later)
        buttons = QDialogButtonBox(self)
        self.later_button = buttons.addButton("&Later", QDialogButtonBox.ButtonRole.RejectRole)
        self.later_button.setObjectName("firstStartLater")
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.accounts_button.clicked.connect(self._accounts)
        self.sheet_button.clicked.connect(lambda _checked=False: sheet())
        self.sign_out_button.clicked.connect(self._sign_out)
        self.sheet_button.setVisible(self._has_a_sheet())
        self.sheet_state.setVisible(self._has_a_sheet())
        self.refresh()
        fit_to_screen(self, 640, 400)

    def _has_a_sheet(self) -> bool:
        """Whether the record has a key to print (a SQLite file; a server keeps its own)."""
        from ethics_desk.storage.addresses import sqlite_path

        return sqlite_path(self.context.database.url) is not None

    def refresh(self) -> None:
        """Say which steps are done (after Staff accounts, a sheet made, on showing)."""
        from ethics_desk.staff.accounts import office_has_clerk
        from ethics_desk.storage.recovery_sheet import sheet_missing_for

        try:
            clerk = office_has_clerk(self.context.database)
            sheet_missing = sheet_missing_for(self.context.database) is not None
        except UserError as exc:
            self.accounts_state.setText(exc.problem)
            return
        self.accounts_state.setText("Done: the office has a Clerk's account." if clerk
                                    else "Not yet: no Clerk's account.")
        self.sheet_state.setText("Not made yet." if sheet_missing else "Done: made.")
        self.sign_out_button.setDefault(clerk)
        self.accounts_button.setDefault(not clerk)

    def _accounts(self) -> None:
        self._open_accounts()
        self.refresh()

    def _sign_out(self) -> None:
        self.close()
        self._sign_out_now()
