"""The marks every service carries: the acting account is required and the table decides."""

from __future__ import annotations

import pytest

from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed
from ethics_desk.core.permissions import ACT_ROLES, Act
from ethics_desk.core.roles import Role
from ethics_desk.staff.acting import SERVICES, allowed, case_reader, service


def _account(role: Role, *, disabled: bool = False) -> Account:
    return Account(7, "someone", "Some One", role, disabled=disabled)


@service(Act.EDIT_CALENDAR, "Closing the offices on a day")
def _close_a_day(day: str, *, account: Account) -> str:
    return f"{day} closed by {account.display}"


@case_reader("Reading a case's witnesses")
def _read_witnesses(case_id: int, *, account: Account) -> int:
    return case_id


@pytest.mark.parametrize("role", list(Role))
def test_a_marked_service_refuses_every_role_the_table_does_not_name(role: Role) -> None:
    if role in ACT_ROLES[Act.EDIT_CALENDAR]:
        assert _close_a_day("2026-12-24", account=_account(role)).endswith("(someone)")
    else:
        with pytest.raises(NotAllowed, match="is for: City Clerk staff"):
            _close_a_day("2026-12-24", account=_account(role))


def test_a_disabled_account_does_nothing_whatever_its_role() -> None:
    clerk = _account(Role.CLERK, disabled=True)
    assert not allowed(clerk, Act.EDIT_CALENDAR)
    with pytest.raises(NotAllowed, match="disabled"):
        _close_a_day("2026-12-24", account=clerk)
    with pytest.raises(NotAllowed, match="disabled"):
        _read_witnesses(1, account=clerk)


def test_a_service_called_without_the_account_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="needs the signed-in account"):
        _close_a_day("2026-12-24", account="Maria Clerk")  # type: ignore[arg-type]


def test_a_service_whose_account_is_optional_cannot_be_marked() -> None:
    with pytest.raises(TypeError, match="required keyword argument"):
        @service(Act.EDIT_CALENDAR, "Closing the offices on a day")
        def lenient(day: str, *, account: Account | None = None) -> None:
            """Would let a caller leave the account out."""


def test_every_mark_is_recorded_for_the_enumeration() -> None:
    assert SERVICES[f"{__name__}._close_a_day"].act is Act.EDIT_CALENDAR
    assert SERVICES[f"{__name__}._read_witnesses"].act is None
    assert _read_witnesses(3, account=_account(Role.MEMBER)) == 3
