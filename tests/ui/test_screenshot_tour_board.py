"""The Board screenshot tour: the roster, the vote entry inside the order to show cause, the
whole show-cause form, the meeting packet previewed, and the sanctions form with the $500.00
limit said; saved as PNG when
``ETHICS_DESK_SCREENSHOTS`` is set, and always checked to render at a usable size.

The dialogs are shown at the size they take on a 1280 × 800 screen (the test screen is smaller).
"""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QMessageBox, QScrollArea
from pytestqt.qtbot import QtBot

from ethics_desk.board import roster
from ethics_desk.models import BoardRole, VoteChoice
from ethics_desk.ui.case.forms import ActionDialog
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.board_screen import BoardScreen
from ethics_desk.workflow import BallotData, RecordFrivolousVote, RecordShowCauseHearing, VoteData
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK
from tests.ui.test_board_actions import (
    FUTURE_HEARING,
    MEMBERS,
    cast,
    order_show_cause,
    seat_board,
    vote_of,
)
from tests.ui.test_case_documents import forwarded_case
from tests.ui.test_case_window import _act, _save, _window
from tests.ui.test_screenshot_tour import shoot

DIALOG = (920, 720)  # what fit_to_screen gives a Board form on a 1280 × 800 screen


def _no_message(box: QMessageBox) -> int:
    raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")


def shoot_vote(dialog: ActionDialog, name: str) -> None:
    """The top of the dialog down to the vote's result line (the vote entry in its place)."""
    entry = vote_of(dialog)
    bottom = entry.mapTo(dialog, QPoint(0, entry.height())).y() + 12
    pixmap = dialog.grab(QRect(0, 0, dialog.width(), bottom))
    assert pixmap.width() >= 400 and pixmap.height() >= 300, name
    folder = os.environ.get("ETHICS_DESK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        assert pixmap.save(str(Path(folder) / f"{name}.png"))


def _show(qtbot: QtBot, dialog: ActionDialog) -> None:
    width, height = dialog.preferred_size()
    dialog.resize(min(width, DIALOG[0]), min(height, DIALOG[1]))
    qtbot.waitExposed(dialog)
    qtbot.wait(50)


def test_tour_of_the_board(qtbot: QtBot, context: AppContext, controller: WorkflowController,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QMessageBox, "exec", _no_message)
    database = context.database
    seat_board(database)
    roster.add_member(database, "Tom Reed", role=BoardRole.MEMBER, starts_on=date(2022, 1, 1),
                     ends_on=date(2025, 12, 31), account=CLERK, clock=CLOCK)
    roster.add_member(database, "Lena Park", role=BoardRole.STAFF, starts_on=date(2024, 3, 1),
                     account=CLERK, clock=CLOCK)
    roster.add_election(database, date(2027, 5, 1), "General Election",
                       "Nguyễn Thị Minh Khai\nSofía Benavides", account=CLERK, clock=CLOCK)
    roster.add_election(database, date(2025, 11, 4), "Special Election", "Sofía Benavides",
                       account=CLERK, clock=CLOCK)

    screen = BoardScreen(context)
    qtbot.addWidget(screen)
    screen.resize(990, 720)  # the main window's stack at its first-run size
    screen.show()
    qtbot.waitExposed(screen)
    screen.select_member(screen.roster.rows()[0].id)
    shoot(screen, "board-1-roster")
    screen.tabs.setCurrentIndex(1)
    shoot(screen, "board-2-elections")

    case_id = forwarded_case(controller)
    window = _window(qtbot, context, case_id)
    window.resize(1100, 780)
    shoot(window, "board-3-case-with-a-member-who-is-a-party")
    dialog = order_show_cause(qtbot, window, yes=7, no=2)
    vote_of(dialog).set_choice(MEMBERS[-1], VoteChoice.ABSTAIN)
    _show(qtbot, dialog)
    shoot_vote(dialog, "board-4-vote-entry")
    shoot(dialog, "board-5-show-cause-form")
    scroll = dialog.findChild(QScrollArea, "formScroll")
    assert scroll is not None
    scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())
    shoot(dialog, "board-6-show-cause-form-hearing")
    dialog.inputs["hearing_at"].set_moment(FUTURE_HEARING)
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()

    screen.tabs.setCurrentWidget(screen.packet)  # the meeting of the show-cause hearing
    screen.packet.set_meeting(FUTURE_HEARING.date())
    assert screen.packet.chosen_ids() == [case_id]
    assert screen.packet.preview()
    shoot(screen, "board-9-meeting-packet", qtbot)

    controller.fire(case_id, RecordShowCauseHearing(held_on=date(2026, 11, 30),
                                                    appeared="José Peña (complainant)"))
    window.reload()
    dialog = _act(qtbot, window, "record_frivolous_vote")
    cast(vote_of(dialog), 9)
    _show(qtbot, dialog)
    shoot(dialog, "board-7-frivolous-vote-form")
    dialog.reject()
    nine = VoteData(date(2026, 11, 30), tuple(
        BallotData(name, VoteChoice.YES) for name in ("Rosa Vega", *MEMBERS[:8])))
    controller.fire(case_id, RecordFrivolousVote(vote=nine, particulars="Groundless."))
    window.reload()
    dialog = _act(qtbot, window, "impose_sanctions")
    factors = dialog.inputs["factors"]
    factors.box("seriousness").setPlainText("A sworn complaint known to be groundless, filed "
                                            "days before an election.")
    factors.box("deterrence").setPlainText("A penalty and the respondent's fees.")
    factors.box("justice").setPlainText("No earlier complaints.")
    cast(vote_of(dialog), 9)  # the sanctions are the Board's act, by its vote (§ 2-83(g))
    dialog.inputs["penalty"].setText("750")
    dialog.inputs["fees"].setText("1,250.00")
    dialog.inputs["agency"].setText("Bexar County Criminal District Attorney")
    dialog.inputs["perjury"].setChecked(True)
    _save(qtbot, dialog)
    assert "$750.00 is more than the law allows" in dialog.message.text()
    _show(qtbot, dialog)
    shoot(dialog, "board-8-sanctions-form-limit")
    dialog.reject()
    window.close()

    other = forwarded_case(controller)  # a disposition decided at a meeting, by majority
    window = _window(qtbot, context, other)
    window.resize(1100, 780)
    dialog = _act(qtbot, window, "resolve")
    cast(vote_of(dialog), 6, 3)
    _show(qtbot, dialog)
    scroll = dialog.findChild(QScrollArea, "formScroll")
    assert scroll is not None
    scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())
    assert "(a majority of the 9 counted as present)" in vote_of(dialog).result_line.text()
    shoot(dialog, "board-10-resolve-by-the-boards-vote")
    dialog.reject()
    window.close()
