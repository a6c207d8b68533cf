"""The inbox's saved views in the window: "Save this view…" and "Manage views…" (issue 33).

:class:`SaveViewDialog` asks a name and whether to share the view with the office (the City
Clerk's staff only: the box is greyed for anyone else, naming who may); :class:`ManageViewsDialog`
lists the person's own views to rename, share or keep to themselves, and delete. Every change
is the service's (:mod:`ethics_desk.cases.views`), run through :func:`ethics_desk.ui.operations.perform`;
a refusal is shown in the dialog, beside what was typed, which stays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.operations import perform

if TYPE_CHECKING:
    from ethics_desk.cases.views import ViewChoice
    from ethics_desk.ui.context import AppContext

T = TypeVar("T")


def _tried(problem: StatusLine, doing: str, act: Callable[[], T], parent: QWidget) -> T | None:
    """Run ``act`` off the GUI thread; a refusal goes to ``problem`` (its text, then its fix)
    and None is returned."""
    try:
        done = perform(parent, doing, act)
    except UserError as error:
        problem.setText(f"{error.problem} {error.fix}".strip())
        problem.setVisible(True)
        return None
    problem.setText("")
    problem.setVisible(False)
    return done


def _problem_line(parent: QWidget) -> StatusLine:
    line = StatusLine(parent)
    line.setObjectName("viewProblem")
    line.setAccessibleName("Problem")
    line.setWordWrap(True)
    palette.set_style(line, "error")
    line.setVisible(False)
    return line


class SaveViewDialog(QDialog):
    """Save the inbox's filters, order and hidden columns under a name, for oneself or the
    office. ``save(name, shared)`` is the act (the screen's call of the service)."""

    def __init__(self, context: AppContext, save: Callable[[str, bool], ViewChoice],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("saveViewDialog")
        self.setWindowTitle("Save this view")
        self.setAccessibleName("Save this view")
        self._save = save
        self.saved: ViewChoice | None = None
        explain = QLabel("The filters, the order and the columns shown are kept under this "
                         "name; the words searched are not.", self)
        explain.setWordWrap(True)
        self.name = QLineEdit(self)
        self.name.setObjectName("viewName")
        from ethics_desk.cases.views import MAX_NAME

        self.name.setMaxLength(MAX_NAME + 20)  # a longer name is refused with its reason
        label = QLabel("&Name:", self)
        buddy(label, self.name)
        self.shared = QCheckBox("S&hare with the office", self)
        self.shared.setObjectName("viewShared")
        self.shared.setAccessibleName("Share with the office")
        self.shared.setToolTip("Everyone in the office finds the view in their list; only you "
                               "change or delete it")
        if not context.may(Act.SHARE_VIEWS):
            from ethics_desk.core.permissions import who_may

            self.shared.setEnabled(False)
            self.shared.setToolTip(f"Only the {who_may(Act.SHARE_VIEWS)} share a view with "
                                   "the office.")
        self.problem = _problem_line(self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        self.save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setObjectName("saveViewButton")
        self.save_button.setAccessibleName("Save the view")
        declare(Act.KEEP_VIEWS, self.save_button)
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        declare(None, cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        row = QHBoxLayout()
        row.addWidget(label)
        row.addWidget(self.name, 1)
        layout.addLayout(row)
        layout.addWidget(self.shared)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        give_alt_keys(self)
        self.resize(460, self.sizeHint().height())

    def accept(self) -> None:
        """Save; a refusal is shown here, the name typed kept."""
        name, shared = self.name.text(), self.shared.isChecked() and self.shared.isEnabled()
        done = _tried(self.problem, "Saving the view",
                      lambda: self._save(name, shared), self)
        if done is None:
            self.name.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self.saved = done
        super().accept()


class ManageViewsDialog(QDialog):
    """One's own saved views: rename, share or keep to oneself, delete. ``changed`` is called
    after each change (the inbox lists its views again)."""

    def __init__(self, context: AppContext, changed: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("manageViewsDialog")
        self.setWindowTitle("Manage views")
        self.setAccessibleName("Manage views")
        self.context = context
        self._changed = changed
        self.choices: list[ViewChoice] = []
        self.list = QListWidget(self)
        self.list.setObjectName("ownViews")
        label = QLabel("&Your views (a view shared by someone else is theirs to change):", self)
        label.setWordWrap(True)
        buddy(label, self.list)
        self.list.setAccessibleName("Your views")
        self.rename_button = QPushButton("&Rename…", self)
        self.rename_button.setObjectName("renameView")
        self.share_button = QPushButton("S&hare with the office", self)
        self.share_button.setObjectName("shareView")
        self.delete_button = QPushButton("&Delete", self)
        self.delete_button.setObjectName("deleteView")
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        declare(None, close.button(QDialogButtonBox.StandardButton.Close))
        close.rejected.connect(self.reject)
        self.problem = _problem_line(self)
        buttons = QVBoxLayout()
        for button in (self.rename_button, self.share_button, self.delete_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        body = QHBoxLayout()
        body.addWidget(self.list, 1)
        body.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addLayout(body, 1)
        layout.addWidget(self.problem)
        layout.addWidget(close)
        self.rename_button.clicked.connect(self.rename)
        self.share_button.clicked.connect(self.toggle_share)
        self.delete_button.clicked.connect(lambda: self.delete())
        self.list.currentRowChanged.connect(lambda _row: self._enable())
        self.reload()
        give_alt_keys(self)
        self.resize(560, 360)

    def reload(self) -> None:
        """List the person's own views again."""
        from ethics_desk.cases.views import view_choices

        database, account = self.context.database, self.context.signed_in
        chosen = self.current()
        found = _tried(self.problem, "Reading your views",
                       lambda: view_choices(database, account=account), self)
        self.choices = [c for c in (found or []) if c.own]
        self.list.clear()
        for choice in self.choices:
            item = QListWidgetItem(choice.label, self.list)
            item.setToolTip(choice.description)
        row = next((i for i, c in enumerate(self.choices)
                    if chosen is not None and c.view_id == chosen.view_id), 0)
        if self.choices:
            self.list.setCurrentRow(row)
        self._enable()

    def current(self) -> ViewChoice | None:
        """The view chosen in the list."""
        row = self.list.currentRow()
        return self.choices[row] if 0 <= row < len(self.choices) else None

    def _enable(self) -> None:
        choice = self.current()
        for button in (self.rename_button, self.share_button, self.delete_button):
            button.setEnabled(choice is not None)
        sharing = choice is None or not choice.shared
        self.share_button.setText("S&hare with the office" if sharing else "Keep to &myself")
        self.share_button.setAccessibleName("Share with the office" if sharing
                                            else "Keep to myself")
        offer(self.context, Act.KEEP_VIEWS, "keep views of the inbox", self.rename_button,
              self.delete_button)
        if sharing:
            offer(self.context, Act.SHARE_VIEWS, "share a view with the office",
                  self.share_button)
        else:  # its owner keeps it to themselves again, whatever their role now
            offer(self.context, Act.KEEP_VIEWS, "keep views of the inbox", self.share_button)

    def _done(self) -> None:
        self.reload()
        self._changed()

    def rename(self, new_name: str | None = None) -> bool:
        """Rename the chosen view (``new_name``, or asked); whether it was renamed."""
        from ethics_desk.cases.views import rename_view

        choice = self.current()
        if choice is None or choice.view_id is None:
            return False
        if new_name is None:
            new_name, ok = QInputDialog.getText(self, "Rename the view", "New &name:",
                                                QLineEdit.EchoMode.Normal, choice.name)
            if not ok:
                return False
        database, account, clock = (self.context.database, self.context.signed_in,
                                    self.context.clock)
        view_id, name = choice.view_id, new_name
        if _tried(self.problem, "Renaming the view", lambda: rename_view(
                database, view_id, name, account=account, clock=clock), self) is None:
            return False
        self._done()
        return True

    def toggle_share(self) -> bool:
        """Share the chosen view with the office, or keep it to oneself again."""
        from ethics_desk.cases.views import share_view

        choice = self.current()
        if choice is None or choice.view_id is None:
            return False
        database, account, clock = (self.context.database, self.context.signed_in,
                                    self.context.clock)
        view_id, shared = choice.view_id, not choice.shared
        if _tried(self.problem, "Sharing the view", lambda: share_view(
                database, view_id, shared, account=account, clock=clock), self) is None:
            return False
        self._done()
        return True

    def delete(self, *, ask: bool = True) -> bool:
        """Delete the chosen view, once the person says so (``ask``)."""
        from ethics_desk.cases.views import delete_view

        choice = self.current()
        if choice is None or choice.view_id is None:
            return False
        if ask and QMessageBox.question(
                self, "Delete the view", f"Delete your view “{choice.name}”?"
                + (" No one in the office will find it any more." if choice.shared else ""),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No) != QMessageBox.StandardButton.Yes:
            return False
        database, account, clock = (self.context.database, self.context.signed_in,
                                    self.context.clock)
        view_id = choice.view_id

        def act() -> bool:
            delete_view(database, view_id, account=account, clock=clock)
            return True  # done (None is a refusal's)

        if _tried(self.problem, "Deleting the view", act, self) is None:
            return False
        self._done()
        return True
