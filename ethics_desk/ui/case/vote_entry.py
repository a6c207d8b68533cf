"""Entering a Board vote: the meeting date, the members serving on it, each one's vote, and the
result in words as it stands.

The members offered are the ones the roster says serve on the meeting date
(:func:`ethics_desk.board.roster.case_voters`); changing the date reloads them and keeps the votes of
members still serving. A member who is absent simply has no ballot. A member who is a party to
the complaint is flagged and fixed to "Recused" (§ 2-83(h); § 2-85). The result line is
:func:`ethics_desk.core.vote_count.tally`'s summary under the terms that apply
(:func:`ethics_desk.board.votes.read_vote_terms`: two-thirds of those present for (f)(2) and (f)(6),
a majority of them for a disposition, the office's setting for sanctions; the quorum of the
members serving) — those present, the quorum, the recused, the yes votes needed and cast. The
widget produces a :class:`~ethics_desk.workflow.VoteData` (or nothing, for an optional vote
left empty); the controller still checks every rule when the vote is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.board.roster import Voter, case_voters
from ethics_desk.board.votes import read_vote_terms
from ethics_desk.core.account import Account
from ethics_desk.core.vocabulary import VoteRule
from ethics_desk.core.vote_count import VoteResult, VoteTerms, tally, terms_for
from ethics_desk.models import BoardAction, VoteChoice
from ethics_desk.storage.database import Database
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import buddy
from ethics_desk.ui.date_field import DateField
from ethics_desk.workflow import BallotData, VoteData

VoterLoader = Callable[[date], list[Voter]]
"""Who may be present for the vote on a meeting date (the roster on that date, parties flagged)."""

CHOICES: tuple[tuple[str, VoteChoice | None], ...] = (
    ("Absent", None), *((c.label, c) for c in (VoteChoice.YES, VoteChoice.NO, VoteChoice.ABSTAIN,
                                               VoteChoice.RECUSED)))
"""The choices offered for each member, in order; "Absent" means no ballot."""

_RECUSED = [c for _label, c in CHOICES].index(VoteChoice.RECUSED)


class RosterLoader:
    """The roster for a vote on one case: the members who may vote on a meeting date, and the
    terms of the vote then (its rule, and the quorum of the members serving)."""

    def __init__(self, database: Database, complaint_id: int, account: Account) -> None:
        self.database = database
        self.complaint_id = complaint_id
        self.account = account

    def __call__(self, day: date) -> list[Voter]:
        """The members serving on ``day``, parties flagged (read through the account's scope)."""
        return case_voters(self.database, self.complaint_id, day, account=self.account)

    def terms(self, action: BoardAction, day: date) -> VoteTerms:
        """The terms of a vote on ``action`` at a meeting on ``day`` (the office's settings)."""
        return read_vote_terms(self.database, action, day)


def voters_loader(database: Database, complaint_id: int, account: Account) -> RosterLoader:
    """A loader of the members who may vote on ``complaint_id`` on a given meeting date, read
    as ``account`` may see the case."""
    return RosterLoader(database, complaint_id, account)


class VoteEntry(QWidget):
    """One Board vote: meeting date, a choice per serving member, the record-vote flag, the
    result line. ``action`` is what the vote decides: it is counted by its terms (the action's
    rule, or the office's setting for sanctions, and the quorum of the members serving on the
    meeting date), and an action that needs a record vote fixes the flag on (§ 2-83(f)(6))."""

    changed = Signal()

    def __init__(self, load: VoterLoader | None, meeting_on: date,
                 parent: QWidget | None = None, *, action: BoardAction = BoardAction.SHOW_CAUSE,
                 optional: bool = False) -> None:
        super().__init__(parent)
        self._load = load
        self.action = action
        self.terms: VoteTerms = terms_for(action, 0)
        self.optional = optional
        self.rows: list[tuple[Voter, QComboBox]] = []
        # The form's date opens the calendar when the field is emptied (the day it was opened).
        self.meeting = DateField(self, today=meeting_on, value=meeting_on, name="Meeting date")
        self.meeting.setObjectName("meetingOn")
        caption = QLabel("&Meeting date:", self)
        buddy(caption, self.meeting)
        all_yes = QPushButton("Everyone &present votes Yes", self)
        all_yes.setObjectName("allYes")
        all_yes.setToolTip("Marks every member not recused as present and voting Yes; change "
                           "the exceptions after.")
        all_yes.clicked.connect(self.everyone_yes)
        all_absent = QPushButton("Clear (everyone absent)", self)
        all_absent.setObjectName("allAbsent")
        all_absent.clicked.connect(self.everyone_absent)
        self._all_absent = all_absent
        top = QHBoxLayout()
        top.addWidget(caption)
        top.addWidget(self.meeting)
        top.addSpacing(12)
        top.addWidget(all_yes)
        top.addWidget(all_absent)
        top.addStretch(1)
        self.members = QWidget(self)
        self.members.setObjectName("voteMembers")
        self.members.setProperty("readingOrder", "columns")  # Tab goes down each column of names
        self.grid = QGridLayout(self.members)
        self.grid.setContentsMargins(0, 4, 0, 4)
        self.grid.setHorizontalSpacing(10)
        self.grid.setColumnStretch(5, 1)  # the two columns of members stay together, left
        self.empty = QLabel(self)
        self.empty.setObjectName("voteNoMembers")
        self.empty.setWordWrap(True)
        self.record = QCheckBox(self)
        self.record.setObjectName("recordVote")
        self.record.setChecked(True)
        self.result_line = QLabel(self)
        self.result_line.setObjectName("voteResult")
        self.result_line.setWordWrap(True)
        self.result_line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.empty)
        layout.addWidget(self.members)
        layout.addWidget(self.record)
        layout.addWidget(self.result_line)
        self.meeting.changed.connect(self._meeting_changed)
        self.reload()

    @property
    def rule(self) -> VoteRule:
        """How many of those present must vote yes."""
        return self.terms.rule

    def _show_record_rule(self) -> None:
        """The record-vote flag: fixed on where the terms require a record vote."""
        if self.terms.record_vote_required:
            self.record.setText(f"Record vote: each member's name and vote are recorded "
                                f"(required by {self.terms.citation})")
            self.record.setChecked(True)
            self.record.setEnabled(False)
        else:
            self.record.setText("&Record vote: each member's name and vote are entered in the "
                                "minutes")
            self.record.setEnabled(True)

    # -- reading the roster -----------------------------------------------------------------

    @property
    def meeting_on(self) -> date:
        """The meeting date entered (while the field is empty or retyped, the last one)."""
        day = self.meeting.last_date()
        assert day is not None, "a vote's form opens on a meeting date"
        return day

    def set_meeting_on(self, day: date) -> None:
        """Change the meeting date (the members serving on it are loaded again)."""
        self.meeting.set_date(day)

    def _meeting_changed(self) -> None:
        if self.meeting.date() is not None:
            self.reload()

    def reload(self) -> None:
        """Offer the members serving on the meeting date; keep the votes already chosen."""
        kept = {voter.member_id: combo.currentIndex() for voter, combo in self.rows}
        while self.grid.count():
            item = self.grid.takeAt(0)
            old = item.widget() if item is not None else None
            if old is not None:
                old.hide()
                old.deleteLater()
        self.rows = []
        voters = self._load(self.meeting_on) if self._load is not None else []
        self.terms = (self._load.terms(self.action, self.meeting_on)
                      if isinstance(self._load, RosterLoader) else terms_for(self.action,
                                                                             len(voters)))
        self._show_record_rule()
        half = (len(voters) + 1) // 2
        for number, voter in enumerate(voters):
            row, column = (number, 0) if number < half else (number - half, 3)
            combo = QComboBox(self.members)
            combo.setObjectName(f"ballot_{voter.member_id}")
            for text, _choice in CHOICES:
                combo.addItem(text)
            label = QLabel(("⚠ " if voter.is_party else "") + voter.label, self.members)
            buddy(label, combo)  # one line: the name is never broken
            if voter.is_party:
                palette.set_style(label, "error")  # a party to the complaint (§ 2-83(h))
                combo.setCurrentIndex(_RECUSED)
                combo.setEnabled(False)
                combo.setToolTip(f"{voter.name} is a party to this complaint and cannot vote "
                                 "on it (§ 2-83(h); § 2-85): recorded as recused.")
            else:
                combo.setCurrentIndex(kept.get(voter.member_id, 0))
            combo.currentIndexChanged.connect(lambda _i: self._update())
            self.grid.addWidget(label, row, column)
            self.grid.addWidget(combo, row, column + 1)
            self.rows.append((voter, combo))
        previous: QWidget = self._all_absent  # Tab: the members by name, then Record vote
        for _voter, combo in self.rows:
            QWidget.setTabOrder(previous, combo)
            previous = combo
        QWidget.setTabOrder(previous, self.record)
        if len(voters) > 1:
            self.grid.setColumnMinimumWidth(2, 36)
        if voters:
            self.empty.hide()
        else:
            self.empty.setText(f"⚠ No Board member serves on {self.meeting_on.isoformat()} "
                               "according to the roster. Check the meeting date, or add the "
                               "members and their terms on the Board screen (Ctrl+6).")
            self.empty.show()
        self._update()

    # -- choosing ---------------------------------------------------------------------------

    def combo_for(self, name: str) -> QComboBox:
        """The vote chooser of the member named ``name`` (as the roster spells it)."""
        for voter, combo in self.rows:
            if voter.name == name:
                return combo
        raise KeyError(name)

    def set_choice(self, name: str, choice: VoteChoice | None) -> None:
        """Choose a member's vote (None = absent); a party's "Recused" does not change."""
        combo = self.combo_for(name)
        if combo.isEnabled():
            combo.setCurrentIndex([c for _l, c in CHOICES].index(choice))

    def everyone_yes(self) -> None:
        """Every member not fixed to Recused: present, voting Yes."""
        for _voter, combo in self.rows:
            if combo.isEnabled():
                combo.setCurrentIndex(1)

    def everyone_absent(self) -> None:
        """Start again: every member not fixed to Recused is absent."""
        for _voter, combo in self.rows:
            if combo.isEnabled():
                combo.setCurrentIndex(0)

    def ballots(self) -> tuple[BallotData, ...]:
        """A ballot for each member present; a party is always recused."""
        out = []
        for voter, combo in self.rows:
            choice = VoteChoice.RECUSED if voter.is_party else CHOICES[combo.currentIndex()][1]
            if choice is not None:
                out.append(BallotData(voter.name, choice, voter.member_id))
        return tuple(out)

    def result(self) -> VoteResult | None:
        """The tally of the ballots entered, or None when no one is marked present."""
        ballots = self.ballots()
        return tally((b.choice for b in ballots), self.rule,
                     self.terms.quorum) if ballots else None

    def _update(self) -> None:
        result = self.result()
        if result is None or result.present == 0:
            self.result_line.setText(
                ("No vote recorded: leave everyone absent if the Board did not vote on it. "
                 if self.optional else "") +
                "Mark the members present and how each voted; absent members have no ballot.")
            palette.set_style(self.result_line, None)
        else:
            self.result_line.setText(f"Result: {result.summary}.")
            palette.set_style(self.result_line, "success" if result.carried else "error")
            if not result.has_quorum:
                self.result_line.setText(f"Result: {result.summary}. {result.no_quorum()}: "
                                         "the vote cannot be recorded.")
        self.changed.emit()

    def value(self) -> VoteData | None:
        """The vote as the workflow takes it; when no member is marked present and voting (yes,
        no or abstain), None for an optional vote and ValueError otherwise."""
        ballots = self.ballots()
        if self.optional and not any(b.choice is not VoteChoice.RECUSED for b in ballots):
            return None
        if not self.meeting.show_problem():
            raise ValueError(f"Meeting date: {self.meeting.problem()}")
        if self.meeting.date() is None:
            raise ValueError("Enter the meeting date (§ 2-83(f)).")
        if not any(b.choice is not VoteChoice.RECUSED for b in ballots):
            raise ValueError("Mark the members present at the meeting and how each voted "
                             "(absent members have no ballot; recused members are not counted "
                             "as present).")
        result = self.result()
        if result is not None and not result.has_quorum:
            raise ValueError(f"{result.no_quorum()}. A vote is recorded only when a quorum of "
                             "the Board was present: check who attended.")
        return VoteData(meeting_on=self.meeting_on, ballots=ballots,
                        is_record_vote=self.record.isChecked())
