"""Times on the papers are the office's (``office.time_zone``, by default America/Chicago),
whatever the workstation's clock is set to; a zone the computer does not know is refused."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import in_office_time, office_zone, stamp
from ethics_desk.documents.making import render_letter
from ethics_desk.models import Setting
from ethics_desk.office import settings
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import show_cause
from tests.conftest import CLOCK, NOW, set_workstation_zone
from tests.documents.render.helpers import flat, text_of
from tests.factories import DESK_CLERK, filed_case


@pytest.fixture
def _workstation_in_utc(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workstation's clock set to UTC, not the office's zone."""
    set_workstation_zone(monkeypatch, "UTC")


@pytest.mark.usefixtures("_workstation_in_utc")
def test_on_a_workstation_set_to_utc_the_notice_gives_the_hearing_in_the_offices_time(
        controller: WorkflowController, database: Database) -> None:
    case_id = show_cause(controller)
    text = flat(text_of(render_letter(database, case_id, "show-cause-order",
                                      account=DESK_CLERK, clock=CLOCK)))
    assert "Date Thursday, December 10, 2026" in text and "Time 5:30 p.m. CST" in text
    assert "UTC" not in text


@pytest.mark.usefixtures("_workstation_in_utc")
def test_the_receipt_gives_the_filing_time_in_the_zone_the_office_sets(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)  # received 10:00 a.m. in San Antonio
    text = flat(text_of(render_letter(database, case_id, "receipt", account=DESK_CLERK,
                                      clock=CLOCK)))
    assert "November 30, 2026, at 10:00 a.m. CST" in text
    with database.unit_of_work() as session:
        settings.set_value(session, "office.time_zone", "America/New_York", actor="Maria Clerk",
                           at=NOW)
    text = flat(text_of(render_letter(database, case_id, "receipt", account=DESK_CLERK,
                                      clock=CLOCK)))
    assert "November 30, 2026, at 11:00 a.m. EST" in text


def test_a_time_zone_this_computer_does_not_know_is_refused_with_the_fix(
        database: Database) -> None:
    with pytest.raises(UserError) as refused, database.unit_of_work() as session:
        settings.set_value(session, "office.time_zone", "Mars/Olympus_Mons",
                           actor="Maria Clerk", at=NOW)
    assert refused.value.problem == "“Mars/Olympus_Mons” is not a time zone this computer knows."
    assert "such as America/Chicago" in refused.value.fix
    with database.read_session() as session:
        assert session.scalar(select(Setting).where(Setting.key == "office.time_zone")) is None
        assert settings.time_zone(session) == office_zone("America/Chicago")


def test_a_moment_is_printed_in_the_office_zone_across_daylight_saving_and_never_naive() -> None:
    chicago = office_zone("America/Chicago")
    assert stamp(datetime(2026, 7, 1, 15, 0, tzinfo=UTC), chicago) == "2026-07-01 10:00 CDT"
    assert stamp(datetime(2026, 12, 1, 16, 0, tzinfo=UTC), chicago) == "2026-12-01 10:00 CST"
    with pytest.raises(ValueError, match="timezone-aware"):
        in_office_time(datetime(2026, 12, 1, 16, 0), chicago)
