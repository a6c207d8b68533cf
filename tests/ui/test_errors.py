"""How the interface runs a user action: a refusal (a UserError) is shown and reported as
``FAILED``, which is never confused with an action that succeeded and returned nothing."""

from __future__ import annotations

import stat
from datetime import date
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.board import roster
from ethics_desk.core.errors import UserError
from ethics_desk.ui import errors
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.screens.board_screen import BoardScreen
from tests.factories import CLERK


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The messages the user would have seen, instead of message boxes."""
    messages: list[str] = []

    def record(_parent: object, error: UserError, title: str = "") -> None:
        messages.append(error.problem)

    monkeypatch.setattr(errors, "show_user_error", record)
    return messages


def test_an_action_that_returns_nothing_succeeded_and_is_not_taken_for_a_refusal(
        shown: list[str]) -> None:
    done: list[str] = []
    outcome = attempt(None, lambda: done.append("removed"))
    assert outcome is None and outcome is not FAILED
    assert done == ["removed"] and shown == []


def test_a_refused_action_is_shown_and_reported_as_failed(shown: list[str]) -> None:
    def refuse() -> int:
        raise UserError("The complaint is not sworn (§ 2-83(c)).", "Return it to the complainant.")

    outcome = attempt(None, refuse)
    assert outcome is FAILED and not outcome
    assert shown == ["The complaint is not sworn (§ 2-83(c))."]


def test_a_result_is_returned_as_it_is_even_when_it_is_empty(shown: list[str]) -> None:
    outcome = attempt(None, lambda: [])
    assert outcome == [] and outcome is not FAILED
    assert shown == []


def test_removing_an_election_already_removed_elsewhere_is_said_and_not_reported_done(
        qtbot: QtBot, context: AppContext, shown: list[str]) -> None:
    election_id = roster.add_election(context.database, date(2027, 5, 1), "General Election",
                                      "Sofía Benavides", account=CLERK,
                                      clock=context.clock)
    screen = BoardScreen(context)
    qtbot.addWidget(screen)
    screen.refresh()
    screen.elections_view.selectRow(0)
    screen.confirm = lambda question: True
    roster.remove_election(context.database, election_id, account=CLERK,
                           clock=context.clock)
    assert screen.remove_election() is False
    assert shown == ["That election is no longer on the list."]
    assert screen.elections.rows() == []


def test_the_log_and_its_folder_are_readable_by_this_user_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_log_dir", lambda *_a, **_k: str(tmp_path / "logs"))
    path = errors.log_file()
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    path.write_text("an older log, made before it was private\n")
    path.chmod(0o644)
    assert stat.S_IMODE(errors.log_file().stat().st_mode) == 0o600
