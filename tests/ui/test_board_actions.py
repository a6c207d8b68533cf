"""The Board's steps in the case window, § 2-83(f) and (g): a carried vote orders the complainant
to show cause, the hearing is recorded, a record vote determines the complaint frivolous,
sanctions are imposed (the $500.00 limit said before anything is saved), and the respondent is
told how the case was resolved — each step through the controller, audited, with its papers."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
)
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.board import roster
from ethics_desk.cases.inbox import ALL_PENDING, saved_view
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.models import (
    BoardRole,
    BoardVote,
    CaseState,
    Hearing,
    HearingKind,
    Sanction,
    SanctionFactor,
    SanctionKind,
    ShowCauseOrder,
    VoteChoice,
)
from ethics_desk.storage.database import Database
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.case.forms import ActionDialog, NotesField
from ethics_desk.ui.case.vote_entry import VoteEntry
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.palette import HIGH_CONTRAST, LIGHT, SCHEMES, Scheme
from ethics_desk.workflow import Accept, ForwardToBoard
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK, complete_intake, provision_id, reviewed_case
from tests.ui.conftest import Desktop, type_text
from tests.ui.test_case_documents import forwarded_case, pdf_text
from tests.ui.test_case_window import _act, _choose, _save, _window
from tests.ui.test_palette import ink
from tests.workflow.helpers import audit_actions, case

ACTOR = "Maria Clerk"
MEMBERS = ("Ada Lovell", "Ben Ortiz", "Cora Diaz", "Dan Ruiz", "Eva Soto", "Fay Lim",
           "Gus Hale", "Hal Voss", "Ivy Chen")
"""Nine members serving besides the Chair (a tenth, José Peña, is the complainant)."""
PARTY = "José Peña"
FUTURE_HEARING = datetime(2026, 12, 15, 14, 0)

DOCUMENTS: dict[str, dict[str, tuple[str, ...]]] = {
    # The Papers tab's kinds that must read right after each step, with phrases they contain.
    "ordered to show cause": {
        "show-cause-order": ("ERB-2026-001", "Notice of an Order to Show Cause",
                             "7 yes, 2 no, 0 abstaining — carried",
                             "Filed nine days before the election.",
                             "Said at a rally he would “stop her campaign”.",
                             "City Council Chambers, 114 W. Commerce St.", "December 15, 2026",
                             "2:00 p.m.", "You may bring counsel", "§ 2-83(f)(5)"),
    },
    "determined frivolous": {
        "frivolous-determination": ("ERB-2026-001", "Groundless: the truck logs show no "
                                    "private use", "Rosa Vega", "§ 2-83(f)(6)"),
        "resolution-notice": ("ERB-2026-001", "Frivolous complaint", "(f)(6)"),
    },
    "sanctioned": {
        "frivolous-determination": ("$500.00", "$1,250.00",
                                    "A sworn complaint known to be groundless."),
        "referral": ("Bexar County Criminal District Attorney", "perjury", "§ 2-83(g)(3)",
                     "ERB-2026-001"),
    },
}


def seat_board(database: Database, *, chair: str = "Rosa Vega",
               members: tuple[str, ...] = MEMBERS, party: str | None = PARTY) -> None:
    """A Chair and members serving since 2025, and the complainant as a member too."""
    roster.add_member(database, chair, role=BoardRole.CHAIR, starts_on=date(2025, 1, 1),
                     account=CLERK, clock=CLOCK)
    for name in (*members, *([party] if party else [])):
        roster.add_member(database, name, role=BoardRole.MEMBER, starts_on=date(2025, 1, 1),
                         account=CLERK, clock=CLOCK)


@pytest.fixture(autouse=True)
def _no_message_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A message box in these tests is a failure: refusals are said inside the form."""
    def refuse(box: QMessageBox) -> int:
        raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")

    monkeypatch.setattr(QMessageBox, "exec", refuse)


def pending(database: Database) -> list[int]:
    """The cases the inbox's "All pending" view lists."""
    return InboxQuery(database, date(2026, 11, 30)).ids(saved_view(ALL_PENDING))


def vote_of(dialog: ActionDialog) -> VoteEntry:
    """The dialog's vote entry."""
    entry = dialog.inputs["vote"]
    assert isinstance(entry, VoteEntry)
    return entry


def cast(entry: VoteEntry, yes: int, no: int = 0) -> None:
    """The Chair and the first members vote: ``yes`` Yes, then ``no`` No; the rest absent."""
    names = ["Rosa Vega", *MEMBERS]
    entry.everyone_absent()
    for name in names[:yes]:
        entry.set_choice(name, VoteChoice.YES)
    for name in names[yes:yes + no]:
        entry.set_choice(name, VoteChoice.NO)


def check_documents(window: CaseWindow, step: str) -> None:
    """Preview each paper listed for ``step`` on the Papers tab and read its text."""
    panel = window.papers
    window.tabs.setCurrentWidget(panel)  # the tab reads the case again as it comes into view
    for kind, phrases in DOCUMENTS[step].items():
        panel.choose_kind(kind)
        preview = panel.preview()
        assert preview is not None, kind
        text = " ".join(pdf_text(preview).split())
        for phrase in phrases:
            assert phrase in text, (kind, phrase)


def order_show_cause(qtbot: QtBot, window: CaseWindow, *, yes: int, no: int = 0) -> ActionDialog:
    """Open the show-cause form and fill it in: the vote, the explanation, two factors, the
    hearing on 15 December at 2 p.m. in the Council Chambers (not yet saved)."""
    dialog = _act(qtbot, window, "order_show_cause")
    cast(vote_of(dialog), yes, no)
    explanation = dialog.inputs["explanation"]
    assert isinstance(explanation, QPlainTextEdit)
    explanation.setPlainText("Filed nine days before the election, after a press conference.")
    notes = dialog.inputs["factors"]
    assert isinstance(notes, NotesField)
    notes.box("a").setPlainText("Filed nine days before the election.")
    type_text(qtbot, notes.box("f"), "Said at a rally he would “stop her campaign”.")
    dialog.inputs["hearing_at"].set_moment(FUTURE_HEARING)
    place = dialog.inputs["place"]
    assert isinstance(place, QLineEdit)
    place.setText("City Council Chambers, 114 W. Commerce St.")
    return dialog


def test_from_a_carried_vote_to_show_cause_hearing_determination_sanctions_and_resolution(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    seat_board(database)
    case_id = forwarded_case(controller)
    window = _window(qtbot, context, case_id)
    assert f"Board member {PARTY} is a party: recused from every vote" in window.header.text()

    # (f)(2): the vote, with the complainant-member fixed to recused.
    dialog = order_show_cause(qtbot, window, yes=7, no=2)
    entry = vote_of(dialog)
    assert not entry.combo_for(PARTY).isEnabled()
    assert entry.combo_for(PARTY).currentText() == "Recused"
    assert entry.result_line.text() == (
        "Result: Present: 10 of the 11 members serving; recused: 1; quorum: 6 (a majority of "
        "the 11 serving), met by the 9 taking part, recused members not counted; needed: at "
        "least 6 yes votes (two-thirds of the 9 counted as present); cast: 7 yes, 2 no, 0 "
        "abstaining — carried.")
    dialog.inputs["hearing_at"].set_moment(datetime(2026, 11, 27, 14, 0))
    _save(qtbot, dialog)  # a hearing already past: refused, everything kept
    assert dialog.isVisible() and "still to come" in dialog.message.text()
    assert case(database, case_id).state is CaseState.AWAITING_RESPONSE
    assert dialog.inputs["factors"].box("f").toPlainText() == \
        "Said at a rally he would “stop her campaign”."
    assert entry.result().carried  # type: ignore[union-attr]
    dialog.inputs["hearing_at"].set_moment(FUTURE_HEARING)
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    assert case(database, case_id).state is CaseState.SHOW_CAUSE
    with database.read_session() as session:
        [order] = session.scalars(select(ShowCauseOrder))
        assert {f.factor.value: f.note for f in order.factors} == {
            "a": "Filed nine days before the election.",
            "f": "Said at a rally he would “stop her campaign”."}
        [vote] = session.scalars(select(BoardVote))
        assert {b.member_name: b.choice for b in vote.ballots}[PARTY] is VoteChoice.RECUSED
    assert not window.action_buttons["record_frivolous_vote"].isEnabled()
    check_documents(window, "ordered to show cause")

    # (f)(5): the hearing, continued once, then concluded.
    dialog = _act(qtbot, window, "record_show_cause_hearing")
    assert dialog.inputs["appeared"].text() == f"{PARTY} (complainant)"
    dialog.inputs["counsel"].setText("Lucia Gomez, attorney")
    _choose(dialog, "concluded", "Continued")
    _save(qtbot, dialog)
    assert not window.action_buttons["record_frivolous_vote"].isEnabled()
    dialog = _act(qtbot, window, "record_show_cause_hearing")
    _choose(dialog, "concluded", "Concluded")
    _save(qtbot, dialog)
    with database.read_session() as session:
        hearing = session.scalar(select(Hearing).where(Hearing.kind == HearingKind.SHOW_CAUSE))
        assert hearing is not None and hearing.concluded and hearing.held_on == date(2026, 11, 30)

    # (f)(6): the record vote; the flag cannot be turned off.
    dialog = _act(qtbot, window, "record_frivolous_vote")
    record = dialog.inputs["vote"].record
    assert isinstance(record, QCheckBox) and record.isChecked() and not record.isEnabled()
    vote_of(dialog).everyone_yes()
    assert "10 yes, 0 no, 0 abstaining — carried" in vote_of(dialog).result_line.text()
    _save(qtbot, dialog)  # carried, but no particulars: refused
    assert dialog.isVisible() and "particulars" in dialog.message.text()
    dialog.inputs["particulars"].setPlainText(
        "Groundless: the truck logs show no private use; brought to harass a candidate.")
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    assert case(database, case_id).state is CaseState.RESOLVED
    assert case_id not in pending(database)  # the case has left the pending set
    check_documents(window, "determined frivolous")

    # (g): the factors, then the sanctions; $600 is refused before the controller is asked.
    dialog = _act(qtbot, window, "impose_sanctions")
    factors = dialog.inputs["factors"]
    factors.box("seriousness").setPlainText("A sworn complaint known to be groundless.")
    factors.box("deterrence").setPlainText("A penalty, and the respondent's fees.")
    factors.box("justice").setPlainText("None further.")
    dialog.inputs["penalty"].setText("600")
    dialog.inputs["fees"].setText("$1,250.00")
    dialog.inputs["agency"].setText("Bexar County Criminal District Attorney")
    dialog.inputs["perjury"].setChecked(True)
    before = audit_actions(database, case_id)
    _save(qtbot, dialog)  # no vote taken: the sanctions are the Board's act (§ 2-83(g))
    assert dialog.isVisible() and "Mark the members present" in dialog.message.text()
    vote_of(dialog).everyone_yes()
    _save(qtbot, dialog)
    assert dialog.isVisible()
    assert "$600.00 is more than the law allows" in dialog.message.text()
    assert "Enter $500.00 or less" in dialog.message.text()
    assert audit_actions(database, case_id) == before  # nothing was saved or asked
    assert dialog.inputs["fees"].text() == "$1,250.00"
    assert factors.box("justice").toPlainText() == "None further."
    assert dialog.inputs["perjury"].isChecked()
    dialog.inputs["penalty"].setText("500.00")
    _save(qtbot, dialog)  # no due date for the civil penalty
    assert dialog.isVisible() and "to be paid" in dialog.message.text()
    dialog.inputs["due"].set_date(date(2027, 1, 4))
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    with database.read_session() as session:
        sanctions = {s.kind: s for s in session.scalars(select(Sanction))}
        considered = {n.factor: n.note for n in sanctions[SanctionKind.REFERRAL].factors}
    assert sanctions[SanctionKind.CIVIL_PENALTY].amount_cents == 50_000
    assert sanctions[SanctionKind.ATTORNEYS_FEES].amount_cents == 125_000
    referral = sanctions[SanctionKind.REFERRAL]
    assert referral.agency == "Bexar County Criminal District Attorney"
    assert "perjury" in referral.text
    assert considered == {
        SanctionFactor.SERIOUSNESS: "A sworn complaint known to be groundless.",
        SanctionFactor.DETERRENCE: "A penalty, and the respondent's fees.",
        SanctionFactor.JUSTICE: "None further."}

    events = [a for a in audit_actions(database, case_id) if a.startswith("event.")]
    assert events[-5:] == ["event.order_show_cause", "event.record_show_cause_hearing",
                           "event.record_show_cause_hearing", "event.record_frivolous_vote",
                           "event.impose_sanctions"]
    history = " | ".join(line.summary for line in window.timeline.rows())
    assert "Order to show cause: Present: 10 of the 11 members serving; recused: 1;" in history
    assert "Determined frivolous by record vote" in history
    assert "civil penalty $500.00; attorneys' fees $1,250.00; referral to Bexar County" in history
    check_documents(window, "sanctioned")


def test_the_flag_of_a_member_who_is_a_party_and_the_vote_follow_the_desktops_colours(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, database: Database,
        desktop: Desktop) -> None:
    seat_board(database)
    window = _window(qtbot, context, forwarded_case(controller))
    dialog = order_show_cause(qtbot, window, yes=7, no=2)
    entry = vote_of(dialog)
    party = next(label for label in entry.findChildren(QLabel)
                 if label.buddy() is entry.combo_for(PARTY))
    assert LIGHT.warning in window.header.text() and ink(party) == LIGHT.error
    for scheme in (Scheme.DARK, Scheme.HIGH_CONTRAST):
        desktop.switch_to(scheme)
        colours = SCHEMES[scheme]
        # § 2-83(h): the header's flag keeps its words and its ⚠, a warning in the new
        # scheme's warning colour (the vote's line beside the member's name is the block).
        assert f"⚠ Warning: Board member {PARTY} is a party" in window.header.text()
        assert f"color:{colours.warning}" in window.header.text()
        assert colours.muted in window.summary.toHtml()
        assert ink(party) == colours.error and party.text().startswith("⚠ ")
        assert ink(entry.result_line) == colours.success  # 7 yes, 2 no: carried
    cast(entry, yes=2, no=7)
    assert ink(entry.result_line) == HIGH_CONTRAST.error  # failed
    dialog.reject()


def test_a_show_cause_order_needs_a_carried_vote(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    seat_board(database)
    case_id = forwarded_case(controller)
    window = _window(qtbot, context, case_id)
    dialog = order_show_cause(qtbot, window, yes=5, no=4)
    assert vote_of(dialog).result_line.text().endswith(
        "needed: at least 6 yes votes (two-thirds of the 9 counted as present); cast: 5 yes, "
        "4 no, 0 abstaining — failed.")
    _save(qtbot, dialog)  # a failed motion is recorded, and orders nothing
    assert case(database, case_id).state is CaseState.AWAITING_RESPONSE
    with database.read_session() as session:
        assert session.scalars(select(ShowCauseOrder)).all() == []
        [vote] = session.scalars(select(BoardVote))
        assert not vote.carried
    assert any("Motion to order the complainant to show cause failed" in line.summary
               for line in window.timeline.rows())


def test_a_vote_with_nobody_present_is_refused_in_the_form(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    seat_board(database)
    case_id = forwarded_case(controller)
    window = _window(qtbot, context, case_id)
    dialog = order_show_cause(qtbot, window, yes=0, no=0)  # only the party, recused
    _save(qtbot, dialog)
    assert dialog.isVisible() and "Mark the members present" in dialog.message.text()


def test_resolving_by_hand_offers_the_dispositions_a_clerk_records_and_tells_the_respondent(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    case_id = forwarded_case(controller)
    window = _window(qtbot, context, case_id)
    dialog = _act(qtbot, window, "resolve")
    combo = dialog.inputs["disposition"]
    offered = [combo.itemText(i) for i in range(combo.count())]
    # "Withdrawn" is the complainant's withdrawal, its own step with the day it was received
    assert offered == ["— choose —", "Dismissed", "No violation", "Violation found"]
    assert "follows from the Board's record vote (§ 2-83(f)(6))" in dialog.form.intro
    assert case_id in pending(database)
    _choose(dialog, "disposition", "No violation")
    dialog.inputs["notes"].setPlainText("The Board found no violation after the response.")
    _save(qtbot, dialog)
    assert case(database, case_id).state is CaseState.RESOLVED
    assert audit_actions(database, case_id)[-1] == "event.resolve"
    assert case_id not in pending(database)
    panel = window.papers
    window.tabs.setCurrentWidget(panel)
    panel.choose_kind("resolution-notice")
    preview = panel.preview()
    assert preview is not None
    text = " ".join(pdf_text(preview).split())
    assert "No violation found" in text and "Nguyễn Thị Minh Khai" in text
    assert panel.issue() is not None


def _tick_finding(dialog: ActionDialog, text: str) -> None:
    """Tick the provision found violated in the resolution's form (§ 2-85(b))."""
    ticks = dialog.inputs["findings"]
    assert isinstance(ticks, QListWidget)
    [item] = ticks.findItems(text, Qt.MatchFlag.MatchContains)
    item.setCheckState(Qt.CheckState.Checked)


def test_a_disposition_decided_at_a_meeting_is_recorded_with_the_boards_majority_vote(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    seat_board(database)
    alleged = [provision_id(database, "2-49")]
    case_id = reviewed_case(controller, intake=complete_intake(provision_ids=alleged))
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    window = _window(qtbot, context, case_id)
    dialog = _act(qtbot, window, "resolve")
    entry = vote_of(dialog)
    assert entry.value() is None  # no vote taken: the clerk may resolve without one
    assert "No vote recorded" in entry.result_line.text()
    _choose(dialog, "disposition", "Violation found")
    _tick_finding(dialog, "§ 2-49")  # what the motion would find (§ 2-85(b))
    cast(entry, 4, 4)
    assert entry.result_line.text().endswith(
        "needed: at least 5 yes votes (a majority of the 8 counted as present); cast: 4 yes, "
        "4 no, 0 abstaining — failed.")
    _save(qtbot, dialog)  # a motion that fails is recorded and resolves nothing
    assert case(database, case_id).state is CaseState.AWAITING_RESPONSE
    dialog = _act(qtbot, window, "resolve")
    _choose(dialog, "disposition", "Violation found")
    _tick_finding(dialog, "§ 2-49")
    cast(vote_of(dialog), 5, 4)
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    assert case(database, case_id).state is CaseState.RESOLVED
    history = " | ".join(line.summary for line in window.timeline.rows())
    assert "Motion to resolve the complaint as violation found failed" in history
    assert "Resolved (violation found) on 2026-11-30 by the Board's vote: Present: 10 of the " \
           "11 members serving; recused: 1; quorum: 6 (a majority of the 11 serving), met" \
           in history
    assert "needed: at least 5 yes votes (a majority of the 9 counted as present)" in history


def test_the_hearing_time_is_taken_in_the_office_time_zone(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    seat_board(database)
    case_id = forwarded_case(controller)
    window = _window(qtbot, context, case_id)
    dialog = order_show_cause(qtbot, window, yes=8)
    _save(qtbot, dialog)
    with database.read_session() as session:
        hearing = session.scalar(select(Hearing))
        assert hearing is not None
        local = hearing.scheduled_at
    assert local is not None
    assert local.astimezone().replace(tzinfo=None) == datetime(2026, 12, 15, 14, 0)
