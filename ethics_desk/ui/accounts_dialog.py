"""Edit → Staff accounts: an Administrator adds, disables and resets the accounts of the desk,
and clears an account's sign-in wait after wrong passwords.

Every change goes through :mod:`ethics_desk.staff.accounts` (which refuses anyone but an
Administrator, audits each change and never records a password). An account is never deleted:
the audit trail names it. A reset password must be changed at the person's next sign-in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.core.roles import Role
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.read_only import refuse_while_read_only
from ethics_desk.ui.sizing import fit_to_screen

if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.ui.context import AppContext

COLUMNS = ("Login", "Name", "Role", "Status")


class AccountsDialog(QDialog):
    """The accounts in a table (login, name, role, status) and four acts on the chosen one:
    Add…, Disable, Reset password… and Clear the sign-in wait; a refusal is one line below the
    table."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("accountsDialog")
        self.setWindowTitle("Ethics Desk — staff accounts")
        layout = QVBoxLayout(self)
        intro = QLabel("Each person signs in with their own account and the role § 2-83 gives "
                       "them; what they do and see is recorded under it. An account is never "
                       "deleted (the records name it): disable it instead.", self)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("accountsTable")
        self.table.setAccessibleName("Staff accounts")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        for column in range(len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch if column == 1
                                        else QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setVisible(False)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.add_button = QPushButton("&Add an account…", self)
        self.disable_button = QPushButton("&Disable", self)
        self.reset_button = QPushButton("&Reset the password…", self)
        self.clear_delay_button = QPushButton("Clear the sign-in &wait", self)
        self.clear_delay_button.setToolTip("Let the account try its password again at once, "
                                           "after wrong ones (recorded)")
        for button, name in ((self.add_button, "accountAdd"),
                             (self.disable_button, "accountDisable"),
                             (self.reset_button, "accountReset"),
                             (self.clear_delay_button, "accountClearDelay")):
            button.setObjectName(name)
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.message = StatusLine(self, urgent=True)
        self.message.setObjectName("accountsMessage")
        self.message.setAccessibleName("Accounts message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self.add_button.clicked.connect(self.add)
        self.disable_button.clicked.connect(self.disable)
        self.reset_button.clicked.connect(self.reset)
        self.clear_delay_button.clicked.connect(self.clear_delay)
        self.accounts: list[Account] = []
        self.refresh()
        fit_to_screen(self, 760, 480)

    def refresh(self) -> None:
        """Read the accounts again."""
        from ethics_desk.staff.accounts import list_accounts

        self.accounts = list_accounts(self.context.database)
        self.table.setRowCount(len(self.accounts))
        for row, account in enumerate(self.accounts):
            status = "disabled" if account.disabled else (
                "must choose a new password" if account.must_change_password else "active")
            for column, text in enumerate((account.login, account.name, account.role.label,
                                           status)):
                self.table.setItem(row, column, QTableWidgetItem(text))
        if self.accounts and self.table.currentRow() < 0:
            self.table.selectRow(0)
        refuse_while_read_only(self.context, self.add_button, self.disable_button,
                               self.reset_button, self.clear_delay_button)

    def chosen(self) -> Account | None:
        """The account of the selected row."""
        row = self.table.currentRow()
        return self.accounts[row] if 0 <= row < len(self.accounts) else None

    def _done(self, text: str) -> None:
        self.refresh()
        self.message.setText(text)

    def add(self) -> None:
        """Add… : the new account's login, name, role and first password."""
        from ethics_desk.staff.accounts import add_account

        form = AccountForm(self, new=True)
        while form.exec() == QDialog.DialogCode.Accepted:
            try:
                made = add_account(self.context.database, form.login.text(), form.name.text(),
                                   form.role(), form.password(), by=self.context.signed_in,
                                   clock=self.context.clock)
            except UserError as exc:
                form.message.setText(f"{exc.problem} {exc.fix}".strip())
                form.clear_passwords()
                continue
            self._done(f"Added {made.display}, {made.role.label}; they choose their own password "
                       "at their first sign-in.")
            return

    def disable(self) -> None:
        """Disable the chosen account (it can no longer sign in; its records keep its name)."""
        from ethics_desk.staff.accounts import disable_account

        account = self.chosen()
        if account is None:
            self.message.setText("Choose an account first.")
            return
        try:
            disable_account(self.context.database, account.login, by=self.context.signed_in,
                            clock=self.context.clock)
        except UserError as exc:
            self.message.setText(f"{exc.problem} {exc.fix}".strip())
            return
        self._done(f"{account.display} can no longer sign in.")

    def clear_delay(self) -> None:
        """Let the chosen account try its password again at once, after wrong ones."""
        from ethics_desk.staff.accounts import clear_delay

        account = self.chosen()
        if account is None:
            self.message.setText("Choose an account first.")
            return
        try:
            clear_delay(self.context.database, account.login, by=self.context.signed_in,
                        clock=self.context.clock)
        except UserError as exc:
            self.message.setText(f"{exc.problem} {exc.fix}".strip())
            return
        self._done(f"{account.display} may try their password again at once.")

    def reset(self) -> None:
        """Reset… : a new password for the chosen account, to be changed at its next sign-in."""
        from ethics_desk.staff.accounts import reset_password

        account = self.chosen()
        if account is None:
            self.message.setText("Choose an account first.")
            return
        form = AccountForm(self, new=False, account=account)
        while form.exec() == QDialog.DialogCode.Accepted:
            try:
                reset_password(self.context.database, account.login, form.password(),
                               by=self.context.signed_in, clock=self.context.clock)
            except UserError as exc:
                form.message.setText(f"{exc.problem} {exc.fix}".strip())
                form.clear_passwords()
                continue
            self._done(f"The password of {account.display} was reset; they choose a new one at "
                       "their next sign-in.")
            return


class AccountForm(QDialog):
    """A new account (login, name, role, password twice), or a reset (the password twice)."""

    def __init__(self, parent: QWidget, *, new: bool, account: Account | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("accountForm")
        self.setWindowTitle("Add an account" if new else f"Reset the password of {account.display}"
                            if account else "Reset the password")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.login = QLineEdit(self)
        self.login.setObjectName("accountLogin")
        self.name = QLineEdit(self)
        self.name.setObjectName("accountName")
        self.roles = QComboBox(self)
        self.roles.setObjectName("accountRole")
        for role in Role:
            self.roles.addItem(f"{role.label} ({role.citation})", role.value)
        self.first = QLineEdit(self)
        self.first.setObjectName("accountPassword")
        self.again = QLineEdit(self)
        self.again.setObjectName("accountPasswordAgain")
        for field in (self.first, self.again):
            field.setEchoMode(QLineEdit.EchoMode.Password)
        rows: list[tuple[str, QWidget]] = [
            ("&Login:", self.login), ("&Name:", self.name), ("&Role:", self.roles)] if new else []
        rows += [("&Password:", self.first), ("The password &again:", self.again)]
        for text, control in rows:
            label = QLabel(text, self)
            buddy(label, control)
            form.addRow(label, control)
        for hidden in (self.login, self.name, self.roles):
            hidden.setVisible(new)
        layout.addLayout(form)
        self.message = StatusLine(self, urgent=True)
        self.message.setObjectName("accountFormMessage")
        self.message.setAccessibleName("Account message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        fit_to_screen(self, 520, 300)
        (self.login if new else self.first).setFocus(Qt.FocusReason.OtherFocusReason)

    def role(self) -> Role:
        """The chosen role."""
        return Role(str(self.roles.currentData()))

    def password(self) -> str:
        """The password typed (the same twice, checked on Save)."""
        return self.first.text()

    def clear_passwords(self) -> None:
        """Empty both password fields (after a refusal)."""
        self.first.clear()
        self.again.clear()
        self.first.setFocus(Qt.FocusReason.OtherFocusReason)

    def _check(self) -> None:
        if self.first.text() != self.again.text():
            self.message.setText("The two passwords differ. Type the same password twice.")
            self.clear_passwords()
            return
        self.accept()
