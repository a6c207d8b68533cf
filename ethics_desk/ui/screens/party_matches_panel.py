"""The Board screen's list of Board members who may be parties, for the City Clerk to decide.

Each row is a Board member (an account of a Board role, or a member on the roster) and a
complainant, respondent or witness of a filed complaint whose names may be the same person
(:mod:`ethics_desk.board.party_links`). Until the Clerk decides, the member does not receive
the complaint (§ 2-83(h)(1)). **Same person** keeps the member from it for good; **Not the same
person** lets the member receive it as usual. Only the City Clerk's staff are shown the list
(it names the parties of every complaint); the services refuse anyone else.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ethics_desk.board import party_links
from ethics_desk.board.party_links import PartyMatch
from ethics_desk.core.permissions import Act
from ethics_desk.ui import palette
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.models.rows import ROW_ROLE, Column, RowsModel, rows_view


class PartyMatchesPanel(QWidget):
    """The possible matches not yet decided, with the Clerk's two answers."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("partyMatches")
        self.matches = RowsModel[PartyMatch](
            [Column("Case", lambda m: m.case_number),
             Column("Party", lambda m: f"{m.party_name} ({m.party.label})"),
             Column("Board member", lambda m: m.person.described),
             Column("Decision", lambda m: m.decision.label)], self)
        self.view = rows_view(self.matches, "partyMatchesView", 1, self, keep_for=self.context,
                              spoken="Board members who may be parties")
        self.same_button = QPushButton("&Same person", self)
        self.same_button.setObjectName("samePerson")
        self.same_button.clicked.connect(lambda: self.decide(same=True))
        self.not_same_button = QPushButton("N&ot the same person", self)
        self.not_same_button.setObjectName("notSamePerson")
        self.not_same_button.clicked.connect(lambda: self.decide(same=False))
        buttons = QHBoxLayout()
        buttons.addWidget(self.same_button)
        buttons.addWidget(self.not_same_button)
        buttons.addStretch(1)
        note = QLabel("A Board member whose name may be a party's does not receive the "
                      "complaint until you decide (§ 2-83(h)(1)). Same person: never, and "
                      "recused from its votes. Not the same person: as any member.", self)
        note.setWordWrap(True)
        palette.set_style(note, "muted")
        column = QVBoxLayout(self)
        column.addWidget(self.view, 1)
        column.addLayout(buttons)
        column.addWidget(note)
        self.view.selectionModel().currentRowChanged.connect(lambda _c, _p: self._enable())
        self.refresh()

    def refresh(self) -> None:
        """Read the undecided matches again (none for a role that may not decide)."""
        if not self.context.may(Act.LINK_PARTIES):
            self.matches.set_rows([])
        else:
            rows = attempt(self, lambda: party_links.pending_matches(
                self.context.database, account=self.context.signed_in))
            if rows is not FAILED:
                self.matches.set_rows(rows)
        self._enable()

    def selected(self) -> PartyMatch | None:
        """The match selected on the list."""
        index = self.view.currentIndex()
        return index.data(ROW_ROLE) if index.isValid() else None

    def _enable(self) -> None:
        chosen = self.selected() is not None and self.context.may(Act.LINK_PARTIES)
        self.same_button.setEnabled(chosen)
        self.not_same_button.setEnabled(chosen)

    def decide(self, *, same: bool) -> bool:
        """Record the Clerk's answer on the selected match; True when it was recorded."""
        match = self.selected()
        if match is None:
            return False
        decide = (party_links.decide_same_person if same
                  else party_links.decide_not_same_person)
        done = attempt(self, lambda: decide(self.context.database, match.link_id,
                                            account=self.context.signed_in,
                                            clock=self.context.clock))
        self.refresh()
        return done is not FAILED
