"""Fixtures of the retention tests: the office's people by role, and resolved cases.

The accounts are made as :class:`~ethics_desk.core.account.Account` values, as a signed-in
person is seen below the screens; the cases go through the workflow, resolved on the tests'
pinned day (:data:`tests.conftest.NOW`) unless a test says otherwise.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock, fixed_clock
from ethics_desk.core.roles import Role
from ethics_desk.models import Disposition
from ethics_desk.workflow import Accept, Resolve
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import NOW, OFFICE_TZ
from tests.factories import reviewed_case

RESOLVED_ON = NOW.date()
"""The day the tests' cases are resolved: Monday 30 November 2026."""
ELIGIBLE_ON = date(2028, 11, 30)
"""Two years after :data:`RESOLVED_ON` (Local Schedule GR, GR1000-24)."""


def person(role: Role, name: str | None = None) -> Account:
    """A signed-in account of ``role``."""
    return Account(account_id=list(Role).index(role) + 1, login=role.value,
                   name=name or f"{role.label} Person", role=role)


RECORDS = person(Role.RECORDS, "Rosa Records")


def on(day: date, hour: int = 10) -> Clock:
    """A clock stopped at ``hour`` o'clock on ``day`` in San Antonio."""
    return fixed_clock(datetime(day.year, day.month, day.day, hour, tzinfo=OFFICE_TZ))


def resolved_case(controller: WorkflowController, *,
                  disposition: Disposition = Disposition.NO_VIOLATION) -> int:
    """A case reviewed, accepted and resolved on :data:`RESOLVED_ON` (§ 2-83(d)(4))."""
    case = reviewed_case(controller)
    controller.fire(case, Accept())
    controller.fire(case, Resolve(disposition=disposition, decided_on=RESOLVED_ON))
    return case


@pytest.fixture
def eligible_day() -> Clock:
    """The clock on the day the tests' cases become eligible."""
    return on(ELIGIBLE_ON)


DAY = timedelta(days=1)
