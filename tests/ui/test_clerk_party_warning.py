"""The case window warns the other clerks of a complaint that names one of them (issue 29, item
14): who is named, that they cannot see the case, and whom the office tells."""

from __future__ import annotations

import html
from dataclasses import replace

from pytestqt.qtbot import QtBot

from ethics_desk.core.roles import Role
from ethics_desk.staff.accounts import add_account, list_accounts
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import complete_intake, reviewed_case
from tests.signing_in import ADMINISTRATOR, PASSWORD, account_of
from tests.ui.test_case_window import _window
from tests.ui.test_screenshot_tour import shoot


def test_the_other_clerks_are_told_whom_to_tell(qtbot: QtBot, context: AppContext,
                                                controller: WorkflowController,
                                                database: Database) -> None:
    account_of(database, Role.CLERK)
    admin = next(a for a in list_accounts(database) if a.login == ADMINISTRATOR)
    add_account(database, "mtrevino", "Marisol Treviño", Role.CLERK, f"first {PASSWORD}",
                by=admin, clock=CLOCK)
    intake = complete_intake()
    intake = replace(intake, respondents=[replace(intake.respondents[0],
                                                  name="Marisol Treviño")])
    window = _window(qtbot, context, reviewed_case(controller, intake=intake))
    header = html.unescape(window.header.text())
    assert "⚠ Warning: this complaint names Marisol Treviño of the Clerk's staff as a party" \
        in header
    assert "they cannot see this case; tell the City Attorney's Office (§ 2-83(h)(1))" in header
    window.resize(1280, 720)
    shoot(window, "case-clerk-named-as-party")
