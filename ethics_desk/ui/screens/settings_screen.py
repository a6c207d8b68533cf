"""Settings: the staff member at the desk, the letterhead, the office's policy days, the
automatic backups (their folder and how many are kept), and the papers the office shares (the
Ethics Code enclosure and the letter wording, in the database)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.permissions import Act
from ethics_desk.documents import wording
from ethics_desk.documents.kinds import template_titles
from ethics_desk.mail.credentials import set_password
from ethics_desk.office import settings
from ethics_desk.office.actions import read_settings, save_settings
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.read_only import refuse_while_read_only

MULTILINE = {"office.mailing_address", "office.filing_address",
             "public_information.attorney_general"}
BACKUP_FOLDER = "backup.folder"
RETENTION_PREFIX = "retention."
"""The retention periods the office adopts: the Records officer's (the Retention screen)."""


class SettingsScreen(QWidget):
    """Every declared setting in a form; Save stores the changed ones (each change audited)."""

    saved = Signal(list)

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.fields: dict[str, QWidget] = {}
        form = QFormLayout()
        # Each label above its field, as wide as the screen: a long one (the (e) forwarding
        # rule's) wraps there instead of pushing every field off the right edge.
        backups = QGroupBox("Automatic backups of the database file (a server is backed up "
                            "by IT)", self)
        backups.setToolTip("A verified copy at the first start of each day and before each "
                           "migration, rotated: the newest of each of the last days, weeks and "
                           "months is kept.")
        backup_form = QFormLayout(backups)
        for key, option in settings.OPTIONS.items():
            if key.startswith(RETENTION_PREFIX):
                continue  # the Records officer's, on the Retention screen
            widget: QWidget
            if option.choices:
                combo = QComboBox(self)
                for value, text in option.choices:
                    combo.addItem(text, value)
                widget = combo
            elif isinstance(option.default, int):
                spin = QSpinBox(self)
                spin.setRange(option.minimum, option.maximum or
                              (480 if key == "security.lock_minutes" else 30))
                spin.setMaximumWidth(90)
                widget = spin
            elif key in MULTILINE:
                edit = QPlainTextEdit(self)
                edit.setTabChangesFocus(True)
                edit.setFixedHeight(58)
                widget = edit
            else:
                widget = QLineEdit(self)
            widget.setObjectName(key)
            if option.help:
                widget.setToolTip(option.help)
                widget.setAccessibleDescription(option.help)
            label = QLabel(f"&{option.label}:" if not self.fields else f"{option.label}:")
            label.setWordWrap(True)  # a long label takes lines, never the fields' width
            buddy(label, widget)
            self.fields[key] = widget
            # The label on a row of its own, as wide as the screen (a row of one widget spans
            # the form), its field below it.
            into = backup_form if key.startswith("backup.") else form
            into.addRow(label)
            into.addRow(self._folder_row(widget) if key == BACKUP_FOLDER else widget)
            if key == settings.MAIL_USER:
                form.addRow(self._password_label())
                form.addRow(self._password_row())
        self.status = StatusLine(self)
        self.status.setObjectName("settingsStatus")
        self.revert_button = QPushButton("&Revert", self)  # made first: Tab reaches it first,
        self.save_button = QPushButton("S&ave settings", self)  # as it stands left of Save
        self.save_button.clicked.connect(self.save)
        self.revert_button.clicked.connect(self.load)
        declare(None, self.revert_button)  # shows the stored values again
        offer(self.context, Act.EDIT_SETTINGS, "change the office's settings", self.save_button,
              self.choose_folder_button, self.password_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.save_button)
        # The settings scroll when the window is too short for them all (1280 × 720).
        content = QWidget(self)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a holder: Tab goes to the settings
        # Only up and down: every field is within the width of the screen (1280 × 720, 150 %).
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area = scroll
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        layout = QVBoxLayout(content)
        layout.addWidget(QLabel("<h2>Settings</h2>"))
        layout.addLayout(form)
        layout.addWidget(backups)
        layout.addLayout(buttons)
        layout.addWidget(self._shared_papers())
        layout.addStretch(1)
        scroll.setWidget(content)
        self.load()

    def _folder_row(self, field: QWidget) -> QWidget:
        """The backup folder's field with its Choose button."""
        assert isinstance(field, QLineEdit)
        field.setPlaceholderText("a “Backups” folder beside the database")
        row = QWidget(self)
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(field, 1)
        self.choose_folder_button = QPushButton("Ch&oose…", row)
        self.choose_folder_button.setObjectName("chooseBackupFolder")
        self.choose_folder_button.setAccessibleName("Choose the backup folder")
        self.choose_folder_button.clicked.connect(self.choose_backup_folder)
        line.addWidget(self.choose_folder_button)
        return row

    def _password_label(self) -> QLabel:
        self.mail_password = QLineEdit(self)
        self.mail_password.setObjectName("mailPassword")
        self.mail_password.setEchoMode(QLineEdit.EchoMode.Password)
        label = QLabel("Mail server's password (kept in this computer's credential store, "
                       "never in the database; save the server and user first):", self)
        label.setWordWrap(True)
        buddy(label, self.mail_password)
        return label

    def _password_row(self) -> QWidget:
        row = QWidget(self)
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        self.password_button = QPushButton("&Keep the password", row)
        self.password_button.setObjectName("keepMailPassword")
        self.password_button.setToolTip("Keep the password typed in this computer's credential "
                                        "store (an empty one removes it)")
        self.password_button.clicked.connect(self.keep_password)
        line.addWidget(self.mail_password, 1)
        line.addWidget(self.password_button)
        return row

    def keep_password(self) -> None:
        """Keep the typed password in the credential store (empty: remove it); the field is
        emptied once it is kept, and the status line says where it went."""
        secret = self.mail_password.text()
        done = attempt(self, lambda: set_password(self.context.database, secret,
                                                  account=self.context.signed_in,
                                                  clock=self.context.clock))
        if done is FAILED:
            return
        self.mail_password.clear()
        self.status.setText("Kept the mail server's password in this computer's credential "
                            "store." if secret else "Removed the mail server's password from "
                                                    "this computer's credential store.")

    def choose_backup_folder(self) -> None:
        """Pick the backup folder (saved, and checked, with the other settings)."""
        field = self.fields[BACKUP_FOLDER]
        assert isinstance(field, QLineEdit)
        name = QFileDialog.getExistingDirectory(self, "Choose the backup folder", field.text())
        if name:
            field.setText(name)

    def _shared_papers(self) -> QGroupBox:
        """The Ethics Code enclosure and the letter wording, kept in the database."""
        self.enclosure_seen: str | None = None  # the SHA-256 of the stored Code shown
        group = QGroupBox("Papers the office shares (kept in the database: every desk prints "
                          "the same)", self)
        self.enclosure_info = QLabel(group)
        self.enclosure_info.setObjectName("enclosureInfo")
        self.enclosure_info.setWordWrap(True)
        self.choose_code_button = QPushButton("Choose the &Code PDF…", group)
        self.placeholder_button = QPushButton("Use the p&laceholder", group)
        self.choose_code_button.clicked.connect(self.choose_enclosure)
        self.placeholder_button.clicked.connect(self.clear_enclosure)
        self.wording_info = QLabel(group)
        self.wording_info.setObjectName("wordingInfo")
        self.wording_info.setWordWrap(True)
        self.wording_button = QPushButton("Edit letter &wording…", group)
        self.wording_button.clicked.connect(self.edit_wording)
        self.this_desk_info = QLabel(group)
        self.this_desk_info.setWordWrap(True)
        self.bring_in_button = QPushButton("&Bring them in", group)
        self.bring_in_button.clicked.connect(self.bring_in)
        self.edits_wording = offer(self.context, Act.EDIT_WORDING, "change the letters' "
                                   "wording and the Ethics Code enclosure",
                                   self.choose_code_button, self.placeholder_button,
                                   self.wording_button, self.bring_in_button)
        self.papers_status = StatusLine(group)
        self.papers_status.setObjectName("papersStatus")
        grid = QGridLayout(group)
        grid.setColumnStretch(0, 1)
        rows = ((self.enclosure_info, (self.choose_code_button, self.placeholder_button)),
                (self.wording_info, (self.wording_button,)),
                (self.this_desk_info, (self.bring_in_button,)))
        for number, (info, buttons) in enumerate(rows):
            grid.addWidget(info, number, 0)
            for column, button in enumerate(buttons, start=1):
                grid.addWidget(button, number, column, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.papers_status, len(rows), 0, 1, 3)
        return group

    def show_shared_papers(self) -> None:
        """What every desk encloses and prints now, and what this desk still keeps itself."""
        database = self.context.database
        enclosed = attempt(self, lambda: wording.read_enclosure(database))
        entries = attempt(self, lambda: wording.wording_entries(database, template_titles()))
        desk = attempt(self, lambda: wording.this_desk(database))
        if enclosed is FAILED or entries is FAILED or desk is FAILED:
            return
        self.enclosure_seen = enclosed.sha256
        if enclosed.placeholder:
            text = ("Ethics Code enclosure (§ 2-83(e)): the shipped PLACEHOLDER, not the Code. "
                    "Choose the City's Ethics Code PDF before notices go to respondents.")
        elif enclosed.sha256 is None:
            text = (f"Ethics Code enclosure (§ 2-83(e)): “{enclosed.label}”, a file path set "
                    "at one desk. Choose the Code PDF again to keep it in the database.")
        else:
            when = f" on {enclosed.changed_at:%Y-%m-%d}" if enclosed.changed_at else ""
            text = (f"Ethics Code enclosure (§ 2-83(e)): “{enclosed.label}”, {enclosed.pages} "
                    f"page{'' if enclosed.pages == 1 else 's'}, stored by "
                    f"{enclosed.changed_by or 'the office'}{when}.")
        self.enclosure_info.setText(text)
        self.placeholder_button.setEnabled(self.edits_wording and not enclosed.placeholder)
        office = [e for e in entries if e.office]
        self.wording_info.setText(
            f"Letter wording: {len(office)} of {len(entries)} papers print the office's "
            "wording; the rest print the shipped wording." if office else
            f"Letter wording: all {len(entries)} papers print the shipped wording.")
        kept = len(desk.wording) + (1 if desk.enclosure_path else 0)
        self.this_desk_info.setText(
            f"This desk still keeps {kept} file(s) of its own from before the wording moved "
            f"into the database ({', '.join(p.name for p in desk.wording) or 'the enclosure'}"
            "): bring them in so that every desk prints them." if kept else "")
        self.this_desk_info.setVisible(bool(kept))
        self.bring_in_button.setVisible(bool(kept))
        refuse_while_read_only(self.context, self.save_button, self.revert_button,
                               self.bring_in_button, self.choose_code_button,
                               self.placeholder_button, self.wording_button)

    def choose_enclosure(self) -> None:
        """Store a PDF as the Ethics Code every desk encloses (checked, audited)."""
        name, _filter = QFileDialog.getOpenFileName(self, "Choose the Ethics Code PDF", "",
                                                    "PDF files (*.pdf)")
        if name:
            self.store_enclosure(Path(name))

    def store_enclosure(self, path: Path) -> None:
        """Store the PDF at ``path`` as the enclosure."""
        def store() -> int:
            content = wording.read_enclosure_file(path)
            return wording.set_enclosure(self.context.database, content, path.name,
                                         seen=self.enclosure_seen,
                                         account=self.context.signed_in, clock=self.context.clock)

        pages = attempt(self, store, "Ethics Code not stored")
        if pages is FAILED:
            return
        self.show_shared_papers()
        self.papers_status.setText(f"Stored “{path.name}” ({pages} pages): every desk encloses "
                                   "it with the notice of § 2-83(e) from now on.")

    def clear_enclosure(self) -> None:
        """Go back to the placeholder (after asking)."""
        answer = QMessageBox.question(
            self, "Ethics Desk — remove the Ethics Code",
            "Remove the stored Ethics Code? Notices to respondents will enclose the shipped "
            "placeholder until the Code is chosen again.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        if answer != QMessageBox.StandardButton.Yes:
            return
        done = attempt(self, lambda: wording.clear_enclosure(
            self.context.database, seen=self.enclosure_seen,
            account=self.context.signed_in, clock=self.context.clock))
        if done is FAILED:
            return
        self.show_shared_papers()
        self.papers_status.setText("The placeholder is enclosed until the Code is chosen again.")

    def edit_wording(self) -> None:
        """The letter wording dialog."""
        from ethics_desk.ui.wording_dialog import WordingDialog

        WordingDialog(self.context, self).exec()
        self.show_shared_papers()

    def bring_in(self) -> None:
        """Store this desk's old wording files and enclosure in the database."""
        done = attempt(self, lambda: wording.bring_in_this_desk(
            self.context.database, account=self.context.signed_in, clock=self.context.clock))
        if done is FAILED:
            return
        self.show_shared_papers()
        self.papers_status.setText(f"Brought in: {', '.join(done)}." if done else
                                   "Nothing to bring in: the database holds them already.")

    def load(self) -> None:
        """Show the stored values (and remember them: a save writes only what was changed
        here, and refuses a setting another desk changed meanwhile)."""
        for key, value in read_settings(self.context.database).items():
            if key in self.fields:
                self._set(self.fields[key], value)
        self.shown = self.values()
        self.status.setText("")
        self.show_shared_papers()

    def values(self) -> dict[str, Any]:
        """The values in the form."""
        out: dict[str, Any] = {}
        for key, widget in self.fields.items():
            if isinstance(widget, QComboBox):
                out[key] = str(widget.currentData())
            elif isinstance(widget, QSpinBox):
                out[key] = widget.value()
            elif isinstance(widget, QPlainTextEdit):
                out[key] = widget.toPlainText().strip()
            elif isinstance(widget, QLineEdit):
                out[key] = widget.text().strip()
        return out

    def save(self) -> None:
        """Store the changed settings (one transaction, audited)."""
        account = self.context.signed_in
        values = self.values()
        changed = attempt(self, lambda: save_settings(self.context.database, values,
                                                      account=account, clock=self.context.clock,
                                                      seen=self.shown))
        if changed is FAILED:
            return
        self.shown = values
        self.status.setText(f"Saved {len(changed)} change(s)." if changed else "No changes.")
        self.saved.emit(changed)

    @staticmethod
    def _set(widget: QWidget, value: Any) -> None:
        if isinstance(widget, QComboBox):
            widget.setCurrentIndex(max(0, widget.findData(value)))
        elif isinstance(widget, QSpinBox):
            widget.setValue(int(value))
        elif isinstance(widget, QPlainTextEdit):
            widget.setPlainText(str(value))
        elif isinstance(widget, QLineEdit):
            widget.setText(str(value))

    def first_field(self) -> QWidget:
        """Where the cursor goes when the screen is shown: the first setting."""
        return next(iter(self.fields.values()))
